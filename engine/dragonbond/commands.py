"""Planning commands: each verb's handler and the legal commands it offers (spec 9.2, 9.3).

Notation (seats prefix as ``0: …``; cards are card ids):
  place ely_a3           place one card from your hand face down on the stack (DRG-PLAN-3)
  pass                   pass, ending planning (DRG-PLAN-9, DRG-PASS)
  pass to=1              pass while holding the first-player marker: hand it to human seat 1 (DRG-PASS-6)
  answer CHOICE          to the pending set-up decision (a character, the first player)
"""
from __future__ import annotations

from collections.abc import Callable

from engine.core import Command, Data, refuse
from engine.core.verbs import Verbs

from .context import Ctx
from .rules import planning

Handler = Callable[[Ctx, Command], None]
# Each rule module registers its own verbs (`commands.verb`), so adding one never touches this file.
VERBS = Verbs("Dragonbond")
HANDLERS = VERBS.handlers
verb = VERBS.verb


def acting(ctx: Ctx) -> str:
    """The character of the commanding seat, whose planning turn it must be."""
    character = planning.current(ctx.data)
    if character is None or ctx.data["boards"][character]["seat"] != ctx.seat:
        raise refuse("DRG-PLAN-2", "it is not your turn to plan")
    return character


def _place_commands(data: Data, seat: int) -> list[Command]:
    character = data["humans"][seat]
    return [Command("place", (card,), (), seat) for card in dict.fromkeys(data["boards"][character]["hand"])]


def _pass_commands(data: Data, seat: int) -> list[Command]:
    character = data["humans"][seat]
    if not planning.can_pass(data, character):
        return []
    targets = planning.pass_targets(data, character)
    if targets is None:
        return [Command("pass", (), (), seat)]
    return [Command("pass", (), (("to", to),), seat) for to in targets]


@verb("place", _place_commands)
def do_place(ctx: Ctx, cmd: Command) -> None:
    character = acting(ctx)
    if len(cmd.args) != 1 or not isinstance(cmd.args[0], str) or cmd.options:
        raise refuse("DRG-PLAN-3", "place names exactly one card: place CARD")
    planning.place(ctx, character, cmd.args[0])


@verb("pass", _pass_commands)
def do_pass(ctx: Ctx, cmd: Command) -> None:
    character = acting(ctx)
    to = cmd.get("to")
    if cmd.args or any(key != "to" for key, _ in cmd.options) or not (to is None or isinstance(to, int)):
        raise refuse("DRG-PLAN-3", "pass takes nothing but to=SEAT (the human to hand the first-player marker to)")
    planning.pass_turn(ctx, character, to)


def turn_commands(data: Data, seat: int) -> list[Command]:
    """Every legal planning command of the seat whose turn it is."""
    return VERBS.listed(data, seat)
