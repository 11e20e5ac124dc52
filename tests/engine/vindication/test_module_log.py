"""Log lines for the Villages & Hamlets events, in English and Traditional Chinese (glossary of spec 2)."""
from __future__ import annotations

import pytest

from engine.core import Event
from engine.vindication.log import describe
from tests.engine.vindication.module_positions import runes, vh_table, vpower, with_dice

MODULE_EVENTS = ["slot_filled", "village_control_changed", "built", "dug", "rune_map_taken", "rune_donated",
                 "check_die_rolled", "check_resolved", "token_relocated", "rune_used"]

LINES = [
    (Event("slot_filled", {"place": "venfero_secret/3", "tile": "theater"}),
     "Venfero's Secret, slot 3 is filled: The Theater.", "凡菲羅的秘密第 3 格 放入 劇院。"),
    (Event("village_control_changed", {"settlement": "dobney_wish", "previous": None, "holder": 1}),
     "Dobney's Wish: now held by Player 2.", "多布尼的心願的控制者：玩家 2。"),
    (Event("village_control_changed", {"settlement": "tarcee_riddle", "previous": 0, "holder": None}),
     "Tarcee's Riddle: now held by nobody.", "塔希的謎語的控制者：無人。"),
    (Event("built", {"seat": 0, "area": "A2", "tile": "guildhouse"}),
     "Player 1 builds the Guildhouse on the building site A2.", "玩家 1 在建築工地 A2 建造 公會會館。"),
    (Event("dug", {"seat": 1, "area": "A3", "rune": "zeal"}),
     "Player 2 digs up the hidden ruins on A3: Rune of Zeal.", "玩家 2 挖掘 A3 的隱藏遺跡：熱忱符文。"),
    (Event("rune_map_taken", {"seat": 0}), "Player 1 takes a rune map.", "玩家 1 拿取一張符文地圖。"),
    (Event("rune_donated", {"seat": 0, "rune": "devotion"}),
     "Player 1 donates the Rune of Devotion at the Temple of Legends.", "玩家 1 在傳說神殿捐出虔誠符文。"),
    (Event("check_die_rolled", {"seat": 0, "kind": "C", "face": "miss"}),
     "Player 1 rolls the courage check die: miss.", "玩家 1 擲勇氣檢定骰：未中。"),
    (Event("check_resolved", {"seat": 0, "hits": 2, "required": 2, "passed": True}),
     "Player 1's attribute check: 2 hits of 2 needed: passed.", "玩家 1 的屬性檢定：命中 2 次（需 2 次）：成功。"),
    (Event("check_resolved", {"seat": 0, "hits": 1, "required": 0, "passed": True}),
     "Player 1's attribute check: 1 hit.", "玩家 1 的屬性檢定：命中 1 次。"),
    (Event("token_relocated", {"seat": 0, "to": "F3"}),
     "Player 1 crosses over to F3 on the Forgotten Isle.", "玩家 1 轉移至 遺忘之島 F3。"),
    (Event("token_relocated", {"seat": 0, "to": "T29"}),
     "Player 1 crosses over to Thwynn's Landing (T29).", "玩家 1 轉移至 斯溫登陸港（T29）。"),
    (Event("rune_used", {"seat": 0, "rune": "discipline", "kind": "S"}),
     "Player 1 uses the Rune of Discipline (1 conviction for 1 strength).",
     "玩家 1 使用紀律符文（以 1 點信念代替 1 點力量）。"),
    (Event("rune_used", {"seat": 0, "rune": "ingenuity"}),
     "Player 1 uses the Rune of Ingenuity.", "玩家 1 使用巧思符文。"),
]


@pytest.mark.parametrize(("event", "english", "chinese"), LINES, ids=[f"{e.kind}-{i}" for i, (e, _, _) in
                                                                    enumerate(LINES)])
def test_module_events_read_as_sentences_in_both_languages(event, english, chinese) -> None:
    assert describe(event, "en") == english
    assert describe(event, "zh-TW") == chinese


def test_every_module_event_has_a_line() -> None:
    assert {e.kind for e, _, _ in LINES} == set(MODULE_EVENTS)


def test_events_of_real_module_play_never_fall_back_to_raw_fields() -> None:
    game = vh_table(tokens={0: "T17", 1: "T28"},
                    regions={"R12": "temple_of_legends", "R13": "tidewatch_beacon"})
    game.edit(lambda d: vpower(d, 0, conviction=5, influence=5, S=1, K=1))
    game.edit(lambda d: runes(d, 0, "devotion", "discipline"))
    seen = game.play("visit R12 choice=donate_discipline", "rune devotion")
    with_dice(game, "visit R13", {"S": "miss", "K": "hit", "I": "hit"})
    seen += game.events + game.answer(["S"])
    game.edit(lambda d: d["turn"].update(used={"activate": 0, "move": 0, "visit": 0}, extra={"activate": 0,
                                                                                             "visit": 0}))
    game.edit(lambda d: d["players"][0].update(rune_map=True))
    seen += game.play("move T17,T29 relocate=F3", "dig A2")
    kinds = {e.kind for e in seen}
    assert {"rune_donated", "rune_used", "check_die_rolled", "check_resolved", "token_relocated",
            "dug"} <= kinds
    for event in seen:
        for language in ("en", "zh-TW"):
            line = describe(event, language)
            assert not line.startswith(f"{event.kind}("), line
