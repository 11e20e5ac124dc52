"""Vindication's panels: readable choices, the actions beside the board, the player boards."""
from __future__ import annotations

import re

from PySide6.QtCore import Qt

from gui.controller.types import NewGameConfig
from gui.main_window import MainWindow
from tests.gui.test_vindication_board import click


def start_against_bot(window: MainWindow, qtbot, seed: int = 3) -> None:
    window.start_game(NewGameConfig("vindication", 2, "standard", ("human", "bot:random"), {}, seed=seed))
    until_my_turn(window, qtbot)


def until_my_turn(window: MainWindow, qtbot) -> None:
    """Answer seat 0's set-up choices with the first button; let the computer answer its own."""
    session = window.session

    def ready() -> bool:
        if window.choice_dock.is_asking():
            window.choice_dock.buttons[0].click()
            return False
        return session.deciders() == (0,) and bool(session.active_spaces())

    qtbot.waitUntil(ready, timeout=10_000)


def answer_all(window: MainWindow) -> None:
    while window.choice_dock.is_asking():
        window.choice_dock.buttons[0].click()


def test_decision_buttons_carry_words_not_notation(window: MainWindow, qtbot) -> None:
    window.start_game(NewGameConfig("vindication", 2, "standard", ("human", "bot:random"), {}, seed=3))
    dock = window.choice_dock
    assert dock.is_asking()
    for button in dock.buttons:
        assert button.text() and "answer" not in button.text() and button.text() != button.toolTip()
    assert not window.actions_dock.isEnabled()  # a prompt waits: no turn actions


def test_end_turn_is_offered_after_the_move_and_ends_the_turn(window: MainWindow, qtbot) -> None:
    start_against_bot(window, qtbot)
    session, panel = window.session, window.actions_dock
    assert panel.isEnabled()
    assert panel.button_for("end_turn") is None
    assert not window.action_collection.finish_turn.isEnabled()
    assert all(not b.text().startswith(("activate", "rest ")) for b in panel.buttons)
    target = sorted(s for s in session.active_spaces() if s.startswith("T"))[0]
    click(window, qtbot, target)
    answer_all(window)
    assert panel.button_for("end_turn") is not None
    button = panel.button_for("end_turn")
    assert button.text() == "End turn" and "Ctrl+E" in button.toolTip()
    assert window.action_collection.finish_turn.isEnabled()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert session.deciders() != (0,) or session.current_view()["round"] > 1


def test_the_shortcut_ends_the_turn_too(window: MainWindow, qtbot) -> None:
    start_against_bot(window, qtbot)
    target = sorted(s for s in window.session.active_spaces() if s.startswith("T"))[0]
    click(window, qtbot, target)
    answer_all(window)
    turn = window.session.current_view()["turn"]["seat"]
    window.action_collection.finish_turn.trigger()
    assert window.session.current_view()["turn"]["seat"] != turn or window.session.deciders() != (0,)


def test_the_player_board_shows_the_numbers_after_a_visit(window: MainWindow, qtbot) -> None:
    start_against_bot(window, qtbot, seed=5)
    session = window.session
    visits = [s for s in sorted(session.active_spaces()) if s.startswith("R")]
    if not visits:
        click(window, qtbot, sorted(s for s in session.active_spaces() if s.startswith("T"))[0])
        answer_all(window)
        visits = [s for s in sorted(session.active_spaces()) if s.startswith("R")]
    assert visits, "a region to visit next to the token"
    session.apply(session.legal_for_space(visits[0])[0])
    answer_all(window)
    me = session.current_view()["players"][0]
    board = window.player_boards_dock.board_for(0)
    assert board is window.player_boards_dock.boards[0] and board.full
    text = re.sub("<[^>]+>", "", board.text())  # the words, without their looks
    assert f"Honor {me['honor']}" in text
    for zone in ("Potential", "Influence", "Conviction"):
        assert f"{zone} {me[zone.lower()]}" in text
    for kind, name in (("S", "strength"), ("K", "knowledge"), ("I", "inspiration")):
        assert f"{name} {me['attrs'][kind]}" in text
    other = window.player_boards_dock.board_for(1)
    assert other is not None and not other.full


def test_a_second_human_seats_quest_is_not_shown_to_the_first(window: MainWindow, qtbot) -> None:
    from engine.vindication.content import content  # the test may read names; the GUI may not
    window.start_game(NewGameConfig("vindication", 2, "standard", ("human", "human"), {}, seed=4))
    session = window.session
    for _ in range(40):
        if window.central_stack.currentWidget() is window.handover_screen:
            assert not window.player_boards_dock.boards  # nothing shows during a hand-over
            window.handover_screen.confirmed.emit()
        if not window.choice_dock.is_asking():
            break
        window.choice_dock.buttons[0].click()
    data = session._require().state.data  # the whole state, to know what must not show
    quests = {p["seat"]: content().quests[p["quest"]].name.en for p in data["players"]}
    viewer = session.viewer
    boards = window.player_boards_dock
    assert quests[viewer] in boards.board_for(viewer).text()
    for seat, name in quests.items():
        if seat != viewer:
            assert all(name not in b.text() for b in boards.boards)


def test_screenshots_of_the_panels(tmp_path) -> None:
    from tests.gui.vindication_screenshot import take_panel_screenshots
    shots = take_panel_screenshots(tmp_path)
    assert [p.name for p in shots] == ["vin_panels_en.png", "vin_panels_zh_TW.png"]
    assert all(p.stat().st_size > 20_000 for p in shots)
