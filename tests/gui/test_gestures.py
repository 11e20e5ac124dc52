"""Gestures on the real widgets: blocks dragged between player-board pieces and onto the island,
the medallion dragged along a path, "why not?" tooltips from the engine's refusals, Esc, and the
comfort settings (confirm end of turn, computer speed, skip).

Drag and drop is tested as ../shared/QT_NOTES.md describes: offscreen there is no drag manager, so
the drop side gets constructed QDragEnter/QDragMove/QDrop events, and the source side is a real
press/move/release whose `start_piece_drag` is patched to deliver those events to the target.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QMimeData, QPoint, QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent, QMouseEvent
from PySide6.QtWidgets import QApplication, QWidget

from engine.core import Match
from gui.dragdrop import piece_mime
from gui.main_window import MainWindow
from gui.widgets import dialogs
from gui.widgets import zones as zones_module
from tests.gui.test_vindication_board_play import after_setup, open_position, position_with, solo


def _drag_events(mime: QMimeData, at: QPoint) -> list[QEvent]:
    buttons, modifiers = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    action = Qt.DropAction.MoveAction
    try:  # PySide6 6.11 wants a QPoint for enter/move (6.12 a QPointF): QT_NOTES
        enter = QDragEnterEvent(at, action, mime, buttons, modifiers)
        move = QDragMoveEvent(at, action, mime, buttons, modifiers)
    except TypeError:
        enter = QDragEnterEvent(QPointF(at), action, mime, buttons, modifiers)
        move = QDragMoveEvent(QPointF(at), action, mime, buttons, modifiers)
    drop = QDropEvent(QPointF(at), action, mime, buttons, modifiers)
    return [enter, move, drop]


def deliver_drop(target: QWidget, piece: str, at: QPoint | None = None) -> bool:
    """Send a whole drop of ``piece`` onto ``target``; True when the drop was accepted."""
    at = at if at is not None else target.rect().center()
    mime = piece_mime(piece)  # held here: the events do not own it
    events = _drag_events(mime, at)
    for event in events:
        QApplication.sendEvent(target, event)
    return events[-1].isAccepted()


def piece_widget(window: MainWindow, name: str):
    board = window.player_boards_dock.board_for(window.session.viewer)
    assert board is not None and board.full
    piece = board.piece(name)
    assert piece is not None, f"no piece {name} on {list(board.pieces)}"
    return piece


def me(window: MainWindow) -> dict:
    return window.session.current_view()["players"][window.session.viewer]


@pytest.fixture
def errors(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    shown: list[tuple[str, str]] = []
    monkeypatch.setattr(dialogs, "show_error", lambda parent, title, message: shown.append((title, message)))
    return shown


@pytest.fixture
def rest_position(window: MainWindow, tmp_path: Path) -> MainWindow:
    """A solo turn where resting (augmenting one block) is legal."""
    open_position(window, tmp_path, position_with("rest"))
    assert any(c.startswith("0: rest") or c.startswith("rest") for group in window.session.turn_actions()
               for _, c in group.actions)
    return window


# -- blocks between pieces of the player board ----------------------------------------------------
def test_a_block_dropped_from_potential_on_influence_rests(rest_position: MainWindow, errors) -> None:
    window = rest_position
    before = me(window)
    assert "potential" in window.session.drag_sources()
    assert "influence" in window.session.drag_targets("potential")
    assert deliver_drop(piece_widget(window, "influence"), "potential")
    after = me(window)
    assert (after["potential"], after["influence"]) == (before["potential"] - 1, before["influence"] + 1)
    assert errors == []


def test_a_real_press_move_release_starts_the_drag_and_the_drop_plays(rest_position: MainWindow, qtbot,
                                                                      monkeypatch: pytest.MonkeyPatch,
                                                                      errors) -> None:
    window = rest_position
    source, target = piece_widget(window, "potential"), piece_widget(window, "influence")
    assert source.draggable
    lit_while_carried: list[bool] = []

    def fake_drag(widget, piece, pixmap=None):
        assert widget is source and piece == "potential"
        lit_while_carried.append(target.lit)   # the drop target is lit while the piece is carried
        deliver_drop(target, piece)
        return Qt.DropAction.MoveAction
    monkeypatch.setattr(zones_module, "start_piece_drag", fake_drag)
    before = me(window)
    start = source.rect().center()
    qtbot.mousePress(source, Qt.MouseButton.LeftButton, pos=start)
    QApplication.sendEvent(source, QMouseEvent(QEvent.Type.MouseMove, QPointF(start + QPoint(30, 0)),
                                               QPointF(source.mapToGlobal(start + QPoint(30, 0))),
                                               Qt.MouseButton.NoButton, Qt.MouseButton.LeftButton,
                                               Qt.KeyboardModifier.NoModifier))
    qtbot.mouseRelease(source, Qt.MouseButton.LeftButton, pos=start + QPoint(30, 0))
    assert lit_while_carried == [True]
    assert me(window)["influence"] == before["influence"] + 1
    assert not piece_widget(window, "influence").lit   # nothing stays lit after the drop


def test_a_drop_the_rules_refuse_snaps_back_and_says_why(rest_position: MainWindow, errors) -> None:
    window = rest_position
    assert deliver_drop(piece_widget(window, "influence"), "potential")     # the one rest of the turn
    digest = window.session.digest()
    assert "influence" not in window.session.drag_targets("potential")
    assert deliver_drop(piece_widget(window, "influence"), "potential")     # a second one: refused
    assert window.session.digest() == digest
    assert len(errors) == 1
    title, message = errors[0]
    assert title == "Move not allowed" and "(Rule VIN-" in message


def test_a_drop_that_means_nothing_says_so(rest_position: MainWindow, errors) -> None:
    window = rest_position
    digest = window.session.digest()
    assert deliver_drop(piece_widget(window, "potential"), "conviction")
    assert window.session.digest() == digest
    assert errors and "does nothing" in errors[0][1]


def test_a_conviction_block_dropped_on_an_unvisited_region_is_refused_with_the_rule(
        window: MainWindow, tmp_path: Path, errors) -> None:
    open_position(window, tmp_path, position_with("move"))
    view = window.board_view
    region = next(s for s in view.space_ids() if s.startswith("R"))
    digest = window.session.digest()
    centre = view.mapFromScene(view.item_for_space(region).sceneBoundingRect().center())
    view.centerOn(view.item_for_space(region))
    centre = view.mapFromScene(view.item_for_space(region).sceneBoundingRect().center())
    assert deliver_drop(view.viewport(), "conviction", centre)
    assert window.session.digest() == digest
    assert errors and "(Rule VIN-CONTROL-" in errors[0][1]


def test_a_conviction_block_dropped_on_the_visited_region_controls_it(window: MainWindow, tmp_path: Path,
                                                                     errors) -> None:
    open_position(window, tmp_path, position_with("control"))
    session, view = window.session, window.board_view
    targets = session.drag_targets("conviction")
    assert targets, "a region that can be controlled"
    region = sorted(targets)[0]
    view.centerOn(view.item_for_space(region))
    at = view.mapFromScene(view.item_for_space(region).sceneBoundingRect().center())
    assert deliver_drop(view.viewport(), "conviction", at)
    assert errors == []
    regions = session.current_view()["regions"]
    assert regions[region]["controller"] == 0


# -- the medallion --------------------------------------------------------------------------------
def _mouse(view, kind: QEvent.Type, at: QPoint, buttons: Qt.MouseButton) -> None:
    button = Qt.MouseButton.LeftButton if kind != QEvent.Type.MouseMove else Qt.MouseButton.NoButton
    QApplication.sendEvent(view.viewport(), QMouseEvent(kind, QPointF(at), QPointF(view.viewport().mapToGlobal(at)),
                                                        button, buttons, Qt.KeyboardModifier.NoModifier))


def drag_medallion(window: MainWindow, path: list[str]) -> None:
    """Press the viewer's medallion, move over each space of ``path``, release on the last."""
    view = window.board_view
    medallion = view._drawing.walker_of(view.own_seat)
    assert medallion is not None
    view.centerOn(medallion)
    _mouse(view, QEvent.Type.MouseButtonPress, view.mapFromScene(medallion.scenePos()), Qt.MouseButton.LeftButton)
    at = QPoint()
    for space in path:
        view.centerOn(view.item_for_space(space))
        at = view.mapFromScene(view.item_for_space(space).sceneBoundingRect().center())
        _mouse(view, QEvent.Type.MouseMove, at, Qt.MouseButton.LeftButton)
    _mouse(view, QEvent.Type.MouseButtonRelease, at, Qt.MouseButton.NoButton)


