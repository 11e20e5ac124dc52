"""Computer actions (NEM-COMPUTER, spec 7.9): the face-up Computer card's three actions, then the
card goes under the deck and the next one is revealed; a revealed Lockdown breaks the actor's Room.

Command:  computer N [option=…] [target=…] [via=…] pay=…   (N = 1, 2 or 3: the face-up card's action)
  via=remote_access.7                    the Hacker's Remote Access card: anywhere with power
  via=spare_cables                       the Spare Cables item: a Computer Room without power
  computer 1 target=R003,R012 pay=…      Facility Map: look at two unexplored Room tiles
  computer 3 option=close target=R005 pay=…    Facility Map: close every Door around R005
  computer 1 option=bunker pay=…         Vehicle Control: move the Rover
  computer 2 pay=…                       Power Routing: look at the top two Event cards (then: keep | swap)
"""
from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

from engine.core import Command, Data, Refused, refuse
from engine.core.commands import Value
from engine.core.effects import Pause

from .. import commands, trees
from ..content import content
from ..context import Ctx
from ..effects import NEM
from ..trees import held_items
from . import actions, board_markers, facility, hand, reactions, weakness
from .holding import drop_thing
from .places import in_combat, in_facility, room_powered
from .rooms import Choice, peek_contingency, room_cost

Choices = Callable[[Data, int], list[Choice]]
Run = Callable[[Ctx, int, Any, Any], None]
PROGRAMS: dict[tuple[str, int], tuple[Choices, Run]] = {}
NONE: list[Choice] = [(None, None)]


def program(card: str, index: int, choices: Choices):
    def register(run: Run) -> Run:
        PROGRAMS[(card, index)] = (choices, run)
        return run
    return register


def face_up(data: Data) -> str | None:
    deck = data["decks"]["computer"]
    return deck[-1] if deck else None


def _section(data: Data, seat: int) -> str | None:
    """NEM-COMPUTER-8: the Section of the Room where the action is performed."""
    return content().board.section_of(data["players"][seat]["room"])


def _section_rooms(data: Data, seat: int, explored: bool = True) -> list[str]:
    board = content().board
    section = _section(data, seat)
    return [r for r in board.order if board.section_of(r) == section
            and (data["rooms"][r]["explored"] or not explored)]


def _others_in_section(data: Data, seat: int) -> list[int]:
    section = _section(data, seat)
    return [p["seat"] for p in data["players"] if p["seat"] != seat and in_facility(p)
            and content().board.section_of(p["room"]) == section]


def _knowledge(ctx: Ctx, seat: int, option: Any, target: Any) -> None:
    """NEM-COMPUTER-5: +1 Knowledge, only where the card says so."""
    weakness.gain_knowledge(ctx, seat, 1)


for _card, _index in (("PC1", 2), ("PC3", 2), ("PC4", 3)):
    PROGRAMS[(_card, _index)] = (lambda data, seat: NONE, _knowledge)


# -- PC1 Facility Map ----------------------------------------------------------------------------------

def _tile_pairs(data: Data, seat: int) -> list[Choice]:
    hidden = [r for r in content().board.order if not data["rooms"][r]["explored"]]
    if len(hidden) < 2:
        return [(None, r) for r in hidden]
    return [(None, pair) for pair in itertools.combinations(hidden, 2)]


@program("PC1", 1, _tile_pairs)
def _map_tiles(ctx: Ctx, seat: int, option: Any, target: Any) -> None:
    for room in (target if isinstance(target, tuple) else (target,)):
        facility.peek(ctx, seat, "tiles", room, ctx.data["rooms"][room]["tile"])


def _door_rooms(data: Data, seat: int) -> list[Choice]:
    return [(state, r) for r in _section_rooms(data, seat) for state in ("open", "close")]


@program("PC1", 3, _door_rooms)
def _map_doors(ctx: Ctx, seat: int, option: Any, target: Any) -> None:
    """Every non-destroyed Door around the Room opens or closes (NEM-DOOR-5/6)."""
    for corridor in ctx.content.board.corridors_of(str(target)):
        facility.set_door(ctx, corridor, "open" if option == "open" else "closed")


# -- PC2 Security Feed ---------------------------------------------------------------------------------

@program("PC2", 1, lambda data, seat: [(None, s) for s in _others_in_section(data, seat)
                                       if data["players"][s]["contingency"]])
def _feed_tokens(ctx: Ctx, seat: int, option: Any, target: Any) -> None:
    other = int(target)
    for i in range(len(ctx.player(other)["contingency"])):
        peek_contingency(ctx, seat, f"seat{other}.{i}")


