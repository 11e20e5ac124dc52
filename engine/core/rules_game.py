"""The skeleton every game on the core shares: its rules are verbs (`engine.core.verbs`) and effects
run by one `EffectInterpreter`, whose queue (``data["effects"]``) holds the decision pending.

A game subclasses `RulesGame` and names its parts as class attributes (functions are read from the
class, so they are never bound to the game):

    class Vindication(RulesGame[Ctx]):
        context_class = Ctx                 # context.py: the game's `RuleContext`
        VERBS = VERBS                       # commands.py: its verbs and legal-command listers
        interpreter = VIN                   # effects.py: its one effect interpreter
        setup_state = setup                 # setup.py: the starting state, before any effect runs
        check_invariants = check_invariants # invariants.py
        seat_view = seat_view               # views.py: what a seat sees
        resample_state = resample_hidden    # views.py: what a seat cannot see, dealt again

The base then answers `setup`, `prompt`, `legal_commands`, `apply`, `view`, `resample_hidden`
and `invariants` alike for every game: a decision waiting in the queue comes first, then the turn
of the seat `turn_prompt` names. What a game does its own way it says in the hooks: `turn_prompt`
and `answer_rule` (required), `start` (what set-up queues), `turn_commands`, `before_command`
(checks before the interpreter sees a command) and `after_command` (what follows every command).

The hooks that describe the game to the player (its board, its table, its words, its end screen)
follow the template's file roles instead of being delegated one by one in game.py: `GAME_HOOKS`
names, for each hook, the module of the game's package that answers it, and the skeleton calls the
function of the hook's own name and signature there (``engine/nemesis/layout.py`` `board_layout`
answers `Nemesis.board_layout`). The module is imported on first use, so importing the rules
stays as light as the rules; where the game's package has no such module or the module no such
function, and where the function returns None for an input it leaves alone, the core `Game`'s
default answers. A game that answers a hook its own way still overrides it in game.py.
"""
from __future__ import annotations

import importlib
import importlib.util
from abc import abstractmethod
from collections.abc import Callable
from typing import Any, ClassVar, Generic, TypeVar

from .commands import Command
from .effects import EffectInterpreter, RuleContext, answer_commands, pending_choice
from .events import Event
from .game import Config, Data, Game, Prompt
from .rng import Rng
from .verbs import Verbs

C = TypeVar("C", bound=RuleContext)

# Hook of `Game` -> the module of the game's package (its file role in the template,
# ARCHITECTURE.md) whose function of the same name and parameters answers it.
GAME_HOOKS: dict[str, str] = {
    # layout.py: the board's static drawing
    "board_layout": "layout",
    # presentation.py: the table now, and how a player touches it to give a command
    "table": "presentation",
    "command_spaces": "presentation",
    "command_touches": "presentation",
    "is_panel_action": "presentation",
    "describe_verb": "presentation",
    "is_turn_end": "presentation",
    # labels.py: commands, decisions and score categories in words
    "describe_command": "labels",
    "describe_prompt": "labels",
    "score_category_name": "labels",
    # log.py: events in words, and the rule each comes from
    "describe": "log",
    "event_rule": "log",
    "rule_title": "log",
    # schema.py: the shape of the state data
    "data_schema": "schema",
    # results.py: the end screen and the dice of the table
    "describe_outcome": "results",
    "result_columns": "results",
    "result_rows": "results",
    "progress_plot": "results",
    "dice_rolled": "results",
    # modules a game has only when it needs them
    "describe_table": "table",          # table.py: the table in words, where no board is drawn
    "command_amounts": "amounts",       # answers that are numbers, asked with spin boxes
    "click_command": "gestures",        # what a click or a drag means, legal or not
    "drag_command": "gestures",
    "command_gesture": "gestures",
    "needs_own_view": "handover",       # which decisions need the decider's secrets on screen
    "search_values": "search",          # search.py: what a search player needs of the game
    "search_playout": "search",
    "search_group": "search",
    "search_depth": "search",
}

# (game class, hook) -> the module function answering it, or None: the core default answers
_FOUND: dict[tuple[type, str], Callable[..., Any] | None] = {}


def module_function(game: type[Game], hook: str) -> Callable[..., Any] | None:
    """The function of ``game``'s package that answers ``hook`` by `GAME_HOOKS`, or None when the
    package has no such module or the module no such function. Imports the module (once)."""
    key = (game, hook)
    if key in _FOUND:
        return _FOUND[key]
    package = game.__module__.rpartition(".")[0]
    name = f"{package}.{GAME_HOOKS[hook]}"
    found = None
    if package and importlib.util.find_spec(name) is not None:
        found = getattr(importlib.import_module(name), hook, None)
        if found is not None and not callable(found):
            raise TypeError(f"{name}.{hook} answers the hook {hook} of {game.__name__}: it must be a function")
    _FOUND[key] = found
    return found


def answers_itself(game: Game, hook: str) -> bool:
    """Whether ``game`` answers ``hook`` otherwise than by the core `Game`'s default: by a method of
    its own, or by a function of its module (`GAME_HOOKS`)."""
    method = getattr(type(game), hook)
    if method is getattr(Game, hook):
        return False
    if hook in GAME_HOOKS and method is getattr(RulesGame, hook):
        return module_function(type(game), hook) is not None
    return True


def _answered_by_module(hook: str) -> Callable[..., Any]:
    """The skeleton's `hook`: the game's module function (`GAME_HOOKS`), else the core default."""
    default = getattr(Game, hook)

    def answer(self: Game, *args: Any, **kwargs: Any) -> Any:
        function = module_function(type(self), hook)
        if function is not None:
            found = function(*args, **kwargs)
            if found is not None:
                return found
        return default(self, *args, **kwargs)

    answer.__name__ = hook
    answer.__qualname__ = f"RulesGame.{hook}"
    answer.__doc__ = (f"{default.__doc__}\n\n        Answered by the function {hook} of the game's "
                      f"{GAME_HOOKS[hook]}.py where it has one (`GAME_HOOKS`).")
    return answer


