"""The combat sequence of spec 9.4 end to end on a live game's state (DRG-COMBAT, DRG-CRIT,
DRG-COUNTER, DRG-RETREAT, DRG-END-4). Dice are fixed by choosing the generator's seed (searched),
never by patching the rules; the board is cleared so that only what a test places is there."""
from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.core import Refused, Rng
from engine.dragonbond.context import Ctx
from engine.dragonbond.effects import DRG
from engine.dragonbond.rules import combat, modifiers

from .scenario import started

HITS = {"blank": 0, "hit1": 1, "hit2": 2, "crit1": 1, "crit2": 2}


def _faces() -> list[str]:
    from engine.dragonbond.content import content
    return [f.face for f in content().die.faces]


def _seed(want: Callable[[list[str]], bool], n: int, attempts: int = 200_000) -> int:
    faces = _faces()
    for seed in range(attempts):
        rng = Rng(seed)
        if want([faces[rng.below(len(faces))] for _ in range(n)]):
            return seed
    raise AssertionError("no such seed")


def _exact(*faces: str) -> int:
    return _seed(lambda got: got == list(faces), len(faces))


def _game(seed: int = 1, humans: tuple[str, ...] = ("elyse",)):
    """``humans`` play (seat order); the others are AIs. The queue is emptied and the board
    cleared (no units, neutral units, power or cities) so combat steps run alone."""
    state = started(humans, first=0)
    ctx = Ctx(state.data, Rng(seed), 0)
    ctx.queue.clear()
    for r in ctx.data["regions"].values():
        ctx.data["supply"]["neutral"] += r["neutral"]
        ctx.data["supply"]["power"] += r["power"]
        r["neutral"] = r["power"] = 0
        r["units"] = {}
        r["city"] = False
    for ch in ctx.data["seating"]:                      # figures parked away from the action
        ctx.board(ch)["region"] = {"elyse": "allarian_crownlands", "adrael": "tyverian_bloodmarch",
                                   "nagasha": "serpent_mire", "ferellon": "red_moon_crags"}[ch]
    return state, ctx


def _units(ctx, general, region, inf=0, cav=0, ran=0):
    ctx.data["regions"][region]["units"][general] = {"infantry": inf, "cavalry": cav, "ranged": ran}


def _neutral(ctx, region, n):
    ctx.data["regions"][region]["neutral"] += n
    ctx.data["supply"]["neutral"] -= n


def _here(ctx, general, region):
    return combat.units_of(ctx.data, region, general)


def _pw(ctx, ch):
    p = ctx.board(ch)["power"]
    return p["unspent"] + p["spent"]


def _set_power(ctx, ch, n):
    p = ctx.board(ch)["power"]
    ctx.data["supply"]["power"] += p["unspent"] + p["spent"] - n
    p["unspent"], p["spent"] = n, 0


def _rolls(ctx):
    return [(e.data["side"], len(e.data["faces"])) for e in ctx.events if e.kind == "dice_rolled"]


def _removed(ctx):
    return [e.data["owner"] for e in ctx.events if e.kind == "units_removed"]


def _bond(ctx, a, b):
    ctx.board(a)["bonded_with"], ctx.board(b)["bonded_with"] = b, a
    ctx.board(a)["bond_card"] = ctx.board(b)["bond_card"] = "up"


def _mod(ctx, holder, **spec):
    modifiers.add(ctx, holder, {"duration": "exchange", **spec}, "test")


WF = "willow_fords"


# --- the exchange ---------------------------------------------------------------------------------