def _started_solo(window: MainWindow, tmp_path: Path) -> Match:
    match = after_setup(solo(5))
    open_position(window, tmp_path, match)
    return match


def test_dragging_the_medallion_along_a_path_walks_that_path(window: MainWindow, tmp_path: Path, errors) -> None:
    _started_solo(window, tmp_path)
    session, view = window.session, window.board_view
    moves = [c for c in session._viewer_legal() if c.verb == "move" and len(c.args[0]) == 3]
    assert moves, "a two-step walk"
    path = moves[-1].args[0]
    medallion = view._drawing.walker_of(0)
    assert medallion is not None and view.own_seat == 0
    view.centerOn(medallion)
    points = [view.mapFromScene(medallion.scenePos())] + [
        view.mapFromScene(view.item_for_space(t).sceneBoundingRect().center()) for t in path[1:]]
    _mouse(view, QEvent.Type.MouseButtonPress, points[0], Qt.MouseButton.LeftButton)
    assert view.item_for_space(path[-1]).active            # picked up: its reachable triangles are lit
    assert not any(view.item_for_space(s).active for s in view.space_ids() if s.startswith("R"))
    for point in points[1:]:
        _mouse(view, QEvent.Type.MouseMove, point, Qt.MouseButton.LeftButton)
    _mouse(view, QEvent.Type.MouseButtonRelease, points[-1], Qt.MouseButton.NoButton)
    assert errors == []
    assert session.current_view()["players"][0]["token"] == path[-1]
    assert session._require().commands[-1].args[0] == path     # that very path, not another


