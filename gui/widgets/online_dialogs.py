"""Play Online: the sign-in dialog and the lobby (host a new game, or accept an invitation).

Every call to the account (signing in, creating a room, listing invitations, joining) may wait
for the network: it runs on a pool thread (`gui.controller.online_calls.call_off_thread`) while the
dialog says what it is doing; the window never freezes, and an error is said in words.
The homeserver and user are remembered in the settings; the access token only in the desktop's
keyring (the `keyring` package, when installed and working), never in the settings file.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QEvent, QSettings, Qt, QUrl, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from gui.controller import online_calls as online
from gui.controller.online_table import PUMP_SAFETY_MS, OnlineTable
from gui.controller.types import GameChoice, SessionError, Words

KEYRING_SERVICE = "Tablekeeper"
DEFAULT_HOMESERVER = "https://matrix.org"
ERROR_STYLE = "color: #b00020;"


def _error_label(parent: QWidget, name: str) -> QLabel:
    label = QLabel(parent)
    label.setObjectName(name)
    label.setWordWrap(True)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return label


class SignInDialog(QDialog):
    """Homeserver, user, and a password or an access token; `account` once signed in."""

    def __init__(self, connector: online.Connector, settings: QSettings, parent: QWidget | None = None,
                 keyring: Any = None) -> None:
        super().__init__(parent)
        self.setObjectName("sign_in_dialog")
        self.setModal(True)
        self._connector = connector
        self._settings = settings
        self._keyring = keyring if keyring is not None else online.keyring_backend()
        self.account: Any = None
        self.busy = False

        layout = QVBoxLayout(self)
        self.intro = QLabel(self)
        self.intro.setWordWrap(True)
        layout.addWidget(self.intro)
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.server_label, self.server_edit = QLabel(self), QLineEdit(self)
        self.server_edit.setObjectName("server_edit")
        self.user_label, self.user_edit = QLabel(self), QLineEdit(self)
        self.user_edit.setObjectName("user_edit")
        self.password_label, self.password_edit = QLabel(self), QLineEdit(self)
        self.password_edit.setObjectName("password_edit")
        self.password_edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.token_label, self.token_edit = QLabel(self), QLineEdit(self)
        self.token_edit.setObjectName("token_edit")
        self.token_edit.setEchoMode(QLineEdit.EchoMode.Password)
        for label, field in ((self.server_label, self.server_edit), (self.user_label, self.user_edit),
                             (self.password_label, self.password_edit), (self.token_label, self.token_edit)):
            label.setBuddy(field)
            form.addRow(label, field)
        layout.addLayout(form)
        self.token_note = QLabel(self)
        self.token_note.setObjectName("token_note")
        self.token_note.setWordWrap(True)
        layout.addWidget(self.token_note)
        self.message = _error_label(self, "sign_in_message")
        layout.addWidget(self.message)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel,
                                        self)
        self.buttons.accepted.connect(self.sign_in)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)

        self.server_edit.setText(str(settings.value("online/homeserver", DEFAULT_HOMESERVER) or DEFAULT_HOMESERVER))
        self.user_edit.setText(str(settings.value("online/user", "") or ""))
        token = self._remembered_token()
        if token:
            self.token_edit.setText(token)
        self.retranslateUi()
        self.resize(max(460, self.sizeHint().width()), self.sizeHint().height())

    # -- the choice -------------------------------------------------------------------------------
    def problem(self) -> str:
        """What is wrong with the input, in words ("" when it may be sent)."""
        url = QUrl(self.server_edit.text().strip())
        if url.scheme() not in ("http", "https") or not url.host():
            return self.tr("Enter the homeserver's address, like https://matrix.org.")
        user = self.user_edit.text().strip()
        name = user[1:].partition(":")[0] if user.startswith("@") else user.partition(":")[0]
        if not name or " " in user:
            return self.tr("Enter your user name, like ann or @ann:matrix.org.")
        if not self.password_edit.text() and not self.token_edit.text().strip():
            return self.tr("Enter your password or an access token.")
        return ""

    def sign_in(self) -> None:
        if self.busy:
            return
        problem = self.problem()
        if problem:
            self._say(problem, error=True)
            return
        server, user = self.server_edit.text().strip(), self.user_edit.text().strip()
        password = self.password_edit.text() or None
        token = None if password else self.token_edit.text().strip() or None
        device = str(self._settings.value("online/device_id", "") or "") or None
        connector = self._connector
        self._set_busy(True)
        self._say(self.tr("Signing in to {server}…").format(server=server))

        def work() -> Any:
            return connector(server, user, password=password, token=token, device_id=device)

        online.call_off_thread(work, self._signed_in, self._failed)

    def _signed_in(self, account: Any) -> None:
        self._set_busy(False)
        self.account = account
        server = self.server_edit.text().strip()
        self._settings.setValue("online/homeserver", server)
        self._settings.setValue("online/user", self.user_edit.text().strip())
        device = getattr(account, "device_id", "")
        if device:
            self._settings.setValue("online/device_id", device)
        token = getattr(account, "access_token", "")
        if token and self._keyring is not None:
            try:
                self._keyring.set_password(KEYRING_SERVICE, self._token_key(), token)
            except Exception:  # a keyring that fails: the token is simply not kept
                pass
        self.password_edit.clear()
        self.accept()

    def _failed(self, words: str) -> None:
        self._set_busy(False)
        self._say(self.tr("Could not sign in: {reason}").format(reason=words), error=True)

    def _remembered_token(self) -> str:
        if self._keyring is None:
            return ""
        try:
            return str(self._keyring.get_password(KEYRING_SERVICE, self._token_key()) or "")
        except Exception:
            return ""

    def _token_key(self) -> str:
        return f"{self.server_edit.text().strip()}|{self.user_edit.text().strip()}"

    def _set_busy(self, busy: bool) -> None:
        self.busy = busy
        for field in (self.server_edit, self.user_edit, self.password_edit, self.token_edit):
            field.setEnabled(not busy)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(not busy)

    def _say(self, text: str, error: bool = False) -> None:
        self.message.setStyleSheet(ERROR_STYLE if error else "")
        self.message.setText(text)

    # -- words ------------------------------------------------------------------------------------
    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslateUi()
        super().changeEvent(event)

    def retranslateUi(self) -> None:
        self.setWindowTitle(self.tr("Play Online — Sign In"))
        self.intro.setText(self.tr("Sign in with a Matrix account to play with friends on other computers. "
                                   "Any Matrix homeserver will do; the game travels in a room you share."))
        self.server_label.setText(self.tr("&Homeserver:"))
        self.user_label.setText(self.tr("&User:"))
        self.password_label.setText(self.tr("&Password:"))
        self.token_label.setText(self.tr("or access &token:"))
        self.server_edit.setPlaceholderText(DEFAULT_HOMESERVER)
        self.user_edit.setPlaceholderText(self.tr("ann or @ann:matrix.org"))
        self.password_edit.setPlaceholderText(self.tr("never stored"))
        self.token_edit.setPlaceholderText(self.tr("instead of the password"))
        if self._keyring is not None:
            self.token_note.setText(self.tr("The homeserver and user are remembered; the access token is kept "
                                            "in your desktop's keyring, so next time you need no password."))
        else:
            self.token_note.setText(self.tr("The homeserver and user are remembered. The access token is not "
                                            "remembered (no desktop keyring is available): you will sign in "
                                            "again next time."))
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText(self.tr("&Sign In"))
        self.buttons.button(QDialogButtonBox.StandardButton.Cancel).setText(self.tr("Cancel"))


class LobbyDialog(QDialog):
    """Host a new game, or accept an invitation; `table_ready` brings the table to play at."""

    table_ready = Signal(object)   # an `OnlineTable`

    def __init__(self, account: Any, games: Sequence[GameChoice], bot_kinds: Callable[[str], Sequence[str]],
                 seat_names: Callable[[str, int, str], Sequence[Words]], parent: QWidget | None = None,
                 pump_ms: int = PUMP_SAFETY_MS) -> None:
        super().__init__(parent)
        self.setObjectName("lobby_dialog")
        self.account = account
        self._games, self._bot_kinds, self._seat_names = list(games), bot_kinds, seat_names
        self._pump_ms = pump_ms
        self.busy = False
        self.table: OnlineTable | None = None
        self.host_dialog: QDialog | None = None   # the New Game dialog in its online mode, while open

        layout = QVBoxLayout(self)
        self.who = QLabel(self)
        self.who.setObjectName("lobby_who")
        layout.addWidget(self.who)
        self.host_box = QGroupBox(self)
        host_layout = QVBoxLayout(self.host_box)
        self.host_text = QLabel(self.host_box)
        self.host_text.setWordWrap(True)
        self.host_button = QPushButton(self.host_box)
        self.host_button.setObjectName("host_button")
        self.host_button.clicked.connect(self.host_new_game)
        host_layout.addWidget(self.host_text)
        row = QHBoxLayout()
        row.addWidget(self.host_button)
        row.addStretch(1)
        host_layout.addLayout(row)
        layout.addWidget(self.host_box)

        self.join_box = QGroupBox(self)
        join_layout = QVBoxLayout(self.join_box)
        self.invitation_list = QListWidget(self.join_box)
        self.invitation_list.setObjectName("invitation_list")
        self.invitation_list.itemDoubleClicked.connect(lambda item: self.accept_invitation())
        self.invitation_list.currentRowChanged.connect(lambda row: self._refresh_buttons())
        join_layout.addWidget(self.invitation_list)
        buttons = QHBoxLayout()
        self.refresh_button = QPushButton(self.join_box)
        self.refresh_button.setObjectName("refresh_button")
        self.refresh_button.clicked.connect(self.refresh_invitations)
        self.join_button = QPushButton(self.join_box)
        self.join_button.setObjectName("join_button")
        self.join_button.clicked.connect(self.accept_invitation)
        buttons.addWidget(self.refresh_button)
        buttons.addStretch(1)
        buttons.addWidget(self.join_button)
        join_layout.addLayout(buttons)
        layout.addWidget(self.join_box, 1)

        self.tables_box = QGroupBox(self)   # the tables this app hosted or joined: open them again
        tables_layout = QVBoxLayout(self.tables_box)
        self.table_list = QListWidget(self.tables_box)
        self.table_list.setObjectName("table_list")
        self.table_list.itemDoubleClicked.connect(lambda item: self.reopen_table())
        self.table_list.currentRowChanged.connect(lambda row: self._refresh_buttons())
        tables_layout.addWidget(self.table_list)
        buttons = QHBoxLayout()
        self.reopen_button = QPushButton(self.tables_box)
        self.reopen_button.setObjectName("reopen_button")
        self.reopen_button.clicked.connect(self.reopen_table)
        buttons.addStretch(1)
        buttons.addWidget(self.reopen_button)
        tables_layout.addLayout(buttons)
        layout.addWidget(self.tables_box, 1)

        self.message = _error_label(self, "lobby_message")
        layout.addWidget(self.message)
        self.close_buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        self.close_buttons.rejected.connect(self.reject)
        layout.addWidget(self.close_buttons)
        self._invitations: list[tuple[str, str, str]] = []
        self._tables: list[online.KnownTable] = []
        self.retranslateUi()
        self.show_tables()
        self.resize(max(520, self.sizeHint().width()), max(420, self.sizeHint().height()))
        self.refresh_invitations()

    # -- invitations ------------------------------------------------------------------------------
    def refresh_invitations(self) -> None:
        if self.busy:
            return
        self._start(self.tr("Looking for invitations…"))
        account = self.account
        online.call_off_thread(lambda: online.invitations_of(account), self._show_invitations, self._failed)

    def _show_invitations(self, found: object) -> None:
        self._stop()
        self._invitations = list(found) if isinstance(found, list) else []
        self.invitation_list.clear()
        for room_id, inviter, name in self._invitations:
            item = QListWidgetItem(self.tr("{name} — from {inviter}").format(name=name or room_id, inviter=inviter),
                                   self.invitation_list)
            item.setToolTip(room_id)
        if self._invitations:
            self.invitation_list.setCurrentRow(0)
        self._say(self.tr("No invitations yet: ask the host to invite {user}.").format(user=self.account.user_id)
                  if not self._invitations else "")
        self._refresh_buttons()

    def accept_invitation(self) -> None:
        row = self.invitation_list.currentRow()
        if self.busy or not 0 <= row < len(self._invitations):
            return
        room_id, _, name = self._invitations[row]
        account = self.account
        self._start(self.tr("Joining the game…"))

        def joined(transports: object) -> None:
            self._stop()
            assert isinstance(transports, list)
            try:
                table = OnlineTable.joining(transports[0], account=account, pump_ms=self._pump_ms)
            except Exception as error:  # said in words, never a traceback
                self._failed(str(error))
                return
            self._remember(online.KnownTable(room_id, name, online.SEATED))
            self._ready(table)

        online.call_off_thread(lambda: online.join_game(account, room_id), joined, self._failed)

    # -- your tables: open again a table hosted or joined before ---------------------------------------
    def show_tables(self) -> None:
        self._tables = online.known_tables(self.account.user_id)
        self.table_list.clear()
        for known in self._tables:
            text = (self.tr("{name} — you host it") if known.role == online.HOSTED
                    else self.tr("{name} — you play a seat")).format(name=known.name or known.room_id)
            QListWidgetItem(text, self.table_list).setToolTip(known.room_id)
        if self._tables:
            self.table_list.setCurrentRow(0)
        self.tables_box.setVisible(bool(self._tables))
        self._refresh_buttons()

    def _remember(self, known: online.KnownTable) -> None:
        try:
            online.remember_table(self.account.user_id, known)
        except OSError:   # not remembered: the table still opens now
            pass

    def reopen_table(self) -> None:
        """Open the chosen table again: host it again from its save, or sit at it again (the seat
        catches up from the room and asks the host for its view)."""
        row = self.table_list.currentRow()
        if self.busy or not 0 <= row < len(self._tables):
            return
        known = self._tables[row]
        account = self.account
        self._start(self.tr("Opening the table again…"))

        def opened(transports: object) -> None:
            self._stop()
            assert isinstance(transports, list)
            try:
                if known.role == online.HOSTED:
                    table = OnlineTable.resuming(transports, online.host_save_path(known.room_id), account=account,
                                                 pump_ms=self._pump_ms)
                else:
                    table = OnlineTable.joining(transports[0], account=account, pump_ms=self._pump_ms)
            except SessionError as error:
                self._failed(error.message)
                return
            self._remember(known)
            self._ready(table)

        online.call_off_thread(lambda: online.reopen_game(account, known), opened, self._failed)

    # -- hosting ------------------------------------------------------------------------------------
    def create_host_dialog(self) -> Any:
        from gui.widgets.new_game_dialog import NewGameDialog
        dialog = NewGameDialog(self._games, self._bot_kinds, self._seat_names, None, self, online=True)
        self.host_dialog = dialog
        return dialog

    def host_new_game(self) -> None:
        if self.busy:
            return
        dialog = self.create_host_dialog()
        try:
            if dialog.exec() != QDialog.DialogCode.Accepted:
                return
            config = dialog.config()
            choice = online.HostChoice(config.game, config.players, config.mode, dialog.online_seats(),
                                       dict(config.options), config.seed)
            game = dialog.selected_game()
            name = self.tr("Tablekeeper: {game}").format(game=game.name.get("en") if game else config.game)
        finally:
            self.host_dialog = None
            dialog.deleteLater()
        self.host(choice, name)

    def host(self, choice: online.HostChoice, room_name: str) -> None:
        """Open a table for ``choice`` (the room is created off the GUI thread)."""
        account = self.account
        self._start(self.tr("Creating the game room and inviting the players…"))

        def created(found: object) -> None:
            self._stop()
            assert isinstance(found, tuple)
            room_id, transports = found
            try:
                table = OnlineTable.hosting(transports, choice, account=account, pump_ms=self._pump_ms,
                                            save_path=online.host_save_path(room_id))
            except SessionError as error:
                self._failed(error.message)
                return
            self._remember(online.KnownTable(room_id, room_name, online.HOSTED))
            self._ready(table)

        online.call_off_thread(lambda: online.host_game(account, choice, room_name), created, self._failed)

    # -- common -------------------------------------------------------------------------------------
    def _ready(self, table: OnlineTable) -> None:
        self.table = table
        self.table_ready.emit(table)
        self.accept()

    def _start(self, words: str) -> None:
        self.busy = True
        self._say(words)
        self._refresh_buttons()

    def _stop(self) -> None:
        self.busy = False
        self._refresh_buttons()

    def _failed(self, words: str) -> None:
        self._stop()
        self._say(words, error=True)

    def _say(self, text: str, error: bool = False) -> None:
        self.message.setStyleSheet(ERROR_STYLE if error else "")
        self.message.setText(text)

    def _refresh_buttons(self) -> None:
        self.host_button.setEnabled(not self.busy and bool(self._games))
        self.refresh_button.setEnabled(not self.busy)
        self.join_button.setEnabled(not self.busy and 0 <= self.invitation_list.currentRow() < len(self._invitations))
        self.reopen_button.setEnabled(not self.busy and 0 <= self.table_list.currentRow() < len(self._tables))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslateUi()
        super().changeEvent(event)

    def retranslateUi(self) -> None:
        self.setWindowTitle(self.tr("Play Online"))
        self.who.setText(self.tr("Signed in as {user}").format(user=self.account.user_id))
        self.host_box.setTitle(self.tr("Host a new game"))
        self.host_text.setText(self.tr("Choose the game and who plays each seat: you, the computer, or a friend "
                                       "by Matrix id. Your computer runs the game: keep it open until the end."))
        self.host_button.setText(self.tr("&Host a New Game…"))
        self.join_box.setTitle(self.tr("Invitations"))
        self.refresh_button.setText(self.tr("&Refresh"))
        self.join_button.setText(self.tr("&Accept and Join"))
        self.tables_box.setTitle(self.tr("Your tables"))
        self.reopen_button.setText(self.tr("Re&open"))
        self._refresh_buttons()
