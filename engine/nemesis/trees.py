"""Running the content's effect trees (spec 7.1): selectors, choices, structure, conditions, and the
character, item and information primitives. Board primitives (markers, power, doors, CSS, …) are
registered by the rule modules that own them, with ``@trees.handles("name")``.

A loaded tree is a call ``{name: args}`` (args named, positional or one value), a bare name, or a
tuple (a seq). `run_tree` walks it with the bindings of where it runs (``target``: the attacked
character, ``room``: the Room of the effect, ``it``: the element of a ``for_each``, ``by``: whose
effect it is when that is not the acting seat — None for an Event card, see `placer`).

Choices belong to the command, never to a pause (spec 9.2): a ``choice`` takes the command's
``option`` (0-based) and every ``choose(selector)`` takes the next of the command's ``targets``, in
the order the walk meets them. `plans` walks a tree without changing anything and lists every
(option, targets) a command may name — the listers use it, and `check_plan` validates a command's
own before anything is paid. A run without targets (events, attacks) takes the first candidate in
board order, as ``lowest_order`` does. A primitive without a handler is not silently dropped: it is
reported as an ``effect_not_ready`` event, so play and logs show what is missing.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from engine.core import refuse
from engine.core.content import FrozenMap

from .content import content
from .context import Ctx
from .vocabulary import PRIMITIVES, _param, arguments

Handler = Callable[[Ctx, dict[str, Any], dict[str, Any]], None]
HANDLERS: dict[str, Handler] = {}

# Primitives the walk itself runs (their n/c parameters stay trees).
STRUCTURE = frozenset({"choice", "seq", "if", "for_each", "once_per", "optional", "duration", "passive",
                       "reaction", "cost_mod"})
NONE = "none"   # the target naming "nobody" for an optional choice
NAMED_SELECTORS = ("self", "actor_room", "it", "target", "neighbour")


def handles(name: str) -> Callable[[Handler], Handler]:
    """Register the handler of a primitive; a later registration (a rule module) replaces an earlier one."""
    def register(handler: Handler) -> Handler:
        HANDLERS[name] = handler
        return handler
    return register


_PARAMS: dict[str, tuple[tuple[str, str, bool], ...]] = {}


def _params(name: str) -> tuple[tuple[str, str, bool], ...]:
    """The parsed parameters of a primitive, parsed once (walks ask for them constantly)."""
    found = _PARAMS.get(name)
    if found is None:
        found = _PARAMS[name] = tuple(_param(spec) for spec in PRIMITIVES.get(name, ()))
    return found


# Content trees are read-only (FrozenMaps and tuples) and are walked again at every decision, so what
# a node says is read once and remembered by the node's id. Each entry keeps its node alive, so the id
# cannot pass to another object while the entry exists; trees built while playing pass through too,
# so the memory is emptied when it grows large.
_NODES: dict[tuple[str, int], tuple[object, Any]] = {}
_NODES_MAX = 50_000


def _known(kind: str, node: object) -> Any:
    entry = _NODES.get((kind, id(node)))
    return entry[1] if entry is not None and entry[0] is node else None


def _keep(kind: str, node: object, found: Any) -> None:
    if len(_NODES) >= _NODES_MAX:
        _NODES.clear()
    _NODES[(kind, id(node))] = (node, found)


def named_args(name: str, args: object) -> dict[str, Any]:
    """A call's arguments by parameter name, whichever way the content wrote them."""
    if not isinstance(args, (FrozenMap, tuple)):
        return _named_args(name, args)
    known = _known(name, args)
    if known is None:
        known = _named_args(name, args)
        _keep(name, args, known)
    return dict(known)                                   # the caller's own dict


def _named_args(name: str, args: object) -> dict[str, Any]:
    return arguments(PRIMITIVES, name, args)


def _kinds(name: str) -> dict[str, str]:
    return {p[0]: p[1] for p in _params(name)}


def call_of(tree: object) -> tuple[str, object]:
    if isinstance(tree, str):
        return tree, None
    known = _known("", tree)                             # "": no primitive is named so
    if known is not None:
        return known
    [(name, args)] = tree.items()  # type: ignore[union-attr]
    if isinstance(tree, FrozenMap):
        _keep("", tree, (name, args))
    return name, args


class NeedChoice(Exception):
    """Raised while planning: the walk reached a choice the plan does not name yet."""

    def __init__(self, kind: str, candidates: list[Any]) -> None:
        super().__init__(kind)
        self.kind = kind
        self.candidates = candidates


