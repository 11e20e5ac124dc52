"""Nemesis on the generic table (`Game.board_layout`, `Game.table`, `Game.command_touches`; the contract
of `engine.core.table`): the Facility drawn from board_basic.yaml, each seat's table built from its view
alone, and what a player touches to give each command."""
from __future__ import annotations

import json
from collections import Counter

import pytest

from engine.bots import bot_rng, make_bot
from engine.core import LANGUAGES, Command, Match, Rng
from engine.core.table import layout_problems, table_problems
from engine.nemesis.content import content
from engine.nemesis.game import GAME
from gui.controller.touches import TouchSelection
from tests.engine.nemesis.scenario import (
    add_intruder,
    cards,
    data,
    explore_all,
    give,
    hold,
    in_tile,
    place,
    started,
    turn_of,
)

MODES = (("solo", 1), ("standard", 3), ("standard", 5), ("coop", 2))
TIE_LIMIT = 12            # commands one gesture may leave the GUI to ask about
EVERY = 8                 # check every 8th state of a walked game


def layouts(match: Match) -> dict[str, dict]:
    return {language: GAME.board_layout(match.config, language) for language in LANGUAGES}


def touchables(table: dict, layout: dict) -> set[str]:
    """Every id a gesture may name: the layout's spaces, the pieces, the items of the boards and
    the shared zones."""
    found = {space["id"] for space in layout["spaces"]}
    for mark in table["spaces"].values():
        found |= {piece["id"] for piece in mark.get("pieces", ()) if "id" in piece}
    for zone in [z for board in table["boards"] for z in board["zones"]] + table["shared"]:
        found |= {item["id"] for item in zone.get("items", ())}
    return found


def walk(mode: str, players: int, seed: int, steps: int = 300):
    """A seeded game played by bots (random and heuristic seats alternating), state by state."""
    match = Match.new("nemesis", players, mode=mode, seed=seed)
    bots = {s: make_bot("heuristic" if (s + seed) % 2 else "random", match.game) for s in range(players)}
    rngs = {s: bot_rng(seed, s) for s in range(players)}
    for step in range(steps):
        if match.state.is_terminal():
            break
        yield step, match
        seat = match.state.deciders()[0]
        match.apply(bots[seat].choose(match.state.view(seat), match.state.legal(seat), rngs[seat]))
    yield steps, match


# -- the layout --------------------------------------------------------------------------------------------

def test_the_facility_layout_fits_the_contract_in_both_languages():
    match = started(2)
    drawn = layouts(match)
    board = content().board
    for language, layout in drawn.items():
        assert layout_problems(layout) == [], language
        assert layout["scale"] == 1
        ids = [space["id"] for space in layout["spaces"]]
        assert len(ids) == len(set(ids))
        others = {"TECH", "S01", "S02", "S03", "ELEVATOR", "BUNKER", "GATE", "T0", "T15", "CSS13"}
        assert set(board.rooms) | set(board.corridors) | others <= set(ids)
    en, zh = drawn["en"], drawn["zh_TW"]
    def geometry(layout: dict) -> list[dict]:
        return [{k: v for k, v in s.items() if k not in ("name", "label", "exits")} for s in layout["spaces"]]
    assert geometry(en) == geometry(zh)
    assert all(any("\u4e00" <= ch <= "\u9fff" for ch in s["name"]) for s in zh["spaces"])
    rooms = {s["id"]: s for s in en["spaces"] if s["id"] in board.rooms}
    assert rooms["R001"]["label"] == "001" and rooms["REP"]["name"] == "Repository"
    assert all(room["shape"] == "rect" and room["w"] == 150 and room["h"] == 100 for room in rooms.values())


def _inside(point, rect, margin: float = 0.0) -> bool:
    x, y, w, h = rect
    return x - margin <= point[0] <= x + w + margin and y - margin <= point[1] <= y + h + margin


