"""Chinese screens in Chinese (issue 13): the action groups' headings and the end screen's score
categories come from the game's language-aware words, not English keys."""
from __future__ import annotations

import re
import time
from pathlib import Path

from gui.controller.types import NewGameConfig
from gui.main_window import MainWindow

LATIN_WORD = re.compile(r"[A-Za-z]{3,}")


def _until_the_turn_buttons(window: MainWindow, qtbot) -> None:
    """Answer the set-up decisions (first answer each) and place cards (first legal command: a card
    is placed by dragging it, not by a button) until the turn's buttons show."""
    session = window.session
    for _ in range(40):
        qtbot.waitUntil(lambda: session.viewer in session.deciders(), timeout=10000)
        if window.actions_dock.headers:
            return
        answers = session.pending_answers()
        session.apply(answers[0][1] if answers else str(session._require().state.legal(session.viewer)[0]))
    raise AssertionError("no turn buttons after the set-up")


def test_dragonbond_action_groups_are_headed_in_the_games_words(window: MainWindow, qtbot) -> None:
    window.set_language("zh_TW")
    window.start_game(NewGameConfig("dragonbond", 1, "humans1", ("human",), {}, 5))
    _until_the_turn_buttons(window, qtbot)
    game = window.session._require().game
    headers = window.actions_dock.headers
    assert "pass" in headers and "place" not in headers   # a card is placed by dragging it onto the stack
    for verb, header in headers.items():
        title, tip = game.describe_verb(verb, "zh_TW")
        assert header.text().rsplit(" (", 1)[0] == title and header.toolTip() == tip != "", verb
    assert headers["pass"].text().startswith("Pass（放棄出牌） (")
    window.set_language("en")
    qtbot.waitUntil(lambda: window.actions_dock.headers["pass"].text().startswith("Pass ("))


def _finished(game: str, mode: str, players: int, tmp_path: Path) -> str:
    from engine.bots import make_bot
    from engine.bots.runner import play_out
    from engine.core import Match, save_match
    seats = ["human"] + ["bot:heuristic"] * (players - 1)
    match = Match.new(game, players, mode=mode, seed=12, seats=seats)
    bots = {seat: make_bot("heuristic", match.game) for seat in range(players)}
    deadline = time.monotonic() + 60
    while not match.state.is_terminal() and time.monotonic() < deadline:
        play_out(match, bots, 12)
    assert match.state.is_terminal()
    path = str(tmp_path / f"{game}-over.tksave")
    save_match(match, path)
    return path


def test_the_end_screen_names_the_score_categories_in_chinese(window: MainWindow, qtbot,
                                                               tmp_path: Path) -> None:
    assert window.open_game(_finished("dragonbond", "humans2", 2, tmp_path))
    window.set_language("zh_TW")
    dialog = window.show_end_screen()
    qtbot.addWidget(dialog)
    table = dialog.table
    headers = [table.verticalHeaderItem(row).text() for row in range(table.rowCount())]
    assert headers == ["權力", "龍族盟友", "結果"]  # not Power / Bonded with / Result
    columns = [table.horizontalHeaderItem(column).text() for column in range(table.columnCount())]
    assert len(columns) == 4 and sum("（AI 玩家）" in title for title in columns) == 2   # every character
    assert not LATIN_WORD.search(dialog.summary.text()), dialog.summary.text()
    window.set_language("en")
    qtbot.waitUntil(lambda: dialog.table.verticalHeaderItem(dialog.table.rowCount() - 1).text() == "Result")
