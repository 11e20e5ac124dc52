"""The search's advice in the window: Game ▸ Hint lights the suggested command as legal commands
are lit, and View ▸ Win Chances draws each seat's estimated chance to win, live and on the end
screen — both worked out on worker threads, and neither able to see a secret.

The hint is thought from the deciding seat's view only: two states that differ only in another
seat's secrets give the same hint (same seed). The win chances are estimated from the onlooker's
view: the same when every seat's hidden information is dealt again.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from engine.core import Rng, plain
from gui.controller.advice import chances_of, suggestion
from gui.controller.types import NewGameConfig
from gui.main_window import MainWindow

SEED = 5
SHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots"


def start(window: MainWindow, qtbot, seats=("human", "bot:heuristic"), seed: int = SEED) -> None:
    advice = window.session._advice
    advice.hint_ms, advice.hint_iterations = None, 24       # reproducible and quick
    advice.chance_ms, advice.chance_iterations = None, 6
    advice.pause_ms = 50
    with qtbot.waitSignal(window.session.game_started):
        window.session.new_game(NewGameConfig("vindication", 2, "standard", tuple(seats), {}, seed))


def human_decides(window: MainWindow) -> bool:
    session = window.session
    return session.is_over() or (0 in session.deciders() and session.can_hint())


def ask_hint(window: MainWindow, qtbot, by_key: bool = False) -> tuple[str, str, list]:
    got: list[tuple[str, str, list]] = []
    window.session.hint_ready.connect(lambda *args: got.append(args))
    with qtbot.waitSignal(window.session.hint_ready, timeout=30_000):
        if by_key:
            qtbot.keyClick(window, Qt.Key.Key_H)
        else:
            window.action_collection.hint.trigger()
    return got[-1]


def lit_on_board(window: MainWindow) -> set[str]:
    view = window.board_view
    return {s for s in view.space_ids() if view.item_for_space(s).active} | set(view.lit_pieces)


def to_a_hint_on_the_board(window: MainWindow, qtbot) -> tuple[str, str, list]:
    """Play the hints until one names something on the board (the first decisions are answers)."""
    session = window.session
    for _ in range(40):
        qtbot.waitUntil(lambda: human_decides(window), timeout=30_000)
        command, label, touched = ask_hint(window, qtbot)
        if set(touched) & set(window.board_view.space_ids()):
            return command, label, touched
        button = window.hint_button(command)
        if button is not None:                 # a button's command: the focus goes to its button
            assert button.property("command") and window.focusWidget() is button
        session.apply(command)
    pytest.fail("no hint named a space of the board")


def test_a_hint_is_a_legal_command_of_the_seat_lit_on_the_board(window: MainWindow, qtbot, error_dialogs) -> None:
    start(window, qtbot)
    session = window.session
    qtbot.waitUntil(lambda: human_decides(window), timeout=30_000)
    assert window.action_collection.hint.isEnabled()
    assert window.action_collection.hint.shortcut().toString() == "H"
    command, label, _ = ask_hint(window, qtbot, by_key=True)   # the shortcut works
    assert command in [str(c) for c in session._viewer_legal()]
    command, label, touched = to_a_hint_on_the_board(window, qtbot)
    legal = [str(c) for c in session._viewer_legal()]
    assert command in legal and all(c.startswith("0:") for c in legal)
    assert window.hinted == command
    on_board = set(touched) & set(window.board_view.space_ids())
    lit = lit_on_board(window)
    assert on_board and on_board <= lit, (touched, lit)
    assert lit < set(window.session.touchable()) | set(touched), "only the hint is lit, not every legal start"
    assert label in window.statusBar().currentMessage()
    window.resize(1280, 800)
    window.fit_board()
    SHOTS.mkdir(parents=True, exist_ok=True)
    assert window.grab().save(str(SHOTS / "hint.png"))
    session.apply(command)                                    # the hint is played like any command
    qtbot.waitUntil(lambda: window.hinted is None)
    assert not error_dialogs


def test_no_hint_without_a_game_or_while_the_computer_decides(window: MainWindow, qtbot) -> None:
    assert not window.action_collection.hint.isEnabled() and not window.ask_hint()   # no game
    assert "your turn" in window.statusBar().currentMessage()
    window.session.new_game(NewGameConfig("toy", 2, "versus", ("bot:random", "human"), {"challenges": False}, 3))
    assert window.session.deciders() == (0,)          # the computer's decision: nothing to hint
    assert not window.session.can_hint() and not window.action_collection.hint.isEnabled()
    assert not window.ask_hint() and not window.session.is_hinting()
    qtbot.waitUntil(lambda: window.session.deciders() == (1,), timeout=10_000)
    assert window.session.can_hint() and window.action_collection.hint.isEnabled()


def twin_for(state, seat: int | None, deal_seed: int):
    """The same position with what ``seat`` (None: every seat) cannot see dealt again, and
    another generator for the dice and draws to come."""
    other = state.copy()
    dealt = state.game.resample_hidden(plain.thaw(plain.freeze(state.data)), seat, Rng(deal_seed))
    other.data.clear()
    other.data.update(dealt)
    other.rng = Rng(deal_seed + 1)
    return other


def test_the_hint_never_depends_on_what_the_seat_cannot_see(window: MainWindow, qtbot) -> None:
    """Through the worker: the hint for the position, then for the same position with the other
    seat's secrets (quests, deck orders, the bag) dealt again — the same hint, same seed."""
    start(window, qtbot)
    session = window.session
    to_a_hint_on_the_board(window, qtbot)
    qtbot.waitUntil(lambda: human_decides(window), timeout=30_000)
    match = session._match
    first = ask_hint(window, qtbot)[0]
    state = match.state
    twin = twin_for(state, 0, 99)
    assert twin.view(0) == state.view(0) and plain.digest(twin.data) != plain.digest(state.data)
    state.data.clear()                       # the match now holds the twin: only seat 1's secrets differ
    state.data.update(twin.data)
    state.rng = twin.rng
    second = ask_hint(window, qtbot)[0]
    assert first == second
    # and the function the worker runs, with more thinking, on the two states side by side
    found = {str(suggestion(s, 0, SEED, 7, think_ms=None, iterations=60)) for s in (state, twin_for(state, 0, 3))}
    assert len(found) == 1


