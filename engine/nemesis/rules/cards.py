"""Action cards (NEM-COST-3/9, NEM-ACTION-7/9, spec 7.3): Search (NEM-SEARCH), Rest and scans
(NEM-REST, NEM-SCAN), Infection (NEM-INFECT), Dismantle and the characters' unique cards.

Notation::

  card search.0                               Search (cost 0: only the card itself)
  card search.1 deck=green                    Search in a white Room: the deck colour first
  card rest.4 pay=dismantle.2                 Rest: the card plus 1 more card
  card dismantle.2 option=0 target=C04, pay=search.0    an OR card names its part and its targets

``option`` is the 0-based OR part, ``target`` the values of each ``choose`` in the order the effect
meets them (the lister enumerates them). The Search keep-1-of-2 is the searcher's pending choice,
since the cards are unknown when the action is declared.
"""
from __future__ import annotations

from typing import Any

from engine.core import Command, Data, refuse
from engine.core.effects import Param, Pause

from .. import commands
from ..content import content
from ..context import Ctx
from ..effects import NEM
from ..trees import (
    HANDLERS,
    check_plan,
    plans,
    run_tree,
    unready,
)
from . import hand, intruders, reactions, turns, wounds
from .actions import (
    acting,
    check_entrance,
    check_tag,
    needs_entrance,
    plan_options,
    requirement_unmet,
    tag_fits_combat,
    uses,
    values,
)
from .hand import card_kind, is_contamination
from .holding import drop_slot, droppable_slots, free_slots, receive, starting_ammo
from .places import in_combat, in_facility
from .rooms import free_room_unmet  # Defense Plan: a Room action for free

ITEM_DECKS = ("red", "yellow", "green")
TAG_RULE = {"search": "NEM-SEARCH-1", "rest": "NEM-REST-1"}


# -- Search (NEM-SEARCH) ---------------------------------------------------------------------------

def room_colour(ctx: Ctx, room: str) -> str | None:
    state = ctx.data["rooms"][room]
    tile = ctx.content.tiles[state["tile"]]
    return tile.colour if state["explored"] and tile.item_counter else None


def check_search(ctx: Ctx, seat: int, deck: Any) -> str:
    """NEM-SEARCH-2/3: a Room with an Item Counter above 0; the deck of its colour (white: chosen)."""
    room = ctx.player(seat)["room"]
    state = ctx.data["rooms"][room]
    colour = room_colour(ctx, room)
    if colour is None or state["items"] is None:
        raise refuse("NEM-SEARCH-2", "this Room has no Item Counter: it cannot be searched")
    if state["items"] <= 0:
        raise refuse("NEM-SEARCH-2", "this Room's Item Counter is 0")
    if colour == "white":
        if deck not in ITEM_DECKS:
            raise refuse("NEM-SEARCH-3", "in a white Room choose the deck to search: deck=red, yellow or green")
        return str(deck)
    if deck not in (None, colour):
        raise refuse("NEM-SEARCH-3", f"this Room is {colour}: only the {colour} deck can be searched")
    return colour


def search(ctx: Ctx, seat: int, deck: str | None, draw: int = 2, lower_counter: bool = True) -> None:
    """NEM-SEARCH-3/7/9: lower the counter, draw (the discard shuffled under a short deck), keep one."""
    data = ctx.data
    room = ctx.player(seat)["room"]
    state = data["rooms"][room]
    colour = deck or room_colour(ctx, room)
    if colour not in ITEM_DECKS:
        return
    if lower_counter and state["items"] is not None:
        state["items"] = max(0, state["items"] - 1)
        ctx.emit("item_counter", room=room, items=state["items"])
    pile = data["decks"][colour]
    if len(pile) < draw and data["discards"][colour]:     # NEM-SEARCH-7
        under = data["discards"][colour]
        data["discards"][colour] = []
        ctx.rng.shuffle(under)
        pile[0:0] = under
    drawn = [pile.pop() for _ in range(min(draw, len(pile)))]
    ctx.emit("search", seat=seat, deck=colour, n=len(drawn))
    if state["tile"] == "contaminated_room" and lower_counter:   # NEM-SEARCH-9
        HANDLERS["slime"](ctx, {"who": seat, "op": "add"}, {})
    if drawn:
        ctx.emit("search_drawn", audience=[seat], deck=colour, cards=drawn)
        ctx.push({"search_keep": {"deck": colour, "cards": drawn}}, seat=seat)


def keep_options(player: Data, cards: tuple[str, ...] | list[str]) -> list[str]:
    """The answers to a Search's keep choice, naming the drawn cards by place, never by id (the
    searcher's view shows which card is where): ``d0``/``d1`` (a second copy of the same card is
    not offered again), ``d0/dropN`` for a heavy card with full hands, dropping Hand slot N
    (NEM-SEARCH-8), or ``bottom`` to return a heavy card too."""
    c = content()
    options: list[str] = []
    for i, card in enumerate(cards):
        if card in cards[:i]:
            continue
        if not c.items[card].heavy or free_slots(player) > 0:
            options.append(f"d{i}")
        else:
            options += [f"d{i}/drop{slot}" for slot in droppable_slots(player)]
            if "bottom" not in options:
                options.append("bottom")
    return options


