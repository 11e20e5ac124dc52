"""Per-seat views (spec section 8, NEM-VIEW-1..5): what one seat may see, as plain data."""
from __future__ import annotations

from typing import Any

from engine.core import Data, plain

from .content import content

HIDDEN = "hidden"


def _by_type(tokens: list[str]) -> dict[str, int]:
    """Tokens counted by intruder type (which token it is would show its hidden numbers)."""
    types = {t.id: t.type for t in content().tokens.intruder_tokens}
    counts: dict[str, int] = {}
    for token in tokens:
        counts[types[token]] = counts.get(types[token], 0) + 1
    return dict(sorted(counts.items()))


def _back(thing: Data) -> str:
    """The colour of an Inventory card's back (its deck), all another player sees of it."""
    item = content().items.get(thing.get("item", "")) if isinstance(thing, dict) else None
    return item.deck if item is not None else HIDDEN


# Parts of the state the view rebuilds from ``data`` itself: they are not copied first.
_REBUILT = frozenset({"decks", "css", "weaknesses", "contingency_active", "neutral", "supply", "bag", "removed",
                      "draft_offer", "effects"})


def _copy(data: Data) -> Data:
    """An independent copy of plain data (a marshal round trip: many times faster than deepcopy)."""
    return plain.thaw(plain.freeze(data))


def seat_view(data: Data, seat: int | None) -> Data:
    view = _copy({key: None if key in _REBUILT else value for key, value in data.items()})   # keeps key order
    over = data["phase"] == "over"
    coop = data["mode"] == "coop"
    for player in view["players"]:
        own = player["seat"] == seat
        player["deck"] = len(player["deck"])
        player["discard"] = ["contamination" if c.startswith("CONT") else c for c in player["discard"]]
        if not own:
            player["hand"] = len(player["hand"])
            player["inventory"] = sorted(_back(t) for t in player["inventory"])   # NEM-ITEM-2: card backs
            player["contingency"] = len(player["contingency"])
            player["known"] = HIDDEN
            player["scanned"] = len(player["scanned"])
            if not (coop or over):
                player["objectives"] = len(player["objectives"])
        else:
            scanned = set(player["scanned"])
            player["hand"] = [c if not c.startswith("CONT") or c in scanned else "contamination"
                              for c in player["hand"]]
    for room in view["rooms"].values():
        if not room["explored"]:
            room["tile"] = HIDDEN
        room["token"] = HIDDEN if room["token"] else None
    view["decks"] = {deck: len(cards) for deck, cards in data["decks"].items()}
    view["decks"]["computer_top"] = data["decks"]["computer"][-1] if data["decks"]["computer"] else None
    view["css"] = {slot: HIDDEN for slot in data["css"]}
    view["weaknesses"] = [w if w["revealed"] else {"id": HIDDEN, "revealed": False, "object": None}
                          for w in data["weaknesses"]]
    view["contingency_active"] = data["contingency_active"] if over else HIDDEN
    view["neutral"] = [t if t in data["neutral_revealed"] else HIDDEN for t in data["neutral"]]
    view["supply"] = _by_type(data["supply"])
    view["bag"] = _by_type(data["bag"])    # NEM-BAG-10: the composition (by type) is public
    view["removed"] = len(data["removed"])
    view["draft_offer"] = {k: v for k, v in data.get("draft_offer", {}).items() if k == str(seat)}
    view["effects"] = [{"primitive": e["primitive"], "waiting": "pause" in e,
                        **({"pause": e["pause"], "seat": e["meta"].get("seat"), **_shown(data, e)}
                           if "pause" in e and e["meta"].get("seat") == seat else {})} for e in data["effects"]]
    view["viewer"] = seat
    return view


def _shown(data: Data, step: Data) -> Data:
    """What the seat answering ``step`` sees that its answers name by place: the two cards a Search
    drew (answers ``d0``/``d1``), the thing offered to them in a Trade (NEM-TRADE-7)."""
    params = step.get("params") or {}
    if step["primitive"] == "search_keep":
        return {"cards": list(params.get("cards") or ())}
    if step["primitive"] == "trade_accept":
        from .rules.holding import find, thing_at
        giver = data["players"][params["giver"]]
        where = find(giver, params["thing"])
        if where is not None:
            thing = thing_at(giver, where)
            return {"offer": thing.get("item") or thing.get("object")}
    return {}


