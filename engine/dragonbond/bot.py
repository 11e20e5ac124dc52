"""A heuristic Dragonbond player for human seats. It reads only its seat's view (DRG-HIDDEN-1..10)
and its legal commands, plus the public content (map, cards, die) and the rules' pure queries run
on that view (strengths, control, unit counts); ties go to the bot's own generator.

- Planning: each card in hand is scored by what its icons would do now (collect when a token is
  within reach, fly toward power, deploy toward a full set, attack a weaker target, move toward
  power); it places its best cards first and passes only when no card left is worth placing (a pass
  ends planning for everyone, DRG-PLAN-9; passing early measured worse against the random bot).
- Icons: a one-ply score of each answer by what it changes on the view — power reachable or taken,
  units and set bonus, a target's strength against its own, regions held.
- Combat: counter or continue when its strength is at least the other side's, else retreat
  (DRG-COUNTER, DRG-RETREAT); retreat to where it is safest.
- The oath: reroll when bonding helps (the pair's combined power closes on the bonded goal faster
  than its own on the unbonded one); deciding for an AI (the proxy), it picks what helps that AI
  least against itself.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.bots.scoring import ScoringBot
from engine.core import Command, Data, Rng

from .content import content
from .rules.movement import units_of
from .setup import UNIT_TYPES

SAFE = ("decline", "execute", "use")


def power_of(view: Data, character: str) -> int:
    power = view["boards"][character]["power"]
    return int(power["unspent"]) + int(power["spent"])


def controller(view: Data, region: str) -> str | None:
    """DRG-CONTROL-1: the only general with units there, no neutral unit."""
    here = view["regions"][region]
    if here["neutral"]:
        return None
    present = [ch for ch, units in here["units"].items() if sum(units.values()) > 0]
    return present[0] if len(present) == 1 else None


def general_strength(view: Data, general: str, region: str) -> int:
    from .rules.combat import general_strength as strength
    return strength(view, general, region, content().params.strength)


def strength(view: Data, who: str | None, region: str) -> int:
    """A side's combat strength in ``region`` from the view (DRG-STRENGTH-1..6)."""
    if who is None or who == "neutral":
        return int(view["regions"][region]["neutral"])
    board = view["boards"][who]
    if board["role"] == "dragon":
        return max(0, int(board["health"]))
    return general_strength(view, who, region)