@pytest.mark.rule("DRG-COMBAT-6", "DRG-CRIT-2", "DRG-CRIT-4", "DRG-AI-7", "DRG-COMBAT-13", "DRG-CRIT-1")
def test_an_exchange_runs_roll_crits_counter_then_normals_and_others_stay_out():
    _, ctx = _game(_exact("crit1", "hit1", "blank", "crit1", "hit1"))
    _units(ctx, "elyse", WF, 3)
    _units(ctx, "adrael", WF, 3)
    _neutral(ctx, WF, 2)                                             # bystanders (DRG-COMBAT-13)
    ctx.board("nagasha")["region"] = WF
    ctx.board("ferellon")["region"] = WF
    combat.start(ctx, "elyse", {"kind": "general", "who": "adrael"}, WF)
    pause = DRG.drain(ctx)
    assert pause.kind == "continue_or_retreat" and ctx.queue[0]["meta"]["seat"] == 0
    assert _rolls(ctx) == [("elyse", 3), ("adrael", 2)]              # crit landed before the counter
    assert _removed(ctx) == ["adrael", "elyse", "elyse", "adrael"]   # crit, counter (both hits), normal
    assert _here(ctx, "elyse", WF)["infantry"] == 1 and _here(ctx, "adrael", WF)["infantry"] == 1
    assert not any(e.kind == "dice_rolled" and e.data["side"] in ("nagasha", "ferellon", "neutral")
                   for e in ctx.events)
    assert ctx.data["regions"][WF]["neutral"] == 2
    assert ctx.board("nagasha")["health"] == 5 and ctx.board("ferellon")["health"] == 6


@pytest.mark.rule("DRG-COMBAT-12", "DRG-RETREAT-8", "DRG-DEC-24", "DRG-DEC-28", "DRG-RETREAT-1")
def test_an_attacker_that_retreats_takes_all_its_pieces_to_one_region_and_the_combat_ends():
    _, ctx = _game(_exact("blank", "blank", "blank", "blank", "blank", "blank"))
    ctx.board("elyse")["region"] = WF
    _units(ctx, "elyse", WF, 2, 1)
    _units(ctx, "adrael", WF, 3)
    combat.start(ctx, "elyse", {"kind": "general", "who": "adrael"}, WF)
    assert DRG.drain(ctx).kind == "continue_or_retreat"
    pause = DRG.resume(ctx, "retreat")
    assert pause.kind == "choose_retreat_region" and WF not in pause.options
    assert DRG.resume(ctx, "silverwood") is None
    assert ctx.data["combat"] is None
    assert ctx.board("elyse")["region"] == "silverwood"
    assert _here(ctx, "elyse", "silverwood") == {"infantry": 2, "cavalry": 1, "ranged": 0}
    assert not any(_here(ctx, "elyse", WF).values())


@pytest.mark.rule("DRG-RETREAT-5", "DRG-DEC-24")
def test_a_retreating_dragon_goes_to_any_adjacent_region_of_its_choice():
    _, ctx = _game(_exact("blank", "blank", "blank", "blank", "blank"), humans=("elyse", "nagasha"))
    ctx.board("nagasha")["region"] = WF
    ctx.board("nagasha")["health"] = 2
    _units(ctx, "adrael", WF, 3)
    _units(ctx, "adrael", "highpass", 2)                             # controlled by Adrael: still allowed
    combat.start(ctx, "nagasha", {"kind": "general", "who": "adrael"}, WF)
    assert DRG.drain(ctx).kind == "continue_or_retreat"
    pause = DRG.resume(ctx, "retreat")
    assert pause.kind == "choose_retreat_region"
    assert pause.options == ctx.content.map.neighbours(WF)
    assert DRG.resume(ctx, "highpass") is None
    assert ctx.board("nagasha")["region"] == "highpass"


@pytest.mark.rule("DRG-COMBAT-9", "DRG-COMBAT-11", "DRG-DEC-31", "DRG-COMBAT-16")
def test_damage_lowers_a_dragons_health_to_zero_and_one_extra_point_steals_one_token():
    _, ctx = _game(_exact("crit2"))
    _units(ctx, "elyse", WF, 1)
    ctx.board("ferellon")["region"] = WF
    ctx.board("ferellon")["health"] = 1
    _set_power(ctx, "ferellon", 2)
    _set_power(ctx, "elyse", 0)
    combat.start(ctx, "elyse", {"kind": "dragon", "who": "ferellon"}, WF)
    assert DRG.drain(ctx) is None
    assert ctx.board("ferellon")["health"] == 0                      # not below 0
    assert _pw(ctx, "ferellon") == 1 and _pw(ctx, "elyse") == 1
    assert _rolls(ctx) == [("elyse", 1)]                             # beaten: no counter-attack
    assert ctx.data["combat"] is None


