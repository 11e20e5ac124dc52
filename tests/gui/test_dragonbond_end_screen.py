"""Dragonbond's end screen (DRG-END-8): the winners by character with the seat that played each,
every character's power (AI characters too), bonds and results in one column per character, why
the game ended, and a power curve per character — in both languages."""
from __future__ import annotations

import pytest

from engine.bots import bot_rng, make_bot
from gui.controller.types import NewGameConfig
from gui.main_window import MainWindow
from gui.widgets.end_game import EndGameDialog


@pytest.mark.rule("DRG-END-8")
def test_the_end_screen_names_characters_with_their_seats(window: MainWindow, qtbot, error_dialogs) -> None:
    assert window.start_game(NewGameConfig("dragonbond", 1, "humans1", ("human",), {"characters": "in_order"}, 8))
    session = window.session
    session.set_bot_delay(0)
    match = session._match
    bot, rng = make_bot("random", match.game), bot_rng(8, 0)
    while not session.is_over():
        session.apply(bot.choose(match.state.view(0), match.state.legal(0), rng))
    qtbot.waitUntil(lambda: isinstance(window.end_dialog, EndGameDialog) and window.end_dialog.isVisible(),
                    timeout=10_000)
    dialog = window.end_dialog
    end = match.state.data["end"]
    headers = [dialog.table.horizontalHeaderItem(c).text() for c in range(dialog.table.columnCount())]
    assert headers[0].removeprefix("★ ") == "Elyse (Player 1)"
    assert [h.removeprefix("★ ").endswith("(AI)") for h in headers] == [False, True, True, True]
    names = {"elyse": "Elyse", "nagasha": "Nagasha", "adrael": "Adrael", "ferellon": "Ferellon"}
    for header, character in zip(headers, match.state.data["seating"]):
        assert header.startswith("★ ") == (character in end["winners"]), header
        assert names[character] in header
    rows = [dialog.table.verticalHeaderItem(r).text() for r in range(dialog.table.rowCount())]
    assert rows == ["Power", "Bonded with", "Result"]
    assert [dialog.table.item(0, c).text() for c in range(4)] == [str(end["power"][ch])
                                                                  for ch in match.state.data["seating"]]
    winners = " and ".join(h.removeprefix("★ ") for h in headers if h.startswith("★ "))
    summary = dialog.summary.text()
    assert summary.startswith(winners.replace(" and ", ", ") + " won (") and "Player 1, " not in summary
    assert ("Power goal reached" if end["why"] == "power_goal" else "The event deck is empty") in summary
    assert dialog.plot is not None
    assert len(session.progress_plot()["series"]) == 4 and None not in session.progress_plot()["seats"]

    window.set_language("zh_TW")
    headers = [dialog.table.horizontalHeaderItem(c).text() for c in range(dialog.table.columnCount())]
    assert headers[0].removeprefix("★ ") == "艾莉絲（玩家 1）" and headers[1].endswith("（AI 玩家）")
    assert dialog.table.verticalHeaderItem(0).text() == "權力"
    window.set_language("en")
    assert not error_dialogs, error_dialogs
