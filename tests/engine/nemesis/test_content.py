"""Nemesis: Lockdown content: the files load, hold what the spec's tables say, and a broken file is
reported with the file, line and field to fix."""
from __future__ import annotations

import dataclasses
from collections import Counter
from importlib import resources
from pathlib import Path

import pytest

from engine.core import ContentError, load_content
from engine.nemesis import content as nc
from engine.nemesis.content import check_content, content
from engine.nemesis.vocabulary import CONDITIONS, PRIMITIVES, names_in


def source(name: str) -> str:
    return resources.files("resources").joinpath("nemesis", *name.split("/")).read_text(encoding="utf-8")


# -- counts ----------------------------------------------------------------------------------------

def test_everything_loads_and_passes_the_cross_checks():
    c = content()
    check_content(c)
    assert content() is c  # cached


def test_room_tiles_match_spec_3_4():
    tiles = content().tiles
    piles = Counter(t.pile for t in tiles.values())
    assert (piles["I"], piles["II"], piles["special"], piles["printed"]) == (10, 9, 3, 3)
    archive = tiles["archive"]
    assert (archive.name.zh, archive.colour, archive.computer, archive.actions[0].cost) == ("檔案室", "white", True, 2)
    assert tiles["nest"].colour == "black" and not tiles["nest"].item_counter
    assert not tiles["nest"].malfunction_allowed and not tiles["contaminated_room"].malfunction_allowed
    assert [a.cost for a in tiles["decon_room"].actions] == [2] and tiles["surgery"].actions[0].cost == 2
    assert [a.id for a in tiles["power_generator"].actions] == ["stop_autodestruction", "power_section"]
    assert tiles["isolation_room"].faces == ("closed", "open") and tiles["isolation_room"].actions[0].face == "open"
    assert {t.id: t.pod for t in tiles.values() if t.pod} == {"css_a": "A", "css_b": "B", "css_c": "C"}
    assert all(a.combat == "out" for t in tiles.values() for a in t.actions)


@pytest.mark.rule("NEM-SETUP-3")
def test_bag_composition_per_player_count_follows_the_modes_table():
    c = content()
    bag = c.tokens.starting_bag
    for players, adults in ((1, 4), (2, 5), (3, 6), (4, 7), (5, 8)):
        mode = "solo" if players == 1 else "standard"
        assert c.mode(mode, players).adults == adults
        assert bag.composition(players) == {"blank": 1, "larva": 4, "creeper": 1, "queen": 1, "adult": adults}
    for players in range(2, 6):
        assert c.mode("coop", players).adults == 3 + players
    with pytest.raises(KeyError):
        c.mode("solo", 2)


def test_modes_table_4_1():
    c = content()
    rows = {(r.mode, r.players): r for r in c.modes}
    assert [rows["standard", n].contingency_per_player for n in (2, 3, 4, 5)] == [2, 1, 1, 1]
    assert [rows["standard", n].neutral_pool for n in (2, 3, 4, 5)] == [2, 3, 2, 1]
    assert (rows["solo", 1].contingency_per_player, rows["solo", 1].neutral_pool) == (2, 4)
    assert (rows["coop", 3].neutral_pool, rows["coop", 3].neutral_revealed) == (6, 1)
    assert rows["solo", 1].halve_item_counters and rows["coop", 4].halve_item_counters
    assert not rows["standard", 3].halve_item_counters
    assert rows["solo", 1].objectives.solo_coop == 2 and rows["coop", 2].objectives.public


