"""Play Online over a real (throw-away) Synapse: two windows signed in through the sign-in dialog
with `matrix_connector` (`MatrixAccount`, end-to-end encrypted), the host opens a table from its
lobby, the remote player accepts the invitation in hers, and both play a handful of commands
through their sessions until both windows show the host's digest. Marked `matrix`; skipped
without TABLEKEEPER_SYNAPSE_PYTHON (tests/online/synapse_fixture.py)."""
from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import shiboken6
from PySide6.QtCore import QSettings

pytest.importorskip("nio", reason="the matrix tests need the `online` extra (matrix-nio)")

from engine.core import Rng
from gui.controller.online_calls import HostChoice, matrix_connector
from gui.main_window import MainWindow
from gui.online_window import OnlineWindow
from gui.widgets.online_dialogs import LobbyDialog, SignInDialog
from tests.online.synapse_fixture import Homeserver

pytestmark = pytest.mark.matrix

COMMANDS = 8        # commands applied before the windows are compared (each seat plays at least once)


@pytest.fixture(scope="module")
def players(homeserver: Homeserver) -> dict[str, dict[str, Any]]:
    """Two accounts of their own (other tests of the session register theirs)."""
    return {name: homeserver.register(name) for name in ("gui_host", "gui_ann")}


@pytest.fixture
def accounts() -> Iterator[list[Any]]:
    made: list[Any] = []
    yield made
    for account in made:
        account.close()


def _sign_in(qtbot, homeserver: Homeserver, user: dict[str, Any], tmp_path: Path) -> Any:
    store = QSettings(str(tmp_path / f"{user['user_id'][1:].split(':')[0]}.ini"), QSettings.Format.IniFormat)
    dialog = SignInDialog(matrix_connector, store, keyring=None)
    qtbot.addWidget(dialog)
    dialog.server_edit.setText(homeserver.url)
    dialog.user_edit.setText(user["user_id"])
    dialog.password_edit.setText(user["password"])
    with qtbot.waitSignal(dialog.accepted, timeout=20_000):
        dialog.sign_in()
    assert dialog.account is not None and dialog.account.user_id == user["user_id"]
    return dialog.account


def _lobby(qtbot, window: MainWindow, account: Any) -> LobbyDialog:
    window.online_account = account
    lobby = window.create_lobby()
    qtbot.addWidget(lobby)
    qtbot.waitUntil(lambda: not lobby.busy, timeout=20_000)
    return lobby


def test_a_game_hosted_over_synapse_in_one_window_and_joined_in_another(
        qtbot, window: MainWindow, homeserver: Homeserver, players: dict[str, dict[str, Any]],
        accounts: list[Any], tmp_path: Path, error_dialogs) -> None:
    began = time.monotonic()
    host_user, ann_user = players["gui_host"], players["gui_ann"]
    host_account = _sign_in(qtbot, homeserver, host_user, tmp_path)
    accounts.append(host_account)
    ann_account = _sign_in(qtbot, homeserver, ann_user, tmp_path)
    accounts.append(ann_account)

    host_lobby = _lobby(qtbot, window, host_account)
    choice = HostChoice("vindication", 2, "standard", ("you", ann_user["user_id"]), {}, seed=2)
    with qtbot.waitSignal(host_lobby.table_ready, timeout=30_000):
        host_lobby.host(choice, "Tablekeeper GUI over Synapse")
    host = window.open_online_window(host_lobby.table)
    assert isinstance(host, OnlineWindow)
    windows = [host]
    try:
        ann_lobby = _lobby(qtbot, window, ann_account)
        deadline = time.monotonic() + 20
        while ann_lobby.invitation_list.count() == 0:     # the invitation comes with a sync
            assert time.monotonic() < deadline, "no invitation reached the remote player's lobby"
            qtbot.wait(200)
            ann_lobby.refresh_invitations()
            qtbot.waitUntil(lambda: not ann_lobby.busy, timeout=20_000)
        assert host_user["user_id"] in ann_lobby.invitation_list.item(0).text()
        with qtbot.waitSignal(ann_lobby.table_ready, timeout=30_000):
            ann_lobby.join_button.click()
        remote = window.open_online_window(ann_lobby.table)
        assert isinstance(remote, OnlineWindow)
        windows.append(remote)
        host_s, remote_s = host.online_session, remote.online_session
        # each window shows the game once its seat's first view came (pumped by the app itself:
        # the transport's arrivals and the safety timer)
        qtbot.waitUntil(lambda: host_s.has_game() and remote_s.has_game(), timeout=30_000)
        assert host_s.local_seat() == 0 and remote_s.local_seat() == 1 and host_s.is_host()
        table = host_s.online_table
        assert table is not None and table.host is not None
        rng = Rng(7, stream=3)
        played = {0: 0, 1: 0}
        while table.host.seq < COMMANDS or not all(played.values()):
            assert table.host.seq < 60, "the remote seat never got to play"
            seq = table.host.seq
            qtbot.waitUntil(lambda: bool(host_s._viewer_legal() or remote_s._viewer_legal()), timeout=30_000)
            for seat, session in enumerate((host_s, remote_s)):
                legal = session._viewer_legal()
                if legal:
                    session.apply(str(rng.choice(list(legal))))
                    played[seat] += 1
                    break
            qtbot.waitUntil(lambda s=seq: table.host.seq > s or bool(table.client.refusals)
                            or bool(remote_s.online_table and remote_s.online_table.client.refusals),
                            timeout=30_000)
            assert not table.client.refusals and not remote_s.online_table.client.refusals  # type: ignore[union-attr]
        digest = table.host.match.digest()
        qtbot.waitUntil(lambda: host_s.digest() == remote_s.digest() == digest, timeout=30_000)
        assert host.online_label.text() == remote.online_label.text() == "Online: connected"
        assert table.host.ignored == [] and table.client.ignored == []
        assert remote_s.online_table is not None and remote_s.online_table.client.ignored == []
        assert not error_dialogs
        assert time.monotonic() - began < 60
    finally:
        for online_window in windows:
            if shiboken6.isValid(online_window):
                online_window.close()
