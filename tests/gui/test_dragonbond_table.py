"""Dragonbond played on the drawn table: a card dropped on the command stack is placed, a dragon
flies by a click on its figure and one on a region, a unit dropped from the pool on a region is
deployed, and a mountain ridge is drawn over the map without being a space one touches."""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QPoint, QPointF, Qt

from engine.core import Match, Rng, weighted_choice
from gui.board.scene import SpaceItem
from gui.main_window import MainWindow
from tests.gui.test_gestures import deliver_drop
from tests.gui.test_table_leaks import open_state


def _position(until: Callable[[Match], bool], seeds: range = range(1, 30), players: int = 2) -> Match:
    """The first position of seeded random games where ``until(match)`` holds."""
    for seed in seeds:
        match = Match.new("dragonbond", players, mode=f"humans{players}", seed=seed, seats=["human"] * players)
        rng = Rng(seed, stream=4)
        for _ in range(600):
            if match.state.is_terminal():
                break
            if until(match):
                return match
            legal = match.state.legal()
            match.apply(weighted_choice(rng, legal, [match.game.random_weight(c) for c in legal]))
    raise AssertionError("no game reached the position")


def _open(window: MainWindow, tmp_path: Path, match: Match) -> None:
    open_state(window, tmp_path, match.state, match.state.data, "position")
    assert window.session.viewer == match.state.deciders()[0]


def _point_of_piece(window: MainWindow, piece: str) -> QPoint:
    view = window.board_view
    token = next(p for p in view._drawing.pieces() if p.piece_id == piece)
    view.centerOn(token)
    at = view.mapFromScene(token.scenePos())
    assert view.thing_at(at) == piece, f"{piece} is not lit where it stands"
    return at


def _point_of_space(window: MainWindow, space: str) -> QPoint:
    """A viewport point inside ``space`` where a click touches the space itself (no piece)."""
    view = window.board_view
    item = view.item_for_space(space)
    view.centerOn(item)
    box = item.sceneBoundingRect()
    for j in range(12):
        for i in range(12):
            point = QPointF(box.left() + box.width() * (i + 0.5) / 12, box.top() + box.height() * (j + 0.5) / 12)
            at = view.mapFromScene(point)
            if item.contains(item.mapFromScene(point)) and view.viewport().rect().contains(at) \
                    and view.thing_at(at) == space:
                return at
    raise AssertionError(f"no point of {space} answers for it")


def _played(window: MainWindow) -> list[str]:
    return [str(c) for c in window.session._require().commands]


def test_a_card_dropped_on_the_command_stack_is_placed(window: MainWindow, tmp_path: Path, error_dialogs) -> None:
    match = _position(lambda m: m.state.prompt.kind == "plan_turn" and len(m.state.data["stack"]) >= 2)
    _open(window, tmp_path, match)
    seat = window.session.viewer
    card = next(c.args[0] for c in match.state.legal(seat) if c.verb == "place")
    stack = window.table_dock.zones.pieces["stack"]
    assert window.hand_dock.cards.pieces[card].draggable and stack.lit is False
    assert deliver_drop(stack, card)
    assert _played(window)[0] == f"{seat}: place {card}"
    assert not error_dialogs, error_dialogs


def test_a_dragon_flies_by_a_click_on_its_figure_and_one_on_the_region(window: MainWindow, qtbot, tmp_path: Path,
                                                                      error_dialogs) -> None:
    match = _position(lambda m: m.state.prompt.kind == "icon_fly")
    _open(window, tmp_path, match)
    seat = window.session.viewer
    dragon = match.state.data["humans"][seat]
    fly = [c for c in match.state.legal(seat) if str(c.args[0]).startswith("fly/")][-1]
    destination = str(fly.args[0]).rsplit("/", 1)[-1]
    view = window.board_view
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=_point_of_piece(window, dragon))
    assert destination in window.session.touchable() and view.item_for_space(destination).active
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=_point_of_space(window, destination))
    assert _played(window)[0] == str(fly)
    assert not error_dialogs, error_dialogs


def test_a_unit_dropped_from_the_pool_on_a_region_is_deployed(window: MainWindow, tmp_path: Path,
                                                              error_dialogs) -> None:
    match = _position(lambda m: m.state.prompt.kind == "icon_deploy")
    _open(window, tmp_path, match)
    seat = window.session.viewer
    deploy = match.state.legal(seat)[0]
    unit, _, region = str(deploy.args[0]).removeprefix("deploy/").partition("@")
    board = window.player_boards_dock.board_for(seat)
    assert board is not None and board.piece(f"pool.{unit}").draggable
    assert deliver_drop(window.board_view.viewport(), f"pool.{unit}", _point_of_space(window, region))
    assert _played(window)[0] == str(deploy)
    assert not error_dialogs, error_dialogs


def test_a_mountain_ridge_is_drawn_over_the_map_and_a_click_on_it_touches_a_region_below(
        window: MainWindow, tmp_path: Path) -> None:
    match = _position(lambda m: m.state.prompt.kind == "plan_turn")
    _open(window, tmp_path, match)
    view = window.board_view
    layout = window.session.board_layout()
    ridge = layout["borders"][0]["points"]
    middle = QPointF((ridge[0][0] + ridge[1][0]) / 2, (ridge[0][1] + ridge[1][1]) / 2)
    view.centerOn(middle)
    at = view.mapFromScene(middle)
    under = [item for item in view.items(at) if not isinstance(item, SpaceItem) and item.zValue() > 1]
    assert under and under[0].acceptedMouseButtons() == Qt.MouseButton.NoButton      # the ridge line
    assert view.space_at(at) in ("allarian_crownlands", "silverwood")


