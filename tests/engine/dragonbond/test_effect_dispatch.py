"""Card effects are primitives of Dragonbond's one interpreter (engine/dragonbond/effects.py): declared
as ``effect.<name>`` with their checks as parameter types, handled by the rule module of their area,
and reached from the queued ``effect`` step by name (``DRG.call``), with no second table."""
from __future__ import annotations

import pytest

from engine.core.content import FieldError
from engine.core.effects import EffectError, to_plain
from engine.dragonbond import game  # noqa: F401  (loads the rule areas, which attach the handlers)
from engine.dragonbond.content import content
from engine.dragonbond.effects import DRG, card_effect
from engine.dragonbond.rules import card_effects
from engine.dragonbond.vocabulary import EFFECTS, PRIMITIVES, walk

from .scenario import rule_ctx, started


def _card_effects() -> list[tuple[str, str, object]]:
    c = content()
    cards = {**c.event_cards, **c.vaala_cards, **c.upgrade_cards, **c.dragonbond_cards}
    return [(card_id, name, args) for card_id, card in cards.items() for name, args in walk(card.effects)]


def test_every_card_effect_is_a_drg_primitive_with_a_handler_and_its_legality_check_under_the_same_name():
    assert DRG.unhandled() == []
    for name in PRIMITIVES:
        with pytest.raises(EffectError, match=f"{card_effect(name)} has no parameter 'nonsense'"):
            DRG.call(None, card_effect(name), {"nonsense": 1})        # declared: its parameters are known
    assert set(card_effects.LEGAL) == {card_effect(name) for name in (
        "steal_power", "collect_power", "heal", "place_units", "remove_units", "push_units", "remove_city",
        "grant_icon")}


def test_the_cores_loader_reads_every_printed_card_effect_as_the_content_decoder_did():
    checked = 0
    for card_id, name, args in _card_effects():
        if name == "grant_icon":     # its file form spells the icon's parameters beside `icon`
            continue
        loaded = DRG.decode_effect({card_effect(name): to_plain(args)}, (card_id,))
        assert {key: loaded.params[key] for key in args} == dict(args), (card_id, name)
        checked += 1
    assert checked > 40


@pytest.mark.parametrize("effect", [
    {"heal": {"who": "someone", "n": 1}},
    {"add_power": {"where": {"no_power": True}, "n": 0}},
    {"remove_units": {"where": {"no_pwer": True}, "n": 1, "owners": "non_ally", "chooser": "self"}},
    {"trigger": {"on_event": "fly_start", "then": [{"gain_power": {"who": "self", "n": "two"}}]}},
])
def test_a_bad_card_effect_fails_the_cores_loader_with_dragonbonds_own_message(effect):
    [(name, args)] = effect.items()
    with pytest.raises(FieldError) as by_decoder:
        EFFECTS.decode_content([effect], ())
    with pytest.raises(FieldError) as by_core:
        DRG.decode_effect({card_effect(name): args})
    assert by_core.value.reason == by_decoder.value.reason


def test_the_card_effect_oath_check_and_the_step_oath_check_are_two_primitives():
    with pytest.raises(FieldError, match="oath_check has no parameter 'scope'"):
        DRG.decode_effect({"oath_check": {"scope": "all_pairs"}})            # the step after each card
    assert DRG.decode_effect({card_effect("oath_check"): {"scope": "all_pairs"}}).params["scope"] == "all_pairs"


def test_a_card_effect_stays_one_effect_step_in_the_queue_and_runs_through_the_interpreter():
    state = started(("elyse",))
    ctx = rule_ctx(state)
    ev06 = content().event_cards["ev06"].effects
    card_effects.queue_effects(ctx, None, ev06, "ev06")
    assert [(item["primitive"], item["params"]) for item in ctx.queue] == [
        ("effect", {"effect": {"oath_check": {"scope": "all_pairs"}}, "actor": None, "source": "ev06",
                    "region": None, "target": None})]
    boards = ctx.data["boards"]
    general = next(ch for ch, b in boards.items() if b["role"] == "general" and not b["bonded_with"])
    dragon = next(ch for ch, b in boards.items() if b["role"] == "dragon" and not b["bonded_with"])
    boards[dragon]["region"] = boards[general]["region"]     # a pair that must take the oath (DRG-OATH-4)
    DRG.drain(ctx)
    rolled = [e.data for e in ctx.events if e.kind == "oath_rolled"]
    assert [(f["general"], f["dragon"]) for f in rolled][:1] == [(general, dragon)]


def test_an_effect_step_reaches_only_card_effects():
    state = started(("elyse",))
    ctx = rule_ctx(state)
    ctx.push({"effect": {"effect": {"finish_card": {}}, "actor": "elyse", "source": "ev06"}}, seat=0)
    with pytest.raises(EffectError, match="unknown effect 'effect.finish_card'"):
        DRG.drain(ctx)