class Walk:
    """One walk of a tree: the command's option and targets, and whether it only plans."""

    def __init__(self, ctx: Ctx, option: int | None = None, targets: tuple[Any, ...] = (),
                 planning: bool = False, strict: bool = False) -> None:
        self.ctx = ctx
        self.option = option
        self.option_used = False
        self.targets = list(targets)
        self.used = 0
        self.planning = planning
        self.strict = strict or planning
        self.removed = False
        self.optional = False
        self.chosen: list[Any] = []
        self.context = ""       # the primitive whose arguments are being resolved
        self.memo: dict[tuple[Any, ...], list[Any]] | None = None    # see `plans`

    # -- choices ------------------------------------------------------------------------------

    def take_option(self, n: int) -> int:
        if self.option_used or self.option is None:
            if self.planning and not self.option_used:
                raise NeedChoice("option", list(range(n)))
            if self.strict:
                raise refuse("NEM-ACTION-9", "name which part of the OR the action performs (option=N)")
            return 0
        self.option_used = True
        if not 0 <= self.option < n:
            raise refuse("NEM-ACTION-9", f"option {self.option} does not exist (0..{n - 1})")
        return self.option

    def take_target(self, candidates: list[Any]) -> Any:
        if self.used < len(self.targets):
            value = self.targets[self.used]
            self.used += 1
            if value in candidates:
                self.chosen.append(value)
                return value
            if self.strict:
                raise refuse("NEM-ACTION-6", f"{value} is not a legal target here "
                                             f"({', '.join(map(str, candidates)) or 'none'})")
            return candidates[0] if candidates else None
        if self.planning:
            raise NeedChoice("target", candidates)
        if self.strict and candidates:
            raise refuse("NEM-ACTION-6", f"name a target: one of {', '.join(map(str, candidates))}")
        return candidates[0] if candidates else None

    # -- walking ------------------------------------------------------------------------------

    def run(self, tree: object, bindings: dict[str, Any]) -> None:
        if tree is None or self.ctx.ended():
            return
        if isinstance(tree, tuple):
            for node in tree:
                self.run(node, bindings)
            return
        name, raw = call_of(tree)
        args = named_args(name, raw)
        if name in STRUCTURE:
            self.structure(name, args, bindings)
            return
        kinds = _kinds(name)
        self.context = name
        values = {key: (self.value(val, bindings) if kinds.get(key, "v") == "v" else val)
                  for key, val in args.items()}
        if name == "move_path":                             # its destination is a choice of the command
            from .rules.places import path_destinations
            values["to"] = self.take_target(path_destinations(self.ctx, self.ctx.actor, int(values.get("steps") or 1)))
        if self.planning:
            return
        handler = HANDLERS.get(name)
        if handler is None:
            self.ctx.emit("effect_not_ready", primitive=name)
            return
        corridor = values.get("corridor")
        if name == "set_door" and isinstance(values.get("state"), tuple) and corridor in self.ctx.data["corridors"]:
            # "open or close" the chosen Door: the state it is not in now
            closed = self.ctx.data["corridors"][corridor]["door"] == "closed"
            bindings = {**bindings, "door_state": "open" if closed else "closed"}
        handler(self.ctx, values, {**bindings, "_walk": self})

    def structure(self, name: str, args: dict[str, Any], bindings: dict[str, Any]) -> None:
        if name == "choice":
            options = list(args.get("options", ()))
            self.run(options[self.take_option(len(options))], bindings)
        elif name == "seq":
            for step in args.get("steps", ()):
                self.run(step, bindings)
        elif name == "if":
            branch = args.get("then") if self.cond(args.get("cond"), bindings) else args.get("else")
            self.run(branch, bindings)
        elif name == "for_each":
            found = self.value(args.get("selector"), bindings)
            for element in (found if isinstance(found, (list, tuple)) else [found] if found is not None else []):
                self.run(args.get("effect"), {**bindings, "it": element})
        elif name == "once_per":
            self.once_per(args, bindings)
        elif name == "optional":
            self.run(args.get("effect"), bindings)
        elif name == "duration" and not self.planning:
            handler = HANDLERS.get("duration")
            if handler is None:
                self.ctx.emit("effect_not_ready", primitive="duration")
            else:
                handler(self.ctx, args, {**bindings, "_walk": self})
        # passive / reaction / cost_mod are read where they apply, never run as effects

    def once_per(self, args: dict[str, Any], bindings: dict[str, Any]) -> None:
        scope = str(args.get("scope", "game"))
        key = f"{self.ctx.actor}:{scope}:{args.get('effect')!r}"
        used = self.ctx.data.setdefault("once", {})
        stamp = {"game": 0, "round": self.ctx.data["round"]}.get(scope, self.ctx.data["round"])
        if used.get(key) == stamp:
            return
        if not self.planning:
            used[key] = stamp
        self.run(args.get("effect"), bindings)

    # -- values -------------------------------------------------------------------------------

    def value(self, node: object, bindings: dict[str, Any]) -> Any:
        """A value argument: named selectors and nested calls resolved, literals as they are."""
        if isinstance(node, tuple):
            return tuple(self.value(item, bindings) for item in node)
        if isinstance(node, str):
            return self.named(node, bindings)
        if isinstance(node, Mapping) and len(node) == 1:
            name, raw = call_of(node)
            if name in VALUES:
                return VALUES[name](self, named_args(name, raw), bindings)
            if name in SELECTORS:
                return SELECTORS[name](self, named_args(name, raw), bindings)
            if name in FILTERS:                             # a filter as a place: the Rooms meeting it
                return tuple(_rooms(self, {"filters": (node,)}, bindings))
            return {name: {k: self.value(v, bindings) for k, v in named_args(name, raw).items()}}
        return node

    def named(self, name: str, bindings: dict[str, Any]) -> Any:
        ctx = self.ctx
        if name == "self":
            return ctx.actor
        if name == "target":
            return bindings.get("target", ctx.actor)
        if name == "it":
            return bindings.get("it")
        if name == "actor_room":
            return self.actor_room(bindings)
        if name == "neighbour":
            return tuple(ctx.content.board.neighbour_rooms(self.actor_room(bindings)))
        if name == "choose":        # bare: one of the items you hold, by handle (h0, i1, …: a command
            from .rules.holding import item_handles  # never names an Inventory card, rules/items.py)
            return self.take_target(item_handles(ctx.player()))
        return name

    def actor_room(self, bindings: dict[str, Any]) -> str | None:
        if bindings.get("room"):
            return str(bindings["room"])
        if "target" in bindings:
            return self.ctx.player(int(bindings["target"]))["room"]
        return self.ctx.player()["room"]

    def kind_of(self, element: Any) -> str:
        data = self.ctx.data
        if isinstance(element, int):
            return "character"
        if element in data["rooms"]:
            return "room"
        if element in data["intruders"]:
            return "intruder"
        if element in data["corridors"] or element == "TECH":
            return "corridor"
        return "object"

    def rooms_of(self, value: Any) -> list[str]:
        """A room argument as a list of Room ids (one Room, several, or a selector's result)."""
        if value is None:
            return []
        if isinstance(value, (list, tuple)):
            return [r for v in value for r in self.rooms_of(v)]
        if isinstance(value, int):
            return [self.ctx.player(value)["room"]]
        return [str(value)] if str(value) in self.ctx.data["rooms"] else []

    # -- conditions ---------------------------------------------------------------------------

    def cond(self, node: object, bindings: dict[str, Any]) -> bool:
        if node is None:
            return True
        if isinstance(node, tuple):
            return all(self.cond(item, bindings) for item in node)
        name, raw = call_of(node)
        args = named_args(name, raw)
        if name == "cond":
            return all(self.cond(item, bindings) for item in args.get("conds", ()))
        if name in SELECTORS:
            return bool(SELECTORS[name](self, args, bindings))
        it = bindings.get("it")
        if it is not None and name in FILTERS:
            values = {k: self.value(v, bindings) for k, v in args.items()}
            return FILTERS[name](self, self.kind_of(it), it, values, bindings)
        if name in CONDITIONS:
            return CONDITIONS[name](self, args, bindings)
        seat = self.ctx.actor
        if name in FILTERS:
            return FILTERS[name](self, "character", seat, args, bindings)
        return False


