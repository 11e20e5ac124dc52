"""Dragonbond content: the files load, hold what the spec's tables say, and a broken file is reported
with the file, line and field to fix."""
from __future__ import annotations

import dataclasses
from collections import Counter
from importlib import resources
from pathlib import Path

import pytest

from engine.core import ContentError, load_content
from engine.dragonbond import content as dc
from engine.dragonbond.content import check_content, content
from engine.dragonbond.vocabulary import EFFECTS, ICON, PRIMITIVES, Icon, names_in


def source(name: str) -> str:
    return resources.files("resources").joinpath("dragonbond", name).read_text(encoding="utf-8")


# -- counts and samples ------------------------------------------------------------------------------

@pytest.mark.rule("DRG-SETUP-1")
def test_everything_loads_and_passes_the_cross_checks():
    c = content()
    check_content(c)
    assert content() is c  # cached
    assert (len(c.characters), len(c.action_cards), len(c.region_cards), len(c.event_cards), len(c.upgrade_cards),
            len(c.vaala_cards), len(c.dragonbond_cards)) == (4, 22, 12, 12, 12, 20, 4)


def test_params_of_spec_3_2():
    p = content().params
    assert (p.win_power_unbonded, p.win_power_bonded, p.power_hold_limit) == (10, 15, 10)
    assert (p.supply.power_tokens, p.supply.city_tokens, p.supply.neutral_units) == (50, 12, 24)
    assert p.supply.units_per_type_per_general == 6 and p.upgrade_market_size == 6
    assert (p.strength.set_bonus, p.strength.set_bonus_with_general, p.strength.general_bonus_without_set) == (1, 2, 0)
    assert p.dice_cap is None and p.ai_tie_break == "proxy" and p.ai_dragon_heal_below_or_at == "half"
    assert p.refresh_spent_power_in_cleanup and p.icons_mandatory and not p.first_lap_pass_allowed


@pytest.mark.rule("DRG-DICE-1")
def test_the_combat_die_has_the_faces_of_spec_3_3():
    die = content().die
    assert Counter((f.normal, f.crit) for f in die.faces) == Counter(
        {(0, 0): 4, (1, 0): 3, (2, 0): 1, (0, 1): 1, (0, 2): 1})
    assert sum(f.hits for f in die.faces) == 8  # expected 0.8 hits per die
    assert set(die.oath_success_faces) == {"hit1", "hit2", "crit1", "crit2"}


@pytest.mark.rule("DRG-DEC-30")
def test_characters_roles_start_regions_and_health():
    c = content()
    assert c.seating_default == ("elyse", "nagasha", "adrael", "ferellon")
    assert c.characters_of("general") == ("elyse", "adrael") and c.characters_of("dragon") == ("nagasha", "ferellon")
    elyse, ferellon = c.characters["elyse"], c.characters["ferellon"]
    assert (elyse.kingdom, elyse.start_region, dict(elyse.start_units)) == (
        "allaria", "allarian_crownlands", {"infantry": 1, "cavalry": 1, "ranged": 1})
    assert elyse.name.zh_TW == "艾莉絲" and ferellon.name.zh_TW == "費瑞倫"
    assert (c.characters["nagasha"].health_max, ferellon.health_max) == (5, 6)
    assert ferellon.kingdom is None and ferellon.start_units is None
    for ch in c.characters.values():
        assert c.map.regions[ch.start_region].start_of == ch.id


@pytest.mark.rule("DRG-DEC-5")
def test_action_cards_five_per_general_six_per_dragon():
    c = content()
    per_owner = Counter(card.owner for card in c.action_cards.values())
    assert per_owner == Counter({"elyse": 5, "adrael": 5, "nagasha": 6, "ferellon": 6})
    assert [card.id for card in c.action_deck("nagasha")] == [f"nag_a{i}" for i in range(1, 7)]
    fer_a6 = c.action_cards["fer_a6"]
    assert [i.notation() for i in fer_a6.icons] == ["fly(1)", "attack", "fly(1)"]
    assert fer_a6.name.zh_TW == "翼之風暴"
    assert c.action_cards["ely_a2"].icons == (Icon("deploy", type="any"), Icon("deploy", type="any"))
    general_icons = {i.icon for card in c.action_cards.values() if c.role(card.owner) == "general" for i in card.icons}
    dragon_icons = {i.icon for card in c.action_cards.values() if c.role(card.owner) == "dragon" for i in card.icons}
    assert general_icons == {"move", "attack", "deploy", "collect", "vaala"}
    assert dragon_icons == {"fly", "attack", "collect", "vaala"}


