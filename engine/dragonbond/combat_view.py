"""A combat and the oath on the table, from one seat's VIEW only (spec 9.4 and 5.16–5.25: DRG-COMBAT,
DRG-CRIT, DRG-COUNTER, DRG-RETREAT, DRG-MOUNTAIN, DRG-CITY, DRG-OATH), as shared zones of the
presentation contract (engine/core/table.py): titled grids of items, each with a short title, a
big ``value``, a ``look`` and words on hover. English and Traditional Chinese.

`combat_zones(view, language)` — while a combat runs (``view["combat"]``): the combat itself (its
sides with their strength, mountain and city protection, a target fought for one exchange only,
what is being decided now), each side's forces in the combat region, each roll of the latest
exchange (every die's face, blank rerolls, conversions, hits ignored and why, critical and normal
hits, what the damage did) and the modifiers in force for the fight. Empty when no combat runs.

`oath_zone(view, language)` — while an oath's reroll turns run (``view["oath"]``): each member's
die, whether both succeed, whose reroll turn it is and whether its power token can pay for a
reroll, and the rerolls made so far. None when no oath runs.

Everything here comes from the view, and a view only holds what its seat may know: the combat,
the oath, modifiers, boards' power, health, upgrades and units are public; no hand is read, and a
pending decision is named by its kind and decider only (its options may name a hidden card).
The rolls come from the combat's own record (rules/combat.py ``rolls``), since events are not in
the view. The item ids start with ``combat.`` and ``oath.``; nothing here is touched to play.

presentation.table adds them to the shared zones::

    shared += combat_zones(view, language)
    oath = oath_zone(view, language)
    if oath is not None:
        shared.append(oath)
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from engine.core import Data
from engine.core.language import EN, language_at, language_index
from engine.core.table import item, zone

from .content import content
from .context import Ctx
from .labels import describe_prompt
from .log import _CJK_DIGIT, WORDS, _modifier_change, name_of
from .rules import modifiers
from .rules.combat import general_strength
from .setup import UNIT_TYPES

# Die faces as the physical die prints them (resources/dragonbond/die.yaml: 0,0,0,0,1,1,1,2,X,2X).
SYMBOLS = {"blank": "0", "hit1": "1", "hit2": "2", "crit1": "X", "crit2": "2X"}
# The modifier kinds that change a fight (spec 7.1.2; rules/combat.py reads these).
COMBAT_KINDS = ("dice", "ignore_hits", "crit_conversion", "crits_as_normal", "reroll_blanks", "no_retreat",
                "ignore_city", "crit_damage_bonus")

TEXTS: dict[str, tuple[str, str]] = {
    # the combat zone
    "combat": ("{attacker} attacks {target} in {region}",
               "{attacker}在{region}攻擊{target}"),
    "exchange": ("exchange {n}", "第 {n} 交戰回合"),
    "title": ("{what} — {exchange}", "{what} — {exchange}"),
    "neutral": ("Neutral units", "中立單位"),
    "attacker": ("The attacker", "進攻玩家"),
    "target": ("The target", "攻擊目標"),
    "side_tip": ("{role}: {who}. Strength {n}: {forces}. It rolls {dice} (DRG-STRENGTH, DRG-DICE-3).",
                 "{role}：{who}。戰鬥值 {n}：{forces}。擲骰數：{dice}（DRG-STRENGTH、DRG-DICE-3）。"),
    "dice_n": ("{n} dice", "{n} 顆骰子"),
    "die_1": ("1 die", "1 顆骰子"),
    "dice_more": ("{n} dice ({strength} + {extra} from effects)",
                  "{n} 顆骰子（{strength} + 效果 {extra}）"),
    "strength_dragon": ("its health", "生命值"),
    "strength_neutral": ("one per neutral unit", "每個中立單位 1 點"),
    "strength_general": ("{units}{bonus}", "{units}{bonus}"),
    "set_bonus": (", +{n} for an equal set of the three unit types{figure}",
                  "，三種單位數量相同 +{n}{figure}"),
    "figure_bonus": (", +{n} for the figure", "，角色模型 +{n}"),
    "with_figure": (" with the figure", "（含角色模型）"),
    "no_units": ("no unit", "沒有單位"),
    "mountain": ("Mountain", "山脈疆界"),
    "mountain_tip": (("The attacker's units crossed a mountain border to approach: the target ignores {n} of "
                     "the attacker's hits in the first exchange only, critical first (DRG-MOUNTAIN-2/4, "
                     "DRG-CRIT-5)."),
                     ("進攻玩家的單位越過山脈疆界進擊：攻擊目標只在第一個交戰回合忽略進攻玩家的 {n} 次攻擊，"
                     "先忽略爆擊（DRG-MOUNTAIN-2/4、DRG-CRIT-5）。")),
    "mountain_used": (" It protected the first exchange and does not apply again.",
                      "它已保護第一個交戰回合，不再生效。"),
    "city": ("City", "城市"),
    "city_tip": (("{who}'s own city stands in {region}: it ignores {n} of the attacker's hits in the next "
                 "exchange with a hit left to ignore, then it is removed (DRG-CITY-3/4)."),
                 ("{who}自己的城市位於{region}：在下一個仍有攻擊可忽略的交戰回合忽略進攻玩家的 {n} 次攻擊，"
                 "之後移除（DRG-CITY-3/4）。")),
    "once": ("One exchange", "僅一個交戰回合"),
    "once_tip": (("The target was already beaten when attacked: one exchange only, with no counter-attack and "
                 "no retreat; every point dealt to it is unabsorbed (DRG-COMBAT-21, DRG-COMBAT-16)."),
                 ("攻擊目標受攻擊時已被擊敗：只進行一個交戰回合，不能反擊也不能撤退；對它造成的每點傷害都"
                 "無法承受（DRG-COMBAT-21、DRG-COMBAT-16）。")),
    "decides": ("{who} decides now.", "現在由{who}決定。"),
    "you_decide": ("You decide now.", "現在由你決定。"),
    "decides_for": ("{who} decides now, for {ai} (an AI player).", "現在由{who}代{ai}（AI 玩家）決定。"),
    "you_decide_for": ("You decide now, for {ai} (an AI player).", "現在由你代{ai}（AI 玩家）決定。"),
    "player": ("Player {n}", "玩家 {n}"),
    # forces
    "forces": ("{role}: {who}", "{role}：{who}"),
    "figure": ("Figure", "角色模型"),
    "figure_tip": ("{who}'s figure stands in the combat region.", "{who}的角色模型位於戰鬥區域。"),
    "health": ("Health", "生命"),
    "health_tip": (("{who}'s health: {n} of {max}. Each point of damage lowers it by 1; at 0 the dragon is "
                   "beaten (DRG-COMBAT-9/11)."),
                   "{who}的生命：{n}／{max}。每點傷害降低 1；降到 0 即被擊敗（DRG-COMBAT-9/11）。"),
    "units_tip": (("{who}'s {units} in the combat region. Each point of damage removes one unit, of a type "
                  "its general chooses (DRG-COMBAT-8)."),
                  "{who}在戰鬥區域的{units}。每點傷害移除一個單位，類型由該將軍選擇（DRG-COMBAT-8）。"),
    "neutral_tip": ("{units} in the combat region; each point of damage removes one (DRG-COMBAT-10).",
                    "戰鬥區域中的{units}；每點傷害移除一個（DRG-COMBAT-10）。"),
    "beaten": ("Beaten", "已擊敗"),
    "beaten_tip": (("Nothing of {who} is left to damage in the combat region (DRG-COMBAT-11); more damage "
                   "can only steal a power token (DRG-COMBAT-16)."),
                   ("{who}在戰鬥區域已沒有可受傷害的部分（DRG-COMBAT-11）；再受傷害只會被奪取權力標記"
                   "（DRG-COMBAT-16）。")),
    # rolls
    "attack_roll": ("{whose} attack: {dice}", "{whose}攻擊：{dice}"),
    "counter_roll": ("{whose} counter-attack: {dice}", "{whose}反擊：{dice}"),
    "own": ("{who}'s", "{who}的"),
    "neutral_own": ("The neutral units'", "中立單位的"),
    "earlier": ("{title} (exchange {n})", "{title}（第 {n} 交戰回合）"),
    "no_dice": ("No dice", "沒有骰子"),
    "no_dice_tip": ("A side with 0 dice scores no hits; the exchange still completes (DRG-COMBAT-20).",
                    "擲 0 顆骰子的一方沒有攻擊；交戰回合照常完成（DRG-COMBAT-20）。"),
    "die_tip": ("Die {i}: {face} (normal hits {normal}, critical hits {crit}).",
                "第 {i} 顆骰子：{face}（普通攻擊 {normal}、爆擊 {crit}）。"),
    "rerolled": (" It first showed a blank and was rerolled once, this face kept (DRG-DICE-5).",
                 "它原本是空白，已重擲一次並保留此面（DRG-DICE-5）。"),
    "to_crit": ("To critical", "轉為爆擊"),
    "to_crit_tip": ("Normal hits an effect turned into critical hits: {n} (DRG-CRIT-5/6).",
                    "因效果由普通攻擊轉為爆擊：{n}（DRG-CRIT-5/6）。"),
    "to_normal": ("To normal", "轉為普通攻擊"),
    "to_normal_tip": ("Critical hits an effect counts as normal hits: {n} (DRG-CRIT-5/6, DRG-DEC-57).",
                      "因效果視為普通攻擊的爆擊：{n}（DRG-CRIT-5/6、DRG-DEC-57）。"),
    "ignored": ("Ignored: {why}", "忽略：{why}"),
    "ignored_tip": (("Hits ignored: {n} ({crit} critical, {normal} normal; critical first, DRG-CRIT-5), "
                    "because {why}."),
                    "忽略的攻擊：{n}（爆擊 {crit}、普通攻擊 {normal}；先忽略爆擊，DRG-CRIT-5），因為{why}。"),
    "why_mountain": ("the attacker's units crossed a mountain border to approach (DRG-MOUNTAIN-2)",
                     "進攻玩家的單位越過山脈疆界進擊（DRG-MOUNTAIN-2）"),
    "why_city": ("{who}'s own city absorbed them and was removed (DRG-CITY-3)",
                 "{who}自己的城市抵擋了攻擊並被移除（DRG-CITY-3）"),
    "why_effect": ("an effect protects {who}{sources}", "{who}受到效果保護{sources}"),
    "sources": (" ({cards})", "（{cards}）"),
    "effect_cause": ("Effect", "效果"),
    "crits": ("Critical", "爆擊"),
    "crits_tip": (("Critical hits: {n}. They damage {whom} at once, before any counter-attack or retreat "
                  "(DRG-CRIT-1/2)."),
                  "爆擊：{n}。立即對{whom}造成傷害，在任何反擊或撤退之前（DRG-CRIT-1/2）。"),
    "crits_counter_tip": (("Critical hits: {n}. In a counter-attack they are dealt with the normal hits, all at "
                          "once (DRG-CRIT-4)."),
                          "爆擊：{n}。反擊時與普通攻擊一起立即造成傷害（DRG-CRIT-4）。"),
    "crit_bonus": (" Each deals {n} more damage (an effect).", "每次爆擊多造成 {n} 點傷害（效果）。"),
    "normals": ("Normal hits", "普通攻擊"),
    "normals_tip": (("Normal hits: {n}. Held, and dealt to {whom} only after any counter-attack; lost if the "
                    "target retreats (DRG-CRIT-3, DRG-COUNTER-4, DRG-RETREAT-6)."),
                    ("普通攻擊：{n}。保留到反擊之後才對{whom}造成傷害；若攻擊目標撤退則失效"
                    "（DRG-CRIT-3、DRG-COUNTER-4、DRG-RETREAT-6）。")),
    "normals_held": (" They are waiting now.", "目前仍在等待結算。"),
    "normals_counter_tip": (("Normal hits: {n}. In a counter-attack they damage {whom} at once "
                            "(DRG-COUNTER-3, DRG-CRIT-4)."),
                            "普通攻擊：{n}。反擊時立即對{whom}造成傷害（DRG-COUNTER-3、DRG-CRIT-4）。"),
    "dealt": ("Damage", "傷害"),
    "dealt_tip": ("What this roll's damage did so far: {what}.", "這次擲骰的傷害至今造成：{what}。"),
    "dealt_none": ("nothing yet", "尚無"),
    "lost_units": ("{who} lost {units}", "{who}失去{units}"),
    "removed": ("{units} removed", "移除{units}"),
    "lost_health": ("{who} lost {n} health", "{who}失去 {n} 點生命"),
    "stolen": ("power tokens stolen by overkill: {n} (DRG-COMBAT-16)",
               "溢傷奪權奪取的權力標記：{n}（DRG-COMBAT-16）"),
    "wasted": ("points that fell on a beaten side and did nothing: {n}",
               "落在已擊敗一方而沒有效果的傷害：{n}"),
    "devoured": ("{who} devoured: +{n} power (DRG-COMBAT-17)",
                 "{who}吞噬：+{n} 個權力標記（DRG-COMBAT-17）"),
    # modifiers
    "effects": ("In force in this combat", "本場戰鬥生效中的效果"),
    "modifier_tip": ("{source}: {change} ({duration}).", "{source}：{change}（{duration}）。"),
    # the oath
    "oath": ("Dragonbond oath: {general} and {dragon}", "龍族誓約：{general}與{dragon}"),
    "oath_die_tip": (("{who}'s oath die: {face} — {result}. A die succeeds on any hit, normal or critical "
                     "(DRG-OATH-5).{rerolled}"),
                     ("{who}的誓約骰：{face}——{result}。任何攻擊面（普通或爆擊）即為成功（DRG-OATH-5）。"
                     "{rerolled}")),
    "success": ("a success", "成功"),
    "failure": ("no success yet", "尚未成功"),
    "rerolls_made": (" Rerolled {n} times so far.", "至今已重擲 {n} 次。"),
    "rerolls_once": (" Rerolled once so far.", "至今已重擲 1 次。"),
    "bond": ("Bond", "締結"),
    "bond_tip": (("Dice that succeed: {n} of 2. When the reroll turns end, both dice must succeed for the two "
                 "to bond; otherwise nothing happens (DRG-OATH-10)."),
                 ("成功的骰子：{n}／2。重擲輪結束時兩顆骰子都須成功才能締結龍族；否則什麼也不發生"
                 "（DRG-OATH-10）。")),
    "reroll": ("Reroll: {who}", "重擲：{who}"),
    "reroll_tip": (("{who}'s turn: reroll its own die by spending {cost} unspent power token, or decline; two "
                   "declines in a row end the turns (DRG-OATH-6/7/8). Unspent power tokens of {who}: {n}, so "
                   "{can}.{declined}"),
                   ("輪到{who}：消耗 {cost} 個未消耗的權力標記重擲自己的骰子，或放棄；連續兩次放棄即結束"
                   "（DRG-OATH-6/7/8）。{who}未消耗的權力標記：{n}，因此{can}。{declined}")),
    "can_reroll": ("a reroll is available", "可以重擲"),
    "cannot_pay": ("it cannot pay for a reroll", "無法支付重擲"),
    "ai_never": ("none is made: an AI player never rerolls (DRG-OATH-9)", "不會重擲：AI 玩家從不重擲（DRG-OATH-9）"),
    "declined_once": (" The other member declined last.", "另一位成員上一次放棄了。"),
    "used": ("Rerolled", "已重擲"),
    "used_tip": ("Rerolls so far, each paid with a power token: {counts}.",
                 "至今的重擲次數（每次消耗一個權力標記）：{counts}。"),
}

# What is being decided now: a short title per decision kind, and what it means.
DECISIONS: dict[str, tuple[str, str]] = {
    "counter_or_retreat": ("Counter or retreat?", "反擊或撤退？"),
    "continue_or_retreat": ("Continue or retreat?", "繼續攻擊或撤退？"),
    "allocate_damage": ("Units to lose", "選擇損失的單位"),
    "choose_retreat_region": ("Retreat where?", "撤退到哪裡？"),
    "combat_vaala": ("Vaala card?", "施放瓦拉卡？"),
}
DECISION_TIPS: dict[str, tuple[str, str]] = {
    "counter_or_retreat": (("The target, not beaten by the critical hits, counter-attacks (rolling dice equal to "
                           "its strength now) or retreats, and the attacker's held normal hits are lost "
                           "(DRG-COUNTER-1/3, DRG-RETREAT-6)."),
                           ("未被爆擊擊敗的攻擊目標選擇反擊（依目前戰鬥值擲骰）或撤退（進攻玩家保留的普通攻擊隨之"
                           "失效）（DRG-COUNTER-1/3、DRG-RETREAT-6）。")),
    "continue_or_retreat": (("Neither side is beaten: the attacker starts a new exchange, strengths counted "
                            "again, or retreats, ending the combat (DRG-COUNTER-6/8, DRG-RETREAT-8)."),
                            ("雙方都未被擊敗：進攻玩家開始新的交戰回合（重新計算戰鬥值），或撤退並結束戰鬥"
                            "（DRG-COUNTER-6/8、DRG-RETREAT-8）。")),
    "allocate_damage": (("Each point of damage removes one unit in the combat region, of a type the general "
                        "chooses (DRG-COMBAT-8)."),
                        "每點傷害移除戰鬥區域中的一個單位，類型由該將軍選擇（DRG-COMBAT-8）。"),
    "choose_retreat_region": (("A retreat goes to an adjacent region its general controls or nobody controls "
                              "(a dragon: any adjacent region), never the combat region (DRG-RETREAT-1/3/5/12)."),
                              ("撤退到該將軍控制或無人控制的相鄰區域（龍：任一相鄰區域），絕不留在戰鬥區域"
                              "（DRG-RETREAT-1/3/5/12）。")),
    "combat_vaala": (("Before the roll the attacker, then the target, may cast one combat Vaala card "
                     "(DRG-COMBAT-6, DRG-VAALA-5)."),
                     "擲骰前，進攻玩家、接著攻擊目標可以施放一張戰鬥瓦拉卡（DRG-COMBAT-6、DRG-VAALA-5）。"),
}


class _Words:
    """The words of one language."""

    def __init__(self, language: str) -> None:
        self.lang = language_index(language)

    def __call__(self, key: str, **values: Any) -> str:
        text = TEXTS[key][self.lang].format(**values)
        return text if self.lang == EN else _CJK_DIGIT.sub(r"\1 \2", text)   # 的2 個 -> 的 2 個, as the log

    def pick(self, pair: tuple[str, str]) -> str:
        return pair[self.lang]

    def name(self, value: Any) -> str:
        return name_of(value, self.lang)

    def word(self, key: str) -> str:
        text = WORDS[key][self.lang]
        return text[:1].upper() + text[1:] if self.lang == EN else text

    def side(self, side: Mapping[str, Any], in_words: bool = False) -> str:
        """A combat side by name; the neutral units as a title, or ``in_words`` within a sentence."""
        if side.get("who"):
            return self.name(side["who"])
        return self.name("neutral") if in_words else self("neutral")

    def join(self, parts: list[str]) -> str:
        return ("; ", "；")[self.lang].join(parts)


def _item(touch: str, title: str, text: str, value: Any = "", look: str | None = None) -> Data:
    return item(touch, title, text, look=look, value=value)


def _zone(zone_id: str, title: str, items: list[Data], columns: int = 4) -> Data:
    return zone(zone_id, title, items, columns)


def _faces() -> dict[str, Any]:
    return {f.face: f for f in content().die.faces}


def _face_look(face: str) -> str:
    f = _faces()[face]
    return "danger" if f.crit else "red" if f.normal else "muted"


# --- who is who ----------------------------------------------------------------------------------

def _side(view: Data, combat: Data, role: str) -> Data:
    if role == "target":
        return combat["target"]
    who = combat["attacker"]
    return {"kind": view["boards"][who]["role"], "who": who}


def _strength(view: Data, side: Mapping[str, Any], region: str) -> int:
    """DRG-STRENGTH-1..6 from the view (all public): neutral units, a dragon's health, a general's
    units there and its bonus."""
    if side["kind"] == "neutral":
        return int(view["regions"][region]["neutral"])
    if side["kind"] == "dragon":
        return max(0, int(view["boards"][side["who"]]["health"]))
    return general_strength(view, side["who"], region, content().params.strength)


def _units(view: Data, region: str, general: str) -> dict[str, int]:
    here = view["regions"][region]["units"].get(general) or {}
    return {t: int(here.get(t, 0)) for t in UNIT_TYPES}


def _beaten(view: Data, side: Mapping[str, Any], region: str) -> bool:
    """DRG-COMBAT-11, from the view."""
    if side["kind"] == "neutral":
        return view["regions"][region]["neutral"] <= 0
    if side["kind"] == "dragon":
        return view["boards"][side["who"]]["health"] <= 0
    return not any(_units(view, region, side["who"]).values())


def _seat_name(view: Data, seat: int | None, w: _Words) -> str:
    """A seat by its character's name (Player n before characters are chosen)."""
    for ch, board in view["boards"].items():
        if board["seat"] is not None and board["seat"] == seat:
            return w.name(ch)
    return w("player", n="?" if seat is None else seat + 1)


