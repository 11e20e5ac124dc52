"""Card effects (spec 7.1.2) on the game's one interpreter (DRG, engine/dragonbond/effects.py):
events (5.7), Vaala cards (5.12), upgrade and Dragonbond card triggers (7.5, 7.7) all resolve
through the ``effect`` step; no card has its own code except `carry` (fer_bond, allowed by spec 7).
Each effect primitive is declared on DRG as ``effect.<name>`` (effects.py); the rule module of its
area attaches its handler with `handles`: here, except ``draw_vaala`` (rules/vaala.py) and
``grant_icon`` (rules/actions.py). The ``effect`` step calls it by that name (``DRG.call``) with a
`Run` (who acts, the card, the event region, the answer) and the effect's parameters, which the
handler reads as ``run.args``, as the selectors below do.

``queue_effects(ctx, actor, effects, source, region)`` queues one ``effect`` step per effect, in
order. ``actor`` is the player resolving them (the caster, the card holder), or None for an event
card: then each primitive's ``who`` picks the players, and every per-player part (a granted icon,
units to place) runs as its own step for that player, in action order from the first player
(DRG-EVENT-1/2, DRG-GOAL-6, DRG-DEC-40). Regions are visited in map order; placing stops when the
supply is empty (DRG-EVENT-3).

A choice pauses as ``effect_choice`` for the actor's seat, or its proxy's for an AI actor
(DRG-VAALA-9, DRG-AI-10/17). Options are plain strings:

- a region id (``choose: true`` regions, ``remove_city``, ``collect_power``);
- a character id (``steal_power``);
- ``<region>/<type>.<n>+...`` (``place_units``);
- ``<piece>.<n>+...`` where a piece is ``neutral`` or ``<general>-<type>`` (``remove_units``);
  ``<destination>/<pieces>`` (``push_units``);
- ``figure[+<type>.<n>...]`` (``carry``: the units travelling with the figure).

An effect with no legal execution is skipped with ``effect_skipped`` (DRG-VAALA-4). Removal and
pushing never count as combat: no devour, steal, mountain or city (DRG-COMBAT-18, DRG-DEC-51), and
they never choose the actor's bonded ally's pieces (DRG-BONDED-3).

``fire_triggers(ctx, holder, on_event, region)`` queues the ``then`` effects of the holder's
triggers for one event (held upgrades, its own face-up Dragonbond card); an optional one is first
offered as ``optional_icon`` (``use`` / ``decline``), always used by an AI (DRG-AI-16).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from itertools import combinations_with_replacement
from typing import Any, TypeVar

from engine.core import Data, refuse
from engine.core.effects import Param, Pause, to_plain

from ..context import ANSWER_RULES, Ctx, in_action_order, is_ai, seat_of
from ..effects import DRG, card_effect
from ..setup import UNIT_TYPES
from ..vocabulary import primitive
from . import heal as healing
from . import movement, power
from .control import controller
from .modifiers import add as add_modifier
from .modifiers import card_effects_named, condition_holds, held_cards
from .planning import card_kind
from .proxy import proxy_seat
from .round import power_of

ANSWER_RULES.update({"effect_choice": "DRG-EVENT-2", "optional_icon": "DRG-EVENT-4"})


# --- queueing ------------------------------------------------------------------------------------

def decider(ctx: Ctx, character: str | None) -> int:
    """The seat deciding for ``character``: its own, or its proxy's when it is an AI (DRG-AI-10,
    DRG-AI-17); for an event (no actor) the first player's, though an event itself never asks."""
    data = ctx.data
    if character is None:
        return seat_of(data, data["first"]) or 0
    seat = seat_of(data, character)
    return seat if seat is not None else proxy_seat(data, character)


def effect_step(effect: Mapping[str, Any], actor: str | None, source: str, region: str | None,
                target: str | None = None) -> dict[str, Any]:
    return {"effect": {"effect": to_plain(dict(effect)), "actor": actor, "source": source,
                       "region": region, "target": target}}


# The plain form of a card's effects (a content tuple: immutable), by the tuple's identity; each
# entry keeps its tuple, so an id is never reused while its entry stands. Steps copy what they take.
_PLAIN_EFFECTS: dict[int, tuple[tuple[Mapping[str, Any], ...], list[dict[str, Any]]]] = {}


