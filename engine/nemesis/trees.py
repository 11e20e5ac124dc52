"""Nemesis's tree vocabulary (spec 7.1) on the core's walked mode: the named values, selectors,
filters, conditions and ``choose`` pools of the content's effect trees, registered on ``NEM.trees``
(effects.py), and the helpers the primitive handlers share. The walk itself — calls, seqs and bare
names with bindings, ``choice``/``seq``/``if``/``for_each``/``choose``, `plans` and `check_plan` —
is the core's (engine/core/trees.py). The character, item and information primitives are
primitives.py's; board primitives (markers, power, doors, CSS, …) are registered by the rule modules
that own them, with ``@trees.handles("name")``.

A tree runs with the bindings of where it runs (``target``: the attacked character, ``room``: the
Room of the effect, ``it``: the element of a ``for_each``, ``by``: whose effect it is when that is
not the acting seat — None for an Event card, see `placer`).

Choices belong to the command, never to a pause (spec 9.2): a ``choice`` takes the command's
``option`` (0-based) and every ``choose(selector)`` takes the next of the command's ``targets``, in
the order the walk meets them. `plans` lists every (option, targets) a command may name — the
listers use it, and `check_plan` validates a command's own before anything is paid. A run without
targets (events, attacks) takes the first candidate in board order, as ``lowest_order`` does. A
primitive without a handler is not silently dropped: it is reported as an ``effect_not_ready``
event, so play and logs show what is missing.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from engine.core.content import FrozenMap
from engine.core.content_memo import ContentMemo
from engine.core.trees import NeedChoice, TreeWalk, TreeWalker

from .content import content
from .context import Ctx
from .effects import NEM
from .rules.holding import item_handles
from .rules.places import (
    characters_in,
    exits_of,
    has_noise,
    in_combat,
    in_darkness,
    in_order,
    intruders_in,
    path_destinations,
    rank,
    room_powered,
    walkable_neighbours,
)

Handler = Callable[[Ctx, dict[str, Any], dict[str, Any]], None]   # (ctx, resolved args, bindings)
TREES: TreeWalker[Ctx] = NEM.trees   # the walked mode of Nemesis's one interpreter
HANDLERS: dict[str, Handler] = TREES.handlers   # by primitive name; tests and rule modules read it


def handles(name: str) -> Callable[[Handler], Handler]:
    """Register the handler of a primitive on ``NEM``; a later registration (a rule module) replaces
    an earlier one (a default of primitives.py)."""
    return TREES.handles(name, replace=True)


def Walk(ctx: Ctx, option: int | None = None, targets: tuple[Any, ...] = (),
         planning: bool = False, strict: bool = False) -> TreeWalk[Ctx]:
    """A walk over Nemesis's vocabulary, not started (to resolve values or conditions by hand)."""
    return TREES.walk(ctx, option, targets, planning=planning, strict=strict)


call_of = TREES.call_of
named_args = TREES.named_args
iter_calls = TREES.iter_calls
effects_in = TREES.effects_in
unready = TREES.unready


def run_tree(ctx: Ctx, tree: object, option: int | None = None, targets: tuple[Any, ...] = (),
             **bindings: Any) -> TreeWalk[Ctx]:
    """Run a tree for ``ctx.actor`` with a command's option and targets (or none: first candidates)."""
    return NEM.run_tree(ctx, tree, option, targets, **bindings)


def plans(ctx: Ctx, tree: object, option: int | None = None, **bindings: Any) -> list[tuple[int | None, tuple]]:
    """Every (option, targets) a command may name for ``tree`` (no option: each OR part), as the
    core's `TreeWalker.plans` lists them, in the same order. The core walks the tree again from the
    top for each candidate of each choice, the last choice's too; here a part whose choices can be
    counted where they are written (`_parts`) is walked only up to its last choice, whose
    candidates each complete a plan at once (no choice follows them), and a part without a choice
    is not walked at all. Other parts go to the core's walk."""
    if option is not None or TREES.stopped(ctx):
        return NEM.plans(ctx, tree, option, **bindings)
    found: list[tuple[int | None, tuple]] = []
    memo: dict[tuple[Any, ...], list[Any]] = {}      # the candidates of each choose, shared by the walks
    for part, choices in _parts(tree, None):
        if choices is None:
            found += NEM.plans(ctx, tree, part, **bindings)
            continue
        if choices == 0:
            found.append((part, ()))    # the walk would take the OR part first and nothing else
            continue
        todo: list[tuple[Any, ...]] = [()]       # the targets of the walks still to make, the next last
        while todo:
            prefix = todo.pop()
            walk = Walk(ctx, part, prefix, planning=True)
            walk.memo = memo
            try:
                TREES.step(tree)(walk, dict(bindings))
            except NeedChoice as need:  # a choose (never an OR part: the part's only one is taken)
                if len(prefix) + 1 == choices:       # the last choice written: nothing follows it
                    used = part if walk.option_used else None
                    found += [(used, prefix + (candidate,)) for candidate in need.candidates]
                else:
                    todo += [prefix + (candidate,) for candidate in reversed(need.candidates)]
                continue
            found.append((part if walk.option_used else None, prefix))
    return found