def test_a_medallion_dragged_too_far_is_refused_by_the_engine(window: MainWindow, tmp_path: Path, errors) -> None:
    _started_solo(window, tmp_path)
    session, view = window.session, window.board_view
    start = session.current_view()["players"][0]["token"]
    far = max((t for t in view.space_ids() if t.startswith("T") and t not in session.drag_targets("token")
               and t != start), key=lambda t: len(window.session._require().game.click_command(
                   session.current_view(), 0, t).args[0]) if t.startswith("T") else 0)
    digest = session.digest()
    medallion = view._drawing.walker_of(0)
    view.centerOn(medallion)
    press = view.mapFromScene(medallion.scenePos())
    _mouse(view, QEvent.Type.MouseButtonPress, press, Qt.MouseButton.LeftButton)
    view.centerOn(view.item_for_space(far))
    target = view.mapFromScene(view.item_for_space(far).sceneBoundingRect().center())
    _mouse(view, QEvent.Type.MouseMove, target, Qt.MouseButton.LeftButton)
    _mouse(view, QEvent.Type.MouseButtonRelease, target, Qt.MouseButton.NoButton)
    assert session.digest() == digest
    assert errors and "(Rule VIN-MOVE-1 — Moving)" in errors[0][1] and "speed" in errors[0][1]
    assert view.item_for_space(next(iter(session.active_spaces()))).active   # highlights are back


def _move_or_visit(seed: int = 1) -> Match:
    """A solo turn where the medallion can move and a region can be visited."""
    import random
    rng = random.Random(seed)
    match = after_setup(solo(seed))
    for _ in range(2000):
        legal = match.state.legal(0)
        if {"move", "visit"} <= {c.verb for c in legal}:
            return match
        match.apply(rng.choice(legal))
    raise AssertionError("no such position")


def test_esc_puts_a_selected_medallion_down(window: MainWindow, tmp_path: Path) -> None:
    open_position(window, tmp_path, _move_or_visit())
    view = window.board_view
    medallion = view._drawing.walker_of(0)
    view.centerOn(medallion)
    at = view.mapFromScene(medallion.scenePos())
    _mouse(view, QEvent.Type.MouseButtonPress, at, Qt.MouseButton.LeftButton)
    _mouse(view, QEvent.Type.MouseButtonRelease, at, Qt.MouseButton.NoButton)
    assert view.token_selected
    visits = [s for s in window.session.active_spaces() if s.startswith("R")]
    assert visits and not view.item_for_space(visits[0]).active     # only where it can go is lit
    window.action_collection.cancel.trigger()
    assert not view.token_selected
    assert view.item_for_space(visits[0]).active                     # everything playable is lit again


# -- why not? ---------------------------------------------------------------------------------------
def test_hovering_a_greyed_triangle_gives_the_engines_reason(window: MainWindow, tmp_path: Path) -> None:
    _started_solo(window, tmp_path)
    session, view = window.session, window.board_view
    far = next(t for t in view.space_ids() if t.startswith("T") and not view.item_for_space(t).active
               and t != session.current_view()["players"][0]["token"]
               and len(session._require().game.click_command(session.current_view(), 0, t).args[0]) > 4)
    text = window.space_tooltip(far)
    rule, reason = session.why_not(far)
    assert rule == "VIN-MOVE-1" and "speed" in reason
    assert reason in text and "VIN-MOVE-1" in text
    near = next(iter(session.drag_targets("token")))
    assert session.why_not(near) is None and "Click to play" in window.space_tooltip(near)