@pytest.mark.rule("DRG-COMBAT-11")
def test_a_side_is_beaten_when_nothing_of_it_is_left_to_damage_there():
    _, ctx = _game()
    ctx.board("elyse")["region"] = WF
    general = {"kind": "general", "who": "elyse"}
    assert combat.beaten(ctx, general, WF)                           # the figure alone
    _units(ctx, "elyse", WF, 1)
    assert not combat.beaten(ctx, general, WF)
    assert combat.beaten(ctx, {"kind": "neutral", "who": None}, WF)
    _neutral(ctx, WF, 1)
    assert not combat.beaten(ctx, {"kind": "neutral", "who": None}, WF)
    ctx.board("nagasha")["health"] = 0
    assert combat.beaten(ctx, {"kind": "dragon", "who": "nagasha"}, WF)


@pytest.mark.rule("DRG-COMBAT-21", "DRG-DEC-25", "DRG-DEC-31", "DRG-COMBAT-15")
def test_a_target_already_beaten_fights_one_exchange_without_counter_and_its_figure_retreats():
    _, ctx = _game(_seed(lambda got: sum(HITS[f] for f in got) >= 2, 5))
    ctx.board("nagasha")["region"] = WF
    ctx.board("elyse")["region"] = WF                                # Elyse's figure, no unit
    _set_power(ctx, "elyse", 3)
    _set_power(ctx, "nagasha", 0)
    combat.start(ctx, "nagasha", {"kind": "general", "who": "elyse"}, WF)
    assert ctx.data["combat"]["once"]
    pause = DRG.drain(ctx)
    assert pause.kind == "choose_retreat_region"                    # no counter_or_retreat was asked
    assert _rolls(ctx) == [("nagasha", 5)]
    assert ctx.data["combat"] is None
    assert _pw(ctx, "elyse") == 2 and _pw(ctx, "nagasha") == 1       # at most one steal per exchange
    DRG.resume(ctx, pause.options[0])
    assert ctx.board("elyse")["region"] == pause.options[0]


@pytest.mark.rule("DRG-COUNTER-5", "DRG-COMBAT-20")
def test_a_counter_attack_at_strength_zero_rolls_no_dice_and_the_exchange_completes():
    _, ctx = _game(_exact("blank"), humans=("elyse", "nagasha"))
    _units(ctx, "elyse", WF, 1)
    ctx.board("nagasha")["region"] = WF
    combat.start(ctx, "elyse", {"kind": "dragon", "who": "nagasha"}, WF)
    pause = DRG.drain(ctx)
    assert pause.kind == "counter_or_retreat" and "counter" in pause.options
    ctx.board("nagasha")["health"] = 0                               # as if nothing is left to roll
    ctx.data["combat"]["once"] = False
    pause = DRG.resume(ctx, "counter")
    assert ("nagasha", 0) in _rolls(ctx)
    assert ctx.data["combat"] is None and pause is None              # the exchange completed


@pytest.mark.rule("DRG-COUNTER-7", "DRG-AI-8")
def test_an_ai_attacker_always_continues():
    _, ctx = _game(_seed(lambda got: got == ["blank"] * 8, 8))
    _units(ctx, "adrael", WF, 3)
    _neutral(ctx, WF, 5)
    combat.start(ctx, "adrael", {"kind": "neutral"}, WF)
    assert DRG.drain(ctx) is None
    assert [s for s, _ in _rolls(ctx)].count("adrael") >= 2
    assert ctx.data["combat"] is None


@pytest.mark.rule("DRG-COUNTER-9")
def test_mountain_and_city_never_reduce_the_counter_attack():
    _, ctx = _game(_exact("blank", "blank", "blank", "hit1", "hit1", "hit1"))
    _units(ctx, "elyse", WF, 3)
    ctx.data["regions"][WF]["city"] = "elyse"                       # the attacker's own city
    _units(ctx, "adrael", WF, 3)
    combat.start(ctx, "elyse", {"kind": "general", "who": "adrael"}, WF, mountain=True)
    assert DRG.drain(ctx) is None
    assert not [e for e in ctx.events if e.kind == "hits_ignored"]
    assert not any(_here(ctx, "elyse", WF).values())                 # all 3 counter hits landed
    assert ctx.data["regions"][WF]["city"] == "elyse"