@NEM.primitive("search_keep", deck=str, cards=tuple[str, ...])
def search_keep(ctx: Ctx, deck: str, cards: tuple[str, ...], answer: Any = None) -> Pause | None:
    """NEM-SEARCH-4/8: keep one card (privately); the other goes face down to the bottom of its deck.
    A heavy card with both Hand slots full: drop a heavy thing (``d0/dropN``) or return it too."""
    player = ctx.player()
    if answer is None:
        return Pause("search_keep", tuple(keep_options(player, cards)))
    handle, _, drop = str(answer).partition("/")
    rest = list(cards)
    if handle != "bottom":
        kept = rest.pop(int(handle[1:]))
        if drop:
            drop_slot(ctx, ctx.actor, int(drop[len("drop"):]))
        receive(ctx, ctx.actor, {"item": kept, "ammo": starting_ammo(kept)})
    ctx.data["decks"][deck][0:0] = rest                   # NEM-ITEM-8: face down to the bottom
    ctx.emit("search_kept", seat=ctx.actor, deck=deck, kept=handle != "bottom")
    return None


# -- Scans and Infection (NEM-SCAN, NEM-REST, NEM-INFECT) ----------------------------------------------

def infected(ctx: Ctx, card: str) -> bool:
    return next(c.infected for c in ctx.content.contamination if c.id == card)


def scan(ctx: Ctx, seat: int, zones: tuple[str, ...], clean: str, infected_do: str) -> None:
    """One scan procedure of the named zones: results to the owner only (NEM-SCAN-2); clean and
    INFECTED cards kept or removed as the effect says (removed: bottom of the Contamination deck,
    status hidden again, NEM-SCAN-4); one Infection at most (NEM-SCAN-3, NEM-DEC-33)."""
    player = ctx.player(seat)
    found: dict[str, bool] = {}
    for zone in zones:
        for card in player[zone]:
            if is_contamination(card):
                found[card] = infected(ctx, card)
    for card in found:
        if card not in player["scanned"]:
            player["scanned"].append(card)
    ctx.emit("scan_result", audience=[seat], cards={card: "INFECTED" if bad else "clean"
                                                    for card, bad in found.items()})
    removed = [card for card, bad in found.items()
               if (bad and infected_do == "remove") or (not bad and clean == "remove")]
    for card in removed:
        for zone in zones:
            if card in player[zone]:
                player[zone].remove(card)
        player["scanned"].remove(card)
        ctx.data["decks"]["contamination"].insert(0, card)
    ctx.emit("scanned", seat=seat, zones=list(zones), removed=len(removed))
    if infected_do == "infect" and any(found.values()):
        infect(ctx, seat)


def infect(ctx: Ctx, seat: int) -> None:
    """NEM-INFECT-2/3: a Larva if there is none; a second one kills (Corpse and a Creeper)."""
    player = ctx.player(seat)
    if not in_facility(player):
        return
    if not player["larva"]:
        player["larva"] = True
        ctx.emit("infected", seat=seat)
        return
    room = player["room"]
    wounds.die(ctx, seat, "infection")
    token = next((t for t in ctx.data["supply"] if intruders.token_type(ctx, t) == "creeper"), None)
    if token is not None:
        ctx.data["supply"].remove(token)
    placed = intruders.place_intruder(ctx, "creeper", token, room)     # NEM-WOUND-7/11
    if placed is None and token is not None:
        ctx.data["supply"].append(token)


# -- the card verb ------------------------------------------------------------------------------------

def _card(ctx: Ctx, seat: int, instance: str):
    return ctx.content.action_card(ctx.player(seat)["character"], card_kind(instance))


