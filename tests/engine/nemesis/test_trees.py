"""The effect-tree interpreter (spec 7.1): selectors and filters, ``choose`` bound to the command's
targets, ``lowest_order``, structure (choice / seq / if / for_each / once_per), conditions, planning."""
from __future__ import annotations

import pytest

from engine.core import Refused
from engine.nemesis import trees
from engine.nemesis.vocabulary import EFFECT

from .scenario import add_intruder, ctx, data, explored, place, started


def tree(raw):
    return EFFECT.decode_content(raw, ())


def _game():
    match = started(3, characters=["sentry", "janitor", "hacker"])
    place(match, 0, "R008")
    place(match, 1, "R008")
    place(match, 2, "REP")
    return match


def _values(match, raw, **bindings):
    walk = trees.Walk(ctx(match))
    return walk.value(tree([raw])[0] if not isinstance(raw, str) else raw, bindings)


def test_character_selectors_and_filters():
    match = _game()
    data(match)["players"][1]["slime"] = True
    assert _values(match, {"each_character": {"in_room": "actor_room"}}) == [0, 1]
    assert _values(match, {"character": [{"in_room": "actor_room"}, "other"]}) == [1]
    assert _values(match, {"each_character": "has_slime"}) == [1]
    assert _values(match, {"each_character": {"hand_le": 10}}) == [0, 1, 2]
    assert _values(match, "self") == 0 and _values(match, "actor_room") == "R008"


def test_intruder_room_and_corridor_selectors():
    match = _game()
    iid = add_intruder(match, "adult", "R008")
    add_intruder(match, "larva", "REP")
    assert _values(match, {"each_intruder": {"in_room": "actor_room"}}) == [iid]
    assert _values(match, {"intruder": {"type_in": ["larva"]}}) != [iid]
    assert "R008" in _values(match, {"room": "has_intruder"}) and "REP" in _values(match, {"room": "has_intruder"})
    assert _values(match, {"room": [{"tile": "repository"}, "has_character"]}) == ["REP"]
    data(match)["corridors"]["C16"]["door"] = "closed"
    assert _values(match, {"corridor": [{"of_room": "REP"}, {"door": "closed"}]}) == ["C16"]
    assert "ALR" not in _values(match, {"room": {"reachable_from": "REP"}})


def test_choose_takes_the_commands_targets_in_order():
    match = _game()
    explored(match, "R008", "laboratory", 2)
    c = ctx(match)
    effect = tree([{"slime": [{"choose": {"character": {"in_room": "actor_room"}}}, "add"]},
                   {"slime": [{"choose": {"character": {"in_room": "actor_room"}}}, "add"]}])
    assert trees.plans(c, effect) == [(None, (0, 0)), (None, (0, 1)), (None, (1, 0)), (None, (1, 1))]
    trees.run_tree(c, effect, None, (1, 1))
    assert data(match)["players"][1]["slime"] and not data(match)["players"][0]["slime"]
    with pytest.raises(Refused):
        trees.check_plan(c, effect, None, (2, 1))
    with pytest.raises(Refused):
        trees.check_plan(c, effect, None, (1,))


def test_lowest_order_is_the_first_in_board_order():
    match = _game()
    assert _values(match, {"lowest_order": {"room": "has_character"}}) == "R008" or \
        _values(match, {"lowest_order": {"room": "has_character"}}) == data(match)["players"][0]["room"]
    order = [r for r in ctx(match).content.board.order if r in ("R008", "REP")]
    assert _values(match, {"lowest_order": {"room": "has_character"}}) == order[0]


def test_choice_runs_only_the_named_option():
    match = _game()
    c = ctx(match)
    effect = tree([{"choice": [{"knowledge": ["self", 2]}, {"slime": ["self", "add"]}]}])
    assert trees.plans(c, effect) == [(0, ()), (1, ())]
    trees.run_tree(c, effect, 1)
    assert data(match)["players"][0]["knowledge"] == 1 and data(match)["players"][0]["slime"]
    with pytest.raises(Refused) as refused:
        trees.check_plan(c, effect, None, ())
    assert refused.value.rule_id == "NEM-ACTION-9"


def test_seq_if_and_for_each():
    match = _game()
    c = ctx(match)
    effect = tree([{"for_each": [{"each_character": {"in_room": "actor_room"}},
                                 {"if": ["has_slime", {"knowledge": ["it", 1]}, {"slime": ["it", "add"]}]}]},
                   {"knowledge": ["self", 1]}])
    data(match)["players"][1]["slime"] = True
    data(match)["players"][1]["knowledge"] = 0
    trees.run_tree(c, effect)
    assert data(match)["players"][0]["knowledge"] == 2 and data(match)["players"][0]["slime"]
    assert data(match)["players"][1]["knowledge"] == 1


def test_once_per_round():
    match = _game()
    c = ctx(match)
    effect = tree([{"once_per": ["round", {"knowledge": ["self", 1]}]}])
    trees.run_tree(c, effect)
    trees.run_tree(c, effect)
    assert data(match)["players"][0]["knowledge"] == 2
    data(match)["round"] += 1
    trees.run_tree(c, effect)
    assert data(match)["players"][0]["knowledge"] == 3


def test_conditions():
    match = _game()
    c = ctx(match)
    walk = trees.Walk(c)
    assert walk.cond(tree(["out_of_combat"])[0], {}) and not walk.cond(tree(["in_combat"])[0], {})
    add_intruder(match, "adult", "R008")
    assert walk.cond(tree(["in_combat"])[0], {})
    assert walk.cond(tree([{"room_has": ["intruder"]}])[0], {})
    assert walk.cond(tree(["other_in_room"])[0], {})
    assert not walk.cond(tree([{"knowledge_ge": 2}])[0], {})
    data(match)["players"][0]["quest"] = {"id": "field_notes", "active": True}
    assert not walk.cond(tree([{"knowledge_ge": 3}])[0], {})    # activated, but not held (traded away)
    data(match)["players"][0]["inventory"].append({"item": "field_notes", "ammo": None})
    assert walk.cond(tree([{"knowledge_ge": 3}])[0], {})        # Field Notes: +2 for requirements


def test_unhandled_primitives_are_reported_not_dropped():
    match = _game()
    c = ctx(match)
    saved = trees.HANDLERS.pop("signal")
    try:
        trees.run_tree(c, tree([{"signal": "self"}]))
    finally:
        trees.HANDLERS["signal"] = saved
    assert [e.data for e in c.events if e.kind == "effect_not_ready"] == [{"primitive": "signal"}]


def test_attack_cards_resolve_against_the_bound_target():
    match = _game()
    c = ctx(match)
    trees.run_tree(c, tree([{"wound": ["target", "light", 1]}]), target=1)
    assert data(match)["players"][1]["light"] == 1 and data(match)["players"][0]["light"] == 0
