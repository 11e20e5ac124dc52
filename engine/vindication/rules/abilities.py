"""Card abilities (spec 5.10–5.14, 7.1): how each ability type comes into play.

- ``passive``: in effect while held, read where a rule computes something — `passive_params`
  (S02 speed in `passive_speed`, S07 in the skull, I02 in the visit honor, I11 in the Shrine yield).
- modifiers with a duration (``speed_mod(…, turn)``, ``cost_mod``, ``unit_cost`` …): running one adds
  a record to ``data["turn"]["mods"]`` — ``{"kind", "seat", "source", …}`` — which the rules read
  through `modifiers` and which `fresh_turn` drops at the end of the turn (VIN-TURN-9).
- ``passive_once`` / ``whenever``: the rules call `fire(ctx, event, *args)` where the spec's trigger
  events happen; the holders' matching cards are queued, the active player's first, then the others
  in turn order (VIN-TURN-12, VIN-DEC-74); a player with several orders them. ``passive_once``
  is marked in ``data["turn"]["used_abilities"]``, which resets every player's turn (VIN-TRAIT-2,
  VIN-DEC-70).
- ``on_join``: `acquire` queues a use/decline offer right after the companion joins (VIN-COMPANION-3).
- ``activated`` and ``relic``: the ``use CARD`` free action (`check_use`, `use`; spec 8.3).
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import cache
from typing import Any

from engine.core import Command, Data, Param, Pause, Refused, refuse
from engine.core.sampling import one_group

from ..commands import arg, listed, verb
from ..content import content, parse_trigger
from ..context import Ctx
from ..counters import count, satisfied
from ..effects import VIN
from ..vocabulary import ATTRIBUTES, BASIC
from .power import AUGMENT_STEPS, gain_honor, possible_steps
from .proficiency import buy_proficiency, check_buy_proficiency

TRIGGERED = ("passive_once", "whenever")
ONCE_PER_TURN = ("passive_once", "relic", "activated")

# A triggered effect made only of these can only help its holder, so it resolves without a
# use/decline prompt: declining could never leave the player better off (VIN-CARD-12 in substance).
HELPS_ONLY = frozenset({"gain_honor", "gain_per", "speed_mod", "cost_mod", "unit_cost", "unit_yield",
                        "displace_discount", "free_empowered", "modify_fatigue", "prevent", "blind_choice",
                        "extra_action", "visit_honor_bonus", "activation_from_potential"})
# These ask their own question with a way to take nothing ("stop", "done", gain 0): that prompt
# is the decline, so no separate use/decline prompt is put in front of it.
DECLINABLE = frozenset({"augment", "gain_attr", "return_from_companions", "charge_relics",
                        "remove_from_companion"})
# Triggered effects the rules apply at the point of need instead of queueing them when the event
# fires, because they change a number the command is checked against before anything resolves:
# W03's speed is counted into the move (`passive_speed`), W04's cost cut into the Inn's cost
# (`visit.visit_cost`), W11 is declared on the activate command, W10's reroll is an option of the
# monster-die prompt.
WHEN_NEEDED = {"move_start": {"speed_mod"}, "visit": {"cost_mod"},
               "activate_companion": {"activation_from_potential"}, "monster_die": {"reroll"}}
# Relics whose effect answers a moment inside another action: they are offered in that prompt
# (V03 in the save prompt of a skull, V09 in the monster-die prompt), never as `use`.
REACTIVE = {"prevent": "a skull", "reroll": "a monster die roll"}


# -- the cards' abilities indexed, so a rule asking "what in this tableau does X" skips the rest ----
@cache
def passive_cards(primitive: str) -> frozenset[str]:
    """The cards whose passive ability has an effect of ``primitive`` (content is loaded once)."""
    return frozenset(card.id for card in content().cards.values()
                     if card.ability.type == "passive" and any(e.primitive == primitive for e in card.ability.effect))


@cache
def trigger_cards(event: str) -> frozenset[str]:
    """The cards whose triggered ability fires on ``event`` (with whatever argument)."""
    return frozenset(card.id for card in content().cards.values()
                     if card.ability.type in TRIGGERED and parse_trigger(card.ability.trigger)[0] == event)


@cache
def hook_cards(event: str, primitive: str) -> frozenset[str]:
    """The cards of `trigger_cards` (``event``) whose ability has an effect of ``primitive``."""
    cards = content().cards
    return frozenset(c for c in trigger_cards(event) if any(e.primitive == primitive for e in cards[c].ability.effect))


# -- what a player holds ------------------------------------------------------------------------
def tableau_cards(player: Data) -> list[str]:
    """Companions, monsters, traits, relics, in that order (asked several times per command: one
    list grown in place, no relic list made for a player holding none)."""
    cards = [c["id"] for c in player["companions"]]
    cards += player["monsters"]
    cards += player["traits"]
    if player["relics"]:
        cards += [r["id"] for r in player["relics"]]
    return cards


def holds(player: Data, card_id: str) -> bool:
    return any(card == card_id for card in tableau_cards(player))


def ability_of(card_id: str) -> Any:
    return content().cards[card_id].ability


def primitives(card_id: str) -> set[str]:
    return {e.primitive for e in ability_of(card_id).effect}


def used(data: Data, card_id: str) -> bool:
    return card_id in data["turn"]["used_abilities"]


def mark_used(data: Data, card_id: str) -> None:
    if card_id not in data["turn"]["used_abilities"]:
        data["turn"]["used_abilities"].append(card_id)


def seats_in_order(data: Data) -> list[int]:
    """The active player, then the others in turn order (VIN-TURN-12)."""
    order = list(data["order"])
    active = data["turn"]["seat"]
    at = order.index(active) if active in order else 0
    return order[at:] + order[:at]


# -- passive abilities and modifiers --------------------------------------------------------------
def passive_params(data: Data, seat: int, primitive: str) -> Iterator[Any]:
    """Parameters of every passive ``primitive`` on the cards ``seat`` holds (VIN-COMPANION-4)."""
    holders = passive_cards(primitive)
    if not holders:
        return
    cards = content().cards
    for card_id in tableau_cards(data["players"][seat]):
        if card_id in holders:
            for effect in cards[card_id].ability.effect:
                if effect.primitive == primitive:
                    yield effect.params


def turn_mods(data: Data, seat: int, kind: str) -> list[Data]:
    active = data["turn"]["seat"]
    return [m for m in data["turn"]["mods"] if m["kind"] == kind and m.get("seat", active) == seat]


def modifiers(data: Data, seat: int, primitive: str, kind: str) -> list[Data]:
    """Modifiers of one kind in force for ``seat``: the passive cards' ``primitive`` (while held)
    and the turn's records of ``kind``, in one form (a passive's attribute ``kind`` is ``attr``)."""
    held = [{**dict(p), "attr": p.get("kind"), "kind": kind, "seat": seat, "source": None}
            for p in passive_params(data, seat, primitive)]
    return held + turn_mods(data, seat, kind)


def add_mod(ctx: Ctx, kind: str, **fields: Any) -> None:
    mod = {"kind": kind, "seat": ctx.actor, "source": ctx.meta.get("source"), **fields}
    ctx.turn["mods"].append(mod)
    ctx.emit("modifier_added", seat=ctx.actor, mod=kind, source=mod["source"],
             **{k: v for k, v in fields.items()})


def passive_speed(data: Data, seat: int) -> int:
    """Speed from cards (VIN-MOVE-2): while-held modifiers (S02), plus each unused `move_start`
    speed trigger (W03), counted in before the move is checked; the move then spends it and keeps
    its +n as a turn modifier (`spend_hooks`)."""
    if speed_cards().isdisjoint(tableau_cards(data["players"][seat])):
        return 0                        # asked at every listing; most tableaux hold no such card
    held = sum(p["n"] for p in passive_params(data, seat, "speed_mod") if p["duration"] == "while_held")
    return held + sum(p["n"] for _, p in hooks(data, seat, "move_start", "speed_mod"))


@cache
def speed_cards() -> frozenset[str]:
    """The cards `passive_speed` counts: passive speed (S02) and `move_start` speed triggers (W03)."""
    return passive_cards("speed_mod") | hook_cards("move_start", "speed_mod")


def visit_honor_bonus(data: Data, seat: int) -> int:
    """I02: extra honor to ``seat`` each time another player visits a region it controls."""
    return sum(m["n"] for m in modifiers(data, seat, "visit_honor_bonus", "visit_honor_bonus"))


# -- triggers -------------------------------------------------------------------------------------
def matched(trigger: str, event: str, args: tuple[str, ...]) -> tuple[str, ...] | None:
    """The event's arguments a trigger answers to (a tuple, maybe empty), or None if it does not
    fire: ``visit(monastery)`` fires for ("monastery",), ``activation_gain(basic)`` for the basic
    kinds among those gained, ``monster_die(any)`` for every face."""
    name, wanted = parse_trigger(trigger)
    if name != event:
        return None
    if wanted is None or wanted == "any":
        return args
    hits = tuple(a for a in args if a == wanted or (wanted == "basic" and a in BASIC))
    return hits or None


def hooks(data: Data, seat: int, event: str, primitive: str, *args: str) -> list[tuple[str, Any]]:
    """(card, params) of ``seat``'s unused triggered abilities for ``event`` whose ``primitive``
    the rules apply at the point of need (WHEN_NEEDED)."""
    found: list[tuple[str, Any]] = []
    candidates = hook_cards(event, primitive)
    if not candidates:
        return found
    for card_id in tableau_cards(data["players"][seat]):
        if card_id not in candidates:
            continue
        ability = ability_of(card_id)
        if ability.type not in TRIGGERED or matched(ability.trigger, event, args) is None:
            continue
        if ability.type == "passive_once" and used(data, card_id):
            continue
        found += [(card_id, e.params) for e in ability.effect if e.primitive == primitive]
    return found


def spend_hooks(ctx: Ctx, cards: Iterable[str], keep_effects: bool = False) -> None:
    """Hooked abilities were relied on: once-per-turn ones are spent; with ``keep_effects`` their
    effects are also run, so a +speed counted in before a move stays for the rest of the turn."""
    for card_id in dict.fromkeys(cards):
        if ability_of(card_id).type == "passive_once":
            mark_used(ctx.data, card_id)
        ctx.emit("ability_used", seat=ctx.actor, card=card_id)
        if keep_effects:
            ctx.push([e.to_data() for e in ability_of(card_id).effect], source=card_id)


def triggered(data: Data, seat: int, event: str, args: tuple[str, ...]) -> list[str]:
    found: list[str] = []
    candidates = trigger_cards(event)
    if not candidates:
        return found
    for card_id in tableau_cards(data["players"][seat]):
        if card_id not in candidates:
            continue
        ability = ability_of(card_id)
        if ability.type not in TRIGGERED or matched(ability.trigger, event, args) is None:
            continue
        if ability.type == "passive_once" and used(data, card_id):
            continue
        if primitives(card_id) & WHEN_NEEDED.get(event, set()):
            continue
        found.append(card_id)
    return found


def fire(ctx: Ctx, event: str, *args: str, seats: Iterable[int] | None = None) -> None:
    """An event of spec 7.1 happened: queue (to run next) every holder's matching triggered
    abilities — the active player's first, then each other player's in turn order (VIN-TURN-12,
    VIN-DEC-74). ``seats`` limits who can answer (e.g. only the mover for ``discover``)."""
    queued = []
    allowed = None if seats is None else set(seats)
    for seat in seats_in_order(ctx.data):
        if allowed is not None and seat not in allowed:
            continue
        cards = triggered(ctx.data, seat, event, args)
        if cards:
            queued.append((seat, {"trigger_next": {"cards": cards, "event": event, "args": list(args)}}))
    for seat, item in reversed(queued):        # pushed to the front, so the last goes first
        ctx.push([item], seat=seat)


@VIN.primitive("fire_event", event=str, args=Param(tuple[str, ...], ()))
def _fire_event(ctx: Ctx, event: str, args: tuple[str, ...] = ()) -> None:
    """An event of the actor's own ("whenever you …") queued behind other effects, e.g.
    ``visit(x)`` once the visit has resolved."""
    fire(ctx, event, *args, seats=[ctx.actor])


@VIN.primitive("trigger_next", cards=tuple[str, ...], event=str, args=Param(tuple[str, ...], ()))
def _trigger_next(ctx: Ctx, cards: tuple[str, ...], event: str, args: tuple[str, ...] = (),
                  answer: Any = None) -> Pause | None:
    """One player's triggered abilities for one event: the player orders them (VIN-DEC-74)."""
    live = [c for c in cards if holds(ctx.player(), c) and worth_offering(ctx.data, ctx.actor, c)
            and not (ability_of(c).type == "passive_once" and used(ctx.data, c))]
    if not live:
        return None
    if len(live) > 1 and answer is None:
        return Pause("trigger_order", tuple(live))
    card = answer if answer is not None else live[0]
    rest = [c for c in live if c != card]
    if rest:
        ctx.push([{"trigger_next": {"cards": rest, "event": event, "args": list(args)}}])
    hits = list(matched(ability_of(card).trigger, event, tuple(args)) or ())
    if primitives(card) <= HELPS_ONLY | DECLINABLE:
        start(ctx, card, kinds=hits)
    else:
        ctx.push([{"ability_offer": {"card": card, "kinds": hits}}])
    return None


