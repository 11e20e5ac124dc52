"""Search (NEM-SEARCH): the Search Action card, the Item Counter, the keep-1-of-2 choice."""
from __future__ import annotations

import pytest

from engine.core import Refused

from .scenario import add_intruder, data, explored, give, place, play, started

HAND = ["search.0", "search.1", "dismantle.2", "rest.4", "quarantine.5"]


def _game(tile: str = "laboratory", items: int = 2, room: str = "R008"):
    match = started(2, characters=["sentry", "janitor"])
    explored(match, room, tile, items)
    place(match, 0, room, HAND)
    place(match, 1, "REP")
    return match


def _prompt(match):
    return match.state.prompt.kind, match.state.prompt.seats, [c.args[0] for c in match.state.legal()]


def _shown(match, seat: int = 0) -> list[str]:
    """The drawn cards as the searcher's own view shows them (the answers name them d0, d1)."""
    step = next(e for e in match.state.view(seat)["effects"] if e.get("pause"))
    return step["cards"]


def _keep(match, item: str) -> str:
    """The answer keeping ``item``: its place among the drawn cards."""
    return f"0: answer d{_shown(match).index(item)}"


@pytest.mark.rule("NEM-SEARCH-1")
def test_search_is_an_out_of_combat_card_action_of_cost_zero():
    match = _game()
    add_intruder(match, "adult", "R008")
    with pytest.raises(Refused) as refused:
        play(match, "0: card search.0")
    assert refused.value.rule_id == "NEM-SEARCH-1"
    data(match)["intruders"].clear()
    play(match, "0: card search.0")
    assert "search.0" in data(match)["players"][0]["discard"]


@pytest.mark.rule("NEM-SEARCH-2")
def test_search_needs_an_item_counter_above_zero():
    match = _game(items=0)
    with pytest.raises(Refused) as refused:
        play(match, "0: card search.0")
    assert refused.value.rule_id == "NEM-SEARCH-2"
    place(match, 0, "REP")                                   # the Repository has no Item Counter
    with pytest.raises(Refused) as refused:
        play(match, "0: card search.0")
    assert refused.value.rule_id == "NEM-SEARCH-2"
    assert not [c for c in match.state.legal() if c.verb == "card" and c.args[0].startswith("search")]


@pytest.mark.rule("NEM-SEARCH-3")
def test_search_lowers_the_counter_then_draws_two_of_the_room_colour():
    match = _game()
    green = data(match)["decks"]["green"]
    green += ["medkit", "stimulant"]
    play(match, "0: card search.0")
    assert data(match)["rooms"]["R008"]["items"] == 1
    kind, seats, options = _prompt(match)
    assert kind == "search_keep" and seats == (0,) and options == ["d0", "d1"]
    assert _shown(match) == ["stimulant", "medkit"]                # the top card first
    assert not any(e.get("pause") for e in match.state.view(1)["effects"])   # the others see no card


@pytest.mark.rule("NEM-SEARCH-3")
def test_a_white_room_searches_the_deck_the_player_names():
    match = _game(tile="archive")
    with pytest.raises(Refused) as refused:
        play(match, "0: card search.0")
    assert refused.value.rule_id == "NEM-SEARCH-3"
    listed = {c.get("deck") for c in match.state.legal() if c.verb == "card" and c.args[0] == "search.0"}
    assert listed == {"red", "yellow", "green"}
    data(match)["decks"]["yellow"] += ["toolbelt", "flashlight"]
    play(match, "0: card search.0 deck=yellow")
    assert sorted(_shown(match)) == ["flashlight", "toolbelt"]