def _decider(view: Data, seat: int | None, character: str | None, w: _Words) -> str:
    """Who decides now, in a sentence: the character's own seat (or "you"); for an AI, its proxy
    (DRG-AI-10)."""
    you = seat is not None and seat == view.get("viewer")
    if character is not None and view["boards"][character]["seat"] is None:
        ai = w.name(character)
        return w("you_decide_for", ai=ai) if you else w("decides_for", who=_seat_name(view, seat, w), ai=ai)
    return w("you_decide") if you else w("decides", who=_seat_name(view, seat, w))


def pending(view: Data) -> Data | None:
    """The queued step that waits for an answer, as the view shows it (kind and decider only)."""
    return next((item for item in view.get("effects") or () if item.get("waiting")), None)


def _deciding_character(view: Data, combat: Data, step: Data) -> str | None:
    """Which side of the combat a pending decision concerns, from the step and the combat's phase
    (the invariants' COMBAT_WAITS): the view keeps no step parameters."""
    phase, name = combat["phase"], step["primitive"]
    target = combat["target"].get("who")
    role = {"combat_target_choice": "target", "combat_attacker_choice": "attacker"}.get(name)
    if name == "combat_vaala":
        role = "attacker" if phase == "pre_target" else "target"
    elif name == "combat_damage":
        role = "attacker" if phase == "normals" else "target"
    elif name == "combat_retreat":
        seat = step.get("seat")
        role = "attacker" if view["boards"][combat["attacker"]]["seat"] == seat else "target"
    if role == "attacker":
        return combat["attacker"]
    if role == "target":
        return target
    return None


