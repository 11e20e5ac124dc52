"""Help ▸ Learn to Play: each game's guided first game played to the guide's end by clicks and drops
only; a wrong try is explained and does not advance; leaving the guide plays on; a broken guide
file is named with its line; the callout speaks 繁體中文; and it never shows what the learner's
seat cannot see."""
from __future__ import annotations

import json
import re

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from engine.core import Command
from engine.core.guide import guide_of, matching
from gui.main_window import MainWindow
from tests.gui.table_driver import TableDriver

GAMES = ["dragonbond", "nemesis", "vindication"]


@pytest.fixture(autouse=True)
def _games_closed(qapp):
    """A guided game goes on after its guide (the computer keeps playing, commands unfold step by
    step): close it, so nothing of it runs into the next test."""
    yield
    for widget in QApplication.topLevelWidgets():
        if isinstance(widget, MainWindow) and widget.session.has_game():
            widget.session.close_game()
WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_.:@/\-]*")


def start_guide(window: MainWindow, qtbot, game: str) -> None:
    """Help ▸ Learn to Play ▸ <game>, from the menu's own entries."""
    window.learn_menu.aboutToShow.emit()
    action = next(a for a in window.learn_menu.actions() if a.data() == game)
    assert action.text() in (guide_of(game).title.en, guide_of(game).title.zh_TW)
    action.trigger()
    assert window.session.has_game() and window.session.game_id() == game
    assert window.learn_to_play.is_active()


def wait_for_callout(window: MainWindow, qtbot, kinds: tuple[str, ...] = ("step",)) -> None:
    callout = window.learn_to_play.callout
    qtbot.waitUntil(lambda: callout.isVisible() and callout.callout is not None and callout.callout.kind in kinds,
                    timeout=20_000)
    window.learn_to_play.reposition()


def learner_command(window: MainWindow) -> Command:
    """The step's command as the learner can play it now (the first that fits)."""
    runner = window.learn_to_play.runner
    guide, step = runner.guide, runner.tracker.step
    match = window.session._match
    fitting = matching(step.expect, match.state.legal(guide.learner))
    assert fitting, (str(step.expect.notation()), [str(c) for c in match.state.legal(guide.learner)][:8])
    return fitting[0]


def hidden_words(window: MainWindow) -> set[str]:
    """Ids the full state holds that neither the learner's view nor the public one shows."""
    state = window.session._match.state
    learner = window.learn_to_play.runner.guide.learner
    seen = set(WORD.findall(json.dumps(state.view(learner)))) | set(WORD.findall(json.dumps(state.view(None))))
    return {w for w in set(WORD.findall(json.dumps(state.data))) - seen
            if len(w) > 2 and any(ch.isdigit() or ch in "_.:" for ch in w)}


def check_no_leak(window: MainWindow) -> None:
    """The callout points at something on the learner's screen and names nothing hidden."""
    callout = window.learn_to_play.callout
    shown = callout.shown_text() + " " + (callout.callout.point_at if callout.callout else "")
    leaked = set(WORD.findall(shown)) & hidden_words(window)
    assert not leaked, leaked
    if callout.callout is not None and callout.callout.point_at:
        anchor = window.learn_to_play.anchor_widget
        assert anchor is not None and anchor.isVisible(), f"{callout.callout.point_at} is not on the screen"
        assert window.session.viewer == window.learn_to_play.runner.guide.learner


@pytest.mark.parametrize("game", GAMES)
def test_a_guided_game_is_played_to_its_end_by_clicks_and_drops(game: str, window: MainWindow, qtbot, monkeypatch,
                                                                 error_dialogs) -> None:
    start_guide(window, qtbot, game)
    guide = guide_of(game)
    driver = TableDriver(window, qtbot, monkeypatch, seed=guide.seed)
    ways = []
    for number, step in enumerate(guide.steps, start=1):
        wait_for_callout(window, qtbot)
        callout = window.learn_to_play.callout
        assert callout.callout.number == number
        assert step.text.en in callout.text.text()
        assert step.rule in callout.rule_button.text()
        assert callout.geometry().intersects(window.rect())
        check_no_leak(window)
        command = learner_command(window)
        ways.append(driver.give(command))     # clicks on the board, the boards and the panels; drops
        QApplication.processEvents()
    wait_for_callout(window, qtbot, ("finished",))
    callout = window.learn_to_play.callout
    assert guide.outro.en in callout.text.text()
    qtbot.mouseClick(callout.leave_button, Qt.MouseButton.LeftButton)
    assert not callout.isVisible() and window.session.has_game()
    assert not error_dialogs, error_dialogs
    assert all(way.split()[0] in ("click", "drag", "panel", "choice") for way in ways), ways


