"""The combat and oath zones of the table (engine/dragonbond/combat_view.py), on seeded two-human
games played by bots and on the worked example A2 of the spec: they fit the table contract, exist
exactly while a combat or an oath runs, show the dice and hits the events tell, hide nothing the
view does not already show, and read in Chinese without English words. Also: the records the
zones read (``combat["rolls"]``, ``oath["rerolls"]``) change no legal list, event or rule."""
from __future__ import annotations

import copy
import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from engine.bots import bot_rng, make_bot
from engine.core import plain
from engine.core.match import Match
from engine.core.table import table_problems
from engine.dragonbond.combat_view import SYMBOLS, combat_zones, oath_zone
from engine.dragonbond.content import content
from engine.dragonbond.effects import DRG
from engine.dragonbond.rules import combat
from engine.dragonbond.views import seat_view

from .test_combat import _game, _here, _seed, _units

GAMES = [(seed, kind) for seed in range(4) for kind in ("heuristic", "random")]
LANGUAGES = ("en", "zh_TW")


class Moment:
    """One decision of a played game: every seat's view, and the events of the combat or oath
    in progress so far (all public)."""

    def __init__(self, match: Match, views: dict[int | None, Any], combat_events: list[Any],
                 oath_events: list[Any]) -> None:
        self.prompt = match.state.prompt
        self.seat = match.state.deciders()[0]
        self.legal = [str(c) for c in match.state.legal(self.seat)]
        self.views = views
        self.combat_events = list(combat_events)
        self.oath_events = list(oath_events)


def _play(seed: int, kind: str) -> Iterator[Moment]:
    match = Match.new("dragonbond", 2, mode="humans2", seed=seed)
    bots = {s: make_bot(kind, match.game) for s in range(2)}
    rngs = {s: bot_rng(seed, s) for s in range(2)}
    combat_events: list[Any] = []
    oath_events: list[Any] = []
    while not match.state.is_terminal():
        seat = match.state.deciders()[0]
        views = {s: match.state.view(s) for s in (0, 1, None)}
        yield Moment(match, views, combat_events, oath_events)
        for event in match.apply(bots[seat].choose(views[seat], tuple(match.state.legal(seat)), rngs[seat])):
            if event.kind == "combat_started":
                combat_events = []
            if event.kind == "oath_rolled":
                oath_events = []
            combat_events.append(event)
            oath_events.append(event)


@pytest.fixture(scope="module")
def moments() -> list[Moment]:
    return [moment for seed, kind in GAMES for moment in _play(seed, kind)]


