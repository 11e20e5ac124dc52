"""Commands in words, for the buttons of the generic screen (English and Traditional Chinese).

A label names the verb, what it acts on (a Room by its name once explored, an intruder, a card)
and how it is paid; anything the words do not cover stays in the notation, so no choice hides.
"""
from __future__ import annotations

from typing import Any

from engine.core import Command, Data

from .content import content
from .log import exit_name, room_name
from .rules.hand import card_kind

VERBS = {
    "en": {"move": "Move to {target}", "careful_move": "Move carefully to {target}", "pass": "Pass",
           "shoot": "Shoot", "melee": "Melee attack", "card": "Play {target}", "item": "Use {target}",
           "room": "Room action: {target}", "computer": "Computer action {target}", "craft": "Craft {target}",
           "trade": "Trade", "pick_up": "Pick up {target}", "drop": "Drop {target}", "activate": "Activate quest item",
           "escape_facility": "Escape the Facility ({target})", "answer": "{target}"},
    "zh": {"move": "移動到{target}", "careful_move": "輕聲移動到{target}", "pass": "跳過",
           "shoot": "射擊", "melee": "近戰", "card": "打出{target}", "item": "使用{target}",
           "room": "房間行動：{target}", "computer": "電腦行動 {target}", "craft": "製作{target}",
           "trade": "交易", "pick_up": "撿起{target}", "drop": "丟棄{target}", "activate": "啟用任務物品",
           "escape_facility": "逃離設施（{target}）", "answer": "{target}"},
}
PAY = {"en": "pay: {cards}", "zh": "支付：{cards}"}


def _lang(language: str) -> str:
    return "zh" if language.startswith("zh") else "en"


def _card_name(card: str, lang: str, view: Data | None, seat: int | None) -> str:
    """An Action card instance (``search.0``), an item, a character, an objective or a tile by its
    name; other words as they are."""
    kind = card_kind(card)
    c = content()
    names = {a.id: a for a in c.common_cards}
    for character in c.characters.values():
        names.update({a.id: a for a in character.cards})
    found = (names.get(kind) or c.items.get(kind) or c.characters.get(card) or c.objectives.get(card)
             or c.tiles.get(card))
    return (found.name.zh if lang == "zh" else found.name.en) if found is not None else card


def _place(value: Any, lang: str, view: Data | None) -> str:
    text = str(value)
    if text in content().board.rooms:
        rooms = (view or {}).get("rooms") or {}
        tile = (rooms.get(text) or {}).get("tile")
        if isinstance(tile, str) and tile in content().tiles and not content().board.rooms[text].fixed_tile:
            name = content().tiles[tile].name
            return f"{name.zh if lang == 'zh' else name.en} ({text[1:]})"
        return room_name(text, lang)
    if text.startswith("C") and text[1:].isdigit() or text == "TECH":
        return exit_name(text, lang)
    return _card_name(text, lang, view, None)


def label_command(command: Command, language: str = "en", view: Data | None = None) -> str:
    lang = _lang(language)
    first = command.args[0] if command.args else ""
    target = ", ".join(_place(v, lang, view) for v in first) if isinstance(first, tuple) else (
        _place(first, lang, view) if first != "" else "")
    words = VERBS[lang].get(command.verb, command.verb.replace("_", " ") + " {target}").format(target=target).strip()
    extras = []
    for key, value in command.options:
        if key == "pay":
            cards = value if isinstance(value, tuple) else (value,)
            if cards:
                extras.append(PAY[lang].format(cards=", ".join(_card_name(str(v), lang, view, command.seat)
                                                              for v in cards)))
        else:
            shown = ",".join(str(v) for v in value) if isinstance(value, tuple) else str(value)
            extras.append(f"{key}={_place(shown, lang, view) if key in ('target', 'to') else shown}")
    return words + (f" — {'; '.join(extras)}" if extras else "")