def _plain_effects(effects: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    if effects.__class__ is not tuple:
        return [to_plain(dict(e)) for e in effects]
    kept = _PLAIN_EFFECTS.get(id(effects))
    if kept is None or kept[0] is not effects:
        if len(_PLAIN_EFFECTS) > 1024:
            _PLAIN_EFFECTS.clear()
        kept = _PLAIN_EFFECTS[id(effects)] = (effects, [to_plain(dict(e)) for e in effects])
    return kept[1]


def queue_effects(ctx: Ctx, actor: str | None, effects: Iterable[Mapping[str, Any]], source: str,
                  region: str | None = None) -> None:
    """Queue a card's ``effects`` to resolve next, top to bottom, for ``actor`` (None: an event)."""
    steps = [{"effect": {"effect": e, "actor": actor, "source": source, "region": region, "target": None}}
             for e in _plain_effects(effects)]                        # `effect_step`s (push copies them)
    if steps:
        ctx.push(*steps, seat=decider(ctx, actor))


# --- triggers ------------------------------------------------------------------------------------

def triggers_of(ctx: Ctx, holder: str) -> list[tuple[Mapping[str, Any], str]]:
    """(trigger args, source card) of the holder's held upgrades and face-up own Dragonbond card."""
    return [(args, card.id) for card in held_cards(ctx, holder) for args in card_effects_named(card, "trigger")]


def fire_triggers(ctx: Ctx, holder: str, on_event: str, region: str | None) -> None:
    """Queue the ``then`` effects of every trigger of ``holder`` for ``on_event`` whose ``when``
    holds now (7.1.2 `trigger`); optional ones are offered first (``optional_icon``)."""
    if ctx.ended():
        return
    steps = []
    for args, card in triggers_of(ctx, holder):
        if args["on_event"] != on_event:
            continue
        if not condition_holds(ctx, holder, args.get("when") or {}, None, region):
            continue
        steps.append({"trigger_fires": {"holder": holder, "card": card, "on_event": on_event,
                                        "region": region, "optional": bool(args.get("optional", False))}})
    if steps:
        ctx.push(*steps, seat=decider(ctx, holder))


@DRG.primitive("trigger_fires", holder=str, card=str, on_event=str, region=Param(str | None, None),
               optional=Param(bool, False))
def trigger_fires(ctx: Ctx, holder: str, card: str, on_event: str, region: str | None = None,
                  optional: bool = False, answer: Any = None) -> Pause | None:
    """One trigger: an optional one is the holder's choice, an AI always uses it (DRG-AI-16)."""
    if ctx.ended():
        return None
    if optional and not is_ai(ctx.data, holder) and answer is None:
        return Pause("optional_icon", ("use", "decline"))
    if answer == "decline":
        ctx.emit("trigger_declined", character=holder, card=card, on_event=on_event)
        return None
    then = next(args["then"] for args, c in triggers_of(ctx, holder)
                if c == card and args["on_event"] == on_event)
    ctx.emit("trigger_fired", character=holder, card=card, on_event=on_event, region=region)
    queue_effects(ctx, holder, then, card, region)
    return None


# --- the effect step -----------------------------------------------------------------------------

class Run:
    """One effect being resolved: who acts, its parameters, the card, the event region, the answer."""

    def __init__(self, ctx: Ctx, actor: str | None, args: Mapping[str, Any], source: str,
                 region: str | None, target: str | None, answer: Any) -> None:
        self.ctx, self.actor, self.args, self.source = ctx, actor, args, source
        self.region, self.target, self.answer = region, target, answer

    @property
    def data(self) -> Data:
        return self.ctx.data

    def ally(self) -> str | None:
        return self.data["boards"][self.actor]["bonded_with"] if self.actor else None

    def choice_rule(self) -> str:
        """The rule a choice of this effect answers to: its card kind's (`CHOICE_RULES`)."""
        return CHOICE_RULES.get(card_kind(self.source), "DRG-EVENT-2")

    def skip(self, name: str, reason: str = "no_legal_option") -> None:
        self.ctx.emit("effect_skipped", effect=name, actor=self.actor, source=self.source, reason=reason)

    def pick(self, name: str, options: Iterable[str]) -> Pause | str | None:
        """The chosen one of ``options`` (a pause while unanswered); None, after an
        ``effect_skipped`` event, when there is nothing to choose from."""
        options = tuple(options)
        if not options:
            self.skip(name)
            return None
        return self.choose(options)

    def choose(self, options: Iterable[str]) -> Pause | str:
        """The answer if given, else a pause for it (effect_choice)."""
        options = tuple(options)
        if self.answer is None:
            return Pause("effect_choice", options)
        return str(self.answer)


# The rule an effect's choice answers to, by the kind of card the effect comes from: an event's
# players choose in turn (DRG-EVENT-2), a Vaala card's caster makes all its choices (DRG-VAALA-9),
# an upgrade's or a Dragonbond card's holder uses its effect (DRG-UPGRADE-5, DRG-BONDED-6).
CHOICE_RULES = {"event": "DRG-EVENT-2", "vaala": "DRG-VAALA-9", "upgrade": "DRG-UPGRADE-5",
                "dragonbond": "DRG-BONDED-6"}

Handler = Callable[..., "Pause | None"]   # (run, **the effect's parameters), as DRG.call calls it
H = TypeVar("H", bound=Handler)
Legal = Callable[[Run], bool]
# For the effect primitives that can have nothing to do, whether they can now (DRG-VAALA-4), by
# their names on DRG (``effect.<name>``); registered with the handler, by `handles`.
LEGAL: dict[str, Legal] = {}


def handles(name: str, legal: Legal | None = None) -> Callable[[H], H]:
    """Attach the handler of the effect primitive ``name`` (vocabulary.PRIMITIVES, declared on DRG
    as ``effect.<name>``) and, if it can have no legal execution, the check of whether it has one
    (`has_legal_execution`)."""
    def register(fn: H) -> H:
        DRG.handles(card_effect(name))(fn)
        if legal is not None:
            LEGAL[card_effect(name)] = legal
        return fn
    return register


@DRG.primitive("effect", effect=Any, actor=Param(str | None, None), source=Param(str, ""),
               region=Param(str | None, None), target=Param(str | None, None))
def run_effect(ctx: Ctx, effect: Mapping[str, Any], actor: str | None = None, source: str = "",
               region: str | None = None, target: str | None = None, answer: Any = None) -> Pause | None:
    """Resolve one effect of 7.1.2 (see the module text)."""
    if ctx.ended():
        return None
    name, args = primitive(effect)
    return DRG.call(Run(ctx, actor, args, source, region, target, answer), card_effect(name), args)


def _per_player(run: Run, name: str, players: list[str]) -> None:
    """DRG-EVENT-2: one step per selected player, in action order, each deciding for itself."""
    ctx = run.ctx
    effect = {name: dict(run.args)}
    for player in reversed(players):            # each push goes first: push the last first
        ctx.push(effect_step(effect, player, run.source, run.region, target=player), seat=decider(ctx, player))


# --- selectors -----------------------------------------------------------------------------------

def select_players(run: Run, who: str) -> list[str]:
    """7.1.2 `who`, in action order from the first player (DRG-DEC-40); ``fewest_power`` is fixed
    before anyone gains (7.4 note)."""
    data = run.data
    order = in_action_order(data)
    boards = data["boards"]
    if who == "self":
        return [run.actor] if run.actor else []
    if who == "ally":
        ally = run.ally()
        return [ally] if ally else []
    if who == "each_general":
        return [ch for ch in order if boards[ch]["role"] == "general"]
    if who == "each_dragon":
        return [ch for ch in order if boards[ch]["role"] == "dragon"]
    if who == "each_human":
        return [ch for ch in order if boards[ch]["seat"] is not None]
    if who == "fewest_power":
        least = min(power_of(data, ch) for ch in order)
        return [ch for ch in order if power_of(data, ch) == least]
    return order                                                       # each_player


def _units_total(data: Data, region: str) -> int:
    here = data["regions"][region]
    return here["neutral"] + sum(sum(u.values()) for u in here["units"].values())


def region_matches(run: Run, region: str, where: Mapping[str, Any], who: str | None = None) -> bool:
    """7.1.2 `where`: every filter must hold (relative to ``who``, default the actor)."""
    data, me = run.data, who or run.actor
    here = data["regions"][region]
    figure = data["boards"][me]["region"] if me else None
    for key in where:                                                  # the filters in their order
        if key == "no_power":
            ok = here["power"] == 0
        elif key == "no_units":
            ok = _units_total(data, region) == 0
        elif key == "no_figures":
            ok = all(b["region"] != region for b in data["boards"].values())
        elif key == "has_city":
            ok = bool(here["city"])
        elif key == "controlled_by":
            holder, wanted = controller(data, region), where["controlled_by"]
            if wanted == "any":
                ok = holder is not None
            elif wanted == "none":
                ok = holder is None
            elif wanted == "self":
                ok = me is not None and holder == me
            else:
                raise KeyError(wanted)
        elif key == "min_power":
            ok = here["power"] >= where["min_power"]
        elif key == "own_unit":
            ok = me is not None and movement.has_units(data, region, me)
        elif key == "self_region":
            ok = region == figure
        elif key == "adjacent_to_self":
            ok = figure is not None and run.ctx.content.map.is_adjacent(figure, region)
        elif key == "controlled_or_figure":
            ok = me is not None and (region == figure or controller(data, region) == me)
        elif key == "event_region":
            ok = region == run.region
        elif key == "choose":
            ok = True
        else:
            raise KeyError(key)
        if not ok:
            return False
    return True


def regions_where(run: Run, where: Mapping[str, Any], who: str | None = None) -> list[str]:
    """Matching regions in map order (DRG-EVENT-3)."""
    return [r for r in run.ctx.content.map.order if region_matches(run, r, where, who)]


def _counts_text(counts: Mapping[str, int]) -> str:
    return "+".join(f"{k}.{n}" for k, n in counts.items() if n)


def _parse_counts(text: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for part in text.split("+"):
        if part:
            key, _, n = part.rpartition(".")
            out[key] = out.get(key, 0) + int(n)
    return out


def multisets(available: Mapping[str, int], sizes: Iterable[int]) -> list[str]:
    """Every way to pick ``size`` items from ``available`` (key -> how many), as count texts."""
    keys = [k for k, n in available.items() if n > 0]
    out: list[str] = []
    for size in sizes:
        for combo in combinations_with_replacement(keys, size):
            counts = {k: combo.count(k) for k in keys}
            if all(counts[k] <= available[k] for k in keys):
                out.append(_counts_text(counts))
    return out


# --- regions and the supply: add_power, remove_power, add_neutral --------------------------------

def _each_region(run: Run, name: str, act: Callable[[str], None]) -> Pause | None:
    where = run.args["where"]
    regions = regions_where(run, where)
    if not regions:
        run.skip(name)
        return None
    if where.get("choose"):
        got = run.choose(regions)
        if isinstance(got, Pause):
            return got
        regions = [got]
    for r in regions:                                                  # DRG-EVENT-3: map order
        act(r)
    return None


def _supply_transfer(run: Run, name: str, piece: str, to_map: bool, event: str) -> Pause | None:
    """Move up to n ``piece`` ("power" or "neutral") between the supply and each matching region,
    in map order; once the source is empty, later regions get nothing (DRG-EVENT-3)."""
    data, n = run.data, run.args["n"]

    def move(r: str) -> None:
        source, sink = (data["supply"], data["regions"][r]) if to_map else (data["regions"][r], data["supply"])
        k = min(n, source[piece])
        if k:
            source[piece] -= k
            sink[piece] += k
            run.ctx.emit(event, region=r, n=k, source=run.source)
    return _each_region(run, name, move)


@handles("add_power")
def add_power(run: Run, **params: Any) -> Pause | None:
    """Put n tokens from the supply in each matching region (DRG-POWER-13)."""
    return _supply_transfer(run, "add_power", "power", True, "power_placed")


@handles("remove_power")
def remove_power(run: Run, **params: Any) -> Pause | None:
    """Return up to n tokens of each matching region to the supply."""
    return _supply_transfer(run, "remove_power", "power", False, "power_removed")


@handles("add_neutral")
def add_neutral(run: Run, **params: Any) -> Pause | None:
    """Put n neutral units from the neutral supply in each matching region (DRG-UNIT-4)."""
    return _supply_transfer(run, "add_neutral", "neutral", True, "neutral_placed")


# --- players: gain_power, steal_power, collect_power, heal, draw_vaala ----------------------------

@handles("gain_power")
def gain_power(run: Run, **params: Any) -> Pause | None:
    """DRG-POWER-5..8, DRG-GOAL-6: one player at a time in action order, a win check after each."""
    players = select_players(run, run.args["who"])
    if not power.gain_each(run.ctx, players, run.args["n"]) and not run.ctx.ended():
        run.skip("gain_power", "supply_empty")
    return None


def steal_victims(run: Run) -> list[str]:
    """`opponent_in_self_region`: non-allied players with a figure or units in the actor's region."""
    data, me, ally = run.data, run.actor, run.ally()
    if me is None:
        return []
    here = data["boards"][me]["region"]
    return [ch for ch in in_action_order(data) if ch not in (me, ally)
            and (data["boards"][ch]["region"] == here or movement.has_units(data, here, ch))]


def can_steal_power(run: Run) -> bool:
    return bool(steal_victims(run))


@handles("steal_power", legal=can_steal_power)
def steal_power(run: Run, **params: Any) -> Pause | None:
    """DRG-POWER-9/10/11, DRG-BONDED-3: the actor steals n tokens from the player it chooses."""
    got = run.pick("steal_power", steal_victims(run))
    if got is None or isinstance(got, Pause):
        return got
    power.steal(run.ctx, run.actor, got, run.args["n"])  # type: ignore[arg-type]
    return None


def can_collect_power(run: Run) -> bool:
    return any(run.data["regions"][r]["power"] > 0 for r in regions_where(run, run.args["where"]))


@handles("collect_power", legal=can_collect_power)
def collect_power(run: Run, **params: Any) -> Pause | None:
    """The actor takes n tokens from one matching region, without the `collect` conditions."""
    regions = [r for r in regions_where(run, run.args["where"]) if run.data["regions"][r]["power"] > 0]
    if not regions:
        run.skip("collect_power")
        return None
    region = regions[0]
    if run.args["where"].get("choose"):
        got = run.choose(regions)
        if isinstance(got, Pause):
            return got
        region = got
    power.take_from_region(run.ctx, run.actor, region, run.args["n"])  # type: ignore[arg-type]
    return None


def can_heal(run: Run) -> bool:
    """Some selected dragon is below its maximum health."""
    boards = run.data["boards"]
    return any(boards[d]["role"] == "dragon" and boards[d]["health"] < healing.health_max(run.ctx, d)
               for d in select_players(run, run.args["who"]))


@handles("heal", legal=can_heal)
def heal(run: Run, **params: Any) -> Pause | None:
    """Each selected dragon heals n, up to its maximum (DRG-HEAL-4); at 0 health too (DRG-EVENT-5)."""
    for dragon in select_players(run, run.args["who"]):
        if run.data["boards"][dragon]["role"] == "dragon":
            healing.heal(run.ctx, dragon, run.args["n"])
    return None


# --- units: place_units, remove_units, push_units -------------------------------------------------

def place_options(run: Run, general: str) -> list[str]:
    """``<region>/<type>.<n>+...``: where and which units ``place_units`` may put now."""
    args = run.args
    board = run.data["boards"][general]
    if board["role"] != "general":
        return []
    pool = board["pool"]
    regions = regions_where(run, args["where"], general)
    if not args["where"].get("choose"):
        regions = regions[:1]
    if args["type"] == "any":
        k = min(args["n"], sum(pool.values()))
        groups = multisets(pool, [k]) if k else []
    else:
        k = min(args["n"], pool[args["type"]])
        groups = [f"{args['type']}.{k}"] if k else []
    return [f"{r}/{g}" for r in regions for g in groups]


def can_place_units(run: Run) -> bool:
    return run.actor is not None and bool(place_options(run, run.actor))


@handles("place_units", legal=can_place_units)
def place_units(run: Run, **params: Any) -> Pause | None:
    """The selected general places n units (types of its choice for `any`) from its pool in one
    matching region; several generals each in turn (DRG-EVENT-2)."""
    if run.target is None:
        players = select_players(run, run.args["who"])
        if run.actor is None or players != [run.actor]:
            _per_player(run, "place_units", players)
            return None
    general = run.target or run.actor
    options = place_options(run, general)  # type: ignore[arg-type]
    if not options:
        run.skip("place_units")
        return None
    got = options[0] if len(options) == 1 else run.choose(options)
    if isinstance(got, Pause):
        return got
    region, _, group = got.partition("/")
    movement.place_units(run.ctx, general, region, _parse_counts(group))  # type: ignore[arg-type]
    return None


def removable(run: Run, region: str) -> dict[str, int]:
    """`owners: non_ally`: neutral units and units of generals other than the actor and its ally
    (DRG-BONDED-3), as piece -> count (``neutral``, ``<general>-<type>``)."""
    data = run.data
    out = {"neutral": data["regions"][region]["neutral"]}
    for general, units in data["regions"][region]["units"].items():
        if general in (run.actor, run.ally()):
            continue
        for t in UNIT_TYPES:
            out[f"{general}-{t}"] = units.get(t, 0)
    return {k: n for k, n in out.items() if n > 0}


def _group_options(available: Mapping[str, int], n: int) -> list[str]:
    """Up to n pieces (at least 1) among ``available``."""
    top = min(n, sum(available.values()))
    return multisets(available, range(1, top + 1))


def _split_regions(run: Run, name: str, where: Mapping[str, Any]) -> list[str] | None:
    """One region to act on, or None after queueing one step per matching region (no `choose`)."""
    regions = regions_where(run, where)
    if len(regions) > 1 and not where.get("choose"):
        ctx = run.ctx
        for r in reversed(regions):
            args = {**dict(run.args), ("from" if name == "push_units" else "where"): {"event_region": True}}
            ctx.push(effect_step({name: args}, run.actor, run.source, r, run.target), seat=decider(ctx, run.actor))
        return None
    return regions


def _take_pieces(run: Run, region: str, group: str) -> list[tuple[str, dict[str, int]]]:
    """(owner, units) per owner of a piece text; refused if a piece is not offered (DRG-BONDED-3)."""
    chosen = _parse_counts(group)
    available = removable(run, region)
    for piece, n in chosen.items():
        owner = piece.split("-")[0]
        if owner == run.ally():
            raise refuse("DRG-BONDED-3", f"{run.actor} may not choose its bonded ally's pieces")
        if available.get(piece, 0) < n:
            raise refuse(run.choice_rule(), f"{n} of {piece} {'is' if n == 1 else 'are'} not there to choose")
    by_owner: dict[str, dict[str, int]] = {}
    for piece, n in chosen.items():
        owner, _, unit_type = piece.partition("-")
        by_owner.setdefault(owner, {})[unit_type or "neutral"] = n
    return list(by_owner.items())


def can_remove_units(run: Run) -> bool:
    return any(removable(run, r) for r in regions_where(run, run.args["where"]))


@handles("remove_units", legal=can_remove_units)
def remove_units(run: Run, **params: Any) -> Pause | None:
    """Up to n non-allied units leave the region, chosen by the actor; not combat damage: no
    devour, steal, city or mountain (DRG-COMBAT-18, DRG-DEC-51). Units go back to their pools."""
    regions = _split_regions(run, "remove_units", run.args["where"])
    if regions is None:
        return None
    options = {r: _group_options(removable(run, r), run.args["n"]) for r in regions}
    flat = [f"{r}/{g}" if len(regions) > 1 else g for r in regions for g in options[r]]
    if not flat:
        run.skip("remove_units")
        return None
    got = run.choose(flat)
    if isinstance(got, Pause):
        return got
    region, group = got.split("/") if len(regions) > 1 else (regions[0], got)
    for owner, units in _take_pieces(run, region, group):
        movement.remove_units(run.ctx, region, owner, units, cause="effect")
    return None


def can_push_units(run: Run) -> bool:
    """Some matching origin holds a piece to push and has another matching region to push it to."""
    return any(removable(run, o) and [d for d in regions_where(run, run.args["to"]) if d != o]
               for o in regions_where(run, run.args["from"]))


@handles("push_units", legal=can_push_units)
def push_units(run: Run, **params: Any) -> Pause | None:
    """Up to n non-allied units go together from the region to one matching region; not a move
    (no mountain, no ev08) and never a combat (DRG-UNIT-5, DRG-COMBAT-18)."""
    regions = _split_regions(run, "push_units", run.args["from"])
    if regions is None:
        return None
    if not regions:
        run.skip("push_units")
        return None
    origin = regions[0]
    groups = _group_options(removable(run, origin), run.args["n"])
    destinations = [r for r in regions_where(run, run.args["to"]) if r != origin]
    options = [f"{d}/{g}" for d in destinations for g in groups]
    if not options:
        run.skip("push_units")
        return None
    got = run.choose(options)
    if isinstance(got, Pause):
        return got
    destination, _, group = got.partition("/")
    for owner, units in _take_pieces(run, origin, group):
        movement.relocate_units(run.ctx, owner, origin, destination, units)
    return None


# --- cities, icons, the oath, modifiers, triggers, carry ----------------------------------------

def city_regions(run: Run) -> list[str]:
    data, ally = run.data, run.ally()
    want = run.args["owner"]
    return [r for r in regions_where(run, run.args["where"])
            if data["regions"][r]["city"] and data["regions"][r]["city"] != ally
            and (want == "any" or data["regions"][r]["city"] != run.actor)]


def can_remove_city(run: Run) -> bool:
    return bool(city_regions(run))


@handles("remove_city", legal=can_remove_city)
def remove_city(run: Run, **params: Any) -> Pause | None:
    """Remove one matching city (`other`: not the actor's; never its ally's, DRG-BONDED-3) to the
    supply; not combat (DRG-DEC-51)."""
    got = run.pick("remove_city", city_regions(run))
    if got is None or isinstance(got, Pause):
        return got
    here = run.data["regions"][got]
    owner, here["city"] = here["city"], False
    run.data["supply"]["cities"] += 1
    run.ctx.emit("city_removed", region=got, owner=owner, cause="effect", source=run.source)
    return None


@handles("oath_check")
def oath_check(run: Run, **params: Any) -> Pause | None:
    """DRG-OATH-4: every current oath pair takes the oath (ev06), by the flow step ``oath_check``
    (rules/oath.py): another DRG primitive than this card effect, ``effect.oath_check``."""
    run.ctx.push({"oath_check": {"owner": None, "everyone": True}})
    return None


@handles("modifier")
def modifier(run: Run, **params: Any) -> Pause | None:
    """A rule change for its duration (rules/modifiers.py); ev08's `mountains_closed` is global."""
    add_modifier(run.ctx, run.actor, run.args, run.source)
    return None


@handles("trigger")
def trigger(run: Run, **params: Any) -> Pause | None:
    """A trigger resolves only when its event happens (`fire_triggers`)."""
    return None


@handles("carry")
def carry(run: Run, **params: Any) -> Pause | None:
    """fer_bond: the bonded general's figure and up to ``units_max`` of its units in the dragon's
    region end the fly with the dragon (rules/movement.py `fly` moves them; an arrival)."""
    ally = run.ally()
    data = run.data
    if ally is None or run.actor is None:
        run.skip("carry")
        return None
    here = data["boards"][run.actor]["region"]
    if data["boards"][ally]["region"] != here:
        run.skip("carry")
        return None
    units = movement.units_of(data, here, ally)
    options = ["figure"] + [f"figure+{g}" for g in multisets(units, range(1, run.args["units_max"] + 1))]
    got = options[0] if len(options) == 1 else run.choose(options)
    if isinstance(got, Pause):
        return got
    chosen = _parse_counts(got.removeprefix("figure").lstrip("+"))
    data["carry"] = {"dragon": run.actor, "general": ally, "origin": here, "units": chosen}
    run.ctx.emit("carry_prepared", dragon=run.actor, general=ally, units=chosen)
    return None


# --- legality of a first effect (DRG-VAALA-4) ---------------------------------------------------

def has_legal_execution(ctx: Ctx, actor: str, effect: Mapping[str, Any]) -> bool:
    """Whether ``effect`` can do something for ``actor`` now (a cast needs its first effect to):
    its primitive's `LEGAL` check, or True for a primitive that always does something."""
    name, args = primitive(effect)
    legal = LEGAL.get(card_effect(name))
    return legal is None or legal(Run(ctx, actor, args, "", None, None, None))