@pytest.mark.rule("DRG-REGIONCARD-1")
def test_one_region_card_per_region_with_three_icons():
    c = content()
    assert sorted(card.region for card in c.region_cards.values()) == sorted(c.map.regions)
    for card in c.region_cards.values():
        assert card.id == f"rc_{card.region}" and len(card.icons) == 3
        assert {i.icon for i in card.icons} <= {"reinforce", "upgrade", "build_city"}
        if any(i.icon == "build_city" for i in card.icons):
            assert c.map.regions[card.region].city_site
    assert [i.notation() for i in c.region_card("highpass").icons] == ["upgrade", "upgrade", "reinforce(cavalry)"]
    assert c.region_card("highpass").icons[0].optional and not c.region_card("highpass").icons[2].optional
    assert c.region_name("rc_saltmere").zh_TW == "鹽沼湖"
    # mirror pairs have mirrored icons (spec 7.3)
    assert c.region_card("willow_fords").icons == c.region_card("saltmere").icons
    assert c.region_card("golden_fields").icons == c.region_card("ember_coast").icons


def test_event_cards_samples():
    events = content().event_cards
    assert list(events) == [f"ev{i:02d}" for i in range(1, 13)]
    assert events["ev01"].effects == ({"add_power": {"where": {"no_power": True, "no_units": True}, "n": 1}},)
    ev05 = events["ev05"].effects[0]["grant_icon"]
    assert ev05["who"] == "each_player" and ev05["optional"] is True
    assert dict(ev05["icon_by_role"]) == {"general": Icon("move"), "dragon": Icon("fly", n=1)}
    assert events["ev04"].effects[0]["grant_icon"]["icon"] == Icon("deploy", type="any")
    assert events["ev08"].effects == ({"modifier": {"kind": "mountains_closed", "duration": "round"}},)
    assert events["ev06"].name.zh_TW == "誓約徵兆"


def test_upgrade_cards_four_per_type():
    c = content()
    assert Counter(u.unit_type for u in c.upgrade_cards.values()) == Counter(
        {"infantry": 4, "cavalry": 4, "ranged": 4})
    pikes = c.upgrade_cards["up_pikes"].effects[0]["modifier"]
    assert (pikes["kind"], pikes["value"], pikes["when"]["rolling"], dict(pikes["when"]["min_units"])) == (
        "dice", 1, "counter", {"infantry": 2})
    raiders = c.upgrade_cards["up_raiders"].effects[0]["trigger"]
    assert raiders["on_event"] == "beat_neutral"
    assert raiders["then"] == ({"collect_power": {"where": {"event_region": True}, "n": 1}},)
    assert c.upgrade_cards["up_outriders"].effects[0]["modifier"]["value"] == "cavalry"


def test_vaala_cards_five_per_character():
    c = content()
    assert Counter(v.owner for v in c.vaala_cards.values()) == Counter(
        {"elyse": 5, "adrael": 5, "nagasha": 5, "ferellon": 5})
    assert [v.id for v in c.vaala_deck("ferellon")] == [f"fer_v{i}" for i in range(1, 6)]
    terror = c.vaala_cards["adr_v2"]
    assert (terror.cost, terror.timing, terror.name.zh_TW) == (2, "combat", "恐懼")
    assert terror.effects[0]["modifier"]["side"] == "opponent"
    assert Counter(v.timing for v in c.vaala_cards.values()) == Counter({"combat": 8, "icon": 12})
    assert [e for e in c.vaala_cards["adr_v3"].effects] == [
        {"grant_icon": {"who": "self", "optional": False, "icon": Icon("move")}}] * 2


def test_dragonbond_cards_one_per_character():
    c = content()
    assert {card.owner for card in c.dragonbond_cards.values()} == set(c.characters)
    assert c.dragonbond_card("ferellon").effects[0]["trigger"]["then"] == (
        {"carry": {"figure": "ally", "units_max": 3}},)
    assert c.dragonbond_card("nagasha").effects[0]["modifier"]["side"] == "ally"


def test_ai_board_sides_read_every_icon_of_their_role():
    c = content()
    general, dragon = c.ai_boards["general"], c.ai_boards["dragon"]
    assert {row.icon for row in general.icons} == {"move", "attack", "deploy", "collect", "vaala"}
    assert {row.icon for row in dragon.icons} == {"fly", "attack", "collect", "vaala"}
    assert general.reading("vaala").behaviour == general.reading("collect").behaviour  # vaala read as collect
    assert dict(general.combat) == {"counter": "always", "continue": "always", "casualties": "most_numerous_type"}
    assert dragon.on_card == "heal_at_or_below_half" and general.army is not None


