"""Helpers for the effect, event and Vaala tests (test_events, test_vaala, test_triggers and others):
run effects, icons and events on a live game state, keeping every card and token conserved."""
from __future__ import annotations

from typing import Any

from engine.core import Rng
from engine.dragonbond.context import Ctx
from engine.dragonbond.effects import DRG
from engine.dragonbond.rules import card_effects as fx
from engine.dragonbond.rules.actions import icon_step
from engine.dragonbond.vocabulary import Icon

from .scenario import board, pending, play


def ctx_of(state: Any, seat: int = 0) -> Ctx:
    return Ctx(state.data, Rng(7), seat)


def resolve(state: Any, actor: str | None, effects: Any, source: str = "test", region: str | None = None,
            seat: int = 0) -> list[Any]:
    """Queue ``effects`` for ``actor`` on the live state and run them up to the first decision."""
    ctx = ctx_of(state, seat)
    fx.queue_effects(ctx, actor, effects, source, region)
    DRG.drain(ctx)
    return ctx.events


def event(state: Any, card: str) -> list[Any]:
    return resolve(state, None, state_content(state).event_cards[card].effects, card)


def state_content(state: Any) -> Any:
    from engine.dragonbond.content import content
    return content()


def run_icon(state: Any, owner: str, icon: Icon, *, optional: bool = False, seat: int = 0) -> list[Any]:
    """Run one (granted) icon for ``owner`` through the general icon step."""
    ctx = ctx_of(state, seat)
    ctx.push(icon_step(owner, icon, "test", optional=optional), seat=seat)
    DRG.drain(ctx)
    return ctx.events


def give_power(state: Any, character: str, n: int, side: str = "unspent") -> None:
    state.data["supply"]["power"] -= n
    board(state, character)["power"][side] += n


def put_power(state: Any, region: str, n: int) -> None:
    state.data["supply"]["power"] -= n
    state.data["regions"][region]["power"] += n


def put_neutral(state: Any, region: str, n: int) -> None:
    state.data["supply"]["neutral"] -= n
    state.data["regions"][region]["neutral"] += n


def put_units(state: Any, general: str, region: str, **units: int) -> None:
    pool = board(state, general)["pool"]
    here = state.data["regions"][region]["units"].setdefault(general, {"infantry": 0, "cavalry": 0, "ranged": 0})
    for t, n in units.items():
        pool[t] -= n
        here[t] += n


def clear_map(state: Any) -> None:
    """No neutral units, power or units anywhere (all back to supply and pools)."""
    data = state.data
    for r in data["regions"].values():
        data["supply"]["neutral"] += r["neutral"]
        data["supply"]["power"] += r["power"]
        r["neutral"] = r["power"] = 0
        for general, units in r["units"].items():
            for t, n in units.items():
                data["boards"][general]["pool"][t] += n
        r["units"] = {}


def to_hand(state: Any, character: str, card: str) -> None:
    b = board(state, character)
    b["vaala_deck"].remove(card)
    b["vaala_hand"].append(card)


def bond(state: Any, general: str, dragon: str) -> None:
    for ch, ally in ((general, dragon), (dragon, general)):
        board(state, ch)["bonded_with"] = ally
        board(state, ch)["bond_card"] = "up"


def answer(state: Any, option: str) -> list[Any]:
    kind, seat, options = pending(state)
    assert option in options, (kind, options)
    return play(state, f"{seat}: answer {option}")


def kinds_of(events: list[Any], kind: str) -> list[dict[str, Any]]:
    return [e.data for e in events if e.kind == kind]
