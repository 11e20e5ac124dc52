"""The main window: menus, the board in the middle, the log dock and the status bar.

It wires the actions to the session and redraws from the session's signals; it holds no game
state of its own. Dialogs are imported when first opened, to keep start-up light.
"""
from __future__ import annotations

import math
import os
from collections.abc import Set as AbstractSet
from typing import TYPE_CHECKING

import shiboken6
from PySide6.QtCore import QByteArray, QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QAction, QCloseEvent, QResizeEvent
from PySide6.QtWidgets import QLabel, QMainWindow, QMenu, QStackedWidget, QTextBrowser, QVBoxLayout, QWidget

from gui.actions import ActionCollection
from gui.board.view import BoardView
from gui.controller.online_calls import Connector, matrix_connector
from gui.controller.session import GameSession, SessionError, save_suffix
from gui.controller.types import without_seat
from gui.i18n import LanguageSwitcher, current_language
from gui.settings import BOT_SPEEDS, Settings
from gui.widgets import dialogs, rule_links
from gui.widgets.actions_panel import ActionsDock
from gui.widgets.choice_panel import ChoiceDock
from gui.widgets.guide_callout import LearnToPlay
from gui.widgets.handover import HandoverScreen
from gui.widgets.legend import HighlightLegend
from gui.widgets.log_dock import LogDock
from gui.widgets.player_board import PlayerBoardsDock
from gui.widgets.start_page import StartPage
from gui.widgets.status import ElidedLabel
from gui.widgets.table_dock import HandDock, TableDock
from gui.widgets.turn_banner import TurnBanner
from gui.widgets.win_chances import WinChanceDock

if TYPE_CHECKING:  # both load when first opened: start-up stays light
    from gui.controller.online_table import OnlineTable
    from gui.controller.types import NewGameConfig
    from gui.widgets.end_game import EndGameDialog
    from gui.widgets.new_game_dialog import NewGameDialog
    from gui.widgets.online_dialogs import LobbyDialog

STATUS_MESSAGE_MS = 4000
HINT_MESSAGE_MS = 12000  # a hint stays said until the player acts (or this long)
BOARD_SHARE = 0.5  # of the window's width, at least, for the board between the side docks
TURN_LABEL_SHARE = 0.45  # at most this part of the status bar's width goes to whose turn it is


