"""Dice (DRG-DICE), strength (DRG-STRENGTH) and the combat sequence of spec 9.4, on the building
blocks of engine.dragonbond.rules.combat run against a live game's state. Dice are fixed by
choosing the generator's seed (searched with `Rng`), never by patching the rules."""
from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.core import Rng
from engine.dragonbond.context import Ctx
from engine.dragonbond.effects import DRG
from engine.dragonbond.rules import combat

from .scenario import started


def _die():
    from engine.dragonbond.content import content
    return content().die.faces


def _seed(want: Callable[[list[str]], bool], n: int, attempts: int = 100_000) -> int:
    faces = _die()
    for seed in range(attempts):
        rng = Rng(seed)
        if want([faces[rng.below(len(faces))].face for _ in range(n)]):
            return seed
    raise AssertionError("no such seed")


def _exact(*faces: str) -> int:
    return _seed(lambda got: got == list(faces), len(faces))


def _game(seed: int = 1):
    """Elyse human (seat 0); the others are AIs. The queue is emptied so combat steps run alone."""
    state = started(("elyse",), first=0)
    ctx = Ctx(state.data, Rng(seed), 0)
    ctx.queue.clear()
    for r in ctx.data["regions"].values():              # a clean board: only what a test places
        ctx.data["supply"]["neutral"] += r["neutral"]
        r["neutral"] = 0
        r["units"] = {}
    return state, ctx


def _units(ctx, general, region, inf=0, cav=0, ran=0):
    ctx.data["regions"][region]["units"][general] = {"infantry": inf, "cavalry": cav, "ranged": ran}


def _here(ctx, general, region):
    return combat.units_of(ctx.data, region, general)


def _pw(ctx, ch):
    p = ctx.board(ch)["power"]
    return p["unspent"] + p["spent"]


def _set_power(ctx, ch, n):
    p = ctx.board(ch)["power"]
    ctx.data["supply"]["power"] += p["unspent"] + p["spent"] - n
    p["unspent"], p["spent"] = n, 0


# --- dice ----------------------------------------------------------------------------------------

@pytest.mark.rule("DRG-DICE-1")
def test_the_die_has_the_ten_faces_of_3_3_and_rolls_each_about_equally():
    _, ctx = _game(seed=5)
    faces = combat.roll(ctx, 2000)
    names = [f.face for f in faces]
    assert sorted({f.face for f in _die()}) == ["blank", "crit1", "crit2", "hit1", "hit2"]
    assert 0.34 < names.count("blank") / 2000 < 0.46                 # 4 of 10 faces
    assert 0.06 < names.count("crit2") / 2000 < 0.14                 # 1 of 10 faces


@pytest.mark.rule("DRG-DICE-2")
def test_a_roll_sums_normal_and_critical_hits_over_its_dice():
    by = {f.face: f for f in _die()}
    assert combat.totals([by["blank"], by["hit2"], by["crit2"], by["hit1"], by["crit1"]]) == (3, 3)


@pytest.mark.rule("DRG-DICE-3", "DRG-COMBAT-20")
def test_a_side_rolls_never_fewer_than_zero_dice():
    _, ctx = _game()
    assert combat.roll(ctx, -2) == [] and combat.roll(ctx, 0) == []
    assert len(combat.roll(ctx, 12)) == 12                           # no upper cap


@pytest.mark.rule("DRG-DICE-4")
def test_rolls_come_from_the_seeded_generator_and_are_logged():
    _, a = _game(seed=9)
    _, b = _game(seed=9)
    assert [f.face for f in combat.roll(a, 6, "x")] == [f.face for f in combat.roll(b, 6, "x")]
    assert [e for e in a.events if e.kind == "dice_rolled"]


# --- strength ------------------------------------------------------------------------------------

