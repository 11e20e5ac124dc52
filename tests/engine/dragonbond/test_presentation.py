"""Dragonbond on the generic table (`Game.board_layout`, `Game.table`, `Game.command_touches`; the
contract of `engine.core.table`): Valerna drawn from map.yaml, each seat's table built from its view
alone, and what a player touches to give each command."""
from __future__ import annotations

import json
import re
from collections import Counter

import pytest

from engine.core import LANGUAGES, Command, Match, Rng, weighted_choice
from engine.core.table import layout_problems, table_problems
from engine.dragonbond.content import content
from engine.dragonbond.game import GAME
from gui.controller.touches import TouchSelection, look_alikes

from .scenario import board, play, started

MODES = (("humans1", 1), ("humans2", 2), ("humans3", 3), ("humans4", 4))
EVERY = 6                 # check every 6th state of a walked game


def layouts(match: Match) -> dict[str, dict]:
    return {language: GAME.board_layout(match.config, language) for language in LANGUAGES}


def touchables(table: dict, layout: dict, seat: int) -> set[str]:
    """Every id a gesture of ``seat`` may name: the spaces, the pieces, the shared items and the
    items of its own board."""
    found = {space["id"] for space in layout["spaces"]}
    for mark in table["spaces"].values():
        found |= {piece["id"] for piece in mark.get("pieces", ()) if "id" in piece}
    zones = [z for b in table["boards"] if b["seat"] == seat for z in b["zones"]] + table["shared"]
    for zone in zones:
        found |= {item["id"] for item in zone.get("items", ())}
    return found


def walk(mode: str, players: int, seed: int, steps: int = 260):
    """A seeded game played by random legal commands, state by state."""
    match = Match.new("dragonbond", players, mode=mode, seed=seed)
    rng = Rng(seed, stream=7)
    for step in range(steps):
        if match.state.is_terminal():
            break
        yield step, match
        legal = match.state.legal()
        match.apply(weighted_choice(rng, legal, [GAME.random_weight(c) for c in legal]))


def _strings(value) -> str:
    return json.dumps(value, ensure_ascii=False)


def _zone(table: dict, zone_id: str, seat: int | None = None) -> dict:
    zones = table["shared"] if seat is None else next(b for b in table["boards"] if b["seat"] == seat)["zones"]
    return next(z for z in zones if z["id"] == zone_id)


# -- the layout --------------------------------------------------------------------------------------------

def test_valerna_is_twelve_regions_with_their_names_city_sites_and_ridges_in_both_languages():
    match = started(("elyse",))
    valerna = content().map
    drawn = {language: GAME.board_layout(match.config, language) for language in LANGUAGES}
    for language, layout in drawn.items():
        assert layout_problems(layout) == [], language
        assert layout["scale"] == 1
        assert [s["id"] for s in layout["spaces"]] == list(valerna.order)
        assert all(s["shape"] == "polygon" for s in layout["spaces"])
        sites = {s["id"] for s in layout["spaces"] if s.get("exits")}
        assert sites == {r for r in valerna.order if valerna.regions[r].city_site}
        ridges = {frozenset(map(tuple, b["points"])) for b in layout["borders"]}
        assert ridges == {frozenset(b.edge) for b in valerna.mountain_borders}
        assert all(b["look"] == "dark" and b["width"] > 2 for b in layout["borders"])
        assert len(layout["labels"]) == 12
    def geometry(layout: dict) -> list[dict]:
        return [{k: v for k, v in s.items() if k not in ("name", "exits")} for s in layout["spaces"]]
    assert geometry(drawn["en"]) == geometry(drawn["zh_TW"])
    en = {s["id"]: s for s in drawn["en"]["spaces"]}
    assert en["silverwood"]["name"] == "Silverwood"
    assert en["allarian_crownlands"]["name"] == "Allarian Crownlands (city site)"
    assert {label["text"] for label in drawn["zh_TW"]["labels"]} >= {"銀木林", "艾拉瑞亞王畿"}
    assert drawn["zh_TW"]["spaces"][0]["exits"][0]["text"] == "城市建地"


