"""State invariants, checked after every command by the random playouts:
  - every action, region, event, upgrade and Vaala card is in exactly one place (decks, hands,
    the AI decks and played piles, the stack, the market, the discards, held upgrades);
  - power tokens, neutral units and city tokens are conserved between map, boards and supply;
    each general's units between its pool and the map;
  - the first-player marker is a human's; the stack holds only cards, each at most once;
  - only human generals hold region cards, AIs hold no cards, a general at most one upgrade per
    unit type, the market at most upgrade_market_size cards, every city a general's on a city site;
  - a bond joins one general and one dragon both ways, with both Dragonbond cards face up (the soak
    tests also check that no bond ever ends, DRG-OATH-14);
  - no board holds more than power_hold_limit tokens; a dragon's health stays within 0..health_max;
    every figure stands in a region of the map;
  - seats and characters agree both ways; each pile holds only its owner's own cards; a stack
    entry's kind and placer are its card's; only the card resolving is face up;
  - the flow waits where each phase can (flow_problems): set-up on its picks, planning on a
    human's turn with nothing queued, execution on a decision with the stack's steps after it, a
    finished game on nothing; a combat or an oath only while cards resolve; a combat's roll
    records (what the table shows) add up with their dice;
  - the pending decision is the one its step asks now (asking it again changes nothing), and an
    AI's tied options each carry out (a loaded state cannot hold a decision the rules never ask).
"""
from __future__ import annotations

from collections import Counter
from itertools import pairwise

from engine.core import Data

from .content import content
from .setup import UNIT_TYPES


def check_invariants(data: Data) -> list[str]:
    problems = _seat_problems(data)
    if problems:                         # the checks below read every human's character
        return problems
    problems = _card_problems(data) + _holding_problems(data) + _board_problems(data) + _pile_problems(data)
    flow = flow_problems(data)
    if not problems and not flow:
        flow = decision_problems(data)   # asks the pending decision again: only on a sound state
    return problems + flow


def _seat_problems(data: Data) -> list[str]:
    """DRG-SETUP-2: human seat i plays humans[i], whose board names seat i; the others are AIs."""
    problems = []
    humans, boards = data["humans"], data["boards"]
    for ch, board in boards.items():
        seat = board["seat"]
        if seat is not None and not (isinstance(seat, int) and 0 <= seat < len(humans) and humans[seat] == ch):
            problems.append(f"{ch}'s board names seat {seat}, which does not play {ch}")
    for seat, ch in enumerate(humans):
        if ch is not None and (ch not in boards or boards[ch]["seat"] != seat):
            problems.append(f"seat {seat} plays {ch}, whose board does not name seat {seat}")
    if None in humans and (data["dealt"] or data["phase"] != "setup"):
        problems.append("a human seat has no character after the characters were dealt")
    return problems


def _card_problems(data: Data) -> list[str]:
    c = content()
    problems: list[str] = []
    found: Counter[str] = Counter()
    found.update(data["decks"]["event"] + data["decks"]["upgrade"] + data["decks"]["region"])
    found.update(data["market"] + data["discards"]["event"])
    found.update(entry["card"] for entry in data["stack"])
    for board in data["boards"].values():
        for pile in ("hand", "ai_deck", "ai_played", "vaala_deck", "vaala_hand", "vaala_discard", "upgrades"):
            found.update(board[pile])
    expected: Counter[str] = Counter()
    expected.update(list(c.event_cards))
    expected.update(list(c.upgrade_cards))
    if data["dealt"]:                    # before DRG-SETUP-8..11 the hands and decks are still in the box
        expected.update(list(c.action_cards))
        expected.update(list(c.region_cards))
        expected.update(v for ch in data["humans"] for v in c.characters[ch].vaala_cards)
    if found != expected:
        off = sorted(set(found) ^ set(expected) | {k for k in found if found[k] != expected[k]})
        problems.append(f"cards are not conserved ({', '.join(off[:5])})")
    supply = c.params.supply
    regions = data["regions"].values()
    power = data["supply"]["power"] + sum(r["power"] for r in regions) + sum(
        b["power"]["unspent"] + b["power"]["spent"] for b in data["boards"].values())
    if power != supply.power_tokens:
        problems.append(f"{power} power tokens in play, not {supply.power_tokens}")
    if data["supply"]["neutral"] + sum(r["neutral"] for r in regions) != supply.neutral_units:
        problems.append("neutral units are not conserved")
    if data["supply"]["cities"] + sum(1 for r in regions if r["city"]) != supply.city_tokens:
        problems.append("city tokens are not conserved")
    for ch, board in data["boards"].items():
        if board["pool"] is None:
            continue
        for t in UNIT_TYPES:
            total = board["pool"][t] + sum(r["units"].get(ch, {}).get(t, 0) for r in regions)
            if total != supply.units_per_type_per_general:
                problems.append(f"{ch}'s {t} are not conserved ({total})")
    if data["first"] is not None and data["boards"][data["first"]]["seat"] is None:
        problems.append("an AI holds the first-player marker")
    if any(entry["kind"] not in ("event", "action", "region") for entry in data["stack"]):
        problems.append("the stack holds something other than event, action and region cards")
    return problems


