"""Every log event names the spec rule it comes from, and every rule area has a short name in both
languages; the IDs are checked against ../shared/rules/vindication.md when it is there."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.bots import make_bot, play_out
from engine.core import Event, Match, rules_game
from engine.vindication import rule_refs
from engine.vindication.game import GAME

ENGINE = Path(rule_refs.__file__).resolve().parent
SPEC = Path(__file__).resolve().parents[3].parent / "shared" / "rules" / "vindication.md"
needs_spec = pytest.mark.skipif(not SPEC.is_file(), reason="the specification is not next to the repository")


def emitted_kinds() -> set[str]:
    """Every event kind the rules emit (``ctx.emit("kind", …)``), and the shared game skeleton for
    them (``private_choice``)."""
    pattern = re.compile(r"\bemit\(\s*\"([a-z_]+)\"")
    sources = [*ENGINE.rglob("*.py"), Path(rules_game.__file__)]
    return {kind for path in sources for kind in pattern.findall(path.read_text(encoding="utf-8"))}


def spec_rule_ids() -> set[str]:
    return set(re.findall(r"\*\*((?:VIN|VVH)-[A-Z]+-\d+)\b", SPEC.read_text(encoding="utf-8")))


def test_every_emitted_kind_has_a_rule_and_the_table_has_no_stale_kind() -> None:
    kinds = emitted_kinds()
    assert len(kinds) > 50  # the scan found the rules
    assert kinds - rule_refs.KIND_RULES.keys() == set()
    assert rule_refs.KIND_RULES.keys() - kinds == set()
    assert rule_refs.REFINED_RULES.keys() == rule_refs.REFINE_KEYS.keys() <= rule_refs.KIND_RULES.keys()


@needs_spec
def test_every_rule_id_exists_in_the_spec() -> None:
    defined = spec_rule_ids()
    assert len(defined) > 300
    assert sorted(rule_refs.all_rule_ids() - defined) == []


@needs_spec
def test_every_rule_area_of_the_spec_has_titles_in_both_languages() -> None:
    areas = {rule_refs.rule_area(rule) for rule in spec_rule_ids()}
    assert sorted(areas - rule_refs.AREA_TITLES.keys()) == []
    for rule in sorted(spec_rule_ids()):
        english, chinese = GAME.rule_title(rule, "en"), GAME.rule_title(rule, "zh_TW")
        assert english and chinese and english != chinese, rule
        assert re.search(r"[\u4e00-\u9fff]", chinese), rule


def test_titles_name_the_area_of_a_rule() -> None:
    assert GAME.rule_title("VIN-MOVE-4") == "Moving"
    assert GAME.rule_title("VIN-MOVE-4", "zh_TW") == "移動"
    assert GAME.rule_title("VVH-CHECK-3", "zh") == "屬性檢定"
    assert GAME.rule_title("CORE-TURN-1") == "" and GAME.rule_title("") == ""


@pytest.mark.parametrize(("event", "rule"), [
    (Event("token_moved", {"seat": 0, "path": ["T25", "T13"]}), "VIN-MOVE-1"),
    (Event("die_rolled", {"die": "monster", "face": "skull", "seat": 0}), "VIN-MONSTER-5"),
    (Event("die_rolled", {"die": "attribute", "face": "S", "seat": 0}), "VIN-REGION-11"),
    (Event("honor_changed", {"seat": 1, "delta": 2, "reason": "R03 visited"}), "VIN-VISIT-7"),
    (Event("honor_changed", {"seat": 0, "delta": 2, "reason": "control of R03"}), "VIN-CONTROL-5"),
    (Event("honor_changed", {"seat": 0, "delta": 1, "reason": "S05"}), "VIN-HONOR-2"),
    (Event("control_changed", {"space": "R03", "previous": 1, "controller": 0}), "VIN-CONTROL-3"),
    (Event("control_changed", {"space": "R03", "previous": 0, "controller": None}), "VIN-RECOVER-5"),
    (Event("activated", {"seat": 0, "source": "self"}), "VIN-ACTIVATE-2"),
    (Event("round_started", {"round": 1}), "VIN-SETUP-18"),
    (Event("round_started", {"round": 4}), "VIN-TURN-10"),
    (Event("end_trigger_revealed", {"card": "E01"}, reveals=True), "VIN-HONOR-4"),
    (Event("recovered", {"seat": 0, "location": "S", "n": 2}), "VIN-RECOVER-4"),
    (Event("token_relocated", {"seat": 0, "to": "F3"}), "VVH-PORT-2"),
    (Event("token_relocated", {"seat": 0, "to": "T29"}), "VVH-PORT-3"),
    (Event("no_such_kind", {}), ""),
], ids=lambda value: value.kind if isinstance(value, Event) else value)
def test_an_event_names_the_rule_that_governs_it(event: Event, rule: str) -> None:
    assert GAME.event_rule(event) == rule


def test_every_event_of_a_real_game_names_a_rule() -> None:
    match = Match.new("vindication", 2, seed=5, options={"villages_hamlets": True})
    bots = {seat: make_bot("heuristic", match.game) for seat in range(2)}
    play_out(match, bots, rng_seed=5)  # a whole game: setup, turns, end and scoring
    events = match.events_for(0)
    assert len(events) > 100
    assert [e.kind for e in events if not GAME.event_rule(e)] == []