# --- modifiers -----------------------------------------------------------------------------------

def _modifier_sources(ctx: Ctx) -> Iterator[tuple[str | None, Mapping[str, Any], str, str]]:
    """(holder, modifier, source card, duration) of every modifier in force: added ones, then each
    character's held upgrades and face-up own Dragonbond card (rules/modifiers.py)."""
    for m in ctx.data.get("modifiers") or ():
        yield m["holder"], m, m["source"], m["duration"]
    for holder in ctx.data["seating"]:
        for args, card in modifiers.held(ctx, holder):
            yield holder, args, card, "while_held"


def _applies(ctx: Ctx, holder: str | None, m: Mapping[str, Any], combat: Data, rolling: tuple[str, ...]) -> str | None:
    """The combat side (a character, or "" for the neutral units) a modifier changes now, if any;
    its condition judged as during one of the ``rolling`` rolls."""
    if holder is None or m.get("side") is None:
        return None
    affected = modifiers._affected(ctx, holder, m["side"], combat)
    if affected == modifiers.NO_ONE or (affected is not None and modifiers.role_of(combat, affected) is None):
        return None                                  # None: the neutral units, the holder's opponent
    when = m.get("when") or {}
    if any(modifiers.condition_holds(ctx, holder, when, {**combat, "rolling": r}) for r in rolling):
        return affected or ""
    return None