def _board_problems(data: Data) -> list[str]:
    """DRG-OATH-13/14, DRG-POWER-6, DRG-HEAL-4: bonds, the hold limit, health, figures."""
    c = content()
    problems: list[str] = []
    boards = data["boards"]
    for ch, board in boards.items():
        ally = board["bonded_with"]
        if ally is not None:
            if boards[ally]["bonded_with"] != ch or {board["role"], boards[ally]["role"]} != {"general", "dragon"}:
                problems.append(f"{ch}'s bond with {ally} is not one general and one dragon both ways")
            if board["bond_card"] != "up":
                problems.append(f"{ch} is bonded with its Dragonbond card face down")
        if board["power"]["unspent"] + board["power"]["spent"] > c.params.power_hold_limit:
            problems.append(f"{ch} holds more than {c.params.power_hold_limit} power tokens")
        if board["role"] == "dragon" and not 0 <= board["health"] <= c.characters[ch].health_max:
            problems.append(f"{ch}'s health {board['health']} is out of bounds")
        if board["region"] not in data["regions"]:
            problems.append(f"{ch}'s figure stands nowhere on the map ({board['region']})")
    return problems


def _holding_problems(data: Data) -> list[str]:
    """DRG-REGIONCARD-2, DRG-AI-2, DRG-UPGRADE-1/4, DRG-CITY-1/2: who may hold what."""
    c = content()
    problems: list[str] = []
    for ch, board in data["boards"].items():
        regions = [card for card in board["hand"] if card in c.region_cards]
        if regions and (board["seat"] is None or board["role"] != "general"):
            problems.append(f"{ch} holds region cards but is not a human general")
        if board["seat"] is None and (board["hand"] or board["vaala_hand"] or board["upgrades"]):
            problems.append(f"the AI {ch} holds cards")
        types = [c.upgrade_cards[u].unit_type for u in board["upgrades"] if u in c.upgrade_cards]
        if len(types) != len(set(types)):
            problems.append(f"{ch} holds two upgrades of one unit type")
        if board["upgrades"] and board["role"] != "general":
            problems.append(f"the dragon {ch} holds upgrades")
    if len(data["market"]) > c.params.upgrade_market_size:
        problems.append("the upgrade market is larger than upgrade_market_size")
    for r, here in data["regions"].items():
        if here["city"] and (here["city"] not in data["boards"] or not c.map.regions[r].city_site):
            problems.append(f"the city in {r} has no general owner or stands off a city site")
    return problems


def _pile_problems(data: Data) -> list[str]:
    """DRG-SETUP-8..11, DRG-STACK-1/2, DRG-PLAN-3: each pile holds only its owner's own cards; a
    stack entry is of its card's kind and placed by its owner (a region card by a human general,
    an event by nobody); only the card now resolving (the bottom one) is face up."""
    c = content()
    problems: list[str] = []
    for ch, board in data["boards"].items():
        own = set(c.characters[ch].action_cards)
        if any(card not in own and card not in c.region_cards for card in board["hand"]):
            problems.append(f"{ch}'s hand holds another character's action card")
        if any(card not in own for card in board["ai_deck"] + board["ai_played"]):
            problems.append(f"{ch}'s AI deck holds another character's card")
        if board["seat"] is None and (board["vaala_deck"] or board["vaala_discard"]):
            problems.append(f"the AI {ch} has Vaala cards")
        if board["seat"] is not None and (board["ai_deck"] or board["ai_played"]):
            problems.append(f"the human {ch} has an AI deck")
    for i, entry in enumerate(data["stack"]):
        card, kind, owner = entry["card"], entry["kind"], entry["owner"]
        if kind == "event":
            right = card in c.event_cards and owner is None
        elif kind == "action":
            right = card in c.action_cards and owner == c.action_cards[card].owner
        else:
            right = (card in c.region_cards and owner in data["boards"]
                     and data["boards"][owner]["role"] == "general" and data["boards"][owner]["seat"] is not None)
        if not right:
            problems.append(f"stack card {i + 1} ({card}) is not {KINDS.get(kind, kind)} placed by {owner or 'nobody'}")
        if entry["revealed"] and (i > 0 or data["phase"] not in ("execution", "over")):
            problems.append(f"stack card {i + 1} ({card}) is face up before it resolves")
    return problems


