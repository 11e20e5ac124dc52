"""The whole smoke check of the double-click app: build it from a clean stage of this checkout in
its own venv, then run packaging/smoke.py's checks. Takes minutes: runs only with `-m bundle`.

    python -m pytest -m bundle tests/packaging
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.bundle


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, subprocess.CompletedProcess]:
    out = tmp_path_factory.mktemp("bundle")
    result = subprocess.run([sys.executable, str(ROOT / "packaging" / "smoke.py"), "--out", str(out)],
                            capture_output=True, text=True, timeout=1800)
    (out / "smoke-output.txt").write_text(result.stdout + result.stderr, encoding="utf-8")
    return out, result


def test_the_bundle_builds_runs_and_passes_every_smoke_check(built) -> None:
    out, result = built
    checks = [line for line in result.stdout.splitlines() if line.startswith("check: ")]
    failed = [line for line in checks if " FAILED" in line]
    assert result.returncode == 0 and not failed, "\n".join(failed) or result.stderr[-2000:]
    assert len(checks) >= 10, checks
    assert "smoke check: all passed" in result.stdout
    assert (out / "smoke" / "xvfb.png").stat().st_size > 10_000
