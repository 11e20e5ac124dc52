"""Per-seat views (spec section 8, NEM-VIEW): whole seeded games in every mode, checking after every
command that no seat's view holds another seat's secrets or anything face down."""
from __future__ import annotations

import json

import pytest

from engine.bots import bot_rng, make_bot
from engine.core import Match
from engine.nemesis.content import content

MODES = (("solo", 1), ("standard", 2), ("standard", 4), ("coop", 3))
HIDDEN = "hidden"


def leaves(value):
    """Every string inside a nested structure (what a seat legitimately saw: its peeks)."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(set(), *(leaves(v) for v in value.values()))
    if isinstance(value, (list, tuple)):
        return set().union(set(), *(leaves(v) for v in value))
    return set()


def secrets_of(data, seat):
    """Identifiers ``seat`` may not see anywhere in its view (exact JSON strings)."""
    over = data["phase"] == "over"
    me = data["players"][seat]
    seen = leaves(me["known"])
    seen |= {data["rooms"][r]["tile"] for r in seen if r in data["rooms"]}   # peeked Rooms' tiles
    found = set()
    if not over:
        found.add(data["contingency_active"])
        found |= {t for p in data["players"] if p["seat"] != seat for t in p["contingency"]}
        found |= {t for t in data["neutral"] if t not in data["neutral_revealed"]}
    found -= set(me["contingency"])
    found |= {r["token"] for r in data["rooms"].values() if r["token"]}              # face-down tokens
    found |= {r["tile"] for r in data["rooms"].values() if not r["explored"]}
    explored_tiles = {r["tile"] for r in data["rooms"].values() if r["explored"]}
    found -= explored_tiles
    found |= set(data["css"].values())
    found |= {w["id"] for w in data["weaknesses"] if not w["revealed"]}
    return {json.dumps(s) for s in found - seen if s}


def check_view(state, seat):
    data = state._peek()
    view = state.view(seat)
    over = data["phase"] == "over"
    text = json.dumps(view)
    leaked = [s for s in secrets_of(data, seat) if s in text]
    assert leaked == [], (seat, leaked)
    for p in view["players"]:
        assert isinstance(p["deck"], int)                                             # deck orders
        if p["seat"] != seat:
            assert isinstance(p["hand"], int)                                         # NEM-VIEW-1
            assert all(back in ("red", "yellow", "green", "crafted", "starting", "quest")
                       for back in p["inventory"])                 # NEM-ITEM-2: card backs only
            assert isinstance(p["contingency"], int) and p["known"] == HIDDEN
            if data["mode"] != "coop" and not over:
                assert isinstance(p["objectives"], int)
        else:
            assert len(p["hand"]) == len(data["players"][seat]["hand"])               # NEM-VIEW-2
            assert p["objectives"] == data["players"][seat]["objectives"]
            assert p["contingency"] == data["players"][seat]["contingency"]
            scanned = set(data["players"][seat]["scanned"])
            assert all(c == "contamination" or not c.startswith("CONT") or c in scanned for c in p["hand"])
    assert all(isinstance(n, int) for k, n in view["decks"].items() if k != "computer_top")
    assert isinstance(view["removed"], int)
    for room in view["rooms"].values():
        assert room["token"] in (None, HIDDEN)
        if not room["explored"]:
            assert room["tile"] == HIDDEN
    assert set(view["css"].values()) <= {HIDDEN}
    assert (view["contingency_active"] == HIDDEN) is (not over)
    if over:                                                                        # NEM-VIEW-5
        assert all(isinstance(p["objectives"], list) for p in view["players"])


def walk(mode, players, seed, kind):
    match = Match.new("nemesis", players, mode=mode, seed=seed)
    bots = {s: make_bot(kind, match.game) for s in range(players)}
    rngs = {s: bot_rng(seed, s) for s in range(players)}
    steps = 0
    while not match.state.is_terminal() and steps < 3000:
        for seat in range(players):
            check_view(match.state, seat)
        seat = match.state.deciders()[0]
        match.apply(bots[seat].choose(match.state.view(seat), match.state.legal(seat), rngs[seat]))
        steps += 1
    for seat in range(players):
        check_view(match.state, seat)
    assert match.state.is_terminal()


@pytest.mark.rule("NEM-VIEW-1", "NEM-VIEW-2", "NEM-VIEW-5", "NEM-CONTINGENCY-2", "NEM-CONTINGENCY-3",
                  "NEM-OBJECTIVE-1")
@pytest.mark.parametrize("mode,players", MODES)
@pytest.mark.parametrize("kind", ["random", "heuristic"])
def test_views_hide_every_secret_through_whole_games(mode, players, kind):
    walk(mode, players, seed=21, kind=kind)


@pytest.mark.rule("NEM-VIEW-3")
def test_bots_decide_from_the_view_alone():
    """The heuristic bot gives the same answer for every state that looks the same to its seat."""
    match = Match.new("nemesis", 3, seed=5)
    bot = make_bot("heuristic", match.game)
    while match.state.prompt.kind == "draft":
        match.apply(match.state.legal()[0])
    seat = match.state.deciders()[0]
    legal = match.state.legal(seat)
    choice = bot.choose(match.state.view(seat), legal, bot_rng(1, seat))
    from engine.core import Rng
    for k in range(3):
        other = match.game.resample_hidden(match.state._peek(), seat, Rng(k))
        assert bot.choose(match.game.view(other, seat), legal, bot_rng(1, seat)) == choice


@pytest.mark.rule("NEM-VIEW-4")
def test_dead_players_keep_their_private_view_and_gain_no_secrets():
    match = Match.new("nemesis", 3, seed=5)
    while match.state.prompt.kind == "draft":
        match.apply(match.state.legal()[0])
    data = match.state.data
    from engine.nemesis.context import Ctx
    from engine.nemesis.rules import wounds
    wounds.die(Ctx(data, match.state.rng, 0), 0, "wounds")
    view = match.state.view(0)
    assert view["players"][0]["objectives"] == data["players"][0]["objectives"]
    assert isinstance(view["players"][1]["hand"], int) and isinstance(view["players"][1]["objectives"], int)
    check_view(match.state, 0)


@pytest.mark.rule("NEM-COOP-1", "NEM-COOP-2")
def test_coop_objectives_and_the_revealed_pool_token_are_public():
    match = Match.new("nemesis", 3, mode="coop", seed=5)
    data = match.state.data
    view = match.state.view(1)
    assert view["players"][0]["objectives"] == data["players"][0]["objectives"]
    revealed = data["neutral_revealed"][0]
    assert revealed in view["neutral"] and view["neutral"].count(HIDDEN) == 5


def hidden_ids(data, seat):
    """Ids the other seats may not see that a command of ``seat`` could name: Contamination cards
    (their status is in the shipped content), objectives (outside co-op) and the Inventory cards of
    the seat (only their backs are public, NEM-ITEM-2)."""
    found = {c for p in data["players"] for z in ("hand", "deck", "discard") for c in p[z] if c.startswith("CONT")}
    found |= set(data["decks"]["contamination"])
    if data["mode"] != "coop":
        found |= {o for p in data["players"] for o in p["objectives"]}
    items = content().items
    found |= {t["item"] for t in data["players"][seat]["inventory"]
              if items[t["item"]].deck in ("red", "yellow", "green")}      # crafted and quest ones are public
    return found - {t["item"] for p in data["players"] for t in p["hands"] if "item" in t}


@pytest.mark.rule("NEM-VIEW-1", "NEM-ITEM-2", "NEM-OBJECTIVE-1", "NEM-SCAN-1")
@pytest.mark.parametrize("kind", ["random", "heuristic"])
@pytest.mark.parametrize("mode,players", [("solo", 1), ("standard", 3), ("standard", 5)])
def test_commands_are_public_and_name_no_hidden_card(kind, mode, players):
    """Every command is echoed to every seat and kept in the save, so none names a card by a hidden
    id: discards, kept objectives, Search keeps, Trade offers, drops and components go by place.
    (Using an item names it: using shows it to everyone, NEM-ITEM-5.)"""
    checked = set()
    for seed in (3, 4, 5):
        match = Match.new("nemesis", players, mode=mode, seed=seed)
        bot = make_bot(kind, match.game)
        rngs = {s: bot_rng(seed, s) for s in range(players)}
        for _ in range(600):
            state = match.state
            if state.is_terminal():
                break
            seat = state.deciders()[0]
            legal = state.legal(seat)
            hidden = hidden_ids(state._peek(), seat)
            for command in legal:
                words = set(str(command.by(None)).replace("=", " ").replace(",", " ").replace("/", " ")
                            .replace("+", " ").split())
                if command.verb == "item":                 # using an item shows it (NEM-ITEM-5)
                    words.discard(str(command.args[0]))
                words.discard(str(command.get("via")))     # so does using Spare Cables for a Computer
                assert not words & hidden, (str(command), words & hidden)
                checked.add(command.verb)
            match.apply(bot.choose(state.view(seat), legal, rngs[seat]))
    assert {"pass", "answer", "move"} <= checked
