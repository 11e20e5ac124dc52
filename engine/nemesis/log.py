"""Log lines for Nemesis events, in English and Traditional Chinese (glossary terms of spec section 2;
names of characters, Rooms, intruders, cards from the content's ``name.en`` / ``name.zh``).

`describe(event, language)` words one event. Every kind emitted anywhere in engine/nemesis has a
template here (tests/engine/nemesis/test_log.py checks it); a rule module adding an event kind adds
its line to `TEMPLATES`. Lines only name what the event already tells its audience.
"""
from __future__ import annotations

import re
from functools import cache
from typing import Any

from engine.core import Event
from engine.core.language import language_key

from .content import content

TEMPLATES: dict[str, tuple[str, str]] = {
    # set-up, rounds and turns
    "character_drafted": ("{who} plays the {character}.", "{who} 扮演{character}。"),
    "private_choice": ("Only you can see this choice.", "只有你能看到這個選擇。"),
    "objective_kept": ("{who} keeps one objective.", "{who} 保留一張目標。"),
    "round_started": ("Round {round} begins.", "第 {round} 輪開始。"),
    "turn_started": ("{who}'s turn.", "輪到{who}。"),
    "passed": ("{who} passes and discards {discarded} card(s).", "{who} 跳過並棄掉 {discarded} 張牌。"),
    "event_phase": ("The Event Phase begins.", "事件階段開始。"),
    # hands
    "cards_drawn": ("{who} draws {n} Action card(s).", "{who} 抽 {n} 張行動卡。"),
    "deck_reshuffled": ("{who} shuffles the discard pile into a new Action deck.", "{who} 將棄牌堆洗成新的行動牌庫。"),
    "cards_paid": ("{who} pays with {cards}.", "{who} 支付：{cards}。"),
    "contamination_gained": ("{who} gains a Contamination card.", "{who} 獲得一張污染卡。"),
    # movement, exploration, noise
    "character_moved": ("{who} moves to {to}.", "{who} 移動到{to}。"),
    "escape": ("{who} tries to escape from {room}.", "{who} 嘗試逃離{room}。"),
    "room_explored": ("{who} explores {room}: {tile}, {effect}, Item Counter {items}.",
                      "{who} 探索{room}：{tile}，{effect}，房間物品記數 {items}。"),
    "door_closed": ("A Door closes in Corridor {corridor}.", "通道 {corridor} 的艙門關閉。"),
    "door_destroyed": ("The Door in Corridor {corridor} is destroyed.", "通道 {corridor} 的艙門被摧毀。"),
    "noise_roll": ("{who} rolls for noise in {room}: {face}.", "{who} 在{room}進行噪音判定：{face}。"),
    "noise_placed": ("A Noise marker is placed on {exit}.", "在{exit}放置噪音標記。"),
    "danger_noise": ("Danger: Noise markers on every exit of {room}.", "危險：{room}的每個出口都放上噪音標記。"),
    "slime": ("{who} {slime_state} a Slime marker.", "{who}{slime_state}黏液標記。"),
    "knowledge_changed": ("{who}'s Knowledge is now {knowledge}.", "{who} 的知識現在是 {knowledge}。"),
    # intruders
    "encounter": ("Encounter in {room} ({who}).", "{who} 在{room}遭遇入侵者。"),
    "blank_encounter": ("Blank token: Noise markers on every exit of {room}.",
                        "空白標記：{room}的每個出口都放上噪音標記。"),
    "bag_added": ("A {type} token is added to the intruder bag.", "一個{type}標記加入入侵者抽袋。"),
    "intruder_appeared": ("A {type} appears in {room}.", "一隻{type}出現在{room}。"),
    "intruder_hidden": ("An intruder in {room} goes back to the bag.", "{room}的一隻入侵者回到抽袋。"),
    "surprise_attack": ("Surprise Attack on {who}!", "{who} 遭到突襲！"),
    "attack_retargeted": ("{who} slips aside: the attack goes to another character.",
                          "{who} 悄悄閃開：攻擊轉向另一名角色。"),
    "armor_vest_used": ("{who} takes the blow on the Armor Vest.", "{who} 以防彈背心擋下攻擊。"),
    "fire_resisted": ("The Fire does not wound {who} ({item}).", "火焰沒有傷到{who}（{item}）。"),
    "slime_resisted": ("{who} gains no Slime ({item}).", "{who} 沒有沾上黏液（{item}）。"),
    "wound_absorbed": ("{who} suffers a Light Wound instead of a Serious Wound.", "{who} 改為受到輕傷而非重傷。"),
    "noise_roll_skipped": ("{who} stays unnoticed: no Noise roll.", "{who} 未被察覺：不進行噪音判定。"),
    "surprise_cancelled": ("{who} senses it in the dark: the Surprise Attack is cancelled.",
                           "{who} 在黑暗中察覺：突襲被取消。"),
    "intruder_attack": ("The {type} attacks {who} ({card}): {hit_word}.", "{type}攻擊{who}（{card}）：{hit_word}。"),
    "infested": ("A Larva infests {who}.", "幼蟲寄生在{who}身上。"),
    "intruder_injured": ("An intruder takes {n} Injury(ies) ({injuries} in all).",
                         "入侵者受到 {n} 點傷害（共 {injuries} 點）。"),
    "intruder_killed": ("The {type} in {room} dies.", "{room}的{type}死亡。"),
    "intruder_moved": ("An intruder moves to {to}.", "一隻入侵者移動到{to}。"),
    "intruder_retreats": ("An intruder retreats.", "一隻入侵者逃走。"),
    "egg_destroyed": ("An Egg is destroyed in {room}.", "{room}的一顆蟲卵被摧毀。"),
    # wounds and death
    "light_wound": ("{who} suffers a Light Wound ({light} now).", "{who} 受到輕傷（目前 {light}）。"),
    "serious_wound": ("{who} suffers a Serious Wound: {wound}.", "{who} 受到重傷：{wound}。"),
    "character_died": ("{who} dies ({cause}).", "{who} 死亡（{cause}）。"),
    "main_gate_opened": ("The Main Gate opens.", "主入口開啟。"),
    # Event Phase
    "css_launch": ("The CSS launches: {outcome}.", "貨物發射系統 (CSS) 發射：{outcome}。"),
    "evacuated": ("{who} is evacuated in CSS Pod {pod}.", "{who} 乘發射艙 {pod} 成功逃離。"),
    "pod_failed": ("CSS Pod {pod} fails to launch; {who} returns to the Facility.",
                   "發射艙 {pod} 發射失敗；{who} 回到基地。"),
    "time_advanced": ("The Time token moves to {slot}.", "時間標記移到 {slot}。"),
    "selfdestruct_red": ("Autodestruction turns red (slot {slot}).", "自毀程序轉為紅色（{slot_zh}）。"),
    "power_dropped": ("Power drop: Power token {token} goes inactive.", "電力下降：電源 {token} 失效。"),
    "isolation_opened": ("The Isolation Room opens.", "隔離室開啟。"),
    "event_card": ("Event card: {card}.", "事件卡：{card}。"),
    "bag_development": ("Bag development: {type}.", "增殖：{type}。"),
    # the Facility: markers, power, time, doors, elevator, Rover, peeks
    "fire_placed": ("A Fire marker is placed in {room}.", "在{room}放置火焰標記。"),
    "fire_removed": ("The Fire in {room} is put out.", "{room}的火焰標記被移除。"),
    "malfunction_placed": ("A Malfunction marker is placed in {room}.", "在{room}放置故障標記。"),
    "malfunction_removed": ("The Malfunction in {room} is repaired.", "{room}的故障標記被移除。"),
    "power_flipped": ("Power token {token} ({location}) is now {active_word}.",
                      "電源 {token}（{location}）現在{active_word}。"),
    "power_restored": ("Backup power is restored.", "備用電力恢復。"),
    "time_token_flipped": ("The Time token is flipped to {time_side}.", "時間標記翻到{time_side}。"),
    "selfdestruct_started": ("Autodestruction starts (slot {slot}).", "自毀程序啟動（{slot_zh}）。"),
    "selfdestruct_stopped": ("Autodestruction is stopped.", "自毀程序停止。"),
    "alert_started": ("The Alert Procedure starts (slot {slot}).", "警報程序啟動（{slot_zh}）。"),
    "css_token_moved": ("A CSS token moves from slot {slot} to slot {to_slot}.", "CSS 標記從{slot_zh}移到{to_zh}。"),
    "door_opened": ("The Door in Corridor {corridor} opens.", "通道 {corridor} 的艙門打開。"),
    "venting_placed": ("Venting is prepared in {room}.", "{room}準備排氣。"),
    "venting_removed": ("Venting is cancelled in {room}.", "{room}取消排氣。"),
    "elevator_moved": ("The Elevator moves to {to}.", "電梯移動到{to}。"),
    "rover_moved": ("The Rover moves to {to}.", "火星車移動到{to}。"),
    "egg_added": ("An Egg is added to the Nest.", "巢穴新增一顆蟲卵。"),
    "peek": ("{who} looks at {peeked}.", "{who} 查看了{peeked}。"),
    "peek_result": ("You look at {peeked}: {what}.", "你查看{peeked}：{what}。"),
    "object_removed": ("A {object} is removed from {room}.", "{room}的{object}被移除。"),
    "character_revived": ("{who} is revived in {room}.", "{who} 在{room}復活。"),
    # survival routes
    "reached_bunker": ("{who} reaches the Bunker.", "{who} 抵達地堡。"),
    "escape_failed": ("{who}'s escape to the Bunker fails.", "{who} 逃往地堡失敗。"),
    "locked_in": ("{who} locks themselves in the Isolation Room.", "{who} 把自己鎖進隔離室。"),
    "lock_in_failed": ("{who} fails to lock themselves in.", "{who} 未能把自己鎖進隔離室。"),
    "entered_pod": ("{who} enters CSS Pod {pod}.", "{who} 進入發射艙 {pod}。"),
    # knowledge and weaknesses
    "knowledge_token_activated": ("{who} activates their Knowledge token.", "{who} 啟用知識標記。"),
    "object_researched": ("{who} researches a {object}{revealed_text}.", "{who} 研究{object}{revealed_text}。"),
    "echo_confusion": ("{who} resolves the Danger as {choice}.", "{who} 將危險當作{choice}結算。"),
    # actions, reactions and cards
    "action_declared": ("{who} declares an action: {action}.", "{who} 宣告行動：{action}。"),
    "action_cancelled": ("{who}'s action is cancelled.", "{who} 的行動被取消。"),
    "interruption_played": ("{who} plays Interruption.", "{who} 打出打斷。"),
    "card_played": ("{who} plays {card}.", "{who} 打出{card}。"),
    "card_discarded": ("{who} discards a card.", "{who} 棄掉一張牌。"),
    "hand_discarded": ("{who} discards {n} card(s) from hand.", "{who} 從手牌棄掉 {n} 張牌。"),
    "room_action": ("{who} performs the Room action {action} in {room}.", "{who} 在{room}執行房間板塊行動：{action}。"),
    "computer_action": ("{who} uses Computer action {action} of {card}.", "{who} 執行{card}的第 {action} 個電腦行動。"),
    "computer_card": ("Computer card face up: {card}.", "翻開的電腦卡：{card}。"),
    "computer_unavailable": ("{who} finds no working Computer.", "{who} 找不到可用的電腦。"),
    "lockdown": ("Lockdown! ({who})", "死機！（{who}）"),
    "events_reordered": ("{who} reorders the top Event cards.", "{who} 重新排列事件牌庫頂的卡。"),
    "bag_drawn": ("Drawn from the intruder bag: {type}.", "從入侵者抽袋抽出：{type}。"),
    # combat
    "shot": ("{who} shoots with the {weapon} ({ammo} Ammo left).", "{who} 用{weapon}射擊（剩 {ammo} 彈藥）。"),
    "melee": ("{who} makes a Melee Attack.", "{who} 進行近戰。"),
    "combat_roll": ("{who} rolls the {die}: {face}.", "{who} 擲{die}：{face}。"),
    "die_rerolled": ("{who} rerolls: {face} (was {was}).", "{who} 重擲：{face}（原為 {was}）。"),
    "combat_result": ("{who}'s {attack}: {injuries} Injury(ies).", "{who} 的{attack}：{injuries} 點傷害。"),
    "eggs_destroyed": ("{n} Egg(s) destroyed in {room}.", "{room}有 {n} 顆蟲卵被摧毀。"),
    "nest_destroyed": ("The Nest is destroyed.", "巢穴被摧毀。"),
    "egg_taken": ("{who} takes an Egg from the Nest.", "{who} 從巢穴拿走一顆蟲卵。"),
    # items, search, craft, trade
    "search": ("{who} searches the {deck} deck ({n} card(s) drawn).", "{who} 搜索{deck}牌庫（抽 {n} 張）。"),
    "search_drawn": ("You draw {cards}.", "你抽到{cards}。"),
    "search_kept": ("{who} keeps {kept_word} card.", "{who} {kept_word}。"),
    "item_counter": ("Item Counter in {room}: {items}.", "{room}的房間物品記數：{items}。"),
    "item_gained": ("{who} gains {thing_name}.", "{who} 獲得{thing_name}。"),
    "item_gained_private": ("You gain {item}.", "你獲得{item}。"),
    "item_used": ("{who} uses {item}.", "{who} 使用{item}。"),
    "item_discarded": ("{who} discards {thing_name}.", "{who} 丟棄{thing_name}。"),
    "dropped": ("{who} drops {thing_name} in {room}.", "{who} 把{thing_name}丟在{room}。"),
    "dropped_private": ("You drop {item}.", "你丟棄了{item}。"),
    "item_broken": ("{who}'s {item} breaks.", "{who} 的{item}損壞。"),
    "item_repaired": ("{who} repairs {item}.", "{who} 修好{item}。"),
    "lit": ("{who} is not in Darkness until the end of the round.", "{who} 直到本輪結束都不處於黑暗中。"),
    "items_taped": ("{who} tapes {items} together.", "{who} 把{items}黏在一起。"),
    "reloaded": ("{who} reloads {item} ({ammo} Ammo).", "{who} 為{item}裝填（{ammo} 彈藥）。"),
    "no_free_hand": ("{who} has no free Hand slot.", "{who} 沒有空的左右手。"),
    "object_taken": ("{who} picks up a {object} in {room}.", "{who} 在{room}撿起{object}。"),
    "crafted": ("{who} crafts {item}.", "{who} 製作{item}。"),
    "quest_activated": ("{who} activates their Quest item: {item}.", "{who} 啟用任務物品：{item}。"),
    "trade_opened": ("{who} opens a Trade.", "{who} 開始交易。"),
    "traded": ("{giver_name} gives {receiver_name} {thing_name}.", "{giver_name}交給{receiver_name}{thing_name}。"),
    "traded_item": ("Traded item: {item}.", "交易的物品：{item}。"),
    "trade_declined": ("{who} declines the offer.", "{who} 拒絕交易提議。"),
    "trade_closed": ("The Trade ends ({moves} exchange(s)).", "交易結束（{moves} 次交換）。"),
    # wounds, contamination, knowledge, signal
    "light_healed": ("{who} heals: Light Wounds now {light}.", "{who} 治癒：輕傷目前 {light}。"),
    "serious_healed": ("{who} heals a Serious Wound ({wound}).", "{who} 治癒重傷（{wound}）。"),
    "wound_dressed": ("{who} dresses a Serious Wound ({wound}).", "{who} 包紮重傷（{wound}）。"),
    "wounds_treated": ("{who} treats their wounds.", "{who} 處理傷勢。"),
    "scanned": ("{who} scans their Contamination cards ({removed} removed).",
                "{who} 掃描污染卡（移除 {removed} 張）。"),
    "scan_result": ("Scan: {scan}.", "掃描結果：{scan}。"),
    "infected": ("{who} is infected: a Larva on their board.", "{who} 感染：角色板上放一隻幼蟲。"),
    "larva_removed": ("{who}'s Larva is removed.", "{who} 的幼蟲寄生被移除。"),
    "decontaminated": ("{who} is decontaminated.", "{who} 完成除污。"),
    "knowledge_token_active": ("{who}'s Knowledge token is active.", "{who} 的知識標記已啟用。"),
    "signal_sent": ("{who} sends the Signal.", "{who} 發出信號。"),
    # contingencies and peeks
    "peeked": ("{who} looks at a hidden {kind}.", "{who} 查看了隱藏的{kind}。"),
    "contingency_obtained": ("{who} takes a Contingency token.", "{who} 拿取一個應急措施標記。"),
    "contingency_revealed_public": ("A Neutral Pool token is revealed: {colour}.", "中立池的一個標記公開：{colour}。"),
    "noise_removed": ("The Noise marker on {exit} is removed.", "{exit}的噪音標記被移除。"),
    "effect_not_ready": ("(not implemented yet: {primitive})", "（尚未實作：{primitive}）"),
    # the end
    "game_ended": ("The game ends: {end_kind} ({why}).", "遊戲結束：{end_kind}（{why}）。"),
    "contingency_revealed": ("The Active Contingency is revealed: {colour}.", "生效的應急措施揭曉：{colour}。"),
    "victory_check": ("Victory Check: {results}.", "檢查勝利：{results}。"),
}

