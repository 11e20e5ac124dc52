"""Icons: a human's action card resolves its icons (DRG-ACTION, decision points 9.2 #6..#10, #13),
and the same icon step runs an icon granted by an event or a Vaala card (DRG-EVENT-4).

``resolve_card`` (rules/stack.py) queues, for a human's action card: ``card_comes_up`` first when
the owner is a dragon (it may heal instead, DRG-EXEC-3/8), then ``card_icons``, which queues one
``icon`` step per icon in printed order (DRG-ACTION-1). The ``icon`` step carries the icon itself
(from its source: a card, an event, a Vaala card), so a granted icon runs through the same code.
It computes the legal options when it is reached (DRG-ACTION-2); with none, or for a dragon at 0
health (DRG-HEAL-5, DRG-EVENT-5), it is skipped with an ``icon_skipped`` event; otherwise it
pauses for the owner's seat as ``icon_<name>`` (DRG-ACTION-3/5), or as ``optional_icon`` (the same
options plus ``decline``) when the icon may be declined (DRG-EVENT-4, DRG-DEC-13). An AI owner's
granted icon runs by its AI reading, always used when legal (``ai.run_icon``, DRG-AI-16). An AI's
action card queues the same ``icon`` steps (``queue_ai_card``, ``ai_card_icons``: DRG-AI-6, no
choices of its own). The card effect ``grant_icon`` (spec 7.1.2) is registered here.

Options are plain strings:

- ``move/<origin>/<destination>`` — stage 1 of a `move`: an origin holding one of the general's
  pieces and an adjacent destination (open under ev08, DRG-MOVE-8). The pieces are then chosen in
  **staged decisions** (DRG-MOVE-1: any subset of the pieces at the origin; listing every subset in
  one list would give thousands of options), each a short list asked of the same seat as the
  decision ``icon_move_pieces`` (step ``move_pieces``, the choices so far kept in its params):
  per unit type present at the origin (order infantry, cavalry, ranged) how many go, ``<type>.<k>``
  for k = 0..n; then, when the figure stands at the origin, ``figure`` or ``no_figure``. At the
  last stage, while nothing has been chosen, ``<type>.0``/``no_figure`` is not offered (DRG-MOVE-4),
  so every completion moves at least one piece. A stage with one option only is taken at once.
  With an ``extra_step`` modifier (up_outriders) and moved units of its type, a last
  ``icon_move_pieces`` stage (step ``move_on``) offers ``stay`` or ``on/<region>``: those units go
  on together one step from the destination (spec 7.1.2);
- ``fly/<r1>/<r2>...`` — one shortest path to each region 1..n steps away (not the origin). Only
  where a fly ends matters to the rules (DRG-MOVE-3/7/9), so any other legal path to that region
  is an equal spelling of the listed one (answers.py), and an illegal path is refused with its rule
  (DRG-MOVE-3/4/8/9). A fly first fires the holder's ``fly_start`` triggers (fer_bond's carry);
- ``attack/<region>/<target>`` — rules/attack.py (a general's approach is chosen in the staged
  decision ``attack_approach`` there); ``deploy/<type>@<region>`` (then ``deploy_icon`` triggers,
  up_militia); ``collect/<region>``; ``draw`` or ``cast/<card>/pay/...`` (rules/vaala.py).
(Command notation allows only letters, digits and ``_ @ / . + -`` in a value.)
"""
from __future__ import annotations

import marshal
from collections.abc import Mapping
from typing import Annotated, Any

from engine.core import refuse
from engine.core.effects import Param, Pause, to_plain

from ..context import ANSWER_RULES, Ctx, is_ai, seat_of, stage_pick
from ..effects import DRG
from ..setup import UNIT_TYPES
from ..vocabulary import ICON, Icon
from . import ai as ai_rules
from . import attack, card_effects, modifiers, movement, power, vaala
from .heal import can_execute_icons

ANSWER_RULES.update({"icon_vaala": "DRG-VAALA-2", "icon_move_pieces": "DRG-MOVE-1"})