def test_a_click_on_a_greyed_space_says_why_in_the_status_bar(window: MainWindow, tmp_path: Path, qtbot,
                                                               errors) -> None:
    _started_solo(window, tmp_path)
    session, view = window.session, window.board_view
    far = next(t for t in view.space_ids() if t.startswith("T") and not view.item_for_space(t).active
               and t != session.current_view()["players"][0]["token"]
               and len(session._require().game.click_command(session.current_view(), 0, t).args[0]) > 4)
    digest = session.digest()
    view.centerOn(view.item_for_space(far))
    at = view.mapFromScene(view.item_for_space(far).sceneBoundingRect().center())
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=at)
    message = window.statusBar().currentMessage()
    assert "Not now" in message and "VIN-MOVE-1" in message and "speed" in message
    assert session.digest() == digest and errors == []


def test_the_tooltip_event_shows_the_reason(window: MainWindow, tmp_path: Path, monkeypatch) -> None:
    _started_solo(window, tmp_path)
    view = window.board_view
    far = next(t for t in view.space_ids() if t.startswith("R") and not view.item_for_space(t).active)
    shown: list[str] = []
    monkeypatch.setattr("gui.board.view.QToolTip.showText", lambda pos, text, widget=None: shown.append(text))
    view.centerOn(view.item_for_space(far))
    at = view.mapFromScene(view.item_for_space(far).sceneBoundingRect().center())
    from PySide6.QtGui import QHelpEvent
    QApplication.sendEvent(view.viewport(), QHelpEvent(QEvent.Type.ToolTip, at, view.viewport().mapToGlobal(at)))
    assert shown and "Not now" in shown[0] and "Rule VIN-" in shown[0]


# -- comfort ---------------------------------------------------------------------------------------
def test_confirm_end_of_turn_asks_and_no_keeps_the_turn(window: MainWindow, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    open_position(window, tmp_path, position_with("end_turn"))
    asked: list[str] = []
    answer = [False]
    monkeypatch.setattr(dialogs, "confirm", lambda parent, title, question: asked.append(question) or answer[0])
    window.action_collection.confirm_end_turn.setChecked(True)
    assert window.settings.confirm_end_turn
    digest = window.session.digest()
    window.actions_dock.finish_turn()
    assert asked and window.session.digest() == digest
    answer[0] = True
    window.actions_dock.finish_turn()
    assert len(asked) == 2 and window.session.digest() != digest


def test_the_computer_speed_is_remembered_and_skip_plays_at_once(window: MainWindow, qtbot) -> None:
    from gui.controller.types import NewGameConfig
    window.set_bot_speed("slow")
    assert window.settings.bot_speed == "slow" and window.session.bot_delay == 1200
    window.session.set_bot_delay(60_000)   # a pause no test would wait out
    window.start_game(NewGameConfig("vindication", 2, "standard", ("bot:random", "bot:random"), {}, seed=2))
    with qtbot.waitSignal(window.session.bot_moved, timeout=20_000) as moved:
        window.action_collection.skip_bots.trigger()
    seat, label, spaces = moved.args
    assert seat in (0, 1) and label
    assert window.statusBar().currentMessage()


def test_a_computer_move_outlines_the_spaces_it_walked(window: MainWindow, qtbot) -> None:
    from gui.controller.types import NewGameConfig
    window.start_game(NewGameConfig("vindication", 2, "standard", ("bot:heuristic", "bot:heuristic"), {}, seed=4))
    for _ in range(200):
        with qtbot.waitSignal(window.session.bot_moved, timeout=20_000) as moved:
            pass
        seat, label, spaces = moved.args
        if spaces:
            break
    assert spaces
    assert all(window.board_view.item_for_space(s).last_move for s in spaces)
    window.session.close_game()


def test_tiles_discovered_along_a_walk_light_up_one_after_another(window: MainWindow, tmp_path: Path,
                                                                 qtbot) -> None:
    _started_solo(window, tmp_path)
    qtbot.wait(100)  # the table just replaced the start page: let its first layout and paint pass
    session, view = window.session, window.board_view
    touched: list[list[str]] = []
    session.spaces_touched.connect(touched.append)
    walk = max((c for c in session._viewer_legal() if c.verb == "move"), key=lambda c: len(c.args[0]))
    session.apply(walk)
    assert touched, "a first walk discovers tiles"
    found = touched[-1]
    discovered = [e for e in session._require().events_for(0) if e.kind == "tile_discovered"]
    assert found == list(dict.fromkeys(e.data["space"] for e in discovered[-len(found):]))
    first = view.item_for_space(found[0])
    qtbot.waitUntil(lambda: first.flashing, timeout=2000)
    if len(found) > 1:
        qtbot.waitUntil(lambda: view.item_for_space(found[1]).flashing and not first.flashing, timeout=2000)
    qtbot.waitUntil(lambda: not any(view.item_for_space(s).flashing for s in found), timeout=5000)
