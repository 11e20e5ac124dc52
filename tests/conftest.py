"""Shared test set-up: headless Qt, and the toy game registered for the conformance suite."""
from __future__ import annotations

import os

# Before anything imports Qt: keep plain `pytest` headless (a real window needs xvfb-run).
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("TABLEKEEPER_GAMES", "tests.toygame")

import re
from pathlib import Path

import pytest

import engine.core.commands
from tests.online.synapse_fixture import homeserver  # noqa: F401  (one throw-away Synapse per session)

# Every command the engine's listers build unchecked (`Command.trusted`) is checked after all, in
# every test: a lister's word or option order the checked constructor would not make fails there.
engine.core.commands.AUDIT_TRUSTED = True

RULES = Path(__file__).resolve().parents[1].parent / "shared" / "rules"
RULE_ID = re.compile(r"\b(?:VIN|VVH|NEM|DRG)-[A-Z]+-\d+\b")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--soak-games", type=int, default=None,
                     help="bot games per registered game in soak tests (default: a small CI sample)")
    parser.addoption("--full-matrix", action="store_true",
                     help="run the conformance suite on every game x table x option variant "
                          "(by default it runs on a sample that holds each of them at least once)")
    parser.addoption("--matrix-full", action="store_true",
                     help="play whole games over the throw-away Synapse (marker matrix; by default a short "
                          "sample of each game and the failure tests)")


@pytest.fixture
def soak_games(request: pytest.FixtureRequest) -> int:
    return request.config.getoption("--soak-games") or 3


@pytest.fixture
def soak_only_games(request: pytest.FixtureRequest) -> int:
    """Games for checks too slow for CI's sample: none unless --soak-games N asks for them."""
    games = request.config.getoption("--soak-games") or 0
    if not games:
        pytest.skip("runs with --soak-games N")
    return games


def defined_rule_ids() -> set[str]:
    return {m.group(0) for spec in RULES.glob("*.md") for m in RULE_ID.finditer(spec.read_text("utf-8"))}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """A rule marker must name rules the specifications define: a typo would fake coverage.
    Configurations marked ``full_matrix`` run only with --full-matrix (or ``-m full_matrix``)."""
    _deselect_the_full_matrix(config, items)
    marked = {(item.nodeid, rule) for item in items for mark in item.iter_markers("rule") for rule in mark.args}
    if not marked or not RULES.is_dir():
        return
    known = defined_rule_ids()
    unknown = sorted(f"{node}: {rule}" for node, rule in marked if rule not in known)
    if unknown:
        raise pytest.UsageError("rule markers name IDs no specification defines:\n  " + "\n  ".join(unknown))


def _deselect_the_full_matrix(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--full-matrix") or "full_matrix" in (config.getoption("markexpr") or ""):
        return
    rest = [item for item in items if item.get_closest_marker("full_matrix") is None]
    if len(rest) < len(items):
        config.hook.pytest_deselected(items=[item for item in items if item.get_closest_marker("full_matrix")])
        items[:] = rest
