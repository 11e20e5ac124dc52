"""Every `QAction` of the app, built in one place with its shortcut, tooltip and status tip.

Texts are set in `retranslate()` so a language switch reaches each action; shortcuts are not
translated. The window decides where actions appear and what they do.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QActionGroup, QKeySequence

from gui.i18n import LANGUAGES
from gui.settings import BOT_SPEEDS


def _keys(*sequences: str) -> list[QKeySequence]:
    return [QKeySequence(s) for s in sequences]


class ActionCollection(QObject):
    """The app's actions as attributes; `all_actions()` lists them for checks and menus."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        # File
        self.new_game = self._make(_keys("Ctrl+N"))
        self.open = self._make(_keys("Ctrl+O"))
        self.open_replay = self._make(_keys("Ctrl+Shift+O"))
        self.clear_recent = self._make()
        self.save = self._make(_keys("Ctrl+S"))
        self.save_as = self._make(_keys("Ctrl+Shift+S"))
        self.close_game = self._make(_keys("Ctrl+W"))
        self.quit = self._make(_keys("Ctrl+Q"))
        # Game
        self.undo = self._make(_keys("Ctrl+Z"))
        self.redo = self._make(_keys("Ctrl+Shift+Z", "Ctrl+Y"))
        self.finish_turn = self._make(_keys("Ctrl+E"))
        self.cancel = self._make(_keys("Esc"))
        self.next_prompt = self._make(_keys("Ctrl+D"))
        self.skip_bots = self._make(_keys("Ctrl+K"))
        self.hint = self._make(_keys("H"))
        self.review = self._make(_keys("Ctrl+R"))
        self.play_online = self._make()
        self.replace_player = self._make()
        self.confirm_end_turn = self._make(checkable=True)
        self.bot_speed_group = QActionGroup(self)
        self.bot_speed_group.setExclusive(True)
        self.bot_speeds: dict[str, QAction] = {}
        for speed in BOT_SPEEDS:
            action = self._make(checkable=True)
            action.setData(speed)
            self.bot_speed_group.addAction(action)
            self.bot_speeds[speed] = action
        # View
        self.zoom_in = self._make(_keys("Ctrl++", "Ctrl+="))
        self.zoom_out = self._make(_keys("Ctrl+-"))
        self.fit = self._make(_keys("Ctrl+0"))
        self.show_log = self._make(_keys("Ctrl+L"), checkable=True)
        self.show_legend = self._make(checkable=True)
        self.show_win_chances = self._make(_keys("Ctrl+Shift+W"), checkable=True)
        self.language_group = QActionGroup(self)
        self.language_group.setExclusive(True)
        self.languages: dict[str, QAction] = {}
        for code, own_name in LANGUAGES:
            action = self._make(checkable=True)
            action.setText(own_name)  # a language's own name, the same in every language
            action.setData(code)
            self.language_group.addAction(action)
            self.languages[code] = action
        # Help
        self.rules = self._make(_keys("F1"))
        self.about = self._make()
        self.retranslate()

    def _make(self, shortcuts: Sequence[QKeySequence] = (), checkable: bool = False) -> QAction:
        action = QAction(self)
        action.setShortcuts(list(shortcuts))
        action.setCheckable(checkable)
        return action

    def all_actions(self) -> list[QAction]:
        return [value for value in vars(self).values() if isinstance(value, QAction)] + list(
            self.languages.values()) + list(self.bot_speeds.values())

    def recent_file_actions(self, paths: Iterable[str], parent: QObject) -> list[QAction]:
        """One action per recent file, numbered for keyboard access; the path is the action's data."""
        actions = []
        for number, path in enumerate(paths, start=1):
            action = QAction(f"&{number} {path}" if number < 10 else path, parent)
            action.setData(path)
            action.setStatusTip(self.tr("Open {path}").format(path=path))
            actions.append(action)
        return actions

    def retranslate(self) -> None:
        self._describe(self.new_game, self.tr("&New Game…"), self.tr("Start a new game"))
        self._describe(self.open, self.tr("&Open…"), self.tr("Open a saved game"))
        self._describe(self.open_replay, self.tr("Open &Replay…"),
                       self.tr("Look back at a saved game, move by move"))
        self._describe(self.clear_recent, self.tr("&Clear Recent Files"),
                       self.tr("Forget the list of recent files"))
        self._describe(self.save, self.tr("&Save"), self.tr("Save the game"))
        self._describe(self.save_as, self.tr("Save &As…"), self.tr("Save the game under a new name"))
        self._describe(self.close_game, self.tr("&Close Game"),
                       self.tr("Close the game and go back to the start page"))
        self._describe(self.quit, self.tr("&Quit"), self.tr("Close Tablekeeper"))
        self._describe(self.undo, self.tr("&Undo"), self.tr("Take back the last move"))
        self._describe(self.redo, self.tr("&Redo"), self.tr("Play the move you took back again"))
        self._describe(self.finish_turn, self.tr("&End Turn"), self.tr("Finish your turn"))
        self._describe(self.cancel, self.tr("&Cancel Move"),
                       self.tr("Put down a picked-up piece"))
        self._describe(self.next_prompt, self.tr("Go to &Decision"),
                       self.tr("Move the keyboard focus to the first answer of the pending decision"))
        self._describe(self.skip_bots, self.tr("&Skip Computer Moves"),
                       self.tr("Let the computer players finish at once, without pauses"))
        self._describe(self.hint, self.tr("&Hint"),
                       self.tr("Ask the computer which move it would play for you, and light it on the board"))
        self._describe(self.review, self.tr("&Review Game"),
                       self.tr("Look back at this game move by move, and play on from any point"))
        self._describe(self.play_online, self.tr("Play &Online…"),
                       self.tr("Sign in with a Matrix account and play with friends on other computers"))
        self._describe(self.replace_player, self.tr("Replace a Player with the &Computer…"),
                       self.tr("A remote player left: a computer player takes their seat from now on"))
        self._describe(self.confirm_end_turn, self.tr("&Confirm End of Turn"),
                       self.tr("Ask before a turn ends"))
        speed_words = {"slow": (self.tr("&Slow"), self.tr("A long pause before each computer move")),
                       "normal": (self.tr("&Normal"), self.tr("A short pause before each computer move")),
                       "fast": (self.tr("&Fast"), self.tr("A brief pause before each computer move")),
                       "instant": (self.tr("&Instant"), self.tr("No pause between computer moves"))}
        for speed, action in self.bot_speeds.items():
            self._describe(action, *speed_words[speed])
        self._describe(self.zoom_in, self.tr("Zoom &In"), self.tr("Make the board larger"))
        self._describe(self.zoom_out, self.tr("Zoom &Out"), self.tr("Make the board smaller"))
        self._describe(self.fit, self.tr("&Fit to Window"), self.tr("Show the whole board"))
        self._describe(self.show_log, self.tr("Show &Log"), self.tr("Show or hide the game log"))
        self._describe(self.show_legend, self.tr("Highlight Le&gend"),
                       self.tr("Show or hide the line under the board that explains its coloured edges"))
        self._describe(self.show_win_chances, self.tr("&Win Chances"),
                       self.tr("Show or hide each player's chance to win after each move, as the computer "
                               "estimates it from what everyone can see"))
        self._describe(self.rules, self.tr("&Rules"), self.tr("Read the rules of the game, by area"))
        self._describe(self.about, self.tr("&About Tablekeeper"), self.tr("Show the version and credits"))
        for action in self.languages.values():
            action.setStatusTip(self.tr("Switch the app to {language}").format(language=action.text()))

    @staticmethod
    def _describe(action: QAction, text: str, tip: str) -> None:
        action.setText(text)
        action.setStatusTip(tip)
        shortcut = action.shortcut()
        if shortcut.isEmpty():
            action.setToolTip(tip)
        else:
            keys = shortcut.toString(QKeySequence.SequenceFormat.NativeText)
            action.setToolTip(f"{tip} ({keys})")