@pytest.mark.rule("DRG-COUNTER-10", "DRG-CRIT-5")
def test_the_counter_roll_goes_through_the_attackers_own_ignored_hits():
    _, ctx = _game(_exact("blank", "blank", "blank", "crit1", "hit1", "blank"))
    _units(ctx, "elyse", WF, 3)
    _units(ctx, "adrael", WF, 3)
    combat.start(ctx, "elyse", {"kind": "general", "who": "adrael"}, WF)
    _mod(ctx, "elyse", kind="ignore_hits", value=1, side="self")     # ely_v3, cast by the attacker
    assert DRG.drain(ctx).kind == "continue_or_retreat"
    ignored = [e.data for e in ctx.events if e.kind == "hits_ignored"]
    assert ignored == [{"n": 1, "cause": "effect"}]
    assert _here(ctx, "elyse", WF)["infantry"] == 2                  # 2 counter hits, 1 ignored


@pytest.mark.rule("DRG-DEC-21", "DRG-MOUNTAIN-2")
def test_ignored_hits_come_off_critical_hits_first():
    _, ctx = _game(_exact("crit1", "hit1"))
    _units(ctx, "adrael", WF, 2)
    ctx.board("ferellon")["region"] = WF
    combat.start(ctx, "adrael", {"kind": "dragon", "who": "ferellon"}, WF, mountain=True)
    DRG.drain(ctx)
    first_counter = next(i for i, e in enumerate(ctx.events)
                         if e.kind == "dice_rolled" and e.data["side"] == "ferellon")
    before = ctx.events[:first_counter]
    assert not [e for e in before if e.kind == "damage"]             # the critical was the one ignored
    assert _rolls(ctx)[1] == ("ferellon", 6)


@pytest.mark.rule("DRG-MOUNTAIN-3")
def test_mountain_protection_also_covers_neutral_units_and_dragons():
    _, ctx = _game(_exact("crit1"))
    _units(ctx, "adrael", WF, 1)
    _neutral(ctx, WF, 2)
    combat.start(ctx, "adrael", {"kind": "neutral"}, WF, mountain=True)
    DRG.drain(ctx)
    assert [e.data["cause"] for e in ctx.events if e.kind == "hits_ignored"] == ["mountain"]
    assert _rolls(ctx)[1] == ("neutral", 2)                          # the crit killed nobody


@pytest.mark.rule("DRG-MOUNTAIN-8", "DRG-CITY-3")
def test_mountain_and_city_add_up_in_one_exchange():
    _, ctx = _game(_exact("crit1", "hit1"))
    _units(ctx, "elyse", WF, 1, 1, 1)
    ctx.data["regions"][WF]["city"] = "elyse"
    ctx.data["supply"]["cities"] -= 1
    _units(ctx, "adrael", WF, 2)
    combat.start(ctx, "adrael", {"kind": "general", "who": "elyse"}, WF, mountain=True)
    assert DRG.drain(ctx).kind == "counter_or_retreat"
    assert [e.data["cause"] for e in ctx.events if e.kind == "hits_ignored"] == ["mountain", "city"]
    assert ctx.data["combat"]["held"] == 0 and ctx.data["regions"][WF]["city"] is False


@pytest.mark.rule("DRG-DEC-22", "DRG-CITY-4", "DRG-DEC-20")
def test_the_city_is_kept_when_the_mountain_already_cancelled_the_only_hit():
    _, ctx = _game(_exact("hit1", "blank"))
    _units(ctx, "elyse", WF, 1, 1, 1)
    ctx.data["regions"][WF]["city"] = "elyse"
    _units(ctx, "adrael", WF, 2)
    combat.start(ctx, "adrael", {"kind": "general", "who": "elyse"}, WF, mountain=True)
    assert DRG.drain(ctx).kind == "counter_or_retreat"
    assert [e.data["cause"] for e in ctx.events if e.kind == "hits_ignored"] == ["mountain"]
    assert ctx.data["regions"][WF]["city"] == "elyse"


