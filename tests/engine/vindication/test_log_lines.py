"""Log lines read as sentences in English and Traditional Chinese: counted things agree with their
number, an article fits its word, a card's text never doubles a full stop, every event has a line."""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from engine import vindication
from engine.core import Event, Match, Rng, get_game
from engine.vindication.bot import HeuristicBot
from engine.vindication.log import TEMPLATES, describe

GAME = get_game("vindication")

LINES = [
    (Event("attributes_gained", {"seat": 0, "kinds": ["K", "S", "K"]}),
     "Player 1 gains 2 knowledge and 1 strength.", "玩家 1 獲得 2 點知識、1 點力量。"),
    (Event("attributes_gained", {"seat": 1, "kinds": ["I"]}),
     "Player 2 gains 1 inspiration.", "玩家 2 獲得 1 點靈感。"),
    (Event("power_step", {"seat": 0, "step": "pot_to_inf"}),
     "Player 1 augments potential → influence.", "玩家 1 強化能力：潛能 → 影響力。"),
    (Event("honor_changed", {"seat": 2, "delta": 2, "reason": "control of R10"}),
     "Player 3 gains 2 honor (control of R10).", "玩家 3 獲得 2 點榮耀（控制地區 R10）。"),
    (Event("honor_changed", {"seat": 0, "delta": -1, "reason": "lost S11"}),
     "Player 1 loses 1 honor (lost Cliff Scout).", "玩家 1 失去 1 點榮耀（失去 峭壁斥候）。"),
    (Event("recovered", {"seat": 0, "location": "S", "n": 1}),
     "Player 1 recovers 1 block from strength.", "玩家 1 從 力量 恢復 1 個方塊。"),
    (Event("recovered", {"seat": 0, "location": "R02", "n": 3}),
     "Player 1 recovers 3 blocks from R02.", "玩家 1 從 R02 恢復 3 個方塊。"),
    (Event("relic_charged", {"seat": 1, "card": "V05", "n": 1}),
     "Player 2 puts 1 charge on Seeker's Lens.", "玩家 2 為 尋覓者透鏡 充能 1 點。"),
    (Event("charges_spent", {"seat": 1, "card": "V05", "n": 2}),
     "Player 2 spends 2 charges of Seeker's Lens.", "玩家 2 花費 尋覓者透鏡 的 2 點充能。"),
    (Event("empowered_draw", {"seat": 0, "deck": "relic", "count": 1}),
     "Player 1 makes an empowered draw (1 card).", "玩家 1 充能抽牌（1 張）。"),
    (Event("proficiency_changed", {"seat": 0, "kind": "I", "delta": 1}),
     "Player 1 takes an inspiration proficiency tile.", "玩家 1 取得一塊靈感屬性專精板塊。"),
    (Event("proficiency_changed", {"seat": 0, "kind": "S", "delta": -1}),
     "Player 1 discards a strength proficiency tile.", "玩家 1 棄置一塊力量屬性專精板塊。"),
    (Event("control_changed", {"space": "R04", "previous": 1, "controller": None}),
     "R04 is no longer controlled.", "R04 不再有人控制。"),
    (Event("region_visited", {"seat": 0, "space": "R10", "tile": "inn", "units": 0}),
     "Player 1 visits the Inn (R10).", "玩家 1 造訪 旅館（R10）。"),
    (Event("region_visited", {"seat": 0, "space": "R03", "tile": "fear_gauntlet", "units": 0}),
     "Player 1 visits the Fear Gauntlet (R03).", "玩家 1 造訪 恐懼試煉（R03）。"),
    (Event("end_trigger_revealed", {"card": "E05"}),
     "End trigger revealed: A player controls 5 or more regions.",
     "翻開結束觸發卡：任一玩家控制 5 個以上地區。"),
    (Event("end_triggered", {"card": "E05", "round": 7, "final_round": 8}),
     "The end is triggered (a player controls 5 or more regions); round 8 is the last.",
     "遊戲結束已觸發（任一玩家控制 5 個以上地區）；第 8 輪為最後一輪。"),
    (Event("game_ended", {"scores": [44, 29, 38]}),
     "The game ends. Final honor: 44 for Player 1, 29 for Player 2 and 38 for Player 3.",
     "遊戲結束。最終榮耀：玩家 1 44 點、玩家 2 29 點、玩家 3 38 點。"),
    (Event("card_left", {"seat": 1, "card": "S11"}),
     "Cliff Scout leaves Player 2's tableau.", "峭壁斥候 離開 玩家 2 的個人區域。"),
    (Event("deck_peeked", {"seat": 0, "deck": "trait", "count": 1}),
     "Player 1 looks at the top card of the trait deck.", "玩家 1 查看特質卡牌庫頂的 1 張牌。"),
    (Event("deck_reordered", {"seat": 0, "deck": "companion_K"}),
     "Player 1 puts the top of the knowledge companion deck back in a new order.",
     "玩家 1 將知識夥伴牌庫頂的牌以新的順序放回。"),
    (Event("modifier_added", {"seat": 0, "mod": "speed", "source": None, "n": 1}),
     "Player 1: a modifier takes effect this turn.", "玩家 1：修正效果 本回合生效。"),
]


