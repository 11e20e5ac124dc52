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
    assert describe(moved) == "Player 1 moves to Isolation Room."
    assert describe(moved, "zh_TW") == "玩家 1 移動到隔離室。"
    appeared = Event("intruder_appeared", {"intruder": "I1", "type": "adult", "room": "R002"})
    assert describe(appeared) == "A Adult appears in Room 002." or "Adult" in describe(appeared)
    assert "成蟲" in describe(appeared, "zh_TW") and "房間 002" in describe(appeared, "zh_TW")
    drafted = Event("character_drafted", {"seat": 1, "character": "lab_rat"})
    assert "實驗鼠" in describe(drafted, "zh_TW")
    assert describe(Event("made_up_kind", {"x": 1})) == "made_up_kind(x=1)"