WORDS = {
    "en": {"player": "Player {n}", "hit": "hit", "miss": "miss", "gains": "gains", "loses": "loses",
           "intruder": "an intruder", "room": "Room {n}", "tech": "the Technical Corridors",
           "corridor": "Corridor {c}", "purge": "Purge", "destroyed": "Facility destroyed",
           "wounds": "wounds", "infection": "infection", "venting": "venting", "all": "every pod",
           "none": "no pod", "pods": "pod {p}", "won": "wins", "lost": "loses", "alive": "alive", "dead": "dead",
           "sep": ", ", "generic": "a Serious Wound", "unknown": "unknown",
           "facility": "the Facility parking", "bunker": "the Bunker", "active": "active", "inactive": "inactive",
           "blue": "its blue side", "red": "its red side"},
    "zh": {"player": "玩家 {n}", "hit": "命中", "miss": "未命中", "gains": "獲得", "loses": "失去",
           "intruder": "入侵者", "room": "房間 {n}", "tech": "檢修通道", "corridor": "通道 {c}",
           "purge": "肅清", "destroyed": "基地爆炸", "wounds": "傷勢", "infection": "感染結算",
           "venting": "排氣", "all": "所有發射艙", "none": "沒有發射艙", "pods": "發射艙 {p}", "won": "獲勝",
           "lost": "落敗", "alive": "存活", "dead": "死亡", "sep": "、", "generic": "重傷", "unknown": "未知",
           "facility": "基地停車處", "bunker": "地堡", "active": "有電", "inactive": "沒電",
           "blue": "藍色面", "red": "紅色面"},
}
OBJECTS = {"en": {"egg": "Egg", "carcass": "Intruder Carcass", "corpse": "Character Corpse"},
           "zh": {"egg": "蟲卵", "carcass": "異形殘骸", "corpse": "屍體標記"}}
