"""Listing the games costs nothing of their rules: the registry reads each game's light
description (``engine/<game>/info.py``) and imports the rules (``engine/<game>/game.py``) only when
a game is asked for. The New Game dialog opens on the descriptions alone."""
from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import engine.core
from engine.bots import bot_kinds
from engine.core import Config, game_info, game_infos, games, get_game
from engine.core.registry import BUILTIN_GAME_MODULES

ROOT = Path(__file__).resolve().parents[2]
LOADED = "import sys, json; print(json.dumps({'modules': sorted(sys.modules), 'out': out}))"
BUILTIN_IDS = sorted(module.rsplit(".", 1)[1] for module in BUILTIN_GAME_MODULES)


def run_fresh(code: str) -> dict:
    """Run ``code`` in a new interpreter with the real games only; returns what it set ``out`` to
    and the modules it had imported."""
    env = {k: v for k, v in os.environ.items() if k != "TABLEKEEPER_GAMES"}
    env["QT_QPA_PLATFORM"] = "offscreen"
    result = subprocess.run([sys.executable, "-c", textwrap.dedent(code) + LOADED], check=False, cwd=ROOT,
                            env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def heavy(modules: list[str]) -> list[str]:
    """Modules that only a game's rules (or the rules machinery) need."""
    light = {"engine", "engine.core", "engine.core.errors", "engine.core.info", "engine.core.language",
             "engine.core.registry",
             *BUILTIN_GAME_MODULES, *(f"{m}.info" for m in BUILTIN_GAME_MODULES)}
    return sorted(m for m in modules if (m.startswith("engine") and m not in light) or m == "yaml")


def test_listing_the_games_loads_only_their_descriptions() -> None:
    found = run_fresh("""
        from engine.core import game_infos
        out = [(info.id, list(info.bots)) for info in game_infos()]
    """)
    assert [game_id for game_id, _ in found["out"]] == BUILTIN_IDS
    assert all(bots for _, bots in found["out"])
    assert heavy(found["modules"]) == []


def test_a_game_loads_its_own_rules_only() -> None:
    found = run_fresh("""
        from engine.core import get_game
        out = get_game("vindication").info.id
    """)
    assert found["out"] == "vindication"
    assert "engine.vindication.game" in found["modules"]
    assert not [m for m in found["modules"]
                if m.startswith(("engine.nemesis.", "engine.dragonbond.")) and not m.endswith(".info")]


def test_opening_the_new_game_dialog_imports_no_rules() -> None:
    found = run_fresh("""
        import sys, tempfile
        from PySide6.QtCore import QSettings
        from PySide6.QtWidgets import QApplication
        from gui.app import configure_application
        from gui.controller.session import GameSession
        from gui.i18n import LanguageSwitcher
        from gui.main_window import MainWindow
        from gui.settings import Settings
        app = QApplication([])
        configure_application(app)
        settings = Settings(QSettings(tempfile.mktemp(suffix=".ini"), QSettings.Format.IniFormat))
        window = MainWindow(GameSession(), settings, LanguageSwitcher(app))
        window.show()
        dialog = window.create_new_game_dialog()
        dialog.show()
        app.processEvents()
        out = {"games": [dialog.game_list.item(i).text() for i in range(dialog.game_list.count())],
               "seats": list(dialog.seat_kinds()),
               "kinds": [dialog.findChild(type(dialog.mode_combo), "seat_combo_0").itemData(i)
                         for i in range(dialog.findChild(type(dialog.mode_combo), "seat_combo_0").count())]}
        dialog.close()
    """)
    assert len(found["out"]["games"]) == len(BUILTIN_IDS)
    assert found["out"]["kinds"] == ["human", "bot:heuristic", "bot:search", "bot:search_hard", "bot:random"]
    assert not [m for m in found["modules"] if ".rules" in m or m.endswith(".game")]
    assert heavy(found["modules"]) == []


# -- the descriptions and the loaded rules agree (every registered game, the toy one too) ---------
@pytest.mark.parametrize("game", games(), ids=lambda g: g.info.id)
def test_the_rules_use_the_description(game) -> None:
    assert game_info(game.info.id) is game.info
    package = type(game).__module__.rsplit(".", 1)[0]
    if package in BUILTIN_GAME_MODULES:  # one source of truth: the rules take info.py's INFO
        assert game.info is importlib.import_module(f"{package}.info").INFO


@pytest.mark.parametrize("game", games(), ids=lambda g: g.info.id)
def test_the_described_bots_are_the_registered_ones(game) -> None:
    assert set(game.info.bot_kinds()) == set(bot_kinds(game.info.id))


@pytest.mark.parametrize("game", games(), ids=lambda g: g.info.id)
def test_the_described_seat_names_are_the_games(game) -> None:
    info = game.info
    for mode in info.modes:
        for players in range(mode.min_players, mode.max_players + 1):
            config = Config.build(info, players, mode.id, 0)
            assert game.seat_names(config) == tuple(info.seat_name(i) for i in range(players))


def test_vindication_seats_are_named_by_the_colours_of_the_state() -> None:
    from engine.vindication.setup import SEAT_COLOURS
    info = game_info("vindication")
    assert [info.seat_name(i).en for i in range(4)] == [f"Player {i + 1} ({c})" for i, c in enumerate(SEAT_COLOURS)]


def test_every_description_is_listed_by_id() -> None:
    ids = [info.id for info in game_infos()]
    assert ids == sorted(ids) and set(BUILTIN_IDS) <= set(ids)
    assert ids == [game.info.id for game in games()]
    assert get_game(ids[0]).info is game_infos()[0]


def test_the_core_exports_resolve_lazily() -> None:
    assert set(engine.core.__all__) == set(engine.core._EXPORTS)
    for name in engine.core.__all__:
        assert getattr(engine.core, name) is not None
    with pytest.raises(AttributeError):
        engine.core.no_such_name  # noqa: B018
