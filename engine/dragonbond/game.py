"""Dragonbond: Lords of Vaala on the shared game contract. Seats are the humans (1–4); every
character no human plays is an AI run by the engine (DRG-SETUP-2, DRG-AI-1)."""
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
    Refused,
    Text,
    register,
)
from engine.core.effects import pending_choice as pending_choice  # (tests read it here)
from engine.core.rules_game import RulesGame
from engine.core.verbs import load_rule_areas

from . import commands, rules
from .answers import answer_key, answer_rule, check_answer, choices, listed_answer, not_your_decision_rule
from .bot import HeuristicBot
from .context import Ctx
from .effects import DRG
from .info import INFO
from .invariants import check_invariants
from .rules import planning
from .setup import setup, take_character
from .views import resample_hidden, seat_view

load_rule_areas(rules)   # every rule module registers its verbs and steps (rules/__init__.py: the layers)

PRIVATE_PROMPTS: frozenset[str] = frozenset()


class Dragonbond(RulesGame[Ctx]):
    info = INFO
    rule_not_your_decision = "DRG-PLAN-2"
    rule_game_over = "DRG-ROUND-3"
    rule_unknown_command = "DRG-PLAN-3"
    view_seat_keys = frozenset({"viewer"})   # views name their seat
    context_class = Ctx
    VERBS = commands.VERBS
    interpreter = DRG
    setup_state = setup
    check_invariants = check_invariants
    seat_view = seat_view
    resample_state = resample_hidden

    def start(self, ctx: Ctx, config: Config) -> None:
        data = ctx.data
        data["options"].setdefault("ai_tie_break", config.option("ai_tie_break"))   # DRG-AI-14
        ctx.push("begin")
        if data["options"]["first_player"] == "choose":
            ctx.push("choose_first_player", seat=0)
        ctx.push("deal")
        way = data["options"]["characters"]
        if way == "pick":
            for seat in reversed(range(config.players)):   # each push goes first: push the last first
                ctx.push("choose_character", seat=seat)
        else:
            picks = list(data["seating"])
            if way == "random":
                ctx.rng.shuffle(picks)
            for seat in range(config.players):
                take_character(data, seat, picks[seat])

    def is_private_command(self, command: Command, data: Data) -> bool:
        """A card placed on the stack is placed face down (DRG-HIDDEN-3): which card is the
        placer's secret until it resolves."""
        # (no Dragonbond decision is private, so the prompt is not even asked)
        return command.verb == "place" or (bool(self.private_prompts) and super().is_private_command(command, data))

    def not_your_decision_rule(self, data: Data) -> str:
        """DRG-PLAN-2 for a planning turn, DRG-AI-10 for an AI's proxy decision, DRG-ACTION-5 for
        any other choice while cards resolve (answers.py)."""
        return not_your_decision_rule(data)

    def spelling_key(self, command: Command, data: Data) -> Any:
        """Answers the rules cannot tell apart: any legal fly path to one destination, a payment
        however its shares are written (answers.py)."""
        return answer_key(data, command)

    def turn_prompt(self, data: Data) -> Prompt | None:
        character = planning.current(data)
        if character is None or data["boards"][character]["seat"] is None:
            return None
        return Prompt("plan_turn", (data["boards"][character]["seat"],))

    def answer_rule(self, kind: str) -> str:
        return answer_rule(kind)

    def before_command(self, ctx: Ctx, command: Command) -> Command:
        data = ctx.data
        queue = data["effects"]
        if queue and "pause" in queue[0]:                    # a pending choice (`pending_choice`)
            if (command.verb == "answer" and len(command.args) == 1 and not command.options
                    and command.args[0] in queue[0]["pause"]["options"]):
                return command                               # a listed answer: nothing to respell or explain
            command = listed_answer(data, command)           # another spelling of a listed answer
            check_answer(ctx, command)                       # else refused with the rule it breaks
        elif command.verb == "answer" and data["phase"] != "over":
            turn = [str(c.by(None)) for c in self.turn_commands(data, command.seat or 0)]
            raise Refused(self.rule_unknown_command, "no decision waits for an answer: on a planning turn, "
                          f"place one card from your hand or pass ({choices(tuple(turn))})")
        return command

    def outcome(self, data: Data) -> Outcome | None:
        if data["phase"] != "over":
            return None
        end = data["end"]
        humans = data["humans"]
        winners = tuple(seat for seat, ch in enumerate(humans) if ch in end["winners"])   # DRG-GOAL-7
        power = tuple(float(end["power"][ch]) for ch in humans)
        won = tuple(1.0 if seat in winners else 0.0 for seat in range(len(humans)))
        def named(ch: str) -> str:
            return ch if ch in humans else f"{ch} (AI)"                                   # DRG-AI-1
        names = ", ".join(named(ch) for ch in end["winners"])
        # DRG-END-8: the reason, the winners, every character's power and the bonded pairs
        totals = ", ".join(f"{named(ch)} {n}" for ch, n in end["power"].items())
        pairs = ", ".join("+".join(pair) for pair in end.get("pairs", ())) or "none"
        reason = f"{end['why']}; won: {names}; power: {totals}; bonded: {pairs}"
        return Outcome(winners, reason, power, (("power", power), ("won", won)))

    def after_command(self, ctx: Ctx) -> None:
        """The core's announcement of a private decision, which Dragonbond has none of."""
        if self.private_prompts:
            super().after_command(ctx)

    def is_undoable(self, command: Command, events: Sequence[Event]) -> bool:
        """A placement puts a card face down (DRG-PLAN-3, DRG-HIDDEN-3): taking it back would let a
        player peek at the stack and change their mind, so it stays."""
        return command.verb != "place"

    def random_weight(self, command: Command) -> float:
        """Passing early ends a round at once; a random player still places a few cards first."""
        return 0.5 if command.verb == "pass" else 1.0

    def seat_names(self, config: Config) -> tuple[Text, ...]:
        return tuple(Text(f"Player {i + 1}", f"玩家 {i + 1}") for i in range(config.players))


GAME = Dragonbond()

# Importing the rules registers the game and its own computer player (INFO.bots).
register(GAME)
register_bot("heuristic", HeuristicBot, game_id=INFO.id)