def queue_action_card(ctx: Ctx, owner: str, card: str) -> None:
    """DRG-EXEC-3, DRG-ACTION-5: the owner's seat decides every choice of the card."""
    seat = seat_of(ctx.data, owner)
    icons = {"owner": owner, "card": card}
    if ctx.board(owner)["role"] == "dragon" and not ctx.try_now("card_comes_up", {"owner": owner}, seat=seat):
        ctx.push({"card_comes_up": {"owner": owner}}, {"card_icons": icons}, seat=seat)   # heal instead?
        return
    ctx.run_now("card_icons", icons, seat=seat)


@DRG.primitive("card_icons", owner=str, card=str)
def card_icons(ctx: Ctx, owner: str, card: str) -> None:
    """DRG-ACTION-1: one step per icon, top to bottom; none when the dragon healed instead."""
    data = ctx.data
    if ctx.ended():
        return
    if ctx.board(owner)["role"] == "dragon" and data.get("card_mode") == "heal":
        ctx.emit("icons_skipped", card=card, owner=owner, reason="healed")
        return
    icons = ctx.content.action_cards[card].icons
    ctx.push(*(icon_step(owner, icon, card, index=i) for i, icon in enumerate(icons)),
             seat=seat_of(data, owner))


def queue_ai_card(ctx: Ctx, owner: str, card: str) -> None:
    """DRG-AI-6: the card is executed icon by icon; a dragon's heal policy runs first (DRG-AI-21)."""
    if ctx.board(owner)["role"] == "dragon":                         # an AI decides at once: no pause
        ctx.run_now("card_comes_up", {"owner": owner})
    ctx.run_now("ai_card_icons", {"owner": owner, "card": card})


@DRG.primitive("ai_card_icons", owner=str, card=str)
def ai_card_icons(ctx: Ctx, owner: str, card: str) -> None:
    if ctx.ended():
        return
    if ctx.board(owner)["role"] == "dragon" and ctx.data.get("card_mode") == "heal":
        ctx.emit("icons_skipped", card=card, owner=owner, reason="healed")
        return
    icons = ctx.content.action_cards[card].icons
    # The shared icon step runs an AI owner's icon by ``ai.run_icon``, so an AI's fly fires its
    # fly_start triggers (fer_bond) like a human's (DRG-AI-16, -17). An AI's icon never pauses.
    ctx.run_each([icon_step(owner, icon, card, index=i) for i, icon in enumerate(icons)])


def icon_step(owner: str, icon: Icon | Mapping[str, Any], source: str, *, index: int | None = None,
              optional: bool = False) -> dict[str, Any]:
    """The queued step running ``icon`` for ``owner`` (from a card at ``index``, or granted)."""
    return {"icon": {"owner": owner, "icon": as_plain_icon(icon), "source": source, "index": index,
                     "optional": optional}}


def as_plain_icon(icon: Icon | Mapping[str, Any]) -> dict[str, Any]:
    """The icon as queued step data (a new dict): its set parameters only."""
    if isinstance(icon, Icon):
        plain = icon.__dict__.get("_plain")          # icons are frozen: their plain form is kept on them
        if plain is None:
            plain = {k: v for k, v in to_plain(icon).items() if v is not None}
            object.__setattr__(icon, "_plain", plain)
        return dict(plain)
    return {k: v for k, v in icon.items() if v is not None}


# Icons read back from queued steps, by their exact data (marshal bytes): the same few recur.
_READ_ICONS: dict[bytes, Icon] = {}


def as_icon(icon: Icon | Mapping[str, Any]) -> Icon:
    if isinstance(icon, Icon):
        return icon
    try:
        key: bytes | None = marshal.dumps(icon, 0)    # type: ignore[arg-type]  # format 0: equal data, equal bytes
    except ValueError:                                # not plain data (a FrozenMap): not kept
        key = None
    found = _READ_ICONS.get(key) if key is not None else None
    if found is None:
        found = Icon(**{k: v for k, v in dict(icon).items() if v is not None})
        if key is not None and len(_READ_ICONS) < 512:
            _READ_ICONS[key] = found
    return found


# A queued icon is read back as an `Icon` (checked as content icons are), once per distinct step.
@DRG.primitive("icon", owner=str, icon=Annotated[Icon, ICON], source=Param(str, ""), index=Param(int | None, None),
               optional=Param(bool, False), started=Param(bool, False))
