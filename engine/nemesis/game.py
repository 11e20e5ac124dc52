"""Nemesis: Lockdown on the shared game contract."""
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
    register,
)
from engine.core.rules_game import RulesGame
from engine.core.verbs import load_rule_areas

from . import commands, results, rules
from .bot import HeuristicBot
from .context import Ctx
from .effects import NEM
from .info import INFO
from .invariants import check_invariants
from .setup import setup
from .spelling import spelling_key
from .views import resample_hidden, seat_view

load_rule_areas(rules)   # every rule module registers its verbs and effect primitives (rules/__init__.py: the layers)

# prompts whose options show their seat something hidden (drawn characters, objectives, Search cards)
PRIVATE_PROMPTS = frozenset({"draft", "keep_objective", "search_keep"})


def fates(data: Data) -> str:
    """Each character's fate after the Victory Check (NEM-VICTORY-8): route, alive, objective."""
    from .content import content
    c = content()
    lines = []
    for seat, player in enumerate(data["players"]):
        entry = data["result"][str(seat)]
        character = c.characters[player["character"]].name.en if player["character"] else "nobody"
        route = {"locked": "locked in the Isolation Room", "bunker": "in the Bunker",
                 "evacuated": "evacuated by CSS", "dead": "no route"}.get(entry["route"], entry["route"])
        state = "alive" if entry["alive"] else f"dead: {entry['reason']}"
        objective = entry.get("objective") or "no objective"
        verdict = "met" if entry.get("objective_met") else "not met"
        lines.append(f"seat {seat} {character}: {route}, {state}, objective {objective} {verdict}")
    return "; ".join(lines)


class Nemesis(RulesGame[Ctx]):
    info = INFO
    rule_not_your_decision = "NEM-ROUND-5"
    rule_game_over = "NEM-END-8"
    rule_unknown_command = "NEM-ACTION-6"
    private_prompts = frozenset(PRIVATE_PROMPTS)
    view_seat_keys = frozenset({"viewer"})   # views name their seat
    context_class = Ctx
    VERBS = commands.VERBS
    interpreter = NEM
    setup_state = setup
    check_invariants = check_invariants
    seat_view = seat_view
    resample_state = resample_hidden

    def start(self, ctx: Ctx, config: Config) -> None:
        from .rules.places import in_order
        ctx.push("begin")
        # NEM-SETUP-11: in Player Number order (each push goes to the front: push the last first)
        for seat in reversed(in_order(ctx.data, list(range(config.players)))):
            ctx.push("draft", seat=seat)

    def turn_prompt(self, data: Data) -> Prompt | None:
        if data["turn"] is None:
            return None
        return Prompt("turn", (data["turn"]["seat"],))

    def turn_commands(self, data: Data, seat: int) -> list[Command]:
        return commands.turn_commands(data, seat)

    def answer_rule(self, kind: str) -> str:
        return "NEM-ACTION-18"

    def outcome(self, data: Data) -> Outcome | None:
        if data["phase"] != "over":
            return None
        result = [data["result"][str(seat)] for seat in range(len(data["players"]))]
        winners = tuple(seat for seat, entry in enumerate(result) if entry["won"])
        survived = tuple(1.0 if entry["alive"] else 0.0 for entry in result)
        won = tuple(1.0 if entry["won"] else 0.0 for entry in result)
        met = tuple(1.0 if entry.get("objective_met") else 0.0 for entry in result)
        breakdown = (("survived", survived), ("objective", met), ("won", won))
        return Outcome(winners, f"{data['end']['why']}; {fates(data)}", won, breakdown)

    def describe_outcome(self, outcome: Outcome, language: str = "en") -> str:
        return results.describe_outcome(outcome, language)

    def dice_rolled(self, events: Sequence[Event], language: str = "en") -> list[Data]:
        return results.dice_rolled(events, language)

    def result_rows(self, outcome: Outcome, view: Data, language: str = "en") -> list[tuple[str, list[str]]]:
        return results.result_rows(view, language)

    def progress_plot(self, start_view: Data, events: Sequence[Event], language: str = "en") -> Data:
        return results.progress_plot(start_view, events, language)

    def data_schema(self, config: Config) -> Any:
        """The shape of the state data (schema.py), checked when a state document is loaded."""
        from .schema import data_schema
        return data_schema(config)

    def describe_command(self, command: Command, language: str = "en", view: Data | None = None) -> str:
        from .labels import label_command
        return label_command(command, language, view)

    def describe_prompt(self, kind: str, language: str = "en") -> str:
        from .labels import describe_prompt
        return describe_prompt(kind, language)

    def score_category_name(self, category: str, language: str = "en") -> str:
        from .labels import score_category_name
        return score_category_name(category, language) or super().score_category_name(category, language)

    def describe(self, event: Event, language: str = "en") -> str:
        from .log import describe
        return describe(event, language)

    def board_layout(self, config: Config, language: str = "en") -> Data:
        """The Facility from board_basic.yaml (layout.py): Rooms, Corridors, the spaces around."""
        from .layout import board_layout
        return board_layout(config, language)

    def table(self, view: Data, language: str = "en") -> Data:
        """What lies on the table for the seat whose view this is (presentation.py)."""
        from .presentation import table
        return table(view, language)

    def command_touches(self, command: Command, view: Data) -> tuple[str, ...]:
        """Rooms, pieces and cards a player touches to give ``command`` (presentation.py)."""
        from .presentation import command_touches
        return command_touches(command, view)

    def describe_verb(self, verb: str, language: str = "en") -> tuple[str, str]:
        from .presentation import describe_verb
        return describe_verb(verb, language)

    def is_turn_end(self, command: Command) -> bool:
        from .presentation import is_turn_end
        return is_turn_end(command)

    def describe_table(self, view: Data, language: str = "en") -> str:
        """The round and time, the characters, the Facility Room by Room and the rest of the table in
        words, until the board is drawn."""
        from .table import describe_table
        return describe_table(view, language)

    def random_weight(self, command: Command) -> float:
        """Passing at once ends rounds quickly; a random player still walks about (and rarely
        discards when passing: there is one pass for each set of discards)."""
        if command.verb != "pass":
            return 1.0
        discards = command.get("discard", ())
        return 0.3 * 0.05 ** len(discards if isinstance(discards, tuple) else (discards,))

    def spelling_key(self, command: Command, data: Data) -> Any:
        return spelling_key(command, data)
GAME = Nemesis()

# Importing the rules registers the game and its own computer player (INFO.bots).
register(GAME)
register_bot("heuristic", HeuristicBot, game_id=INFO.id)
