"""Turn commands: the verb registry the rule modules fill, and the notation (spec 9.2).

Each rule module registers its own verbs with `verb` (``move`` and ``careful_move`` in
rules/moving.py, ``pass`` in rules/turns.py, ``card`` in rules/cards.py, …), so adding one never
touches this file; this module imports no rule module.

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

from collections.abc import Callable, Sequence

from engine.core import Command, Data
from engine.core.commands import Value
from engine.core.sampling import Group
from engine.core.verbs import Verbs

from .context import Ctx

Handler = Callable[[Ctx, Command], None]

# Legal commands are listed area by area in this order, whichever rule module is imported first.
VERBS = Verbs("Nemesis", areas=("turns", "moving", "cards", "combat", "escape", "items", "rooms", "computer"))
HANDLERS = VERBS.handlers
verb = VERBS.verb


# The listers' commands, built unchecked from validated content and state (`Command.trusted`). Not
# remembered (`CommandMemo`): about half of them are new (targets, payments), and building one
# costs less than looking it up.
listed = Command.trusted


def paid_group(verb: str, args: tuple[Value, ...], options: tuple[tuple[str, Value], ...],
               pays: Sequence[tuple[str, ...]], seat: int) -> Group:
    """The listed command for each payment in ``pays``, as one group (`engine.core.sampling`; every
    turn command but a pass weighs 1): the k-th, made only when drawn or listed, is ``options``
    (sorted by name) with ``pay`` = ``pays[k]`` among them where it sorts, or without it for a
    payment of no card. A command keeps its options sorted, so options given sorted are taken as
    they are rather than sorted again each time."""
    at = sum(1 for key, _ in options if key < "pay")
    before, after = options[:at], options[at:]

    def build(k: int) -> Command:
        pay = pays[k]
        return listed(verb, args, before + (("pay", pay),) + after if pay else options, seat)
    return len(pays), 1.0, build


def pass_weight(discards: int) -> float:
    """A random player's weight for a pass discarding ``discards`` cards (the game's `random_weight`;
    every other turn command weighs 1): passing at once ends rounds quickly, and one rarely discards."""
    return 0.3 * 0.05 ** discards


def turn_commands(data: Data, seat: int) -> list[Command]:
    """Every legal turn command of the seat whose turn it is (payments listed once per kind), area by
    area: the passes first; a character not standing in a Room only passes (rules/turns.py)."""
    return VERBS.listed(data, seat)
