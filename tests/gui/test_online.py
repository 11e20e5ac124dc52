"""Play Online (gui/controller/online*.py, mirror.py, gui/online_window.py, gui/widgets/online_dialogs.py), offscreen
over the in-memory server (engine/online/accounts.py): the sign-in dialog, the lobby, a whole seeded game
hosted in one window with a remote seat played in a second window, a refusal with its rule, and no secret
of another seat in the remote window."""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
import shiboken6
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QDialogButtonBox

from engine.core import Command, Rng
from engine.online.memory_server import MemoryServer
from gui.controller import online_calls as online
from gui.controller.online import OnlineSession
from gui.controller.online_calls import HostChoice
from gui.main_window import MainWindow
from gui.online_window import OnlineWindow
from gui.widgets.online_dialogs import LobbyDialog, SignInDialog
from tests.gui.test_table_leaks import drawn_words

HOST, ANN = "@host:tk.test", "@ann:tk.test"


@pytest.fixture
def server() -> MemoryServer:
    server = MemoryServer()
    server.register("host", "pw-host")
    server.register("ann", "pw-ann", token="tok-ann")
    return server


@pytest.fixture
def store(tmp_path) -> QSettings:
    return QSettings(str(tmp_path / "online.ini"), QSettings.Format.IniFormat)


# -- signing in ----------------------------------------------------------------------------------
def test_sign_in_dialog_validates_and_signs_in_off_the_gui_thread(qtbot, server: MemoryServer, store: QSettings,
                                                                  tmp_path) -> None:
    dialog = SignInDialog(online.memory_connector(server), store, keyring=None)
    qtbot.addWidget(dialog)
    dialog.server_edit.setText("")
    dialog.sign_in()
    assert "homeserver" in dialog.message.text() and dialog.account is None
    dialog.server_edit.setText("matrix.example")          # no scheme
    assert "homeserver" in dialog.problem()
    dialog.server_edit.setText("https://tk.test")
    dialog.user_edit.setText("")
    assert "user name" in dialog.problem()
    dialog.user_edit.setText("ann")
    assert "password" in dialog.problem()
    # the keyring is absent: the dialog says plainly that the token is not remembered
    assert "not remembered" in dialog.token_note.text()

    dialog.password_edit.setText("wrong")
    dialog.sign_in()
    assert dialog.busy and "Signing in" in dialog.message.text()   # the answer comes from a pool thread
    qtbot.waitUntil(lambda: not dialog.busy, timeout=5000)
    assert "Could not sign in" in dialog.message.text() and "password" in dialog.message.text()
    assert dialog.account is None and dialog.isEnabled()

    dialog.password_edit.setText("pw-ann")
    with qtbot.waitSignal(dialog.accepted, timeout=5000):
        dialog.sign_in()
    assert dialog.account.user_id == ANN
    store.sync()
    saved = (tmp_path / "online.ini").read_text(encoding="utf-8")
    assert "tk.test" in saved and "ann" in saved
    assert "pw-ann" not in saved and dialog.account.access_token not in saved   # neither is kept in settings


def test_sign_in_with_a_token_kept_in_a_keyring(qtbot, server: MemoryServer, store: QSettings) -> None:
    class Keyring:
        def __init__(self) -> None:
            self.kept: dict[tuple[str, str], str] = {}

        def get_password(self, service: str, key: str) -> str | None:
            return self.kept.get((service, key))

        def set_password(self, service: str, key: str, value: str) -> None:
            self.kept[(service, key)] = value

    keyring = Keyring()
    dialog = SignInDialog(online.memory_connector(server), store, keyring=keyring)
    qtbot.addWidget(dialog)
    assert "keyring" in dialog.token_note.text() and "not remembered" not in dialog.token_note.text()
    dialog.server_edit.setText("https://tk.test")
    dialog.user_edit.setText("@ann:tk.test")
    dialog.token_edit.setText("tok-ann")
    with qtbot.waitSignal(dialog.accepted, timeout=5000):
        dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    assert dialog.account.user_id == ANN
    assert list(keyring.kept.values()) == [dialog.account.access_token]
    again = SignInDialog(online.memory_connector(server), store, keyring=keyring)
    qtbot.addWidget(again)
    assert again.user_edit.text() == "@ann:tk.test" and again.token_edit.text() == dialog.account.access_token