# An item card by its back, all the other players see of an Inventory card (NEM-ITEM-2; glossary:
# military red, technical yellow, medical green, crafted blue).
BACKS = {"en": {"red": "a red item", "yellow": "a yellow item", "green": "a green item", "crafted": "a blue item",
                "quest": "a quest item", "starting": "a starting item", None: "an item"},
         "zh": {"red": "一張紅色物品", "yellow": "一張黃色物品", "green": "一張綠色物品", "crafted": "一張藍色物品",
                "quest": "一張任務物品", "starting": "一張起始物品", None: "一張物品"}}
COLOURS = {"en": {"red": "red", "yellow": "yellow", "green": "green", "crafted": "blue"},
           "zh": {"red": "紅色", "yellow": "黃色", "green": "綠色", "crafted": "藍色"}}
# Decks by name where a line names one (a reshuffled pile).
DECKS = {"en": {"event": "Event", "attack": "Intruder Attack", "wound": "Serious Wound", "computer": "Computer",
                "contamination": "Contamination", "red": "red item", "yellow": "yellow item", "green": "green item"},
         "zh": {"event": "事件", "attack": "異形攻擊", "wound": "重傷", "computer": "電腦", "contamination": "污染",
                "red": "紅色物品", "yellow": "黃色物品", "green": "綠色物品"}}
