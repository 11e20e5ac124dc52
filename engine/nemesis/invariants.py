"""State invariants (issue 5), checked after every command by the conformance suite and when a
state document is loaded (after the data schema, schema.py, has checked every field's type):
  - each character's ten Action cards are in exactly one of deck / hand / discard; a seat without a
    character yet (the draft) holds nothing and stands nowhere; no character is played twice;
  - the 27 Contamination cards are in the Contamination deck or in some player's cards, and a
    player has scanned only Contamination cards of their own;
  - the 90 searchable and 15 Crafted item cards are in their decks, with a player, waiting in a
    Search, or out of the game; the 25 Serious Wound cards in their deck, discard or on a board;
    Event, Attack and Computer cards each in one place; objectives and CSS tokens at most once;
    the seven Contingency tokens each in one place (revealed ones in the Neutral Pool);
  - the 27 intruder tokens are in the bag, the supply, out of the game or under a miniature of
    their own type; no more miniatures of a type than the box holds, ids below the next one;
  - every character is in exactly one place (a Room when in the Facility, a pod when in a pod, a
    cause of death exactly when dead); the pods show exactly the characters in them;
  - at most two things in Hand slots (one with a Wounded Arm, unless the drop is pending); Ammo
    between 0 and the weapon's maximum; a quest item is its character's own;
  - Room tiles each on one slot; an unexplored Room keeps its exploration token and no Item
    Counter, an explored one the reverse (the Nest has no counter); exploration tokens once each;
    no more Eggs, Carcasses and Corpses than the box holds;
  - the Time token on the track; four distinct Power tokens; three distinct Weaknesses;
  - the flow (flow_problems): the end and the results recorded exactly when the game is over; the
    draft only in set-up; a turn only in the Player Phase, held by a character who can act; and
    the pending decision is the one its step asks now (decision_problems).
"""
from __future__ import annotations

from collections import Counter

from engine.core import Data

from .content import content

PLACES = ("facility", "pod", "locked", "bunker", "evacuated", "dead")


def check_invariants(data: Data) -> list[str]:
    problems = _player_problems(data)
    problems += _card_problems(data)
    problems += _items_conserved(data)
    problems += _board_problems(data)
    problems += flow_problems(data)
    if not problems:
        problems = declared_problems(data) + decision_problems(data)   # rules run: only on a sound state
    return problems


def _player_problems(data: Data) -> list[str]:
    c = content()
    problems: list[str] = []
    contamination = {card.id for card in c.contamination}
    characters = [p["character"] for p in data["players"] if p["character"] is not None]
    if len(set(characters)) != len(characters):
        problems.append("a character is played by two seats")
    for p in data["players"]:
        seat = p["seat"]
        cards = p["deck"] + p["hand"] + p["discard"]
        actions = [card for card in cards if card not in contamination]
        if p["character"] is None:
            if data["phase"] != "setup" or cards or p["room"] is not None or p["where"] != "facility" or any(
                    (p["hands"], p["inventory"], p["quest"], p["starting_item"])):
                problems.append(f"seat {seat}: no character, yet it plays or holds something")
            continue
        if sorted(actions) != sorted(f"{card}.{i}" for i, card in enumerate(c.deck(p["character"]))):
            problems.append(f"seat {seat}: Action cards are not conserved")
        if not set(p["scanned"]) <= set(cards):
            problems.append(f"seat {seat}: scanned Contamination cards it does not hold")
        if p["where"] not in PLACES:
            problems.append(f"seat {seat}: unknown place {p['where']!r}")
        if p["where"] == "facility" and p["room"] not in data["rooms"]:
            problems.append(f"seat {seat}: in the Facility but in no Room")
        if (p["where"] == "pod" and (p["pod"] is None or data["pods"][p["pod"]] != seat)) or (
                p["pod"] is not None and p["where"] not in ("pod", "evacuated")):
            problems.append(f"seat {seat}: in a pod the board does not show")       # evacuated: the pod it left in
        if (p["where"] == "dead") != (p["cause"] is not None):
            problems.append(f"seat {seat}: a cause of death is recorded exactly for a dead character")
        if p["quest"] is not None and p["quest"]["id"] != c.characters[p["character"]].quest_item:
            problems.append(f"seat {seat}: holds another character's quest item")
        if p["lit_round"] is not None and p["lit_round"] > data["round"]:
            problems.append(f"seat {seat}: lit until a round still to come")
        problems += _hand_slot_problems(data, p)
        for wound in p["serious"]:
            if wound["type"] != (wound["card"] or "generic"):
                problems.append(f"seat {seat}: a Serious Wound of another type than its card")
    for pod, seat in data["pods"].items():
        if seat is not None and (data["players"][seat]["pod"] != pod or data["players"][seat]["where"] != "pod"):
            problems.append(f"pod {pod} shows seat {seat}, who is not in it")
    return problems