def _peeks(data: Data, mine: Data | None) -> dict:
    """What the seat's own ``known`` records still pin down in the current state (spec 8): unexplored
    Rooms whose tile it saw, CSS slots whose outcome it saw, contingency tokens it saw, the number of
    Event cards on top it saw, seats whose objectives it saw."""
    found: dict = {"tiles": set(), "css": set(), "contingency": set(), "event_top": 0, "objectives": set()}
    known = mine.get("known") if mine else None
    if not isinstance(known, dict):
        return found
    c = content()
    records = {kind: [r for r in known.get(kind, ()) if isinstance(r, dict)] for kind in known}
    for r in records.get("tiles", ()):
        room = data["rooms"].get(r.get("where"))
        if room is not None and not room["explored"] and room["tile"] == r.get("what"):
            found["tiles"].add(r["where"])
    outcomes = {t.id: t.outcome for t in c.tokens.css_tokens}
    for r in records.get("css", ()):
        slot = str(r.get("where"))
        if slot in data["css"] and outcomes.get(data["css"][slot]) == r.get("what"):
            found["css"].add(slot)
    for r in records.get("contingency", ()):
        what = r.get("what")
        if isinstance(what, dict) and what.get("token"):
            found["contingency"].add(what["token"])
    if records.get("events"):
        seen = list(records["events"][-1].get("what") or ())
        deck = data["decks"]["event"]
        top = list(reversed(deck[-len(seen):])) if seen else []
        n = 0
        while n < len(seen) and n < len(top) and top[n] == seen[n]:
            n += 1
        found["event_top"] = n
    for r in records.get("objectives", ()):
        who = r.get("where")
        if isinstance(who, int) and 0 <= who < len(data["players"]) \
                and data["players"][who]["objectives"] == r.get("what"):
            found["objectives"].add(who)
    return found


