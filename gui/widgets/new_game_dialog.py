"""The New Game dialog, built generically from the games' descriptions.

Games, modes and options come from the controller as `GameChoice`s; the dialog knows no game by
name. It returns a `NewGameConfig` and can hand back its choices to be remembered in settings.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from PySide6.QtCore import QEvent, QRegularExpression, QSize, Qt, QTimer
from PySide6.QtGui import QFont, QGuiApplication, QRegularExpressionValidator
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QScrollArea,
    QSpinBox,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from gui.controller.types import (
    BOT_SEAT_PREFIX,
    HUMAN_SEAT,
    REMOTE_SEAT_KIND,
    YOU_SEAT,
    GameChoice,
    ModeChoice,
    NewGameConfig,
    OptionChoice,
    Words,
)
from gui.i18n import current_language

SeatNames = Callable[[str, int, str], Sequence[Words]]
MAX_SEED_DIGITS = 18  # fits the engine's 63-bit seeds
MIN_WIDTH = 560
COLUMN_GAP = 16
SCREEN_MARGIN = 40  # room left around the dialog for the window frame and the desktop's panels
# The computer players offered as levels, easiest first; other kinds follow, random moves last.
LEVELS = ("heuristic", "search", "search_hard")
YOU = YOU_SEAT


def valid_user_id(text: str) -> bool:
    """A Matrix user id: ``@name:server``."""
    name, colon, server = text.partition(":")
    return name.startswith("@") and len(name) > 1 and bool(colon) and bool(server) and " " not in text


def level_order(kinds: Sequence[str]) -> list[str]:
    """Computer player kinds as the seat menus list them: the levels (Easy, Normal, Hard) first,
    then any other kind a game offers, and random moves last."""
    rank = {kind: i for i, kind in enumerate(LEVELS)}
    return sorted(kinds, key=lambda kind: (rank.get(kind, len(LEVELS)), kind == "random"))


class NewGameDialog(QDialog):
    def __init__(self, games: Sequence[GameChoice], bot_kinds: Callable[[str], Sequence[str]], seat_names: SeatNames,
                 remembered: Mapping[str, Any] | None = None, parent: QWidget | None = None,
                 online: bool = False) -> None:
        super().__init__(parent)
        self.setObjectName("new_game_dialog")
        # Online (the lobby's Host a new game): the seats are "You", a computer, or a remote player
        # named by a Matrix id; the remote kind is offered here only, where an account is signed in.
        self.online = online
        self._remote_edits: dict[int, QLineEdit] = {}
        self.setModal(True)
        self._games = list(games)
        self._bot_kinds_of = bot_kinds   # game id -> the computer players it offers
        self._bot_kinds: list[str] = []
        self._seat_names = seat_names
        self._seat_rows: list[tuple[Words, QLabel, QComboBox]] = []
        self._option_rows: list[tuple[OptionChoice, QLabel, QWidget]] = []
        self._remembered = dict(remembered or {})
        self._fit_timer = QTimer(self)
        self._fit_timer.setSingleShot(True)
        self._fit_timer.timeout.connect(self.fit_to_contents)

        outer = self._outer = QVBoxLayout(self)
        self.empty_label = QLabel(self)
        self.empty_label.setWordWrap(True)
        self.empty_label.setObjectName("no_games_label")
        outer.addWidget(self.empty_label)

        self.body = QWidget(self)
        columns = QHBoxLayout(self.body)
        columns.setContentsMargins(0, 0, 0, 0)
        columns.setSpacing(COLUMN_GAP)
        left = self._games_column = QVBoxLayout()
        self.games_label = QLabel(self.body)
        self.game_list = QListWidget(self.body)
        self.game_list.setObjectName("game_list")
        self.game_list.setMinimumWidth(180)
        self.game_list.setMaximumWidth(240)
        self.games_label.setBuddy(self.game_list)
        left.addWidget(self.games_label)
        left.addWidget(self.game_list)
        columns.addLayout(left)

        # The chosen game's details scroll when a screen is too small for them (1024×700 and up
        # show everything); the dialog grows or shrinks to fit each game (`_fit_to_contents`).
        self.details_scroll = QScrollArea(self.body)
        self.details_scroll.setObjectName("details_scroll")
        self.details_scroll.setWidgetResizable(True)
        self.details_scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        self.details = QWidget(self.details_scroll)
        self.details.setObjectName("details")
        right = QVBoxLayout(self.details)
        right.setContentsMargins(0, 0, 4, 0)
        self.title_label = QLabel(self.details)
        title_font = QFont(self.title_label.font())
        title_font.setPointSizeF(title_font.pointSizeF() * 1.3)
        title_font.setBold(True)
        self.title_label.setFont(title_font)
        self.summary_label = QLabel(self.details)
        self.summary_label.setWordWrap(True)
        self.summary_label.setObjectName("summary_label")
        right.addWidget(self.title_label)
        right.addWidget(self.summary_label)

        setup = QFormLayout()
        setup.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.mode_label = QLabel(self.details)
        self.mode_combo = QComboBox(self.details)
        self.mode_combo.setObjectName("mode_combo")
        self.players_label = QLabel(self.details)
        self.players_spin = QSpinBox(self.details)
        self.players_spin.setObjectName("players_spin")
        self.seed_label = QLabel(self.details)
        self.seed_edit = QLineEdit(self.details)
        self.seed_edit.setObjectName("seed_edit")
        self.seed_edit.setValidator(QRegularExpressionValidator(
            QRegularExpression(f"[0-9]{{0,{MAX_SEED_DIGITS}}}"), self.seed_edit))
        self.seed_edit.setClearButtonEnabled(True)
        for label, field in ((self.mode_label, self.mode_combo), (self.players_label, self.players_spin),
                             (self.seed_label, self.seed_edit)):
            label.setBuddy(field)
            setup.addRow(label, field)
        right.addLayout(setup)

        self.seats_box = QGroupBox(self.details)
        self.seats_form = QFormLayout(self.seats_box)
        self.seats_form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.seats_box.setObjectName("seats_box")
        right.addWidget(self.seats_box)
        self.options_box = QGroupBox(self.details)
        self.options_box.setObjectName("options_box")
        self.options_form = QFormLayout(self.options_box)
        self.options_form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        right.addWidget(self.options_box)
        right.addStretch(1)
        self.details_scroll.setWidget(self.details)
        columns.addWidget(self.details_scroll, 1)
        outer.addWidget(self.body, 1)
        self.problem_label = QLabel(self)
        self.problem_label.setObjectName("problem_label")
        self.problem_label.setWordWrap(True)
        self.problem_label.setStyleSheet("color: #b00020;")
        self.problem_label.hide()
        outer.addWidget(self.problem_label)

        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        outer.addWidget(self.buttons)

        self.game_list.currentRowChanged.connect(self._on_game_changed)
        self.mode_combo.currentIndexChanged.connect(self._on_mode_changed)
        self.players_spin.valueChanged.connect(self._rebuild_seats)

        has_games = bool(self._games)
        self.body.setVisible(has_games)
        self.empty_label.setVisible(not has_games)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(has_games)
        for game in self._games:
            item = QListWidgetItem(self.game_list)
            item.setData(Qt.ItemDataRole.UserRole, game.id)
        self.retranslateUi()
        if has_games:
            remembered_game = self._remembered.get("game")
            ids = [g.id for g in self._games]
            self.game_list.setCurrentRow(ids.index(remembered_game) if remembered_game in ids else 0)
            self.seed_edit.setText(str(self._remembered.get("seed") or ""))
        self.resize(self.sizeHint().expandedTo(QSize(MIN_WIDTH, 0)))
        self.fit_to_contents()

    # -- the choice ----------------------------------------------------------------------------
    def select_game(self, game_id: str) -> bool:
        """Choose the game with this id (as a click in the list would); False when none has it."""
        ids = [g.id for g in self._games]
        if game_id not in ids:
            return False
        self.game_list.setCurrentRow(ids.index(game_id))
        return True

    def selected_game(self) -> GameChoice | None:
        row = self.game_list.currentRow()
        return self._games[row] if 0 <= row < len(self._games) else None

    def selected_mode(self) -> ModeChoice | None:
        game = self.selected_game()
        index = self.mode_combo.currentIndex()
        return game.modes[index] if game is not None and 0 <= index < len(game.modes) else None

    def seat_kinds(self) -> tuple[str, ...]:
        return tuple(combo.currentData() for _, _, combo in self._seat_rows)

    def online_seats(self) -> tuple[str, ...]:
        """Online: per seat "you", "bot:KIND" or the remote player's Matrix id."""
        seats = []
        for seat, (_, _, combo) in enumerate(self._seat_rows):
            kind = combo.currentData()
            edit = self._remote_edits.get(seat)
            seats.append(edit.text().strip() if kind == REMOTE_SEAT_KIND and edit is not None else kind)
        return tuple(seats)

    def online_problem(self) -> str:
        """What keeps the online table from opening, in words ("" when nothing)."""
        kinds = self.seat_kinds()
        if kinds.count(YOU) != 1:
            return self.tr("Choose exactly one seat for yourself (You).")
        ids = []
        for seat, kind in enumerate(kinds):
            if kind != REMOTE_SEAT_KIND:
                continue
            text = self.online_seats()[seat]
            if not valid_user_id(text):
                name = self._seat_rows[seat][0].get(current_language())
                return self.tr("Enter the Matrix id of the player for {seat}, like @ann:example.org.").format(
                    seat=plain_label(name))
            ids.append(text)
        if len(set(ids)) != len(ids):
            return self.tr("Each remote player holds one seat: a Matrix id appears twice.")
        if not ids:
            return self.tr("Choose at least one remote player (or start a game on this computer instead).")
        return ""

    def accept(self) -> None:
        if self.online:
            problem = self.online_problem()
            self.problem_label.setText(problem)
            self.problem_label.setVisible(bool(problem))
            if problem:
                return
        super().accept()

    def option_values(self) -> dict[str, Any]:
        values: dict[str, Any] = {}
        for option, _, field in self._option_rows:
            if isinstance(field, QCheckBox):
                values[option.key] = field.isChecked()
            elif isinstance(field, QSpinBox):
                values[option.key] = field.value()
            elif isinstance(field, QComboBox):
                values[option.key] = field.currentData()
        return values

    def config(self) -> NewGameConfig:
        game, mode = self.selected_game(), self.selected_mode()
        if game is None or mode is None:
            raise ValueError("no game is selected")
        seed_text = self.seed_edit.text().strip()
        return NewGameConfig(game.id, self.players_spin.value(), mode.id, self.seat_kinds(),
                             self.option_values(), int(seed_text) if seed_text else None)

    def choices_to_remember(self) -> dict[str, Any]:
        config = self.config()
        return {"game": config.game, "mode": config.mode, "players": config.players,
                "seats": list(config.seats), "options": dict(config.options),
                "seed": "" if config.seed is None else str(config.seed)}

    # -- size ----------------------------------------------------------------------------------
    def available_size(self) -> QSize:
        """The most room the dialog may take: its screen's free area, less a margin."""
        screen = self.screen() or QGuiApplication.primaryScreen()
        if screen is None:
            return QSize(1024, 700)
        free = screen.availableGeometry().size()
        return QSize(free.width() - SCREEN_MARGIN, free.height() - SCREEN_MARGIN)

    def _schedule_fit(self) -> None:
        """Fit once the rows just added are shown: Qt shows them from the event loop, and until
        then the layout counts them as hidden (so the old size would squeeze them)."""
        self._fit_timer.start(0)

    def fit_to_contents(self) -> None:
        """Grow or shrink to show the chosen game's whole set-up, within the screen; what does not
        fit then scrolls (never a row squeezed below its height)."""
        outer = self._outer
        margins = outer.contentsMargins()
        body = max(self._games_column.sizeHint().height(), self.details.sizeHint().height())
        height = margins.top() + margins.bottom() + body + outer.spacing() + self.buttons.sizeHint().height()
        if self.empty_label.isVisibleTo(self):
            height += self.empty_label.sizeHint().height() + outer.spacing()
        scroll_bar = self.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent)
        width = (margins.left() + margins.right() + self._games_column.sizeHint().width() + COLUMN_GAP
                 + self.details.sizeHint().width() + scroll_bar)
        width = max(MIN_WIDTH, width, self.width() if self.isVisible() else 0)
        room = self.available_size()
        self.resize(min(width, room.width()), min(height, room.height()))

    # -- reacting to choices -------------------------------------------------------------------
    def _remembered_for(self, game: GameChoice) -> Mapping[str, Any]:
        return self._remembered if self._remembered.get("game") == game.id else {}

    def _on_game_changed(self, row: int) -> None:
        game = self.selected_game()
        if game is None:
            return
        remembered = self._remembered_for(game)
        language = current_language()
        self.title_label.setText(game.name.get(language))
        self.summary_label.setText(game.summary.get(language))
        self.summary_label.setVisible(bool(game.summary.get(language)))
        self.mode_combo.blockSignals(True)
        self.mode_combo.clear()
        for mode in game.modes:
            self.mode_combo.addItem(mode.name.get(language), mode.id)
        mode_ids = [m.id for m in game.modes]
        wanted = remembered.get("mode")
        self.mode_combo.setCurrentIndex(mode_ids.index(wanted) if wanted in mode_ids else 0)
        self.mode_combo.blockSignals(False)
        self._build_options(game, remembered.get("options") or {})
        self._on_mode_changed()
        players = remembered.get("players")
        if isinstance(players, int):
            self.players_spin.setValue(players)
        self._schedule_fit()

    def _on_mode_changed(self, *_: object) -> None:
        mode = self.selected_mode()
        if mode is None:
            return
        self.players_spin.blockSignals(True)
        self.players_spin.setRange(mode.min_players, mode.max_players)
        self.players_spin.setEnabled(mode.min_players != mode.max_players)
        self.players_spin.blockSignals(False)
        self._rebuild_seats()

    def _rebuild_seats(self, *_: object) -> None:
        game, mode = self.selected_game(), self.selected_mode()
        if game is None or mode is None:
            return
        kept = list(self.seat_kinds()) or list(self._remembered_for(game).get("seats") or [])
        old_ids = {seat: edit.text() for seat, edit in self._remote_edits.items()}  # before the rows go
        self._remote_edits = {}
        while self.seats_form.rowCount():
            self.seats_form.removeRow(0)
        self._seat_rows = []
        if self.online:  # you at the first seat, friends at the others, unless chosen otherwise
            kept = (kept if YOU in kept else [YOU])[:self.players_spin.value()]
            kept += [REMOTE_SEAT_KIND] * (self.players_spin.value() - len(kept))
        names = self._seat_names(game.id, self.players_spin.value(), mode.id)
        self._bot_kinds = level_order(list(self._bot_kinds_of(game.id)))
        for seat in range(self.players_spin.value()):
            label = QLabel(self.seats_box)
            combo = QComboBox(self.seats_box)
            combo.setObjectName(f"seat_combo_{seat}")
            combo.addItem("", YOU if self.online else HUMAN_SEAT)
            for kind in self._bot_kinds:
                combo.addItem("", BOT_SEAT_PREFIX + kind)
            if self.online:
                combo.addItem("", REMOTE_SEAT_KIND)
            if seat < len(kept):
                found = combo.findData(kept[seat])
                combo.setCurrentIndex(max(found, 0))
            combo.currentIndexChanged.connect(
                lambda _=0, c=combo: c.setToolTip(str(c.currentData(Qt.ItemDataRole.ToolTipRole) or "")))
            label.setBuddy(combo)
            name = names[seat] if seat < len(names) else Words(str(seat + 1))
            field: QWidget = combo
            if self.online:
                field = QWidget(self.seats_box)
                row = QHBoxLayout(field)
                row.setContentsMargins(0, 0, 0, 0)
                row.addWidget(combo)
                edit = QLineEdit(field)
                edit.setObjectName(f"remote_id_{seat}")
                edit.setText(old_ids.get(seat, ""))
                edit.setClearButtonEnabled(True)
                row.addWidget(edit, 1)
                self._remote_edits[seat] = edit
                combo.currentIndexChanged.connect(
                    lambda _=0, c=combo, e=edit: e.setVisible(c.currentData() == REMOTE_SEAT_KIND))
                edit.setVisible(combo.currentData() == REMOTE_SEAT_KIND)
            self.seats_form.addRow(label, field)
            self._seat_rows.append((name, label, combo))
        self._retranslate_seats()
        self._schedule_fit()

    def _build_options(self, game: GameChoice, remembered: Mapping[str, Any]) -> None:
        while self.options_form.rowCount():
            self.options_form.removeRow(0)
        self._option_rows = []
        for option in game.options:
            value = remembered.get(option.key, option.default)
            field: QWidget
            if option.kind == "bool":
                field = QCheckBox(self.options_box)
                field.setChecked(bool(value))
            elif option.kind == "int":
                field = QSpinBox(self.options_box)
                field.setRange(option.minimum if option.minimum is not None else -1_000_000,
                               option.maximum if option.maximum is not None else 1_000_000)
                field.setValue(int(value) if isinstance(value, int) else int(option.default))
            else:
                field = QComboBox(self.options_box)
                for choice in option.choices:
                    field.addItem(choice, choice)
                field.setCurrentIndex(max(field.findData(value), 0))
            field.setObjectName(f"option_{option.key}")
            label = QLabel(self.options_box)
            label.setBuddy(field)
            self.options_form.addRow(label, field)
            self._option_rows.append((option, label, field))
        self.options_box.setVisible(bool(game.options))
        self._retranslate_options()

    # -- language ------------------------------------------------------------------------------
    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslateUi()
        super().changeEvent(event)

    def retranslateUi(self) -> None:
        language = current_language()
        self.setWindowTitle(self.tr("New Game"))
        self.empty_label.setText(self.tr(
            "No games are installed, so there is nothing to start yet. "
            "Reinstall Tablekeeper or add a game, then try again."))
        self.games_label.setText(self.tr("&Game:"))
        self.mode_label.setText(self.tr("&Mode:"))
        self.players_label.setText(self.tr("&Players:"))
        self.seed_label.setText(self.tr("S&eed:"))
        self.seed_edit.setPlaceholderText(self.tr("blank = random"))
        self.seed_edit.setToolTip(self.tr("The same seed and moves always give the same game"))
        self.seats_box.setTitle(self.tr("Seats"))
        self.options_box.setTitle(self.tr("Options"))
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText(
            self.tr("&Open the Table") if self.online else self.tr("&Start Game"))
        if self.online:
            self.setWindowTitle(self.tr("Host an Online Game"))
        self.buttons.button(QDialogButtonBox.StandardButton.Cancel).setText(self.tr("Cancel"))
        for row, listed in enumerate(self._games):
            self.game_list.item(row).setText(listed.name.get(language))
            self.game_list.item(row).setToolTip(listed.summary.get(language))
        game = self.selected_game()
        if game is not None:
            self.title_label.setText(game.name.get(language))
            self.summary_label.setText(game.summary.get(language))
            for index, mode in enumerate(game.modes):
                self.mode_combo.setItemText(index, mode.name.get(language))
        self._retranslate_seats()
        self._retranslate_options()

    def _retranslate_seats(self) -> None:
        language = current_language()
        for name, label, combo in self._seat_rows:
            label.setText(self.tr("{name}:").format(name=plain_label(name.get(language))))
            if self.online:
                combo.setItemText(0, self.tr("You"))
                combo.setItemData(0, self.tr("You play this seat, in this window"), Qt.ItemDataRole.ToolTipRole)
                remote = combo.count() - 1
                combo.setItemText(remote, self.tr("Remote player"))
                combo.setItemData(remote, self.tr("A friend plays this seat on another computer; enter their "
                                                  "Matrix id and they are invited"), Qt.ItemDataRole.ToolTipRole)
            else:
                combo.setItemText(0, self.tr("Human"))
                combo.setItemData(0, self.tr("A person plays this seat"), Qt.ItemDataRole.ToolTipRole)
            for index, kind in enumerate(self._bot_kinds, start=1):
                level, tip = self._bot_kind_words(kind)
                combo.setItemText(index, self.tr("Computer: {level}").format(level=level))
                combo.setItemData(index, tip, Qt.ItemDataRole.ToolTipRole)
            combo.setToolTip(str(combo.currentData(Qt.ItemDataRole.ToolTipRole) or ""))
        for edit in self._remote_edits.values():
            edit.setPlaceholderText(self.tr("@friend:example.org"))
            edit.setToolTip(self.tr("The remote player's Matrix id"))

    def _bot_kind_words(self, kind: str) -> tuple[str, str]:
        """A computer player's name in the seat menu and what it does (its tooltip)."""
        known = {
            "heuristic": (self.tr("Easy"), self.tr(
                "Easy: plays at once the move that looks best now, by rules of thumb; it does not plan ahead")),
            "search": (self.tr("Normal"), self.tr(
                "Normal: thinks about half a second a move, playing out many ways the game could go on "
                "from what its seat can see (it never peeks)")),
            "search_hard": (self.tr("Hard"), self.tr(
                "Hard: thinks about two seconds a move, the same way as Normal but much further; "
                "the strongest player")),
            "random": (self.tr("random moves"), self.tr(
                "Plays any legal move at random: for trying out the rules, not for a game")),
        }
        return known.get(kind, (kind, ""))

    def _retranslate_options(self) -> None:
        language = current_language()
        for option, label, field in self._option_rows:
            label.setText(self.tr("{name}:").format(name=plain_label(option.name.get(language))))
            field.setToolTip(option.help.get(language))
            if isinstance(field, QComboBox):
                for index, choice in enumerate(option.choices):
                    names = option.choice_names
                    field.setItemText(index, names[index].get(language) if index < len(names) else choice)


def plain_label(text: str) -> str:
    """Game text shown in a label: a literal "&" (a name like "Sun & Moon") is not a shortcut marker."""
    return text.replace("&", "&&")
