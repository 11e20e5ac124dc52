"""State invariants (spec 8.6), checked after every command by the conformance suite and when a
state document is loaded (after `schema.py` has checked the shape):

  - every player holds 21 blocks (VIN-POWER-1); two tokens never share a triangle (VIN-GEO-8);
  - cards and proficiency tiles are each in exactly one place; end-trigger cards, trigger tokens
    and runes in at most one;
  - the turn order runs from the first player; the turn belongs to the seat whose turn it is;
  - the phase fits the queue (set-up ends with the initial discovery), scores exist once over;
  - the effect queue waits on its first item, and that choice is the one the rules ask now;
    cards drawn to choose from, quests to keep and a die waiting belong to that choice;
  - only controllable tiles have a controller; a village is held by a seat with the most slots.
"""
from __future__ import annotations

from engine.core import Data, Rng
from engine.core.plain import freeze, thaw

from .content import content
from .context import Ctx
from .effects import VIN
from .places import settlements, slot_id
from .vocabulary import ATTRIBUTES

BLOCKS_PER_PLAYER = 21
# Set-up's queued steps in the order set-up queues them (spec 4.1; `setup.setup`).
SETUP_ORDER = {"choose_end_trigger": 0, "choose_character": 1, "preconfigure_boards": 2, "preconfigure": 2,
               "preconfigure_done": 3, "choose_quest": 4, "keep_quest": 4, "initial_discovery": 5}
CHOOSING_FROM_DRAWN = ("pick_card", "blind_keep")


def blocks_held(data: Data, seat: int) -> int:
    """Every block of a player wherever it is (VIN-POWER-1): zones, spheres, cards, markers."""
    p = data["players"][seat]
    markers = sum(1 for r in data["regions"].values() if r and r["controller"] == seat)
    markers += sum(1 for v in data.get("settlements", {}).values() if v["holder"] == seat and v["marker"])
    return (p["potential"] + p["influence"] + p["conviction"] + sum(p["attrs"].values())
            + sum(x["blocks"] for x in p["companions"]) + sum(r["charges"] for r in p["relics"]) + markers)


def check_invariants(data: Data) -> list[str]:
    problems = _pieces(data) + _conserved(data) + _flow(data) + _queue(data) + _board(data)
    if "isle" in data:
        problems += _module(data)
    return problems


def _pieces(data: Data) -> list[str]:
    problems = []
    tokens = [p["token"] for p in data["players"]]
    if len(set(tokens)) != len(tokens):
        problems.append("VIN-GEO-8: two tokens share a triangle")
    for p in data["players"]:
        blocks = blocks_held(data, p["seat"])
        if blocks != BLOCKS_PER_PLAYER:
            problems.append(f"VIN-POWER-1: player {p['seat']} has {blocks} blocks")
        if any(not 0 <= r["charges"] <= 3 for r in p["relics"]):
            problems.append("VIN-RELIC-4: a relic holds more than 3 charges")
        if p["honor"] < 0:
            problems.append("VIN-HONOR-2: negative honor")
        if min(p[z] for z in ("potential", "influence", "conviction")) < 0 or min(p["attrs"].values()) < 0:
            problems.append(f"VIN-POWER-1: player {p['seat']} has a negative block count")
        if len(p["runes"]) != len(set(p["runes"])) or not isinstance(p["rune_map"], bool):
            problems.append("VVH-RUNEMAP-2: a player carries more than one rune map or a rune twice")
    return problems