def test_tokens_match_spec_3_5_3_7_7_11_7_12():
    t = content().tokens
    assert len(t.exploration_tokens) == 20
    mix = Counter(x.effect for x in t.exploration_tokens)
    assert mix == Counter({"silence": 5, "danger": 5, "slime": 2, "fire": 2, "malfunction": 3, "door": 3})
    assert sorted(x.items for x in t.exploration_tokens if x.effect == "silence") == [1, 2, 2, 3, 4]
    assert len(t.intruder_tokens) == 27
    kinds = Counter(x.type for x in t.intruder_tokens)
    assert kinds == Counter({"larva": 8, "creeper": 3, "adult": 12, "breeder": 2, "queen": 1, "blank": 1})
    adults = Counter((x.lit, x.dark) for x in t.intruder_tokens if x.type == "adult")
    assert adults == Counter({(2, 3): 4, (3, 4): 5, (4, 5): 3})
    types = {x.id: x for x in t.intruder_types}
    assert [types[k].rank for k in ("egg", "larva", "creeper", "adult", "breeder", "queen")] == [0, 1, 2, 3, 4, 5]
    assert [types[k].limit for k in ("larva", "creeper", "adult", "breeder", "queen")] == [6, 3, 8, 2, 1]
    assert Counter(x.outcome for x in t.css_tokens) == Counter({"A": 2, "B": 1, "C": 1, "ALL": 2, "NONE": 1})
    assert Counter(x.colour for x in t.contingency_tokens) == Counter(
        {"GREEN": 3, "YELLOW": 1, "BLUE": 1, "GRAY": 1, "RED": 1})
    supplies = {s.id: s for s in t.supplies}
    assert (supplies["fire"].count, supplies["malfunction"].count, supplies["door"].count) == (12, 10, 11)
    assert supplies["noise"].count is None and supplies["egg"].in_nest_at_start == 5


@pytest.mark.rule("NEM-DEC-3")
def test_time_track_thresholds_and_css_slots():
    track = content().time_track
    assert track.slots[0] == 15 and track.slots[-1] == "S" and len(track.slots) == 16
    assert track.css_slots == (13, 11, 9, 7, 5, 3)
    assert dict(track.thresholds_after) == {14: "red", 13: "blue", 11: "red", 9: "blue", 7: "red", 5: "blue",
                                            3: "red", 2: "blue"}
    assert [track.colour(s) for s in (15, 9, 8, 1, "S")] == ["green", "plain", "white", "white", "red"]
    assert track.index("S") == 0 and track.index(15) == 15


@pytest.mark.rule("NEM-DEC-7")
def test_dice_faces():
    dice = content().dice
    assert Counter(dice.noise) == Counter({"1": 2, "2": 2, "3": 2, "4": 2, "SILENCE": 1, "DANGER": 1})
    assert dice.combat == ("BLANK", "CREEPER", "ADULT", "ADULT", "HIT1", "HIT2")
    assert "BLANK" not in dice.advantage and len(dice.advantage) == 6


def test_sixty_action_cards_in_six_decks():
    c = content()
    assert sorted(c.characters) == ["hacker", "janitor", "lab_rat", "sentry", "survivor", "xenobiologist"]
    decks = {cid: c.deck(cid) for cid in c.characters}
    assert sum(len(d) for d in decks.values()) == 60
    for deck in decks.values():
        assert len(deck) == 10 and Counter(deck)["search"] == 2
        assert {"dismantle", "interruption", "rest"} <= set(deck)
    assert [card.cost for card in c.common_cards] == [0, 1, 0, 1]
    assert c.action_card("survivor", "vents").name.zh == "通風管道"


@pytest.mark.rule("NEM-SETUP-16")
def test_characters_start_rooms_and_knowledge():
    chars = content().characters
    for cid in ("survivor", "lab_rat"):
        assert (chars[cid].start_room, chars[cid].knowledge, chars[cid].group) == ("ISO", 3, "nemesis_survivor")
    for cid in ("sentry", "xenobiologist", "hacker", "janitor"):
        assert (chars[cid].start_room, chars[cid].knowledge, chars[cid].group) == ("REP", 1, "facility_worker")