@pytest.mark.rule("DRG-CITY-5")
def test_a_dragon_target_gets_nothing_from_a_city():
    _, ctx = _game(_exact("hit1"))
    _units(ctx, "adrael", WF, 1)
    ctx.data["regions"][WF]["city"] = "elyse"
    _bond(ctx, "elyse", "nagasha")
    ctx.board("nagasha")["region"] = WF
    combat.start(ctx, "adrael", {"kind": "dragon", "who": "nagasha"}, WF)
    DRG.drain(ctx)
    assert not [e for e in ctx.events if e.kind == "hits_ignored"]
    assert ctx.data["regions"][WF]["city"] == "elyse"


@pytest.mark.rule("DRG-DEC-23", "DRG-RETREAT-6")
def test_a_target_that_retreats_takes_no_normal_hits():
    _, ctx = _game(_exact("hit2", "hit2"))
    _units(ctx, "elyse", WF, 1, 1, 1)
    _units(ctx, "adrael", WF, 2)
    combat.start(ctx, "adrael", {"kind": "general", "who": "elyse"}, WF)
    assert DRG.drain(ctx).kind == "counter_or_retreat"
    pause = DRG.resume(ctx, "retreat")
    assert pause.kind == "choose_retreat_region"
    dest = pause.options[0]
    assert DRG.resume(ctx, dest) is None
    assert _removed(ctx) == []                                       # 4 held normal hits lost
    assert _here(ctx, "elyse", dest) == {"infantry": 1, "cavalry": 1, "ranged": 1}


@pytest.mark.rule("DRG-DEC-32", "DRG-COMBAT-17")
def test_a_dragon_devours_when_its_damage_removes_the_last_opposing_unit():
    _, ctx = _game(_exact("crit1", "blank"))
    ctx.board("nagasha")["region"] = WF
    ctx.board("nagasha")["health"] = 2
    _neutral(ctx, WF, 1)
    _set_power(ctx, "nagasha", 0)
    combat.start(ctx, "nagasha", {"kind": "neutral"}, WF)
    assert DRG.drain(ctx) is None
    assert _pw(ctx, "nagasha") == 1


@pytest.mark.rule("DRG-DEC-49", "DRG-STRENGTH-6", "DRG-COMBAT-16")
def test_neutral_units_are_one_target_rolling_one_die_each_and_never_steal():
    _, ctx = _game(_exact("blank", "hit1", "hit1", "hit1"))
    _units(ctx, "elyse", WF, 1)
    _neutral(ctx, WF, 3)
    _set_power(ctx, "elyse", 2)
    combat.start(ctx, "elyse", {"kind": "neutral"}, WF)
    assert DRG.drain(ctx) is None
    assert _rolls(ctx) == [("elyse", 1), ("neutral", 3)]
    assert not any(_here(ctx, "elyse", WF).values())
    assert _pw(ctx, "elyse") == 2                                    # 2 unabsorbed points: no steal


# --- retreat --------------------------------------------------------------------------------------

def _control(ctx, general, regions):
    for r in regions:
        _units(ctx, general, r, 1)


@pytest.mark.rule("DRG-RETREAT-2", "DRG-DEC-26")
def test_retreat_regions_are_own_or_nobodys_judged_before_the_move_and_dragons_never_count():
    _, ctx = _game()
    _control(ctx, "adrael", ["golden_fields"])                       # another general's: no
    _units(ctx, "elyse", "sunken_ruins", 1)                          # contested: nobody controls it
    _units(ctx, "adrael", "sunken_ruins", 1)
    _neutral(ctx, "highpass", 2)                                     # neutral only: nobody
    ctx.board("ferellon")["region"] = "silverwood"                   # a dragon changes nothing
    _units(ctx, "elyse", "allarian_crownlands", 1)                   # her own
    assert combat.retreat_destinations(ctx, "elyse", WF) == (
        "allarian_crownlands", "silverwood", "highpass", "sunken_ruins")