# -- selectors ----------------------------------------------------------------------------------

def _filtered(walk: Walk, kind: str, found: list[Any], args: dict[str, Any], bindings: dict[str, Any]) -> list[Any]:
    filters = args.get("filters", ())
    filters = filters if isinstance(filters, tuple) else (filters,)
    for node in filters:
        name, raw = call_of(node)
        fargs = {k: walk.value(v, bindings) for k, v in named_args(name, raw).items()}
        test = FILTERS.get(name)
        if test is None:
            continue
        found = [x for x in found if test(walk, kind, x, fargs, bindings)]
    return found


def _characters(walk: Walk, args: dict[str, Any], bindings: dict[str, Any]) -> list[int]:
    from .rules.places import in_order
    return _filtered(walk, "character", in_order(walk.ctx.data), args, bindings)


def _intruders(walk: Walk, args: dict[str, Any], bindings: dict[str, Any]) -> list[str]:
    data = walk.ctx.data
    order = walk.ctx.content.board.order_index
    found = sorted(data["intruders"], key=lambda i: (order(data["intruders"][i]["room"]),
                                                     data["intruders"][i]["arrived"]))
    return _filtered(walk, "intruder", found, args, bindings)


def _rooms(walk: Walk, args: dict[str, Any], bindings: dict[str, Any]) -> list[str]:
    return _filtered(walk, "room", list(walk.ctx.content.board.order), args, bindings)


def _corridors(walk: Walk, args: dict[str, Any], bindings: dict[str, Any]) -> list[str]:
    return _filtered(walk, "corridor", sorted(walk.ctx.data["corridors"]), args, bindings)


def _exits(walk: Walk, args: dict[str, Any], bindings: dict[str, Any]) -> list[str]:
    from .rules.places import exits_of
    found: list[str] = []
    for room in walk.rooms_of(walk.value(args.get("where"), bindings)):
        found += [e for e in exits_of(room) if e not in found]
    return _filtered(walk, "exit", found, {"filters": args.get("filters", ())}, bindings)


def _objects(walk: Walk, args: dict[str, Any], bindings: dict[str, Any]) -> list[str]:
    """Objects lying in Rooms, as ``ROOM/kind`` (one entry per kind and Room)."""
    data = walk.ctx.data
    found = [f"{room}/{kind}" for room in walk.ctx.content.board.order
             for kind in sorted(set(data["rooms"][room]["objects"]))]
    if walk.context == "research":                     # NEM-HEAVY-9: carried objects are in the Room too
        player = walk.ctx.player()
        found += [f"{player['room']}/{t['object']}" for t in player["hands"] if "object" in t]
        found = list(dict.fromkeys(found))
    return _filtered(walk, "object", found, args, bindings)


