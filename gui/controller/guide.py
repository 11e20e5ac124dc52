"""A guided first game (Help ▸ Learn to Play): starts a game's guide on the session and follows the
learner through it with the engine's `GuideTracker`, telling the screen what its callout says.

The choice made for a command other than the one suggested: the guide never blocks a move the
rules allow. The engine applies it and the guide stops there (off the script) and says what it had
suggested; an undo back before that move puts the guide on its script again, and "Leave guide" plays
on as a normal game. A move the rules refuse changes nothing: the callout gives the engine's reason
and the step stays.

Everything here is plain data for the widgets (`Callout`); the guide's words come from the game's
guide file, so the screen knows no game.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, Protocol

from PySide6.QtCore import QObject, Signal

from .types import NewGameConfig, SessionError, Words

if TYPE_CHECKING:
    from engine.core import Command, Match
    from engine.core.guide import Guide, GuideStep, GuideTracker

CalloutKind = Literal["step", "refused", "different", "finished"]


@dataclass(frozen=True, slots=True)
class GuideEntry:
    """A game that has a guide, as Help ▸ Learn to Play lists it."""
    game: str
    title: Words


@dataclass(frozen=True, slots=True)
class Callout:
    """What the guide's bubble says now.

    ``kind``: the step waiting (``step``), a refused try (``refused``: ``reason`` and ``rule`` are the
    engine's), a legal move the guide did not suggest (``different``: ``suggested`` is the move it
    suggested, in words), or the guide's end (``finished``). ``text`` is the step's (or the outro);
    ``rule`` the rules reference entry to link; ``point_at`` the element it points at."""

    kind: CalloutKind
    text: Words
    rule: str = ""
    point_at: str = ""
    number: int = 0          # the step's number, from 1
    steps: int = 0
    intro: Words = Words("")
    reason: str = ""
    refused_rule: str = ""
    suggested: str = ""


class Session(Protocol):
    """What the runner uses of the `GameSession` façade (it sits above the session, as a widget
    does: no part of the session imports it)."""

    command_applied: Any
    command_refused: Any
    history_rewound: Any
    game_started: Any
    game_closed: Any
    step_shown: Any

    @property
    def open_match(self) -> Match | None: ...
    def new_game(self, config: NewGameConfig) -> None: ...
    def is_showing_steps(self) -> bool: ...
    def label(self, command_text: str) -> str: ...
    def touched(self) -> list[str]: ...
    def why_not(self, space: str) -> tuple[str, str] | None: ...


def guide_entries() -> list[GuideEntry]:
    """Every game with a guide file, with its guide's title; a guide that does not load is left out
    (its problem shows when it is started)."""
    from engine.core import TablekeeperError
    from engine.core.guide import guide_games, guide_of
    entries = []
    for game in guide_games():
        try:
            entries.append(GuideEntry(game, Words.of(guide_of(game).title)))
        except TablekeeperError:
            entries.append(GuideEntry(game, Words(game)))
    return entries


class GuideRunner(QObject):
    """Runs one guide at a time on ``session``; `callout_changed` carries a `Callout`, or None when
    nothing is to be said now (no guide, left, or the computer is playing)."""

    callout_changed = Signal(object)
    # the guide ended: finished, left, or its game closed
    guide_ended = Signal()

    def __init__(self, session: Session, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.tracker: GuideTracker | None = None
        self._seen = 0                          # history entries the tracker was told about
        self._only_choice: Command | None = None  # the learner's one legal command, when just one
        self._refusal: tuple[str, str] | None = None
        self._starting = False
        self.callout: Callout | None = None
        session.command_applied.connect(self._on_applied)
        session.command_refused.connect(self._on_refused)
        session.history_rewound.connect(self._on_rewound)
        session.game_started.connect(self._on_game_started)
        session.game_closed.connect(self.stop)
        session.step_shown.connect(self._on_step_shown)

    # -- starting and leaving ------------------------------------------------------------------
    @property
    def guide(self) -> Guide | None:
        return None if self.tracker is None else self.tracker.guide

    def is_active(self) -> bool:
        return self.tracker is not None and not self.tracker.left and not self.tracker.finished

    def start(self, game_id: str) -> None:
        """Start ``game_id``'s guided game (its seed, seats and options); raises `SessionError`
        when the guide file does not fit its format (the message names file, line and fix)."""
        from engine.core import TablekeeperError
        from engine.core.guide import GuideTracker, guide_of
        try:
            guide = guide_of(game_id)
        except TablekeeperError as error:
            raise SessionError(self.tr("Cannot start the guide"), str(error)) from None
        config = NewGameConfig(guide.game, guide.players, guide.mode, guide.match_seats(),
                               dict(guide.options), seed=guide.seed)
        self.stop()
        self.tracker = GuideTracker(guide)   # before the game starts: it follows from the first command
        self._seen = 0
        self._refusal = None
        self._only_choice = None
        self._starting = True
        try:
            self.session.new_game(config)
        except SessionError:
            self.tracker = None
            raise
        finally:
            self._starting = False
        self._catch_up()
        self._update()

    def leave(self) -> None:
        """Leave the guide: the game goes on as a normal game against the computer."""
        if self.tracker is not None:
            self.tracker.leave()
        self.stop()

    def stop(self) -> None:
        if self.tracker is None:
            return
        self.tracker = None
        self.callout = None
        self.callout_changed.emit(None)
        self.guide_ended.emit()

    # -- following the match -------------------------------------------------------------------
    def _on_game_started(self) -> None:
        if not self._starting:
            self.stop()  # another game was started or opened: the guide is over
        else:
            self._catch_up()  # the learner's first decision, before anything is taken for them

    def _match(self) -> Match | None:  # the session's match (the controller's parts share it)
        return self.session.open_match

    def _catch_up(self) -> None:
        """Tell the tracker each command the match applied since the last time."""
        match, tracker = self._match(), self.tracker
        if match is None or tracker is None:
            return
        history = match.history
        while self._seen < len(history):
            command = history[self._seen].command
            self._seen += 1
            only = self._only_choice is not None and command == self._only_choice
            self._only_choice = None
            verdict = tracker.observe(command, self._seen, only_choice=only)
            if verdict.kind in ("advanced", "finished", "different"):
                self._refusal = None
        self._only_choice = None
        state = match.state
        learner = tracker.guide.learner
        if not state.is_terminal() and learner in state.deciders():
            legal = state.legal(learner)
            self._only_choice = legal[0] if len(legal) == 1 else None

    def _on_step_shown(self, entries: list) -> None:
        if self.tracker is not None:
            self._update()

    def _on_applied(self, view: object, entries: list) -> None:
        if self.tracker is None:
            return
        self._catch_up()
        self._update()

    def _on_refused(self, rule_id: str, reason: str) -> None:
        if self.tracker is None or not self.tracker.active:
            return
        self.tracker.refused(rule_id, reason)
        self._refusal = (rule_id, reason)
        self._update()

    def history_length(self) -> int:
        match = self._match()
        return 0 if match is None else len(match.history)

    def explain_touch(self, thing: str, history_length: int) -> None:
        """The learner touched ``thing`` when the match was ``history_length`` commands long; if
        nothing was played and nothing is half made, the rules' reason (the session's "why not")
        shows in the callout, the step staying."""
        if self.tracker is None or not self.tracker.active or not self.learner_decides():
            return
        if self.history_length() != history_length or self.session.touched():
            return
        refusal = self.session.why_not(thing)
        if refusal is None:
            return
        self.tracker.refused(*refusal)
        self._refusal = refusal
        self._update()

    def _on_rewound(self) -> None:
        match = self._match()
        if self.tracker is None or match is None:
            return
        self._seen = min(self._seen, len(match.history))
        self.tracker.rewind(self._seen)
        self._refusal = None
        self._catch_up()
        self._update()

    def refresh(self) -> None:
        """Say the step again once the learner decides (after the steps of a command were shown,
        or the computer seats finished), if nothing is said now."""
        if self.callout is None and self.is_active() and self.learner_decides():
            self._update()

    # -- what the callout says -----------------------------------------------------------------
    def learner_decides(self) -> bool:
        match = self._match()
        if match is None or self.tracker is None or self.session.is_showing_steps():
            return False
        state = match.state
        return not state.is_terminal() and self.tracker.guide.learner in state.deciders()

    def _suggested(self, step: GuideStep) -> str:
        """The step's move in words, as the learner's own legal commands say it."""
        match = self._match()
        if match is None or self.tracker is None:
            return step.expect.notation()
        from engine.core.guide import matching
        learner = self.tracker.guide.learner
        fitting = matching(step.expect, match.state.legal(learner)) if learner in match.state.deciders() else []
        return self.session.label(str(fitting[0])) if fitting else step.expect.notation()

    def _update(self) -> None:
        tracker = self.tracker
        if tracker is None:
            return
        guide = tracker.guide
        callout: Callout | None
        if tracker.finished:
            callout = Callout("finished", Words.of(guide.outro), steps=len(guide.steps), number=len(guide.steps))
        elif tracker.off_script is not None:
            step = guide.steps[tracker.index]
            callout = Callout("different", Words.of(step.text), step.rule, "", tracker.index + 1, len(guide.steps),
                              suggested=self._suggestion)
        elif not self.learner_decides():
            callout = None   # the computer plays: the bubble waits
        else:
            step = guide.steps[tracker.index]
            self._suggestion = self._suggested(step)
            intro = Words.of(guide.intro) if tracker.index == 0 else Words("")
            if self._refusal is not None:
                callout = Callout("refused", Words.of(step.text), step.rule, step.point_at, tracker.index + 1,
                                  len(guide.steps), intro, reason=self._refusal[1], refused_rule=self._refusal[0],
                                  suggested=self._suggestion)
            else:
                callout = Callout("step", Words.of(step.text), step.rule, step.point_at, tracker.index + 1,
                                  len(guide.steps), intro, suggested=self._suggestion)
        self.callout = callout
        self.callout_changed.emit(callout)

    _suggestion = ""
