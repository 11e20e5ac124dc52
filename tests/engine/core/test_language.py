"""The language pick (engine/core/language.py): every game reads its words through it, so any
Chinese setting reads the Chinese words and anything else the English ones, in both word shapes."""
from __future__ import annotations

import pytest

from engine.core import LANGUAGES, Text
from engine.core.language import EN, ZH, is_chinese, language_at, language_index, language_key


@pytest.mark.parametrize(("language", "key", "index"), [
    ("en", "en", EN), ("zh_TW", "zh", ZH), ("zh_HK", "zh", ZH), ("zh", "zh", ZH), ("fr", "en", EN), ("", "en", EN),
])
def test_a_setting_picks_the_same_words_in_tables_and_pairs(language: str, key: str, index: int) -> None:
    assert language_key(language) == key
    assert language_index(language) == index
    assert is_chinese(language) == (key == "zh")
    assert ("English", "中文")[language_index(language)] == {"en": "English", "zh": "中文"}[language_key(language)]


def test_the_index_turns_back_into_a_setting_the_app_speaks() -> None:
    assert [language_at(language_index(language)) for language in LANGUAGES] == list(LANGUAGES)


def test_a_name_in_every_language_reads_the_same_pick() -> None:
    name = Text("Dragon", "龍")
    assert [name.get(language) for language in ("en", "zh_TW", "zh_HK", "fr")] == ["Dragon", "龍", "龍", "Dragon"]
    assert Text("Dragon").get("zh_TW") == "Dragon"   # no Chinese yet: the English stands in
