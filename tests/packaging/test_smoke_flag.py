"""`tablekeeper --smoke`: the self-check the bundle runs, tried here from the source tree."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_app(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_CONFIG_HOME": str(tmp_path / "config"),
           "XDG_DATA_HOME": str(tmp_path / "data")}
    env.pop("TABLEKEEPER_GAMES", None)  # the real games only, as a player has them
    return subprocess.run([sys.executable, "-m", "gui", *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=180)


def test_smoke_plays_against_the_computer_saves_and_exits_0(tmp_path: Path) -> None:
    from engine.core import load_match
    save = tmp_path / "smoke.tksave"
    result = run_app(tmp_path, "--smoke", str(save), "--smoke-moves", "6")
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    assert lines[-1] == "smoke: ok"
    assert any(line.startswith("smoke: you: ") for line in lines)
    assert any(line.startswith("smoke: computer: ") for line in lines)
    assert any(line.startswith("smoke: plot drawn with pyqtgraph") for line in lines)
    match = load_match(save)
    assert match.game.board_layout(match.config).get("spaces") and len(match.commands) >= 6  # a drawn board
    assert not (tmp_path / "data").exists() and not (tmp_path / "config").exists()  # a throw-away folder only


def test_smoke_without_a_save_path_fails(tmp_path: Path) -> None:
    result = run_app(tmp_path, "--smoke-language", "zh_TW")
    assert result.returncode == 2 and "--smoke needs the path" in result.stdout


def test_smoke_start_reports_the_first_window_and_quits(tmp_path: Path) -> None:
    result = run_app(tmp_path, "--smoke-start")
    assert result.returncode == 0, result.stderr
    assert "smoke: first window shown" in result.stdout
