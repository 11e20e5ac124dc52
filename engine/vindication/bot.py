"""A heuristic Vindication player: sensible, quick, and honest (its seat's view and legal list only).

It scores every legal command with rules of thumb a new player would learn — vindicate when you
can, turn basics into heroics, recruit and fight, take control, walk to useful regions — and
plays the best one. Static content (the board, the region and card catalogue) is public, so the
bot may read it; the view hides what the seat may not know.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.bots.scoring import ScoringBot
from engine.core import Command, Data

from .content import content
from .vocabulary import BASIC

# How much a visit to each region is worth, before checking what the player can pay.
REGION_VALUE = {
    "inn": 9, "gaping_maw": 10, "arcane_tower": 9, "ancient_tomb": 9, "command_post": 7,
    "fort": 5, "library": 5, "holy_spire": 5, "monastery": 4, "shrine": 3, "academy": 4,
}


def _name(command: Command, index: int = 0) -> str:
    """An argument naming something (a space, a card, a kind), as every listed turn command has."""
    return str(command.args[index])


def _option_name(command: Command, key: str) -> str | None:
    value = command.get(key)
    return None if value is None else str(value)


def _count(command: Command, key: str) -> int:
    """A number option (``units``, ``extension``); 0 when not given."""
    value = command.get(key, 0)
    return value if isinstance(value, int) else 0


def _path(command: Command) -> tuple[str, ...]:
    """A move's triangles, start to end."""
    value = command.args[0]
    return tuple(str(t) for t in value) if isinstance(value, tuple) else (str(value),)


