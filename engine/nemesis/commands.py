"""Turn commands: each verb's handler and the legal commands it offers (spec 9.2).

Notation (seats prefix as ``0: …``). A command is public (every seat sees it, the save keeps it),
so it never names what the acting seat or the others cannot see: a card or item the others may not
see is named by its place, as the acting seat's own view lists it.
  move R002 pay=rest.4                 Movement (an Escape when in combat), cost 1; ``pay`` names
                                       Action cards by instance id (``search.0``): paid cards go
                                       face up to the discard pile, so everyone sees them anyway
  careful_move R002 pay=search.0,dismantle.2    Careful Movement, cost 2 (the noise exit is asked)
  pass | pass discard=c0,c3            pass, discarding any cards, named by their place in your
                                       hand (``c0`` is the first card your view lists), so an
                                       unscanned Contamination card is never named by its id
  drop h0 | drop i1 | drop probe_arm   drop a Hand slot, an Inventory card, the item beside your board
  craft taser use=i0,h1 pay=rest.4     components by Hand slot / Inventory place (rules/items.py)
  answer CHOICE                        to the pending decision (a draft pick, a noise exit, …); its
                                       choices name hidden things by place too: ``o0``/``o1`` the
                                       objective you keep, ``d0``/``d1`` the Search card you keep,
                                       ``i0/to1`` the Inventory card you offer Player 2 in a Trade

Lists (``pay``, ``target``, ``use``, ``discard``) are written ``a,b``; one item ``a,`` (``a``
alone means the same). `legal` lists each command in its canonical spelling, and a save records
that spelling; other spellings of the same command are accepted (spelling.py): a list in
another order where order means nothing, another copy of an identical card, a weapon by its slot.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from engine.core import Command, Data, refuse
from engine.core.verbs import Verbs

from .context import Ctx
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
    """NEM-ACTION-2/3: pass, discarding any cards of the hand, named by place (``c0``, ``c1``, …)."""
    seat = ctx.seat
    value = cmd.get("discard", ())
    places = [str(v) for v in (value if isinstance(value, tuple) else (value,))]
    hand_cards = ctx.player(seat)["hand"]
    chosen = [hand.hand_place(hand_cards, place) for place in places]
    if None in chosen or len(set(chosen)) != len(chosen):
        raise refuse("NEM-ACTION-3", f"discard names cards of your hand by place, each once (c0 to "
                                     f"c{len(hand_cards) - 1}), not {','.join(places)}")
    turns.pass_turn(ctx, seat, [hand_cards[i] for i in chosen])   # type: ignore[index] - checked


# Each rule module registers its own verbs (`commands.verb`), so adding one never touches this file.
VERBS = Verbs("Nemesis", areas=("commands", "cards", "combat", "escape", "items", "rooms", "computer"))
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


def pass_commands(data: Data, seat: int) -> list[Command]:
    """``pass`` with every set of discards (NEM-ACTION-3), cards the player cannot tell apart listed
    once, as payments are (the lowest places of each kind)."""
    return list(_passes(seat, hand.discard_sets(data["players"][seat])))


@lru_cache(maxsize=1024)
def _passes(seat: int, sets: tuple[tuple[int, ...], ...]) -> tuple[Command, ...]:
    return tuple(Command("pass", (), (("discard", tuple(f"c{i}" for i in places)),) if places else (), seat)
                 for places in sets)


def turn_commands(data: Data, seat: int) -> list[Command]:
    """Every legal turn command of the seat whose turn it is (payments listed once per kind)."""
    found = pass_commands(data, seat)
    if not in_facility(data["players"][seat]):
        return found
    return found + VERBS.listed(data, seat)