# What a player declares (action_declared), by verb; an Action card by its name.
ACTIONS = {"en": {"move": "Movement", "careful_move": "Careful Movement", "shoot": "Shoot", "melee": "Melee Attack",
                  "room": "a Room action", "item": "an Item action", "computer": "a Computer action",
                  "craft": "Craft", "trade": "Trade", "pick_up": "Pick Up Heavy Object",
                  "activate": "Activate Quest Item", "escape_facility": "Escape the Facility"},
           "zh": {"move": "移動", "careful_move": "輕聲移動", "shoot": "射擊", "melee": "近戰", "room": "房間板塊行動",
                  "item": "物品卡行動", "computer": "電腦行動", "craft": "製作物品", "trade": "交易",
                  "pick_up": "撿重物", "activate": "啟用任務物品", "escape_facility": "逃離設施"}}
ATTACKS = {"en": {"shoot": "shot", "melee": "Melee Attack"}, "zh": {"shoot": "射擊", "melee": "近戰"}}
DICE = {"en": {"combat": "Combat die", "advantage": "Advantage die"}, "zh": {"combat": "戰鬥骰", "advantage": "優勢骰"}}
FACES = {"en": {"BLANK": "Blank", "CREEPER": "Creeper", "ADULT": "Adult", "HIT1": "Hit 1", "HIT2": "Hit 2",
                "DISCARD_FOR_1": "discard for 1", "HIT1_OR_DISCARD_FOR_2": "Hit 1, or discard for 2"},
         "zh": {"BLANK": "空白", "CREEPER": "爬蟲", "ADULT": "成蟲", "HIT1": "命中 1", "HIT2": "命中 2",
                "DISCARD_FOR_1": "棄牌得 1", "HIT1_OR_DISCARD_FOR_2": "命中 1 或棄牌得 2"}}