def test_a_border_is_checked_as_part_of_the_layout():
    layout = GAME.board_layout(started(("elyse",)).config, "en")
    layout["borders"][0]["look"] = "rainbow"
    layout["borders"][1]["points"] = [[1, 2]]
    problems = {p.path for p in layout_problems(layout)}
    assert ("borders", 0, "look") in problems and ("borders", 1, "points") in problems


# -- tables through whole games ----------------------------------------------------------------------------

@pytest.mark.parametrize("mode,players", MODES)
def test_every_seat_sees_a_table_that_fits_the_contract_and_every_command_has_its_gesture(mode, players):
    """For every seat and language at many states: the table fits the contract and names only the
    layout's spaces; every legal command of the deciding seat touches things that seat's table shows
    (or none: a button), and no two commands share one complete gesture: answers that differ only in
    numbers (a Vaala card's payments, an effect's units in one region) stay in the Decision panel. A
    decision shown in the public view (`Game.needs_own_view`) is touched on the public table."""
    touched, buttons, publicly = Counter(), Counter(), Counter()
    for seed in (1, 2):
        match = Match.new("dragonbond", players, mode=mode, seed=seed)
        drawn = layouts(match)
        for step, match in walk(mode, players, seed):
            if step % EVERY == 0:
                for seat in range(players):
                    view = match.state.view(seat)
                    for language, layout in drawn.items():
                        assert table_problems(GAME.table(view, language), layout) == [], (seed, step, seat, language)
            elif match.state.prompt.kind == "plan_turn" and step % 3:
                continue
            seat = match.state.deciders()[0]
            view = match.state.view(seat)
            table = GAME.table(view, "en")
            known = touchables(table, drawn["en"], seat)
            same = look_alikes(table)
            gestures: dict[tuple[str, ...], list[str]] = {}
            for command in match.state.legal(seat):
                touches = GAME.command_touches(command, view)
                assert set(touches) <= known, (str(command), set(touches) - known)
                words = str(command.by(None))
                what = command.verb if command.verb != "answer" else f"answer {words.split(' ')[1].split('/')[0]}"
                if not touches:
                    buttons[what] += 1
                    continue
                touched[what] += 1
                gestures.setdefault(tuple(sorted(same.get(t, t) for t in touches)), []).append(words)
            assert all(len(commands) == 1 for commands in gestures.values()), gestures
            if not GAME.needs_own_view(view):       # shown in the public view: touched there alike
                public = match.state.view(None)
                shown = touchables(GAME.table(public, "en"), drawn["en"], seat)
                for command in match.state.legal(seat):
                    touches = GAME.command_touches(command, public)
                    assert set(touches) <= shown, (str(command), set(touches) - shown)
                    publicly[bool(touches)] += 1
    assert touched["place"] and len([k for k in touched if k.startswith("answer ")]) >= 4, touched
    assert publicly[True] and publicly[False], publicly
    assert buttons["pass"] and not any(k in buttons for k in ("place", "answer fly", "answer deploy")), buttons


@pytest.mark.rule("DRG-HIDDEN-2", "DRG-HIDDEN-3", "DRG-HIDDEN-5")
@pytest.mark.parametrize("mode,players", (("humans2", 2), ("humans4", 4)))
def test_no_table_changes_with_what_its_seat_cannot_see(mode, players):
    """What is drawn, labelled and hovered for a seat is the same in every state the seat cannot tell
    apart from this one (its unknowns dealt again), in both languages."""
    checked = 0
    for step, match in walk(mode, players, seed=3, steps=200):
        if step % 20:
            continue
        state = match.state.data
        for seat in range(players):
            tables = {language: GAME.table(GAME.view(state, seat), language) for language in LANGUAGES}
            other = GAME.resample_hidden(state, seat, Rng(step, stream=seat))
            for language, table in tables.items():
                assert GAME.table(GAME.view(other, seat), language) == table, (step, seat, language)
            checked += 1
    assert checked >= 3 * players


# -- hidden cards ----------------------------------------------------------------------------------------