@pytest.mark.rule("DRG-STRENGTH-1")
def test_a_dragons_strength_is_its_health():
    _, ctx = _game()
    ctx.board("nagasha")["health"] = 3
    assert combat.side_strength(ctx, {"kind": "dragon", "who": "nagasha"}, "golden_fields") == 3
    ctx.board("nagasha")["health"] = 0
    assert combat.side_strength(ctx, {"kind": "dragon", "who": "nagasha"}, "golden_fields") == 0


@pytest.mark.rule("DRG-STRENGTH-2", "DRG-STRENGTH-3", "DRG-STRENGTH-4", "DRG-STRENGTH-5")
def test_general_strength_counts_units_sets_and_the_figure():
    _, ctx = _game()
    side = {"kind": "general", "who": "elyse"}
    ctx.board("elyse")["region"] = "silverwood"
    _units(ctx, "elyse", "willow_fords", 2, 1, 0)
    assert combat.side_strength(ctx, side, "willow_fords") == 3      # no set, no figure
    _units(ctx, "elyse", "willow_fords", 1, 1, 1)
    assert combat.side_strength(ctx, side, "willow_fords") == 4      # set: +1
    ctx.board("elyse")["region"] = "willow_fords"
    assert combat.side_strength(ctx, side, "willow_fords") == 5      # set with the figure: +2
    _units(ctx, "elyse", "willow_fords", 2, 2, 1)
    assert combat.side_strength(ctx, side, "willow_fords") == 5      # unequal: figure adds 0
    _units(ctx, "elyse", "willow_fords")
    assert combat.side_strength(ctx, side, "willow_fords") == 0      # the figure alone


@pytest.mark.rule("DRG-STRENGTH-6")
def test_neutral_strength_is_the_number_of_neutral_units():
    _, ctx = _game()
    ctx.data["regions"]["willow_fords"]["neutral"] = 3
    assert combat.side_strength(ctx, {"kind": "neutral", "who": None}, "willow_fords") == 3


# --- worked examples -----------------------------------------------------------------------------

@pytest.mark.rule("DRG-COMBAT-7", "DRG-STRENGTH-4", "DRG-CRIT-1", "DRG-COMBAT-10")
def test_A1_crits_beat_the_neutral_target_so_there_is_no_counter_attack():
    _, ctx = _game(seed=_exact("blank", "hit1", "crit1", "blank", "hit2"))
    ctx.board("elyse")["region"] = "willow_fords"
    _units(ctx, "elyse", "willow_fords", 1, 1, 1)
    ctx.data["regions"]["willow_fords"]["neutral"] = 1
    ctx.data["supply"]["neutral"] -= 1
    power_before = _pw(ctx, "elyse")
    combat.start(ctx, "elyse", {"kind": "neutral"}, "willow_fords")
    assert DRG.drain(ctx) is None
    rolls = [e for e in ctx.events if e.kind == "dice_rolled"]
    assert len(rolls) == 1 and len(rolls[0].data["faces"]) == 5   # 3 units + 2: one roll only
    assert ctx.data["regions"]["willow_fords"]["neutral"] == 0
    assert _here(ctx, "elyse", "willow_fords") == {"infantry": 1, "cavalry": 1, "ranged": 1}
    assert _pw(ctx, "elyse") == power_before                         # neutral units: no steal
    assert ctx.data["combat"] is None


@pytest.mark.rule("DRG-MOUNTAIN-2", "DRG-CRIT-5", "DRG-CITY-3", "DRG-COUNTER-3", "DRG-COUNTER-4",
                  "DRG-COMBAT-8", "DRG-COUNTER-1")