def test_a_wrong_try_is_explained_and_does_not_advance(window: MainWindow, qtbot, monkeypatch, error_dialogs) -> None:
    start_guide(window, qtbot, "vindication")
    guide = guide_of("vindication")
    driver = TableDriver(window, qtbot, monkeypatch, seed=guide.seed)
    runner = window.learn_to_play.runner
    for _ in range(3):          # character, quests: up to "upgrade C"
        wait_for_callout(window, qtbot)
        driver.give(learner_command(window))
    wait_for_callout(window, qtbot)
    assert runner.tracker.index == 3 and runner.tracker.step.expect.notation() == "upgrade C"
    # a move the rules refuse: dropping the walking piece nowhere it may go
    window.session.drop("attr:C", "T01")
    wait_for_callout(window, qtbot, ("refused",))
    callout = window.learn_to_play.callout
    assert callout.note.isVisible() and "Not allowed" in callout.note.text()
    assert runner.tracker.index == 3
    check_no_leak(window)
    # a click on a space where nothing can be played: the rules' reason, the step stays
    from tests.gui.vindication_driver import click_space
    window.learn_to_play.callout.set_callout(None)
    click_space(window, qtbot, "T01")
    wait_for_callout(window, qtbot, ("refused",))
    assert "Not allowed" in callout.note.text() and runner.tracker.index == 3
    # a legal move the guide did not suggest: it is played, the guide stops and says so
    learner = guide.learner
    other = next(c for c in window.session._match.state.legal(learner) if str(c.by(None)) == "upgrade W")
    driver.give(other)
    wait_for_callout(window, qtbot, ("different",))
    assert runner.tracker.index == 3 and not runner.tracker.active
    assert "guide suggests" in callout.note.text() and "upgrade to courage" in callout.note.text().lower()
    check_no_leak(window)
    # undo goes back to the guide's step
    window.action_collection.undo.trigger()
    wait_for_callout(window, qtbot)
    assert runner.tracker.active and runner.tracker.index == 3 and not callout.note.isVisible()
    driver.give(learner_command(window))
    wait_for_callout(window, qtbot)
    assert runner.tracker.index == 4


def test_leaving_the_guide_plays_on_against_the_computer(window: MainWindow, qtbot, monkeypatch) -> None:
    start_guide(window, qtbot, "nemesis")
    guide = guide_of("nemesis")
    driver = TableDriver(window, qtbot, monkeypatch, seed=guide.seed)
    wait_for_callout(window, qtbot)
    driver.give(learner_command(window))
    wait_for_callout(window, qtbot)
    callout = window.learn_to_play.callout
    qtbot.mouseClick(callout.leave_button, Qt.MouseButton.LeftButton)
    assert not callout.isVisible() and not window.learn_to_play.is_active()
    session = window.session
    before = len(session._match.history)
    driver.play(max_commands=4)           # the learner's heuristic choices, given by gestures
    assert len(session._match.history) > before + 4   # the computer seat moved too
    assert session.has_game() and not callout.isVisible()


def test_a_broken_guide_file_is_named_with_its_line(window: MainWindow, qtbot, monkeypatch, error_dialogs) -> None:
    from engine.core import guide as guide_module
    from engine.core.content_files import ContentFiles
    text = guide_module.ContentFiles("nemesis").source("guide.yaml").read_text(encoding="utf-8")
    broken = text.replace("mode: standard", "mode: standart")

    def load(game_id: str):
        return guide_module.load_guide(ContentFiles(game_id), text=broken)
    monkeypatch.setattr(guide_module, "guide_of", load)
    assert not window.learn_to_play.start("nemesis")
    (title, message), = error_dialogs
    line = broken.splitlines().index("mode: standart") + 1
    assert f"resources/nemesis/guide.yaml, line {line}" in message and "write one of standard" in message
    assert not window.session.has_game()


def test_the_callout_speaks_traditional_chinese(window: MainWindow, qtbot) -> None:
    window.set_language("zh_TW")
    start_guide(window, qtbot, "dragonbond")
    wait_for_callout(window, qtbot)
    callout = window.learn_to_play.callout
    step = guide_of("dragonbond").steps[0]
    assert step.text.zh_TW in callout.text.text()
    assert "第 1 步" in callout.heading.text() and "離開導覽" == callout.leave_button.text()
    assert "規則" in callout.rule_button.text()
    qtbot.waitUntil(lambda: window.learn_menu.title() == "學玩遊戲(&L)")
    window.set_language("en")
    qtbot.waitUntil(lambda: step.text.en in callout.text.text())
    assert callout.leave_button.text() == "Leave guide" and window.learn_menu.title() == "&Learn to Play"


def test_the_callout_links_its_rule(window: MainWindow, qtbot, monkeypatch) -> None:
    opened: list[str] = []
    monkeypatch.setattr(window, "show_rules", lambda rule="": opened.append(rule))
    start_guide(window, qtbot, "nemesis")
    wait_for_callout(window, qtbot)
    qtbot.mouseClick(window.learn_to_play.callout.rule_button, Qt.MouseButton.LeftButton)
    assert opened == [guide_of("nemesis").steps[0].rule]


def test_screenshots_of_the_callouts_render(qapp, tmp_path) -> None:
    from PySide6.QtGui import QImage

    from tests.gui.guide_screenshot import take_screenshots
    shots = take_screenshots(tmp_path)
    assert sorted(p.name for p in shots) == ["guide_dragonbond.png", "guide_nemesis.png", "guide_nemesis_zh_TW.png",
                                             "guide_vindication.png"]
    for path in shots:
        image = QImage(str(path))
        assert image.width() >= 1000 and image.height() >= 700, path.name


def test_the_guide_follows_a_game_shown_step_by_step(make_session, settings, languages, qtbot, monkeypatch,
                                                      error_dialogs) -> None:
    """With the computer's pauses on, commands unfold step by step: the callout waits, then comes back."""
    session = make_session(bot_delay_ms=20)
    window = MainWindow(session, settings, languages)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    start_guide(window, qtbot, "nemesis")
    guide = guide_of("nemesis")
    driver = TableDriver(window, qtbot, monkeypatch, seed=guide.seed)
    for number in range(1, len(guide.steps) + 1):
        wait_for_callout(window, qtbot)
        assert window.learn_to_play.callout.callout.number == number
        check_no_leak(window)
        driver.give(learner_command(window))
    wait_for_callout(window, qtbot, ("finished",))
    assert not error_dialogs
