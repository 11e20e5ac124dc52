"""Names in English and Traditional Chinese (glossary of spec section 2): characters, regions and
cards by the content's names, and the words for the plain values events and answers carry (phases,
icons, reasons, unit types...). The log lines (`log`), the button words (`labels`) and the table
description all name things through `name_of`.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.language import EN, ZH

from .content import content

# Words for plain values the events carry (phases, icons, reasons, causes, modes...).
WORDS: dict[str, tuple[str, str]] = {
    "planning": ("planning phase", "計畫階段"), "execution": ("execution phase", "執行階段"),
    "cleanup": ("cleanup phase", "整理階段"), "setup": ("set-up", "設置"), "over": ("end", "結束"),
    "action": ("action card", "行動卡"), "region": ("region card", "區域卡"), "event": ("event card", "事件卡"),
    "move": ("move", "移動"), "fly": ("fly", "飛行"), "attack": ("attack", "攻擊"), "deploy": ("deploy", "部署"),
    "collect": ("collect", "收集"), "vaala": ("Vaala", "瓦拉"), "reinforce": ("reinforce", "增援"),
    "upgrade": ("upgrade", "升級"), "build_city": ("build-city", "建造城市"),
    "heal": ("heal", "治療"), "execute": ("execute the card", "執行卡牌"),
    "infantry": ("infantry", "步兵"), "cavalry": ("cavalry", "騎兵"), "ranged": ("ranged unit", "遠程單位"),
    "neutral": ("neutral units", "中立單位"), "supply": ("the supply", "供應區"),
    "region_deck": ("the region deck", "區域卡牌庫"),
    "attacker": ("The attacker", "進攻玩家"), "target": ("The target", "攻擊目標"),
    "mountain": ("mountain border", "山脈疆界"), "city": ("city", "城市"), "health": ("health", "生命"),
    "proxy": ("the proxy", "代理決策者"), "random": ("chance", "隨機"),
    "not_implemented": ("not in this version yet", "此版本尚未支援"),
    "no_legal_option": ("nothing possible", "無可行選項"),
    "supply_empty": ("the supply is empty", "供應區已空"),
    "no_health": ("no health left", "沒有剩餘生命"), "healed": ("the dragon healed instead", "龍改為治療"),
    "exchange": ("this exchange", "本交戰回合"), "round": ("this round", "本輪"),
    "while_held": ("while held", "持有期間"),
    "cards": ("action cards return", "行動卡回收"), "market": ("the upgrade market refreshes", "升級卡展示列更新"),
    "power": ("spent power tokens turn unspent", "已消耗的權力標記恢復"),
    "region_cards": ("region cards go to the generals controlling their regions", "區域卡交給控制該區域的將軍"),
    "round_effects": ("this round's effects end", "本輪效果結束"),
    "event_deck_empty": ("the event deck is empty", "事件卡牌庫已空"),
    "general_defeated": ("a general is defeated", "將軍被擊敗"), "power_goal": ("power goal reached", "達成權力目標"),
    "first": ("first", "第一張"), "second": ("second", "第二張"), "opening": ("opening", "開場"),
    "closing": ("closing", "收尾"), "approach": ("approach", "進擊"),
    "effect": ("an effect", "效果"), "deploy_icon": ("after a deploy icon", "部署圖示之後"),
    "beat_neutral": ("after beating neutral units", "擊敗中立單位之後"),
    "fly_start": ("at the start of a fly", "開始飛行時"),
    "nobody": ("nobody", "無人"), "nothing": ("nothing", "無"), "pay": ("pay", "支付"), "own": ("own", "自己"),
    "ally": ("ally", "盟友"), "crit": ("critical", "爆擊"), "normal": ("normal", "普通攻擊"),
    "carry": ("carried", "載運"), "hidden": ("a face-down card", "一張面朝下的牌"),
    # effect primitives, as what an effect does (`effect_skipped`)
    "add_power": ("placing power tokens", "放置權力標記"), "remove_power": ("removing power tokens", "移除權力標記"),
    "add_neutral": ("placing neutral units", "放置中立單位"), "gain_power": ("gaining power", "獲得權力"),
    "steal_power": ("stealing power", "奪取權力"), "collect_power": ("collecting power", "收集權力"),
    "place_units": ("placing units", "放置單位"), "remove_units": ("removing units", "移除單位"),
    "push_units": ("pushing units", "推移單位"), "remove_city": ("removing a city", "移除城市"),
    "grant_icon": ("granting an icon", "給予圖示"), "draw_vaala": ("drawing Vaala cards", "抽瓦拉卡"),
    # die faces
    "blank": ("blank", "空白"), "hit1": ("1 hit", "1 次攻擊"), "hit2": ("2 hits", "2 次攻擊"),
    "crit1": ("1 critical", "1 次爆擊"), "crit2": ("2 criticals", "2 次爆擊"),
}
# Unit words by count (English plurals; Chinese has none).
UNIT_WORDS: dict[str, tuple[str, str, str]] = {
    "infantry": ("infantry", "infantry", "步兵"), "cavalry": ("cavalry", "cavalry", "騎兵"),
    "ranged": ("ranged unit", "ranged units", "遠程單位"), "neutral": ("neutral unit", "neutral units", "中立單位"),
}
SEP = (", ", "、")


def _pick(name: Any, lang: int) -> str:
    return (getattr(name, "zh_TW", "") or name.en) if lang == ZH else name.en


def counted(n: Any, one: str, many: str) -> str:
    """"1 power token", "2 power tokens" (English)."""
    return f"{n} {one if n == 1 else many}"


def units_text(units: Mapping[Any, Any], lang: int) -> str:
    """A unit count table in words: "2 infantry, 1 ranged unit" ("" when it counts none)."""
    parts = []
    for kind, n in units.items():
        if not n:
            continue
        one, many, zh = UNIT_WORDS.get(kind, (name_of(kind, lang), name_of(kind, lang), name_of(kind, ZH)))
        parts.append(counted(n, one, many) if lang == EN else f"{n} 個{zh}")
    return SEP[lang].join(parts)


def name_of(value: Any, lang: int) -> str:
    """Any value an event carries, in words: a character, region or card by its name (a region
    card as "the <region> region card"), a unit count table as "2 infantry", a list joined, a known
    word translated, anything else as it is."""
    c = content()
    if isinstance(value, Mapping):
        return units_text(value, lang) or WORDS["nobody"][lang]
    if isinstance(value, (list, tuple)):
        return SEP[lang].join(name_of(v, lang) for v in value) or WORDS["nothing"][lang]
    if value is None:
        return WORDS["nobody"][lang]
    if not isinstance(value, str):
        return str(value)
    if value in c.characters:
        return _pick(c.characters[value].name, lang)
    if value in c.map.regions:
        return _pick(c.map.regions[value].name, lang)
    if value in c.region_cards:
        region = _pick(c.region_name(value), lang)
        return f"the {region} region card" if lang == EN else f"{region}區域卡"
    for table in (c.action_cards, c.event_cards, c.upgrade_cards, c.vaala_cards, c.dragonbond_cards):
        if value in table:
            return _pick(table[value].name, lang)
    if value in WORDS:
        return WORDS[value][lang]
    return value.replace("_", " ")