@VIN.primitive("ability_offer", card=str, kinds=Param(tuple[str, ...], ()))
def _ability_offer(ctx: Ctx, card: str, kinds: tuple[str, ...] = (), answer: Any = None) -> Pause | None:
    """An optional triggered ability: use it (answer the card) or decline (VIN-CARD-12)."""
    if not holds(ctx.player(), card):
        return None
    if answer is None:
        return Pause("trigger", (card, "decline"))
    if answer == card:
        start(ctx, card, kinds=list(kinds))
    else:
        ctx.emit("ability_declined", seat=ctx.actor, card=card)
    return None


def start(ctx: Ctx, card_id: str, **meta: Any) -> None:
    """Run a card's ability for the actor: once-per-turn kinds are marked, a relic's charges are
    paid first (VIN-RELIC-5, VIN-POWER-9), then its effects are queued to run next."""
    ability = ability_of(card_id)
    if ability.type in ONCE_PER_TURN:
        mark_used(ctx.data, card_id)
    ctx.emit("ability_used", seat=ctx.actor, card=card_id)
    effects = [e.to_data() for e in ability.effect]
    if ability.type == "relic":
        effects.insert(0, {"spend_charges": {"n": ability.charges}})
    ctx.push(effects, source=card_id, **meta)


# -- on join ------------------------------------------------------------------------------------
def worth_offering(data: Data, seat: int, card_id: str) -> bool:
    """Whether an ability could do anything now (an offer that cannot is skipped)."""
    player = data["players"][seat]
    for effect in ability_of(card_id).effect:
        p = effect.params
        if effect.primitive == "mount_up" and player["mount"] + p["n"] > 5:
            return False
        if effect.primitive == "take_proficiency" and not proficiency_options(data, seat, p["kind"],
                                                                                  p["cost"]):
            return False
        if effect.primitive == "augment" and not possible_steps(player, AUGMENT_STEPS):
            return False
        if effect.primitive == "gain_attr" and player["influence"] < 1:
            return False
        loaded = any(c["blocks"] for c in player["companions"])
        if effect.primitive == "return_from_companions" and not loaded:
            return False
    return True


