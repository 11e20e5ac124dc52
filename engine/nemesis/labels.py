"""Commands in words, for the buttons of the generic screen (English and Traditional Chinese).

A label names the verb, what it acts on (a Room by its name once explored, an intruder, a card)
and how it is paid; anything the words do not cover stays in the notation, so no choice hides.
"""
from __future__ import annotations

import re
from typing import Any

from engine.core import Command, Data
from engine.core.language import language_key

from .content import content
from .log import COLOURS, exit_name, intruder_type_name, room_action_name, room_name
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
OPTION_WORDS = {"en": {"discard": "discard: {cards}", "use": "using {cards}", "target": "at {cards}",
                       "weapon": "with {cards}", "to": "to {cards}", "via": "through {cards}"},
                "zh": {"discard": "棄牌：{cards}", "use": "使用{cards}", "target": "目標：{cards}",
                       "weapon": "使用{cards}", "to": "前往{cards}", "via": "透過{cards}"}}
# an Action card's or item's numbered choice (``option=0``), counted from 1 for people
CHOICE_WORDS = {"en": "choice {n}", "zh": "選項 {n}"}
# a Computer action's named option: doors opened or closed, where the Rover goes
# and a treatment's kind (Treat Wounds)
OPTION_NAMES = {"en": {"open": "open the Doors", "close": "close the Doors", "bunker": "to the Bunker",
                       "facility": "to the Facility parking", "dress": "dress a Serious Wound",
                       "heal_serious": "heal a dressed Serious Wound", "heal_light": "heal a Light Wound",
                       "items": "paying with the Item Counter", "malfunction": "paying with a Malfunction here"},
                "zh": {"open": "打開艙門", "close": "關閉艙門", "bunker": "前往地堡",
                       "facility": "前往基地停車處", "dress": "包紮一張重傷",
                       "heal_serious": "治癒一張已包紮的重傷", "heal_light": "治癒一個輕傷",
                       "items": "以房間物品記數支付", "malfunction": "以此處放置故障標記支付"}}
DECK_WORDS = {"en": "from the {colour} deck", "zh": "從{colour}物品牌庫"}
EGGS = {"en": "the Eggs", "zh": "蟲卵"}
# parts of a compound answer: ``i0/to1`` (a Trade offer), ``d0/drop1`` (keep, dropping Hand slot 1)
PARTS = {"en": {"to": "to Player {n}", "drop": "dropping {thing}", "contamination": "Contamination",
                "neutral": "the Neutral Pool's {token}", "seat": "Player {n}'s {token}",
                "token": "Contingency token", "down": "face-down Contingency token"},
         "zh": {"to": "給玩家 {n}", "drop": "放下{thing}", "contamination": "污染卡",
                "neutral": "中立池的{token}", "seat": "玩家 {n} 的{token}",
                "token": "應急措施標記", "down": "面朝下的應急措施標記"}}
CONTINGENCY_PLACE = re.compile(r"(neutral|seat(\d+))\.(\d+)")


