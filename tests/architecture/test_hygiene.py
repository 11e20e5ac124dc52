"""Lint and types stay clean: ruff (the rule set in pyproject.toml) over the tree and mypy over the
files pyproject.toml names — what the README's test command runs before the tests, here too so that
a plain `pytest` run catches it."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=300)


def test_ruff_finds_nothing() -> None:
    result = _run("ruff", "check", "--no-cache", "--output-format", "concise", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_finds_nothing() -> None:
    result = _run("mypy")
    assert result.returncode == 0, result.stdout + result.stderr