def _items(zones: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {item["id"]: item for zone in zones for item in zone["items"]}


def _all_zones(view: Any, language: str) -> list[dict[str, Any]]:
    oath = oath_zone(view, language)
    return combat_zones(view, language) + ([oath] if oath else [])


# --- the contract and when the zones exist --------------------------------------------------------

def test_the_zones_fit_the_table_contract_with_ids_of_their_own(moments):
    checked = 0
    for moment in moments:
        for seat, view in moment.views.items():
            for language in LANGUAGES:
                zones = _all_zones(view, language)
                if not zones:
                    continue
                table = {"spaces": {}, "boards": [], "shared": zones, "tracks": [], "status": ""}
                assert table_problems(table) == [], (seat, language)
                ids = [item["id"] for zone in zones for item in zone["items"]]
                assert len(ids) == len(set(ids))
                assert all(i.startswith(("combat.", "oath.")) for i in ids)
                assert all(zone["items"] for zone in zones)              # no empty grid
                checked += 1
    assert checked > 100


def test_the_zones_exist_exactly_while_a_combat_or_an_oath_runs(moments):
    seen = Counter()
    for moment in moments:
        for view in moment.views.values():
            running = view.get("combat") is not None
            assert bool(combat_zones(view)) == running
            assert (oath_zone(view) is not None) == (view.get("oath") is not None)
            if running:                                   # the game waits on someone inside the combat
                now = _items(combat_zones(view))["combat.now"]
                assert now["title"] and now["text"]
                seen[moment.prompt.kind] += 1
            if view.get("oath") is not None:
                assert moment.prompt.kind == "oath_reroll"
                seen["oath"] += 1
    for kind in ("combat_vaala", "counter_or_retreat", "allocate_damage", "continue_or_retreat",
                 "choose_retreat_region", "oath"):
        assert seen[kind], f"no {kind} decision in the sample games"


def test_the_decision_now_names_who_decides(moments):
    for moment in moments:
        view = moment.views[moment.seat]
        if view.get("combat") is None:
            continue
        now = _items(combat_zones(view))["combat.now"]["text"]
        assert now.startswith("You decide now")              # the viewer is the one asked
        other = _items(combat_zones(moment.views[1 - moment.seat]))["combat.now"]["text"]
        assert "decides now" in other and not other.startswith("You")


# --- the dice and hits agree with the events -----------------------------------------------------

def _rolls_from_events(events: list[Any], attacker: str) -> dict[str, dict[str, Any]]:
    """The latest exchange's rolls as the events tell them: faces, rerolls, conversions, ignored."""
    rolls: dict[str, dict[str, Any]] = {}
    current: dict[str, Any] | None = None
    for e in events:
        if e.kind == "dice_rolled":
            by = "attack" if e.data["side"] == attacker else "counter"
            if by == "attack":
                rolls = {}
            current = rolls[by] = {"first": list(e.data["faces"]), "dice": list(e.data["faces"]),
                                   "rerolled": False, "converted": [], "ignored": []}
        elif current is not None and e.kind == "dice_rerolled":
            again = iter(e.data["faces"])
            current["dice"] = [next(again) if f == "blank" else f for f in current["first"]]
            current["rerolled"] = True
        elif current is not None and e.kind == "hits_converted":
            current["converted"].append((e.data["n"], e.data["to"]))
        elif current is not None and e.kind == "hits_ignored":
            current["ignored"].append((e.data["cause"], e.data["n"]))
    return rolls


@pytest.mark.rule("DRG-CRIT-5")
def test_each_die_and_the_hits_that_land_are_the_ones_the_events_tell(moments):
    faces = {f.face: f for f in content().die.faces}
    seen = Counter()
    for moment in moments:
        view = moment.views[moment.seat]
        if view.get("combat") is None:
            continue
        items = _items(combat_zones(view))
        for by, roll in _rolls_from_events(moment.combat_events, view["combat"]["attacker"]).items():
            key = f"combat.{by}."
            dice = [items[f"{key}die.{i}"] for i in range(1, len(roll["dice"]) + 1)]
            assert [d["value"] for d in dice] == [SYMBOLS[f] for f in roll["dice"]]
            assert f"{key}die.{len(roll['dice']) + 1}" not in items
            for die, first in zip(dice, roll["first"]):
                assert ("rerolled once" in die["text"]) == (roll["rerolled"] and first == "blank")
                seen["rerolled"] += "rerolled once" in die["text"]
            normal = sum(faces[f].normal for f in roll["dice"])
            crit = sum(faces[f].crit for f in roll["dice"])
            for n, to in roll["converted"]:
                normal, crit = (normal - n, crit + n) if to == "crit" else (normal + n, crit - n)
                seen["converted"] += 1
            for cause, n in roll["ignored"]:                     # critical hits are ignored first
                c = min(crit, n)
                normal, crit = normal - min(normal, n - c), crit - c
                assert items[f"{key}ignored.{cause}"]["value"] == str(n)
                assert items[f"{key}ignored.{cause}"]["look"] == "good"
                seen["ignored." + cause] += 1
            assert {k.split(".")[-1] for k in items if k.startswith(key + "ignored.")} == \
                {cause for cause, _ in roll["ignored"]}
            assert items[key + "crit"]["value"] == str(crit)
            assert items[key + "normal"]["value"] == str(normal)
            seen["crit" if crit else "no crit"] += 1
            seen[by] += 1
    for what in ("attack", "counter", "crit", "ignored.mountain", "ignored.effect", "converted", "rerolled"):
        assert seen[what], f"no roll with {what} in the sample games"


def test_the_damage_a_roll_did_never_exceeds_its_hits(moments):
    for moment in moments:
        view = moment.views[moment.seat]
        for roll in (view.get("combat") or {}).get("rolls") or ():
            items = _items(combat_zones(view))
            dealt = int(items[f"combat.{roll['by']}.dealt"]["value"])
            assert dealt <= roll["normal"] + roll["crit"] * (1 + roll["bonus"])


# --- hidden information ----------------------------------------------------------------------------

def _as_others_see(view: dict[str, Any]) -> dict[str, Any]:
    """The view with the viewer's own secrets taken out: hands as counts, decision options hidden."""
    view = copy.deepcopy(view)
    for board in view["boards"].values():
        if isinstance(board["hand"], list):
            board["hand"] = {"action": 0, "region": 0}
        if isinstance(board["vaala_hand"], list):
            board["vaala_hand"] = len(board["vaala_hand"])
    for step in view["effects"]:
        if "pause" in step:
            step["pause"]["options"] = "hidden"
    return view


def test_the_zones_show_nothing_of_the_viewers_own_secrets(moments):
    """What the zones show depends only on public facts (so nothing hidden from another seat can
    appear): the same with the viewer's hands and the decision's options taken out."""
    checked = 0
    for moment in moments:
        for seat in (0, 1):
            view = moment.views[seat]
            if view.get("combat") is None and view.get("oath") is None:
                continue
            for language in LANGUAGES:
                assert _all_zones(view, language) == _all_zones(_as_others_see(view), language)
            checked += 1
    assert checked


def test_the_onlookers_view_shows_the_same_combat(moments):
    for moment in moments:
        public = moment.views[None]
        if public.get("combat") is None:
            continue
        seats = combat_zones(moment.views[moment.seat])
        assert [z["id"] for z in combat_zones(public)] == [z["id"] for z in seats]
        onlooker = _items(combat_zones(public))
        for key, item in _items(seats).items():
            if key != "combat.now":
                assert onlooker[key] == item


# --- languages -------------------------------------------------------------------------------------

RULE_ID = re.compile(r"DRG-[A-Z]+(?:-\d+(?:/\d+)*)?")
LATIN_WORD = re.compile(r"[A-Za-z]+")


def _words(zones: list[dict[str, Any]]) -> Iterator[tuple[str, str]]:
    for zone in zones:
        yield "title", zone["title"]
        for item in zone["items"]:
            yield "title", item["title"]
            yield "text", item.get("text", "")
            yield "value", item.get("value", "")


def test_the_zones_read_in_chinese_without_english_words(moments):
    checked = 0
    for moment in moments:
        for view in moment.views.values():
            for where, text in _words(_all_zones(view, "zh_TW")):
                rest = RULE_ID.sub("", text).replace("AI 玩家", "")      # rule ids; the glossary's AI player
                if where == "value":
                    assert re.fullmatch(r"[0-9X/+−]*", rest), text      # numbers and the die's X
                else:
                    assert not LATIN_WORD.search(rest), text
                checked += 1
    assert checked > 1000


def test_the_english_zones_have_no_chinese(moments):
    for moment in moments[::3]:
        for where, text in _words(_all_zones(moment.views[moment.seat], "en")):
            assert not re.search(r"[\u3000-\u9fff\uff00-\uffef]", text), (where, text)


# --- the oath --------------------------------------------------------------------------------------

def test_the_oath_zone_shows_both_dice_the_rerolls_and_whether_a_token_can_pay(moments):
    seen = Counter()
    for moment in moments:
        view = moment.views[moment.seat]
        oath = view.get("oath")
        if oath is None:
            continue
        dice: dict[str, str] = {}
        rerolls: Counter = Counter()
        for e in moment.oath_events:
            if e.kind == "oath_rolled":
                dice = dict(e.data["dice"])
            elif e.kind == "oath_rerolled":
                dice[e.data["character"]] = e.data["face"]
                rerolls[e.data["character"]] += 1
        items = _items([oath_zone(view)])
        assert {who: items[f"oath.die.{who}"]["value"] for who in dice} == \
            {who: SYMBOLS[face] for who, face in dice.items()}
        success = set(content().die.oath_success_faces)
        assert items["oath.bond"]["value"] == f"{sum(f in success for f in dice.values())}/2"
        assert ("oath.used" in items) == bool(rerolls)
        if rerolls:
            assert items["oath.used"]["value"] == str(sum(rerolls.values()))
            seen["rerolled"] += 1
        can = "answer reroll" in " ".join(moment.legal)                 # the engine's own answer
        assert (items["oath.reroll"]["look"] == "good") == can
        seen[can] += 1
    assert seen[True] and seen["rerolled"]


# --- the records the zones read change nothing else ------------------------------------------------

def _stripped(data: dict[str, Any]) -> dict[str, Any]:
    data = copy.deepcopy(data)
    if data.get("combat"):
        data["combat"].pop("rolls", None)
    if data.get("oath"):
        data["oath"].pop("rerolls", None)
    return data


@pytest.mark.parametrize("seed,kind", [(11, "random"), (12, "heuristic")])
def test_the_table_records_change_no_legal_list_event_or_rule(seed, kind):
    """Lock step: a copy of the state without ``combat["rolls"]`` and ``oath["rerolls"]`` lists the
    same commands, and the same command gives the same events and the same state besides them."""
    match = Match.new("dragonbond", 2, mode="humans2", seed=seed)
    bots = {s: make_bot(kind, match.game) for s in range(2)}
    rngs = {s: bot_rng(seed, s) for s in range(2)}
    recorded = 0
    while not match.state.is_terminal():
        seat = match.state.deciders()[0]
        shadow = match.state.copy()
        live = shadow.data
        recorded += bool((live.get("combat") or {}).get("rolls"))
        live.update(_stripped(live))
        legal = match.state.legal(seat)
        assert [str(c) for c in shadow.legal(seat)] == [str(c) for c in legal]
        command = bots[seat].choose(match.state.view(seat), tuple(legal), rngs[seat])
        ours, theirs = match.apply(command), shadow.apply(command)
        assert [(e.kind, plain.canonical_json(e.data), e.audience, e.reveals) for e in ours] == \
            [(e.kind, plain.canonical_json(e.data), e.audience, e.reveals) for e in theirs]
        assert _stripped(match.state.data) == _stripped(shadow.data)
        assert match.state.rng.get_state() == shadow.rng.get_state()
    assert recorded


# --- the worked example A2 (spec 10): mountain and city, then a counter-attack ---------------------

def _a2():
    """A2 as in test_combat: Adrael (3 dice: crit1, hit1, hit2) attacks Elyse's set (with her city)
    after approaching across a mountain; she counter-attacks with 3 hits and beats his 3 units."""
    def want(got):
        hits = {"blank": 0, "hit1": 1, "hit2": 2, "crit1": 1, "crit2": 2}
        return got[:3] == ["crit1", "hit1", "hit2"] and sum(hits[f] for f in got[3:]) == 3
    state, ctx = _game(seed=_seed(want, 8))
    ctx.board("elyse")["region"] = "willow_fords"
    _units(ctx, "elyse", "willow_fords", 1, 1, 1)
    ctx.data["regions"]["willow_fords"]["city"] = "elyse"
    ctx.data["supply"]["cities"] -= 1
    ctx.board("adrael")["region"] = "iron_hills"
    _units(ctx, "adrael", "willow_fords", 2, 1, 0)
    return state, ctx


@pytest.mark.rule("DRG-MOUNTAIN-2", "DRG-CRIT-5", "DRG-CITY-3", "DRG-CRIT-3", "DRG-COUNTER-3")
def test_the_a2_example_shows_the_mountain_taking_the_critical_and_the_city_a_normal_hit():
    _, ctx = _a2()
    combat.start(ctx, "adrael", {"kind": "general", "who": "elyse"}, "willow_fords", mountain=True)
    assert DRG.drain(ctx).kind == "counter_or_retreat"
    items = _items(combat_zones(seat_view(ctx.data, 0)))
    assert [items[f"combat.attack.die.{i}"]["value"] for i in (1, 2, 3)] == ["X", "1", "2"]
    assert "combat.attack.die.4" not in items
    # 1 critical + 3 normal hits: the mountain ignores 1 (the critical, first), the city 1 normal
    assert items["combat.attack.ignored.mountain"]["value"] == "1"
    assert "1 critical, 0 normal" in items["combat.attack.ignored.mountain"]["text"]
    assert items["combat.attack.ignored.city"]["value"] == "1"
    assert "0 critical, 1 normal" in items["combat.attack.ignored.city"]["text"]
    assert items["combat.attack.crit"]["value"] == "0"
    assert items["combat.attack.normal"]["value"] == "2" and "waiting" in items["combat.attack.normal"]["text"]
    assert items["combat.mountain"]["look"] == "good" and "combat.city" not in items   # the city is used
    assert items["combat.now"]["title"] == "Counter or retreat?"
    assert items["combat.now"]["text"].startswith("You decide now")
    assert items["combat.target"]["value"] == "5"                    # set of three with the figure: +2
    assert "combat.counter.crit" not in items                       # no counter-attack yet

    DRG.resume(ctx, "counter")                                      # 3 hits: Adrael's 3 units go
    assert _here(ctx, "adrael", "willow_fords") == {"infantry": 0, "cavalry": 0, "ranged": 0}
    items = _items(combat_zones(seat_view(ctx.data, 0)))
    counter = int(items["combat.counter.crit"]["value"]) + int(items["combat.counter.normal"]["value"])
    assert counter >= 3 and items["combat.counter.dealt"]["value"] == "3"
    assert "Adrael lost 2 infantry, 1 cavalry" in items["combat.counter.dealt"]["text"]
    assert items["combat.attacker.beaten"]["look"] == "danger"
    assert items["combat.now"]["title"] == "Units to lose"          # Adrael's 2 held hits land now
    assert items["combat.attack.dealt"]["value"] == "0"


def test_the_a2_example_in_chinese():
    _, ctx = _a2()
    combat.start(ctx, "adrael", {"kind": "general", "who": "elyse"}, "willow_fords", mountain=True)
    DRG.drain(ctx)
    zones = combat_zones(seat_view(ctx.data, 0), "zh_TW")
    assert zones[0]["title"] == "阿德瑞爾在柳渡攻擊艾莉絲 — 第 1 交戰回合"
    items = _items(zones)
    assert items["combat.attack.ignored.mountain"]["title"] == "忽略：山脈疆界"
    assert items["combat.now"]["title"] == "反擊或撤退？"
    assert items["combat.now"]["text"].startswith("現在由你決定。")


def test_a_retreat_choice_is_named_for_the_side_that_retreats():
    _, ctx = _a2()
    combat.start(ctx, "adrael", {"kind": "general", "who": "elyse"}, "willow_fords", mountain=True)
    DRG.drain(ctx)
    pause = DRG.resume(ctx, "retreat")
    if pause is None:
        pytest.skip("only one region to retreat to")
    assert pause.kind == "choose_retreat_region"
    view = seat_view(ctx.data, None)                                # an onlooker
    items = _items(combat_zones(view))
    assert items["combat.now"]["title"] == "Retreat where?"
    assert items["combat.now"]["text"].startswith("Elyse decides now")


def test_no_zone_without_a_combat_or_an_oath():
    state, _ = _a2()
    view = seat_view(state.data, 0)
    assert view.get("combat") is None and combat_zones(view) == [] and oath_zone(view) is None