def _crosses(a, b, rect) -> bool:
    """Whether the segment a-b passes through the inside of a rectangle (sampled)."""
    x, y, w, h = rect
    for k in range(1, 50):
        px, py = a[0] + (b[0] - a[0]) * k / 50, a[1] + (b[1] - a[1]) * k / 50
        if x + 1 < px < x + w - 1 and y + 1 < py < y + h - 1:
            return True
    return False


def test_corridors_run_edge_to_edge_with_their_number_at_each_end_and_cross_no_other_room():
    board = content().board
    layout = GAME.board_layout(started(1, mode="solo").config, "en")
    corridors = {s["id"]: s for s in layout["spaces"] if s["shape"] == "polyline"}
    assert set(corridors) == set(board.corridors)
    for cid, space in corridors.items():
        corridor = board.corridors[cid]
        a, b = board.rooms[corridor.a], board.rooms[corridor.b]
        points = space["points"]
        assert _inside(points[0], a.rect, 0.5) and _inside(points[-1], b.rect, 0.5), cid
        assert space["width"] == 14
        assert [e["text"] for e in space["exits"]] == [str(corridor.number)] * 2
        assert _inside((space["exits"][0]["x"], space["exits"][0]["y"]), a.rect)
        assert _inside((space["exits"][1]["x"], space["exits"][1]["y"]), b.rect)
        others = [r.rect for r in board.rooms.values() if r.id not in corridor.ends]
        assert not any(_crosses(p, q, rect) for p, q in zip(points, points[1:]) for rect in others), cid


def test_every_technical_corridors_entrance_is_marked_on_its_room_in_both_languages():
    board = content().board
    for language, entrance in (("en", "T"), ("zh_TW", "檢")):
        layout = GAME.board_layout(started(1, mode="solo").config, language)
        for space in layout["spaces"]:
            room = board.rooms.get(space["id"])
            if room is None:
                continue
            tech = sorted(n for n, target in room.exits.items() if target == "TECH")
            shown = [e["text"] for e in space.get("exits", ())]
            assert shown == [f"{entrance}{n}" for n in tech], space["id"]
            assert all(_inside((e["x"], e["y"]), room.rect) for e in space.get("exits", ()))


# -- tables through whole games ----------------------------------------------------------------------------

@pytest.mark.parametrize("mode,players", MODES)
def test_every_seat_sees_a_table_that_fits_the_contract_and_every_command_is_a_small_gesture(mode, players):
    """For every seat and language at many states: the table fits the contract and names only the
    layout's spaces; every legal command of the deciding seat touches things the table shows, and no
    gesture is shared by more than TIE_LIMIT commands."""
    worst, verbs = 0, set()
    for seed in (1, 2):
        match = Match.new("nemesis", players, mode=mode, seed=seed)
        drawn = layouts(match)
        for step, match in walk(mode, players, seed):
            if step % EVERY:
                continue
            for seat in range(players):
                view = match.state.view(seat)
                for language, layout in drawn.items():
                    table = GAME.table(view, language)
                    assert table_problems(table, layout) == [], (seed, step, seat, language)
            if match.state.is_terminal():
                continue
            seat = match.state.deciders()[0]
            view = match.state.view(seat)
            known = touchables(GAME.table(view, "en"), drawn["en"])
            gestures = Counter()
            for command in match.state.legal(seat):
                touches = GAME.command_touches(command, view)
                assert set(touches) <= known, (str(command), set(touches) - known)
                gestures[tuple(sorted(touches))] += 1
                verbs.add(command.verb)
            worst = max(worst, max(gestures.values(), default=0))
            assert worst <= TIE_LIMIT, [k for k, n in gestures.items() if n > TIE_LIMIT]
    assert {"answer"} <= verbs