def _top_options(tree: object) -> int | None:
    """How many OR parts a ``choice`` at the top of ``tree`` has (None: it has none there)."""
    if tree is None or isinstance(tree, tuple):
        return None
    name, raw = call_of(tree)
    return len(named_args(name, raw).get("options", ())) if name == "choice" else None


# The primitives whose `before` reads the state but never takes a choice of the command (`_door_state`);
# any other primitive with a `before` may take one (``move_path``'s destination).
_BEFORE_WITHOUT_CHOICE = frozenset({"set_door"})


def _read_parts(tree: object, _: None) -> tuple[tuple[int | None, int | None], ...]:
    """(OR part, how many choices a walk of it may take at most) for each OR part of a ``choice`` at
    the top of ``tree``, or (None, …) for a tree without one. The choices are counted where they are
    written (each ``choose``, as a call or a bare name; a walk meets each at most once); None when
    they cannot be counted this way (a nested ``choice``, a primitive whose `before` may choose, a
    ``choose`` in the effect a ``for_each`` repeats), and the core's walk plans the part."""
    count = _top_options(tree)
    if count is None:
        return ((None, _choices_written(tree)),)
    options = named_args(*call_of(tree)).get("options", ())
    return tuple((part, _choices_written(options[part])) for part in range(count))


def _choices_written(node: object) -> int | None:
    if isinstance(node, str):
        return None if node == "choice" else int(node == "choose")
    if isinstance(node, Mapping):
        total = 0
        for key, value in node.items():
            if key == "choice" or (key in TREES.before and key not in _BEFORE_WITHOUT_CHOICE):
                return None
            if key == "for_each":               # its selector is found once, its effect walked per element
                args = named_args(key, value)
                inner, each = _choices_written(args.get("selector")), _choices_written(args.get("effect"))
                inner = None if inner is None or each != 0 else inner
            else:
                inner = _choices_written(value)
            if inner is None:
                return None
            total += inner + (key == "choose")
        return total
    if isinstance(node, (tuple, list)):
        total = 0
        for item in node:
            inner = _choices_written(item)
            if inner is None:
                return None
            total += inner
        return total
    return 0


# Content never changes: each tree's parts are read once, not at every decision that plans them.
_parts = ContentMemo(_read_parts)


def check_plan(ctx: Ctx, tree: object, option: int | None, targets: tuple[Any, ...], **bindings: Any) -> None:
    """Refuse a command whose option or targets do not fit ``tree`` (before anything is paid)."""
    NEM.check_plan(ctx, tree, option, targets, **bindings)


# -- where things are ---------------------------------------------------------------------------------

def actor_room(walk: TreeWalk[Ctx], bindings: dict[str, Any]) -> str | None:
    """The Room the effect happens in: the bound Room, else the target's, else the actor's."""
    if bindings.get("room"):
        return str(bindings["room"])
    if "target" in bindings:
        return walk.ctx.player(int(bindings["target"]))["room"]
    return walk.ctx.player()["room"]


def kind_of(walk: TreeWalk[Ctx], element: Any) -> str:
    data = walk.ctx.data
    if isinstance(element, int):
        return "character"
    if element in data["rooms"]:
        return "room"
    if element in data["intruders"]:
        return "intruder"
    if element in data["corridors"] or element == "TECH":
        return "corridor"
    return "object"


def rooms_of(walk: TreeWalk[Ctx], value: Any) -> list[str]:
    """A room argument as a list of Room ids (one Room, several, or a selector's result)."""
    if value is None:
        return []
    if isinstance(value, (list, tuple)):
        return [r for v in value for r in rooms_of(walk, v)]
    if isinstance(value, int):
        return [walk.ctx.player(value)["room"]]
    return [str(value)] if str(value) in walk.ctx.data["rooms"] else []