def test_missing_matrix_library_is_said_in_words(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib

    from engine.online.account import OnlineError

    real = importlib.import_module

    def no_nio(name: str, *args: Any) -> Any:
        if name == "engine.online.matrix":
            raise ImportError("No module named 'nio'")
        return real(name, *args)

    monkeypatch.setattr(online.importlib, "import_module", no_nio)
    with pytest.raises(OnlineError, match="matrix-nio"):
        online.matrix_connector("https://tk.test", "ann", password="pw")


# -- a table with a host window and a remote window ------------------------------------------------
@dataclass
class Pair:
    host: OnlineWindow
    remote: OnlineWindow
    server: MemoryServer

    @property
    def host_session(self) -> OnlineSession:
        return self.host.online_session

    @property
    def remote_session(self) -> OnlineSession:
        return self.remote.online_session

    def pump(self) -> None:
        for session in (self.host_session, self.remote_session):
            assert session.online_table is not None
            session.online_table.pump()


def _lobby(qtbot, window: MainWindow, account: Any) -> LobbyDialog:
    window.online_account = account
    lobby = window.create_lobby()
    lobby._pump_ms = 60_000   # the tables are pumped by the test (`Pair.pump`), never behind its back
    qtbot.addWidget(lobby)
    qtbot.waitUntil(lambda: not lobby.busy, timeout=5000)
    return lobby


def open_pair(qtbot, window: MainWindow, server: MemoryServer, choice: HostChoice) -> Pair:
    """The host opens ``choice``'s table from the lobby; ann accepts the invitation in her lobby."""
    connect = online.memory_connector(server)
    host_lobby = _lobby(qtbot, window, connect("", "host", password="pw-host"))
    with qtbot.waitSignal(host_lobby.table_ready, timeout=5000):
        host_lobby.host(choice, "Tablekeeper test table")
    assert host_lobby.table is not None and host_lobby.table.is_host
    saved = host_lobby.table.host.save_path  # type: ignore[union-attr]
    assert saved is not None and saved.exists()   # the host's table is kept after every change
    host = window.open_online_window(host_lobby.table)
    ann_lobby = _lobby(qtbot, window, connect("", "ann", password="pw-ann"))
    assert ann_lobby.invitation_list.count() == 1 and "@host:tk.test" in ann_lobby.invitation_list.item(0).text()
    with qtbot.waitSignal(ann_lobby.table_ready, timeout=5000):
        ann_lobby.join_button.click()
    remote = window.open_online_window(ann_lobby.table)
    assert isinstance(host, OnlineWindow) and isinstance(remote, OnlineWindow)
    # closed by the `pairs` fixture (they delete themselves when closed)
    # ann's view comes once the host has read her hello: until then her window says it waits
    assert remote.online_session.is_waiting() and not remote.online_session.has_game()
    assert remote.central_stack.currentWidget() is remote.table_view
    assert "Waiting for the host" in remote.table_view.toPlainText()
    pair = Pair(host, remote, server)
    pair.pump()
    assert not remote.online_session.is_waiting() and remote.online_session.has_game()
    assert remote.central_stack.currentWidget() is remote.board_view
    return pair


@pytest.fixture
def pairs(qtbot, window: MainWindow) -> Iterator[list[Pair]]:
    made: list[Pair] = []
    yield made
    for pair in made:
        for online_window in (pair.host, pair.remote):
            if shiboken6.isValid(online_window):
                online_window.close()


def play(qtbot, pair: Pair, rng: Rng, most: int = 3000, until: Any = None) -> int:
    """Both windows play random legal moves through their sessions until the game is over (or
    ``until()``); the number of commands sent."""
    sent = 0
    for _ in range(most):
        pair.pump()
        if until is not None and until():
            return sent
        moved = False
        for session in (pair.host_session, pair.remote_session):
            legal = session._viewer_legal()
            if legal:
                session.apply(rng.choice(list(legal)))
                sent += 1
                moved = True
        if not moved and pair.host_session.is_over() and pair.remote_session.is_over():
            return sent
    raise AssertionError("the online game did not end")


def test_a_whole_seeded_game_hosted_in_one_window_with_a_remote_window(qtbot, window: MainWindow, server,
                                                                       pairs: list[Pair], error_dialogs) -> None:
    choice = HostChoice("dragonbond", 3, "humans3", ("you", ANN, "bot:random"), {}, seed=11)
    pair = open_pair(qtbot, window, server, choice)
    pairs.append(pair)
    host_s, remote_s = pair.host_session, pair.remote_session
    assert host_s.local_seat() == 0 and remote_s.local_seat() == 1
    assert host_s.is_host() and not remote_s.is_host()
    assert not host_s.can_undo() and "not offered" in pair.host.action_collection.undo.toolTip()
    assert pair.host.online_label.text() == "Online: connected"
    assert pair.host.action_collection.replace_player.isVisible()
    assert not pair.remote.action_collection.replace_player.isVisible()
    overs: list[str] = []
    host_s.game_over.connect(overs.append)
    remote_s.game_over.connect(overs.append)

    play(qtbot, pair, Rng(5, stream=3))
    qtbot.waitUntil(lambda: len(overs) == 2, timeout=20000)   # each window audits the revealed seed
    table = host_s.online_table
    assert table is not None and table.host is not None
    digest = table.host.match.digest()
    assert host_s.digest() == remote_s.digest() == digest
    assert host_s.verification() == remote_s.verification() == (True, host_s.verification()[1])
    assert all("Verified" in text for text in overs)
    for online_window in (pair.host, pair.remote):
        assert online_window.end_dialog is not None                 # the end screen shows…
        scores = online_window.session.final_scores()
        assert scores is not None and "Verified" in scores["text"]  # …and says it was verified
        assert online_window.turn_label.text().startswith("Game over")
    assert not error_dialogs


def test_a_refused_command_comes_back_with_its_rule(qtbot, window: MainWindow, server, pairs: list[Pair],
                                                    error_dialogs) -> None:
    choice = HostChoice("dragonbond", 3, "humans3", ("you", ANN, "bot:random"), {}, seed=4)
    pair = open_pair(qtbot, window, server, choice)
    pairs.append(pair)
    host_s, remote_s = pair.host_session, pair.remote_session
    play(qtbot, pair, Rng(1, stream=3), until=lambda: bool(host_s._viewer_legal()) and not remote_s._viewer_legal())
    # ann plays one of the host's moves as her own, out of turn: the host's engine refuses it
    theirs = Command.parse(str(host_s._viewer_legal()[0]))
    refusals: list[tuple[str, str]] = []
    remote_s.command_refused.connect(lambda rule, reason: refusals.append((rule, reason)))
    remote_s.apply(str(theirs.by(1)))
    assert "waiting for the host" in pair.remote.turn_label.text()
    pair.pump()   # the host reads it and refuses; ann's app reads the refusal
    rule, reason = refusals[0]
    assert rule and reason
    assert error_dialogs and f"Rule {rule}" in error_dialogs[-1][1]
    assert "Sent" not in pair.remote.turn_label.text()


def test_the_host_replaces_a_player_who_left(qtbot, window: MainWindow, server, pairs: list[Pair]) -> None:
    choice = HostChoice("dragonbond", 3, "humans3", ("you", ANN, "bot:random"), {}, seed=8)
    pair = open_pair(qtbot, window, server, choice)
    pairs.append(pair)
    host_s = pair.host_session
    assert host_s.replaceable_seats() == [1]
    pair.remote.close()                          # ann leaves
    assert pair.host.replace_player(1)
    assert host_s.replaceable_seats() == []
    assert not pair.host.action_collection.replace_player.isEnabled()
    rng = Rng(2, stream=3)
    for _ in range(3000):                        # the host plays on alone against two computers
        assert host_s.online_table is not None
        host_s.online_table.pump()
        legal = host_s._viewer_legal()
        if legal:
            host_s.apply(rng.choice(list(legal)))
        elif host_s.is_over():
            break
    assert host_s.is_over()


def _leaves(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(_leaves(v) for v in value.values())) if value else set()
    if isinstance(value, list | tuple):
        return set().union(*(_leaves(v) for v in value)) if value else set()
    return set()


@pytest.mark.parametrize(("game", "mode", "seed"), [("nemesis", "standard", 6), ("vindication", "standard", 2)])
def test_the_remote_window_never_shows_another_seats_secrets(qtbot, window: MainWindow, server, pairs: list[Pair],
                                                             game: str, mode: str, seed: int) -> None:
    choice = HostChoice(game, 2, mode, ("you", ANN), {}, seed=seed)
    pair = open_pair(qtbot, window, server, choice)
    pairs.append(pair)
    table = pair.host_session.online_table
    assert table is not None and table.host is not None
    match = table.host.match
    rng = Rng(seed, stream=3)
    checked = 0
    for stop in (4, 20, 45):
        play(qtbot, pair, rng, until=lambda stop=stop: len(match.history) >= stop or match.state.is_terminal())
        if match.state.is_terminal():
            break
        state = match.state
        secrets = {text for text in _leaves(match.game.table(state.view(0), "en"))
                   - _leaves(match.game.table(state.view(1), "en"))
                   - _leaves(match.game.table(state.view(None), "en")) if len(text) >= 3}
        shown = drawn_words(pair.remote) | set(pair.remote_session.log_lines())
        assert not secrets & shown, sorted(secrets & shown)
        checked += len(secrets)
    # the room and the private messages ann's app received hold no view but her own
    room = server.rooms[next(iter(server.rooms))].room
    views = [content for kind, content in room.delivered.get(ANN, []) if kind == "org.tablekeeper.view"]
    assert views and all(view["seat"] == 1 for view in views)
    assert checked, "the game showed the host's seat no secret to look for"


def test_the_host_dialog_offers_remote_players_by_matrix_id(qtbot) -> None:
    from gui.controller.catalog import available_games, bot_kinds, seat_names
    from gui.widgets.new_game_dialog import NewGameDialog
    dialog = NewGameDialog(available_games(), bot_kinds, seat_names, None, None, online=True)
    qtbot.addWidget(dialog)
    dialog.select_game("vindication")
    dialog.players_spin.setValue(3)
    assert dialog.seat_kinds() == ("you", "remote", "remote")    # you first, friends at the others
    assert "Matrix id" in dialog.online_problem()
    dialog._remote_edits[1].setText(ANN)
    dialog._remote_edits[2].setText(ANN)
    assert "twice" in dialog.online_problem()
    combo = dialog._seat_rows[2][2]
    combo.setCurrentIndex(combo.findData("bot:heuristic"))
    assert dialog.online_problem() == ""
    assert dialog.online_seats() == ("you", ANN, "bot:heuristic")
    assert not dialog._remote_edits[2].isVisibleTo(dialog) and dialog._remote_edits[1].isVisibleTo(dialog)
    dialog.players_spin.setValue(4)                               # a rebuild keeps what was typed
    assert dialog.online_seats()[:3] == ("you", ANN, "bot:heuristic")
    dialog.players_spin.setValue(3)
    first = dialog._seat_rows[1][2]
    first.setCurrentIndex(first.findData("you"))
    assert "exactly one" in dialog.online_problem()
    dialog.accept()                                               # refused, and said under the seats
    assert dialog.result() != dialog.DialogCode.Accepted
    assert "exactly one" in dialog.problem_label.text() and dialog.problem_label.isVisibleTo(dialog)
    plain = NewGameDialog(available_games(), bot_kinds, seat_names, None, None)
    qtbot.addWidget(plain)
    plain_combo = plain._seat_rows[0][2]
    assert plain_combo.findData("remote") == -1                   # a local game has no remote seats


def test_the_status_bar_says_how_the_table_is_doing(qtbot, window: MainWindow, server, pairs: list[Pair]) -> None:
    import threading

    from gui.controller.online_table import HOST_AWAY_S, OnlineTable
    choice = HostChoice("dragonbond", 3, "humans3", ("you", ANN, "bot:random"), {}, seed=11)
    pair = open_pair(qtbot, window, server, choice)
    pairs.append(pair)
    remote_s, remote = pair.remote_session, pair.remote
    table = remote_s.online_table
    assert table is not None
    room = server.rooms[next(iter(server.rooms))].room
    room.set_status("throttled", ANN)       # the server throttles the remote player's account
    table.pump()
    assert "throttling" in remote.online_label.text()
    room.set_status("connected", ANN)
    table.pump()
    assert remote.online_label.text() == "Online: connected"
    # waiting for another seat: the host's window names it (its engine knows who decides); a
    # remote window names it when its view tells, else says it waits for the others
    play(qtbot, pair, Rng(1, stream=3), until=lambda: bool(pair.host_session._viewer_legal())
         and not remote_s._viewer_legal())
    assert "waiting for" in remote.turn_label.text()
    play(qtbot, pair, Rng(1, stream=3), until=lambda: bool(remote_s._viewer_legal())
         and not pair.host_session._viewer_legal())
    pair.host._refresh_status()
    assert "waiting for Player 2" in pair.host.turn_label.text()

    # arrivals signalled from another thread pump the table on the GUI thread
    second: Any = room.connect(ANN, "second")
    second.on_arrival = None
    watcher = OnlineTable.joining(second, pump_ms=60_000)
    assert second.on_arrival is not None
    pumped: list[bool] = []
    watcher.changed.connect(lambda: pumped.append(threading.current_thread() is threading.main_thread()))
    assert pair.host_session.online_table is not None
    pair.host_session.online_table.host.pump()   # type: ignore[union-attr]  # answers the hello: a view
    thread = threading.Thread(target=second.on_arrival)
    thread.start()
    thread.join()
    qtbot.waitUntil(lambda: bool(pumped), timeout=5000)
    assert all(pumped)
    watcher.stop()
    assert second.on_arrival is None

    # a command the host does not answer for long: the host seems away
    play(qtbot, pair, Rng(1, stream=3), until=lambda: bool(remote_s._viewer_legal()))
    pair.host_session.online_table._timer.stop()  # type: ignore[union-attr]  # the host's app hangs
    remote_s.apply(str(remote_s._viewer_legal()[0]))
    assert remote.turn_label.text().startswith("Sent")
    table.client.last_from_host = table.client.clock() - HOST_AWAY_S - 1   # nothing from the host for long
    table.pump()                                   # the safety timer's pump notices it
    assert remote.turn_label.text().startswith("Host away")
    # the device is dropped: offline
    room.drop(ANN, table.client.transport.device)  # type: ignore[attr-defined]
    table.pump()
    assert "disconnected" in remote.online_label.text()


def test_play_online_from_the_menu_signs_in_once_and_opens_a_game_window(qtbot, window: MainWindow, server,
                                                                         monkeypatch: pytest.MonkeyPatch,
                                                                         pairs: list[Pair]) -> None:
    """Game ▸ Play Online: the sign-in dialog (its modal run played here), then the lobby, then the
    game's own window; a second time the account is kept and only the lobby shows."""
    from PySide6.QtWidgets import QDialog
    window.online_connector = online.memory_connector(server)
    signed_in: list[SignInDialog] = []
    lobbies: list[LobbyDialog] = []

    def sign_in(dialog: SignInDialog) -> int:
        signed_in.append(dialog)
        dialog.server_edit.setText("https://tk.test")
        dialog.user_edit.setText("host")
        dialog.password_edit.setText("pw-host")
        dialog.sign_in()
        qtbot.waitUntil(lambda: not dialog.busy, timeout=5000)
        return dialog.result()

    def lobby_run(lobby: LobbyDialog) -> int:
        lobbies.append(lobby)
        lobby._pump_ms = 60_000
        qtbot.waitUntil(lambda: not lobby.busy, timeout=5000)
        lobby.host(HostChoice("dragonbond", 3, "humans3", ("you", ANN, "bot:random"), {}, seed=3), "table")
        qtbot.waitUntil(lambda: lobby.table is not None or not lobby.busy, timeout=5000)
        return int(QDialog.DialogCode.Accepted)

    monkeypatch.setattr(SignInDialog, "exec", sign_in)
    monkeypatch.setattr(LobbyDialog, "exec", lobby_run)
    game_window = window.play_online()
    assert isinstance(game_window, OnlineWindow) and game_window.online_session.is_host()
    assert window.online_account is not None and window.online_account.user_id == HOST
    assert game_window.online_session.has_game() and game_window.isVisible()
    window.start_page.online_button.click()          # the start page's Play Online; signed in already:
    assert len(signed_in) == 1 and len(lobbies) == 2  # straight to the lobby
    again = window.online_windows[-1]
    assert isinstance(again, OnlineWindow) and again is not game_window and again.isVisible()
    for made in (game_window, again):
        made.close()


def test_the_screenshot_script_draws_every_online_screen(qapp, tmp_path) -> None:
    from PySide6.QtGui import QImage

    from tests.gui.online_screenshot import take_screenshots
    shots = take_screenshots(tmp_path, ("en",))
    assert sorted(p.name for p in shots) == sorted(f"online_{screen}_en.png"
                                                    for screen in ("sign_in", "lobby", "host", "game"))
    for path in shots:
        image = QImage(str(path))
        assert image.width() > 300 and image.height() > 200, path.name


def test_a_host_restarting_hosts_again_and_a_player_reopens_her_table_from_the_lobby(
        qtbot, window: MainWindow, server, pairs: list[Pair], error_dialogs) -> None:
    """"Your tables": the host's app closes mid-game and, signed in again (a new device), opens
    the table again from its save (`HostTable.resume`); the remote player's app closes too and
    sits at her table again, catching up from the room and the host's view."""
    choice = HostChoice("dragonbond", 3, "humans3", ("you", ANN, "bot:random"), {}, seed=8)
    pair = open_pair(qtbot, window, server, choice)
    pairs.append(pair)
    rng = Rng(2, stream=3)
    old_table = pair.host_session.online_table
    assert old_table is not None and old_table.host is not None
    play(qtbot, pair, rng, until=lambda: old_table.host.seq >= 6 and bool(pair.remote_session._viewer_legal()))
    seq = old_table.host.seq
    remote_s = pair.remote_session
    remote_s.apply(str(remote_s._viewer_legal()[0]))   # sent while the host's app is closing: answered later
    pair.host.close()                                   # the host's app stops, its table unread

    connect = online.memory_connector(server)
    lobby = _lobby(qtbot, window, connect("", "host", password="pw-host"))
    assert lobby.tables_box.isVisibleTo(lobby) and lobby.table_list.count() == 1
    assert "you host it" in lobby.table_list.item(0).text()
    with qtbot.waitSignal(lobby.table_ready, timeout=5000):
        lobby.reopen_button.click()
    host = window.open_online_window(lobby.table)
    assert isinstance(host, OnlineWindow) and host.online_session.is_host()
    again = Pair(host, pair.remote, server)
    pairs.append(again)
    table = host.online_session.online_table
    assert table is not None and table.host is not None
    for _ in range(20):
        again.pump()
    assert table.host.seq > seq and table.host.match.commands[seq].seat == 1   # her command, resent
    assert host.online_session.digest() == remote_s.digest() == table.host.match.digest()

    # the remote player's app closes and opens her table again from her lobby
    play(qtbot, again, rng, until=lambda: table.host.seq >= seq + 4)
    pair.remote.close()
    ann_lobby = _lobby(qtbot, window, connect("", "ann", password="pw-ann"))
    assert ann_lobby.invitation_list.count() == 0 and ann_lobby.table_list.count() == 1
    assert "you play a seat" in ann_lobby.table_list.item(0).text()
    with qtbot.waitSignal(ann_lobby.table_ready, timeout=5000):
        ann_lobby.reopen_button.click()
    remote = window.open_online_window(ann_lobby.table)
    assert isinstance(remote, OnlineWindow)
    third = Pair(host, remote, server)
    pairs.append(third)
    for _ in range(5):
        third.pump()
    assert remote.online_session.has_game() and remote.online_session.local_seat() == 1
    assert remote.online_session.digest() == table.host.match.digest()
    play(qtbot, third, rng)
    assert third.host_session.digest() == third.remote_session.digest() == table.host.match.digest()
    assert not error_dialogs
