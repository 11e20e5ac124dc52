"""Event log lines (engine/nemesis/log.py): every kind emitted anywhere in engine/nemesis has a
line in English and in Traditional Chinese, and real games describe without falling back."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.bots import make_bot, play_out
from engine.core import Event, Match
from engine.nemesis.log import TEMPLATES, describe

ENGINE = Path(__file__).resolve().parents[3] / "engine" / "nemesis"
LITERAL = re.compile(r"""emit\(\s*["']([a-z_]+)["']""")
# kinds built with an f-string (board_markers: f"{kind}_placed" / f"{kind}_removed")
DYNAMIC = {"fire_placed", "fire_removed", "malfunction_placed", "malfunction_removed"}


def emitted_kinds() -> set[str]:
    found = set(DYNAMIC)
    for path in ENGINE.rglob("*.py"):
        found |= set(LITERAL.findall(path.read_text("utf-8")))
    return found


def test_every_emitted_kind_has_a_line_in_both_languages():
    missing = sorted(kind for kind in emitted_kinds() if kind not in TEMPLATES)
    assert missing == [], f"add log lines to engine/nemesis/log.py TEMPLATES for {missing}"
    for kind, (en, zh) in TEMPLATES.items():
        assert en and zh and en != zh, kind


@pytest.mark.parametrize("mode,players", [("standard", 4), ("solo", 1), ("coop", 3)])
def test_game_events_are_described_without_fallback(mode, players):
    match = Match.new("nemesis", players, mode=mode, seed=7, seats=["bot:heuristic"] * players)
    play_out(match, {s: make_bot("heuristic", match.game) for s in range(players)}, rng_seed=7)
    for step in match.history:
        for event in step.events:
            if event.kind not in TEMPLATES:
                continue
            for language in ("en", "zh_TW"):
                line = match.game.describe(event, language)
                assert not line.startswith(event.kind + "("), (language, event)
                assert "{" not in line, line


def test_lines_use_content_names_and_glossary_terms():
    moved = Event("character_moved", {"seat": 0, "to": "ISO"})
    assert describe(moved) == "Player 1 moves to the Isolation Room."
    assert describe(moved, "zh_TW") == "玩家 1 移動到隔離室。"
    appeared = Event("intruder_appeared", {"intruder": "I1", "type": "adult", "room": "R002"})
    assert describe(appeared) == "An Adult appears in Room 002."
    assert "成蟲" in describe(appeared, "zh_TW") and "房間 002" in describe(appeared, "zh_TW")
    drafted = Event("character_drafted", {"seat": 1, "character": "lab_rat"})
    assert "實驗鼠" in describe(drafted, "zh_TW")
    assert describe(Event("made_up_kind", {"x": 1})) == "made_up_kind(x=1)"


def lines(kind: str, /, **data) -> tuple[str, str]:
    event = Event(kind, data)
    return describe(event), describe(event, "zh_TW")


def test_an_before_a_vowel():
    assert lines("intruder_appeared", intruder="I1", type="larva", room="R002")[0] == "A Larva appears in Room 002."
    assert lines("object_taken", seat=0, object="egg", room="R008")[0] == "Player 1 picks up an Egg in Room 008."
    assert lines("object_removed", object="carcass", room="ALR")[0] == \
        "An Intruder Carcass is removed from the Alert Room."
    assert lines("bag_added", type="adult") == ("An Adult token is added to the intruder bag.",
                                                "一個成蟲標記加入入侵者抽袋。")


def test_the_three_elevator_rooms_and_two_staircases_are_named_apart():
    en = {room: lines("character_moved", seat=0, to=room) for room in ("EL1", "EL2", "EL3", "ST12", "ST23")}
    assert en["EL1"] == ("Player 1 moves to the Elevator Room S-01.", "玩家 1 移動到電梯間 S-01。")
    assert en["EL3"][0] == "Player 1 moves to the Elevator Room S-03."
    assert en["ST23"] == ("Player 1 moves to the Emergency Staircase ES-2.", "玩家 1 移動到緊急樓梯間 ES-2。")
    assert len({en_line for en_line, _ in en.values()}) == len({zh for _, zh in en.values()}) == 5
    assert lines("character_moved", seat=0, to="R008")[0] == "Player 1 moves to Room 008."    # no "the"


def test_counts_read_in_the_singular_and_plural():
    assert lines("cards_drawn", seat=0, n=1)[0] == "Player 1 draws 1 Action card."
    assert lines("cards_drawn", seat=0, n=5)[0] == "Player 1 draws 5 Action cards."
    assert lines("intruder_injured", intruder="I1", n=1, injuries=2)[0] == "An intruder takes 1 Injury (2 in all)."
    assert lines("intruder_injured", intruder="I1", n=2, injuries=2)[0] == "An intruder takes 2 Injuries (2 in all)."
    assert lines("passed", seat=1, discarded=0) == ("Player 2 passes.", "玩家 2 跳過。")
    assert lines("passed", seat=1, discarded=2) == ("Player 2 passes and discards 2 cards.",
                                                    "玩家 2 跳過並棄掉 2 張牌。")


def test_no_raw_ids_or_english_words_in_lines():
    assert lines("room_action", seat=1, action="send_signal", room="R008") == (
        "Player 2 performs the Room action Send a Signal in Room 008.",
        "玩家 2 在房間 008 執行房間板塊行動：發送信號。")
    assert lines("action_declared", seat=0, action="careful_move") == (
        "Player 1 declares an action: Careful Movement.", "玩家 1 宣告行動：輕聲移動。")
    assert lines("action_declared", seat=0, action="card", card="vents")[0] == "Player 1 declares an action: Vents."
    assert lines("combat_roll", seat=1, die="combat", face="ADULT") == (
        "Player 2 rolls the Combat die: Adult.", "玩家 2 擲戰鬥骰：成蟲。")
    assert lines("combat_result", seat=1, attack="shoot", target="I1", face="HIT2", injuries=2)[0] == \
        "Player 2's shot: 2 Injuries."
    assert lines("bag_development", type="blank") == ("Bag development: Blank.", "增殖：空白。")
    assert lines("search", seat=0, deck="yellow", n=2) == (
        "Player 1 searches the yellow deck (2 cards drawn).", "玩家 1 搜索黃色牌庫（抽 2 張）。")
    assert lines("deck_reshuffled", deck="event") == (
        "The Event discard pile is shuffled into a new deck.", "事件棄牌堆洗成新的牌庫。")
    assert lines("power_flipped", location="ELEVATOR", token=1, active=True)[0] == \
        "Power token 1 (the Elevator) is now active."
    assert lines("power_flipped", location="S02", token=3, active=False) == (
        "Power token 3 (S-02) is now inactive.", "電源 3（S-02）現在沒電。")
    assert lines("peek", seat=0, kind="css", where=5) == (
        "Player 1 looks at the face-down CSS token of slot 5.", "玩家 1 查看了第 5 格的面朝下 CSS 標記。")
    assert lines("peek_result", seat=4, kind="tiles", where="R012", what="transmitter_control")[0] == \
        "You look at the face-down Room tile of Room 012: Transmitter Control Room."
    assert lines("scan_result", cards={"CONT10": "clean", "CONT09": "INFECTED"}) == (
        "Scan: clean, infected.", "掃描結果：乾淨、感染。")
    assert lines("echo_confusion", seat=0, choice="silence")[0] == "Player 1 resolves the Danger as Silence."
    assert lines("selfdestruct_started", slot=0) == ("Autodestruction starts (slot S).", "自毀程序啟動（S 格）。")
    assert lines("time_token_flipped", active=True)[0] == "The Time token is flipped to its blue side."
    assert lines("victory_check", result={"0": {"alive": True, "won": True}})[0] == \
        "Victory Check: Player 1: alive, wins."


def test_chinese_lines_space_latin_letters_and_digits_from_chinese():
    assert lines("slime", seat=1, on=True)[1] == "玩家 2 獲得黏液標記。"
    assert lines("traded", giver=2, receiver=1, thing="stun_pistol")[1] == "玩家 3 交給玩家 2 電擊手槍。"
    assert lines("noise_roll", seat=1, room="R009", face="2")[1] == "玩家 2 在房間 009 進行噪音判定：2。"


@pytest.mark.parametrize("seed,players,mode", [(1, 3, "standard"), (2, 4, "standard"), (3, 1, "solo"),
                                               (4, 3, "coop")])
def test_whole_games_read_without_glitches(seed, players, mode):
    """Every line of seeded games (public and private, both languages): no "a" before a vowel, no
    "(s)", no doubled stop, no raw ids or upper-case codes, no Latin words in the Chinese."""
    match = Match.new("nemesis", players, mode=mode, seed=seed, seats=["bot:heuristic"] * players)
    play_out(match, {s: make_bot("heuristic", match.game) for s in range(players)}, rng_seed=seed)
    raw = re.compile(r"\b(CONT\d+|[a-z]+_[a-z_]+|BLANK|CREEPER|ADULT|HIT\d\w*|DISCARD\w*|INFECTED|ELEVATOR|"
                     r"DANGER|SILENCE|S0\d|blank)\b")
    for step in match.history:
        for event in step.events:
            en, zh = describe(event), describe(event, "zh_TW")
            for line in (en, zh):
                assert ".." not in line and "。。" not in line and ".。" not in line, line
            assert not re.search(r"\b[Aa] [AEIOU]", en) and "(s)" not in en and "(ies)" not in en, en
            assert not raw.search(en), en
            assert not re.search(r"[a-z]{3,}", zh.replace("Only", "")), zh
