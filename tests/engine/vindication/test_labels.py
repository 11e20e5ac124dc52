"""Readable labels for legal commands (labels.py): every legal command in seeded positions gets
words in English and Traditional Chinese, with names instead of card or character ids."""
from __future__ import annotations

import random
import re

import pytest

from engine.core import Command, Match
from engine.vindication.content import content
from engine.vindication.game import GAME
from engine.vindication.labels import describe_command
from tests.engine.vindication.positions import table

CJK = re.compile(r"[\u4e00-\u9fff]")
RAW_IDS = re.compile(r"\b(?:[SKICWV]\d\d|CH\d|Q\d\d|E\d\d)\b")


def walked_positions(seed: int, module: bool, steps: int = 160):
    """(view, legal commands) of the deciding seat along a seeded random game."""
    match = Match.new("vindication", 3, seed=seed, options={"villages_hamlets": module}, seats=["human"] * 3)
    rng = random.Random(seed)
    for _ in range(steps):
        state = match.state
        if state.is_terminal():
            return
        seat = state.deciders()[0]
        legal = state.legal(seat)
        yield state.view(seat), legal
        match.apply(rng.choice(legal))


@pytest.mark.parametrize(("seed", "module"), [(1, False), (2, True), (7, False), (11, True)])
def test_every_legal_command_gets_words_in_both_languages(seed: int, module: bool) -> None:
    for view, legal in walked_positions(seed, module):
        for command in legal:
            english = describe_command(command, "en", view)
            chinese = describe_command(command, "zh_TW", view)
            for label in (english, chinese):
                assert label and "{" not in label and "}" not in label, (command, label)
                assert not RAW_IDS.search(label), (command, label)
            assert CJK.search(chinese), (command, chinese)
            assert english != str(command)


def test_the_examples_of_the_brief() -> None:
    game = table(players=2, regions={"R08": "inn"})
    view = game.match.state.view(0)
    assert describe_command("answer CH1", "en") == "The Turncoat"
    assert describe_command("answer draw2", "en") == "Draw 2 quests"
    assert describe_command("answer faceup", "en") == "Take the face-up card"
    assert describe_command("answer S,S", "en") == "2 strength"
    assert describe_command("0: visit R08 choice=K", "en", view) == "Visit the Inn (R08): knowledge companion"
    assert describe_command("activate K03", "en") == f"Activate {content().cards['K03'].name.en}"
    assert describe_command("end_turn", "en") == "End turn"
    assert describe_command("upgrade C", "en") == "Upgrade to courage"
    assert describe_command("upgrade C", "zh_TW") == "屬性升級為勇氣"
    assert describe_command("0: visit R08", "zh_TW", view) == "造訪旅館（R08）"


def test_a_space_without_a_view_keeps_its_id_and_the_contract_delegates() -> None:
    assert describe_command("visit R08", "en") == "Visit R08"
    assert GAME.describe_command(Command.parse("answer CH1"), "zh_TW") == "變節者"