def run_icon(ctx: Ctx, owner: str, icon: Icon | Mapping[str, Any], source: str = "", index: int | None = None,
             optional: bool = False, started: bool = False, answer: Any = None) -> Pause | None:
    """DRG-ACTION-2/3, DRG-EVENT-4/5, DRG-HEAL-5, DRG-AI-16: one icon from any source."""
    if ctx.ended():
        return None
    the_icon = as_icon(icon)
    if not can_execute_icons(ctx.data, owner):                       # DRG-HEAL-5, DRG-EVENT-5
        _skip(ctx, owner, the_icon, source, index, "no_health")
        return None
    ai = is_ai(ctx.data, owner)
    if answer is not None and not ai and (started or the_icon.icon != "fly"):
        # The answer to the pause this step made on this same state; the interpreter checked it
        # against the options listed then, so they are not listed again (an invariant holds that
        # a waiting decision is the one its step asks now: EffectInterpreter.decision_problems).
        _answered(ctx, owner, the_icon, source, answer)
        return None
    options = () if ai else icon_options(ctx, owner, the_icon)
    legal = _ai_may_try(ctx, owner, the_icon) if ai else bool(options)
    if not legal:
        _skip(ctx, owner, the_icon, source, index, "no_legal_option")
        return None
    if the_icon.icon == "fly" and not started:                       # fly_start triggers (fer_bond)
        _drop_carry(ctx, the_icon)
        fly = {"owner": owner, "icon": as_plain_icon(icon), "source": source, "index": index,
               "optional": optional, "started": True}
        before = len(ctx.queue)
        card_effects.fire_triggers(ctx, owner, "fly_start", ctx.board(owner)["region"])
        if len(ctx.queue) > before:                                  # the fly goes on behind its triggers
            ctx.push_behind(len(ctx.queue) - before, {"icon": fly})
        elif ai:                        # an AI's fly never pauses: with no trigger before it, at once
            ctx.run_now("icon", fly)
        else:
            ctx.push({"icon": fly})
        return None
    if ai:
        if not ai_rules.run_icon(ctx, owner, the_icon):
            _skip(ctx, owner, the_icon, source, index, "no_legal_option")
        else:
            _after_icon(ctx, owner, the_icon, None)
        return None
    if answer is None:
        return Pause("optional_icon", options + ("decline",)) if optional else Pause(f"icon_{the_icon.icon}", options)
    _answered(ctx, owner, the_icon, source, answer)
    return None


def _skip(ctx: Ctx, owner: str, icon: Icon, source: str, index: int | None, reason: str) -> None:
    """The icon does not execute (``reason``): nothing left prepared for it, and said so."""
    _drop_carry(ctx, icon)
    ctx.emit("icon_skipped", card=source, owner=owner, icon=icon.icon, index=index, reason=reason)


def _answered(ctx: Ctx, owner: str, icon: Icon, source: str, answer: Any) -> None:
    """A human's answer to its icon: declined, or executed by the icon's own rules."""
    if answer == "decline":
        _drop_carry(ctx, icon)
        ctx.emit("icon_declined", card=source, owner=owner, icon=icon.icon)
        return
    apply_icon(ctx, owner, icon, str(answer))


def _drop_carry(ctx: Ctx, icon: Icon) -> None:
    """fer_bond's carry is prepared at the start of one fly (spec 7.7): a fly that does not happen
    (skipped, declined) leaves nothing prepared for a later one."""
    if icon.icon == "fly":
        ctx.data.pop("carry", None)


def _ai_may_try(ctx: Ctx, owner: str, icon: Icon) -> bool:
    """An AI's icon is tried by its reading when its role uses it (DRG-ACTION-4)."""
    return ctx.board(owner)["role"] in icon.spec.users


def _after_icon(ctx: Ctx, owner: str, icon: Icon, option: str | None) -> None:
    """Spec 7.5 up_militia: a resolved `deploy` icon fires the holder's ``deploy_icon`` triggers
    in the region it deployed to."""
    if icon.icon != "deploy":
        return
    deployed = [e for e in ctx.events if e.kind == "unit_deployed" and e.data["character"] == owner]
    if deployed:
        card_effects.fire_triggers(ctx, owner, "deploy_icon", deployed[-1].data["region"])