@program("PC2", 2, lambda data, seat: [(None, r) for r in _section_rooms(data, seat, explored=False)])
def _feed_noise(ctx: Ctx, seat: int, option: Any, target: Any) -> None:
    for corridor in ctx.content.board.corridors_of(str(target)):
        if ctx.data["corridors"][corridor]["noise"]:
            ctx.data["corridors"][corridor]["noise"] = False
            ctx.emit("noise_removed", exit=corridor)


def _elevator_choices(data: Data, seat: int) -> list[Choice]:
    stop = facility.elevator_stops().get(_section(data, seat) or "")
    if stop is None or not facility.powered(data, "ELEVATOR") or data["elevator"] == stop:
        return []
    return NONE


@program("PC2", 3, _elevator_choices)
def _feed_elevator(ctx: Ctx, seat: int, option: Any, target: Any) -> None:
    facility.elevator_call(ctx, facility.elevator_stops()[str(_section(ctx.data, seat))])


# -- PC3 Vehicle Control -------------------------------------------------------------------------------

@program("PC3", 1, lambda data, seat: [("bunker" if data["rover"] == "facility" else "facility", None)])
def _rover(ctx: Ctx, seat: int, option: Any, target: Any) -> None:
    facility.rover(ctx, str(option))


@program("PC3", 3, lambda data, seat: [(None, int(s)) for s in sorted(data["css"], key=int)])
def _css_peek(ctx: Ctx, seat: int, option: Any, target: Any) -> None:
    slot = int(target)
    facility.peek(ctx, seat, "css", slot, facility.css_outcome(ctx, ctx.data["css"][str(slot)]))


# -- PC4 Environmental Control -------------------------------------------------------------------------

@program("PC4", 1, lambda data, seat: [(None, r) for r in _section_rooms(data, seat) if data["rooms"][r]["fire"]])
def _env_fire(ctx: Ctx, seat: int, option: Any, target: Any) -> None:
    board_markers.remove(ctx, "fire", str(target))


@program("PC4", 2, lambda data, seat: [(None, r) for r in _section_rooms(data, seat)
                                       if data["rooms"][r]["malfunction"] and r != data["players"][seat]["room"]])
def _env_malfunction(ctx: Ctx, seat: int, option: Any, target: Any) -> None:
    board_markers.remove(ctx, "malfunction", str(target))


# -- PC5 Power Routing ---------------------------------------------------------------------------------

@program("PC5", 1, lambda data, seat: [(None, loc) for loc in facility.LOCATIONS if loc != _section(data, seat)])
def _routing_power(ctx: Ctx, seat: int, option: Any, target: Any) -> None:
    facility.power_flip(ctx, str(target))


@program("PC5", 2, lambda data, seat: NONE if data["decks"]["event"] else [])
def _routing_events(ctx: Ctx, seat: int, option: Any, target: Any) -> None:
    """Look at the top two Event cards, then choose their order (a choice made after looking)."""
    top = list(reversed(ctx.data["decks"]["event"][-2:]))
    facility.peek(ctx, seat, "events", "top", top)
    if len(top) == 2:
        ctx.push("reorder_events", seat=seat)


@NEM.primitive("reorder_events")
def reorder_events(ctx: Ctx, answer: Any = None) -> Pause | None:
    if answer is None:
        return Pause("reorder_events", ("keep", "swap"))
    deck = ctx.data["decks"]["event"]
    if answer == "swap" and len(deck) >= 2:
        deck[-1], deck[-2] = deck[-2], deck[-1]
        ctx.emit("events_reordered", seat=ctx.actor)
    return None


def _routing_spots(data: Data, seat: int) -> list[Choice]:
    spots = [f"seat{s}.{i}" for s in _others_in_section(data, seat)
             for i in range(len(data["players"][s]["contingency"]))]
    return [(None, spot) for spot in spots + [f"neutral.{i}" for i in range(len(data["neutral"]))]]


@program("PC5", 3, _routing_spots)
def _routing_peek(ctx: Ctx, seat: int, option: Any, target: Any) -> None:
    peek_contingency(ctx, seat, str(target))


# -- the verb ------------------------------------------------------------------------------------------

REMOTE_CARD = "remote_access"      # Hacker: anywhere in a powered Section (NEM-COMPUTER-7)
NO_POWER_ITEM = "spare_cables"     # a Computer Room without power


def via_kind(data: Data, seat: int, via: object) -> str | None:
    """What ``via=`` names: the Remote Access card in hand, or held Spare Cables (None: neither)."""
    player = data["players"][seat]
    if isinstance(via, str) and via in player["hand"] and hand.card_kind(via) == REMOTE_CARD:
        return "remote"
    if via == NO_POWER_ITEM and via in held_items(player):
        return "no_power"
    return None


