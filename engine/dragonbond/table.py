"""The table in words, from one seat's VIEW only (`Game.describe_table`): the app draws the map
instead (presentation.py). Everything
here is public or the viewer's own (spec 8), since the view has already hidden the rest."""
from __future__ import annotations

from html import escape
from typing import Any

from engine.core import Data
from engine.core.language import language_index

from .content import content
from .labels import UNIT_WORDS
from .log import SEP, name_of
from .setup import UNIT_TYPES

COLON = (": ", "：")
TITLES: dict[str, tuple[str, str]] = {
    "round": ("Round {n}, {phase}", "第 {n} 輪，{phase}"),
    "first": ("First player: {who}", "起始玩家：{who}"),
    "characters": ("Characters", "角色"),
    "map": ("Valerna", "瓦勒納"),
    "stack": ("Command stack ({n} cards, bottom first)", "行動指令牌堆（{n} 張，由底部起）"),
    "market": ("Upgrade market: {cards}", "升級卡展示列：{cards}"),
    "events": ("Event deck: {n} left; resolved: {cards}", "事件卡牌庫：剩 {n} 張；已結算：{cards}"),
    "power": ("power {total} ({spent} spent)", "權力 {total}（已用 {spent}）"),
    "health": ("health {n}/{max}", "生命 {n}/{max}"),
    "bonded": ("bonded with {who}", "與{who}締結誓約"),
    "hand": ("hand: {cards}", "手牌：{cards}"),
    "hand_count": ("hand: {action} action, {region} region cards", "手牌：{action} 張行動卡、{region} 張區域卡"),
    "vaala": ("Vaala hand: {cards}", "瓦拉手牌：{cards}"),
    "vaala_count": ("{n} Vaala cards in hand", "瓦拉手牌 {n} 張"),
    "upgrades": ("upgrades: {cards}", "升級：{cards}"),
    "ai": (" (AI)", "（AI 玩家）"),
    "pool": ("in pool: {units}", "兵力池：{units}"),
    "figure": ("{who} is here", "{who}在此"),
    "tokens": ("{n} power", "{n} 個權力標記"),
    "city": ("{who}'s city", "{who}的城市"),
    "controlled": ("controlled by {who}", "由{who}控制"),
    "placed_by": ("{kind} placed by {who}", "{who}放置的{kind}"),
    "revealed": ("{card} (revealed)", "{card}（已翻開）"),
    "yours": ("{card} (yours)", "{card}（你的）"),
    "none": ("none", "無"),
}


def _t(key: str, lang: int, **values: Any) -> str:
    return TITLES[key][lang].format(**values)


def describe_table(view: Data, language: str = "en") -> str:
    """The round, the characters, every region in map order, the stack and the decks, as HTML."""
    lang = language_index(language)
    if not view.get("dealt"):
        return ""
    parts = [f"<h3>{escape(_t('round', lang, n=view['round'], phase=name_of(view['phase'], lang)))}</h3>"]
    if view.get("first"):
        parts.append(f"<p>{escape(_t('first', lang, who=name_of(view['first'], lang)))}</p>")
    parts.append(f"<h4>{_t('characters', lang)}</h4><ul>")
    parts += [f"<li>{_character(view, ch, lang)}</li>" for ch in view["seating"]]
    parts.append(f"</ul><h4>{_t('map', lang)}</h4><ul>")
    parts += [f"<li>{_region(view, r, lang)}</li>" for r in content().map.order]
    parts.append("</ul>")
    parts.append(_stack(view, lang))
    none = _t("none", lang)
    parts.append(f"<p>{escape(_t('market', lang, cards=name_of(view['market'], lang) if view['market'] else none))}</p>")
    events = view["discards"]["event"]
    parts.append(f"<p>{escape(_t('events', lang, n=_count(view['decks']['event']), cards=name_of(events, lang) if events else none))}</p>")
    return "".join(parts)


def _units(units: Any, lang: int) -> str:
    """``{"infantry": 2, "ranged": 1}`` → "2 infantry, 1 ranged" (types without units left out)."""
    return SEP[lang].join(f"{n} {UNIT_WORDS[t][lang]}" for t, n in units.items() if n) or TITLES["none"][lang]


def _count(pile: Any) -> int:
    return pile if isinstance(pile, int) else len(pile)


def _character(view: Data, ch: str, lang: int) -> str:
    board = view["boards"][ch]
    power = board["power"]
    bits = [_t("power", lang, total=power["unspent"] + power["spent"], spent=power["spent"])]
    if board["role"] == "dragon":
        bits.append(_t("health", lang, n=board["health"], max=content().characters[ch].health_max))
    if board["bonded_with"]:
        bits.append(_t("bonded", lang, who=name_of(board["bonded_with"], lang)))
    hand = board["hand"]
    if isinstance(hand, list):                                   # the viewer's own hand: its faces
        bits.append(_t("hand", lang, cards=name_of(hand, lang) if hand else _t("none", lang)))
    elif board["seat"] is not None:
        bits.append(_t("hand_count", lang, action=hand["action"], region=hand["region"]))
    vaala = board["vaala_hand"]
    if isinstance(vaala, list) and vaala:
        bits.append(_t("vaala", lang, cards=name_of(vaala, lang)))
    elif isinstance(vaala, int) and vaala:
        bits.append(_t("vaala_count", lang, n=vaala))
    if board["upgrades"]:
        bits.append(_t("upgrades", lang, cards=name_of(board["upgrades"], lang)))
    if board["pool"]:
        bits.append(_t("pool", lang, units=_units(board["pool"], lang)))
    who = name_of(ch, lang) + (_t("ai", lang) if board["seat"] is None else "")
    return f"<b>{escape(who)}</b> — {escape(SEP[lang].join(bits))}"


def _region(view: Data, region: str, lang: int) -> str:
    here = view["regions"][region]
    bits: list[str] = []
    owners = {who: units for who, units in here["units"].items() if any(units.get(t, 0) for t in UNIT_TYPES)}
    if len(owners) == 1 and not here["neutral"]:
        bits.append(_t("controlled", lang, who=name_of(next(iter(owners)), lang)))   # DRG-CONTROL-1
    for who, units in owners.items():
        bits.append(f"{name_of(who, lang)}{COLON[lang]}{_units(units, lang)}")
    if here["neutral"]:
        bits.append(_units({"neutral": here["neutral"]}, lang))
    if here["power"]:
        bits.append(_t("tokens", lang, n=here["power"]))
    if here["city"]:
        bits.append(_t("city", lang, who=name_of(here["city"], lang)))
    bits += [_t("figure", lang, who=name_of(ch, lang)) for ch in view["seating"]
             if view["boards"][ch]["region"] == region]
    text = SEP[lang].join(bits) if bits else _t("none", lang)
    return f"<b>{escape(name_of(region, lang))}</b>{COLON[lang]}{escape(text)}"


def _stack(view: Data, lang: int) -> str:
    stack = view["stack"]
    if not stack:
        return ""
    rows = []
    for entry in stack:
        card = entry["card"]
        if entry.get("revealed") and card != "hidden":
            text = _t("revealed", lang, card=name_of(card, lang))
        elif card != "hidden":
            text = _t("yours", lang, card=name_of(card, lang))
        else:
            who = name_of(entry["owner"], lang) if entry["owner"] else ""
            text = _t("placed_by", lang, kind=name_of(entry["kind"], lang), who=who) if who \
                else name_of(entry["kind"], lang)
        rows.append(f"<li>{escape(text)}</li>")
    return f"<h4>{escape(_t('stack', lang, n=len(stack)))}</h4><ol>{''.join(rows)}</ol>"
