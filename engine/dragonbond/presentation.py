"""Dragonbond's table for the generic GUI (`Game.table`, the contract of `engine.core.table`) and what
a player touches to give each command (`Game.command_touches`).

Everything is built from ONE seat's view (spec 8, DRG-HIDDEN-1..10): the view has already hidden
what that seat may not see (other hands and Vaala hands as counts, the faces of others' stack cards
and of every unrevealed event as ``hidden``, deck orders), so this module only draws and words what
it is given. Names come from the content (``name.en`` / ``name.zh_TW``, through log.py `name_of`).

What is drawn where:

  the map       each region's Mark: its look (terrain; a human controller's seat colour, an AI
                general's look), its pieces — each character's figure, each general's units as
                one stack per type with a count, neutral units, power tokens, a city, a combat
  boards        one per human seat (`Board.seat` is a seat: an AI has none), in seat order
  shared        the command stack, the upgrade market, the decks and resolved events, the supply,
                this round's effects, each AI character's board (an AI has no seat), the
                characters offered at set-up
  tracks        the round; each character's power

Ids one touches (the layout's space ids are the region ids, layout.py):

  <region>                       a region (allarian_crownlands, …)
  <character>                    a character's figure (elyse, nagasha, …)
  <character>.<type>@<region>    a general's units of one type in a region (elyse.infantry@silverwood);
                                 a character's pieces in one region look alike (``same``
                                 ``<character>@<region>``): touching any of them touches them all
  neutral@<region>               the neutral units of a region
  pool.<type>                    the viewer's units in pool (its own board; in the public view the
                                 deciding seat's)
  <card id>                      the viewer's hand cards and Vaala cards (its own board), the
                                 upgrade market's cards (shared)
  vaala_deck.<character>         the viewer's Vaala deck (its own board)
  stack                          the command stack as a pile (always there: where a card is placed)
  stack.N                        the stack's N-th card, bottom first
  draft.<character>              a character offered to the viewer at set-up
  <character>:…                  anything else of a board (not touched)

Gestures (`command_touches`), read with the GUI's touch selection (gui/controller/touches.py: the
one command whose touches are complete plays, in any order; a drop is two touches):

  place CARD                     the hand card, then the stack (a card dragged onto the pile)
  pass, pass to=K                buttons beside the map ("Pass", "Pass and give the first-player
                                 marker to Player K")
  answer move/<from>/<to>        a piece of the mover in <from>, then <to>
  answer fly/<…>/<to>            the dragon's figure, then the region the fly ends in (any path
                                 there is the same answer: `Game.spelling_key`); an AI's tied paths
                                 to one region are different answers: every region of the path
                                 (all of them where the view hides the options: the public view)
  answer attack/<region>/<who>   the region, then the target's piece there (its figure or units,
                                 or the neutral units); the region alone when it holds one target
  answer attack/<region>/<who>/<approach>   an AI's tied attacks (ai_tie) with its whole army: as
                                 above, then the army's piece where it comes from (a drag from
                                 there onto the region) when that tells tied answers apart
  answer deploy/<type>@<region>  pool.<type>, then the region (a unit dragged from the pool)
  answer reinforce/<type>        pool.<type>
  answer collect/<region>, on/<region>, a retreat region, an effect's region: the region (an
                                 effect's several unit groups in one region: a row in the panel)
  answer upgrade/<card>          the market card
  answer cast/<card>/pay/…       the Vaala card; several payments for it differ only in numbers,
                                 so they stay in the Decision panel (a row: own and ally's power)
  answer draw                    the Vaala deck
  answer <character> (set-up)    draft.<character>; an effect naming a character: its figure
  an AI's tied choice (ai_tie)   as the same answer of a human (the AI's pieces)
  anything else (heal or execute, counter or retreat, reroll or decline, continue, decline, use,
  stay, unit counts, approach stages, losses, a carry, the first player): a Decision button.
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from typing import Any

from engine.core import Command, Data
from engine.core.language import language_index
from engine.core.table import item as _item
from engine.core.table import piece as _piece
from engine.core.table import zone as _zone

from .content import content
from .labels import COMMAND_VERBS
from .layout import region_name
from .log import EN, WORDS, ZH, _modifier_change, name_of
from .setup import UNIT_TYPES

UNIT_LETTERS = {"infantry": ("I", "步"), "cavalry": ("C", "騎"), "ranged": ("R", "遠"), "neutral": ("N", "中")}
FIGURE_LETTERS = {"elyse": ("El", "艾"), "nagasha": ("Na", "娜"), "adrael": ("Ad", "阿"), "ferellon": ("Fe", "費")}
# How an AI character's pieces look (a colour no seat wears), and the paler one of the regions an
# AI general controls (as a seat's controlled regions are a paler shade of its colour).
AI_LOOKS = {"elyse": "blue", "adrael": "danger", "nagasha": "green", "ferellon": "yellow"}
AI_GROUND = {"elyse": "water", "adrael": "red"}
# Each region's ground while nobody controls it: pale and never an AI general's.
TERRAIN = {"allarian_crownlands": "paper", "silverwood": "muted", "willow_fords": "light", "golden_fields": "sand",
           "red_moon_crags": "stone", "highpass": "light", "sunken_ruins": "purple", "serpent_mire": "muted",
           "iron_hills": "stone", "saltmere": "light", "ember_coast": "sand", "tyverian_bloodmarch": "paper"}

TEXTS: dict[str, tuple[str, str]] = {
    "round": ("Round {n}", "第 {n} 輪"),
    "round_track": ("Round", "輪次"),
    "phase.setup": ("Set-up", "設置"),
    "phase.planning": ("Planning phase", "計畫階段"),
    "phase.execution": ("Execution phase", "執行階段"),
    "phase.cleanup": ("Cleanup phase", "整理階段"),
    "phase.over": ("Game over", "遊戲結束"),
    "first": ("First player: {who}", "起始玩家：{who}"),
    "first_note": ("Holds the first-player marker", "持有起始玩家標記"),
    "decides": ("{who} decides: {what}", "{who}決定：{what}"),
    "plans": ("{who} plans ({character})", "{who}計畫中（{character}）"),
    "acts": ("{who} resolves {card}", "{who}結算{card}"),
    "acting_here": ("{who} is acting", "{who}正在行動"),
    "player": ("Player {n}", "玩家 {n}"),
    "you": (" (you)", "（你）"),
    "sep": (" · ", "・"),
    "list": (", ", "、"),
    "colon": (": ", "："),
    "ai": ("{name} (AI)", "{name}（AI 玩家）"),
    "nobody_yet": ("No character yet", "尚未選擇角色"),
    "general": ("general", "將軍"),
    "dragon": ("dragon", "龍"),
    "title": ("{name}, {role}", "{name}（{role}）"),
    "score": ("Power {total}/{limit}", "權力 {total}/{limit}"),
    "score_health": ("Health {n}/{max}", "生命 {n}/{max}"),
    "power_zone": ("Power tokens", "權力標記"),
    "unspent": ("Unspent", "未消耗"),
    "spent": ("Spent", "已消耗"),
    "power_text": ("Both count for victory; only unspent tokens pay costs. A board holds at most {limit}.",
                   "兩者都計入勝利；只有未消耗的標記可支付費用。每個個人圖版最多持有 {limit} 個。"),
    "health": ("Health", "生命"),
    "health_text": ("{n} of {max}; at 0 the dragon executes no icons until it heals.",
                    "{n}/{max}；生命為 0 時，龍在治療前不執行任何圖示。"),
    "pool": ("Units in pool", "兵力池"),
    "pool_text": ("{n} in pool, ready to deploy or reinforce.", "兵力池中有 {n} 個，可部署或增援。"),
    "upgrades": ("Upgrades", "升級卡"),
    "hand": ("Hand", "手牌"),
    "hand_tip": ("Action cards and region cards: drag one onto the command stack to place it face down.",
                 "行動卡與區域卡：拖到行動指令牌堆上即面朝下放置。"),
    "hand_count": ("{action} action cards, {region} region cards", "{action} 張行動卡、{region} 張區域卡"),
    "vaala_hand": ("Vaala hand", "瓦拉手牌"),
    "vaala": ("Vaala cards", "瓦拉卡"),
    "vaala_deck": ("Vaala deck", "瓦拉卡牌庫"),
    "vaala_deck_text": ("Face down; its order is hidden from everyone.", "面朝下；任何人都不知道順序。"),
    "vaala_discard": ("Vaala discard", "瓦拉卡棄牌"),
    "vaala_text": ("Cost {cost} · {timing}\n{text}", "費用 {cost}・{timing}\n{text}"),
    "timing.icon": ("cast through a Vaala icon", "以瓦拉圖示施放"),
    "timing.combat": ("cast in combat, before a roll", "於戰鬥中擲骰前施放"),
    "bond_zone": ("Dragonbond", "龍族"),
    "bond_up": ("Face up: active", "面朝上：生效中"),
    "bond_down": ("Face down: inactive until the oath bonds", "面朝下：締結誓約前不生效"),
    "bond_token": ("Dragonbond token", "龍族標記"),
    "bonded_with": ("Bonded with {who}", "與{who}締結龍族"),
    "ai_deck": ("AI deck", "AI 行動卡牌庫"),
    "ai_deck_text": ("Shuffled action cards; only the size is known.", "洗亂的行動卡；只知道張數。"),
    "ai_played": ("Played", "已打出"),
    "ai_reading": ("The AI side of the board", "個人圖版的 AI 面"),
    "figure_in": ("Figure in {region}", "角色模型在{region}"),
    "stack": ("Command stack", "行動指令牌堆"),
    "stack_title": ("Command stack ({n} cards, bottom first)", "行動指令牌堆（{n} 張，由底部起）"),
    "stack_text": ("Drop a card of your hand here to place it face down. The cards resolve bottom first.",
                   "把手牌拖到這裡即面朝下放置。牌由底部起依序結算。"),
    "face_down": ("{who}: {kind}", "{who}：{kind}"),
    "placed_by": ("Placed face down by {who}", "由{who}面朝下放置"),
    "placed_event": ("Face down until it resolves", "結算前面朝下"),
    "yours": ("{card} (yours)", "{card}（你的）"),
    "placed_yours": ("You placed it; the others see only its kind.", "你放置的牌；其他人只看得到種類。"),
    "revealed_by": ("Revealed; placed by {who}", "已翻開；由{who}放置"),
    "resolving": ("Resolving now", "正在結算"),
    "market": ("Upgrade market", "升級卡展示列"),
    "upgrade_text": ("Upgrades {type}\n{text}", "升級{type}\n{text}"),
    "decks": ("Decks", "牌庫"),
    "event_deck": ("Event deck", "事件卡牌庫"),
    "event_deck_text": ("Face down; two events a round. The game ends when it runs out.",
                        "面朝下；每輪兩張事件。牌庫用完時遊戲結束。"),
    "upgrade_deck": ("Upgrade deck", "升級卡牌組"),
    "region_deck": ("Region deck", "區域卡牌庫"),
    "region_deck_text": ("Public, in order: {cards}", "公開，依序為：{cards}"),
    "events": ("Resolved events", "已結算的事件"),
    "supply": ("Supply", "供應區"),
    "supply_power": ("Power tokens", "權力標記"),
    "supply_neutral": ("Neutral units", "中立單位"),
    "supply_cities": ("City tokens", "城市標記"),
    "effects": ("Effects in play", "生效中的效果"),
    "draft": ("Characters to choose from", "可選擇的角色"),
    "draft_text": ("{role}; starts in {region}", "{role}；起始於{region}"),
    "power_track": ("Power: {who}", "權力：{who}"),
    "controlled": ("Controlled by {who}", "由{who}控制"),
    "city": ("City of {who}", "{who}的城市"),
    "site": ("City site", "城市建地"),
    "power_here": ("{n} power token(s)", "{n} 個權力標記"),
    "neutral_here": ("{n} neutral unit(s)", "{n} 個中立單位"),
    "units_here": ("{who}: {units}", "{who}：{units}"),
    "figure_tip": ("{name} ({role}){owner}", "{name}（{role}）{owner}"),
    "owner_seat": (" — {who}", "——{who}"),
    "owner_ai": (" — AI", "——AI 玩家"),
    "mountains": ("Mountain borders with {regions}", "與{regions}之間是山脈疆界"),
    "combat": ("Combat: {attacker} attacks {target}", "戰鬥：{attacker}攻擊{target}"),
    "combat_status": ("Combat in {region}: {attacker} attacks {target} (exchange {n})",
                      "{region}的戰鬥：{attacker}攻擊{target}（第 {n} 交戰回合）"),
    "storm": ("The mountain borders are closed", "山脈疆界封閉"),
    "neutral": ("the neutral units", "中立單位"),
    "icon.fly": ("Fly {n}", "飛行 {n}"),
    "icon.move": ("Move", "移動"),
    "icon.attack": ("Attack", "攻擊"),
    "icon.deploy": ("Deploy", "部署"),
    "icon.collect": ("Collect", "收集"),
    "icon.vaala": ("Vaala", "瓦拉"),
    "icon.reinforce": ("Reinforce", "增援"),
    "icon.upgrade": ("Upgrade", "升級"),
    "icon.build_city": ("Build a city", "建造城市"),
    "region_card": ("{region} region card", "{region}區域卡"),
    "icon_type": ("{icon} ({type})", "{icon}（{type}）"),
    "any": ("any", "任意"),
    "action_text": ("Action card of {who}: {icons}", "{who}的行動卡：{icons}"),
    "region_text": ("Region card: {icons}", "區域卡：{icons}"),
    "kind.action": ("action card", "行動卡"),
    "kind.region": ("region card", "區域卡"),
    "kind.event": ("Event card", "事件卡"),
    "label.power": ("P", "權"),
}


PLURAL = re.compile(r"\b(\d+) ([A-Za-z ]+?)\(s\)")


def _plural(match: re.Match[str]) -> str:
    """``1 power token(s)`` → ``1 power token``, ``2 power token(s)`` → ``2 power tokens``."""
    n, words = match.group(1), match.group(2)
    return f"{n} {words}" if n == "1" else f"{n} {words}s"


def _lang(language: str) -> int:
    return ZH if language.startswith("zh") else EN


@cache
def _texts(lang: int) -> dict[str, str]:
    return {key: pair[lang] for key, pair in TEXTS.items()}


class _Words:
    """The texts of one language."""

    def __init__(self, lang: int) -> None:
        self.lang = lang
        self.language = "zh_TW" if lang == ZH else "en"     # as layout.py and labels.py take it
        self.texts = _texts(lang)

    def __call__(self, key: str, **values: Any) -> str:
        text = self.texts[key].format(**values)
        return PLURAL.sub(_plural, text) if self.lang == EN and "(s)" in text else text

    def name(self, thing: Any) -> str:
        return name_of(thing, self.lang)

    def pick(self, pair: tuple[str, str]) -> str:
        return pair[self.lang]

    def join(self, parts: list[str]) -> str:
        return self.texts["list"].join(parts)

    def player(self, seat: int) -> str:
        return self("player", n=seat + 1)

    def units(self, units: Mapping[str, int]) -> str:
        from .log import units_text
        return units_text(units, self.lang)


# -- card words ------------------------------------------------------------------------------------------

def _icon_words(icon: Any, w: _Words) -> str:
    """An icon as a card shows it: "Fly 3", "Deploy (any)", "Attack"."""
    if icon.icon == "fly":
        return w("icon.fly", n=icon.n or 1)
    words = w(f"icon.{icon.icon}") if f"icon.{icon.icon}" in w.texts else icon.icon
    if icon.type:
        kind = w("any") if icon.type == "any" else WORDS[icon.type][w.lang]
        return w("icon_type", icon=words, type=kind)
    return words


def card_title(card: str, w: _Words) -> str:
    """A card by the name the table shows (a region card as its region's: "Silverwood region card")."""
    c = content()
    if card in c.region_cards:
        return w("region_card", region=region_name(c.region_cards[card].region, w.language))
    return w.name(card)


def card_text(card: str, w: _Words) -> str:
    """What a card does, in words: an action or region card's icons, a Vaala, upgrade, event or
    Dragonbond card's printed text (with a Vaala card's cost and timing)."""
    c = content()
    sep = w.texts["sep"]
    if card in c.action_cards:
        found = c.action_cards[card]
        return w("action_text", who=w.name(found.owner), icons=sep.join(_icon_words(i, w) for i in found.icons))
    if card in c.region_cards:
        return w("region_text", icons=sep.join(_icon_words(i, w) for i in c.region_cards[card].icons))
    if card in c.vaala_cards:
        vaala = c.vaala_cards[card]
        return w("vaala_text", cost=vaala.cost, timing=w(f"timing.{vaala.timing}"), text=_pick(vaala.text, w))
    if card in c.upgrade_cards:
        upgrade = c.upgrade_cards[card]
        return w("upgrade_text", type=WORDS[upgrade.unit_type][w.lang], text=_pick(upgrade.text, w))
    for table in (c.event_cards, c.dragonbond_cards):
        if card in table:
            return _pick(table[card].text, w)
    return ""


def _card_look(card: str) -> str | None:
    """How a card's title is coloured by its kind: region cards green, Vaala cards blue."""
    c = content()
    if card in c.region_cards:
        return "green"
    if card in c.vaala_cards:
        return "blue"
    if card in c.event_cards:
        return "orange"
    return None


def _pick(name: Any, w: _Words) -> str:
    return str(getattr(name, "zh_TW", "") or name.en) if w.lang == ZH else str(name.en)


# -- the table -------------------------------------------------------------------------------------------

def table(view: Data, language: str = "en") -> Data:
    """What lies on the table for the seat whose view this is (see the module's notes)."""
    w = _Words(_lang(language))
    return {"spaces": _map(view, w), "boards": _boards(view, w), "shared": _shared(view, w),
            "tracks": _tracks(view, w), "status": _status(view, w)}


def _seat_of(view: Data, character: str | None) -> int | None:
    if character is None or character not in view["boards"]:
        return None
    seat = view["boards"][character]["seat"]
    return seat if isinstance(seat, int) else None


def _is_ai(view: Data, character: str) -> bool:
    return bool(view.get("dealt")) and view["boards"][character]["seat"] is None


def _who(view: Data, character: str, w: _Words) -> str:
    """A character by name, with its player (or "AI") — the words a tip uses."""
    name = w.name(character)
    seat = _seat_of(view, character)
    if seat is not None:
        you = w("you") if seat == view.get("viewer") else ""
        return f"{name} ({w.player(seat)}{you})" if w.lang == EN else f"{name}（{w.player(seat)}{you}）"
    return w("ai", name=name) if _is_ai(view, character) else name


def _looks_of(view: Data, character: str) -> tuple[int | None, str | None]:
    """(owner seat, look) of a character's pieces: a seat's colour, or an AI's own look."""
    seat = _seat_of(view, character)
    return (seat, None) if seat is not None else (None, AI_LOOKS.get(character, "grey"))


def _acting(view: Data) -> str | None:
    """The character whose revealed card resolves now (DRG-STACK-3): drawn highlighted."""
    stack = view.get("stack") or []
    if view.get("phase") != "execution" or not stack or not stack[0].get("revealed"):
        return None
    return stack[0].get("owner")


def _controller(view: Data, region: str) -> str | None:
    """DRG-CONTROL-1: the general with the only units in a region (neutral units deny control)."""
    here = view["regions"][region]
    if here["neutral"]:
        return None
    owners = [g for g, units in here["units"].items() if any(units.get(t, 0) for t in UNIT_TYPES)]
    return owners[0] if len(owners) == 1 else None


def _map(view: Data, w: _Words) -> dict[str, Data]:
    c = content()
    spaces: dict[str, Data] = {}
    combat = view.get("combat") or {}
    acting = _acting(view)
    for region in c.map.order:
        here = view["regions"][region]
        spec = c.map.regions[region]
        tip = [region_name(region, w.language)]
        pieces: list[Data] = []
        controller = _controller(view, region)
        owner, fill = None, TERRAIN.get(region, "plain")
        if controller is not None:
            owner = _seat_of(view, controller)
            fill = fill if owner is not None else AI_GROUND.get(controller, "grey")
            tip.append(w("controlled", who=_who(view, controller, w)))
        for character in view["seating"]:
            board = view["boards"][character]
            if board.get("region") == region:
                pieces.append(_figure(view, character, region, w))
        for general, units in here["units"].items():
            seat, look = _looks_of(view, general)
            counted = {t: units.get(t, 0) for t in UNIT_TYPES if units.get(t, 0)}
            if counted:
                tip.append(w("units_here", who=_who(view, general, w), units=w.units(counted)))
            for unit_type, n in counted.items():
                words = w("units_here", who=_who(view, general, w), units=w.units({unit_type: n}))
                pieces.append(_piece("token", w.pick(UNIT_LETTERS[unit_type]), words, look,
                                     f"{general}.{unit_type}@{region}", n, seat, f"{general}@{region}"))
        if here["neutral"]:
            words = w("neutral_here", n=here["neutral"])
            tip.append(words)
            pieces.append(_piece("token", w.pick(UNIT_LETTERS["neutral"]), words, "stone", f"neutral@{region}",
                                 here["neutral"]))
        if here["power"]:
            words = w("power_here", n=here["power"])
            tip.append(words)
            pieces.append(_piece("marker", w("label.power"), words, "gold", count=here["power"]))
        if here["city"]:
            words = w("city", who=_who(view, here["city"], w))
            tip.append(words)
            seat, look = _looks_of(view, here["city"])
            pieces.append(_piece("marker", "", words, look, owner=seat))
        elif spec.city_site:
            tip.append(w("site"))
        if spec.mountain_borders_with:
            names = [region_name(r, w.language) for r in spec.mountain_borders_with]
            tip.append(w("mountains", regions=w.join(names)))
        if combat.get("region") == region:
            words = _combat_words(view, combat, w)
            tip.append(words)
            pieces.append(_piece("marker", "!", words, "danger"))
        tip += [p["tip"] for p in pieces if p["kind"] == "figure"]
        looks = []
        if acting is not None and view["boards"][acting].get("region") == region:
            tip.insert(1, w("acting_here", who=w.name(acting)))
            looks.append("gold")                       # the acting character's figure stands here
        spaces[region] = {"fill": fill, "owner": owner, "label": None, "tip": "\n".join(tip), "looks": looks,
                          "pieces": pieces}
    return spaces


def _figure(view: Data, character: str, region: str, w: _Words) -> Data:
    board = view["boards"][character]
    c = content()
    role = board["role"]
    seat, look = _looks_of(view, character)
    if seat is not None:
        owner = w("owner_seat", who=w.player(seat) + (w("you") if seat == view.get("viewer") else ""))
    else:
        owner = w("owner_ai") if _is_ai(view, character) else ""
    bits = [w("figure_tip", name=w.name(character), role=w(role), owner=owner)]
    label = w.pick(FIGURE_LETTERS.get(character, (character[:2].title(), character[:1])))
    if role == "dragon" and board.get("health") is not None:
        health, most = board["health"], c.characters[character].health_max
        bits.append(f"{w('health')} {health}/{most}")
        label = (label[:1] + str(health))[:3]          # "N5": room for the health on a small figure
    if board.get("bonded_with"):
        bits.append(w("bonded_with", who=w.name(board["bonded_with"])))
    return _piece("figure", label, "\n".join(bits), look, character, owner=seat, same=f"{character}@{region}")


def _combat_words(view: Data, combat: Data, w: _Words) -> str:
    target = (combat.get("target") or {}).get("who")
    return w("combat", attacker=w.name(combat.get("attacker")), target=w.name(target) if target else w("neutral"))


# -- boards ------------------------------------------------------------------------------------------------

def _boards(view: Data, w: _Words) -> list[Data]:
    """One board per human seat (an AI's board lies with the shared zones: it has no seat)."""
    found = []
    for seat, character in enumerate(view.get("humans") or ()):
        if character is None:
            found.append({"seat": seat, "title": w("nobody_yet"), "score": "", "zones": [], "notes": []})
            continue
        found.append({"seat": seat, "title": _title(view, character, w), "score": _score(view, character, w),
                      "zones": _character_zones(view, character, w, seat == _toucher(view)),
                      "notes": _notes(view, character, w)})
    return found


def _toucher(view: Data) -> int | None:
    """The seat whose board carries the ids one touches (``pool.<type>``): the viewer's, or in the
    public view (seat None) the seat that decides now — its decision then needs none of its
    secrets, yet its units in pool are public and what it deploys or reinforces from."""
    viewer = view.get("viewer")
    if viewer is not None:
        return int(viewer)
    return next((int(step["seat"]) for step in view.get("effects") or ()
                 if step.get("waiting") and isinstance(step.get("seat"), int)), None)


def _title(view: Data, character: str, w: _Words) -> str:
    return w("title", name=w.name(character), role=w(view["boards"][character]["role"]))


def _score(view: Data, character: str, w: _Words) -> str:
    board = view["boards"][character]
    power = board["power"]
    parts = [w("score", total=power["unspent"] + power["spent"], limit=content().params.power_hold_limit)]
    if board["role"] == "dragon" and board.get("health") is not None:
        parts.append(w("score_health", n=board["health"], max=content().characters[character].health_max))
    return w.texts["sep"].join(parts)


def _notes(view: Data, character: str, w: _Words) -> list[str]:
    board = view["boards"][character]
    notes = []
    if view.get("first") == character:
        notes.append(w("first_note"))
    if board.get("bonded_with"):
        notes.append(w("bonded_with", who=w.name(board["bonded_with"])))
    if board.get("region"):
        notes.append(w("figure_in", region=region_name(board["region"], w.language)))
    return notes


def _character_zones(view: Data, character: str, w: _Words, touches: bool) -> list[Data]:
    """A character's board as zones; only the touching seat's (`_toucher`) units in pool carry the
    ids it touches (its cards are its own when the view shows their faces)."""
    board = view["boards"][character]
    mine = f"{character}:"
    c = content()
    limit = c.params.power_hold_limit
    power = board["power"]
    text = w("power_text", limit=limit)
    items = [_item(f"{mine}unspent", w("unspent"), text, look="gold", value=str(power["unspent"])),
             _item(f"{mine}spent", w("spent"), text, look="muted", value=str(power["spent"]))]
    if board["role"] == "dragon" and board.get("health") is not None:
        most = c.characters[character].health_max or 0       # a dragon's (content.py checks it)
        items.append(_item(f"{mine}health", w("health"), w("health_text", n=board["health"], max=most),
                           look="danger" if board["health"] <= most // 2 else "good",
                           value=f"{board['health']}/{most}"))
    zones = [_zone(f"{mine}power", w("power_zone"), items)]
    if board.get("pool") is not None:
        pool = board["pool"]
        touch = "pool." if touches else f"{mine}pool."
        zones.append(_zone(f"{mine}pool", w("pool"), [
            _item(f"{touch}{t}", WORDS[t][w.lang].capitalize() if w.lang == EN else WORDS[t][w.lang],
                  w("pool_text", n=pool.get(t, 0)), value=str(pool.get(t, 0)), look=None if pool.get(t, 0) else "muted")
            for t in UNIT_TYPES]))
    if board.get("upgrades"):
        zones.append(_zone(f"{mine}upgrades", w("upgrades"),
                           [_item(f"{mine}{card}", card_title(card, w), card_text(card, w), look="paper")
                            for card in board["upgrades"]], 2))
    if board["seat"] is not None:
        zones += _hand_zones(board, character, w)
    else:
        zones += _ai_zones(board, character, w)
    zones.append(_bond_zone(view, board, character, w))
    return zones


def _hand_zones(board: Data, character: str, w: _Words) -> list[Data]:
    mine = f"{character}:"
    hand = board["hand"]
    zones = []
    if isinstance(hand, list):
        items = [_item(card, card_title(card, w), card_text(card, w), look=_card_look(card))
                 for card in dict.fromkeys(hand)]
        zones.append(_zone(f"{mine}hand", w("hand"), items, 4, tip=w("hand_tip"), hand=True))
    else:
        n = int(hand.get("action", 0)) + int(hand.get("region", 0))
        zones.append(_zone(f"{mine}hand", w("hand"), [], 4, n,
                           w("hand_count", action=hand.get("action", 0), region=hand.get("region", 0))))
    vaala = board["vaala_hand"]
    if isinstance(vaala, list):
        items = [_item(card, card_title(card, w), card_text(card, w), look=_card_look(card))
                 for card in dict.fromkeys(vaala)]
        zones.append(_zone(f"{mine}vaala_hand", w("vaala_hand"), items, 3))
    else:
        zones.append(_zone(f"{mine}vaala_hand", w("vaala_hand"), [], 4, int(vaala)))
    deck = [_item(f"vaala_deck.{character}", w("vaala_deck"), w("vaala_deck_text"), False, "purple",
                  str(board["vaala_deck"]))]
    deck += [_item(f"{mine}vaala_discard.{card}", card_title(card, w), card_text(card, w), look="muted")
             for card in dict.fromkeys(board.get("vaala_discard") or ())]
    zones.append(_zone(f"{mine}vaala", w("vaala"), deck, 3))
    return zones


def _ai_zones(board: Data, character: str, w: _Words) -> list[Data]:
    mine = f"{character}:"
    items = [_item(f"{mine}ai_deck", w("ai_deck"), w("ai_deck_text"), False, value=str(board["ai_deck"]))]
    items += [_item(f"{mine}ai_played.{card}", card_title(card, w), card_text(card, w), look="muted")
              for card in dict.fromkeys(board.get("ai_played") or ())]
    return [_zone(f"{mine}ai_cards", w("ai_deck"), items, 3)]


def _bond_zone(view: Data, board: Data, character: str, w: _Words) -> Data:
    mine = f"{character}:"
    card = board.get("dragonbond_card") or content().characters[character].dragonbond_card
    up = board.get("bond_card") == "up"
    text = f"{w('bond_up' if up else 'bond_down')}\n{card_text(card, w)}"
    items = [_item(f"{mine}bond", card_title(card, w), text, True, "gold" if up else "muted")]
    if board.get("bonded_with"):
        items.append(_item(f"{mine}bond_token", w("bond_token"), w("bonded_with", who=w.name(board["bonded_with"])),
                           look="gold"))
    return _zone(f"{mine}bond_zone", w("bond_zone"), items, 3)


# -- what belongs to nobody ------------------------------------------------------------------------------

def _shared(view: Data, w: _Words) -> list[Data]:
    from .combat_view import combat_zones, oath_zone
    zones = [_draft_zone(view, w), *combat_zones(view, w.language), oath_zone(view, w.language),
             _stack_zone(view, w), _market_zone(view, w), _decks_zone(view, w),
             _events_zone(view, w), _effects_zone(view, w), _supply_zone(view, w)]
    for character in view["seating"]:
        if _is_ai(view, character):
            zones.append(_ai_board(view, character, w))
    return [zone for zone in zones if zone is not None]


def _draft_zone(view: Data, w: _Words) -> Data | None:
    """The characters left to choose while a human picks one (DRG-SETUP-2): public, so shown
    in the public view too."""
    for step in view.get("effects") or ():
        pause = step.get("pause") or {}
        if step.get("waiting") and pause.get("kind") == "choose_character":
            c = content()
            items = []
            taken = set(view.get("humans") or ())
            for character in view["seating"]:
                if character in taken or character not in c.characters:
                    continue
                found = c.characters[character]
                region = region_name(found.start_region, w.language)
                items.append(_item(f"draft.{character}", w.name(character),
                                   w("draft_text", role=w(found.role), region=region),
                                   look=AI_LOOKS.get(character)))
            return _zone("draft", w("draft"), items, 2)
    return None


def _stack_zone(view: Data, w: _Words) -> Data:
    stack = view.get("stack") or []
    items = [_item("stack", w("stack"), w("stack_text"), False, "stone", str(len(stack)))]
    resolving = view.get("phase") == "execution"
    for i, entry in enumerate(stack):
        card, kind, owner = entry.get("card"), entry.get("kind"), entry.get("owner")
        who = w.name(owner) if owner else ""
        now = resolving and i == 0 and entry.get("revealed")
        if entry.get("revealed") and card and card != "hidden":
            text = (w("revealed_by", who=who) + "\n" if owner else "") + card_text(card, w)
            if now:
                text = f"{w('resolving')}\n{text}"
            items.append(_item(f"stack.{i}", card_title(card, w), text, True, "warning" if now else _card_look(card)))
        elif card and card != "hidden":
            text = f"{w('placed_yours')}\n{card_text(card, w)}"
            items.append(_item(f"stack.{i}", w("yours", card=card_title(card, w)), text, True, _card_look(card)))
        else:
            kind_words = w(f"kind.{kind}") if f"kind.{kind}" in w.texts else w("kind.action")
            title = w("face_down", kind=kind_words, who=who) if owner else kind_words
            text = w("placed_by", who=who) if owner else w("placed_event")
            look = _looks_of(view, owner)[1] if owner else None
            items.append(_item(f"stack.{i}", title, text, False, look))
    return _zone("stack_zone", w("stack_title", n=len(stack)), items, 2)


def _market_zone(view: Data, w: _Words) -> Data:
    items = [_item(card, card_title(card, w), card_text(card, w), look="paper") for card in view.get("market") or ()]
    return _zone("market", w("market"), items, 2)


def _decks_zone(view: Data, w: _Words) -> Data:
    decks = view.get("decks") or {}
    regions = list(decks.get("region") or ())
    names = w.join([card_title(card, w) for card in regions]) or WORDS["nothing"][w.lang]
    items = [_item("deck.event", w("event_deck"), w("event_deck_text"), False, value=str(decks.get("event", 0))),
             _item("deck.upgrade", w("upgrade_deck"), "", False, value=str(decks.get("upgrade", 0))),
             _item("deck.region", w("region_deck"), w("region_deck_text", cards=names), True, "sand",
                   str(len(regions)))]
    return _zone("decks", w("decks"), items, 3)


def _events_zone(view: Data, w: _Words) -> Data | None:
    events = list((view.get("discards") or {}).get("event") or ())
    if not events:
        return None
    items = [_item(f"event.{card}", card_title(card, w), card_text(card, w), look="muted") for card in events]
    return _zone("events", w("events"), items, 3)


def _effects_zone(view: Data, w: _Words) -> Data | None:
    modifiers = view.get("modifiers") or []
    if not modifiers:
        return None
    items = []
    for i, modifier in enumerate(modifiers):
        source = modifier.get("source")
        title = card_title(source, w) if source else w("effects")
        change = _modifier_change(modifier, w.lang)
        items.append(_item(f"effect.{i}", title, f"{change} ({WORDS.get(modifier.get('duration'), ('', ''))[w.lang]})",
                           look="warning"))
    return _zone("effects", w("effects"), items, 2)


def _supply_zone(view: Data, w: _Words) -> Data:
    supply = view.get("supply") or {}
    items = [_item("supply.power", w("supply_power"), "", look="gold", value=str(supply.get("power", 0))),
             _item("supply.neutral", w("supply_neutral"), "", look="stone", value=str(supply.get("neutral", 0))),
             _item("supply.cities", w("supply_cities"), "", value=str(supply.get("cities", 0)))]
    return _zone("supply", w("supply"), items, 3)


def _ai_board(view: Data, character: str, w: _Words) -> Data:
    """An AI character's board as one shared zone: it has no seat, so no player board."""
    items = [item for zone in _character_zones(view, character, w, False) for item in zone["items"]]
    role = view["boards"][character]["role"]
    reading = content().ai_boards.get(role)
    tip = ""
    if reading is not None:
        lines = [f"{_icon_words(_plain_icon(row.icon), w)}{w.texts['colon']}{_pick(row.text, w)}"
                 for row in reading.icons]
        tip = w("ai_reading") + "\n" + "\n".join(lines)
    title = w("ai", name=_title(view, character, w)) + w.texts["sep"] + _score(view, character, w)
    return _zone(f"ai.{character}", title, items, 3, tip=tip)


def _plain_icon(name: str) -> Any:
    from .vocabulary import Icon
    return Icon(name, 1 if name == "fly" else None)


def _tracks(view: Data, w: _Words) -> list[Data]:
    c = content()
    rounds = max(1, len(c.event_cards) // 2)
    tracks = [{"id": "round", "title": w("round_track"), "value": int(view.get("round") or 0), "low": 0,
               "high": rounds, "tip": w("round", n=view.get("round") or 0)}]
    goal = c.params.power_hold_limit
    for character in view["seating"]:
        power = view["boards"][character]["power"]
        total = int(power["unspent"]) + int(power["spent"])
        tracks.append({"id": f"power.{character}", "title": w("power_track", who=w.name(character)),
                       "value": total, "low": 0, "high": goal, "tip": w("score", total=total, limit=goal)})
    return tracks


def _status(view: Data, w: _Words) -> str:
    phase = str(view.get("phase"))
    parts = [w("round", n=view.get("round") or 0)]
    parts.append(w(f"phase.{phase}") if f"phase.{phase}" in w.texts else phase)
    if view.get("first"):
        parts.append(w("first", who=w.name(view["first"])))
    combat = view.get("combat")
    if combat:
        target = (combat.get("target") or {}).get("who")
        parts.append(w("combat_status", region=region_name(combat["region"], w.language),
                       attacker=w.name(combat.get("attacker")), target=w.name(target) if target else w("neutral"),
                       n=combat.get("exchange", 1)))
    if any(m.get("kind") == "mountains_closed" for m in view.get("modifiers") or ()):
        parts.append(w("storm"))
    acting = _acting(view)
    if acting is not None:
        parts.append(w("acts", who=w.name(acting), card=card_title(view["stack"][0]["card"], w)))
    waiting = next((e for e in view.get("effects") or () if e.get("waiting") and e.get("seat") is not None), None)
    if waiting is not None:
        from .labels import describe_prompt
        kind = str((waiting.get("pause") or {}).get("kind", ""))
        seat = int(waiting["seat"])
        parts.append(w("decides", who=w.player(seat) + (w("you") if seat == view.get("viewer") else ""),
                       what=describe_prompt(kind, w.language)))
    elif view.get("planning") and phase == "planning":
        character = view["seating"][view["planning"]["position"]]
        planner = _seat_of(view, character)
        if planner is not None:
            parts.append(w("plans", who=w.player(planner) + (w("you") if planner == view.get("viewer") else ""),
                           character=w.name(character)))
    return w.texts["sep"].join(parts)




# -- what a command touches ------------------------------------------------------------------------------

REGION_ANSWERS = frozenset({"choose_retreat_region"})


def _pending(view: Data, seat: int | None) -> tuple[str, tuple[Any, ...] | None]:
    """(kind, options) of the decision ``seat`` is asked now; the options are None where the view
    does not show them (the public view: only the decider's own view lists them)."""
    for step in view.get("effects") or ():
        pause = step.get("pause") or {}
        if step.get("waiting") and step.get("seat") == seat:
            options = pause.get("options")
            return str(pause.get("kind", "")), tuple(options) if isinstance(options, (list, tuple)) else None
    return "", None


def _character_of(view: Data, seat: int | None) -> str | None:
    humans = view.get("humans") or []
    return humans[seat] if isinstance(seat, int) and 0 <= seat < len(humans) else None


def _piece_of(view: Data, character: str, region: str) -> str | None:
    """The piece that stands for a character's forces in a region: its figure, else a unit stack."""
    board = view["boards"].get(character)
    if board is None:
        return None
    if board.get("region") == region:
        return character
    units = view["regions"].get(region, {}).get("units", {}).get(character) or {}
    return next((f"{character}.{t}@{region}" for t in UNIT_TYPES if units.get(t, 0)), None)


def _mover(view: Data, kind: str, seat: int | None, role: str, region: str | None = None,
           first_step: str | None = None) -> str | None:
    """Whose pieces an answer moves: the deciding seat's character, or for an AI's tied choice
    (``ai_tie``) the AI of that role — with pieces in ``region`` (a move) or next to ``first_step``
    (a fly), preferring the one whose card is resolving."""
    if kind != "ai_tie":
        return _character_of(view, seat)
    ais = [ch for ch in view["seating"] if view["boards"][ch]["seat"] is None and view["boards"][ch]["role"] == role]
    if region is not None:
        ais = [ch for ch in ais if _piece_of(view, ch, region) is not None] or ais
    if first_step is not None:
        regions = content().map.regions
        ais = [ch for ch in ais if view["boards"][ch].get("region") in regions
               and first_step in regions[view["boards"][ch]["region"]].adjacent] or ais
    stack = view.get("stack") or []
    owner = stack[0].get("owner") if stack and stack[0].get("revealed") else None
    return owner if owner in ais else (ais[0] if ais else None)


def command_touches(command: Command, view: Data) -> tuple[str, ...]:
    """What the deciding seat touches to give ``command``, in click order (module notes)."""
    if command.verb == "place" and command.args:
        return (str(command.args[0]), "stack")
    if command.verb != "answer" or len(command.args) != 1:
        return ()
    answer = command.args[0]
    if not isinstance(answer, str):
        return ()                                          # a seat (the first player): a button
    seat = command.seat if command.seat is not None else view.get("viewer")
    kind, options = _pending(view, seat)
    regions = view.get("regions") or {}
    head, _, rest = answer.partition("/")
    parts = rest.split("/") if rest else []
    if kind == "choose_character":
        return (f"draft.{answer}",)
    if kind in REGION_ANSWERS and answer in regions:
        return (answer,)
    if kind == "effect_choice":
        if head in regions:                # several ways there differ in numbers: a row of them
            return (head,) if not rest or _alone(options, f"{head}/") else ()
        if head in view.get("boards", {}) and not rest:
            return (head,) if view["boards"][head].get("region") else ()
        return ()
    if head == "move" and len(parts) >= 2 and parts[0] in regions:
        mover = _mover(view, kind, seat, "general", parts[0])
        piece = _piece_of(view, mover, parts[0]) if mover else None
        return (piece, parts[1]) if piece else ()
    if head == "fly" and parts and parts[-1] in regions:
        dragon = _mover(view, kind, seat, "dragon", first_step=parts[0])
        if dragon is None or not view["boards"][dragon].get("region"):
            return ()
        ends = [str(o).rsplit("/", 1)[-1] for o in options or () if isinstance(o, str) and o.startswith("fly/")]
        if ends.count(parts[-1]) > 1 or (kind == "ai_tie" and options is None):
            return (dragon, *parts)          # an AI's tied paths to one region (or, unseen, maybe): the path
        return (dragon, parts[-1])
    if head == "attack" and len(parts) >= 2 and parts[0] in regions:
        touches = _attack_touches(view, parts[0], parts[1], options)
        if len(parts) > 2:                 # an AI's army approaching (ai_tie): where it comes from
            touches += _approach_touches(view, kind, seat, answer, parts[2], options)
        return touches
    if head == "deploy" and "@" in rest:
        unit_type, _, region = rest.partition("@")
        return (f"pool.{unit_type}", region)
    if head == "reinforce" and rest:
        return (f"pool.{rest}",)
    if head in ("collect", "on") and rest in regions:
        return (rest,)
    if head == "upgrade" and rest:
        return (rest,)
    if head == "cast" and parts:           # several payments differ in numbers: a row of them
        return (parts[0],) if _alone(options, f"cast/{parts[0]}/") else ()
    if answer == "draw":
        character = _character_of(view, seat)
        return (f"vaala_deck.{character}",) if character else ()
    return ()


def _alone(options: tuple[Any, ...] | None, prefix: str) -> bool:
    """Whether one pending option at most starts with ``prefix`` (the others differ elsewhere);
    False when the options are not shown."""
    return options is not None and sum(1 for o in options if isinstance(o, str) and o.startswith(prefix)) <= 1


def _attack_touches(view: Data, region: str, target: str, options: tuple[Any, ...] | None) -> tuple[str, ...]:
    """The combat region, then the target's piece there; the region alone when the pending
    decision offers one target there (as far as the view shows the options)."""
    targets = {str(o).split("/")[2] for o in options or ()
               if isinstance(o, str) and o.startswith(f"attack/{region}/") and len(str(o).split("/")) > 2}
    if options is not None and len(targets) <= 1:
        return (region,)
    if target == "neutral":
        return (region, f"neutral@{region}") if view["regions"][region]["neutral"] else (region,)
    piece = _piece_of(view, target, region)
    return (region, piece) if piece else (region,)


def _approach_touches(view: Data, kind: str, seat: int | None, answer: str, approach: str,
                      options: tuple[Any, ...] | None) -> tuple[str, ...]:
    """An AI general's attack with its whole army approaching (``attack/<region>/<target>/<approach>``,
    an ``ai_tie``): the army's piece in each region it comes from, when another pending answer
    attacks the same target from elsewhere (ties between armies of as many units), or when the view
    does not show the options (the public view)."""
    region, target = answer.split("/")[1:3]
    if _alone(options, f"attack/{region}/{target}/"):
        return ()
    sources = dict.fromkeys(part.split(".")[1] if part.startswith("figure.") else part.split(".")[0]
                            for part in approach.split("+") if "." in part)
    first = next(iter(sources), None)
    attacker = _mover(view, kind, seat, "general", first) if first else None
    if attacker is None:
        return ()
    pieces = (_piece_of(view, attacker, source) for source in sources if source in view["regions"])
    return tuple(piece for piece in pieces if piece)


def is_turn_end(command: Command) -> bool:
    """A plain pass ends the player's planning (DRG-PLAN-9); a pass that hands the first-player
    marker on names whom (DRG-PASS-6), so it is only ever a button."""
    return command.verb == "pass" and command.get("to") is None


def describe_verb(verb: str, language: str = "en") -> tuple[str, str] | None:
    """(title, tip) above the buttons of placing a card, passing and answering (labels.py's
    words); None for any other verb (the core's words)."""
    words = COMMAND_VERBS.get(verb)
    return None if words is None else words[language_index(language)]


__all__ = ["card_text", "card_title", "command_touches", "describe_verb", "is_turn_end", "table"]
