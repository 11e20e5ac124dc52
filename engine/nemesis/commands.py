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

from bisect import bisect_right
from collections.abc import Callable, Sequence
from itertools import accumulate

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


# A choice and the ways to pay for it: (verb, args, options sorted by name, payments); a command
# for each payment, listed by `paid_commands`, drawn by `paid_groups` (`paid_verb`).
Paid = tuple[str, tuple[Value, ...], tuple[tuple[str, Value], ...], Sequence[tuple[str, ...]]]


def with_pay(verb: str, args: tuple[Value, ...], options: tuple[tuple[str, Value], ...],
             pay: tuple[str, ...], seat: int) -> Command:
    """The listed command: ``options`` (sorted by name) with ``pay`` among them where it sorts, or
    without it for a payment of no card. A command keeps its options sorted, so options given sorted
    are taken as they are rather than sorted again each time."""
    if not pay:
        return listed(verb, args, options, seat)
    at = sum(1 for key, _ in options if key < "pay")
    return listed(verb, args, options[:at] + (("pay", pay),) + options[at:], seat)


def paid_commands(choices: Sequence[Paid], seat: int) -> list[Command]:
    """The commands of ``choices``, choice by choice, one for each of its payments (`with_pay`)."""
    found: list[Command] = []
    for verb, args, options, pays in choices:
        if not options:                               # the common case: nothing but the payment
            found += [listed(verb, args, (("pay", pay),) if pay else (), seat) for pay in pays]
            continue
        at = sum(1 for key, _ in options if key < "pay")
        before, after = options[:at], options[at:]
        found += [listed(verb, args, before + (("pay", pay),) + after if pay else options, seat) for pay in pays]
    return found


def paid_groups(choices: Sequence[Paid], seat: int) -> list[Group]:
    """The commands of ``choices``, choice by choice, one for each of its payments, as one group
    (`engine.core.sampling`; every turn command but a pass weighs 1): counted without being made,
    the k-th made only when drawn or listed. No group when there is no command."""
    starts = list(accumulate((len(pays) for _, _, _, pays in choices), initial=0))
    if not starts[-1]:
        return []

    def build(k: int) -> Command:
        i = bisect_right(starts, k) - 1                  # the choice holding the k-th command
        verb, args, options, pays = choices[i]
        return with_pay(verb, args, options, pays[k - starts[i]], seat)
    return [(starts[-1], 1.0, build)]


def paid_verb(name: str, choices: Callable[[Data, int], list[Paid]]) -> Callable[[Handler], Handler]:
    """`verb` for a command whose legal ones are choices × payments: listed in full (`paid_commands`)
    and drawn as one group (`paid_groups`), both from the one ``choices`` function."""
    def lister(data: Data, seat: int) -> list[Command]:
        return paid_commands(choices(data, seat), seat)

    def grouper(data: Data, seat: int) -> list[Group]:
        return paid_groups(choices(data, seat), seat)
    for made in (lister, grouper):                  # listed in the order of the rule module's area
        made.__module__, made.__qualname__ = choices.__module__, f"{made.__name__}({choices.__name__})"
    return verb(name, lister, groups=grouper)


def pass_weight(discards: int) -> float:
    """A random player's weight for a pass discarding ``discards`` cards (the game's `random_weight`;
    every other turn command weighs 1): passing at once ends rounds quickly, and one rarely discards."""
    return 0.3 * 0.05 ** discards


def turn_commands(data: Data, seat: int) -> list[Command]:
    """Every legal turn command of the seat whose turn it is (payments listed once per kind), area by
    area: the passes first; a character not standing in a Room only passes (rules/turns.py)."""
    return VERBS.listed(data, seat)
