"""The bundle's entry point: what the double-clicked `tablekeeper` runs (same as `python -m gui`).

`tablekeeper --smoke-online [DIR]` runs packaging/online_smoke.py instead: the offline check that the
bundle carries online play (packaging/smoke.py runs it).
"""
import sys

import tls_certificates  # beside this file; PyInstaller bundles it with the entry script


def run() -> int:
    tls_certificates.use_system_certificates()  # before anything opens a TLS connection
    if sys.argv[1:2] == ["--smoke-online"]:
        import online_smoke  # beside this file too; imported only here, so the check starts no Qt

        return online_smoke.main(sys.argv[2:])
    from gui.app import main

    return main()


sys.exit(run())