@VIN.primitive("join_offer", card=str)
def _join_offer(ctx: Ctx, card: str, answer: Any = None) -> Pause | None:
    """VIN-COMPANION-3: an on-join ability, once, right after the companion joins; declined, it is
    lost. (Starting companions never have one: every on-join card is `no_start`, VIN-DEC-44.)"""
    if not holds(ctx.player(), card) or not worth_offering(ctx.data, ctx.actor, card):
        return None
    if answer is None:
        return Pause("on_join", (card, "decline"))
    if answer == card:
        start(ctx, card)
    else:
        ctx.emit("ability_declined", seat=ctx.actor, card=card)
    return None


# -- activated abilities and relics: the `use` free action ------------------------------------------
def reuse_targets(data: Data, seat: int) -> list[str]:
    """V08: companions activated this turn, still held, whose activated ability was used."""
    player = data["players"][seat]
    return [c for c in data["turn"]["activated"] if c != "self" and holds(player, c)
            and ability_of(c).type == "activated" and used(data, c)]


def check_use(data: Data, seat: int, card_id: str) -> None:
    """Everything `use CARD` needs, checked before anything moves."""
    player = data["players"][seat]
    if card_id not in content().cards or not holds(player, card_id):
        raise refuse("VIN-ACTIVATE-8", f"{card_id} is not a card in your tableau")
    ability = ability_of(card_id)
    if ability.type == "activated":
        if card_id not in data["turn"]["activated"]:
            raise refuse("VIN-COMPANION-5", f"activate {card_id} first: its ability works only in that turn")
        if used(data, card_id):
            raise refuse("VIN-ACTIVATE-5", f"{card_id}'s ability was already used for this activation")
        return
    if ability.type != "relic":
        raise refuse("VIN-TURN-6", f"{card_id} has no ability to use: it works by itself when it applies")
    reactive = primitives(card_id) & set(REACTIVE)
    if reactive:
        raise refuse("VIN-RELIC-6", f"{card_id} is used when {REACTIVE[sorted(reactive)[0]]} happens")
    if used(data, card_id):
        raise refuse("VIN-RELIC-6", f"{card_id} was already used this turn")
    relic = next(r for r in player["relics"] if r["id"] == card_id)
    if relic["charges"] < ability.charges:
        raise refuse("VIN-RELIC-5", f"{card_id} needs {ability.charges} charges and holds {relic['charges']}")
    if "reuse_activated" in primitives(card_id) and not reuse_targets(data, seat):
        raise refuse("VIN-COMPANION-5", "no companion activated this turn has used its ability")


