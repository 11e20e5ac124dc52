"""The table in words, from one seat's VIEW only: what the app shows in place of the board until the
board is drawn (`Game.describe_table`). Everything here is public or the viewer's own (spec 8,
NEM-VIEW-1..5): the view has already hidden the rest (other hands as counts, Inventory as card backs,
face-down tiles, tokens, CSS tokens and Weaknesses), so this module only words what it is given.
Names come from the same helpers as the log and the command buttons (log.py, labels.py)."""
from __future__ import annotations

from html import escape
from typing import Any

from engine.core import Data
from engine.core.language import language_index

from .content import content
from .labels import _place
from .log import OBJECTS, WORDS, _any_name, _intruder_type, _named
from .rules.hand import card_kind

LANGS = ("en", "zh")
ACTIONS_PER_TURN = 2                                              # NEM-ACTION-1
COLON = (": ", "：")
SEP = (", ", "、")
PHASES = {"setup": ("Set-up", "遊戲設置"), "player": ("Player Phase", "玩家階段"),
          "event": ("Event Phase", "事件階段"), "over": ("game over", "遊戲結束")}
WHERE = {"bunker": ("in the Bunker", "在地堡"), "locked": ("locked in the Isolation Room", "鎖在隔離室"),
         "evacuated": ("evacuated", "已撤離"), "pod": ("in CSS Pod {pod}", "在發射艙 {pod}")}
DOORS = {"closed": ("Door closed", "艙門關閉"), "destroyed": ("Door destroyed", "艙門被摧毀")}
BACKS = {"red": ("red", "紅色"), "yellow": ("yellow", "黃色"), "green": ("green", "綠色"),
         "crafted": ("crafted", "製作"), "starting": ("starting", "起始"), "quest": ("quest", "任務")}
