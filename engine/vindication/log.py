"""Log lines for Vindication's events, in English and Traditional Chinese (glossary terms).

Lines name public facts only; a private event (cards drawn, quests dealt) is worded for the one
seat allowed to see it, since only that seat's log ever holds it.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from engine.core import Event
from engine.core.language import language_key

from .content import content
from .rule_refs import event_rule as event_rule  # the rule a log line comes from (Game.event_rule)
from .rule_refs import rule_title as rule_title  # and its area's title (Game.rule_title)

ATTRIBUTE_NAMES = {
    "en": {"S": "strength", "K": "knowledge", "I": "inspiration", "C": "courage", "W": "wisdom", "V": "vision"},
    "zh": {"S": "力量", "K": "知識", "I": "靈感", "C": "勇氣", "W": "智慧", "V": "遠見"},
}
STEP_NAMES = {
    "en": {"pot_to_inf": "augments potential → influence", "inf_to_conv": "augments influence → conviction",
           "conv_to_inf": "dilutes conviction → influence", "inf_to_pot": "dilutes influence → potential"},
    "zh": {"pot_to_inf": "強化能力：潛能 → 影響力", "inf_to_conv": "強化能力：影響力 → 信念",
           "conv_to_inf": "弱化能力：信念 → 影響力", "inf_to_pot": "弱化能力：影響力 → 潛能"},
}
# The end of the game (`Vindication.describe_outcome`, `score_category_name`): glossary terms.
OUTCOME_WORDS = {
    "en": {"most_honor": "most honor", "solo": "solo rating: {rating}"},
    "zh": {"most_honor": "榮耀最高", "solo": "單人評價：{rating}"},
}
# VIN-SOLO-7's ratings, by the English names `rules.flow.solo_rating` gives.
SOLO_RATING_NAMES = {"Legend": "傳奇", "Vindicated": "重返榮耀", "Penitent": "懺悔者", "Wretch": "罪人"}
SCORE_CATEGORIES = {
    "en": {"before": "Honor before scoring", "monsters": "Monsters", "quest": "Secret quest",
           "regions": "Controlled regions", "villages": "Villages & hamlets", "mastery": "Mastery",
           "total": "Total"},
    "zh": {"before": "計分前榮耀", "monsters": "怪物卡", "quest": "秘密任務", "regions": "控制的地區",
           "villages": "村莊與小村", "mastery": "屬性大師", "total": "總分"},
}

TEMPLATES: dict[str, tuple[str, str]] = {
    "character_chosen": ("{who} plays {character}.", "{who} 扮演 {character}。"),
    "quests_dealt": ("{who} looks at {quests_count}.", "{who} 查看 {count} 張秘密任務。"),
    "quests_drawn": ("You draw the secret quests {quests}.", "你抽到秘密任務 {quests}。"),
    "private_choice": ("Only you can see this choice.", "只有你能看到這個選擇。"),
    "quest_kept": ("{who} keeps one secret quest.", "{who} 保留一張秘密任務。"),
    "round_started": ("Round {round} begins.", "第 {round} 輪開始。"),
    "turn_ended": ("{who} ends the turn.", "{who} 結束回合。"),
    "activated": ("{who} activates {source}.", "{who} 啟用 {source}。"),
    "attributes_gained": ("{who} gains {kinds}.", "{who} 獲得 {kinds}。"),
    "attribute_spent": ("{who} spends {n} {kind}.", "{who} 花費 {n} 點{kind}。"),
    "token_moved": ("{who} moves {path}.", "{who} 移動：{path}。"),
    "token_flew": ("{who} flies to {to}.", "{who} 飛往 {to}。"),
    "move_skipped": ("{who} is boxed in and cannot move.", "{who} 遭包夾，無法移動。"),
    "tile_discovered": ("{space} is discovered: {tile}.", "發現地區 {space}：{tile}。"),
    "region_visited": ("{who} visits {the_tile} ({space}).", "{who} 造訪 {tile}（{space}）。"),
    "rested": ("{who} rests.", "{who} 休息。"),
    "power_step": ("{who} {step}.", "{who} {step}。"),
    "honor_changed": ("{who} {gains} {amount} honor ({reason}).", "{who} {gains} {amount} 點榮耀（{reason}）。"),
    "trigger_token_taken": ("{who} takes the trigger token at {space} honor.", "{who} 取得榮耀 {space} 的觸發指示物。"),
    "end_trigger_revealed": ("End trigger revealed: {card}.", "翻開結束觸發卡：{card}。"),
    "end_triggered": ("The end is triggered ({card}); round {final_round} is the last.",
                      "遊戲結束已觸發（{card}）；第 {final_round} 輪為最後一輪。"),
    "card_acquired": ("{who} gains {card} ({mode}).", "{who} 獲得 {card}（{mode}）。"),
    "card_left": ("{card} leaves {whose} tableau.", "{card} 離開 {who} 的個人區域。"),
    "card_turned_up": ("{card} is turned face up.", "{card} 翻開。"),
    "cards_drawn": ("You draw {cards}.", "你抽到 {cards}。"),
    "empowered_draw": ("{who} makes an empowered draw ({cards_count}).", "{who} 充能抽牌（{count} 張）。"),
    "relic_charged": ("{who} puts {charges} on {card}.", "{who} 為 {card} 充能 {n} 點。"),
    "die_rolled": ("{who} rolls the {die} die: {face}.", "{who} 擲{die}骰：{face}。"),
    "ability_used": ("{who} uses the ability of {card}.", "{who} 使用 {card} 的能力。"),
    "modifier_added": ("{who}: {source} takes effect this turn.", "{who}：{source} 本回合生效。"),
    "charges_spent": ("{who} spends {charges} of {card}.", "{who} 花費 {card} 的 {n} 點充能。"),
    "extra_action": ("{who} gets an extra {action} action from {source}.",
                     "{who} 因 {source} 多獲得一次{action}行動。"),
    "companion_saved": ("{who} saves {card}.", "{who} 救下 {card}。"),
    "companion_died": ("{card} dies.", "{card} 陣亡。"),
    "fatigue_placed": ("Fatigue puts {blocks} on {card}.", "{card} 疲勞：放上 {n} 個方塊。"),
    "monster_defeated": ("{who} defeats a monster.", "{who} 擊敗怪物。"),
    "block_returned": ("{who} takes a block back from {card}.", "{who} 從 {card} 取回方塊。"),
    "mount_changed": ("{who} rides a rank-{rank} mount.", "{who} 的坐騎升到第 {rank} 級。"),
    "control_changed": ("{space}: control passes to {controller_name}.", "{space}：控制權歸 {controller_name}。"),
    "control_lost": ("{space} is no longer controlled.", "{space} 不再有人控制。"),
    "upgraded": ("{who} upgrades to {kind}.", "{who} 升級為{kind}。"),
    "proficiency_changed": ("{who} takes {a_kind} proficiency tile.", "{who} 取得一塊{kind}屬性專精板塊。"),
    "proficiency_discarded": ("{who} discards {a_kind} proficiency tile.", "{who} 棄置一塊{kind}屬性專精板塊。"),
    "recovered": ("{who} recovers {blocks} from {location}.", "{who} 從 {location} 恢復 {n} 個方塊。"),
    "vindicated": ("{who} is vindicated!", "{who} 重返榮耀！"),
    "game_ended": ("The game ends. Final honor: {scores}.", "遊戲結束。最終榮耀：{scores}。"),
    "ability_declined": ("{who} declines the ability of {card}.", "{who} 放棄 {card} 的能力。"),
    "ability_reused": ("{who} uses the ability of {card} again.", "{who} 再次使用 {card} 的能力。"),
    "end_bonus_scored": ("{who} scores {honor} honor from {source}.", "{who} 因 {source} 得到 {honor} 點榮耀。"),
    "free_empowered_used": ("{who} makes the empowered draw free with {source}.", "{who} 以 {source} 免費充能抽牌。"),
    "influence_spent": ("{who} puts {n} influence on {to}.", "{who} 將 {n} 點影響力放到 {to}。"),
    "blocks_placed": ("{who} puts {blocks} from {zone} on {card}.", "{who} 從{zone}放 {n} 個方塊到 {card}。"),
    "death_prevented": ("{card} is saved by {source}.", "{card} 因 {source} 免於陣亡。"),
    "fatigue_prevented": ("The fatigue on {card} is prevented.", "{card} 的疲勞被防止。"),
    "reroll_unused": ("{who} has no {die} die roll to reroll.", "{who} 沒有可重擲的{die}骰。"),
    "cards_peeked": ("You see the top of the {deck} deck: {cards}.", "你看到{deck}牌庫頂的牌：{cards}。"),
    "deck_peeked": ("{who} looks at the {top_cards} of the {deck} deck.", "{who} 查看{deck}牌庫頂的 {count} 張牌。"),
    "deck_reordered": ("{who} puts the top of the {deck} deck back in a new order.",
                       "{who} 將{deck}牌庫頂的牌以新的順序放回。"),
    # Villages & Hamlets (glossary terms of spec section 2)
    "slot_filled": ("{place} is filled: {tile}.", "{place} 放入 {tile}。"),
    "village_control_changed": ("{settlement}: now held by {holder_name}.",
                                "{settlement}的控制者：{holder_name}。"),
    "built": ("{who} builds {the_tile} on the building site {area}.", "{who} 在建築工地 {area} 建造 {tile}。"),
    "dug": ("{who} digs up the hidden ruins on {area}: {rune}.", "{who} 挖掘 {area} 的隱藏遺跡：{rune}。"),
    "rune_map_taken": ("{who} takes a rune map.", "{who} 拿取一張符文地圖。"),
    "rune_donated": ("{who} donates the {rune} at the Temple of Legends.", "{who} 在傳說神殿捐出{rune}。"),
    "check_die_rolled": ("{who} rolls the {kind} check die: {face}.", "{who} 擲{kind}檢定骰：{face}。"),
    "check_resolved": ("{who}'s attribute check: {hits_count}{outcome}.",
                       "{who} 的屬性檢定：命中 {hits} 次{outcome}。"),
    "token_relocated": ("{who} crosses over to {to}.", "{who} 轉移至 {to}。"),
    "rune_used": ("{who} uses the {rune}{detail}.", "{who} 使用{rune}{detail}。"),
}
MODULE_WORDS = {
    "en": {"hit": "hit", "miss": "miss", "slot": "{name}, slot {n}", "port": "Thwynn's Landing ({triangle})",
           "isle": "{triangle} on the Forgotten Isle", "passed": " of {required} needed: passed",
           "failed": " of {required} needed: failed", "discipline": " (1 conviction for 1 {kind})",
           "leadership": " (a block off {card} goes back to its owner)", "nobody": "nobody",
           "player": "Player {n}"},
    "zh": {"hit": "命中", "miss": "未中", "slot": "{name}第 {n} 格", "port": "斯溫登陸港（{triangle}）",
           "isle": "遺忘之島 {triangle}", "passed": "（需 {required} 次）：成功",
           "failed": "（需 {required} 次）：失敗", "discipline": "（以 1 點信念代替 1 點{kind}）",
           "leadership": "（{card} 上的 1 個方塊歸還其擁有者）", "nobody": "無人",
           "player": "玩家 {n}"},
}


# Counted things, by the field a template names: (the event's number, the thing counted); English
# says "1 block", "2 blocks", Chinese counts need no plural.
COUNTED = {"blocks": ("n", "block"), "charges": ("n", "charge"), "cards_count": ("count", "card"),
           "quests_count": ("count", "secret quest"), "hits_count": ("hits", "hit")}
# A template in place of the event's own when the event says the opposite (control lost, a tile discarded).
OTHER_TEMPLATE = {("control_changed", "controller", None): "control_lost",
                  ("proficiency_changed", "delta", -1): "proficiency_discarded"}
ZONE_NAMES = {"en": {"potential": "potential", "influence": "influence", "conviction": "conviction"},
              "zh": {"potential": "潛能", "influence": "影響力", "conviction": "信念"}}


def counted(n: Any, thing: str, lang: str) -> str:
    """``n`` things in words: "1 charge", "3 charges" (in Chinese the number stands alone)."""
    if lang == "zh":
        return str(n)
    return f"{n} {thing if n == 1 else thing + 's'}"


def attribute_points(kinds: list[str], lang: str) -> str:
    """["K", "K", "S"] → "2 knowledge and 1 strength" / "2 點知識、1 點力量"."""
    names = ATTRIBUTE_NAMES[lang]
    counts = {kind: kinds.count(kind) for kind in dict.fromkeys(kinds)}
    if lang == "zh":
        return "、".join(f"{n} 點{names.get(k, k)}" for k, n in counts.items()) or "無"
    parts = [f"{n} {names.get(k, k)}" for k, n in counts.items()] or ["nothing"]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def describe(event: Event, language: str = "en") -> str:
    lang = language_key(language)
    kind = event.kind
    for (other_of, key, value), other in OTHER_TEMPLATE.items():
        if kind == other_of and event.data.get(key) == value:
            kind = other
    template = TEMPLATES.get(kind)
    fields: dict[str, Any] = dict(event.data)
    if template is None:
        details = ", ".join(f"{k}={v}" for k, v in fields.items())
        return f"{event.kind}({details})"
    names = ATTRIBUTE_NAMES[lang]
    regions = content().regions
    if "seat" in fields:
        fields["who"] = f"Player {fields['seat'] + 1}" if lang == "en" else f"玩家 {fields['seat'] + 1}"
        fields["whose"] = f"Player {fields['seat'] + 1}'s"
    if "kind" in fields and fields["kind"] in names:
        fields["kind"] = names[fields["kind"]]
        fields["a_kind"] = ("an " if fields["kind"][0] in "aeiou" else "a ") + fields["kind"]
    if "kinds" in fields:
        fields["kinds"] = attribute_points(list(fields["kinds"]), lang)
    if "step" in fields:
        fields["step"] = STEP_NAMES[lang].get(fields["step"], fields["step"])
    if "path" in fields:
        fields["path"] = " → ".join(fields["path"])
    if "quests" in fields:
        quests = content().quests
        titles = [quests[q].name.zh if lang == "zh" else quests[q].name.en for q in fields["quests"] if q in quests]
        fields["quests"] = "、".join(titles) if lang == "zh" else " and ".join(titles)
    if event.kind == "modifier_added" and fields.get("source") is None:
        fields["source"] = "a modifier" if lang == "en" else "修正效果"
    for key in ("card", "source", "location", "character", "to"):
        if key in fields:
            fields[key] = _named(fields[key], lang)
    if event.kind == "honor_changed":
        fields["reason"] = honor_reason(str(fields.get("reason", "")), lang)
        delta = fields.get("delta", 0)
        fields["amount"] = abs(delta) if isinstance(delta, int) else delta
        fields["gains"] = {("en", True): "gains", ("en", False): "loses", ("zh", True): "獲得",
                           ("zh", False): "失去"}[lang, not isinstance(delta, int) or delta >= 0]
    for key in ("space", "location"):
        if isinstance(fields.get(key), str):
            fields[key] = place_name(fields[key], lang)
    if isinstance(fields.get("cards"), list):
        fields["cards"] = ("、" if lang == "zh" else ", ").join(str(_named(x, lang)) for x in fields["cards"])
    for name, (key, thing) in COUNTED.items():
        if key in fields:
            fields[name] = counted(fields[key], thing, lang)
    if "deck" in fields:
        fields["deck"] = DECK_NAMES[lang].get(str(fields["deck"]), fields["deck"])
    if "count" in fields:
        fields["top_cards"] = "top card" if fields["count"] == 1 else f"top {fields['count']} cards"
    if event.kind == "end_triggered" and lang == "en" and isinstance(fields.get("card"), str):
        fields["card"] = fields["card"][:1].lower() + fields["card"][1:]      # inside the sentence
    if event.kind == "blocks_placed":
        fields["zone"] = ZONE_NAMES[lang].get(str(event.data.get("source")), event.data.get("source"))
    if "mode" in fields or "action" in fields:
        fields["mode"] = ACTION_WORDS[lang].get(str(fields.get("mode")), fields.get("mode"))
        fields["action"] = ACTION_WORDS[lang].get(str(fields.get("action")), fields.get("action"))
    if event.kind in ("die_rolled", "reroll_unused"):
        fields["die"] = DICE[lang].get(str(fields.get("die")), fields.get("die"))
        face = str(fields.get("face"))
        fields["face"] = ATTRIBUTE_NAMES[lang].get(face) or DICE[lang].get(face, face)
    if fields.get("tile") in regions:
        fields["the_tile"] = tile_name(fields["tile"], lang, article=True)
        fields["tile"] = tile_name(fields["tile"], lang)
    if "controller" in fields:
        controller = fields["controller"]
        fields["controller_name"] = ("nobody" if lang == "en" else "無人") if controller is None else (
            f"Player {controller + 1}" if lang == "en" else f"玩家 {controller + 1}")
    if isinstance(fields.get("scores"), list):
        share = "{score} for Player {n}" if lang == "en" else "玩家 {n} {score} 點"
        shares = [share.format(n=seat + 1, score=score) for seat, score in enumerate(fields["scores"])]
        fields["scores"] = "、".join(shares) if lang == "zh" else (
            shares[0] if len(shares) == 1 else ", ".join(shares[:-1]) + " and " + shares[-1])
    if event.kind in MODULE_TEMPLATES:
        _module_fields(event.kind, fields, lang)
    text = template[1] if lang == "zh" else template[0]
    try:
        line = text.format(**fields)
    except (KeyError, ValueError, TypeError):
        return f"{event.kind}({', '.join(f'{k}={v}' for k, v in event.data.items())})"
    return line[:1].upper() + line[1:] if lang == "en" else line


def tile_name(tile: str, lang: str, article: bool = False) -> str:
    """A region tile's name; with ``article``, as running English text says it: "the Inn", "the
    Fear Gauntlet" (not "the The …"), but "Venfero's Secret" (a settlement named for someone)."""
    region = content().regions[tile]
    name = region.name.zh if lang == "zh" else region.name.en
    if article and lang == "en":
        return name if region.settlement else "the " + name.removeprefix("The ")
    return name


