"""Hot seat: the hand-over screen shows only when the next person's screen would show something
that someone who may still be looking may not see — decided from the engine's views and the log."""
from __future__ import annotations

import copy
import json
from pathlib import Path

from PySide6.QtCore import Qt

from engine.core import Match, state_to_document
from engine.core.persistence import SAVE_FORMAT, SAVE_VERSION
from gui.controller.types import NewGameConfig
from gui.main_window import MainWindow


def behind_handover(window: MainWindow) -> bool:
    return (window.central_stack.currentWidget() is window.handover_screen
            and window.log_dock.line_texts() == [] and window.choice_dock.buttons == [])


def open_toy_position(window: MainWindow, folder: Path) -> None:
    """Three people at a Toy Ridge table with an empty deck: Player 1 holds a 4, Player 2 nothing,
    Player 3 a 5 and a 6; Player 1 to play. No command has been played, so no log has a secret."""
    match = Match.new("toy", 3, mode="versus", seed=3, options={"challenges": False}, seats=["human"] * 3)
    document = copy.deepcopy(state_to_document(match.state))
    data = document["data"]
    hands = data["hands"]
    data["discard"] = data["deck"] + [v for hand in hands for v in hand]
    data["deck"], data["hands"], data["turn"] = [], [[4], [], [5, 6]], 0
    for value in (4, 5, 6):
        data["discard"].remove(value)
    save = {"format": SAVE_FORMAT, "version": SAVE_VERSION, "game": "toy", "players": 3, "mode": "versus",
            "seed": 3, "options": {"challenges": False}, "seats": ["human"] * 3, "start": document,
            "commands": []}
    path = folder / "toy.tksave"
    path.write_text(json.dumps(save), encoding="utf-8")
    assert window.open_game(str(path))


def test_a_hand_over_shows_for_a_secret_and_not_for_a_screen_without_one(window: MainWindow, tmp_path: Path,
                                                                          error_dialogs) -> None:
    open_toy_position(window, tmp_path)
    session = window.session
    assert behind_handover(window)                     # whoever sits there must not see Player 1's 4
    assert "Player 1" in window.handover_screen.headline.text()
    window.handover_screen.ready_button.click()
    assert window.central_stack.currentWidget() is window.board_view

    session.apply("0: place 4 b2")                     # the deck is empty: nothing drawn, nothing secret
    assert session.deciders() == (1,) and session.viewer == 1
    # Player 2's screen shows an empty hand and the board: nothing Player 1 may not see
    assert not session.needs_handover()
    assert window.central_stack.currentWidget() is window.board_view
    assert window.turn_label.text() == "Player 2 to decide"
    assert any("placed 4 on b2" in line for line in window.log_dock.line_texts())

    session.apply("1: pass")                           # Player 3 holds cards that Players 1 and 2 may not see
    assert session.needs_handover() and behind_handover(window)
    assert "Player 3" in window.handover_screen.headline.text()
    window.handover_screen.ready_button.click()
    assert window.turn_label.text() == "Player 3 to decide"
    assert not error_dialogs, error_dialogs


def test_nemesis_co_op_hands_over_at_every_change_of_player_their_hands_are_secret(
        window: MainWindow, qtbot, error_dialogs) -> None:
    from engine.bots import bot_rng, make_bot
    assert window.start_game(NewGameConfig("nemesis", 2, "coop", ("human", "human"), {}, 1))
    session = window.session
    assert behind_handover(window)
    window.handover_screen.ready_button.click()
    match = session._match
    bot, rngs = make_bot("heuristic", match.game), {seat: bot_rng(1, seat) for seat in range(2)}
    changes = 0
    for _ in range(12):
        seat = session.deciders()[0]
        session.apply(bot.choose(match.state.view(seat), match.state.legal(seat), rngs[seat]))
        now = session.deciders()[0]
        if now != seat:
            changes += 1
            assert behind_handover(window), "the next player's cards showed before the hand-over"
            qtbot.mouseClick(window.handover_screen.ready_button, Qt.MouseButton.LeftButton)
        else:
            assert window.central_stack.currentWidget() is window.board_view
    assert changes >= 3
    assert not error_dialogs, error_dialogs
