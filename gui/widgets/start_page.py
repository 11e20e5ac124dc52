"""The start page: what the window shows while no game is open.

Every registered game with its one-line summary, its modes and their player counts (all from the
games' descriptions, as the controller hands them over: nothing here names a game), a Resume
button when an unfinished game was left behind, and the recent saves. Each is one click from
playing: a game opens the New Game dialog with that game chosen, Resume and a recent save load at
once. The main window swaps it for the board when a game starts and back when the game closes.
"""
from __future__ import annotations

import os
from collections.abc import Sequence

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QFont, QKeyEvent, QMouseEvent
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from gui.controller.types import GameChoice, ModeChoice
from gui.i18n import current_language

COLUMN_WIDTH = 720  # the page's content stays a readable column in a wide window
CARD_STYLE = ("LinkCard { border: 1px solid transparent; border-radius: 6px; }"
              " QLabel#card_title, QLabel#card_arrow { color: palette(link); }"
              " LinkCard:hover, LinkCard:focus { border-color: palette(highlight);"
              " background: palette(alternate-base); }")


class LinkCard(QFrame):
    """A title and a wrapped description that act as one button (click, Space or Enter). Unlike
    QCommandLinkButton its labels measure their own lines, so Chinese text is never cut off."""

    clicked = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_Hover)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.setStyleSheet(CARD_STYLE)
        row = QHBoxLayout(self)
        row.setContentsMargins(8, 6, 8, 6)
        arrow = QLabel("➜", self)
        arrow.setObjectName("card_arrow")
        arrow.setAlignment(Qt.AlignmentFlag.AlignTop)
        row.addWidget(arrow)
        column = QVBoxLayout()
        column.setSpacing(1)
        self.title = QLabel(self)
        self.title.setObjectName("card_title")
        font = QFont(self.title.font())
        font.setBold(True)
        self.title.setFont(font)
        self.body = QLabel(self)
        self.body.setWordWrap(True)
        for label in (arrow, self.title, self.body):
            label.setTextFormat(Qt.TextFormat.PlainText)
            label.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        column.addWidget(self.title)
        column.addWidget(self.body)
        row.addLayout(column, 1)

    def text(self) -> str:
        return self.title.text()

    def setText(self, text: str) -> None:
        self.title.setText(text)
        self.setAccessibleName(text)

    def description(self) -> str:
        return self.body.text()

    def setDescription(self, text: str) -> None:
        self.body.setText(text)
        self.body.setVisible(bool(text))
        self.setAccessibleDescription(text)

    def click(self) -> None:
        self.clicked.emit()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton and self.rect().contains(event.position().toPoint()):
            self.clicked.emit()
            event.accept()
            return
        super().mouseReleaseEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.clicked.emit()
            event.accept()
            return
        super().keyPressEvent(event)