# -- selectors ----------------------------------------------------------------------------------

_FILTER_CALLS: dict[object, tuple[object, str, tuple[tuple[str, Any], ...]]] = {}


def _filter_call(node: object) -> tuple[str, tuple[tuple[str, Any], ...]]:
    """(name, its (parameter, unresolved value) pairs) of a filter node. A content node never changes,
    so it is read once (by its text, or by its id with the node kept in the entry so the id stays its
    own); a node built while playing is read each time."""
    key = node if isinstance(node, str) else id(node)
    entry = _FILTER_CALLS.get(key)
    if entry is not None and (entry[0] is node or key is node):
        return entry[1], entry[2]
    name, raw = call_of(node)
    parts = tuple(named_args(name, raw).items())
    if _read_only(node):
        if len(_FILTER_CALLS) >= 10_000:                  # bounded, as the core's node memory is
            _FILTER_CALLS.clear()
        _FILTER_CALLS[key] = (node, name, parts)
    return name, parts


def _read_only(node: object) -> bool:
    """Whether a node and everything in it is read-only (names, numbers, FrozenMaps, tuples)."""
    if isinstance(node, tuple):
        return all(_read_only(item) for item in node)
    if isinstance(node, FrozenMap):
        return all(_read_only(item) for item in node.values())
    return node is None or isinstance(node, (str, int, float, bool))


def _filtered(walk: TreeWalk[Ctx], kind: str, found: list[Any], args: dict[str, Any],
              bindings: dict[str, Any]) -> list[Any]:
    filters = args.get("filters", ())
    filters = filters if isinstance(filters, tuple) else (filters,)
    for node in filters:
        name, parts = _filter_call(node)
        fargs = {k: walk.value(v, bindings) for k, v in parts}
        prepare = PREPARED.get(name)
        if prepare is not None:                        # what the filter compares with, found once
            keep = prepare(walk, kind, fargs, bindings)
            found = [x for x in found if keep(x)]
            continue
        test = FILTERS.get(name)
        if test is None:
            continue
        found = [x for x in found if test(walk, kind, x, fargs, bindings)]
    return found


def _characters(walk: TreeWalk[Ctx], args: dict[str, Any], bindings: dict[str, Any]) -> list[int]:
    return _filtered(walk, "character", in_order(walk.ctx.data), args, bindings)


def _intruders(walk: TreeWalk[Ctx], args: dict[str, Any], bindings: dict[str, Any]) -> list[str]:
    data = walk.ctx.data
    order = walk.ctx.content.board.order_index
    found = sorted(data["intruders"], key=lambda i: (order(data["intruders"][i]["room"]),
                                                     data["intruders"][i]["arrived"]))
    return _filtered(walk, "intruder", found, args, bindings)


def _rooms(walk: TreeWalk[Ctx], args: dict[str, Any], bindings: dict[str, Any]) -> list[str]:
    return _filtered(walk, "room", list(walk.ctx.content.board.order), args, bindings)


def _corridors(walk: TreeWalk[Ctx], args: dict[str, Any], bindings: dict[str, Any]) -> list[str]:
    # sorted once filtered: each filter keeps or drops a Corridor by itself, so the same ones are
    # kept in either order, and the few kept are sorted rather than every Corridor of the board
    return sorted(_filtered(walk, "corridor", list(walk.ctx.data["corridors"]), args, bindings))


def _exits(walk: TreeWalk[Ctx], args: dict[str, Any], bindings: dict[str, Any]) -> list[str]:
    found: list[str] = []
    for room in rooms_of(walk, walk.value(args.get("where"), bindings)):
        found += [e for e in exits_of(room) if e not in found]
    return _filtered(walk, "exit", found, {"filters": args.get("filters", ())}, bindings)


def _objects(walk: TreeWalk[Ctx], args: dict[str, Any], bindings: dict[str, Any]) -> list[str]:
    """Objects lying in Rooms, as ``ROOM/kind`` (one entry per kind and Room)."""
    data = walk.ctx.data
    found = [f"{room}/{kind}" for room in walk.ctx.content.board.order
             for kind in sorted(set(data["rooms"][room]["objects"]))]
    if walk.context == "research":                     # NEM-HEAVY-9: carried objects are in the Room too
        player = walk.ctx.player()
        found += [f"{player['room']}/{t['object']}" for t in player["hands"] if "object" in t]
        found = list(dict.fromkeys(found))
    return _filtered(walk, "object", found, args, bindings)