TITLES: dict[str, tuple[str, str]] = {
    "round": ("Round {n}, {phase}", "第 {n} 輪，{phase}"),
    "turn": ("{who}'s turn ({n} action(s) left)", "輪到{who}（剩 {n} 個行動）"),
    "first": ("First player: {who}", "起始玩家：{who}"),
    "time": ("Time track: slot {slot} (Time token on {side})", "時間軌：第 {slot} 格（時間標記{side}）"),
    "selfdestruct": ("Autodestruction: slot {slot} ({colour})", "自毀程序：第 {slot} 格（{colour}）"),
    "alert": ("Alert Procedure: slot {slot}", "警報程序：第 {slot} 格"),
    "characters": ("Characters", "角色"),
    "facility": ("The Facility", "設施"),
    "table": ("Around the board", "圖版周圍"),
    "you": (" (you)", "（你）"),
    "nobody": ("no character yet", "尚未選擇角色"),
    "alive": ("alive", "存活"),
    "dead": ("dead ({cause})", "死亡（{cause}）"),
    "passed": ("passed", "已跳過"),
    "light": ("{n} Light Wound(s)", "輕傷 {n}"),
    "serious": ("Serious Wounds: {wounds}", "重傷：{wounds}"),
    "dressed": ("{wound} (dressed)", "{wound}（已包紮）"),
    "slime": ("Slime marker", "黏液標記"),
    "larva": ("a Larva on the board", "角色板上有幼蟲"),
    "signal": ("Signal sent", "已發出信號"),
    "knowledge": ("Knowledge {n}", "知識 {n}"),
    "knowledge_active": ("Knowledge {n} (token active)", "知識 {n}（標記已啟用）"),
    "hand": ("hand: {cards}", "手牌：{cards}"),
    "hand_count": ("{n} card(s) in hand", "手牌 {n} 張"),
    "piles": ("Action deck {deck}, discard pile {discard}", "行動牌庫 {deck} 張、棄牌堆 {discard} 張"),
    "hands": ("in Hand slots: {things}", "左右手：{things}"),
    "ammo": ("{item} ({n} Ammo)", "{item}（{n} 彈藥）"),
    "broken": ("{item} (broken)", "{item}（損壞）"),
    "taped": ("{item} taped to {other}", "{item}黏著{other}"),
    "inventory": ("Inventory: {things}", "背包：{things}"),
    "backs": ("Inventory: {things} card(s) face down", "背包：{things}牌背朝上"),
    "back": ("{n} {colour}", "{n} 張{colour}"),
    "starting": ("starting item: {item}", "起始物品：{item}"),
    "quest": ("Quest item: {item}", "任務物品：{item}"),
    "quest_active": ("Quest item: {item} (active)", "任務物品：{item}（已啟用）"),
    "objectives": ("objectives: {names}", "目標：{names}"),
    "objective_count": ("{n} objective(s) face down", "{n} 張目標牌背朝上"),
    "contingency": ("Contingency tokens: {colours}", "應急措施標記：{colours}"),
    "contingency_count": ("{n} Contingency token(s)", "應急措施標記 {n} 個"),
    "infected_card": ("{name} (infected)", "{name}（已感染）"),
    "clean_card": ("{name} (not infected)", "{name}（未感染）"),
    "unexplored": ("unexplored", "未探索"),
    "items": ("Item Counter {n}", "房間物品記數 {n}"),
    "fire": ("Fire", "火焰標記"),
    "malfunction": ("Malfunction", "故障標記"),
    "computer": ("Computer", "電腦"),
    "open": ("open", "開啟"),
    "closed": ("closed", "關閉"),
    "here": ("{who} here", "{who}在此"),
    "who_here": ("{name} ({who})", "{name}（{who}）"),
    "intruder": ("{type} ({n} Injury(ies))", "{type}（{n} 點傷害）"),
    "exit": ("{corridor} to {room}: {marks}", "{corridor} 通往{room}：{marks}"),
    "noise": ("Noise marker", "噪音標記"),
    "tech_noise": ("Noise marker in the Technical Corridors", "檢修通道有噪音標記"),
    "elsewhere": ("Elsewhere: {what}", "其他位置：{what}"),
    "bag": ("Intruder bag: {n} token(s) ({kinds})", "入侵者抽袋：{n} 個標記（{kinds}）"),
    "decks": (("Event deck {event}, Attack deck {attack}, Contamination deck {contamination}, "
               "Serious Wound deck {wound}"),
              "事件牌庫 {event} 張、攻擊牌庫 {attack} 張、污染牌庫 {contamination} 張、重傷牌庫 {wound} 張"),
    "item_decks": ("Item decks: red {red}, yellow {yellow}, green {green}",
                   "物品牌庫：紅色 {red} 張、黃色 {yellow} 張、綠色 {green} 張"),
    "computer_card": ("Computer card face up: {card} ({n} below)", "翻開的電腦卡：{card}（下方 {n} 張）"),
    "power": ("Power: {sections}", "電力：{sections}"),
    "section": ("{where} token {token} {state}", "{where} 電源 {token} {state}"),
    "elevator": ("Elevator at {room}", "電梯位於{room}"),
    "elevator_word": ("Elevator", "電梯"),
    "section_word": ("Section {n}", "區域 {n}"),
    "css": ("CSS tokens face down on slots {slots}; launched: {launched}",
            "貨物發射系統標記蓋在第 {slots} 格；已發射：{launched}"),
    "pods": ("CSS Pods: {pods}", "發射艙：{pods}"),
    "pod": ("{pod} {who}", "{pod} {who}"),
    "empty": ("empty", "空"),
    "gate": ("Main Gate {state}; Rover at {where}", "主入口{state}；火星車位於{where}"),
    "venting": ("Venting prepared in {room}", "{room}準備排氣"),
    "weaknesses": ("Weaknesses: {names}; {n} face down", "異形弱點：{names}；{n} 張牌背朝上"),
    "nest": ("Nest: {n} Egg(s)", "巢穴：{n} 顆蟲卵"),
    "nest_destroyed": ("Nest destroyed", "巢穴已被摧毀"),
    "neutral": ("Neutral Pool: {tokens}", "中立池：{tokens}"),
    "face_down": ("face down", "牌背朝上"),
    "none": ("none", "無"),
    "blank": ("Blank", "空白"),
}


def _t(key: str, lang: int, **values: Any) -> str:
    return TITLES[key][lang].format(**values)


def _join(items: list[str], lang: int) -> str:
    return SEP[lang].join(items) if items else _t("none", lang)


