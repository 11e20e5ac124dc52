"""Moving, flying and discovering (VIN-MOVE, VIN-DISCOVER, VIN-GEO-8/9, VVH-PORT)."""
from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from engine.core import Command, Data, refuse
from engine.core.commands import Value
from engine.core.sampling import one_group

from ..board import Triangle
from ..commands import arg, listed, verb
from ..content import content
from ..context import Ctx
from ..setup import draw_random
from . import abilities
from .abilities import passive_speed
from .module import fill_settlement
from .power import DILUTE_STEPS, move_step, possible_steps

MAX_EXTENSION = 2


def speed(data: Data, seat: int) -> int:
    """VIN-MOVE-2: the mount's speed plus every active modifier."""
    player, turn = data["players"][seat], data["turn"]
    reach = content().mounts[player["mount"]].speed + passive_speed(data, seat)
    if turn["mods"] and turn["seat"] == seat:
        reach += sum(m["n"] for m in turn["mods"] if m["kind"] == "speed")
    if "zeal" in player["runes"]:
        reach += sum(player["proficiencies"].values())                  # VVH-RUNE-7
    return reach


def occupied(data: Data, seat: int) -> set[str]:
    return {p["token"] for p in data["players"] if p["seat"] != seat}


def legal_paths(data: Data, seat: int) -> tuple[int, list[tuple[str, ...]]]:
    """(extension, paths): the legal move paths, with the extra steps a surrounded player needs
    (VIN-MOVE-8); (0, []) when no end is reachable even with 2 extra steps (VIN-MOVE-10)."""
    start = data["players"][seat]["token"]
    if start not in content().triangles:
        return 0, []
    extension, found = free_walks(start, frozenset(occupied(data, seat) | {start}), speed(data, seat))
    return extension, list(found)


# Listing asks for the same walks after every command of a turn until the move: they depend on the
# static board, the start, the blocked ends and the speed only, so they are kept across states.
@lru_cache(maxsize=1024)
def free_walks(start: str, blocked: frozenset[str], reach: int) -> tuple[int, tuple[tuple[str, ...], ...]]:
    """`legal_paths` from ``start``: every walk of 1 to ``reach`` steps (revisits allowed, VIN-MOVE-6;
    on the board ``start`` is on, VVH-ISLE-1), by length, then in the board's neighbour order, whose
    end is not ``blocked``; when there is none, those of ``reach`` + 1 steps, then of ``reach`` + 2
    (the extension)."""
    triangles = content().triangles
    level: list[tuple[str, ...]] = [(start,)]
    found: list[tuple[str, ...]] = []
    for steps in range(1, reach + MAX_EXTENSION + 1):
        level = [path + (step,) for path in level for step in triangles[path[-1]].neighbours]
        found += [path for path in level if path[-1] not in blocked]
        if found and steps >= reach:   # past the speed only while nothing shorter was found
            return max(0, steps - reach), tuple(found)
    return 0, ()


def check_path(data: Data, seat: int, path: tuple[str, ...], extension: int) -> None:
    triangles = content().triangles
    player = data["players"][seat]
    if not path or path[0] != player["token"]:
        raise refuse("VIN-MOVE-11", "a path starts with the triangle your token stands on")
    if len(path) < 2:
        raise refuse("VIN-MOVE-7", "a move takes at least one step")
    for here, there in zip(path, path[1:]):
        if there not in triangles or there not in triangles[here].neighbours:
            raise refuse("VIN-MOVE-1", f"{there} is not next to {here}")
    if path[-1] == path[0]:
        raise refuse("VIN-MOVE-5", "a move may not end where it began")
    taken = occupied(data, seat)
    if path[-1] in taken:
        raise refuse("VIN-MOVE-4", f"another token stands on {path[-1]}")
    reach = speed(data, seat)
    needed = free_walks(path[0], frozenset(taken | {path[0]}), reach)[0]   # `legal_paths`' extension
    if extension and needed == 0:
        raise refuse("VIN-MOVE-9", "you are not surrounded: a legal end lies within your speed")
    if extension and extension != needed:
        raise refuse("VIN-MOVE-9", f"you need exactly {needed} extra step(s) to escape")
    if len(path) - 1 > reach + extension:
        raise refuse("VIN-MOVE-1", f"your speed is {reach}; that path takes {len(path) - 1} steps")


def discover(ctx: Ctx, triangles: list[str]) -> None:
    """VIN-DISCOVER-1: empty spaces touched along the path, in path order then by region id.
    Isle triangles discover nothing (VVH-GEO-5)."""
    board = content().board
    for triangle in triangles:
        if triangle not in board.triangles:
            continue
        for region in board.triangles[triangle].touches:
            if ctx.data["regions"][region] is None and ctx.data["bag"]:   # VIN-DISCOVER-4
                tile = draw_random(ctx.data["bag"], ctx.rng)
                ctx.data["regions"][region] = {"tile": tile, "controller": None}
                ctx.emit("tile_discovered", space=region, tile=tile)
                if content().regions[tile].settlement:                     # VIN-DISCOVER-6
                    fill_settlement(ctx, tile)


