"""The review window: a game looked back at, with a timeline under the board and the log beside it.

File ▸ Open Replay (any save) and Game ▸ Review (the game being played) open it. The board, the
player boards, the shared table and the log show the position at the step the timeline is on;
the timeline steps one command or one round back and forward, jumps to either end, plays the
game on at a chosen speed, and a click on a log line jumps there. A finished game may be shown
from any seat's view or all at once; a game still being played only from the reviewer's own seat.
"Play from here…" asks how to deal what is hidden and starts a new game from the position on show.

Everything comes from the `ReviewSession` (gui/controller/review.py) as plain data; this module
knows no game.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QEvent, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence, QShowEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QRadioButton,
    QSizePolicy,
    QSlider,
    QStackedWidget,
    QStyle,
    QTextBrowser,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from gui.board.view import BoardView
from gui.controller.review import ALL, ReviewSession
from gui.controller.types import SessionError
from gui.i18n import current_language
from gui.widgets import dialogs
from gui.widgets.player_board import PlayerBoardsDock
from gui.widgets.table_dock import TableDock

if TYPE_CHECKING:
    from gui.controller.review import PlayingSession

# Moves per second of "play" (the speed box offers these)
SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0)
DEFAULT_SPEED = 2.0


class Timeline(QWidget):
    """The slider and buttons under the board; it asks the review to move and shows where it is."""

    def __init__(self, review: ReviewSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("review_timeline")
        self.review = review
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        layout.setSpacing(2)
        self.slider = QSlider(Qt.Orientation.Horizontal, self)
        self.slider.setObjectName("review_slider")
        self.slider.setRange(0, review.length)
        self.slider.setPageStep(max(1, review.length // 20))
        self.slider.setValue(review.position)
        self.slider.valueChanged.connect(review.go)
        layout.addWidget(self.slider)
        row = QHBoxLayout()
        row.setSpacing(2)
        layout.addLayout(row)

        def button(name: str, icon: QStyle.StandardPixmap) -> QToolButton:
            b = QToolButton(self)
            b.setObjectName(name)
            b.setIcon(self.style().standardIcon(icon))
            b.setAutoRaise(True)
            row.addWidget(b)
            return b

        pixmaps = QStyle.StandardPixmap
        self.first = button("review_first", pixmaps.SP_MediaSkipBackward)
        self.previous_round = button("review_previous_round", pixmaps.SP_MediaSeekBackward)
        self.previous = button("review_previous", pixmaps.SP_ArrowLeft)
        self.play = button("review_play", pixmaps.SP_MediaPlay)
        self.play.setCheckable(True)
        self.next = button("review_next", pixmaps.SP_ArrowRight)
        self.next_round = button("review_next_round", pixmaps.SP_MediaSeekForward)
        self.last = button("review_last", pixmaps.SP_MediaSkipForward)
        self.first.clicked.connect(lambda: review.go(0))
        self.previous_round.clicked.connect(review.previous_round)
        self.previous.clicked.connect(lambda: review.step_by(-1))
        self.next.clicked.connect(lambda: review.step_by(1))
        self.next_round.clicked.connect(review.next_round)
        self.last.clicked.connect(lambda: review.go(review.length))
        self.speed = QComboBox(self)
        self.speed.setObjectName("review_speed")
        for speed in SPEEDS:
            self.speed.addItem("", speed)
        self.speed.setCurrentIndex(SPEEDS.index(DEFAULT_SPEED))
        row.addWidget(self.speed)
        self.where = QLabel(self)
        self.where.setObjectName("review_where")
        # its words may be long (whose decision it is): a line of its own above the slider, and
        # they give way, never the docks beside the board
        self.where.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        layout.insertWidget(0, self.where)
        row.addStretch(1)
        self.seat_label = QLabel(self)
        row.addWidget(self.seat_label)
        self.seat = QComboBox(self)
        self.seat.setObjectName("review_seat")
        row.addWidget(self.seat)
        self.seat_label.setBuddy(self.seat)
        self.branch = QToolButton(self)
        self.branch.setObjectName("review_play_from_here")
        self.branch.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        row.addWidget(self.branch)
        self.seat.currentIndexChanged.connect(self._on_seat_chosen)
        self.fill_seats()
        self.retranslateUi()

    def fill_seats(self) -> None:
        self.seat.blockSignals(True)
        self.seat.clear()
        for seat, name in self.review.seat_choices():
            self.seat.addItem(name, seat)
        self.seat.setCurrentIndex(max(0, self.seat.findData(self.review.shown)))
        self.seat.setEnabled(self.seat.count() > 1)
        self.seat.blockSignals(False)

    def _on_seat_chosen(self, index: int) -> None:
        seat = self.seat.itemData(index)
        if isinstance(seat, int):
            self.review.set_shown(seat)

    def interval_ms(self) -> int:
        speed = self.speed.currentData()
        return int(1000 / (speed if isinstance(speed, float) and speed > 0 else DEFAULT_SPEED))

    def refresh(self) -> None:
        review = self.review
        k, n = review.position, review.length
        self.slider.blockSignals(True)
        self.slider.setValue(k)
        self.slider.blockSignals(False)
        for b in (self.first, self.previous, self.previous_round):
            b.setEnabled(k > 0)
        for b in (self.next, self.next_round, self.last):
            b.setEnabled(k < n)
        self.branch.setEnabled(review.can_branch())
        number = review.round_number()
        where = self.tr("Move {step} of {count}").format(step=k, count=n)
        if number:  # not before the first round
            where += " · " + self.tr("Round {round}").format(round=number)
        status = review.status_text()
        self.where.setText(where + (" · " + status if status else ""))
        self.where.setToolTip(self.where.text())

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslateUi()
        super().changeEvent(event)

    def retranslateUi(self) -> None:
        rounds = self.review.has_rounds()
        self.first.setToolTip(self.tr("Go to the start of the game (Home)"))
        self.previous_round.setToolTip(self.tr("Back to the start of the round (Page Up)") if rounds
                                       else self.tr("Back to the start of the turn (Page Up)"))
        self.previous.setToolTip(self.tr("Back one move (Left)"))
        self.play.setToolTip(self.tr("Play the game on from here at the chosen speed (Space)"))
        self.next.setToolTip(self.tr("Forward one move (Right)"))
        self.next_round.setToolTip(self.tr("Forward to the next round (Page Down)") if rounds
                                   else self.tr("Forward to the next turn (Page Down)"))
        self.last.setToolTip(self.tr("Go to the last move (End)"))
        self.slider.setToolTip(self.tr("Drag to any point of the game"))
        for index, speed in enumerate(SPEEDS):
            self.speed.setItemText(index, self.tr("{speed} moves/s").format(speed=f"{speed:g}"))
        self.speed.setToolTip(self.tr("How fast Play goes on"))
        self.seat_label.setText(self.tr("&View of:"))
        self.seat.setToolTip(self.tr("Whose view to show: any player's, or everyone's, once the game is over")
                             if self.review.finished else
                             self.tr("A game still being played is shown only as you saw it"))
        self.branch.setText(self.tr("Play from &Here…"))
        self.branch.setToolTip(self.tr("Start a new game that goes on from this position"))
        self.fill_seats()
        self.refresh()


class PlayFromHereDialog(QDialog):
    """How the new game deals what is hidden: a finished game may keep the real order."""

    def __init__(self, finished: bool, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("play_from_here_dialog")
        self.game_over = finished
        layout = QVBoxLayout(self)
        self.intro = QLabel(self)
        self.intro.setWordWrap(True)
        layout.addWidget(self.intro)
        self.keep = QRadioButton(self)
        self.keep.setObjectName("keep_real_order")
        self.deal = QRadioButton(self)
        self.deal.setObjectName("deal_again")
        self.group = QButtonGroup(self)
        self.group.addButton(self.keep)
        self.group.addButton(self.deal)
        layout.addWidget(self.keep)
        layout.addWidget(self.deal)
        self.keep.setVisible(finished)
        self.deal.setVisible(finished)
        (self.keep if finished else self.deal).setChecked(True)
        self.name = QLabel(self)
        self.name.setWordWrap(True)
        self.name.setObjectName("branch_name")
        layout.addWidget(self.name)
        self._branch_name = name
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel,
                                        self)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self.setMinimumWidth(420)
        self.retranslateUi()

    def keep_real_order(self) -> bool:
        return self.game_over and self.keep.isChecked()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslateUi()
        super().changeEvent(event)

    def retranslateUi(self) -> None:
        self.setWindowTitle(self.tr("Play from Here"))
        self.intro.setText(
            self.tr("A new game starts from this position; the game you are reviewing stays as it was.")
            + ("" if self.game_over else "\n\n" + self.tr(
                "The game is still being played, so everything you could not see at this point (the "
                "order of the decks, the other players' hidden cards) is dealt again at random, and "
                "the dice and draws still to come are new.")))
        self.keep.setText(self.tr("&Keep the real order of everything hidden (the game is over)"))
        self.keep.setToolTip(self.tr("The new game goes on with the same decks, hidden cards and draws as "
                                     "the real game had"))
        self.deal.setText(self.tr("&Deal everything hidden again at random"))
        self.deal.setToolTip(self.tr("What your seat could not see is shuffled again, and the dice and "
                                     "draws still to come are new"))
        self.name.setText(self.tr("It is saved as its own game: {name}").format(name=self._branch_name))
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText(self.tr("&Play"))
        ok.setToolTip(self.tr("Start the new game"))


class ReviewWindow(QMainWindow):
    """One game reviewed; emits `play_requested` with a branch's save for the main window to open."""

    play_requested = Signal(str)

    def __init__(self, review: ReviewSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("review_window")
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.review = review
        review.setParent(self)
        self.board_view = BoardView(self)
        self.table_view = QTextBrowser(self)
        self.table_view.setObjectName("review_table_view")
        self.stack = QStackedWidget(self)
        self.stack.addWidget(self.board_view)
        self.stack.addWidget(self.table_view)
        central = QWidget(self)
        layout = QVBoxLayout(central)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.stack, 1)
        self.timeline = Timeline(review, central)
        layout.addWidget(self.timeline)
        self.setCentralWidget(central)

        self.log_dock = QDockWidget(self)
        self.log_dock.setObjectName("review_log_dock")
        self.log = QListWidget(self.log_dock)
        self.log.setObjectName("review_log")
        self.log.setWordWrap(True)
        self.log.setAlternatingRowColors(True)
        self.log.itemClicked.connect(self._on_line_clicked)
        self.log.itemActivated.connect(self._on_line_clicked)
        self.log_dock.setWidget(self.log)
        self.player_boards_dock = PlayerBoardsDock(self)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.player_boards_dock)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.log_dock)
        self.splitDockWidget(self.player_boards_dock, self.log_dock, Qt.Orientation.Vertical)
        self.table_dock = TableDock(self)
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.table_dock)

        self._shown_boards: list[tuple[str, dict[str, Any], bool] | None] = []
        self.play_timer = QTimer(self)
        self.play_timer.timeout.connect(self._play_one)
        self.timeline.play.toggled.connect(self._on_play_toggled)
        self.timeline.speed.currentIndexChanged.connect(
            lambda _: self.play_timer.setInterval(self.timeline.interval_ms()))
        self.timeline.branch.clicked.connect(self.play_from_here)
        self._keys: dict[str, QAction] = {}
        for name, key, slot in (
                ("previous", "Left", lambda: review.step_by(-1)), ("next", "Right", lambda: review.step_by(1)),
                ("first", "Home", lambda: review.go(0)), ("last", "End", lambda: review.go(review.length)),
                ("previous_round", "PgUp", review.previous_round), ("next_round", "PgDown", review.next_round),
                ("play", "Space", self.timeline.play.toggle)):
            action = QAction(self)
            action.setShortcut(QKeySequence(key))
            action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
            action.triggered.connect(slot)
            self.addAction(action)
            self._keys[name] = action
        review.position_changed.connect(lambda _: self.refresh())
        review.shown_changed.connect(lambda _: self.refresh(log=True))
        self.resize(1200, 760)
        self._docks_sized = False
        self.retranslateUi()
        self.refresh(log=True)
        QTimer.singleShot(0, self.board_view.fit)

    # -- showing the position ------------------------------------------------------------------
    def refresh(self, log: bool = False) -> None:
        review = self.review
        layout = review.board_layout()
        table = review.table()
        if layout.get("spaces"):
            self.board_view.show_layout(layout, dict(table.get("spaces") or {}), ())
            self.stack.setCurrentWidget(self.board_view)
        else:
            self.table_view.setHtml(review.table_text())
            self.stack.setCurrentWidget(self.table_view)
        self.board_view.own_seat = None
        self._show_boards(review.player_boards())
        self.table_dock.set_table(table)
        self.table_dock.setVisible(self.table_dock.has_contents())
        if log or self.log.count() != review.length:
            self._fill_log()
        self._mark_log()
        self.timeline.refresh()
        if review.position >= review.length:
            self.timeline.play.setChecked(False)

    def _show_boards(self, boards: list[tuple[str, dict[str, Any], bool]]) -> None:
        """The player boards in seat order, each drawn again only when it changed (drawing one
        costs more than the rest of a step)."""
        dock = self.player_boards_dock
        if len(dock.boards) != len(boards):
            dock.set_boards([(name, board) for name, board, _ in boards], None)
            self._shown_boards = [None] * len(boards)
        for index, (widget, shown) in enumerate(zip(dock.boards, boards)):
            if self._shown_boards[index] != shown:
                widget.show_board(shown[0], shown[1], full=shown[2])
                self._shown_boards[index] = shown

    def _fill_log(self) -> None:
        self.log.clear()
        for line in self.review.lines():
            item = QListWidgetItem(line.text)
            item.setData(Qt.ItemDataRole.UserRole, line.step)
            item.setToolTip(self.tr("Click to go to the position after this move"))
            self.log.addItem(item)

    def _mark_log(self) -> None:
        """The lines played so far in full colour, the one just played selected, later ones greyed."""
        k = self.review.position
        palette = self.log.palette()
        dim = palette.color(palette.ColorGroup.Disabled, palette.ColorRole.Text)
        normal = palette.color(palette.ColorGroup.Active, palette.ColorRole.Text)
        self.log.blockSignals(True)
        for row in range(self.log.count()):
            item = self.log.item(row)
            item.setForeground(normal if row < k else dim)
        if k > 0:
            self.log.setCurrentRow(k - 1)
            self.log.scrollToItem(self.log.item(k - 1), QListWidget.ScrollHint.PositionAtCenter)
        else:
            self.log.clearSelection()
            self.log.scrollToTop()
        self.log.blockSignals(False)

    def _on_line_clicked(self, item: QListWidgetItem) -> None:
        step = item.data(Qt.ItemDataRole.UserRole)
        if isinstance(step, int):
            self.review.go(step)

    # -- playing on ----------------------------------------------------------------------------
    def _on_play_toggled(self, on: bool) -> None:
        pixmap = QStyle.StandardPixmap.SP_MediaPause if on else QStyle.StandardPixmap.SP_MediaPlay
        self.timeline.play.setIcon(self.style().standardIcon(pixmap))
        if on:
            if self.review.position >= self.review.length:
                self.review.go(0)
            self.play_timer.start(self.timeline.interval_ms())
        else:
            self.play_timer.stop()

    def _play_one(self) -> None:
        if self.review.position >= self.review.length:
            self.timeline.play.setChecked(False)
        else:
            self.review.step_by(1)

    def play_from_here(self) -> str | None:
        """Ask how to deal what is hidden, save the new game and ask for it to be opened; its path."""
        if not self.review.can_branch():
            return None
        self.timeline.play.setChecked(False)
        dialog = self.create_play_dialog()
        try:
            if dialog.exec() != QDialog.DialogCode.Accepted:
                return None
            keep = dialog.keep_real_order()
        finally:
            dialog.deleteLater()
        return self.start_branch(keep)

    def create_play_dialog(self) -> PlayFromHereDialog:
        return PlayFromHereDialog(self.review.finished, self.review.branch_name(), self)

    def start_branch(self, keep_real_order: bool, folder: str | None = None) -> str | None:
        try:
            path = self.review.play_from_here(keep_real_order, folder)
        except SessionError as error:
            dialogs.show_error(self, error.title, error.message)
            return None
        self.play_requested.emit(path)
        return path

    # -- window life ---------------------------------------------------------------------------
    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._docks_sized:  # once laid out: room for the tables' words on both sides
            self._docks_sized = True
            QTimer.singleShot(0, lambda: self.resizeDocks([self.table_dock, self.player_boards_dock], [270, 370],
                                                          Qt.Orientation.Horizontal))

    def closeEvent(self, event: QCloseEvent) -> None:
        self.play_timer.stop()
        super().closeEvent(event)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.review.language = current_language()
            self.retranslateUi()
            self.refresh(log=True)
        super().changeEvent(event)

    def retranslateUi(self) -> None:
        self.setWindowTitle(self.tr("Review — {game}").format(game=self.review.title))
        self.log_dock.setWindowTitle(self.tr("Moves"))
        self.table_dock.setWindowTitle(self.tr("Table"))