@pytest.mark.rule("NEM-VIEW-1", "NEM-VIEW-2")
@pytest.mark.parametrize("mode,players", MODES)
def test_no_table_changes_with_what_its_seat_cannot_see(mode, players):
    """What is drawn, labelled and hovered for a seat is the same in every state the seat cannot tell
    apart from this one (what it cannot see dealt again), in both languages."""
    checked = 0
    for step, match in walk(mode, players, seed=3, steps=250):
        if step % (2 * EVERY):
            continue
        state = match.state.data
        for seat in range(players):
            tables = {language: GAME.table(GAME.view(state, seat), language) for language in LANGUAGES}
            for k in range(2):
                other = GAME.resample_hidden(state, seat, Rng(step * 7 + k, stream=seat))
                for language, table in tables.items():
                    assert GAME.table(GAME.view(other, seat), language) == table, (step, seat, language)
            checked += 1
    assert checked >= 3 * players


# -- hidden cards ----------------------------------------------------------------------------------------

def _infected_and_clean() -> tuple[str, str, str]:
    """An INFECTED Contamination card and two clean ones."""
    cards = content().contamination
    clean = [c.id for c in cards if not c.infected]
    return next(c.id for c in cards if c.infected), clean[0], clean[1]


def _strings(value) -> str:
    return json.dumps(value, ensure_ascii=False)


@pytest.mark.rule("NEM-SCAN-1", "NEM-VIEW-1")
def test_a_face_down_contamination_card_never_shows_its_infection_to_its_owner():
    """Its owner sees "a Contamination card" and nothing more: the table (titles, texts, looks,
    tooltips) is the same whichever card it is, infected or clean."""
    infected, clean, other = _infected_and_clean()
    tables = []
    for first, second in ((infected, clean), (clean, infected), (clean, other)):
        match = started(2, characters=["sentry", "janitor"])
        place(match, 0, "R008", ["search.0", first, second])
        for language in LANGUAGES:
            tables.append((language, GAME.table(match.state.view(0), language)))
    for language in LANGUAGES:
        same = [table for lang, table in tables if lang == language]
        assert same[0] == same[1] == same[2]
    table = tables[0][1]
    hand = next(z for z in table["boards"][0]["zones"] if z["id"] == "hand")
    c1, c2 = hand["items"][1], hand["items"][2]
    assert c1["title"] == c2["title"] == "Contamination card" and not c1["face_up"]
    assert {k: v for k, v in c1.items() if k != "id"} == {k: v for k, v in c2.items() if k != "id"}
    assert "INFECTED" not in _strings(hand) and "clean" not in _strings(hand)


@pytest.mark.rule("NEM-SCAN-2")
def test_a_scanned_contamination_card_shows_its_status_to_its_owner_only():
    infected, clean, _ = _infected_and_clean()
    theirs = []
    for card, title in ((infected, "Contamination card: INFECTED"), (clean, "Contamination card: clean")):
        match = started(2, characters=["sentry", "janitor"])
        place(match, 0, "R008", ["search.0", card])
        data(match)["players"][0]["scanned"] = [card]
        mine = GAME.table(match.state.view(0), "en")
        hand = next(z for z in mine["boards"][0]["zones"] if z["id"] == "hand")
        assert hand["items"][1]["title"] == title
        theirs.append(GAME.table(match.state.view(1), "en"))
        assert next(z for z in theirs[-1]["boards"][0]["zones"] if z["id"] == "seat0:hand")["count"] == 2
    assert theirs[0] == theirs[1]


@pytest.mark.rule("NEM-ITEM-2")
def test_another_players_inventory_shows_only_card_backs():
    match = started(2, characters=["sentry", "janitor"])
    give(match, 0, "medkit")
    mine = GAME.table(match.state.view(0), "en")
    inventory = next(z for z in mine["boards"][0]["zones"] if z["id"] == "inventory")
    assert inventory["items"][0]["title"] == "Medkit" and inventory["items"][0]["text"]
    theirs = GAME.table(match.state.view(1), "en")
    inventory = next(z for z in theirs["boards"][0]["zones"] if z["id"] == "seat0:inventory")
    assert [(i["title"], i["face_up"]) for i in inventory["items"]] == [("A green item", False)]
    assert "Medkit" not in _strings(theirs)


