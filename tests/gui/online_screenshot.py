"""Offscreen screenshots of Play Online, for looking at by eye (over the in-memory server).

    python tests/gui/online_screenshot.py [FOLDER]        # default /tmp/shots

writes, in English and 繁體中文 (…_en.png, …_zh_TW.png): online_sign_in (the sign-in dialog, with
the note that the token is not remembered when no keyring is available), online_lobby (signed in,
one invitation waiting), online_host (the New Game dialog in its online mode: You, a remote player
by Matrix id, a computer) and online_game (the remote player's window some moves into a seeded
game, with the online status in the status bar).
"""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def take_screenshots(folder: Path, languages: tuple[str, ...] = ("en", "zh_TW")) -> list[Path]:
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication, QWidget

    from engine.core import Rng
    from gui.app import configure_application
    from gui.controller import online_calls as online
    from gui.controller.catalog import available_games, bot_kinds, seat_names
    from gui.controller.online import OnlineSession
    from gui.controller.online_calls import HostChoice
    from gui.controller.online_table import OnlineTable
    from gui.i18n import LanguageSwitcher
    from gui.online_window import OnlineWindow
    from gui.settings import Settings
    from gui.widgets.online_dialogs import LobbyDialog, SignInDialog

    app = QApplication.instance() or QApplication([])
    configure_application(app)
    folder.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix="online-shots-"))
    store = QSettings(str(scratch / "settings.ini"), QSettings.Format.IniFormat)
    written: list[Path] = []
    switcher = LanguageSwitcher(app)

    def settle() -> None:
        for _ in range(8):
            app.processEvents()

    def wait(done) -> None:
        for _ in range(2000):
            if done():
                return
            app.processEvents()
            QApplication.instance().thread().msleep(2)
        raise RuntimeError("an account call did not come back")

    def shoot(widget: QWidget, name: str) -> None:
        widget.show()
        settle()
        path = folder / f"{name}_{language}.png"
        widget.grab().save(str(path))
        written.append(path)

    for language in languages:
        switcher.set_language(language)
        server = online.memory_server()
        server.register("host", "pw-host")
        server.register("ann", "pw-ann")
        connect = online.memory_connector(server)

        sign_in = SignInDialog(connect, store, keyring=None)
        sign_in.server_edit.setText("https://matrix.example.org")
        sign_in.user_edit.setText("@ann:tk.test")
        sign_in.password_edit.setText("")
        sign_in.sign_in()   # nothing to sign in with: the dialog says so
        shoot(sign_in, "online_sign_in")
        sign_in.close()

        host_account = connect("", "host", password="pw-host")
        ann_account = connect("", "ann", password="pw-ann")
        choice = HostChoice("dragonbond", 3, "humans3", ("you", "@ann:tk.test", "bot:heuristic"), {}, seed=21)
        room_id, ends = online.host_game(host_account, choice, "Tablekeeper: an evening game")
        host_table = OnlineTable.hosting(ends, choice, account=host_account, pump_ms=60_000)

        lobby = LobbyDialog(ann_account, available_games(), bot_kinds, seat_names)
        wait(lambda lobby=lobby: not lobby.busy)
        shoot(lobby, "online_lobby")

        host_dialog = lobby.create_host_dialog()
        host_dialog.select_game("vindication")
        host_dialog.players_spin.setValue(3)
        combos = [combo for _, _, combo in host_dialog._seat_rows]
        combos[2].setCurrentIndex(1)   # a computer player
        host_dialog._remote_edits[1].setText("@ann:tk.test")
        host_dialog.resize(760, 620)
        shoot(host_dialog, "online_host")
        host_dialog.close()

        settings = Settings(store)
        ann_table = OnlineTable.joining(online.join_game(ann_account, room_id)[0], account=ann_account,
                                        pump_ms=60_000)
        session = OnlineSession(bot_delay_ms=0)
        game_window = OnlineWindow(session, settings, switcher)
        game_window.resize(1400, 860)
        game_window.show()
        session.start_online(ann_table)
        rng = Rng(3, stream=9)
        for _ in range(400):
            host_table.pump()
            ann_table.pump()
            legal = session._viewer_legal()
            if legal and len(ann_table.client.entries) < 40:
                session.apply(rng.choice(list(legal)))
                continue
            mine = host_table.client.legal
            if mine and len(host_table.client.entries) < 40:
                host_table.client.send(rng.choice(list(mine)))
                continue
            if len(ann_table.client.entries) >= 40 and session._viewer_legal():
                break
        game_window.resize(1400, 860)
        game_window.show()
        settle()
        game_window.fit_board()
        for _ in range(60):   # the "your turn" banner slides in
            settle()
            QApplication.instance().thread().msleep(10)
        shoot(game_window, "online_game")
        game_window.close()
        lobby.close()
    switcher.set_language("en")
    return written


if __name__ == "__main__":
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    sys.path.insert(0, str(ROOT))
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("/tmp/shots")
    for written_path in take_screenshots(target):
        print(written_path)
