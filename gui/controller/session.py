"""`GameSession`: the GUI's one handle on a match.

It owns the `engine.core.Match`, applies commands from players and bots, mirrors undo on a
`QUndoStack`, and tells the widgets what changed with one coarse signal per change. Engine errors
become `SessionError`s (for the actions a player starts) or `command_refused` (for moves), both in
plain words; widgets never see an engine type.

The engine is imported inside the methods that need it: loading it costs ~50 ms and ~12 MB, which
the app pays when the first game starts instead of at start-up.
"""
from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from PySide6.QtCore import QObject, QStandardPaths, Qt, QTimer, Signal
from PySide6.QtGui import QUndoStack

from .bot_worker import Bot, BotFactory, BotRunner
from .touches import Outcome, TouchSelection, look_alikes
from .types import (
    BOT_SEAT_PREFIX,
    HUMAN_SEAT,
    ActionGroup,
    AmountChoice,
    LogEntry,
    NewGameConfig,
    Words,
    without_seat,
)
from .undo import PlayedCommands

if TYPE_CHECKING:
    from engine.core import Command, Match, Rng
    from engine.core.journal import SaveJournal


def save_suffix() -> str:
    """The file name ending of saved games (``.tksave``)."""
    from engine.core import SAVE_SUFFIX
    return SAVE_SUFFIX


# A literal, not built from engine.core.SAVE_SUFFIX: checking for it at start-up must not load the
# engine (a test keeps the two in step).
AUTOSAVE_FILE = "autosave.tksave"


def write_bug_report(error: BaseException, session: GameSession | None) -> str:
    """The app's last resort: a report of ``error`` with ``session``'s game (or none, in the crash
    copy's folder); the report's path. Raises OSError when no folder takes it."""
    if session is not None:
        return session.write_bug_report(error)
    from engine.core.bug_report import write_bug_report as write
    folder = default_autosave_folder()
    os.makedirs(folder, exist_ok=True)
    return os.fspath(write(error, folder, context={"where": "the app, no game window"}))
BROKEN_SUFFIX = ".broken"
# The crash copy's appends reach the disk this long after the last one (a quiet moment).
AUTOSAVE_SYNC_MS = 1000


def default_autosave_folder() -> str:
    """Where the crash copy of the current game lives: the app's data folder."""
    return QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)


def _path_length(command: Any) -> int:
    """Spaces walked by a command whose first argument is a path (0 for any other)."""
    first = command.args[0] if command.args else None
    return len(first) if isinstance(first, tuple) else 0


def _answer_words(value: Any) -> str:
    """An answer's value for a button: ids as they are, lists joined, underscores as spaces."""
    if isinstance(value, tuple):
        return ", ".join(_answer_words(v) for v in value)
    return str(value).replace("_", " ")


class _Step(NamedTuple):
    """One step of a command as the viewer sees it unfold: its log entries, the board spaces it
    names, and the game's data right after it (frozen; None: not recorded by the engine)."""
    entries: list[LogEntry]
    spaces: list[str]
    position: bytes | None


class SessionError(Exception):
    """Something the player asked for could not be done; title and message are plain words."""

    def __init__(self, title: str, message: str) -> None:
        super().__init__(message)
        self.title = title
        self.message = message