@pytest.mark.parametrize(("event", "english", "chinese"), LINES, ids=[f"{e.kind}-{i}" for i, (e, _, _) in
                                                                    enumerate(LINES)])
def test_events_read_as_sentences_in_both_languages(event, english, chinese) -> None:
    assert describe(event, "en") == english
    assert describe(event, "zh-TW") == chinese


# What a line of real play must never show: a doubled full stop, "(s)", "a" before a vowel, one of
# a plural, a raw list or null, ASCII commas in Chinese; and a line must start with a capital.
ENGLISH_SLIPS = re.compile(r"(?<!\.)\.\.(?!\.)|\(s\)|\ba [aeiou]|\[|\bNone\b|^[a-z]"
                           r"|\b1 (?:blocks|charges|cards|hits|secret quests)\b")
CHINESE_SLIPS = re.compile(r"。。|, |\(s\)|\[|\bNone\b|[a-z]{4,}")


@pytest.mark.parametrize(("seed", "module"), [(1, False), (2, True), (3, True)])
def test_lines_of_whole_games_have_no_slips(seed: int, module: bool) -> None:
    match = Match.new("vindication", 3, seed=seed, options={"villages_hamlets": module})
    bot, bot_rng, rnd = HeuristicBot(GAME), Rng(seed), random.Random(seed)
    kinds = set()
    while not match.state.is_terminal():
        legal = match.state.legal()
        command = bot.choose(match.state.view(legal[0].seat), legal, bot_rng) if rnd.random() < 0.8 \
            else rnd.choice(legal)
        for event in match.apply(command):
            kinds.add(event.kind)
            english, chinese = describe(event, "en"), describe(event, "zh-TW")
            assert not ENGLISH_SLIPS.search(english), english
            assert not CHINESE_SLIPS.search(chinese), chinese
    assert len(kinds) > 25


def test_every_event_the_rules_emit_has_a_line() -> None:
    source = "".join(p.read_text("utf-8") for p in Path(vindication.__file__).parent.rglob("*.py"))
    emitted = set(re.findall(r'emit\("([a-z_]+)"', source))
    assert emitted and emitted <= set(TEMPLATES)


def _strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    items = value.values() if isinstance(value, dict) else value if isinstance(value, (list, tuple)) else ()
    return [s for item in items for s in _strings(item)]


@pytest.mark.parametrize(("seed", "module"), [(4, False), (5, True)])
def test_public_events_name_only_what_every_seat_sees(seed: int, module: bool) -> None:
    """A kept quest, the villages bag, face-down ruins and deck order never reach a public event
    (nor its log lines): every card, tile, quest, rune or end-trigger id one names is on the table
    for an onlooker, before or after the command."""
    from engine.vindication.content import content
    c = content()
    secret_ids = (set(c.quests) | set(c.cards) | set(c.regions) | {r.id for r in c.module.runes}
                  | set(c.end_triggers))
    match = Match.new("vindication", 4, seed=seed, options={"villages_hamlets": module})
    bot, bot_rng, rnd = HeuristicBot(GAME), Rng(seed), random.Random(seed)
    named = 0
    while not match.state.is_terminal():
        before = str(match.state.view(None))
        legal = match.state.legal()
        command = bot.choose(match.state.view(legal[0].seat), legal, bot_rng) if rnd.random() < 0.7 \
            else rnd.choice(legal)
        events = match.apply(command)
        after = str(match.state.view(None))
        for event in events:
            if event.audience is not None:
                continue
            for word in set(_strings(event.data)) & secret_ids:
                named += 1
                assert f"'{word}'" in before or f"'{word}'" in after, (event.kind, word)
    assert named > 100
