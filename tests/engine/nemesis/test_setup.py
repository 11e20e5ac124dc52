"""Set-up (spec 4, NEM-SETUP): every mode and player count, table 4.1, the draft prompts."""
from __future__ import annotations

from collections import Counter

import pytest

from engine.core import Command, ConfigError, Match, Refused
from engine.nemesis.content import content
from tests.engine.nemesis.scenario import data, started

CONFIGS = [("solo", 1), ("standard", 2), ("standard", 3), ("standard", 4), ("standard", 5),
           ("coop", 2), ("coop", 3), ("coop", 5)]
# table 4.1: players -> (adults, contingency per player, neutral pool)
TABLE = {("solo", 1): (4, 2, 4), ("standard", 2): (5, 2, 2), ("standard", 3): (6, 1, 3),
         ("standard", 4): (7, 1, 2), ("standard", 5): (8, 1, 1)}


def types(tokens):
    by_id = {t.id: t.type for t in content().tokens.intruder_tokens}
    return Counter(by_id[t] for t in tokens)


@pytest.mark.rule("NEM-SETUP-1")
@pytest.mark.parametrize("mode,players", [("solo", 2), ("standard", 1), ("standard", 6), ("coop", 1), ("coop", 6)])
def test_unsupported_configurations_are_refused(mode, players):
    with pytest.raises(ConfigError):
        Match.new("nemesis", players, mode=mode, seed=1)


@pytest.mark.rule("NEM-SETUP-1")
@pytest.mark.parametrize("mode,players", CONFIGS)
def test_supported_configurations_start(mode, players):
    match = started(players, mode=mode)
    assert data(match)["mode"] == mode and len(data(match)["players"]) == players


@pytest.mark.rule("NEM-SETUP-3", "NEM-SOLO-1")
@pytest.mark.parametrize("mode,players", CONFIGS)
def test_starting_bag(mode, players):
    d = data(Match.new("nemesis", players, mode=mode, seed=players))
    assert types(d["bag"]) == Counter({"blank": 1, "larva": 4, "creeper": 1, "queen": 1, "adult": 3 + players})
    assert sorted(d["bag"] + d["supply"]) == sorted(t.id for t in content().tokens.intruder_tokens)


@pytest.mark.rule("NEM-SETUP-4", "NEM-SETUP-5")
def test_tiles_and_exploration_tokens():
    c = content()
    d = data(Match.new("nemesis", 3, seed=4))
    slots = {r: c.board.rooms[r].slot for r in c.board.order}
    placed = {pile: [d["rooms"][r]["tile"] for r in slots if slots[r] == pile] for pile in ("I", "II")}
    assert len(placed["I"]) == 10 and sorted(placed["I"]) == sorted(t.id for t in c.tiles.values() if t.pile == "I")
    assert len(set(placed["II"])) == 6 and set(placed["II"]) < {t.id for t in c.tiles.values() if t.pile == "II"}
    unexplored = [r for r in d["rooms"] if not d["rooms"][r]["explored"]]
    assert sorted(unexplored) == sorted(r for r in slots if slots[r] in ("I", "II"))
    tokens = [d["rooms"][r]["token"] for r in unexplored]
    assert len(tokens) == 16 and len(set(tokens)) == 16 and None not in tokens
    view = Match.new("nemesis", 3, seed=4).state.view(0)
    out_ii = {t.id for t in c.tiles.values() if t.pile == "II"} - set(placed["II"])
    text = repr(view)
    assert all(tile not in text for tile in out_ii)          # left-out tiles: never shown
    left_out = {t.id for t in c.tokens.exploration_tokens} - set(tokens)
    assert len(left_out) == 4 and all(f"'{t}'" not in text for t in left_out | set(tokens))


@pytest.mark.rule("NEM-SETUP-6", "NEM-SETUP-7", "NEM-SETUP-8", "NEM-SETUP-10", "NEM-DEC-9")
def test_board_tokens_lab_and_time():
    c = content()
    d = data(Match.new("nemesis", 2, seed=9))
    assert sorted(d["power"]) == sorted(c.tokens.power_tokens.locations) and sorted(d["power"].values()) == [1, 2, 3, 4]
    assert d["active_power"] == [1, 2]
    assert sorted(d["css"]) == sorted(str(s) for s in c.time_track.css_slots)
    assert len(set(d["css"].values())) == 6
    assert d["nest_eggs"] == 5 and len(d["weaknesses"]) == 3
    assert [w["revealed"] for w in d["weaknesses"]] == [True, False, False]
    assert d["time"] == 15 and d["time_active"] is False
    assert d["selfdestruct"] is None and d["alert"] is None
    assert d["elevator"] == "EL2" and d["main_gate_open"] is False and d["rover"] == "facility"


@pytest.mark.rule("NEM-SETUP-9")
def test_the_face_up_computer_card_is_never_lockdown():
    cards = content().computer_cards
    for seed in range(60):
        top = data(Match.new("nemesis", 2, seed=seed))["decks"]["computer"][-1]
        assert not cards[top].lockdown