# --- the card effect `grant_icon` (spec 7.1.2) ---------------------------------------------------

def granted_icon(args: Mapping[str, Any], role: str) -> Mapping[str, Any] | None:
    """The icon a `grant_icon` effect gives a player of ``role`` (None: none for that role)."""
    if "icon_by_role" in args:
        return args["icon_by_role"].get(role)
    return args["icon"]


def can_grant_icon(run: card_effects.Run) -> bool:
    """DRG-VAALA-4: the actor can execute the granted icon now."""
    if run.actor is None:
        return False
    icon = granted_icon(run.args, run.ctx.board(run.actor)["role"])
    return icon is not None and bool(icon_options(run.ctx, run.actor, as_icon(icon)))


@card_effects.handles("grant_icon", legal=can_grant_icon)
def grant_icon(run: card_effects.Run, **params: Any) -> Pause | None:
    """DRG-EVENT-2/4: each selected player executes the icon now, in action order, by the icon's
    own rules; `optional` ones may be declined (an AI always uses them, DRG-AI-16)."""
    ctx = run.ctx
    steps = []
    for player in card_effects.select_players(run, run.args["who"]):
        icon = granted_icon(run.args, ctx.board(player)["role"])
        if icon is not None:
            steps.append((icon_step(player, icon, run.source, optional=bool(run.args.get("optional"))), player))
    for step, player in reversed(steps):
        ctx.push(step, seat=card_effects.decider(ctx, player))
    return None


# --- options -------------------------------------------------------------------------------------

def icon_options(ctx: Ctx, owner: str, icon: Icon) -> tuple[str, ...]:
    """The legal executions of ``icon`` for ``owner`` now, as option strings, in a fixed order."""
    role = ctx.board(owner)["role"]
    if role not in icon.spec.users:                                  # DRG-ACTION-4
        return ()
    if icon.icon == "move":
        return move_options(ctx, owner)
    if icon.icon == "fly":
        return fly_options(ctx, owner, icon.n or 1)
    if icon.icon == "deploy":
        types = movement.deploy_types(ctx, owner, icon.type or "any")
        regions = movement.deploy_regions(ctx, owner) if types else ()          # found once for all types
        return tuple(f"deploy/{t}@{r}" for t in types for r in regions)
    if icon.icon == "collect":
        return tuple(f"collect/{r}" for r in power.collect_regions(ctx, owner))
    if icon.icon == "attack":
        return attack.options(ctx, owner)
    if icon.icon == "vaala":
        return vaala.icon_options(ctx, owner)
    return ()


def extra_step_types(ctx: Ctx, general: str) -> set[str]:
    """Spec 7.1.2 `extra_step` (up_outriders): unit types whose moved units may go one step further."""
    return {str(v) for v in modifiers.values(ctx, general, "extra_step", None)}


def move_options(ctx: Ctx, general: str) -> tuple[str, ...]:
    """DRG-MOVE-1/4/8, stage 1: ``move/<origin>/<destination>`` for every origin holding one of the
    general's pieces and every adjacent destination open now (the pieces are chosen next)."""
    closed = movement.storm_active(ctx.data)
    return tuple(f"move/{origin}/{destination}" for origin in movement.move_origins(ctx, general)
                 for destination in ctx.content.map.neighbours(origin, mountains_closed=closed))


def fly_options(ctx: Ctx, dragon: str, n: int) -> tuple[str, ...]:
    """DRG-MOVE-3/8/9: a shortest path to every region 1..n steps away other than the origin."""
    closed = movement.storm_active(ctx.data)
    origin = ctx.board(dragon)["region"]
    memo, key = ctx.content.map.memo, ("fly_options", origin, n, closed)   # the map's own answer
    found = memo.get(key)
    if found is None:
        found = memo[key] = _fly_options(ctx, origin, n, closed)
    return found                                                   # type: ignore[return-value]