def test_items_match_spec_7_4():
    c = content()
    for deck in ("red", "yellow", "green"):
        assert len(c.item_deck(deck)) == 30, deck
    assert len(c.item_deck("crafted")) == 15
    recipes = {i.id: set(i.recipe) for i in c.items.values() if i.deck == "crafted"}
    assert recipes == {"neutralizer": {"MEDICAL", "CHEMICAL"}, "flamethrower": {"CHEMICAL", "MECHANICAL"},
                       "pistol": {"MECHANICAL", "ELECTRONIC"}, "taser": {"ELECTRONIC", "FABRIC"},
                       "enviro_suit": {"FABRIC", "MEDICAL"}}
    shotgun = c.items["shotgun"]
    assert (shotgun.heavy, shotgun.weapon.kind, shotgun.weapon.ammo, shotgun.weapon.max) == (True, "classic", 2, 4)
    assert c.items["medkit"].component == "MEDICAL" and c.items["grenade"].one_use
    assert c.items["welding_torch"].copies == 4 and c.items["welding_torch"].heavy
    starting = {i.id: i.owner for i in c.items.values() if i.deck == "starting"}
    assert starting == {"smg": "sentry", "probe_arm": "xenobiologist", "stun_pistol": "hacker",
                        "nail_gun": "janitor"}
    quest = {i.id: i.owner for i in c.items.values() if i.deck == "quest"}
    assert len(quest) == 6 and quest["master_override"] == "hacker"
    assert c.items["service_keys"].unlock == {"stat_ge": ("rooms_explored", 3)}


def test_other_decks_counts_and_samples():
    c = content()
    assert len(c.events) == 22 and c.events["E01"].remove_after and c.events["E12"].move == (4, 1)
    assert c.events["E03"].symbols == {"creeper", "breeder"}
    assert len(c.attacks) == 20
    blood = Counter(a.blood for a in c.attacks.values())
    assert blood == Counter({2: 3, 3: 6, 4: 4, 5: 3, 6: 1, "retreat": 3})
    assert len(c.weaknesses) == 6
    decks = Counter(o.deck for o in c.objectives.values())
    assert decks == Counter({"personal": 9, "corporate": 9, "solo_coop": 10})
    assert {o.id: o.min_players for o in c.objectives.values() if o.min_players > 2} == {
        "P3": 3, "P4": 4, "P5": 5, "K5": 3, "K9": 3}
    assert c.objectives["K7"].condition == {"sections_explored": ("S01", "S02")}
    assert len(c.computer_cards) == 6 and [cid for cid, card in c.computer_cards.items() if card.lockdown] == ["PC6"]
    assert sum(w.copies for w in c.serious_wounds.values()) == 25 and len(c.serious_wounds) == 5
    assert len(c.contamination) == 27 and sum(card.infected for card in c.contamination) == 9


def test_every_name_has_both_languages():
    c = content()
    named = (list(c.tiles.values()) + list(c.characters.values()) + list(c.items.values())
             + list(c.events.values()) + list(c.attacks.values()) + list(c.weaknesses.values())
             + list(c.objectives.values()) + list(c.computer_cards.values()) + list(c.serious_wounds.values())
             + list(c.common_cards) + [card for ch in c.characters.values() for card in ch.cards]
             + [a for t in c.tiles.values() for a in t.actions])
    for thing in named:
        assert thing.name.en and thing.name.zh, thing.id
        assert thing.name.en != thing.name.zh, thing.id
        text = getattr(thing, "text", None)
        if text is not None:
            assert text.en and text.zh, thing.id


def test_effect_trees_use_only_spec_primitives():
    c = content()
    trees = ([a.effect for t in c.tiles.values() for a in t.actions]
             + [card.effect for card in c.common_cards]
             + [card.effect for ch in c.characters.values() for card in ch.cards]
             + [i.effect for i in c.items.values()] + [e.effect for e in c.events.values()]
             + [e.darkness for e in c.events.values()] + [a.effect for a in c.attacks.values()]
             + [w.modifier for w in c.weaknesses.values()] + [w.penalty for w in c.serious_wounds.values()]
             + [a.effect for card in c.computer_cards.values() for a in card.actions])
    used = set().union(*(names_in(tree) for tree in trees))
    assert used <= set(PRIMITIVES)
    assert {"search", "choice", "reaction", "move_character", "attack_card", "power_restore"} <= used
    assert c.tiles["decon_room"].actions[0].effect == (
        {"scan": {"who": "self", "zones": ("hand",), "clean": "keep", "infected": "remove"}},
        {"remove_larva": "self"}, {"slime": ("self", "remove")})
    conditions = set().union(*(names_in(o.condition, nc.CONDITION) for o in c.objectives.values()))
    assert conditions <= set(CONDITIONS)