def test_A2_mountain_and_city_then_a_counter_attack_that_beats_the_attacker():
    def want(got):
        hits = {"blank": 0, "hit1": 1, "hit2": 2, "crit1": 1, "crit2": 2}
        return got[:3] == ["crit1", "hit1", "hit2"] and sum(hits[f] for f in got[3:]) == 3
    _, ctx = _game(seed=_seed(want, 8))
    ctx.board("elyse")["region"] = "willow_fords"
    _units(ctx, "elyse", "willow_fords", 1, 1, 1)
    ctx.data["regions"]["willow_fords"]["city"] = "elyse"
    ctx.data["supply"]["cities"] -= 1
    ctx.board("adrael")["region"] = "iron_hills"
    _units(ctx, "adrael", "willow_fords", 2, 1, 0)                   # approached across the mountain
    combat.start(ctx, "adrael", {"kind": "general", "who": "elyse"}, "willow_fords", mountain=True)
    pause = DRG.drain(ctx)
    assert pause.kind == "counter_or_retreat"                        # no critical damage landed
    assert _here(ctx, "elyse", "willow_fords") == {"infantry": 1, "cavalry": 1, "ranged": 1}
    assert ctx.data["regions"]["willow_fords"]["city"] is False      # the city was used
    causes = [e.data["cause"] for e in ctx.events if e.kind == "hits_ignored"]
    assert causes == ["mountain", "city"]
    pause = DRG.resume(ctx, "counter")
    assert _here(ctx, "adrael", "willow_fords") == {"infantry": 0, "cavalry": 0, "ranged": 0}
    assert pause.kind == "allocate_damage"                           # Adrael's 2 held hits still land
    assert "lose/infantry.1+ranged.1" in pause.options and len(pause.options) == 3
    assert DRG.resume(ctx, "lose/infantry.1+ranged.1") is None
    assert _here(ctx, "elyse", "willow_fords") == {"infantry": 0, "cavalry": 1, "ranged": 0}
    assert ctx.data["combat"] is None


@pytest.mark.rule("DRG-COMBAT-16", "DRG-COMBAT-17", "DRG-RETREAT-7", "DRG-COMBAT-15", "DRG-COMBAT-14")
def test_A3_devour_one_overkill_steal_and_a_forced_retreat():
    _, ctx = _game(seed=_exact("crit2", "hit1", "blank", "blank", "hit1"))
    ctx.board("nagasha")["region"] = "golden_fields"
    ctx.board("nagasha")["health"] = 5
    ctx.board("adrael")["region"] = "golden_fields"
    _units(ctx, "adrael", "golden_fields", 1, 0, 0)
    _set_power(ctx, "adrael", 4)
    _set_power(ctx, "nagasha", 0)
    combat.start(ctx, "nagasha", {"kind": "general", "who": "adrael"}, "golden_fields")
    pause = DRG.drain(ctx)                                           # AI Adrael: its proxy picks where
    assert pause.kind == "choose_retreat_region" and ctx.queue[0]["meta"]["seat"] == 0
    assert DRG.resume(ctx, pause.options[0]) is None
    assert _pw(ctx, "nagasha") == 2                                   # devour 1 + one steal
    assert _pw(ctx, "adrael") == 3                                    # one steal per exchange
    assert ctx.board("adrael")["region"] in ctx.content.map.neighbours("golden_fields")
    assert ["nagasha", "adrael"] in ctx.data["fought"]
    assert ctx.data["combat"] is None


# --- counter, continue, retreat ------------------------------------------------------------------

@pytest.mark.rule("DRG-RETREAT-6", "DRG-RETREAT-1", "DRG-CRIT-3")
def test_a_target_that_retreats_loses_nothing_more_and_moves_all_together():
    _, ctx = _game(seed=_exact("hit2", "hit2", "hit2"))
    ctx.board("elyse")["region"] = "willow_fords"
    _units(ctx, "elyse", "willow_fords", 1, 1, 1)
    ctx.board("adrael")["region"] = "willow_fords"
    _units(ctx, "adrael", "willow_fords", 3, 0, 0)
    combat.start(ctx, "adrael", {"kind": "general", "who": "elyse"}, "willow_fords")
    assert DRG.drain(ctx).kind == "counter_or_retreat"
    pause = DRG.resume(ctx, "retreat")
    if pause is not None:
        assert pause.kind == "choose_retreat_region"
        pause = DRG.resume(ctx, "silverwood")
    assert pause is None and ctx.data["combat"] is None
    dest = ctx.board("elyse")["region"]
    assert dest != "willow_fords"
    assert _here(ctx, "elyse", dest) == {"infantry": 1, "cavalry": 1, "ranged": 1}   # 6 held hits lost
    assert _here(ctx, "adrael", "willow_fords")["infantry"] == 3