def test_every_name_and_text_has_both_languages():
    c = content()
    named = (list(c.characters.values()) + list(c.map.regions.values()) + list(c.action_cards.values())
             + list(c.event_cards.values()) + list(c.upgrade_cards.values()) + list(c.vaala_cards.values())
             + list(c.dragonbond_cards.values()))
    for thing in named:
        assert thing.name.en and thing.name.zh_TW and thing.name.en != thing.name.zh_TW, thing.id
        text = getattr(thing, "text", None)
        if text is not None:
            assert text.en and text.zh_TW, thing.id
    for board in c.ai_boards.values():
        assert all(row.text.en and row.text.zh_TW for row in board.icons)


def test_cards_use_every_primitive_and_only_spec_ones():
    c = content()
    lists = [card.effects for table in (c.event_cards, c.upgrade_cards, c.vaala_cards, c.dragonbond_cards)
             for card in table.values()]
    used = set().union(*(names_in(effects) for effects in lists))
    assert used == set(PRIMITIVES)  # spec 7: the catalogue exercises every mechanism


# -- the vocabulary on its own ----------------------------------------------------------------------

def test_vocabulary_decodes_and_refuses():
    assert ICON.decode_content({"icon": "fly", "n": 2}, ()) == Icon("fly", n=2)
    with pytest.raises(Exception, match="icon fly needs its parameter 'n'"):
        ICON.decode_content({"icon": "fly"}, ())
    with pytest.raises(Exception, match="icon move has no parameter 'n'"):
        ICON.decode_content({"icon": "move", "n": 1}, ())
    with pytest.raises(Exception, match="the modifier kind dice needs a value"):
        EFFECTS.decode_content([{"modifier": {"kind": "dice", "side": "self", "duration": "exchange"}}], ())
    with pytest.raises(Exception, match="mountains_closed is global"):
        EFFECTS.decode_content([{"modifier": {"kind": "mountains_closed", "side": "self", "duration": "round"}}], ())
    with pytest.raises(Exception, match="exactly one of icon"):
        EFFECTS.decode_content([{"grant_icon": {"who": "self"}}], ())
    with pytest.raises(Exception, match="a general cannot execute the icon fly"):
        EFFECTS.decode_content([{"grant_icon": {"who": "each_player", "icon_by_role": {"general": {"icon": "fly",
                                                                                                    "n": 1}}}}], ())
    with pytest.raises(Exception, match="heal needs its parameter 'n'"):
        EFFECTS.decode_content([{"heal": {"who": "self"}}], ())


# -- broken files: file, line and field -------------------------------------------------------------

def broken(tmp_path: Path, name: str, old: str, new: str) -> tuple[Path, int]:
    """A copy of a content file with one change; returns it and the 1-based line of the change."""
    text = source(name)
    assert text.count(old) == 1, old
    path = tmp_path / name
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path, text[:text.index(old)].count("\n") + 1


def refused(path: Path, schema: type) -> ContentError:
    with pytest.raises(ContentError) as info:
        load_content(path, schema)
    return info.value


def test_an_unknown_primitive_names_file_line_and_field(tmp_path: Path):
    path, line = broken(tmp_path, "event_cards.yaml", "- add_neutral: {where: {no_units: true, no_figures",
                        "- add_neutrals: {where: {no_units: true, no_figures")
    error = refused(path, dc.EventCardsFile)
    assert (error.file, error.line, error.field) == (str(path), line, "event_cards[2].effects[0].add_neutrals")
    assert "did you mean 'add_neutral'" in str(error)


def test_an_unknown_region_filter_is_refused(tmp_path: Path):
    path, line = broken(tmp_path, "event_cards.yaml", "{where: {has_city: true}, n: 1}",
                        "{where: {has_cities: true}, n: 1}")
    error = refused(path, dc.EventCardsFile)
    assert (error.line, error.field) == (line, "event_cards[1].effects[0].add_power.where.has_cities")
    assert "unknown region filters 'has_cities'" in str(error) and "did you mean 'has_city'" in str(error)


def test_an_icon_parameter_out_of_range_is_refused(tmp_path: Path):
    path, line = broken(tmp_path, "action_cards.yaml", "icons: [{icon: fly, n: 3}, {icon: collect}]",
                        "icons: [{icon: fly, n: 4}, {icon: collect}]")
    error = refused(path, dc.ActionCardsFile)
    assert (error.line, error.field) == (line, "action_cards[10].icons[0].n")
    assert "expected a whole number 1..3, got 4" in str(error)