KINDS = {"event": "an event card", "action": "an action card", "region": "a region card"}


def flow_problems(data: Data) -> list[str]:
    """Where each phase may wait between commands (the flow runs on until a decision or a turn)."""
    from .rules import planning
    phase, queue = data["phase"], data["effects"]
    problems: list[str] = []
    if any("pause" in item for item in queue[1:]):
        problems.append("a queued step other than the first waits for an answer")
    if (data["end"] is None) == (phase == "over"):
        problems.append("the game's end is recorded exactly when the game is over")
    if data["planning"] is not None and phase != "planning":
        problems.append(f"a planning turn is recorded in the {phase} phase")
    for key in ("combat", "oath"):
        if data.get(key) is not None and phase != "execution":
            problems.append(f"a {key} is in progress in the {phase} phase")
    if phase != "setup" and (data["first"] is None or not data["dealt"] or data["round"] < 1):
        problems.append("after set-up the cards are dealt, a human holds the first-player marker and round 1 began")
    if phase == "setup":
        problems += _setup_problems(data)
    elif phase == "planning":
        character = planning.current(data) if data["planning"] is not None else None
        if queue:
            problems.append("planning waits on a planning turn, with nothing queued")
        elif character is None or data["boards"][character]["seat"] is None:
            problems.append("the planning turn belongs to no human (an AI's turn is played at once)")
    elif phase == "execution":
        problems += _execution_problems(data)
    elif phase == "over":
        if queue:
            problems.append("the game is over but steps are still queued")
    else:
        problems.append(f"no command can be given in the {phase} phase")
    combat = data.get("combat")
    if combat is not None:
        target = combat["target"]
        kind = "neutral" if target["who"] is None else data["boards"][target["who"]]["role"]
        if target["kind"] != kind or target["who"] == combat["attacker"]:
            problems.append("the combat's target is not a side of its own kind other than the attacker")
        problems += _roll_problems(combat)
    oath = data.get("oath")
    if oath is not None:
        pair = {oath["general"], oath["dragon"]}
        if set(oath["dice"]) != pair or oath["turn"] not in pair or any(
                data["boards"][ch]["bonded_with"] is not None for ch in pair):
            problems.append("the oath is not an unbonded pair's, each with its own die")
    carry = data.get("carry")
    if carry is not None and data["boards"][carry["dragon"]]["bonded_with"] != carry["general"]:
        problems.append("a carry is prepared for a general that is not the dragon's bonded ally")
    return problems


def _roll_problems(combat: Data) -> list[str]:
    """The records of the latest exchange's rolls (rules/combat.py ``rolls``) add up: one roll a
    side, of this exchange or (before the next roll) the one before; only blanks were rerolled;
    the hits of the kept faces, after conversions, are the ones that land plus the ignored ones;
    no more damage dealt than landed."""
    faces = {f.face: f for f in content().die.faces}
    rolls = combat.get("rolls") or []
    exchange = combat["exchange"]
    if len({r["by"] for r in rolls}) != len(rolls) or len({r["exchange"] for r in rolls}) > 1 or any(
            r["exchange"] not in (exchange, exchange - 1) for r in rolls):
        return ["the combat's roll records are not the latest exchange's, one a side"]
    problems: list[str] = []
    for r in rolls:
        if any(a != b and (faces[a].normal + faces[a].crit or not r["rerolled"])
               for a, b in zip(r["first"], r["dice"])):
            problems.append("a combat roll record rerolled a die that was not blank, or without a reroll")
        normal = sum(faces[f].normal for f in r["dice"]) - r["to_crit"] + r["to_normal"]
        crit = sum(faces[f].crit for f in r["dice"]) + r["to_crit"] - r["to_normal"]
        if (normal != r["normal"] + sum(i["normal"] for i in r["ignored"])
                or crit != r["crit"] + sum(i["crit"] for i in r["ignored"])):
            problems.append("a combat roll record's hits are not its dice's, landed or ignored")
        if sum(n for k, n in r["dealt"].items() if k != "devoured") > r["normal"] + r["crit"] * (1 + r["bonus"]):
            problems.append("a combat roll record dealt more damage than its hits")
    return problems


