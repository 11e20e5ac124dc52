"""Vindication's content files: they load, hold what the spec's section 3 and 7 tables say, and a
broken file or a broken cross-reference is reported with the file (and line and field) to fix."""
from __future__ import annotations

import dataclasses
import re
from collections import Counter
from importlib import resources
from pathlib import Path

import pytest

from engine.core import ContentError, load_content
from engine.vindication import content as vc
from engine.vindication.content import check_content, content
from engine.vindication.effects import VIN

SPEC = Path(__file__).resolve().parents[3].parent / "shared" / "rules" / "vindication.md"
needs_spec = pytest.mark.skipif(not SPEC.is_file(), reason="the specification is not next to the repository")

FIRST_GAME_BAG = Counter({"fort": 2, "command_post": 2, "library": 2, "monastery": 2, "holy_spire": 2,
                          "shrine": 2, "gaping_maw": 1, "arcane_tower": 1, "ancient_tomb": 1, "academy": 1,
                          "inn": 3})
MODULE_REGIONS = ("temple_of_legends", "theater", "fear_gauntlet", "mausoleum", "tidewatch_beacon",
                  "hearth_kitchen", "wayfarers_stable", "drill_yard", "scriptorium", "observatory",
                  "guildhouse", "venfero_secret", "dobney_wish", "tarcee_riddle")
REQUIRED = ["ancient_tomb", "arcane_tower", "gaping_maw", "temple_of_legends", "shrine", "command_post",
            "monastery", "inn", "inn", "venfero_secret", "dobney_wish", "tarcee_riddle"]
SELECTABLE = ["fort", "fort", "library", "library", "holy_spire", "holy_spire", "command_post", "monastery",
              "shrine", "inn", "academy", "theater", "fear_gauntlet", "mausoleum", "tidewatch_beacon",
              "hearth_kitchen", "wayfarers_stable", "drill_yard", "scriptorium", "observatory", "guildhouse"]


def source(name: str) -> str:
    return (resources.files("resources") / "vindication" / name).read_text(encoding="utf-8")


