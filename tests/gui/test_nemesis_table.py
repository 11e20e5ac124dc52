"""Nemesis in the app: after the hand-over the middle of the window draws the Facility (the game's
board_layout and table, built from the decider's view), its space names in the app's language."""
from __future__ import annotations

from PySide6.QtCore import Qt

from gui.controller.types import NewGameConfig
from gui.main_window import MainWindow


def solo() -> NewGameConfig:
    return NewGameConfig("nemesis", 1, "solo", ("human",), {}, 4)


def test_the_facility_is_drawn_rooms_corridors_and_the_time_track(window: MainWindow, qtbot, error_dialogs):
    assert window.start_game(solo())
    if window.central_stack.currentWidget() is window.handover_screen:
        window.handover_screen.ready_button.click()
    assert window.central_stack.currentWidget() is window.board_view
    assert window.board_view.is_showing_layout()
    assert window.board_view.item_for_space("R001").name == "Room 001"
    assert window.board_view.item_for_space("C01").shape_kind == "polyline"
    assert window.board_view.item_for_space("T15").shape_kind == "rect"
    for _ in range(3):                    # the draft, then a few clicks into the first round
        buttons = window.choice_dock.buttons or [b for b in window.actions_dock.buttons if b.isEnabled()]
        if not buttons:
            break
        qtbot.mouseClick(buttons[0], Qt.MouseButton.LeftButton)
        if window.central_stack.currentWidget() is window.handover_screen:
            window.handover_screen.ready_button.click()
    assert window.central_stack.currentWidget() is window.board_view
    window.set_language("zh_TW")
    qtbot.waitUntil(lambda: window.board_view.item_for_space("R001").name == "房間 001", timeout=5_000)
    window.set_language("en")
    assert not error_dialogs, error_dialogs


def test_a_noise_decision_lights_its_corridors_and_a_click_on_one_answers(window: MainWindow, qtbot,
                                                                         tmp_path, error_dialogs):
    """Where a Noise marker goes is asked by lighting the corridors it may go to; clicking one of
    them on the board answers (seed 1: the third command rolls noise with a choice of exit)."""
    from engine.core import Match, Rng, save_match, weighted_choice
    from tests.gui.test_vindication_board import click
    match = Match.new("nemesis", 2, mode="standard", seed=1, seats=["human", "human"])
    rng = Rng(1)
    while not (match.state.prompt is not None and match.state.prompt.kind == "noise_exit"):
        legal = match.state.legal()
        match.apply(weighted_choice(rng, legal, [match.game.random_weight(c) for c in legal]))
        assert len(match.history) < 20
    path = tmp_path / "noise.tksave"
    save_match(match, path)
    assert window.open_game(str(path))
    if window.central_stack.currentWidget() is window.handover_screen:
        window.handover_screen.confirmed.emit()
    corridors = {str(c.args[0]) for c in match.state.legal() if str(c.args[0]).startswith("C")}
    assert corridors and corridors <= window.session.active_spaces()
    assert all(window.board_view.item_for_space(c).active for c in corridors)
    target = sorted(corridors)[0]
    with qtbot.waitSignal(window.session.command_applied):
        click(window, qtbot, target)
    assert window.session._require().history[-1].command.args[0] == target
    assert not error_dialogs, error_dialogs


def test_screenshots_of_nemesis_on_the_table(tmp_path, soak_only_games) -> None:
    """Nine screens, ~40 s: with --soak-games N (or run tests/gui/nemesis_screenshot.py)."""
    from PySide6.QtGui import QImage

    from tests.gui.nemesis_screenshot import take_screenshots
    shots = take_screenshots(tmp_path)
    names = ("solo", "standard", "coop", "noise", "intruders", "end", "standard_zh_TW", "small", "large")
    assert [p.name for p in shots] == [f"nem_{n}.png" for n in names]
    sizes = {p.name: (QImage(str(p)).width(), QImage(str(p)).height()) for p in shots}
    assert sizes["nem_small.png"] == (1024, 700) and sizes["nem_large.png"] == (1920, 1080)
    assert all(p.stat().st_size > 20_000 for p in shots)


def test_the_last_roll_shows_on_the_table(window: MainWindow, tmp_path) -> None:
    from engine.core import Match, Rng, save_match, weighted_choice
    match = Match.new("nemesis", 2, mode="standard", seed=2, seats=["human", "human"])
    rng = Rng(2)
    while not any(e.kind == "noise_roll" for e in (match.history[-1].events if match.history else [])):
        legal = match.state.legal()
        match.apply(weighted_choice(rng, legal, [match.game.random_weight(c) for c in legal]))
        assert len(match.history) < 200
    path = tmp_path / "rolled.tksave"
    save_match(match, path)
    assert window.open_game(str(path))
    if window.central_stack.currentWidget() is window.handover_screen:
        window.handover_screen.confirmed.emit()
    text = window.table_dock.text()
    assert "Last roll" in text and "Noise die" in text
