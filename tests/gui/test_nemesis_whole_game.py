"""Whole seeded Nemesis: Lockdown games played through the real GUI (tests/gui/nemesis_driver.py)."""
from __future__ import annotations

import pytest

from gui.main_window import MainWindow
from gui.widgets.end_game import EndGameDialog
from tests.gui.nemesis_driver import NemesisDriver, start_from_dialog


def finish(window: MainWindow, qtbot, driver: NemesisDriver) -> None:  # noqa: ANN001
    qtbot.waitUntil(lambda: isinstance(window.end_dialog, EndGameDialog) and window.end_dialog.isVisible(),
                    timeout=10_000)


@pytest.mark.parametrize("mode,seats,seed", [
    ("solo", ("human",), 1), ("solo", ("human",), 2), ("solo", ("human",), 3),
    ("standard", ("human", "human", "bot:heuristic"), 1), ("standard", ("human", "human", "bot:heuristic"), 2),
    ("coop", ("human", "human"), 1), ("coop", ("human", "human"), 2), ("coop", ("human", "human"), 3),
])
def test_a_whole_game_by_gestures(window: MainWindow, qtbot, monkeypatch, error_dialogs, mode, seats, seed) -> None:
    start_from_dialog(window, qtbot, mode=mode, seats=seats, seed=seed)
    driver = NemesisDriver(window, qtbot, monkeypatch, seed=seed)
    driver.play()
    finish(window, qtbot, driver)
    import time
    print("\nRESULT", mode, seed, driver.tally)
    assert not error_dialogs, error_dialogs