SELECTORS: dict[str, Callable[[Walk, dict[str, Any], dict[str, Any]], Any]] = {
    "character": _characters, "each_character": _characters, "intruder": _intruders,
    "each_intruder": _intruders, "room": _rooms, "each_room": _rooms, "corridor": _corridors,
    "exit": _exits, "object": _objects,
}


def _pool(walk: Walk, name: str, bindings: dict[str, Any]) -> list[Any]:
    """The candidates of ``choose(name)`` for the bare pool names of the content."""
    ctx = walk.ctx
    player = ctx.player()
    c = ctx.content
    if name == "weapon":
        return [t["item"] for t in player["hands"] if "item" in t and c.items[t["item"]].weapon]
    if name == "heavy_item":
        return [t["item"] for t in player["hands"] if "item" in t]
    if name == "heavy_thing":
        return [t.get("item") or t.get("object") for t in player["hands"]]
    if name == "neutral":
        return [f"N{i}" for i in range(len(ctx.data["neutral"]))]
    if name == "face_down":
        return sorted(int(slot) for slot in ctx.data["css"])
    if name == "exit":
        return _exits(walk, {"where": "actor_room"}, bindings)
    if name == "neighbour":
        from .rules.places import walkable_neighbours
        return [room for _, room in walkable_neighbours(ctx.data, walk.actor_room(bindings))]
    return []


def _choose(walk: Walk, args: dict[str, Any], bindings: dict[str, Any]) -> Any:
    candidates = _candidates(walk, args.get("from"), bindings)
    if walk.optional:
        chosen = walk.take_target(candidates + [NONE])
        return None if chosen == NONE else chosen
    return walk.take_target(candidates)


def _candidates(walk: Walk, source: Any, bindings: dict[str, Any]) -> list[Any]:
    """What a ``choose`` offers. While planning, remembered in ``walk.memo`` by where the walk stands
    (its option, the targets taken so far, the choose's content node): each plan walks the tree again
    from the top, and the same choose offers the same candidates each time."""
    used = walk.used
    key = (walk.option, tuple(walk.targets[:used]), id(source))
    if walk.memo is not None and key in walk.memo:
        return walk.memo[key]
    if isinstance(source, str) and source not in NAMED_SELECTORS[:4]:
        candidates = [c for c in _pool(walk, source, bindings) if c not in walk.chosen]   # two different things
    else:
        found = walk.value(source, bindings)
        candidates = list(found) if isinstance(found, (list, tuple)) else [found]
    candidates = [c for c in dict.fromkeys(candidates) if c is not None]
    if walk.memo is not None and walk.used == used:     # a choose nested in the source took a target: not kept
        walk.memo[key] = candidates
    return candidates


def _lowest_order(walk: Walk, args: dict[str, Any], bindings: dict[str, Any]) -> Any:
    found = walk.value(args.get("from"), bindings)
    found = list(found) if isinstance(found, (list, tuple)) else [found]
    return found[0] if found else None


def _section_of(walk: Walk, args: dict[str, Any], bindings: dict[str, Any]) -> Any:
    rooms = walk.rooms_of(walk.value(args.get("where"), bindings))
    return walk.ctx.content.board.section_of(rooms[0]) if rooms else None


def _count(walk: Walk, args: dict[str, Any], bindings: dict[str, Any]) -> int:
    """``count(stat, per, max)``: a statistic of the actor, divided by ``per`` (floor), at most ``max``."""
    player = walk.ctx.player()
    stat = str(args.get("stat"))
    table = {"serious_wounds": len(player["serious"]), "light_wounds": player["light"], "hand": len(player["hand"]),
             "knowledge": knowledge_for_requirements(walk.ctx.data, walk.ctx.actor)}
    counted = player["stats"].get(stat)
    n = table.get(stat, counted if isinstance(counted, int) else 0)
    if args.get("per"):
        n //= int(args["per"])
    if args.get("max") is not None:
        n = min(n, int(args["max"]))
    return n


def _escort(walk: Walk, args: dict[str, Any], bindings: dict[str, Any]) -> dict[str, Any]:
    """An escort is optional: its ``choose`` also offers ``none``."""
    walk.optional = True
    try:
        who = walk.value(args.get("who"), bindings)
    finally:
        walk.optional = False
    return {"escort": who, "consent": args.get("consent")}


VALUES: dict[str, Callable[[Walk, dict[str, Any], dict[str, Any]], Any]] = {
    "choose": _choose, "lowest_order": _lowest_order, "section_of": _section_of, "count": _count,
    "escort": _escort,
}


# -- filters: test(walk, kind, element, args, bindings) --------------------------------------------

def _room_of_element(walk: Walk, kind: str, x: Any) -> str | None:
    data = walk.ctx.data
    if kind == "character":
        return data["players"][x]["room"]
    if kind == "intruder":
        return data["intruders"][x]["room"]
    if kind == "object":
        return str(x).split("/", 1)[0]
    return x if kind == "room" else None


