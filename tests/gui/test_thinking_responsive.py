"""The window keeps turning while a Hard computer seat thinks: the real bot factory, the real
worker thread, the Hard level (`search_hard`) with its budget shortened for the test only.

A QTimer counts its ticks while the search thinks: the event loop must turn all the while (no long
gap), the status bar must say the computer is thinking, and Skip or a new game must work meanwhile.
"""
from __future__ import annotations

import time

import pytest

import engine.bots.search as search
from gui.controller.types import NewGameConfig
from gui.main_window import MainWindow

THINK_MS = 1200    # the Hard level's budget in these tests (2 s in play)
TICK_MS = 10
HARD_FIRST = NewGameConfig("toy", 2, "versus", ("bot:search_hard", "human"), {"challenges": False}, 3)


@pytest.fixture(autouse=True)
def shorter_hard_level(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(search, "HARD_MS", THINK_MS)


class Ticks:
    """When each tick of a fast QTimer came."""

    def __init__(self, qtbot) -> None:
        from PySide6.QtCore import QTimer
        self.times: list[float] = []
        self.timer = QTimer()
        self.timer.setInterval(TICK_MS)
        self.timer.timeout.connect(lambda: self.times.append(time.perf_counter()))

    def longest_gap(self) -> float:
        return max((b - a for a, b in zip(self.times, self.times[1:])), default=float("inf"))


def test_the_event_loop_keeps_turning_during_a_hard_decision(window: MainWindow, qtbot, error_dialogs) -> None:
    session = window.session
    ticks = Ticks(qtbot)
    moved: list[float] = []
    session.bot_moved.connect(lambda *args: moved.append(time.perf_counter()))
    ticks.timer.start()
    with qtbot.waitSignal(session.bot_thinking_started, timeout=5000):
        session.new_game(HARD_FIRST)
    began = time.perf_counter()
    assert session.bots_thinking()
    assert "(computer) is thinking" in window.turn_label.text()
    qtbot.waitUntil(lambda: bool(moved), timeout=THINK_MS * 10)
    ticks.timer.stop()
    thought = moved[0] - began
    during = [t for t in ticks.times if began <= t <= moved[0]]
    assert thought >= THINK_MS / 1000 * 0.9, "the Hard search used its budget"
    assert len(during) >= thought / (TICK_MS / 1000) * 0.2, (len(during), thought)
    gaps = [b - a for a, b in zip(during, during[1:])]
    assert gaps and max(gaps) < 0.5, f"the event loop stood still for {max(gaps):.3f} s"
    assert session.deciders() == (1,) and not session.bots_thinking() and not error_dialogs
    assert "to decide" in window.turn_label.text()


def test_skip_works_while_the_computer_thinks(window: MainWindow, qtbot, error_dialogs) -> None:
    session = window.session
    with qtbot.waitSignal(session.bot_thinking_started, timeout=5000):
        session.new_game(HARD_FIRST)
    qtbot.wait(100)
    assert session.bots_thinking()
    window.action_collection.skip_bots.trigger()       # pressed mid-thought: nothing breaks
    with qtbot.waitSignal(session.bot_moved, timeout=THINK_MS * 10):
        pass
    assert session.deciders() == (1,) and len(session._match.commands) == 1 and not error_dialogs


def test_a_new_game_while_the_computer_thinks_drops_its_late_answer(window: MainWindow, qtbot,
                                                                    error_dialogs) -> None:
    session = window.session
    with qtbot.waitSignal(session.bot_thinking_started, timeout=5000):
        session.new_game(HARD_FIRST)
    qtbot.wait(100)
    assert session.bots_thinking()
    moved: list[tuple] = []
    session.bot_moved.connect(lambda *args: moved.append(args))
    people = NewGameConfig("toy", 2, "versus", ("human", "human"), {"challenges": False}, 9)
    session.new_game(people)                            # while the Hard seat still thinks
    assert not session.bots_thinking()
    qtbot.wait(int(THINK_MS * 1.5))                     # its answer comes back, for the old game
    assert moved == [] and session._match.config.seed == 9 and len(session._match.commands) == 0
    assert session.deciders() == (0,) and not error_dialogs
    session.apply(session._viewer_legal()[0])           # the new game plays on
    assert len(session._match.commands) == 1
