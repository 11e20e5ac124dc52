"""Chinese screens in Chinese (issue 13): the action groups' headings, the end screen's score
categories and its summary come from the game's language-aware words, not English keys."""
from __future__ import annotations

import re
import time
from pathlib import Path

from gui.controller.types import NewGameConfig
from gui.main_window import MainWindow

LATIN_WORD = re.compile(r"[A-Za-z]{3,}")


def _until_the_turn_buttons(window: MainWindow, qtbot) -> None:  # noqa: ANN001
    """Answer the set-up decisions (first answer each) until the turn's buttons show."""
    session = window.session
    for _ in range(40):
        qtbot.waitUntil(lambda: session.viewer in session.deciders(), timeout=10000)
        if window.actions_dock.headers:
            return
        session.apply(session.pending_answers()[0][1])
    raise AssertionError("no turn buttons after the set-up")


def test_action_group_headings_are_the_games_words_in_chinese(window: MainWindow, qtbot) -> None:
    window.set_language("zh_TW")
    window.start_game(NewGameConfig("nemesis", 2, "standard", ("human", "bot:heuristic"), {}, 5))
    _until_the_turn_buttons(window, qtbot)
    game = window.session._require().game
    headers = window.actions_dock.headers
    assert "move" in headers and "pass" in headers
    for verb, header in headers.items():
        title = header.text().rsplit(" (", 1)[0]
        assert title == game.describe_verb(verb, "zh_TW"), verb
        assert not LATIN_WORD.search(title), title  # "移動", not "Move"
    labels = [button.text() for button in window.actions_dock.buttons]
    assert labels and not [text for text in labels if "=" in text or "_" in text]  # no "target=I1"
    window.set_language("en")
    qtbot.waitUntil(lambda: window.actions_dock.headers["move"].text().startswith("Movement ("))
    assert window.actions_dock.headers["pass"].text().startswith("Pass (")


def test_vindication_headings_and_their_help_come_from_the_game(window: MainWindow, qtbot) -> None:
    window.start_game(NewGameConfig("vindication", 2, "standard", ("human", "bot:heuristic"), {}, 7))
    session = window.session
    _until_the_turn_buttons(window, qtbot)
    window.set_language("zh_TW")
    verb = next(iter(window.actions_dock.headers))
    qtbot.waitUntil(lambda: not LATIN_WORD.search(window.actions_dock.headers[verb].text()))
    assert window.actions_dock.headers[verb].toolTip() == session.verb_words(verb)[1] != ""
    window.set_language("en")


def _finished_nemesis(tmp_path: Path) -> str:
    from engine.bots import make_bot
    from engine.bots.runner import play_out
    from engine.core import Match, save_match
    seats = ["human", "bot:heuristic", "bot:heuristic"]
    match = Match.new("nemesis", 3, mode="standard", seed=12, seats=seats)
    bots = {seat: make_bot("heuristic", match.game) for seat in range(3)}
    deadline = time.monotonic() + 60
    while not match.state.is_terminal() and time.monotonic() < deadline:
        play_out(match, bots, 12)
    assert match.state.is_terminal()
    path = str(tmp_path / "over.tksave")
    save_match(match, path)
    return path


def test_the_end_screen_speaks_chinese(window: MainWindow, qtbot, tmp_path: Path) -> None:
    assert window.open_game(_finished_nemesis(tmp_path))
    window.set_language("zh_TW")
    dialog = window.show_end_screen()
    qtbot.addWidget(dialog)
    table = dialog.table
    categories = [table.verticalHeaderItem(row).text() for row in range(table.rowCount())]
    assert categories == ["存活", "達成目標", "獲勝"]  # not Survived / Objective / Won
    summary = dialog.summary.text()
    assert "玩家 1（" in summary and "seat 0" not in summary
    english = [w for w in LATIN_WORD.findall(summary) if w not in ("CSS",)]
    assert not english, summary
    window.set_language("en")
    qtbot.waitUntil(lambda: dialog.table.verticalHeaderItem(0).text() == "Survived")
    assert "Player 1 (" in dialog.summary.text() and "seat 0" not in dialog.summary.text()