def _fly_options(ctx: Ctx, origin: str, n: int, closed: bool) -> tuple[str, ...]:
    paths: dict[str, list[str]] = {origin: []}
    frontier = [origin]
    for _ in range(n):
        nxt: list[str] = []
        for here in frontier:
            for step in ctx.content.map.neighbours(here, mountains_closed=closed):
                if step not in paths:
                    paths[step] = paths[here] + [step]
                    nxt.append(step)
        frontier = nxt
    return tuple("fly/" + "/".join(paths[r]) for r in ctx.content.map.order if r != origin and r in paths)


def fly_path(option: str) -> list[str]:
    """The regions a ``fly/<r1>/<r2>...`` option enters (none for ``fly`` or ``fly/``)."""
    rest = option.partition("/")[2]
    return rest.split("/") if rest else []


# --- applying an answer --------------------------------------------------------------------------

def apply_icon(ctx: Ctx, owner: str, icon: Icon, option: str) -> None:
    """Execute one legal option of ``icon`` (each rule module checks and refuses on its own)."""
    if icon.icon == "vaala":
        vaala.apply(ctx, owner, option)
        return
    kind, _, rest = option.partition("/")
    if kind != icon.icon:
        raise refuse("DRG-ACTION-1", f"{option!r} does not execute the {icon.notation()} icon, which resolves now")
    if kind == "move":
        begin_move(ctx, owner, rest)
    elif kind == "fly":
        movement.fly(ctx, owner, fly_path(option), icon.n or 1)
    elif kind == "deploy":
        unit_type, _, region = rest.partition("@")
        movement.deploy(ctx, owner, icon.type or "any", unit_type, region)
        _after_icon(ctx, owner, icon, option)
    elif kind == "collect":
        power.collect(ctx, owner, rest)
    elif kind == "attack":
        attack.begin(ctx, owner, option)


# --- the staged `move` (DRG-MOVE-1) ----------------------------------------------------------------

def begin_move(ctx: Ctx, general: str, rest: str) -> None:
    """Stage 1 answered (``<origin>/<destination>``): check the pair, then choose the pieces."""
    origin, _, destination = rest.partition("/")
    check_move_pair(ctx, general, origin, destination)
    ctx.run_next("move_pieces", {"owner": general, "origin": origin, "destination": destination})


def check_move_pair(ctx: Ctx, general: str, origin: str, destination: str) -> None:
    """DRG-ACTION-4, DRG-MOVE-1/8: ``general`` may move pieces from ``origin`` to ``destination``."""
    if ctx.board(general)["role"] != "general":
        raise refuse("DRG-ACTION-4", f"{general} is a dragon: dragons fly, they do not `move`")
    data = ctx.data                                                  # origin in move_origins:
    if origin not in data["regions"] or not (origin == ctx.board(general)["region"]
                                             or movement.has_units(data, origin, general)):
        raise refuse("DRG-MOVE-1", f"{general} has no piece in {origin!r}")
    closed = movement.storm_active(ctx.data)
    if destination not in ctx.content.map.neighbours(origin, mountains_closed=closed):
        if ctx.content.map.is_adjacent(origin, destination):
            raise refuse("DRG-MOVE-8", "the storm closes the mountain borders: no piece may cross them")
        raise refuse("DRG-MOVE-1", f"{destination!r} is not adjacent to {origin}")


def move_stages(ctx: Ctx, general: str, origin: str, chosen: Mapping[str, int],
                figure: bool | None, here: Mapping[str, int] | None = None) -> list[str]:
    """The piece stages still to decide: unit types present at ``origin`` (``here``, when the caller
    has the general's `units_of` there), then ``figure``."""
    if here is None:
        here = movement.units_of(ctx.data, origin, general)
    stages = [t for t in UNIT_TYPES if here[t] and t not in chosen]
    if figure is None and ctx.board(general)["region"] == origin:
        stages.append("figure")
    return stages