@pytest.mark.rule("DRG-COUNTER-6", "DRG-COUNTER-8", "DRG-MOUNTAIN-4", "DRG-STRENGTH-7", "DRG-COUNTER-2")
def test_continue_starts_a_new_exchange_without_the_mountain_again():
    one = {"hit1", "crit1"}

    def want(got):      # exchange 1: 3 blanks, the neutral counter scores 1; exchange 2: crit1, blank
        return (got[:3] == ["blank"] * 3 and sum(f in one for f in got[3:8]) == 1
                and all(f == "blank" or f in one for f in got[3:8]) and got[8:10] == ["crit1", "blank"])
    _, ctx = _game(seed=_seed(want, 10))
    ctx.data["regions"]["willow_fords"]["neutral"] = 5
    ctx.data["supply"]["neutral"] -= 5
    ctx.board("elyse")["region"] = "silverwood"
    _units(ctx, "elyse", "willow_fords", 3, 0, 0)
    combat.start(ctx, "elyse", {"kind": "neutral"}, "willow_fords", mountain=True)
    pause = DRG.drain(ctx)                                           # neutral units always counter
    assert pause.kind == "continue_or_retreat" and ctx.data["combat"]["exchange"] == 1
    assert _here(ctx, "elyse", "willow_fords")["infantry"] == 2
    DRG.resume(ctx, "continue")
    rolls = [e.data["faces"] for e in ctx.events if e.kind == "dice_rolled" and e.data["side"] == "elyse"]
    assert [len(r) for r in rolls] == [3, 2]                         # strength recomputed
    assert ctx.data["regions"]["willow_fords"]["neutral"] == 4       # the crit was not ignored again
    mountains = [e for e in ctx.events if e.kind == "hits_ignored" and e.data["cause"] == "mountain"]
    assert mountains == []                                           # exchange 1 had nothing to ignore


@pytest.mark.rule("DRG-CITY-4")
def test_a_city_protects_only_its_owner_and_stays_when_there_is_nothing_to_ignore():
    _, ctx = _game(seed=_exact("blank", "blank", "blank"))
    ctx.data["regions"]["willow_fords"]["city"] = "adrael"           # not the target's city
    ctx.data["supply"]["cities"] -= 1
    ctx.board("elyse")["region"] = "willow_fords"
    _units(ctx, "elyse", "willow_fords", 1, 1, 1)
    ctx.board("nagasha")["region"] = "willow_fords"
    ctx.board("nagasha")["health"] = 3
    combat.start(ctx, "nagasha", {"kind": "general", "who": "elyse"}, "willow_fords")
    DRG.drain(ctx)
    assert ctx.data["regions"]["willow_fords"]["city"] == "adrael"
    assert not [e for e in ctx.events if e.kind == "hits_ignored"]


@pytest.mark.rule("DRG-COMBAT-5")
def test_own_pieces_and_absent_targets_are_refused():
    from engine.core import Refused
    _, ctx = _game()
    ctx.board("elyse")["region"] = "willow_fords"
    _units(ctx, "elyse", "willow_fords", 1, 0, 0)
    with pytest.raises(Refused):
        combat.start(ctx, "elyse", {"kind": "general", "who": "elyse"}, "willow_fords")
    ctx.board("adrael")["region"] = "iron_hills"
    with pytest.raises(Refused):
        combat.start(ctx, "elyse", {"kind": "general", "who": "adrael"}, "willow_fords")
    assert ctx.data.get("combat") is None