# Prompt titles are noun phrases: the app shows them as "Choose (…):" / "請選擇（…）：".
PROMPTS: dict[str, dict[str, str]] = {
    "en": {"turn": "your action", "draft": "your character", "keep_objective": "the objective you keep",
           "noise_exit": "the corridor the noise comes from", "search_keep": "the item you keep",
           "combat_discard": "the card you discard", "computer_action": "the Computer action",
           "craft_equipment": "what you craft", "css_move": "where the Cargo Sending System goes",
           "echo_confusion": "where the echo sends you", "elevator_ride": "where the Elevator takes you",
           "escort": "who comes with you", "inconspicuous_noise": "whether to skip the Noise roll with Inconspicuous",
           "interruption": "whether to interrupt", "reorder_events": "the order of the Event cards",
           "reroll": "whether to reroll", "room_action": "the Room action", "trade": "what you trade",
           "trade_accept": "whether to accept the trade", "arm_drop": "what you put down to free a hand",
           "armor_vest": "whether to use the Armor Vest", "feel_of_the_dark": "whether to use Feel of the Dark",
           "inconspicuous": "whether to use Inconspicuous"},
    "zh": {"turn": "你的行動", "draft": "你的角色", "keep_objective": "要保留的目標",
           "noise_exit": "噪音來自的走廊", "search_keep": "要保留的物品", "combat_discard": "要棄掉的牌",
           "computer_action": "電腦行動", "craft_equipment": "要製作的物品", "css_move": "貨物傳送系統的去向",
           "echo_confusion": "回音將你帶往的地方", "elevator_ride": "電梯將你載往的地方", "escort": "與你同行的人",
           "inconspicuous_noise": "是否使用毫不起眼跳過噪音判定", "interruption": "是否打斷",
           "reorder_events": "事件卡的順序",
           "reroll": "是否重擲", "room_action": "房間行動", "trade": "要交易的東西", "trade_accept": "是否接受交易",
           "arm_drop": "為空出一隻手而放下的東西", "armor_vest": "是否使用防彈背心",
           "feel_of_the_dark": "是否使用黑暗直覺", "inconspicuous": "是否使用毫不起眼"},
}


def describe_prompt(kind: str, language: str = "en") -> str:
    """A pending decision's title in ``language``; an unknown kind reads as its words."""
    return PROMPTS[language_key(language)].get(kind) or kind.replace("_", " ")


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


def _handle(text: str, lang: str, view: Data | None, seat: int | None) -> str | None:
    """What a handle of the seat's names, by name, read from the seat's own view (rules/items.py,
    commands.py): ``h1`` a Hand slot, ``i0`` an Inventory card, ``c2`` a card of the hand, ``o1`` an
    objective, ``d0`` a card a Search drew. None when ``text`` is no handle (or the view hides it)."""
    if len(text) < 2 or text[0] not in "hicod" or not text[1:].isdigit() or view is None or seat is None:
        return None
    players = view.get("players") or []
    me = players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else {}
    n = int(text[1:])
    if text[0] == "d":
        pause: Data = next((e for e in view.get("effects") or () if e.get("pause") and "cards" in e), {})
        found: Any = (pause.get("cards") or [])
    else:
        found = me.get({"h": "hands", "i": "inventory", "c": "hand", "o": "objectives"}[text[0]])
    if not isinstance(found, list) or n >= len(found):
        return None
    thing = found[n]
    if isinstance(thing, dict):
        thing = thing.get("item") or thing.get("object")
    from .log import OBJECTS
    if thing == "contamination" or str(thing).startswith("CONT"):
        return PARTS[lang]["contamination"]
    return OBJECTS[lang].get(str(thing)) or _card_name(str(thing), lang, view, seat)


def _answer(text: str, lang: str, view: Data | None, seat: int | None) -> str | None:
    """A compound answer (``i0/to1``, ``d0/drop1``, ``taser/i0+h1``) part by part; None if it is none."""
    if "/" not in text and "+" not in text:
        return None
    words = []
    for part in text.split("/"):
        if part.startswith("to") and part[2:].isdigit():
            words.append(PARTS[lang]["to"].format(n=int(part[2:]) + 1))
        elif part.startswith("drop") and part[4:].isdigit():
            words.append(PARTS[lang]["drop"].format(thing=_handle(f"h{part[4:]}", lang, view, seat) or part))
        else:
            words.append(" + ".join(_place(p, lang, view, seat) for p in part.split("+")))
    return ", ".join(words) if lang == "en" else "，".join(words)


