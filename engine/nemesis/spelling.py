"""Spellings that mean the same command (`Game.spelling_key`): `legal` lists one canonical
spelling of each command, and these rules say which other spellings are that command.

- A list option given as one name is the one-item list: ``pay=search.0`` is ``pay=search.0,``.
- Cards the player cannot tell apart are interchangeable, as the listers offer one of them:
  a payment (``pay=``) is a set of Action cards of the hand, compared by kind (``pay=search.1`` is
  ``pay=search.0`` when both are in the hand); a discard (``discard=c0,c3``) is a set of hand places,
  compared by what the cards look like to their owner (`hand.looks`); the card a ``card`` action
  plays is compared by kind.
- ``weapon=`` may name the Hand slot (``weapon=0``) of the weapon the item's name picks.
"""
from __future__ import annotations

from engine.core import Command, Data, Refused

from .rules.combat import slot_thing, weapon_slot
from .rules.hand import card_kind, hand_place, looks

LIST_OPTIONS = frozenset({"pay", "target", "use", "discard"})


def spelling_key(command: Command, data: Data) -> object:
    """The same value for every spelling of one command (see above); ``command`` itself when it
    has no other spelling."""
    if command.seat is None or not 0 <= command.seat < len(data["players"]):
        return command
    if not command.options and command.verb != "card":
        return command
    player = data["players"][command.seat]
    args = command.args
    if command.verb == "card" and args and isinstance(args[0], str) and args[0] in player["hand"]:
        args = (("kind", card_kind(args[0])), *args[1:])
    options: list[tuple[str, object]] = []
    for key, value in command.options:
        spelled: object = value
        if key in LIST_OPTIONS:
            listed = value if isinstance(value, tuple) else (value,)
            if key == "pay":
                spelled = _paid(listed, player["hand"])
            elif key == "discard":
                spelled = _discarded(listed, player)
            else:
                spelled = listed
        elif key == "weapon" and isinstance(value, int):
            spelled = _weapon_name(player, value)
        options.append((key, spelled))
    return (command.verb, args, tuple(options), command.seat)


def _paid(cards: tuple[object, ...], hand: list[str]) -> object:
    """The kinds of distinct cards of the hand, sorted; the cards as given when they are not that."""
    if len(set(cards)) != len(cards) or not all(card in hand for card in cards):
        return cards
    return ("kinds", *sorted(card_kind(str(card)) for card in cards))


def _discarded(places: tuple[object, ...], player: Data) -> object:
    """How the discarded cards look to their owner, sorted; the places as given when they are not
    distinct places of the hand."""
    hand = player["hand"]
    indexes = [hand_place(hand, place) for place in places]
    if None in indexes or len(set(indexes)) != len(indexes):
        return places
    return ("looks", *sorted(looks(player, hand[i]) for i in indexes))


def _weapon_name(player: Data, slot: int) -> object:
    """The item name that picks Hand slot ``slot`` as its weapon, else the slot as given."""
    item = slot_thing(player, slot).get("item")
    try:
        if isinstance(item, str) and weapon_slot(player, item) == slot:
            return item
    except Refused:  # not a weapon: the rules say so when the command is refused
        pass
    return slot