@pytest.mark.rule("DRG-HIDDEN-3")
def test_a_face_down_stack_card_of_another_seat_shows_neither_its_id_nor_its_name_nor_its_words():
    state = started(("elyse", "nagasha"), first=0)
    play(state, "0: place ely_a2")
    play(state, "1: place nag_a3")
    c = content()
    for language in LANGUAGES:
        theirs = GAME.table(GAME.view(state.data, 1), language)
        stack = _zone(theirs, "stack_zone")
        elyse = next(i for i in stack["items"] if "Elyse" in i["title"] or "艾莉絲" in i["title"])
        assert elyse["face_up"] is False and elyse["id"].startswith("stack.")
        words = _strings(theirs)
        name = c.action_cards["ely_a2"].name
        assert "ely_a2" not in words and name.en not in words and name.zh_TW not in words
        mine = _zone(GAME.table(GAME.view(state.data, 0), language), "stack_zone")
        own = next(i for i in mine["items"] if i["face_up"] and i["id"] != "stack")
        assert (name.en if language == "en" else name.zh_TW) in own["title"] and own["text"]


@pytest.mark.rule("DRG-HIDDEN-2")
def test_each_seat_reads_its_own_cards_and_only_counts_of_the_others():
    state = started(("elyse", "nagasha"), first=0)
    play(state, "0: place ely_a2")
    mine = GAME.table(GAME.view(state.data, 0), "en")
    hand = _zone(mine, "elyse:hand", 0)
    assert hand["hand"] and "Royal Advance" in [i["title"] for i in hand["items"]]
    assert "ely_a1" in [i["id"] for i in hand["items"]]
    assert next(i for i in hand["items"] if i["id"] == "ely_a1")["text"].endswith("Move · Attack")
    theirs = GAME.table(GAME.view(state.data, 1), "en")
    hand = _zone(theirs, "elyse:hand", 0)
    assert hand["items"] == [] and hand["count"] == len(board(state, "elyse")["hand"])
    assert "Royal Advance" not in _strings(theirs)
    assert "action cards" in hand["tip"]


def test_ai_characters_lie_with_the_shared_zones_and_their_pieces_belong_to_no_seat():
    state = started(("elyse",))
    table = GAME.table(GAME.view(state.data, 0), "en")
    assert [b["seat"] for b in table["boards"]] == [0]
    ais = {z["id"] for z in table["shared"] if z["id"].startswith("ai.")}
    assert ais == {"ai.nagasha", "ai.adrael", "ai.ferellon"}
    adrael = _zone(table, "ai.adrael")
    assert "AI" in adrael["title"] and any(i["title"] == "AI deck" for i in adrael["items"]) and adrael["tip"]
    start = content().characters["adrael"].start_region
    figure = next(p for p in table["spaces"][start]["pieces"] if p.get("id") == "adrael")
    assert figure["owner"] is None and figure["look"] == "danger" and figure["kind"] == "figure"
    stacks = [p for p in table["spaces"][start]["pieces"] if p.get("id", "").startswith("adrael.")]
    assert stacks and all(p["owner"] is None and p["same"] == f"adrael@{start}" for p in stacks)
    elyse = next(p for p in table["spaces"]["allarian_crownlands"]["pieces"]
                 if p.get("id") == "elyse.infantry@allarian_crownlands")
    assert elyse["owner"] == 0 and elyse["label"] == "I" and elyse["count"] >= 1


def test_a_region_shows_its_controller_its_power_its_neutral_units_and_a_dragons_health():
    state = started(("elyse", "nagasha"), first=0)
    data = state.data
    data["regions"]["willow_fords"].update(neutral=0, power=2, city="elyse")
    data["regions"]["willow_fords"]["units"]["elyse"] = {"infantry": 2, "cavalry": 0, "ranged": 1}
    table = GAME.table(GAME.view(data, 1), "en")
    mark = table["spaces"]["willow_fords"]
    assert mark["owner"] == 0 and "Controlled by Elyse (Player 1)" in mark["tip"]
    assert "2 power tokens" in mark["tip"] and "City of Elyse" in mark["tip"]
    labels = Counter((p["kind"], p.get("label"), p.get("count", 1)) for p in mark["pieces"])
    assert labels[("token", "I", 2)] == 1 and labels[("token", "R", 1)] == 1 and labels[("marker", "P", 2)] == 1
    silverwood = table["spaces"]["silverwood"]
    assert silverwood["owner"] is None and silverwood["fill"] != "plain"
    assert any(p.get("id") == "neutral@silverwood" for p in silverwood["pieces"])
    nagasha = next(p for p in table["spaces"][board(state, "nagasha")["region"]]["pieces"] if p.get("id") == "nagasha")
    health = board(state, "nagasha")["health"]
    assert nagasha["label"] == f"N{health}" and f"Health {health}/" in nagasha["tip"] and nagasha["owner"] == 1


