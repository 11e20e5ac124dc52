"""The actions dock's buttons stay readable in a narrow dock: a long label wraps onto more lines
(every word inside the button and the button inside the dock), and its tooltip holds the whole text."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import QMainWindow, QPushButton, QScrollArea, QWidget

from gui.controller.types import ActionGroup
from gui.widgets.actions_panel import ActionsDock
from gui.widgets.wrapping_button import WrappingButton

LONG = {
    "en": "Pass and give the first-player marker to Player 2",
    "zh": "Pass，並將起始玩家標記交給玩家 2",
}


def _narrow_dock(qtbot, label: str, width: int = 200) -> tuple[QMainWindow, ActionsDock]:
    window = QMainWindow()
    qtbot.addWidget(window)
    window.setCentralWidget(QWidget())
    dock = ActionsDock(window)
    window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, dock)
    dock.set_actions([ActionGroup("pass", "Pass", "Pass, or hand on the marker",
                                  (("Pass", "0: pass"), (label, "0: pass to=1")))])
    window.resize(800, 500)
    window.resizeDocks([dock], [width], Qt.Orientation.Horizontal)
    window.show()
    qtbot.waitExposed(window)
    qtbot.waitUntil(lambda: dock.width() <= width + 10 and dock.buttons[1].isVisible())
    return window, dock


def _shown_in(button: QPushButton, scroll: QScrollArea) -> QRect:
    """The part of ``button`` the dock's scroll area shows, in the button's coordinates."""
    viewport = scroll.viewport()
    corner = button.mapTo(viewport, QPoint(0, 0))
    return viewport.rect().translated(-corner).intersected(button.rect())


def _text_needs(button: QPushButton) -> QRect:
    """The box the label's words need when wrapped at the button's text width."""
    assert isinstance(button, WrappingButton)
    inner = button.width() - button._padding().width()
    return button._text_rect(inner)


@pytest.mark.parametrize("language", ["en", "zh"])
def test_a_long_label_wraps_inside_a_narrow_dock(qtbot, language: str) -> None:
    label = LONG[language]
    _window, dock = _narrow_dock(qtbot, label)
    short, long = dock.buttons
    scroll = dock.widget()
    assert isinstance(scroll, QScrollArea)
    # the whole button shows: the dock is not wider than its column, nothing cut at the right edge
    assert _shown_in(long, scroll) == long.rect(), (long.geometry(), scroll.viewport().size())
    # the label wraps onto more lines rather than running past the edge, and the button is tall enough
    line = long.fontMetrics().height()
    needs = _text_needs(long)
    assert needs.width() <= long.width() - long._padding().width()
    assert needs.height() >= 2 * line - 2            # really wrapped: this label does not fit one line
    assert long.height() >= needs.height() + long._padding().height() - 1
    assert long.height() > short.height()
    assert long.text() == label                      # the words are the button's own, as for any button
    assert label in long.toolTip()                   # and the whole text in the tooltip


def test_a_wrapped_button_plays_its_command(qtbot) -> None:
    _window, dock = _narrow_dock(qtbot, LONG["en"])
    with qtbot.waitSignal(dock.action_chosen) as chosen:
        qtbot.mouseClick(dock.buttons[1], Qt.MouseButton.LeftButton, pos=dock.buttons[1].rect().bottomRight()
                         - QPoint(4, 4))        # on the second line
    assert chosen.args == ["0: pass to=1"]


def test_no_word_is_cut_however_narrow() -> None:
    """The button never gets narrower than its longest unbreakable piece (a word; a character in
    Chinese), so a word is never cut in half."""
    from gui.widgets.wrapping_button import _unbreakable
    assert _unbreakable(LONG["en"]) == ["Pass", "and", "give", "the", "first-", "player", "marker", "to", "Player", "2"]
    pieces = _unbreakable(LONG["zh"])
    assert max(len(p) for p in pieces) <= len("Pass，")
    assert "".join(pieces).replace(" ", "") == LONG["zh"].replace(" ", "")
    assert _unbreakable("Save && &Quit") == ["Save", "&", "Quit"]


def test_a_short_label_keeps_one_line(qtbot) -> None:
    _window, dock = _narrow_dock(qtbot, LONG["en"], width=420)
    short, long = dock.buttons
    assert abs(long.height() - short.height()) <= 1   # room enough: one line, like any button