def use(ctx: Ctx, card_id: str) -> None:
    check_use(ctx.data, ctx.actor, card_id)
    start(ctx, card_id)


@cache
def reactive(card_id: str) -> bool:
    """Whether the card is a relic used inside the prompt it answers (REACTIVE), never as `use`."""
    return bool(primitives(card_id) & set(REACTIVE))


def usable(data: Data, seat: int) -> list[str]:
    found: list[str] = []
    cards = content().cards
    player = data["players"][seat]
    charges = {r["id"]: r["charges"] for r in player["relics"]}
    for card_id in tableau_cards(player):
        # what `check_use` needs first, tested without raising: listing runs after every command
        ability = cards[card_id].ability
        kind = ability.type
        if kind == "activated" and card_id not in data["turn"]["activated"]:
            continue                                # VIN-COMPANION-5
        if kind not in ("activated", "relic") or used(data, card_id):
            continue                                # VIN-TURN-6, VIN-ACTIVATE-5, VIN-RELIC-6
        if kind == "relic" and (reactive(card_id) or charges.get(card_id, 0) < ability.charges):
            continue                                # VIN-RELIC-6, VIN-RELIC-5
        try:
            check_use(data, seat, card_id)
        except Refused:
            continue
        found.append(card_id)
    return found


def use_commands(data: Data, seat: int) -> list[Command]:
    return [listed("use", (card,), seat) for card in usable(data, seat)]