class RulesGame(Game, Generic[C]):
    """A `Game` whose rules run as verbs and effects on the core interpreter (module docstring)."""

    context_class: type[C]
    VERBS: ClassVar[Verbs]
    interpreter: ClassVar[EffectInterpreter]
    setup_state: ClassVar[Callable[[Config, Rng], Data]]
    check_invariants: ClassVar[Callable[[Data], list[str]]]
    seat_view: ClassVar[Callable[[Data, int | None], Data]]
    resample_state: ClassVar[Callable[[Data, int, Rng], Data | None]]
    # An answer's value from the command; None: its one argument (`EffectInterpreter.answer_or_run`).
    answer_value: ClassVar[Callable[[Command], object] | None] = None
    # Whether a turn's legal commands are drawn by groups (`legal_groups`): a game whose
    # `turn_commands` is `VERBS.listed` and whose groupers are tested exact says so.
    groups_turns: ClassVar[bool] = False

    # -- what each game says ----------------------------------------------------------------------
    @abstractmethod
    def turn_prompt(self, data: Data) -> Prompt | None:
        """Whose turn it is while no decision waits and the game is not over (None: nobody's)."""

    @abstractmethod
    def answer_rule(self, kind: str) -> str:
        """The rule a wrong answer to a pending decision of ``kind`` breaks."""

    def waiting_rule(self, kind: str) -> str:
        """The rule a turn command breaks while a decision of ``kind`` waits. Default: `answer_rule`."""
        return self.answer_rule(kind)

    def start(self, ctx: C, config: Config) -> None:
        """Queue what set-up runs once the starting state is made (default: nothing more)."""

    def turn_commands(self, data: Data, seat: int) -> list[Command]:
        """The legal commands of the seat whose turn it is. Default: every verb's lister, by area."""
        return self.VERBS.listed(data, seat)

    def before_command(self, ctx: C, command: Command) -> Command:
        """Checks and respellings before the interpreter answers or runs ``command``; returns the
        command to play. Default: ``command`` itself."""
        return command

    def after_command(self, ctx: C) -> None:
        """What follows every command once all it queued has run. Default: a decision whose options
        only its seat may see (`private_prompts`) is announced to that seat alone, so that, like a
        private event, it makes the command impossible to undo: undo is never a peek."""
        choice = pending_choice(ctx.data)
        if choice is not None and choice[0] in self.private_prompts:
            ctx.emit("private_choice", audience=[choice[1]], kind=choice[0])

    # -- the contract, answered alike for every game ----------------------------------------------------
    def setup(self, config: Config, rng: Rng) -> Data:
        data = type(self).setup_state(config, rng)
        ctx = self.context_class(data, rng, 0)
        self.start(ctx, config)
        self.interpreter.drain(ctx)        # runs to the first set-up decision, or to the first turn
        return data

    def prompt(self, data: Data) -> Prompt | None:
        if data["phase"] == "over":
            return None
        choice = pending_choice(data)
        if choice:
            return Prompt(choice[0], (choice[1],))
        return self.turn_prompt(data)

    def is_private_command(self, command: Command, data: Data) -> bool:
        """`Game.is_private_command` without working out the whole prompt: here `private_prompts`
        are kinds of pending decision (as in `after_command`), never a turn's, so the pending
        decision alone says it (the match asks before every command)."""
        if data["phase"] == "over":
            return False
        choice = pending_choice(data)
        return choice is not None and choice[0] in self.private_prompts

    def legal_commands(self, data: Data, seat: int) -> list[Command]:
        if data["phase"] == "over":
            return []
        if pending_choice(data):
            return answer_commands(data["effects"], seat)
        turn = self.turn_prompt(data)
        if turn is None or seat not in turn.seats:
            return []
        return self.turn_commands(data, seat)

    def legal_groups(self, data: Data, seat: int) -> list[Any] | None:
        """`legal_commands` as groups (`engine.core.sampling`) where the game opts in
        (`groups_turns`): a turn's by `Verbs.grouped`; a pending decision's answers, few and made
        once, are listed (None)."""
        if not self.groups_turns or data["phase"] == "over" or pending_choice(data):
            return None
        turn = self.turn_prompt(data)
        if turn is None or seat not in turn.seats:
            return []
        return self.VERBS.grouped(data, seat, self.random_weight)

    def apply(self, data: Data, command: Command, rng: Rng) -> list[Event]:
        ctx = self.context_class(data, rng, command.seat or 0)
        command = self.before_command(ctx, command)
        self.interpreter.answer_or_run(ctx, command, self.VERBS.handlers, game=self.VERBS.game,
                                       answer_rule=self.answer_rule, waiting_rule=self.waiting_rule,
                                       unknown_rule=self.rule_unknown_command, value=type(self).answer_value)
        self.after_command(ctx)
        return ctx.events

    def view(self, data: Data, seat: int | None) -> Data:
        return type(self).seat_view(data, seat)

    def resample_hidden(self, data: Data, seat: int, rng: Rng) -> Data | None:
        return type(self).resample_state(data, seat, rng)

    def invariants(self, data: Data) -> list[str]:
        return type(self).check_invariants(data)


# The skeleton's describing hooks, one per row of GAME_HOOKS (a game's own method still overrides).
for _hook in GAME_HOOKS:
    setattr(RulesGame, _hook, _answered_by_module(_hook))
