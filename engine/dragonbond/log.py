"""Log lines for Dragonbond events, in English and Traditional Chinese (glossary terms of spec
section 2; characters, regions and cards by the content's names).

`describe(event, language)` words one event. Every kind emitted in engine/dragonbond has a line in
`TEMPLATES` (tests/engine/dragonbond/test_log.py plays games and checks it); a kind without one,
or a line whose fields are missing, falls back to a plain generic line, so logging never fails.
Lines only word the event's own fields, so a log line shows nothing its event does not already
tell its audience (DRG-HIDDEN-10: a public `card_placed` has no card face, so neither has its line).
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from engine.core import Event
from engine.core.language import EN, language_at, language_index
from engine.core.language import ZH as ZH  # read from here by presentation.py

from .names import SEP, WORDS, counted, name_of, units_text

TEMPLATES: dict[str, tuple[str, str]] = {
    # set-up, rounds, planning
    "character_chosen": ("Player {seat_no} plays {character}.", "玩家 {seat_no} 扮演{character}。"),
    "ai_player": ("{character} is an AI player.", "{character}是 AI 玩家。"),
    "phase_changed": ("Round {round}: the {phase} begins.", "第 {round} 輪：{phase}開始。"),
    "marker_moved": ("{owner} takes the first-player marker.", "{owner}取得起始玩家標記。"),
    "card_placed": ("{owner} places a card face down ({kind}).", "{owner}面朝下放置一張牌（{kind}）。"),
    "card_placed_own": ("You place {card}.", "你放置了{card}。"),
    "pass": ("{owner} passes.", "{owner} Pass（放棄出牌）。"),
    "turn_skipped": ("{character} has no card to place and is skipped.", "{character}沒有牌可放置，跳過。"),
    "event_missing": ("The event deck is empty: no event card ({which}).", "事件卡牌庫已空：沒有事件卡（{which}）。"),
    # the stack and execution
    "stack_turned": ("The command stack is turned over ({cards}).", "行動指令牌堆翻面（{size} 張）。"),
    "card_revealed": ("{revealed} is revealed.", "{revealed}被翻開。"),
    "card_mode": ("{owner} {mode_words}.", "{owner}{mode_words}。"),
    "card_returned": ("{card} returns to {owner}.", "{card}回到{owner}手上。"),
    "card_discarded": ("{card} is discarded.", "{card}被棄置。"),
    "card_effects_skipped": ("{card} has no effect yet ({reason}).", "{card}暫無效果（{reason}）。"),
    "icon_skipped": ("{owner} skips the {icon} icon of {card} ({reason}).",
                     "{owner}跳過{card}的{icon}圖示（{reason}）。"),
    "icons_skipped": ("{owner} skips the icons of {card} ({reason}).", "{owner}跳過{card}的圖示（{reason}）。"),
    "icon_declined": ("{owner} declines the {icon} icon.", "{owner}放棄{icon}圖示。"),
    "effect_skipped": ("{source}: {effect} does nothing ({reason}).", "{source}：{effect}沒有效果（{reason}）。"),
    "region_card_routed": ("{card} goes to {to}.", "{card}移到{to}。"),
    "cleanup_step": ("Cleanup: {step}.", "整理階段：{step}。"),
    "market_refreshed": ("The upgrade market now shows {market}.", "升級卡展示列現在是：{market}。"),
    "modifier_added": ("{source}: {change} ({duration}).", "{source}：{change}（{duration}）。"),
    "trigger_fired": ("{holder_card} takes effect ({on_event}).", "{holder_card}生效（{on_event}）。"),
    "trigger_declined": ("{character} does not use {card}.", "{character}不使用{card}。"),
    "ai_tie_broken": ("{by} picks for {character}: {chosen}.", "{by}為{character}選擇：{chosen}。"),
    # the map
    "figure_arrived": ("{character} arrives in {region}.", "{character}抵達{region}。"),
    "dragon_flew": ("{character} flies from {origin} to {destination}.", "{character}從{origin}飛到{destination}。"),
    "pieces_moved": ("{character} moves {pieces} from {origin} to {destination}{approach}.",
                     "{character}將{pieces}從{origin}移動到{destination}{approach}。"),
    "unit_deployed": ("{character} deploys {one_unit} in {region}.", "{character}在{region}部署{one_unit}。"),
    "unit_reinforced": ("{character} reinforces {region} with {one_unit}.", "{character}以{one_unit}增援{region}。"),
    "units_removed": ("{removed}.", "{removed}。"),
    "neutral_placed": ("{neutral} placed in {region}.", "在{region}放置 {n} 個中立單位。"),
    "city_built": ("{character} builds a city in {region}.", "{character}在{region}建造城市。"),
    "city_removed": ("The city in {region} is removed.", "{region}的城市被移除。"),
    "pieces_carried": ("{dragon} carries {carried} from {origin} to {destination}.",
                       "{dragon}將{carried}從{origin}載運到{destination}。"),
    "units_placed": ("{character} places {units} in {region}.", "{character}在{region}放置{units}。"),
    "units_pushed": ("{pushed} pushed from {origin} to {destination}.", "{pushed}從{origin}被推到{destination}。"),
    "carry_prepared": ("{dragon} will carry {carried}.", "{dragon}將載運{carried}。"),
    # power
    "power_collected": ("{character} collects a power token in {region}.", "{character}在{region}收集一個權力標記。"),
    "power_gained": ("{character} gains {tokens}.", "{character}獲得 {n} 個權力標記。"),
    "power_lost": ("{character} loses {tokens}.", "{character}失去 {n} 個權力標記。"),
    "power_spent": ("{character} spends {tokens}.", "{character}消耗 {n} 個權力標記。"),
    "power_overflow": ("{character} is at the hold limit: {overflow}.", "{character}已達持有上限：{overflow}。"),
    "power_placed": ("{tokens} placed in {region}.", "在{region}放置 {n} 個權力標記。"),
    "power_removed": ("{tokens} removed from {region}.", "{region}移除 {n} 個權力標記。"),
    "power_stolen": ("{thief} takes a power token from {victim}{stolen_to}.",
                     "{thief}從{victim}奪取一個權力標記{stolen_to}。"),
    # Vaala cards
    "vaala_drawn": ("{character} draws a Vaala card ({hand} in hand).", "{character}抽一張瓦拉卡（手上 {hand} 張）。"),
    "vaala_card_drawn": ("You draw {card}.", "你抽到{card}。"),
    "vaala_cast": ("{character} casts {card} ({paid}).", "{character}施放{card}（{paid}）。"),
    "vaala_reshuffled": ("{character} shuffles the Vaala discard into a new deck ({cards}).",
                         "{character}將瓦拉卡棄牌洗成新的牌庫（{size} 張）。"),
    # upgrades, healing, the oath
    "upgrade_taken": ("{character} takes the upgrade {card}.", "{character}取得升級卡{card}。"),
    "upgrade_replaced": ("{character} gives up the upgrade {card}.", "{character}捨棄升級卡{card}。"),
    "dragon_healed": ("{character} {healed}.", "{character}{healed}。"),
    "oath_rolled": ("{general} and {dragon} take the Dragonbond oath: {dice}.",
                    "{general}與{dragon}進行龍族誓約：{dice}。"),
    "oath_rerolled": ("{character} rerolls the oath die: {face}.", "{character}重擲誓約骰：{face}。"),
    "oath_failed": ("The oath of {general} and {dragon} fails.", "{general}與{dragon}的龍族誓約失敗。"),
    "bonded": ("{general} and {dragon} are bonded: a Dragonbond!", "{general}與{dragon}締結龍族！"),
    # combat
    "combat_started": ("{attacker} attacks {target} in {region}.", "{attacker}在{region}攻擊{target}。"),
    "dice_rolled": ("{roller} {roll} {faces}.", "{roller}擲出{faces}。"),
    "dice_rerolled": ("{roller} {reroll} the blanks: {faces}.", "{roller}重擲空白骰：{faces}。"),
    "hits_converted": ("{roller}: {hits} {become} {to}.", "{roller}的 {n} 次攻擊變為{to}。"),
    "combat_vaala_declined": ("{character} casts no Vaala card in this exchange.",
                              "{character}在這個交戰回合不施放瓦拉卡。"),
    "hits_ignored": ("{hits} ignored ({why}).", "{n} 次攻擊被忽略（{why}）。"),
    "damage": ("{side} takes {n} damage{health_left}.", "{side}受到 {n} 點傷害{health_left}。"),
    "retreated": ("{retreat} from {origin} to {destination}.", "{retreat}從{origin}撤退到{destination}。"),
    "combat_ended": ("The combat in {region} ends.", "{region}的戰鬥結束。"),
    "general_defeated": ("{character} is defeated.", "{character}被擊敗。"),
    # the end
    "game_over": ("The game ends ({reason}). Winners: {winners}.", "遊戲結束（{reason}）。勝利者：{winners}。"),
}

# What a modifier added by a card does to whom it affects (3rd person; {v} its value).
MODIFIER_WORDS: dict[str, tuple[str, str]] = {
    "dice": ("rolls {v} extra {dice}", "多擲 {v} 顆骰子"),
    "ignore_hits": ("ignores {v} {hits}", "忽略 {v} 次攻擊"),
    "crit_conversion": ("turns up to {v} {hits} into critical hits", "最多 {v} 次攻擊變為爆擊"),
    "crits_as_normal": ("counts its critical hits as normal hits", "的爆擊視為普通攻擊"),
    "reroll_blanks": ("rerolls its blank dice", "重擲空白骰"),
    "no_retreat": ("cannot retreat", "不能撤退"),
    "ignore_city": ("ignores cities", "無視城市"),
    "mountain_exempt_type": ("approaches with {v} across mountains without granting mountain protection",
                             "以{v}跨越山脈進擊時不給予山脈保護"),
    "extra_step": ("may move its {v} one step further", "的{v}可多移動一步"),
    "crit_damage_bonus": ("deals {v} more damage with each critical hit", "每次爆擊多造成 {v} 點傷害"),
    "mountains_closed": ("the mountain borders are closed", "山脈疆界封閉"),
}
EVENT_PLACED = ("An event card is placed face down on the stack ({which}).",
                "一張事件卡面朝下放入行動指令牌堆（{which}）。")
_CJK_DIGIT = re.compile(r"([\u4e00-\u9fff])(\d)")     # 部署1 個步兵 -> 部署 1 個步兵, as the other lines space numbers
GENERIC = ("{kind}: {details}", "{kind}：{details}")


def _pair(words: Mapping[str, tuple[str, str]], key: object, otherwise: tuple[Any, Any]) -> tuple[Any, Any]:
    """``words.get(key, otherwise)`` for a key read from an event, which may be missing (None)."""
    return words[key] if isinstance(key, str) and key in words else otherwise


def _possessive(name: str, lang: int) -> str:
    return f"{name}'s " if lang == EN else f"{name}的"


def _roller(side: Any, lang: int) -> str:
    if not side or side == "neutral":
        return ("The neutral units", "中立單位")[lang]
    return name_of(side, lang)


def _modifier_change(data: Mapping[str, Any], lang: int) -> str:
    """Whom a modifier affects and what it does: "Elyse rolls 2 extra dice"."""
    kind, value, holder, side = data.get("kind"), data.get("value"), data.get("holder"), data.get("side")
    en, zh = _pair(MODIFIER_WORDS, kind, (str(kind).replace("_", " "), str(kind).replace("_", " ")))
    v = name_of(value, lang) if isinstance(value, str) else value
    what = (en if lang == EN else zh).format(v=v, dice="die" if value == 1 else "dice",
                                            hits="hit" if value == 1 else "hits")
    if holder is None:
        return what[:1].upper() + what[1:] if lang == EN else what
    who = name_of(holder, lang)
    whom = _pair({"ally": ("{who}'s ally", "{who}的盟友"), "opponent": ("{who}'s opponent", "{who}的對手")},
                 side, ("{who}", "{who}"))[lang].format(who=who)
    return f"{whom} {what}" if lang == EN else f"{whom}{what}"


def _carried(general: Any, units: Any, lang: int) -> str:
    figure = _possessive(name_of(general, lang), lang) + ("figure", "角色模型")[lang]
    more = units_text(units, lang) if isinstance(units, Mapping) else ""
    return figure if not more else f"{figure} and {more}" if lang == EN else f"{figure}與{more}"


def _extra_fields(event: Event, fields: dict[str, Any], lang: int) -> None:
    """Fields some templates word from others (whose card, pieces moved, counts with plurals)."""
    data = event.data
    kind = event.kind
    en = lang == EN
    if "seat" in data and isinstance(data["seat"], int):
        fields["seat_no"] = data["seat"] + 1
    owner = data.get("owner")
    fields["owner_part"] = "" if not owner else _possessive(name_of(owner, lang), lang)
    if isinstance(data.get("n"), int):
        fields["tokens"] = counted(data["n"], "power token", "power tokens")
        fields["hits"] = counted(data["n"], "hit", "hits")
        fields["neutral"] = counted(data["n"], "neutral unit", "neutral units")
        fields["become"] = "becomes" if data["n"] == 1 else "become"
    if isinstance(data.get("size"), int):
        fields["cards"] = counted(data["size"], "card", "cards")
    if kind == "card_revealed":
        card = name_of(data.get("card"), lang)
        if owner:
            card = card.removeprefix("the ") if en else card
            card = _possessive(name_of(owner, lang), lang) + card
        fields["revealed"] = card
    if kind == "card_mode":
        fields["mode_words"] = _pair({"heal": ("heals instead of executing the card", "改為治療，不執行卡牌"),
                                      "execute": ("executes the card", "執行卡牌")},
                                     data.get("mode"), (data.get("mode"),) * 2)[lang]
    if kind in ("pieces_moved", "retreated"):
        units = units_text(data.get("units") or {}, lang)
        figure = ("the figure", "角色模型")[lang]
        fields["pieces"] = (figure if not units else f"{units} and {figure}" if en else f"{units}與{figure}") \
            if data.get("figure") else units or WORDS["nobody"][lang]
        fields["approach"] = ("", "")[lang] if data.get("cause") != "approach" else (" (approach)", "（進擊）")[lang]
    if kind == "retreated":
        who = name_of(data.get("character"), lang)
        if data.get("forced"):
            fields["retreat"] = (f"{who}'s figure retreats alone", f"{who}的角色模型單獨")[lang]
        elif data.get("units"):
            fields["retreat"] = (f"{who} retreats {fields['pieces']}", f"{who}將{fields['pieces']}")[lang]
        else:
            fields["retreat"] = (f"{who} retreats", who)[lang]
    if kind in ("unit_deployed", "unit_reinforced"):
        fields["one_unit"] = units_text({data.get("unit"): 1}, lang)
    if kind == "units_removed":
        units = units_text(data.get("units") or {}, lang) or WORDS["nothing"][lang]
        region = name_of(data.get("region"), lang)
        if owner == "neutral" or not owner:
            fields["removed"] = f"{units} removed from {region}" if en else f"{region}移除{units}"
        else:
            fields["removed"] = (f"{name_of(owner, lang)} loses {units} in {region}" if en
                                 else f"{name_of(owner, lang)}在{region}失去{units}")
    if kind == "units_pushed":
        units = units_text(data.get("units") or {}, lang) or WORDS["nothing"][lang]
        fields["pushed"] = units if owner in (None, "neutral") else _possessive(name_of(owner, lang), lang) + units
    if kind in ("carry_prepared", "pieces_carried"):
        fields["carried"] = _carried(data.get("general", data.get("character")), data.get("units"), lang)
    if kind == "dragon_flew":
        path = data.get("path") or []
        fields["destination"] = name_of(path[-1] if path else data.get("origin"), lang)
    if kind in ("dice_rolled", "dice_rerolled", "hits_converted"):
        side = data.get("side")
        fields["roller"] = _roller(side, lang)
        plural = not side or side == "neutral"
        fields["roll"], fields["reroll"] = ("roll", "reroll") if plural else ("rolls", "rerolls")
        if kind != "hits_converted" and not data.get("faces"):
            fields["faces"] = ("no dice", "零顆骰子")[lang]
        one = data.get("n") == 1
        fields["to"] = _pair({"crit": ("a critical hit" if one else "critical hits", "爆擊"),
                              "normal": ("a normal hit" if one else "normal hits", "普通攻擊")},
                             data.get("to"), (data.get("to"),) * 2)[lang]
    if kind == "oath_rolled" and isinstance(data.get("dice"), Mapping):
        fields["dice"] = SEP[lang].join(f"{name_of(k, lang)} {name_of(v, lang)}" for k, v in data["dice"].items())
    if kind == "modifier_added":
        fields["change"] = _modifier_change(data, lang)
    if kind == "trigger_fired":
        fields["holder_card"] = (_possessive(name_of(data.get("character"), lang), lang)
                                 + name_of(data.get("card"), lang))
    if kind == "ai_tie_broken":
        from .labels import answer_label
        if "chosen" in data:
            fields["chosen"] = answer_label(data["chosen"], language_at(lang))
        fields["by"] = _pair({"proxy": ("The proxy", "代理決策者"), "random": ("Chance", "隨機")},
                             data.get("by"), (name_of(data.get("by"), lang),) * 2)[lang]
    if kind == "vaala_cast":
        own, ally = data.get("own", 0), data.get("ally", 0)
        if en:
            fields["paid"] = (f"paying {counted(own, 'power token', 'power tokens')}" if not ally else
                              f"paying {counted(ally, 'power token', 'power tokens')} from the ally" if not own else
                              f"paying {counted(own, 'power token', 'power tokens')} and {ally} from the ally")
        else:
            fields["paid"] = (f"支付 {own} 個權力標記" + (f"，盟友支付 {ally} 個" if ally else "") if own
                              else f"由盟友支付 {ally} 個權力標記")
    if kind == "power_stolen":
        to, thief = data.get("to"), data.get("thief")
        back = (" (no room: it goes back to the supply)", "（無處可放：退回供應區）")
        fields["stolen_to"] = ("" if to == thief else back[lang] if to == "supply"
                               else (f" (it goes to {name_of(to, lang)})", f"（移到{name_of(to, lang)}）")[lang])
    if kind == "power_overflow":
        to = data.get("to")
        fields["overflow"] = (("the token goes back to the supply", "標記退回供應區")[lang] if to == "supply" else
                              (f"the token stays in {name_of(to, lang)}", f"標記留在{name_of(to, lang)}")[lang])
    if kind == "dragon_healed":
        n, health = data.get("n"), data.get("health")
        fields["healed"] = ((f"heals {n} (health {health})", f"治療 {n} 點（生命 {health}）") if n else
                            (f"is at full health ({health}): nothing to heal", f"生命已滿（{health}），無需治療"))[lang]
    if kind == "hits_ignored":
        fields["why"] = _pair({"mountain": ("the mountain border", "山脈疆界"), "city": ("the city", "城市"),
                               "effect": ("an effect", "效果")},
                              data.get("cause"), (name_of(data.get("cause"), lang),) * 2)[lang]
    if kind == "damage":
        health = data.get("health")
        fields["health_left"] = "" if health is None else (f" (health {health})", f"（生命 {health}）")[lang]
    if kind == "market_refreshed" and not data.get("market"):
        fields["market"] = WORDS["nothing"][lang]
    if kind == "game_over":
        fields["reason"] = name_of(data.get("reason") or "", lang)


def describe(event: Event, language: str = "en") -> str:
    """One log line for ``event`` in ``language`` (falls back to a generic line, never raises)."""
    lang = language_index(language)
    try:
        fields = {key: name_of(value, lang) for key, value in event.data.items()}
        _extra_fields(event, fields, lang)
        template = TEMPLATES.get(event.kind)
        if event.kind == "card_placed" and event.data.get("owner") is None:
            template = EVENT_PLACED
        if template is not None:
            line = template[lang].format(**fields)
            return line[:1].upper() + line[1:] if lang == EN else _CJK_DIGIT.sub(r"\1 \2", line)
    except (KeyError, ValueError, IndexError, AttributeError, TypeError):
        pass
    return generic(event, lang)


def generic(event: Event, lang: int) -> str:
    """The fallback: the kind in words and every field, named where possible."""
    try:
        details = SEP[lang].join(f"{k}={name_of(v, lang)}" for k, v in event.data.items())
    except Exception:
        details = SEP[lang].join(f"{k}={v}" for k, v in event.data.items())
    return GENERIC[lang].format(kind=event.kind.replace("_", " "), details=details)


# -- rule references: the spec's rule areas (section 5) and the rule each event kind comes from ----------

RULE_AREAS: dict[str, tuple[str, str]] = {
    "GOAL": ("Winning", "勝利"), "ROUND": ("Round structure", "輪的結構"), "PLAN": ("Planning phase", "計畫階段"),
    "PASS": ("Passing and the first-player marker", "Pass 與起始玩家標記"),
    "STACK": ("The command stack", "行動指令牌堆"),
    "EXEC": ("Execution phase", "執行階段"), "EVENT": ("Event cards", "事件卡"),
    "ACTION": ("Action cards and icons", "行動卡與圖示"), "MOVE": ("Moving, flying, arriving", "移動、飛行、抵達"),
    "UNIT": ("Units and deploying", "單位與部署"), "POWER": ("Power tokens", "權力標記"),
    "VAALA": ("Vaala cards", "瓦拉卡"),
    "REGIONCARD": ("Region cards", "區域卡"), "UPGRADE": ("Upgrade cards", "升級卡"),
    "HEAL": ("Dragon healing", "龍的治療"),
    "OATH": ("The Dragonbond oath", "龍族誓約"), "BONDED": ("Bonded players", "龍族盟友"), "DICE": ("Rolling", "擲骰"),
    "STRENGTH": ("Combat strength", "戰鬥值"), "COMBAT": ("Combat", "戰鬥"),
    "CRIT": ("Critical and normal hits", "爆擊與普通攻擊"),
    "COUNTER": ("Counter-attack and continuing", "反擊與繼續攻擊"), "RETREAT": ("Retreating", "撤退"),
    "MOUNTAIN": ("Mountain borders", "山脈疆界"), "CITY": ("Cities", "城市"),
    "CONTROL": ("Controlling regions", "控制區域"),
    "CLEANUP": ("Cleanup phase", "整理階段"), "AI": ("AI players", "AI 玩家"), "END": ("End of the game", "遊戲結束"),
    "TIE": ("Breaking ties", "平手判定"), "SETUP": ("Setup", "設置"), "HIDDEN": ("Hidden information", "隱藏資訊"),
    "DEC": ("Rulings", "裁定"),
}

EVENT_RULES: dict[str, str] = {
    "character_chosen": "DRG-SETUP-2", "ai_player": "DRG-AI-1", "card_placed": "DRG-PLAN-3",
    "card_placed_own": "DRG-PLAN-3", "pass": "DRG-PLAN-9", "marker_moved": "DRG-PASS-5",
    "stack_turned": "DRG-STACK-3", "card_revealed": "DRG-STACK-4", "turn_skipped": "DRG-PLAN-6",
    "figure_arrived": "DRG-MOVE-7",
    "dragon_flew": "DRG-MOVE-3", "pieces_moved": "DRG-MOVE-1", "unit_deployed": "DRG-UNIT-2",
    "unit_reinforced": "DRG-REGIONCARD-5", "city_built": "DRG-CITY-1", "power_collected": "DRG-POWER-3",
    "bonded": "DRG-BONDED-1", "power_gained": "DRG-POWER-5", "power_stolen": "DRG-POWER-10",
    "combat_started": "DRG-COMBAT-3",
    "dice_rolled": "DRG-DICE-1", "retreated": "DRG-RETREAT-1", "upgrade_taken": "DRG-UPGRADE-2",
    "dragon_healed": "DRG-HEAL-1", "ai_tie_broken": "DRG-AI-14", "game_over": "DRG-END-1",
}


def event_rule(event: Event) -> str:
    """The DRG rule an event of this kind comes from ("" for a kind not listed)."""
    return EVENT_RULES.get(event.kind, "")


def rule_title(rule_id: str, language: str = "en") -> str:
    """The rule area a ``DRG-AREA-n`` ID belongs to, in words ("" when unknown)."""
    parts = rule_id.split("-")
    area = RULE_AREAS.get(parts[1]) if len(parts) >= 2 and parts[0] == "DRG" else None
    return "" if area is None else area[language_index(language)]