@verb("use", use_commands, groups=one_group(use_commands))
def do_use(ctx: Ctx, cmd: Command) -> None:
    """An activated companion's ability or a relic (spec 8.3 use_ability)."""
    use(ctx, arg(cmd, 0, "a card: an activated companion or a relic"))


def reactive_relics(data: Data, seat: int, primitive: str, **match: Any) -> list[str]:
    """Relics of ``seat`` whose ``primitive`` (with these parameters) can be used now: unused this
    turn and charged enough (VIN-RELIC-5, -6). Used inside the prompt they answer."""
    player = data["players"][seat]
    found = []
    for relic in player["relics"]:
        ability = ability_of(relic["id"])
        if ability.type != "relic" or used(data, relic["id"]) or relic["charges"] < ability.charges:
            continue
        if any(e.primitive == primitive and all(e.params.get(k) == v for k, v in match.items())
               for e in ability.effect):
            found.append(relic["id"])
    return found


@VIN.handles("reuse_activated")
def _reuse_activated(ctx: Ctx, answer: Any = None) -> Pause | None:
    """V08: use again the activated ability of a companion activated (and used) this turn."""
    targets = reuse_targets(ctx.data, ctx.actor)
    if not targets:
        return None
    if answer is None and len(targets) > 1:
        return Pause("reuse", tuple(targets))
    card = answer if answer is not None else targets[0]
    ctx.emit("ability_reused", seat=ctx.actor, card=card)
    ctx.push([e.to_data() for e in ability_of(card).effect], source=card)
    return None


