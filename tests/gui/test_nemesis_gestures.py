"""Nemesis gestures on the real widgets that the generic table had to learn: two identical cards in
hand pay alike, an answer that names a card is touched (the Decision panel keeps only words), and a
decision with exactly one answer that reveals nothing is taken for the player."""
from __future__ import annotations

import copy
from pathlib import Path

from PySide6.QtCore import Qt

from engine.bots import bot_rng, make_bot
from engine.core import Command, Match, state_to_document
from gui.main_window import MainWindow
from tests.engine.nemesis.scenario import data, explore_all, place, started, turn_of
from tests.gui.test_nemesis_reachability import Position, open_position


def _two_searches() -> Match:
    """Seat 0's turn in an explored Facility, holding both of its Search cards and three others."""
    match = started(2, seed=5, characters=["sentry", "janitor"])
    explore_all(match)
    player = data(match)["players"][0]
    pool = sorted(player["hand"] + player["deck"] + player["discard"])
    others = [c for c in pool if not c.startswith(("search", "CONT"))][:3]
    place(match, 0, "R006", [others[0], "search.0", others[1], "search.1", others[2]])
    place(match, 1, "BPS")
    data(match)["milestones"]["first_encounter"] = True
    turn_of(match, 0)
    return match


def _position(match: Match, source: str = "set up") -> Position:
    document = copy.deepcopy(state_to_document(match.state))
    return Position(match.config, document, match.state.deciders()[0], source)


def test_either_of_two_identical_cards_pays_and_both_light(window: MainWindow, qtbot, tmp_path: Path,
                                                          error_dialogs) -> None:
    match = _two_searches()
    legal = [c for c in match.state.legal(0) if c.verb == "move" and str(c.get("pay")).startswith("('search")]
    assert legal, "a move paid with a Search card"
    command = legal[0]
    room = command.args[0]
    hand = data(match)["players"][0]["hand"]
    listed = command.get("pay")[0]
    other = "search.1" if listed == "search.0" else "search.0"
    open_position(window, tmp_path, _position(match))
    if window.central_stack.currentWidget() is window.handover_screen:
        window.handover_screen.ready_button.click()
    session = window.session
    session.touch(room)
    cards = window.hand_dock.cards.pieces
    listed_card, other_card = cards[f"c{hand.index(listed)}"], cards[f"c{hand.index(other)}"]
    window._show_touch_progress()
    assert listed_card.clickable and other_card.clickable          # both copies light up
    qtbot.mouseClick(other_card, Qt.MouseButton.LeftButton)        # the copy no command names
    assert [str(c) for c in session._match.commands] == [str(command)]
    assert not error_dialogs, error_dialogs


def _first_single_answer(kind: str, games: list[tuple[str, int, int]]) -> Match:
    """The first position of bot games where the deciding seat has one legal answer of ``kind``."""
    for mode, players, seed in games:
        match = Match.new("nemesis", players, mode=mode, seed=seed)
        bots = {s: make_bot("heuristic" if (s + seed) % 2 else "random", match.game) for s in range(players)}
        rngs = {s: bot_rng(seed, s) for s in range(players)}
        for _ in range(400):
            if match.state.is_terminal():
                break
            seat = match.state.deciders()[0]
            legal = match.state.legal(seat)
            if len(legal) == 1 and legal[0].verb == "answer" and match.state.prompt.kind == kind:
                return match
            match.apply(bots[seat].choose(match.state.view(seat), legal, rngs[seat]))
    raise AssertionError(f"no bot game reaches a single {kind} answer")


GAMES = [("standard", 3, seed) for seed in range(1, 9)]


def test_a_single_answer_that_reveals_nothing_is_taken_for_the_player(window: MainWindow, tmp_path: Path,
                                                                      error_dialogs) -> None:
    match = _first_single_answer("noise_exit", GAMES)       # one empty corridor for the noise
    (answer,) = match.state.legal(match.state.deciders()[0])
    open_position(window, tmp_path, _position(match))
    assert [str(c) for c in window.session._match.commands][:1] == [str(answer)]   # no click needed
    assert not error_dialogs, error_dialogs


def test_a_single_answer_that_shows_a_secret_waits_for_a_touch(window: MainWindow, qtbot, tmp_path: Path,
                                                               error_dialogs) -> None:
    match = _first_single_answer("search_keep", GAMES)      # the one item a Search drew: it is kept privately
    (answer,) = match.state.legal(match.state.deciders()[0])
    open_position(window, tmp_path, _position(match))
    if window.central_stack.currentWidget() is window.handover_screen:
        window.handover_screen.ready_button.click()
    session = window.session
    assert session._match.commands == []
    assert not window.choice_dock.buttons and window.choice_dock.touch_hint.isVisibleTo(window.choice_dock)
    card = window.table_dock.zones.pieces[str(answer.args[0])]     # the drawn card, on the table
    assert card.clickable
    qtbot.mouseClick(card, Qt.MouseButton.LeftButton)
    assert [str(c) for c in session._match.commands] == [str(answer)]
    assert not error_dialogs, error_dialogs


def _careful_move_with_one_exit() -> tuple[Match, Command]:
    """A position of a bot game and its careful move after which the noise has one corridor to go."""
    for mode, players, seed in GAMES:
        match = Match.new("nemesis", players, mode=mode, seed=seed)
        bots = {s: make_bot("heuristic" if (s + seed) % 2 else "random", match.game) for s in range(players)}
        rngs = {s: bot_rng(seed, s) for s in range(players)}
        for _ in range(400):
            if match.state.is_terminal():
                break
            seat = match.state.deciders()[0]
            chosen = bots[seat].choose(match.state.view(seat), match.state.legal(seat), rngs[seat])
            before = copy.deepcopy(state_to_document(match.state)) if chosen.verb == "careful_move" else None
            match.apply(chosen)
            after = match.state.legal(seat) if seat in match.state.deciders() else []
            if chosen.verb == "careful_move" and len(after) == 1 and match.state.prompt.kind == "noise_exit":
                return Position(match.config, before, seat, f"{mode} seed {seed}"), chosen
    raise AssertionError("no careful move with a single noise exit")


def test_an_answer_taken_for_the_player_is_undone_and_redone_with_the_move_before_it(
        window: MainWindow, qtbot, monkeypatch, tmp_path: Path, error_dialogs) -> None:
    from tests.gui.table_driver import TableDriver
    position, move = _careful_move_with_one_exit()
    open_position(window, tmp_path, position)
    driver = TableDriver(window, qtbot, monkeypatch, seed=1)
    driver.give(move)
    session = window.session
    history = [str(c) for c in session._match.commands]
    assert history[0] == str(move) and history[1].split(": ")[1].startswith("answer ")   # the exit, taken
    assert session.can_undo()
    session.undo()                                  # one Undo: back to the player's own decision
    assert session._match.commands == []
    assert str(move) in [str(c) for c in session._match.state.legal(move.seat)]
    session.redo()
    assert [str(c) for c in session._match.commands] == history
    assert not error_dialogs, error_dialogs
