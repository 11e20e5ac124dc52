"""The app's self-check, for bundles and installs: `tablekeeper --smoke GAME.tksave`.

It opens the real main window, starts a new two-player game (by default the first registered
game that draws a board; you against the computer's heuristic player), plays a few moves for
you the way the panels would (the first answer to a prompt, the first playable space, then End
Turn) while the computer answers, saves
to the given file, opens that file again and checks it replays to the same position, and quits
with exit code 0. Anything else — a refused move, an error dialog, an uncaught exception, no
progress within the time limit — prints the reason and exits 1. Settings and the crash copy go
to a throw-away folder, so a smoke run never touches the player's own. It also draws the end
screen's chart (pyqtgraph loads lazily, so a bundle missing it would only fail at a game's end).

    --smoke PATH            where to save the game (required to run the check)
    --smoke-game ID         which game to play (default: the first registered game with a board)
    --smoke-moves N         how many commands to play, yours and the computer's (default 16)
    --smoke-language CODE   the interface language (en, zh_TW; default en)
    --smoke-hold MS         keep the window open this long after saving (for a screenshot)
    --smoke-screenshot PNG  save a grab of the window just before quitting
    --smoke-start           only report when the first window is shown, then quit (start-up timing)

Progress lines start with "smoke:" on stdout; packaging/smoke.py reads them.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
import traceback
from collections.abc import Sequence
from types import TracebackType

from PySide6.QtCore import QSettings, QTimer
from PySide6.QtGui import QFont, QRawFont
from PySide6.QtWidgets import QApplication

SEATS = ("human", "bot:heuristic")
SEED = 1
TIME_LIMIT_MS = 120_000
STEP_MS = 10
CJK_PROBE = "繁體中文遊戲"  # characters the zh-TW interface shows


def parse(arguments: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="tablekeeper", add_help=False)
    parser.add_argument("--smoke", metavar="PATH")
    parser.add_argument("--smoke-moves", type=int, default=16)
    parser.add_argument("--smoke-game", default="")
    parser.add_argument("--smoke-language", default="en")
    parser.add_argument("--smoke-hold", type=int, default=0, metavar="MS")
    parser.add_argument("--smoke-screenshot", metavar="PNG")
    parser.add_argument("--smoke-start", action="store_true")
    options, _ = parser.parse_known_args(list(arguments))
    return options


def say(line: str) -> None:
    print(f"smoke: {line}", flush=True)


class SmokeRun:
    """Drives one main window through a short game on the event loop; `code` is the exit code."""

    def __init__(self, app: QApplication, options: argparse.Namespace, folder: str) -> None:
        from gui.controller.session import GameSession
        from gui.i18n import LanguageSwitcher
        from gui.main_window import MainWindow
        from gui.settings import Settings
        from gui.widgets import dialogs

        self.app = app
        self.options = options
        self.code = 1
        self.finished = False
        self.applied = 0
        self.by_bot = 0
        self.moved_this_turn = False  # the person's policy: one move on the board, then End Turn
        self.failure: str | None = None
        # a dialog would wait for a person who is not there: each one is a failure, reported
        dialogs.show_error = lambda parent, title, message: self.fail(f"error dialog {title!r}: {message}")
        settings = Settings(QSettings(os.path.join(folder, "tablekeeper.ini"), QSettings.Format.IniFormat))
        self.languages = LanguageSwitcher(app)
        self.languages.set_language(options.smoke_language)
        self.session = GameSession(bot_delay_ms=0, autosave_folder=os.path.join(folder, "autosave"))
        self.window = MainWindow(self.session, settings, self.languages)
        self.session.command_applied.connect(self._on_applied)
        self.session.bot_moved.connect(self._on_bot_moved)
        self.session.game_over.connect(lambda outcome: say(f"game over: {outcome}"))
        self.timer = QTimer(self.window)
        self.timer.setInterval(STEP_MS)
        self.timer.timeout.connect(self._step)

    # -- the run ---------------------------------------------------------------------------------
    def begin(self) -> None:
        from gui.controller.types import NewGameConfig
        self.window.show()
        say(f"window shown: {self.window.windowTitle()!r} ({self.app.platformName()}), "
            f"version {self._version()}")
        sizes = [size.width() for size in self.app.windowIcon().availableSizes()]
        drawn = not self.app.windowIcon().pixmap(32).isNull()
        say(f"app icon: {'drawn' if drawn else 'MISSING'}, sizes {sizes}")
        if not drawn:
            self.fail("the app icon did not load")
            return
        if not self._check_fonts():
            return
        from gui.controller.catalog import game_with_board
        game, mode = game_with_board(self.options.smoke_game, players=len(SEATS))
        config = NewGameConfig(game, len(SEATS), mode, SEATS, {}, SEED)
        if not self.window.start_game(config):
            self.fail("the new game did not start")
            return
        say(f"new game: {self.session.game_name().get(self.languages.language)}, seats {', '.join(SEATS)}, "
            f"seed {SEED}")
        self.timer.start()
        QTimer.singleShot(TIME_LIMIT_MS, lambda: self.fail(
            f"no end after {TIME_LIMIT_MS / 1000:.0f} s ({self.applied} commands applied)"))

    @staticmethod
    def _version() -> str:
        """What the About box shows: the installed package's metadata (a bundle must carry it)."""
        from importlib import metadata
        try:
            return metadata.version("tablekeeper")
        except metadata.PackageNotFoundError:
            return "unknown (no package metadata)"

    def _check_fonts(self) -> bool:
        """Chinese text needs a font with its glyphs: the system's Noto Sans CJK TC or ours."""
        from gui import app as app_module
        raw = QRawFont.fromFont(QFont([app_module.CJK_FAMILY]))
        covered = all(raw.supportsCharacter(ord(c)) for c in CJK_PROBE)
        source = "bundled" if app_module.loaded_fonts() else "system"
        say(f"font {app_module.CJK_FAMILY} ({source}, {raw.familyName() or 'none'}): "
            f"{'has' if covered else 'LACKS'} the glyphs of {CJK_PROBE}")
        if not covered and self.options.smoke_language != "en":
            self.fail(f"no font shows {CJK_PROBE}: Chinese would be empty boxes")
            return False
        return True

    def _on_applied(self, view: object, entries: list) -> None:
        self.applied += 1

    def _on_bot_moved(self, seat: int, label: str, spaces: list) -> None:
        self.by_bot += 1
        say(f"computer: {label}")

    def _step(self) -> None:
        """One tick: stop when enough was played, else make the person's move if it is theirs."""
        if self.finished:
            return
        session = self.session
        if session.is_over() or (self.applied >= self.options.smoke_moves and self.by_bot > 0):
            self.timer.stop()
            self._save_and_check()
            return
        if session.viewer is None or session.viewer not in session.deciders():
            return  # the computer is thinking
        command = self._human_command()
        before = self.applied
        if command is None and self._play_by_touches():
            say("you: a move made by touching the table")
            return
        if command is None:
            self.fail(f"nothing to play for {session.seat_name(session.viewer)}")
            return
        say(f"you: {session.label(command)}")
        session.apply(command)
        if self.applied == before and not self.finished:
            self.fail(f"the command {command!r} was not applied")

    def _play_by_touches(self) -> bool:
        """Touch lit things (the first of each, in order) until a command plays, as a person
        touching the table would; a menu at the end takes its first entry. True when one played."""
        session = self.session
        before = self.applied
        for _ in range(8):
            lit = sorted(session.touchable())
            outcome = session.touch(lit[0]) if lit else None
            if outcome is None:
                break
            if outcome.play is not None or self.applied > before:
                return True
            if outcome.ask:
                session.apply(outcome.ask[0])
                return self.applied > before
        session.cancel_touches()
        return False

    def _human_command(self) -> str | None:
        session = self.session
        answers = session.pending_answers()
        if answers:
            return answers[0][1]
        actions = session.turn_actions()
        if not self.moved_this_turn:
            for space in sorted(session.active_spaces()):
                commands = session.legal_for_space(space)
                if commands:
                    self.moved_this_turn = True
                    return session.shortest_path_for_space(space) or commands[0]
        self.moved_this_turn = False
        turn_end = session.turn_end_command()
        if turn_end is not None:
            return turn_end
        for group in actions:
            return group.actions[0][1]
        return None

    def _save_and_check(self) -> None:
        from gui.controller.session import GameSession, SessionError
        path = os.path.abspath(self.options.smoke)
        try:
            self.session.save(path)
            digest = self.session.digest()
            reloaded = GameSession(bot_delay_ms=0, autosave_folder=os.path.dirname(self.session.autosave_path()))
            reloaded.open(path)
            same = reloaded.digest() == digest
            reloaded.shutdown()
        except SessionError as error:
            self.fail(f"{error.title}: {error.message}")
            return
        if not same:
            self.fail(f"{path} does not load to the position that was saved")
            return
        say(f"{self.applied} commands ({self.by_bot} by the computer); saved {path} "
            f"({os.path.getsize(path)} bytes), reloaded to the same position")
        self._draw_plot()
        QTimer.singleShot(max(0, self.options.smoke_hold), lambda: self.finish(0))

    def _draw_plot(self) -> None:
        """The end screen's chart (pyqtgraph and numpy, loaded lazily: a bundle must carry them)."""
        from gui.widgets.plots import build_score_plot
        plot = build_score_plot(self.session.progress_plot().get("series") or {}, None, "smoke")
        plot.resize(400, 300)
        image = plot.grab().toImage()
        plot.deleteLater()
        if image.isNull():
            self.fail("the end screen plot did not draw")
            return
        import pyqtgraph
        say(f"plot drawn with pyqtgraph {pyqtgraph.__version__} ({image.width()}×{image.height()})")

    # -- ending ----------------------------------------------------------------------------------
    def fail(self, reason: str) -> None:
        if self.finished:
            return
        self.failure = reason
        say(f"FAILED: {reason}")
        self.finish(1)

    def finish(self, code: int) -> None:
        if self.finished:
            return
        self.finished = True
        self.timer.stop()
        if self.options.smoke_screenshot:
            grabbed = self.window.grab().save(self.options.smoke_screenshot)
            say(f"window grab {'saved to ' + self.options.smoke_screenshot if grabbed else 'FAILED'}")
        self.code = code
        if code == 0:
            say("ok")
        self.window.close()
        self.app.exit(code)