def relocations(data: Data, seat: int, end: str) -> list[str]:
    """VVH-PORT-2, -3: where a move ending on ``end`` may be relocated (port ↔ outer Isle)."""
    return _relocations(data.get("port"), frozenset(occupied(data, seat)), end)


def _relocations(port: str | None, taken: frozenset[str], end: str) -> list[str]:
    if port is None:
        return []
    outer = [t.id for t in content().isle.triangles.values() if len(t.touches) == 2]
    if end == port:
        return [t for t in outer if t not in taken]
    if end in outer and port not in taken:
        return ["port"]
    return []


def can_move(data: Data, seat: int) -> bool:
    """Whether `move_commands` lists anything before the move is used: some legal path, or a
    flight (VIN-MOVE-10 lets a turn end without moving only when there is none). Stops at the
    first path found, so asking costs little when a move is possible."""
    player = data["players"][seat]
    start = player["token"]
    if start in content().triangles:
        blocked = occupied(data, seat) | {start}
        reach = speed(data, seat)
        if any(end not in blocked for end, _ in walk_moves(seat, start, reach)):
            return True   # a free end within the speed (`move_commands` has just made these walks)
        # `legal_paths` tries the speed, then 1 and 2 extra steps: together every length up to speed + 2
        if free_walks(start, frozenset(blocked), reach)[1]:
            return True
    if content().mounts[player["mount"]].flight:
        taken = occupied(data, seat) | {start}
        return any(t not in taken for t in flight_targets(data))
    return False


# -- the verbs -------------------------------------------------------------------------------------
def flight_targets(data: Data) -> Mapping[str, Triangle]:
    """The moth flies anywhere on the island, and with the module onto the Isle too (VVH-ISLE-2)."""
    return content().triangles if "port" in data else content().board.triangles


def move_commands(data: Data, seat: int) -> list[Command]:
    if data["turn"]["used"]["move"]:
        return []
    player = data["players"][seat]
    start, taken, reach = player["token"], frozenset(occupied(data, seat)), speed(data, seat)
    flight = content().mounts[player["mount"]].flight
    if "port" not in data and not flight and start in content().triangles:
        free = [move for end, move in walk_moves(seat, start, reach) if end != start and end not in taken]
        if free:   # not surrounded, no port to relocate to, no flight: the walks to a free end
            return free
    surrounded = start in content().triangles and free_walks(start, taken | {start}, reach)[0] > 0
    dilutions = tuple(possible_steps(player, DILUTE_STEPS)) if surrounded else ()
    return list(_move_list(seat, start, taken, reach, dilutions, data.get("port"), "port" in data, flight))


# Bounded at 256 (of some 520 seat, start and speed a thousand random games reach): an entry of a
# high speed holds a thousand commands, so a larger bound let memory grow game after game (+8.7 %
# over 1,000 games) while hits went from 99.8 % to 99.1 % only.
@lru_cache(maxsize=256)
def walk_moves(seat: int, start: str, reach: int) -> tuple[tuple[str, Command], ...]:
    """Every walk of 1 to ``reach`` steps from ``start``, in `free_walks`' order, as (its end, its
    move command without options). A player who is not surrounded moves by exactly those whose end
    is free (neither ``start`` nor taken): the walks depend on the static board only, so they are
    made once per seat, start and speed, and each listing only filters them by the taken ends."""
    triangles = content().triangles
    level: list[tuple[str, ...]] = [(start,)]
    found: list[tuple[str, Command]] = []
    for _ in range(reach):
        level = [path + (step,) for path in level for step in triangles[path[-1]].neighbours]
        found += [(path[-1], listed("move", (path,), seat)) for path in level]
    return tuple(found)


@lru_cache(maxsize=1024)
def _move_list(seat: int, start: str, taken: frozenset[str], reach: int, dilutions: tuple[str, ...],
               port: str | None, isle: bool, flight: bool) -> tuple[Command, ...]:
    """`move_commands` from all it reads: the seat, its token, the other tokens, its speed, the
    dilutions an escape may take, the port, the Isle, whether the mount flies; so the commands of one
    place and speed are made once and kept across states."""
    extension, walks = free_walks(start, taken | {start}, reach) if start in content().triangles else (0, ())
    found: list[Command] = []
    for path in walks:
        variants: list[tuple[tuple[str, Value], ...]] = []
        if not extension:
            variants.append(())
        steps: list[str | None] = list(dilutions) or ([None] if extension else [])
        for step in steps:
            variants.append(((("dilute", step),) if step else ()) + (("extension", extension),))   # by name
        targets = _relocations(port, taken, path[-1])
        for options in variants:
            found.append(listed("move", (path,), seat, options))
            found += [listed("move", (path,), seat, options + (("relocate", t),)) for t in targets]
    if flight:
        blocked = taken | {start}
        for t in (content().triangles if isle else content().board.triangles):
            if t not in blocked:
                found.append(listed("fly", (t,), seat))
                found += [listed("fly", (t,), seat, (("relocate", r),)) for r in _relocations(port, taken, t)]
    return tuple(found)