def _f_in_room(walk: Walk, kind: str, x: Any, args: dict[str, Any], bindings: dict[str, Any]) -> bool:
    return _room_of_element(walk, kind, x) in walk.rooms_of(args.get("where"))


def _f_other(walk: Walk, kind: str, x: Any, args: dict[str, Any], bindings: dict[str, Any]) -> bool:
    """Another character than the actor; for Rooms, a Room other than the actor's own."""
    if kind == "room":
        return x != walk.ctx.player()["room"]
    return x != walk.ctx.actor


def _f_combat(walk: Walk, kind: str, x: Any, args: dict[str, Any], bindings: dict[str, Any]) -> bool:
    from .rules.places import characters_in, in_combat
    if kind == "intruder":
        return bool(characters_in(walk.ctx.data, walk.ctx.data["intruders"][x]["room"]))
    return in_combat(walk.ctx.data, x)


def _f_darkness(walk: Walk, kind: str, x: Any, args: dict[str, Any], bindings: dict[str, Any]) -> bool:
    from .rules.places import in_darkness, room_powered
    if kind == "room":
        return not room_powered(walk.ctx.data, x)
    return in_darkness(walk.ctx.data, x)


def _f_alone(walk: Walk, kind: str, x: Any, args: dict[str, Any], bindings: dict[str, Any]) -> bool:
    from .rules.places import characters_in
    return characters_in(walk.ctx.data, walk.ctx.data["players"][x]["room"]) == [x]


def _f_flag(flag: str) -> Callable[..., bool]:
    def test(walk: Walk, kind: str, x: Any, args: dict[str, Any], bindings: dict[str, Any]) -> bool:
        return bool(walk.ctx.data["players"][x][flag])
    return test


def _f_where(place: str) -> Callable[..., bool]:
    def test(walk: Walk, kind: str, x: Any, args: dict[str, Any], bindings: dict[str, Any]) -> bool:
        return walk.ctx.data["players"][x]["where"] == place
    return test


def _f_hand_le(walk: Walk, kind: str, x: Any, args: dict[str, Any], bindings: dict[str, Any]) -> bool:
    return len(walk.ctx.data["players"][x]["hand"]) <= int(args.get("n", 0))


def _f_knowledge_le(walk: Walk, kind: str, x: Any, args: dict[str, Any], bindings: dict[str, Any]) -> bool:
    return walk.ctx.data["players"][x]["knowledge"] <= int(args.get("n", 0))


def _f_in_section(walk: Walk, kind: str, x: Any, args: dict[str, Any], bindings: dict[str, Any]) -> bool:
    board = walk.ctx.content.board
    if kind in ("corridor", "exit"):
        return x != "TECH" and board.corridor_section(x) == args.get("section")
    room = _room_of_element(walk, kind, x)
    return room is not None and board.section_of(room) == args.get("section")


def _f_type_in(walk: Walk, kind: str, x: Any, args: dict[str, Any], bindings: dict[str, Any]) -> bool:
    types = args.get("types", ())
    types = types if isinstance(types, tuple) else (types,)
    flat = {t for group in types for t in (group if isinstance(group, tuple) else (group,))}
    return walk.ctx.data["intruders"][x]["type"] in flat


def _f_rank_le(walk: Walk, kind: str, x: Any, args: dict[str, Any], bindings: dict[str, Any]) -> bool:
    from .rules.places import rank
    return rank(walk.ctx, walk.ctx.data["intruders"][x]["type"]) <= int(args.get("n", 0))


def _f_explored(flag: bool) -> Callable[..., bool]:
    def test(walk: Walk, kind: str, x: Any, args: dict[str, Any], bindings: dict[str, Any]) -> bool:
        return walk.ctx.data["rooms"][x]["explored"] == flag
    return test


def _f_neighbour_of(walk: Walk, kind: str, x: Any, args: dict[str, Any], bindings: dict[str, Any]) -> bool:
    return any(x in walk.ctx.content.board.neighbour_rooms(r) for r in walk.rooms_of(args.get("where")))


def _f_reachable_from(walk: Walk, kind: str, x: Any, args: dict[str, Any], bindings: dict[str, Any]) -> bool:
    """The Room itself or a neighbour joined without a Closed Door."""
    from .rules.places import walkable_neighbours
    rooms = walk.rooms_of(args.get("where"))
    return x in rooms or any(x == n for r in rooms for _, n in walkable_neighbours(walk.ctx.data, r))


def _f_has_entrance(walk: Walk, kind: str, x: Any, args: dict[str, Any], bindings: dict[str, Any]) -> bool:
    return walk.ctx.content.board.has_entrance(x)


def _marker(walk: Walk, room: str, kind: str) -> bool:
    state = walk.ctx.data["rooms"][room]
    if kind in ("fire", "malfunction"):
        return bool(state[kind])
    return kind in state["objects"]


def _f_has_marker(walk: Walk, kind: str, x: Any, args: dict[str, Any], bindings: dict[str, Any]) -> bool:
    return _marker(walk, x, str(args.get("kind")))


def _f_no_marker(walk: Walk, kind: str, x: Any, args: dict[str, Any], bindings: dict[str, Any]) -> bool:
    return not _marker(walk, x, str(args.get("kind")))