def _conserved(data: Data) -> list[str]:
    """Each card, tile, quest, end-trigger card, token and proficiency tile in exactly one place."""
    c = content()
    problems = []
    players = data["players"]
    n = len(players)
    for kind in ATTRIBUTES:
        held = sum(p["proficiencies"][kind] for p in players)
        if held + data["proficiency_supply"][kind] != max(1, n - 1):
            problems.append(f"VIN-SETUP-6: {kind} proficiency tiles are not conserved")
    cards: list[str] = []
    for deck in data["decks"]:
        cards += data["decks"][deck] + data["faceup"][deck]
    for p in players:
        cards += [x["id"] for x in p["companions"]] + p["monsters"] + p["traits"]
        cards += [r["id"] for r in p["relics"]]
    if data["drawn"]:
        cards += data["drawn"]["cards"]
    if sorted(cards) != sorted(c.cards):
        problems.append("VIN-CARD-9: cards are not conserved")
    for deck, pile in (*data["decks"].items(), *data["faceup"].items()):
        if any(c.cards[card].deck != deck for card in pile):
            problems.append(f"VIN-SETUP-3: the {deck} deck holds another deck's card")
            break
    ends = data["end_deck"] + data["end_faceup"]
    if len(ends) != len(set(ends)) or n == 1 and any(c.end_triggers[e].multiplayer_only
                                                     and not c.end_triggers[e].solo_condition for e in ends):
        problems.append("VIN-SETUP-9: an end-trigger card is in two places, or out of a solo game's deck")
    spaces = list(data["trigger_spaces"]) + [t for p in players for t in p["trigger_tokens"]]
    if len(spaces) != len(set(spaces)):
        problems.append("VIN-SETUP-8: a trigger token is in two places")
    return problems


def _flow(data: Data) -> list[str]:
    """Turn order, whose turn it is, and the phase against the queue and the scores."""
    problems = []
    players = data["players"]
    n = len(players)
    first, order, phase = data["first"], data["order"], data["phase"]
    if order != [(first + i) % n for i in range(n)]:
        problems.append("VIN-SETUP-16: the turn order does not run clockwise from the first player")
    over = phase == "over"
    if data["current"] >= n and not over:
        problems.append("VIN-TURN-1: the turn belongs to no seat of the order")
    elif not over and data["turn"]["seat"] != order[data["current"]]:
        problems.append("VIN-TURN-9: the turn's record belongs to another seat")
    queue = data["effects"]
    steps = {item["primitive"] for item in queue}
    if (phase == "setup") != (bool(queue) and queue[-1]["primitive"] == "initial_discovery"):
        problems.append("VIN-SETUP-17: set-up ends with the initial discovery, and only set-up does")
    characters = [p["character"] for p in players if p["character"] is not None]
    choosing = sorted(item["meta"]["seat"] for item in queue if item["primitive"] == "choose_character")
    unchosen = [p["seat"] for p in players if p["character"] is None]
    if len(set(characters)) != len(characters) or choosing != unchosen:
        problems.append("VIN-SETUP-1: each player chooses one character of their own")
    if phase != "setup" and steps & set(SETUP_ORDER):
        problems.append("VIN-SETUP-1: a set-up choice waits after set-up")
    if phase == "setup":
        problems += _setup_queue(data)
    if over != (data["scores"] is not None) or over and data["effects"]:
        problems.append("VIN-END-3: final scores exist exactly once the game is over")
    return problems


def _setup_queue(data: Data) -> list[str]:
    """Set-up's steps wait in their order; each player draws quests once and keeps one right away."""
    queue = data["effects"]
    ranks = [SETUP_ORDER.get(item["primitive"], -1) for item in queue]
    if -1 in ranks or ranks != sorted(ranks) or ranks.count(5) != 1:
        return ["VIN-SETUP-17: set-up's steps wait out of their order"]
    steps = [item["primitive"] for item in queue]
    if steps.count("preconfigure_boards") + steps.count("preconfigure_done") > 1:
        return ["VVH-SETUP-8: the group places the village tiles once"]
    drawing = [item["meta"]["seat"] for item in queue if item["primitive"] == "choose_quest"]
    players = data["players"]
    if len(set(drawing)) != len(drawing) or any(players[s]["quest"] or players[s]["quest_options"]
                                                for s in drawing) \
            or any(item["primitive"] == "keep_quest" for item in queue[1:]):
        return ["VIN-SETUP-15: a player draws quests more than once"]
    return []