@pytest.mark.rule("NEM-OBJECTIVE-1", "NEM-COOP-1")
@pytest.mark.parametrize("mode,public", [("standard", False), ("coop", True)])
def test_objectives_show_to_their_owner_and_in_coop_to_everyone(mode, public):
    match = started(2, mode=mode)
    names = [content().objectives[o].name.en for o in data(match)["players"][0]["objectives"]]
    mine = GAME.table(match.state.view(0), "en")
    shown = next(z for z in mine["boards"][0]["zones"] if z["id"] == "objectives")
    assert [i["title"] for i in shown["items"]] == names
    theirs = GAME.table(match.state.view(1), "en")
    shown = next(z for z in theirs["boards"][0]["zones"] if z["id"] == "seat0:objectives")
    assert all(i["face_up"] == public for i in shown["items"])
    assert all((name in _strings(theirs)) == public for name in names)


# -- what a command touches --------------------------------------------------------------------------------

def _touches(match: Match, text: str, seat: int = 0) -> tuple[str, ...]:
    return GAME.command_touches(Command.parse(text), match.state.view(seat))


def _hand_place(match: Match, seat: int, card: str) -> str:
    return f"c{data(match)['players'][seat]['hand'].index(card)}"


def test_moving_paying_and_passing_touch_the_room_and_the_cards_by_their_place():
    match = started(2, characters=["sentry", "janitor"])
    room = in_tile(match, 0, "laboratory", room="R006")
    hand = data(match)["players"][0]["hand"]
    assert _touches(match, f"0: move R010 pay={hand[2]}") == ("R010", "c2")
    assert _touches(match, f"0: careful_move R010 pay={hand[3]},{hand[0]}") == ("R010", "R010", "c3", "c0")
    assert _touches(match, "0: pass") == ()
    assert _touches(match, "0: pass discard=c1,c4") == ("discard", "c1", "c4", "discard")
    assert _touches(match, f"0: room analyze_object target=corpse pay={hand[1]},{hand[2]}") == (
        room, f"{room}/corpse", "c1", "c2")


def test_fighting_touches_the_intruder_then_the_weapon_then_the_cards():
    match = started(2, characters=["sentry", "janitor"])
    in_tile(match, 0, "laboratory", room="R006")
    data(match)["players"][0]["hands"] = []
    hold(match, 0, "assault_rifle")
    iid = add_intruder(match, "adult", "R006")
    data(match)["rooms"]["R006"]["objects"] = ["egg", "egg", "carcass"]
    hand = data(match)["players"][0]["hand"]
    assert _touches(match, f"0: shoot target={iid} weapon=assault_rifle pay={hand[0]}") == (iid, "h0", "c0")
    assert _touches(match, f"0: melee target={iid} pay={hand[1]}") == (iid, iid, "c1")
    assert _touches(match, f"0: melee target=eggs pay={hand[1]}") == ("R006/egg", "R006/egg", "c1")
    assert _touches(match, f"0: pick_up carcass pay={hand[4]}") == ("R006/carcass", "c4")
    table = GAME.table(match.state.view(0), "en")
    pieces = {p.get("id"): p for p in table["spaces"]["R006"]["pieces"]}
    assert pieces[iid]["label"] == "A" and pieces["R006/egg"]["count"] == 2 and pieces["seat0"]["owner"] == 0