def _setup_problems(data: Data) -> list[str]:
    """Set-up waits on a character pick of each seat still without one, then on the first
    player's choice; what is left of set-up is queued after it, in order (game.py ``setup``)."""
    queue = data["effects"]
    names = [item["primitive"] for item in queue]
    picks = sorted(item["meta"]["seat"] for item in queue if item["primitive"] == "choose_character")
    choose = data["options"]["first_player"] == "choose"
    expected = (["choose_character"] * len(picks) + ([] if data["dealt"] else ["deal"])
                + (["choose_first_player"] if choose else []) + ["begin"])
    problems = []
    if names != expected or "pause" not in queue[0] or data["round"] != 0 or data["stack"] or data["first"]:
        problems.append("set-up waits on a character or first-player pick, with the rest of set-up queued "
                        f"({', '.join(expected)})")
    if picks != [seat for seat, ch in enumerate(data["humans"]) if ch is None]:
        problems.append("the character picks still queued are not those of the seats without a character")
    if picks and data["options"]["characters"] != "pick":
        problems.append("characters are picked only with the option characters=pick")
    return problems


# Steps that run while a card resolves (before its ``finish_card``), and after it (its oaths).
CARD_STEPS = frozenset({
    "card_comes_up", "card_icons", "ai_card_icons", "icon", "move_pieces", "move_on", "attack_approach",
    "region_icon", "effect", "trigger_fires", "ai_tie", "combat_step", "combat_vaala", "combat_target_choice",
    "combat_attacker_choice", "combat_damage", "combat_retreat", "oath_check", "oath_take", "oath_reroll"})
OATH_STEPS = frozenset({"oath_take", "oath_reroll"})
COMBAT_STEPS = frozenset({"combat_vaala", "combat_target_choice", "combat_attacker_choice", "combat_damage"})


def _execution_problems(data: Data) -> list[str]:
    """DRG-STACK-3/4, DRG-EXEC-1/5: execution waits on a decision of the card now resolving (the
    bottom of the stack, face up), with its end and the next card queued after it
    (``finish_card``, ``oath_check``, ``resolve_next``), or on an oath after a card."""
    queue, stack = data["effects"], data["stack"]
    names = [item["primitive"] for item in queue]
    if not queue or "pause" not in queue[0] or names[-1] != "resolve_next" or names.count("resolve_next") != 1:
        return ["execution waits on a decision, with the next card's resolution queued last, once"]
    problems: list[str] = []
    resolving = "finish_card" in names
    if resolving:
        owner = stack[0]["owner"] if stack else None
        if (names[-3:] != ["finish_card", "oath_check", "resolve_next"] or names.count("finish_card") != 1
                or queue[-2]["params"] != {"owner": owner}):
            problems.append("a card's resolution ends with its finish_card, its oath check and the next card")
        if not stack or not stack[0]["revealed"]:
            problems.append("the card resolving is the face-up bottom card of the stack")
        body, allowed = queue[:-3], CARD_STEPS
    else:
        body, allowed = queue[:-1], OATH_STEPS
        if stack and stack[0]["revealed"]:
            problems.append("a face-up card lies on the stack, but no card is resolving")
    strays = sorted({item["primitive"] for item in body} - allowed)
    if strays:
        problems.append(f"steps queued where they never run: {', '.join(strays)}")
    problems += _combat_problems(data)
    if (data.get("oath") is not None) != (names[0] == "oath_reroll") or names.count("oath_reroll") > 1:
        problems.append("an oath in progress waits on its one reroll turn")
    if resolving and stack:
        problems += _card_step_problems(data, body, stack[0])
    return problems


