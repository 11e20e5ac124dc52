"""The guided first games (resources/<game>/guide.yaml): the format's checks name the file, the line
and the fix; every shipped guide plays through with its computer seats moving as the app moves
them; the tracker advances, ignores, explains and rewinds without Qt."""
from __future__ import annotations

import json
import re

import pytest

from engine.bots.guide_play import GuidePlayer, check_guide, visible_things, walk
from engine.core import Command
from engine.core.content_files import ContentFiles
from engine.core.errors import ContentError
from engine.core.guide import GuideTracker, guide_games, guide_of, load_guide

GOOD = """\
game: nemesis
title: {en: "Learn", zh: "學"}
intro: {en: "Hello", zh: "你好"}
outro: {en: "Bye", zh: "再見"}
mode: standard
seed: 7
seats: [learner, "bot:heuristic"]
steps:
  - expect: "answer survivor"
    point_at: "draft.survivor"
    text: {en: "Keep one", zh: "留一張"}
    rule: NEM-SETUP-15
  - expect: {verb: move, args: [R015]}
    point_at: R015
    text: {en: "Move", zh: "移動"}
    rule: NEM-MOVE-1
"""


def load_text(text: str):
    return load_guide(ContentFiles("nemesis"), text=text)


def broken(old: str, new: str) -> ContentError:
    assert old in GOOD
    with pytest.raises(ContentError) as caught:
        load_text(GOOD.replace(old, new))
    return caught.value


def test_every_game_ships_a_guide_of_five_to_ten_steps():
    assert guide_games() == ["dragonbond", "nemesis", "vindication"]
    for game in guide_games():
        guide = guide_of(game)
        assert 5 <= len(guide.steps) <= 10, game
        assert guide.file == f"resources/{game}/guide.yaml"
        for step in guide.steps:
            assert step.text.en and step.text.zh_TW and step.line > 0


@pytest.mark.parametrize("game", ["dragonbond", "nemesis", "vindication"])
def test_each_guide_plays_through_with_the_computer_seats(game: str):
    guide = guide_of(game)
    assert check_guide(guide) == []
    positions = list(walk(guide))
    assert len(positions) == len(guide.steps)
    assert all(p.fitting for p in positions)


def _ids_in(data: object) -> set[str]:
    return set(re.findall(r"[A-Za-z_][A-Za-z0-9_.:@/\-]*", json.dumps(data)))


@pytest.mark.parametrize("game", ["dragonbond", "nemesis", "vindication"])
def test_a_callout_names_nothing_the_learner_cannot_see(game: str):
    """The element pointed at is on the learner's table, and neither it nor the callout's words
    name an id that only the full state holds (another seat's hand, a deck's order)."""
    guide = guide_of(game)
    learner = guide.learner
    for position in walk(guide):
        state = position.match.state
        seen = _ids_in(state.view(learner))
        hidden = _ids_in(state.data) - seen - _ids_in(state.view(None))
        hidden = {word for word in hidden if len(word) > 2 and any(ch.isdigit() or ch in "_.:" for ch in word)}
        step = position.step
        assert step.point_at in visible_things(position.match, learner, position.legal)
        said = f"{step.point_at} {step.text.en} {step.expect.notation()}"
        words = set(re.findall(r"[A-Za-z_][A-Za-z0-9_.:@/\-]*", said))
        assert not words & hidden, (game, step.index, words & hidden)


def test_a_broken_guide_names_the_file_the_line_and_the_fix():
    error = broken("mode: standard", "mode: standrd")
    assert error.file == "resources/nemesis/guide.yaml" and error.line == 5
    assert "unknown mode 'standrd'" in str(error) and "write one of standard" in str(error)

    # An id of the right shape that no rule has (spelled with a lowercase letter so the coverage
    # scan does not count it as a rule named by the tests).
    error = broken("    rule: NEM-MOVE-1", "    rule: NEM-MOVe-1")
    assert error.line == 16 and error.field == "steps[1].rule"
    assert "not in the rules reference" in str(error)

    error = broken('expect: "answer survivor"', 'expect: "0: answer survivor"')
    assert error.line == 9 and "without its seat" in str(error)

    error = broken("seats: [learner, \"bot:heuristic\"]", "seats: [learner, \"bot:clever\"]")
    assert error.line == 7 and "bot:heuristic" in str(error)

    error = broken("point_at: R015", "point_at: panel:somewhere")
    assert error.line == 14 and "panel:decision" in str(error)

    error = broken("    text: {en: \"Move\", zh: \"移動\"}", "    text: {en: \"Move\"}")
    assert error.line == 15 and "zh" in str(error)

    error = broken("seed: 7", "seed: seven")
    assert error.line == 6 and "integer" in str(error)

    error = broken("game: nemesis", "game: vindication")
    assert error.line == 1 and "another game" in str(error)


def test_a_step_the_game_does_not_allow_is_named_at_its_line():
    guide = load_text(GOOD.replace("args: [R015]", "args: [R099]"))
    problems = check_guide(guide)
    assert len(problems) == 1
    assert problems[0].line == 13 and "is not legal here" in str(problems[0])
    guide = load_text(GOOD.replace("point_at: R015", "point_at: c9"))
    problems = check_guide(guide)
    assert len(problems) == 1 and problems[0].line == 14 and "not on the learner's table" in str(problems[0])


def test_the_tracker_advances_ignores_explains_and_rewinds():
    guide = load_text(GOOD)
    tracker = GuideTracker(guide)
    assert tracker.active and tracker.step is guide.steps[0]
    assert tracker.refused("NEM-MOVE-2", "a closed door").kind == "refused"
    assert tracker.index == 0
    assert tracker.observe(Command.parse("1: answer hacker"), 1).kind == "ignored"
    verdict = tracker.observe(Command.parse("0: answer survivor"), 2)
    assert verdict.kind == "advanced" and verdict.step is guide.steps[1]
    # a matching rule: any payment for the move into R015 fits
    wrong = tracker.observe(Command.parse("0: move R012 pay=rest.4,"), 4)
    assert wrong.kind == "different" and wrong.step is guide.steps[1] and not tracker.active
    assert tracker.observe(Command.parse("0: move R015 pay=rest.4,"), 5).kind == "inactive"
    assert tracker.rewind(3) is guide.steps[1] and tracker.active   # the wrong move taken back
    assert tracker.observe(Command.parse("0: answer survivor"), 4, only_choice=True).kind == "ignored"
    assert tracker.observe(Command.parse("0: move R015 pay=vents.9,"), 5).kind == "finished"
    assert tracker.finished and tracker.step is None
    tracker.rewind(2)
    assert tracker.index == 1 and tracker.active
    tracker.leave()
    assert not tracker.active and tracker.observe(Command.parse("0: pass"), 3).kind == "inactive"


def test_the_player_moves_the_computer_seats_as_the_app_does():
    guide = guide_of("nemesis")
    player = GuidePlayer(guide)
    assert player.learner_decides()
    for position in walk(guide):
        assert position.match.state.deciders() == (guide.learner,) or guide.learner in position.match.state.deciders()
