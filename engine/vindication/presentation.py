"""Vindication's table for the generic GUI (the contract of `engine.core.table`): the island's
marks (`layout.board_marks`), each player's board as zones of items, and the words of the
turn actions that stay buttons. Built from one seat's VIEW only: another player's quest is
only "hidden" there, so it shows as a face-down card."""
from __future__ import annotations

from typing import Any

from engine.core import Command, Data
from engine.core.language import language_key

from .gestures import command_piece
from .labels import seat_summaries
from .layout import board_marks

# The attributes' colours on a player board (the printed boards' colours).
ATTRIBUTE_LOOKS = {"S": "red", "K": "blue", "I": "yellow", "C": "orange", "W": "green", "V": "purple"}

# Turn actions that stay buttons: (title, tip) per verb.
VERBS = {
    "en": {
        "activate": ("Activate", "Turn action: use your character, or pay 1 influence to use a companion."),
        "rest": ("Rest", "Instead of visiting: augment once."),
        "control": ("Control a region",
                    "Free action: put a conviction block on a region you visited this turn."),
        "upgrade": ("Upgrade", "Free action: combine two basic attributes into a heroic one."),
        "proficiency": ("Proficiency tiles", "Free action: buy a proficiency tile with 3 of an attribute."),
        "discard_proficiency": ("Discard proficiency tiles", "Free action: give a proficiency tile back."),
        "recover": ("Recover influence",
                    "Free action: pull all your blocks from one location back to influence."),
        "vindicate": ("Vindicate", "Free action: flip your character board to its vindicated side."),
        "use": ("Use abilities and relics", "Use an activated companion's ability or a relic's charges."),
        "rune": ("Runes", "Use an empowered rune (once per turn)."),
        "build": ("Build", "Visit action: build a region on a building site of the Forgotten Isle."),
        "dig": ("Dig", "Visit action: dig up hidden ruins with a rune map."),
        "end_turn": ("End of turn", "Finish your turn; the next player plays."),
    },
    "zh": {
        "activate": ("啟用", "回合行動：啟用你的角色，或支付 1 點影響力啟用一名夥伴。"),
        "rest": ("休息", "代替造訪：強化能力一次。"),
        "control": ("控制地區", "額外行動：在本回合造訪的地區放 1 個信念方塊。"),
        "upgrade": ("屬性升級", "額外行動：將兩種一般屬性合成一種英雄屬性。"),
        "proficiency": ("屬性專精板塊", "額外行動：以 3 點某屬性購買屬性專精板塊。"),
        "discard_proficiency": ("棄置屬性專精板塊", "額外行動：歸還一片屬性專精板塊。"),
        "recover": ("恢復影響力", "額外行動：將一處的所有方塊收回影響力。"),
        "vindicate": ("重返榮耀", "額外行動：將角色板塊翻到重返榮耀面。"),
        "use": ("使用能力與聖物", "使用已啟用夥伴的能力，或聖物的充能。"),
        "rune": ("符文", "使用賦能符文（每回合一次）。"),
        "build": ("建造", "造訪行動：在遺忘之島的建築工地建造地區。"),
        "dig": ("挖掘", "造訪行動：以符文地圖挖掘隱藏遺跡。"),
        "end_turn": ("回合結束", "結束你的回合，換下一位玩家。"),
    },
}

WORDS = {
    "en": {"vindicated": "vindicated", "wretched": "wretched", "honor": "Honor {n}", "power": "Power",
           "potential": "Potential", "influence": "Influence", "conviction": "Conviction",
           "attributes": "Attributes", "cards": "Character and cards", "tiles": "+{n}▣",
           "proficiency": "{n} proficiency tiles", "blocks": "{n} blocks", "charges": "{n} charges",
           "traits": "Traits", "monsters": "Monsters", "runes": "Runes", "rune_map": "a rune map",
           "quest": "Secret quest", "hidden_quest": "A secret quest (face down)",
           "mount": "Mount: {name} (rank {rank}, speed {speed})", "character": "{name} ({side})",
           "companion": "Companion", "relic": "Relic"},
    "zh": {"vindicated": "重返榮耀", "wretched": "罪人面", "honor": "榮耀 {n}", "power": "力量",
           "potential": "潛能", "influence": "影響力", "conviction": "信念",
           "attributes": "屬性", "cards": "角色與卡牌", "tiles": "+{n}▣",
           "proficiency": "{n} 片屬性專精板塊", "blocks": "{n} 個方塊", "charges": "{n} 點充能",
           "traits": "特質卡", "monsters": "怪物卡", "runes": "符文", "rune_map": "符文地圖",
           "quest": "秘密任務", "hidden_quest": "一張秘密任務（牌背朝上）",
           "mount": "坐騎：{name}（第 {rank} 級，速度 {speed}）", "character": "{name}（{side}）",
           "companion": "夥伴", "relic": "聖物"},
}


