"""The table in words (Game.describe_table), built from one seat's view: what the app shows until
the map is drawn. Hidden things stay hidden: other hands and the faces of others' stack cards."""
from __future__ import annotations

import pytest

from engine.dragonbond.game import GAME

from .scenario import play, started


@pytest.mark.rule("DRG-HIDDEN-2", "DRG-HIDDEN-3")
def test_each_seat_reads_its_own_cards_by_name_and_only_kinds_and_placers_of_the_others():
    state = started(("elyse", "nagasha"), first=0)
    play(state, "0: place ely_a2")
    play(state, "1: place nag_a3")
    mine = GAME.describe_table(GAME.view(state.data, 0), "en")
    assert "Muster the Banners (yours)" in mine and "Coil and Crush" not in mine
    assert "action card placed by Nagasha" in mine
    assert "Royal Advance" in mine                                   # still in Elyse's hand
    theirs = GAME.describe_table(GAME.view(state.data, 1), "en")
    assert "Coil and Crush (yours)" in theirs and "Muster the Banners" not in theirs
    assert "hand: 4 action, 1 region cards" in theirs                # Elyse's hand as counts


def test_the_table_reads_in_traditional_chinese_too():
    state = started(("elyse",), first=0)
    text = GAME.describe_table(GAME.view(state.data, 0), "zh_TW")
    assert "第 1 輪" in text and "瓦勒納" in text and "艾拉瑞亞王畿" in text and "Round" not in text