# -- broken files: file, line and field ---------------------------------------------------------------

def broken(tmp_path: Path, name: str, old: str, new: str) -> tuple[Path, int]:
    """A copy of a content file with one change; returns it and the 1-based line of the change."""
    text = source(name)
    assert text.count(old) == 1, old
    path = tmp_path / Path(name).name
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path, text[:text.index(old)].count("\n") + 1


def test_an_unknown_primitive_names_file_line_and_field(tmp_path: Path):
    path, line = broken(tmp_path, "rooms.yaml", "effect: {autodestruct: start}", "effect: {autodestroy: start}")
    with pytest.raises(ContentError) as info:
        load_content(path, nc.RoomsFile)
    error = info.value
    assert (error.file, error.line, error.field) == (str(path), line, "tiles[2].actions[0].effect")
    assert "unknown effect 'autodestroy'" in str(error) and "did you mean 'autodestruct'" in str(error)


def test_a_wrong_primitive_parameter_is_refused(tmp_path: Path):
    path, line = broken(tmp_path, "cards/items.yaml", "effect: {reroll: {times: 1, cost: ammo}}",
                        "effect: {reroll: {tims: 1, cost: ammo}}")
    with pytest.raises(ContentError) as info:
        load_content(path, nc.ItemsFile)
    assert info.value.line == line and "reroll has no parameter 'tims'" in str(info.value)


@pytest.mark.rule("NEM-SETUP-2")
def test_a_second_exit_room_is_refused(tmp_path: Path):
    path, _ = broken(tmp_path, "board_basic.yaml", "    exits: {1: C02, 2: C09, 3: C08, 4: TECH}\n",
                     "    exits: {1: C02, 2: C09, 3: C08, 4: TECH}\n    exit_room: true\n")
    with pytest.raises(ContentError) as info:
        load_content(path, nc.BoardFile)
    assert info.value.field == "rooms" and "exactly one room must have exit_room" in str(info.value)


def test_board_rules_of_3_1_2_are_enforced(tmp_path: Path):
    # a corridor on the wrong number
    path, line = broken(tmp_path, "board_basic.yaml", "exits: {1: C04, 2: C06, 3: C08, 4: C10}",
                        "exits: {1: C06, 2: C04, 3: C08, 4: C10}")
    with pytest.raises(ContentError) as info:
        load_content(path, nc.BoardFile)
    assert (info.value.line, info.value.field) == (line, "rooms[6].exits[1]")
    assert "carries number 2" in str(info.value)
    # a number mapped twice / missing
    path, line = broken(tmp_path, "board_basic.yaml", "exits: {1: C04, 2: C06, 3: C08, 4: C10}",
                        "exits: {1: C04, 2: C06, 3: C08}")
    with pytest.raises(ContentError) as info:
        load_content(path, nc.BoardFile)
    assert (info.value.line, info.value.field) == (line, "rooms[6].exits")
    # a corridor one of its rooms does not list
    path, line = broken(tmp_path, "board_basic.yaml", "exits: {1: C27, 2: C32, 3: TECH, 4: TECH}",
                        "exits: {1: TECH, 2: C32, 3: TECH, 4: TECH}")
    with pytest.raises(ContentError) as info:
        load_content(path, nc.BoardFile)
    assert info.value.field == "corridors[26]" and "room R015 does not list it" in str(info.value)


