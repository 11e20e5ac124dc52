"""Nemesis: Lockdown's table for the generic GUI (`Game.table`, the contract of `engine.core.table`)
and what a player touches to give each command (`Game.command_touches`).

Everything is built from ONE seat's view (spec 8, NEM-VIEW-1..5): the view has already hidden what
that seat may not see (other hands as counts, other Inventories as card backs, face-down tiles,
tokens, CSS tokens and Weaknesses, unscanned Contamination cards as "contamination"), so this
module only draws and words what it is given. Names come from the content (``name.en``/``.zh``)
and the helpers of the log and the buttons (log.py, labels.py).

Ids one touches (the layout's space ids are listed in layout.py):

  seat0 … seat4        a character's figure (on its Room, the Bunker or a Pod)
  I1, I2, …            an intruder miniature (the view's ids)
  R010/egg, …/carcass, …/corpse    the objects lying in a Room (the Nest's Eggs with the Nest's)
  c0, c1, …            the viewer's hand cards, by place (as ``pass discard=`` names them)
  h0, h1               the viewer's Hand slots; i0, i1, … its Inventory; ``probe_arm`` the item
                       beside its board (the handles of rules/items.py)
  o0, o1               the viewer's objectives; ``quest`` its quest item; ``discard`` its discard pile
  seatK.N              seat K's N-th Contingency token (the notation of the Archive and Computer)
  neutral.N            the N-th Neutral Pool token
  pc1 … pc3            the actions of the face-up Computer card
  deck.red …           the item decks; craft.taser, … the Crafted items left
  draft.hacker, …      the characters offered in a draft; d0, d1 the cards a Search drew
  seatK:h0, seatK:i0, … another seat's things (not touched: a seat touches only its own board)

Gestures (`command_touches`), read with the GUI's touch selection (gui/controller/touches.py: the
one command whose touches are complete plays, in any order): a Room then the cards that pay is a
Movement, the Room twice a Careful Movement; a card or an item touched twice is played or used
(once, it is a payment, or with a Room a Drop), then its targets (an OR part without one: your own
figure), then the payment; an intruder then a weapon is a Shot, the intruder twice a Melee
Attack; the discard pile, cards, the pile again is a pass discarding them; a Room action starts
at your Room, a Computer action at its ``pcN``. Answers touch what they name (a corridor, a card,
a figure); words (play/pass, yes/no, keep) stay buttons, as does a plain pass.
"""
from __future__ import annotations

import re
from functools import cache
from typing import Any

from engine.core import Command, Data
from engine.core.table import LOOKS
from engine.core.table import item as _item
from engine.core.table import piece as _piece
from engine.core.table import zone as _zone

from .content import content
from .layout import LANGS, POWER_SLOTS, room_label
from .log import BACKS, OBJECTS, WORDS, _any_name, _intruder_type, slot_name

ACTIONS_PER_TURN = 2                                            # NEM-ACTION-1
INTRUDER_LETTERS = {"larva": ("L", "幼"), "creeper": ("C", "爬"), "adult": ("A", "成"),
                    "breeder": ("B", "飼"), "queen": ("Q", "后")}
OBJECT_LETTERS = {"egg": ("E", "卵"), "carcass": ("Ca", "骸"), "corpse": ("Co", "屍")}
ITEM_COLOURS = ("red", "yellow", "green")
DECKS = ("event", "attack", "contamination", "wound", "computer")
HAND_PREFIX = "c"
PLURAL = re.compile(r"\b(\d+) ([A-Za-z]+)\((s|ies)\)")