@pytest.mark.rule("DRG-SETUP-1")
def test_asymmetric_adjacency_is_refused(tmp_path: Path):
    path, line = broken(tmp_path, "map.yaml", "adjacent: [golden_fields, sunken_ruins, ember_coast]",
                        "adjacent: [golden_fields, sunken_ruins, ember_coast, saltmere]")
    error = refused(path, dc.MapFile)
    assert (error.line, error.field) == (line, "map.regions[7].adjacent[3]")
    assert "saltmere does not list serpent_mire" in str(error)


def test_adjacency_must_match_the_polygons(tmp_path: Path):
    text = source("map.yaml")
    text = text.replace("adjacent: [golden_fields, sunken_ruins, ember_coast]", "adjacent: [sunken_ruins, ember_coast]")
    text = text.replace("adjacent: [allarian_crownlands, willow_fords, sunken_ruins, serpent_mire]",
                        "adjacent: [allarian_crownlands, willow_fords, sunken_ruins]")
    path = tmp_path / "map.yaml"
    path.write_text(text, encoding="utf-8")
    error = refused(path, dc.MapFile)
    assert error.field == "map.regions[3].adjacent"
    assert "golden_fields and serpent_mire share an edge but are not adjacent" in str(error)


def test_mountain_ridges_must_be_shared_edges(tmp_path: Path):
    path, line = broken(tmp_path, "map.yaml", "edge: [[64, 142], [258, 306]]", "edge: [[64, 142], [258, 494]]")
    error = refused(path, dc.MapFile)
    assert (error.line, error.field) == (line, "map.mountain_borders[0].edge")
    path, _ = broken(tmp_path, "map.yaml", "mountain_borders_with: [allarian_crownlands, red_moon_crags]",
                     "mountain_borders_with: [allarian_crownlands, red_moon_crags, highpass]")
    error = refused(path, dc.MapFile)
    assert error.field == "map.regions[1].mountain_borders_with[2]"


def test_a_layout_circle_must_fit_its_region(tmp_path: Path):
    path, line = broken(tmp_path, "map.yaml", "label_pos: [600, 295]\n      layout_radius: 92",
                        "label_pos: [600, 295]\n      layout_radius: 120")
    error = refused(path, dc.MapFile)
    assert (error.line, error.field) == (line + 1, "map.regions[5].layout_radius")
    assert "leaves the polygon" in str(error)


def test_setup_tokens_must_follow_the_start_regions(tmp_path: Path):
    text = source("map.yaml")
    start = text.index("id: highpass")
    old = "setup: {power_tokens: 1, neutral_units: 1}"
    at = text.index(old, start)
    path = tmp_path / "map.yaml"
    path.write_text(text[:at] + "setup: {power_tokens: 2, neutral_units: 1}" + text[at + len(old):], encoding="utf-8")
    error = refused(path, dc.MapFile)
    assert (error.line, error.field) == (text[:at].count("\n") + 1, "map.regions[5].setup")
    assert "DRG-SETUP-14" in str(error)


def test_wrong_counts_are_refused(tmp_path: Path):
    text = source("event_cards.yaml")
    cut = text[text.index("  - id: ev12"):]
    path = tmp_path / "event_cards.yaml"
    path.write_text(text.replace(cut, ""), encoding="utf-8")
    error = refused(path, dc.EventCardsFile)
    assert "11 event cards, expected 12" in str(error) and error.field == "event_cards"
    path, _ = broken(tmp_path, "upgrade_cards.yaml", "id: up_dragon_hunters\n    unit_type: ranged",
                     "id: up_dragon_hunters\n    unit_type: cavalry")
    assert "5 cavalry upgrades, expected 4" in str(refused(path, dc.UpgradeCardsFile))
    path, _ = broken(tmp_path, "characters.yaml", "action_cards: [nag_a1, nag_a2, nag_a3, nag_a4, nag_a5, nag_a6]",
                        "action_cards: [nag_a1, nag_a2, nag_a3, nag_a4, nag_a5]")
    error = refused(path, dc.CharactersFile)
    assert error.field == "characters[2]" and "a dragon has 6 action cards (DRG-DEC-5)" in str(error)


def test_a_repeated_id_is_reported_at_the_repeat(tmp_path: Path):
    path, line = broken(tmp_path, "vaala_cards.yaml", "  - {id: adr_v4,", "  - {id: adr_v3,")
    error = refused(path, dc.VaalaCardsFile)
    assert (error.line, error.field) == (line, "vaala_cards[8].id")
    assert "duplicate id 'adr_v3'" in str(error)


