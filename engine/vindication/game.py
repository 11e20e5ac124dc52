"""Vindication on the shared game contract."""
from __future__ import annotations

from typing import Any

from engine.bots import register_bot
from engine.core import (
    Command,
    Data,
    Outcome,
    Prompt,
    refuse,
    register,
)
from engine.core.effects import pending_choice
from engine.core.rules_game import RulesGame
from engine.core.verbs import load_rule_areas

from . import commands, rules
from .bot import HeuristicBot
from .commands import VERBS
from .context import Ctx
from .effects import VIN
from .info import INFO
from .invariants import check_invariants
from .rules import flow
from .setup import setup
from .views import PRIVATE_PROMPTS, resample_hidden, seat_view

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
    groups_turns = True      # a turn's commands are drawn by groups (rules' groupers, tests/engine/test_sampling.py)

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

    def spelling_key(self, command: Command, data: Data) -> Any:
        """A command with options written out at their default values is the command without them
        (commands.py)."""
        return commands.spelling_key(command, data)

    def random_weight(self, command: Command) -> float:
        """Recovering and discarding tiles only take progress back; a random player who does it
        as often as anything else never reaches an end trigger."""
        return commands.random_weight(command.verb)


load_rule_areas(rules)   # each rule module registers its verbs and effect primitives
GAME = Vindication()

# Importing the rules registers the game and its own computer player (INFO.bots).
register(GAME)
register_bot("heuristic", HeuristicBot, game_id=INFO.id)