def _f_has_intruder(walk: Walk, kind: str, x: Any, args: dict[str, Any], bindings: dict[str, Any]) -> bool:
    from .rules.places import intruders_in
    return bool(intruders_in(walk.ctx.data, x))


def _f_has_character(walk: Walk, kind: str, x: Any, args: dict[str, Any], bindings: dict[str, Any]) -> bool:
    from .rules.places import characters_in
    return bool(characters_in(walk.ctx.data, x))


def _f_powered(flag: bool) -> Callable[..., bool]:
    def test(walk: Walk, kind: str, x: Any, args: dict[str, Any], bindings: dict[str, Any]) -> bool:
        from .rules.places import room_powered
        room = _room_of_element(walk, kind, x) if kind != "character" else walk.ctx.data["players"][x]["room"]
        return room is not None and room_powered(walk.ctx.data, room) == flag
    return test


def _f_tile(walk: Walk, kind: str, x: Any, args: dict[str, Any], bindings: dict[str, Any]) -> bool:
    state = walk.ctx.data["rooms"][x]
    return state["explored"] and state["tile"] == args.get("tile")


def _f_has_computer(walk: Walk, kind: str, x: Any, args: dict[str, Any], bindings: dict[str, Any]) -> bool:
    state = walk.ctx.data["rooms"][x]
    return state["explored"] and walk.ctx.content.tiles[state["tile"]].computer


def _f_of_room(walk: Walk, kind: str, x: Any, args: dict[str, Any], bindings: dict[str, Any]) -> bool:
    return any(x in walk.ctx.content.board.corridors_of(r) for r in walk.rooms_of(args.get("where")))


def _f_number(walk: Walk, kind: str, x: Any, args: dict[str, Any], bindings: dict[str, Any]) -> bool:
    room = walk.actor_room(bindings) if bindings.get("it") is None else bindings["it"]
    try:
        return walk.ctx.content.board.exit(str(room), int(args.get("n", 0))) == x
    except (KeyError, ValueError):
        return False


def _f_noise(flag: bool) -> Callable[..., bool]:
    def test(walk: Walk, kind: str, x: Any, args: dict[str, Any], bindings: dict[str, Any]) -> bool:
        from .rules.places import has_noise
        return has_noise(walk.ctx.data, x) == flag
    return test


def _f_door(walk: Walk, kind: str, x: Any, args: dict[str, Any], bindings: dict[str, Any]) -> bool:
    if x == "TECH":
        return False
    states = args.get("state")
    states = states if isinstance(states, tuple) else (states,)
    door = walk.ctx.data["corridors"][x]["door"]
    return door in states or ("none" in states and door == "open" and not walk.ctx.data["corridors"][x].get("token"))


FILTERS: dict[str, Callable[..., bool]] = {
    "in_room": _f_in_room, "other": _f_other, "in_combat": _f_combat,
    "not_in_combat": lambda w, k, x, a, b: not _f_combat(w, k, x, a, b),
    "in_darkness": _f_darkness, "alone": _f_alone, "has_slime": _f_flag("slime"), "has_larva": _f_flag("larva"),
    "has_signal": _f_flag("signal"), "hand_le": _f_hand_le, "knowledge_le": _f_knowledge_le,
    "in_section": _f_in_section, "evacuated": _f_where("evacuated"), "locked_in": _f_where("locked"),
    "type_in": _f_type_in, "rank_le": _f_rank_le, "explored": _f_explored(True), "unexplored": _f_explored(False),
    "neighbour_of": _f_neighbour_of, "reachable_from": _f_reachable_from, "has_entrance": _f_has_entrance,
    "has_marker": _f_has_marker, "no_marker": _f_no_marker, "has_intruder": _f_has_intruder,
    "has_character": _f_has_character, "powered": _f_powered(True), "unpowered": _f_powered(False),
    "tile": _f_tile, "has_computer": _f_has_computer, "of_room": _f_of_room, "number": _f_number,
    "has_noise": _f_noise(True), "no_noise": _f_noise(False), "door": _f_door,
}


# -- conditions -------------------------------------------------------------------------------------

def knowledge_for_requirements(data: Any, seat: int) -> int:
    """NEM-KNOWLEDGE-4: the Knowledge that counts for Weakness thresholds and "Knowledge N"
    requirements: one's own, plus the ``threshold_bonus`` of every item held (Field Notes: +2, only
    while held, NEM-ITEM-10; never for objectives or contingencies)."""
    player = data["players"][seat]
    bonus = sum(int(value.get("n", 0) if isinstance(value, Mapping) else value)
                for key, value in item_passives(player) if key == "threshold_bonus")
    return int(player["knowledge"]) + bonus


def _c_room(walk: Walk, bindings: dict[str, Any]) -> str | None:
    it = bindings.get("it")
    if isinstance(it, str) and it in walk.ctx.data["rooms"]:
        return it
    return walk.actor_room(bindings)


def _c_computer_usable(walk: Walk, args: dict[str, Any], bindings: dict[str, Any]) -> bool:
    from .rules.places import room_powered
    room = _c_room(walk, bindings)
    state = walk.ctx.data["rooms"][room]
    return (state["explored"] and walk.ctx.content.tiles[state["tile"]].computer and not state["malfunction"]
            and room_powered(walk.ctx.data, room))