DECK_NAMES = {
    "en": {"companion_S": "strength companion", "companion_K": "knowledge companion",
           "companion_I": "inspiration companion", "monster": "monster", "trait": "trait", "relic": "relic"},
    "zh": {"companion_S": "力量夥伴", "companion_K": "知識夥伴", "companion_I": "靈感夥伴",
           "monster": "怪物卡", "trait": "特質卡", "relic": "聖物卡"},
}


# How a card was taken (``card_acquired``) and which turn action an ability adds (``extra_action``).
ACTION_WORDS = {"en": {"faceup": "face up", "blind": "drawn blind", "empowered": "empowered draw",
                       "activate": "activate", "visit": "visit", "move": "move"},
                "zh": {"faceup": "翻開的卡牌", "blind": "盲抽", "empowered": "充能抽牌",
                       "activate": "啟用", "visit": "造訪", "move": "移動"}}
DICE = {"en": {"attribute": "attribute", "monster": "monster", "check": "check", "blank": "blank",
               "fatigue": "fatigue", "skull": "skull", "hit": "hit", "miss": "miss"},
        "zh": {"attribute": "屬性", "monster": "怪物", "check": "檢定", "blank": "空白", "fatigue": "疲勞",
               "skull": "骷髏", "hit": "命中", "miss": "未中"}}