def test_items_trades_and_crafting_touch_what_the_seat_holds():
    match = started(2, characters=["sentry", "janitor"])
    in_tile(match, 0, "laboratory", room="R006")
    place(match, 1, "R006")
    give(match, 0, "medkit")
    give(match, 0, "ammo_box")
    hand = data(match)["players"][0]["hand"]
    assert _touches(match, "0: drop i1") == ("i1", "R006")
    assert _touches(match, f"0: item medkit option=0 pay={hand[0]}") == ("i0", "i0", "seat0", "c0")
    assert _touches(match, f"0: craft pistol use=i0,i1 pay={hand[1]}") == ("craft.pistol", "i0", "i1", "c1")
    assert _touches(match, f"0: trade pay={hand[2]}") == ("seat0", "c2")
    assert _touches(match, "0: activate") == ("quest",)
    assert _touches(match, f"0: escape_facility rover pay={hand[0]}") == ("ROVER_FACILITY", "c0")


def test_computer_actions_and_room_actions_touch_what_their_targets_name():
    match = started(3, characters=["sentry", "janitor", "hacker"])
    room = in_tile(match, 0, "archive", room="R006")
    hand = data(match)["players"][0]["hand"]
    deck = data(match)["decks"]["computer"]
    deck.remove("PC3")
    deck.append("PC3")
    assert _touches(match, f"0: computer 3 target=9 pay={hand[0]},{hand[1]}") == ("pc3", "CSS9", "c0", "c1")
    assert _touches(match, f"0: computer 1 option=bunker pay={hand[0]},{hand[1]}") == ("pc1", "c0", "c1")
    assert _touches(match, f"0: room examine_archives target=seat2.0 pay={hand[2]},{hand[3]}") == (
        room, "seat2.0", "c2", "c3")
    assert _touches(match, f"0: room schedule_css target=11 pay={hand[2]}") == (room, "CSS11", "c2")
    # Restore Power: the slots that get tokens 1 and 2 (the ones it switches on)
    assert _touches(match, f"0: room restore_power target=3,1,4,2 pay={hand[0]},{hand[1]}") == (
        room, "S02", "ELEVATOR", "c0", "c1")


def _waiting(match: Match, seat: int, kind: str, **shown) -> dict:
    """The seat's view with a decision of ``kind`` pending (how the view shows one)."""
    view = match.state.view(seat)
    pause = {"kind": kind, "options": []}
    view["effects"] = [{"primitive": kind, "waiting": True, "pause": pause, "seat": seat, **shown}]
    return view


@pytest.mark.parametrize("kind,answer,touched", [
    ("noise_exit", "C08", ("C08",)), ("noise_exit", "TECH", ("TECH",)), ("keep_objective", "o1", ("o1",)),
    ("search_keep", "d1", ("d1",)), ("search_keep", "d1/drop0", ("d1", "h0")), ("search_keep", "bottom", ()),
    ("trade", "i0/to1", ("i0", "seat1")), ("trade", "done", ()), ("trade_accept", "accept/drop1", ("h1",)),
    ("trade_accept", "decline", ()), ("arm_drop", "h1", ("h1",)), ("draft", "hacker", ("draft.hacker",)),
    ("interruption", "play", ()), ("css_move", "left", ()), ("elevator_ride", "yes", ()),
    ("inconspicuous", "to1", ("seat1",)), ("inconspicuous", "pass", ()), ("reroll", "keep", ()),
    ("room_action", "vent_out/-/R010", ("R006", "R010")), ("room_action", "skip", ()),
    ("room_action", "restore_power/-/2+1+3+4", ("R006", "S02", "S01")),
    ("craft_equipment", "pistol/i0+i1", ("craft.pistol", "i0", "i1")),
    ("computer_action", "pc2/-/R012/search.0", ("pc2", "R012", "c0")),
])
def test_answers_touch_the_place_or_thing_they_name_and_words_stay_buttons(kind, answer, touched):
    match = started(2, characters=["sentry", "janitor"])
    in_tile(match, 0, "laboratory", room="R006")
    data(match)["players"][0]["hand"][0] = "search.0"
    give(match, 0, "medkit")
    give(match, 0, "ammo_box")
    hold(match, 0, "assault_rifle")
    hold(match, 0, "flamethrower")
    view = _waiting(match, 0, kind)
    assert GAME.command_touches(Command("answer", (answer,), (), 0), view) == touched


