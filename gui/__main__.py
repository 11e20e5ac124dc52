"""`python -m gui` starts the app."""
import sys

from gui.app import main

sys.exit(main())