# The reasons `rules.power.gain_honor` records, by their start (the rest is an id or a number).
HONOR_REASONS = {
    "en": {"mount rank ": "mount rank {rest}", "control of ": "control of {rest}", "lost ": "lost {rest}",
           "card ": "{rest}", "visited": "{rest} visited", "rune donated": "rune donated",
           "vindication": "vindication", "effect": "an effect"},
    "zh": {"mount rank ": "坐騎第 {rest} 級", "control of ": "控制地區 {rest}", "lost ": "失去 {rest}",
           "card ": "{rest}", "visited": "{rest} 被造訪", "rune donated": "捐出符文",
           "vindication": "重返榮耀", "effect": "效果"},
}


def honor_reason(reason: str, lang: str) -> str:
    """Why honor changed, in words: "control of R01" → "控制地區 R01", "card S03" → its name."""
    words = HONOR_REASONS[lang]
    for start in ("mount rank ", "control of ", "lost ", "card "):
        if reason.startswith(start):
            return words[start].format(rest=place_name(_named(reason.removeprefix(start), lang), lang))
    if reason.endswith(" visited"):
        return words["visited"].format(rest=place_name(reason.removesuffix(" visited"), lang))
    return words.get(reason) or str(_named(reason, lang))


def place_name(place: Any, lang: str) -> Any:
    """A village or hamlet slot (``venfero_secret/3``) by its settlement's name; other places and
    anything else as they are."""
    settlements = {s.id: s for s in content().module.settlements}
    if isinstance(place, str) and "/" in place and place.split("/")[0] in settlements:
        name, n = place.split("/", 1)
        text = settlements[name].name
        return MODULE_WORDS[lang]["slot"].format(name=text.zh if lang == "zh" else text.en, n=n)
    return place