def move_stage_options(ctx: Ctx, general: str, origin: str, chosen: Mapping[str, int],
                       figure: bool | None, stages: list[str] | None = None,
                       here: Mapping[str, int] | None = None) -> tuple[str, ...]:
    """DRG-MOVE-1/4: the options of the next piece stage (of ``stages`` and ``here``, when the
    caller has them: `move_stages`); nothing-at-all is never completed."""
    if here is None:
        here = movement.units_of(ctx.data, origin, general)
    if stages is None:
        stages = move_stages(ctx, general, origin, chosen, figure, here)
    must_take = len(stages) == 1 and not any(chosen.values()) and not figure
    stage = stages[0]
    if stage == "figure":
        return ("figure",) if must_take else ("figure", "no_figure")
    return tuple(f"{stage}.{k}" for k in range(1 if must_take else 0, here[stage] + 1))


@DRG.primitive("move_pieces", owner=str, origin=str, destination=str, chosen=Param(Any, None),
               figure=Param(bool | None, None))
def move_pieces(ctx: Ctx, owner: str, origin: str, destination: str, chosen: Any = None,
                figure: bool | None = None, answer: Any = None) -> Pause | None:
    """DRG-MOVE-1/4: one stage of choosing the pieces that move (``icon_move_pieces``); once all
    are chosen the move is made, then up_outriders' extra step may follow."""
    if ctx.ended():
        return None
    check_move_pair(ctx, owner, origin, destination)      # each stage moves from the same pair
    chosen = {str(t): int(n) for t, n in dict(chosen or {}).items()}
    here = movement.units_of(ctx.data, origin, owner)
    if any(n > here.get(t, 0) for t, n in chosen.items()) or (figure and ctx.board(owner)["region"] != origin):
        raise refuse("DRG-MOVE-1", f"{owner} has not those pieces in {origin}")
    stages = move_stages(ctx, owner, origin, chosen, figure, here)
    if not stages:
        units = {t: n for t, n in chosen.items() if n}
        movement.move(ctx, owner, origin, destination, units, bool(figure))
        _offer_extra_step(ctx, owner, destination, units)
        return None
    options = move_stage_options(ctx, owner, origin, chosen, figure, stages, here)
    picked = stage_pick("icon_move_pieces", options, answer, "DRG-MOVE-1")
    if isinstance(picked, Pause):
        return picked
    if picked in ("figure", "no_figure"):
        figure = picked == "figure"
    else:
        t, _, k = picked.partition(".")
        chosen[t] = int(k)
    ctx.run_next("move_pieces", {"owner": owner, "origin": origin, "destination": destination,
                                 "chosen": chosen, "figure": figure})
    return None


def _offer_extra_step(ctx: Ctx, general: str, destination: str, moved: Mapping[str, int]) -> None:
    """Spec 7.1.2 `extra_step`: queue the choice for the moved units of the modifier's types."""
    going = {t: n for t, n in moved.items() if t in extra_step_types(ctx, general) and n}
    closed = movement.storm_active(ctx.data)
    if going and ctx.content.map.neighbours(destination, mountains_closed=closed):
        ctx.push({"move_on": {"owner": general, "destination": destination, "units": going}})


@DRG.primitive("move_on", owner=str, destination=str, units=Any)
def move_on(ctx: Ctx, owner: str, destination: str, units: Any, answer: Any = None) -> Pause | None:
    """Spec 7.1.2 `extra_step` (up_outriders): ``stay``, or ``on/<region>`` — the moved units of
    that type go on together one step from the destination (a move: DRG-MOVE-8 applies)."""
    if ctx.ended():
        return None
    units = {str(t): int(n) for t, n in dict(units).items()}
    here = movement.units_of(ctx.data, destination, owner)
    if not units or any(t not in extra_step_types(ctx, owner) or not 0 < n <= here[t] for t, n in units.items()):
        raise refuse("DRG-MOVE-1", f"{owner} has no moved units in {destination} that may go a step further")
    closed = movement.storm_active(ctx.data)
    options = ("stay",) + tuple(f"on/{r}" for r in ctx.content.map.neighbours(destination, mountains_closed=closed))
    if answer is None:
        return Pause("icon_move_pieces", options)
    if answer not in options:
        raise refuse("DRG-MOVE-1", f"{answer!r} is not one of {', '.join(options)}")
    if answer != "stay":
        movement.move(ctx, owner, destination, str(answer).removeprefix("on/"), units, False)
    return None
