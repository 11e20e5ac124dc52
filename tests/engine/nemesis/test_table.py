"""The table in words (Game.describe_table), built from one seat's view: what the app shows until the
board is drawn. Each seat reads its own hand by name and only counts of the others'; nothing face
down (tiles, Weaknesses, other players' objectives and cards) is ever named (spec 8, NEM-VIEW-1)."""
from __future__ import annotations

import re

import pytest

from engine.bots import bot_rng, make_bot
from engine.core import Match, Rng
from engine.nemesis.content import content
from engine.nemesis.game import GAME
from engine.nemesis.log import _action_card
from engine.nemesis.rules.hand import card_kind


def mid_game(seed: int = 6, commands: int = 40, kind: str = "random") -> Match:
    """Two players, a few dozen commands into a seeded game played by bots (seed 6: round 5, both
    hands hold cards the other does not)."""
    match = Match.new("nemesis", 2, mode="standard", seed=seed)
    bot = make_bot(kind, match.game)
    rngs = {s: bot_rng(seed, s) for s in range(2)}
    for _ in range(commands):
        seat = match.state.deciders()[0]
        match.apply(bot.choose(match.state.view(seat), match.state.legal(seat), rngs[seat]))
    assert not match.state.is_terminal()
    return match


def hand_names(match: Match, seat: int) -> set[str]:
    return {_action_card(card_kind(c), "en") for c in match.state.data["players"][seat]["hand"]
            if not c.startswith("CONT")}


def plain_text(html: str) -> str:
    return re.sub(r"<[^>]+>", " ", html)


@pytest.mark.rule("NEM-VIEW-1", "NEM-VIEW-2")
def test_each_seat_reads_its_own_hand_by_name_and_only_a_count_of_the_others():
    match = mid_game()
    data = match.state.data
    for seat, other in ((0, 1), (1, 0)):
        text = GAME.describe_table(GAME.view(data, seat), "en")
        mine, theirs = hand_names(match, seat), hand_names(match, other) - hand_names(match, seat)
        assert mine and theirs, "the seeded game should leave both hands holding different cards"
        assert all(name in text for name in mine)
        assert not any(re.search(rf"\b{re.escape(name)}\b", text.replace("Master Override", ""))
                       for name in theirs), theirs
        assert f"{len(data['players'][other]['hand'])} card(s) in hand" in text
        character = content().characters[data["players"][seat]["character"]].name.en
        assert f"{character} (you)" in text
    assert "Round " in text and "The Facility" in text and "Intruder bag" in text


def test_the_table_reads_in_traditional_chinese_without_english_headings():
    match = mid_game()
    text = GAME.describe_table(GAME.view(match.state.data, 0), "zh_TW")
    assert "輪" in text and "設施" in text and "角色" in text and "入侵者抽袋" in text and "未探索" in text
    for english in ("Round", "Characters", "The Facility", "Around the board", "Intruder bag", "unexplored",
                    "Player ", "hand:"):
        assert english not in text, english


def hidden_names(match: Match, seat: int) -> tuple[set[str], set[str]]:
    """Names the seat may not read: face-down tiles; face-down Weaknesses, the other players'
    objectives and hand cards (minus any name it sees for another reason)."""
    c = content()
    data = match.state.data
    me = data["players"][seat]
    explored = {r["tile"] for r in data["rooms"].values() if r["explored"]}
    found = {c.tiles[r["tile"]].name.en for r in data["rooms"].values()
             if not r["explored"] and r["tile"] not in explored}
    found -= {c.tiles[t].name.en for t in explored}
    tiles, found = found, set()
    found |= {c.weaknesses[w["id"]].name.en for w in data["weaknesses"] if not w["revealed"]}
    found -= {c.weaknesses[w["id"]].name.en for w in data["weaknesses"] if w["revealed"]}
    for p in data["players"]:
        if p["seat"] != seat:
            found |= ({c.objectives[o].name.en for o in p["objectives"]}
                      - {c.objectives[o].name.en for o in me["objectives"]})
            found |= hand_names(match, p["seat"]) - hand_names(match, seat)
    quests = {c.items[p["quest"]["id"]].name.en for p in data["players"] if p.get("quest")}   # public
    found = {name for name in found if not any(re.search(rf"\b{re.escape(name)}\b", q) for q in quests)}
    return tiles, found


@pytest.mark.rule("NEM-VIEW-1")
@pytest.mark.parametrize("seed,commands,kind", [(6, 40, "random"), (1, 25, "random"), (9, 60, "heuristic")])
def test_the_text_names_nothing_the_view_hides(seed: int, commands: int, kind: str):
    match = mid_game(seed, commands, kind)
    data = match.state.data
    for seat in (0, 1):
        text = GAME.describe_table(GAME.view(data, seat), "en")
        tiles, others = hidden_names(match, seat)
        assert tiles and others
        board = plain_text(text.split("Around the board")[0])     # below it "Nest: 6 Eggs" is no tile
        leaked = {name for name in tiles if re.search(rf"\b{re.escape(name)}\b", board)}
        leaked |= {name for name in others if re.search(rf"\b{re.escape(name)}\b", plain_text(text))}
        assert not leaked, (seat, leaked)
        # and the words depend on nothing the seat cannot see: a state dealt again looks the same
        for k in range(3):
            other = GAME.resample_hidden(data, seat, Rng(k))
            assert GAME.describe_table(GAME.view(other, seat), "en") == text
