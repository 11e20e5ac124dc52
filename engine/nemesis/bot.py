"""A heuristic Nemesis player: quick and honest — it reads only its seat's view and its legal
commands (NEM-VIEW-3), plus the public content (board graph, tiles, items, objectives' texts).

Each decision builds a `Plan` from the view (where it wants to be and why) and scores every legal
command; the best one wins (ties broken by the bot's own generator).

- Goal room: a survival route as soon as one is open — the Exit Room when the Main Gate is open
  and the Rover waits (or an Enviro-Suit is held), the Isolation Room once it opens (NEM-ROOM-29),
  a CSS Pod room only as a last resort on a CSS slot; before that, the Emergency Room when
  wounded, the Sections or rooms its kept objective needs, and, as the Time token nears the white
  slots, the Isolation Room (waiting there for it to open).
- Moving: toward the goal room, never into an intruder, a Careful Movement (no Noise roll) when
  the hand allows, otherwise a Movement early in the turn with a hand big enough that an
  Encounter cannot Surprise Attack (NEM-ENCOUNTER-7); it passes with a big hand rather than wander.
- Combat: shoot when armed; melee a Larva (any Injury kills it); otherwise escape toward the goal
  room (an escape costs one attack per intruder, exactly what staying costs every Event Phase).
- Healing: Treat Wounds in the Emergency Room, healing items, Rest to clear Contamination.
- Objectives: Room and card actions whose names match the kept objective (signal, research,
  knowledge, nest…) score high; exploring the Sections it names too.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.bots.scoring import ScoringBot
from engine.core import Command, Data

from .content import content

WHITE_FROM = 8              # the Isolation Room opens on Time slot 8 (NEM-ROOM-29)
HEAD_HOME_AT = 11           # from this Time slot on, the bot walks to the Isolation Room
SAFE_ANSWERS = ("pass", "no", "none", "skip", "decline", "done", "keep", "refuse")
SURVIVE_ROOM_ACTIONS = ("lock_in", "enter_pod")
HEAL_WORDS = ("medkit", "bandage", "stapler", "antiseptic", "stimulant", "heal")
OBJECTIVE_WORDS = {"signal": ("send_signal",), "weakness_revealed": ("analyze", "research"),
                   "knowledge_ge": ("analyze", "knowledge", "examine_archives"),
                   "knowledge_token_active": ("examine_archives", "knowledge", "analyze"),
                   "nest_destroyed": ("egg",), "time_token_active": ("restore_power",),
                   "carried_at_escape": ("take_egg",)}
OBJECTIVE_TILES = {"signal": ("transmitter_control",), "weakness_revealed": ("laboratory",),
                   "knowledge_ge": ("laboratory", "archive"), "knowledge_token_active": ("archive",),
                   "time_token_active": ("backup_power",)}
SUITS = ("enviro_suit", "battle_suit")


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


class HeuristicBot(ScoringBot):
    noise_scale = 10_000

    def scorer(self, view: Data, seat: int) -> Callable[[Command], float]:
        return Plan(view, seat).score


def _items(player: Data) -> list[Data]:
    held = [t for t in player.get("hands", []) if isinstance(t, dict)]
    held += [t for t in player.get("inventory", []) if isinstance(t, dict)]
    return held


class Plan:
    """What the seat knows and wants this decision (built from the view once per choice)."""

    def __init__(self, view: Data, seat: int) -> None:
        c = content()
        self.c = c
        self.view = view
        self.me = view["players"][seat]
        me = self.me
        self.room: str | None = me.get("room")
        hand = me["hand"] if isinstance(me["hand"], list) else []
        self.hand = len(hand)
        self.contaminated = any(str(card) == "contamination" or str(card).startswith("CONT") for card in hand)
        self.usable = self.hand - sum(1 for card in hand
                                      if str(card) == "contamination" or str(card).startswith("CONT"))
        self.time = view["time"]
        self.closed = {cid for cid, cor in view["corridors"].items() if cor["door"] == "closed"}
        self.intruders = view["intruders"]
        self.intruder_rooms = {i["room"] for i in self.intruders.values()}
        self.here = [i for i in self.intruders.values() if i["room"] == self.room]
        self.in_combat = bool(self.here)
        self.occupied = {p["room"] for p in view["players"]
                         if p.get("where") == "facility" and p["seat"] != seat and p.get("room")}
        self.serious = len(me.get("serious", []))
        self.undressed = sum(1 for w in me.get("serious", []) if not w.get("dressed"))
        self.light = me.get("light", 0)
        held = _items(me)
        self.armed = any(t.get("ammo") for t in held if c.items.get(t.get("item", "")) is not None
                         and c.items[t["item"]].weapon is not None)
        self.suit = any(t.get("item") in SUITS for t in held)
        objectives = me["objectives"] if isinstance(me["objectives"], list) else []
        wanted: set[str] = set()
        sections: set[str] = set()
        for objective in objectives:
            found = c.objectives.get(objective)
            if found is not None:
                wanted |= condition_names(found.condition)
                sections |= objective_sections(found.condition)
        possible = self.possible_contingencies()
        if "BLUE" in possible:
            wanted.add("signal")             # a Blue Contingency kills survivors without a Signal
        if "YELLOW" in possible and me.get("knowledge", 0) <= 4:
            wanted.add("knowledge_ge")
        self.possible = possible
        self.wanted = wanted
        self.sections = sections
        self.keeping = len(objectives) <= 1
        self.iso_open = (view["rooms"].get("ISO", {}).get("face") == "open" or view.get("alert") is not None
                         or self.time <= WHITE_FROM)
        self.doomed = view.get("selfdestruct") is not None
        self.goal, self.goal_weight = self.choose_goal()
        self.goal_distances = (c.board.distances_from(self.goal, self.closed) if self.goal else {})
        self.here_distance = self.goal_distances.get(self.room) if self.room else None

    def possible_contingencies(self) -> set[str]:
        """Colours the hidden Active Contingency may still have: not the own tokens, not the
        revealed Neutral Pool ones, not those peeked at."""
        me = self.me
        seen: set[str] = set()
        for group in (me.get("contingency"), self.view.get("neutral"),
                      (me.get("known") or {}).get("contingency") if isinstance(me.get("known"), dict) else None):
            if isinstance(group, list):                 # known records: {"where", "what": {"token"}}
                seen |= {str(t["what"]["token"]) if isinstance(t, dict) and isinstance(t.get("what"), dict)
                         else str(t) for t in group}
        return {t.colour for t in self.c.tokens.contingency_tokens if t.id not in seen}

    # -- geography ------------------------------------------------------------------------------
    def tile_rooms(self, tiles: Sequence[str]) -> list[str]:
        return [r for r, s in self.view["rooms"].items() if s["explored"] and s["tile"] in tiles]

    def nearest(self, rooms: Sequence[str]) -> str | None:
        if not rooms or not self.room:
            return None
        distances = self.c.board.distances_from(self.room, self.closed)
        known = [(distances[r], r) for r in rooms if r in distances]
        return min(known)[1] if known else None

    def choose_goal(self) -> tuple[str | None, float]:
        view = self.view
        exit_room = self.c.board.exit_room
        if view.get("main_gate_open") and (view.get("rover") == "facility" or self.suit):
            return exit_room, 40.0
        if self.iso_open and not self.doomed:
            return "ISO", 40.0
        if self.doomed and self.time <= 3:
            pods = [r for r in self.tile_rooms(("css_a", "css_b", "css_c"))]
            pod = self.nearest(pods)
            if pod:
                return pod, 40.0
        if self.serious and self.time > 6:
            er = self.nearest(self.tile_rooms(("emergency_room",)))
            if er:
                return er, 12.0
        urgent = self.urgent_goal()
        if urgent is not None:
            return urgent
        if self.time <= HEAD_HOME_AT:
            return "ISO", 12.0
        for name in sorted(self.wanted):       # a set: its order follows the hash seed
            room = self.nearest(self.tile_rooms(OBJECTIVE_TILES.get(name, ())))
            if room:
                return room, 8.0
        exploring = self.exploring_goal()
        if exploring is not None:
            return exploring
        if self.sections:
            unexplored = [r for r, s in view["rooms"].items() if not s["explored"]
                          and self.c.board.section_of(r) in self.sections]
            room = self.nearest(unexplored)
            if room:
                return room, 6.0
        return "ISO", 3.0

    def urgent_goal(self) -> tuple[str, float] | None:
        """A goal before heading home (none here; a playout policy may add one)."""
        return None

    def exploring_goal(self) -> tuple[str, float] | None:
        """A goal before exploring the objective's sections (none here; a playout policy may add one)."""
        return None

    def noise(self, exit_id: str) -> bool:
        if exit_id == "TECH":
            return bool(self.view.get("tech_noise"))
        return bool(self.view["corridors"].get(exit_id, {}).get("noise"))

    # -- scoring ----------------------------------------------------------------------------------
    def score(self, command: Command) -> float:
        if command.verb == "answer":
            return self.score_answer(command.args[0] if command.args else None)
        scorer = getattr(self, f"score_{command.verb}", None)
        value = scorer(command) if scorer is not None else -1.0
        pay = command.get("pay", ())
        value -= 0.3 * (len(pay) if isinstance(pay, tuple) else 1)
        return value

    def score_answer(self, answer: Any) -> float:
        prompt = next((e.get("pause") for e in self.view["effects"] if e.get("pause")), None)
        kind = prompt["kind"] if prompt else None
        if kind == "keep_objective":                  # o0 / o1: the place among its own objectives
            own = self.view["players"][self.view["viewer"]]["objectives"]
            place = str(answer)[1:]
            found = content().objectives.get(own[int(place)]) if place.isdigit() and int(place) < len(own) else None
            names = condition_names(found.condition) if found else set()
            easy = {"knowledge_ge", "signal", "any_survivor", "survived_by", "alive", "knowledge_token_active"}
            hard = {"queen_killed", "nest_destroyed", "carried_at_escape", "facility_destroyed",
                    "sections_explored", "weakness_revealed", "time_token_active"}
            return 5.0 * len(names & easy) - 3.0 * len(names & hard)
        if kind == "noise_exit":
            return 0.0
        if kind == "draft":
            return 1.0 if str(answer) in ("sentry", "hacker", "janitor", "survivor") else 0.0
        return 1.0 if str(answer).lower() in SAFE_ANSWERS else 0.0

    def score_pass(self, command: Command) -> float:
        discards = command.get("discard", ())
        value = -1.0 * len(discards if isinstance(discards, tuple) else (discards,))   # keeps its cards
        if self.in_combat:
            return value - 5.0
        return value + 5.0

    def score_drop(self, command: Command) -> float:
        return -50.0

    def score_trade(self, command: Command) -> float:
        return -20.0

    def danger_of(self, to: str) -> float:
        """How risky arriving in ``to`` is."""
        if to in self.intruder_rooms:
            return 80.0
        risk = 0.0
        board = self.c.board
        for _, other in board.neighbours(to, self.closed):
            if other in self.intruder_rooms:
                risk += 6.0
        rooms = self.view["rooms"]
        if to in rooms and not rooms[to]["explored"]:
            risk += 3.0                          # Danger / Fire / Slime tokens
        return risk

    def score_move(self, command: Command, careful: bool = False) -> float:
        to = str(command.args[0]) if command.args else ""
        value = -self.danger_of(to)
        pay = command.get("pay", ())
        left = self.hand - (len(pay) if isinstance(pay, tuple) else 1)
        if self.in_combat:
            only_larvae = all(i["type"] == "larva" for i in self.here)
            value += 5.0 if only_larvae or self.armed else 60.0
        elif not careful and to not in self.occupied and to not in self.intruder_rooms:
            noisy = sum(1 for e in self.c.board.corridors_of(to) if self.noise(e))
            value -= 3.0 * noisy + (8.0 if left < 3 else 0.0)
        if careful:
            value += 4.0
        rooms = self.view["rooms"]
        if to in rooms and not rooms[to]["explored"] and self.c.board.section_of(to) in self.sections \
                and self.time > HEAD_HOME_AT:
            value += 6.0
        if self.goal and self.here_distance is not None:
            there = self.goal_distances.get(to)
            if there is not None:
                weight = min(self.goal_weight, 8.0) if self.in_combat else self.goal_weight
                value += (self.here_distance - there) * weight
                if there == 0:
                    value += self.goal_weight / 2
        if not self.in_combat and (self.goal is None or self.here_distance == 0):
            value -= 15.0                        # already where it wants to be
        return value

    def score_careful_move(self, command: Command) -> float:
        return self.score_move(command, careful=True)

    def score_shoot(self, command: Command) -> float:
        if self.in_combat:
            return 60.0
        return 15.0 if "nest_destroyed" in self.wanted else -10.0     # eggs: a Noise roll follows

    def score_melee(self, command: Command) -> float:
        target = command.get("target")
        target = target[0] if isinstance(target, tuple) and target else target
        kind = self.intruders.get(str(target), {}).get("type") if target else None
        if kind == "larva":
            return 35.0
        if kind is None and not self.in_combat:
            return 10.0                          # eggs: no wound on a miss (NEM-EGG-5)
        return -20.0

    def score_escape_facility(self, command: Command) -> float:
        return 500.0 if command.args and command.args[0] == "rover" else 300.0

    def score_room(self, command: Command) -> float:
        action = str(command.args[0]) if command.args else ""
        option = str(command.get("option", "") or "")
        if action == "lock_in":
            return 400.0 if self.iso_open else -100.0
        if action == "enter_pod":
            return 250.0 if self.goal == self.room and self.goal_weight >= 40 and self.goal != "ISO" else -100.0
        if action == "treat_wounds":
            return {"heal_serious": 70.0, "dress": 45.0}.get(option, 25.0 if self.light else -10.0)
        if action == "take_equipment":
            return 30.0 if option in SUITS and not self.suit else 8.0
        if action == "decontamination":
            return 20.0 if self.contaminated else -5.0
        if action in ("initiate_autodestruction", "start_alert", "vent_out", "move_through_tech",
                      "surgical_procedure"):
            return -30.0
        value = 2.0
        for name in self.wanted:
            if any(word in action for word in OBJECTIVE_WORDS.get(name, ())):
                value += 40.0
        return value

    def score_card(self, command: Command) -> float:
        card = str(command.args[0]) if command.args else ""
        if card.startswith("rest"):
            return 18.0 if self.contaminated and not self.in_combat else -5.0
        if card.startswith("search"):
            return 6.0 if not self.in_combat and self.time > HEAD_HOME_AT - 2 else 0.0
        text = str(command).lower()
        value = 0.0
        if self.in_combat and any(w in text for w in ("stun", "distract", "hide", "flee")):
            value += 25.0
        for name in self.wanted:
            if any(word in text for word in OBJECTIVE_WORDS.get(name, ())):
                value += 20.0
        return value - 2.0

    def score_item(self, command: Command) -> float:
        text = str(command).lower()
        if any(w in text for w in HEAL_WORDS) and (self.serious or self.light) and not self.in_combat:
            return 30.0
        return -2.0

    def score_computer(self, command: Command) -> float:
        return 1.0 if not self.in_combat else -5.0

    def score_pick_up(self, command: Command) -> float:
        return 1.0

    def score_craft(self, command: Command) -> float:
        text = str(command).lower()
        return 25.0 if any(s in text for s in SUITS) and not self.suit else 6.0