def spec_rows(heading: str, first: str) -> list[list[str]]:
    """Rows of the tables under a spec heading (up to the next heading of that level)."""
    text = SPEC.read_text(encoding="utf-8")
    start = text.index(heading)
    end = text.find("\n### ", start + 1)
    rows = []
    for line in text[start:end].splitlines():
        cells = [c.strip().replace("−", "-") for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and re.fullmatch(first, cells[0]):
            rows.append(cells)
    return rows


def en_zh(cell: str) -> tuple[str, str]:
    en, zh = cell.replace("*(source title)*", "").split(" / ")
    return en.strip(), zh.strip()


# -- loading and counts ---------------------------------------------------------------------------

def test_content_loads_and_passes_the_cross_checks():
    c = content()
    check_content(c)  # content() already ran it; it must not object to the shipped files
    assert set(c.regions) == set(FIRST_GAME_BAG) | set(MODULE_REGIONS)
    assert len(c.journeys) == 12 and len(c.quests) == 12 and len(c.end_triggers) == 12
    assert [ch.id for ch in c.characters] == ["CH1", "CH2", "CH3", "CH4", "CH5"]


@pytest.mark.rule("VIN-DEC-13")
def test_six_decks_of_twelve_cards():
    c = content()
    assert len(c.cards) == 72
    for deck, letter in {"companion_S": "S", "companion_K": "K", "companion_I": "I",
                         "monster": "C", "trait": "W", "relic": "V"}.items():
        assert c.decks[deck] == tuple(f"{letter}{n:02d}" for n in range(1, 13)), deck
        assert all(c.cards[cid].deck == deck for cid in c.decks[deck])


def test_first_game_bag_holds_the_19_tiles_and_every_base_copy():
    c = content()
    assert len(c.board_file.first_game_bag) == 19
    assert Counter(c.board_file.first_game_bag) == FIRST_GAME_BAG
    # the base game has no other tiles (VIN-DEC-72): the bag uses every copy of every base region
    base = {rid: r.copies for rid, r in c.regions.items() if rid not in MODULE_REGIONS}
    assert base == dict(FIRST_GAME_BAG)


def test_board_numbers():
    board = content().board_file
    assert (board.id, board.radius) == ("main", 2)
    assert board.honor_trigger_spaces == (30, 45, 60, 75)
    assert (board.vindication_threshold, board.mastery_bonus) == (25, 5)


@pytest.mark.rule("VIN-DEC-8")
def test_mount_ladder():
    mounts = content().mounts
    assert sorted(mounts) == [1, 2, 3, 4, 5]
    assert [mounts[r].speed for r in range(1, 6)] == [2, 3, 4, 5, 5]
    assert [mounts[r].honor for r in range(1, 6)] == [0, 1, 2, 3, 4]
    assert [mounts[r].flight for r in range(1, 6)] == [False, False, False, False, True]
    assert mounts[5].name.en == "Moth"


@pytest.mark.rule("VIN-DEC-12")
def test_attribute_and_monster_dice():
    dice = content().dice
    assert sorted(dice.attribute_die) == sorted(["S", "K", "I", "C", "W", "V"])
    assert Counter(dice.monster_die) == Counter({"blank": 3, "fatigue": 2, "skull": 1})


@pytest.mark.rule("VIN-DEC-60")
def test_check_die_has_three_hits_and_three_misses():
    assert Counter(content().dice.check_die) == Counter({"hit": 3, "miss": 3})


@pytest.mark.rule("VIN-DEC-9")
def test_every_journey_starts_with_the_same_numbers():
    for journey in content().journeys:
        assert journey.start_honor == 15, journey.id
        assert (journey.blocks.potential, journey.blocks.influence, journey.blocks.conviction) == (8, 8, 2)
        assert dict(journey.attributes) == {"S": 1, "K": 1, "I": 1}
        # the 21 blocks of spec 3.1
        assert 8 + 8 + 2 + sum(journey.attributes.values()) == 21


@pytest.mark.rule("VIN-DEC-15")
def test_one_journey_per_start_position_with_colours_cycling_from_knowledge():
    journeys = sorted(content().journeys, key=lambda j: j.start_position)
    assert [j.start_position for j in journeys] == list(range(1, 13))
    assert [j.id for j in journeys] == [f"J{n:02d}" for n in range(1, 13)]
    assert [j.companion_deck for j in journeys] == ["companion_K", "companion_S", "companion_I"] * 4
    assert journeys[0].title.en == "Thrown Overboard for Treachery"


@pytest.mark.rule("VIN-DEC-44")
def test_no_start_cards_are_the_on_join_and_negative_honor_companions():
    cards = content().cards
    flagged = {cid for cid, card in cards.items() if card.no_start}
    assert flagged == {"S08", "S09", "K08", "K12", "I06", "I10"}
    assert flagged == {cid for cid, card in cards.items() if card.deck.startswith("companion_")
                       and (card.ability.type == "on_join" or card.honor < 0)}


def test_characters_give_one_basic_point_wretched_and_two_vindicated():
    for character in content().characters:
        assert [e.to_data() for e in character.wretched] == [{"gain_attr": {"kind": "BASIC_ANY", "max": 1}}]
        assert [e.to_data() for e in character.vindicated] == [{"gain_attr": {"kind": "BASIC_ANY", "max": 2}}]


def test_module_tile_lists():
    module = content().module
    assert list(module.required) == REQUIRED
    assert list(module.selectable) == SELECTABLE
    assert (module.selection_size, module.villages_bag_size, module.rune_maps) == (21, 14, 6)
    assert [(s.id, s.kind, s.slots, s.hex_tile) for s in module.settlements] == [
        ("venfero_secret", "village", 5, "venfero_secret"), ("dobney_wish", "hamlet", 3, "dobney_wish"),
        ("tarcee_riddle", "hamlet", 3, "tarcee_riddle")]
    assert [r.id for r in module.runes] == ["benevolence", "ingenuity", "devotion", "leadership",
                                            "discipline", "zeal"]
    assert [(a.id, a.q, a.r) for a in module.isle_areas] == [("A1", 0, 0), ("A2", 1, 0), ("A3", 0, 1)]
    assert module.port_name.zh == "斯溫登陸港"


@pytest.mark.rule("VIN-DEC-61")
def test_selectable_pool_is_the_11_spare_base_tiles_and_the_10_module_regions():
    c = content()
    spare = FIRST_GAME_BAG - Counter(REQUIRED)
    assert sum(spare.values()) == 11
    module_pool = Counter(c.module.selectable) - spare
    assert Counter(c.module.selectable) == spare + module_pool
    assert sorted(module_pool) == sorted(set(MODULE_REGIONS) - set(REQUIRED))
    assert sum(module_pool.values()) == 10 and len(c.module.selectable) == 21


# -- regions ---------------------------------------------------------------------------------------

def effects_of(effects) -> list:
    return [e.to_data() for e in effects]


def test_base_regions_as_in_section_3_3():
    r = content().regions
    assert effects_of(r["fort"].effect) == [{"gain_attr": {"kind": "S", "max": 2}}]
    assert effects_of(r["library"].effect) == [{"gain_attr": {"kind": "K", "max": 2}}]
    assert effects_of(r["holy_spire"].effect) == [{"gain_attr": {"kind": "I", "max": 2}}]
    assert effects_of(r["command_post"].unit.cost) == [{"spend_attr": {"kind": "S", "n": 3}}]
    assert effects_of(r["command_post"].unit.effect) == [{"mount_up": {"n": 1}}]
    assert effects_of(r["monastery"].unit.cost) == [{"spend_attr": {"kind": "K", "n": 1}}]
    assert effects_of(r["monastery"].unit.effect) == [{"augment": {"max": 1, "step": "any"}}]
    assert effects_of(r["shrine"].unit.effect) == [{"return_from_companions": {"max": 2}}]
    assert r["gaping_maw"].requires == ("companions_at_least_1",)
    assert effects_of(r["gaping_maw"].effect) == [{"gain_card": {"deck": "monster", "initial_charge_min": 0}},
                                                  "monster_challenge"]
    assert effects_of(r["arcane_tower"].effect) == [{"gain_card": {"deck": "relic", "initial_charge_min": 1}},
                                                    {"charge_relics": {"max": 99}}]
    assert effects_of(r["academy"].effect) == [{"roll_attr_die": {"bonus_if_zero": True}}]
    assert r["inn"].choice == ("S", "K", "I")
    assert effects_of(r["inn"].effect) == [{"gain_card": {"deck": "companion_X", "initial_charge_min": 0}}]
    assert all(r[rid].controllable for rid in FIRST_GAME_BAG)


def test_module_regions_as_in_section_7_12():
    r = content().regions
    assert effects_of(r["temple_of_legends"].effect) == ["temple"]
    assert effects_of(r["fear_gauntlet"].effect) == [
        {"attr_check": {"required": 5, "per_hit": [], "on_pass": [{"gain_honor": {"n": 9}}]}}]
    assert effects_of(r["mausoleum"].effect) == [
        {"attr_check": {"required": 0, "per_hit": [{"augment": {"max": 1, "step": "inf_to_conv"}}],
                        "on_pass": []}}]
    assert r["wayfarers_stable"].requires == ("mount_below_5",)
    assert r["guildhouse"].choice == ("C", "W", "V")
    assert effects_of(r["guildhouse"].effect) == [{"take_proficiency": {"kind": "X", "cost": 0}}]
    for rid in MODULE_REGIONS:
        assert r[rid].copies == 1
        hexes = ("venfero_secret", "dobney_wish", "tarcee_riddle")
        assert r[rid].controllable == (rid not in hexes), rid
        assert r[rid].settlement == (rid if rid in hexes else None)


@needs_spec
def test_module_region_names_match_the_spec():
    regions = content().regions
    rows = spec_rows("### 7.12 Module regions", r"[a-z_]+")
    assert len(rows) == 14
    for cells in rows:
        assert (regions[cells[0]].name.en, regions[cells[0]].name.zh) == en_zh(cells[1])


def test_every_region_and_card_has_both_languages():
    c = content()
    for thing in list(c.regions.values()) + list(c.cards.values()):
        for name in (thing.name, thing.text):
            assert name.en.strip() and name.zh.strip(), thing.id
            assert re.search(r"[\u4e00-\u9fff]", name.zh), thing.id


# -- cards against the spec tables -----------------------------------------------------------------

def primitives(cell: str) -> list[str]:
    return re.findall(r"`([a-z_]+)\(", cell)


@needs_spec
def test_companions_match_section_7_3():
    cards = content().cards
    rows = spec_rows("### 7.3 Companions", r"[SKI]\d\d")
    assert len(rows) == 36
    for cid, name, honor, react, gains, kind, effect, ns in rows:
        card = cards[cid]
        assert (card.name.en, card.name.zh) == en_zh(name)
        assert (card.honor, card.reaction, card.no_start) == (int(honor), int(react), ns == "NS"), cid
        assert [(g.kind, g.max) for g in card.gains] == [(g[0], int(g[1:])) for g in gains.split()], cid
        assert card.ability.type == kind.split()[0], cid
        trigger = re.search(r"`([a-z_]+(?:\([a-z_]+\))?)", kind)
        assert card.ability.trigger == (trigger.group(1) if trigger else None), cid
        assert [e.primitive for e in card.ability.effect] == primitives(effect), cid


@needs_spec
def test_monsters_traits_and_relics_match_sections_7_4_to_7_6():
    cards = content().cards
    monsters = spec_rows("### 7.4 Monsters", r"C\d\d")
    traits = spec_rows("### 7.5 Traits", r"W\d\d")
    relics = spec_rows("### 7.6 Relics", r"V\d\d")
    assert (len(monsters), len(traits), len(relics)) == (12, 12, 12)
    for cid, name, honor, bonus in monsters:
        card = cards[cid]
        assert ((card.name.en, card.name.zh), card.honor) == (en_zh(name), int(honor))
        assert [e.primitive for e in card.end_bonus] == primitives(bonus), cid
    for cid, name, honor, kind, effect in traits:
        card = cards[cid]
        assert ((card.name.en, card.name.zh), card.honor) == (en_zh(name), int(honor))
        assert card.ability.type == kind.split()[0], cid
        trigger = re.search(r"`([^`]+)`", kind)
        assert card.ability.trigger == (trigger.group(1) if trigger else None), cid
        assert [e.primitive for e in card.ability.effect] == primitives(effect), cid
    for cid, name, honor, charges, effect in relics:
        card = cards[cid]
        assert ((card.name.en, card.name.zh), card.honor) == (en_zh(name), int(honor))
        assert (card.ability.type, card.ability.charges) == ("relic", int(charges)), cid
        assert [e.primitive for e in card.ability.effect] == primitives(effect), cid


def test_card_specific_parameters():
    cards = content().cards

    def ability(cid: str) -> list:
        return effects_of(cards[cid].ability.effect)

    assert ability("W02") == [{"gain_attr": {"kind": "same", "max": 1}}]
    assert ability("W04") == [{"cost_mod": {"region": "inn", "kind": "chosen_basic", "delta": -1,
                                            "duration": "visit"}}]
    assert ability("K12") == [{"take_proficiency": {"kind": "chosen_min_2", "cost": 2}}]
    assert ability("V12") == [{"roll_attr_die": {"bonus_if_zero": False}}, {"gain_honor": {"n": 1}}]
    assert ability("S07") == [{"prevent": {"event": "companion_death", "when": "self_is_elite"}}]
    assert ability("V03") == [{"prevent": {"event": "companion_death", "when": "always"}}]
    assert effects_of(cards["C01"].end_bonus) == [
        {"end_score": {"counter": "companions(K)", "per": 1, "max": 4}}]
    assert effects_of(cards["C02"].end_bonus) == [{"end_score_if": {"condition": "regions_controlled >= 3",
                                                                    "honor": 3}}]
    assert cards["C12"].end_bonus == ()


@needs_spec
def test_quests_match_section_7_8():
    quests = content().quests
    rows = spec_rows("### 7.8 Secret quests", r"Q\d\d")
    assert len(rows) == 12
    for qid, name, first, second in rows:
        quest = quests[qid]
        assert (quest.name.en, quest.name.zh) == en_zh(name)
        for objective, cell in zip(quest.objectives, (first, second)):
            condition, honor = re.fullmatch(r"`(.+)` → (\d+)", cell).groups()
            condition = condition.replace("≥", ">=").replace("any of ", "")
            assert (objective.condition, objective.honor) == (condition, int(honor)), qid


@needs_spec
def test_end_triggers_match_section_7_9():
    triggers = content().end_triggers
    rows = spec_rows("### 7.9 End-trigger cards", r"E\d\d")
    assert len(rows) == 12
    for eid, text, flags in rows:
        assert (triggers[eid].text.en, triggers[eid].text.zh) == en_zh(text)
        assert triggers[eid].multiplayer_only == ("multiplayer_only" in flags)


def test_end_trigger_conditions():
    t = content().end_triggers
    assert t["E07"].condition == ("vindicated",) and t["E07"].players_at_least == 2
    assert t["E07"].solo_condition == ("vindicated", "honor >= 50")
    assert t["E07"].solo_text.en == "You are vindicated and have 50 or more honor."
    assert t["E09"].board_full and t["E09"].parsed == ()
    assert [str(c) for c in t["E11"].parsed] == ["attr(C) >= 2", "attr(W) >= 2", "attr(V) >= 2"]
    assert all(not e.board_full for eid, e in t.items() if eid != "E09")
    assert [e.players_at_least for eid, e in t.items() if eid != "E07"] == [1] * 11


# -- broken files: file, line and field -------------------------------------------------------------

def broken(tmp_path: Path, name: str, old: str, new: str) -> tuple[Path, int]:
    """A copy of a content file with one change; returns it and the 1-based line of the change."""
    text = source(name)
    assert text.count(old) == 1, old
    path = tmp_path / name
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path, text[:text.index(old)].count("\n") + 1


def test_a_wrong_value_names_file_line_and_field(tmp_path: Path):
    path, line = broken(tmp_path, "companions.yaml", "    honor: 3\n    reaction: 1\n",
                        "    honor: 3\n    reaction: one\n")
    with pytest.raises(ContentError) as info:
        load_content(path, vc._CompanionsFile)
    error = info.value
    assert (error.file, error.line, error.field) == (str(path), line + 1, "cards[6].reaction")
    assert f"{path}, line {line + 1}, field cards[6].reaction" in str(error)


def test_a_repeated_id_is_reported_at_the_repeat(tmp_path: Path):
    path, line = broken(tmp_path, "regions.yaml", "  - id: library\n", "  - id: fort\n")
    with pytest.raises(ContentError) as info:
        load_content(path, vc._RegionsFile)
    assert (info.value.line, info.value.field) == (line, "regions[2].id")
    assert "duplicate id 'fort'" in str(info.value)


def test_a_card_in_the_wrong_file_is_refused(tmp_path: Path):
    path, line = broken(tmp_path, "traits.yaml", "  - id: W01\n    deck: trait\n",
                        "  - id: W01\n    deck: relic\n")
    with pytest.raises(ContentError) as info:
        load_content(path, vc._TraitsFile)
    assert (info.value.line, info.value.field) == (line + 1, "cards[0].deck")


def test_an_unknown_effect_parameter_and_trigger_are_refused(tmp_path: Path):
    path, line = broken(tmp_path, "relics.yaml", "effect: [{augment: {max: 2}}]",
                        "effect: [{augment: {most: 2}}]")
    with pytest.raises(ContentError) as info:
        load_content(path, vc._RelicsFile)
    assert (info.value.line, info.value.field) == (line, "cards[1].ability.effect[0].augment.most")
    path, line = broken(tmp_path, "traits.yaml", "trigger: move_start", "trigger: move_begin")
    with pytest.raises(ContentError) as info:
        load_content(path, vc._TraitsFile)
    assert info.value.field == "cards[2].ability" and "unknown trigger 'move_begin'" in str(info.value)


def test_an_end_trigger_condition_that_does_not_parse_is_refused(tmp_path: Path):
    path, line = broken(tmp_path, "end_triggers.yaml", '"attr(W) >= 2"', '"attr(Q) >= 2"')
    with pytest.raises(ContentError) as info:
        load_content(path, vc._EndTriggersFile)
    assert info.value.field == "end_triggers[10]" and "attr takes one of" in str(info.value)
    path, line = broken(tmp_path, "end_triggers.yaml", "    board_full: true\n", "")
    with pytest.raises(ContentError) as info:
        load_content(path, vc._EndTriggersFile)
    assert info.value.field == "end_triggers[8]" and "board_full" in str(info.value)


# -- cross-file references: check_content names the file -----------------------------------------

def cross_error(**changes) -> ContentError:
    with pytest.raises(ContentError) as info:
        check_content(dataclasses.replace(content(), **changes))
    return info.value


def test_unknown_tile_in_the_bag_names_board_yaml():
    c = content()
    bag = c.board_file.first_game_bag[:-1] + ("tavern",)
    error = cross_error(board_file=dataclasses.replace(c.board_file, first_game_bag=bag))
    assert (error.file, error.field) == ("resources/vindication/board.yaml", "board.first_game_bag[18]")
    assert "tavern" in str(error)


def test_more_bag_tiles_than_copies_names_board_yaml():
    c = content()
    bag = ("inn",) + c.board_file.first_game_bag[1:]  # a 4th inn for the first fort
    error = cross_error(board_file=dataclasses.replace(c.board_file, first_game_bag=bag))
    assert error.file == "resources/vindication/board.yaml" and "only 3 exist" in str(error)


def test_module_lists_are_checked_against_regions_and_counts():
    c = content()
    module = dataclasses.replace(c.module, required=c.module.required[:-1] + ("tarcee_riddles",))
    error = cross_error(module=module)
    assert (error.file, error.field) == ("resources/vindication/villages_hamlets.yaml", "module.required[11]")
    error = cross_error(module=dataclasses.replace(c.module, selectable=c.module.selectable[:-1]))
    assert error.file == "resources/vindication/villages_hamlets.yaml" and "selection_size" in str(error)
    settlements = (dataclasses.replace(c.module.settlements[0], hex_tile="fort"),) + c.module.settlements[1:]
    error = cross_error(module=dataclasses.replace(c.module, settlements=settlements))
    assert error.file == "resources/vindication/villages_hamlets.yaml"
    assert "settlement: venfero_secret" in str(error)


def test_journeys_must_cover_every_start_position():
    error = cross_error(journeys=content().journeys[:-1])
    assert error.file == "resources/vindication/journeys.yaml" and "1..12" in str(error)


def test_card_cross_references_name_the_card_file():
    c = content()
    cards = dict(c.cards)
    bad_region = VIN.parse(
        [{"cost_mod": {"region": "gaping_mouth", "kind": "C", "delta": -1, "duration": "turn"}}], "test")
    cards["S03"] = dataclasses.replace(c.cards["S03"], ability=dataclasses.replace(c.cards["S03"].ability,
                                                                                  effect=bad_region))
    error = cross_error(cards=cards)
    assert error.file == "resources/vindication/companions.yaml"
    assert error.field == "cards[2].ability.effect[0]"
    cards = dict(c.cards)
    cards["K09"] = dataclasses.replace(c.cards["K09"], ability=vc.Ability(
        type="whenever", trigger="visit(abbey)", effect=c.cards["K09"].ability.effect))
    error = cross_error(cards=cards)
    assert error.file == "resources/vindication/companions.yaml" and "visit(abbey)" in str(error)
    decks = dict(c.decks, relic=c.decks["relic"] + ("V01",))
    error = cross_error(decks=decks)
    assert error.file == "resources/vindication/relics.yaml" and "V01 is used twice" in str(error)
    decks = dict(c.decks, monster=c.decks["monster"][:-1] + ("M12",))
    error = cross_error(decks=decks)
    assert error.file == "resources/vindication/monsters.yaml" and "starting with 'C'" in str(error)


def test_quest_counters_naming_regions_are_checked():
    c = content()
    q07 = c.quests["Q07"]
    objectives = (q07.objectives[0], vc.Objective("controls(inn, tavern)", 3))
    error = cross_error(quests=dict(c.quests, Q07=dataclasses.replace(q07, objectives=objectives)))
    assert error.file == "resources/vindication/quests.yaml"
    assert error.field == "quests[6].objectives[1].condition"
    q08 = c.quests["Q08"]
    objectives = (q08.objectives[0], vc.Objective("token_touches(R20)", 2))
    error = cross_error(quests=dict(c.quests, Q08=dataclasses.replace(q08, objectives=objectives)))
    assert error.file == "resources/vindication/quests.yaml" and "R20" in str(error)
