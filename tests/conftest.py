"""Shared test set-up: headless Qt, and the toy game registered for the conformance suite."""
from __future__ import annotations

import os

# Before anything imports Qt: keep plain `pytest` headless (a real window needs xvfb-run).
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("TABLEKEEPER_GAMES", "tests.toygame")

import pytest  # noqa: E402


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--soak-games", type=int, default=None,
                     help="bot games per registered game in soak tests (default: a small CI sample)")


@pytest.fixture
def soak_games(request: pytest.FixtureRequest) -> int:
    return request.config.getoption("--soak-games") or 3
