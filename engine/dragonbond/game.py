"""Dragonbond: Lords of Vaala on the shared game contract. Seats are the humans (1–4); every
character no human plays is an AI run by the engine (DRG-SETUP-2, DRG-AI-1)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.bots import register_bot
from engine.core import (
    Amounts,
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
from engine.core.effects import pending_choice
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
        return command.verb == "place" or super().is_private_command(command, data)

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
        if pending_choice(data):
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

    def needs_own_view(self, view: Data) -> bool:
        """DRG-HIDDEN-11: only planning turns, Vaala decisions and answers naming the decider's
        hidden cards need its own view on a shared screen (handover.py)."""
        from .handover import needs_own_view
        return needs_own_view(view)

    def is_undoable(self, command: Command, events: Sequence[Event]) -> bool:
        """A placement puts a card face down (DRG-PLAN-3, DRG-HIDDEN-3): taking it back would let a
        player peek at the stack and change their mind, so it stays."""
        return command.verb != "place"

    def data_schema(self, config: Config) -> Any:
        """The shape of the state data (schema.py), checked when a state document is loaded."""
        from .schema import data_schema
        return data_schema(config)

    def describe(self, event: Event, language: str = "en") -> str:
        from .log import describe
        return describe(event, language)

    def event_rule(self, event: Event) -> str:
        from .log import EVENT_RULES
        return EVENT_RULES.get(event.kind, "")

    def rule_title(self, rule_id: str, language: str = "en") -> str:
        from .log import rule_title
        return rule_title(rule_id, language)

    def describe_command(self, command: Command, language: str = "en", view: Data | None = None) -> str:
        from .labels import label_command
        return label_command(command, language, view)

    def command_amounts(self, command: Command, view: Data, language: str = "en") -> Amounts | None:
        """How many units approach, move, are lost, placed, removed, pushed or carried; how much
        power pays for a Vaala card (amounts.py): spin boxes, not a button per number."""
        from .amounts import command_amounts
        return command_amounts(command, view, language)

    def describe_prompt(self, kind: str, language: str = "en") -> str:
        from .labels import prompt_label
        return prompt_label(kind, language)

    def describe_verb(self, verb: str, language: str = "en") -> tuple[str, str]:
        from .labels import verb_words
        return verb_words(verb, language) or super().describe_verb(verb, language)

    def score_category_name(self, category: str, language: str = "en") -> str:
        from .labels import score_category_name
        return score_category_name(category, language) or super().score_category_name(category, language)

    def describe_outcome(self, outcome: Outcome, language: str = "en") -> str:
        """Why the game ended; the winners, powers and bonds are the end screen's columns."""
        from .results import describe_outcome
        return describe_outcome(outcome, language)

    def result_columns(self, outcome: Outcome, view: Data, language: str = "en") -> list[tuple[str, bool]]:
        """DRG-END-8: one column per character, human or AI ("Ferellon (Player 1)", "Adrael (AI)")."""
        from .results import result_columns
        return result_columns(view, language)

    def result_rows(self, outcome: Outcome, view: Data, language: str = "en") -> list[tuple[str, list[str]]]:
        """DRG-END-8: each character's power, bonded ally and result."""
        from .results import result_rows
        return result_rows(view, language)

    def progress_plot(self, start_view: Data, events: Sequence[Event], language: str = "en") -> Data:
        """Each character's power round by round, AI characters too."""
        from .results import progress_plot
        return progress_plot(start_view, events, language)

    def dice_rolled(self, events: Sequence[Event], language: str = "en") -> list[Data]:
        """Combat dice with their ignored and critical hits, oath dice and rerolls."""
        from .results import dice_rolled
        return dice_rolled(events, language)

    def board_layout(self, config: Config, language: str = "en") -> Data:
        """Valerna's twelve regions, their names and city sites, and the mountain ridges (layout.py)."""
        from .layout import board_layout
        return board_layout(config, language)

    def table(self, view: Data, language: str = "en") -> Data:
        """The map, the boards, the stack and the decks from one seat's view (presentation.py)."""
        from .presentation import table
        return table(view, language)

    def command_touches(self, command: Command, view: Data) -> tuple[str, ...]:
        """A card onto the stack, a piece then a region, a pool unit onto a region… (presentation.py)."""
        from .presentation import command_touches
        return command_touches(command, view)

    def is_turn_end(self, command: Command) -> bool:
        from .presentation import is_turn_end
        return is_turn_end(command)

    def random_weight(self, command: Command) -> float:
        """Passing early ends a round at once; a random player still places a few cards first."""
        return 0.5 if command.verb == "pass" else 1.0

    def seat_names(self, config: Config) -> tuple[Text, ...]:
        return tuple(Text(f"Player {i + 1}", f"玩家 {i + 1}") for i in range(config.players))


GAME = Dragonbond()

# Importing the rules registers the game and its own computer player (INFO.bots).
register(GAME)
register_bot("heuristic", HeuristicBot, game_id=INFO.id)