def do_card(ctx: Ctx, cmd: Command) -> None:
    seat = ctx.seat
    player = acting(ctx, seat)
    if not cmd.args or not isinstance(cmd.args[0], str):
        raise refuse("NEM-COST-3", "name the Action card to play (card search.0)")
    instance = cmd.args[0]
    if instance not in player["hand"] or is_contamination(instance):
        raise refuse("NEM-COST-3", f"{instance} is not an Action card in your hand")
    card = _card(ctx, seat, instance)
    if card.tag == "reaction":
        raise refuse("NEM-ACTION-13", f"{card.id} is a reaction: it is played when its trigger occurs")
    check_tag(ctx.data, seat, card.tag, TAG_RULE.get(card.id, "NEM-ACTION-7"))
    deck = cmd.get("deck")
    if uses(card.effect, "search", "item_counter", "gain_item"):
        deck = check_search(ctx, seat, deck)
    elif deck is not None:
        raise refuse("NEM-ACTION-6", "only a Search names a deck")
    option = cmd.get("option")
    option = option if isinstance(option, int) else None
    targets = values(cmd, "target")
    if requirement_unmet(ctx, card.effect, option):
        raise refuse("NEM-KNOWLEDGE-4", "your Knowledge is too low for this part of the card")
    check_entrance(ctx, seat, card.effect)
    check_plan(ctx, card.effect, option, targets)
    if free_room_unmet(ctx, card.effect, option):
        raise refuse("NEM-ACTION-9", "this part needs a red or white Room whose action you can perform now")
    pay = [str(v) for v in values(cmd, "pay")]
    if instance in pay:
        raise refuse("NEM-COST-3", "the card played is not part of its extra cost")
    hand.pay(ctx, seat, [instance] + pay, card.cost + 1, card.id)     # NEM-COST-3/9
    ctx.emit("action_declared", seat=seat, action="card", card=card.id)
    reactions.declare(ctx, seat, {"play_card": {"seat": seat, "card": card.id, "option": option,
                                                "targets": list(targets), "deck": deck}})


@NEM.primitive("play_card", seat=int, card=str, option=Param(int | None, None), targets=Param(tuple[Any, ...], ()),
               deck=Param(str | None, None), cancelled=Param(bool, False))
def play_card(ctx: Ctx, seat: int, card: str, option: int | None, targets: tuple[Any, ...], deck: str | None,
              cancelled: bool) -> None:
    queued = len(ctx.queue)
    if not cancelled:
        found = ctx.content.action_card(ctx.player(seat)["character"], card)
        ctx.emit("card_played", seat=seat, card=card, option=option)
        run_tree(ctx, found.effect, option, tuple(targets), deck=deck)
    ctx.run_after(queued, "finish_action", {"seat": seat}, seat=seat)    # once what the card queued is done


@NEM.primitive("finish_action", seat=int)
def finish_action(ctx: Ctx, seat: int) -> None:
    """The action is over: it counts (NEM-ACTION-1); a forced pass ends the turn (NEM-ACTION-15)."""
    player = ctx.player(seat)
    if player.pop("forced_pass", False):
        turn = ctx.data["turn"]
        if turn is not None and turn["seat"] == seat and not ctx.ended():
            turns.pass_turn(ctx, seat, [])
        else:
            player["passed"] = True
        return
    turns.action_done(ctx, seat)


_SHAPES: dict[object, tuple[object, bool, bool, bool]] = {}


def _shape(tree: object) -> tuple[bool, bool, bool]:
    """(needs an Entrance, searches, performs a Room action for free) of a content tree. Content never
    changes, so each tree is read once rather than at every decision; the tree is kept in the entry so
    its id stays its own."""
    key = tree if isinstance(tree, str) else id(tree)              # a bare name: by its text
    entry = _SHAPES.get(key)
    if entry is None or (entry[0] is not tree and key is not tree):
        entry = _SHAPES[key] = (tree, needs_entrance(tree), uses(tree, "search", "item_counter", "gain_item"),
                                uses(tree, "room_action_free"))
    return entry[1], entry[2], entry[3]


def card_choices(data: Data, seat: int) -> list[commands.Paid]:
    """The card commands: for each card, plan and deck, its payments (`commands.paid_verb`)."""
    ctx = Ctx(data, None, seat)  # planning draws nothing
    player = data["players"][seat]
    held = tuple(player["hand"])
    found: list[commands.Paid] = []
    seen: set[str] = set()
    fighting = in_combat(data, seat)                        # the same for every card of the hand
    for instance in held:
        kind = card_kind(instance)
        if is_contamination(instance) or kind in seen:
            continue
        seen.add(kind)
        card = ctx.content.action_card(player["character"], kind)
        if card.tag == "reaction" or not tag_fits_combat(fighting, card.tag):
            continue
        pays = hand.payments(held, card.cost, keep=instance)
        args = (instance,)
        if not pays:                                        # unaffordable: no need to plan it
            continue
        entrance, searching, free_room = _shape(card.effect)
        if entrance and not ctx.content.board.has_entrance(player["room"]):
            continue
        decks: list[Any] = [None]
        if searching:
            room = player["room"]
            colour = room_colour(ctx, room)
            if colour is None or not data["rooms"][room]["items"]:
                continue
            decks = list(ITEM_DECKS) if colour == "white" else [None]
        unmet: dict[int | None, bool] = {}                 # these depend on the OR part only, not the targets
        for option, targets in plans(ctx, card.effect):
            if option not in unmet:
                unmet[option] = bool(requirement_unmet(ctx, card.effect, option) or unready(card.effect, option)
                                     or (free_room and free_room_unmet(ctx, card.effect, option)))
            if unmet[option]:
                continue
            for deck in decks:
                extra = ((("deck", deck),) if deck else ()) + plan_options(option, targets)   # sorted by name
                found.append(("card", args, extra, pays))
    return found


commands.paid_verb("card", card_choices)(do_card)
