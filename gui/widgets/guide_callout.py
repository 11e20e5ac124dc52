"""Help ▸ Learn to Play: the guided first game's menu entries and its callout, a small bubble over
the window that points at the element to use, says what to do and why, links the rule and offers
"Leave guide".

The bubble draws what the controller's `GuideRunner` says (`Callout`, plain data); what it points
at is an id from the game's table description (a space or a piece on the board, a card or token of
a board, the hand or the table), a button (``button:<command>``) or a panel, found on the screen
the way the player sees it. It knows no game: the words come from the game's guide file.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QPoint, QPointF, QRect, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPaintEvent, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QHBoxLayout, QLabel, QMenu, QPushButton, QVBoxLayout, QWidget

from gui.controller.types import without_seat
from gui.i18n import current_language
from gui.widgets import dialogs

if TYPE_CHECKING:
    from gui.controller.guide import Callout, GuideRunner
    from gui.main_window import MainWindow

POINTER = 14             # the pointer's length, in pixels
MARGIN = 8               # between the bubble and the window's edges
WIDTH = 320
FOLLOW_MS = 250          # how often the bubble follows its element (the board scrolls and zooms)
BUBBLE = QColor("#fff8d6")
BORDER = QColor("#b08800")
RING = QColor(230, 150, 0)


class GuideCallout(QWidget):
    """The bubble: a heading, the text, a rules link and Leave guide; it points at ``anchor``
    (a rectangle in its parent's coordinates), or floats at the top when there is none."""

    leave_requested = Signal()
    rule_requested = Signal(str)

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("guide_callout")
        self.setAttribute(Qt.WidgetAttribute.WA_TranslucentBackground)
        self.callout: Callout | None = None
        self.anchor: QRect | None = None
        self._tip: QPoint | None = None       # where the pointer ends, in own coordinates
        self._side = ""                        # the bubble's edge the pointer leaves from
        self._body = QRect()
        self.heading = QLabel(self)
        self.heading.setObjectName("guide_heading")
        font = self.heading.font()
        font.setBold(True)
        self.heading.setFont(font)
        self.text = QLabel(self)
        self.text.setObjectName("guide_text")
        self.text.setWordWrap(True)
        self.note = QLabel(self)
        self.note.setObjectName("guide_note")
        self.note.setWordWrap(True)
        self.rule_button = QPushButton(self)
        self.rule_button.setObjectName("guide_rule")
        self.rule_button.setFlat(True)
        self.rule_button.setCursor(Qt.CursorShape.PointingHandCursor)
        self.rule_button.clicked.connect(self._on_rule)
        self.leave_button = QPushButton(self)
        self.leave_button.setObjectName("guide_leave")
        self.leave_button.clicked.connect(self.leave_requested)
        buttons = QHBoxLayout()
        buttons.addWidget(self.rule_button)
        buttons.addStretch(1)
        buttons.addWidget(self.leave_button)
        self._layout = QVBoxLayout(self)
        self._layout.addWidget(self.heading)
        self._layout.addWidget(self.text)
        self._layout.addWidget(self.note)
        self._layout.addLayout(buttons)
        self.hide()

    # -- content -------------------------------------------------------------------------------
    def set_callout(self, callout: Callout | None, rule_words: str = "") -> None:
        self.callout = callout
        if callout is None:
            self.hide()
            return
        language = current_language()
        kind = callout.kind
        if kind == "finished":
            self.heading.setText(self.tr("Guide finished"))
        elif kind == "different":
            self.heading.setText(self.tr("Off the guide"))
        else:
            self.heading.setText(self.tr("Learn to play — step {number} of {steps}").format(
                number=callout.number, steps=callout.steps))
        text = callout.text.get(language)
        intro = callout.intro.get(language)
        self.text.setText(f"{intro}\n\n{text}" if intro and kind == "step" else text)
        note = ""
        if kind == "refused":
            note = (self.tr("Not allowed: {reason} (rule {rule})").format(reason=callout.reason,
                                                                           rule=callout.refused_rule)
                    if callout.refused_rule else self.tr("Not allowed: {reason}").format(reason=callout.reason))
        elif kind == "different":
            note = self.tr("That is legal, but the guide suggests: {move}. Undo to go back to the guide, or "
                           "leave the guide and play on.").format(move=callout.suggested)
        self.note.setText(note)
        self.note.setVisible(bool(note))
        self.rule_button.setVisible(bool(callout.rule) and kind != "finished")
        self.rule_button.setText(self.tr("Rules: {rule}").format(rule=callout.rule))
        self.rule_button.setToolTip(rule_words or callout.rule)   # the rule's name, when the reference has it
        self.leave_button.setText(self.tr("Close") if kind == "finished" else self.tr("Leave guide"))
        self.show()
        self.raise_()

    def shown_text(self) -> str:
        """Everything the bubble says now (for checks)."""
        parts = [self.heading.text(), self.text.text()]
        if self.note.isVisible():
            parts.append(self.note.text())
        if self.rule_button.isVisible():
            parts.append(self.rule_button.text())
        return "\n".join(parts)

    def _on_rule(self) -> None:
        if self.callout is not None and self.callout.rule:
            self.rule_requested.emit(self.callout.rule)

    # -- placing -------------------------------------------------------------------------------
    def place(self, anchor: QRect | None) -> None:
        """Put the bubble beside ``anchor`` (parent coordinates), inside the parent, pointing at it."""
        parent = self.parentWidget()
        if parent is None or self.callout is None:
            return
        self.anchor = anchor
        self.text.setFixedWidth(WIDTH - 24)
        self.note.setFixedWidth(WIDTH - 24)
        self._layout.setContentsMargins(12, 10, 12, 10)
        self._layout.activate()
        size = self._layout.sizeHint()
        body_w, body_h = WIDTH, size.height()
        area = parent.rect().adjusted(MARGIN, MARGIN, -MARGIN, -MARGIN)
        if anchor is None:
            x, y = area.center().x() - body_w // 2, area.top() + 40
            side = ""
        else:
            below = anchor.bottom() + POINTER + body_h <= area.bottom()
            above = anchor.top() - POINTER - body_h >= area.top()
            right = anchor.right() + POINTER + body_w <= area.right()
            left = anchor.left() - POINTER - body_w >= area.left()
            centre = anchor.center()
            if right:
                side, x, y = "left", anchor.right() + POINTER, centre.y() - body_h // 2
            elif left:
                side, x, y = "right", anchor.left() - POINTER - body_w, centre.y() - body_h // 2
            elif below:
                side, x, y = "top", centre.x() - body_w // 2, anchor.bottom() + POINTER
            elif above:
                side, x, y = "bottom", centre.x() - body_w // 2, anchor.top() - POINTER - body_h
            else:
                side, x, y = "", area.right() - body_w, area.top()
        x = max(area.left(), min(x, area.right() - body_w))
        y = max(area.top(), min(y, area.bottom() - body_h))
        pad = POINTER
        frame = QRect(x - pad, y - pad, body_w + 2 * pad, body_h + 2 * pad)
        self.setGeometry(frame)
        self._body = QRect(pad, pad, body_w, body_h)
        self._layout.setContentsMargins(12 + pad, 10 + pad, 12 + pad, 10 + pad)
        if anchor is not None and side:
            target = {"left": QPoint(anchor.right(), anchor.center().y()),
                      "right": QPoint(anchor.left(), anchor.center().y()),
                      "top": QPoint(anchor.center().x(), anchor.bottom()),
                      "bottom": QPoint(anchor.center().x(), anchor.top())}[side]
            self._tip = target - frame.topLeft()
            self._side = side
        else:
            self._tip = None
        self.raise_()
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        path = QPainterPath()
        body = self._body
        path.addRoundedRect(body.adjusted(0, 0, -1, -1), 8, 8)
        if self._tip is not None:
            tip = QPointF(self._tip)
            half = 9
            if self._side in ("left", "right"):
                edge = body.left() if self._side == "left" else body.right()
                y = min(max(tip.y(), body.top() + 12), body.bottom() - 12)
                base = [QPointF(edge, y - half), QPointF(edge, y + half)]
            else:
                edge = body.top() if self._side == "top" else body.bottom()
                x = min(max(tip.x(), body.left() + 12), body.right() - 12)
                base = [QPointF(x - half, edge), QPointF(x + half, edge)]
            pointer = QPainterPath()
            pointer.addPolygon(QPolygonF([base[0], tip, base[1], base[0]]))
            path = path.united(pointer)
        painter.setPen(QPen(BORDER, 2))
        painter.setBrush(BUBBLE)
        painter.drawPath(path)
        painter.end()


def _in_window(window: QWidget, widget: QWidget, rect: QRect | None = None) -> QRect:
    rect = rect if rect is not None else widget.rect()
    return QRect(widget.mapTo(window, rect.topLeft()), rect.size())


def find_anchor(window: MainWindow, point_at: str) -> tuple[QWidget, QRect] | None:
    """The widget showing ``point_at`` and its rectangle in the window's coordinates (None when the
    screen does not show it now)."""
    if point_at in ("panel:decision", "panel:actions"):
        dock: QWidget = window.choice_dock if point_at == "panel:decision" else window.actions_dock
        return (dock, _in_window(window, dock)) if dock.isVisible() else None
    if point_at.startswith("button:"):
        command = point_at[len("button:"):]
        button: QWidget | None = window.hint_button(command)
        if button is None:   # an answer given as a row of numbers and its Confirm button
            button = next((row for row in window.choice_dock.amount_rows
                           if any(without_seat(c) == command for _, _, c in row.choice.choices)), None)
        return (button, _in_window(window, button)) if button is not None and button.isVisible() else None
    grids = [window.hand_dock.cards, *(board.zones for board in window.player_boards_dock.boards),
             window.table_dock.zones]
    for grid in grids:
        label = grid.pieces.get(point_at)
        if label is not None and label.isVisible():
            return label, _in_window(window, label)
    view = window.board_view
    if window.central_stack.currentWidget() is not view:
        return None
    item: QGraphicsItem | None = view.item_for_piece(point_at)
    if item is None and point_at in view.space_ids():
        item = view.item_for_space(point_at)
    if item is None:
        return None
    scene_rect = item.sceneBoundingRect()
    polygon = view.mapFromScene(scene_rect)
    rect = polygon.boundingRect().intersected(view.viewport().rect())
    if rect.isEmpty():
        view.centerOn(item)
        rect = view.mapFromScene(scene_rect).boundingRect().intersected(view.viewport().rect())
        if rect.isEmpty():
            return None
    return view.viewport(), _in_window(window, view.viewport(), rect)


class LearnToPlay(QObject):
    """Help ▸ Learn to Play: one menu entry per game with a guide, the guide's runner, and the
    callout that follows it on the window."""

    def __init__(self, window: MainWindow, menu: QMenu) -> None:
        super().__init__(window)
        self.window = window
        self.menu = menu
        self._runner: GuideRunner | None = None
        self.callout = GuideCallout(window)
        self.callout.leave_requested.connect(self.leave)
        self.callout.rule_requested.connect(lambda rule: window.show_rules(rule))
        self.anchor_widget: QWidget | None = None
        self._follow = QTimer(self)
        self._follow.setInterval(FOLLOW_MS)
        self._follow.timeout.connect(self.reposition)
        menu.aboutToShow.connect(self.fill_menu)
        window.installEventFilter(self)
        # A touch that plays nothing (an unlit space, a card that cannot be used now) is explained in
        # the callout too, once the window has handled it.
        window.board_view.space_clicked.connect(self._on_touched)
        for dock in (window.player_boards_dock, window.table_dock, window.hand_dock):
            dock.piece_clicked.connect(self._on_touched)
        self._last_step = 0

    @property
    def runner(self) -> GuideRunner:
        if self._runner is None:
            from gui.controller.guide import GuideRunner  # the first guide started: not at start-up
            self._runner = GuideRunner(self.window.session, self)
            self._runner.callout_changed.connect(self._on_callout)
        return self._runner

    def fill_menu(self) -> None:
        from gui.controller.guide import guide_entries
        self.menu.clear()
        language = current_language()
        for entry in guide_entries():
            action = self.menu.addAction(entry.title.get(language))
            action.setObjectName(f"learn_{entry.game}")
            action.setData(entry.game)
            action.setStatusTip(self.tr("Play a first game with a guide that shows each move"))
            action.triggered.connect(lambda _=False, game=entry.game: self.start(game))

    def start(self, game_id: str) -> bool:
        from gui.controller.session import SessionError
        try:
            self.runner.start(game_id)
        except SessionError as error:
            dialogs.show_error(self.window, error.title, error.message)
            return False
        self._follow.start()
        return True

    def is_active(self) -> bool:
        return self._runner is not None and self._runner.is_active()

    def leave(self) -> None:
        """Leave the guide (or close the finished one's bubble): the game plays on as it is."""
        if self._runner is not None:
            self._runner.leave()
        self.callout.set_callout(None)
        self._follow.stop()

    def _on_touched(self, thing: str) -> None:
        runner = self._runner
        if runner is None or not runner.is_active():
            return
        before = runner.history_length()
        QTimer.singleShot(0, self.callout, lambda: runner.explain_touch(thing, before))

    def _on_callout(self, callout: Callout | None) -> None:
        rule_words = self.window.session.rule_words(callout.rule) if callout is not None and callout.rule else ""
        self.callout.set_callout(callout, rule_words)
        if callout is None:
            if not self.is_active():
                self._follow.stop()
            return
        QTimer.singleShot(0, self.callout, self.reposition)   # once the window has drawn the new position
        self._follow.start()
        self.reposition()
        if callout.kind == "step" and callout.number != self._last_step:
            self._last_step = callout.number   # a new step: its space on the board flashes once
            if callout.point_at in self.window.board_view.space_ids():
                self.window.board_view.flash_in_turn([callout.point_at], 1200)

    def reposition(self) -> None:
        """Follow the element pointed at (the board scrolls and zooms); say the step again when
        the learner decides after a pause in which nothing was said."""
        callout = self.callout.callout
        if callout is None and self._runner is not None:
            self._runner.refresh()
            return
        if callout is None or not self.callout.isVisible():
            return
        found = find_anchor(self.window, callout.point_at) if callout.point_at else None
        self.anchor_widget = found[0] if found is not None else None
        self.callout.place(found[1] if found is not None else None)

    def retranslate(self) -> None:
        if self._runner is not None and self._runner.callout is not None:
            self._on_callout(self._runner.callout)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.window and event.type() == QEvent.Type.Resize and self.callout.isVisible():
            QTimer.singleShot(0, self.callout, self.reposition)
        return False