def test_the_stack_is_a_pile_to_drop_on_even_when_empty_and_the_status_names_who_decides():
    state = started(("elyse", "nagasha"), first=0)
    table = GAME.table(GAME.view(state.data, 0), "en")
    stack = _zone(table, "stack_zone")
    assert stack["items"][0]["id"] == "stack"
    assert [i["id"] for i in stack["items"][1:]] == [f"stack.{i}" for i in range(len(state.data["stack"]))]
    assert "Round 1" in table["status"] and "Player 1 (you) plans (Elyse)" in table["status"]
    assert table["tracks"][0]["id"] == "round" and table["tracks"][0]["value"] == 1
    market = _zone(table, "market")
    assert [i["id"] for i in market["items"]] == list(state.data["market"])
    assert all(i["text"] for i in market["items"])
    decks = _zone(table, "decks")
    region_deck = next(i for i in decks["items"] if i["id"] == "deck.region")
    assert region_deck["face_up"] and "Silverwood region card" in region_deck["text"]   # DRG-HIDDEN-7


def test_the_chinese_table_has_no_english_words_in_its_titles():
    latin = re.compile(r"[A-Za-z]{2,}")
    allowed = {"AI"}
    for step, match in walk("humans2", 2, seed=4, steps=150):
        if step % 25:
            continue
        table = GAME.table(match.state.view(0), "zh_TW")
        titles = [table["status"]] + [t["title"] for t in table["tracks"]]
        for board_ in table["boards"]:
            titles += [board_["title"], board_["score"]] + list(board_["notes"])
        zones = table["shared"] + [z for b in table["boards"] for z in b["zones"]]
        titles += [z["title"] for z in zones] + [i["title"] for z in zones for i in z["items"]]
        titles += [mark["tip"] for mark in table["spaces"].values()]
        words = {w for title in titles for w in latin.findall(title)} - allowed
        assert not words, (step, sorted(words)[:8])


# -- what a command touches --------------------------------------------------------------------------------

def _touches(state, text: str, seat: int = 0, view: dict | None = None) -> tuple[str, ...]:
    return GAME.command_touches(Command.parse(text), view or GAME.view(state.data, seat))


def _waiting(state, seat: int, kind: str, options: list[str]) -> dict:
    """The seat's view with a decision of ``kind`` pending (how the view shows one)."""
    view = GAME.view(state.data, seat)
    view["effects"] = [{"primitive": "icon", "waiting": True, "pause": {"kind": kind, "options": options},
                        "seat": seat}]
    return view


def test_placing_drops_a_card_on_the_stack_and_passing_is_a_button():
    state = started(("elyse", "nagasha"), first=0)
    assert _touches(state, "0: place ely_a2") == ("ely_a2", "stack")
    assert _touches(state, "0: pass") == () and _touches(state, "0: pass to=1") == ()
    assert GAME.is_turn_end(Command.parse("0: pass")) and not GAME.is_turn_end(Command.parse("0: pass to=1"))
    assert not GAME.is_panel_action(Command.parse("0: place ely_a2"), GAME.view(state.data, 0))
    assert GAME.describe_command(Command.parse("0: pass to=1"), "en") == \
        "Pass and give the first-player marker to Player 2"


