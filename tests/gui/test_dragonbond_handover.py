"""Dragonbond in hot-seat play (DRG-HIDDEN-11): before a human's private view shows, the app shows
the neutral hand-over screen (no log, no boards, no choices) whenever someone else may have been
looking. Decisions that need none of the decider's secrets — an icon's move, an approach, a
counter-attack or a retreat, an AI's tie for its proxy, an oath reroll — are shown in the public
view with the decider's choices, and need no hand-over (`Game.needs_own_view`, handover.py)."""
from __future__ import annotations

import copy
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from engine.bots import bot_rng, make_bot
from engine.core import Match, Rng
from gui.controller.types import NewGameConfig
from gui.main_window import MainWindow

from .test_table_leaks import drawn_words, open_state


def two_humans(seed: int = 4) -> NewGameConfig:
    return NewGameConfig("dragonbond", 2, "humans2", ("human", "human"), {"characters": "in_order"}, seed)


def hidden_behind_handover(window: MainWindow) -> bool:
    return (window.central_stack.currentWidget() is window.handover_screen
            and window.log_dock.line_texts() == [] and not window.choice_dock.is_asking()
            and not window.log_dock.command_line.isEnabled())


@pytest.mark.rule("DRG-HIDDEN-11")
def test_a_change_of_deciding_human_shows_the_hand_over_screen_first(window: MainWindow, qtbot, error_dialogs):
    """The planning turns: each needs the decider's hand, so every change of human hands over."""
    assert window.start_game(two_humans())
    session = window.session
    first = session.deciders()[0]
    assert hidden_behind_handover(window)
    assert f"Player {first + 1}" in window.handover_screen.headline.text()
    window.handover_screen.ready_button.click()
    assert window.central_stack.currentWidget() is window.board_view     # Valerna, drawn
    assert window.turn_label.text() == f"Player {first + 1} to decide"
    assert session.shown_seat == first

    changes = 0
    for _ in range(12):                   # the two humans take turns placing cards
        decider = session.deciders()[0]
        buttons = window.choice_dock.buttons or [b for b in window.actions_dock.buttons if b.isEnabled()]
        cards = [p for p in window.hand_dock.cards.pieces.values() if p.clickable]
        assert buttons or cards, "the decider's screen offers nothing to click"
        if cards:                         # a card of the hand, then the command stack: placed
            qtbot.mouseClick(cards[0], Qt.MouseButton.LeftButton)
            qtbot.mouseClick(window.table_dock.zones.pieces["stack"], Qt.MouseButton.LeftButton)
        else:
            qtbot.mouseClick(buttons[0], Qt.MouseButton.LeftButton)
        if session.is_over():
            break
        now = session.deciders()[0]
        if now != decider and session.shown_seat is not None:
            changes += 1
            assert hidden_behind_handover(window), "the next human saw the screen before the hand-over"
            assert f"Player {now + 1}" in window.handover_screen.headline.text()
            window.handover_screen.ready_button.click()
            assert window.turn_label.text() == f"Player {now + 1} to decide"
        else:
            assert window.central_stack.currentWidget() is window.board_view   # same human: no hand-over
    assert changes >= 2
    assert not error_dialogs, error_dialogs


def test_the_table_shows_the_deciders_own_cards_and_only_counts_of_the_others(
        window: MainWindow, qtbot, error_dialogs):
    """The table is drawn from the decider's view alone: its own hand by name in the hand dock, the
    other human's as a count on its board (DRG-HIDDEN-2), shown only after the hand-over."""
    assert window.start_game(two_humans())           # in_order: seat 0 Elyse, seat 1 Nagasha
    assert window.central_stack.currentWidget() is window.handover_screen
    window.handover_screen.ready_button.click()
    seat = window.session.deciders()[0]
    spaces = window.board_view.space_ids()
    assert "allarian_crownlands" in spaces and len(spaces) == 12
    hand = window.hand_dock.cards.text()
    own, other = (("Royal Advance", "Serpent Glide") if seat == 0 else ("Serpent Glide", "Royal Advance"))
    assert own in hand and other not in hand
    boards = " ".join(board.text() for board in window.player_boards_dock.boards)
    assert other not in boards and "face down" in boards
    assert not error_dialogs, error_dialogs


