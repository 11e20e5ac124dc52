"""The language pick: which of a game's words a language setting reads.

The app passes its language setting ("en", "zh_TW": `info.LANGUAGES`) to every hook that words
something. Games keep their words in two shapes: ``{"en": …, "zh": …}`` tables, read with
`language_key`, and ``(English, Chinese)`` pairs, read with `language_index`. Every game used to
spell the test itself ("zh" if language.startswith("zh") else "en", 1 if … else 0); here it is
spelled once, so a setting such as "zh_HK" reads the same words in every game and every screen.
"""
from __future__ import annotations

from typing import Literal

# Where English and Chinese stand in an (English, Chinese) pair of words.
EN, ZH = 0, 1


def is_chinese(language: str) -> bool:
    """Whether ``language`` asks for the Chinese words (any "zh…" setting)."""
    return language.startswith("zh")


def language_key(language: str) -> Literal["en", "zh"]:
    """The key of ``language``'s words in a ``{"en": …, "zh": …}`` table."""
    return "zh" if is_chinese(language) else "en"


def language_index(language: str) -> int:
    """The position of ``language``'s words in an (English, Chinese) pair: `EN` or `ZH`."""
    return ZH if is_chinese(language) else EN


def language_at(index: int) -> str:
    """The language setting whose words stand at ``index`` of a pair, for a helper that takes a
    setting again (the inverse of `language_index`)."""
    return "zh_TW" if index == ZH else "en"