def resample_hidden(data: Data, seat: int, rng) -> Data:
    """Deal again everything ``seat`` cannot see (NEM-VIEW-1): other hands and every deck order,
    Contamination identities, unexplored tiles and tokens, CSS tokens, face-down Weaknesses,
    hidden objectives and contingencies, which tokens of a type are in the bag or the supply."""
    c = content()
    dealt = _copy(data)
    players = dealt["players"]
    mine = players[seat] if seat is not None and 0 <= seat < len(players) else None
    peeks = _peeks(data, mine)

    def permute(slots: list[tuple[list[Any], int]]) -> None:
        """Shuffle the values held at (list, index) slots among themselves."""
        values = [container[key] for container, key in slots]
        rng.shuffle(values)
        for (container, key), value in zip(slots, values):
            container[key] = value

    # other players' hands and decks (counts stay); own deck order
    for p in players:
        if mine is None or p["seat"] != seat:
            pool = p["hand"] + p["deck"]
            rng.shuffle(pool)
            p["hand"], p["deck"] = pool[:len(p["hand"])], pool[len(p["hand"]):]
        else:
            rng.shuffle(p["deck"])
    # other players' Inventory cards: any card of the same colour (NEM-ITEM-2), but the one a Trade
    # offers the seat (its view shows it, NEM-TRADE-7)
    offered = {(s["params"]["giver"], s["params"]["thing"]) for s in data["effects"]
               if s.get("primitive") == "trade_accept" and s.get("meta", {}).get("seat") == seat}
    for p in players:
        if mine is not None and p["seat"] == seat:
            continue
        for colour in ("red", "yellow", "green"):
            slots = [(p["inventory"], i) for i, t in enumerate(p["inventory"])
                     if isinstance(t, dict) and c.items.get(t.get("item", "")) is not None
                     and c.items[t["item"]].deck == colour and (p["seat"], f"i{i}") not in offered]
            if not slots:
                continue
            deck = dealt["decks"][colour]
            pool = [container[key]["item"] for container, key in slots] + deck
            rng.shuffle(pool)
            for container, key in slots:
                container[key] = {**container[key], "item": pool.pop()}
            deck[:] = pool
    # the two cards another player is choosing between after a Search (NEM-SEARCH-4)
    for step in dealt["effects"]:
        if step.get("primitive") == "search_keep" and step.get("meta", {}).get("seat") != seat:
            params = step["params"]
            deck = dealt["decks"].get(params["deck"])
            if deck is None:
                continue
            pool = list(params["cards"]) + deck
            rng.shuffle(pool)
            params["cards"] = [pool.pop() for _ in params["cards"]]
            deck[:] = pool
            if "pause" in step:                    # its options named the real cards
                from .rules.cards import keep_options
                searcher = players[step["meta"]["seat"]]
                step["pause"]["options"] = keep_options(searcher, params["cards"])
    # which Contamination card is which, wherever the seat sees only "a Contamination card"
    known = set(mine["scanned"]) & set(mine["hand"]) if mine else set()
    slots = []
    for cards in [dealt["decks"]["contamination"]] + [p[z] for p in players for z in ("deck", "hand", "discard")]:
        slots += [(cards, i) for i, card in enumerate(cards) if card.startswith("CONT") and card not in known]
    permute(slots)
    for deck, cards in dealt["decks"].items():
        if deck == "computer":
            top = cards.pop() if cards else None
            rng.shuffle(cards)
            if top is not None:
                cards.append(top)
        elif deck == "event" and peeks["event_top"]:          # the top cards the seat looked at stay
            keep = peeks["event_top"]
            rest = cards[:len(cards) - keep]
            rng.shuffle(rest)
            cards[:len(cards) - keep] = rest
        elif deck != "contamination":
            rng.shuffle(cards)
    # unexplored tiles (with the left-out II tiles) and exploration tokens (with the left-out ones)
    rooms = dealt["rooms"]
    board = c.board
    for pile in ("I", "II"):
        hidden = [r for r in board.order if board.rooms[r].slot == pile and not rooms[r]["explored"]
                  and r not in peeks["tiles"]]
        placed = {rooms[r]["tile"] for r in board.order if board.rooms[r].slot == pile}
        pool = [rooms[r]["tile"] for r in hidden] + [t.id for t in c.tiles.values()
                                                     if t.pile == pile and t.id not in placed]
        rng.shuffle(pool)
        for room in hidden:
            rooms[room]["tile"] = pool.pop()
    hidden = [r for r in board.order if rooms[r]["token"]]
    used = {rooms[r]["token"] for r in hidden}
    explored_tokens = set(data.get("explored_tokens", ()))
    pool = [rooms[r]["token"] for r in hidden] + [t.id for t in c.tokens.exploration_tokens
                                                 if t.id not in used and t.id not in explored_tokens]
    rng.shuffle(pool)
    for room in hidden:
        rooms[room]["token"] = pool.pop()
    # face-down CSS tokens (with the one left out) and face-down Weaknesses (with the three left out)
    placed_css = set(data["css"].values()) | set(data["css_launched"])
    free_css = [slot for slot in data["css"] if slot not in peeks["css"]]
    pool = [data["css"][slot] for slot in free_css] + [t.id for t in c.tokens.css_tokens if t.id not in placed_css]
    rng.shuffle(pool)
    dealt["css"] = {slot: data["css"][slot] if slot in peeks["css"] else pool.pop() for slot in data["css"]}
    down = [w for w in dealt["weaknesses"] if not w["revealed"]]
    in_play = {w["id"] for w in data["weaknesses"]}
    pool = [w["id"] for w in down] + [w for w in c.weaknesses if w not in in_play]
    rng.shuffle(pool)
    for w in down:
        w["id"] = pool.pop()
    # other players' objectives (unless public) and every contingency the seat does not hold
    if data["mode"] != "coop" and data["phase"] != "over":
        for deck in ("personal", "corporate", "solo_coop"):
            held = {o for p in players for o in p["objectives"]} | set(data["removed"])
            slots = [(p["objectives"], i) for p in players if p["seat"] != seat and p["seat"] not in peeks["objectives"]
                     for i, o in enumerate(p["objectives"]) if c.objectives[o].deck == deck]
            spare = [o.id for o in c.objectives.values() if o.deck == deck and o.id not in held
                     and o.min_players <= len(players)]
            values = [container[key] for container, key in slots] + spare
            rng.shuffle(values)
            for container, key in slots:
                container[key] = values.pop()
    if data["phase"] != "over":
        holders = [p for p in players if p["seat"] != seat]
        seen = peeks["contingency"]                      # tokens the seat looked at stay where they are
        pool = [dealt["contingency_active"]] + [t for p in holders for t in p["contingency"] if t not in seen] + [
            t for t in dealt["neutral"] if t not in data["neutral_revealed"] and t not in seen]
        rng.shuffle(pool)
        dealt["contingency_active"] = pool.pop()
        for p in holders:
            p["contingency"] = [t if t in seen else pool.pop() for t in p["contingency"]]
        dealt["neutral"] = [t if t in data["neutral_revealed"] or t in seen else pool.pop() for t in dealt["neutral"]]
    # tokens of one type are interchangeable between the bag and the supply
    types = {t.id: t.type for t in c.tokens.intruder_tokens}
    for kind in set(types.values()):
        slots = [(dealt["bag"], i) for i, t in enumerate(dealt["bag"]) if types[t] == kind]
        slots += [(dealt["supply"], i) for i, t in enumerate(dealt["supply"]) if types[t] == kind]
        permute(slots)
    return dealt
