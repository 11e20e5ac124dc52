"""The planning phase (DRG-PLAN) and passing with the first-player marker (DRG-PASS).

The opening event goes face down, then turns run in action order lap after lap: a human places one
card from its hand (``place CARD``) or passes where allowed (``pass``, ``pass to=SEAT``); an AI
places the top of its AI deck as a step, with no decision; an AI with an empty deck is skipped. The
first pass ends planning; the closing event then goes on top of the stack. The two planning
commands (notation: commands.py) are registered here.
"""
from __future__ import annotations

from engine.core import Command, Data, refuse

from ..commands import verb
from ..content import content
from ..context import Ctx

SEATS = 4


def card_kind(card: str) -> str:
    """"action" | "region" | "event" | "vaala" | "upgrade" | "dragonbond" | "unknown"."""
    c = content()
    for kind, table in (("action", c.action_cards), ("region", c.region_cards), ("event", c.event_cards),
                        ("vaala", c.vaala_cards), ("upgrade", c.upgrade_cards), ("dragonbond", c.dragonbond_cards)):
        if card in table:
            return kind
    return "unknown"


def start_planning(ctx: Ctx) -> None:
    """DRG-ROUND-1, DRG-PLAN-1: a new stack with the opening event at its bottom; the first player's turn."""
    data = ctx.data
    data["phase"] = "planning"
    ctx.emit("phase_changed", phase="planning", round=data["round"])
    draw_event(ctx, "opening")
    data["planning"] = {"position": data["seating"].index(data["first"]), "turns": 0}
    ctx.run_now("planning_turn")


def draw_event(ctx: Ctx, which: str) -> None:
    """DRG-PLAN-1/10: the top event card face down on the stack; DRG-PLAN-11: missing when the deck is empty."""
    deck = ctx.data["decks"]["event"]
    if not deck:
        ctx.emit("event_missing", which=which)
        return
    ctx.data["stack"].append({"card": deck.pop(), "kind": "event", "owner": None, "revealed": False})
    ctx.emit("card_placed", kind="event", owner=None, which=which)


def current(data: Data) -> str | None:
    """The character whose planning turn it is, or None outside planning."""
    planning = data["planning"]
    return None if planning is None else data["seating"][planning["position"]]


def first_lap(data: Data) -> bool:
    """DRG-PASS-1: until every seat has had one turn (skipped AI seats included)."""
    return data["planning"]["turns"] < SEATS


def planning_turn(ctx: Ctx) -> None:
    """DRG-PLAN-2/5/6: an AI's turn runs at once (top card of its deck, or skipped); a human's waits.
    The turns after an AI's follow here at once, as the queued ``planning_turn`` steps would (each
    tagged as its step would be), until a human's turn."""
    data = ctx.data
    while not ctx.ended():
        character = current(data)
        if character is None:
            return
        board = ctx.board(character)
        if board["seat"] is not None:
            return                                        # the human's command continues the flow
        if board["ai_deck"]:
            _place(ctx, character, board["ai_deck"].pop(), "action")   # DRG-PLAN-5, DRG-AI-3
        else:
            ctx.emit("turn_skipped", character=character)  # DRG-PLAN-6, DRG-AI-4
        _next_turn(data)
        ctx.meta = {"seat": ctx.actor}


def _next_turn(data: Data) -> None:
    planning = data["planning"]
    planning["turns"] += 1
    planning["position"] = (planning["position"] + 1) % SEATS


def _place(ctx: Ctx, character: str, card: str, kind: str) -> None:
    ctx.data["stack"].append({"card": card, "kind": kind, "owner": character, "revealed": False})
    seat = ctx.board(character)["seat"]
    ctx.emit("card_placed", kind=kind, owner=character)   # DRG-HIDDEN-10: no face in public
    if seat is not None:
        ctx.emit("card_placed_own", audience=[seat], card=card, owner=character)


def _advance(ctx: Ctx) -> None:
    """The next planning turn (a human's place ends its turn)."""
    _next_turn(ctx.data)
    ctx.run_now("planning_turn")


def check_place(data: Data, character: str, card: str) -> str:
    """DRG-PLAN-3/4: only a card from the player's own hand (an action or a region card); its kind."""
    kind = card_kind(card)
    if kind not in ("action", "region"):
        raise refuse("DRG-PLAN-4", f"a {kind} card can never be placed on the stack" if kind != "unknown"
                     else f"there is no card {card!r}")
    if card not in data["boards"][character]["hand"]:
        raise refuse("DRG-PLAN-4", f"{card} is not in your hand")
    return kind


def place(ctx: Ctx, character: str, card: str) -> None:
    """DRG-PLAN-3/7/8: one card from hand face down on top of the stack; it can never come back."""
    kind = check_place(ctx.data, character, card)
    ctx.board(character)["hand"].remove(card)
    _place(ctx, character, card, kind)
    _advance(ctx)


