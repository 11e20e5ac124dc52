"""Vindication on the shared game contract."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.bots import register_bot
from engine.core import (
    Command,
    Config,
    Data,
    Event,
    Outcome,
    Prompt,
    refuse,
    register,
)
from engine.core.effects import pending_choice
from engine.core.language import language_key
from engine.core.rules_game import RulesGame
from engine.core.verbs import load_rule_areas

from . import commands, gestures, layout, presentation, results, rule_refs, rules
from .bot import HeuristicBot
from .commands import VERBS
from .context import Ctx
from .effects import VIN
from .info import INFO
from .invariants import check_invariants
from .labels import describe_prompt, label_command
from .log import OUTCOME_WORDS, SCORE_CATEGORIES, SOLO_RATING_NAMES, describe
from .rules import flow
from .schema import data_schema
from .setup import setup
from .views import PRIVATE_PROMPTS, resample_hidden, seat_view

RANDOM_WEIGHTS = {"recover": 0.05, "discard_proficiency": 0.05}
# The rule a wrong answer breaks, for prompts whose choices a rule limits (else VIN-TURN-7).
ANSWER_RULES = {"check_conversions": "VVH-CHECK-3", "temple": "VVH-TEMPLE-1", "leadership": "VVH-RUNE-5",
                "elite": "VIN-MONSTER-3", "pick_card": "VIN-CARD-4", "build_tile": "VVH-BUILD-1"}


def answer_value(cmd: Command) -> Any:
    if len(cmd.args) != 1:
        raise refuse("VIN-TURN-7", "answer with exactly one choice")
    value = cmd.args[0]
    return list(value) if isinstance(value, tuple) else value


class Vindication(RulesGame[Ctx]):
    info = INFO
    rule_not_your_decision = "VIN-TURN-8"
    rule_game_over = "VIN-END-3"
    rule_unknown_command = "VIN-TURN-2"
    private_prompts = frozenset(PRIVATE_PROMPTS)
    context_class = Ctx
    VERBS = VERBS
    interpreter = VIN
    setup_state = setup
    check_invariants = check_invariants
    seat_view = seat_view
    resample_state = resample_hidden
    answer_value = answer_value

    def turn_prompt(self, data: Data) -> Prompt | None:
        return Prompt("turn", (data["order"][data["current"]],))

    def answer_rule(self, kind: str) -> str:
        return ANSWER_RULES.get(kind, "VIN-TURN-7")

    def waiting_rule(self, kind: str) -> str:
        return "VIN-TURN-7"

    def after_command(self, ctx: Ctx) -> None:
        """VIN-END-2: the end conditions are checked after every command resolves."""
        if pending_choice(ctx.data) is None:
            flow.check_end(ctx)
        else:
            super().after_command(ctx)

    def outcome(self, data: Data) -> Outcome | None:
        if data["phase"] != "over":
            return None
        honors = tuple(float(p["honor"]) for p in data["players"])
        categories = ("before", "monsters", "quest", "regions", "villages", "mastery", "total")
        breakdown = tuple((name, tuple(float(s[name]) for s in data["scores"])) for name in categories)
        if len(data["players"]) == 1:
            rating = flow.solo_rating(data["players"][0]["honor"])
            return Outcome((0,), f"solo rating: {rating}", honors, breakdown)
        return Outcome(flow.winners(data), "most honor", honors, breakdown)

    def describe_prompt(self, kind: str, language: str = "en") -> str:
        return describe_prompt(kind, language)

    def describe_outcome(self, outcome: Outcome, language: str = "en") -> str:
        """Why the game ended in ``language``: "most honor", or the solo rating (VIN-SOLO-7)."""
        lang = language_key(language)
        if outcome.scores is not None and len(outcome.scores) == 1:
            rating = flow.solo_rating(int(outcome.scores[0]))
            name = SOLO_RATING_NAMES[rating] if lang == "zh" else rating
            return OUTCOME_WORDS[lang]["solo"].format(rating=name)
        return OUTCOME_WORDS[lang]["most_honor"]

    def score_category_name(self, category: str, language: str = "en") -> str:
        names = SCORE_CATEGORIES[language_key(language)]
        return names.get(category) or super().score_category_name(category, language)

    def command_spaces(self, command: Command) -> tuple[str, ...]:
        if command.verb == "move" and command.args and isinstance(command.args[0], tuple):
            return (str(command.args[0][-1]),)
        if command.verb in ("fly", "visit", "control", "build", "dig") and command.args:
            return (str(command.args[0]),)
        return ()

    def board_layout(self, config: Config, language: str = "en") -> Data:
        return layout.board_layout(config, language)

    def table(self, view: Data, language: str = "en") -> Data:
        return presentation.table(view, language)

    def describe_verb(self, verb: str, language: str = "en") -> tuple[str, str]:
        return presentation.describe_verb(verb, language)

    def progress_plot(self, start_view: Data, events: Sequence[Event], language: str = "en") -> Data:
        return results.honor_plot(start_view, events, language)

    def is_turn_end(self, command: Command) -> bool:
        return presentation.is_turn_end(command)

    def spelling_key(self, command: Command, data: Data) -> Any:
        return commands.spelling_key(command, data)

    def data_schema(self, config: Config) -> Any:
        return data_schema(config)

    def describe(self, event: Event, language: str = "en") -> str:
        return describe(event, language)

    def event_rule(self, event: Event) -> str:
        return rule_refs.event_rule(event)

    def rule_title(self, rule_id: str, language: str = "en") -> str:
        return rule_refs.rule_title(rule_id, language)

    def describe_command(self, command: Command, language: str = "en", view: Data | None = None) -> str:
        return label_command(command, language, view)

    def is_panel_action(self, command: Command, view: Data) -> bool:
        """Everything but walking and visiting: controlling a visited region is a button too."""
        return command.verb not in ("move", "fly", "visit", "answer")

    def click_command(self, view: Data, seat: int, space: str) -> Command | None:
        return gestures.click_command(view, seat, space)

    def drag_command(self, view: Data, seat: int, source: str, target: str,
                     passed: Sequence[str] = ()) -> Command | None:
        return gestures.drag_command(view, seat, source, target, passed)

    def command_gesture(self, command: Command, view: Data) -> tuple[str, str] | None:
        return gestures.command_gesture(command, view)

    def command_touches(self, command: Command, view: Data) -> tuple[str, ...]:
        """The space a walk or visit goes to, or the piece of the player's board a command acts
        on (an attribute, a companion, a relic, the character)."""
        spaces = self.command_spaces(command)
        if spaces:
            return spaces
        piece = gestures.command_piece(command, view)
        return () if piece is None else (piece,)

    def random_weight(self, command: Command) -> float:
        """Recovering and discarding tiles only take progress back; a random player who does it
        as often as anything else never reaches an end trigger."""
        return RANDOM_WEIGHTS.get(command.verb, 1.0)


load_rule_areas(rules)   # each rule module registers its verbs and effect primitives
GAME = Vindication()

# Importing the rules registers the game and its own computer player (INFO.bots).
register(GAME)
register_bot("heuristic", HeuristicBot, game_id=INFO.id)