def _effect_sources(ctx: Ctx, combat: Data, kind: str, who: str | None, rolling: str) -> list[str]:
    """The cards whose ``kind`` modifiers applied to ``who`` during the ``rolling`` roll."""
    return [card for holder, m, card, _ in _modifier_sources(ctx)
            if m["kind"] == kind and _applies(ctx, holder, m, combat, (rolling,)) == (who or "")]


# --- the combat ----------------------------------------------------------------------------------

def combat_zones(view: Data, language: str = "en") -> list[Data]:
    """The zones of the combat in progress as ``view``'s seat may see it; [] when none runs."""
    combat = view.get("combat")
    if not combat:
        return []
    w = _Words(language)
    ctx = Ctx(view, None, 0)          # to ask rules/modifiers.py what applies; it only reads, never rolls
    zones = [_combat_zone(view, ctx, combat, w)]
    zones += [_forces_zone(view, combat, role, w) for role in ("attacker", "target")]
    rolls = sorted(combat.get("rolls") or (), key=lambda r: r["by"] != "attack")
    zones += [_roll_zone(view, ctx, combat, roll, w) for roll in rolls]
    effects = _effects_zone(view, ctx, combat, w)
    if effects is not None:
        zones.append(effects)
    return zones


def _combat_zone(view: Data, ctx: Ctx, combat: Data, w: _Words) -> Data:
    region = combat["region"]
    attacker, target = _side(view, combat, "attacker"), _side(view, combat, "target")
    what = w("combat", attacker=w.side(attacker), target=w.side(target, True), region=w.name(region))
    items = [_side_item(view, ctx, combat, "attacker", w), _side_item(view, ctx, combat, "target", w)]
    params = content().params
    if combat["mountain"]:
        first = combat["exchange"] == 1
        tip = w("mountain_tip", n=params.mountain_ignored_hits) + ("" if first else w("mountain_used"))
        items.append(_item("combat.mountain", w("mountain"), tip, f"−{params.mountain_ignored_hits}" if first else "",
                           "good" if first else "muted"))
    here = view["regions"][region]
    if target["kind"] == "general" and here["city"] == target["who"]:
        items.append(_item("combat.city", w("city"), w("city_tip", who=w.name(target["who"]), region=w.name(region),
                                                        n=params.city_ignored_hits),
                           f"−{params.city_ignored_hits}", "good"))
    if combat["once"]:
        items.append(_item("combat.once", w("once"), w("once_tip"), "1", "warning"))
    step = pending(view)
    if step is not None and "pause" in step:
        kind = step["pause"]["kind"]
        who = _decider(view, step.get("seat"), _deciding_character(view, combat, step), w)
        title = w.pick(DECISIONS[kind]) if kind in DECISIONS else _capital(describe_prompt(kind, _language(w)), w)
        tip = who + (" " if w.lang == EN else "") + (w.pick(DECISION_TIPS[kind]) if kind in DECISION_TIPS else "")
        items.append(_item("combat.now", title, tip.strip(), "", "warning"))
    title = w("title", what=what, exchange=w("exchange", n=combat["exchange"]))
    return _zone("combat", title, items)


