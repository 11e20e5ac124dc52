"""The window of an online game: the main window's board and panels over an `OnlineSession`.

It draws the local seat's view only (one seat per app: no hand-over screens), sends every command
to the host, and says in the status bar how the table is doing: connected, throttled or offline,
whose decision the game waits for, a host that does not answer. The host's window can give a seat
whose player left to a computer player. Undo is not offered online (the game is everyone's), nor
saving to a file (the host's app and the room keep the game), nor a new local game in this window.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QLabel, QMainWindow, QWidget

from gui.i18n import LanguageSwitcher, current_language
from gui.main_window import MainWindow
from gui.settings import Settings
from gui.widgets import dialogs

if TYPE_CHECKING:
    from gui.controller.online import OnlineSession


class OnlineWindow(MainWindow):
    def __init__(self, session: OnlineSession, settings: Settings, languages: LanguageSwitcher,
                 parent: QWidget | None = None) -> None:
        self.online_session = session
        super().__init__(session, settings, languages, parent)
        self.setObjectName("online_window")
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.online_label = QLabel(self)
        self.online_label.setObjectName("online_label")
        self.statusBar().insertPermanentWidget(0, self.online_label)
        a = self.action_collection
        for action in (a.new_game, a.open, a.open_replay, a.save, a.save_as, a.review, a.hint, a.play_online,
                       a.skip_bots):
            action.setVisible(False)
            action.setEnabled(False)
        self.recent_menu.menuAction().setVisible(False)
        self.bot_speed_menu.menuAction().setVisible(False)
        self.game_menu.addAction(a.replace_player)
        a.replace_player.triggered.connect(lambda: self.replace_player())
        session.online_status_changed.connect(self._on_online_status)
        session.game_closed.connect(self.close)
        self.retranslateUi()

    # -- what the window says ----------------------------------------------------------------------
    def _status_text(self) -> str:
        s = self.online_session
        if s.is_waiting():
            return self.tr("Waiting for the host")
        if not s.has_game() or s.is_over() or not s.is_online:
            return super()._status_text()
        if s.command_pending():
            if s.host_away():
                return self.tr("Host away: your move was sent but the host has not answered yet")
            return self.tr("Sent; waiting for the host…")
        seat = s.local_seat()
        mine = seat is not None and seat in s.deciders() and bool(s._viewer_legal())
        waiting = s.waiting_for()
        parts = [self.tr("Your decision")] if mine else []
        if waiting:
            names = ", ".join(s.seat_name(other) for other in waiting)
            parts.append(self.tr("waiting for {players}").format(players=names))
        elif waiting is None and not mine:
            parts.append(self.tr("waiting for the other players"))
        return "; ".join(parts) or self.tr("Waiting for the host")

    def _on_online_status(self) -> None:
        if self.online_session.is_waiting():
            self._refresh_board()
        self._refresh_status()

    def _refresh_status(self) -> None:
        super()._refresh_status()
        self._refresh_online()

    def _refresh_online(self) -> None:
        if not hasattr(self, "online_label"):
            return  # still being built
        s = self.online_session
        status = s.online_status()
        words = {"connected": self.tr("Online: connected"),
                 "throttled": self.tr("Online: the server is throttling, moves arrive slowly"),
                 "offline": self.tr("Online: offline — reconnecting…")}
        text = words.get(status, "")
        if s.connection_closed():
            text = self.tr("Online: disconnected — leave the game and join it again")
        self.online_label.setText(text)
        self.online_label.setStyleSheet("color: #b00020;" if status == "offline" else
                                        "color: #8a6d00;" if status == "throttled" else "")
        self.action_collection.replace_player.setVisible(s.is_host())
        self.action_collection.replace_player.setEnabled(bool(s.replaceable_seats()) and not s.is_over())

    def _refresh_undo_and_title(self) -> None:
        super()._refresh_undo_and_title()
        s = self.online_session
        if not s.is_online:
            return
        tip = self.tr("Undo is not offered in an online game: every player shares the game")
        for action in (self.action_collection.undo, self.action_collection.redo):
            action.setEnabled(False)
            action.setToolTip(tip)
            action.setStatusTip(tip)
        seat = s.local_seat()
        role = self.tr("host") if s.is_host() else self.tr("online")
        you = s.seat_name(seat) if seat is not None else ""
        self.setWindowTitle(self.tr("{game} — {role}, you play {seat} — Tablekeeper").format(
            game=s.game_name().get(current_language()), role=role, seat=you))

    def _refresh_board(self) -> None:
        s = self.online_session
        if not s.is_waiting():
            super()._refresh_board()
            return
        self.board_view.show_placeholder()
        self.table_view.setHtml("<p style='margin: 24px; font-size: large'>" + self.tr(
            "Waiting for the host to send the game to this seat…") + "</p>")
        self.central_stack.setCurrentWidget(self.table_view)
        self._show_table_docks(False)

    def _refresh_all(self) -> None:
        super()._refresh_all()
        self.action_collection.save.setEnabled(False)
        self.action_collection.save_as.setEnabled(False)
        self.action_collection.review.setEnabled(False)

    # -- the host's tool -----------------------------------------------------------------------
    def replace_player(self, seat: int | None = None) -> bool:
        """The host gives a remote seat to a computer player (asks which when ``seat`` is None)."""
        s = self.online_session
        seats = s.replaceable_seats()
        if seat is None:
            if not seats:
                return False
            from PySide6.QtWidgets import QInputDialog
            names = [s.seat_name(other) for other in seats]
            name, ok = QInputDialog.getItem(self, self.tr("Replace a Player"),
                                            self.tr("Which player left? A computer player takes the seat."),
                                            names, 0, False)
            if not ok:
                return False
            seat = seats[names.index(name)]
        if seat not in seats:
            return False
        try:
            s.replace_with_computer(seat)
        except Exception as error:  # said in words
            dialogs.show_error(self, self.tr("Cannot replace the player"), str(error))
            return False
        self.statusBar().showMessage(self.tr("{player} is now played by the computer").format(
            player=s.seat_name(seat)), 4000)
        self._refresh_status()
        return True

    # -- window life ---------------------------------------------------------------------------------
    def close_game(self) -> None:
        self.close()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.online_session.shutdown()   # the main window keeps its own layout in the settings
        QMainWindow.closeEvent(self, event)

    def retranslateUi(self) -> None:
        super().retranslateUi()
        if hasattr(self, "online_label"):
            self.action_collection.close_game.setText(self.tr("&Leave the Online Game"))
            self._refresh_online()