SELECTORS: dict[str, Callable[[TreeWalk[Ctx], dict[str, Any], dict[str, Any]], Any]] = {
    "character": _characters, "each_character": _characters, "intruder": _intruders,
    "each_intruder": _intruders, "room": _rooms, "each_room": _rooms, "corridor": _corridors,
    "exit": _exits, "object": _objects,
}


def _lowest_order(walk: TreeWalk[Ctx], args: dict[str, Any], bindings: dict[str, Any]) -> Any:
    found = walk.value(args.get("from"), bindings)
    found = list(found) if isinstance(found, (list, tuple)) else [found]
    return found[0] if found else None


def _section_of(walk: TreeWalk[Ctx], args: dict[str, Any], bindings: dict[str, Any]) -> Any:
    rooms = rooms_of(walk, walk.value(args.get("where"), bindings))
    return walk.ctx.content.board.section_of(rooms[0]) if rooms else None


def _count(walk: TreeWalk[Ctx], args: dict[str, Any], bindings: dict[str, Any]) -> int:
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


def _escort(walk: TreeWalk[Ctx], args: dict[str, Any], bindings: dict[str, Any]) -> dict[str, Any]:
    """An escort is optional: its ``choose`` also offers ``none``."""
    walk.optional = True
    try:
        who = walk.value(args.get("who"), bindings)
    finally:
        walk.optional = False
    return {"escort": who, "consent": args.get("consent")}


VALUES: dict[str, Callable[[TreeWalk[Ctx], dict[str, Any], dict[str, Any]], Any]] = {
    "lowest_order": _lowest_order, "section_of": _section_of, "count": _count,
    "escort": _escort,
}


# -- filters: test(walk, kind, element, args, bindings) --------------------------------------------

def _room_of_element(walk: TreeWalk[Ctx], kind: str, x: Any) -> str | None:
    data = walk.ctx.data
    if kind == "character":
        return data["players"][x]["room"]
    if kind == "intruder":
        return data["intruders"][x]["room"]
    if kind == "object":
        return str(x).split("/", 1)[0]
    return x if kind == "room" else None


def _f_in_room(walk: TreeWalk[Ctx], kind: str, x: Any, args: dict[str, Any], bindings: dict[str, Any]) -> bool:
    return _room_of_element(walk, kind, x) in rooms_of(walk, args.get("where"))


def _f_other(walk: TreeWalk[Ctx], kind: str, x: Any, args: dict[str, Any], bindings: dict[str, Any]) -> bool:
    """Another character than the actor; for Rooms, a Room other than the actor's own."""
    if kind == "room":
        return x != walk.ctx.player()["room"]
    return x != walk.ctx.actor


def _f_combat(walk: TreeWalk[Ctx], kind: str, x: Any, args: dict[str, Any], bindings: dict[str, Any]) -> bool:
    if kind == "intruder":
        return bool(characters_in(walk.ctx.data, walk.ctx.data["intruders"][x]["room"]))
    return in_combat(walk.ctx.data, x)


def _f_darkness(walk: TreeWalk[Ctx], kind: str, x: Any, args: dict[str, Any], bindings: dict[str, Any]) -> bool:
    if kind == "room":
        return not room_powered(walk.ctx.data, x)
    return in_darkness(walk.ctx.data, x)


def _f_alone(walk: TreeWalk[Ctx], kind: str, x: Any, args: dict[str, Any], bindings: dict[str, Any]) -> bool:
    return characters_in(walk.ctx.data, walk.ctx.data["players"][x]["room"]) == [x]


def _f_flag(flag: str) -> Callable[..., bool]:
    def test(walk: TreeWalk[Ctx], kind: str, x: Any, args: dict[str, Any], bindings: dict[str, Any]) -> bool:
        return bool(walk.ctx.data["players"][x][flag])
    return test


def _f_where(place: str) -> Callable[..., bool]:
    def test(walk: TreeWalk[Ctx], kind: str, x: Any, args: dict[str, Any], bindings: dict[str, Any]) -> bool:
        return walk.ctx.data["players"][x]["where"] == place
    return test


def _f_hand_le(walk: TreeWalk[Ctx], kind: str, x: Any, args: dict[str, Any], bindings: dict[str, Any]) -> bool:
    return len(walk.ctx.data["players"][x]["hand"]) <= int(args.get("n", 0))


