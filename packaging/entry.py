"""The bundle's entry point: what the double-clicked `tablekeeper` runs (same as `python -m gui`)."""
import sys

from gui.app import main

sys.exit(main())