@verb("move", move_commands, groups=one_group(move_commands))
def do_move(ctx: Ctx, cmd: Command) -> None:
    data = ctx.data
    if data["turn"]["used"]["move"]:
        raise refuse("VIN-TURN-5", "you have moved this turn")
    path = cmd.args[0] if cmd.args else ()
    path = path if isinstance(path, tuple) else (path,)
    extension = cmd.get("extension", 0)
    if not isinstance(extension, int) or not 0 <= extension <= MAX_EXTENSION:
        raise refuse("VIN-MOVE-9", "extension is 0, 1 or 2")
    check_path(data, ctx.actor, tuple(str(t) for t in path), extension)
    dilute = cmd.get("dilute", "none")
    options = possible_steps(ctx.player(), DILUTE_STEPS) if extension else []
    if extension and options and dilute not in options:
        raise refuse("VIN-MOVE-8", f"escaping costs a dilution: dilute={' or dilute='.join(options)}")
    if extension and not options and dilute != "none":
        raise refuse("VIN-POWER-6", "you have no block to dilute: the extra steps are free")
    if not extension and dilute != "none":
        raise refuse("VIN-MOVE-8", "only a surrounded move dilutes")
    relocated = _relocation(data, ctx.actor, str(path[-1]), cmd.get("relocate", "none"))
    start_move(ctx)
    ctx.player()["token"] = path[-1]
    data["turn"]["used"]["move"] += 1
    ctx.emit("token_moved", seat=ctx.actor, path=list(path))
    if extension and options:
        move_step(ctx, str(dilute))
    discover_after_move(ctx, [str(t) for t in path] + _relocate(ctx, relocated))  # VIN-MOVE-13, VVH-PORT-6


@verb("fly")
def do_fly(ctx: Ctx, cmd: Command) -> None:
    data, player = ctx.data, ctx.player()
    destination = arg(cmd, 0, "a destination triangle")
    if data["turn"]["used"]["move"]:
        raise refuse("VIN-TURN-5", "you have moved this turn")
    if not content().mounts[player["mount"]].flight:
        raise refuse("VIN-MOVE-12", "only a rank-5 mount (the moth) flies")
    if destination not in flight_targets(data) or destination == player["token"]:
        raise refuse("VIN-MOVE-12", "fly to another triangle of the board")
    if destination in occupied(data, ctx.actor):
        raise refuse("VIN-MOVE-4", f"another token stands on {destination}")
    relocated = _relocation(data, ctx.actor, destination, cmd.get("relocate", "none"))
    start_move(ctx)
    player["token"] = destination
    data["turn"]["used"]["move"] += 1
    ctx.emit("token_flew", seat=ctx.actor, to=destination)
    discover_after_move(ctx, [destination] + _relocate(ctx, relocated))   # VIN-DISCOVER-2, VVH-PORT-6


def _relocation(data: Data, seat: int, end: str, relocate: object) -> str | None:
    """VVH-PORT-2..5: checked where the path (or flight) ends, before relocating."""
    if relocate in ("none", None):
        return None
    allowed = relocations(data, seat, end)
    if relocate not in allowed:
        raise refuse("VVH-PORT-4", f"from {end} you can relocate to: {', '.join(allowed) or 'nowhere'}")
    return data["port"] if relocate == "port" else str(relocate)


def _relocate(ctx: Ctx, target: str | None) -> list[str]:
    """Move the token on to the port or the Isle; the port's spaces are then discovered too."""
    if target is None:
        return []
    ctx.player()["token"] = target
    ctx.emit("token_relocated", seat=ctx.actor, to=target)
    return [target]


def start_move(ctx: Ctx) -> None:
    """`move_start`: a speed trigger (W03) was counted into the speed the move was checked
    against; it is spent now and its +n stays as a turn modifier."""
    hooked = [card for card, _ in abilities.hooks(ctx.data, ctx.actor, "move_start", "speed_mod")]
    abilities.spend_hooks(ctx, hooked, keep_effects=True)


def discover_after_move(ctx: Ctx, triangles: list[str]) -> None:
    """Discovery after the player's own move, then its triggers: ``discover`` once if at least one
    tile was drawn (K02), and ``move_done``."""
    empty = sum(1 for r in ctx.data["regions"].values() if r is None)
    discover(ctx, triangles)
    found = empty - sum(1 for r in ctx.data["regions"].values() if r is None)
    abilities.fire(ctx, "move_done", seats=[ctx.actor])
    if found:
        abilities.fire(ctx, "discover", str(found), seats=[ctx.actor])