@pytest.mark.rule("NEM-SEARCH-4")
def test_keep_one_privately_the_other_to_the_bottom():
    match = _game()
    data(match)["decks"]["green"] += ["medkit", "stimulant"]
    events = play(match, "0: card search.0")
    drawn = [e for e in events if e.kind == "search_drawn"]
    assert drawn and drawn[0].audience == frozenset({0})
    keep = _keep(match, "stimulant")
    assert keep == "0: answer d0"                           # the public command names no card
    play(match, keep)
    player = data(match)["players"][0]
    assert [t["item"] for t in player["inventory"]] == ["stimulant"]
    assert data(match)["decks"]["green"][0] == "medkit"
    view = match.state.game.view(data(match), 1)
    assert view["players"][0]["inventory"] == ["green"]     # the card back only, for others


@pytest.mark.rule("NEM-SEARCH-5")
def test_the_crafted_deck_is_never_searched():
    match = _game(tile="archive")
    before = list(data(match)["crafted"])
    with pytest.raises(Refused):
        play(match, "0: card search.0 deck=crafted")
    assert data(match)["crafted"] == before
    assert all(c.get("deck") != "crafted" for c in match.state.legal() if c.verb == "card")


@pytest.mark.rule("NEM-SEARCH-6")
def test_fire_and_malfunction_do_not_prevent_searching():
    match = _game()
    data(match)["rooms"]["R008"].update(fire=True, malfunction=True)
    play(match, "0: card search.0")
    assert match.state.prompt.kind == "search_keep"


@pytest.mark.rule("NEM-SEARCH-7")
def test_a_short_deck_gets_its_discard_shuffled_under_it():
    match = _game()
    d = data(match)
    d["discards"]["green"] = d["decks"]["green"][1:]
    d["decks"]["green"] = d["decks"]["green"][:1]
    top = d["decks"]["green"][0]
    play(match, "0: card search.0")
    assert top in _shown(match) and len(d["decks"]["green"]) + len(d["discards"]["green"]) == 28


@pytest.mark.rule("NEM-SEARCH-7")
def test_a_single_card_left_must_be_kept():
    match = _game()
    d = data(match)
    d["decks"]["green"], d["discards"]["green"] = ["medkit"], []
    play(match, "0: card search.0")
    assert _prompt(match)[2] == ["d0"] and _shown(match) == ["medkit"]
    play(match, "0: answer d0")
    assert d["players"][0]["inventory"] == [{"item": "medkit", "ammo": None}]


@pytest.mark.rule("NEM-SEARCH-8")
def test_a_heavy_card_with_full_hands_needs_a_drop_or_goes_back():
    match = _game(tile="cave_entrance")
    give(match, 0, "revolver")                              # the Sentry already holds the SMG
    data(match)["decks"]["red"] += ["shotgun", "shotgun"]
    play(match, "0: card search.0")
    assert _prompt(match)[2] == ["d0/drop0", "d0/drop1", "bottom"]      # two Shotguns: one offer
    play(match, "0: answer d0/drop1")
    hands = [t["item"] for t in data(match)["players"][0]["hands"]]
    assert hands == ["smg", "shotgun"]
    assert sorted(data(match)["decks"]["red"][:2]) == ["revolver", "shotgun"]   # face down, bottom


@pytest.mark.rule("NEM-SEARCH-9")
def test_searching_the_contaminated_room_gives_slime():
    match = _game(tile="contaminated_room")
    play(match, "0: card search.0")
    assert data(match)["players"][0]["slime"]


def test_resampling_for_another_seat_redeals_the_searchers_two_cards():
    from engine.core import Rng
    match = _game()
    play(match, "0: card search.0")
    real = data(match)["effects"][0]["params"]["cards"]
    dealt = match.state.game.resample_hidden(data(match), 1, Rng(5))
    step = dealt["effects"][0]
    assert step["primitive"] == "search_keep" and len(step["params"]["cards"]) == 2
    assert step["pause"]["options"] == [f"d{i}" for i, card in enumerate(step["params"]["cards"])
                                        if card not in step["params"]["cards"][:i]]
    assert sorted(dealt["decks"]["green"] + step["params"]["cards"]) == sorted(data(match)["decks"]["green"] + real)
    own = match.state.game.resample_hidden(data(match), 0, Rng(5))
    assert own["effects"][0]["params"]["cards"] == real