def test_the_docks_settle_while_nobody_touches_anything(window: MainWindow, monkeypatch) -> None:
    """The Table dock's many zones are taller and wider than the dock: they reflow to the width one
    sees there, less the scroll bar, so they settle instead of rebuilding on every turn of the event
    loop (a scroll bar that comes and goes, a grid wider than its dock)."""
    from PySide6.QtWidgets import QApplication

    from gui.controller.types import NewGameConfig
    from gui.widgets import zones
    builds: list[int] = []
    build = zones.ZoneGrid._build
    monkeypatch.setattr(zones.ZoneGrid, "_build", lambda grid, found: (builds.append(1), build(grid, found))[1])
    window.resize(1280, 800)
    assert window.start_game(NewGameConfig("dragonbond", 1, "humans1", ("human",), {"characters": "in_order"}, 2))
    session = window.session
    rng = Rng(2, stream=1)
    for _ in range(40):
        if window.central_stack.currentWidget() is window.handover_screen:
            window.handover_screen.ready_button.click()
        for _ in range(10):
            QApplication.processEvents()
        idle = len(builds)
        for _ in range(10):
            QApplication.processEvents()
        assert len(builds) == idle, "the zones keep reflowing while nothing changes"
        match = session._require()
        if match.state.is_terminal():
            break
        legal = match.state.legal()
        session.apply(weighted_choice(rng, legal, [1.0] * len(legal)))


def test_screenshots_of_dragonbond_on_the_table(tmp_path: Path, soak_only_games: int) -> None:
    """Ten screens, ~60 s: with --soak-games N (or run tests/gui/dragonbond_screenshot.py)."""
    from PySide6.QtGui import QImage

    from tests.gui.dragonbond_screenshot import take_screenshots
    shots = take_screenshots(tmp_path)
    names = ("planning", "execution", "drag", "combat", "oath", "end", "four", "zh_TW", "small", "large")
    assert [p.name for p in shots] == [f"drg_{n}.png" for n in names]
    sizes = {p.name: (QImage(str(p)).width(), QImage(str(p)).height()) for p in shots}
    assert sizes["drg_small.png"] == (1024, 700) and sizes["drg_large.png"] == (1920, 1080)
    assert all(p.stat().st_size > 20_000 for p in shots)


def _carry(window: MainWindow, qtbot, piece: str) -> QPoint:
    """Press on a piece of the map and move the pointer far enough that the view lifts it."""
    from PySide6.QtCore import QEvent
    from PySide6.QtGui import QMouseEvent
    from PySide6.QtWidgets import QApplication
    viewport = window.board_view.viewport()
    start = _point_of_piece(window, piece)
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start)
    at = start + QPoint(QApplication.startDragDistance() + 10, 0)
    QApplication.sendEvent(viewport, QMouseEvent(QEvent.Type.MouseMove, QPointF(at), QPointF(viewport.mapToGlobal(at)),
                                                 Qt.MouseButton.NoButton, Qt.MouseButton.LeftButton,
                                                 Qt.KeyboardModifier.NoModifier))
    return at


def test_a_general_is_carried_from_region_to_region_by_a_drag(window: MainWindow, qtbot, tmp_path: Path,
                                                              error_dialogs) -> None:
    """A press on the general's figure and a move lift it (a ghost follows the pointer) and light
    the regions it may move to, and only those; the release over one of them plays the move."""
    match = _position(lambda m: m.state.prompt.kind == "icon_move")
    _open(window, tmp_path, match)
    seat = window.session.viewer
    general = match.state.data["humans"][seat]
    moves = [c for c in match.state.legal(seat) if str(c.args[0]).startswith("move/")]
    origin = str(moves[0].args[0]).split("/")[1]
    ends = {str(c.args[0]).split("/")[2] for c in moves if str(c.args[0]).split("/")[1] == origin}
    view = window.board_view
    assert general in view.draggable_pieces and general in view.lit_pieces
    _carry(window, qtbot, general)
    assert view._carry is not None and view._carry.ghost is not None and view._carry.ghost.scene() is view.board_scene
    assert view._drawing.piece_item(general).opacity() < 1.0            # lifted: a shadow where it stood
    lit = {space for space in view.space_ids() if view.item_for_space(space).active}
    assert lit == ends
    destination = min(ends)
    at = _point_of_space(window, destination)
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=at)
    assert view._carry is None
    played = _played(window)[0]
    assert played.startswith(f"{seat}: answer move/{origin}/{destination}"), played
    assert not error_dialogs, error_dialogs


def test_a_carried_piece_is_put_back_by_esc_or_by_a_release_where_it_stands(window: MainWindow, qtbot,
                                                                           tmp_path: Path, error_dialogs) -> None:
    match = _position(lambda m: m.state.prompt.kind == "icon_fly")
    _open(window, tmp_path, match)
    seat = window.session.viewer
    dragon = match.state.data["humans"][seat]
    view = window.board_view

    def ghosts() -> list:
        return [i for i in view.board_scene.items() if i.opacity() < 1.0 and getattr(i, "piece_id", 0) is None]

    _carry(window, qtbot, dragon)
    assert len(ghosts()) == 1
    window.cancel_gesture()                                   # Esc
    assert view._carry is None and not ghosts() and dragon in view.lit_pieces
    assert view._drawing.piece_item(dragon).opacity() == 1.0
    _carry(window, qtbot, dragon)
    home = match.state.data["boards"][dragon]["region"]
    assert not view.item_for_space(home).active               # a fly ends away from where it began
    at = _point_of_space(window, home)
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=at)   # back over its own region
    assert not ghosts() and _played(window) == [] and not error_dialogs
    assert dragon in view.lit_pieces                          # everything playable is lit again
