"""The log dock: lines of one player only, and the rule behind a line, on a real Vindication game."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QTextDocumentFragment

from gui.controller.types import LogEntry, NewGameConfig
from gui.main_window import MainWindow
from gui.widgets import log_dock
from gui.widgets.log_dock import LogDock


def hot_seat_vindication(seed: int = 4) -> NewGameConfig:
    return NewGameConfig("vindication", 2, "standard", ("human", "human"), {}, seed)


def play_the_setup(window: MainWindow) -> None:
    """Answer every set-up choice with its first option, confirming each hand-over."""
    for _ in range(60):
        if window.central_stack.currentWidget() is window.handover_screen:
            window.handover_screen.ready_button.click()
        answers = window.session.pending_answers()
        if not answers:
            break
        window.session.apply(answers[0][1])
    assert window.session.prompt_kind() == "turn"
    assert window.central_stack.currentWidget() is window.board_view


def label_words(label) -> str:
    """A label's text as the player reads it (the rule's ID is a link)."""
    return QTextDocumentFragment.fromHtml(label.text()).toPlainText()


def click_line(window: MainWindow, qtbot, row: int) -> None:
    lines = window.log_dock.lines
    item = lines.item(row)
    lines.scrollToItem(item)
    qtbot.mouseClick(lines.viewport(), Qt.MouseButton.LeftButton, pos=lines.visualItemRect(item).center())


def test_the_filter_shows_one_players_lines_and_a_click_names_the_rule(window: MainWindow, qtbot) -> None:
    assert window.start_game(hot_seat_vindication())
    play_the_setup(window)
    dock = window.log_dock
    entries = window.session.log_entries()
    assert dock.line_texts() == [e.text for e in entries] == window.session.log_lines()
    assert {0, 1, None} <= {e.seat for e in entries}  # both players' lines and nobody's (the round)
    assert all(e.rule and e.rule_title for e in entries)

    assert [dock.seat_filter.itemText(i) for i in range(dock.seat_filter.count())] == [
        "All players", window.session.seat_name(0), window.session.seat_name(1)]
    dock.seat_filter.setCurrentIndex(2)  # Player 2
    shown = [e.text for e in entries if e.seat in (None, 1)]
    assert dock.visible_line_texts() == shown
    assert len(shown) < len(entries) and "Round 1 begins." in shown

    row = next(i for i, e in enumerate(entries) if e.seat == 1)
    click_line(window, qtbot, row)
    rule = window.log_dock.findChild(type(dock.rule_label), "log_rule")
    assert rule is dock.rule_label
    assert label_words(rule) == f"Rule {entries[row].rule} — {entries[row].rule_title}"
    assert label_words(rule).startswith("Rule VIN-SETUP-")  # a set-up choice
    assert dock.lines.item(row).toolTip() == label_words(rule)
    assert f'href="rule:{entries[row].rule}"' in rule.text()  # the ID opens the rules reference

    dock.seat_filter.setCurrentIndex(0)
    assert dock.visible_line_texts() == dock.line_texts()


def test_the_filter_and_rule_names_follow_the_language(window: MainWindow, qtbot) -> None:
    assert window.start_game(hot_seat_vindication())
    play_the_setup(window)
    dock = window.log_dock
    dock.set_filter_seat(1)
    window.set_language("zh_TW")
    qtbot.waitUntil(lambda: "檔案" in window.file_menu.title() and dock.seat_filter.itemText(0) == "所有玩家")
    assert dock.seat_filter.itemText(2) == "玩家 2"
    assert dock.filter_seat() == 1  # the choice survives the new names
    entries = window.session.log_entries()
    assert dock.visible_line_texts() == [e.text for e in entries if e.seat in (None, 1)]
    row = next(i for i, e in enumerate(entries) if e.seat == 1)
    click_line(window, qtbot, row)
    assert label_words(dock.rule_label) == f"規則 {entries[row].rule} — 開局設置"


def test_plain_lines_always_show_and_the_list_stays_short(qtbot, monkeypatch) -> None:
    dock = LogDock()
    qtbot.addWidget(dock)
    monkeypatch.setattr(log_dock, "MAX_LINES", 3)
    dock.set_seat_names(["Ann", "Bo"])
    dock.set_filter_seat(0)
    dock.set_entries([LogEntry("a", 0, "VIN-MOVE-1", "Moving"), LogEntry("b", 1, "VIN-MOVE-1", "Moving")])
    dock.append_lines(["Game over: Ann won."])
    assert dock.visible_line_texts() == ["a", "Game over: Ann won."]
    dock.append_entries([LogEntry("c", 1), LogEntry("d", 0)])
    assert dock.line_texts() == ["Game over: Ann won.", "c", "d"]
    assert dock.visible_line_texts() == ["Game over: Ann won.", "d"]
    assert dock.lines.item(2).toolTip() == ""  # no rule, no tooltip
    dock.lines.setCurrentRow(1)
    assert dock.rule_label.text() == "This line comes from no rule."
    dock.set_lines([])  # the hot-seat hand-over empties the log
    assert dock.line_texts() == [] and dock.rule_label.text() == "Click a line to see the rule it comes from."