def _hand_slot_problems(data: Data, p: Data) -> list[str]:
    c = content()
    problems: list[str] = []
    seat = p["seat"]
    arm = any(w["type"] == "arm" and not w["dressed"] for w in p["serious"])
    dropping = any(step["primitive"] == "arm_drop" and step["meta"]["seat"] == seat for step in data["effects"])
    if len(p["hands"]) > (1 if arm and not dropping else 2):
        problems.append(f"seat {seat}: more things in Hand slots than free hands")
    for thing in p["hands"]:
        taped = thing.get("taped")
        if taped is not None and taped.get("taped") is not None:
            problems.append(f"seat {seat}: three items taped into one Hand slot")
        for held in (thing, taped or {}):
            item = c.items.get(held.get("item", ""))
            if item is not None and item.weapon is not None and not 0 <= (held["ammo"] or 0) <= item.weapon.max:
                problems.append(f"seat {seat}: {item.id} holds {held['ammo']} Ammo")
    return problems


def _card_problems(data: Data) -> list[str]:
    """Cards, tokens and objectives each in one place (or at most once, where the box keeps some)."""
    c = content()
    problems: list[str] = []
    contamination = list(data["decks"]["contamination"])
    for p in data["players"]:
        contamination += [card for card in p["deck"] + p["hand"] + p["discard"] if card.startswith("CONT")]
    counts = Counter(contamination)
    if sorted(counts) != sorted(card.id for card in c.contamination) or max(counts.values()) > 1:
        problems.append("Contamination cards are not conserved")
    wounds = Counter(data["decks"]["wound"] + data["discards"]["wound"] + [
        w["card"] for p in data["players"] for w in p["serious"] if w["card"] is not None])
    if wounds != Counter({w.id: w.copies for w in c.serious_wounds.values()}):
        problems.append("Serious Wound cards are not conserved")
    removed = set(data["removed"])
    for deck, cards in (("event", c.events), ("attack", c.attacks), ("computer", c.computer_cards)):
        held = data["decks"][deck] + data["discards"][deck] + [card for card in data["removed"] if card in cards]
        if len(held) != len(set(held)) or not set(cards) - set(held) <= _in_flight(data, deck):
            problems.append(f"{deck.capitalize()} cards are not conserved")
    objectives = [o for p in data["players"] for o in p["objectives"]]
    objectives += [o for o in data["removed"] if o in c.objectives]
    decks = ("solo_coop",) if data["mode"] in ("solo", "coop") else ("personal", "corporate")
    if len(objectives) != len(set(objectives)) or any(
            c.objectives[o].deck not in decks or c.objectives[o].min_players > len(data["players"])
            for o in objectives):
        problems.append("an objective card is dealt twice or is not of this game's decks")
    dealt = sum(getattr(c.mode(data["mode"], len(data["players"])).objectives, deck) for deck in decks)
    if any(len(p["objectives"]) > dealt for p in data["players"]):
        problems.append(f"a player holds more than the {dealt} objective cards dealt")
    css = list(data["css"].values()) + data["css_launched"]
    if len(css) != len(set(css)):
        problems.append("a CSS token lies in two places")
    tokens = [data["contingency_active"], *data["neutral"], *(t for p in data["players"] for t in p["contingency"])]
    if sorted(tokens) != sorted(t.id for t in c.tokens.contingency_tokens):
        problems.append("the seven Contingency tokens are not one each in one place")
    if not set(data["neutral_revealed"]) <= set(data["neutral"]):
        problems.append("a revealed Contingency token is not in the Neutral Pool")
    if removed - set(c.items) - set(c.objectives) - set(c.events) - {"egg", "carcass", "corpse"}:
        problems.append("something unknown is out of the game")
    return problems


def _in_flight(data: Data, deck: str) -> set[str]:
    """Cards of ``deck`` that may be in no pile between commands: the Attack card an Armor Vest
    window is about (drawn, not discarded yet)."""
    if deck != "attack":
        return set()
    return {step["params"]["card"] for step in data["effects"] if step["primitive"] == "armor_vest"}