TEXTS: dict[str, tuple[str, str]] = {
    "round": ("Round {n}", "第 {n} 輪"),
    "phases.setup": ("Set-up", "遊戲設置"),
    "phases.player": ("Player Phase", "玩家階段"),
    "phases.event": ("Event Phase", "事件階段"),
    "phases.over": ("Game over", "遊戲結束"),
    "turn": ("{who}'s turn ({n} action(s) left)", "輪到{who}（剩 {n} 個行動）"),
    "deciding": ("{who} decides", "由{who}決定"),
    "you": (" (you)", "（你）"),
    "nobody": ("no character yet", "尚未選擇角色"),
    "sep": (" · ", "・"),
    "list": (", ", "、"),
    "unexplored": ("Unexplored Room", "未探索的房間"),
    "token": ("Exploration token (face down)", "探索標記（面朝下）"),
    "items": ("Item Counter: {n}", "房間物品記數：{n}"),
    "computer": ("Computer", "電腦"),
    "fire": ("Fire", "火焰標記"),
    "malfunction": ("Malfunction", "故障標記"),
    "closed": ("Closed", "關閉"),
    "open": ("Open", "開啟"),
    "powered": ("{section}: powered", "{section}：有電"),
    "unpowered": ("{section}: no power (Darkness)", "{section}：沒電（黑暗中）"),
    "action": ("Room action: {name} (cost {cost})", "房間行動：{name}（費用 {cost}）"),
    "passive": ("{text}", "{text}"),
    "venting": ("Venting token", "排氣標記"),
    "nest": ("Nest: {n} Egg(s)", "巢穴：{n} 顆蟲卵"),
    "here": ("Here: {what}", "在此：{what}"),
    "intruder": ("{type} — {n} Injury(ies)", "{type}——{n} 點傷害"),
    "character": ("{who} — {name}", "{who}——{name}"),
    "noise": ("Noise marker", "噪音標記"),
    "door_closed": ("Closed Door", "艙門關閉"),
    "door_destroyed": ("Destroyed Door", "艙門被摧毀"),
    "corridor_to": ("Joins {a} and {b}", "連接{a}與{b}"),
    "tech_noise": ("Noise marker in the Technical Corridors", "檢修通道有噪音標記"),
    "power_token": ("Power token {n}: {state}", "電源 {n}：{state}"),
    "active": ("active (blue)", "有電（藍色面）"),
    "inactive": ("inactive (red)", "沒電（紅色面）"),
    "elevator": ("The Elevator", "電梯"),
    "time_slot": ("Time track slot {slot}", "時間軸{slot}"),
    "time_token": ("Time token ({side})", "時間標記（{side}）"),
    "blue_side": ("blue side", "藍色面"),
    "red_side": ("red side", "紅色面"),
    "selfdestruct": ("Autodestruction ({colour})", "自毀程序（{colour}）"),
    "alert": ("Alert Procedure token", "警報程序標記"),
    "css_token": ("CSS token (face down)", "CSS 標記（面朝下）"),
    "rover": ("The Rover", "火星車"),
    "gate_open": ("The Main Gate is open", "主入口已開啟"),
    "gate_closed": ("The Main Gate is closed", "主入口關閉"),
    "in_pod": ("{who} in the Pod", "{who}在發射艙內"),
    "empty": ("empty", "空"),
    "neutral_count": ("{n} token(s)", "{n} 個標記"),
    "contingency_down": ("Face down until the Victory Check", "檢查勝利前面朝下"),
    "hand": ("Hand", "手牌"),
    "hand_cards": ("Action cards and Contamination cards", "行動卡與污染卡"),
    "deck": ("Action deck", "行動牌庫"),
    "discard": ("Discard pile", "棄牌堆"),
    "discard_empty": ("Discard pile (empty)", "棄牌堆（空）"),
    "hands": ("Hand slots", "左右手"),
    "inventory": ("Inventory", "牌架"),
    "beside": ("Beside the board", "角色板旁"),
    "quest": ("Quest item", "任務物品"),
    "quest_inactive": ("inactive until its condition is met", "條件達成前未啟用"),
    "quest_active": ("active", "已啟用"),
    "wounds": ("Wounds", "傷勢"),
    "light": ("Light Wounds", "輕傷"),
    "light_text": ("Three Light Wounds become a Serious Wound.", "三個輕傷會變成一張重傷。"),
    "dressed": ("{name} (dressed)", "{name}（已包紮）"),
    "objectives": ("Objectives", "目標"),
    "contingency": ("Contingency tokens", "應急措施標記"),
    "contingency_token": ("Contingency token", "應急措施標記"),
    "contamination": ("Contamination card", "污染卡"),
    "contamination_text": ("Only a scan tells whether it is infected.", "只有掃描才知道是否感染。"),
    "infected": ("Contamination card: INFECTED", "污染卡：已感染"),
    "clean": ("Contamination card: clean", "污染卡：未感染"),
    "cost": ("Cost {cost}", "費用 {cost}"),
    "tags.in": ("in combat only", "僅限戰鬥中"),
    "tags.out": ("out of combat only", "僅限非戰鬥"),
    "tags.any": ("in or out of combat", "戰鬥內外皆可"),
    "tags.reaction": ("reaction", "反應"),
    "tags.passive": ("passive", "被動"),
    "tags.weapon": ("weapon", "武器"),
    "ammo": ("Ammo {n}/{max}", "彈藥 {n}/{max}"),
    "broken": ("broken", "損壞"),
    "taped": ("taped to {item}", "黏著{item}"),
    "heavy": ("heavy", "重物"),
    "one_use": ("one use", "一次性"),
    "knowledge": ("Knowledge {n}", "知識 {n}"),
    "score_ammo": ("Ammo {n}", "彈藥 {n}"),
    "score_wounds": ("Wounds {light}+{serious}", "傷勢 {light}+{serious}"),
    "passed": ("Passed (help card flipped)", "已跳過（協助卡翻面）"),
    "first": ("First player", "起始玩家"),
    "slime": ("Slime marker", "黏液標記"),
    "larva": ("A Larva on the board", "角色板上有幼蟲"),
    "signal": ("Signal sent", "已發出信號"),
    "knowledge_active": ("Knowledge token active", "知識標記已啟用"),
    "where.dead": ("Dead ({cause})", "死亡（{cause}）"),
    "where.bunker": ("In the Bunker", "在地堡"),
    "where.locked": ("Locked in the Isolation Room", "鎖在隔離室"),
    "where.evacuated": ("Evacuated by CSS", "已乘 CSS 撤離"),
    "where.pod": ("In CSS Pod {pod}", "在發射艙 {pod}"),
    "objective_hidden": ("Objective (face down)", "目標（面朝下）"),
    "intruder_board": ("Intruder board", "異形圖板"),
    "weakness_down": ("Weakness (face down)", "異形弱點（面朝下）"),
    "nest_destroyed": ("Nest destroyed", "巢穴已被摧毀"),
    "bag": ("Intruder bag", "入侵者抽袋"),
    "decks": ("Decks", "牌庫"),
    "decks.event": ("Event deck", "事件牌庫"),
    "decks.attack": ("Intruder Attack deck", "異形攻擊牌庫"),
    "decks.contamination": ("Contamination deck", "污染牌庫"),
    "decks.wound": ("Serious Wound deck", "重傷牌庫"),
    "decks.computer": ("Computer deck", "電腦牌庫"),
    "discarded": ("Discard pile: {n}", "棄牌堆：{n} 張"),
    "item_decks": ("Item decks", "物品牌庫"),
    "decks.red": ("Red items (military)", "紅色物品（軍事）"),
    "decks.yellow": ("Yellow items (technical)", "黃色物品（技術）"),
    "decks.green": ("Green items (medical)", "綠色物品（醫療）"),
    "crafted": ("Crafted items", "製作物品"),
    "recipe": ("Craft from {a} + {b}", "以{a}＋{b}製作"),
    "computer_card": ("Computer: {name}", "電腦：{name}"),
    "computer_action": ("Action {n}", "行動 {n}"),
    "lockdown": ("Lockdown", "死機"),
    "active_contingency": ("Active Contingency", "生效的應急措施"),
    "neutral": ("Neutral Pool", "中立池"),
    "draft": ("Characters offered", "可選的角色"),
    "draft_text": ("Knowledge {knowledge}; starting item: {item}; quest item: {quest}",
                   "知識 {knowledge}；起始物品：{item}；任務物品：{quest}"),
    "search": ("Search: the cards you drew", "搜索：你抽到的牌"),
    "trade": ("Offered to you", "給你的交易物"),
    "time": ("Time", "時間"),
    "time_tip": ("Slot {slot}; the Time token shows its {side}", "{slot}；時間標記是{side}"),
    "colon": (": ", "："),
    "selfdestruct_track": ("Autodestruction", "自毀程序"),
    "alert_track": ("Alert Procedure", "警報程序"),
    "removed_egg": ("Egg", "蟲卵"),
    "supply": ("Supply: {kinds}", "供應區：{kinds}"),
    "slot": ("slot {slot}", "第 {slot} 格"),
    "facility_destroyed": ("The Facility is destroyed", "基地已被摧毀"),
    "label.noise": ("N", "噪"),
    "label.door": ("D", "門"),
    "label.computer": ("PC", "電腦"),
    "label.venting": ("V", "排"),
    "label.elevator": ("E", "梯"),
    "label.time": ("T", "時"),
    "label.selfdestruct": ("SD", "自毀"),
    "label.rover": ("R", "車"),
    "components.CHEMICAL": ("Chemical", "化學"),
    "components.ELECTRONIC": ("Electronic", "電子"),
    "components.MECHANICAL": ("Mechanical", "機械"),
    "components.MEDICAL": ("Medical", "醫療"),
    "components.FABRIC": ("Fabric", "布料"),
    "colours.yellow": ("yellow", "黃色"),
    "colours.red": ("red", "紅色"),
}


def _lang(language: str) -> str:
    return "zh" if language.startswith("zh") else "en"


def _look(*wanted: str) -> str | None:
    """The first of ``wanted`` the contract knows (colours came to `LOOKS` later than tones)."""
    return next((look for look in wanted if look in LOOKS), None)


def _plural(text: str, lang: str) -> str:
    """``1 Injury(ies)`` → ``1 Injury``, ``2 Injury(ies)`` → ``2 Injuries`` (English only)."""
    if lang == "zh" or ("(s)" not in text and "(ies)" not in text):
        return text

    def fix(m: re.Match[str]) -> str:
        n, word, ending = m.group(1), m.group(2), m.group(3)
        if n == "1":
            return f"{n} {word}"
        return f"{n} {word[:-1]}ies" if ending == "ies" else f"{n} {word}s"
    return PLURAL.sub(fix, text)


@cache
def _texts(lang: str) -> dict[str, str]:
    return {key: pair[LANGS.index(lang)] for key, pair in TEXTS.items()}


