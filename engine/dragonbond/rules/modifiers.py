"""Modifiers (spec 7.1.2): rule changes from Vaala cards, events, upgrades and Dragonbond cards.

Two sources are read:
- ``data["modifiers"]``: modifiers added by a resolving effect (`add`), each a dict
  {kind, value, side, holder, when, duration, source}; ``duration`` is ``exchange`` (cleared by
  `clear_exchange` when a combat exchange ends) or ``round`` (cleared by `clear_round` in cleanup,
  DRG-ROUND-5, DRG-EVENT-7). ``mountains_closed`` (ev08) is global: no side, no holder needed.
- ``while_held`` modifiers of each character's held upgrades (``board["upgrades"]``) and of its own
  face-up Dragonbond card (``board["bond_card"] == "up"``), always on while their ``when`` holds
  (DRG-UPGRADE-5, DRG-BONDED, DRG-AI-17).

`values(ctx, character, kind, combat)` lists the value of every such modifier of ``kind`` that
applies to ``character`` now: its ``side`` names whom it changes relative to its holder (``self``,
``opponent`` = the holder's other side in ``combat``, ``ally`` = the holder's bonded ally), and every
key of its ``when`` must hold, judged for the holder (`condition_holds`). Modifier kinds without a
value (``crits_as_normal``, ``reroll_blanks``, ``no_retreat``, ``ignore_city``) list ``True``.
``character`` is None for the neutral side of a combat.

``combat`` is the running combat's plain data (rules/combat.py) with, while a side rolls,
``rolling`` = "attack" | "counter"; non-combat kinds (``extra_step``, ``mountain_exempt_type``) are
asked with ``combat=None``; then conditions about a combat do not hold.
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from engine.core import Data
from engine.core.effects import to_plain

from ..content import DragonbondCard, UpgradeCard
from ..context import Ctx
from ..vocabulary import primitive
from .movement import units_of

NO_ONE = "\0"          # "not a side of this combat"


def add(ctx: Ctx, holder: str | None, spec: Mapping[str, Any], source: str) -> None:
    """Record a `modifier` effect resolved by ``holder`` (None for an event's global one)."""
    spec = to_plain(dict(spec))
    entry = {"kind": spec["kind"], "value": spec.get("value"), "side": spec.get("side"),
             "holder": holder, "when": dict(spec.get("when") or {}),
             "duration": spec.get("duration", "round"), "source": source}
    ctx.data.setdefault("modifiers", []).append(entry)
    ctx.emit("modifier_added", kind=entry["kind"], value=entry["value"], side=entry["side"], holder=holder,
             source=source, duration=entry["duration"])


def clear_round(data: Data) -> None:
    """DRG-ROUND-5, DRG-EVENT-7: "this round" modifiers end with cleanup (exchange ones too)."""
    data["modifiers"] = [m for m in data.get("modifiers", ()) if m["duration"] not in ("round", "exchange")]


def clear_exchange(data: Data) -> None:
    """Modifiers lasting "this exchange" end when the exchange ends (DRG-DEC-50)."""
    data["modifiers"] = [m for m in data.get("modifiers", ()) if m["duration"] != "exchange"]


# --- where modifiers come from -------------------------------------------------------------------

def held_cards(ctx: Ctx, holder: str) -> list[UpgradeCard | DragonbondCard]:
    """The holder's held upgrades and its face-up own Dragonbond card."""
    board = ctx.board(holder)
    cards: list[UpgradeCard | DragonbondCard] = [ctx.content.upgrade_cards[u] for u in board.get("upgrades") or ()]
    if board.get("bond_card") == "up":
        cards.append(ctx.content.dragonbond_card(holder))
    return cards


def card_effects_named(card: UpgradeCard | DragonbondCard, name: str) -> tuple[Mapping[str, Any], ...]:
    """The args of the card's top-level effects of primitive ``name`` (``modifier``, ``trigger``),
    in order. Cards are frozen, so each card's answer is found once and kept on it."""
    kept = card.__dict__.get("_effects_named")
    if kept is None:
        kept = {}
        object.__setattr__(card, "_effects_named", kept)
    found = kept.get(name)
    if found is None:
        found = kept[name] = tuple(args for n, args in map(primitive, card.effects) if n == name)
    return found


def held(ctx: Ctx, holder: str) -> tuple[tuple[Mapping[str, Any], str], ...]:
    """(modifier args, source card) of the holder's held upgrades and face-up own Dragonbond card;
    found once per holder and holding (kept with the content, whose cards never change)."""
    board = ctx.board(holder)
    key = (holder, tuple(board.get("upgrades") or ()), board.get("bond_card") == "up")
    memo = ctx.content.held_memo
    found: tuple[tuple[Mapping[str, Any], str], ...] | None = memo.get(key)
    if found is None:
        if len(memo) > 4096:
            memo.clear()
        found = memo[key] = tuple((args, card.id) for card in held_cards(ctx, holder)
                                  for args in card_effects_named(card, "modifier"))
    return found


def active(ctx: Ctx, kind: str) -> list[tuple[str | None, Mapping[str, Any]]]:
    """(holder, modifier) of every modifier of ``kind`` in force, before sides and conditions."""
    found = [(m["holder"], m) for m in ctx.data.get("modifiers") or () if m["kind"] == kind]
    found += [(holder, args) for holder, args in _held_by_all(ctx) if args["kind"] == kind]
    return found


InForce = dict[str, list[tuple[str | None, Mapping[str, Any]]]]


def in_force(ctx: Ctx) -> InForce:
    """`active` for every kind at once (kind -> its list, in the same order): for a rule that asks
    of several kinds while no modifier comes or goes (a roll)."""
    found: InForce = {}
    for m in ctx.data.get("modifiers") or ():
        found.setdefault(m["kind"], []).append((m["holder"], m))
    for holder, args in _held_by_all(ctx):
        found.setdefault(args["kind"], []).append((holder, args))
    return found


def _held_by_all(ctx: Ctx) -> Iterator[tuple[str, Mapping[str, Any]]]:
    """(holder, modifier) of every card modifier held, holder by holder in seating order."""
    boards = ctx.data["boards"]
    for holder in ctx.data["seating"]:
        board = boards[holder]
        if not board.get("upgrades") and board.get("bond_card") != "up":
            continue                                                 # holds nothing: the common case
        for args, _ in held(ctx, holder):
            yield holder, args


def values(ctx: Ctx, character: str | None, kind: str, combat: Data | None,
           force: InForce | None = None) -> list[Any]:
    """Every active modifier of ``kind`` applying to ``character`` now (see the module text);
    ``force``: what `in_force` found, when the caller has it."""
    out: list[Any] = []
    for holder, m in active(ctx, kind) if force is None else force.get(kind, ()):
        if m.get("side") is None:                                    # global (mountains_closed)
            out.append(m.get("value") if m.get("value") is not None else True)
            continue
        if holder is None or _affected(ctx, holder, m["side"], combat) != character:
            continue
        if condition_holds(ctx, holder, m.get("when") or {}, combat):
            out.append(m.get("value") if m.get("value") is not None else True)
    return out


def total(ctx: Ctx, character: str | None, kind: str, combat: Data | None, force: InForce | None = None) -> int:
    """The sum of the numeric modifiers of ``kind`` applying to ``character``."""
    return sum(int(v) for v in values(ctx, character, kind, combat, force))


def _affected(ctx: Ctx, holder: str, side: str, combat: Data | None) -> str | None:
    if side == "self":
        return holder
    if side == "ally":
        return ctx.board(holder)["bonded_with"] or NO_ONE
    return opponent_of(combat, holder)                               # "opponent"


# --- combat roles --------------------------------------------------------------------------------

def role_of(combat: Data | None, character: str | None) -> str | None:
    """"attacker", "target" or None for a character not fighting in ``combat``."""
    if combat is None or character is None:
        return None
    if combat["attacker"] == character:
        return "attacker"
    if combat["target"].get("who") == character:
        return "target"
    return None


def opponent_of(combat: Data | None, character: str) -> str | None:
    """The other side's character (None: the neutral units); NO_ONE when not fighting."""
    role = role_of(combat, character)
    if role == "attacker":
        return combat["target"].get("who")                           # type: ignore[index]
    if role == "target":
        return combat["attacker"]                                    # type: ignore[index]
    return NO_ONE


def _opponent_kind(ctx: Ctx, combat: Data, holder: str) -> str:
    role = role_of(combat, holder)
    if role == "attacker":
        return combat["target"]["kind"]
    return ctx.board(combat["attacker"])["role"]


# --- conditions (spec 7.1.2 `when`) --------------------------------------------------------------

def condition_holds(ctx: Ctx, holder: str, when: Mapping[str, Any], combat: Data | None,
                    region: str | None = None) -> bool:
    """Whether every key of ``when`` holds for ``holder``. Combat keys need ``combat``; without one,
    ``min_units`` counts the holder's units in ``region`` (a trigger's event region)."""
    return all(_holds(ctx, holder, key, value, combat, region) for key, value in when.items())


def _holds(ctx: Ctx, holder: str, key: str, value: Any, combat: Data | None, region: str | None) -> bool:
    data = ctx.data
    board = ctx.board(holder)
    ally = board["bonded_with"]
    role = role_of(combat, holder)
    where = combat["region"] if combat is not None else region
    if key == "role":
        return role is not None and value in ("any", role)
    if key == "rolling":
        return combat is not None and value in ("any", combat.get("rolling"))
    if key == "exchange":
        return value == "any" or (combat is not None and combat["exchange"] == 1)
    if key == "min_units":
        if where is None or board["role"] != "general":
            return False
        here = units_of(data, where, holder)
        return all(here[t] >= n for t, n in value.items())
    if key == "opponent":
        return role is not None and _opponent_kind(ctx, combat, holder) == value   # type: ignore[arg-type]
    if key == "ally_figure_in_combat_region":
        return combat is not None and ally is not None and ctx.board(ally)["region"] == combat["region"]
    if key == "ally_figure_in_self_region":
        return ally is not None and ctx.board(ally)["region"] == board["region"]
    if key == "holder_in_combat_region":
        return combat is not None and board["region"] == combat["region"]
    if key == "ally_is_target":
        return combat is not None and ally is not None and combat["target"].get("who") == ally
    return False