def computer_problem(data: Data, seat: int, via: str | None = None) -> tuple[str, str] | None:
    """NEM-COMPUTER-1: a Computer symbol, no Malfunction, a powered Section, out of combat; Remote
    Access needs only the power (NEM-COMPUTER-7), Spare Cables only the Computer."""
    player = data["players"][seat]
    if not in_facility(player):
        return "NEM-ACTION-10", "only a character standing in a Room can act"
    room = player["room"]
    if via != "remote" and not content().tiles[data["rooms"][room]["tile"]].computer:
        return "NEM-COMPUTER-1", "this Room has no Computer"
    if via != "remote" and data["rooms"][room]["malfunction"]:
        return "NEM-COMPUTER-1", "a Malfunction disables this Room's Computer"
    if via != "no_power" and not room_powered(data, room):
        return "NEM-COMPUTER-7" if via == "remote" else "NEM-COMPUTER-1", "the Section has no power"
    if in_combat(data, seat):
        return "NEM-COMPUTER-1", "Computer actions are out of combat only"
    if face_up(data) is None:
        return "NEM-COMPUTER-2", "the Computer deck is empty"
    return None


def _same(a: object, b: object) -> bool:
    if isinstance(a, tuple) or isinstance(b, tuple):
        return tuple(a if isinstance(a, tuple) else (a,)) == tuple(b if isinstance(b, tuple) else (b,))
    return a == b


def next_card(ctx: Ctx, seat: int) -> None:
    """NEM-COMPUTER-3/4: the used card to the bottom; a revealed Lockdown places a Malfunction in
    the actor's Room and the six cards are shuffled until the face-up one is not Lockdown."""
    deck = ctx.data["decks"]["computer"]
    deck.insert(0, deck.pop())
    top = ctx.content.computer_cards[deck[-1]]
    ctx.emit("computer_card", card=deck[-1], reveals=True)
    if not top.lockdown:
        return
    ctx.emit("lockdown", seat=seat)
    room = ctx.player(seat)["room"]
    if room is not None:
        board_markers.place(ctx, "malfunction", room, by=seat)
    while ctx.content.computer_cards[deck[-1]].lockdown:
        ctx.rng.shuffle(deck)
    ctx.emit("computer_card", card=deck[-1], reveals=True)


def do_computer(ctx: Ctx, cmd: Command) -> None:
    seat = ctx.seat
    data = ctx.data
    via = cmd.get("via", None)
    kind = via_kind(data, seat, via) if via is not None else None
    if via is not None and kind is None:
        raise refuse("NEM-COMPUTER-7", f"{via} does not let you use a Computer from here")
    problem = computer_problem(data, seat, kind)
    if problem:
        raise refuse(*problem)
    card_id = str(face_up(data))
    index = cmd.args[0] if cmd.args else None
    if not isinstance(index, int) or (card_id, index) not in PROGRAMS:
        raise refuse("NEM-COMPUTER-2", "name one of the face-up Computer card's actions: 1, 2 or 3")
    choices, run = PROGRAMS[(card_id, int(index))]
    option, target = cmd.get("option", None), cmd.get("target", None)
    chosen = next(((o, t) for o, t in choices(data, seat) if _same(o, option) and _same(t, target)), None)
    if chosen is None:
        raise refuse("NEM-COMPUTER-2", f"action {index} of {card_id} cannot be done with "
                                       f"option={option} target={target}")
    card = ctx.content.computer_cards[card_id]
    if kind == "remote":                                # NEM-COST-3: the card plus the Computer's cost
        payment = actions.payment(cmd)
        if via in payment:
            raise refuse("NEM-COST-3", "the Remote Access card is played, not paid")
        ctx.player(seat)["hand"].remove(via)
        ctx.player(seat)["discard"].append(via)
        ctx.emit("card_played", seat=seat, card=REMOTE_CARD)
    hand.pay(ctx, seat, actions.payment(cmd), room_cost(data, seat, int(card.cost or 0)), "Computer action")
    if kind == "no_power":                              # a one-use item, spent even if interrupted
        ctx.emit("item_used", seat=seat, item=NO_POWER_ITEM, reveals=True)
        drop_thing(ctx, seat, NO_POWER_ITEM, used=True)
    ctx.emit("computer_action", seat=seat, card=card_id, action=index)
    option, target = chosen
    reactions.declare_action(ctx, seat, "computer", {
        "card": card_id, "index": int(index), "option": option,
        "target": list(target) if isinstance(target, tuple) else target})