def _f_knowledge_le(walk: TreeWalk[Ctx], kind: str, x: Any, args: dict[str, Any], bindings: dict[str, Any]) -> bool:
    return walk.ctx.data["players"][x]["knowledge"] <= int(args.get("n", 0))


def _f_in_section(walk: TreeWalk[Ctx], kind: str, x: Any, args: dict[str, Any], bindings: dict[str, Any]) -> bool:
    board = walk.ctx.content.board
    if kind in ("corridor", "exit"):
        return x != "TECH" and board.corridor_section(x) == args.get("section")
    room = _room_of_element(walk, kind, x)
    return room is not None and board.section_of(room) == args.get("section")


def _f_type_in(walk: TreeWalk[Ctx], kind: str, x: Any, args: dict[str, Any], bindings: dict[str, Any]) -> bool:
    types = args.get("types", ())
    types = types if isinstance(types, tuple) else (types,)
    flat = {t for group in types for t in (group if isinstance(group, tuple) else (group,))}
    return walk.ctx.data["intruders"][x]["type"] in flat


def _f_rank_le(walk: TreeWalk[Ctx], kind: str, x: Any, args: dict[str, Any], bindings: dict[str, Any]) -> bool:
    return rank(walk.ctx, walk.ctx.data["intruders"][x]["type"]) <= int(args.get("n", 0))


def _f_explored(flag: bool) -> Callable[..., bool]:
    def test(walk: TreeWalk[Ctx], kind: str, x: Any, args: dict[str, Any], bindings: dict[str, Any]) -> bool:
        return walk.ctx.data["rooms"][x]["explored"] == flag
    return test


def _f_neighbour_of(walk: TreeWalk[Ctx], kind: str, x: Any, args: dict[str, Any], bindings: dict[str, Any]) -> bool:
    return any(x in walk.ctx.content.board.neighbour_rooms(r) for r in rooms_of(walk, args.get("where")))


def _f_reachable_from(walk: TreeWalk[Ctx], kind: str, x: Any, args: dict[str, Any], bindings: dict[str, Any]) -> bool:
    """The Room itself or a neighbour joined without a Closed Door."""
    rooms = rooms_of(walk, args.get("where"))
    return x in rooms or any(x == n for r in rooms for _, n in walkable_neighbours(walk.ctx.data, r))


def _f_has_entrance(walk: TreeWalk[Ctx], kind: str, x: Any, args: dict[str, Any], bindings: dict[str, Any]) -> bool:
    return walk.ctx.content.board.has_entrance(x)


def _marker(walk: TreeWalk[Ctx], room: str, kind: str) -> bool:
    state = walk.ctx.data["rooms"][room]
    if kind in ("fire", "malfunction"):
        return bool(state[kind])
    return kind in state["objects"]


def _f_has_marker(walk: TreeWalk[Ctx], kind: str, x: Any, args: dict[str, Any], bindings: dict[str, Any]) -> bool:
    return _marker(walk, x, str(args.get("kind")))


def _f_no_marker(walk: TreeWalk[Ctx], kind: str, x: Any, args: dict[str, Any], bindings: dict[str, Any]) -> bool:
    return not _marker(walk, x, str(args.get("kind")))


def _f_has_intruder(walk: TreeWalk[Ctx], kind: str, x: Any, args: dict[str, Any], bindings: dict[str, Any]) -> bool:
    return bool(intruders_in(walk.ctx.data, x))


def _f_has_character(walk: TreeWalk[Ctx], kind: str, x: Any, args: dict[str, Any], bindings: dict[str, Any]) -> bool:
    return bool(characters_in(walk.ctx.data, x))


def _f_powered(flag: bool) -> Callable[..., bool]:
    def test(walk: TreeWalk[Ctx], kind: str, x: Any, args: dict[str, Any], bindings: dict[str, Any]) -> bool:
        room = _room_of_element(walk, kind, x) if kind != "character" else walk.ctx.data["players"][x]["room"]
        return room is not None and room_powered(walk.ctx.data, room) == flag
    return test


def _f_tile(walk: TreeWalk[Ctx], kind: str, x: Any, args: dict[str, Any], bindings: dict[str, Any]) -> bool:
    state = walk.ctx.data["rooms"][x]
    return state["explored"] and state["tile"] == args.get("tile")


