"""Log lines for Dragonbond events, in English and Traditional Chinese (glossary terms of spec
section 2; characters, regions and cards by the content's names).

`describe(event, language)` words one event. Every kind emitted in engine/dragonbond has a line in
`TEMPLATES` (tests/engine/dragonbond/test_h4_log.py plays games and checks it); a kind without one,
or a line whose fields are missing, falls back to a plain generic line, so logging never fails.
Lines only word the event's own fields, so a log line shows nothing its event does not already
tell its audience (DRG-HIDDEN-10: a public `card_placed` has no card face, so neither has its line).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import Event

from .content import content

EN, ZH = 0, 1

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
    "stack_turned": ("The command stack is turned over ({size} cards).", "行動指令牌堆翻面（{size} 張）。"),
    "card_revealed": ("{owner_part}{card} is revealed.", "{owner_part}{card}被翻開。"),
    "card_mode": ("{owner} chooses to {mode}.", "{owner}選擇{mode}。"),
    "card_returned": ("{card} returns to {owner}.", "{card}回到{owner}手上。"),
    "card_discarded": ("{card} is discarded.", "{card}被棄置。"),
    "card_effects_skipped": ("{card} has no effect yet ({reason}).", "{card}暫無效果（{reason}）。"),
    "icon_skipped": ("{owner} skips the {icon} icon of {card} ({reason}).", "{owner}跳過{card}的{icon}圖示（{reason}）。"),
    "icons_skipped": ("{owner} skips the icons of {card} ({reason}).", "{owner}跳過{card}的圖示（{reason}）。"),
    "icon_declined": ("{owner} declines the {icon} icon.", "{owner}放棄{icon}圖示。"),
    "effect_skipped": ("{effect} of {source} does nothing ({reason}).", "{source}的{effect}沒有效果（{reason}）。"),
    "region_card_routed": ("{card} goes to {to}.", "{card}移到{to}。"),
    "cleanup_step": ("Cleanup: {step}.", "整理階段：{step}。"),
    "market_refreshed": ("The upgrade market now shows {market}.", "升級卡展示列現在是：{market}。"),
    "modifier_added": ("{holder} gains {kind} from {source} ({duration}).", "{holder}從{source}獲得{kind}（{duration}）。"),
    "trigger_fired": ("{card} of {character} takes effect ({on_event}).", "{character}的{card}生效（{on_event}）。"),
    "trigger_declined": ("{character} does not use {card}.", "{character}不使用{card}。"),
    "ai_tie_broken": ("{character} ({purpose}): {chosen}, decided by {by}.", "{character}（{purpose}）：{chosen}，由{by}決定。"),
    # the map
    "figure_arrived": ("{character} arrives in {region}.", "{character}抵達{region}。"),
    "dragon_flew": ("{character} flies from {origin} over {path}.", "{character}從{origin}飛行經過{path}。"),
    "pieces_moved": ("{character} moves {units}{figure_part} from {origin} to {destination}.",
                     "{character}將{units}{figure_part}從{origin}移動到{destination}。"),
    "unit_deployed": ("{character} deploys {unit} in {region}.", "{character}在{region}部署{unit}。"),
    "unit_reinforced": ("{character} reinforces {region} with {unit}.", "{character}以{unit}增援{region}。"),
    "units_removed": ("{units} removed from {region}.", "{region}移除{units}。"),
    "neutral_placed": ("{n} neutral unit(s) placed in {region}.", "在{region}放置 {n} 個中立單位。"),
    "city_built": ("{character} builds a city in {region}.", "{character}在{region}建造城市。"),
    "city_removed": ("The city in {region} is removed.", "{region}的城市被移除。"),
    "pieces_carried": ("{dragon} carries {units} of {character} from {origin} to {destination}.",
                       "{dragon}將{character}的{units}從{origin}載運到{destination}。"),
    "units_placed": ("{character} places {units} in {region}.", "{character}在{region}放置{units}。"),
    "units_pushed": ("{units} of {owner} pushed from {origin} to {destination}.", "{owner}的{units}從{origin}被推到{destination}。"),
    "carry_prepared": ("{dragon} carries {units} of {general}.", "{dragon}載運{general}的{units}。"),
    # power
    "power_collected": ("{character} collects a power token in {region}.", "{character}在{region}收集一個權力標記。"),
    "power_gained": ("{character} gains {n} power token(s).", "{character}獲得 {n} 個權力標記。"),
    "power_lost": ("{character} loses {n} power token(s).", "{character}失去 {n} 個權力標記。"),
    "power_spent": ("{character} spends {n} power token(s).", "{character}消耗 {n} 個權力標記。"),
    "power_overflow": ("{character} is at the hold limit: the token goes to {to}.", "{character}已達持有上限：標記移到{to}。"),
    "power_placed": ("{n} power token(s) placed in {region}.", "在{region}放置 {n} 個權力標記。"),
    "power_removed": ("{n} power token(s) removed from {region}.", "{region}移除 {n} 個權力標記。"),
    "power_stolen": ("{thief} takes a power token from {victim} (to {to}).", "{thief}從{victim}奪取一個權力標記（移到{to}）。"),
    # Vaala cards
    "vaala_drawn": ("{character} draws a Vaala card ({hand} in hand).", "{character}抽一張瓦拉卡（手上 {hand} 張）。"),
    "vaala_card_drawn": ("You draw {card}.", "你抽到{card}。"),
    "vaala_cast": ("{character} casts {card} (paying {own} + {ally} from the ally).", "{character}施放{card}（支付 {own}，盟友支付 {ally}）。"),
    "vaala_reshuffled": ("{character} shuffles the Vaala discard into a new deck ({size} cards).",
                         "{character}將瓦拉卡棄牌洗成新的牌庫（{size} 張）。"),
    # upgrades, healing, the oath
    "upgrade_taken": ("{character} takes the upgrade {card}.", "{character}取得升級卡{card}。"),
    "upgrade_replaced": ("{character} gives up the upgrade {card}.", "{character}捨棄升級卡{card}。"),
    "dragon_healed": ("{character} heals {n} (health {health}).", "{character}治療 {n} 點（生命 {health}）。"),
    "oath_rolled": ("{general} and {dragon} take the Dragonbond oath: {dice}.", "{general}與{dragon}進行龍族誓約：{dice}。"),
    "oath_rerolled": ("{character} rerolls: {face}.", "{character}重擲：{face}。"),
    "oath_failed": ("The oath of {general} and {dragon} fails.", "{general}與{dragon}的龍族誓約失敗。"),
    "bonded": ("{general} and {dragon} are bonded: a Dragonbond!", "{general}與{dragon}締結龍族！"),
    # combat
    "combat_started": ("{attacker} attacks {target} in {region}.", "{attacker}在{region}攻擊{target}。"),
    "dice_rolled": ("{side} rolls {faces}.", "{side}擲出{faces}。"),
    "dice_rerolled": ("{side} rerolls the blanks: {faces}.", "{side}重擲空白骰：{faces}。"),
    "hits_converted": ("{n} hit(s) of {side} become {to}.", "{side}的 {n} 次攻擊變為{to}。"),
    "combat_vaala_declined": ("{character} casts no Vaala card in this combat.", "{character}在這場戰鬥中不施放瓦拉卡。"),
    "hits_ignored": ("{n} hit(s) ignored ({cause}).", "{n} 次攻擊被忽略（{cause}）。"),
    "damage": ("{side} takes {n} damage ({removed}).", "{side}受到 {n} 點傷害（{removed}）。"),
    "retreated": ("{character} retreats from {origin} to {destination}.", "{character}從{origin}撤退到{destination}。"),
    "combat_ended": ("The combat in {region} ends.", "{region}的戰鬥結束。"),
    "general_defeated": ("{character} is defeated.", "{character}被擊敗。"),
    # the end
    "game_over": ("The game ends ({reason}). Winners: {winners}.", "遊戲結束（{reason}）。勝利者：{winners}。"),
}

# Words for plain values the events carry (phases, icons, reasons, causes, modes...).
WORDS: dict[str, tuple[str, str]] = {
    "planning": ("planning phase", "計畫階段"), "execution": ("execution phase", "執行階段"),
    "cleanup": ("cleanup phase", "整理階段"), "setup": ("set-up", "設置"), "over": ("end", "結束"),
    "action": ("action card", "行動卡"), "region": ("region card", "區域卡"), "event": ("event card", "事件卡"),
    "move": ("move", "移動"), "fly": ("fly", "飛行"), "attack": ("attack", "攻擊"), "deploy": ("deploy", "部署"),
    "collect": ("collect", "收集"), "vaala": ("Vaala", "瓦拉"), "reinforce": ("reinforce", "增援"),
    "upgrade": ("upgrade", "升級"), "build_city": ("build a city", "建造城市"),
    "heal": ("heal", "治療"), "execute": ("execute the card", "執行卡牌"),
    "infantry": ("infantry", "步兵"), "cavalry": ("cavalry", "騎兵"), "ranged": ("ranged unit", "遠程單位"),
    "neutral": ("neutral units", "中立單位"), "supply": ("the supply", "供應區"),
    "region_deck": ("the region deck", "區域卡牌庫"),
    "attacker": ("The attacker", "進攻玩家"), "target": ("The target", "攻擊目標"),
    "mountain": ("mountain border", "山脈疆界"), "city": ("city", "城市"), "health": ("health", "生命"),
    "proxy": ("the proxy", "代理決策者"), "random": ("chance", "隨機"),
    "not_implemented": ("not in this version yet", "此版本尚未支援"), "no_legal_option": ("nothing possible", "無可行選項"),
    "no_health": ("no health left", "沒有剩餘生命"), "healed": ("the dragon healed instead", "龍改為治療"),
    "exchange": ("this exchange", "本交戰回合"), "round": ("this round", "本輪"), "while_held": ("while held", "持有期間"),
    "cards": ("cards return", "卡牌回收"), "market": ("the market refreshes", "升級卡展示列更新"),
    "power": ("power", "權力"), "region_cards": ("region cards", "區域卡"),
    "round_effects": ("round effects end", "本輪效果結束"),
    "event_deck_empty": ("the event deck is empty", "事件卡牌庫已空"),
    "general_defeated": ("a general is defeated", "將軍被擊敗"), "power_goal": ("power goal reached", "達成權力目標"),
    "first": ("first", "第一張"), "second": ("second", "第二張"), "opening": ("opening", "開場"), "closing": ("closing", "收尾"), "approach": ("approach", "進擊"),
    "effect": ("an effect", "效果"), "deploy_icon": ("deploy icon", "部署圖示"),
    "beat_neutral": ("beating neutral units", "擊敗中立單位"), "fly_start": ("starting to fly", "開始飛行"),
    "nobody": ("nobody", "無人"), "pay": ("pay", "支付"), "own": ("own", "自己"), "ally": ("ally", "盟友"), "crit": ("critical hits", "爆擊"), "normal": ("normal hits", "普通攻擊"), "carry": ("carried", "載運"), "hidden": ("a face-down card", "一張面朝下的牌"),
}
EVENT_PLACED = ("An event card is placed face down on the stack ({which}).", "一張事件卡面朝下放入行動指令牌堆（{which}）。")
SEP = (", ", "、")
GENERIC = ("{kind}: {details}", "{kind}：{details}")


def _lang(language: str) -> int:
    return ZH if language.startswith("zh") else EN


def _pick(name: Any, lang: int) -> str:
    return (getattr(name, "zh_TW", "") or name.en) if lang == ZH else name.en


def name_of(value: Any, lang: int) -> str:
    """Any value an event carries, in words: a character, region or card by its name, a unit count
    table as "2 infantry", a list joined, a known word translated, anything else as it is."""
    c = content()
    if isinstance(value, Mapping):
        parts = [f"{n} {name_of(k, lang)}" for k, n in value.items() if n]
        return SEP[lang].join(parts) or WORDS["nobody"][lang]
    if isinstance(value, (list, tuple)):
        return SEP[lang].join(name_of(v, lang) for v in value) or WORDS["nobody"][lang]
    if value is None:
        return WORDS["nobody"][lang]
    if not isinstance(value, str):
        return str(value)
    if value in c.characters:
        return _pick(c.characters[value].name, lang)
    if value in c.map.regions:
        return _pick(c.map.regions[value].name, lang)
    if value in c.region_cards:
        return _pick(c.region_name(value), lang)
    for table in (c.action_cards, c.event_cards, c.upgrade_cards, c.vaala_cards, c.dragonbond_cards):
        if value in table:
            return _pick(table[value].name, lang)
    if value in WORDS:
        return WORDS[value][lang]
    return value.replace("_", " ")


def _extra_fields(event: Event, fields: dict[str, Any], lang: int) -> None:
    """Fields some templates word from others (whose card, figure moved, seat number)."""
    data = event.data
    if "seat" in data and isinstance(data["seat"], int):
        fields["seat_no"] = data["seat"] + 1
    owner = data.get("owner")
    fields["owner_part"] = "" if not owner else (f"{name_of(owner, lang)}'s " if lang == EN else f"{name_of(owner, lang)}的")
    if event.kind == "pieces_moved":
        fields["figure_part"] = "" if not data.get("figure") else (" and the figure" if lang == EN else "與角色模型")
    if event.kind == "ai_tie_broken" and "chosen" in data:
        from .labels import answer_label
        fields["chosen"] = answer_label(data["chosen"], "zh_TW" if lang == ZH else "en")
    if event.kind == "game_over":
        fields["reason"] = name_of(data.get("reason") or "", lang)
    if event.kind == "oath_rolled" and isinstance(data.get("dice"), Mapping):
        fields["dice"] = SEP[lang].join(f"{name_of(k, lang)} {v}" for k, v in data["dice"].items())
    if event.kind in ("dice_rolled", "dice_rerolled") and not data.get("side"):
        fields["side"] = "Dice" if lang == EN else "骰子"


def describe(event: Event, language: str = "en") -> str:
    """One log line for ``event`` in ``language`` (falls back to a generic line, never raises)."""
    lang = _lang(language)
    try:
        fields = {key: name_of(value, lang) for key, value in event.data.items()}
        _extra_fields(event, fields, lang)
        template = TEMPLATES.get(event.kind)
        if event.kind == "card_placed" and event.data.get("owner") is None:
            template = EVENT_PLACED
        if template is not None:
            return template[lang].format(**fields)
    except (KeyError, ValueError, IndexError, AttributeError, TypeError):
        pass
    return generic(event, lang)


def generic(event: Event, lang: int) -> str:
    """The fallback: the kind in words and every field, named where possible."""
    try:
        details = SEP[lang].join(f"{k}={name_of(v, lang)}" for k, v in event.data.items())
    except Exception:   # noqa: BLE001 - a log line must never fail
        details = SEP[lang].join(f"{k}={v}" for k, v in event.data.items())
    return GENERIC[lang].format(kind=event.kind.replace("_", " "), details=details)


# -- rule references: the spec's rule areas (section 5) and the rule each event kind comes from ----------

RULE_AREAS: dict[str, tuple[str, str]] = {
    "GOAL": ("Winning", "勝利"), "ROUND": ("Round structure", "輪的結構"), "PLAN": ("Planning phase", "計畫階段"),
    "PASS": ("Passing and the first-player marker", "Pass 與起始玩家標記"), "STACK": ("The command stack", "行動指令牌堆"),
    "EXEC": ("Execution phase", "執行階段"), "EVENT": ("Event cards", "事件卡"),
    "ACTION": ("Action cards and icons", "行動卡與圖示"), "MOVE": ("Moving, flying, arriving", "移動、飛行、抵達"),
    "UNIT": ("Units and deploying", "單位與部署"), "POWER": ("Power tokens", "權力標記"), "VAALA": ("Vaala cards", "瓦拉卡"),
    "REGIONCARD": ("Region cards", "區域卡"), "UPGRADE": ("Upgrade cards", "升級卡"), "HEAL": ("Dragon healing", "龍的治療"),
    "OATH": ("The Dragonbond oath", "龍族誓約"), "BONDED": ("Bonded players", "龍族盟友"), "DICE": ("Rolling", "擲骰"),
    "STRENGTH": ("Combat strength", "戰鬥值"), "COMBAT": ("Combat", "戰鬥"), "CRIT": ("Critical and normal hits", "爆擊與普通攻擊"),
    "COUNTER": ("Counter-attack and continuing", "反擊與繼續攻擊"), "RETREAT": ("Retreating", "撤退"),
    "MOUNTAIN": ("Mountain borders", "山脈疆界"), "CITY": ("Cities", "城市"), "CONTROL": ("Controlling regions", "控制區域"),
    "CLEANUP": ("Cleanup phase", "整理階段"), "AI": ("AI players", "AI 玩家"), "END": ("End of the game", "遊戲結束"),
    "TIE": ("Breaking ties", "平手判定"), "SETUP": ("Setup", "設置"), "HIDDEN": ("Hidden information", "隱藏資訊"),
    "DEC": ("Rulings", "裁定"),
}

EVENT_RULES: dict[str, str] = {
    "character_chosen": "DRG-SETUP-2", "ai_player": "DRG-AI-1", "card_placed": "DRG-PLAN-3",
    "card_placed_own": "DRG-PLAN-3", "pass": "DRG-PLAN-9", "marker_moved": "DRG-PASS-5",
    "stack_turned": "DRG-STACK-3", "card_revealed": "DRG-STACK-4", "turn_skipped": "DRG-PLAN-6", "figure_arrived": "DRG-MOVE-7",
    "dragon_flew": "DRG-MOVE-3", "pieces_moved": "DRG-MOVE-1", "unit_deployed": "DRG-UNIT-2",
    "unit_reinforced": "DRG-REGIONCARD-5", "city_built": "DRG-CITY-1", "power_collected": "DRG-POWER-3",
    "bonded": "DRG-BONDED-1", "power_gained": "DRG-POWER-5", "power_stolen": "DRG-POWER-10", "combat_started": "DRG-COMBAT-3",
    "dice_rolled": "DRG-DICE-1", "retreated": "DRG-RETREAT-1", "upgrade_taken": "DRG-UPGRADE-2",
    "dragon_healed": "DRG-HEAL-1", "ai_tie_broken": "DRG-AI-14", "game_over": "DRG-END-1",
}


def rule_title(rule_id: str, language: str = "en") -> str:
    """The rule area a ``DRG-AREA-n`` ID belongs to, in words ("" when unknown)."""
    parts = rule_id.split("-")
    area = RULE_AREAS.get(parts[1]) if len(parts) >= 2 and parts[0] == "DRG" else None
    return "" if area is None else area[_lang(language)]


def outcome_words(reason: str, language: str = "en") -> str:
    """``event_deck_empty; won: adrael, ferellon`` (as `Dragonbond.outcome` records it) in words."""
    lang = _lang(language)
    why, _, rest = reason.partition("; won: ")
    won = rest.partition("; power: ")[0]
    ai = (" (AI)", "（AI 玩家）")[lang]
    names = SEP[lang].join(name_of(ch.strip().removesuffix(" (AI)"), lang) + (ai if ch.strip().endswith(" (AI)") else "")
                           for ch in won.split(",") if ch.strip()) or WORDS["nobody"][lang]
    head = name_of(why, lang)
    head = head[:1].upper() + head[1:] if lang == EN else head
    return f"{head}. Won: {names}." if lang == EN else f"{head}。勝利者：{names}。"