SCAN = {"en": {"clean": "clean", "INFECTED": "infected"}, "zh": {"clean": "乾淨", "INFECTED": "感染"}}
# What a peek looked at (peek / peek_result: kind and where)
PEEKS = {"en": {"css": "the face-down CSS token of slot {where}", "tiles": "the face-down Room tile of {where}",
                "events": "the top Event card(s)", "objectives": "the objectives of {where}",
                "contingency": "a Contingency token ({where})"},
         "zh": {"css": "{where}的面朝下 CSS 標記", "tiles": "{where}面朝下的房間板塊", "events": "事件牌庫頂的卡",
                "objectives": "{where}的目標", "contingency": "一個應急措施標記（{where}）"}}
# Why the game ended (end.purge / destroy_facility callers), for the Chinese line.
WHY_ZH = {"no one is left in the Facility": "基地裡已沒有人", "time ran out": "時間用盡",
          "the Autodestruction countdown ran out": "自毀倒數結束", "the Alert Procedure ended": "警報程序結束",
          "no fire marker left": "火焰標記用盡", "no malfunction marker left": "故障標記用盡"}
NOISE_FACES = {"en": {"SILENCE": "Silence", "DANGER": "Danger"}, "zh": {"SILENCE": "無聲", "DANGER": "危險"}}


def _pick(name: Any, lang: str) -> str:
    return str(name.zh if lang == "zh" else name.en)


def room_name(room: str, lang: str, the: bool = False) -> str:
    """A Room slot by its printed name (fixed tiles; the three Elevator Rooms by their Section, the
    two Emergency Staircases by their number) or its Room number. ``the``: an English named Room
    takes "the" ("moves to the Repository", but "moves to Room 008")."""
    c = content()
    words = WORDS[lang]
    if room == "TECH":
        return words["tech"]
    if room in ("facility", "bunker"):
        return words[room]
    slot = c.board.rooms.get(room)
    if slot is not None and slot.fixed_tile and slot.fixed_tile in c.tiles:
        name = _pick(c.tiles[slot.fixed_tile].name, lang)
        if slot.fixed_tile in _shared_tiles():
            name += " " + (f"{slot.section[0]}-{slot.section[1:]}" if slot.section else slot.number)
        return f"the {name}" if the and lang == "en" else name
    if room.startswith("R") and room[1:].isdigit():
        return words["room"].format(n=room[1:])
    return room