def _items_conserved(data: Data) -> list[str]:
    c = content()
    decks = ("red", "yellow", "green", "crafted")
    found: Counter[str] = Counter()
    for deck in ("red", "yellow", "green"):
        found.update(data["decks"][deck])
        found.update(data["discards"].get(deck, []))
    found.update(data["crafted"])
    for p in data["players"]:
        for thing in p["hands"] + p["inventory"] + ([p["starting_item"]] if p["starting_item"] else []):
            for held in (thing, thing.get("taped") or {}):
                if held.get("item"):
                    found[held["item"]] += 1
    found.update(i for i in data["removed"] if i in c.items)
    for step in data["effects"]:
        if step.get("primitive") == "search_keep":
            found.update(step["params"]["cards"])
    own = Counter({i: n for i, n in found.items() if c.items[i].deck not in decks})
    found = Counter({i: n for i, n in found.items() if c.items[i].deck in decks})
    expected = Counter({i.id: i.copies for i in c.items.values() if i.deck in decks})
    problems = []
    if found != expected:
        off = sorted(set(found) ^ set(expected) | {i for i in found if found[i] != expected[i]})
        problems.append(f"item cards are not conserved ({', '.join(off[:5])})")
    if any(n > 1 for n in own.values()):
        problems.append("a starting or quest item card is in two places")
    return problems


def _board_problems(data: Data) -> list[str]:
    c = content()
    problems: list[str] = []
    tokens = data["bag"] + data["supply"] + data["out_tokens"] + [
        i["token"] for i in data["intruders"].values() if i["token"]]
    if sorted(tokens) != sorted(t.id for t in c.tokens.intruder_tokens):
        problems.append("intruder tokens are not conserved across bag, supply, board and out of the game")
    types = {t.id: t.type for t in c.tokens.intruder_tokens}
    limits = {t.id: t.limit for t in c.tokens.intruder_types if t.limit is not None}
    kinds = Counter(i["type"] for i in data["intruders"].values())
    if any(i["token"] and types.get(i["token"]) != i["type"] for i in data["intruders"].values()):
        problems.append("an intruder stands on a token of another type")
    if any(n > limits.get(kind, n) for kind, n in kinds.items()):
        problems.append("more intruder miniatures of a type than the box holds")
    if any(int(iid[1:]) >= data["next_intruder"] for iid in data["intruders"]) or any(
            i["arrived"] > data["arrivals"] for i in data["intruders"].values()):
        problems.append("an intruder arrived after the last arrival counted")
    placed = [room["tile"] for rid, room in data["rooms"].items() if not c.board.rooms[rid].fixed_tile]
    if len(placed) != len(set(placed)):
        problems.append("a Room tile lies on two slots")
    explored_tokens = [room["token"] for room in data["rooms"].values() if room["token"] is not None]
    if len(explored_tokens) != len(set(explored_tokens)):
        problems.append("an exploration token lies on two Rooms")
    for rid, room in data["rooms"].items():
        tile = c.tiles[room["tile"]]
        if c.board.rooms[rid].fixed_tile:
            continue
        if room["explored"] == (room["token"] is not None):
            problems.append(f"{rid}: an exploration token lies exactly on an unexplored Room")
        if (room["items"] is not None) != (room["explored"] and tile.item_counter):
            problems.append(f"{rid}: an Item Counter lies exactly on an explored Room that has one")
    supplies = {s.id: s.count for s in c.tokens.supplies}
    objects = Counter(o for room in data["rooms"].values() for o in room["objects"])
    objects.update(t["object"] for p in data["players"] for t in p["hands"] if "object" in t)
    objects.update(o for o in data["removed"] if o in ("egg", "carcass", "corpse"))   # researched again
    objects.update(w["object"] for w in data["weaknesses"] if w["object"])     # researched first
    objects.update(egg=data["nest_eggs"] + data["eggs_supply"], carcass=data["carcass_supply"],
                   corpse=data["corpse_supply"])
    if any(objects[kind] > (supplies[kind] or 0) for kind in ("egg", "carcass", "corpse")):
        problems.append("more Eggs, Carcasses or Corpses than the box holds")
    if not 0 <= data["time"] <= 15:
        problems.append("the Time token is off the track")
    if sorted(data["power"].values()) != [1, 2, 3, 4]:
        problems.append("the four Power tokens are not one per location")
    if len({w["id"] for w in data["weaknesses"]}) != 3:
        problems.append("a Weakness card lies in two slots")
    if data["venting"] is not None and data["phase"] not in ("player", "over"):
        problems.append("a Room is vented outside the Player Phase")
    return problems


