"""Nemesis: Lockdown on the shared game contract."""
from __future__ import annotations

from typing import Any

from engine.bots import register_bot
from engine.core import (
    Command,
    Config,
    Data,
    Outcome,
    Prompt,
    register,
)
from engine.core.rules_game import RulesGame
from engine.core.verbs import load_rule_areas

from . import commands, rules
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
    groups_turns = True      # a turn's commands are drawn by groups (the rules' groupers, test_sampling.py)
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

    def random_weight(self, command: Command) -> float:
        """Passing at once ends rounds quickly; a random player still walks about (and rarely
        discards when passing: there is one pass for each set of discards)."""
        if command.verb != "pass":
            return 1.0
        discards = command.get("discard", ())
        return commands.pass_weight(len(discards if isinstance(discards, tuple) else (discards,)))

    def spelling_key(self, command: Command, data: Data) -> Any:
        """Other spellings of one command: payments and discards by what their cards are, a weapon
        by its Hand slot (spelling.py)."""
        return spelling_key(command, data)


GAME = Nemesis()

# Importing the rules registers the game and its own computer player (INFO.bots).
register(GAME)
register_bot("heuristic", HeuristicBot, game_id=INFO.id)
