"""The generic board view: zoom (wheel under the mouse, keys), pan (drag, scroll bars), fit;
clicks on spaces, the viewer's walking piece dragged along a path, a lit piece of the board carried
to another space or piece, pieces dropped from a player board, and a tooltip per space from whoever
provides one (the main window asks the engine).

Until a game-specific drawing exists it lays the game's spaces out as a plain grid of labelled
tiles and highlights those the controller says are playable; it knows no rules. With no game open
it shows a friendly placeholder instead.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QPoint, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QDragEnterEvent,
    QDragMoveEvent,
    QDropEvent,
    QFont,
    QHelpEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
    QWheelEvent,
)
from PySide6.QtWidgets import (
    QApplication,
    QGraphicsItem,
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
    QGraphicsView,
    QToolTip,
    QWidget,
)

from gui.dragdrop import piece_of

if TYPE_CHECKING:
    from .scene import LayoutScene, SpaceItem, TokenItem
# gui.board.scene (the drawn boards' items, ~3 ms to import) loads when a game's board is first drawn.


@dataclass
class TokenGesture:
    """The viewer's walking piece, pressed: a click selects it, a drag walks it over spaces."""

    origin: str
    pressed_at: QPoint
    passed: list[str] = field(default_factory=list)
    ghost: TokenItem | None = None  # follows the pointer once the drag started

@dataclass
class PieceCarry:
    """A lit piece of the board that may be picked up, pressed: a click touches it, a drag carries
    it (a ghost follows the pointer) and drops it on the space or lit piece under the release."""

    piece: str
    pressed_at: QPoint
    origin: str | None = None       # the space it stands on
    ghost: TokenItem | None = None


ZOOM_STEP = 1.25
FLASH_STEP_MS = 300
MIN_ZOOM, MAX_ZOOM = 0.1, 8.0
MAX_FIT_ZOOM = 1.5  # a small board fitted into a big window would look blown up
TILE, GAP = 80.0, 12.0
SPACE_KEY = 0  # QGraphicsItem data slot holding a tile's space id (the same slot as scene.SPACE_KEY)
LABEL_Z = 10.0  # labels on their own layer, so later tiles never paint over them
LIFTED_OPACITY = 0.35  # a piece carried by a drag, where it stood

BACKGROUND = QColor("#eef1f5")
TILE_FILL, TILE_EDGE = QColor("#ffffff"), QColor("#9aa5b1")
ACTIVE_FILL, ACTIVE_EDGE = QColor("#dcefdc"), QColor("#2e7d32")
PLACEHOLDER_TEXT = QColor("#6b7785")
EMPTY_SCENE = QRectF(0, 0, 640, 400)