def pass_targets(data: Data, character: str) -> list[int] | None:
    """DRG-PASS-6/7: the human seats the passer must hand the marker to, or None when it takes
    (or keeps) it without a choice."""
    if data["first"] != character:
        return None
    others = [seat for seat, ch in enumerate(data["humans"]) if ch is not None and ch != character]
    return others or None


def can_pass(data: Data, character: str) -> bool:
    board = data["boards"][character]
    if board["seat"] is None:
        return False                                      # DRG-PASS-4
    if not board["hand"]:
        return True                                       # DRG-PASS-3
    return content().params.first_lap_pass_allowed or not first_lap(data)   # DRG-PASS-1/2


def check_pass(data: Data, character: str, to: int | None) -> None:
    board = data["boards"][character]
    if board["seat"] is None:
        raise refuse("DRG-PASS-4", "an AI never passes")
    if not can_pass(data, character):
        raise refuse("DRG-PASS-1", "nobody with a card in hand may pass during the first lap")
    targets = pass_targets(data, character)
    if targets is None and to is not None:
        if data["first"] == character:
            raise refuse("DRG-PASS-7", "there is no other human to hand the first-player marker to; you keep it")
        raise refuse("DRG-PASS-5", "the passer takes the first-player marker; there is nobody to hand it to")
    if targets is not None and to not in targets:
        if to is None:
            raise refuse("DRG-PASS-6", "you hold the first-player marker: hand it to another human (pass to=SEAT)")
        raise refuse("DRG-PASS-6", f"the marker must go to another human seat ({', '.join(map(str, targets))}), "
                                   f"not to {to}")


def pass_turn(ctx: Ctx, character: str, to: int | None) -> None:
    """DRG-PLAN-9, DRG-PASS-5/6/7: the pass ends planning; the marker moves; then the closing event."""
    data = ctx.data
    check_pass(data, character, to)
    ctx.emit("pass", owner=character)
    holder = data["humans"][to] if to is not None else character
    if data["first"] != holder:
        data["first"] = holder
        ctx.emit("marker_moved", owner=holder)
    data["planning"] = None
    draw_event(ctx, "closing")                            # DRG-PLAN-10
    ctx.run_now("execute")


# --- the planning commands ---------------------------------------------------------------------

def acting(ctx: Ctx) -> str:
    """The character of the commanding seat, whose planning turn it must be."""
    character = current(ctx.data)
    if character is None or ctx.data["boards"][character]["seat"] != ctx.seat:
        raise refuse("DRG-PLAN-2", "it is not your turn to plan")
    return character


# The planning commands are few (a card of the hand, a pass): made once each, as every listing of
# a planning turn needs them again (a Command is an immutable value).
_PLACE: dict[tuple[str, int], Command] = {}
_PASS: dict[tuple[int | None, int], Command] = {}


def _place_command(card: str, seat: int) -> Command:
    found = _PLACE.get((card, seat))
    if found is None:
        if len(_PLACE) > 4096:                # a hand holds content cards; loaded data may hold others
            _PLACE.clear()
        found = _PLACE[card, seat] = Command.trusted("place", (card,), (), seat)
    return found


def _pass_command(to: int | None, seat: int) -> Command:
    found = _PASS.get((to, seat))
    if found is None:
        found = _PASS[to, seat] = Command.trusted("pass", (), (("to", to),) if to is not None else (), seat)
    return found


def _place_commands(data: Data, seat: int) -> list[Command]:
    character = data["humans"][seat]
    return [_place_command(card, seat) for card in dict.fromkeys(data["boards"][character]["hand"])]


def _pass_commands(data: Data, seat: int) -> list[Command]:
    character = data["humans"][seat]
    if not can_pass(data, character):
        return []
    targets = pass_targets(data, character)
    if targets is None:
        return [_pass_command(None, seat)]
    return [_pass_command(to, seat) for to in targets]


@verb("place", _place_commands)
def do_place(ctx: Ctx, cmd: Command) -> None:
    character = acting(ctx)
    if len(cmd.args) != 1 or not isinstance(cmd.args[0], str) or cmd.options:
        raise refuse("DRG-PLAN-3", "place names exactly one card: place CARD")
    place(ctx, character, cmd.args[0])


@verb("pass", _pass_commands)
def do_pass(ctx: Ctx, cmd: Command) -> None:
    character = acting(ctx)
    to = cmd.get("to")
    if cmd.args or any(key != "to" for key, _ in cmd.options) or not (to is None or isinstance(to, int)):
        raise refuse("DRG-PLAN-3", "pass takes nothing but to=SEAT (the human to hand the first-player marker to)")
    pass_turn(ctx, character, to)
