"""Dragonbond's AI characters act inside the command that hands them the turn (DRG-AI-1): their
placements after a human's, the cards they reveal and every icon they carry out. Their rules emit
through the rule context, so the session shows such a command one step per computer pause, the
table as it was after each step, like the Event Phase of Nemesis; Skip (Ctrl+K, as for computer
seats) shows the rest at once."""
from __future__ import annotations

import json

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from engine.bots import bot_rng, make_bot
from engine.core import plain
from gui.controller.session import GameSession
from gui.controller.types import NewGameConfig
from gui.main_window import MainWindow

PAUSE_MS = 5


def one_human(seed: int = 3) -> NewGameConfig:
    return NewGameConfig("dragonbond", 1, "humans1", ("human",), {"characters": "in_order"}, seed)


def shown(session: GameSession) -> str:
    """What the table shows now: the drawn table and the table in words, and the position behind them."""
    position = session._steps.position
    return json.dumps([session.table(), session.table_text(),
                       None if position is None else plain.thaw(position)["stack"]], sort_keys=True)


def steps_of(session: GameSession, command) -> int:
    events = session._match.state.copy().apply(command)
    return sum(event.visible_to(session.viewer) for event in events)


def choose(session: GameSession, rng) -> object:
    state = session._match.state
    seat = session.viewer
    return make_bot("heuristic", state.game).choose(state.view(seat), state.legal(seat), rng)


def until(session: GameSession, rng, wanted):
    """Play without pauses until the next command is ``wanted``; give it unplayed."""
    delay = session.bot_delay
    session.set_bot_delay(0)
    for _ in range(300):
        command = choose(session, rng)
        if wanted(command):
            break
        session.apply(command)
    session.set_bot_delay(delay)
    assert wanted(command)
    return command


def test_the_ai_placements_after_a_humans_unfold_one_by_one(window: MainWindow, qtbot, error_dialogs) -> None:
    assert window.start_game(one_human())
    session = window.session
    rng = bot_rng(3, 0)
    command = choose(session, rng)
    assert command.verb == "place" and steps_of(session, command) >= 4     # then the three AIs place
    session.set_bot_delay(PAUSE_MS)
    before = len(window.log_dock.line_texts())
    tables: list[str] = []
    session.step_shown.connect(lambda entries: tables.append(shown(session)))
    session.apply(command)
    assert session.is_showing_steps() and session.pending_answers() == [] and session.turn_actions() == []
    assert len(window.log_dock.line_texts()) == before + 1               # the human's own placement only
    first = shown(session)
    qtbot.waitUntil(lambda: not session.is_showing_steps(), timeout=20_000)
    assert len(tables) >= 3
    assert len({first, *tables}) >= 3, "the stack did not grow with the AI placements"
    assert window.log_dock.line_texts() == [entry.text for entry in session.log_entries()]
    assert any("places a card face down" in line for line in window.log_dock.line_texts()[before + 1:])
    assert session.turn_actions() or session.pending_answers()
    assert not error_dialogs, error_dialogs


def test_an_ai_cards_icons_unfold_step_by_step_and_skip_shows_the_rest(window: MainWindow, qtbot,
                                                                       error_dialogs) -> None:
    assert window.start_game(one_human())
    session = window.session
    rng = bot_rng(3, 0)
    command = until(session, rng, lambda c: c.verb == "answer" and steps_of(session, c) >= 8)
    session.set_bot_delay(60_000)                                        # a pause nobody waits for
    before = len(window.log_dock.line_texts())
    session.apply(command)
    assert session.is_showing_steps()
    assert len(window.log_dock.line_texts()) == before + 1
    assert window.turn_label.text().startswith("Showing what happened, step by step")
    QTest.keyClick(window, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier)   # Skip, as for computer seats
    assert not session.is_showing_steps()
    assert len(window.log_dock.line_texts()) >= before + 8
    assert window.log_dock.line_texts() == [entry.text for entry in session.log_entries()]
    assert session.turn_actions() or session.pending_answers() or session.is_over()
    assert not error_dialogs, error_dialogs