def _language(w: _Words) -> str:
    return language_at(w.lang)


def _capital(text: str, w: _Words) -> str:
    return text[:1].upper() + text[1:] if w.lang == EN else text


def _dice_words(n: int, w: _Words) -> str:
    return w("die_1") if n == 1 else w("dice_n", n=n)


def _side_item(view: Data, ctx: Ctx, combat: Data, role: str, w: _Words) -> Data:
    side = _side(view, combat, role)
    region = combat["region"]
    strength = _strength(view, side, region)
    extra = modifiers.total(ctx, side.get("who"), "dice", {**combat, "rolling": "attack" if role == "attacker"
                                                           else "counter"})
    dice = max(0, strength + extra)
    dice_text = w("dice_more", n=dice, strength=strength, extra=extra) if extra else _dice_words(dice, w)
    tip = w("side_tip", role=w(role), who=w.side(side), n=strength, forces=_forces_words(view, side, region, w),
            dice=dice_text)
    return _item(f"combat.{role}", w.side(side), tip, strength, "orange" if role == "attacker" else "blue")


def _forces_words(view: Data, side: Mapping[str, Any], region: str, w: _Words) -> str:
    """How a side's strength is made (DRG-STRENGTH-2..6)."""
    if side["kind"] == "neutral":
        return w("strength_neutral")
    if side["kind"] == "dragon":
        return w("strength_dragon")
    general = side["who"]
    units = _units(view, region, general)
    n = sum(units.values())
    words = name_of(units, w.lang) if n else w("no_units")
    if not n:
        return words
    bonus = _strength(view, side, region) - n
    figure = view["boards"][general]["region"] == region
    if bonus and len(set(units.values())) == 1:
        more = w("set_bonus", n=bonus, figure=w("with_figure") if figure else "")
    elif bonus:
        more = w("figure_bonus", n=bonus)
    else:
        more = ""
    return w("strength_general", units=words, bonus=more)


