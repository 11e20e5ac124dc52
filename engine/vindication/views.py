"""What each seat may see (spec 8.1): secret quests, deck order, bag contents and drawn cards
stay hidden; and the redeal of exactly those, which proves it."""
from __future__ import annotations

from engine.core import Data, Rng
from engine.core.effects import pending_choice

# Prompts whose options show hidden cards: only the deciding seat sees them (V05 and W07 included).
PRIVATE_PROMPTS = ("quest_keep", "pick_card", "blind_keep", "peek_order", "build_tile")
HIDDEN_KEYS = ("decks", "bag", "quest_deck", "end_deck", "quests_out", "effects", "drawn", "players",
               "villages_bag", "isle", "ruins_out")


def seat_view(data: Data, seat: int | None) -> Data:
    choice = pending_choice(data)
    shown = {k: v for k, v in data.items() if k not in HIDDEN_KEYS}
    shown["decks"] = {deck: len(cards) for deck, cards in data["decks"].items()}
    shown["bag"] = len(data["bag"])
    shown["quest_deck"] = len(data["quest_deck"])
    shown["end_deck"] = len(data["end_deck"])
    shown["quests_out"] = len(data["quests_out"])
    shown["players"] = [_player_view(p, seat) for p in data["players"]]
    if "isle" in data:   # the villages bag shows only to a builder (in the build prompt), ruins face down
        shown["villages_bag"] = len(data["villages_bag"])
        shown["isle"] = {area: {"ruins": None if a["ruins"] is None else "hidden"} for area, a in data["isle"].items()}
        shown["ruins_out"] = len(data["ruins_out"])
    drawn = data["drawn"]
    shown["drawn"] = None if drawn is None else (
        drawn if choice and choice[1] == seat else {"deck": drawn["deck"], "count": len(drawn["cards"])})
    if choice:
        kind, decider, options = choice
        visible = decider == seat or kind not in PRIVATE_PROMPTS
        shown["prompt"] = {"kind": kind, "seat": decider, "options": list(options) if visible else None}
    else:
        shown["prompt"] = None
    return shown


def _player_view(player: Data, seat: int | None) -> Data:
    if player["seat"] == seat:
        return player
    hidden = dict(player)
    hidden["quest"] = "hidden" if player["quest"] else None
    hidden["quest_options"] = len(player["quest_options"])
    return hidden


def resample_hidden(data: Data, seat: int, rng: Rng) -> Data:
    """Deal again everything ``seat`` cannot see: deck orders, the bag, other players' quests."""
    choice = pending_choice(data)
    dealt = {**data, "decks": {d: list(cards) for d, cards in data["decks"].items()},
             "players": [dict(p) for p in data["players"]]}
    for cards in dealt["decks"].values():
        rng.shuffle(cards)
    drawn = data["drawn"]
    if drawn and not (choice and choice[1] == seat):
        pool = dealt["decks"][drawn["deck"]] + list(drawn["cards"])
        rng.shuffle(pool)
        n = len(drawn["cards"])
        dealt["drawn"] = {"deck": drawn["deck"], "cards": pool[:n]}
        dealt["decks"][drawn["deck"]] = pool[n:]
    dealt["bag"] = list(data["bag"])
    rng.shuffle(dealt["bag"])
    if "isle" in data:   # both bags' tiles and every face-down rune are unknown to everyone
        building = choice is not None and choice[0] == "build_tile" and choice[1] == seat
        tiles = dealt["bag"] + ([] if building else list(data["villages_bag"]))
        rng.shuffle(tiles)
        dealt["bag"] = tiles[:len(data["bag"])]
        dealt["villages_bag"] = list(data["villages_bag"]) if building else tiles[len(data["bag"]):]
        undug = [area for area, a in data["isle"].items() if a["ruins"] is not None]
        runes = [data["isle"][area]["ruins"] for area in undug] + list(data["ruins_out"])
        rng.shuffle(runes)
        dealt["isle"] = {area: dict(a) for area, a in data["isle"].items()}
        for area in undug:
            dealt["isle"][area]["ruins"] = runes.pop()
        dealt["ruins_out"] = runes
    dealt["end_deck"] = list(data["end_deck"])
    rng.shuffle(dealt["end_deck"])
    others = [p for p in dealt["players"] if p["seat"] != seat]
    pool = list(data["quest_deck"]) + list(data["quests_out"])
    pool += [p["quest"] for p in others if p["quest"]] + [q for p in others for q in p["quest_options"]]
    rng.shuffle(pool)
    for p in others:
        if p["quest"]:
            p["quest"] = pool.pop()
        p["quest_options"] = [pool.pop() for _ in p["quest_options"]]
    dealt["quests_out"] = [pool.pop() for _ in data["quests_out"]]
    dealt["quest_deck"] = pool
    return dealt
