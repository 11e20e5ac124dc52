"""Vindication's game terms follow a live language switch: the board's titles and tooltips, the
outcome in words and the end screen's score categories."""
from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtWidgets import QGraphicsSimpleTextItem

from engine.core import Command
from engine.vindication.setup import fresh_turn
from gui.controller.types import NewGameConfig
from gui.main_window import MainWindow
from tests.engine.vindication.test_end_and_scoring import at, strip
from tests.gui.test_vindication_board_play import open_position

CJK = re.compile(r"[\u4e00-\u9fff]")
ENGLISH_WORD = re.compile(r"[A-Za-z]{2,}")


def titles(window: MainWindow) -> set[str]:
    """The board's free-standing texts (titles, not the labels of a space)."""
    return {item.text() for item in window.board_view.board_scene.items()
            if isinstance(item, QGraphicsSimpleTextItem) and item.data(0) is None}


def test_board_titles_and_tooltips_follow_the_language(window: MainWindow, qtbot) -> None:
    window.start_game(NewGameConfig("vindication", 1, "solo", ("human",), {"villages_hamlets": True}, seed=3))
    assert {"The Forgotten Isle", "Venfero's Secret", "Honor track"} <= titles(window)
    assert window.board_view.item_for_space("T25").toolTip() == "Start position 1 (T25)"
    window.set_language("zh_TW")
    qtbot.waitUntil(lambda: "遺忘之島" in titles(window))
    assert {"遺忘之島", "凡菲羅的秘密", "多布尼的心願", "塔希的謎語", "榮耀軌"} <= titles(window)
    assert not any(ENGLISH_WORD.search(text) for text in titles(window))
    assert window.board_view.item_for_space("T25").toolTip() == "出發位置 1（T25）"
    assert window.board_view.item_for_space("A1").toolTip() == "隱藏遺跡（A1）"
    question = window.choice_dock.question.text()   # the set-up choice waiting
    assert window.choice_dock.is_asking() and CJK.search(question) and not ENGLISH_WORD.search(question)
    window.set_language("en")
    assert "The Forgotten Isle" in titles(window) and "遺忘之島" not in titles(window)


def finish_solo_game(window: MainWindow, folder: Path) -> None:
    """A solo game in its last turn, opened and ended: the end screen opens."""
    game = at(players=1)

    def last_turn(d: dict) -> None:
        strip(d)
        d["end_round"] = d["round"]
        d["turn"] = fresh_turn(0)
        d["turn"]["used"]["move"] = 1
    game.edit(last_turn)
    open_position(window, folder, game.match)
    window.session.apply(Command("end_turn", seat=0))
    assert window.session.is_over() and window.end_dialog is not None


def test_the_outcome_and_the_score_categories_follow_the_language(window: MainWindow, qtbot,
                                                                  tmp_path: Path) -> None:
    finish_solo_game(window, tmp_path)
    dialog = window.end_dialog
    english_text = window.session.outcome_text()
    assert "solo rating" in english_text and dialog.summary.text() == english_text
    rows = [dialog.table.verticalHeaderItem(r).text() for r in range(dialog.table.rowCount())]
    assert "Mastery" in rows and "Total" in rows and len(rows) == 7
    total = dialog.value("total", 0)
    window.set_language("zh_TW")
    qtbot.waitUntil(lambda: dialog.windowTitle() != "Game over")
    chinese_text = window.session.outcome_text()
    assert "單人評價" in chinese_text and dialog.summary.text() == chinese_text
    assert not ENGLISH_WORD.search(chinese_text.replace(window.session.seat_name(0), ""))
    zh_rows = [dialog.table.verticalHeaderItem(r).text() for r in range(dialog.table.rowCount())]
    assert "屬性大師" in zh_rows and "總分" in zh_rows
    assert all(CJK.search(row) and not ENGLISH_WORD.search(row) for row in zh_rows)
    assert dialog.value("total", 0) == total
    assert window.session.final_scores()["text"] == chinese_text
    window.set_language("en")
    assert dialog.summary.text() == english_text