# While a combat runs it waits on one of its own decisions, with its next step queued right after;
# the decision fits the combat's state (spec 9.4): (step, combat phase, side or decider's role).
COMBAT_WAITS = {
    ("combat_vaala", "pre_target", "attacker"), ("combat_vaala", "roll", "target"),
    ("combat_damage", "after_crits", "target"), ("combat_damage", "normals", "attacker"),
    ("combat_damage", "check", "target"), ("combat_target_choice", "after_crits", "target"),
    ("combat_attacker_choice", "check", "attacker"), ("combat_retreat", "end", "attacker"),
    ("combat_retreat", "end", "target"),
}


def _combat_problems(data: Data) -> list[str]:
    """DRG-COMBAT-6, spec 9.4: a combat in progress waits on one of its decisions, its next step
    queued right after; no combat decision waits without a combat (a forced retreat after one ends
    names where it retreats from)."""
    queue, combat = data["effects"], data.get("combat")
    names = [item["primitive"] for item in queue]
    if combat is None:
        if "combat_step" in names or any(item["primitive"] in COMBAT_STEPS or (
                item["primitive"] == "combat_retreat" and not item["params"].get("origin")) for item in queue):
            return ["a combat step or decision is queued, but no combat is in progress"]
        return []
    first = queue[0]
    params, target = first["params"], combat["target"]
    role = {"combat_damage": params.get("side"), "combat_target_choice": "target",
            "combat_attacker_choice": "attacker"}.get(first["primitive"])
    if role is None:
        who = params.get("character")
        role = "attacker" if who == combat["attacker"] else "target" if who and who == target["who"] else None
    deciding = combat["attacker"] if role == "attacker" else target["who"]
    human = deciding is not None and data["boards"][deciding]["seat"] is not None
    if (names[1:2] != ["combat_step"] or names.count("combat_step") != 1
            or (first["primitive"], combat["phase"], role) not in COMBAT_WAITS
            or (first["primitive"] in ("combat_vaala", "combat_target_choice", "combat_attacker_choice") and not human)
            or (first["primitive"] == "combat_retreat" and params.get("forced"))):
        return [("a combat in progress waits on one of its own decisions (fitting its state), its next step "
                 "queued right after")]
    return []


def _card_step_problems(data: Data, body: list[Data], entry: Data) -> list[str]:
    """The queued steps of the resolving card are that card's, for its owner, in printed order."""
    card, owner = entry["card"], entry["owner"]
    problems: list[str] = []
    indices: dict[str, list[int]] = {"icon": [], "region_icon": []}
    for item in body:
        name, params = item["primitive"], item["params"]
        if name in ("card_icons", "ai_card_icons", "card_comes_up", "region_icon") or (
                name == "icon" and params.get("index") is not None):
            mine = params.get("card", params.get("source", card)) == card and params["owner"] == owner
            ai = owner is not None and data["boards"][owner]["seat"] is None
            if not mine or (name == "card_icons" and ai) or (name == "ai_card_icons" and not ai):
                problems.append(f"a queued {name} step is not of the card resolving ({card})")
            if name in indices:
                indices[name].append(params["index"])
    for name, seen in indices.items():
        if any(a >= b for a, b in pairwise(seen)):
            problems.append(f"the {name} steps of {card} are not queued once each, in printed order")
    names = [item["primitive"] for item in body]
    if any(names.count(name) > 1 for name in ("card_icons", "ai_card_icons", "card_comes_up")):
        problems.append(f"the icons of {card} are queued more than once")
    return problems


def decision_problems(data: Data) -> list[str]:
    """The pending decision is exactly the one its step asks now: asked again on a copy (answer
    none), the step pauses with the same kind and options and changes nothing else; and an AI's
    tied options (``ai_tie``) each carry out. So a loaded state never waits on a decision the rules
    would not ask, or with an option they could not play."""
    from engine.core import Refused, Rng, plain

    from .context import Ctx
    from .effects import DRG
    queue = data["effects"]
    problems = DRG.decision_problems(data, Ctx)
    if problems or not queue or "pause" not in queue[0] or queue[0]["primitive"] != "ai_tie":
        return problems
    from .rules.proxy import FINISHERS
    params = queue[0]["params"]
    for option in params["options"]:
        trial = plain.thaw(plain.freeze(data))
        del trial["effects"][0]
        try:
            FINISHERS[params["purpose"]](Ctx(trial, Rng(0), queue[0]["meta"]["seat"]), params["character"], option)
        except (Refused, Exception) as error:
            return [f"the AI's tied option {option!r} cannot be carried out ({type(error).__name__})"]
    return []