# -- modifier primitives: each adds a turn record the rules read ----------------------------------
@VIN.handles("speed_mod")
def _speed_mod(ctx: Ctx, n: int, duration: str) -> None:
    """+n speed; run as an effect it lasts the turn ("while_held" is read from passive cards)."""
    add_mod(ctx, "speed", n=n)


@VIN.handles("cost_mod")
def _cost_mod(ctx: Ctx, region: str, kind: str, delta: int, duration: str) -> None:
    add_mod(ctx, "cost", region=region, attr=kind, delta=delta, duration=duration)


@VIN.handles("unit_cost")
def _unit_cost(ctx: Ctx, region: str, kind: str, n: int, duration: str) -> None:
    add_mod(ctx, "unit_cost", region=region, attr=kind, n=n, duration=duration)


@VIN.handles("unit_yield")
def _unit_yield(ctx: Ctx, region: str, n: int) -> None:
    """Run as an effect (not held as a passive) it lasts the turn."""
    add_mod(ctx, "unit_yield", region=region, n=n)


@VIN.handles("displace_discount")
def _displace_discount(ctx: Ctx, n: int, duration: str) -> None:
    add_mod(ctx, "displace_discount", n=n, duration=duration)


@VIN.handles("visit_honor_bonus")
def _visit_honor_bonus(ctx: Ctx, n: int) -> None:
    """Run as an effect (not held as a passive) it lasts the turn."""
    add_mod(ctx, "visit_honor_bonus", n=n)


@VIN.handles("free_empowered")
def _free_empowered(ctx: Ctx, deck: str, scope: str = "turn") -> None:
    """The next `gain_card` from ``deck`` (or any) this turn may draw empowered for free (K07)."""
    add_mod(ctx, "free_empowered", deck=deck, duration=scope)


@VIN.handles("modify_fatigue")
def _modify_fatigue(ctx: Ctx, n: int) -> None:
    """The next fatigue places n blocks instead of 2 (W05)."""
    add_mod(ctx, "fatigue", n=n)


@VIN.handles("prevent")
def _prevent(ctx: Ctx, event: str, when: str = "always") -> None:
    """Cancel the next ``event`` (V03: the skull now being resolved)."""
    add_mod(ctx, "prevent", event=event, when=when)


@VIN.handles("activation_from_potential")
def _activation_from_potential(ctx: Ctx) -> None:
    """The next companion activation may take its block from potential (declared on the command)."""
    add_mod(ctx, "activation_from_potential")


@VIN.handles("blind_choice")
def _blind_choice(ctx: Ctx, n: int) -> None:
    """The next blind draw draws n and keeps 1 (W07)."""
    add_mod(ctx, "blind_choice", n=n)


@VIN.handles("extra_action")
def _extra_action(ctx: Ctx, kind: str) -> None:
    """One more activate or visit action this turn (V04); VIN-ACTIVATE-9 still applies."""
    ctx.turn["extra"][kind] += 1
    ctx.emit("extra_action", seat=ctx.actor, action=kind, source=ctx.meta.get("source"))


