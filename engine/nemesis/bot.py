"""A heuristic Nemesis player: simple, quick and honest — it reads only its seat's view and its
legal commands (NEM-VIEW-3), plus the public content (board graph, tiles, objectives' texts).

Rules of thumb, scored per legal command: get out of combat; never walk into an intruder;
explore early (the Sections its objective names first); when the game runs late (Time low, or an
Autodestruction / Alert token on the track) head for the nearest open survival route and take it;
use the actions its objective needs (signal, research, knowledge) when they are offered.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core import Command, Data, Game, Rng

from .content import content
from .rules.places import exits_of as exits

LATE_TIME = 6               # from this Time slot on, survival comes first
KEEP_HAND = 3               # pass rather than go on with this few cards (Surprise Attacks)
SAFE_ANSWERS = ("pass", "no", "none", "skip", "decline", "done", "keep", "refuse")
# Verbs from spec 9.2 and what they are worth in general; specifics are added by the scorers.
VERB_VALUE = {
    "pass": 2.0, "move": 0.0, "careful_move": 0.0, "search": 8.0, "rest": 3.0, "shoot": 6.0,
    "melee": 1.0, "craft": 7.0, "pick_up": 2.0, "trade": -20.0, "card_action": 4.0, "item_action": 4.0,
    "room_action": 5.0, "computer_action": 6.0, "escape_facility": 200.0, "activate_quest": 30.0,
    "drop": -30.0, "claim": -100.0,
}
SURVIVAL_WORDS = ("lock", "pod", "isolation", "escape", "evacuat", "bunker")
OBJECTIVE_WORDS = {"signal": ("signal",), "weakness_revealed": ("research", "weakness", "analy"),
                   "knowledge_ge": ("knowledge", "research", "study"), "knowledge_token_active": ("knowledge",),
                   "nest_destroyed": ("nest", "egg"), "queen_killed": ("shoot",),
                   "time_token_active": ("time", "alert")}


def condition_names(tree: object) -> set[str]:
    """Every condition name in an objective's condition tree."""
    if isinstance(tree, str):
        return {tree}
    if isinstance(tree, Mapping):
        found: set[str] = set()
        for key, value in tree.items():
            found.add(str(key))
            found |= condition_names(value)
        return found
    if isinstance(tree, (tuple, list)):
        return set().union(*(condition_names(t) for t in tree)) if tree else set()
    return set()


def objective_sections(tree: object) -> set[str]:
    if isinstance(tree, Mapping):
        found: set[str] = set()
        for key, value in tree.items():
            if key == "sections_explored":
                found |= {str(s) for s in (value if isinstance(value, (tuple, list)) else (value,))}
            else:
                found |= objective_sections(value)
        return found
    if isinstance(tree, (tuple, list)):
        return set().union(*(objective_sections(t) for t in tree)) if tree else set()
    return set()


class HeuristicBot:
    name = "heuristic"

    def __init__(self, game: Game | None = None) -> None:
        self.game = game

    def choose(self, view: Data, legal: Sequence[Command], rng: Rng) -> Command:
        if not legal:
            raise ValueError("the heuristic bot needs at least one legal command")
        seat = legal[0].seat or 0
        plan = Plan(view, seat)
        scored = [(plan.score(c) + rng.below(1000) / 10_000, i) for i, c in enumerate(legal)]
        return legal[max(scored)[1]]