def test_answers_touch_what_they_name_and_words_stay_buttons():
    state = started(("elyse", "nagasha"), first=0)
    data = state.data
    data["regions"]["willow_fords"]["units"]["elyse"] = {"infantry": 1, "cavalry": 0, "ranged": 0}
    nagasha_at = board(state, "nagasha")["region"]
    data["boards"]["nagasha"]["vaala_hand"] = ["nag_v2"]
    cases = {
        ("icon_move", "move/allarian_crownlands/silverwood"): ("elyse", "silverwood"),
        ("icon_move", "move/willow_fords/highpass"): ("elyse.infantry@willow_fords", "highpass"),
        ("icon_deploy", "deploy/cavalry@willow_fords"): ("pool.cavalry", "willow_fords"),
        ("icon_reinforce", "reinforce/ranged"): ("pool.ranged",),
        ("icon_collect", "collect/willow_fords"): ("willow_fords",),
        ("icon_upgrade", f"upgrade/{data['market'][0]}"): (data["market"][0],),
        ("icon_move_pieces", "on/highpass"): ("highpass",),
        ("choose_retreat_region", "golden_fields"): ("golden_fields",),
        ("effect_choice", "golden_fields/infantry.2"): ("golden_fields",),
        ("effect_choice", "golden_fields"): ("golden_fields",),
        ("effect_choice", "nagasha"): ("nagasha",),
        ("icon_vaala", "draw"): ("vaala_deck.elyse",),
    }
    for (kind, answer), touched in cases.items():
        view = _waiting(state, 0, kind, [answer])
        assert _touches(state, f"0: answer {answer}", view=view) == touched, answer
    for kind, answer in (("heal_or_execute", "heal"), ("counter_or_retreat", "retreat"), ("oath_reroll", "reroll"),
                         ("icon_move_pieces", "infantry.2"), ("icon_move_pieces", "stay"),
                         ("attack_approach", "willow_fords.infantry.1"), ("allocate_damage", "lose/infantry.1"),
                         ("effect_choice", "neutral.1"), ("effect_choice", "figure+infantry.1"),
                         ("optional_icon", "decline"), ("combat_vaala", "decline")):
        view = _waiting(state, 0, kind, [answer])
        assert _touches(state, f"0: answer {answer}", view=view) == (), answer
    fly = _waiting(state, 1, "icon_fly", ["fly/golden_fields/willow_fords", "fly/sunken_ruins"])
    assert _touches(state, "1: answer fly/golden_fields/willow_fords", view=fly) == ("nagasha", "willow_fords")
    assert _touches(state, "1: answer fly/sunken_ruins/willow_fords", view=fly) == ("nagasha", "willow_fords")
    cast = _waiting(state, 1, "icon_vaala", ["cast/nag_v2/pay/own.1"])
    assert _touches(state, "1: answer cast/nag_v2/pay/own.1", view=cast) == ("nag_v2",)
    payments = _waiting(state, 1, "icon_vaala", ["cast/nag_v2/pay/own.1", "cast/nag_v2/pay/ally.1"])
    assert _touches(state, "1: answer cast/nag_v2/pay/ally.1", view=payments) == ()     # a row of numbers
    groups = _waiting(state, 0, "effect_choice", ["golden_fields/infantry.2", "golden_fields/cavalry.2"])
    assert _touches(state, "0: answer golden_fields/cavalry.2", view=groups) == ()
    assert nagasha_at


def test_an_attack_names_the_target_only_when_the_region_holds_more_than_one():
    state = started(("elyse", "nagasha"), first=0)
    data = state.data
    here = board(state, "nagasha")["region"]
    data["regions"][here]["neutral"] = 1
    data["regions"][here]["units"]["elyse"] = {"infantry": 1, "cavalry": 0, "ranged": 0}
    both = [f"attack/{here}/neutral", f"attack/{here}/elyse"]
    view = _waiting(state, 1, "icon_attack", both)
    assert _touches(state, f"1: answer attack/{here}/neutral", view=view) == (here, f"neutral@{here}")
    assert _touches(state, f"1: answer attack/{here}/elyse", view=view) == (here, f"elyse.infantry@{here}")
    alone = _waiting(state, 1, "icon_attack", [f"attack/{here}/neutral"])
    assert _touches(state, f"1: answer attack/{here}/neutral", view=alone) == (here,)


def test_an_ai_tie_moves_the_ai_whose_pieces_stand_there():
    state = started(("nagasha",))
    data = state.data
    start = content().characters["adrael"].start_region
    option = f"move/{start}/iron_hills/infantry.1+figure"
    view = _waiting(state, 0, "ai_tie", [option, f"move/{start}/saltmere/infantry.1+figure"])
    assert _touches(state, f"0: answer {option}", view=view) == ("adrael", "iron_hills")
    assert data["boards"]["adrael"]["seat"] is None


