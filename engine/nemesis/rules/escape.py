"""Leaving the Facility Rooms: Escape the Facility to the Bunker (NEM-BUNKER, NEM-ROOM-39),
locking yourself in the Isolation Room (NEM-ROOM-29/30) and entering a CSS Pod (NEM-CSS-2..6).

Command:  escape_facility rover pay=search.0      (or ``suit``: on foot with an Enviro-Suit)
"""
from __future__ import annotations

from engine.core import Command, Data, refuse
from engine.core.sampling import one_group

from .. import commands
from ..content import content
from ..context import Ctx
from ..trees import passive_item
from . import hand, moving, reactions
from .actions import payment
from .places import in_combat, in_facility, intruders_in

ESCAPE_COST = 1


def has_suit(player: Data) -> bool:
    """NEM-BUNKER-3/6: a held item lets its holder leave on foot (``bunker_on_foot``: the Enviro-Suit,
    the Battle Suit, NEM-ITEM-10) — only while it is held, not once traded or dropped."""
    return passive_item(player, "bunker_on_foot") is not None


def carrying_egg(player: Data) -> bool:
    return any(isinstance(h, dict) and h.get("object") == "egg" for h in player["hands"])


def force_pass(ctx: Ctx, seat: int) -> None:
    """NEM-ACTION-15: when the action is over the turn ends; it is the player's pass for the phase
    (the ``finish_action`` step reads the flag)."""
    ctx.player(seat)["forced_pass"] = True


def to_bunker(ctx: Ctx, seat: int, how: str) -> None:
    player = ctx.player(seat)
    player["stats"]["carried_egg_out"] = player["stats"].get("carried_egg_out") or carrying_egg(player)
    player["where"] = "bunker"
    ctx.emit("reached_bunker", seat=seat, by=how)


def escape_problem(data: Data, seat: int, mode: str) -> tuple[str, str] | None:
    """Why ``seat`` cannot Escape the Facility by ``mode`` now (NEM-BUNKER-2/3/6)."""
    player = data["players"][seat]
    if player["room"] != content().board.exit_room:
        return "NEM-BUNKER-3", "Escape the Facility starts from the Exit Room (001)"
    if not data["main_gate_open"]:
        return "NEM-BUNKER-2", "the Main Gate is closed"
    if in_combat(data, seat):
        return "NEM-BUNKER-3", "you cannot escape while an intruder is in the Room"
    if mode == "rover" and data["rover"] != "facility":
        return "NEM-BUNKER-3", "the Rover is not at the Facility"
    if mode == "suit" and not has_suit(player):
        return "NEM-BUNKER-6", "escaping on foot needs an Enviro-Suit (or the Battle Suit)"
    if mode not in ("rover", "suit"):
        return "NEM-BUNKER-3", "escape by rover or suit"
    return None


def do_escape(ctx: Ctx, cmd: Command) -> None:
    seat = ctx.seat
    player = ctx.player(seat)
    if not in_facility(player):
        raise refuse("NEM-ACTION-10", "only a character standing in a Room can act")
    mode = str(cmd.args[0]) if cmd.args else str(cmd.get("option", "rover"))
    problem = escape_problem(ctx.data, seat, mode)
    if problem:
        raise refuse(*problem)
    cost = ESCAPE_COST + moving.wounded_knee_extra(ctx.data, seat)
    hand.pay(ctx, seat, payment(cmd), cost, "Escape the Facility")
    ctx.data["turn"]["first_turn_moves"] += 1
    reactions.declare_action(ctx, seat, "escape_facility", {"mode": mode})


@reactions.resolver("escape_facility")
def _resolve_escape(ctx: Ctx, seat: int, args: Data, cancelled: bool) -> None:
    player = ctx.player(seat)
    mode = args["mode"]
    if cancelled or not in_facility(player) or escape_problem(ctx.data, seat, mode):
        return
    if mode == "rover":                                 # NEM-BUNKER-4/5
        ctx.data["rover"] = "bunker"
        ctx.emit("rover_moved", to="bunker")
        to_bunker(ctx, seat, "rover")
    else:                                               # NEM-BUNKER-6, NEM-DEC-72
        room = player["room"]
        moving.noise_roll(ctx, seat)
        if in_facility(player) and intruders_in(ctx.data, room):
            ctx.emit("escape_failed", seat=seat)
        elif in_facility(player):
            to_bunker(ctx, seat, "suit")


def _escape_commands(data: Data, seat: int) -> list[Command]:
    found: list[Command] = []
    player = data["players"][seat]
    cost = ESCAPE_COST + moving.wounded_knee_extra(data, seat)
    for mode in ("rover", "suit"):
        if escape_problem(data, seat, mode) is None:
            for pay in hand.payments(player["hand"], cost):
                found.append(commands.listed("escape_facility", (mode,), (("pay", pay),) if pay else (), seat))
    return found


commands.verb("escape_facility", _escape_commands, groups=one_group(_escape_commands))(do_escape)


# -- the Isolation Room and the CSS Pods (called by the room actions) ---------------------------------

def isolation_open(data: Data) -> bool:
    """NEM-ROOM-29: open while the Time token is on a white slot or the Alert token is on the track."""
    return data["rooms"]["ISO"]["face"] == "open" or data["alert"] is not None or data["time"] <= 8


def lock_in(ctx: Ctx, seat: int) -> None:
    """NEM-ROOM-29, NEM-DEC-64: a Noise roll; any intruder arriving makes it fail."""
    player = ctx.player(seat)
    room = player["room"]
    moving.noise_roll(ctx, seat)
    if not in_facility(player):
        return
    if intruders_in(ctx.data, room):
        ctx.emit("lock_in_failed", seat=seat)
        return
    player["where"] = "locked"
    ctx.emit("locked_in", seat=seat)


def pod_problem(data: Data, pod: str) -> str | None:
    """NEM-CSS-2/3: a face-down CSS token on the Time slot, and the pod empty."""
    if str(data["time"]) not in data["css"]:
        return "no face-down CSS token lies on the Time token's slot"
    if data["pods"][pod] is not None:
        return f"pod {pod} is occupied"
    return None


def enter_pod(ctx: Ctx, seat: int, pod: str) -> None:
    """NEM-CSS-4: discard the whole hand, into the pod, pass at once."""
    player = ctx.player(seat)
    player["discard"] += player["hand"]
    player["hand"] = []
    player["where"], player["pod"], player["room"] = "pod", pod, None
    ctx.data["pods"][pod] = seat
    ctx.emit("entered_pod", seat=seat, pod=pod)
    force_pass(ctx, seat)