class BoardView(QGraphicsView):
    space_clicked = Signal(str)
    # the viewer's walking piece was pressed (a click selects it, a drag moves it)
    token_picked = Signal()
    # the walking piece was dropped on a space, after passing over these spaces (in order)
    token_dropped = Signal(str, list)
    # a lit piece of the board was picked up (carried by a drag): where it may go should light
    piece_picked = Signal(str)
    # a piece dragged from elsewhere (a player board) was dropped on a space, or on a lit piece
    # there: piece, space or piece id
    piece_dropped = Signal(str, str)
    # a half-made gesture (a selected or dragged piece) was given up
    gesture_cancelled = Signal()
    # a right click on a space: "show me every way to play here"
    space_menu_requested = Signal(str)
    zoom_changed = Signal(float)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("board_view")
        # A viewport made here, not the one QAbstractScrollArea made: the first viewport() call
        # on Qt's own would wrap a bare C++ QWidget, and PySide6 then initialises every QWidget
        # subclass it knows to find its type (~10 ms at start-up). Looks and behaves the same.
        self._own_viewport = QWidget()
        self.setViewport(self._own_viewport)
        # The view does not own its scene: parent it, or it is collected and the view goes blank.
        self.board_scene = QGraphicsScene(self)
        self.board_scene.setSceneRect(EMPTY_SCENE)
        self.setScene(self.board_scene)
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setBackgroundBrush(QBrush(BACKGROUND))
        self.setFrameShape(QGraphicsView.Shape.NoFrame)
        self._tiles: dict[str, QGraphicsRectItem] = {}
        self._drawing: LayoutScene | None = None  # set while a game's own layout is shown
        self._press_at: QPoint | None = None
        self.own_seat: int | None = None  # whose walking piece the player may pick up
        self._token: TokenGesture | None = None
        self.token_selected = False  # the walking piece was clicked: where it may go is lit
        self.lit_pieces: set[str] = set()  # ids of the pieces a click touches now
        self.draggable_pieces: set[str] = set()  # ids of the pieces that may be picked up now
        self._carry: PieceCarry | None = None
        self._flash_round = 0        # bumped by each flash_in_turn: older timers do nothing
        # space id -> tooltip text ("" for none); set by whoever knows what a space offers
        self.tooltip_provider: Callable[[str], str] | None = None
        self._placeholder = ""
        self._show_placeholder = True
        self.retranslateUi()

    # -- content -------------------------------------------------------------------------------
    def show_placeholder(self) -> None:
        self.board_scene.clear()
        self._tiles = {}
        self._drawing = None
        self.board_scene.setSceneRect(EMPTY_SCENE)
        self._show_placeholder = True
        self.resetTransform()
        self.zoom_changed.emit(self.zoom())
        self.viewport().update()

    def is_showing_placeholder(self) -> bool:
        return self._show_placeholder

    def show_spaces(self, spaces: Iterable[str], active: Iterable[str] = ()) -> None:
        """Draw one tile per space id, in a grid; rebuilds only when the set of spaces changes."""
        spaces = list(spaces)
        self._show_placeholder = False
        if self._drawing is not None or list(self._tiles) != spaces:
            self._build_tiles(spaces)
        self.highlight(active)
        self.viewport().update()

    def show_layout(self, layout: Mapping[str, Any], marks: Mapping[str, Any],
                    active: Iterable[str] = ()) -> None:
        """Draw the game's own board from its layout data; rebuilds only when the layout changes."""
        self._show_placeholder = False
        if self._drawing is None or self._drawing.layout != layout:
            self._tiles = {}
            from .scene import LayoutScene
            self._drawing = LayoutScene(self.board_scene, layout, self.font())
        self._drawing.apply_marks(marks)
        self.highlight(active)
        self.viewport().update()

    def is_showing_layout(self) -> bool:
        return self._drawing is not None

    def item_for_space(self, space: str) -> SpaceItem:
        if self._drawing is None:
            raise KeyError(space)
        return self._drawing.item_for_space[space]

    def item_for_piece(self, piece: str) -> QGraphicsItem | None:
        """The drawn item of a piece on the game's own layout (None on the plain grid or when absent)."""
        return self._drawing.piece_item(piece) if self._drawing is not None else None

    def highlight(self, active: Iterable[str]) -> None:
        """Light the spaces, and the pieces, whose ids are in ``active``."""
        if self._drawing is not None:
            active = set(active)
            self._drawing.highlight(active)
            self.lit_pieces = self._drawing.highlight_pieces(active)
            return
        active = set(active)
        for space, tile in self._tiles.items():
            on = space in active
            tile.setBrush(QBrush(ACTIVE_FILL if on else TILE_FILL))
            tile.setPen(QPen(ACTIVE_EDGE if on else TILE_EDGE, 2.5 if on else 1.5))

    def flash_in_turn(self, spaces: list[str], step_ms: int = FLASH_STEP_MS) -> None:
        """Outline each space for a moment, one after another: tiles discovered along a walk
        appear in the order they were found. A new call replaces a sequence still running."""
        self._flash_round += 1
        if self._drawing is not None:
            for item in self._drawing.item_for_space.values():
                item.set_flashing(False)
        current = self._flash_round
        for index, space in enumerate(spaces):
            QTimer.singleShot(index * step_ms, self, lambda s=space: self._set_flashing(current, s, True))
            QTimer.singleShot((index + 1) * step_ms, self, lambda s=space: self._set_flashing(current, s, False))

    def _set_flashing(self, flash_round: int, space: str, on: bool) -> None:
        # looked up when the timer fires: the drawing may have been rebuilt meanwhile
        item = self._drawing.item_for_space.get(space) if self._drawing is not None else None
        if item is not None and flash_round == self._flash_round:
            item.set_flashing(on)

    def show_last_move(self, spaces: Iterable[str]) -> None:
        """Outline the spaces of the last computer move (empty: none)."""
        if self._drawing is not None:
            self._drawing.show_last_move(spaces)

    def space_ids(self) -> list[str]:
        return self._drawing.space_ids() if self._drawing is not None else list(self._tiles)

    def tile_for_space(self, space: str) -> QGraphicsRectItem:
        return self._tiles[space]

    def _build_tiles(self, spaces: list[str]) -> None:
        self.board_scene.clear()
        self._tiles = {}
        self._drawing = None
        columns = max(1, math.ceil(math.sqrt(len(spaces))))
        font = QFont(self.font())
        font.setPointSizeF(max(9.0, font.pointSizeF() * 1.1))
        for index, space in enumerate(spaces):
            row, column = divmod(index, columns)
            rect = QRectF(column * (TILE + GAP), row * (TILE + GAP), TILE, TILE)
            tile = self.board_scene.addRect(rect)
            tile.setData(SPACE_KEY, space)
            tile.setToolTip(space)
            label = QGraphicsSimpleTextItem(space)
            label.setFont(font)
            label.setZValue(LABEL_Z)
            label.setData(SPACE_KEY, space)
            box = label.boundingRect()
            label.setPos(rect.center().x() - box.width() / 2, rect.center().y() - box.height() / 2)
            self.board_scene.addItem(label)
            self._tiles[space] = tile
        bounds = self.board_scene.itemsBoundingRect()
        margin = GAP * 2
        self.board_scene.setSceneRect(bounds.adjusted(-margin, -margin, margin, margin))

    # -- zoom ----------------------------------------------------------------------------------
    def zoom(self) -> float:
        return self.transform().m11()

    def zoom_in(self) -> None:
        self._zoom_by(ZOOM_STEP)

    def zoom_out(self) -> None:
        self._zoom_by(1 / ZOOM_STEP)

    def fit(self) -> None:
        self.resetTransform()
        self.fitInView(self.board_scene.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
        if self.zoom() > MAX_FIT_ZOOM:
            self.resetTransform()
            self.scale(MAX_FIT_ZOOM, MAX_FIT_ZOOM)
        self.zoom_changed.emit(self.zoom())

    def _zoom_by(self, factor: float) -> None:
        target = min(MAX_ZOOM, max(MIN_ZOOM, self.zoom() * factor))
        if not math.isclose(target, self.zoom()):
            self.scale(target / self.zoom(), target / self.zoom())
            self.zoom_changed.emit(self.zoom())

    def wheelEvent(self, event: QWheelEvent) -> None:
        steps = event.angleDelta().y() / 120
        if not steps:
            super().wheelEvent(event)  # sideways scrolling pans
            return
        # Zoom around the point under the mouse, so what the player points at stays put.
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self._zoom_by(ZOOM_STEP ** steps)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        event.accept()

    # -- clicks (a press and release without a drag; a drag pans) ------------------------------
    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.RightButton:
            space = self.space_at(event.position().toPoint())
            if space is not None:
                self.space_menu_requested.emit(space)
                event.accept()
                return
        if event.button() == Qt.MouseButton.LeftButton:
            at = event.position().toPoint()
            walker = self._own_walker_at(at)
            if walker is not None:  # picking up the piece, not panning the board
                self._token = TokenGesture(str(walker.data(SPACE_KEY)), at)
                self.token_picked.emit()
                event.accept()
                return
            piece = self._draggable_piece_at(at)
            if piece is not None:  # a click touches it, a drag carries it: no panning
                self._carry = PieceCarry(piece, at, self.space_at(at))
                event.accept()
                return
            self._press_at = at
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._carry is not None:
            self._carry_to(self._carry, event.position().toPoint())
            event.accept()
            return
        gesture = self._token
        if gesture is None:
            super().mouseMoveEvent(event)
            return
        at = event.position().toPoint()
        if gesture.ghost is None and (at - gesture.pressed_at).manhattanLength() < QApplication.startDragDistance():
            return
        if gesture.ghost is None and self.own_seat is not None:
            walker = self._drawing.walker_of(self.own_seat) if self._drawing is not None else None
            radius = walker.radius if walker is not None else 12.0
            from .scene import TokenItem
            gesture.ghost = TokenItem(self.own_seat, self.mapToScene(at), radius, None)
            gesture.ghost.setOpacity(0.75)
            gesture.ghost.setZValue(LABEL_Z + 1)
            self.board_scene.addItem(gesture.ghost)
        if gesture.ghost is not None:
            gesture.ghost.setPos(self.mapToScene(at))
        space = self.space_at(at)
        if space is not None and space != gesture.origin and (not gesture.passed or gesture.passed[-1] != space):
            gesture.passed.append(space)
        event.accept()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        carry, self._carry = self._carry, None
        if carry is not None:
            self._put_down(carry, event)
            return
        gesture, self._token = self._token, None
        if gesture is not None:
            dragged = gesture.ghost is not None
            self._drop_ghost(gesture)
            if event.button() != Qt.MouseButton.LeftButton:
                return
            if not dragged:
                self.token_selected = True  # a click: the lit triangles wait for the next click
                return
            target = self.space_at(event.position().toPoint())
            if target is None or target == gesture.origin:
                self.gesture_cancelled.emit()  # back where it came from: the piece snaps back
            else:
                self.token_dropped.emit(target, list(gesture.passed))
            event.accept()
            return
        super().mouseReleaseEvent(event)
        pressed, self._press_at = self._press_at, None
        if event.button() != Qt.MouseButton.LeftButton or pressed is None:
            return
        at = event.position().toPoint()
        if (at - pressed).manhattanLength() >= QApplication.startDragDistance():
            return
        thing = self.thing_at(at)
        if thing is not None:
            self.space_clicked.emit(thing)

    def cancel_gesture(self) -> bool:
        """Give up a selected or dragged piece (Esc); True when there was one."""
        gesture, self._token = self._token, None
        carry, self._carry = self._carry, None
        selected, self.token_selected = self.token_selected, False
        if gesture is not None:
            self._drop_ghost(gesture)
        if carry is not None:
            self._drop_ghost(carry)
        if gesture is not None or carry is not None or selected:
            self.gesture_cancelled.emit()
            return True
        return False

    def _drop_ghost(self, gesture: TokenGesture | PieceCarry) -> None:
        if gesture.ghost is not None:
            self.board_scene.removeItem(gesture.ghost)
            gesture.ghost = None
        if isinstance(gesture, PieceCarry) and self._drawing is not None:
            piece = self._drawing.piece_item(gesture.piece)
            if piece is not None:
                piece.setOpacity(1.0)

    # -- a lit piece of the board carried to a space ----------------------------------------------
    def _draggable_piece_at(self, at: QPoint) -> str | None:
        """The lit piece under ``at`` that may be picked up now, if any."""
        thing = self.thing_at(at)
        return thing if thing is not None and thing in self.lit_pieces and thing in self.draggable_pieces else None

    def _carry_to(self, carry: PieceCarry, at: QPoint) -> None:
        """The pressed piece follows the pointer once it moved far enough: a ghost of it, and the
        places it may go lit (by whoever answers `piece_picked`)."""
        if carry.ghost is None:
            if (at - carry.pressed_at).manhattanLength() < QApplication.startDragDistance():
                return
            piece = self._drawing.piece_item(carry.piece) if self._drawing is not None else None
            from .scene import TokenItem
            carry.ghost = TokenItem(piece.seat if piece else None, self.mapToScene(at), piece.radius if piece else 12.0,
                                    None, kind=piece.kind if piece else "figure", label=piece.label if piece else None,
                                    count=piece.count if piece else 1, look=piece.look if piece else None)
            carry.ghost.setOpacity(0.75)
            carry.ghost.setZValue(LABEL_Z + 1)
            self.board_scene.addItem(carry.ghost)
            if piece is not None:  # lifted: only its shadow stays where it stood
                piece.setOpacity(LIFTED_OPACITY)
            self.piece_picked.emit(carry.piece)
        carry.ghost.setPos(self.mapToScene(at))

    def _put_down(self, carry: PieceCarry, event: QMouseEvent) -> None:
        """The pressed piece released: a click touches it; a drag drops it on the space (or lit
        piece) under the pointer, or, back where it stands or off the board, is given up."""
        dragged = carry.ghost is not None
        self._drop_ghost(carry)
        event.accept()
        if event.button() != Qt.MouseButton.LeftButton:
            return
        if not dragged:
            self.space_clicked.emit(carry.piece)
            return
        target = self.thing_at(event.position().toPoint())
        if target is None or target in (carry.piece, carry.origin):
            self.gesture_cancelled.emit()
        else:
            self.piece_dropped.emit(carry.piece, target)

    def _own_walker_at(self, at: QPoint) -> TokenItem | None:
        if self.own_seat is None:
            return None
        from .scene import TokenItem
        return next((item for item in self.items(at)
                     if isinstance(item, TokenItem) and item.walks and item.seat == self.own_seat), None)

    # -- pieces dropped from other widgets ------------------------------------------------------
    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if piece_of(event.mimeData()) is None:
            event.ignore()
            return
        event.acceptProposedAction()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        if piece_of(event.mimeData()) is None or self.space_at(event.position().toPoint()) is None:
            event.ignore()
            return
        event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        piece = piece_of(event.mimeData())
        space = self.thing_at(event.position().toPoint())  # a lit piece there, else the space
        if piece is None or space is None:
            event.ignore()
            return
        event.acceptProposedAction()
        self.piece_dropped.emit(piece, space)

    # -- tooltips: what a space offers, or why it offers nothing ------------------------------
    def viewportEvent(self, event: QEvent) -> bool:
        if isinstance(event, QHelpEvent) and self.tooltip_provider is not None:
            space = self.space_at(event.pos())
            text = self.tooltip_provider(space) if space is not None else ""
            item: SpaceItem | TokenItem | None = (
                self._drawing.item_for_space.get(space) if self._drawing is not None and space else None)
            piece = self.piece_item_at(event.pos())
            if piece is not None and piece.toolTip():  # a piece says what it is, then its space
                item = piece
            if item is not None and item.toolTip():  # the space's own name first
                from html import escape  # html loads its entity table (~2 ms): not at start-up
                text = f"<b>{escape(item.toolTip())}</b><br>{escape(text).replace(chr(10), '<br>')}" if text \
                    else item.toolTip()
            if text:
                QToolTip.showText(event.globalPos(), text, self.viewport())
            else:
                QToolTip.hideText()
            return True
        return super().viewportEvent(event)

    def piece_item_at(self, at: QPoint) -> TokenItem | None:
        """The topmost piece under a viewport point, if any."""
        from .scene import TokenItem
        return next((item for item in self.items(at) if isinstance(item, TokenItem)), None)

    def thing_at(self, at: QPoint) -> str | None:
        """What a click at a viewport point touches: a lit piece by its id (even one a neighbour
        or a label partly covers), else the space."""
        from .scene import TokenItem
        piece = next((item for item in self.items(at) if isinstance(item, TokenItem)
                      and item.piece_id is not None and item.piece_id in self.lit_pieces), None)
        return piece.piece_id if piece is not None else self.space_at(at)

    def space_at(self, at: QPoint) -> str | None:
        """The space under a viewport point (labels and tokens answer for their space)."""
        for item in self.items(at):
            space = item.data(SPACE_KEY)
            if isinstance(space, str):
                return space
        return None

    # -- placeholder ---------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if self._show_placeholder:
            painter = QPainter(self.viewport())
            font = QFont(self.font())
            font.setPointSizeF(font.pointSizeF() * 1.4)
            painter.setFont(font)
            painter.setPen(PLACEHOLDER_TEXT)
            painter.drawText(self.viewport().rect().adjusted(24, 24, -24, -24),
                             Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap, self._placeholder)
            painter.end()

    def scrollContentsBy(self, dx: int, dy: int) -> None:
        super().scrollContentsBy(dx, dy)
        if self._show_placeholder:
            self.viewport().update()  # the placeholder is fixed to the window, not to the scene

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslateUi()
        super().changeEvent(event)

    def retranslateUi(self) -> None:
        self._placeholder = self.tr("No game open — File ▸ New Game (Ctrl+N)")
        self.viewport().update()