def test_a_disconnected_board_is_refused(tmp_path: Path):
    text = source("board_basic.yaml")
    # cut R015 + ISO off: ISO loses C25 and R016 loses C32 (both become TECH), corridors removed
    text = text.replace("exits: {1: C27, 2: C25, 3: TECH, 4: TECH}", "exits: {1: C27, 2: TECH, 3: TECH, 4: TECH}")
    text = text.replace("exits: {1: C24, 2: C25, 3: C26, 4: TECH}", "exits: {1: C24, 2: TECH, 3: C26, 4: TECH}")
    text = text.replace("exits: {1: C27, 2: C32, 3: TECH, 4: TECH}", "exits: {1: C27, 2: TECH, 3: TECH, 4: TECH}")
    text = text.replace("exits: {1: TECH, 2: C32, 3: C30, 4: TECH}", "exits: {1: TECH, 2: TECH, 3: C30, 4: TECH}")
    text = text.replace("  - {id: C25, a: R012, b: ISO, number: 2, path: []}\n", "")
    text = text.replace("  - {id: C32, a: R015, b: R016, number: 2, path: []}\n", "")
    path = tmp_path / "board_basic.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ContentError) as info:
        load_content(path, nc.BoardFile)
    assert "not connected" in str(info.value) and "ISO, R015" in str(info.value)


def test_wrong_counts_are_refused(tmp_path: Path):
    path, _ = broken(tmp_path, "cards/contamination.yaml", "{id: CONT03, infected: true}",
                        "{id: CONT03, infected: false}")
    with pytest.raises(ContentError) as info:
        load_content(path, nc.ContaminationFile)
    assert "8 INFECTED cards, expected 9" in str(info.value) and info.value.field == "contamination"
    path, _ = broken(tmp_path, "cards/items.yaml", "{id: revolver, deck: red, copies: 2,",
                        "{id: revolver, deck: red, copies: 3,")
    with pytest.raises(ContentError) as info:
        load_content(path, nc.ItemsFile)
    assert "31 red item cards" in str(info.value)


def test_a_repeated_id_is_reported_at_the_repeat(tmp_path: Path):
    path, line = broken(tmp_path, "cards/events.yaml", "  - {id: E05,", "  - {id: E04,")
    with pytest.raises(ContentError) as info:
        load_content(path, nc.EventsFile)
    assert (info.value.line, info.value.field) == (line, "events[4].id")
    assert "duplicate id 'E04'" in str(info.value)


def test_yaml_booleans_in_text_are_caught(tmp_path: Path):
    path, line = broken(tmp_path, "dice.yaml", 'noise: ["1", "1",', "noise: [1, \"1\",")
    with pytest.raises(ContentError) as info:
        load_content(path, nc.Dice)
    assert (info.value.line, info.value.field) == (line, "noise[0]")


# -- cross-file references ------------------------------------------------------------------------

def cross_error(**changes) -> ContentError:
    with pytest.raises(ContentError) as info:
        check_content(dataclasses.replace(content(), **changes))
    return info.value


def test_a_missing_quest_item_names_characters_yaml_with_its_line():
    c = content()
    chars = dict(c.characters, janitor=dataclasses.replace(c.characters["janitor"], quest_item="service_key"))
    error = cross_error(characters=chars)
    assert error.file == "resources/nemesis/cards/characters.yaml" and error.field == "characters[5].quest_item"
    assert error.line == source("cards/characters.yaml").splitlines().index("    quest_item: service_keys") + 1


def test_a_recipe_or_take_crafted_naming_nothing_is_refused():
    c = content()
    tile = c.tiles["guard_room"]
    action = dataclasses.replace(tile.actions[0], effect=({"take_crafted": "stun_baton"},))
    tiles = dict(c.tiles, guard_room=dataclasses.replace(tile, actions=(action,)))
    error = cross_error(tiles=tiles)
    assert error.file == "resources/nemesis/rooms.yaml" and "stun_baton" in str(error)
    items = {k: dataclasses.replace(v, component=None) if v.component == "FABRIC" else v
             for k, v in c.items.items()}
    error = cross_error(items=items)
    assert error.file == "resources/nemesis/cards/items.yaml" and "FABRIC" in str(error)


def test_modes_must_agree_with_the_bag_rule():
    c = content()
    modes = tuple(dataclasses.replace(r, adults=9) if (r.mode, r.players) == ("standard", 5) else r for r in c.modes)
    error = cross_error(modes=modes)
    assert error.file == "resources/nemesis/modes.yaml" and "NEM-SETUP-3" in str(error)
    assert error.field == "modes[4].adults" and error.line is not None
