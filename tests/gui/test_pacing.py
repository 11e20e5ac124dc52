"""A command with several steps — a phase the rules play, an attack, a computer's turn — unfolds one
step per computer pause: its log lines one by one, the board as it was after each (the positions
the engine recorded), nothing to play meanwhile; Skip or a touch shows the rest at once. The
window stays responsive: the steps come from a timer, never a sleep."""
from __future__ import annotations

import json

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from engine.bots import bot_rng, make_bot
from gui.controller.session import GameSession
from gui.controller.types import NewGameConfig
from gui.main_window import MainWindow

PAUSE_MS = 5


def coop(seed: int = 1) -> NewGameConfig:
    return NewGameConfig("nemesis", 2, "coop", ("human", "human"), {}, seed)


class Players:
    """The heuristic bot chooses for whichever person decides; hand-overs are confirmed."""

    def __init__(self, window: MainWindow, seed: int = 1) -> None:
        self.window, self.session = window, window.session
        match = self.session._match
        self.bot = make_bot("heuristic", match.game)
        self.rngs = {seat: bot_rng(seed, seat) for seat in range(match.config.players)}

    def command(self):
        if self.window.central_stack.currentWidget() is self.window.handover_screen:
            self.window.handover_screen.ready_button.click()
        state = self.session._match.state
        seat = self.session.viewer
        return self.bot.choose(state.view(seat), state.legal(seat), self.rngs[seat])

    def until(self, wanted):
        """Play (without pauses) until the next command is ``wanted``, and give it (unplayed)."""
        delay = self.session.bot_delay
        self.session.set_bot_delay(0)
        for _ in range(200):
            command = self.command()
            if wanted(command):
                break
            self.session.apply(command)
        self.session.set_bot_delay(delay)
        assert wanted(command)
        return command


def marks(session: GameSession) -> str:
    return json.dumps(session.board_marks(), sort_keys=True)


def steps_of(session: GameSession, command) -> int:
    """How many log lines ``command`` would give the viewer (played on a copy)."""
    events = session._match.state.copy().apply(command)
    return sum(event.visible_to(session.viewer) for event in events)


def test_the_steps_of_a_phase_show_one_by_one_with_the_board_as_it_was(window: MainWindow, qtbot,
                                                                        error_dialogs) -> None:
    assert window.start_game(coop())
    session = window.session
    players = Players(window)
    command = players.until(lambda command: steps_of(session, command) >= 8)   # the Event Phase, say
    session.set_bot_delay(PAUSE_MS)
    before = len(window.log_dock.line_texts())
    shown: list[tuple[int, str, bool]] = []
    session.step_shown.connect(lambda entries: shown.append(
        (len(entries), marks(session), window.central_stack.currentWidget() is window.board_view)))
    session.apply(command)

    assert session.is_showing_steps()
    assert len(window.log_dock.line_texts()) == before + 1          # the first step only
    assert session.touchable() == set() and session.turn_actions() == [] and session.pending_answers() == []
    assert window.turn_label.text().startswith("Showing what happened, step by step (Ctrl+K")
    first = marks(session)
    qtbot.waitUntil(lambda: not session.is_showing_steps(), timeout=20_000)

    assert len(shown) > 3 and all(count == 1 for count, _, _ in shown[:-1]) and shown[-1][0] == 0
    assert all(on_board for _, _, on_board in shown[:-1]), "a hand-over came before the steps were over"
    positions = [first] + [position for _, position, _ in shown]
    assert len(set(positions)) > 2, "the board did not move with the steps"
    if window.central_stack.currentWidget() is window.handover_screen:
        window.handover_screen.ready_button.click()
    assert marks(session) == positions[-1]
    assert window.log_dock.line_texts() == [entry.text for entry in session.log_entries()]
    assert session.touchable() or session.pending_answers()
    assert not error_dialogs, error_dialogs


def test_skip_and_a_touch_show_the_rest_at_once(window: MainWindow, qtbot, error_dialogs) -> None:
    assert window.start_game(coop())
    session = window.session
    players = Players(window)
    command = players.until(lambda command: steps_of(session, command) >= 3)
    session.set_bot_delay(60_000)                                   # a pause nobody waits for
    session.apply(command)
    assert session.is_showing_steps()
    window.action_collection.skip_bots.trigger()                    # Skip (Ctrl+K)
    assert not session.is_showing_steps()
    if window.central_stack.currentWidget() is window.handover_screen:
        window.handover_screen.ready_button.click()
    assert window.log_dock.line_texts() == [entry.text for entry in session.log_entries()]

    command = players.until(lambda command: steps_of(session, command) >= 2)
    played = len(session._match.history)
    session.apply(command)
    assert session.is_showing_steps()
    view = window.board_view
    at = view.mapFromScene(view.item_for_space("R001").sceneBoundingRect().center())
    QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=at)
    assert not session.is_showing_steps()
    assert len(session._match.history) == played + 1                # the touch played nothing
    assert not error_dialogs, error_dialogs


def test_a_computer_seat_waits_until_the_last_command_has_been_seen(window: MainWindow, qtbot,
                                                                      error_dialogs) -> None:
    config = NewGameConfig("nemesis", 2, "standard", ("human", "bot:heuristic"), {}, 2)
    session = window.session
    session.set_bot_delay(PAUSE_MS)
    thinking_while_showing: list[bool] = []
    steps_after_a_bot: list[int] = []
    session.bot_thinking_started.connect(
        lambda seat: thinking_while_showing.append(session.is_showing_steps()))
    session.bot_moved.connect(lambda seat, words, spaces: steps_after_a_bot.append(0))
    session.step_shown.connect(lambda entries: steps_after_a_bot and steps_after_a_bot.append(
        steps_after_a_bot.pop() + 1))
    assert window.start_game(config)
    players = Players(window, 2)
    for _ in range(40):
        qtbot.waitUntil(lambda: session.is_over() or (
            not session.is_showing_steps() and session.viewer in session.deciders()), timeout=20_000)
        if session.is_over() or len(steps_after_a_bot) > 3:
            break
        session.apply(players.command())
    assert thinking_while_showing and not any(thinking_while_showing)
    assert any(count > 1 for count in steps_after_a_bot), "no computer turn unfolded step by step"
    assert not error_dialogs, error_dialogs


def test_undo_while_a_command_unfolds_takes_it_back_without_showing_the_rest(window: MainWindow, qtbot,
                                                                             error_dialogs) -> None:
    config = NewGameConfig("vindication", 1, "solo", ("human",), {}, 1)
    assert window.start_game(config)
    session = window.session
    for command in ("0: answer CH1", "0: answer draw2", "0: answer Q03"):
        session.apply(command)
    before, lines = session.digest(), window.log_dock.line_texts()
    session.set_bot_delay(60_000)
    session.apply("0: visit R12 control_first=1")                  # a visit, then control: two steps
    assert session.is_showing_steps() and session.can_undo()
    window.action_collection.undo.trigger()
    assert not session.is_showing_steps() and session.digest() == before
    assert window.log_dock.line_texts() == lines
    assert window.central_stack.currentWidget() is window.board_view and session.touchable()
    assert not error_dialogs, error_dialogs
