"""`GameSession`: the GUI's one handle on a match, a façade over parts with one job each.

- `match_control`: the match and every change to it (apply, undo/redo mirrored on a `QUndoStack`,
  refusals in plain words, one coarse signal per change); `files`: matches from a choice or a file;
- `handover`: who sits at the screen, which seat's view it draws, when it must be handed over;
- `view_cache`: views, legal commands and tables built once per change and seat;
- `interactions`: what the viewer may touch, pick up and drop, and which command that gives;
  `offers`: the viewer's decisions as buttons; `descriptions`: the game in words;
- `steps`: a command unfolding one step per pause; `bot_scheduling`: when computer seats think;
- `autosave`: the crash copy of the open game.

Widgets talk to this class only and never see an engine type; its signals and methods are the
controller's whole surface. The engine is imported inside the methods that need it: loading it
costs ~50 ms and ~12 MB, which the app pays when the first game starts instead of at start-up.
"""
from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal

from . import autosave
from .advice import Advisor, series_of
from .autosave import AUTOSAVE_FILE, AUTOSAVE_SYNC_MS, BROKEN_SUFFIX, CrashCopy, default_autosave_folder
from .bot_scheduling import BotScheduler
from .bot_worker import BotFactory
from .descriptions import Descriptions
from .files import new_match, open_match, save_suffix
from .handover import HandOver, human_seats, is_hot_seat
from .interactions import Interactions, shortest_of
from .match_control import MatchControl
from .offers import Offers
from .steps import StepShow
from .touches import Outcome
from .types import BOT_SEAT_PREFIX, ActionGroup, AmountChoice, LogEntry, NewGameConfig, SessionError, Words
from .view_cache import ViewCache

if TYPE_CHECKING:
    from engine.core import Command, Match

__all__ = ["AUTOSAVE_FILE", "AUTOSAVE_SYNC_MS", "BROKEN_SUFFIX", "GameSession", "SessionError",
           "default_autosave_folder", "save_suffix", "write_bug_report"]


def write_bug_report(error: BaseException, session: GameSession | None) -> str:
    """The app's last resort: a report of ``error`` with ``session``'s game (or none, in the crash
    copy's folder); the report's path. Raises OSError when no folder takes it."""
    if session is not None:
        return session.write_bug_report(error)
    from engine.core.bug_report import write_bug_report as write
    folder = autosave.default_autosave_folder()
    os.makedirs(folder, exist_ok=True)
    return os.fspath(write(error, folder, context={"where": "the app, no game window"}))