class HeuristicBot(ScoringBot):
    def scorer(self, view: Data, seat: int) -> Callable[[Command], float]:
        return lambda command: self.score(view, seat, command)

    # -- scoring -------------------------------------------------------------------------------
    def score(self, view: Data, seat: int, command: Command) -> float:
        me = view["players"][seat]
        if command.verb == "answer":
            return self.score_answer(view, me, command.args[0])
        handler = getattr(self, f"score_{command.verb}", None)
        return handler(view, me, command) if handler else 0.0

    def score_vindicate(self, view: Data, me: Data, command: Command) -> float:
        return 100.0

    def score_upgrade(self, view: Data, me: Data, command: Command) -> float:
        heroic = _name(command)
        # one of each heroic first; more only while basics are plentiful
        return 40.0 - 8 * me["attrs"][heroic] + sum(me["attrs"][b] for b in BASIC)

    def score_proficiency(self, view: Data, me: Data, command: Command) -> float:
        return 35.0

    def score_activate(self, view: Data, me: Data, command: Command) -> float:
        if me["influence"] < 3:
            return 5.0
        source = _name(command)
        if source == "self":
            return 30.0
        gains = sum(g.max for g in content().cards[source].gains)
        return 30.0 + 3 * gains

    def score_control(self, view: Data, me: Data, command: Command) -> float:
        space = _name(command)
        displacing = view["regions"][space]["controller"] is not None
        spare = me["conviction"] - (2 if displacing else 1)
        return 45.0 if spare >= 1 or me["potential"] == 0 else 20.0

    def score_visit(self, view: Data, me: Data, command: Command) -> float:
        space = _name(command)
        tile = view["regions"][space]["tile"]
        value = REGION_VALUE.get(tile, 4) * 5.0
        if tile == "temple_of_legends":
            value = 55.0 if me["runes"] else 30.0
        if me["influence"] <= 2 and me["conviction"] < 3 and tile not in ("monastery",):
            value -= 30  # nothing left to take the gains with: rest or augment first
        units = _count(command, "units")
        value += 4 * units
        if tile == "monastery":
            value += 6 * units if me["potential"] else -20
        if command.get("control_first"):
            value += 10 if me["conviction"] >= 3 else -20
        controller = view["regions"][space]["controller"]
        if controller is not None and controller != me["seat"]:
            value -= 6  # it pays a rival 2 honor
        return value

    def score_rest(self, view: Data, me: Data, command: Command) -> float:
        # influence pays for everything; potential is worth nothing until it is augmented
        if _name(command) == "pot_to_inf":
            return 70.0 if me["influence"] <= 3 else 15.0 + me["potential"]
        # below any visit: resting instead of visiting every turn stalls a game with no honor
        return 12.0 if me["potential"] == 0 and me["conviction"] < 6 else 3.0

    def score_move(self, view: Data, me: Data, command: Command) -> float:
        path = _path(command)
        relocate = _option_name(command, "relocate")
        end = view["port"] if relocate == "port" else (relocate or path[-1])
        triangles = content().triangles
        main = content().board.regions
        value = 20.0 + self._place_value(view, me, end)
        discovered = {s for t in path for s in triangles[t].touches if s in main and view["regions"][s] is None}
        return value + 1.5 * len(discovered) - 0.2 * len(path) - 10 * _count(command, "extension")

    def _place_value(self, view: Data, me: Data, triangle: str) -> float:
        """What standing on ``triangle`` offers: regions to visit, spaces to discover, Isle sites."""
        value = 0.0
        for space in content().triangles[triangle].touches:
            placed = view["regions"].get(space)
            if space in content().isle.regions:
                ruins = (view.get("isle") or {}).get(space, {}).get("ruins")
                value += 8 if placed is None and me["conviction"] >= 2 else 0
                value += 12 if ruins and me["rune_map"] else 0
                placed = placed if placed else None
            if placed is None:
                value += 3 if space in content().board.regions else 0
            else:
                value += REGION_VALUE.get(placed["tile"], 4) * (1 if self._affordable(me, placed["tile"]) else 0.3)
        return value

    def score_build(self, view: Data, me: Data, command: Command) -> float:
        return 40.0 if me["conviction"] >= 2 else 10.0

    def score_dig(self, view: Data, me: Data, command: Command) -> float:
        return 60.0

    def score_rune(self, view: Data, me: Data, command: Command) -> float:
        return 20.0 if _name(command) == "ingenuity" else (15.0 if me["conviction"] >= 4 else -10.0)

    def score_fly(self, view: Data, me: Data, command: Command) -> float:
        end = _option_name(command, "relocate") or _name(command)
        end = view["port"] if end == "port" else end
        return 20.0 + self._place_value(view, me, end)

    def score_recover(self, view: Data, me: Data, command: Command) -> float:
        """Only when influence has run dry: take back the biggest pile that costs least to lose."""
        location = _name(command)
        if me["influence"] >= 3 or (me["influence"] >= 1 and me["potential"] > 0):
            return -50.0
        if location in me["attrs"]:
            blocks = me["attrs"][location]
            return 4.0 * blocks - (6 if location in ("C", "W", "V") else 2)
        companion = next((c for c in me["companions"] if c["id"] == location), None)
        if companion is not None:
            return 4.0 * companion["blocks"] - 2 * max(0, content().cards[location].honor)
        relic = next((r for r in me["relics"] if r["id"] == location), None)
        if relic is not None:
            return 4.0 * relic["charges"]
        return -20.0  # a control marker: keep the region

    def score_discard_proficiency(self, view: Data, me: Data, command: Command) -> float:
        return -60.0

    def score_end_turn(self, view: Data, me: Data, command: Command) -> float:
        return 1.0

    def score_use(self, view: Data, me: Data, command: Command) -> float:
        return 25.0

    # -- answers to prompts ---------------------------------------------------------------------
    def score_answer(self, view: Data, me: Data, value: Any) -> float:
        kind = (view.get("prompt") or {}).get("kind")
        if isinstance(value, tuple):                      # attribute gains: take as many as useful
            basics_first = sum(1 for k in value if k in BASIC)
            return 10.0 * len(value) + 0.1 * basics_first if me["influence"] > len(value) else 5.0 * len(value)
        if isinstance(value, int):
            return float(value)
        preferences = {
            "take": 20, "decline": 0, "save": 15, "let_die": 0, "roll": 10, "stop": 0, "use": 12,
            "pot_to_inf": 8, "inf_to_conv": 6 if me["potential"] == 0 else 4, "conv_to_inf": 5, "inf_to_pot": 1,
            "faceup": 6, "blind": 5, "empowered": 7 if me["conviction"] >= 3 else 1, "done": 0,
            "draw2": 5, "draw3": 2, "take_map": 20,
        }
        if value in preferences:
            return float(preferences[value])
        if isinstance(value, str) and value.startswith("donate_"):
            return 25.0
        cards = content().cards
        if value in cards:                               # picking a card: more honor is better
            return float(cards[value].honor + (3 if cards[value].ability.type != "none" else 0))
        if kind == "quest_keep":
            return 0.0
        return 0.0

    @staticmethod
    def _affordable(me: Data, tile: str) -> bool:
        need = {"inn": max(me["attrs"][b] for b in BASIC) >= 2, "gaping_maw": me["attrs"]["C"] >= 2,
                "arcane_tower": me["attrs"]["V"] >= 2, "ancient_tomb": me["attrs"]["W"] >= 2,
                "command_post": me["attrs"]["S"] >= 3, "monastery": me["attrs"]["K"] >= 1,
                "shrine": me["attrs"]["I"] >= 1}
        return need.get(tile, True)