class MainWindow(QMainWindow):
    def __init__(self, session: GameSession, settings: Settings, languages: LanguageSwitcher,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("main_window")
        self.session = session
        self.settings = settings
        self.languages = languages
        self.session.language = languages.language
        self.action_collection = ActionCollection(self)
        self._handover_seat: int | None = None
        self.end_dialog: EndGameDialog | None = None  # the end-of-game screen, once a game ended
        self._docks_sized = False
        # The zoom the board had when last fitted to the window; while it still has it, a resized
        # window fits the board again (a zoom the player chose stays).
        self._fitted_zoom: float | None = None
        self._refit_timer = QTimer(self)
        self._refit_timer.setSingleShot(True)
        self._refit_timer.timeout.connect(self.fit_board)
        self.hinted: str | None = None  # the command the last hint suggested (lit until the next change)
        # Play Online: how to sign in (a real Matrix homeserver; tests give an in-memory server),
        # the account once signed in, and the online games' windows
        self.online_connector: Connector = matrix_connector
        self.online_account: object | None = None
        self.online_windows: list[QMainWindow] = []

        self.board_view = BoardView(self)
        self.handover_screen = HandoverScreen(self)
        self.start_page = StartPage(self)  # what shows while no game is open
        self._games: list | None = None    # the games the start page offers, read once
        self._table_shown = True           # the docks around the table show (no start page)
        self._table_state: QByteArray | None = None  # the docks' layout when the table last showed
        self._switching_docks = False
        self.central_stack = QStackedWidget(self)
        self.central_stack.addWidget(self.start_page)
        self.central_stack.addWidget(self.board_view)
        self.central_stack.addWidget(self.handover_screen)
        # A game whose board is not drawn yet describes its table in words (Game.describe_table).
        self.table_view = QTextBrowser(self)
        self.table_view.setObjectName("table_view")
        self.table_view.setOpenLinks(False)
        self.central_stack.addWidget(self.table_view)
        # The table's area: the pages above, the highlight legend under the board; the "your turn"
        # banner floats over the top.
        self.central_area = QWidget(self)
        self.central_area.setObjectName("central_area")
        central_layout = QVBoxLayout(self.central_area)
        central_layout.setContentsMargins(0, 0, 0, 0)
        central_layout.setSpacing(0)
        central_layout.addWidget(self.central_stack, 1)
        self.legend = HighlightLegend(self.central_area)
        central_layout.addWidget(self.legend)
        self.setCentralWidget(self.central_area)
        self.turn_banner = TurnBanner(self.central_area)
        self._banner_seat: int | None = None  # the person the banner last greeted (None: nobody yet)
        self.board_view.installEventFilter(self)  # its resizes: fit the board again

        self.log_dock = LogDock(self)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.log_dock)
        self.log_dock.set_command_entry_enabled(False)
        self.choice_dock = ChoiceDock(self)
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.choice_dock)
        self.actions_dock = ActionsDock(self)
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.actions_dock)
        self.player_boards_dock = PlayerBoardsDock(self)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.player_boards_dock)
        self.splitDockWidget(self.player_boards_dock, self.log_dock, Qt.Orientation.Vertical)
        self.table_dock = TableDock(self)
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.table_dock)
        self.splitDockWidget(self.actions_dock, self.table_dock, Qt.Orientation.Vertical)
        self.table_dock.hide()
        self.hand_dock = HandDock(self)
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.hand_dock)
        self.splitDockWidget(self.choice_dock, self.hand_dock, Qt.Orientation.Vertical)  # full width
        self.hand_dock.hide()
        self.win_chance_dock = WinChanceDock(self)   # View ▸ Win Chances; its plot is built when shown
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.win_chance_dock)
        self.win_chance_dock.hide()
        self.resizeDocks([self.actions_dock, self.player_boards_dock], [260, 330], Qt.Orientation.Horizontal)
        self.resizeDocks([self.player_boards_dock, self.log_dock], [330, 220], Qt.Orientation.Vertical)

        # Whose turn it is stays on the right; the left keeps room for the passing messages (the
        # click's "why not", the computer's move, "Saved …"), which the turn label never covers.
        self.turn_label = ElidedLabel(self)
        self.turn_label.setObjectName("turn_label")
        self.zoom_label = QLabel(self)
        self.statusBar().addPermanentWidget(self.turn_label)
        self.statusBar().addPermanentWidget(self.zoom_label)

        self._build_menus()
        self._connect()
        self.action_collection.languages[languages.language].setChecked(True)
        self.action_collection.confirm_end_turn.setChecked(settings.confirm_end_turn)
        # the session was made with the remembered speed (gui/app.py); a choice here changes it
        self.action_collection.bot_speeds[settings.bot_speed].setChecked(True)
        self.action_collection.show_log.setChecked(True)
        self.action_collection.show_legend.setChecked(settings.show_legend)
        self._restore_window()
        self.retranslateUi()
        self._refresh_all()

    # -- building ------------------------------------------------------------------------------
    def _build_menus(self) -> None:
        a = self.action_collection
        bar = self.menuBar()
        self.file_menu = bar.addMenu("")
        self.file_menu.setObjectName("file_menu")
        self.file_menu.addAction(a.new_game)
        self.file_menu.addAction(a.open)
        self.file_menu.addAction(a.open_replay)
        self.recent_menu = QMenu(self.file_menu)
        self.recent_menu.setObjectName("recent_menu")
        self.file_menu.addMenu(self.recent_menu)
        self.file_menu.addSeparator()
        self.file_menu.addAction(a.save)
        self.file_menu.addAction(a.save_as)
        self.file_menu.addAction(a.close_game)
        self.file_menu.addSeparator()
        self.file_menu.addAction(a.quit)

        self.game_menu = bar.addMenu("")
        self.game_menu.setObjectName("game_menu")
        self.game_menu.addAction(a.undo)
        self.game_menu.addAction(a.redo)
        self.game_menu.addSeparator()
        self.game_menu.addAction(a.finish_turn)
        self.game_menu.addAction(a.cancel)
        self.game_menu.addAction(a.next_prompt)
        self.game_menu.addSeparator()
        self.game_menu.addAction(a.confirm_end_turn)
        self.bot_speed_menu = QMenu(self.game_menu)
        self.bot_speed_menu.setObjectName("bot_speed_menu")
        for action in a.bot_speeds.values():
            self.bot_speed_menu.addAction(action)
        self.game_menu.addMenu(self.bot_speed_menu)
        self.game_menu.addAction(a.skip_bots)
        self.game_menu.addSeparator()
        self.game_menu.addAction(a.hint)
        self.game_menu.addAction(a.review)
        self.game_menu.addSeparator()
        self.game_menu.addAction(a.play_online)

        self.view_menu = bar.addMenu("")
        self.view_menu.setObjectName("view_menu")
        self.view_menu.addAction(a.zoom_in)
        self.view_menu.addAction(a.zoom_out)
        self.view_menu.addAction(a.fit)
        self.view_menu.addSeparator()
        self.view_menu.addAction(a.show_log)
        self.view_menu.addAction(a.show_legend)
        self.view_menu.addAction(a.show_win_chances)
        self.language_menu = QMenu(self.view_menu)
        self.language_menu.setObjectName("language_menu")
        for action in a.languages.values():
            self.language_menu.addAction(action)
        self.view_menu.addMenu(self.language_menu)

        self.help_menu = bar.addMenu("")
        self.help_menu.setObjectName("help_menu")
        self.help_menu.addAction(a.rules)
        self.learn_menu = QMenu(self.help_menu)  # Help ▸ Learn to Play ▸ <each game with a guide>
        self.learn_menu.setObjectName("learn_menu")
        self.help_menu.addMenu(self.learn_menu)
        self.learn_to_play = LearnToPlay(self, self.learn_menu)
        self.help_menu.addAction(a.about)
        self._rebuild_recent_menu()

    def _connect(self) -> None:
        a, s = self.action_collection, self.session
        a.new_game.triggered.connect(lambda: self.new_game())
        a.close_game.triggered.connect(self.close_game)
        self.start_page.game_chosen.connect(self.new_game)
        self.start_page.resume_requested.connect(self.resume_game)
        self.start_page.file_chosen.connect(self.open_game)
        self.start_page.open_requested.connect(lambda: self.open_game())
        self.start_page.online_requested.connect(self.play_online)
        a.play_online.triggered.connect(self.play_online)
        a.open.triggered.connect(lambda: self.open_game())
        a.clear_recent.triggered.connect(self.clear_recent_files)
        a.open_replay.triggered.connect(lambda: self.open_replay())
        a.review.triggered.connect(lambda: self.review_game())
        a.save.triggered.connect(self.save_game)
        a.save_as.triggered.connect(self.save_game_as)
        a.quit.triggered.connect(self.close)
        a.undo.triggered.connect(s.undo)
        a.redo.triggered.connect(s.redo)
        a.finish_turn.triggered.connect(self.actions_dock.finish_turn)
        a.cancel.triggered.connect(self.cancel_gesture)
        a.next_prompt.triggered.connect(self.choice_dock.focus_first)
        a.skip_bots.triggered.connect(s.skip_bots)
        a.hint.triggered.connect(self.ask_hint)
        a.show_win_chances.toggled.connect(self._on_show_win_chances_toggled)
        a.confirm_end_turn.toggled.connect(self._on_confirm_end_turn_toggled)
        a.bot_speed_group.triggered.connect(lambda action: self.set_bot_speed(action.data()))
        self.actions_dock.action_chosen.connect(self._on_action_chosen)
        a.zoom_in.triggered.connect(self.board_view.zoom_in)
        a.zoom_out.triggered.connect(self.board_view.zoom_out)
        a.fit.triggered.connect(self.fit_board)
        a.show_log.toggled.connect(self._on_show_log_toggled)
        a.show_legend.toggled.connect(self._on_show_legend_toggled)
        self.log_dock.visibilityChanged.connect(self._on_log_visibility_changed)
        a.language_group.triggered.connect(lambda action: self.set_language(action.data()))
        a.rules.triggered.connect(lambda: self.show_rules())
        a.about.triggered.connect(self.show_about)
        self.recent_menu.triggered.connect(self._on_recent_triggered)

        self.board_view.space_clicked.connect(self._on_space_clicked)
        self.board_view.tooltip_provider = self.space_tooltip
        self.board_view.token_picked.connect(self._on_token_picked)
        self.board_view.token_dropped.connect(lambda target, passed: s.drop("token", target, passed))
        self.board_view.piece_dropped.connect(s.drop)
        self.board_view.piece_picked.connect(self._on_piece_picked)
        self.board_view.gesture_cancelled.connect(self._restore_highlights)
        self.player_boards_dock.piece_picked.connect(self._on_piece_picked)
        self.player_boards_dock.piece_dropped.connect(s.drop)
        self.player_boards_dock.piece_released.connect(self._restore_highlights)
        self.player_boards_dock.piece_clicked.connect(self._on_piece_clicked)
        for dock in (self.table_dock, self.hand_dock):  # their pieces act like a board's
            dock.piece_picked.connect(self._on_piece_picked)
            dock.piece_dropped.connect(s.drop)
            dock.piece_released.connect(self._restore_highlights)
            dock.piece_clicked.connect(self._on_piece_clicked)
        s.bot_moved.connect(self._on_bot_moved)
        s.drop_needs_choice.connect(self._choose_and_play)
        s.touch_waiting.connect(self._show_touch_progress)
        s.spaces_touched.connect(self._on_spaces_touched)
        s.step_shown.connect(self._on_step_shown)
        self.board_view.space_menu_requested.connect(self._on_space_menu_requested)
        self.choice_dock.answer_chosen.connect(s.apply)
        self.board_view.zoom_changed.connect(self._show_zoom)
        self.handover_screen.confirmed.connect(self._on_handover_confirmed)
        self.log_dock.command_entered.connect(s.apply)
        self.log_dock.rule_requested.connect(self.show_rules)

        s.game_started.connect(self._on_game_started)
        s.game_closed.connect(self._on_game_closed)
        s.command_applied.connect(self._on_command_applied)
        s.command_refused.connect(self._on_command_refused)
        s.game_over.connect(self._on_game_over)
        s.undo_state_changed.connect(self._refresh_undo_and_title)
        s.history_rewound.connect(self._on_history_rewound)
        s.viewer_changed.connect(self._on_viewer_changed)
        s.bot_thinking_started.connect(lambda seat: self._refresh_status())
        s.bot_failed.connect(lambda message: dialogs.show_error(
            self, self.tr("Computer player stopped"), message))
        s.chances_changed.connect(self._on_chances_changed)
        s.hint_started.connect(lambda: self.statusBar().showMessage(self.tr("Looking for a hint…"),
                                                                    HINT_MESSAGE_MS))
        s.hint_ready.connect(self._show_hint)
        s.hint_failed.connect(lambda message: self.statusBar().showMessage(
            self.tr("No hint: {reason}").format(reason=message), STATUS_MESSAGE_MS))
        s.autosave_failed.connect(lambda message: self.statusBar().showMessage(
            self.tr("Autosave failed: {reason}").format(reason=message), STATUS_MESSAGE_MS))

    # -- File menu -----------------------------------------------------------------------------
    def create_new_game_dialog(self) -> NewGameDialog:
        from gui.controller.catalog import available_games, bot_kinds, seat_names
        from gui.widgets.new_game_dialog import NewGameDialog  # only when asked for: start-up stays light
        return NewGameDialog(available_games(), bot_kinds, seat_names,
                             self.settings.new_game_choices(), self)

    def new_game(self, game_id: str | None = None) -> None:
        """The New Game dialog (with ``game_id``'s game chosen, when given); starts what it sets up."""
        dialog = self.create_new_game_dialog()
        if game_id:
            dialog.select_game(game_id)
        try:
            if dialog.exec() != dialog.DialogCode.Accepted:
                return
            self.settings.set_new_game_choices(dialog.choices_to_remember())
            config = dialog.config()
        finally:
            dialog.deleteLater()
        self.start_game(config)

    def start_game(self, config: NewGameConfig) -> bool:
        try:
            self.session.new_game(config)
        except SessionError as error:
            dialogs.show_error(self, error.title, error.message)
            return False
        return True

    def open_game(self, path: str | None = None) -> bool:
        if path is None:
            recent = self.settings.recent_files()
            path = dialogs.ask_open_path(self, save_suffix(), os.path.dirname(recent[0]) if recent else "")
            if path is None:
                return False
        try:
            self.session.open(path)
        except SessionError as error:
            if not os.path.exists(path):
                self.settings.remove_recent_file(path)  # a vanished file should leave the list
                self._rebuild_recent_menu()
            dialogs.show_error(self, error.title, error.message)
            return False
        self._remember_file(path)
        return True

    # -- Play Online ---------------------------------------------------------------------------
    def play_online(self) -> QMainWindow | None:
        """Game ▸ Play Online: sign in (once per run), then the lobby; the game opens in a window
        of its own (`open_online_window`), which is returned."""
        from gui.widgets.online_dialogs import SignInDialog
        if self.online_account is None:
            dialog = SignInDialog(self.online_connector, self.settings.store, self)
            try:
                if dialog.exec() != dialog.DialogCode.Accepted or dialog.account is None:
                    return None
                self.online_account = dialog.account
            finally:
                dialog.deleteLater()
        lobby = self.create_lobby()
        try:
            lobby.exec()
            table = lobby.table
        finally:
            lobby.deleteLater()
        return None if table is None else self.open_online_window(table)

    def create_lobby(self) -> LobbyDialog:
        from gui.controller.catalog import available_games, bot_kinds, seat_names
        from gui.widgets.online_dialogs import LobbyDialog
        return LobbyDialog(self.online_account, available_games(), bot_kinds, seat_names, self)

    def open_online_window(self, table: OnlineTable) -> QMainWindow | None:
        """A window of its own for the game at ``table`` (this window keeps its local game)."""
        from gui.controller.online import OnlineSession
        from gui.online_window import OnlineWindow
        session = OnlineSession(bot_delay_ms=0)
        window = OnlineWindow(session, self.settings, self.languages)
        window.show()  # first: what the game shows at once is placed in the window's real size
        try:
            session.start_online(table)
        except SessionError as error:
            window.close()
            dialogs.show_error(self, error.title, error.message)
            return None
        self.online_windows = [w for w in self.online_windows if shiboken6.isValid(w) and w.isVisible()] + [window]
        return window

    def open_replay(self, path: str | None = None) -> QMainWindow | None:
        """File ▸ Open Replay: a save looked back at in a review window (gui/widgets/review_window.py)."""
        from gui.widgets.review_window import open_review
        return open_review(self, path)

    def review_game(self) -> QMainWindow | None:
        """Game ▸ Review: the game being played looked back at, from the seat at the screen."""
        if self._handover_seat is not None:  # the next person has not taken the seat yet
            return None
        from gui.widgets.review_window import open_review
        return open_review(self, None, self.session)

    def offer_resume(self) -> bool:
        """When an unfinished game was left behind, ask to resume it: yes loads it, no removes it.
        True when a game was resumed."""
        if not self.session.has_autosave():
            return False
        if not dialogs.ask_resume(self):
            self.session.discard_autosave()
            self._refresh_start_page()
            return False
        return self.resume_game()

    def resume_game(self) -> bool:
        """Load the unfinished game left behind (the start page's Resume); True when it loaded."""
        try:
            self.session.resume_autosave()
        except SessionError as error:
            self._refresh_start_page()  # a damaged copy was set aside: Resume goes away
            dialogs.show_error(self, error.title, error.message)
            return False
        return True

    def close_game(self) -> None:
        """Back to the start page; an unfinished game stays resumable from there."""
        if self.session.has_game():
            self.session.close_game()

    def save_game(self) -> bool:
        if self.session.path is None:
            return self.save_game_as()
        return self._save_to(self.session.path)

    def save_game_as(self) -> bool:
        if not self.session.has_game():
            return False
        path = dialogs.ask_save_path(self, save_suffix(), self.session.path or "")
        return path is not None and self._save_to(path)

    def _save_to(self, path: str) -> bool:
        try:
            saved = self.session.save(path)
        except SessionError as error:
            dialogs.show_error(self, error.title, error.message)
            return False
        self._remember_file(saved)
        self.statusBar().showMessage(self.tr("Saved {file}").format(file=saved), STATUS_MESSAGE_MS)
        return True

    def clear_recent_files(self) -> None:
        self.settings.clear_recent_files()
        self._rebuild_recent_menu()

    def _remember_file(self, path: str) -> None:
        self.settings.add_recent_file(path)
        self._rebuild_recent_menu()

    def _rebuild_recent_menu(self) -> None:
        self._refresh_start_page()
        self.recent_menu.clear()
        paths = self.settings.recent_files()
        for action in self.action_collection.recent_file_actions(paths, self.recent_menu):
            self.recent_menu.addAction(action)
        if paths:
            self.recent_menu.addSeparator()
        self.recent_menu.addAction(self.action_collection.clear_recent)
        self.action_collection.clear_recent.setEnabled(bool(paths))
        self.recent_menu.setEnabled(bool(paths))

    def _on_recent_triggered(self, action: QAction) -> None:
        path = action.data()
        if isinstance(path, str) and path:
            self.open_game(path)

    # -- Game menu: comfort -------------------------------------------------------------------
    def set_bot_speed(self, speed: str) -> None:
        self.settings.bot_speed = speed
        self.action_collection.bot_speeds[self.settings.bot_speed].setChecked(True)
        self.session.set_bot_delay(BOT_SPEEDS[self.settings.bot_speed])

    def _on_confirm_end_turn_toggled(self, on: bool) -> None:
        self.settings.confirm_end_turn = on

    def _on_action_chosen(self, command: str) -> None:
        """A button of the actions panel (or the End Turn shortcut): ending the turn asks first
        when the player wants to be asked."""
        if command == self.actions_dock.turn_end and self.settings.confirm_end_turn and not dialogs.confirm(
                self, self.tr("End Turn"), self.tr("End your turn now?")):
            return
        self.session.apply(command)

    def ask_hint(self) -> bool:
        """Game ▸ Hint: the computer looks for a move for the person deciding (from their view
        only, on a worker thread); `_show_hint` lights it when found. False when none can be asked."""
        if self._handover_seat is not None or not self.session.ask_hint():
            self.statusBar().showMessage(self.tr("A hint is given when it is your turn to decide"),
                                         STATUS_MESSAGE_MS)
            return False
        return True

    def _show_hint(self, command: str, label: str, touched: list) -> None:
        """Light what the suggested command touches, as legal commands are lit, and say it in words."""
        if self._handover_seat is not None:
            return
        lit = set(touched)
        self.hinted = command
        self.board_view.highlight(lit)
        self._set_piece_states(self.session.drag_sources() & lit, set(), self.session.clickable_pieces() & lit)
        button = self.hint_button(command)
        if button is not None:  # a command given by a button (an answer, End Turn): the focus goes there
            button.setFocus(Qt.FocusReason.OtherFocusReason)
        self.statusBar().showMessage(self.tr("Hint: {move}").format(move=label), HINT_MESSAGE_MS)

    def hint_button(self, command: str) -> QWidget | None:
        """The Decision or Actions panel button that plays ``command``, if one does."""
        bare = without_seat(command)
        return self.actions_dock.button_for(command) or next(
            (b for b in self.choice_dock.buttons if without_seat(str(b.property("command"))) == bare), None)

    def _on_show_win_chances_toggled(self, on: bool) -> None:
        if self._table_shown:
            self.win_chance_dock.setVisible(on)
        if on:
            self.win_chance_dock.set_chances(self.session.win_chances())

    def _on_chances_changed(self) -> None:
        if self.win_chance_dock.isVisible():
            self.win_chance_dock.set_chances(self.session.win_chances())
        if self.end_dialog is not None and self.end_dialog.isVisible() and self.session.is_over():
            self.end_dialog.set_chances(self.session.win_chances())  # a late estimate of the game's course

    def cancel_gesture(self) -> None:
        """Esc: put down whatever is half done (a selected or dragged piece, things touched)."""
        dropped = self.board_view.cancel_gesture()
        if self.session.cancel_touches() or dropped:
            self._restore_highlights()
            self.statusBar().showMessage(self.tr("Move cancelled"), STATUS_MESSAGE_MS)

    # -- View and Help menus -------------------------------------------------------------------
    def set_language(self, code: str) -> None:
        self.languages.set_language(code)
        self.settings.language = self.languages.language
        self.session.language = self.languages.language
        self.action_collection.languages[self.languages.language].setChecked(True)
        self._refresh_log_seats()  # seat names follow the language
        if self.session.has_game() and self._handover_seat is None:
            self._refresh_board()  # the names on the board follow the language
            self.log_dock.set_entries(self.session.log_entries())  # so do the log's rule names
        scores = self.session.final_scores()
        if self.end_dialog is not None and scores is not None:  # so do the end screen's
            self.end_dialog.set_data(scores, self.session.progress_plot(), self.session.win_chances())
        if self.win_chance_dock.isVisible():
            self.win_chance_dock.set_chances(self.session.win_chances())

    def show_about(self) -> None:
        from importlib import metadata  # only here: importing it costs ~15 ms at start-up
        try:
            version = metadata.version("tablekeeper")
        except metadata.PackageNotFoundError:
            version = self.tr("development version")
        from gui.controller.catalog import available_games
        names = ", ".join(g.name.get(self.languages.language) for g in available_games())
        dialogs.show_about(self, self.tr("About Tablekeeper"), self.tr(
            "Tablekeeper {version}\n\nPlay {games} with every rule enforced.").format(version=version, games=names))

    def show_rules(self, rule_id: str = "") -> QWidget:
        """Help ▸ Rules: the rules reference of the game being played (any game's when none is
        open), at ``rule_id`` when given."""
        from gui.widgets.rules_dialog import open_rules  # only when asked for: start-up stays light
        return open_rules(self, self.session.game_id(), rule_id)

    def _refresh_log_seats(self) -> None:
        """The log filter offers one item per seat of the game."""
        count = len(self.session.seat_kinds()) if self.session.has_game() else 0
        self.log_dock.set_seat_names([self.session.seat_name(seat) for seat in range(count)])

    def _on_log_visibility_changed(self, visible: bool) -> None:
        if not self.isMinimized() and not self._switching_docks and self._table_shown:
            self.action_collection.show_log.setChecked(visible)

    def fit_board(self) -> None:
        """Show the whole board (View ▸ Fit to Window, a game's start, a resized window)."""
        self.board_view.fit()
        self._fitted_zoom = self.board_view.zoom()

    def _board_is_fitted(self) -> bool:
        return self._fitted_zoom is not None and math.isclose(self.board_view.zoom(), self._fitted_zoom)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.board_view and event.type() == QEvent.Type.Resize and self.session.has_game() \
                and self._board_is_fitted():
            self._refit_timer.start(0)  # once the view has laid out its new viewport
        return super().eventFilter(watched, event)

    def _show_zoom(self, zoom: float) -> None:
        self.zoom_label.setText(self.tr("Zoom {percent}%").format(percent=round(zoom * 100)))

    # -- session signals -----------------------------------------------------------------------
    def _on_game_closed(self) -> None:
        self._handover_seat = None
        if self.end_dialog is not None:
            self.end_dialog.close()
        self.log_dock.set_lines([])
        self._refresh_log_seats()
        self._refresh_all()

    def _on_game_started(self) -> None:
        self._handover_seat = None
        self._banner_seat = None
        self._refresh_log_seats()
        self.central_stack.setCurrentWidget(self.board_view)
        self._refresh_all()
        QTimer.singleShot(0, self._keep_room_for_the_board)  # the docks were hidden on the start page
        QTimer.singleShot(0, self.fit_board)  # after layout, so the viewport has its real size
        if not self._docks_sized and self.settings.window_state() is None:
            self._docks_sized = True  # once, when no saved layout says otherwise: boards get room
            QTimer.singleShot(0, lambda: self.resizeDocks(
                [self.player_boards_dock, self.log_dock], [self.height() // 2, self.height() // 3],
                Qt.Orientation.Vertical))

    def _on_command_applied(self, view: object, entries: list) -> None:
        self.hinted = None
        if self._handover_seat is None:
            self.log_dock.append_entries(entries)
            self._refresh_board()
        self._refresh_status()

    def _on_step_shown(self, entries: list) -> None:
        """One more step of the last command (or all the rest): its log lines, and the table as
        it was after it (the current one, lit for play, once the steps are over)."""
        if self._handover_seat is None:
            self.log_dock.append_entries(entries)
            self._refresh_board()
        self._refresh_status()

    def _on_command_refused(self, rule_id: str, reason: str) -> None:
        message = reason if not rule_id else self.tr("{reason}\n\n(Rule {rule})").format(
            reason=reason, rule=self.session.rule_words(rule_id))
        self.statusBar().showMessage(reason, STATUS_MESSAGE_MS)
        self._restore_highlights()  # a refused drop snaps back: nothing moved
        if self.learn_to_play.is_active():
            return  # the guide's callout explains it, with its rule link: no second, modal box
        if not rule_id:
            dialogs.show_error(self, self.tr("Move not allowed"), message)
        elif dialogs.show_refusal(self, self.tr("Move not allowed"), message,
                                  rule_links.read_rule_words(rule_id)):
            self.show_rules(rule_id)  # the player asked to read the rule

    def _on_game_over(self, outcome: str) -> None:
        self.log_dock.append_lines([self.tr("Game over: {outcome}").format(outcome=outcome)])
        self._refresh_status()
        self.show_end_screen()

    def show_end_screen(self) -> EndGameDialog | None:
        """The score breakdown and the game's curve of the finished game, in a non-modal dialog."""
        scores = self.session.final_scores()
        if scores is None:
            return None
        from gui.widgets.end_game import EndGameDialog  # pyqtgraph loads here, once a game ends
        if self.end_dialog is not None:
            self.end_dialog.close()
            self.end_dialog.deleteLater()
        self.end_dialog = EndGameDialog(scores, self.session.progress_plot(), self, self.session.win_chances())
        self.end_dialog.show()
        return self.end_dialog

    def _on_history_rewound(self) -> None:
        self.hinted = None
        if self._handover_seat is None:
            self.log_dock.set_entries(self.session.log_entries())
            self._refresh_board()
        self._refresh_status()

    def _on_viewer_changed(self, seat: int) -> None:
        if not self.session.needs_handover() and self._handover_seat is None:
            if self.session.is_hot_seat():  # another person's screen, with nothing the one before may not see
                self._refresh_all()
            return
        # Hide everything the previous player saw until the next one confirms they hold the device.
        self._handover_seat = seat
        self.log_dock.set_lines([])
        self.choice_dock.set_choices("", [])  # the next player's choices wait for the hand-over
        self.actions_dock.set_actions([])
        self.actions_dock.setEnabled(False)
        self.action_collection.finish_turn.setEnabled(False)
        self.player_boards_dock.set_boards([], None)
        self.table_dock.set_table({})  # the shared table too: a face-up card is no secret, but
        self.table_dock.set_dice([])
        self.table_dock.hide()         # nothing of the table shows behind the hand-over screen
        self.hand_dock.set_boards([], None)
        self.log_dock.set_command_entry_enabled(False)
        self.handover_screen.set_player(self.session.seat_name(seat))
        self.central_stack.setCurrentWidget(self.handover_screen)
        self._show_legend()
        self._refresh_status()

    def _on_handover_confirmed(self) -> None:
        self._handover_seat = None
        self.central_stack.setCurrentWidget(self.board_view)
        self.log_dock.set_entries(self.session.log_entries())
        self._refresh_all()

    def _on_space_clicked(self, space: str) -> None:
        """A touch of a space (or of a piece on it): play the command it completes, light what
        the half-made command still needs, take the shortest of several paths (right click
        offers the others), or ask when the commands differ in more than that."""
        if self.session.is_showing_steps():  # a touch while the last command unfolds: show the rest
            self.session.finish_steps()
            return
        if self.choice_dock.is_asking() and not self.session.can_touch(space):
            self.statusBar().showMessage(self.tr("Answer the choice below the board first"), STATUS_MESSAGE_MS)
            return
        outcome = self.session.touch(space)
        if outcome is None:
            self._explain_refusal(space)
            return
        if outcome.play is not None:
            return
        if outcome.ask:
            shortest = self.session.shortest_of(outcome.ask)
            if shortest is not None:
                self.statusBar().showMessage(self.tr("Took the shortest path; right-click {space} for the "
                                                     "other {count}").format(space=space, count=len(outcome.ask) - 1),
                                             STATUS_MESSAGE_MS)
                self.session.apply(shortest)
            else:
                self._choose_and_play(list(outcome.ask))
            return
        self._show_touch_progress()

    def _show_touch_progress(self) -> None:
        """Halfway through a command: light what it still needs, and say so."""
        self.board_view.highlight(self.session.touchable())
        self._set_piece_states(self.session.drag_sources(), set(), self.session.touchable())
        self.statusBar().showMessage(self.tr("Now touch one of the lit places or cards (Esc to start again)"),
                                     STATUS_MESSAGE_MS * 2)

    def _explain_refusal(self, space: str) -> None:
        """Nothing can be played by touching ``space``: the rules' own reason, when they have one."""
        refusal = self.session.why_not(space)
        if refusal is None:
            message = self.tr("Nothing to play on {space} now").format(space=space)
        elif refusal[0]:
            message = self.tr("Not now: {reason} (rule {rule})").format(
                reason=refusal[1], rule=self.session.rule_words(refusal[0]))
        else:
            message = self.tr("Not now: {reason}").format(reason=refusal[1])
        self.statusBar().showMessage(message, STATUS_MESSAGE_MS * 2)
        if refusal is not None and refusal[0]:  # a link beside the message opens the rule
            rule_links.offer_in_status_bar(self.statusBar(), refusal[0], self.show_rules)

    def space_tooltip(self, space: str) -> str:
        """What a click on ``space`` plays, or the engine's reason why nothing can be played there."""
        if not self.session.has_game() or self._handover_seat is not None or self.session.is_over():
            return ""
        commands = self.session.legal_for_space(space)
        if commands:
            lines = [self.session.label(c) for c in commands[:6]]
            if len(commands) > 6:
                lines.append(self.tr("… and {count} more (right-click)").format(count=len(commands) - 6))
            return self.tr("Click to play:") + "\n" + "\n".join(f"• {line}" for line in lines)
        refusal = self.session.why_not(space)
        if refusal is None:
            return ""
        rule, reason = refusal
        return (self.tr("Not now: {reason}").format(reason=reason) if not rule
                else self.tr("Not now: {reason}\n(Rule {rule})").format(reason=reason,
                                                                         rule=self.session.rule_words(rule))
                + "\n" + self.tr("Right-click to read the rule"))

    def _on_token_picked(self) -> None:
        """The player's walking piece is picked up: light only the spaces it can go to."""
        targets = self.session.drag_targets("token")
        self.board_view.highlight(targets)
        if not targets:
            self.statusBar().showMessage(self.tr("Your piece cannot move now"), STATUS_MESSAGE_MS)

    def _on_piece_picked(self, piece: str) -> None:
        targets = self.session.drag_targets(piece)
        self._set_piece_states(self.session.drag_sources(), targets,
                               self.session.clickable_pieces())
        self.board_view.highlight(targets)

    def _on_piece_clicked(self, piece: str) -> None:
        """A click on a piece of the player's board is a touch like any other."""
        self._on_space_clicked(piece)

    def _set_piece_states(self, sources: set[str], targets: set[str],
                          clickable: AbstractSet[str] = frozenset()) -> None:
        """Raise the pieces that can be picked up or clicked, light where a carried one may go:
        on the player boards, the shared table, the hand and the board's own pieces alike."""
        self.board_view.draggable_pieces = set(sources)
        self.player_boards_dock.set_drag_state(sources, targets, clickable)
        self.table_dock.set_state(sources, targets, clickable)
        self.hand_dock.set_state(sources, targets, clickable)

    def _restore_highlights(self) -> None:
        """A gesture ended without a move: show again everything that can be played."""
        if self.session.has_game() and self._handover_seat is None:
            self.board_view.highlight(self.session.touchable())
            self._set_piece_states(self.session.drag_sources(), set(),
                                   self.session.clickable_pieces())

    def _on_spaces_touched(self, spaces: list) -> None:
        if self._handover_seat is None:  # nothing shows behind the hand-over screen
            self.board_view.flash_in_turn(spaces)

    def _on_bot_moved(self, seat: int, label: str, spaces: list) -> None:
        self.board_view.show_last_move(spaces)
        self.statusBar().showMessage(self.tr("{player} (computer): {move}").format(
            player=self.session.seat_name(seat), move=label), STATUS_MESSAGE_MS)

    def _on_space_menu_requested(self, space: str) -> None:
        if self.choice_dock.is_asking():
            return
        commands = self.session.legal_for_space(space)
        if not commands and (refusal := self.session.why_not(space)) is not None and refusal[0]:
            rule_links.offer_rule_menu(self, refusal[0], self.show_rules)  # why not: read the rule
            return
        self._choose_and_play(commands)

    def _choose_and_play(self, commands: list) -> None:
        """Several commands fit what the player did: a menu of them, in words."""
        if commands:
            chosen = dialogs.choose_command(self, commands, [self.session.label(c) for c in commands])
            if chosen is not None:
                self.session.apply(chosen)
            else:
                self._restore_highlights()

    # -- refreshing ----------------------------------------------------------------------------
    def _refresh_all(self) -> None:
        has_game = self.session.has_game()
        self.action_collection.save.setEnabled(has_game)
        self.action_collection.save_as.setEnabled(has_game)
        self.action_collection.review.setEnabled(has_game and self._handover_seat is None)
        if has_game and self._handover_seat is None:
            self.log_dock.set_entries(self.session.log_entries())
        self._refresh_board()
        self._refresh_undo_and_title()
        self._refresh_status()
        self._show_zoom(self.board_view.zoom())

    def _refresh_board(self) -> None:
        table = ""
        has_game = self.session.has_game()
        if not has_game:
            self.board_view.show_placeholder()
            self._refresh_start_page()
        elif (layout := self.session.board_layout()).get("spaces"):
            self.board_view.show_layout(layout, self.session.board_marks(), self.session.touchable())
        elif self._handover_seat is None and (table := self.session.table_text()):
            self._show_table(table)
        else:
            self.board_view.show_spaces(self.session.spaces(), self.session.active_spaces())
        if self._handover_seat is None:  # behind a hand-over screen nothing of the table shows
            self.central_stack.setCurrentWidget(
                self.start_page if not has_game else self.table_view if table else self.board_view)
        self._show_table_docks(has_game)
        self._show_legend()
        self.zoom_label.setVisible(self.central_stack.currentWidget() is self.board_view)
        self._refresh_choices()
        self._refresh_panels()
        self.log_dock.set_command_entry_enabled(self.session.has_game() and self._handover_seat is None
                                                and not self.session.is_over())

    def _refresh_start_page(self) -> None:
        """The games, the recent saves and Resume, as they are now (only while no game is open)."""
        if self.session.has_game():
            return
        if self._games is None:
            from gui.controller.catalog import listed_games  # the games' descriptions, no rules
            self._games = listed_games()
        self.start_page.set_content(self._games, self.settings.recent_files(), self.session.has_autosave())

    def _show_table_docks(self, shown: bool) -> None:
        """The docks around the table (actions, player boards, log) show only with a game: the
        start page has the window to itself. The log follows View ▸ Show Log."""
        if shown == self._table_shown:
            return
        if not shown:
            self._table_state = self.saveState()  # what closing on the start page remembers
        self._table_shown = shown
        self._switching_docks = True
        try:
            self.actions_dock.setVisible(shown)
            self.player_boards_dock.setVisible(shown)
            self.log_dock.setVisible(shown and self.action_collection.show_log.isChecked())
            self.win_chance_dock.setVisible(shown and self.action_collection.show_win_chances.isChecked())
        finally:
            self._switching_docks = False

    def _on_show_legend_toggled(self, on: bool) -> None:
        self.settings.show_legend = on
        self._show_legend()

    def _show_legend(self) -> None:
        """The legend explains the drawn board, so it shows only under one (when asked for)."""
        self.legend.setVisible(self.action_collection.show_legend.isChecked()
                               and self.central_stack.currentWidget() is self.board_view)

    def _on_show_log_toggled(self, on: bool) -> None:
        if self._table_shown:
            self.log_dock.setVisible(on)

    def _show_table(self, html: str) -> None:
        """The table in words, keeping the reader's scroll position across refreshes."""
        bar = self.table_view.verticalScrollBar()
        position = bar.value()
        self.table_view.setHtml(html)
        bar.setValue(position)

    def _refresh_choices(self) -> None:
        showing = self.session.has_game() and self._handover_seat is None
        answers = self.session.pending_answers() if showing else []
        buttons = self.session.answer_buttons() if answers else []
        # answers that name something on the table are given by touching it: the dock says so
        self.choice_dock.set_choices(self.session.prompt_title() if answers else "",
                                     self.session.with_amounts(buttons), touch=len(buttons) < len(answers))

    def _refresh_panels(self) -> None:
        """The actions beside the board and the player boards, from the viewer's view."""
        showing = self.session.has_game() and self._handover_seat is None
        self.actions_dock.set_actions(self.session.turn_actions() if showing else [],
                                      self.session.turn_end_command() if showing else None)
        enabled = showing and not self.choice_dock.is_asking()
        self.actions_dock.setEnabled(enabled)
        self.action_collection.finish_turn.setEnabled(enabled and self.actions_dock.can_end_turn())
        viewer = self.session.viewer if showing else None
        boards = [(self.session.seat_name(b["seat"]), b) for b in self.session.player_boards()] if showing else []
        self.player_boards_dock.set_boards(boards, viewer)
        table = self.session.table() if showing else {}
        self.table_dock.set_table(table)
        self.table_dock.set_dice(self.session.last_dice() if showing else [])
        shown = self.table_dock.has_contents()
        if shown and self.table_dock.isHidden():  # it appears: give it most of the left side
            self.table_dock.show()
            self.resizeDocks([self.actions_dock, self.table_dock], [self.height() // 4, self.height() // 2],
                             Qt.Orientation.Vertical)
        self.table_dock.setVisible(shown)
        self.hand_dock.set_boards(list(table.get("boards") or []), viewer)
        self._set_piece_states(self.session.drag_sources() if showing else set(), set(),
                               self.session.clickable_pieces() if showing else set())
        self.board_view.own_seat = viewer

    def _refresh_undo_and_title(self) -> None:
        self.action_collection.undo.setEnabled(self.session.can_undo())
        self.action_collection.redo.setEnabled(self.session.can_redo())
        undo_text = self.session.undo_words() if self.session.can_undo() else ""
        self.action_collection.undo.setStatusTip(
            self.tr("Take back {move}").format(move=undo_text) if undo_text
            else self.tr("Take back the last move"))
        if not self.session.has_game():
            self.setWindowTitle(self.tr("Tablekeeper"))
            self.setWindowModified(False)
            return
        parts = [self.session.game_name().get(current_language())]
        if self.session.path:
            parts.append(os.path.basename(self.session.path))
        self.setWindowTitle(" — ".join(parts) + "[*] — " + self.tr("Tablekeeper"))
        self.setWindowModified(self.session.is_modified)

    def _refresh_status(self) -> None:
        self.turn_label.setText(self._status_text())
        self.action_collection.hint.setEnabled(self._handover_seat is None and self.session.can_hint())
        self._greet_decider()

    def _greet_decider(self) -> None:
        """ "Your turn, …" when the seat that must decide becomes a person's (after the hand-over
        screen, if one shows): not again while the same person goes on deciding."""
        s = self.session
        if not s.has_game() or s.is_over():
            self._banner_seat = None
            self.turn_banner.dismiss()
            return
        if self._handover_seat is not None:
            self._banner_seat = None  # the greeting waits until the next person confirms
            self.turn_banner.dismiss()
            return
        viewer = s.viewer
        person = viewer if viewer is not None and viewer in s.deciders() and not s.is_bot(viewer) else None
        if person == self._banner_seat:
            return
        self._banner_seat = person
        if person is not None:
            self.turn_banner.show_message(self.tr("Your turn, {player}").format(player=s.seat_name(person)))

    def _status_text(self) -> str:
        s = self.session
        if not s.has_game():
            return self.tr("Ready — no game open")
        if s.is_showing_steps():
            keys = self.action_collection.skip_bots.shortcut()
            return self.tr("Showing what happened, step by step ({keys} shows the rest)").format(
                keys=keys.toString(keys.SequenceFormat.NativeText))
        if s.is_over():
            return self.tr("Game over: {outcome}").format(outcome=s.outcome_text())
        if self._handover_seat is not None:
            return self.tr("Waiting for {player}").format(player=s.seat_name(self._handover_seat))
        parts = []
        for seat in s.deciders():
            name = s.seat_name(seat)
            parts.append(self.tr("{player} (computer) is thinking…").format(player=name) if s.is_bot(seat)
                         else self.tr("{player} to decide").format(player=name))
        return "; ".join(parts) or self.tr("Ready")

    # -- window life ---------------------------------------------------------------------------
    def _restore_window(self) -> None:
        geometry = self.settings.window_geometry()
        if geometry is None or not self.restoreGeometry(geometry):
            self.resize(1100, 720)
        state = self.settings.window_state()
        if state is not None:
            self.restoreState(state)
            self.action_collection.show_log.setChecked(not self.log_dock.isHidden())
            self.action_collection.show_win_chances.setChecked(not self.win_chance_dock.isHidden())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.turn_label.setMaximumWidth(max(120, int(event.size().width() * TURN_LABEL_SHARE)))
        QTimer.singleShot(0, self._keep_room_for_the_board)

    def _keep_room_for_the_board(self) -> None:
        """In a small window the side docks give up width until the board keeps at least
        `BOARD_SHARE` of it (a 1024-pixel window showed the map at a third of its size)."""
        sides = [d for d in (self.actions_dock, self.player_boards_dock) if d.isVisible() and not d.isFloating()]
        widths = [d.width() for d in sides]
        room = int(self.width() * (1 - BOARD_SHARE))
        if sides and sum(widths) > room:
            self.resizeDocks(sides, [max(180, w * room // sum(widths)) for w in widths], Qt.Orientation.Horizontal)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.settings.set_window_geometry(self.saveGeometry())
        # the docks as they were around the table (the start page hides them for a moment)
        state = self.saveState() if self._table_shown else self._table_state
        if state is not None:
            self.settings.set_window_state(state)
        self.settings.sync()
        self.session.shutdown()
        super().closeEvent(event)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslateUi()
        super().changeEvent(event)

    def retranslateUi(self) -> None:
        self.action_collection.retranslate()
        self.file_menu.setTitle(self.tr("&File"))
        self.recent_menu.setTitle(self.tr("Open &Recent"))
        self.game_menu.setTitle(self.tr("&Game"))
        self.view_menu.setTitle(self.tr("&View"))
        self.language_menu.setTitle(self.tr("&Language"))
        self.bot_speed_menu.setTitle(self.tr("Computer &Speed"))
        self.help_menu.setTitle(self.tr("&Help"))
        self.learn_menu.setTitle(self.tr("&Learn to Play"))
        self.learn_to_play.retranslate()
        self._rebuild_recent_menu()
        if self._handover_seat is not None:
            self.handover_screen.set_player(self.session.seat_name(self._handover_seat))
        elif self.session.has_game():
            self.log_dock.set_entries(self.session.log_entries())  # event lines follow the language too
            self._refresh_choices()  # so do the labels of choices and actions
            self._refresh_panels()
        keys = self.action_collection.finish_turn.shortcut()
        self.actions_dock.end_turn_keys = keys.toString(keys.SequenceFormat.NativeText)
        self.actions_dock.retranslateUi()
        self._refresh_undo_and_title()
        self._refresh_status()
        self._show_zoom(self.board_view.zoom())

