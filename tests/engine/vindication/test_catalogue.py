"""The card catalogue the engine loads is the one the specification designs (spec 7.3–7.6).

Read from ../shared/rules/vindication.md when it is there: names, honor, reaction, activation
gains, ability types and relic charges must agree card by card, so a typo in the YAML is caught.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.core import Command, Refused
from engine.vindication.content import content
from tests.engine.vindication.scenario import Scenario

SPEC = Path(__file__).resolve().parents[3].parent / "shared" / "rules" / "vindication.md"
ROW = re.compile(r"^\| ([SKIMCWV]\d\d) \| ([^|]+?) \| (.+)$")

pytestmark = pytest.mark.skipif(not SPEC.exists(), reason="the specification is not beside the project")


def spec_rows() -> dict[str, list[str]]:
    rows: dict[str, list[str]] = {}
    for line in SPEC.read_text(encoding="utf-8").splitlines():
        match = ROW.match(line)
        if match and match.group(1)[0] in "SKICWV":
            cells = [c.strip() for c in match.group(3).rstrip("|").split("|")]
            rows[match.group(1)] = [match.group(2).strip(), *cells]
    return rows


def gains_text(card) -> str:
    return " ".join(f"{g.kind}{g.max}" for g in card.gains)


@pytest.mark.rule("VIN-DEC-13", "VIN-DEC-14")
def test_every_card_of_the_specification_is_loaded_as_designed():
    rows = spec_rows()
    cards = content().cards
    assert sorted(rows) == sorted(cards), "the catalogue and the content files list different cards"
    assert len(cards) == 72 and all(len(ids) == 12 for ids in content().decks.values())
    for card_id, row in rows.items():
        card = cards[card_id]
        english, chinese = (part.strip() for part in row[0].split(" / "))
        assert (card.name.en, card.name.zh) == (english, chinese), card_id
        assert card.honor == int(row[1].replace("−", "-")), card_id
        if card.deck.startswith("companion_"):
            reaction, gains, ability = row[2], row[3], row[4]
            assert card.reaction == int(reaction), card_id
            assert gains_text(card) == gains, card_id
            assert ability.startswith(card.ability.type), card_id
            assert card.no_start == (row[6] == "NS"), card_id
        elif card.deck == "relic":
            assert card.ability.type == "relic" and card.ability.charges == int(row[2]), card_id
        elif card.deck == "trait":
            assert row[2].split(" ")[0] in (card.ability.type, "none"), card_id
        else:  # monsters: an end-game bonus, or none
            assert bool(card.end_bonus) == (row[2] != "—"), card_id


@pytest.mark.rule("VIN-DEC-43")
def test_other_modules_pets_included_are_out_of_scope():
    game = Scenario.start(players=2, seed=1)
    before = game.match.digest()
    with pytest.raises(Refused) as refusal:
        game.match.apply(Command.parse("move_pet T01"))
    assert refusal.value.rule_id == "VIN-TURN-2" and game.match.digest() == before
    assert not any(c.verb.endswith("pet") for c in game.match.state.legal())