def _public(state, seat: int, kind: str) -> dict:
    """The public view (a shared screen) with ``seat``'s decision of ``kind`` pending: its options
    are hidden there (views.py)."""
    view = GAME.view(state.data, None)
    view["effects"] = [{"primitive": kind, "waiting": True, "pause": {"kind": kind, "options": "hidden"},
                        "seat": seat}]
    return view


def _gestures(view: dict, answers: list[str], seat: int = 0) -> TouchSelection:
    offers = [(a, GAME.command_touches(Command("answer", (a,), (), seat), view)) for a in answers]
    return TouchSelection(offers, look_alikes(GAME.table(view, "en")))


def test_an_ais_tied_fly_paths_to_one_region_are_told_apart_by_the_path_on_every_table():
    """An AI dragon's tied shortest paths (``ai_tie``, rules/ai.py ``fly_options``) may end in one
    region; they are different answers, so a touch of each region of the path picks one — on the
    proxy's own table and on the public one, where the options are hidden (no menu either way)."""
    state = started(("elyse", "nagasha"), first=0)
    state.data["boards"]["ferellon"]["region"] = "highpass"
    paths = ["fly/willow_fords/golden_fields", "fly/sunken_ruins/golden_fields"]
    for view in (_waiting(state, 0, "ai_tie", paths), _public(state, 0, "ai_tie")):
        assert [_touches(state, f"0: answer {p}", view=view) for p in paths] == [
            ("ferellon", "willow_fords", "golden_fields"), ("ferellon", "sunken_ruins", "golden_fields")]
        selection = _gestures(view, paths)
        assert selection.touch("ferellon").play is None
        dropped = selection.touch("golden_fields")                # the dragon dropped on the region
        assert dropped.play is None and not dropped.ask and {"willow_fords", "sunken_ruins"} <= dropped.lit
        assert selection.touch("sunken_ruins").play == paths[1]
    apart = _waiting(state, 0, "ai_tie", ["fly/willow_fords", "fly/sunken_ruins"])
    assert _touches(state, "0: answer fly/sunken_ruins", view=apart) == ("ferellon", "sunken_ruins")


def test_an_ai_generals_tied_attacks_from_two_armies_are_told_apart_by_where_the_army_comes_from():
    """An AI general whose two armies tie (rules/ai.py ``general_attack_options``: as many units in
    two regions, none where it attacks) attacks one target from either: its army's piece where it
    comes from picks the answer — a drag of that stack onto the combat region (and, on the public
    table where the options are hidden, the target too) — never a menu."""
    state = started(("elyse", "nagasha"), first=0)
    data = state.data
    gf, wf, sr = "golden_fields", "willow_fords", "sunken_ruins"
    for region in (wf, sr):
        data["regions"][region]["units"]["adrael"] = {"infantry": 2, "cavalry": 0, "ranged": 0}
    data["regions"][gf]["neutral"] = 1
    assert data["boards"]["adrael"]["region"] not in (gf, wf, sr)
    options = [f"attack/{gf}/neutral/{wf}.infantry.2", f"attack/{gf}/neutral/{sr}.infantry.2"]
    own, public = _waiting(state, 0, "ai_tie", options), _public(state, 0, "ai_tie")
    assert [_touches(state, f"0: answer {o}", view=own) for o in options] == [
        (gf, f"adrael.infantry@{wf}"), (gf, f"adrael.infantry@{sr}")]
    assert [_touches(state, f"0: answer {o}", view=public) for o in options] == [
        (gf, f"neutral@{gf}", f"adrael.infantry@{wf}"), (gf, f"neutral@{gf}", f"adrael.infantry@{sr}")]
    selection = _gestures(own, options)
    assert f"adrael.infantry@{sr}" in selection.draggable() and gf in selection.drop_targets(f"adrael.infantry@{sr}")
    assert selection.touch(f"adrael.infantry@{sr}").play is None
    assert selection.touch(gf).play == options[1]
    selection = _gestures(public, options)
    for thing in (f"adrael.infantry@{wf}", gf):
        assert selection.touch(thing).play is None
    assert selection.touch(f"neutral@{gf}").play == options[0]
    alone = _waiting(state, 0, "ai_tie", options[:1])                 # one army: the region is enough
    assert _touches(state, f"0: answer {options[0]}", view=alone) == (gf,)


