"""Commands, answers and prompts in words, for the buttons of the generic screen (English and
Traditional Chinese, glossary of spec section 2).

An answer option is notation like ``fly/highpass/willow_fords``, ``deploy/infantry@silverwood``,
``move/a/b/infantry.2+figure`` or ``pay/own.1+ally.1``: `answer_label` names its verb and every
part it can (characters, regions, cards, unit types); a part it does not know stays as written, so
no two different answers ever read the same.
"""
from __future__ import annotations

from engine.core import Command, Data
from engine.core.language import EN, language_index

from .names import WORDS, name_of

VERBS: dict[str, tuple[str, str]] = {
    "move": ("Move", "移動"), "fly": ("Fly", "飛行"), "attack": ("Attack", "攻擊"), "deploy": ("Deploy", "部署"),
    "collect": ("Collect", "收集"), "reinforce": ("Reinforce", "增援"), "upgrade": ("Take upgrade", "取得升級卡"),
    "build_city": ("Build a city", "建造城市"), "cast": ("Cast", "施放"), "draw": ("Draw a Vaala card", "抽一張瓦拉卡"),
    "pay": ("Pay", "支付"), "retreat": ("Retreat", "撤退"), "counter": ("Counter-attack", "反擊"),
    "continue": ("Continue attacking", "繼續攻擊"), "reroll": ("Reroll (1 power)", "重擲（1 個權力標記）"),
    "decline": ("Decline", "放棄"), "use": ("Use it", "使用"), "heal": ("Heal", "治療"),
    "execute": ("Execute the card", "執行卡牌"), "skip": ("Skip", "跳過"),
    "lose": ("Lose", "失去"), "on": ("Go on to", "繼續前進到"), "stay": ("Stay", "留下"),
    "no_figure": ("Without the figure", "不帶角色模型"), "figure": ("With the figure", "帶上角色模型"),
}
# Prompt titles are noun phrases: the app shows them as "Choose (…):" / "請選擇（…）：".
PROMPTS: dict[str, tuple[str, str]] = {
    "plan_turn": ("a card to place on the command stack, or pass", "要放上指令堆疊的牌，或 Pass"),
    "choose_character": ("your character", "你的角色"),
    "choose_first_player": ("the first player", "起始玩家"),
    "heal_or_execute": ("heal the dragon or execute the card", "治療龍或執行卡牌"),
    "optional_icon": ("whether to use this icon", "是否使用這個圖示"),
    "effect_choice": ("how the effect applies", "效果的施行方式"),
    "oath_reroll": ("whether to reroll your oath die", "是否重擲你的誓約骰"),
    "counter_or_retreat": ("counter-attack or retreat", "反擊或撤退"),
    "continue_or_retreat": ("continue attacking or retreat", "繼續攻擊或撤退"),
    "ai_tie": ("the AI player's move (you decide for it)", "AI 玩家的行動（由你代為決定）"),
    "icon_move_pieces": ("the pieces that move", "要移動的棋子"),
    "attack_approach": ("the units that approach", "進擊的單位"),
    "allocate_damage": ("the units you lose", "要失去的單位"),
    "combat_vaala": ("a Vaala card to cast in this combat", "要在這場戰鬥中施放的瓦拉卡"),
    "choose_retreat_region": ("where to retreat", "撤退的地區"),
}
ICON_PROMPT = ("how to carry out the {icon} icon", "{icon}圖示的執行方式")
PASS_TO = ("Pass and give the first-player marker to Player {n}", "Pass，並將起始玩家標記交給玩家 {n}")
PLACE = ("Place {card}", "放置{card}")
PASS = ("Pass", "Pass（放棄出牌）")
FIGURE = ("figure", "角色模型")
# A unit type as a noun inside a phrase ("How many {unit} move", "Elyse's {unit}": amounts.py).
UNIT_WORDS = {"infantry": ("infantry", "步兵"), "cavalry": ("cavalry", "騎兵"), "ranged": ("ranged", "遠程"),
              "neutral": ("neutral", "中立")}
PLAYER = ("Player {n}", "玩家 {n}")


def _token(token: str, lang: int) -> str:
    if token == "figure":
        return FIGURE[lang]
    if token.isdigit():
        return token
    return name_of(token, lang)