@cache
def _shared_tiles() -> frozenset[str]:
    """Printed Rooms that appear more than once on the board (Elevator Rooms, Emergency Staircases)."""
    tiles = [r.fixed_tile for r in content().board.rooms.values() if r.fixed_tile]
    return frozenset(t for t in tiles if tiles.count(t) > 1)


def slot_name(slot: Any, lang: str) -> str:
    """A Time-track slot: its number, ``S`` for the last one (index 0)."""
    text = "S" if slot == 0 else str(slot)
    return text if lang == "en" else f"第 {text} 格" if text != "S" else "S 格"


def _location(location: Any, lang: str) -> str:
    """A Power location: a Section (S-01) or the Elevator."""
    text = str(location)
    if text == "ELEVATOR":
        return "the Elevator" if lang == "en" else "電梯"
    return f"{text[0]}-{text[1:]}" if len(text) == 3 and text[0] == "S" else text


def exit_name(exit_id: str, lang: str) -> str:
    return WORDS[lang]["tech"] if exit_id == "TECH" else WORDS[lang]["corridor"].format(c=exit_id)


def _named(table: Any, key: Any, lang: str) -> str:
    found = table.get(key) if hasattr(table, "get") else None
    return _pick(found.name, lang) if found is not None else str(key)


def intruder_type_name(kind: Any, language: str = "en") -> str:
    """An intruder's (or a bag token's) kind by its printed name."""
    return _intruder_type(kind, language_key(language))


def _intruder_type(kind: Any, lang: str) -> str:
    if kind == "blank":                                  # the bag's Blank token
        return "Blank" if lang == "en" else "空白"
    found = next((t for t in content().tokens.intruder_types if t.id == kind), None)
    return _pick(found.name, lang) if found else str(kind)


def describe(event: Event, language: str = "en") -> str:
    """One log line for ``event`` in ``language``, by its template (the event's kind and data for a
    kind without one)."""
    lang = language_key(language)
    template = TEMPLATES.get(event.kind)
    if template is None:
        details = ", ".join(f"{k}={v}" for k, v in event.data.items())
        return f"{event.kind}({details})"
    try:
        fields = _fields(event, lang)
    except (KeyError, ValueError, IndexError, TypeError):
        fields = None
    if event.kind == "deck_reshuffled" and "seat" not in event.data:
        template = ("The {deck} discard pile is shuffled into a new deck.", "{deck}棄牌堆洗成新的牌庫。")
    if event.kind == "passed" and not event.data.get("discarded"):
        template = ("{who} passes.", "{who} 跳過。")
    text = template[1] if lang == "zh" else template[0]
    try:
        line = text.format(**fields) if fields is not None else None
    except (KeyError, ValueError, IndexError):
        line = None
    if line is None:
        return f"{event.kind}({', '.join(f'{k}={v}' for k, v in event.data.items())})"
    return _polish(line, lang)


_AN = re.compile(r"\b([Aa]) (?=[AEIOU])")
_PLURAL = re.compile(r"\b(\d+) ([A-Za-z][A-Za-z ]*?)\((s|ies)\)")
_CJK = "\u3400-\u9fff"
_BEFORE_CJK = re.compile(rf"([A-Za-z0-9)])([{_CJK}])")
_AFTER_CJK = re.compile(rf"([{_CJK}])([A-Za-z0-9(])")


def _polish(line: str, lang: str) -> str:
    """English: "an Adult", "1 Injury" / "2 Injuries", a capital first letter. Chinese: a space between
    Chinese and the Latin letters or digits beside it ("玩家 2 獲得", "房間 009 的")."""
    if lang == "zh":
        return _AFTER_CJK.sub(r"\1 \2", _BEFORE_CJK.sub(r"\1 \2", line))
    line = _AN.sub(lambda m: f"{m.group(1)}n ", line)

    def plural(m: re.Match[str]) -> str:
        n, words, ending = m.group(1), m.group(2), m.group(3)
        if n == "1":
            return f"{n} {words}"
        return f"{n} {words[:-1]}ies" if ending == "ies" else f"{n} {words}s"
    line = _PLURAL.sub(plural, line)
    return line[:1].upper() + line[1:]


