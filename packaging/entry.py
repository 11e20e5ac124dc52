"""The bundle's entry point: what the double-clicked `tablekeeper` runs (same as `python -m gui`).

`tablekeeper --smoke-online [DIR]` runs packaging/online_smoke.py instead: the offline check that the
bundle carries online play (packaging/smoke.py runs it).
"""
import sys

if sys.argv[1:2] == ["--smoke-online"]:
    import online_smoke  # beside this file; PyInstaller bundles it with the entry script

    sys.exit(online_smoke.main(sys.argv[2:]))

from gui.app import main

sys.exit(main())