@lru_cache(maxsize=1)
def _names() -> dict[str, Any]:
    c = content()
    return ({k: v.name for k, v in c.cards.items()} | {ch.id: ch.name for ch in c.characters}
            | {k: v.name for k, v in c.regions.items()} | {k: v.text for k, v in c.end_triggers.items()})


def _named(value: Any, lang: str) -> Any:
    """A card, character, end-trigger card, region tile or attribute id by its name; "self" is
    the player's character; anything else (a space id, a number) as it is."""
    names = _names()
    if isinstance(value, str) and value in names:
        name = names[value]
        return (name.zh if lang == "zh" else name.en).rstrip(".。")   # an end-trigger card's text
    if value == "self":
        return "their character" if lang == "en" else "自己的角色"
    if isinstance(value, str) and value in ATTRIBUTE_NAMES[lang]:
        return ATTRIBUTE_NAMES[lang][value]
    return value


MODULE_TEMPLATES = ("slot_filled", "village_control_changed", "built", "dug", "rune_map_taken",
                    "rune_donated", "check_die_rolled", "check_resolved", "token_relocated", "rune_used")


def _module_fields(kind: str, fields: dict[str, Any], lang: str) -> None:
    """Names for the module's fields: slots, settlements, runes, dice faces, Isle and port spaces
    (``kind`` and ``card`` are already named by `describe`)."""
    words = MODULE_WORDS[lang]
    module = content().module
    settlements = {s.id: s for s in module.settlements}
    runes = {r.id: r for r in module.runes}

    def named(text: Any) -> str:
        return text.zh if lang == "zh" else text.en

    def who(seat: Any) -> str:
        return words["nobody"] if seat is None else words["player"].format(n=seat + 1)

    place = fields.get("place")
    if isinstance(place, str) and "/" in place and place.split("/")[0] in settlements:
        name, n = place.split("/", 1)
        fields["place"] = words["slot"].format(name=named(settlements[name].name), n=n)
    if fields.get("settlement") in settlements:
        fields["settlement"] = named(settlements[fields["settlement"]].name)
    if "holder" in fields:
        fields["holder_name"] = who(fields["holder"])
    fields["rune_id"] = fields.get("rune")
    if fields.get("rune") in runes:
        fields["rune"] = named(runes[fields["rune"]].name)
    if "face" in fields:
        fields["face"] = words.get(fields["face"], fields["face"])
    if kind == "check_resolved":
        required = fields.get("required") or 0
        fields["outcome"] = words["passed" if fields.get("passed") else "failed"].format(
            required=required) if required else ""
    if kind == "token_relocated":
        to = fields.get("to")
        fields["to"] = words["isle" if to in content().isle.triangles else "port"].format(triangle=to)
    if kind == "rune_used":
        details = {"discipline": lambda: words["discipline"].format(kind=fields.get("kind", "")),
                   "leadership": lambda: words["leadership"].format(card=fields.get("card", ""))}
        fields["detail"] = details[fields["rune_id"]]() if fields["rune_id"] in details else ""
