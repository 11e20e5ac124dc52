"""Every game term the board and the end screen show, in English and Traditional Chinese: the
layout's titles and space names, the marks' tooltips, the outcome's reason and the score categories
(`board_layout(config, language)`, `table`, `describe_outcome`, `score_category_name`)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

import engine.vindication
from engine.core import Config, Match, Outcome
from engine.vindication.game import GAME
from engine.vindication.rules.flow import SOLO_RATINGS
from tests.engine.vindication.positions import table
from tests.engine.vindication.test_end_and_scoring import at, end_now, strip

CJK = re.compile(r"[\u4e00-\u9fff]")
ENGLISH_WORD = re.compile(r"[A-Za-z]{2,}")  # ids such as R07, T25, A2 hold one letter at most


def chinese(text: str) -> bool:
    """Written in Chinese: CJK characters and no English word (ids may stay)."""
    return bool(CJK.search(text)) and not ENGLISH_WORD.search(text)


def config(module: bool) -> Config:
    return Match.new("vindication", 2, seed=1, options={"villages_hamlets": module}).config


def without_words(layout: dict) -> dict:
    """The layout with every text taken out: what must not depend on the language."""
    return {"spaces": [{k: v for k, v in s.items() if k != "name"} for s in layout["spaces"]],
            "labels": [{k: v for k, v in label.items() if k != "text"} for label in layout["labels"]]}


@pytest.mark.parametrize("module", [False, True])
def test_every_board_title_is_worded_in_both_languages(module: bool) -> None:
    english = GAME.board_layout(config(module), "en")
    zh = GAME.board_layout(config(module), "zh_TW")
    assert without_words(english) == without_words(zh)
    titles = list(zip((x["text"] for x in english["labels"]), (x["text"] for x in zh["labels"])))
    assert len(titles) == (5 if module else 1)  # the Isle, three villages, the honor track
    for en_text, zh_text in titles:
        assert en_text != zh_text and CJK.search(zh_text) and not CJK.search(en_text), (en_text, zh_text)
        assert chinese(zh_text), zh_text


@pytest.mark.parametrize("module", [False, True])
def test_every_space_has_a_name_in_both_languages(module: bool) -> None:
    english = GAME.board_layout(config(module), "en")["spaces"]
    zh = GAME.board_layout(config(module), "zh_TW")["spaces"]
    for en_space, zh_space in zip(english, zh):
        assert en_space["id"] in en_space["name"] or en_space["group"] in ("village", "honor")
        assert en_space["name"] != zh_space["name"] and chinese(zh_space["name"]), zh_space


def test_english_is_the_default_language() -> None:
    assert GAME.board_layout(config(True)) == GAME.board_layout(config(True), "en")


def test_start_positions_are_named_with_their_number() -> None:
    spaces = {s["id"]: s for s in GAME.board_layout(config(False), "zh_TW")["spaces"]}
    starts = [s for s in spaces.values() if s.get("label") and s["group"] == "island"]
    assert len(starts) == 12 and all(s["name"].startswith(f"出發位置 {s['label']}（") for s in starts)


def test_what_lies_on_a_space_is_named_in_the_language() -> None:
    game = table(regions={"R08": "inn", "R09": ("fort", 1)})
    view = game.match.state.view(0)
    english, zh = GAME.table(view, "en")["spaces"], GAME.table(view, "zh_TW")["spaces"]
    assert english["R08"]["tip"] == "Inn (R08)" and zh["R08"]["tip"] == "旅館（R08）"
    assert zh["R09"]["tip"] == "堡壘（R09）"


def test_isle_areas_and_the_port_are_named_in_the_language() -> None:
    match = Match.new("vindication", 2, seed=1, options={"villages_hamlets": True})
    view = match.state.view(0)
    zh = {k: v for k, v in GAME.table(view, "zh_TW")["spaces"].items() if v.get("tip") and not v["pieces"]}
    english = GAME.table(view, "en")["spaces"]
    assert {"A1", "A2", "A3"} <= set(zh)
    for space, mark in zh.items():
        assert chinese(mark["tip"]) and english[space]["tip"] != mark["tip"], mark


@pytest.mark.rule("VIN-SCORE-7")
def test_the_outcome_and_every_score_category_in_both_languages() -> None:
    game = at(players=2)
    game.edit(lambda d: (strip(d), [p.update(honor=h) for p, h in zip(d["players"], (40, 55))]))
    end_now(game)
    outcome = game.match.state.outcome
    assert GAME.describe_outcome(outcome) == outcome.reason == "most honor"
    assert chinese(GAME.describe_outcome(outcome, "zh_TW"))
    categories = [name for name, _ in outcome.breakdown]
    assert "total" in categories and len(categories) == 7
    for name in categories:
        en_name, zh_name = GAME.score_category_name(name, "en"), GAME.score_category_name(name, "zh_TW")
        assert en_name != name and en_name != zh_name and chinese(zh_name), (name, en_name, zh_name)
    names = [GAME.score_category_name(name, "zh_TW") for name in categories]
    assert len(set(names)) == len(names)


@pytest.mark.rule("VIN-SOLO-7")
@pytest.mark.parametrize("floor", [floor for floor, _ in SOLO_RATINGS])
def test_every_solo_rating_in_both_languages(floor: int) -> None:
    rating = dict(SOLO_RATINGS)[floor]
    outcome = Outcome((0,), f"solo rating: {rating}", (float(floor),))
    assert GAME.describe_outcome(outcome, "en") == outcome.reason
    assert chinese(GAME.describe_outcome(outcome, "zh_TW"))


def test_a_game_without_words_keeps_its_reason_and_keys() -> None:
    toy = Match.new("toy", 2, seed=1)
    outcome = Outcome((0,), "first to ten", (10.0, 3.0), (("bonus_points", (1.0, 0.0)),))
    assert toy.game.describe_outcome(outcome, "zh_TW") == "first to ten"
    assert toy.game.score_category_name("bonus_points", "zh_TW") == "Bonus points"
    assert toy.game.board_layout(toy.config, "zh_TW") == toy.game.board_layout(toy.config) == {}


def test_every_prompt_is_worded_in_both_languages() -> None:
    """Every kind the rules pause on (``Pause("pick_card", …)``), and the turn itself."""
    source = Path(engine.vindication.__file__).parent
    kinds = {"turn"} | {kind for path in source.rglob("*.py")
                        for kind in re.findall(r'Pause\("(\w+)"', path.read_text(encoding="utf-8"))}
    assert len(kinds) > 30
    for kind in sorted(kinds):
        en_words, zh_words = GAME.describe_prompt(kind, "en"), GAME.describe_prompt(kind, "zh_TW")
        assert en_words != kind.replace("_", " ") or kind in ("augment", "dilute"), kind
        assert en_words != zh_words and chinese(zh_words), (kind, zh_words)


@pytest.mark.parametrize(("seed", "module"), [(1, False), (2, True)])
def test_log_lines_name_things_instead_of_ids(seed: int, module: bool) -> None:
    """Characters, cards, end-trigger cards, village slots, dice and honor reasons by name."""
    import random
    match = Match.new("vindication", 3, seed=seed, options={"villages_hamlets": module}, seats=["human"] * 3)
    rng = random.Random(seed)
    raw_ids = re.compile(r"\b(?:[SKICWV]\d\d|CH\d+|Q\d\d|E\d\d)\b|\bself\b|_")
    for _ in range(600):
        state = match.state
        if state.is_terminal():
            break
        legal = state.legal(state.deciders()[0])
        for event in match.apply(rng.choices(legal, [GAME.random_weight(c) for c in legal])[0]):
            english, zh = GAME.describe(event, "en"), GAME.describe(event, "zh_TW")
            assert not raw_ids.search(english), english
            assert chinese(zh) and not raw_ids.search(zh), zh
