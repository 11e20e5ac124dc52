"""Spellings that mean the same command (`Game.spelling_key`): `legal` lists one canonical
spelling of each command, and these rules say which other spellings are that command.

- A list option given as one name is the one-item list: ``pay=search.0`` is ``pay=search.0,``.
- A payment or a discard is a set of cards from the hand: their order means nothing, and cards of
  the same kind are interchangeable (`hand.payments` lists one way per set of kinds), so
  ``pay=search.1`` is ``pay=search.0`` when both are in the hand.
- ``weapon=`` may name the Hand slot (``weapon=0``) of the weapon the item's name picks.
"""
from __future__ import annotations

from engine.core import Command, Data, Refused

from .rules.combat import slot_thing, weapon_slot
from .rules.hand import card_kind

LIST_OPTIONS = frozenset({"pay", "target", "use", "discard"})
CARD_SETS = frozenset({"pay", "discard"})


def spelling_key(command: Command, data: Data) -> object:
    """The same value for every spelling of one command (see above); ``command`` itself when it
    has no other spelling."""
    if not command.options or command.seat is None or not 0 <= command.seat < len(data["players"]):
        return command
    player = data["players"][command.seat]
    options = []
    for key, value in command.options:
        if key in LIST_OPTIONS:
            value = value if isinstance(value, tuple) else (value,)
            if key in CARD_SETS:
                value = _card_set(value, player["hand"])
        elif key == "weapon" and isinstance(value, int):
            value = _weapon_name(player, value)
        options.append((key, value))
    return (command.verb, command.args, tuple(options), command.seat)


def _card_set(cards: tuple[object, ...], hand: list[str]) -> object:
    """The kinds of distinct cards of the hand, sorted; the cards as given when they are not that."""
    if len(set(cards)) != len(cards) or not all(card in hand for card in cards):
        return cards
    return ("kinds", *sorted(card_kind(str(card)) for card in cards))


def _weapon_name(player: Data, slot: int) -> object:
    """The item name that picks Hand slot ``slot`` as its weapon, else the slot as given."""
    item = slot_thing(player, slot).get("item")
    try:
        if isinstance(item, str) and weapon_slot(player, item) == slot:
            return item
    except Refused:  # not a weapon: the rules say so when the command is refused
        pass
    return slot