def test_touching_any_piece_of_the_mover_then_the_destination_plays_the_move():
    """The GUI's touch selection with the table's look-alike pieces: the general's cavalry stands for
    its forces in the region as well as its figure does."""
    state = started(("elyse", "nagasha"), first=0)
    data = state.data
    data["regions"]["allarian_crownlands"]["units"]["elyse"] = {"infantry": 1, "cavalry": 2, "ranged": 0}
    options = ["move/allarian_crownlands/silverwood", "move/allarian_crownlands/willow_fords"]
    view = _waiting(state, 0, "icon_move", options)
    table = GAME.table(view, "en")
    offers = [(o, GAME.command_touches(Command("answer", (o,), (), 0), view)) for o in options]
    selection = TouchSelection(offers, look_alikes(table))
    assert "elyse.cavalry@allarian_crownlands" in selection.lit()
    assert selection.touch("elyse.cavalry@allarian_crownlands").play is None
    assert selection.touch("willow_fords").play == "move/allarian_crownlands/willow_fords"


def test_setup_offers_the_characters_left_on_every_table_even_the_public_one():
    """Which characters are still free is public (DRG-SETUP-2): the pick needs no hand-over, so the
    public view shows them for the deciding seat to touch."""
    match = Match.new("dragonbond", 2, mode="humans2", seed=1)
    public = GAME.table(match.state.view(None), "en")
    draft = _zone(public, "draft")
    assert [i["id"] for i in draft["items"]] == [f"draft.{c}" for c in content().seating_default]
    assert GAME.command_touches(Command.parse("0: answer adrael"), match.state.view(None)) == ("draft.adrael",)
    assert [b["title"] for b in public["boards"]] == ["No character yet"] * 2
    match.apply(Command.parse("0: answer adrael"))
    left = [i["id"] for i in _zone(GAME.table(match.state.view(1), "en"), "draft")["items"]]
    assert "draft.adrael" not in left and len(left) == 3


def test_in_the_public_view_the_deciding_seats_pool_is_what_it_touches():
    state = started(("elyse", "nagasha"), first=0)
    view = GAME.view(state.data, None)
    view["effects"] = [{"primitive": "icon", "waiting": True, "pause": {"kind": "icon_deploy", "options": "hidden"},
                        "seat": 0}]
    table = GAME.table(view, "en")
    pool = _zone(table, "elyse:pool", 0)
    assert [i["id"] for i in pool["items"]] == ["pool.infantry", "pool.cavalry", "pool.ranged"]
    assert GAME.command_touches(Command.parse("0: answer deploy/cavalry@willow_fords"), view) == (
        "pool.cavalry", "willow_fords")
    here = board(state, "nagasha")["region"]
    state.data["regions"][here]["neutral"] = 1
    attack = Command.parse(f"1: answer attack/{here}/neutral")
    view["effects"][0].update(seat=1, pause={"kind": "icon_attack", "options": "hidden"})
    assert GAME.command_touches(attack, GAME.view(state.data, None) | {"effects": view["effects"]}) == (
        here, f"neutral@{here}")                        # the options unseen: the target is touched too


def test_the_character_whose_card_resolves_is_highlighted_on_the_map_and_named_in_the_status() -> None:
    """Execution one watches (issue 14): the revealed card's owner stands in a region drawn with a
    band, and the status names who resolves which card; in planning nothing is banded."""
    import random

    from engine.core.match import Match
    from engine.dragonbond.content import content
    match, rng = Match.new("dragonbond", 2, mode="humans2", seed=3), random.Random(2)
    table = match.game.table(match.state.view(0), "en")
    assert not any(mark["looks"] for mark in table["spaces"].values())
    data = match.state.data
    while data["phase"] != "execution" or not data["stack"] or not data["stack"][0]["revealed"]:
        match.apply(rng.choice(match.state.legal()))
        data = match.state.data
    owner = data["stack"][0]["owner"]
    for seat in (0, 1, None):
        table = match.game.table(match.state.view(seat), "en")
        banded = [region for region, mark in table["spaces"].items() if mark["looks"]]
        assert banded == [data["boards"][owner]["region"]]
        name = content().characters[owner].name.en
        assert f"{name} resolves " in table["status"], table["status"]