def describe_verb(verb: str, language: str = "en") -> tuple[str, str]:
    """(title, tip) above the buttons of a turn action; an unknown verb reads as its words."""
    return VERBS[language_key(language)].get(verb, (verb.replace("_", " ").capitalize(), ""))


def is_turn_end(command: Command) -> bool:
    """``end_turn`` ends the turn (the End turn button and shortcut play it)."""
    return command.verb == "end_turn"


def command_spaces(command: Command) -> tuple[str, ...]:
    """The space a walk ends on, or the space a fly, visit, control, build or dig names."""
    if command.verb == "move" and command.args and isinstance(command.args[0], tuple):
        return (str(command.args[0][-1]),)
    if command.verb in ("fly", "visit", "control", "build", "dig") and command.args:
        return (str(command.args[0]),)
    return ()


def command_touches(command: Command, view: Data) -> tuple[str, ...]:
    """The space a walk or visit goes to, or the piece of the player's board a command acts on (an
    attribute, a companion, a relic, the character: gestures.py)."""
    spaces = command_spaces(command)
    if spaces:
        return spaces
    piece = command_piece(command, view)
    return () if piece is None else (piece,)


def is_panel_action(command: Command, view: Data) -> bool:
    """Everything but walking and visiting: controlling a visited region is a button too."""
    return command.verb not in ("move", "fly", "visit", "answer")


def table(view: Data, language: str = "en") -> Data:
    return {"spaces": board_marks(view, language),
            "boards": [_board(s, language_key(language)) for s in seat_summaries(view, language)]}


def _board(s: Data, lang: str) -> Data:
    w = WORDS[lang]
    side = w["vindicated" if s["vindicated"] else "wretched"]
    power = [{"id": zone, "title": w[zone], "value": str(n)} for zone, n in s["power"]]
    attributes = [{"id": f"attr:{kind}", "title": name, "look": ATTRIBUTE_LOOKS.get(kind),
                   "value": str(n) + (" " + w["tiles"].format(n=tiles) if tiles else ""),
                   "tip": f"{name} {n}" + (" · " + w["proficiency"].format(n=tiles) if tiles else "")}
                  for kind, name, n, tiles in s["attributes"]]
    cards: list[Data] = [{"id": "character", "title": s["character"], "text": side,
                          "tip": w["character"].format(name=s["character"], side=side)}]
    cards += [{"id": f"companion:{card}", "title": name, "value": w["blocks"].format(n=n) if n else "",
               "tip": w["companion"] + ": " + name}
              for card, (name, n) in zip(s["companion_ids"], s["companions"])]
    cards += [{"id": f"relic:{card}", "title": name, "value": w["charges"].format(n=n),
               "tip": w["relic"] + ": " + name}
              for card, (name, n) in zip(s["relic_ids"], s["relics"])]
    seat = s["seat"]
    zones: list[Data] = [
        {"id": f"power:{seat}", "title": w["power"], "items": power, "columns": 3},
        {"id": f"attributes:{seat}", "title": w["attributes"], "items": attributes, "columns": 3},
        {"id": f"cards:{seat}", "title": w["cards"], "items": cards, "columns": 3},
        _names(f"traits:{seat}", w["traits"], s["traits"]),
        _names(f"monsters:{seat}", w["monsters"], s["monsters"]),
    ]
    runes = list(s["runes"]) + ([w["rune_map"]] if s["rune_map"] else [])
    if runes:
        zones.append(_names(f"runes:{seat}", w["runes"], runes))
    if s["quest"]:
        zones.append({"id": f"quest:{seat}", "title": w["quest"],
                      "items": [{"id": f"quest_card:{seat}", "title": s["quest"], "face_up": True}]})
    elif s["has_quest"]:
        zones.append({"id": f"quest:{seat}", "title": w["quest"], "count": 1, "tip": w["hidden_quest"]})
    board: Data = {"seat": seat, "title": w["character"].format(name=s["character"], side=side),
                   "score": w["honor"].format(n=s["honor"]), "zones": zones,
                   "notes": [w["mount"].format(name=s["mount_name"], rank=s["mount"], speed=s["speed"])]}
    return board


def _names(zone: str, title: str, names: list[Any]) -> Data:
    """A zone of cards known by name only (traits, monsters, runes)."""
    return {"id": zone, "title": title, "columns": 3,
            "items": [{"id": f"{zone}:{i}", "title": str(name)} for i, name in enumerate(names)]}
