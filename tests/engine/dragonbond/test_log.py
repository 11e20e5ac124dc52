"""Log lines, button words and prompt titles (engine/dragonbond/log.py, labels.py): every event kind
the engine emits has a line in English and Traditional Chinese, none of them fails, and public lines
never show a hidden card (DRG-HIDDEN-10)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.core import Command, Event, Match, Rng, weighted_choice
from engine.core.language import language_index
from engine.dragonbond import labels, log
from engine.dragonbond.content import content
from engine.dragonbond.game import GAME

ENGINE = Path(__file__).resolve().parents[3] / "engine" / "dragonbond"
EMIT = re.compile(r'emit\(\s*"([a-z_]+)"')


def emitted_in_source() -> set[str]:
    return {m.group(1) for path in ENGINE.rglob("*.py") for m in EMIT.finditer(path.read_text("utf-8"))}


def random_games(games: int = 8, max_commands: int = 3_000):
    """(match, command, events) of seeded random games over every mix of human and AI seats."""
    for seed in range(1, games + 1):
        humans = seed % 4 + 1
        match = Match.new("dragonbond", humans, seed=seed, seats=["bot:random"] * humans)
        rng = Rng(seed, stream=7)
        for _ in range(max_commands):
            if match.state.is_terminal():
                break
            legal = match.state.legal()
            if not legal:       # another rule area's unfinished decision; the soak test reports it
                break
            command = weighted_choice(rng, legal, [GAME.random_weight(c) for c in legal])
            before = match.state.copy()
            events = match.apply(command)
            yield before, command, events


def test_every_kind_in_the_source_has_a_line_in_both_languages():
    missing = sorted(emitted_in_source() - set(log.TEMPLATES))
    assert missing == [], f"event kinds without a log line: {missing}"
    for kind, (en, zh) in log.TEMPLATES.items():
        assert en and zh and en != zh, kind


def test_every_event_of_seeded_games_is_worded_without_the_fallback():
    seen: set[str] = set()
    for _, _, events in random_games():
        for event in events:
            seen.add(event.kind)
            assert event.kind in log.TEMPLATES, f"no log line for {event.kind}"
            for language in ("en", "zh_TW"):
                line = GAME.describe(event, language)
                assert line and "{" not in line
                assert line != log.generic(event, language_index(language)), (event, language)
    assert {"card_placed", "card_revealed", "phase_changed"} <= seen


def test_an_unknown_kind_or_broken_fields_fall_back_to_a_generic_line():
    odd = Event("brand_new_kind", {"character": "elyse", "region": "silverwood", "n": 2})
    assert "Elyse" in GAME.describe(odd) and "brand new kind" in GAME.describe(odd)
    assert "brand new kind" in GAME.describe(odd, "zh_TW")
    missing_field = Event("combat_started", {"attacker": "elyse"})
    assert GAME.describe(missing_field)
    assert GAME.describe(Event("power_gained", {"character": object(), "n": None}))


def test_lines_name_characters_regions_and_cards():
    c = content()
    event = Event("unit_deployed", {"character": "elyse", "unit": "cavalry", "region": "silverwood"})
    assert GAME.describe(event) == f"Elyse deploys 1 cavalry in {c.map.regions['silverwood'].name.en}."
    assert c.map.regions["silverwood"].name.zh_TW in GAME.describe(event, "zh_TW")
    assert "騎兵" in GAME.describe(event, "zh_TW")


def _hidden_card_names(state) -> dict[str, set[str]]:
    """Names (en, zh) of action and event cards nobody may see now: face-down stack cards, hands, the
    event deck (region cards are named by their regions, which are public, so they are left out)."""
    c = content()
    data = state.data
    hidden = [e["card"] for e in data["stack"] if not e["revealed"]] + list(data["decks"]["event"])
    hidden += [card for b in data["boards"].values() for card in b["hand"] + b["ai_deck"]]
    names: dict[str, set[str]] = {}
    for card in hidden:
        table = c.action_cards if card in c.action_cards else c.event_cards if card in c.event_cards else None
        if table is not None:
            names[card] = {table[card].name.en, table[card].name.zh_TW}
    return names


@pytest.mark.rule("DRG-HIDDEN-10")
def test_public_lines_never_name_a_card_still_hidden():
    placed = 0
    for before, _, events in random_games(6):
        hidden = _hidden_card_names(before)
        shown = {e.data.get("card") for e in events if e.reveals}
        shown |= {e.data.get("card") for e in events if e.kind in ("card_returned", "card_discarded")}
        for event in events:
            if not event.public:
                continue
            placed += event.kind == "card_placed"
            for language in ("en", "zh_TW"):
                line = GAME.describe(event, language)
                for card, names in hidden.items():
                    if card not in shown:
                        assert not any(name in line for name in names), (line, card)
    assert placed


@pytest.mark.rule("DRG-HIDDEN-10")
def test_a_placement_is_logged_publicly_by_kind_and_privately_by_face():
    match = Match.new("dragonbond", 2, seed=3, seats=["human", "human"], options={"characters": "in_order"})
    seat = match.state.deciders()[0]
    place = next(c for c in match.state.legal(seat) if c.verb == "place")
    events = match.apply(place)
    public = [e for e in events if e.public and e.kind == "card_placed"]
    private = [e for e in events if e.kind == "card_placed_own"]
    card_name = content().action_cards[place.args[0]].name.en
    assert public and card_name not in GAME.describe(public[0])
    assert "action card" in GAME.describe(public[0])
    assert private and private[0].audience == frozenset({seat}) and card_name in GAME.describe(private[0])


def test_buttons_and_prompts_have_words_in_both_languages():
    c = content()
    first = next(iter(c.map.regions))
    second = c.map.regions[first].adjacent[0]
    fly = Command("answer", (f"fly/{first}/{second}",), (), 0)
    assert GAME.describe_command(fly) == f"Fly: {c.map.regions[first].name.en} → {c.map.regions[second].name.en}"
    assert c.map.regions[second].name.zh_TW in GAME.describe_command(fly, "zh_TW")
    deploy = Command("answer", (f"deploy/ranged@{first}",), (), 0)
    assert GAME.describe_command(deploy) == f"Deploy: ranged unit in {c.map.regions[first].name.en}"
    move = Command("answer", (f"move/{first}/{second}/infantry.2+figure",), (), 0)
    assert "2 infantry + figure" in GAME.describe_command(move)
    assert GAME.describe_command(Command("pass", (), (("to", 1),), 0)).endswith("Player 2")
    assert GAME.describe_command(Command("answer", ("counter",), (), 0)) == "Counter-attack"
    assert GAME.describe_command(Command("answer", (1,), (), 0)) == "Player 2"
    card = next(iter(c.action_cards))
    assert GAME.describe_command(Command("place", (card,), (), 0)) == f"Place {c.action_cards[card].name.en}"
    for kind in (*labels.PROMPTS, "icon_fly", "icon_collect"):
        assert GAME.describe_prompt(kind) != kind.replace("_", " ")
        assert GAME.describe_prompt(kind, "zh_TW") != GAME.describe_prompt(kind)


def test_the_outcome_and_rule_areas_are_worded():
    from engine.core import Outcome
    outcome = Outcome((0,), "event_deck_empty; won: elyse, nagasha", (3.0,))
    assert GAME.describe_outcome(outcome) == "The event deck is empty"    # the winners: the end screen's columns
    assert GAME.describe_outcome(outcome, "zh_TW") == "事件卡牌庫已空"
    by_ai = Outcome((), "power_goal; won: ferellon (AI)", (3.0,))
    assert GAME.describe_outcome(by_ai) == "Power goal reached"
    assert GAME.describe_outcome(by_ai, "zh_TW") == "達成權力目標"
    assert GAME.rule_title("DRG-COMBAT-3") == "Combat" and GAME.rule_title("DRG-OATH-1", "zh_TW") == "龍族誓約"
    assert GAME.rule_title("not a rule") == ""
    assert GAME.event_rule(Event("card_placed", {})) == "DRG-PLAN-3"


def test_the_buttons_of_one_decision_never_read_the_same():
    for before, _, _ in random_games(4):
        for seat in before.deciders():
            legal = before.legal(seat)
            for language in ("en", "zh_TW"):
                words = [GAME.describe_command(c, language, before.view(seat)) for c in legal]
                assert len(set(words)) == len(words), (before.prompt, words)


# --- grammar: counts, pieces, sides -----------------------------------------------------------------

@pytest.mark.parametrize(("kind", "data", "en", "zh"), [
    ("power_gained", {"character": "elyse", "n": 1}, "Elyse gains 1 power token.", "艾莉絲獲得 1 個權力標記。"),
    ("power_spent", {"character": "elyse", "n": 2}, "Elyse spends 2 power tokens.", "艾莉絲消耗 2 個權力標記。"),
    ("units_removed", {"owner": "neutral", "region": "silverwood", "units": {"neutral": 1}},
     "1 neutral unit removed from Silverwood.", "銀木林移除 1 個中立單位。"),
    ("units_removed", {"owner": "elyse", "region": "silverwood", "units": {"ranged": 2}},
     "Elyse loses 2 ranged units in Silverwood.", "艾莉絲在銀木林失去 2 個遠程單位。"),
    ("pieces_moved", {"character": "elyse", "origin": "silverwood", "destination": "highpass", "units": {},
                      "figure": True, "cause": "approach"},
     "Elyse moves the figure from Silverwood to Highpass (approach).", "艾莉絲將角色模型從銀木林移動到高隘（進擊）。"),
    ("pieces_moved", {"character": "elyse", "origin": "silverwood", "destination": "highpass",
                      "units": {"infantry": 1, "ranged": 1}, "figure": True},
     "Elyse moves 1 infantry, 1 ranged unit and the figure from Silverwood to Highpass.",
     "艾莉絲將 1 個步兵、1 個遠程單位與角色模型從銀木林移動到高隘。"),
    ("dice_rolled", {"side": "neutral", "faces": ["hit1", "blank"]}, "The neutral units roll 1 hit, blank.",
     "中立單位擲出 1 次攻擊、空白。"),
    ("dice_rolled", {"side": "elyse", "faces": []}, "Elyse rolls no dice.", "艾莉絲擲出零顆骰子。"),
    ("hits_converted", {"side": "elyse", "n": 1, "to": "crit"}, "Elyse: 1 hit becomes a critical hit.",
     "艾莉絲的 1 次攻擊變為爆擊。"),
    ("hits_ignored", {"n": 2, "cause": "mountain"}, "2 hits ignored (the mountain border).",
     "2 次攻擊被忽略（山脈疆界）。"),
    ("carry_prepared", {"dragon": "ferellon", "general": "elyse", "units": {}}, "Ferellon will carry Elyse's figure.",
     "費瑞倫將載運艾莉絲的角色模型。"),
    ("vaala_cast", {"character": "nagasha", "card": "nag_v2", "own": 0, "ally": 1},
     "Nagasha casts Shed Skin (paying 1 power token from the ally).", "娜迦莎施放蛻皮（由盟友支付 1 個權力標記）。"),
    ("modifier_added", {"kind": "no_retreat", "value": None, "side": "opponent", "holder": "adrael",
                        "source": "adr_v2", "duration": "exchange"},
     "Terror: Adrael's opponent cannot retreat (this exchange).", "恐懼：阿德瑞爾的對手不能撤退（本交戰回合）。"),
    ("modifier_added", {"kind": "mountains_closed", "value": None, "side": None, "holder": None, "source": "ev08",
                        "duration": "round"},
     "Storm over the Peaks: The mountain borders are closed (this round).", "群峰風暴：山脈疆界封閉（本輪）。"),
    ("effect_skipped", {"effect": "add_neutral", "actor": None, "source": "ev11", "reason": "no_legal_option"},
     "Restless Lords: placing neutral units does nothing (nothing possible).",
     "躁動諸侯：放置中立單位沒有效果（無可行選項）。"),
    ("ai_tie_broken", {"character": "ferellon", "purpose": "ai_icon", "options": [], "chosen": "fly/highpass",
                       "by": "proxy"},
     "The proxy picks for Ferellon: Fly: Highpass.", "代理決策者為費瑞倫選擇：飛行：高隘。"),
    ("dragon_flew", {"character": "ferellon", "origin": "red_moon_crags", "path": ["highpass", "saltmere"]},
     "Ferellon flies from Red Moon Crags to Saltmere.", "費瑞倫從赤月峭壁飛到鹽沼湖。"),
    ("power_stolen", {"thief": "elyse", "victim": "adrael", "to": "supply", "side": "spent"},
     "Elyse takes a power token from Adrael (no room: it goes back to the supply).",
     "艾莉絲從阿德瑞爾奪取一個權力標記（無處可放：退回供應區）。"),
    ("retreated", {"character": "adrael", "origin": "saltmere", "destination": "highpass", "forced": True,
                   "units": {}, "figure": True},
     "Adrael's figure retreats alone from Saltmere to Highpass.", "阿德瑞爾的角色模型單獨從鹽沼湖撤退到高隘。"),
    ("dragon_healed", {"character": "ferellon", "n": 0, "health": 6},
     "Ferellon is at full health (6): nothing to heal.", "費瑞倫生命已滿（6），無需治療。"),
    ("card_mode", {"owner": "ferellon", "mode": "heal"}, "Ferellon heals instead of executing the card.",
     "費瑞倫改為治療，不執行卡牌。"),
    ("region_card_routed", {"card": "rc_silverwood", "to": "region_deck"},
     "The Silverwood region card goes to the region deck.", "銀木林區域卡移到區域卡牌庫。"),
])
def test_lines_count_and_name_their_pieces_in_good_grammar(kind, data, en, zh):
    event = Event(kind, data)
    assert (GAME.describe(event), GAME.describe(event, "zh_TW")) == (en, zh)


GLITCHES = re.compile(r"\(s\)|\b1 (?:neutral units|ranged units|power tokens|hits|cards|criticals)\b"
                      r"|nobody (?:and|of)|rolls nobody|paying 0 |heals 0 |\bof nobody\b")
ZH_GLITCHES = re.compile(r"[\u4e00-\u9fff]\d|無人與|治療 0 點")


def test_whole_logs_read_without_grammar_glitches():
    for _, _, events in random_games(8):
        for event in events:
            assert not GLITCHES.search(GAME.describe(event)), GAME.describe(event)
            assert not ZH_GLITCHES.search(GAME.describe(event, "zh_TW")), GAME.describe(event, "zh_TW")