# -- counted honor, proficiency ---------------------------------------------------------------------
@VIN.handles("gain_per")
def _gain_per(ctx: Ctx, counter: str, per: int, max: int) -> None:
    """``per`` honor for each unit of ``counter`` now, at most ``max`` (S12, I12)."""
    gain_honor(ctx, min(max, per * count(ctx.data, ctx.actor, counter)), ctx.meta.get("source", "effect"))


def end_bonus(data: Data, seat: int, primitive: str, params: Any) -> int:
    """A monster's end-game bonus on the state as it is (VIN-SCORE-2)."""
    if primitive == "end_score":
        return min(params["max"], params["per"] * count(data, seat, params["counter"]))
    if primitive == "end_score_if":
        return params["honor"] if satisfied(data, seat, params["condition"]) else 0
    return 0


def _score_now(ctx: Ctx, primitive: str, params: dict[str, Any]) -> None:
    """Run as an effect, an end bonus scores on the current state, straight onto the honor and with
    no trigger-token offer, exactly as final scoring adds it (VIN-SCORE-1, -2)."""
    gained = end_bonus(ctx.data, ctx.actor, primitive, params)
    ctx.player()["honor"] += gained
    ctx.emit("end_bonus_scored", seat=ctx.actor, source=ctx.meta.get("source"), honor=gained)


@VIN.handles("end_score")
def _end_score(ctx: Ctx, counter: str, per: int, max: int) -> None:
    _score_now(ctx, "end_score", {"counter": counter, "per": per, "max": max})


@VIN.handles("end_score_if")
def _end_score_if(ctx: Ctx, condition: str, honor: int) -> None:
    _score_now(ctx, "end_score_if", {"condition": condition, "honor": honor})


def proficiency_options(data: Data, seat: int, kind: str, cost: int, choice: str | None = None) -> list[str]:
    """Kinds a `take_proficiency` may take now: ``chosen_min_2`` is any attribute the player can pay
    ``cost`` of (K12: at least 2); the purchase obeys VIN-PROFICIENCY-2/-3."""
    kinds = ATTRIBUTES if kind == "chosen_min_2" else ((choice,) if kind == "X" else (kind,))
    found = []
    for k in kinds:
        if k is None:
            continue
        try:
            check_buy_proficiency(data, seat, k, cost)
        except Refused:
            continue
        found.append(k)
    return found


@VIN.handles("take_proficiency")
def _take_proficiency(ctx: Ctx, kind: str, cost: int, answer: Any = None) -> Pause | None:
    """K12: a proficiency tile for ``cost`` points of it; counts as the turn's purchase."""
    options = proficiency_options(ctx.data, ctx.actor, kind, cost, ctx.meta.get("choice"))
    if not options:
        return None
    if answer is None and len(options) > 1:
        return Pause("proficiency_kind", tuple(options))
    buy_proficiency(ctx, answer if answer is not None else options[0], cost)
    return None


# -- activation ---------------------------------------------------------------------------------------
@VIN.primitive("activation_done", source=str)
def _activation_done(ctx: Ctx, source: str) -> None:
    """After an activation's gains: ``activation_gain(kind)`` for the kinds it gave (W02 takes the
    basic ones), then ``activate_self`` / ``activate_companion``."""
    gained = list(dict.fromkeys(ctx.turn.pop("activation_gains", [])))
    fire(ctx, "activate_self" if source == "self" else "activate_companion", seats=[ctx.actor])
    if gained:
        fire(ctx, "activation_gain", *gained, seats=[ctx.actor])


def potential_payers(data: Data, seat: int) -> list[str]:
    """What lets a companion activation be paid from potential now (VIN-POWER-2): an unused W11
    (a `activate_companion` trigger with `activation_from_potential`) or such a turn record."""
    cards = [card for card, _ in hooks(data, seat, "activate_companion", "activation_from_potential")]
    return cards + ["effect" for _ in turn_mods(data, seat, "activation_from_potential")]


def spend_potential_payer(ctx: Ctx) -> None:
    payers = potential_payers(ctx.data, ctx.actor)
    if payers[0] == "effect":
        ctx.turn["mods"].remove(turn_mods(ctx.data, ctx.actor, "activation_from_potential")[0])
    else:
        spend_hooks(ctx, payers[:1])