def _c_room_has(walk: Walk, args: dict[str, Any], bindings: dict[str, Any]) -> bool:
    from .rules.places import intruders_in
    room = _c_room(walk, bindings)
    state = walk.ctx.data["rooms"][room]
    kinds = args.get("kinds", ())
    kinds = kinds if isinstance(kinds, tuple) else (kinds,)
    colour = walk.ctx.content.tiles[state["tile"]].colour if state["explored"] else None
    for kind in kinds:
        if kind == "intruder" and intruders_in(walk.ctx.data, room):
            return True
        if kind == "object" and state["objects"]:
            return True
        if kind in ("fire", "malfunction") and state[kind]:
            return True
        if kind == colour:
            return True
    return False


def _c_room_is(walk: Walk, args: dict[str, Any], bindings: dict[str, Any]) -> bool:
    room = _c_room(walk, bindings)
    tile = args.get("tile")
    if tile == "exit_room":
        return room == walk.ctx.content.board.exit_room
    return walk.ctx.data["rooms"][room]["tile"] == tile or room == tile


def _c_has_item(walk: Walk, args: dict[str, Any], bindings: dict[str, Any]) -> bool:
    return args.get("item") in held_items(walk.ctx.player())


def _c_stat_ge(walk: Walk, args: dict[str, Any], bindings: dict[str, Any]) -> bool:
    return _count(walk, {"stat": args.get("name")}, bindings) >= int(args.get("n", 0))


CONDITIONS: dict[str, Callable[[Walk, dict[str, Any], dict[str, Any]], bool]] = {
    "in_combat": lambda w, a, b: _f_combat(w, "character", w.ctx.actor, a, b),
    "out_of_combat": lambda w, a, b: not _f_combat(w, "character", w.ctx.actor, a, b),
    "not_in_combat": lambda w, a, b: not _f_combat(w, "character", w.ctx.actor, a, b),
    "in_darkness": lambda w, a, b: _f_darkness(w, "character", w.ctx.actor, a, b),
    "powered": lambda w, a, b: _f_powered(True)(w, "room", _c_room(w, b), a, b),
    "knowledge_ge": lambda w, a, b: knowledge_for_requirements(w.ctx.data, w.ctx.actor) >= int(a.get("n", 0)),
    "computer_usable": _c_computer_usable, "room_has": _c_room_has, "room_is": _c_room_is,
    "has_item": _c_has_item, "stat_ge": _c_stat_ge,
    "token_inactive": lambda w, a, b: not w.ctx.player()["knowledge_active"],
    "other_in_room": lambda w, a, b: len(_characters(w, {"filters": ({"in_room": "actor_room"},)}, b)) > 1,
    "removed": lambda w, a, b: w.removed,
    "has_character": lambda w, a, b: _f_has_character(w, "room", _c_room(w, b), a, b),
    "has_intruder": lambda w, a, b: _f_has_intruder(w, "room", _c_room(w, b), a, b),
}


# -- entry points -----------------------------------------------------------------------------------

def run_tree(ctx: Ctx, tree: object, option: int | None = None, targets: tuple[Any, ...] = (),
             **bindings: Any) -> Walk:
    """Run a tree for ``ctx.actor`` with a command's option and targets (or none: first candidates)."""
    walk = Walk(ctx, option, targets)
    walk.run(tree, bindings)
    return walk


def plans(ctx: Ctx, tree: object, option: int | None = None, **bindings: Any) -> list[tuple[int | None, tuple]]:
    """Every (option, targets) a command may name for ``tree`` (no option: each OR part)."""
    found: list[tuple[int | None, tuple]] = []
    memo: dict[tuple[Any, ...], list[Any]] = {}      # the candidates of each choose, shared by the walks

    def explore(opt: int | None, prefix: tuple) -> None:
        walk = Walk(ctx, opt, prefix, planning=True)
        walk.memo = memo
        try:
            walk.run(tree, dict(bindings))
        except NeedChoice as need:
            if need.kind == "option":
                for n in need.candidates:
                    explore(n, prefix)
            else:
                for candidate in need.candidates:
                    explore(opt, prefix + (candidate,))
            return
        found.append((opt if walk.option_used else None, prefix))
    explore(option, ())
    return found


def check_plan(ctx: Ctx, tree: object, option: int | None, targets: tuple[Any, ...], **bindings: Any) -> None:
    """Refuse a command whose option or targets do not fit ``tree`` (before anything is paid)."""
    walk = Walk(ctx, option, targets, planning=True)
    try:
        walk.run(tree, dict(bindings))
    except NeedChoice as need:
        if need.kind == "option":
            raise refuse("NEM-ACTION-9", "name which part of the OR the action performs (option=N)") from None
        if not need.candidates:
            raise refuse("NEM-ACTION-16", "there is no legal target for this effect") from None
        raise refuse("NEM-ACTION-6", f"name a target: one of {', '.join(map(str, need.candidates))}") from None
    if walk.used < len(targets):
        raise refuse("NEM-ACTION-6", f"too many targets: {', '.join(map(str, targets[walk.used:]))}")
    if option is not None and not walk.option_used:
        raise refuse("NEM-ACTION-9", "this action has no OR parts")