def _item(item: str, lang: int) -> str:
    """``infantry.2`` → "2 infantry", ``src.cavalry.1`` → "1 cavalry from src",
    ``infantry@region`` → "infantry in region"; any other dotted item word by word."""
    if "@" in item:
        what, where = item.split("@", 1)
        if lang == EN:
            return f"{_item(what, lang)} in {_item(where, lang)}"
        return f"{_item(where, lang)}的{_item(what, lang)}"
    tokens = item.split(".")
    if len(tokens) == 2 and tokens[1].isdigit():
        return f"{tokens[1]} {_token(tokens[0], lang)}"
    if len(tokens) == 3 and tokens[2].isdigit():
        src = _token(tokens[0], lang)
        if lang == EN:
            return f"{tokens[2]} {_token(tokens[1], lang)} from {src}"
        return f"{src}的 {tokens[2]} {_token(tokens[1], lang)}"
    if len(tokens) == 2 and tokens[0] == "figure":
        if lang == EN:
            return f"{FIGURE[lang]} from {_token(tokens[1], lang)}"
        return f"{_token(tokens[1], lang)}的{FIGURE[lang]}"
    return " ".join(_token(t, lang) for t in tokens)


def _part(part: str, lang: int) -> str:
    return " + ".join(_item(item, lang) for item in part.split("+"))


def answer_label(option: object, language: str = "en") -> str:
    """One answer option in words."""
    lang = language_index(language)
    if isinstance(option, int):
        return PLAYER[lang].format(n=option + 1)
    text = str(option)
    parts = text.split("/")
    head, rest = parts[0], [_part(p, lang) for p in parts[1:]]
    if head in VERBS and not rest:
        return VERBS[head][lang]
    if head in VERBS:
        arrow = " → " if head in ("fly", "move") else " / "
        if head == "move" and len(rest) >= 3:
            route = " → ".join(rest[:2] + rest[3:])
            if lang == EN:
                return f"{VERBS[head][lang]}: {rest[2]}, {route}"
            return f"{VERBS[head][lang]}：{rest[2]}，{route}"
        joined = arrow.join(rest)
        return f"{VERBS[head][lang]}: {joined}" if lang == EN else f"{VERBS[head][lang]}：{joined}"
    return " / ".join(_part(p, lang) for p in parts)


def describe_command(command: Command, language: str = "en", view: Data | None = None) -> str:
    """A legal command as a button's words: the card placed, a pass (and to whom the first-player
    marker goes), an answer by what it chooses."""
    lang = language_index(language)
    if command.verb == "answer" and command.args:
        return answer_label(command.args[0], language)
    if command.verb == "place" and command.args:
        return PLACE[lang].format(card=name_of(command.args[0], lang))
    if command.verb == "pass":
        to = command.get("to")
        if isinstance(to, int):
            return PASS_TO[lang].format(n=to + 1)
        return PASS[lang] if to is None else str(command)
    return str(command)


def describe_prompt(kind: str, language: str = "en") -> str:
    """What a decision of ``kind`` asks (an icon's decision names the icon)."""
    lang = language_index(language)
    if kind in PROMPTS:
        return PROMPTS[kind][lang]
    if kind.startswith("icon_"):
        icon = kind.removeprefix("icon_")
        return ICON_PROMPT[lang].format(icon=WORDS[icon][lang] if icon in WORDS else icon)
    return kind.replace("_", " ")


# Each verb's (title, tip) above its buttons (Game.describe_verb)
COMMAND_VERBS: dict[str, tuple[tuple[str, str], tuple[str, str]]] = {
    "place": (("Place a card", "Planning: put one of your cards face down on the command stack."),
              ("放置卡牌", "計畫階段：把你的一張牌面朝下放上行動指令牌堆。")),
    "pass": (("Pass", "Planning: end your planning by not playing a card."),
             ("Pass（放棄出牌）", "計畫階段：不出牌，結束你的計畫。")),
    "answer": (("Answer", ""), ("回答", "")),
}
# Outcome.breakdown's categories (Game.score_category_name)
SCORE_CATEGORIES: dict[str, tuple[str, str]] = {"power": ("Power", "權力"), "won": ("Won", "獲勝")}


def score_category_name(category: str, language: str = "en") -> str | None:
    """Power and won, the end screen's numbers; None for another category (the core's words)."""
    names = SCORE_CATEGORIES.get(category)
    return None if names is None else names[language_index(language)]
