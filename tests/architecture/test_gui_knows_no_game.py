"""`gui/` draws any game from what the game describes: no game's name, verb or term appears in
its code, strings or comments. A word here that a generic GUI also needs (move, pass, answer…)
is left out on purpose; what is listed is each game's own vocabulary."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.core import games

GUI = Path(__file__).resolve().parents[2] / "gui"

# Each game's own words: its distinctive verbs, the keys its old summaries had, its pieces.
TERMS = {
    "vindication": ("vindicate", "vindicated", "wretched", "medallion", "honor", "potential", "influence",
                    "conviction", "proficiency", "discard_proficiency", "companion", "relic", "quest",
                    "visit", "recover", "upgrade", "rune", "isle", "hamlets", "end_turn"),
    "nemesis": ("intruder", "facility", "contamination", "corridor", "noise", "careful_move",
                "escape_facility", "pick_up", "melee", "shoot", "slime", "malfunction", "weakness",
                "bunker", "lockdown"),
    "dragonbond": ("dragon", "oath", "vaala", "bonded", "cavalry", "infantry"),
}


def vocabulary() -> dict[str, str]:
    """Each banned word, lower case, with the game it belongs to: ids, names in both languages,
    and the terms above."""
    words: dict[str, str] = {}
    for game in games():
        info = game.info
        words[info.id] = info.id
        for name in (info.name.en, info.name.zh_TW):
            words[name.lower()] = info.id
        for term in TERMS.get(info.id, ()):
            words[term] = info.id
    return words


def _sources() -> list[Path]:
    return sorted(p for p in GUI.rglob("*.py") if p.name != "__init__.py" or p.stat().st_size)


@pytest.mark.parametrize("path", _sources(), ids=lambda p: str(p.relative_to(GUI)))
def test_no_game_word_in_the_gui(path: Path) -> None:
    text = path.read_text(encoding="utf-8").lower()
    found = []
    for word, game in vocabulary().items():
        # a whole word, with _ counting as part of a word (end_turn_keys is not end_turn)
        pattern = re.escape(word) if not word.isascii() else rf"(?<![\w]){re.escape(word)}(?![\w])"
        for match in re.finditer(pattern, text):
            line = text.count("\n", 0, match.start()) + 1
            found.append(f"line {line}: {word!r} ({game})")
    assert not found, f"{path.relative_to(GUI.parent)} names a game's own words: " + "; ".join(found)


def test_the_vocabulary_is_real() -> None:
    """The banned words are the games' own: every game contributes its id and names."""
    words = vocabulary()
    assert {g.info.id for g in games()} <= set(words)
    assert len(words) > 40