class GameSession(QObject):
    game_started = Signal()
    # the game was closed: no game is open now
    game_closed = Signal()
    # the view the screen shows (plain data: the viewer's own or the public one, `shown_seat`) and
    # the new log entries (`LogEntry`) it may show — the viewer whose screen shows next: after a change of player, the new one (a hand-over screen,
    # when one is due, is announced first); of a command that unfolds step by step, the first
    # step's entries (`step_shown` brings the others, then the change of viewer)
    command_applied = Signal(object, list)
    # rule id ("" when the app itself refused) and the reason in plain words
    command_refused = Signal(str, str)
    game_over = Signal(str)
    undo_state_changed = Signal()
    # undo went back: the view and log must be redrawn from scratch
    history_rewound = Signal()
    # a different human seat now looks at the screen (hot-seat); -1 for an onlooker
    viewer_changed = Signal(int)
    bot_thinking_started = Signal(int)
    # a computer seat played: seat, the move in words, the board spaces it touched
    bot_moved = Signal(int, str, list)
    # board spaces the last command's events named, in the order they happened (tiles discovered
    # along a walk, a space taken, a marker placed…)
    spaces_touched = Signal(list)
    # one more step of the last command unfolded (or, once Skip is pressed or the steps are over,
    # all the rest): its log entries; the table now shows the position after it (`table`)
    step_shown = Signal(list)
    # a drop can be played in several ways (commands in notation): the player must pick one
    drop_needs_choice = Signal(list)
    # halfway through a command given by touches (a drop that needs one more): light what is next
    touch_waiting = Signal()
    bot_failed = Signal(str)
    # the crash copy could not be written; the reason in plain words (play goes on)
    autosave_failed = Signal(str)

    def __init__(self, parent: QObject | None = None, *, bot_factory: BotFactory | None = None,
                 bot_delay_ms: int = 250, autosave_folder: str | os.PathLike[str] | None = None) -> None:
        super().__init__(parent)
        # None: `default_autosave_folder()`, looked up when first needed
        self._autosave_folder = None if autosave_folder is None else os.fspath(autosave_folder)
        self._journal: SaveJournal | None = None  # keeps the crash copy current by appending
        self._journal_sync = QTimer(self)
        self._journal_sync.setSingleShot(True)
        self._journal_sync.timeout.connect(self._sync_autosave)
        self._match: Match | None = None
        self._path: str | None = None
        self._modified = False
        self._viewer: int | None = None
        # The seat whose view the screen draws: the viewer's, or None (the public view) while
        # several people share the screen and the viewer's decision needs none of its secrets.
        self._shown: int | None = None
        # Hot seat: the seats that may be looking at the screen (each viewer since the last
        # hand-over screen; none yet: anybody, who may see what an onlooker sees), and whether the
        # latest change of viewer needs a hand-over screen.
        self._audience: set[int] = set()
        self._handover_due = False
        self._spaces: set[str] = set()
        self._legal: dict[int, list[Command]] = {}
        self._layout: dict[str, Any] | None = None
        self._layout_language = ""  # the language self._layout's titles are in
        self._table: dict[str, Any] = {}
        self._selection: TouchSelection[Command] | None = None
        # what `touchable` and `drag_sources` found for a selection (and its touches)
        self._lit_memo: tuple[TouchSelection[Command], tuple[str, ...], frozenset[str]] | None = None
        self._sources_memo: tuple[TouchSelection[Command], frozenset[str]] | None = None
        self._selection_viewer: tuple[int | None, int | None] | None = None
        self._table_key: tuple[Any, ...] | None = None  # (seat, frozen view, language) of _table
        self._language = "en"
        self._bot_factory = bot_factory  # None: `engine.bots.make_bot`
        self._bots: dict[int, tuple[Bot, Rng]] = {}
        self._thinking: set[int] = set()
        self._ticket = 0  # bumped whenever the position jumps, so late bot answers are dropped
        self.undo_stack = QUndoStack(self)
        # The stack moves its index only after a command's undo()/redo() ran: tell widgets again then.
        self.undo_stack.indexChanged.connect(self.undo_state_changed)
        self._bot_runner = BotRunner(self)
        self._bot_runner.move_chosen.connect(self._on_bot_move_chosen, Qt.ConnectionType.QueuedConnection)
        self._bot_runner.move_failed.connect(self._on_bot_move_failed, Qt.ConnectionType.QueuedConnection)
        self._bot_timer = QTimer(self)
        self._bot_timer.setSingleShot(True)
        self._bot_delay = bot_delay_ms  # a short pause lets people follow computer moves
        self._skipping = False  # the player asked to see the computer's moves at once
        self._redoing = False  # a taken-back command is played again (take no answer for the player)
        self._bot_timer.timeout.connect(self._start_bots)
        # A command with several steps (a computer's turn, a phase the rules play, an attack)
        # unfolds one step per computer pause: its steps still to show, the position shown (frozen
        # game data after the step on show; None: the current one) and its views' tables.
        self._steps: list[_Step] | None = None
        self._shown_position: bytes | None = None
        self._shown_table: tuple[tuple[Any, ...], dict[str, Any]] | None = None
        self._step_timer = QTimer(self)
        self._step_timer.setSingleShot(True)
        self._step_timer.timeout.connect(self._show_next_step)

    # -- what there is to show -----------------------------------------------------------------
    def has_game(self) -> bool:
        return self._match is not None

    @property
    def path(self) -> str | None:
        return self._path

    @property
    def is_modified(self) -> bool:
        return self._modified

    @property
    def language(self) -> str:
        return self._language

    @language.setter
    def language(self, code: str) -> None:
        self._language = code

    @property
    def viewer(self) -> int | None:
        """The person at the screen: the deciding human (whose commands the screen offers), else
        the last one."""
        return self._viewer

    @property
    def shown_seat(self) -> int | None:
        """The seat whose view the screen draws (table, log, dice, the words of the choices): the
        viewer's own, or None — the public view — in hot-seat play while the viewer's decision
        needs none of its secrets (`Game.needs_own_view`), so no hand-over is needed for it."""
        return self._shown

    def game_name(self) -> Words:
        return Words.of(self._require().game.info.name)

    def game_id(self) -> str:
        """The id of the game being played ("" when none is open)."""
        return self._match.config.game if self._match is not None else ""

    def seat_name(self, seat: int) -> str:
        match = self._require()
        names = match.game.seat_names(match.config)
        return names[seat].get(self._language) if 0 <= seat < len(names) else str(seat + 1)

    def seat_kinds(self) -> tuple[str, ...]:
        return self._require().seats

    def is_bot(self, seat: int) -> bool:
        return self._require().seats[seat].startswith(BOT_SEAT_PREFIX)

    def human_seats(self) -> tuple[int, ...]:
        return tuple(i for i, kind in enumerate(self._require().seats) if kind == HUMAN_SEAT)

    def hides_information(self) -> bool:
        return self._require().game.info.hidden_information

    def is_hot_seat(self) -> bool:
        """Several people share the screen and the game has secrets: hand-overs are needed."""
        return self.has_game() and self.hides_information() and len(self.human_seats()) > 1

    def needs_handover(self) -> bool:
        """Whether the latest change of viewer needs the hand-over screen before the new viewer's
        screen shows: in hot-seat play, when that screen would show something that someone who may
        still be looking may not see (`_shows_secrets`)."""
        return self._handover_due

    def deciders(self) -> tuple[int, ...]:
        return self._require().state.deciders() if self._match else ()

    def is_over(self) -> bool:
        return self._match is not None and self._match.state.is_terminal()

    def digest(self) -> str:
        """A fingerprint of the exact position (equal digests: the same game state)."""
        return self._require().digest()

    def current_view(self) -> Any:
        return self._require().state.view(self._shown)

    def log_lines(self) -> list[str]:
        """Every event so far that the viewer may see, in words."""
        return [entry.text for entry in self.log_entries()]

    def log_entries(self) -> list[LogEntry]:
        """Every event so far that the viewer may see: words, whose it is and its rule (while a
        command unfolds step by step, not those of the steps still to come)."""
        entries = self._entries(self._require().events_for(self._shown))
        waiting = sum(len(step.entries) for step in self._steps or ())
        return entries[:len(entries) - waiting]

    def _entries(self, events: Sequence[Any]) -> list[LogEntry]:
        game = self._require().game
        entries = []
        for event in events:
            if not event.visible_to(self._shown):
                continue
            seat = event.data.get("seat")
            rule = game.event_rule(event)
            entries.append(LogEntry(game.describe(event, self._language),
                                    seat if isinstance(seat, int) and not isinstance(seat, bool) else None,
                                    rule, game.rule_title(rule, self._language) if rule else ""))
        return entries

    def outcome_text(self) -> str:
        match = self._require()
        outcome = match.state.outcome
        if outcome is None:
            return ""
        view = match.state.view(self._shown)
        columns = match.game.result_columns(outcome, view, self._language)
        winners = ", ".join([title for title, won in columns if won] if columns
                            else [self.seat_name(s) for s in outcome.winners])
        scores = "" if outcome.scores is None else ", ".join(f"{s:g}" for s in outcome.scores)
        reason = match.game.describe_outcome(outcome, self._language)
        if not winners:
            text = self.tr("Nobody won ({reason}).").format(reason=reason)
        else:
            text = self.tr("{winners} won ({reason}).").format(winners=winners, reason=reason)
        if scores and match.game.result_rows(outcome, view, self._language):
            scores = ""  # the game says the end in its own words (a fate, a route), not in points
        return text + (" " + self.tr("Scores: {scores}.").format(scores=scores) if scores else "")

    def final_scores(self) -> dict[str, Any] | None:
        """The finished game's score breakdown as plain data, None while it runs:
        ``{"seats": [name, …], "rows": [(title, [text per seat]), …] (the game's own words, shown
        above the numbers), "categories": [(category, [value per seat]), …], "category_names":
        {category: name}, "totals": [score per seat] or None, "winners": [seat, …], "text": the
        outcome in words}``; names and words in the session's language."""
        match = self._match
        outcome = None if match is None else match.state.outcome
        if outcome is None:
            return None
        view = match.state.view(self._shown)
        rows = match.game.result_rows(outcome, view, self._language)
        # The game's own columns (every character, computer-run ones too) or one per seat; the
        # per-seat numbers of the breakdown fit only the latter.
        columns = match.game.result_columns(outcome, view, self._language)
        return {"seats": [title for title, _ in columns] if columns
                else [self.seat_name(s) for s in range(len(match.seats))],
                "rows": [(title, list(values)) for title, values in rows],
                "categories": [] if columns else [(name, list(values)) for name, values in outcome.breakdown],
                "category_names": {name: match.game.score_category_name(name, self._language)
                                   for name in [*(n for n, _ in outcome.breakdown), "total"]},
                "totals": None if outcome.scores is None or columns else list(outcome.scores),
                "winners": [i for i, (_, won) in enumerate(columns) if won] if columns else list(outcome.winners),
                "text": self.outcome_text()}

    def progress_plot(self) -> dict[str, Any]:
        """The game's curve for the end screen (`Game.progress_plot`) from what the viewer saw,
        with each series named: ``{"title", "x_title", "y_title", "series": {name: values},
        "seats": [seat or None per series]}``;
        {} when the game draws none."""
        match = self._match
        if match is None:
            return {}
        plot = match.game.progress_plot(match.initial_state().view(self._shown),
                                        match.events_for(self._shown), self._language)
        if not plot:
            return {}
        series = {(str(s["name"]) if s.get("name") else self.seat_name(s["seat"]) if s.get("seat") is not None
                   else ""): [float(v) for v in s["values"]] for s in plot.get("series", [])}
        return {"title": str(plot.get("title", "")), "x_title": str(plot.get("x_title", "")),
                "y_title": str(plot.get("y_title", "")), "series": series,
                "seats": [s.get("seat") if s.get("seat") is not None else s.get("line")
                          for s in plot.get("series", [])]}

    def spaces(self) -> list[str]:
        """Board spaces seen so far in any legal command (the engine has no list of all spaces yet)."""
        return sorted(self._spaces)

    def active_spaces(self) -> set[str]:
        """The spaces the viewer can touch now to go on (see `touchable`)."""
        lit = self.touchable()
        if not lit:
            return set()
        known = {s["id"] for s in self.board_layout().get("spaces", [])} | self._spaces
        return lit & known

    def touchable(self) -> set[str]:
        """What the viewer can touch now to go on: where a command starts, or, halfway through
        one, what it still needs (spaces, pieces, cards)."""
        if self._match is None:
            return set()
        selection = self._touch_selection()
        touched = tuple(selection.touched)
        memo = self._lit_memo  # asked for several times per touch (board, boards, hand, dock)
        if memo is None or memo[0] is not selection or memo[1] != touched:
            memo = self._lit_memo = (selection, touched, frozenset(selection.lit()))
        return set(memo[2])

    def touched(self) -> list[str]:
        """What the viewer has touched so far towards a command."""
        return [] if self._match is None else list(self._touch_selection().touched)

    def can_touch(self, thing: str) -> bool:
        """Whether touching ``thing`` now leads towards a legal command (lit or not: things are
        touched in any order)."""
        return self._match is not None and self._touch_selection().is_touchable(thing)

    def cancel_touches(self) -> bool:
        """Forget a half-made command; True when there was one."""
        if self._match is None or not self._touch_selection().touched:
            return False
        self._touch_selection().reset()
        return True

    def touch(self, thing: str) -> Outcome[str] | None:
        """The viewer touched ``thing`` (a space, a piece, a card). Plays the command that is then
        complete, or returns what to do next: the commands to ask among (``ask``), or what to
        touch next (``lit``); None when the touch fits no legal command (ask `why_not`)."""
        if self._match is None:
            return None
        outcome = self._touch_selection().touch(thing)
        if not outcome.fits:
            return None
        if outcome.play is not None:
            self.apply(outcome.play)
        played = None if outcome.play is None else str(outcome.play)
        return Outcome(played, tuple(str(c) for c in outcome.ask),
                       outcome.lit)

    def legal_for_space(self, space: str) -> list[str]:
        """The viewer's legal commands that start by clicking ``space``, in notation; commands
        that walk a path (``move T26,T14,T13``) come shortest first."""
        match = self._match
        if match is None:
            return []
        view = match.state.view(self._shown)
        commands = [c for c in self._viewer_legal() if match.game.command_touches(c, view)[:1] == (space,)]
        return [str(c) for c in sorted(commands, key=_path_length)]

    def shortest_path_for_space(self, space: str) -> str | None:
        """When every command on ``space`` walks a path there with the same verb and one path is
        the shortest, that command (what a plain click plays); else None (ask the player)."""
        match = self._match
        if match is None:
            return None
        return self.shortest_of(self.legal_for_space(space))

    def shortest_of(self, commands: Sequence[str]) -> str | None:
        """When ``commands`` all walk a path with the same verb and one path is the shortest,
        that command (what a plain click plays); else None (ask the player)."""
        from engine.core import Command
        parsed = sorted((Command.parse(c) for c in commands), key=_path_length)
        if (len(parsed) < 2 or any(_path_length(c) == 0 or c.verb != parsed[0].verb for c in parsed)
                or _path_length(parsed[0]) == _path_length(parsed[1])):
            return None
        return str(parsed[0])

    def board_layout(self) -> dict[str, Any]:
        """The game's static board drawing as plain data; empty when it has none (draw a grid)."""
        match = self._match
        if match is None:
            return {}
        if self._layout is None or self._layout_language != self._language:  # titles follow it
            self._layout = match.game.board_layout(match.config, self._language)
            self._layout_language = self._language
        return self._layout

    def table(self, seat: int | None = -1) -> dict[str, Any]:
        """The table as the game describes it (`engine.core.table`) from ``seat``'s view (default:
        the viewer's), in the session's language; built once per view and language."""
        match = self._match
        if match is None:
            return {}
        seat = self._shown if seat == -1 else seat
        if self._shown_position is not None and seat == self._shown:
            return self._step_table(seat)
        key = (seat, match.state.frozen_view(seat), self._language)
        if self._table_key != key:
            self._table = match.game.table(match.state.view(seat), self._language)
            self._table_key = key
        return self._table

    def _step_table(self, seat: int | None) -> dict[str, Any]:
        """The table of the position after the step on show, from ``seat``'s view of it."""
        from engine.core import plain
        match = self._require()
        key = (seat, self._shown_position, self._language)
        if self._shown_table is None or self._shown_table[0] != key:
            view = match.game.view(plain.thaw(self._shown_position), seat)
            self._shown_table = (key, match.game.table(view, self._language))
        return self._shown_table[1]

    def board_marks(self, seat: int | None = -1) -> dict[str, Any]:
        """What lies on each space now, from ``seat``'s view (default: the viewer's)."""
        return dict(self.table(seat).get("spaces") or {})

    def pending_answers(self) -> list[tuple[str, str]]:
        """(label, command) for each answer the viewer may give to a pending prompt; empty when
        the viewer is not asked anything (all its legal commands must be answers)."""
        match = self._match
        commands = self._viewer_legal()
        if match is None or self._viewer is None:
            return []
        if not commands or any(c.verb != "answer" for c in commands):
            return []
        view = match.state.view(self._shown)
        answers = []
        for c in commands:
            label = match.game.describe_command(c, self._language, view)
            if not label or label == str(c):   # a game without words for it: the answer's value
                label = " ".join(_answer_words(a) for a in c.args) or str(c)
            answers.append((label, str(c)))
        return answers

    def answer_buttons(self) -> list[tuple[str, str]]:
        """The pending answers given by a button: those that name nothing one touches on the table
        (words such as yes, no, keep); the others are given by touching what they name."""
        match = self._match
        answers = self.pending_answers()
        if match is None or not answers:
            return answers
        view = match.state.view(self._shown)
        untouched = {str(c) for c in self._viewer_legal() if not match.game.command_touches(c, view)}
        return [(label, command) for label, command in answers if command in untouched]

    def with_amounts(self, buttons: Sequence[tuple[str, str]]) -> list[tuple[str, str] | AmountChoice]:
        """``buttons`` (label, command) with the answers that differ only in numbers (the game's
        `command_amounts`) replaced, where the first of them stood, by one `AmountChoice`."""
        match = self._match
        if match is None or len(buttons) < 2:
            return list(buttons)
        from engine.core import Command
        from engine.core.amounts import amount_rows
        view = match.state.view(self._shown)
        read = [(command, match.game.command_amounts(Command.parse(command), view, self._language))
                for _, command in buttons]
        rows = {row.at: row for row in amount_rows(read)}
        labels = {command: label for label, command in buttons}
        grouped = {command for row in rows.values() for _, command in row.choices}
        out: list[tuple[str, str] | AmountChoice] = []
        for at, button in enumerate(buttons):
            if at in rows:
                row = rows[at]
                out.append(AmountChoice(row.title, row.tip, row.parts,
                                        tuple((n, labels[c], c) for n, c in row.choices)))
            elif button[1] not in grouped:
                out.append(button)
        return out

    def undo_words(self) -> str:
        """What Undo takes back, in words ("" when nothing): the player's command on top of the
        undo stack (the computer's answers to it go back with it)."""
        text = self.undo_stack.undoText()
        return self.label(text) if text else ""

    def label(self, command_text: str) -> str:
        """A command of the viewer's in words (its notation, without the seat counted from 0,
        when the game has no words for it or it cannot be read)."""
        from engine.core import Command, TablekeeperError
        match = self._match
        if match is None:
            return without_seat(command_text)
        try:
            command = Command.parse(command_text)
        except TablekeeperError:
            return without_seat(command_text)
        words = match.game.describe_command(command, self._language, match.state.view(self._shown))
        return without_seat(words) if words == str(command) else words

    # -- gestures: clicks that explain, drags that play ---------------------------------------
    def why_not(self, space: str) -> tuple[str, str] | None:
        """Why nothing can be played on ``space`` now: the engine's refusal (rule id, reason in
        words) of what a click there would ask for. None when something can, or when a click
        there asks for nothing the game can explain."""
        match = self._match
        if match is None or self._viewer is None or space in self.active_spaces():
            return None
        command = match.game.click_command(match.state.view(self._shown), self._viewer, space)
        return None if command is None else self._refusal_of(command)

    def drag_targets(self, source: str) -> set[str]:
        """Where the viewer may drop piece ``source`` now (the targets of its legal commands)."""
        match = self._match
        if match is None:
            return set()
        view = match.state.view(self._shown)
        return {gesture[1] for c in self._viewer_legal()
                if (gesture := match.game.command_gesture(c, view)) is not None and gesture[0] == source
                } | self._touch_selection().drop_targets(source)

    def drag_sources(self) -> set[str]:
        """The pieces the viewer can pick up now to play something."""
        match = self._match
        if match is None:
            return set()
        selection = self._touch_selection()  # built once per position and viewer, as these are
        if self._sources_memo is None or self._sources_memo[0] is not selection:
            view = match.state.view(self._shown)
            sources = {gesture[0] for c in self._viewer_legal()
                       if (gesture := match.game.command_gesture(c, view)) is not None}
            self._sources_memo = (selection, frozenset(sources | selection.draggable()))
        return set(self._sources_memo[1])

    def piece_commands(self, piece: str) -> list[str]:
        """The viewer's legal commands that a touch of ``piece`` starts or goes on with."""
        if self._match is None:
            return []
        selection = self._touch_selection()
        found = selection.candidates([*selection.touched, piece]) or selection.candidates([piece])
        return [str(c) for c in found]

    def clickable_pieces(self) -> set[str]:
        """What may be touched now (pieces and cards among them)."""
        return self.touchable()

    def drop(self, source: str, target: str, passed: Sequence[str] = ()) -> None:
        """Play what dropping ``source`` on ``target`` means; a drop the rules refuse (or that
        means nothing) arrives as `command_refused` and changes nothing."""
        match = self._match
        if match is None or self._viewer is None:
            self.command_refused.emit("", self.tr("No game is open."))
            return
        view = match.state.view(self._shown)
        command = match.game.drag_command(view, self._viewer, source, target, tuple(passed))
        # The legal ways to play this drop: several when they differ in more than the gesture
        # shows (how a surrounded piece escapes, what else it changes): then the player picks.
        candidates = [str(c) for c in self._viewer_legal()
                      if match.game.command_gesture(c, view) == (source, target)]
        if not candidates and command is None and self._drop_as_touches(source, target):
            return
        if command is not None and str(command) in candidates or not candidates:
            if command is None:
                self.command_refused.emit("", self.tr("Dropping that there does nothing."))
            else:
                self.apply(command)  # legal, or refused by the rules with their reason
            return
        if len(candidates) == 1:
            self.apply(candidates[0])
        else:
            self.drop_needs_choice.emit(candidates)

    def _drop_as_touches(self, source: str, target: str) -> bool:
        """A drop is two touches (a card onto a room): play, ask or light what is still needed;
        False when the two touches fit no legal command."""
        selection = self._touch_selection()
        if not selection.candidates([*selection.touched, source, target]):
            if not selection.candidates([source, target]):
                return False
            selection.reset()
        selection.touch(source)
        outcome = selection.touch(target)
        if outcome.play is not None:
            self.apply(outcome.play)
        elif outcome.ask:
            self.drop_needs_choice.emit([str(c) for c in outcome.ask])
        else:
            self.touch_waiting.emit()
        return True

    def rule_words(self, rule_id: str) -> str:
        """A rule id with the name of its area in the session's language: "VIN-MOVE-1 — Moving"."""
        match = self._match
        title = match.game.rule_title(rule_id, self._language) if match is not None and rule_id else ""
        return f"{rule_id} — {title}" if title else rule_id

    def _refusal_of(self, command: Command) -> tuple[str, str] | None:
        from engine.core import Refused, TablekeeperError
        try:
            self._require().state.check(command)
        except Refused as refusal:
            return refusal.rule_id, refusal.reason
        except TablekeeperError as error:
            return "", str(error)
        return None

    def turn_actions(self) -> list[ActionGroup]:
        """The viewer's turn commands shown as buttons beside the board, grouped by verb in the
        engine's order, titled in the game's words; empty while a prompt waits."""
        match = self._match
        commands = self._viewer_legal()
        if match is None or self._viewer is None:
            return []
        if any(c.verb == "answer" for c in commands):
            return []
        view = match.state.view(self._shown)
        groups: dict[str, list[tuple[str, str]]] = {}
        for command in commands:
            if match.game.is_panel_action(command, view):
                label = match.game.describe_command(command, self._language, view) or str(command)
                groups.setdefault(command.verb, []).append((label, str(command)))
        return [ActionGroup(verb, *match.game.describe_verb(verb, self._language), tuple(actions))
                for verb, actions in groups.items()]

    def turn_end_command(self) -> str | None:
        """The viewer's legal command that ends its turn (for End Turn and its shortcut)."""
        match = self._match
        if match is None or self._viewer is None:
            return None
        return next((str(c) for c in self._viewer_legal() if match.game.is_turn_end(c)), None)

    def table_text(self) -> str:
        """The table in words (HTML) from the viewer's view, for a game that draws no board yet."""
        match = self._match
        if match is None:
            return ""
        if self._shown_position is not None:  # the position after the step on show
            from engine.core import plain
            view = match.game.view(plain.thaw(self._shown_position), self._shown)
            return match.game.describe_table(view, self._language)
        return match.game.describe_table(match.state.view(self._shown), self._language)

    def last_dice(self) -> list[dict[str, Any]]:
        """The dice the last command rolled, as the viewer saw them (`Game.dice_rolled`), each
        with ``who`` rolled it by seat name."""
        match = self._match
        if match is None or not match.history:
            return []
        events = [e for e in match.history[-1].events if e.visible_to(self._shown)]
        return [{**die, "who": self.seat_name(die["seat"]) if die.get("seat") is not None else ""}
                for die in match.game.dice_rolled(events, self._language)]

    def player_boards(self) -> list[dict[str, Any]]:
        """Every player's board as the game describes it, from the viewer's view only."""
        return list(self.table().get("boards") or [])

    def prompt_kind(self) -> str:
        """The kind of decision the game waits on ("" when none), as words for a title."""
        match = self._match
        prompt = None if match is None else match.state.prompt
        return "" if prompt is None else prompt.kind.replace("_", " ")

    def prompt_title(self) -> str:
        """What the pending decision asks, in the game's words and the session's language ("" when
        none): a title above the answers."""
        match = self._match
        prompt = None if match is None else match.state.prompt
        return "" if prompt is None else match.game.describe_prompt(prompt.kind, self._language)

    # -- starting, opening, saving -------------------------------------------------------------
    def new_game(self, config: NewGameConfig) -> None:
        from engine.core import Match, TablekeeperError
        try:
            match = Match.new(config.game, config.players, mode=config.mode, seed=config.seed,
                              options=config.options, seats=list(config.seats))
        except TablekeeperError as error:
            raise SessionError(self.tr("Cannot start this game"), str(error)) from None
        self._start(match, None)

    def open(self, path: str | os.PathLike[str]) -> None:
        from engine.core import SaveError, TablekeeperError, load_match
        try:
            match = load_match(path)
        except SaveError as error:
            raise SessionError(
                self.tr("Cannot open the game"),
                self.tr("The file {file} could not be opened:\n{reason}").format(
                    file=error.file, reason=error.reason if error.line is None
                    else self.tr("line {line}: {reason}").format(line=error.line, reason=error.reason)),
            ) from None
        except TablekeeperError as error:
            raise SessionError(self.tr("Cannot open the game"),
                               self.tr("The file {file} could not be opened:\n{reason}").format(
                                   file=os.fspath(path), reason=error)) from None
        self._start(match, os.fspath(path))

    def save(self, path: str | os.PathLike[str] | None = None) -> str:
        from engine.core import save_match
        match = self._require()
        target = os.fspath(path) if path is not None else self._path
        if target is None:
            raise SessionError(self.tr("Cannot save the game"), self.tr("Choose a file name first."))
        try:
            save_match(match, target)
        except OSError as error:
            raise SessionError(self.tr("Cannot save the game"),
                               self.tr("The file {file} could not be written:\n{reason}").format(
                                   file=target, reason=error.strerror or error)) from None
        self._path = target
        self._modified = False
        self.undo_stack.setClean()
        self.undo_state_changed.emit()
        return target

    def write_bug_report(self, error: BaseException) -> str:
        """A report of an unexpected ``error`` with the open game, beside its save (or the crash
        copy); the report's path. Raises OSError when no folder takes it."""
        from engine.core.bug_report import write_bug_report
        folder = os.path.dirname(self._path) if self._path else os.path.dirname(self.autosave_path())
        os.makedirs(folder, exist_ok=True)
        return os.fspath(write_bug_report(error, folder, match=self._match,
                                          context={"where": "the app", "save": self._path or "(not saved)"}))

    # -- the crash copy -------------------------------------------------------------------------
    def autosave_path(self) -> str:
        """The file the current game is copied to after every change (it may not exist)."""
        if self._autosave_folder is None:
            self._autosave_folder = default_autosave_folder()
        return os.path.join(self._autosave_folder, AUTOSAVE_FILE)

    def has_autosave(self) -> bool:
        """A crash copy of an unfinished game is waiting (finished games leave none)."""
        return os.path.isfile(self.autosave_path())

    def resume_autosave(self) -> None:
        """Load the crash copy as an untitled, unsaved game. A copy that cannot be read is
        renamed ``….broken`` (kept for a look, never offered again) and a `SessionError` says so."""
        from engine.core import TablekeeperError
        from engine.core.journal import load_journaled, set_aside
        path = self.autosave_path()
        self._close_journal()
        try:
            match = load_journaled(path)
        except (TablekeeperError, ValueError, KeyError, TypeError) as error:  # damaged in any way
            broken = set_aside(path, BROKEN_SUFFIX)
            reason = getattr(error, "reason", None) or str(error)
            raise SessionError(
                self.tr("Cannot resume the game"),
                self.tr("The unfinished game in {file} could not be read, so it was set aside as "
                        "{broken}.\nReason: {reason}").format(file=path, broken=broken, reason=reason),
            ) from None
        self._start(match, None)
        self._modified = True  # it is in no file the player chose

    def discard_autosave(self) -> None:
        """Remove the crash copy (the player does not want to resume it)."""
        from engine.core.journal import remove_journaled
        self._close_journal()
        try:
            remove_journaled(self.autosave_path())
        except OSError as error:
            self.autosave_failed.emit(str(error.strerror or error))

    def _write_autosave(self) -> None:
        """Bring the crash copy up to the current game: a save written whole (atomically) when a
        game starts, is opened or resumed, then a journal beside it that each change appends to
        (`engine.core.journal`); a finished game needs no crash copy, so it removes the files."""
        from engine.core.journal import SaveJournal
        match = self._match
        if match is None:
            return
        if match.state.is_terminal():
            self.discard_autosave()
            return
        path = self.autosave_path()
        try:
            if self._journal is None or self._journal.path != path:
                self._close_journal()
                os.makedirs(os.path.dirname(path), exist_ok=True)
                self._journal = SaveJournal(path)
            self._journal.write(match)
        except OSError as error:
            self.autosave_failed.emit(self.tr("The game could not be copied to {file}: {reason}").format(
                file=path, reason=error.strerror or error))
            return
        self._journal_sync.start(AUTOSAVE_SYNC_MS)

    def _sync_autosave(self) -> None:
        """A quiet moment: what the crash copy's journal took since the last one goes to the disk."""
        if self._journal is not None:
            try:
                self._journal.sync()
            except OSError as error:
                self.autosave_failed.emit(str(error.strerror or error))

    def _close_journal(self) -> None:
        self._journal_sync.stop()
        journal, self._journal = self._journal, None
        if journal is not None:
            try:
                journal.close()
            except OSError as error:
                self.autosave_failed.emit(str(error.strerror or error))

    def close_game(self) -> None:
        self._stop_bots()
        self._drop_steps()
        self._close_journal()
        self._match = None
        self._path = None
        self._viewer = None
        self._shown = None
        self._audience = set()
        self._handover_due = False
        self._spaces = set()
        self._legal = {}
        self._layout = None
        self._table_key = None
        self.undo_stack.clear()
        self.game_closed.emit()

    def shutdown(self) -> None:
        """Stop computer players and wait for their threads (call before the app quits)."""
        self._stop_bots()
        self._close_journal()
        self._bot_runner.wait()

    def _start(self, match: Match, path: str | None) -> None:
        from engine.bots import bot_rng, make_bot
        from engine.core import TablekeeperError
        factory: BotFactory = self._bot_factory or make_bot
        bots: dict[int, tuple[Bot, Rng]] = {}
        for seat, kind in enumerate(match.seats):
            if kind.startswith(BOT_SEAT_PREFIX):
                try:
                    bot = factory(kind[len(BOT_SEAT_PREFIX):], match.game)
                except TablekeeperError as error:
                    raise SessionError(self.tr("Cannot start this game"), str(error)) from None
                bots[seat] = (bot, bot_rng(match.config.seed, seat))
        self._stop_bots()
        self._drop_steps()
        self._match = match
        self._path = path
        self._modified = False
        self._bots = bots
        self._spaces = set()
        self._legal = {}
        self._layout = None
        self._table_key = None
        self.undo_stack.clear()
        self._viewer = None
        self._shown = None
        self._audience = set()
        self._update_viewer(announce=False)
        self._note_spaces()
        self._write_autosave()  # a new, opened or resumed game replaces the crash copy
        self.game_started.emit()
        self.undo_state_changed.emit()
        if self._viewer is not None:
            self.viewer_changed.emit(self._viewer)
        if not self._take_forced_answer():
            self._after_change()

    # -- playing -------------------------------------------------------------------------------
    def apply(self, command: str | Command) -> None:
        """Apply a player's command (text or value); a refusal arrives as `command_refused`."""
        from engine.core import Command, Refused, TablekeeperError
        match = self._match
        if match is None:
            self.command_refused.emit("", self.tr("No game is open."))
            return
        self.finish_steps()  # a player who acts has seen enough of the last command's steps
        try:
            parsed = Command.parse(command) if isinstance(command, str) else command
        except TablekeeperError as error:
            self.command_refused.emit("", str(error))
            return
        if parsed.seat is None and self._viewer is not None:
            parsed = parsed.by(self._viewer)
        if parsed.seat is not None and 0 <= parsed.seat < len(match.seats) and self.is_bot(parsed.seat):
            self.command_refused.emit("", self.tr("{seat} is played by the computer.").format(
                seat=self.seat_name(parsed.seat)))
            return
        try:
            self._play(parsed, by_bot=False)
        except Refused as refusal:
            self.command_refused.emit(refusal.rule_id, refusal.reason)
        except TablekeeperError as error:
            self.command_refused.emit("", str(error))

    def _play(self, command: Command, by_bot: bool) -> None:
        """Apply a command to the match; raises `TablekeeperError` (state unchanged) if refused."""
        match = self._require()
        paced = self._paced()
        if paced:  # the positions it passes through, to show its steps one by one
            from engine.core.effects import positions_recorded
            with positions_recorded() as positions:
                events = match.apply(command)
        else:
            events, positions = match.apply(command), []
        self._stop_bots()  # the position moved on: answers computed for the old one are stale
        # Shown at once: the next viewer now, so that what the undo stack's news redraws is theirs.
        changed = None if paced else self._update_viewer(announce=False)
        if match.can_undo():
            self.undo_stack.push(PlayedCommands(self, str(command), by_bot))
        else:
            self.undo_stack.clear()  # nothing before a chance or a secret can be taken back
        self._announce(events, positions, changed)

    def _announce(self, events: Sequence[Any], positions: Sequence[tuple[Any, bytes]] = (),
                  changed: bool | None = None) -> None:
        """Tell the widgets what a command did; ``changed``: whether the viewer already changed
        with it (None: not chosen yet)."""
        match = self._require()
        self._modified = True
        self._note_spaces()
        self._write_autosave()
        steps = self._steps_of(events, positions) if self._paced() else []
        if len(steps) > 1:  # one step now, the others one per computer pause (`_show_next_step`)
            self._steps = steps[1:]
            self._shown_position = steps[0].position
            self.command_applied.emit(match.state.view(self._shown), steps[0].entries)
            if steps[0].spaces:
                self.spaces_touched.emit(steps[0].spaces)
            self.undo_state_changed.emit()
            self._step_timer.start(self._bot_delay)
            return
        # The next viewer first: when the screen must be handed over, it is hidden before anything
        # is redrawn (nothing of the previous viewer's is built for a screen nobody will see).
        if changed is None:
            changed = self._update_viewer(announce=False)
        if changed and self._handover_due:
            self.viewer_changed.emit(self._viewer)
        self.command_applied.emit(match.state.view(self._shown), self._entries(events))
        touched = [space for e in events if e.visible_to(self._shown) for space in self._event_spaces(e)]
        if touched:
            self.spaces_touched.emit(list(dict.fromkeys(touched)))
        self.undo_state_changed.emit()
        if changed and not self._handover_due and self._viewer is not None:
            self.viewer_changed.emit(self._viewer)
        self._after_steps()

    def _after_steps(self) -> None:
        """What follows a command once it is shown: the next viewer, the end, the computer's turn."""
        match = self._require()
        self._update_viewer(announce=True)
        if match.state.is_terminal():
            self.game_over.emit(self.outcome_text())
        if not self._take_forced_answer():
            self._after_change()

    def _take_forced_answer(self) -> bool:
        """A decision of the person at the screen with exactly one answer that reveals nothing (no
        chance drawn, nothing hidden shown: tried on a copy first) is taken for them; True when
        it was (that play has gone on from there)."""
        from engine.core import TablekeeperError
        match = self._match
        commands = self._viewer_legal()
        if (match is None or self._redoing or len(commands) != 1 or commands[0].verb != "answer"
                or match.state.is_terminal()):
            return False
        trial = match.state.copy()
        before = trial.rng.get_state()
        try:
            events = trial.apply(commands[0])
        except TablekeeperError:
            return False
        if trial.rng.get_state() != before or not all(e.public and not e.reveals for e in events):
            return False
        self._play(commands[0], by_bot=True)  # undone with the command before it, as a computer's reply is
        return True

    # -- a command's steps, one by one ---------------------------------------------------------
    def is_showing_steps(self) -> bool:
        """Whether the last command is still unfolding step by step (the table shows the position
        after the step on show; nothing can be played until the steps are over or skipped)."""
        return self._steps is not None

    def finish_steps(self) -> None:
        """Show the rest of the last command at once (Skip, or a player who acts)."""
        if self._steps is None:
            return
        rest = [entry for step in self._steps for entry in step.entries]
        self._drop_steps()
        self._selection = None  # built while nothing could be touched
        self.step_shown.emit(rest)
        self._after_steps()

    def _paced(self) -> bool:
        """Whether commands unfold step by step: a computer pause is chosen and not skipped."""
        return self._bot_delay > 0 and not self._skipping

    def _show_next_step(self) -> None:
        steps = self._steps
        if not steps:  # the last step has been seen for a pause: the command is over
            self.finish_steps()
            return
        step = steps.pop(0)
        if step.position is not None:
            self._shown_position = step.position
        self.step_shown.emit(step.entries)
        if step.spaces:
            self.spaces_touched.emit(step.spaces)
        self._step_timer.start(self._bot_delay)

    def _drop_steps(self) -> None:
        self._step_timer.stop()
        self._steps = None
        self._shown_position = None
        self._shown_table = None

    def _steps_of(self, events: Sequence[Any], positions: Sequence[tuple[Any, bytes]]) -> list[_Step]:
        """The viewer's steps of a command: one per event it may see, with the spaces the event
        names and the position the engine recorded with it (else the one before stays shown)."""
        at = {id(event): frozen for event, frozen in positions}
        steps: list[_Step] = []
        for event in events:
            entries = self._entries([event])
            if entries:
                steps.append(_Step(entries, self._event_spaces(event), at.get(id(event))))
            elif steps and id(event) in at:  # an event the viewer may not see moves the position on
                steps[-1] = _Step(steps[-1].entries, steps[-1].spaces, at[id(event)])
        return steps

    # -- undo and redo -------------------------------------------------------------------------
    def can_undo(self) -> bool:
        return self._match is not None and self.undo_stack.canUndo() and self._match.can_undo()

    def can_redo(self) -> bool:
        return self._match is not None and self.undo_stack.canRedo() and self._match.can_redo()

    def undo(self) -> None:
        if self.can_undo():
            self.undo_stack.undo()

    def redo(self) -> None:
        if self.can_redo():
            self.undo_stack.redo()

    def undo_engine_step(self) -> None:
        """Called by the undo mirror: take back one command in the match."""
        match = self._require()
        self._drop_steps()       # the steps of what is taken back need no showing
        self._selection = None
        self._stop_bots()
        match.undo()
        self._modified = True
        self._write_autosave()
        self._note_spaces()
        self._update_viewer(announce=True)
        self.history_rewound.emit()
        self.undo_state_changed.emit()
        self._after_change()

    def redo_engine_step(self) -> None:
        """Called by the undo mirror: play the next taken-back command again."""
        match = self._require()
        self.finish_steps()
        self._stop_bots()
        self._redoing = True  # the answers taken for the player come back as part of the redo
        try:
            self._announce(match.redo())
        finally:
            self._redoing = False

    # -- computer players ----------------------------------------------------------------------
    def set_bot_delay(self, milliseconds: int) -> None:
        """The pause before each computer move (0: none)."""
        self._bot_delay = max(0, milliseconds)

    def skip_bots(self) -> None:
        """Show the rest of the last command at once, and play the computer seats' moves without
        pauses until a person has to decide."""
        self._skipping = True
        self.finish_steps()
        if self._bot_timer.isActive():
            self._bot_timer.start(0)

    def _after_change(self) -> None:
        if self._match is not None and not self._match.state.is_terminal() and any(
                s in self._bots for s in self._match.state.deciders()):
            self._bot_timer.start(0 if self._skipping else self._bot_delay)
        else:
            self._skipping = False  # a person decides now (or the game is over)

    def _start_bots(self) -> None:
        match = self._match
        if match is None or match.state.is_terminal():
            return
        for seat in match.state.deciders():
            if seat in self._bots and seat not in self._thinking:
                bot, rng = self._bots[seat]
                self._thinking.add(seat)
                self.bot_thinking_started.emit(seat)
                self._bot_runner.think(self._ticket, seat, bot, rng, match.state.copy())

    def _on_bot_move_chosen(self, ticket: int, seat: int, command: Command) -> None:
        from engine.core import Command, TablekeeperError
        if ticket != self._ticket or self._match is None:
            return  # the position changed while the bot was thinking
        self._thinking.discard(seat)
        if not isinstance(command, Command):
            self._report_bot_failure(seat, self.tr("it answered {answer!r}").format(answer=command))
            return
        if command.seat is None:
            command = command.by(seat)
        if command.seat != seat:
            self._report_bot_failure(seat, self.tr("it tried to play for another seat"))
            return
        label = self.label(str(command))
        try:
            self._play(command, by_bot=True)
        except TablekeeperError as error:
            self._report_bot_failure(seat, self.tr("its move {move} was refused ({reason})").format(
                move=command, reason=error))
            return
        if self._match.history[-1].command_for(self._shown) != str(command):
            # a secret of the bot's seat (a secret kept, a card placed face down): say only that it chose
            self.bot_moved.emit(seat, self.tr("a secret choice"), [])
            return
        self.bot_moved.emit(seat, label, self._spaces_named(command))

    def _on_bot_move_failed(self, ticket: int, seat: int, message: str) -> None:
        if ticket == self._ticket:
            self._thinking.discard(seat)
            self._report_bot_failure(seat, message)

    def _report_bot_failure(self, seat: int, what: str) -> None:
        self.bot_failed.emit(self.tr("The computer player for {seat} could not move: {what}").format(
            seat=self.seat_name(seat), what=what))

    def _stop_bots(self) -> None:
        self._ticket += 1
        self._thinking.clear()
        self._bot_timer.stop()

    # -- helpers -------------------------------------------------------------------------------
    def _spaces_named(self, command: Command) -> list[str]:
        """The board spaces a command names anywhere in its arguments (a walked path: each one)."""
        known = {space["id"] for space in self.board_layout().get("spaces", [])}
        found: list[str] = []
        for arg in command.args:
            for value in arg if isinstance(arg, tuple) else (arg,):
                if isinstance(value, str) and value in known and value not in found:
                    found.append(value)
        return found

    def _event_spaces(self, event: Any) -> list[str]:
        """The board spaces an event names: its ``space``, else each of its values that is the id
        of a space of the board (where a piece went, where a marker was put)."""
        first = event.data.get("space")
        if isinstance(first, str):
            return [first]
        known = {space["id"] for space in self.board_layout().get("spaces", [])}
        return list(dict.fromkeys(v for v in event.data.values() if isinstance(v, str) and v in known))

    def _require(self) -> Match:
        if self._match is None:
            raise SessionError(self.tr("No game open"), self.tr("Start or open a game first."))
        return self._match

    def _update_viewer(self, announce: bool) -> bool:
        """Make the deciding human the viewer (else keep the last one) and choose the view the
        screen draws (`shown_seat`); True when either changed. A hand-over is due when the screen
        is to show a seat's own view with something that someone who may still be looking may not
        see; a decision shown in the public view needs none, and its decider joins those looking."""
        match = self._require()
        humans = [s for s in match.state.deciders() if match.seats[s] == HUMAN_SEAT]
        if self._viewer in humans or (not humans and self._viewer is not None):
            viewer = self._viewer
        elif humans:
            viewer = humans[0]
        else:
            all_humans = self.human_seats()
            viewer = all_humans[0] if all_humans else None
        shown = viewer
        if viewer is not None and viewer not in humans and self._viewer == viewer:
            shown = self._shown  # nobody decides at the screen now: it keeps what it shows
        elif viewer is not None and self.is_hot_seat() and not match.game.needs_own_view(match.state.view(viewer)):
            shown = None
        if viewer == self._viewer and shown == self._shown:
            return False
        self._handover_due = shown is not None and self.is_hot_seat() and self._shows_secrets(shown)
        if viewer is not None:
            self._audience = {viewer} if self._handover_due else self._audience | {viewer}
        self._viewer, self._shown = viewer, shown
        if announce and viewer is not None:
            self.viewer_changed.emit(viewer)
        return True

    def _shows_secrets(self, seat: int) -> bool:
        """Whether ``seat``'s screen would show something that someone who may still be looking at
        the screen may not see: a seat shown since the last hand-over (the onlooker when none was).
        Its view then shows more than theirs (`Game.view_shows_more`), or its log holds an event
        theirs does not."""
        match = self._require()
        state = match.state
        view = state.view(seat)  # shown next anyway
        events = match.events_for(seat)
        lookers: set[int | None] = set(self._audience) if self._audience else {None}
        return any(any(not event.visible_to(other) for event in events)   # the log first: no view to build
                   or match.game.view_shows_more(view, state.view(other))
                   for other in lookers - {seat})

    def _note_spaces(self) -> None:
        """After every change of position: remember the spaces seen and the deciders' legal
        commands (asked for many times per change: highlights, tooltips, panels)."""
        match = self._require()
        state = match.state
        self._legal = {seat: state.legal(seat) for seat in state.deciders()}
        self._selection = None  # the touches are built again for the new position
        for commands in self._legal.values():
            for command in commands:
                self._spaces.update(match.game.command_spaces(command))

    def _touch_selection(self) -> TouchSelection[Command]:
        """The viewer's legal commands with what one touches to give each, and what was touched
        so far; built once per position and viewer."""
        match = self._require()
        if self._selection is None or self._selection_viewer != (self._viewer, self._shown):
            view = match.state.view(self._shown)
            offers = ((c, match.game.command_touches(c, view)) for c in self._viewer_legal())
            self._selection = TouchSelection(offers, look_alikes(self.table()))
            self._selection_viewer = (self._viewer, self._shown)
        return self._selection

    def _viewer_legal(self) -> list[Command]:
        """The viewer's legal commands now; empty when the game does not wait on the viewer, or
        while the last command unfolds step by step."""
        if self._match is None or self._viewer is None or self._steps is not None:
            return []
        return self._legal.get(self._viewer, [])
