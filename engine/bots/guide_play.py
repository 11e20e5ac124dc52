"""A guide's scripted opening played without a screen, the computer seats moving as the app moves
them: to check a guide file (every step's command legal when its turn comes, the element it points
at on the learner's table) and to test it.

The computer seats play as in the app: each bot kind of the guide's seats with its seat's own
generator (`bot_rng` of the guide's seed), asked in turn whenever it decides; an answer the learner
has no choice about (one answer that draws nothing and reveals nothing) is taken for them, as the
app takes it.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from engine.core import Command, Match, Rng, TablekeeperError
from engine.core.errors import ContentError
from engine.core.guide import BUTTON_PREFIX, PANELS, Guide, GuideStep, guide_problem, matching, table_things
from engine.core.state import quiet_forced_answer

from .base import Bot, make_bot
from .runner import bot_rng
from .state_bots import decide

MAX_BOT_COMMANDS = 2_000  # between two learner steps; an opening never needs as many


@dataclass(frozen=True, slots=True)
class GuidePosition:
    """The match when ``step`` waits: the learner's legal commands and those that fit the step."""

    step: GuideStep
    match: Match
    legal: tuple[Command, ...]
    fitting: tuple[Command, ...]


def start_match(guide: Guide) -> Match:
    return Match.new(guide.game, guide.players, mode=guide.mode, seed=guide.seed,
                     options=dict(guide.options), seats=list(guide.match_seats()))


def forced_answer(match: Match, seat: int) -> Command | None:
    """The seat's one answer that draws nothing and reveals nothing (the app takes it for them)."""
    state = match.state
    if state.is_terminal() or seat not in state.deciders():
        return None
    return quiet_forced_answer(state, state.legal(seat))


class GuidePlayer:
    """The guide's match, with its computer seats moving as the app moves them."""

    def __init__(self, guide: Guide) -> None:
        self.guide = guide
        self.match = start_match(guide)
        self.forced: list[Command] = []
        self._bots: dict[int, tuple[Bot, Rng]] = {
            seat: (make_bot(kind.split(":", 1)[1], self.match.game), bot_rng(guide.seed, seat))
            for seat, kind in enumerate(guide.seats) if kind.startswith("bot:")}
        self.settle()

    def settle(self) -> None:
        """Play on until the learner decides (or the game ends)."""
        learner = self.guide.learner
        for _ in range(MAX_BOT_COMMANDS):
            state = self.match.state
            if state.is_terminal():
                return
            forced = forced_answer(self.match, learner)
            if forced is not None:
                self.match.apply(forced)
                self.forced.append(forced)
                continue
            deciders = state.deciders()
            seat = next((s for s in deciders if s in self._bots), None)
            if seat is None:
                return
            bot, rng = self._bots[seat]
            chosen = decide(bot, state, seat, state.legal(seat), rng)
            self.match.apply(chosen if chosen.seat is not None else chosen.by(seat))
        raise TablekeeperError(f"{self.guide.file}: the computer players did not hand back the turn")

    def learner_decides(self) -> bool:
        state = self.match.state
        return not state.is_terminal() and self.guide.learner in state.deciders()

    def play(self, command: Command) -> None:
        self.match.apply(command)
        self.settle()


def walk(guide: Guide, choose: Callable[[GuidePosition], Command] | None = None) -> Iterator[GuidePosition]:
    """Each step's position in turn; after each yield the step is played (``choose``'s command, else
    the step's own command, else the first legal command that fits it). Stops early at a step
    whose command cannot be played then (the caller sees ``fitting`` empty)."""
    player = GuidePlayer(guide)
    learner = guide.learner
    for step in guide.steps:
        legal = tuple(player.match.state.legal(learner)) if player.learner_decides() else ()
        fitting = tuple(matching(step.expect, legal))
        position = GuidePosition(step, player.match, legal, fitting)
        yield position
        if not fitting:
            return
        player.play(choose(position) if choose is not None else fitting[0])


def visible_things(match: Match, seat: int, legal: Sequence[Command]) -> set[str]:
    """What the seat's screen shows that a callout may point at: spaces, pieces, cards of its
    table description, the buttons of its legal commands, the panels."""
    game = match.game
    view = match.state.view(seat)
    layout = game.board_layout(match.config)
    spaces = [str(s["id"]) for s in layout.get("spaces") or ()]
    found = table_things(game.table(view), spaces)
    found.update(BUTTON_PREFIX + str(c.by(None)) for c in legal)
    found.update(PANELS)
    for command in legal:
        found.update(game.command_touches(command, view))
    return found


def check_guide(guide: Guide) -> list[ContentError]:
    """Every problem of playing ``guide`` through: a step whose command is not the learner's to
    play then, or whose element is not on the learner's table (each at the step's line)."""
    problems: list[ContentError] = []
    reached = 0
    for position in walk(guide):
        step, match = position.step, position.match
        reached += 1
        if not position.legal:
            problems.append(guide_problem(guide, step, "the learner does not decide at this step (the game waits on "
                                                       "another seat or is over): move the step, or check the seed"))
            break
        if not position.fitting:
            shown = ", ".join(str(c.by(None)) for c in position.legal[:5])
            problems.append(guide_problem(guide, step, f"{step.expect.notation()!r} is not legal here; the learner "
                                                       f"may play e.g. {shown}: write one of those"))
            break
        things = visible_things(match, guide.learner, position.legal)
        if step.point_at not in things:
            problems.append(guide_problem(guide, step, f"point_at {step.point_at!r} is not on the learner's table "
                                                       "now: point at a space, piece or card the learner sees, "
                                                       "or a button of a legal command", "point_at"))
    return problems
