"""Planning commands: the verb registry and the notation (spec 9.2, 9.3). The rule modules register
their own verbs (`verb`); the planning ones are in rules/planning.py.

Notation (seats prefix as ``0: …``; cards are card ids):
  place ely_a3           place one card from your hand face down on the stack (DRG-PLAN-3)
  pass                   pass, ending planning (DRG-PLAN-9, DRG-PASS)
  pass to=1              pass while holding the first-player marker: hand it to human seat 1 (DRG-PASS-6)
  answer CHOICE          to the pending set-up decision (a character, the first player)
"""
from __future__ import annotations

from collections.abc import Callable

from engine.core import Command, Data
from engine.core.verbs import Verbs

from .context import Ctx

Handler = Callable[[Ctx, Command], None]
# Each rule module registers its own verbs (`commands.verb`), so adding one never touches this file;
# `areas` fixes the order their legal commands are listed in, whichever module loads first.
VERBS = Verbs("Dragonbond", areas=("planning",))
HANDLERS = VERBS.handlers
verb = VERBS.verb


def turn_commands(data: Data, seat: int) -> list[Command]:
    """Every legal planning command of the seat whose turn it is."""
    return VERBS.listed(data, seat)
