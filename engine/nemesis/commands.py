"""Turn commands: each verb's handler and the legal commands it offers (spec 9.2).

Notation (seats prefix as ``0: …``; cards are instance ids such as ``search.0``, ``CONT07``):
  move R002 pay=rest.4                 Movement (an Escape when in combat), cost 1
  careful_move R002 pay=search.0,dismantle.2    Careful Movement, cost 2 (the noise exit is asked)
  pass | pass discard=CONT07,search.1  pass, discarding any cards
  answer CHOICE                        to the pending decision (a draft pick, a noise exit, …)

Lists (``pay``, ``target``, ``use``, ``discard``) are written ``a,b``; one item ``a,`` (``a``
alone means the same). `legal` lists each command in its canonical spelling, and a save records
that spelling; the other spellings of the same command are accepted (spelling.py).
"""
from __future__ import annotations

from collections.abc import Callable

from engine.core import Command, Data
from engine.core.verbs import Verbs

from .context import Ctx, refuse
from .rules import hand, moving, turns
from .rules.places import exits_of, has_noise, in_combat, in_facility, walkable_neighbours

Handler = Callable[[Ctx, Command], None]
MOVE_COST, CAREFUL_COST = 1, 2


def _payment(cmd: Command) -> list[str]:
    value = cmd.get("pay", ())
    return [str(v) for v in (value if isinstance(value, tuple) else (value,))]


def _target(cmd: Command) -> str:
    if not cmd.args or not isinstance(cmd.args[0], str):
        raise refuse("NEM-MOVE-1", f"{cmd.verb} needs a Room to move to")
    return cmd.args[0]


def _acting(ctx: Ctx, seat: int) -> Data:
    player = ctx.player(seat)
    if not in_facility(player):
        raise refuse("NEM-ACTION-10", "only a character standing in a Room can act")
    return player


def wounded_knee_extra(data: Data, seat: int) -> int:
    """NEM-MOVE-11: the first moving action of the first turn of a round costs 1 more."""
    player = data["players"][seat]
    knee = any(w["type"] == "knee" and not w["dressed"] for w in player["serious"])
    first_turn = data["turn"] is not None and data["turn"]["seat"] == seat and not player.get("turned")
    return 1 if knee and first_turn and data["turn"]["first_turn_moves"] == 0 else 0


def do_move(ctx: Ctx, cmd: Command) -> None:
    seat = ctx.seat
    _acting(ctx, seat)
    to = _target(cmd)
    moving.check_destination(ctx, seat, to)
    hand.pay(ctx, seat, _payment(cmd), MOVE_COST + wounded_knee_extra(ctx.data, seat), "Movement")
    ctx.data["turn"]["first_turn_moves"] += 1
    from .rules import reactions
    reactions.declare_action(ctx, seat, "move", {"to": to})     # NEM-ACTION-17/20: interruptible


def do_careful_move(ctx: Ctx, cmd: Command) -> None:
    seat = ctx.seat
    _acting(ctx, seat)
    if in_combat(ctx.data, seat):
        raise refuse("NEM-SNEAK-1", "Careful Movement is out of combat only (use Movement to escape)")
    to = _target(cmd)
    moving.check_destination(ctx, seat, to)
    if not _quiet_exit(ctx.data, to):
        raise refuse("NEM-SNEAK-2", f"every exit of {to} already holds a Noise marker")
    hand.pay(ctx, seat, _payment(cmd), CAREFUL_COST + wounded_knee_extra(ctx.data, seat), "Careful Movement")
    ctx.data["turn"]["first_turn_moves"] += 1
    from .rules import reactions
    reactions.declare_action(ctx, seat, "careful_move", {"to": to})


def do_pass(ctx: Ctx, cmd: Command) -> None:
    seat = ctx.seat
    value = cmd.get("discard", ())
    discards = [str(v) for v in (value if isinstance(value, tuple) else (value,))]
    hand_cards = list(ctx.player(seat)["hand"])
    for card in discards:
        if card not in hand_cards:
            raise refuse("NEM-ACTION-3", f"{card} is not in your hand")
        hand_cards.remove(card)
    turns.pass_turn(ctx, seat, discards)


# Each rule module registers its own verbs (`commands.verb`), so adding one never touches this file.
VERBS = Verbs("Nemesis")
HANDLERS = VERBS.handlers
verb = VERBS.verb


def _quiet_exit(data: Data, room: str) -> bool:
    """NEM-SNEAK-2: Careful Movement needs an exit of the target Room without a Noise marker."""
    return any(not has_noise(data, e) for e in exits_of(room))


def _movement_commands(data: Data, seat: int) -> list[Command]:
    player = data["players"][seat]
    found: list[Command] = []
    knee = wounded_knee_extra(data, seat)
    fighting = in_combat(data, seat)
    move_pays = hand.payments(player["hand"], MOVE_COST + knee)
    careful_pays = [] if fighting else hand.payments(player["hand"], CAREFUL_COST + knee)
    for _, room in walkable_neighbours(data, player["room"]):
        for pay in move_pays:
            found.append(Command("move", (room,), (("pay", pay),) if pay else (), seat))
        if careful_pays and _quiet_exit(data, room):
            for pay in careful_pays:
                found.append(Command("careful_move", (room,), (("pay", pay),), seat))
    return found


verb("move", _movement_commands)(do_move)
verb("careful_move")(do_careful_move)
verb("pass")(do_pass)


def turn_commands(data: Data, seat: int) -> list[Command]:
    """Every legal turn command of the seat whose turn it is (payments listed once per kind)."""
    found = [Command("pass", (), (), seat)]
    if not in_facility(data["players"][seat]):
        return found
    return found + VERBS.listed(data, seat)