def test_region_cards_hold_three_region_icons(tmp_path: Path):
    path, line = broken(tmp_path, "region_cards.yaml", "icons: [{icon: upgrade}, {icon: upgrade}, {icon: reinforce, "
                        "type: cavalry}]", "icons: [{icon: upgrade}, {icon: move}, {icon: reinforce, type: cavalry}]")
    error = refused(path, dc.RegionCardsFile)
    assert (error.line, error.field) == (line, "region_cards[5]")
    assert "move is not a region-card icon" in str(error)


def test_seats_must_alternate_and_combat_vaala_cards_only_modify_the_exchange(tmp_path: Path):
    path, line = broken(tmp_path, "characters.yaml", "seating_default: [elyse, nagasha, adrael, ferellon]",
                        "seating_default: [elyse, adrael, nagasha, ferellon]")
    error = refused(path, dc.CharactersFile)
    assert (error.line, error.field) == (line, "seating_default") and "DRG-SETUP-3" in str(error)
    path, line = broken(tmp_path, "vaala_cards.yaml", "- {id: nag_v2, owner: nagasha, cost: 1, timing: icon",
                        "- {id: nag_v2, owner: nagasha, cost: 1, timing: combat")
    error = refused(path, dc.VaalaCardsFile)
    assert (error.line, error.field) == (line, "vaala_cards[11]") and "DRG-VAALA-5" in str(error)


def test_the_oath_succeeds_on_every_hit_face(tmp_path: Path):
    path, line = broken(tmp_path, "die.yaml", "oath_success_faces: [hit1, hit2, crit1, crit2]",
                        "oath_success_faces: [hit1, hit2]")
    error = refused(path, dc.DieFile)
    assert (error.line, error.field) == (line, "die.oath_success_faces")


def test_yaml_text_that_reads_as_a_number_is_caught(tmp_path: Path):
    path, line = broken(tmp_path, "action_cards.yaml", "name: {en: Ambush, zh_TW: 伏擊}", "name: {en: 1, zh_TW: 伏擊}")
    error = refused(path, dc.ActionCardsFile)
    assert (error.line, error.field) == (line, "action_cards[15].name.en") and "quote it" in str(error)


# -- cross-file references --------------------------------------------------------------------------

def cross_error(**changes) -> ContentError:
    with pytest.raises(ContentError) as info:
        check_content(dataclasses.replace(content(), **changes))
    return info.value


def test_a_card_listed_under_the_wrong_character_names_characters_yaml_with_its_line():
    c = content()
    elyse = dataclasses.replace(c.characters["elyse"], action_cards=("ely_a1", "ely_a2", "ely_a3", "ely_a4",
                                                                     "adr_a5"))
    error = cross_error(characters=dict(c.characters, elyse=elyse))
    assert error.file == "resources/dragonbond/characters.yaml" and error.field == "characters[0].action_cards[4]"
    assert "adr_a5 belongs to adrael" in str(error)
    assert error.line == source("characters.yaml").splitlines().index(
        "    action_cards: [ely_a1, ely_a2, ely_a3, ely_a4, ely_a5]") + 1


def test_start_regions_must_agree_between_characters_and_map():
    c = content()
    nagasha = dataclasses.replace(c.characters["nagasha"], start_region="sunken_ruins")
    error = cross_error(characters=dict(c.characters, nagasha=nagasha))
    assert error.field == "characters[2].start_region" and "start_of: None" in str(error)


def test_build_city_only_on_city_sites_and_icons_fit_the_owner():
    c = content()
    card = c.region_cards["rc_highpass"]
    bad = dataclasses.replace(card, icons=(Icon("build_city"),) + card.icons[1:])
    error = cross_error(region_cards=dict(c.region_cards, rc_highpass=bad))
    assert error.file == "resources/dragonbond/region_cards.yaml" and "not a city site" in str(error)
    assert error.field == "region_cards[5].icons[0]"
    card = c.action_cards["adr_a1"]
    bad_action = dataclasses.replace(card, icons=(Icon("fly", n=1),))
    error = cross_error(action_cards=dict(c.action_cards, adr_a1=bad_action))
    assert "a general cannot execute fly(1)" in str(error) and error.field == "action_cards[5].icons[0]"


def test_an_ai_side_must_read_every_icon_its_cards_show():
    c = content()
    dragon = c.ai_boards["dragon"]
    short = dataclasses.replace(dragon, icons=tuple(r for r in dragon.icons if r.icon != "fly"))
    error = cross_error(ai_boards=dict(c.ai_boards, dragon=short))
    assert error.file == "resources/dragonbond/ai_boards.yaml" and "no reading for fly" in str(error)