def _queue(data: Data) -> list[str]:
    """The queue waits on its first item, whose choice the rules ask now; what the choice is
    about (drawn cards, quests to keep, a die) exists exactly while it waits."""
    queue = data["effects"]
    problems = []
    kind = queue[0]["pause"]["kind"] if queue and "pause" in queue[0] else None
    head = queue[0]["primitive"] if queue else None
    if queue and kind is None:
        problems.append("VIN-TURN-7: the effect queue holds effects but waits on no choice")
    if any("pause" in item for item in queue[1:]):
        problems.append("VIN-TURN-7: a choice waits behind the first queued effect")
    if kind is not None and not problems:
        asked = _asked_now(data)
        if asked is not None:
            problems.append(f"VIN-TURN-7: the pending choice ({kind}) is not what the rules ask now: {asked}")
    if (data["drawn"] is not None) != (kind in CHOOSING_FROM_DRAWN):
        problems.append("VIN-CARD-4: drawn cards wait exactly while a card is picked from them")
    elif data["drawn"] is not None and (queue[0]["params"]["deck"] != data["drawn"]["deck"] or any(
            content().cards[card].deck != data["drawn"]["deck"] for card in data["drawn"]["cards"])):
        problems.append("VIN-CARD-4: drawn cards come from another deck than the one they go back to")
    keeping = queue[0]["meta"]["seat"] if head == "keep_quest" else None
    if any(bool(p["quest_options"]) != (p["seat"] == keeping) for p in data["players"]):
        problems.append("VIN-SETUP-15: quests to keep wait exactly while their player keeps one")
    if ("roll" in data["turn"]) != any(item["primitive"] == "monster_result" for item in queue):
        problems.append("VIN-MONSTER-5: a monster die waits exactly while its result is pending")
    if sum(item["primitive"] == "initial_charge" for item in queue) > 1:
        problems.append("VIN-RELIC-2: a new relic's first charge waits twice")
    if any(item["primitive"] == "build_tile" and data["regions"].get(item["params"]["area"])
           for item in queue):
        problems.append("VVH-BUILD-4: a tile waits to be built on a site already built")
    placing = {"preconfigure_boards", "preconfigure_done"} & {item["primitive"] for item in queue}
    if ("vh_pool" in data) != bool(placing):
        problems.append("VVH-SETUP-8: the tiles to place wait exactly while the group places them")
    return problems


def _asked_now(data: Data) -> str | None:
    """None when the paused item, run again on a copy of the state, asks the same choice; else
    what differs. The rules' handlers change nothing before they pause, so this is exact."""
    copy = thaw(freeze(data))
    head = copy["effects"][0]
    waiting = head.pop("pause")
    ctx = Ctx(copy, Rng(0), head["meta"]["seat"])
    try:
        pause = VIN.drain(ctx)
    except Exception as error:
        return f"asking it again fails ({type(error).__name__})"
    if pause is None or len(ctx.queue) != len(data["effects"]) \
            or ctx.queue[0]["primitive"] != head["primitive"]:
        return "nothing is asked"
    if pause.kind != waiting["kind"] or list(pause.options) != waiting["options"]:
        return f"{pause.kind} with {len(pause.options)} options"
    return None


def _board(data: Data) -> list[str]:
    regions = content().regions
    problems = []
    if any(r and r["controller"] is not None and not regions[r["tile"]].controllable
           for r in data["regions"].values()):
        problems.append("VIN-CONTROL-11: a tile that cannot be controlled has a controller")
    return problems


def _module(data: Data) -> list[str]:
    problems = []
    players = data["players"]
    runes = [a["ruins"] for a in data["isle"].values() if a["ruins"]] + data["ruins_out"]
    runes += [r for p in players for r in p["runes"]]
    if len(runes) != len(set(runes)):
        problems.append("VVH-RUINS-4: a rune is in two places")
    for name, state in data["settlements"].items():
        board = settlements()[name]
        counts = [0] * len(players)
        for index in range(1, board.slots + 1):
            region = data["regions"][slot_id(name, index)]
            if region and region["controller"] is not None:
                counts[region["controller"]] += 1
        holder, best = state["holder"], max(counts)
        leaders = [s for s, n in enumerate(counts) if n == best]
        if holder is None and state["marker"]:
            problems.append(f"VVH-CONTROL-6: {name} has a marker but no holder")
        if holder is not None and (best == 0 or holder not in leaders) \
                or holder is None and len(leaders) == 1 and best > 0:
            problems.append(f"VVH-CONTROL-2: {name} is not held by the seat with the most slots")
    return problems