def report_start(app: QApplication) -> int:
    """`--smoke-start`: the real start-up path, quitting at the first event loop turn after the
    main window is shown (benchmarks time it from process launch)."""
    from gui import app as app_module
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    with tempfile.TemporaryDirectory(prefix="tablekeeper-smoke-") as folder:
        QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, folder)
        window = app_module.start(app, resume=False)  # a question would wait for nobody

        def shown() -> None:
            say(f"first window shown after {time.process_time():.3f} s of CPU")
            window.close()
            app.exit(0)
        QTimer.singleShot(0, shown)
        code = app.exec()
        window.session.shutdown()
    return code


def run(app: QApplication, arguments: Sequence[str]) -> int:
    options = parse(arguments)
    if options.smoke_start:
        return report_start(app)
    if not options.smoke:
        say("FAILED: --smoke needs the path to save the game to")
        return 2

    def uncaught(kind: type[BaseException], error: BaseException, trace: TracebackType | None) -> None:
        traceback.print_exception(kind, error, trace, file=sys.stderr)
        if smoke is not None:
            smoke.fail(f"uncaught {kind.__name__}: {error}")
        else:
            app.exit(1)

    smoke: SmokeRun | None = None
    sys.excepthook = uncaught
    with tempfile.TemporaryDirectory(prefix="tablekeeper-smoke-") as folder:
        smoke = SmokeRun(app, options, folder)
        QTimer.singleShot(0, smoke.begin)
        code = app.exec()
        smoke.session.shutdown()
        return code if smoke.finished else 1