def _forces_zone(view: Data, combat: Data, role: str, w: _Words) -> Data:
    """A side's pieces in the combat region: figure, units by type (or health, or neutral units)."""
    side = _side(view, combat, role)
    region = combat["region"]
    items: list[Data] = []
    key = f"combat.{role}."
    if side["kind"] == "neutral":
        n = view["regions"][region]["neutral"]
        items.append(_item(key + "neutral", w("neutral"), w("neutral_tip", units=name_of({"neutral": n}, w.lang)),
                           n, "grey"))
    else:
        who: str = side["who"]                     # a character's side names its character
        board = view["boards"][who]
        if board["region"] == region:
            items.append(_item(key + "figure", w("figure"), w("figure_tip", who=w.name(who)), "", "plain"))
        if side["kind"] == "dragon":
            top = content().characters[who].health_max
            items.append(_item(key + "health", w("health"), w("health_tip", who=w.name(who), n=board["health"],
                                                               max=top),
                               f"{board['health']}/{top}", "danger" if board["health"] <= 1 else "plain"))
        else:
            for kind, n in _units(view, region, who).items():
                if n:
                    items.append(_item(key + kind, w.word(kind), w("units_tip", who=w.name(who),
                                                                     units=name_of({kind: n}, w.lang)), n, "plain"))
    if _beaten(view, side, region):
        items.append(_item(key + "beaten", w("beaten"), w("beaten_tip", who=w.side(side, True)), "", "danger"))
    return _zone(f"combat.{role}", w("forces", role=w(role), who=w.side(side)), items)