class Plan:
    """What the seat knows and wants this decision (built from the view once per choice)."""

    def __init__(self, view: Data, seat: int) -> None:
        c = content()
        self.view = view
        self.me = view["players"][seat]
        self.room: str | None = self.me.get("room")
        self.closed = {cid for cid, cor in view["corridors"].items() if cor["door"] == "closed"}
        self.intruder_rooms = {i["room"] for i in view["intruders"].values()}
        self.in_combat = self.room in self.intruder_rooms
        self.occupied = {p["room"] for p in view["players"] if p.get("where") == "facility" and p["seat"] != seat}
        selfdestruct = view.get("selfdestruct") is not None or view.get("alert") is not None
        self.late = view["time"] <= LATE_TIME or selfdestruct
        wanted: set[str] = set()
        sections: set[str] = set()
        for objective in self.me["objectives"] if isinstance(self.me["objectives"], list) else ():
            found = c.objectives.get(objective)
            if found is not None:
                wanted |= condition_names(found.condition)
                sections |= objective_sections(found.condition)
        self.wanted = wanted
        self.sections = sections
        self.targets = self.survival_targets()
        self.here_distance = self.distance_to_targets(self.room) if self.room else None

    # -- geography ------------------------------------------------------------------------------
    def survival_targets(self) -> set[str]:
        """Rooms from which a survival route can be taken now (or soon)."""
        c = content()
        view = self.view
        targets: set[str] = set()
        if view.get("main_gate_open"):
            targets.add(c.board.exit_room)
        if view["milestones"].get("isolation_open"):
            targets.add("ISO")
        for room, state in view["rooms"].items():
            tile = state["tile"]
            if state["explored"] and tile in c.tiles and c.tiles[tile].pod and view["css"]:
                targets.add(room)
        return targets

    def noise(self, exit_id: str) -> bool:
        if exit_id == "TECH":
            return bool(self.view.get("tech_noise"))
        return bool(self.view["corridors"].get(exit_id, {}).get("noise"))

    def distance_to_targets(self, room: str) -> int | None:
        if not self.targets:
            return None
        distances = content().board.distances_from(room, self.closed)
        found = [distances[t] for t in self.targets if t in distances]
        return min(found) if found else None

    # -- scoring ----------------------------------------------------------------------------------
    def score(self, command: Command) -> float:
        if command.verb == "answer":
            return self.score_answer(command.args[0] if command.args else None)
        value = VERB_VALUE.get(command.verb, 0.5)
        scorer = getattr(self, f"score_{command.verb}", None)
        if scorer is not None:
            value += scorer(command)
        text = str(command).lower()
        if self.late and any(word in text for word in SURVIVAL_WORDS):
            value += 150.0
        for name in self.wanted:
            if any(word in text for word in OBJECTIVE_WORDS.get(name, ())):
                value += 15.0
        pay = command.get("pay", ())
        value -= 0.2 * (len(pay) if isinstance(pay, tuple) else 1)
        return value

    def score_answer(self, answer: Any) -> float:
        prompt = next((e.get("pause") for e in self.view["effects"] if e.get("pause")), None)
        kind = prompt["kind"] if prompt else None
        if kind == "keep_objective":
            found = content().objectives.get(str(answer))
            names = condition_names(found.condition) if found else set()
            easy = {"sections_explored", "knowledge_ge", "signal", "any_survivor", "time_token_active"}
            return 5.0 * len(names & easy) - 3.0 * len(names & {"queen_killed", "nest_destroyed",
                                                                    "carried_at_escape", "not"})
        if kind == "noise_exit" or kind == "draft":
            return 0.0
        return 1.0 if str(answer).lower() in SAFE_ANSWERS else 0.0

    def score_pass(self, command: Command) -> float:
        hand = self.me["hand"] if isinstance(self.me["hand"], list) else []
        usable = [c for c in hand if not str(c).startswith("CONT") and c != "contamination"]
        if self.in_combat:
            return -10.0                        # stay and be attacked in E4: rather escape
        if len(usable) <= KEEP_HAND and not (self.late and self.targets):
            return 25.0                         # a small hand invites Surprise Attacks
        return 0.0

    def score_move(self, command: Command, careful: bool = False) -> float:
        to = str(command.args[0]) if command.args else ""
        rooms = self.view["rooms"]
        value = 0.0
        if to in self.intruder_rooms:
            value -= 60.0
        if self.in_combat:
            value += 40.0                       # escape
        noisy = sum(1 for e in exits(to) if self.noise(e))
        if not (careful or to in self.occupied):
            value -= 4.0 * noisy                # a second marker on an exit is an Encounter
        if to in rooms and not rooms[to]["explored"]:
            value += 12.0
            if content().board.section_of(to) in self.sections:
                value += 10.0
        if self.targets and self.here_distance is not None:
            there = self.distance_to_targets(to)
            if there is not None:
                gain = self.here_distance - there
                value += gain * (40.0 if self.late else 4.0)
                if self.late and there == 0:
                    value += 30.0
        elif self.late:
            value += 2.0
        if careful:
            value += 3.0 if not self.late and to in rooms and not rooms[to]["explored"] else -2.0
        return value

    def score_careful_move(self, command: Command) -> float:
        return self.score_move(command, careful=True)

    def score_shoot(self, command: Command) -> float:
        return 60.0 if self.in_combat else 0.0

    def score_melee(self, command: Command) -> float:
        return 5.0 if self.in_combat else -5.0