def describe_table(view: Data, language: str = "en") -> str:
    """The round and time, each character, every Room in board order, then the rest of the table, as HTML."""
    lang = language_index(language)
    code = LANGS[lang]
    phase = PHASES.get(view["phase"], (view["phase"],) * 2)[lang]
    parts = [f"<h3>{escape(_t('round', lang, n=view['round'], phase=phase))}</h3>"]
    lines = []
    turn = view.get("turn")
    if turn is not None and view["phase"] != "over":
        left = max(0, ACTIONS_PER_TURN - turn.get("actions", 0))        # it counts the actions taken
        lines.append(_t("turn", lang, who=_who(turn["seat"], code), n=left))
    if view.get("first") is not None:
        lines.append(_t("first", lang, who=_who(view["first"], code)))
    side = WORDS[code]["blue" if view["time_active"] else "red"]
    lines.append(_t("time", lang, slot=view["time"], side=side))
    if view.get("selfdestruct"):
        destruct = view["selfdestruct"]
        colour = BACKS.get(destruct["colour"], (destruct["colour"],) * 2)[lang]
        lines.append(_t("selfdestruct", lang, slot=destruct["slot"], colour=colour))
    if view.get("alert") is not None:
        lines.append(_t("alert", lang, slot=view["alert"]))
    parts += [f"<p>{escape(line)}</p>" for line in lines]
    parts.append(f"<h4>{escape(_t('characters', lang))}</h4><ul>")
    parts += [f"<li>{_character(view, player, lang)}</li>" for player in view["players"]]
    parts.append(f"</ul><h4>{escape(_t('facility', lang))}</h4><ul>")
    parts += [f"<li>{_room(view, room, lang)}</li>" for room in content().board.order]
    elsewhere = _elsewhere(view, lang)
    if elsewhere:
        parts.append(f"<li>{escape(elsewhere)}</li>")
    parts.append(f"</ul><h4>{escape(_t('table', lang))}</h4><ul>")
    parts += [f"<li>{escape(line)}</li>" for line in _around(view, lang)]
    parts.append("</ul>")
    return "".join(parts)


def _who(seat: int, code: str) -> str:
    return WORDS[code]["player"].format(n=seat + 1)


def _card(card: str, lang: int) -> str:
    """An Action card instance (``search.0``) or a Contamination card (by id only once scanned)."""
    c = content()
    if card == "contamination":
        return c.contamination_name.zh if lang else c.contamination_name.en
    if card.startswith("CONT"):
        found = next((x for x in c.contamination if x.id == card), None)
        name = c.contamination_name.zh if lang else c.contamination_name.en
        return _t("infected_card" if found and found.infected else "clean_card", lang, name=name)
    return _any_name(card_kind(card), LANGS[lang])


def _thing(thing: Any, lang: int) -> str:
    """What a Hand slot or the Inventory holds: an item (with Ammo, broken, taped) or an object."""
    code = LANGS[lang]
    if not isinstance(thing, dict):
        return str(thing)
    if "object" in thing and "item" not in thing:
        return OBJECTS[code].get(str(thing["object"]), str(thing["object"]))
    name = _any_name(thing.get("item"), code)
    if thing.get("broken"):
        name = _t("broken", lang, item=name)
    item = content().items.get(thing.get("item", ""))
    if thing.get("ammo") is not None and item is not None and item.weapon is not None:
        name = _t("ammo", lang, item=name, n=thing["ammo"])
    if isinstance(thing.get("taped"), dict):
        name = _t("taped", lang, item=name, other=_thing(thing["taped"], lang))
    return name