def test_a_turn_full_of_choices_leaves_every_gesture_small_and_every_touch_on_the_table():
    """A crowded position: an intruder, Eggs, a weapon, items, a companion to trade with, a Computer."""
    match = started(2, characters=["sentry", "janitor"])
    in_tile(match, 0, "archive", room="R006")
    place(match, 1, "R006")
    hold(match, 0, "assault_rifle")
    give(match, 0, "medkit")
    give(match, 0, "ammo_box")
    data(match)["rooms"]["R006"]["objects"] = ["egg", "carcass"]
    view = match.state.view(0)
    known = touchables(GAME.table(view, "en"), GAME.board_layout(match.config, "en"))
    gestures = Counter()
    for command in match.state.legal(0):
        touches = GAME.command_touches(command, view)
        assert set(touches) <= known, str(command)
        assert touches or command.verb == "pass", str(command)
        gestures[tuple(sorted(touches))] += 1
    assert max(gestures.values()) <= TIE_LIMIT


def test_playing_a_card_touches_it_twice_so_it_is_never_taken_for_a_payment():
    """A card dropped on a room pays for going there; a card touched twice is played (Vents into a
    Room: the card twice, the Room, the card that pays)."""
    match = started(2, characters=["survivor", "sentry"])
    explore_all(match)
    player = data(match)["players"][0]
    vents = next(c for c in player["hand"] + player["deck"] + player["discard"] if c.startswith("vents"))
    place(match, 0, "R001", [vents] + [c for c in cards(match, 0, 5) if c != vents][:4])
    turn_of(match, 0)
    played = [c for c in match.state.legal(0) if c.verb == "card" and c.get("target") and c.get("pay")]
    assert played
    view = match.state.view(0)
    hand = data(match)["players"][0]["hand"]
    for command in played:
        own = f"c{hand.index(command.args[0])}"
        touches = GAME.command_touches(command, view)
        assert touches[:2] == (own, own) and touches[-1] == f"c{hand.index(command.get('pay')[-1])}"


def _reached(offers: list, command: Command, touches: tuple[str, ...]):
    """Touch ``touches`` in order as the GUI's touch selection does: (the touch that ended it, what
    it played or asked about); (None, None) when nothing was played or asked."""
    selection = TouchSelection(offers)
    for i, thing in enumerate(touches):
        outcome = selection.touch(thing)
        if outcome.play is not None or outcome.ask:
            return i, outcome
    return None, None


@pytest.mark.parametrize("mode,players", MODES)
def test_touching_what_a_command_names_in_order_plays_it_or_asks_about_it(mode, players):
    """The GUI plays the one command whose touches are complete, or asks among several complete
    ones (gui/controller/touches.py): so no command may be complete while another, touched in its
    own order, still waits for more. Max asked: 4 (Restore Power's arrangements, same slots lit).
    The one exception: a Computer action by Remote Access at a working Computer, where the same
    action paid with the Remote Access card itself comes first (the direct action does the same)."""
    asked = Counter()
    for step, match in walk(mode, players, seed=4, steps=250):
        if step % 3 or match.state.is_terminal():
            continue
        seat = match.state.deciders()[0]
        view = match.state.view(seat)
        offers = [(c, GAME.command_touches(c, view)) for c in match.state.legal(seat)]
        for command, touches in offers:
            if not touches:
                continue
            at, outcome = _reached(offers, command, touches)
            assert outcome is not None, (step, str(command), touches)
            if at == len(touches) - 1 and (outcome.play == command or command in outcome.ask):
                asked[len(outcome.ask)] += 1
                continue
            direct = outcome.play
            assert (command.verb == "computer" and command.get("via") and direct is not None
                    and direct.verb == "computer" and direct.args == command.args), (
                step, str(command), touches, str(direct), [str(c) for c in outcome.ask])
    assert asked[0] and max(asked) <= 4