@pytest.mark.rule("NEM-SETUP-11", "NEM-SETUP-12")
@pytest.mark.parametrize("mode,players", CONFIGS)
def test_objectives_dealt_per_mode(mode, players):
    c = content()
    for seed in range(5):
        d = data(Match.new("nemesis", players, mode=mode, seed=seed))
        for p in d["players"]:
            decks = sorted(c.objectives[o].deck for o in p["objectives"])
            assert decks == {"standard": ["corporate", "personal"], "solo": ["solo_coop", "solo_coop"],
                             "coop": ["solo_coop"]}[mode]
            assert all(c.objectives[o].min_players <= players for o in p["objectives"])
        dealt = [o for p in d["players"] for o in p["objectives"]]
        assert len(dealt) == len(set(dealt))


@pytest.mark.rule("NEM-SETUP-13", "NEM-SOLO-3", "NEM-COOP-2", "NEM-CONTINGENCY-1", "NEM-DEC-79")
@pytest.mark.parametrize("mode,players", CONFIGS)
def test_contingencies_follow_table_4_1(mode, players):
    d = data(Match.new("nemesis", players, mode=mode, seed=players))
    held = [t for p in d["players"] for t in p["contingency"]]
    every = [d["contingency_active"], *held, *d["neutral"]]
    assert sorted(every) == sorted(t.id for t in content().tokens.contingency_tokens)
    if mode == "coop":
        assert held == [] and len(d["neutral"]) == 6 and len(d["neutral_revealed"]) == 1
        assert set(d["neutral_revealed"]) <= set(d["neutral"])
    else:
        adults, per_player, pool = TABLE[(mode, players)]
        assert all(len(p["contingency"]) == per_player for p in d["players"])
        assert len(d["neutral"]) == pool and d["neutral_revealed"] == []


@pytest.mark.rule("NEM-SETUP-14", "NEM-SETUP-15")
def test_draft_after_objectives_two_offered_one_kept():
    match = Match.new("nemesis", 3, seed=2)
    d = data(match)
    assert all(p["objectives"] for p in d["players"])     # objectives first
    taken = []
    for seat in range(3):
        prompt = match.state.prompt
        assert prompt.kind == "draft" and prompt.seats == (seat,)
        offer = [c.args[0] for c in match.state.legal()]
        assert len(offer) == 2 and not set(offer) & set(taken)
        assert match.state.view((seat + 1) % 3)["draft_offer"] == {}       # private to the drafter
        match.apply(Command("answer", (offer[1],), (), seat))
        taken.append(offer[1])
        assert d["players"][seat]["character"] == offer[1]
    assert match.state.prompt.kind == "turn"


@pytest.mark.rule("NEM-SETUP-15")
def test_draft_free_option_offers_every_unpicked_character():
    match = Match.new("nemesis", 2, seed=2, options={"draft": "free"})
    assert len(match.state.legal()) == 6
    match.apply(Command("answer", ("janitor",), (), 0))
    offer = [c.args[0] for c in match.state.legal()]
    assert len(offer) == 5 and "janitor" not in offer
    with pytest.raises(Refused):
        match.apply(Command("answer", ("janitor",), (), 1))


@pytest.mark.rule("NEM-SETUP-16", "NEM-SETUP-17", "NEM-SETUP-18")
def test_characters_start_in_their_rooms_with_knowledge_items_and_quests():
    c = content()
    match = started(5, characters=["survivor", "lab_rat", "sentry", "hacker", "janitor"])
    for p in data(match)["players"]:
        char = c.characters[p["character"]]
        nemesis = p["character"] in ("survivor", "lab_rat")
        assert p["room"] == ("ISO" if nemesis else "REP")
        assert p["knowledge"] == (3 if nemesis else 1) and p["knowledge_active"] is False
        assert p["quest"] == {"id": char.quest_item, "active": False}
        if char.starting_item:
            item = c.items[char.starting_item]
            thing = p["hands"][0] if p["hands"] else p["starting_item"]
            assert thing["item"] == item.id
            if item.weapon:
                assert thing["ammo"] == item.weapon.ammo


@pytest.mark.rule("NEM-SETUP-19", "NEM-SETUP-20", "NEM-ROUND-3")
@pytest.mark.parametrize("mode,players", CONFIGS)
def test_round_one_starts_with_player_one_and_nothing_triggered(mode, players):
    match = started(players, mode=mode, seed=11)
    d = data(match)
    assert d["round"] == 1 and d["first"] == 0 and d["turn"]["seat"] == 0
    assert d["intruders"] == {} and not d["tech_noise"]
    assert not any(cor["noise"] for cor in d["corridors"].values())
    assert all(room["explored"] == (room["token"] is None) for room in d["rooms"].values())
    assert all(p["stats"]["rooms_explored"] == 0 for p in d["players"])


@pytest.mark.rule("NEM-SOLO-4", "NEM-COOP-10", "NEM-DEC-8")
@pytest.mark.parametrize("mode,players,halved", [("solo", 1, True), ("coop", 2, True), ("standard", 2, False)])
def test_item_counters_halved_in_solo_and_coop(mode, players, halved):
    assert data(Match.new("nemesis", players, mode=mode, seed=1))["halve_items"] is halved