@pytest.mark.rule("DRG-RETREAT-3", "DRG-DEC-27", "DRG-RETREAT-12")
def test_with_no_adjacent_region_the_nearest_qualifying_ones_are_offered_to_the_retreating_player():
    _, ctx = _game(_exact("hit1"))
    m = ctx.content.map
    _control(ctx, "adrael", m.neighbours(WF))
    far = [r for r in m.order if m.distance(WF, r) == 2]
    options = combat.retreat_destinations(ctx, "elyse", WF)
    assert set(options) == set(far) and WF not in options
    ctx.board("elyse")["region"] = WF
    _units(ctx, "elyse", WF, 1, 1)
    ctx.board("nagasha")["region"] = WF
    ctx.board("nagasha")["health"] = 1
    combat.start(ctx, "nagasha", {"kind": "general", "who": "elyse"}, WF)
    assert DRG.drain(ctx).kind == "counter_or_retreat"
    pause = DRG.resume(ctx, "retreat")
    assert pause.kind == "choose_retreat_region" and set(pause.options) == set(far)
    with pytest.raises(Refused) as refused:
        combat.combat_retreat(ctx, "elyse", False, answer=WF)       # the combat region: never
    assert refused.value.rule_id == "DRG-RETREAT-1"


@pytest.mark.rule("DRG-RETREAT-4", "DRG-END-4", "DRG-RETREAT-12", "DRG-DEC-25")
def test_a_general_with_nowhere_to_retreat_is_defeated_and_the_game_ends():
    _, ctx = _game(_exact("crit1"))
    m = ctx.content.map
    _control(ctx, "adrael", [r for r in m.order if r != WF])          # only the combat region is free
    ctx.board("elyse")["region"] = WF
    _units(ctx, "elyse", WF, 1)
    _bond(ctx, "elyse", "ferellon")
    ctx.board("nagasha")["region"] = WF
    combat.start(ctx, "nagasha", {"kind": "general", "who": "elyse"}, WF)
    assert DRG.drain(ctx) is None
    end = ctx.data["end"]
    assert ctx.data["phase"] == "over" and end["why"] == "general_defeated"
    assert set(end["eliminated"]) == {"elyse", "ferellon"}
    assert not {"elyse", "ferellon"} & set(end["winners"])


@pytest.mark.rule("DRG-RETREAT-9", "DRG-DEC-47", "DRG-MOUNTAIN-7")
def test_retreats_cross_mountain_borders_even_under_the_storm():
    _, ctx = _game(_exact("hit1"))
    m = ctx.content.map
    assert m.is_mountain(WF, "highpass")
    ctx.data.setdefault("modifiers", []).append({"kind": "mountains_closed", "duration": "round",
                                                 "side": None, "holder": None, "when": {}})
    _control(ctx, "adrael", [r for r in m.neighbours(WF) if r != "highpass"])
    ctx.board("elyse")["region"] = WF
    _units(ctx, "elyse", WF, 2)
    ctx.board("nagasha")["region"] = WF
    ctx.board("nagasha")["health"] = 1
    combat.start(ctx, "nagasha", {"kind": "general", "who": "elyse"}, WF)
    assert DRG.drain(ctx).kind == "counter_or_retreat"
    assert DRG.resume(ctx, "retreat") is None                        # the only qualifying region
    assert ctx.board("elyse")["region"] == "highpass"
    assert _here(ctx, "elyse", "highpass")["infantry"] == 2