def _contingency(text: str, lang: str, view: Data | None) -> str | None:
    """``neutral.N`` / ``seatK.N``, a Contingency token by where it lies (the Archive's and the
    Computer's notation): its colour once the view shows it, else face down."""
    found = CONTINGENCY_PLACE.fullmatch(text)
    if found is None:
        return None
    pool, owner, n = found.group(1), found.group(2), int(found.group(3))
    if pool == "neutral":
        tokens: Any = (view or {}).get("neutral") or []
    else:
        players = (view or {}).get("players") or []
        tokens = players[int(owner)].get("contingency") if int(owner) < len(players) else []
    token = tokens[n] if isinstance(tokens, list) and n < len(tokens) else None
    tokens_content = content().tokens
    colour = next((t.colour for t in tokens_content.contingency_tokens if t.id == token), None)
    kind = next((k for k in tokens_content.contingency_colours if k.colour == colour), None)
    words = PARTS[lang]
    name = ((kind.name.zh if lang == "zh" else kind.name.en) + ("" if lang == "zh" else " ") + words["token"]
            if kind is not None else words["down"])
    return words["neutral"].format(token=name) if pool == "neutral" else words["seat"].format(n=int(owner) + 1,
                                                                                                token=name)


def _place(value: Any, lang: str, view: Data | None, seat: int | None = None) -> str:
    text = str(value)
    named = _handle(text, lang, view, seat) or _answer(text, lang, view, seat) or _contingency(text, lang, view)
    if named is not None:
        return named
    from .log import OBJECTS
    if text in OBJECTS[lang]:
        return OBJECTS[lang][text]
    intruder = ((view or {}).get("intruders") or {}).get(text)
    if isinstance(intruder, dict):                      # an intruder by its id: what it is, then the id
        kind = intruder_type_name(intruder.get("type"), lang)
        return f"{kind} ({text})" if lang == "en" else f"{kind}（{text}）"
    if text == "eggs":
        return EGGS[lang]
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


def describe_command(command: Command, language: str = "en", view: Data | None = None) -> str:
    """A legal command as a button's words: the verb, what it targets by name (a Room, an item, a
    card in hand, an Intruder), then what it pays, uses, discards or chooses."""
    lang = language_key(language)
    first = command.args[0] if command.args else ""
    seat = command.seat
    target = ", ".join(_place(v, lang, view, seat) for v in first) if isinstance(first, tuple) else (
        _place(first, lang, view, seat) if first != "" else "")
    if command.verb == "room" and isinstance(first, str):
        target = room_action_name(first, lang)  # the Room tile's action by its printed name
    words = VERBS[lang].get(command.verb, command.verb.replace("_", " ") + " {target}").format(target=target).strip()
    extras = []
    for key, value in command.options:
        if key == "pay":
            cards = value if isinstance(value, tuple) else (value,)
            if cards:
                extras.append(PAY[lang].format(cards=", ".join(_card_name(str(v), lang, view, command.seat)
                                                              for v in cards)))
        elif key == "option" and str(value).isdigit():
            extras.append(CHOICE_WORDS[lang].format(n=int(str(value)) + 1))
        elif key == "option" and str(value) in OPTION_NAMES[lang]:
            extras.append(OPTION_NAMES[lang][str(value)])
        elif key == "option" and (named := _place(value, lang, view, seat)) != str(value):
            extras.append(named)  # an item to take, by its name
        elif key == "deck" and str(value) in COLOURS[lang]:
            extras.append(DECK_WORDS[lang].format(colour=COLOURS[lang][str(value)]))
        elif key in OPTION_WORDS[lang]:
            cards = value if isinstance(value, tuple) else (value,)
            extras.append(OPTION_WORDS[lang][key].format(cards=", ".join(_place(v, lang, view, seat) for v in cards)))
        else:
            shown = ",".join(str(v) for v in value) if isinstance(value, tuple) else str(value)
            extras.append(f"{key}={_place(shown, lang, view) if key in ('target', 'to') else shown}")
    return words + (f" — {'; '.join(extras)}" if extras else "")


# Outcome.breakdown's categories (Game.score_category_name)
SCORE_CATEGORIES = {"en": {"survived": "Survived", "objective": "Objective met", "won": "Won"},
                    "zh": {"survived": "存活", "objective": "達成目標", "won": "獲勝"}}


def score_category_name(category: str, language: str = "en") -> str | None:
    """Survived, objective met and won, the end screen's numbers; None for another category (the
    core's words)."""
    return SCORE_CATEGORIES[language_key(language)].get(category)