@reactions.resolver("computer")
def _resolve_computer(ctx: Ctx, seat: int, args: Data, cancelled: bool) -> None:
    """After the Interruption window: the action, then the next card (NEM-COMPUTER-3)."""
    if cancelled or not in_facility(ctx.player(seat)):
        return
    stats = ctx.player(seat)["stats"]
    stats["computer_actions"] = stats.get("computer_actions", 0) + 1
    target = args.get("target")
    PROGRAMS[(args["card"], args["index"])][1](ctx, seat, args.get("option"),
                                               tuple(target) if isinstance(target, list) else target)
    if not ctx.ended() and face_up(ctx.data) == args["card"]:
        next_card(ctx, seat)


def _computer_choices(data: Data, seat: int) -> list[commands.Paid]:
    """The computer commands: for each way to reach the Computer, program, option and target, its
    payments."""
    player = data["players"][seat]
    found: list[commands.Paid] = []
    problem = computer_problem(data, seat)
    if problem is None:
        found += _choices(data, seat, None, ())
    remote = next((c for c in player["hand"] if hand.card_kind(c) == REMOTE_CARD), None)
    if remote is not None and computer_problem(data, seat, "remote") is None:
        found += _choices(data, seat, remote, (("via", remote),))
    if problem is not None and computer_problem(data, seat, "no_power") is None \
            and via_kind(data, seat, NO_POWER_ITEM):                  # the cheapest checks first
        found += _choices(data, seat, None, (("via", NO_POWER_ITEM),))
    return found


def _choices(data: Data, seat: int, keep: str | None, via: tuple[tuple[str, Value], ...]) -> list[commands.Paid]:
    card_id = str(face_up(data))
    card = content().computer_cards[card_id]
    player = data["players"][seat]
    pays = hand.payments(player["hand"], room_cost(data, seat, int(card.cost or 0)), keep=keep)
    found: list[commands.Paid] = []
    for index in (1, 2, 3):
        try:
            legal = PROGRAMS[(card_id, index)][0](data, seat)
        except (KeyError, Refused):
            continue
        for option, target in legal:
            params: list[tuple[str, Value]] = []
            if option is not None:
                params.append(("option", option))
            if target is not None:
                params.append(("target", target))
            found.append(("computer", (index,), tuple(params) + via, pays))
    return found


commands.paid_verb("computer", _computer_choices)(do_computer)


# -- a Computer action granted by a card or an item run through its own verb (computer_action) ------

def _encode(index: int, option: object, target: object, pay: tuple[str, ...]) -> str:
    target_text = ("+".join(map(str, target)) if isinstance(target, tuple)
                   else str(target if target is not None else "-"))
    return f"pc{index}/{option if option is not None else '-'}/{target_text}/{'+'.join(pay) or '-'}"


def _granted(data: Data, seat: int, kind: str | None) -> dict[str, tuple[int, Any, Any, tuple[str, ...]]]:
    if computer_problem(data, seat, kind) is not None:
        return {}
    card_id = str(face_up(data))
    cost = room_cost(data, seat, int(content().computer_cards[card_id].cost or 0))
    pays = hand.payments(data["players"][seat]["hand"], cost)
    found: dict[str, tuple[int, Any, Any, tuple[str, ...]]] = {}
    for index in (1, 2, 3):
        try:
            legal = PROGRAMS[(card_id, index)][0](data, seat)
        except (KeyError, Refused):
            continue
        for option, target in legal:
            for pay in pays:
                found[_encode(index, option, target, pay)] = (index, option, target, pay)
    return found


@trees.handles("computer_action")
def _computer_action(ctx: Ctx, args: dict[str, Any], bindings: dict[str, Any]) -> None:
    """Remote Access (``remote``) or Spare Cables (``ignore_power``) played through the card or item
    verb: the acting player then picks the face-up card's action and its payment."""
    kind = "remote" if args.get("remote") else "no_power" if args.get("ignore_power") else None
    ctx.push({"granted_computer": {"kind": kind or ""}}, seat=ctx.actor)


@NEM.primitive("granted_computer", kind=str)
def granted_computer(ctx: Ctx, kind: str, answer: Any = None) -> Pause | None:
    seat = ctx.actor
    options = _granted(ctx.data, seat, kind or None)
    if not options:
        ctx.emit("computer_unavailable", seat=seat)
        return None
    if answer is None:
        return Pause("computer_action", tuple(options) + ("skip",))
    if answer == "skip" or answer not in options:
        return None
    index, option, target, pay = options[str(answer)]
    card_id = str(face_up(ctx.data))
    hand.pay(ctx, seat, list(pay), len(pay), "Computer action")
    ctx.emit("computer_action", seat=seat, card=card_id, action=index)
    _resolve_computer(ctx, seat, {"card": card_id, "index": index, "option": option, "target": target}, False)
    return None