def flow_problems(data: Data) -> list[str]:
    """Where the flow may wait between commands."""
    phase, queue = data["phase"], data["effects"]
    problems: list[str] = []
    over = phase == "over"
    if any("pause" in step for step in queue[1:]):
        problems.append("a queued step other than the first waits for an answer")
    if (data["end"] is None) == over or ("result" in data) != over:
        problems.append("the end and the results are recorded exactly when the game is over")
    if over and queue:
        problems.append("the game is over but steps are still queued")
    if ("draft_offer" in data) != (phase == "setup"):
        problems.append("draft offers are kept exactly during set-up")
    draft = [step["meta"]["seat"] for step in queue if step["primitive"] == "draft"]
    if phase == "setup":
        waiting = [p["seat"] for p in data["players"] if p["character"] is None]
        if sorted(draft) != waiting or not queue or queue[-1]["primitive"] != "begin" or data["round"] != 0:
            problems.append("set-up waits on the draft picks of the seats without a character, then begins")
        if any(int(seat) not in waiting for seat in data.get("draft_offer", {})):
            problems.append("a draft offer is kept for a seat that has a character")
    elif draft or data["round"] < 1:
        problems.append("the draft is over once round 1 began")
    turn = data["turn"]
    if turn is not None and not over:        # the last turn stays recorded when the game ends
        player = data["players"][turn["seat"]]
        if phase != "player" or player["passed"] or player["where"] != "facility" or player["character"] is None:
            problems.append("the turn belongs to a character who can act in the Player Phase")
    elif phase == "player" and not queue:
        problems.append("the Player Phase waits on a turn or a decision")
    if phase == "event" and not queue:
        problems.append("the Event Phase waits on a decision")
    names = [step["primitive"] for step in queue]
    riding = "elevator_go" in names and "elevator_riders" in data
    if ("elevator_riders" in data or "elevator_rider" in names) and not (
            riding and all(i < names.index("elevator_go") for i, n in enumerate(names) if n == "elevator_rider")):
        problems.append("Elevator riders are asked and kept only while the Elevator is about to go")
    return problems


def decision_problems(data: Data) -> list[str]:
    """The pending decision is exactly the one its step asks now: asked again on a copy (answer
    none), the step pauses with the same kind, options and deciding seat and changes nothing else.
    So a loaded state never waits on a decision the rules would not ask, or with an option they
    could not play."""
    from .context import Ctx
    from .effects import NEM
    return NEM.decision_problems(data, Ctx)


def declared_problems(data: Data) -> list[str]:
    """A declared action waiting for its Interruption window (or about to resolve) is one its
    actor could declare now: a Movement to a walkable neighbour, a Room or Computer action with a
    choice its lister offers, an attack on a target in the Room with a weapon held, an item or
    Action card of the actor's own. So a loaded state never resolves an action the rules refuse."""
    problems: list[str] = []
    for step in data["effects"]:
        params = step["params"]
        if step["primitive"] == "interruption":
            [(name, params)] = params["action"].items()
        else:
            name = step["primitive"]
        if name == "declared_action":
            problem = _declared_problem(data, params["seat"], params["verb"], params["args"])
        elif name == "play_card":
            problem = _card_problem(data, params["seat"], params["card"])
        else:
            continue
        if problem:
            problems.append(f"a declared action cannot be performed: {problem}")
    return problems


def _declared_problem(data: Data, seat: int, verb: str, args: Data) -> str | None:
    from engine.core import Refused

    from .rules import combat, computer, rooms
    from .rules.places import intruders_in, walkable_neighbours
    from .trees import held_items
    player = data["players"][seat]
    if player["where"] != "facility" or player["character"] is None:
        return None                                    # the resolvers do nothing for the absent
    here = player["room"]
    try:
        if verb in ("move", "careful_move"):
            if args["to"] not in [room for _, room in walkable_neighbours(data, here)]:
                return f"{args['to']} is not a walkable neighbour of {here}"
        elif verb == "room":
            choices = rooms.CHOICES[args["action"]](data, seat) if args["action"] in rooms.ACTIONS else []
            target = tuple(args["target"]) if isinstance(args["target"], list) else args["target"]
            if not any(rooms._same(o, args["option"]) and rooms._same(t, target) for o, t in choices):
                return f"the room action {args['action']} with that choice"
        elif verb == "computer":
            program = computer.PROGRAMS.get((args["card"], args["index"]))
            target = tuple(args["target"]) if isinstance(args["target"], list) else args["target"]
            if program is None or not any(rooms._same(o, args["option"]) and rooms._same(t, target)
                                          for o, t in program[0](data, seat)):
                return f"action {args['index']} of {args['card']} with that choice"
        elif verb in ("shoot", "melee"):
            if args["target"] != combat.EGGS and args["target"] not in intruders_in(data, here):
                return f"{args['target']} is not in {here}"
            if verb == "shoot" and args["slot"] not in combat.weapon_slots(player):
                return f"Hand slot {args['slot']} holds no weapon"
        elif verb == "item" and args["item"] not in held_items(player):
            return f"{args['item']} is not held"
    except Refused as refused:
        return refused.reason
    return None


def _card_problem(data: Data, seat: int, card: str) -> str | None:
    player = data["players"][seat]
    if player["character"] is None or card not in content().deck(player["character"]):
        return f"{card} is not an Action card of seat {seat}'s character"
    return None