def _character(view: Data, player: Data, lang: int) -> str:
    code = LANGS[lang]
    c = content()
    seat = player["seat"]
    own = seat == view.get("viewer")
    who = _who(seat, code)
    if player["character"]:
        who += f" — {_named(c.characters, player['character'], code)}"
    who += _t("you", lang) if own else ""
    if not player["character"]:
        return f"<b>{escape(who)}</b>{COLON[lang]}{escape(_t('nobody', lang))}"
    bits = []
    where = player["where"]
    if where == "dead":
        bits.append(_t("dead", lang, cause=WORDS[code].get(str(player["cause"]), str(player["cause"]))))
    else:
        bits.append(_t("alive", lang))
        if where == "facility":
            bits.append(_room_name(player["room"], code, view))
        elif where in WHERE:
            bits.append(WHERE[where][lang].format(pod=player.get("pod")))
    if player.get("passed"):
        bits.append(_t("passed", lang))
    bits.append(_t("light", lang, n=player["light"]))
    if player["serious"]:
        wounds = []
        for wound in player["serious"]:
            generic = wound["card"] == "generic"
            name = WORDS[code]["generic"] if generic else _named(c.serious_wounds, wound["card"], code)
            wounds.append(_t("dressed", lang, wound=name) if wound.get("dressed") else name)
        bits.append(_t("serious", lang, wounds=SEP[lang].join(wounds)))
    for flag in ("slime", "larva", "signal"):
        if player.get(flag):
            bits.append(_t(flag, lang))
    bits.append(_t("knowledge_active" if player.get("knowledge_active") else "knowledge", lang, n=player["knowledge"]))
    hand = player["hand"]
    if isinstance(hand, list):                                  # the viewer's own hand: its faces
        bits.append(_t("hand", lang, cards=_join([_card(card, lang) for card in hand], lang)))
    else:
        bits.append(_t("hand_count", lang, n=hand))
    bits.append(_t("piles", lang, deck=player["deck"], discard=len(player["discard"])))
    if player["hands"]:
        bits.append(_t("hands", lang, things=SEP[lang].join(_thing(t, lang) for t in player["hands"])))
    inventory = player["inventory"]
    if inventory and all(isinstance(t, str) for t in inventory):      # another player's: card backs only
        counts: dict[str, int] = {}
        for back in inventory:
            counts[back] = counts.get(back, 0) + 1
        things = SEP[lang].join(_t("back", lang, n=n, colour=BACKS.get(b, (b, b))[lang]) for b, n in counts.items())
        bits.append(_t("backs", lang, things=things))
    elif inventory:
        bits.append(_t("inventory", lang, things=SEP[lang].join(_thing(t, lang) for t in inventory)))
    if isinstance(player.get("starting_item"), dict):
        bits.append(_t("starting", lang, item=_thing(player["starting_item"], lang)))
    quest = player.get("quest")
    if isinstance(quest, dict):
        bits.append(_t("quest_active" if quest.get("active") else "quest", lang, item=_any_name(quest["id"], code)))
    objectives = player["objectives"]
    if isinstance(objectives, list) and objectives:
        bits.append(_t("objectives", lang, names=SEP[lang].join(_named(c.objectives, o, code) for o in objectives)))
    elif isinstance(objectives, int) and objectives:
        bits.append(_t("objective_count", lang, n=objectives))
    contingency = player["contingency"]
    if isinstance(contingency, list) and contingency:
        bits.append(_t("contingency", lang, colours=SEP[lang].join(_colour(t, lang) for t in contingency)))
    elif isinstance(contingency, int) and contingency:
        bits.append(_t("contingency_count", lang, n=contingency))
    return f"<b>{escape(who)}</b>{COLON[lang]}{escape(SEP[lang].join(bits))}"


def _colour(token: str, lang: int) -> str:
    """A Contingency token by its colour's name (the only thing that tells tokens apart)."""
    tokens = content().tokens
    colour = next((t.colour for t in tokens.contingency_tokens if t.id == token), None)
    found = next((k for k in tokens.contingency_colours if k.colour == colour), None)
    return (found.name.zh if lang else found.name.en) if found else _t("face_down", lang)


def _room(view: Data, room: str, lang: int) -> str:
    code = LANGS[lang]
    c = content()
    here = view["rooms"][room]
    bits: list[str] = []
    tile = c.tiles.get(here["tile"]) if isinstance(here["tile"], str) else None
    if not here["explored"]:
        bits.append(_t("unexplored", lang))
    if here.get("face"):
        bits.append(_t(here["face"], lang) if here["face"] in ("open", "closed") else str(here["face"]))
    if here["explored"] and tile is not None and tile.computer:
        bits.append(_t("computer", lang))
    if here.get("items") is not None:
        bits.append(_t("items", lang, n=here["items"]))
    for marker in ("fire", "malfunction"):
        if here.get(marker):
            bits.append(_t(marker, lang))
    for player in view["players"]:
        if player["where"] == "facility" and player["room"] == room and player["character"]:
            name = _named(c.characters, player["character"], code)
            bits.append(_t("here", lang, who=_t("who_here", lang, name=name, who=_who(player["seat"], code))))
    for intruder in _intruders(view, room):
        bits.append(_intruder(intruder, lang))
    bits += [OBJECTS[code].get(str(o), str(o)) for o in here.get("objects") or ()]
    for corridor_id in dict.fromkeys(c.board.rooms[room].exits.values()):
        corridor = view["corridors"].get(corridor_id)
        if corridor is None:
            continue
        marks = ([_t("noise", lang)] if corridor.get("noise") else []) + (
            [DOORS[corridor["door"]][lang]] if corridor.get("door") in DOORS else [])
        if marks:
            other = c.board.corridors[corridor_id].other(room)
            bits.append(_t("exit", lang, corridor=_place(corridor_id, code, view), room=_room_name(other, code, view),
                           marks=SEP[lang].join(marks)))
    text = SEP[lang].join(bits) if bits else "—"
    return f"<b>{escape(_room_name(room, code, view))}</b>{COLON[lang]}{escape(text)}"