class StartPage(QScrollArea):
    # a game's id: the player wants to start it (the New Game dialog opens with it chosen)
    game_chosen = Signal(str)
    resume_requested = Signal()
    # a recent save's path
    file_chosen = Signal(str)
    open_requested = Signal()
    online_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("start_page")
        self.setWidgetResizable(True)
        self.setFrameShape(QScrollArea.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        page = QWidget(self)
        page.setObjectName("start_page_body")
        centring = QHBoxLayout(page)
        centring.addStretch(1)
        column_host = QWidget(page)
        column_host.setMaximumWidth(COLUMN_WIDTH)
        self._column = QVBoxLayout(column_host)
        self._column.setContentsMargins(24, 24, 24, 24)
        self._column.setSpacing(6)
        centring.addWidget(column_host, 100)
        centring.addStretch(1)
        # Its height comes from its width (the wrapped descriptions), never from the narrowest
        # width's tall minimum: otherwise a page that fits would still scroll.
        page.setMinimumHeight(1)
        self.setWidget(page)

        self.title = QLabel(column_host)
        self.title.setObjectName("start_title")
        font = QFont(self.title.font())
        font.setPointSizeF(font.pointSizeF() * 2)
        font.setBold(True)
        self.title.setFont(font)
        self.welcome = QLabel(column_host)
        self.welcome.setWordWrap(True)
        self._column.addWidget(self.title)
        self._column.addWidget(self.welcome)

        self.resume_button = LinkCard(column_host)
        self.resume_button.setObjectName("start_resume")
        self.resume_button.clicked.connect(self.resume_requested)
        self._column.addSpacing(8)
        self._column.addWidget(self.resume_button)

        self.games_header = self._header(column_host)
        self._games_box = QVBoxLayout()
        self._games_box.setSpacing(2)
        self._column.addLayout(self._games_box)
        self.no_games_label = QLabel(column_host)
        self.no_games_label.setWordWrap(True)
        self._column.addWidget(self.no_games_label)

        self.recent_header = self._header(column_host)
        self._recent_box = QVBoxLayout()
        self._recent_box.setSpacing(2)
        self._column.addLayout(self._recent_box)
        self.open_button = QPushButton(column_host)
        self.open_button.setObjectName("start_open")
        self.open_button.clicked.connect(self.open_requested)
        open_row = QHBoxLayout()
        open_row.addWidget(self.open_button)
        self.online_button = QPushButton(column_host)
        self.online_button.setObjectName("start_online")
        self.online_button.clicked.connect(self.online_requested)
        open_row.addWidget(self.online_button)
        open_row.addStretch(1)
        self._column.addLayout(open_row)
        self._column.addStretch(1)

        self._games: list[GameChoice] = []
        self._recent: list[str] = []
        self.game_buttons: dict[str, LinkCard] = {}
        self.recent_buttons: dict[str, LinkCard] = {}
        self.resume_button.hide()
        self.retranslateUi()

    def _header(self, parent: QWidget) -> QLabel:
        header = QLabel(parent)
        font = QFont(header.font())
        font.setPointSizeF(font.pointSizeF() * 1.25)
        font.setBold(True)
        header.setFont(font)
        self._column.addSpacing(14)
        self._column.addWidget(header)
        return header

    # -- contents ------------------------------------------------------------------------------
    def set_content(self, games: Sequence[GameChoice], recent: Sequence[str], can_resume: bool) -> None:
        """The games to offer, the recent saves (most recent first; files that are gone are left
        out) and whether an unfinished game can be resumed."""
        recent = [path for path in recent if os.path.isfile(path)]
        if list(games) != self._games:
            self._games = list(games)
            self._rebuild_games()
        if recent != self._recent:
            self._recent = recent
            self._rebuild_recent()
        self.resume_button.setVisible(can_resume)
        self.retranslateUi()

    def _rebuild_games(self) -> None:
        for button in self.game_buttons.values():
            self._games_box.removeWidget(button)
            button.deleteLater()
        self.game_buttons = {}
        for game in self._games:
            button = LinkCard(self.widget())
            button.setObjectName(f"start_game_{game.id}")
            button.clicked.connect(lambda _=False, g=game.id: self.game_chosen.emit(g))
            self._games_box.addWidget(button)
            self.game_buttons[game.id] = button

    def _rebuild_recent(self) -> None:
        for button in self.recent_buttons.values():
            self._recent_box.removeWidget(button)
            button.deleteLater()
        self.recent_buttons = {}
        for path in self._recent:
            button = LinkCard(self.widget())
            button.clicked.connect(lambda _=False, p=path: self.file_chosen.emit(p))
            self._recent_box.addWidget(button)
            self.recent_buttons[path] = button

    # -- words ---------------------------------------------------------------------------------
    def players_words(self, mode: ModeChoice) -> str:
        if mode.min_players == mode.max_players:
            return (self.tr("1 player") if mode.min_players == 1
                    else self.tr("{count} players").format(count=mode.min_players))
        return self.tr("{low}–{high} players").format(low=mode.min_players, high=mode.max_players)

    def modes_words(self, game: GameChoice) -> str:
        """Each mode with its player count: "Standard: 2–4 players · Solo: 1 player"."""
        language = current_language()
        return " · ".join(self.tr("{mode}: {players}").format(
            mode=mode.name.get(language), players=self.players_words(mode)) for mode in game.modes)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslateUi()
        super().changeEvent(event)

    def retranslateUi(self) -> None:
        language = current_language()
        self.title.setText(self.tr("Tablekeeper"))
        self.welcome.setText(self.tr("Board games with every rule kept for you. Choose a game to set up "
                                     "the seats and options, or carry on with a saved one."))
        self.resume_button.setText(self.tr("Resume the unfinished game"))
        self.resume_button.setDescription(self.tr("Carry on where you stopped: Tablekeeper kept the game "
                                                  "you left unfinished."))
        self.games_header.setText(self.tr("New game"))
        self.no_games_label.setText(self.tr("No games are installed, so there is nothing to start yet."))
        self.no_games_label.setVisible(not self._games)
        for game in self._games:
            button = self.game_buttons[game.id]
            button.setText(game.name.get(language))
            summary, modes = game.summary.get(language), self.modes_words(game)
            button.setDescription(f"{summary}\n{modes}" if summary else modes)
            button.setToolTip(self.tr("Set up a new game of {game}").format(game=game.name.get(language)))
        self.recent_header.setText(self.tr("Recent games"))
        self.recent_header.setVisible(bool(self._recent))
        for path, button in self.recent_buttons.items():
            button.setText(os.path.splitext(os.path.basename(path))[0])
            button.setDescription(os.path.dirname(path))
            button.setToolTip(self.tr("Open {file}").format(file=path))
        self.open_button.setText(self.tr("&Open a Saved Game…"))
        self.online_button.setText(self.tr("Play O&nline…"))
        self.online_button.setToolTip(self.tr("Sign in with a Matrix account and play with friends on other computers"))