def _f_has_computer(walk: TreeWalk[Ctx], kind: str, x: Any, args: dict[str, Any], bindings: dict[str, Any]) -> bool:
    state = walk.ctx.data["rooms"][x]
    return state["explored"] and walk.ctx.content.tiles[state["tile"]].computer


def _f_of_room(walk: TreeWalk[Ctx], kind: str, x: Any, args: dict[str, Any], bindings: dict[str, Any]) -> bool:
    return any(x in walk.ctx.content.board.corridors_of(r) for r in rooms_of(walk, args.get("where")))


def _f_number(walk: TreeWalk[Ctx], kind: str, x: Any, args: dict[str, Any], bindings: dict[str, Any]) -> bool:
    room = actor_room(walk, bindings) if bindings.get("it") is None else bindings["it"]
    try:
        return walk.ctx.content.board.exit(str(room), int(args.get("n", 0))) == x
    except (KeyError, ValueError):
        return False


def _f_noise(flag: bool) -> Callable[..., bool]:
    def test(walk: TreeWalk[Ctx], kind: str, x: Any, args: dict[str, Any], bindings: dict[str, Any]) -> bool:
        return has_noise(walk.ctx.data, x) == flag
    return test


def _f_door(walk: TreeWalk[Ctx], kind: str, x: Any, args: dict[str, Any], bindings: dict[str, Any]) -> bool:
    return _p_door(walk, kind, args, bindings)(x)


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


# The filters whose test compares each element with places found from the filter's args (the Rooms
# ``where`` names, their Corridors, their neighbours) or with values read from its args (the Door
# states named): as selectors they find those once per selection, not once per element; each gives
# the same answers as its test in FILTERS.

def _p_in_room(walk: TreeWalk[Ctx], kind: str, args: dict[str, Any], bindings: dict[str, Any]) -> Callable[[Any], bool]:
    rooms = set(rooms_of(walk, args.get("where")))
    return lambda x: _room_of_element(walk, kind, x) in rooms


def _p_of_room(walk: TreeWalk[Ctx], kind: str, args: dict[str, Any], bindings: dict[str, Any]) -> Callable[[Any], bool]:
    board = walk.ctx.content.board
    corridors = {c for r in rooms_of(walk, args.get("where")) for c in board.corridors_of(r)}
    return corridors.__contains__


def _p_neighbour_of(walk: TreeWalk[Ctx], kind: str, args: dict[str, Any],
                    bindings: dict[str, Any]) -> Callable[[Any], bool]:
    board = walk.ctx.content.board
    rooms = {n for r in rooms_of(walk, args.get("where")) for n in board.neighbour_rooms(r)}
    return rooms.__contains__


def _p_reachable_from(walk: TreeWalk[Ctx], kind: str, args: dict[str, Any],
                      bindings: dict[str, Any]) -> Callable[[Any], bool]:
    rooms = rooms_of(walk, args.get("where"))
    reachable = set(rooms) | {n for r in rooms for _, n in walkable_neighbours(walk.ctx.data, r)}
    return reachable.__contains__


def _p_door(walk: TreeWalk[Ctx], kind: str, args: dict[str, Any], bindings: dict[str, Any]) -> Callable[[Any], bool]:
    """A Corridor whose Door is in one of the states named (``none``: open and without a token)."""
    states = args.get("state")
    states = states if isinstance(states, tuple) else (states,)
    corridors = walk.ctx.data["corridors"]
    bare = "none" in states

    def keep(x: Any) -> bool:
        if x == "TECH":
            return False
        door = corridors[x]["door"]
        return door in states or (bare and door == "open" and not corridors[x].get("token"))
    return keep