def _roll_zone(view: Data, ctx: Ctx, combat: Data, roll: Data, w: _Words) -> Data:
    """One roll of the latest exchange: each die, conversions, ignored hits, what lands and what it did."""
    by = roll["by"]
    roller, receiver = ("attacker", "target") if by == "attack" else ("target", "attacker")
    roller_side, receiver_side = _side(view, combat, roller), _side(view, combat, receiver)
    faces = _faces()
    key = f"combat.{by}."
    items: list[Data] = []
    for i, (face, first) in enumerate(zip(roll["dice"], roll["first"]), 1):
        f = faces[face]
        tip = w("die_tip", i=i, face=w.name(face), normal=f.normal, crit=f.crit)
        if roll.get("rerolled") and first == "blank":
            tip += w("rerolled")
        items.append(_item(f"{key}die.{i}", w.word(face), tip, SYMBOLS.get(face, face), _face_look(face)))
    if not roll["dice"]:
        items.append(_item(key + "none", w("no_dice"), w("no_dice_tip"), "0", "muted"))
    if roll["to_crit"]:
        items.append(_item(key + "to_crit", w("to_crit"), w("to_crit_tip", n=roll["to_crit"]), roll["to_crit"],
                           "warning"))
    if roll["to_normal"]:
        items.append(_item(key + "to_normal", w("to_normal"), w("to_normal_tip", n=roll["to_normal"]),
                           roll["to_normal"], "warning"))
    for entry in roll["ignored"]:
        cause = entry["cause"]
        n = entry["crit"] + entry["normal"]
        if cause == "mountain":
            why = w("why_mountain")
        elif cause == "city":
            why = w("why_city", who=w.side(receiver_side))
        else:
            cards = _effect_sources(ctx, combat, "ignore_hits", receiver_side.get("who"), by)
            sources = w("sources", cards=w.name(list(dict.fromkeys(cards)))) if cards else ""
            why = w("why_effect", who=w.side(receiver_side, True), sources=sources)
        cause_word = w({"mountain": "mountain", "city": "city"}.get(cause, "effect_cause"))
        items.append(_item(f"{key}ignored.{cause}", w("ignored", why=cause_word),
                           w("ignored_tip", n=n, crit=entry["crit"], normal=entry["normal"], why=why), n, "good"))
    whom = w.side(receiver_side, True)
    crit_tip = w("crits_tip" if by == "attack" else "crits_counter_tip", n=roll["crit"], whom=whom)
    if roll["bonus"] and roll["crit"]:
        crit_tip += w("crit_bonus", n=roll["bonus"])
    items.append(_item(key + "crit", w("crits"), crit_tip, roll["crit"], "danger" if roll["crit"] else "muted"))
    if by == "attack":
        normal_tip = w("normals_tip", n=roll["normal"], whom=whom)
        if combat.get("held") and roll["exchange"] == combat["exchange"]:
            normal_tip += (" " if w.lang == EN else "") + w("normals_held").strip()
    else:
        normal_tip = w("normals_counter_tip", n=roll["normal"], whom=whom)
    items.append(_item(key + "normal", w("normals"), normal_tip, roll["normal"],
                       "danger" if roll["normal"] else "muted"))
    dealt = roll.get("dealt") or {}
    points = sum(n for k, n in dealt.items() if k != "devoured")
    items.append(_item(key + "dealt", w("dealt"), w("dealt_tip", what=_dealt_words(dealt, roller_side,
                                                                                     receiver_side, w)),
                       points, "danger" if points else "muted"))
    dice = len(roll["dice"])
    whose = w("neutral_own") if not roller_side.get("who") else w("own", who=w.name(roller_side["who"]))
    title = w("attack_roll" if by == "attack" else "counter_roll", whose=whose, dice=_dice_words(dice, w))
    if roll["exchange"] != combat["exchange"]:
        title = w("earlier", title=title, n=roll["exchange"])
    return _zone(f"combat.{by}", title, items, columns=5)


