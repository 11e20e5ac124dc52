"""Vindication on screen: the island drawn from the game's layout, click-to-act, prompts as buttons."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from gui.board.scene import ACTIVE_TRIANGLE_FILL
from gui.controller.types import NewGameConfig
from gui.main_window import MainWindow
from gui.widgets import dialogs


def start(window: MainWindow, qtbot, seed: int = 3, **options) -> None:
    window.start_game(NewGameConfig("vindication", 1, "solo", ("human",), options, seed=seed))


def answer_setup(window: MainWindow) -> None:
    while window.choice_dock.is_asking():
        window.choice_dock.buttons[0].click()


def click(window: MainWindow, qtbot, space: str) -> None:
    view = window.board_view
    item = view.item_for_space(space)
    view.centerOn(item)
    at = view.mapFromScene(item.sceneBoundingRect().center())
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=at)


def shapes(window: MainWindow, group_shape: str) -> list[str]:
    view = window.board_view
    return [s for s in view.space_ids() if view.item_for_space(s).shape_kind == group_shape]


def test_the_island_has_19_hexes_and_36_triangles(window: MainWindow, qtbot) -> None:
    start(window, qtbot)
    assert window.board_view.is_showing_layout()
    assert len(shapes(window, "hex")) == 19 and len(shapes(window, "triangle")) == 36
    assert all(s.startswith("H") for s in shapes(window, "rect"))  # only the honor track


def test_a_pending_prompt_shows_buttons_and_blocks_the_board(window: MainWindow, qtbot) -> None:
    start(window, qtbot)
    dock = window.choice_dock
    assert dock.is_asking() and dock.isVisible()
    labels = [b.text() for b in dock.buttons]
    assert labels and all(not label.startswith("0:") for label in labels)
    before = window.session.current_view()
    click(window, qtbot, "T01")
    assert window.session.current_view() == before
    assert "Answer the choice" in window.statusBar().currentMessage()
    prompt = window.session.prompt_kind()
    dock.buttons[0].click()
    assert window.session.prompt_kind() != prompt or window.session.current_view() != before


def test_reachable_triangles_are_highlighted_and_a_click_moves_the_token(window: MainWindow, qtbot,
                                                                         error_dialogs) -> None:
    start(window, qtbot)
    answer_setup(window)
    session, view = window.session, window.board_view
    active = session.active_spaces()
    triangles = sorted(s for s in active if s.startswith("T"))
    assert triangles
    for space in triangles:
        assert view.item_for_space(space).active
        assert view.item_for_space(space).brush().color() == ACTIVE_TRIANGLE_FILL
    token = session.current_view()["players"][0]["token"]
    assert [p["owner"] for p in session.board_marks()[token]["pieces"]] == [0]
    target = triangles[0]
    click(window, qtbot, target)
    assert not error_dialogs
    assert session.current_view()["players"][0]["token"] == target
    assert [p["owner"] for p in session.board_marks()[target]["pieces"]] == [0]
    assert not view.item_for_space(target).active  # repainted: the move action is spent


def test_a_click_on_a_triangle_out_of_reach_does_nothing_and_says_why(window: MainWindow, qtbot, error_dialogs) -> None:
    start(window, qtbot)
    answer_setup(window)
    session, view = window.session, window.board_view
    far = next(s for s in shapes(window, "triangle") if s not in session.active_spaces()
               and not session.current_view()["players"][0]["token"] == s)
    before = session.current_view()
    click(window, qtbot, far)
    assert session.current_view() == before and not error_dialogs
    assert "Not now" in window.statusBar().currentMessage()   # the rules say why (VIN-MOVE-…)
    assert not view.item_for_space(far).active


def test_several_paths_take_the_shortest_and_right_click_offers_all(window: MainWindow, qtbot,
                                                                    monkeypatch) -> None:
    start(window, qtbot, seed=20)  # T17 is two and three steps away
    answer_setup(window)
    session = window.session
    space = next((s for s in sorted(session.active_spaces()) if s.startswith("T")
                  and session.shortest_path_for_space(s)), None)
    if space is None:
        pytest.skip("no triangle with several paths in this seed")
    shortest = session.shortest_path_for_space(space)
    offered: list[list[str]] = []
    monkeypatch.setattr(dialogs, "choose_command",
                        lambda parent, commands, labels=None: offered.append(list(commands)))
    window.board_view.space_menu_requested.emit(space)
    assert offered and offered[0][0] == shortest and len(offered[0]) > 1
    click(window, qtbot, space)
    assert session.current_view()["players"][0]["token"] == space


def test_the_module_adds_the_isle_and_village_slots(window: MainWindow, qtbot) -> None:
    start(window, qtbot, villages_hamlets=True)
    view = window.board_view
    assert {"A1", "A2", "A3"} <= set(shapes(window, "hex"))
    assert len([s for s in shapes(window, "rect") if not s.startswith("H")]) == 11
    assert "venfero_secret/5" in view.space_ids() and "tarcee_riddle/3" in view.space_ids()
    isle = view.item_for_space("A1").sceneBoundingRect()
    island = max(view.item_for_space(s).sceneBoundingRect().right() for s in shapes(window, "hex")
                 if s.startswith("R"))
    assert isle.left() > island


def test_the_toy_game_keeps_its_grid(window: MainWindow, qtbot) -> None:
    window.start_game(NewGameConfig("toy", 2, "versus", ("human", "bot:random"), {}, seed=3))
    assert not window.board_view.is_showing_layout()
    assert window.board_view.space_ids()


def test_screenshots_of_the_island(tmp_path) -> None:
    from tests.gui.vindication_screenshot import take_screenshots
    shots = take_screenshots(tmp_path)
    assert [p.name for p in shots] == ["vin_base.png", "vin_module.png"]
    assert all(p.stat().st_size > 20_000 for p in shots)