def _fields(event: Event, lang: str) -> dict[str, Any]:
    """The event's fields in words, as the templates name them."""
    c = content()
    words = WORDS[lang]
    kind = event.kind
    fields: dict[str, Any] = dict(event.data)
    if "seat" in fields and isinstance(fields["seat"], int):
        fields["who"] = words["player"].format(n=fields["seat"] + 1)
    if "character" in fields:
        fields["character"] = _named(c.characters, fields["character"], lang)
    for key in ("room", "to"):
        if isinstance(fields.get(key), str):
            fields[key] = room_name(fields[key], lang, the=True)
    if "exit" in fields:
        fields["exit"] = exit_name(str(fields["exit"]), lang)
    if "type" in fields:
        fields["type"] = _intruder_type(fields["type"], lang)
    if "tile" in fields:
        fields["tile"] = _named(c.tiles, fields["tile"], lang)
    if "effect" in fields:
        effect = next((e for e in c.tokens.exploration_effects if e.id == fields["effect"]), None)
        fields["effect"] = _pick(effect.name, lang) if effect else fields["effect"]
    if "items" in fields and fields["items"] is None:
        fields["items"] = "-"
    if kind in ("combat_roll", "die_rerolled", "combat_result"):
        for key in ("face", "was"):
            if key in fields:
                fields[key] = FACES[lang].get(str(fields[key]), fields[key])
        if "die" in fields:
            fields["die"] = DICE[lang].get(str(fields["die"]), fields["die"])
        if "attack" in fields:
            fields["attack"] = ATTACKS[lang].get(str(fields["attack"]), fields["attack"])
    elif "face" in fields:
        fields["face"] = NOISE_FACES[lang].get(str(fields["face"]), fields["face"])
    if kind == "echo_confusion":
        fields["choice"] = NOISE_FACES[lang].get(str(fields.get("choice")).upper(), fields.get("choice"))
    for key in ("giver", "receiver", "against"):
        if isinstance(fields.get(key), int):
            fields[f"{key}_name"] = words["player"].format(n=fields[key] + 1)
    for key in ("item", "weapon"):
        if key in fields:
            fields[key] = _any_name(fields[key], lang)
    if "thing" in fields or "item" in fields or "deck" in fields:
        thing = fields.get("thing") or event.data.get("item")
        fields["thing_name"] = OBJECTS[lang].get(str(thing)) or (_any_name(thing, lang) if thing else
                                                                BACKS[lang].get(fields.get("deck"), BACKS[lang][None]))
    if kind == "search":
        fields["deck"] = COLOURS[lang].get(str(fields.get("deck")), fields.get("deck"))
    if kind == "deck_reshuffled" and "deck" in fields:
        fields["deck"] = DECKS[lang].get(str(fields["deck"]), fields["deck"])
    if "items" in fields and isinstance(fields["items"], (list, tuple)):
        fields["items"] = words["sep"].join(_any_name(i, lang) for i in fields["items"])
    if kind == "search_kept":
        fields["kept_word"] = ("one" if fields.get("kept") else "no") if lang == "en" else (
            "保留一張" if fields.get("kept") else "一張都不留")
    if kind == "scan_result":
        fields["scan"] = words["sep"].join(SCAN[lang].get(str(v), str(v))
                                           for v in (fields.get("cards") or {}).values()) or "-"
    if kind in ("computer_card", "card_played", "computer_action") and "card" in fields:
        fields["card"] = _any_name(fields["card"], lang)
    if kind == "action_declared":
        action = str(fields.get("action"))
        fields["action"] = _action_card(fields["card"], lang) if action == "card" and "card" in fields else \
            ACTIONS[lang].get(action, action)
    if kind == "room_action":
        fields["action"] = _room_action(fields.get("action"), lang)
    if kind == "search_drawn" and isinstance(fields.get("cards"), (list, tuple)):
        fields["cards"] = words["sep"].join(_any_name(i, lang) for i in fields["cards"])
    if "by" in fields:
        by = fields["by"]
        fields["by_name"] = words["intruder"] if not isinstance(by, int) else words["player"].format(n=by + 1)
    if "hit" in fields:
        fields["hit_word"] = words["hit" if fields["hit"] else "miss"]
    if kind == "slime":
        fields["slime_state"] = words["gains" if fields.get("on") else "loses"]
    if "object" in fields:
        fields["object"] = OBJECTS[lang].get(str(fields["object"]), fields["object"])
    if kind == "object_researched":
        revealed = fields.get("revealed")
        name = _named(c.weaknesses, revealed, lang) if revealed else ""
        fields["revealed_text"] = "" if not revealed else (
            f": Weakness revealed, {name}" if lang == "en" else f"：揭露異形弱點「{name}」")
    if kind == "power_flipped":
        fields["active_word"] = words["active" if fields.get("active") else "inactive"]
        fields["location"] = _location(fields.get("location"), lang)
    if kind == "time_token_flipped":
        fields["time_side"] = words["blue" if fields.get("active") else "red"]
    if "slot" in fields:
        fields["slot_zh"] = slot_name(fields["slot"], "zh")
        fields["slot"] = slot_name(fields["slot"], "en")
    if kind == "css_token_moved":
        to = event.data.get("to")
        fields["to_slot"], fields["to_zh"] = slot_name(to, "en"), slot_name(to, "zh")
    if kind in ("peek", "peek_result"):
        fields["peeked"] = _peeked(str(fields.get("kind")), event.data.get("where"), lang)
        fields["what"] = _seen(str(fields.get("kind")), event.data.get("what"), lang)
    if "why" in fields and lang == "zh":
        fields["why"] = WHY_ZH.get(str(fields["why"]), fields["why"])
    if kind == "intruder_attack" and "card" in fields:
        fields["card"] = _named(c.attacks, fields["card"], lang)
    if kind == "event_card":
        fields["card"] = _named(c.events, fields["card"], lang)
    if "wound" in fields:
        wound = fields["wound"]
        fields["wound"] = words["generic"] if wound == "generic" else _named(c.serious_wounds, wound, lang)
    if "cause" in fields:
        fields["cause"] = words.get(str(fields["cause"]), fields["cause"])
    if "cards" in fields and isinstance(fields["cards"], (list, tuple)):
        fields["cards"] = words["sep"].join(_action_card(card, lang) for card in fields["cards"])
    if "outcome" in fields:
        fields["outcome"] = _outcome(fields["outcome"], lang)
    if "colour" in fields:
        colour = next((k for k in c.tokens.contingency_colours if k.colour == fields["colour"]), None)
        fields["colour"] = _pick(colour.name, lang) if colour else fields["colour"]
    if "kind" in fields and kind == "game_ended":
        fields["end_kind"] = words.get(str(fields["kind"]), fields["kind"])
    if kind == "victory_check":
        fields["results"] = _results(fields.get("result") or {}, lang)
    return fields