@pytest.mark.rule("DRG-HIDDEN-11")
def test_decisions_without_secrets_show_the_public_view_and_private_ones_hand_over(
        window: MainWindow, qtbot, error_dialogs):
    """A whole stretch of play, the heuristic bot choosing for whoever decides: a private view
    shows only after a hand-over whenever another person decided since the last one; a public
    decision never waits behind a hand-over, offers the decider's own legal answers, and its log
    holds the public lines only."""
    assert window.start_game(two_humans())
    session, game = window.session, window.session._match.game
    match = session._match
    bot, rngs = make_bot("heuristic", game), {seat: bot_rng(4, seat) for seat in range(2)}
    looked: set[int] = set()          # who decided since the last hand-over screen
    public = private = handovers = 0
    for _ in range(160):
        if window.central_stack.currentWidget() is window.handover_screen:
            handovers += 1
            assert session.shown_seat is not None and looked - {session.shown_seat} or not looked
            looked = set()
            window.handover_screen.ready_button.click()
        if session.is_over():
            break
        seat = session.deciders()[0]
        assert session.viewer == seat
        looked.add(seat)
        if session.shown_seat is None:
            public += 1
            assert not game.needs_own_view(match.state.view(seat))
            assert window.central_stack.currentWidget() is window.board_view
            assert window.turn_label.text() == f"Player {seat + 1} to decide"
            legal = [str(c) for c in match.state.legal(seat)]
            offered = [command for _, command in session.pending_answers()] or [
                command for group in session.turn_actions() for _, command in group.actions]
            assert offered == legal, "the public screen offers other commands than the decider's"
            assert window.log_dock.line_texts() == [game.describe(e) for e in match.events_for(None)]
        else:
            private += 1
            assert session.shown_seat == seat and looked == {seat}, "a private view showed without a hand-over"
        session.apply(bot.choose(match.state.view(seat), match.state.legal(seat), rngs[seat]))
    assert public >= 10 and private >= 10 and handovers >= 4, (public, private, handovers)
    assert not error_dialogs, error_dialogs


def public_positions(seed: int, limit: int = 4, every: int = 7) -> list[tuple[Match, int]]:
    """Positions of a seeded 2-human game where a human decides with the public view (answers that
    name no secret, at least two of them): every ``every``-th, at most ``limit``."""
    match = Match.new("dragonbond", 2, mode="humans2", seed=seed, seats=["human"] * 2,
                      options={"characters": "in_order"})
    bot, rngs = make_bot("heuristic", match.game), {seat: bot_rng(seed, seat) for seat in range(2)}
    found: list[tuple[Match, int]] = []
    seen = 0
    while not match.state.is_terminal() and len(found) < limit:
        state = match.state
        seat = state.deciders()[0]
        view, legal = state.view(seat), state.legal(seat)
        if not match.game.needs_own_view(view) and len(legal) > 1:
            if seen % every == 0:
                found.append((copy.deepcopy(match), seat))
            seen += 1
        match.apply(bot.choose(view, legal, rngs[seat]))
    return found


@pytest.mark.rule("DRG-HIDDEN-2")
@pytest.mark.rule("DRG-HIDDEN-11")
def test_a_public_decision_shows_nothing_of_the_deciders_or_the_others_secrets(window: MainWindow,
                                                                               tmp_path: Path, error_dialogs):
    """At decisions shown in the public view, everything on screen — the table, the hand, the
    boards, the choices and every tooltip — is the same when the decider's own secrets, or the
    other human's, are dealt again (`resample_hidden`)."""
    compared = 0
    for match, seat in public_positions(5):
        state = match.state
        other_seat = 1 - seat
        open_state(window, tmp_path, state, state.data, f"real{compared}")
        assert window.central_stack.currentWidget() is not window.handover_screen
        assert window.session.viewer == seat and window.session.shown_seat is None
        assert window.choice_dock.is_asking() or window.session.touchable(), "the decider's choices show"
        real = drawn_words(window)
        hand = state.data["boards"][state.data["humans"][seat]]["hand"]
        assert hand and not window.hand_dock.cards.text().strip(), "the decider's hand shows"
        for whose in (other_seat, seat):      # the decider's secrets, then the other human's
            redealt = match.game.resample_hidden(state.data, whose, Rng(compared, stream=9))
            assert redealt is not None and redealt != state.data
            open_state(window, tmp_path, state, redealt, f"redealt{compared}-{whose}")
            assert window.session.shown_seat is None
            words = drawn_words(window)
            assert words == real, f"seat {whose}'s secrets show: {sorted(words ^ real)[:6]}"
        compared += 1
    assert compared >= 2, "too few public decisions compared"
    assert not error_dialogs, error_dialogs