def test_win_chances_follow_the_game_live_in_the_dock(window: MainWindow, qtbot) -> None:
    start(window, qtbot)
    session = window.session
    window.action_collection.show_win_chances.setChecked(True)
    dock = window.win_chance_dock
    assert dock.isVisible()
    advice = session._advice
    for _ in range(8):            # a person who ponders each move: each position gets its point
        qtbot.waitUntil(lambda: human_decides(window) and len(session._match.commands) in advice.points(),
                        timeout=30_000)
        session.apply(session._viewer_legal()[0])
    qtbot.waitUntil(lambda: len(session._match.commands) in advice.points(), timeout=30_000)
    data = session.win_chances()
    assert len(data["x"]) >= 3 and list(data["series"]) == [session.seat_name(0), session.seat_name(1)]
    assert data["x"] == sorted(data["x"]) and data["x"][-1] == len(session._match.commands)
    assert all(0.0 <= v <= 100.0 for values in data["series"].values() for v in values)
    assert dock.plot is not None and dock.plot.isVisible()
    lines = dock.plot.getPlotItem().listDataItems()
    assert len(lines) == 2 and [len(line.xData) for line in lines] == [len(data["x"])] * 2
    window.resize(1280, 800)
    SHOTS.mkdir(parents=True, exist_ok=True)
    assert dock.grab().save(str(SHOTS / "win_chances_dock.png"))
    assert window.grab().save(str(SHOTS / "win_chances_window.png"))
    played = len(session._match.commands)
    session.undo()                            # undo forgets the points after the position now
    back = len(session._match.commands)
    assert back < played and max(session._advice.points()) <= back
    window.action_collection.show_win_chances.setChecked(False)
    assert not dock.isVisible()


def test_a_fast_stream_of_moves_waits_and_only_the_newest_position_is_estimated(window: MainWindow,
                                                                               qtbot) -> None:
    start(window, qtbot, seats=("human", "human"))
    session = window.session
    advice = session._advice
    advice.pause_ms = 150
    qtbot.waitUntil(lambda: 0 in advice.points(), timeout=30_000)
    for _ in range(10):           # faster than the pause: no estimate starts meanwhile
        session.apply(session._viewer_legal()[-1])
        assert not advice.is_estimating()
    played = len(session._match.commands)
    qtbot.waitUntil(lambda: played in advice.points(), timeout=30_000)
    assert sorted(advice.points()) == [0, played]


def test_the_estimates_are_the_same_when_the_seats_secrets_are_dealt_again(window: MainWindow, qtbot) -> None:
    """Through the worker: a position's estimate, then the same position with every seat's
    hidden information dealt again — the same chances."""
    start(window, qtbot, seats=("human", "human"))
    session = window.session
    for _ in range(14):                     # into the game: quests dealt, cards drawn, tiles out
        session.apply(session._viewer_legal()[-1])
    advice, match = session._advice, session._match
    played = len(match.commands)
    qtbot.waitUntil(lambda: played in advice.points(), timeout=30_000)
    first = advice.points()[played]
    state = match.state
    for deal in (21, 22):
        twin = twin_for(state, None, deal)
        assert twin.view(None) == state.view(None) and plain.digest(twin.data) != plain.digest(state.data)
        state.data.clear()
        state.data.update(twin.data)
        state.rng = twin.rng
        advice._points.pop(played)
        with qtbot.waitSignal(session.chances_changed, timeout=30_000):
            advice.estimate()
        assert advice.points()[played] == first
    assert chances_of(state, SEED, played, think_ms=None, iterations=10) == \
        chances_of(twin_for(state, None, 5), SEED, played, think_ms=None, iterations=10)