@pytest.mark.rule("DRG-RETREAT-10", "DRG-MOVE-7")
def test_a_retreat_never_starts_a_combat_and_the_figure_arrives():
    _, ctx = _game(_exact("hit1"))
    m = ctx.content.map
    _control(ctx, "adrael", [r for r in m.neighbours(WF) if r != "highpass"])
    _neutral(ctx, "highpass", 2)
    ctx.board("elyse")["region"] = WF
    _units(ctx, "elyse", WF, 2)
    ctx.board("nagasha")["region"] = WF
    ctx.board("nagasha")["health"] = 1
    combat.start(ctx, "nagasha", {"kind": "general", "who": "elyse"}, WF)
    assert DRG.drain(ctx).kind == "counter_or_retreat"
    ctx.data["arrived"] = []
    assert DRG.resume(ctx, "retreat") is None
    assert [e.kind for e in ctx.events].count("combat_started") == 1
    assert "elyse" in ctx.data["arrived"]
    assert ctx.data["regions"]["highpass"]["neutral"] == 2


@pytest.mark.rule("DRG-RETREAT-11", "DRG-AI-10", "DRG-RETREAT-7")
def test_an_ai_figure_retreats_only_when_forced_and_its_proxy_picks_the_region():
    _, ctx = _game(_exact("crit1", "blank", "blank"))
    ctx.board("adrael")["region"] = WF
    _units(ctx, "adrael", WF, 1)
    ctx.board("nagasha")["region"] = WF
    ctx.board("nagasha")["health"] = 3
    combat.start(ctx, "nagasha", {"kind": "general", "who": "adrael"}, WF)
    pause = DRG.drain(ctx)
    assert pause.kind == "choose_retreat_region" and ctx.queue[0]["meta"]["seat"] == 0
    assert "counter_or_retreat" not in [e.kind for e in ctx.events]
    DRG.resume(ctx, pause.options[-1])
    assert ctx.board("adrael")["region"] == pause.options[-1]


@pytest.mark.rule("DRG-COMBAT-8", "DRG-DEC-12")
def test_a_human_general_chooses_which_units_it_loses_among_the_listed_ways():
    _, ctx = _game(_exact("crit2"))
    ctx.board("elyse")["region"] = WF
    _units(ctx, "elyse", WF, 1, 1, 1)
    assert combat.side_strength(ctx, {"kind": "general", "who": "elyse"}, WF) == 5
    ctx.board("nagasha")["region"] = WF
    ctx.board("nagasha")["health"] = 1
    combat.start(ctx, "nagasha", {"kind": "general", "who": "elyse"}, WF)
    pause = DRG.drain(ctx)
    assert pause.kind == "allocate_damage"
    assert pause.options == ("lose/infantry.1+cavalry.1", "lose/infantry.1+ranged.1", "lose/cavalry.1+ranged.1")
    DRG.resume(ctx, "lose/cavalry.1+ranged.1")
    assert _here(ctx, "elyse", WF) == {"infantry": 1, "cavalry": 0, "ranged": 0}
    assert combat.side_strength(ctx, {"kind": "general", "who": "elyse"}, WF) == 1   # no set: +0


@pytest.mark.rule("DRG-UPGRADE-5", "DRG-COMBAT-12")
def test_beating_neutral_units_fires_the_attackers_beat_neutral_triggers():
    _, ctx = _game(_exact("crit1"))
    ctx.board("elyse")["upgrades"] = ["up_raiders"]                  # with >= 1 cavalry: take 1 token
    _units(ctx, "elyse", WF, 0, 1)
    _neutral(ctx, WF, 1)
    ctx.data["regions"][WF]["power"] = 2
    ctx.data["supply"]["power"] -= 2
    _set_power(ctx, "elyse", 0)
    combat.start(ctx, "elyse", {"kind": "neutral"}, WF)
    assert DRG.drain(ctx) is None
    assert [e.data["card"] for e in ctx.events if e.kind == "trigger_fired"] == ["up_raiders"]
    assert _pw(ctx, "elyse") == 1 and ctx.data["regions"][WF]["power"] == 1
    _, ctx = _game(_exact("blank", "blank", "blank"))
    ctx.board("elyse")["upgrades"] = ["up_raiders"]
    _units(ctx, "elyse", WF, 0, 1)
    _neutral(ctx, WF, 2)
    combat.start(ctx, "elyse", {"kind": "neutral"}, WF)
    DRG.drain(ctx)
    assert not [e for e in ctx.events if e.kind == "trigger_fired"]  # the neutral units were not beaten