def _outcome(outcome: Any, lang: str) -> str:
    """A CSS token's outcome: one pod, every pod, no pod."""
    words = WORDS[lang]
    text = str(outcome)
    return words[text.lower()] if text in ("ALL", "NONE") else words["pods"].format(p=text)


def room_action_name(action: Any, language: str = "en") -> str:
    """A Room tile's action by its printed name."""
    return _room_action(action, language_key(language))


def _room_action(action: Any, lang: str) -> str:
    """A Room action by its printed name."""
    for tile in content().tiles.values():
        for found in tile.actions:
            if found.id == action:
                return _pick(found.name, lang)
    return str(action)


def _peeked(kind: str, where: Any, lang: str) -> str:
    """What a peek looked at (everyone may know this much, spec 8)."""
    if kind == "contingency":
        spot = str(where).partition(".")[0]
        if spot.startswith("seat") and spot[4:].isdigit():
            where = WORDS[lang]["player"].format(n=int(spot[4:]) + 1)
            where = f"{where}'s" if lang == "en" else where
        else:
            where = "the Neutral Pool" if lang == "en" else "中立池"
    elif kind == "tiles" and isinstance(where, str):
        where = room_name(where, lang)
    elif kind == "css":
        where = slot_name(where, lang) if lang == "en" else slot_name(where, "zh")
    elif kind == "objectives" and isinstance(where, int):
        where = WORDS[lang]["player"].format(n=where + 1)
    return PEEKS[lang].get(kind, kind + " ({where})").format(where=where)


def _seen(kind: str, what: Any, lang: str) -> str:
    """What a peek showed its player."""
    c = content()
    sep = WORDS[lang]["sep"]
    if kind == "css":
        return _outcome(what, lang)
    if kind == "tiles":
        return _named(c.tiles, what, lang)
    if kind == "events" and isinstance(what, (list, tuple)):
        return sep.join(_named(c.events, e, lang) for e in what)
    if kind == "objectives" and isinstance(what, (list, tuple)):
        return sep.join(_named(c.objectives, o, lang) for o in what)
    if kind == "contingency" and isinstance(what, dict):
        colour = next((k for k in c.tokens.contingency_colours if k.colour == what.get("colour")), None)
        return _pick(colour.name, lang) if colour else str(what.get("colour"))
    return str(what)


def _any_name(key: Any, lang: str) -> str:
    """A content id by its name, whatever it names (items, computer cards, action cards, ...)."""
    c = content()
    for table in (c.items, c.computer_cards, c.tiles, c.events, c.attacks, c.weaknesses, c.characters):
        found = table.get(key) if hasattr(table, "get") else None
        if found is not None and hasattr(found, "name"):
            return _pick(found.name, lang)
    return _action_card(key, lang)


def _action_card(card: Any, lang: str) -> str:
    """An Action card by name (common cards and every character's own, found by id)."""
    c = content()
    for candidate in c.common_cards + tuple(x for ch in c.characters.values() for x in ch.cards):
        if candidate.id == card and hasattr(candidate, "name"):
            return _pick(candidate.name, lang)
    return str(card)


def _results(result: dict[str, Any], lang: str) -> str:
    words = WORDS[lang]
    parts = []
    for seat, entry in sorted(result.items(), key=lambda kv: int(kv[0])):
        who = words["player"].format(n=int(seat) + 1)
        state = words["alive" if entry.get("alive") else "dead"]
        verdict = words["won" if entry.get("won") else "lost"]
        parts.append(f"{who}: {state}, {verdict}" if lang == "en" else f"{who}：{state}，{verdict}")
    return ("; " if lang == "en" else "；").join(parts)