class Plan:
    """What the bot's character wants, read from its seat's view."""

    def __init__(self, view: Data, seat: int, character: str | None = None) -> None:
        self.view = view
        self.c = content()
        self.me: str = character or view["humans"][seat]
        self.board: Data = view["boards"][self.me]
        self.ally: str | None = self.board["bonded_with"]
        self.role: str = self.board["role"]
        self.map = self.c.map

    # -- the board --------------------------------------------------------------------------------
    def power_in(self, region: str) -> int:
        return int(self.view["regions"][region]["power"])

    def enemies(self) -> list[str]:
        return [ch for ch in self.view["boards"] if ch not in (self.me, self.ally)]

    def my_regions(self) -> list[str]:
        if self.role == "dragon":
            return [self.board["region"]]
        return [r for r in self.map.order if sum(units_of(self.view, r, self.me).values())] or [self.board["region"]]

    def threat(self, region: str) -> int:
        """The strongest enemy able to fight here."""
        best = 0
        for ch in self.enemies():
            b = self.view["boards"][ch]
            if b["role"] == "dragon" and b["region"] == region:
                best = max(best, int(b["health"]))
            elif b["role"] == "general":
                best = max(best, general_strength(self.view, ch, region))
        return best

    def my_strength(self, region: str) -> int:
        return strength(self.view, self.me, region)

    def power_near(self, region: str, steps: int) -> int:
        return max((self.power_in(r) for r in self.map.within(region, steps)), default=0)

    # -- planning: how useful each card is now ------------------------------------------------------
    def card_value(self, card: str) -> float:
        if card in self.c.region_cards:
            return 1.6
        icons = self.c.action_cards[card].icons if card in self.c.action_cards else ()
        return sum(self.icon_value(icon) for icon in icons)

    def icon_value(self, icon: Any) -> float:
        name = getattr(icon, "icon", "")
        here = self.board["region"]
        if name == "collect":
            if self.role == "dragon":
                return 3.0 if self.power_in(here) else (1.5 if self.power_near(here, 3) else 0.3)
            held = [r for r in self.map.order if controller(self.view, r) == self.me and self.power_in(r)]
            if held:
                return 3.0
            return 1.5 if any(self.power_in(r) for r in self.targets_beaten()) else 0.5
        if name == "fly":
            return 1.2 + (1.0 if self.power_near(here, int(icon.n or 1)) else 0.0)
        if name == "attack":
            beaten = self.targets_beaten()
            return (2.0 + 0.5 * max(self.power_in(r) for r in beaten)) if beaten else 0.2
        if name == "deploy":
            pool = self.board.get("pool") or {}
            return 1.5 if sum(pool.values()) else 0.1
        if name == "move":
            return 1.0
        if name == "vaala":
            return 0.8
        return 0.5

    def reach(self) -> dict[str, int]:
        """Regions the bot could attack now, with the strength it could bring there (a general
        approaches with units from adjacent regions, DRG-COMBAT-4; a dragon fights where it is)."""
        if self.role == "dragon":
            return {self.board["region"]: self.my_strength(self.board["region"])}
        out: dict[str, int] = {}
        for region in self.my_regions():
            units = sum(units_of(self.view, region, self.me).values())
            for r in (region, *self.map.neighbours(region)):
                out[r] = out.get(r, 0) + units
        return out

    def targets_beaten(self) -> list[str]:
        """Regions holding a target weaker than what the bot could bring there."""
        found = []
        for region, mine in self.reach().items():
            neutral = self.view["regions"][region]["neutral"]
            if neutral and neutral < mine:
                found.append(region)
                continue
            for ch in self.enemies():
                b = self.view["boards"][ch]
                there = b["region"] == region or (b["role"] == "general"
                                                  and sum(units_of(self.view, region, ch).values()))
                if there and strength(self.view, ch, region) < mine:
                    found.append(region)
                    break
        return found

    def placed(self) -> int:
        return sum(1 for e in self.view["stack"] if e["owner"] == self.me)

    def score_place(self, command: Command) -> float:
        return self.card_value(str(command.args[0])) - 0.4 * self.placed()

    def score_pass(self, command: Command) -> float:
        hand = self.board["hand"]
        best = max((self.card_value(card) for card in hand), default=0.0) if isinstance(hand, list) else 0.0
        if not hand:
            return 10.0
        return 1.2 if best < 1.0 else -1.0     # pass only when no card left is worth placing

    # -- answers: a one-ply score of each option ---------------------------------------------------
    def score_answer(self, kind: str, option: Any) -> float:
        text = str(option)
        parts = text.split("/")
        head = parts[0]
        scorer = getattr(self, f"answer_{head}", None)
        if kind in ("counter_or_retreat", "continue_or_retreat"):
            return self.fight_or_flee(text)
        if kind == "oath_reroll":
            return self.oath_reroll(text)
        if kind == "heal_or_execute":
            health = int(self.board["health"])
            full = self.c.characters[self.me].health_max or 0      # a dragon's (only dragons heal)
            return (2.0 if health * 2 <= full else -1.0) if text == "heal" else 0.0
        if kind in ("retreat_to", "choose_retreat_region") and text in self.map.regions:
            return self.power_in(text) - 2 * self.threat(text)
        if kind in ("icon_move_pieces", "attack_approach"):
            return self.piece_stage(text)
        if kind == "allocate_damage":
            return self.losses(text)
        if kind == "choose_first_player":
            return 1.0 if option == self.view.get("viewer") else 0.0
        if kind == "ai_tie":
            return self.as_proxy(text)
        if scorer is not None and len(parts) > 1:
            return scorer(parts[1:])
        if text in SAFE:
            return 0.1
        return 0.0

    def piece_stage(self, text: str) -> float:
        """A stage of a move's or an approach's pieces: take every unit (an army moves and fights
        together), and the figure along (its bonus, DRG-STRENGTH-3/4); go on toward power."""
        if text == "figure" or text.startswith("figure."):
            return 1.0
        if text == "no_figure" or text == "stay":
            return 0.0
        if text.startswith("on/"):
            return 0.5 * self.power_in(text.removeprefix("on/")) - 0.2
        count = text.split(".")[-1]
        return float(count) if count.isdigit() else 0.0

    def losses(self, text: str) -> float:
        """Which units to lose: from the most numerous types, keeping an even set (DRG-STRENGTH-5)."""
        region = (self.view.get("combat") or {}).get("region") or self.board["region"]
        here = units_of(self.view, region, self.me)
        score = 0.0
        for item in text.removeprefix("lose/").split("+"):
            unit, _, k = item.partition(".")
            if k.isdigit():
                score += int(k) * here.get(unit, 0)
        return score

    def resolving_ai(self) -> str | None:
        """The AI whose revealed card is resolving now (the one the proxy decides for)."""
        for entry in self.view["stack"]:
            owner = entry["owner"]
            if entry["revealed"] and owner is not None and self.view["boards"][owner]["seat"] is None:
                return owner
        return None

    def as_proxy(self, text: str) -> float:
        """DRG-AI-10..14: an AI's option scored from that AI's side, then counted for the bot's
        ally and against any rival; an option naming the bot or its ally is worse still."""
        named = 2.0 * sum(1 for who in (self.me, self.ally) if who and who in text)
        ai = self.resolving_ai()
        if ai is None:
            return -named
        their = Plan(self.view, 0, ai).score_answer("", text)
        return (their if ai == self.ally else -their) - named

    def fight_or_flee(self, text: str) -> float:
        combat = self.view.get("combat") or {}
        region = combat.get("region") or self.board["region"]
        attacker = combat.get("attacker")
        target = (combat.get("target") or {}).get("who")
        other = target if attacker == self.me else attacker
        odds = self.my_strength(region) - strength(self.view, other, region)
        if text in ("counter", "continue"):
            return 1.0 if odds >= 0 else -1.0
        return 0.0

    def bond_helps(self, partner: str) -> bool:
        """Bonding with ``partner`` brings the goal nearer: the pair needs no more than alone."""
        if self.ally is not None or self.view["boards"][partner]["bonded_with"] is not None:
            return False
        if self.view["boards"][partner]["seat"] is not None:    # a rival human would share the win
            return False
        params = self.c.params
        mine = power_of(self.view, self.me)
        return params.win_power_bonded - mine - power_of(self.view, partner) <= params.win_power_unbonded - mine

    def oath_bonus(self, region: str) -> float:
        """Arriving where a partner of the other role stands triggers the oath (DRG-OATH-1/2)."""
        for ch, b in self.view["boards"].items():
            if ch != self.me and b["role"] != self.role and b["region"] == region and self.bond_helps(ch):
                return 2.0
        return 0.0

    def oath_reroll(self, text: str) -> float:
        """Reroll (1 power) when bonding brings the goal nearer: the pair needs less than alone."""
        if text != "reroll":
            return 0.0
        partners = [ch for ch in self.view["boards"] if ch != self.me
                    and self.view["boards"][ch]["role"] != self.role
                    and self.view["boards"][ch]["region"] == self.board["region"]]
        return 1.0 if any(self.bond_helps(p) for p in partners) else -1.0

    def answer_collect(self, parts: list[str]) -> float:
        return 3.0 + self.power_in(parts[0])

    def answer_fly(self, parts: list[str]) -> float:
        end = parts[-1]
        score = 2.0 * self.power_in(end) + 0.5 * self.power_near(end, 1)
        health = int(self.board["health"])
        danger = self.threat(end)
        if danger > health:
            score -= 2.0
        weaker = [ch for ch in self.enemies() if self.view["boards"][ch]["region"] == end
                  and strength(self.view, ch, end) < health]
        if weaker or 0 < self.view["regions"][end]["neutral"] < health:
            score += 1.0
        return score + self.oath_bonus(end)

    def would_hold(self, region: str) -> bool:
        """No neutral and no other party's unit there: moving in takes control (DRG-CONTROL-1)."""
        here = self.view["regions"][region]
        return not here["neutral"] and all(ch == self.me or not sum(u.values()) for ch, u in here["units"].items())

    def answer_move(self, parts: list[str]) -> float:
        origin, destination = parts[0], parts[1]
        end = parts[3] if len(parts) > 3 else destination
        pieces = parts[2] if len(parts) > 2 else "figure"       # staged pieces: assume the whole army
        moving = sum(int(item.split(".")[1]) for item in pieces.split("+") if "." in item) if len(parts) > 2 \
            else sum(units_of(self.view, origin, self.me).values())
        staying = sum(units_of(self.view, origin, self.me).values()) - moving
        score = 1.5 * self.power_in(end) * (2.0 if self.would_hold(end) else 1.0)
        if staying <= 0:
            score -= 1.5 * self.power_in(origin)
        if controller(self.view, end) not in (None, self.me):
            score -= 0.5
        if moving + general_strength(self.view, self.me, end) < self.threat(end):
            score -= 1.5
        if "figure" in pieces:
            score += self.oath_bonus(end)
        return score + 0.2 * moving

    def answer_deploy(self, parts: list[str]) -> float:
        what = parts[0]
        unit, _, region = what.partition("@")
        here = units_of(self.view, region, self.me) if region else {t: 0 for t in UNIT_TYPES}
        set_gap = 1.0 if here.get(unit, 0) == min(here.values()) else 0.0
        return 1.0 + set_gap + 1.0 * self.power_in(region) + 0.5 * (self.threat(region) > 0)

    def answer_attack(self, parts: list[str]) -> float:
        region, key = parts[0], parts[1]
        target = None if key == "neutral" else key
        mine = self.reach().get(region, self.my_strength(region)) if len(parts) == 2 else self.my_strength(region)
        if len(parts) > 2:    # approaching units add to the general's strength there
            mine += sum(int(item.split(".")[-1]) for item in parts[2].split("+")
                        if item.split(".")[-1].isdigit())
        theirs = strength(self.view, target, region)
        return 2.0 * (mine - theirs) + self.power_in(region) + (1.0 if target and target != "neutral" else 0.0)

    def answer_reinforce(self, parts: list[str]) -> float:
        return 1.0

    def answer_build_city(self, parts: list[str]) -> float:
        return 1.5

    def answer_upgrade(self, parts: list[str]) -> float:
        return 1.0

    def answer_cast(self, parts: list[str]) -> float:
        return 1.5

    def answer_pay(self, parts: list[str]) -> float:
        return 0.5


class HeuristicBot(ScoringBot):
    def choose(self, view: Data, legal: Sequence[Command], rng: Rng) -> Command:
        if legal and view["humans"][legal[0].seat or 0] is None:   # a character pick: any character will do
            return legal[rng.below(len(legal))]
        return super().choose(view, legal, rng)

    def scorer(self, view: Data, seat: int) -> Callable[[Command], float]:
        plan, kind = Plan(view, seat), _pending_kind(view)
        return lambda command: self.score(plan, kind, command)

    @staticmethod
    def score(plan: Plan, kind: str | None, command: Command) -> float:
        try:
            if command.verb == "place":
                return plan.score_place(command)
            if command.verb == "pass":
                return plan.score_pass(command)
            if command.verb == "answer" and command.args:
                return plan.score_answer(kind or "", command.args[0])
        except (KeyError, IndexError, ValueError, TypeError, AttributeError):
            return 0.0         # an option notation it does not know yet: neutral
        return 0.0


def _pending_kind(view: Data) -> str | None:
    effects = view.get("effects") or []
    if effects and effects[0].get("waiting"):
        pause = effects[0].get("pause") or {}
        return pause.get("kind")
    return None