PREPARED: dict[str, Callable[[TreeWalk[Ctx], str, dict[str, Any], dict[str, Any]], Callable[[Any], bool]]] = {
    "in_room": _p_in_room, "of_room": _p_of_room, "neighbour_of": _p_neighbour_of,
    "reachable_from": _p_reachable_from, "door": _p_door,
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


def _c_room(walk: TreeWalk[Ctx], bindings: dict[str, Any]) -> str | None:
    it = bindings.get("it")
    if isinstance(it, str) and it in walk.ctx.data["rooms"]:
        return it
    return actor_room(walk, bindings)


def _c_computer_usable(walk: TreeWalk[Ctx], args: dict[str, Any], bindings: dict[str, Any]) -> bool:
    room = _c_room(walk, bindings)
    state = walk.ctx.data["rooms"][room]
    assert room is not None                                 # the Room was found just above
    return (state["explored"] and walk.ctx.content.tiles[state["tile"]].computer and not state["malfunction"]
            and room_powered(walk.ctx.data, room))


def _c_room_has(walk: TreeWalk[Ctx], args: dict[str, Any], bindings: dict[str, Any]) -> bool:
    room = _c_room(walk, bindings)
    state = walk.ctx.data["rooms"][room]
    assert room is not None                                 # the Room was found just above
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


def _c_room_is(walk: TreeWalk[Ctx], args: dict[str, Any], bindings: dict[str, Any]) -> bool:
    room = _c_room(walk, bindings)
    tile = args.get("tile")
    if tile == "exit_room":
        return room == walk.ctx.content.board.exit_room
    return walk.ctx.data["rooms"][room]["tile"] == tile or room == tile


def _c_has_item(walk: TreeWalk[Ctx], args: dict[str, Any], bindings: dict[str, Any]) -> bool:
    return args.get("item") in held_items(walk.ctx.player())


def _c_stat_ge(walk: TreeWalk[Ctx], args: dict[str, Any], bindings: dict[str, Any]) -> bool:
    return _count(walk, {"stat": args.get("name")}, bindings) >= int(args.get("n", 0))


CONDITIONS: dict[str, Callable[[TreeWalk[Ctx], dict[str, Any], dict[str, Any]], bool]] = {
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
    "removed": lambda w, a, b: w.marks.get("removed", False),
    "has_character": lambda w, a, b: _f_has_character(w, "room", _c_room(w, b), a, b),
    "has_intruder": lambda w, a, b: _f_has_intruder(w, "room", _c_room(w, b), a, b),
}


# -- choose pools: the bare names ``choose`` offers from ----------------------------------------------

def _pool_weapon(walk: TreeWalk[Ctx], bindings: dict[str, Any]) -> list[Any]:
    items = walk.ctx.content.items
    return [t["item"] for t in walk.ctx.player()["hands"] if "item" in t and items[t["item"]].weapon]


def _pool_exit(walk: TreeWalk[Ctx], bindings: dict[str, Any]) -> list[Any]:
    return _exits(walk, {"where": "actor_room"}, bindings)


def _pool_neighbour(walk: TreeWalk[Ctx], bindings: dict[str, Any]) -> list[Any]:
    here = actor_room(walk, bindings)
    return [] if here is None else [room for _, room in walkable_neighbours(walk.ctx.data, here)]


POOLS: dict[str, Callable[[TreeWalk[Ctx], dict[str, Any]], list[Any]]] = {
    "weapon": _pool_weapon,
    "heavy_item": lambda w, b: [t["item"] for t in w.ctx.player()["hands"] if "item" in t],
    "heavy_thing": lambda w, b: [t.get("item") or t.get("object") for t in w.ctx.player()["hands"]],
    "neutral": lambda w, b: [f"N{i}" for i in range(len(w.ctx.data["neutral"]))],
    "face_down": lambda w, b: sorted(int(slot) for slot in w.ctx.data["css"]),
    "exit": _pool_exit,
    "neighbour": _pool_neighbour,
}


# -- named values: the bare names of value position ----------------------------------------------

def _item_handle(walk: TreeWalk[Ctx], bindings: dict[str, Any]) -> Any:
    """Bare ``choose``: one of the items you hold, by handle (h0, i1, …: a command never names an
    Inventory card, rules/items.py)."""
    return walk.take_target(item_handles(walk.ctx.player()))


def _neighbours(walk: TreeWalk[Ctx], bindings: dict[str, Any]) -> tuple[str, ...]:
    """Bare ``neighbour``: the Rooms next to the effect's Room, Closed Doors or not."""
    here = actor_room(walk, bindings)
    return () if here is None else tuple(walk.ctx.content.board.neighbour_rooms(here))


NAMES: dict[str, Callable[[TreeWalk[Ctx], dict[str, Any]], Any]] = {
    "self": lambda w, b: w.ctx.actor,
    "target": lambda w, b: b.get("target", w.ctx.actor),
    "it": lambda w, b: b.get("it"),
    "actor_room": actor_room,
    "neighbour": _neighbours,
    "choose": _item_handle,
}


# -- conditions: what a condition node of each name tests ----------------------------------------

def _condition(name: str) -> Callable[[TreeWalk[Ctx], dict[str, Any], dict[str, Any]], bool]:
    """The test of a condition node ``name``: a selector holds when it finds something; a filter
    tests the ``for_each`` element when one is bound, else (unless a condition of the same name
    exists) the acting character; a condition tests the actor's situation."""
    if name in SELECTORS:
        selector = SELECTORS[name]
        return lambda w, a, b: bool(selector(w, a, b))
    condition = CONDITIONS.get(name)
    test = FILTERS.get(name)
    if test is None:
        assert condition is not None
        return condition

    def on_element(walk: TreeWalk[Ctx], args: dict[str, Any], bindings: dict[str, Any]) -> bool:
        it = bindings.get("it")
        if it is not None:
            values = {k: walk.value(v, bindings) for k, v in args.items()}
            return test(walk, kind_of(walk, it), it, values, bindings)
        if condition is not None:
            return condition(walk, args, bindings)
        return test(walk, "character", walk.ctx.actor, args, bindings)
    return on_element


def _place_of(name: str) -> Callable[[TreeWalk[Ctx], dict[str, Any], dict[str, Any]], Any]:
    """A filter written as a place: the Rooms meeting it."""
    return lambda w, a, b: tuple(_rooms(w, {"filters": ({name: a},)}, b))


# -- structure Nemesis adds to the walk ---------------------------------------------------------------

def _once_per(walk: TreeWalk[Ctx], args: dict[str, Any], bindings: dict[str, Any]) -> None:
    ctx = walk.ctx
    scope = str(args.get("scope", "game"))
    key = f"{ctx.actor}:{scope}:{args.get('effect')!r}"
    used = ctx.data.setdefault("once", {})
    stamp = {"game": 0, "round": ctx.data["round"]}.get(scope, ctx.data["round"])
    if used.get(key) == stamp:
        return
    if not walk.planning:
        used[key] = stamp
    walk.run(args.get("effect"), bindings)


def _duration(walk: TreeWalk[Ctx], args: dict[str, Any], bindings: dict[str, Any]) -> None:
    """Timed effects go to the ``duration`` handler (primitives.py) with their tree unwalked."""
    if not walk.planning:
        walk.call("duration", args, bindings)


def _read_where_they_apply(walk: TreeWalk[Ctx], args: dict[str, Any], bindings: dict[str, Any]) -> None:
    """passive / reaction / cost_mod are read where they apply, never run as effects."""


def _move_path_target(walk: TreeWalk[Ctx], values: dict[str, Any], bindings: dict[str, Any]) -> dict[str, Any]:
    """Know the Shortcuts: the destination of ``move_path`` is a target of the command."""
    values["to"] = walk.take_target(path_destinations(walk.ctx, walk.ctx.actor, int(values.get("steps") or 1)))
    return bindings


def _door_state(walk: TreeWalk[Ctx], values: dict[str, Any], bindings: dict[str, Any]) -> dict[str, Any]:
    """``set_door`` "open or close" the chosen Door: the state it is not in now."""
    corridors = walk.ctx.data["corridors"]
    corridor = values.get("corridor")
    if isinstance(values.get("state"), tuple) and corridor in corridors:
        return {**bindings, "door_state": "open" if corridors[corridor]["door"] == "closed" else "closed"}
    return bindings


def _register() -> None:
    for name, pool in POOLS.items():
        TREES.pool(name)(pool)
    for name, named in NAMES.items():
        TREES.name(name)(named)
    for name, value in {**VALUES, **SELECTORS}.items():
        TREES.value(name)(value)
    for name in FILTERS:
        if name not in TREES.values:
            TREES.value(name)(_place_of(name))
    TREES.condition("cond")(lambda w, a, b: all(w.cond(item, b) for item in a.get("conds", ())))
    for name in {*SELECTORS, *FILTERS, *CONDITIONS}:
        TREES.condition(name)(_condition(name))
    TREES.control("once_per")(_once_per)
    TREES.control("optional")(lambda w, a, b: w.run(a.get("effect"), b))
    TREES.control("duration", opaque=True)(_duration)
    for name in ("passive", "reaction", "cost_mod"):
        TREES.control(name, opaque=True)(_read_where_they_apply)
    TREES.before_handler("move_path")(_move_path_target)
    TREES.before_handler("set_door")(_door_state)


_register()


# -- items, seats and places for the primitive handlers ------------------------------------------

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


def walk_of(bindings: dict[str, Any]) -> TreeWalk[Ctx] | None:
    return bindings.get("_walk")