class GameSession(QObject):
    game_started = Signal()
    # the game was closed: no game is open now
    game_closed = Signal()
    # the view the screen shows (plain data: the viewer's own or the public one, `shown_seat`) and
    # the new log entries (`LogEntry`) it may show — the viewer whose screen shows next: after a
    # change of player, the new one (a hand-over screen, when one is due, is announced first); of a
    # command that unfolds step by step, the first step's entries (`step_shown` brings the others,
    # then the change of viewer)
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
    # the win chances (`win_chances`) gained or lost points
    chances_changed = Signal()
    # a hint is being looked for (the search thinks on a worker thread)
    hint_started = Signal()
    # the hint for the viewer: the command in notation, in words, and what it touches (spaces,
    # pieces, cards — what the screen lights, as it lights legal commands)
    hint_ready = Signal(str, str, list)
    # no hint could be found; what went wrong in plain words
    hint_failed = Signal(str)
    # the crash copy could not be written; the reason in plain words (play goes on)
    autosave_failed = Signal(str)

    def __init__(self, parent: QObject | None = None, *, bot_factory: BotFactory | None = None,
                 bot_delay_ms: int = 250, autosave_folder: str | os.PathLike[str] | None = None) -> None:
        super().__init__(parent)
        # The parts, each with one job; they read one another through plain calls (the match
        # lives in the view cache) and tell the widgets through the session's signals.
        self._handover = HandOver()
        self._bots = BotScheduler(lambda: self._cache.match, bot_factory, bot_delay_ms, self)
        self._steps = StepShow(lambda: self._bots.delay, self)  # a step's pause is the computer's
        self._cache = ViewCache(self._handover, self._steps)
        self._crash_copy = CrashCopy(autosave_folder, self)
        self._words = Descriptions(self._cache, self._handover, self._steps)
        self._interactions = Interactions(self._cache, self._handover)
        self._offers = Offers(self._cache, self._handover)
        self._control = MatchControl(self._cache, self._handover, self._steps, self._bots, self._crash_copy,
                                     self._words, self._offers, self)
        self.undo_stack = self._control.undo_stack
        for name in ("game_started", "game_closed", "command_applied", "command_refused", "game_over",
                     "undo_state_changed", "history_rewound", "viewer_changed", "spaces_touched",
                     "bot_moved", "bot_failed"):
            getattr(self._control, name).connect(getattr(self, name))
        self._steps.step_shown.connect(self.step_shown)
        self._steps.spaces_touched.connect(self.spaces_touched)
        self._bots.thinking_started.connect(self.bot_thinking_started)
        self._crash_copy.failed.connect(self.autosave_failed)
        # Hints and win chances, on worker threads; the chances follow every change of position.
        self._advice = Advisor(lambda: self._cache.match, self._bots.is_thinking, self)
        self._control.game_started.connect(self._advice.restart)
        self._control.game_started.connect(self._advice.estimate)
        self._control.game_closed.connect(self._advice.restart)
        self._control.command_applied.connect(lambda view, entries: self._advice.changed())
        self._control.history_rewound.connect(self._advice.rewind)
        self._control.history_rewound.connect(self._advice.estimate)
        self._advice.chances_changed.connect(self.chances_changed)
        self._advice.hint_started.connect(lambda seat: self.hint_started.emit())
        self._advice.hint_ready.connect(self._on_hint)
        self._advice.hint_failed.connect(self.hint_failed)

    # -- the open game -------------------------------------------------------------------------
    def has_game(self) -> bool:
        return self._cache.match is not None

    @property
    def open_match(self) -> Match | None:
        """The open match, read-only, for controller parts that follow the game (the guide);
        widgets never use it."""
        return self._cache.match

    # The open match and the viewer's legal commands, for test drivers that play through the
    # engine; widgets never use them.
    @property
    def _match(self) -> Match | None:
        return self._cache.match

    def _require(self) -> Match:
        return self._control.require()

    def _viewer_legal(self) -> list[Command]:
        return self._cache.viewer_legal()

    @property
    def path(self) -> str | None:
        return self._control.path

    @property
    def is_modified(self) -> bool:
        return self._control.modified

    @property
    def language(self) -> str:
        return self._cache.language

    @language.setter
    def language(self, code: str) -> None:
        self._cache.language = code

    @property
    def viewer(self) -> int | None:
        """The person at the screen: the deciding human (whose commands the screen offers), else
        the last one."""
        return self._handover.viewer

    @property
    def shown_seat(self) -> int | None:
        """The seat whose view the screen draws (table, log, dice, the words of the choices): the
        viewer's own, or None — the public view — in hot-seat play while the viewer's decision
        needs none of its secrets (`Game.needs_own_view`), so no hand-over is needed for it."""
        return self._handover.shown

    def game_name(self) -> Words:
        return Words.of(self._require().game.info.name)

    def game_id(self) -> str:
        """The id of the game being played ("" when none is open)."""
        match = self._cache.match
        return match.config.game if match is not None else ""

    def seat_name(self, seat: int) -> str:
        return self._words.seat_name(self._require(), seat)

    def seat_kinds(self) -> tuple[str, ...]:
        return self._require().seats

    def is_bot(self, seat: int) -> bool:
        return self._require().seats[seat].startswith(BOT_SEAT_PREFIX)

    def human_seats(self) -> tuple[int, ...]:
        return human_seats(self._require())

    def hides_information(self) -> bool:
        return self._require().game.info.hidden_information

    def is_hot_seat(self) -> bool:
        """Several people share the screen and the game has secrets: hand-overs are needed."""
        return self._cache.match is not None and is_hot_seat(self._cache.match)

    def needs_handover(self) -> bool:
        """Whether the latest change of viewer needs the hand-over screen before the new viewer's
        screen shows (`handover.HandOver`)."""
        return self._handover.due

    def deciders(self) -> tuple[int, ...]:
        return self._require().state.deciders() if self._cache.match else ()

    def is_over(self) -> bool:
        return self._cache.match is not None and self._cache.match.state.is_terminal()

    def digest(self) -> str:
        """A fingerprint of the exact position (equal digests: the same game state)."""
        return self._require().digest()

    def current_view(self) -> Any:
        return self._require().state.view(self._handover.shown)

    # -- the game in words ---------------------------------------------------------------------
    def log_lines(self) -> list[str]:
        """Every event so far that the viewer may see, in words."""
        return [entry.text for entry in self.log_entries()]

    def log_entries(self) -> list[LogEntry]:
        return self._words.log_entries(self._require())

    def outcome_text(self) -> str:
        return self._words.outcome_text(self._require())

    def final_scores(self) -> dict[str, Any] | None:
        return self._words.final_scores()

    def progress_plot(self) -> dict[str, Any]:
        return self._words.progress_plot()

    def label(self, command_text: str) -> str:
        return self._words.label(command_text)

    def undo_words(self) -> str:
        """What Undo takes back, in words ("" when nothing): the player's command on top of the
        undo stack (the computer's answers to it go back with it)."""
        text = self.undo_stack.undoText()
        return self._words.label(text) if text else ""

    def rule_words(self, rule_id: str) -> str:
        return self._words.rule_words(rule_id)

    def table_text(self) -> str:
        return self._words.table_text()

    def last_dice(self) -> list[dict[str, Any]]:
        return self._words.last_dice()

    def prompt_kind(self) -> str:
        return self._words.prompt_kind()

    def prompt_title(self) -> str:
        return self._words.prompt_title()

    # -- the table -----------------------------------------------------------------------------
    def board_layout(self) -> dict[str, Any]:
        """The game's static board drawing as plain data; empty when it has none (draw a grid)."""
        return self._cache.board_layout()

    def table(self, seat: int | None = -1) -> dict[str, Any]:
        """The table as the game describes it (`engine.core.table`) from ``seat``'s view (default:
        the viewer's), in the session's language; while a command unfolds step by step, as of the
        step on show."""
        if self._cache.match is None:
            return {}
        return self._cache.shown_table(self._handover.shown if seat == -1 else seat)

    def board_marks(self, seat: int | None = -1) -> dict[str, Any]:
        """What lies on each space now, from ``seat``'s view (default: the viewer's)."""
        return dict(self.table(seat).get("spaces") or {})

    def player_boards(self) -> list[dict[str, Any]]:
        """Every player's board as the game describes it, from the viewer's view only."""
        return list(self.table().get("boards") or [])

    def spaces(self) -> list[str]:
        """Board spaces seen so far in any legal command (the engine has no list of all spaces yet)."""
        return sorted(self._cache.spaces_seen())

    # -- touches, clicks, drags and drops ------------------------------------------------------
    def active_spaces(self) -> set[str]:
        return set() if self._cache.match is None else self._interactions.active_spaces()

    def touchable(self) -> set[str]:
        return set() if self._cache.match is None else set(self._interactions.touchable())

    def clickable_pieces(self) -> set[str]:
        """What may be touched now (pieces and cards among them)."""
        return self.touchable()

    def touched(self) -> list[str]:
        """What the viewer has touched so far towards a command."""
        return [] if self._cache.match is None else list(self._interactions.selection().touched)

    def can_touch(self, thing: str) -> bool:
        """Whether touching ``thing`` now leads towards a legal command (lit or not: things are
        touched in any order)."""
        return self._cache.match is not None and self._interactions.selection().is_touchable(thing)

    def cancel_touches(self) -> bool:
        return self._cache.match is not None and self._interactions.cancel()

    def touch(self, thing: str) -> Outcome[str] | None:
        """The viewer touched ``thing`` (a space, a piece, a card). Plays the command that is then
        complete, or returns what to do next: the commands to ask among (``ask``), or what to
        touch next (``lit``); None when the touch fits no legal command (ask `why_not`)."""
        outcome = None if self._cache.match is None else self._interactions.touch(thing)
        if outcome is None:
            return None
        if outcome.play is not None:
            self.apply(outcome.play)
        played = None if outcome.play is None else str(outcome.play)
        return Outcome(played, tuple(str(c) for c in outcome.ask), outcome.lit)

    def piece_commands(self, piece: str) -> list[str]:
        return [] if self._cache.match is None else self._interactions.piece_commands(piece)

    def legal_for_space(self, space: str) -> list[str]:
        return [] if self._cache.match is None else self._interactions.legal_for_space(space)

    def shortest_path_for_space(self, space: str) -> str | None:
        """When every command on ``space`` walks a path there with the same verb and one path is
        the shortest, that command (what a plain click plays); else None (ask the player)."""
        return None if self._cache.match is None else self.shortest_of(self.legal_for_space(space))

    def shortest_of(self, commands: Sequence[str]) -> str | None:
        return shortest_of(commands)

    def why_not(self, space: str) -> tuple[str, str] | None:
        return self._interactions.why_not(space)

    def drag_sources(self) -> set[str]:
        return set() if self._cache.match is None else set(self._interactions.drag_sources())

    def drag_targets(self, source: str) -> set[str]:
        return set() if self._cache.match is None else self._interactions.drag_targets(source)

    def drop(self, source: str, target: str, passed: Sequence[str] = ()) -> None:
        """Play what dropping ``source`` on ``target`` means; a drop the rules refuse (or that
        means nothing) arrives as `command_refused` and changes nothing."""
        drop = self._interactions.drop(source, target, passed)
        if drop is None:
            self.command_refused.emit("", self.tr("No game is open."))
        elif drop.play is not None:
            self.apply(drop.play)  # legal, or refused by the rules with their reason
        elif drop.ask:
            self.drop_needs_choice.emit(list(drop.ask))
        elif drop.waits:
            self.touch_waiting.emit()
        else:
            self.command_refused.emit("", self.tr("Dropping that there does nothing."))

    # -- the viewer's decisions as buttons -----------------------------------------------------
    def pending_answers(self) -> list[tuple[str, str]]:
        return self._offers.pending_answers()

    def answer_buttons(self) -> list[tuple[str, str]]:
        return self._offers.answer_buttons()

    def with_amounts(self, buttons: Sequence[tuple[str, str]]) -> list[tuple[str, str] | AmountChoice]:
        return self._offers.with_amounts(buttons)

    def turn_actions(self) -> list[ActionGroup]:
        return self._offers.turn_actions()

    def turn_end_command(self) -> str | None:
        return self._offers.turn_end_command()

    # -- starting, opening, saving, closing ----------------------------------------------------
    def new_game(self, config: NewGameConfig) -> None:
        self._control.start(new_match(config), None)

    def open(self, path: str | os.PathLike[str]) -> None:
        self._control.start(open_match(path), os.fspath(path))

    def save(self, path: str | os.PathLike[str] | None = None) -> str:
        return self._control.save(path)

    def write_bug_report(self, error: BaseException) -> str:
        """A report of an unexpected ``error`` with the open game, beside its save (or the crash
        copy); the report's path. Raises OSError when no folder takes it."""
        from engine.core.bug_report import write_bug_report as write
        path = self._control.path
        folder = os.path.dirname(path) if path else os.path.dirname(self.autosave_path())
        os.makedirs(folder, exist_ok=True)
        return os.fspath(write(error, folder, match=self._cache.match,
                               context={"where": "the app", "save": path or "(not saved)"}))

    def autosave_path(self) -> str:
        """The file the current game is copied to after every change (it may not exist)."""
        return self._crash_copy.path()

    def has_autosave(self) -> bool:
        """A crash copy of an unfinished game is waiting (finished games leave none)."""
        return self._crash_copy.exists()

    def resume_autosave(self) -> None:
        """Load the crash copy as an untitled, unsaved game."""
        self._control.resume()

    def discard_autosave(self) -> None:
        """Remove the crash copy (the player does not want to resume it)."""
        self._crash_copy.discard()

    def close_game(self) -> None:
        self._control.close()

    def shutdown(self) -> None:
        """Stop computer players and wait for their threads (call before the app quits)."""
        self._bots.stop()
        self._crash_copy.close()
        self._bots.wait()
        self._advice.wait()

    # -- playing -------------------------------------------------------------------------------
    def apply(self, command: str | Command) -> None:
        """Apply a player's command (text or value); a refusal arrives as `command_refused`."""
        self._control.apply(command)

    def is_showing_steps(self) -> bool:
        """Whether the last command is still unfolding step by step (the table shows the position
        after the step on show; nothing can be played until the steps are over or skipped)."""
        return self._steps.is_showing()

    def finish_steps(self) -> None:
        """Show the rest of the last command at once (Skip, or a player who acts)."""
        self._control.finish_steps()

    def can_undo(self) -> bool:
        return self._control.can_undo()

    def can_redo(self) -> bool:
        return self._control.can_redo()

    def undo(self) -> None:
        if self.can_undo():
            self.undo_stack.undo()

    def redo(self) -> None:
        if self.can_redo():
            self.undo_stack.redo()

    # -- computer players ----------------------------------------------------------------------
    @property
    def bot_delay(self) -> int:
        """The pause before each computer move, in milliseconds (0: none)."""
        return self._bots.delay

    def set_bot_delay(self, milliseconds: int) -> None:
        """The pause before each computer move (0: none)."""
        self._bots.set_delay(milliseconds)

    def bots_thinking(self) -> bool:
        """Whether a computer seat is choosing a move now."""
        return self._bots.is_thinking()

    def skip_bots(self) -> None:
        """Show the rest of the last command at once, and play the computer seats' moves without
        pauses until a person has to decide."""
        self._bots.skip()
        self._control.finish_steps()
        self._bots.hurry()

    # -- the search's advice -------------------------------------------------------------------
    def can_hint(self) -> bool:
        """Whether a hint can be asked for now: a person at the screen decides (no hand-over
        pending, no command unfolding)."""
        match, viewer = self._cache.match, self._handover.viewer
        return (match is not None and viewer is not None and not match.state.is_terminal()
                and not self.is_bot(viewer) and viewer in match.state.deciders()
                and not self._handover.due and not self._steps.is_showing() and bool(self._cache.viewer_legal()))

    def ask_hint(self) -> bool:
        """Ask the search for a suggestion for the viewer, thought from the viewer's seat only, on
        a worker thread; it arrives as `hint_ready` (or `hint_failed`). False when no hint can be
        asked for now (`can_hint`)."""
        viewer = self._handover.viewer
        return viewer is not None and self.can_hint() and self._advice.ask_hint(viewer)

    def is_hinting(self) -> bool:
        return self._advice.is_hinting()

    def _on_hint(self, seat: int, command: object) -> None:
        from engine.core import Command
        match = self._cache.match
        if match is None or not isinstance(command, Command) or seat != self._handover.viewer:
            return
        view = self._cache.shown_view()
        touched = list(dict.fromkeys([*match.game.command_touches(command, view), *self._cache.spaces_named(command)]))
        self.hint_ready.emit(str(command), self._words.label(str(command)), touched)

    def win_chances(self) -> dict[str, Any]:
        """Each seat's chance to win after each command, as the search estimates it from what
        every seat may see: ``{"title", "x_title", "y_title", "x": commands played,
        "series": {seat name: percent per x}, "seats"}``; {} when no game is open."""
        match = self._cache.match
        if match is None:
            return {}
        names = [self.seat_name(seat) for seat in range(match.config.players)]
        data = series_of(self._advice.points(), names)
        data.update(title=self.tr("Chance to win"), x_title=self.tr("Commands played"),
                    y_title=self.tr("Chance to win (%)"))
        return data
