"""`tablekeeper --smoke-online`: the bundle's offline check of online play (packaging/online_smoke.py),
tried here from the source tree through the bundle's entry script; and the build's online parts."""
from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGING = ROOT / "packaging"


def test_the_entry_script_runs_the_online_check_offline(tmp_path: Path) -> None:
    pytest.importorskip("nio", reason="the online extra is not installed")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}  # the bundle has engine/ inside; here the checkout
    result = subprocess.run([sys.executable, str(PACKAGING / "entry.py"), "--smoke-online", str(tmp_path / "store")],
                            cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    lines = result.stdout.splitlines()
    assert result.returncode == 0 and lines[-1] == "online: ok", result.stdout + result.stderr
    assert any(line.startswith("online: Olm account created for SMOKETEST: curve25519 ") for line in lines)
    assert "online: the account reloads from the store with the same keys" in lines
    assert "online: Olm session: encrypted and decrypted a message between two accounts" in lines
    assert any(line.startswith("online: TLS certificates from ") for line in lines)
    assert any((tmp_path / "store").iterdir())  # the device store (SQLite) went where it was told
    assert not any(line.startswith("smoke:") for line in lines)  # the app itself did not start


def test_the_online_check_reports_a_failure_as_a_line_and_exit_1(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    blocker = tmp_path / "store"
    blocker.write_text("a file where the store folder should go", encoding="utf-8")
    result = subprocess.run([sys.executable, str(PACKAGING / "online_smoke.py"), str(blocker)], cwd=tmp_path,
                            env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 1 and result.stdout.splitlines()[-1].startswith("online: FAILED: ")


def test_the_build_installs_the_online_extra_and_the_spec_refuses_a_build_without_it() -> None:
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    assert any(d.startswith("matrix-nio[e2e]") for d in extras["online"])
    assert '[bundle,online]' in (PACKAGING / "build.py").read_text(encoding="utf-8")
    spec = (PACKAGING / "tablekeeper.spec").read_text(encoding="utf-8")
    assert '"engine.online.matrix"' in spec and '("nio", "vodozemac")' in spec
    smoke = (PACKAGING / "smoke.py").read_text(encoding="utf-8")
    assert '"--smoke-online"' in smoke and "check_online(app, work)" in smoke
