"""Nothing drawn or hovered for a seat gives a secret away: the board's labels, pieces and
tooltips, the player boards, the shared table, the hand, the buttons and the choices show the
same words for two states that differ only in what the seat cannot see (its hidden information
dealt again with the game's own `resample_hidden`), through seeded games of every game with
secrets. And, by name: a face-down Contamination card never shows its infection to its owner.
"""
from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from PySide6.QtWidgets import QGraphicsSimpleTextItem, QWidget

from engine.core import Match, Rng, games, state_to_document, weighted_choice
from engine.core.persistence import SAVE_FORMAT, SAVE_VERSION
from engine.core.state import State
from gui.main_window import MainWindow

STEPS, EVERY, FIRST = 90, 25, 6   # commands per game; the drawing is compared at FIRST, FIRST + EVERY…


def open_state(window: MainWindow, folder: Path, state: State, data: dict, name: str) -> None:
    """Open ``state`` with its data replaced by ``data`` as a hot-seat game of humans, past the
    hand-over screen."""
    document = copy.deepcopy(state_to_document(state))
    document["data"] = copy.deepcopy(data)
    config = state.config
    save = {"format": SAVE_FORMAT, "version": SAVE_VERSION, "game": config.game, "players": config.players,
            "mode": config.mode, "seed": config.seed, "options": dict(config.options),
            "seats": ["human"] * config.players, "start": document, "commands": []}
    path = folder / f"{name}.tksave"
    path.write_text(json.dumps(save, ensure_ascii=False), encoding="utf-8")
    assert window.open_game(str(path))
    if window.central_stack.currentWidget() is window.handover_screen:
        window.handover_screen.confirmed.emit()


def drawn_words(window: MainWindow) -> set[str]:
    """Every text the window shows or shows on hover: scene texts and tooltips, what a hover on
    each space says, and every label, button and tooltip of the docks."""
    words: set[str] = set()
    for item in window.board_view.board_scene.items():
        if isinstance(item, QGraphicsSimpleTextItem):
            words.add(item.text())
        if item.toolTip():
            words.add(item.toolTip())
    for space in window.board_view.space_ids():
        words.add(window.space_tooltip(space))
    docks = (window.player_boards_dock, window.table_dock, window.hand_dock, window.actions_dock,
             window.choice_dock)
    for dock in docks:
        for widget in dock.findChildren(QWidget):
            if not widget.isVisibleTo(window):
                continue
            for read in ("text", "toolTip"):
                value = getattr(widget, read, None)
                if callable(value):
                    try:
                        text = value()
                    except TypeError:
                        continue
                    if isinstance(text, str) and text:
                        words.add(text)
    return words


def _draws_a_table(game) -> bool:
    match = Match.new(game.info.id, game.info.modes[0].min_players, mode=game.info.modes[0].id, seed=1)
    return bool(game.table(match.state.view(0)))


def _setups() -> list[tuple[str, str, int]]:
    """Each mode (at its largest table) of every game with secrets that draws its table."""
    return [(g.info.id, mode.id, mode.max_players) for g in games() if g.info.hidden_information
            and _draws_a_table(g) for mode in g.info.modes]


@pytest.mark.parametrize(("game_id", "mode", "players"), _setups(), ids=lambda v: str(v))
def test_nothing_drawn_or_hovered_changes_with_what_the_seat_cannot_see(window: MainWindow, tmp_path: Path,
                                                                       game_id: str, mode: str,
                                                                       players: int) -> None:
    match = Match.new(game_id, players, mode=mode, seed=11, seats=["bot:random"] * players)
    rng = Rng(11, stream=5)
    compared = 0
    for step in range(STEPS):
        state = match.state
        if state.is_terminal():
            break
        if step % EVERY == FIRST:
            open_state(window, tmp_path, state, state.data, f"real{step}")
            seat = window.session.viewer
            assert seat is not None
            real = drawn_words(window)
            other = match.game.resample_hidden(state.data, seat, Rng(step, stream=9))
            if other is not None and other != state.data:
                open_state(window, tmp_path, state, other, f"redealt{step}")
                assert window.session.viewer == seat
                redealt = drawn_words(window)
                assert real == redealt, (f"seat {seat} sees different words at step {step}: "
                                         f"{sorted(real ^ redealt)[:6]}")
                compared += 1
        legal = state.legal()
        match.apply(weighted_choice(rng, legal, [match.game.random_weight(c) for c in legal]))
    assert compared, "no position with anything to redeal was compared"


def test_a_face_down_contamination_card_never_shows_its_infection(window: MainWindow, tmp_path: Path) -> None:
    """Seat 0 holds an infected Contamination card, then a clean one in its place: everything
    drawn and hovered is the same, and the card is there, face down."""
    from engine.nemesis.content import content
    match = Match.new("nemesis", 2, mode="standard", seed=3, seats=["bot:random"] * 2)
    rng = Rng(3, stream=5)
    while not (match.state.data["phase"] == "player" and 0 in match.state.deciders()):
        legal = match.state.legal()
        match.apply(weighted_choice(rng, legal, [match.game.random_weight(c) for c in legal]))
        assert len(match.history) < 300, "seat 0 never got a turn"
    seen = []
    for infected in (True, False):
        card = next(c.id for c in content().contamination if c.infected == infected)
        data = copy.deepcopy(match.state.data)
        data["players"][0]["hand"].append(card)
        data["decks"]["contamination"] = [c for c in data["decks"]["contamination"] if c != card]
        open_state(window, tmp_path, match.state, data, f"infected-{infected}")
        assert window.session.viewer == 0
        seen.append(drawn_words(window))
    assert seen[0] == seen[1], sorted(seen[0] ^ seen[1])[:6]
    assert "contamination" in " ".join(seen[0]).lower()     # the card is there, face down


def test_a_face_down_stack_card_of_another_seat_never_shows(window: MainWindow, tmp_path: Path) -> None:
    """Seat 1 places one card, then another in its place: everything drawn and hovered for seat 0
    is the same, the placer and the kind show, and the card's name nowhere (DRG-HIDDEN-3)."""
    from engine.core import Command
    from engine.dragonbond.content import content
    seen = []
    for card in ("nag_a1", "nag_a3"):
        match = Match.new("dragonbond", 2, mode="humans2", seed=2, seats=["human"] * 2,
                          options={"characters": "in_order", "first_player": "choose"})
        match.apply(Command.parse("0: answer 0"))
        match.apply(Command.parse("0: place ely_a2"))
        match.apply(Command.parse(f"1: place {card}"))
        assert match.state.deciders() == (0,)
        open_state(window, tmp_path, match.state, match.state.data, f"stack-{card}")
        assert window.session.viewer == 0
        seen.append(drawn_words(window))
    assert seen[0] == seen[1], sorted(seen[0] ^ seen[1])[:6]
    words = " ".join(seen[0])
    assert "Nagasha: action card" in words and "Muster the Banners (yours)" in words
    assert not any(content().action_cards[c].name.en in words for c in ("nag_a1", "nag_a3"))