def _open_branch(reviewer: ReviewWindow, window: QMainWindow, path: str, opener: Callable[[str], object]) -> None:
    """Open the branch saved at ``path`` in ``window``; a game being played there with changes not
    saved is left only when the player says so (the branch stays saved either way)."""
    live = getattr(window, "session", None)
    if live is not None and live.has_game() and live.is_modified and not live.is_over():
        question = QCoreApplication.translate(
            "ReviewWindow", "The new game is saved as {file}.\n\nThe game being played has changes that are not "
            "saved. Leave it and play the new game now?").format(file=path)
        if not dialogs.confirm(reviewer, QCoreApplication.translate("ReviewWindow", "Play from Here"), question):
            return
    opener(path)


def open_review(window: QMainWindow, path: str | None = None, session: PlayingSession | None = None
                ) -> ReviewWindow | None:
    """A review window over ``window`` for the save at ``path`` (None: asked for), or for the game
    open in ``session``; "Play from here" opens the branch in ``window`` (its `open_game`). None
    when nothing was opened (cancelled, or the reason shown)."""
    try:
        if session is not None:
            review = ReviewSession.of_session(session)
        else:
            if path is None:
                from gui.controller.session import save_suffix
                path = dialogs.ask_open_path(window, save_suffix(), "")
                if path is None:
                    return None
            review = ReviewSession.open(path)
    except SessionError as error:
        dialogs.show_error(window, error.title, error.message)
        return None
    review.language = current_language()
    reviewer = ReviewWindow(review, window)
    reviewer.setWindowFlag(Qt.WindowType.Window, True)
    opener = getattr(window, "open_game", None)
    if opener is not None:
        reviewer.play_requested.connect(lambda branch: _open_branch(reviewer, window, branch, opener))
    reviewer.show()
    return reviewer


__all__ = ["ALL", "PlayFromHereDialog", "ReviewWindow", "Timeline", "open_review"]