def held_items(player: Any) -> list[str]:
    """The item ids a character holds: Hand slots, Inventory, beside the board (an activated quest item
    is an ordinary held item; an inactive one is not held as an item, NEM-ITEM-12)."""
    found = [t["item"] for t in player["hands"] if "item" in t]
    found += [t["item"] for t in player["inventory"]]
    if player.get("starting_item"):
        found.append(player["starting_item"]["item"])
    return found


def item_passives(player: Any) -> Iterator[tuple[str, Any]]:
    """(key, value) of every `passive` modifier on the items the character holds (spec 7.1): passive
    item effects apply while the item is held (NEM-ITEM-10)."""
    items = content().items
    for item_id in held_items(player):
        item = items.get(item_id)
        if item is not None:
            yield from passives_of(item.effect)


def passives_of(tree: object) -> Iterator[tuple[str, Any]]:
    """(key, value) of the `passive` modifiers of a content tree (a bare key has the value None)."""
    if isinstance(tree, tuple):
        for node in tree:
            yield from passives_of(node)
    elif isinstance(tree, Mapping) and "passive" in tree:
        inner = tree["passive"]
        for part in (inner if isinstance(inner, tuple) else (inner,)):
            if isinstance(part, str):
                yield part, None
            elif isinstance(part, Mapping):
                yield from part.items()


def passive_item(player: Any, key: str) -> str | None:
    """The first item the character holds whose passive has ``key`` (``no_slime``, ``no_fire_wound``,
    ``bunker_on_foot``: the Battle Suit, the Enviro-Suit), or None."""
    items = content().items
    for item_id in held_items(player):
        item = items.get(item_id)
        if item is not None and any(k == key for k, _ in passives_of(item.effect)):
            return item_id
    return None


def seat_of(ctx: Ctx, who: object, bindings: dict[str, Any]) -> int | None:
    if isinstance(who, int) and not isinstance(who, bool):
        return who if 0 <= who < len(ctx.data["players"]) else None
    if who in ("target", None) and "target" in bindings:
        return int(bindings["target"])
    if who in ("self", None):
        return ctx.actor
    if who == "it" and "it" in bindings:
        return int(bindings["it"])
    return None


def seats_of(ctx: Ctx, who: object, bindings: dict[str, Any]) -> list[int]:
    if isinstance(who, (list, tuple)):
        return [s for w in who for s in seats_of(ctx, w, bindings)]
    seat = seat_of(ctx, who, bindings)
    return [] if seat is None else [seat]


def placer(ctx: Ctx, bindings: dict[str, Any]) -> int | None:
    """The character whose effect the tree runs: the acting seat, unless the run names ``by``
    (None for an Event card, which is nobody's)."""
    return bindings.get("by", ctx.actor)


def room_of(ctx: Ctx, where: object, bindings: dict[str, Any]) -> str | None:
    if where in ("actor_room", None):
        if bindings.get("room"):
            return str(bindings["room"])
        if "target" in bindings:
            return ctx.player(int(bindings["target"]))["room"]
        return ctx.player()["room"]
    if where == "it" and "it" in bindings:
        return str(bindings["it"])
    if isinstance(where, (list, tuple)) and where:
        return room_of(ctx, where[0], bindings)
    return where if isinstance(where, str) and where in ctx.data["rooms"] else None


def walk_of(bindings: dict[str, Any]) -> Walk | None:
    return bindings.get("_walk")


def iter_calls(tree: object) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every call in a tree with its named arguments (for reading passives and reactions)."""
    if isinstance(tree, tuple):
        for node in tree:
            yield from iter_calls(node)
        return
    if tree is None or not isinstance(tree, (str, Mapping)):
        return
    name, raw = call_of(tree)
    if name not in PRIMITIVES:
        return
    args = named_args(name, raw)
    yield name, args
    for value in args.values():
        yield from iter_calls(value)


def unready(tree: object, option: int | None = None) -> list[str]:
    """The effect primitives of ``tree`` (its OR part ``option``) that no rule module handles yet."""
    if option is not None and tree is not None and not isinstance(tree, tuple):
        name, raw = call_of(tree)
        if name == "choice":
            options = named_args(name, raw).get("options", ())
            tree = options[option] if 0 <= option < len(options) else None
    return sorted({name for name in effects_in(tree) if name not in STRUCTURE and name not in HANDLERS})


def effects_in(tree: object) -> Iterator[str]:
    """The primitive names a tree runs as effects (its effect positions, not its values)."""
    if isinstance(tree, tuple):
        for node in tree:
            yield from effects_in(node)
        return
    if tree is None or not (isinstance(tree, str) or hasattr(tree, "items")):
        return
    name, raw = call_of(tree)
    yield name
    if name in ("duration", "passive", "reaction", "cost_mod"):
        return                                              # read by their own handlers, never walked
    args = named_args(name, raw)
    for key, kind in _kinds(name).items():
        if kind == "n" and key in args:
            yield from effects_in(args[key])