def _dealt_words(dealt: Mapping[str, int], dealer: Mapping[str, Any], hit: Mapping[str, Any], w: _Words) -> str:
    parts: list[str] = []
    units = {k: n for k, n in dealt.items() if k in UNIT_TYPES and n}
    if units:
        parts.append(w("lost_units", who=w.side(hit), units=name_of(units, w.lang)))
    if dealt.get("neutral"):
        parts.append(w("removed", units=name_of({"neutral": dealt["neutral"]}, w.lang)))
    if dealt.get("health"):
        parts.append(w("lost_health", who=w.side(hit), n=dealt["health"]))
    if dealt.get("stolen"):
        parts.append(w("stolen", n=dealt["stolen"]))
    if dealt.get("nothing"):
        parts.append(w("wasted", n=dealt["nothing"]))
    if dealt.get("devoured"):
        parts.append(w("devoured", who=w.side(dealer), n=dealt["devoured"]))
    return w.join(parts) if parts else w("dealt_none")


def _effects_zone(view: Data, ctx: Ctx, combat: Data, w: _Words) -> Data | None:
    """The modifiers that change this fight now (spec 7.1.2), their conditions judged for either roll."""
    items: list[Data] = []
    for index, (holder, m, card, duration) in enumerate(_modifier_sources(ctx)):
        if m["kind"] not in COMBAT_KINDS or _applies(ctx, holder, m, combat, ("attack", "counter")) is None:
            continue
        value = m.get("value")
        change = _modifier_change({"kind": m["kind"], "value": value, "holder": holder, "side": m.get("side")},
                                  w.lang)
        tip = w("modifier_tip", source=w.name(card), change=change, duration=w.name(duration))
        items.append(_item(f"combat.effect.{index}", w.name(card), tip, _modifier_value(m["kind"], value), "purple"))
    return _zone("combat.effects", w("effects"), items) if items else None


def _modifier_value(kind: str, value: Any) -> str:
    """A modifier's number as the item's big value: +1 die, −1 hit, 2 hits converted; "" for none."""
    if not isinstance(value, int):
        return ""
    return {"dice": f"+{value}", "crit_damage_bonus": f"+{value}", "ignore_hits": f"−{value}"}.get(kind, str(value))


# --- the oath ------------------------------------------------------------------------------------

def oath_zone(view: Data, language: str = "en") -> Data | None:
    """The oath in progress as ``view``'s seat may see it (all public), or None."""
    oath = view.get("oath")
    if not oath:
        return None
    w = _Words(language)
    c = content()
    success = set(c.die.oath_success_faces)
    rerolls = oath.get("rerolls") or {}
    members = (oath["general"], oath["dragon"])
    items: list[Data] = []
    for who in members:
        face = oath["dice"][who]
        n = rerolls.get(who, 0)
        made = "" if not n else w("rerolls_once") if n == 1 else w("rerolls_made", n=n)
        tip = w("oath_die_tip", who=w.name(who), face=w.name(face),
                result=w("success") if face in success else w("failure"), rerolled=made)
        items.append(_item(f"oath.die.{who}", w.name(who), tip, SYMBOLS.get(face, face),
                           "good" if face in success else "muted"))
    good = sum(oath["dice"][who] in success for who in members)
    items.append(_item("oath.bond", w("bond"), w("bond_tip", n=good), f"{good}/2", "good" if good == 2 else "warning"))
    turn = oath["turn"]
    board = view["boards"][turn]
    cost = c.params.oath_reroll_cost
    unspent = board["power"]["unspent"]
    can = (w("ai_never") if board["seat"] is None else w("can_reroll") if unspent >= cost else w("cannot_pay"))
    declined = w("declined_once") if oath.get("declines") else ""
    tip = w("reroll_tip", who=w.name(turn), cost=cost, n=unspent, can=can, declined=declined)
    items.append(_item("oath.reroll", w("reroll", who=w.name(turn)), tip, "",
                       "good" if board["seat"] is not None and unspent >= cost else "muted"))
    used = sum(rerolls.values())
    if used:
        counts = ("、" if w.lang != EN else ", ").join(f"{w.name(who)} {rerolls.get(who, 0)}" for who in members)
        items.append(_item("oath.used", w("used"), w("used_tip", counts=counts), used, "plain"))
    title = w("oath", general=w.name(oath["general"]), dragon=w.name(oath["dragon"]))
    return _zone("oath", title, items)


__all__ = ["combat_zones", "oath_zone", "pending"]