class _Words:
    """The texts of one language."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.texts = _texts(lang)

    def __call__(self, key: str, **values: Any) -> str:
        return _plural(self.texts[key].format(**values), self.lang)

    def name(self, thing: Any) -> str:
        return str(thing.name.zh if self.lang == "zh" else thing.name.en)

    def text(self, pair: Any) -> str:
        return "" if pair is None else str(pair.zh if self.lang == "zh" else pair.en)

    def who(self, seat: int) -> str:
        return WORDS[self.lang]["player"].format(n=seat + 1)

    def join(self, parts: list[str]) -> str:
        return self.texts["list"].join(parts)

    def pick(self, pair: tuple[str, str]) -> str:
        return pair[LANGS.index(self.lang)]


# -- builders of the contract's records ---------------------------------------------------------------

def _mark(tip: str, fill: str = "plain", label: str | None = None, looks: list[str] | None = None,
          pieces: list[Data] | None = None, owner: int | None = None) -> Data:
    return {"fill": fill, "owner": owner, "label": label, "tip": tip, "looks": (looks or [])[:8],
            "pieces": (pieces or [])[:60]}


# -- the table ------------------------------------------------------------------------------------------

def table(view: Data, language: str = "en") -> Data:
    """What lies on the table for the seat whose view this is (see the module's notes)."""
    w = _Words(_lang(language))
    viewer = view.get("viewer")
    spaces: dict[str, Data] = {}
    _facility(view, w, spaces)
    _around(view, w, spaces)
    return {"spaces": spaces,
            "boards": [_board(view, player, w, player["seat"] == viewer) for player in view["players"]],
            "shared": _shared(view, w), "tracks": _tracks(view, w), "status": _status(view, w)}


def _status(view: Data, w: _Words) -> str:
    phase = view["phase"]
    parts = [w("round", n=view["round"]), w(f"phases.{phase}") if f"phases.{phase}" in w.texts else phase]
    turn = view.get("turn")
    if turn is not None and phase == "player":
        left = max(0, ACTIONS_PER_TURN - turn.get("actions", 0))
        parts.append(w("turn", who=w.who(turn["seat"]), n=left))
    waiting = [e for e in view.get("effects") or () if e.get("waiting") and e.get("seat") is not None]
    if waiting:
        parts.append(w("deciding", who=w.who(int(waiting[0]["seat"]))))
    return w.texts["sep"].join(parts)


def _powered(view: Data, section: str | None) -> bool:
    active = set(view.get("active_power") or ())
    return section is not None and (view.get("power") or {}).get(section) in active


def _facility(view: Data, w: _Words, spaces: dict[str, Data]) -> None:
    """Every Room, the Corridors holding something, the Technical Corridors, the figures outside."""
    board = content().board
    figures: dict[str, list[Data]] = {}
    for player in view["players"]:
        where = _figure_space(player)
        if where is not None:
            figures.setdefault(where, []).append(_character_piece(view, player, w))
    intruders: dict[str, list[tuple[int, str, Data]]] = {}
    for iid, intruder in view["intruders"].items():
        intruders.setdefault(intruder["room"], []).append((intruder.get("arrived", 0), iid, intruder))
    rooms = view["rooms"]
    nest = next((r for r in board.order if rooms[r]["explored"] and rooms[r]["tile"] == "nest"), None)
    for room in board.order:
        spaces[room] = _room_mark(view, room, w, figures.get(room, []), sorted(intruders.get(room, [])),
                                  room == nest)
    noise = _piece("marker", w("label.noise"), w("noise"), "warning")
    for corridor_id, corridor in view["corridors"].items():
        pieces, looks = [], []
        if corridor.get("noise"):
            pieces.append(noise)
        door = corridor.get("door")
        if door in ("closed", "destroyed"):
            closed = door == "closed"
            look = "stone" if closed else "danger"
            pieces.append(_piece("marker", w("label.door"), w(f"door_{door}"), look))
            looks.append("muted" if closed else "danger")
        if pieces:
            ends = board.corridors[corridor_id]
            tip = [w("corridor_to", a=_room_title(view, ends.a, w), b=_room_title(view, ends.b, w))]
            tip += [p["tip"] for p in pieces]
            spaces[corridor_id] = _mark("\n".join(tip), looks=looks, pieces=pieces)
    if view.get("tech_noise"):
        spaces["TECH"] = _mark(w("tech_noise"), pieces=[noise])
    for where, pieces in figures.items():
        if where not in spaces:
            spaces[where] = _mark("\n".join(p["tip"] for p in pieces), pieces=pieces)


def _figure_space(player: Data) -> str | None:
    """Where a character's miniature stands: a Room, the Bunker or a Pod (None: off the board)."""
    if not player.get("character"):
        return None
    where = player["where"]
    if where == "facility" and player.get("room"):
        return str(player["room"])
    if where == "bunker":
        return "BUNKER"
    if where == "pod" and player.get("pod"):
        return f"POD_{player['pod']}"
    return None


def _character_piece(view: Data, player: Data, w: _Words) -> Data:
    seat = player["seat"]
    name = w.name(content().characters[player["character"]])
    you = w("you") if seat == view.get("viewer") else ""
    bits = [w("character", who=w.who(seat), name=name) + you, f"{w('light')} {player['light']}"]
    if player["serious"]:
        bits.append(w.join([_wound_name(wound, w) for wound in player["serious"]]))
    bits += [w(flag) for flag in ("slime", "larva", "signal", "passed") if player.get(flag)]
    return _piece("figure", str(seat + 1), "\n".join(bits), "muted" if player.get("passed") else None,
                  f"seat{seat}", owner=seat)


def _wound_name(wound: Data, w: _Words) -> str:
    found = content().serious_wounds.get(wound["card"])
    name = w.name(found) if found is not None else WORDS[w.lang]["generic"]
    return w("dressed", name=name) if wound.get("dressed") else name


def _room_title(view: Data, room: str, w: _Words) -> str:
    """A Room by the name the seat knows: its tile once explored (``Laboratory (003)``), else its slot."""
    slot = content().board.rooms[room]
    here = view["rooms"][room]
    if here["explored"] and not slot.fixed_tile and here["tile"] in content().tiles:
        name = w.name(content().tiles[here["tile"]])
        return f"{name} ({slot.number})" if w.lang == "en" else f"{name}（{slot.number}）"
    return room_label(room, w.lang)


def _room_mark(view: Data, room: str, w: _Words, figures: list[Data], intruders: list[tuple[int, str, Data]],
               nest: bool) -> Data:
    c = content()
    here = view["rooms"][room]
    slot = c.board.rooms[room]
    tile = c.tiles.get(here["tile"]) if here["explored"] else None
    looks: list[str] = []
    tip = [_room_title(view, room, w)]
    pieces: list[Data] = list(figures)
    if tile is None:
        tip.append(w("unexplored"))
    if slot.section is None:                     # an Emergency Staircase (its passive says so)
        looks.append("dark")
    else:
        powered = _powered(view, slot.section)
        tip.append(w("powered" if powered else "unpowered", section=f"S-{slot.section[1:]}"))
        looks += [] if powered else ["dark"]
    if tile is not None:
        colour = _look(tile.colour) if tile.colour in ITEM_COLOURS else None
        looks += [colour] if colour else []
        faces = (None, here.get("face"))
        tip += [w("action", name=w.name(a), cost=a.cost) for a in tile.actions if a.face in faces]
        if tile.passive is not None:
            tip.append(w.text(tile.passive))
        if tile.computer:
            tip.append(w("computer"))
            pieces.append(_piece("marker", w("label.computer"), w("computer"), "water"))
    if here.get("items") is not None:
        tip.append(w("items", n=here["items"]))
        pieces.append(_piece("token", str(here["items"]), w("items", n=here["items"]), "paper"))
    if here.get("token"):
        tip.append(w("token"))
        pieces.append(_piece("token", "?", w("token"), "stone"))
    if here.get("face") in ("open", "closed"):
        tip.append(w(str(here["face"])))
        looks += ["muted"] if here["face"] == "closed" else []
    for marker, look in (("fire", "danger"), ("malfunction", "warning")):
        if here.get(marker):
            tip.append(w(marker))
            looks.append(look)
    if view.get("venting") == room:
        tip.append(w("venting"))
        looks.append("water")
        pieces.append(_piece("marker", w("label.venting"), w("venting"), "water"))
    for _, iid, intruder in intruders:
        kind = intruder["type"]
        words = w("intruder", type=_intruder_type(kind, w.lang), n=intruder.get("injuries", 0))
        letter = w.pick(INTRUDER_LETTERS[kind]) if kind in INTRUDER_LETTERS else "?"
        pieces.append(_piece("figure", letter, words, "danger", iid))
    objects: dict[str, int] = {}
    for kind in here.get("objects") or ():
        objects[str(kind)] = objects.get(str(kind), 0) + 1
    if nest and view.get("nest_eggs"):
        objects["egg"] = objects.get("egg", 0) + int(view["nest_eggs"])
        tip.append(w("nest", n=view["nest_eggs"]))
    for kind, n in objects.items():
        name = OBJECTS[w.lang].get(kind, kind)
        letter = w.pick(OBJECT_LETTERS[kind]) if kind in OBJECT_LETTERS else kind[:2]
        pieces.append(_piece("token", letter, f"{name} × {n}", "sand", f"{room}/{kind}", count=n))
    shown = [p["tip"].split("\n")[0] for p in pieces if p["kind"] == "figure"]
    shown += [p["tip"] for p in pieces if p.get("id", "").startswith(f"{room}/")]
    if shown:
        tip.append(w("here", what=w.join(shown)))
    label = None
    if tile is not None:
        label = w.name(tile) if not slot.fixed_tile else room_label(room, w.lang)
    fill = "danger" if view.get("facility_destroyed") else ("paper" if tile is not None else "stone")
    return _mark("\n".join(tip), fill, label, looks, pieces)


def _around(view: Data, w: _Words, spaces: dict[str, Data]) -> None:
    """Power slots, the Elevator, the Time track, the CSS tokens, the outside, the card areas."""
    c = content()
    active = set(view.get("active_power") or ())
    for location in POWER_SLOTS:
        token = (view.get("power") or {}).get(location)
        if token is not None:
            on = token in active
            tip = w("power_token", n=token, state=w("active" if on else "inactive"))
            piece = _piece("token", str(token), tip, "water" if on else "danger")
            spaces[location] = _mark(tip, "good" if on else "muted", pieces=[piece])
    if view.get("elevator"):
        tip = w("elevator") + w.texts["colon"] + room_label(view["elevator"], w.lang)
        piece = _piece("marker", w("label.elevator"), w("elevator"), "stone")
        spaces[f"LIFT_{view['elevator']}"] = _mark(tip, pieces=[piece])
    _time_track(view, w, spaces)
    for slot in view.get("css") or {}:
        token = _piece("token", "?", w("css_token"), "stone")
        spaces[f"CSS{int(slot)}"] = _mark(w("css_token"), pieces=[token])
    rover = "ROVER_BUNKER" if view.get("rover") == "bunker" else "ROVER_FACILITY"
    spaces[rover] = _mark(w("rover"), pieces=[_piece("marker", w("label.rover"), w("rover"), "sand")])
    gate_open = bool(view.get("main_gate_open"))
    spaces["GATE"] = _mark(w("gate_open" if gate_open else "gate_closed"), "good" if gate_open else "stone")
    for pod, seat in (view.get("pods") or {}).items():
        mark = spaces.setdefault(f"POD_{pod}", _mark(""))
        mark["owner"] = seat
        inside = w("in_pod", who=w.who(seat)) if seat is not None else w("empty")
        mark["tip"] = "\n".join(filter(None, [inside, mark["tip"]]))
    neutral = view.get("neutral") or []
    tip = w("neutral") + w.texts["colon"] + w("neutral_count", n=len(neutral))
    spaces["NEUTRAL"] = _mark(tip, label=str(len(neutral)))
    spaces["CONTINGENCY"] = _mark(_contingency_title(view.get("contingency_active"), w))
    top = (view.get("decks") or {}).get("computer_top")
    if top:
        card = c.computer_cards[top]
        spaces["COMPUTER"] = _mark(w("computer_card", name=w.name(card)), "paper", w.name(card))


def _time_track(view: Data, w: _Words, spaces: dict[str, Data]) -> None:
    """Each slot by its colour, with the Time, Autodestruction and Alert tokens where they stand."""
    track = content().time_track
    destruct = view.get("selfdestruct") or {}
    for slot in track.slots:
        index = track.index(slot)
        pieces = []
        if view.get("time") == index:
            blue = bool(view.get("time_active"))
            tip = w("time_token", side=w("blue_side" if blue else "red_side"))
            pieces.append(_piece("marker", w("label.time"), tip, "water" if blue else "danger"))
        if destruct.get("slot") == index:
            red = destruct.get("colour") == "red"
            tip = w("selfdestruct", colour=w("colours.red" if red else "colours.yellow"))
            pieces.append(_piece("marker", w("label.selfdestruct"), tip, "danger" if red else "warning"))
        if view.get("alert") == index:
            pieces.append(_piece("marker", "!", w("alert"), "warning"))
        tips = [w("time_slot", slot=slot_name(index, w.lang))] + (["CSS"] if index in track.css_slots else [])
        fill = {"green": "good", "white": "light", "red": "danger"}.get(track.colour(slot), "plain")
        spaces[f"T{index}"] = _mark("\n".join(tips + [p["tip"] for p in pieces]), fill, pieces=pieces)


def _contingency_name(token: Any, w: _Words) -> str | None:
    """A Contingency token by its colour's name (what tells tokens apart), None when face down."""
    tokens = content().tokens
    colour = next((t.colour for t in tokens.contingency_tokens if t.id == token), None)
    found = next((k for k in tokens.contingency_colours if k.colour == colour), None)
    return w.name(found) if found is not None else None


def _contingency_title(token: Any, w: _Words) -> str:
    return w("active_contingency") + w.texts["colon"] + (_contingency_name(token, w) or w("contingency_down"))


def _token_item(touch: str, token: Any, w: _Words) -> Data:
    """A Contingency token: its colour once seen, else face down."""
    name = _contingency_name(token, w)
    if name is None:
        return _item(touch, w("contingency_token"), w("contingency_down"), False)
    return _item(touch, name)


# -- player boards ----------------------------------------------------------------------------------------

def _board(view: Data, player: Data, w: _Words, own: bool) -> Data:
    """One seat's board; another seat's things carry the prefix ``seatK:`` (nothing to touch there)."""
    c = content()
    seat = player["seat"]
    prefix = "" if own else f"seat{seat}:"
    character = c.characters.get(player["character"]) if player.get("character") else None
    title = w.name(character) if character else w("nobody")          # the GUI names the seat itself
    score = [w("knowledge", n=player["knowledge"])]
    ammo = [t["ammo"] for t in player["hands"] if isinstance(t, dict) and t.get("ammo") is not None
            and c.items.get(t.get("item", "")) is not None and c.items[t["item"]].weapon is not None]
    if ammo:
        score.append(w("score_ammo", n=sum(ammo)))
    score.append(w("score_wounds", light=player["light"], serious=len(player["serious"])))
    zones = [_hand_zone(player, w, prefix), _zone(f"{prefix}deck", w("deck"), [], 1, int(player["deck"])),
             _discard_zone(player, w, prefix), _slots_zone(player, w, prefix),
             _inventory_zone(player, w, prefix)]
    if isinstance(player.get("starting_item"), dict):
        thing = player["starting_item"]
        beside = _thing_item(f"{prefix}{thing['item']}", thing, w)
        zones.append(_zone(f"{prefix}beside", w("beside"), [beside], 1))
    if isinstance(player.get("quest"), dict):
        quest = player["quest"]
        item = c.items[quest["id"]]
        active = bool(quest.get("active"))
        text = f"{w('quest_active' if active else 'quest_inactive')}\n{w.text(item.text)}"
        card = _item(f"{prefix}quest", w.name(item), text, look=None if active else "muted")
        zones.append(_zone(f"{prefix}quest_zone", w("quest"), [card], 1))
    zones += [_wounds_zone(player, w, prefix), _objectives_zone(player, w, prefix),
              _contingency_zone(player, w)]
    return {"seat": seat, "title": title, "score": w.texts["sep"].join(score), "zones": zones,
            "notes": _notes(view, player, w)}


def _hand_zone(player: Data, w: _Words, prefix: str) -> Data:
    hand = player["hand"]
    if not isinstance(hand, list):                       # another seat's hand: how many, no faces
        return _zone(f"{prefix}hand", w("hand"), [], 6, int(hand), w("hand_cards"))
    items = [_hand_item(player, card, f"{prefix}{HAND_PREFIX}{i}", w) for i, card in enumerate(hand)]
    for item, card in zip(items, hand):
        item["same"] = _looks(card)       # the commands name one of two cards that look alike
    zone = _zone(f"{prefix}hand", w("hand"), items, 6, tip=w("hand_cards"))
    zone["hand"] = True  # the viewer's own: drawn as cards along the table's edge
    return zone


def _looks(card: str) -> str:
    """What tells a card of the hand apart for its owner (rules/hand.py `looks`, read from the view):
    an Action card's kind; a Contamination card is one until scanned, then clean or infected."""
    if card == "contamination":
        return card
    if card.startswith("CONT"):
        infected = next((x.infected for x in content().contamination if x.id == card), False)
        return "contamination:infected" if infected else "contamination:clean"
    return card.split(".", 1)[0]


def _hand_item(player: Data, card: str, touch: str, w: _Words) -> Data:
    """An Action card by name with its words; a Contamination card only as one, unless its owner
    scanned it (the view names a scanned card by id: NEM-SCAN-2)."""
    if card == "contamination":
        return _item(touch, w("contamination"), w("contamination_text"), False, "muted")
    if card.startswith("CONT"):
        infected = next((x.infected for x in content().contamination if x.id == card), False)
        title = w("infected" if infected else "clean")
        return _item(touch, title, w("contamination_text"), True, "danger" if infected else "good")
    kind = card.split(".", 1)[0]
    try:
        found = content().action_card(player["character"], kind)
    except KeyError:
        return _item(touch, _any_name(kind, w.lang))
    text = w("cost", cost=found.cost) + w.texts["sep"] + w("tags." + found.tag) + "\n" + w.text(found.text)
    return _item(touch, w.name(found), text, look="paper")


def _discard_zone(player: Data, w: _Words, prefix: str) -> Data:
    """The face-up discard pile: its top card (``discard``, where a passing player drops cards) and
    its size."""
    pile = player["discard"]
    if pile:
        top = _hand_item(player, pile[-1], f"{prefix}discard", w)
        top.update({"value": str(len(pile)), "face_up": True})
    else:
        top = _item(f"{prefix}discard", w("discard_empty"), face_up=False, value="0")
    return _zone(f"{prefix}discard_zone", w("discard"), [top], 1)


def _thing_item(touch: str, thing: Data, w: _Words) -> Data:
    """A held item (its cost, kind, Ammo, broken, taped) or object, face up."""
    c = content()
    if "object" in thing and "item" not in thing:
        kind = str(thing["object"])
        return _item(touch, OBJECTS[w.lang].get(kind, kind), w("heavy"), look="sand")
    item = c.items.get(str(thing.get("item")))
    if item is None:
        return _item(touch, str(thing.get("item")))
    bits = [w("cost", cost=item.cost)] if item.cost is not None else []
    bits.append(w(f"tags.{item.tag}"))
    bits += [w(flag) for flag in ("heavy", "one_use") if getattr(item, flag)]
    if item.component:
        bits.append(w(f"components.{item.component}"))
    value = None
    if item.weapon is not None and thing.get("ammo") is not None:
        bits.append(w("ammo", n=thing["ammo"], max=item.weapon.max))
        value = str(thing["ammo"])
    if thing.get("broken"):
        bits.append(w("broken"))
    taped = thing.get("taped")
    if isinstance(taped, dict):
        bits.append(w("taped", item=_any_name(taped.get("item") or taped.get("object"), w.lang)))
    look = "muted" if thing.get("broken") else _deck_look(item.deck)
    text = f"{w.texts['sep'].join(bits)}\n{w.text(item.text)}"
    return _item(touch, w.name(item), text, look=look, value=value)


def _deck_look(deck: str) -> str | None:
    looks = {"red": ("red", "danger"), "yellow": ("yellow", "warning"), "green": ("green", "good"),
             "crafted": ("blue", "water"), "quest": ("gold",), "starting": ("stone",)}
    return _look(*looks[deck]) if deck in looks else None


def _slots_zone(player: Data, w: _Words, prefix: str) -> Data:
    items = [_thing_item(f"{prefix}h{i}", thing, w) for i, thing in enumerate(player["hands"])]
    return _zone(f"{prefix}hands", w("hands"), items, 2)


def _inventory_zone(player: Data, w: _Words, prefix: str) -> Data:
    """The owner's Inventory face up; another's as card backs, the colour only (NEM-ITEM-2)."""
    items = []
    for i, thing in enumerate(player["inventory"]):
        if isinstance(thing, dict):
            items.append(_thing_item(f"{prefix}i{i}", thing, w))
        else:
            title = BACKS[w.lang].get(str(thing), BACKS[w.lang][None])
            items.append(_item(f"{prefix}i{i}", title[:1].upper() + title[1:], face_up=False,
                               look=_deck_look(str(thing))))
    return _zone(f"{prefix}inventory", w("inventory"), items, 4)


def _wounds_zone(player: Data, w: _Words, prefix: str) -> Data:
    items = [_item(f"{prefix}light", w("light"), w("light_text"), look="warning" if player["light"] else None,
                   value=str(player["light"]))]
    for i, wound in enumerate(player["serious"]):
        card = content().serious_wounds.get(wound["card"])
        text = w.text(card.text) if card is not None else ""
        items.append(_item(f"{prefix}w{i}", _wound_name(wound, w), text,
                           look="muted" if wound.get("dressed") else "danger"))
    return _zone(f"{prefix}wounds", w("wounds"), items, 4)


def _objectives_zone(player: Data, w: _Words, prefix: str) -> Data:
    """The owner's objectives (everyone's in co-op and after the Victory Check); else face down."""
    objectives = player["objectives"]
    if isinstance(objectives, list):
        found = content().objectives
        items = [_item(f"{prefix}o{i}", w.name(found[o]), w.text(found[o].text), look="paper")
                 for i, o in enumerate(objectives) if o in found]
    else:
        items = [_item(f"{prefix}o{i}", w("objective_hidden"), face_up=False) for i in range(int(objectives))]
    return _zone(f"{prefix}objectives", w("objectives"), items, 2)


def _contingency_zone(player: Data, w: _Words) -> Data:
    """The seat's Contingency tokens, ``seatK.N`` as the Archive and the Computer name them."""
    tokens = player["contingency"]
    seat = player["seat"]
    held = tokens if isinstance(tokens, list) else [None] * int(tokens)
    items = [_token_item(f"seat{seat}.{i}", token, w) for i, token in enumerate(held)]
    return _zone(f"seat{seat}:contingency", w("contingency"), items, 2)


def _notes(view: Data, player: Data, w: _Words) -> list[str]:
    notes = []
    where = player["where"]
    if where == "dead":
        cause = str(player.get("cause"))
        notes.append(w("where.dead", cause=WORDS[w.lang].get(cause, cause)))
    elif where in ("bunker", "locked", "evacuated"):
        notes.append(w(f"where.{where}"))
    elif where == "pod":
        notes.append(w("where.pod", pod=player.get("pod")))
    if player.get("passed"):
        notes.append(w("passed"))
    if view.get("first") == player["seat"]:
        notes.append(w("first"))
    notes += [w(flag) for flag in ("slime", "larva", "signal", "knowledge_active") if player.get(flag)]
    return notes


# -- what belongs to nobody ----------------------------------------------------------------------------------

def _shared(view: Data, w: _Words) -> list[Data]:
    decks = view.get("decks") or {}
    discards = view.get("discards") or {}

    def pile(deck: str) -> Data:
        text = w("discarded", n=len(discards.get(deck) or ()))
        count = str(decks.get(deck, 0))
        return _item(f"deck.{deck}", w(f"decks.{deck}"), text, False, _deck_look(deck), count)
    active = [_token_item("contingency.active", view.get("contingency_active"), w)]
    neutral = [_token_item(f"neutral.{i}", token, w) for i, token in enumerate(view.get("neutral") or ())]
    zones = [_intruder_board(view, w), _zone("decks", w("decks"), [pile(deck) for deck in DECKS], 5),
             _zone("item_decks", w("item_decks"), [pile(deck) for deck in ITEM_COLOURS], 3),
             _crafted_zone(view, w), _computer_zone(view, w),
             _zone("contingency", w("active_contingency"), active, 1),
             _zone("neutral", w("neutral"), neutral, 6)]
    return zones + _decision_zones(view, w)


def _crafted_zone(view: Data, w: _Words) -> Data:
    """The Crafted items left, one card per kind with how many remain."""
    counts: dict[str, int] = {}
    for kind in view.get("crafted") or ():
        counts[str(kind)] = counts.get(str(kind), 0) + 1
    items = []
    for kind, n in counts.items():
        item = content().items.get(kind)
        if item is None:
            continue
        recipe = [w(f"components.{part}") for part in item.recipe]
        text = (w("recipe", a=recipe[0], b=recipe[1]) + "\n" if len(recipe) == 2 else "") + w.text(item.text)
        items.append(_item(f"craft.{kind}", w.name(item), text, look=_deck_look("crafted"), value=str(n)))
    return _zone("crafted", w("crafted"), items, 5)


def _intruder_board(view: Data, w: _Words) -> Data:
    c = content()
    items = []
    for i, weakness in enumerate(view.get("weaknesses") or ()):
        found = c.weaknesses.get(weakness.get("id")) if weakness.get("revealed") else None
        if found is not None:
            items.append(_item(f"weakness.{i}", w.name(found), w.text(found.text), look="good"))
        else:
            items.append(_item(f"weakness.{i}", w("weakness_down"), face_up=False))
    if view.get("nest_destroyed"):
        items.append(_item("nest", w("nest_destroyed"), look="muted", value="0"))
    else:
        eggs = int(view.get("nest_eggs") or 0)
        items.append(_item("nest", w("nest", n=eggs), look="sand", value=str(eggs)))
    bag = view.get("bag") or {}
    kinds = w.join([f"{n} {_intruder_type(kind, w.lang)}" for kind, n in bag.items() if n])
    supply = view.get("supply") or {}
    spare = w.join([f"{n} {_intruder_type(kind, w.lang)}" for kind, n in supply.items() if n])
    text = kinds + ("\n" + w("supply", kinds=spare) if spare else "")
    items.append(_item("bag", w("bag"), text, False, value=str(sum(bag.values()))))
    return _zone("intruder_board", w("intruder_board"), items, 5)


def _computer_zone(view: Data, w: _Words) -> Data:
    """The face-up Computer card, one item per action (``pc1`` … ``pc3``, as ``computer N`` names them)."""
    top = (view.get("decks") or {}).get("computer_top")
    card = content().computer_cards.get(top) if top else None
    if card is None:
        return _zone("computer", w("computer"), [], 3)
    if card.lockdown:
        return _zone("computer", w("computer_card", name=w.name(card)),
                     [_item("pc0", w("lockdown"), w.text(card.text), look="danger")], 1)
    items = [_item(f"pc{n}", w.name(card) + w.texts["colon"] + w("computer_action", n=n),
                   f"{w('cost', cost=card.cost)}\n{w.text(action.text)}", look="water", value=str(card.cost))
             for n, action in enumerate(card.actions, start=1)]
    return _zone("computer", w("computer_card", name=w.name(card)), items, 3)


def _decision_zones(view: Data, w: _Words) -> list[Data]:
    """What the viewer alone sees while it decides: the characters it may draft, the two cards its
    Search drew, the thing offered to it in a Trade."""
    c = content()
    zones = []
    viewer = view.get("viewer")
    offer = (view.get("draft_offer") or {}).get(str(viewer))
    if offer:
        items = []
        for character in offer:
            found = c.characters.get(character)
            if found is not None:
                start = _any_name(found.starting_item, w.lang) if found.starting_item else "—"
                quest = _any_name(found.quest_item, w.lang)
                text = w("draft_text", knowledge=found.knowledge, item=start, quest=quest)
                items.append(_item(f"draft.{character}", w.name(found), text))
        zones.append(_zone("draft", w("draft"), items, 2))
    for step in view.get("effects") or ():
        if step.get("seat") != viewer or not step.get("waiting"):
            continue
        if "cards" in step:
            items = [_thing_item(f"d{i}", {"item": card}, w) for i, card in enumerate(step["cards"])]
            zones.append(_zone("search", w("search"), items, 2))
        if step.get("offer"):
            thing = {"item": step["offer"]} if step["offer"] in c.items else {"object": step["offer"]}
            zones.append(_zone("trade", w("trade"), [_thing_item("offer", thing, w)], 1))
    return zones


def _tracks(view: Data, w: _Words) -> list[Data]:
    time = int(view.get("time") or 0)
    side = w("blue_side" if view.get("time_active") else "red_side")
    tracks = [{"id": "time", "title": w("time"), "value": time, "low": 0, "high": 15,
               "tip": w("time_tip", slot=slot_name(time, w.lang), side=side)}]
    destruct = view.get("selfdestruct")
    if destruct:
        colour = w("colours.red" if destruct.get("colour") == "red" else "colours.yellow")
        tracks.append({"id": "selfdestruct", "title": w("selfdestruct_track"), "value": int(destruct["slot"]),
                       "low": 0, "high": 15, "tip": w("selfdestruct", colour=colour)})
    if view.get("alert") is not None:
        tracks.append({"id": "alert", "title": w("alert_track"), "value": int(view["alert"]), "low": 0,
                       "high": 15, "tip": w("alert")})
    return tracks


# -- what a command touches -------------------------------------------------------------------------------

ROOM_INT_KINDS = {"schedule_css": "css", "check_objective": "seat"}
# (the face-up Computer card, the action's number) -> what an int target names there (else a seat)
COMPUTER_INT_KINDS: dict[tuple[str | None, int | None], str] = {("PC3", 3): "css"}
QUIET_ANSWERS = frozenset({"none", "skip", "done", "bottom", "keep", "reroll", "play", "pass", "yes", "no",
                           "accept", "decline", "left", "right", "stay", "swap", "danger", "silence"})


class _Touch:
    """Turns a command's words into the ids of what the deciding seat touches (module notes)."""

    def __init__(self, command: Command, view: Data) -> None:
        self.view = view
        seat = command.seat if command.seat is not None else view.get("viewer")
        players = view.get("players") or []
        self.seat = seat
        self.me: Data = players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else {}
        self.room = self.me.get("room")

    def card(self, card: Any) -> list[str]:
        """An Action card instance of the hand (``search.0``) by its place ``c2``."""
        hand = self.me.get("hand")
        if isinstance(hand, list) and card in hand:
            return [f"{HAND_PREFIX}{hand.index(card)}"]
        return []

    def cards(self, value: Any) -> list[str]:
        found: list[str] = []
        for card in value if isinstance(value, tuple) else (value,):
            found += self.card(card)
        return found

    def handle(self, ref: Any) -> list[str]:
        """A held thing by its handle (``h0``, ``i1``, the item beside the board), or named by its item."""
        text = str(ref)
        for zone, letter in (("hands", "h"), ("inventory", "i")):
            things = self.me.get(zone)
            if not isinstance(things, list):
                continue
            if text[:1] == letter and text[1:].isdigit() and int(text[1:]) < len(things):
                return [text]
            for i, thing in enumerate(things):
                if isinstance(thing, dict) and text in (thing.get("item"), thing.get("object")):
                    return [f"{letter}{i}"]
        beside = self.me.get("starting_item")
        if isinstance(beside, dict) and beside.get("item") == text:
            return [text]
        return []

    def yourself(self, command: Command) -> list[str]:
        """One part of an OR (``option=N``) that names no target is touched on your own figure, so
        that it never completes while a part with a target waits for it."""
        return [f"seat{self.seat}"] if command.get("option") is not None else []

    def place(self, value: Any, ints: str = "seat") -> list[str]:
        """What a target names: a Room, Corridor, intruder, object, power slot, Pool token, a seat's
        figure or a CSS slot (``ints``: what a number names), a held thing; nothing for words."""
        if isinstance(value, tuple):
            return [t for v in value for t in self.place(v, ints)]
        if isinstance(value, bool) or value is None:
            return []
        if isinstance(value, int):
            if ints == "css":
                return [f"CSS{value}"]
            return [f"seat{value}"] if 0 <= value < len(self.view.get("players") or ()) else []
        text = str(value)
        board = content().board
        if text in board.rooms or text in board.corridors or text == "TECH" or text in POWER_SLOTS:
            return [text]
        if text in (self.view.get("intruders") or {}):
            return [text]
        if re.fullmatch(r"N\d+", text):
            return [f"neutral.{text[1:]}"]
        if re.fullmatch(r"(neutral|seat\d+)\.\d+", text):
            return [text]
        if "/" in text and text.split("/", 1)[0] in board.rooms:
            return [text]
        if text in OBJECTS["en"] and self.room:
            return [f"{self.room}/{text}"]
        if text == "eggs" and self.room:
            return [f"{self.room}/egg"]
        if re.fullmatch(r"-?\d+", text):
            return self.place(int(text), ints)
        return self.handle(text)


def command_touches(command: Command, view: Data) -> tuple[str, ...]:
    """What the deciding seat touches to give ``command``, in click order (module notes)."""
    t = _Touch(command, view)
    verb = command.verb
    pay = t.cards(command.get("pay", ()))
    first = command.args[0] if command.args else None
    if verb == "move":
        return (*t.place(first), *pay)
    if verb == "careful_move":
        return (*t.place(first), *t.place(first), *pay)
    if verb == "pass":                   # the pile, the cards, the pile again: a discard of any size
        discard = command.get("discard", ())
        places = [str(p) for p in (discard if isinstance(discard, tuple) else (discard,))]
        return ("discard", *places, "discard") if places else ()
    if verb == "shoot":
        return (*t.place(command.get("target")), *t.handle(command.get("weapon")), *pay)
    if verb == "melee":                  # the target twice: a strike is never a shot missing its weapon
        target = t.place(command.get("target"))
        return (*target, *target, *pay)
    if verb == "card":                   # the card twice (played, not paid), then targets and payment
        deck = command.get("deck")
        targets = t.place(command.get("target"), _int_kind_of_card(t, first)) or t.yourself(command)
        return (*t.card(first), *t.card(first), *([f"deck.{deck}"] if deck else []), *targets, *pay)
    if verb == "item":                   # used like a card is played: touched twice (once and a Room: a drop)
        used = t.handle(first)
        targets = t.place(command.get("target"), _int_kind_of_item(first)) or t.yourself(command)
        return (*used, *used, *targets, *pay)
    if verb == "room":
        return (*([t.room] if t.room else []), *_room_targets(t, str(first), command.get("target")), *pay)
    if verb == "computer":               # Remote Access played (its card twice) or Spare Cables used
        via = command.get("via")
        via_touch = (t.card(via) * 2 or t.handle(via)) if via is not None else []
        kind = COMPUTER_INT_KINDS.get((_computer_top(view), _int(first)), "seat")
        return (f"pc{first}", *t.place(command.get("target"), kind), *via_touch, *pay)
    if verb == "craft":
        return (f"craft.{first}", *[h for ref in _tuple(command.get("use", ())) for h in t.handle(ref)], *pay)
    if verb == "trade":
        return (f"seat{t.seat}", *pay)
    if verb == "activate":
        return ("quest", *pay)
    if verb == "pick_up":
        return (*t.place(first), *pay)
    if verb == "drop":
        return (*t.handle(first), *([t.room] if t.room else []))
    if verb == "escape_facility":
        return ("ROVER_FACILITY" if first == "rover" else "GATE", *pay)
    if verb == "answer":
        return tuple(_answer(t, view, str(first)))
    return (*t.place(command.args), *pay)


def _tuple(value: Any) -> tuple[Any, ...]:
    return value if isinstance(value, tuple) else (value,)


def _int(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def _computer_top(view: Data) -> str | None:
    return (view.get("decks") or {}).get("computer_top")


def _mentions(tree: Any, word: str) -> bool:
    """Whether a content tree names ``word`` anywhere (a key or a value)."""
    if isinstance(tree, str):
        return tree == word
    if hasattr(tree, "items"):
        return any(key == word or _mentions(value, word) for key, value in tree.items())
    if isinstance(tree, (tuple, list)):
        return any(_mentions(part, word) for part in tree)
    return False


def _int_kind_of_card(t: _Touch, card: Any) -> str:
    """What a number among a card's targets names: a CSS slot (choose face_down) or a character."""
    character = t.me.get("character")
    if not character:
        return "seat"
    try:
        found = content().action_card(character, str(card).split(".", 1)[0])
    except KeyError:
        return "seat"
    return "css" if _mentions(found.effect, "face_down") else "seat"


def _int_kind_of_item(item: Any) -> str:
    found = content().items.get(str(item))
    return "css" if found is not None and _mentions(found.effect, "face_down") else "seat"


def _room_targets(t: _Touch, action: str, target: Any) -> list[str]:
    """A Room action's target: Restore Power by the slots getting tokens 1 and 2 (the ones it
    switches on), numbers as the action names them, anything else as a place."""
    if action == "restore_power" and isinstance(target, tuple):
        where = dict(zip(target, content().tokens.power_tokens.locations))
        return [where[n] for n in (1, 2) if n in where]
    return t.place(target, ROOM_INT_KINDS.get(action, "seat"))


def _answer(t: _Touch, view: Data, answer: str) -> list[str]:
    """An answer to the pending decision: what it names, or nothing when it is a word (a button)."""
    kind = next((str(e["pause"].get("kind")) for e in view.get("effects") or ()
                 if e.get("pause") and e.get("seat") == t.seat), "")
    if answer in QUIET_ANSWERS:
        return []
    if kind == "draft":
        return [f"draft.{answer}"]
    if re.fullmatch(r"to\d+", answer):                            # Inconspicuous: the one attacked instead
        return [f"seat{answer[2:]}"]
    if kind == "keep_objective" or (kind == "search_keep" and "/" not in answer):
        return [answer]
    if kind == "search_keep":                                      # d1/drop0: keep, dropping Hand slot 0
        kept, _, drop = answer.partition("/drop")
        return [kept, f"h{drop}"]
    if kind == "trade":                                            # i0/to1
        ref, _, to = answer.rpartition("/to")
        return [*t.handle(ref), f"seat{to}"]
    if kind == "trade_accept":                                     # accept/drop1
        return [f"h{answer.rpartition('/drop')[2]}"] if "/drop" in answer else []
    if kind == "arm_drop":
        return t.handle(answer)
    if kind == "room_action":                                      # action/option/target
        action, _, rest = answer.partition("/")
        target = rest.partition("/")[2]
        return [*([t.room] if t.room else []), *_encoded_targets(t, action, target)]
    if kind == "computer_action":                                  # pcN/option/target/pay+pay
        parts = answer.split("/")
        index = _int(parts[0][2:]) if parts and parts[0].startswith("pc") else None
        target = parts[2] if len(parts) > 2 else "-"
        pays = [card for card in (parts[3] if len(parts) > 3 else "-").split("+") if card != "-"]
        ints = COMPUTER_INT_KINDS.get((_computer_top(view), index), "seat")
        places = [] if target == "-" else [p for part in target.split("+") for p in t.place(part, ints)]
        return [parts[0], *places, *t.cards(tuple(pays))]
    if kind == "craft_equipment":                                  # crafted/h0+i1
        crafted, _, combo = answer.partition("/")
        return [f"craft.{crafted}", *[h for ref in combo.split("+") if ref for h in t.handle(ref)]]
    return t.card(answer) or t.place(answer)


def _encoded_targets(t: _Touch, action: str, target: str) -> list[str]:
    """The target part of an encoded Room action (``1+2+3+4``, ``R001``, ``-``)."""
    if target in ("", "-"):
        return []
    parts = target.split("+")
    if all(p.isdigit() for p in parts) and len(parts) > 1:
        return _room_targets(t, action, tuple(int(p) for p in parts))
    return [p for part in parts for p in t.place(part, ROOM_INT_KINDS.get(action, "seat"))]


# -- buttons ------------------------------------------------------------------------------------------------

VERB_WORDS: dict[str, tuple[tuple[str, str], tuple[str, str]]] = {    # (title, tip) in en, zh
    "pass": (("Pass", "End your turns this round; discard any cards you choose."),
            ("跳過", "本輪不再行動；可棄掉任意手牌。")),
    "answer": (("Decide", "Answer the pending decision."),
              ("決定", "回答目前的決定。")),
    "trade": (("Trade", "Cost 1, out of combat: everyone in your Room may give things to the others."),
             ("交易", "費用 1，非戰鬥：你房間裡的每個人都可把東西交給其他人。")),
    "activate": (("Activate quest item", "Free action: your quest item's condition is met."),
                ("啟用任務物品", "免費行動：任務物品的條件已達成。")),
    "escape_facility": (("Escape the Facility", "From the Exit Room: by the Rover, or in an Enviro-Suit."),
                       ("逃離設施", "從出口房間：乘火星車，或穿環境防護服。")),
    "move": (("Move", "Cost 1: to a neighbouring Room."),
            ("移動", "費用 1：到相鄰房間。")),
    "careful_move": (("Move carefully", "Cost 2, out of combat: you choose the corridor the noise goes to."),
                    ("輕聲移動", "費用 2，非戰鬥：由你決定噪音出現的通道。")),
    "shoot": (("Shoot", "Cost 1: a weapon with Ammo at an intruder or the Eggs in your Room."),
             ("射擊", "費用 1：以有彈藥的武器射擊你房間的入侵者或蟲卵。")),
    "melee": (("Melee attack", "Cost 1, in combat: strike an intruder or the Eggs."),
             ("近戰", "費用 1，戰鬥中：攻擊入侵者或蟲卵。")),
    "card": (("Play a card", "An Action card's own action."),
            ("打出卡牌", "行動卡本身的行動。")),
    "item": (("Use an item", "An item's action."),
            ("使用物品", "物品卡的行動。")),
    "room": (("Room action", "The action of the Room you stand in."),
            ("房間行動", "你所在房間的行動。")),
    "computer": (("Computer action", "An action of the face-up Computer card."),
                ("電腦行動", "翻開的電腦卡上的行動。")),
    "craft": (("Craft", "Cost 1: two components into a crafted item."),
             ("製作", "費用 1：以兩個零件製作物品。")),
    "pick_up": (("Pick up", "Cost 1, out of combat: an Egg, Carcass or Corpse."),
               ("撿起", "費用 1，非戰鬥：蟲卵、異形殘骸或屍體。")),
    "drop": (("Drop", "Free: put a held thing down in your Room."),
            ("放下", "免費：把拿著的東西放在你的房間。")),
}


def describe_verb(verb: str, language: str = "en") -> tuple[str, str]:
    """(title, tip) of a group of button commands with this verb."""
    found = VERB_WORDS.get(verb)
    return found[LANGS.index(_lang(language))] if found else (verb.replace("_", " ").capitalize(), "")


def is_turn_end(command: Command) -> bool:
    """Passing ends the player's turns for the round (NEM-ACTION-2)."""
    return command.verb == "pass"


__all__ = ["command_touches", "describe_verb", "is_turn_end", "table"]
