"""``python -m engine``: the headless command line (see `engine.cli`)."""
from engine.cli import main

raise SystemExit(main())