def _room_name(room: str, code: str, view: Data) -> str:
    """A Room as the command buttons name it (the Elevator Rooms by Section, the Emergency Staircases
    by number: log.room_name), so each line of the Facility names one Room."""
    return _place(room, code, view)


def _intruders(view: Data, room: str) -> list[Data]:
    return [i for _, i in sorted(view["intruders"].items(), key=lambda kv: _number(kv[0])) if i["room"] == room]


def _number(intruder_id: str) -> int:
    digits = "".join(ch for ch in intruder_id if ch.isdigit())
    return int(digits) if digits else 0


def _intruder(intruder: Data, lang: int) -> str:
    return _t("intruder", lang, type=_intruder_type(intruder["type"], LANGS[lang]), n=intruder.get("injuries", 0))


def _elsewhere(view: Data, lang: int) -> str:
    """Intruders outside every Room (none in the basic rules, but never left unsaid)."""
    rooms = set(view["rooms"])
    away = [_intruder(i, lang) for _, i in sorted(view["intruders"].items(), key=lambda kv: _number(kv[0]))
            if i["room"] not in rooms]
    return _t("elsewhere", lang, what=SEP[lang].join(away)) if away else ""


def _around(view: Data, lang: int) -> list[str]:
    """Everything off the Room grid a player looks at: bag, decks, power, CSS, pods, gate, weaknesses."""
    code = LANGS[lang]
    c = content()
    lines = []
    if view.get("tech_noise"):
        lines.append(_t("tech_noise", lang))
    bag = view["bag"]
    kinds = SEP[lang].join(f"{n} {_t('blank', lang) if kind == 'blank' else _intruder_type(kind, code)}"
                           for kind, n in bag.items() if n)
    lines.append(_t("bag", lang, n=sum(bag.values()), kinds=kinds or _t("none", lang)))
    decks = view["decks"]
    lines.append(_t("decks", lang, **{k: decks.get(k, 0) for k in ("event", "attack", "contamination", "wound")}))
    lines.append(_t("item_decks", lang, **{k: decks.get(k, 0) for k in ("red", "yellow", "green")}))
    if decks.get("computer_top"):
        lines.append(_t("computer_card", lang, card=_named(c.computer_cards, decks["computer_top"], code),
                        n=max(0, decks.get("computer", 0) - 1)))
    active = set(view.get("active_power") or ())
    sections = []
    for where, token in (view.get("power") or {}).items():
        name = _t("elevator_word", lang) if where == "ELEVATOR" else _t("section_word", lang, n=int(where[1:]))
        state = WORDS[code]["active" if token in active else "inactive"]
        sections.append(_t("section", lang, where=name, token=token, state=state))
    if sections:
        lines.append(_t("power", lang, sections=SEP[lang].join(sections)))
    if view.get("elevator"):
        lines.append(_t("elevator", lang, room=_room_name(view["elevator"], code, view)))
    slots = [str(s) for s in (view.get("css") or {})]
    launched = len(view.get("css_launched") or ())
    lines.append(_t("css", lang, slots=SEP[lang].join(slots) or _t("none", lang), launched=launched))
    pods = [_t("pod", lang, pod=pod, who=_who(seat, code) if seat is not None else _t("empty", lang))
            for pod, seat in (view.get("pods") or {}).items()]
    if pods:
        lines.append(_t("pods", lang, pods=SEP[lang].join(pods)))
    rover = WORDS[code].get(str(view.get("rover")), str(view.get("rover")))
    lines.append(_t("gate", lang, state=_t("open" if view.get("main_gate_open") else "closed", lang), where=rover))
    if view.get("venting"):
        lines.append(_t("venting", lang, room=_room_name(view["venting"], code, view)))
    weaknesses = view.get("weaknesses") or []
    shown = [_named(c.weaknesses, w["id"], code) for w in weaknesses if w.get("revealed")]
    lines.append(_t("weaknesses", lang, names=_join(shown, lang), n=sum(not w.get("revealed") for w in weaknesses)))
    nest = _t("nest_destroyed", lang) if view.get("nest_destroyed") else _t("nest", lang, n=view.get("nest_eggs", 0))
    lines.append(nest)
    neutral = view.get("neutral") or []
    if neutral:
        lines.append(_t("neutral", lang, tokens=SEP[lang].join(_colour(t, lang) for t in neutral)))
    return lines
