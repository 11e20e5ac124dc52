"""Help ▸ Rules: the rules reference window, and the links to it from a log line, a "why not" and a
refused move. The references are the test fixture of the toy game (tests/fixtures/reference/toy)
and small ones written for a test: what the writers ship in resources/ plays no part here."""
from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt, QUrl
from PySide6.QtGui import QKeySequence, QTextCursor, QTextDocumentFragment
from PySide6.QtWidgets import QTextBrowser

from engine.core import reference as reference_module
from gui.controller.types import LogEntry, NewGameConfig
from gui.main_window import MainWindow
from gui.widgets import dialogs, rule_links
from gui.widgets.rules_dialog import RulesDialog
from tests.gui.test_vindication_board_play import after_setup, open_position, solo

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "reference" / "toy"


@pytest.fixture
def references(monkeypatch: pytest.MonkeyPatch) -> dict[str, Path]:
    """Game id → the folder its reference is read from (the toy game's fixture; a test adds more).
    Games not listed have none."""
    folders = {"toy": FIXTURE}
    monkeypatch.setattr(reference_module, "reference_folder", lambda game: folders.get(game))
    reference_module.reference_of.cache_clear()
    yield folders
    reference_module.reference_of.cache_clear()


def write_reference(folder: Path, areas: dict[str, int], text: str = "Words about {id}.") -> Path:
    """A reference with ``areas`` (area ID → how many rules), each rule saying ``text``."""
    folder.mkdir(parents=True, exist_ok=True)
    lines = ["areas:"]
    for area, count in areas.items():
        title = f'    title: {{en: "Area {area}", zh_TW: "區域 {area}"}}'
        lines += [f"  - area: {area}", title, "    rules:"]
        for number in range(1, count + 1):
            rule = f"{area}-{number}"
            lines += [f"      - id: {rule}", f'        en: "{text.format(id=rule)}"',
                      f'        zh_TW: "關於 {rule} 的說明。"']
    (folder / "10-all.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return folder


def start_toy(window: MainWindow) -> None:
    assert window.start_game(NewGameConfig("toy", 1, "solo", ("human",), {}, 5))


def rules_dialog(window: MainWindow) -> RulesDialog:
    dialog = window.findChild(RulesDialog)
    assert dialog is not None, "the rules window is open"
    return dialog


def anchor_rect(browser: QTextBrowser, rule_id: str):
    """Where the rule's anchor is drawn now (viewport coordinates)."""
    block = browser.document().begin()
    while block.isValid():
        iterator = block.begin()
        while not iterator.atEnd():
            fragment = iterator.fragment()
            if rule_id in fragment.charFormat().anchorNames():
                cursor = QTextCursor(browser.document())
                cursor.setPosition(fragment.position())
                return browser.cursorRect(cursor)
            iterator += 1
        block = block.next()
    raise AssertionError(f"no anchor {rule_id}")


def page_text(dialog: RulesDialog) -> str:
    return dialog.browser.toPlainText()


# -- the window --------------------------------------------------------------------------------------

def test_help_rules_opens_the_current_games_reference_without_blocking(window: MainWindow,
                                                                        references) -> None:
    action = window.action_collection.rules
    assert action in window.help_menu.actions() and action.shortcut() == QKeySequence("F1")
    others = [a.shortcut() for a in window.action_collection.all_actions() if a is not action]
    assert QKeySequence("F1") not in others
    start_toy(window)
    action.trigger()
    dialog = rules_dialog(window)
    assert dialog.isVisible() and not dialog.isModal()
    assert dialog.current_game() == "toy" and dialog.windowTitle() == "Rules — Toy Ridge"
    areas = [(dialog.tree.topLevelItem(i).text(0), dialog.tree.topLevelItem(i).text(1))
             for i in range(dialog.tree.topLevelItemCount())]
    assert areas[:3] == [("Setting up", "TOY-SETUP"), ("Turns", "TOY-TURN"), ("Placing cards", "TOY-PLACE")]
    assert dialog.current_area() == "TOY-SETUP" and "Shuffle the eighteen cards" in page_text(dialog)
    window.action_collection.rules.trigger()  # again: the same window, not a second one
    assert window.findChildren(RulesDialog) == [dialog]


def test_search_narrows_the_tree_and_show_rule_scrolls_to_the_rule(window: MainWindow, references, qtbot,
                                                                    tmp_path: Path) -> None:
    references["toy"] = write_reference(tmp_path / "toy", {"TOY-SETUP": 3, "TOY-PLACE": 40, "TOY-END": 2})
    start_toy(window)
    dialog = window.show_rules()
    dialog.resize(700, 360)
    qtbot.waitExposed(dialog)
    qtbot.keyClicks(dialog.search_field, "WORDS toy-place-3")  # every word, in any case and any part
    matches = ["TOY-PLACE-3", *(f"TOY-PLACE-{n}" for n in range(30, 40))]
    qtbot.waitUntil(lambda: dialog.visible_rule_ids() == matches)  # once the keys pause
    assert "Rules matching “WORDS toy-place-3”: 11" in page_text(dialog)
    dialog.search_field.clear()
    qtbot.keyClicks(dialog.search_field, "TOY-PLACE-37")  # an ID: that rule alone
    qtbot.keyClick(dialog.search_field, Qt.Key.Key_Return)  # at once
    assert dialog.visible_rule_ids() == ["TOY-PLACE-37"]
    qtbot.keyClicks(dialog.search_field, "x")
    qtbot.waitUntil(lambda: "No rule matches" in page_text(dialog))
    assert dialog.visible_rule_ids() == []

    assert dialog.show_rule("TOY-PLACE-37")
    assert dialog.search_field.text() == "" and len(dialog.visible_rule_ids()) == 45
    assert (dialog.current_area(), dialog.current_rule()) == ("TOY-PLACE", "TOY-PLACE-37")
    assert dialog.tree.currentItem().text(0) == "TOY-PLACE-37"
    viewport = dialog.browser.viewport().rect()
    assert dialog.browser.verticalScrollBar().value() > 0  # it scrolled ...
    assert viewport.contains(anchor_rect(dialog.browser, "TOY-PLACE-37").center())  # ... to the rule
    assert not viewport.contains(anchor_rect(dialog.browser, "TOY-PLACE-1").center())

    assert not dialog.show_rule("TOY-PLACE-99")  # not written: its area, with a note
    assert dialog.current_area() == "TOY-PLACE" and "no text for rule TOY-PLACE-99 yet" in page_text(dialog)
    assert not dialog.show_rule("TOY-ELSEWHERE-1") and "TOY-ELSEWHERE-1" in page_text(dialog)

    dialog.tree.setCurrentItem(dialog.tree.topLevelItem(2).child(1))  # the player picks a rule
    assert (dialog.current_area(), dialog.current_rule()) == ("TOY-END", "TOY-END-2")


def test_a_rule_id_in_a_text_is_a_link_to_that_rule(window: MainWindow, references, qtbot) -> None:
    start_toy(window)
    dialog = window.show_rules("TOY-TURN-1")
    qtbot.waitExposed(dialog)
    assert dialog.current_rule() == "TOY-TURN-1"
    assert 'href="rule:TOY-CLAIM-1"' in dialog.browser.toHtml()
    found = dialog.browser.document().find("TOY-CLAIM-1")
    at = dialog.browser.cursorRect(found).center() - QPoint(12, 0)  # inside the link's words
    qtbot.mouseClick(dialog.browser.viewport(), Qt.MouseButton.LeftButton, pos=at)
    assert (dialog.current_area(), dialog.current_rule()) == ("TOY-CLAIM", "TOY-CLAIM-1")
    dialog.browser.anchorClicked.emit(QUrl("https://example.org"))  # not a rule: nothing happens
    assert dialog.current_rule() == "TOY-CLAIM-1"
    dialog.search("one claim")
    assert 'href="rule:TOY-CLAIM-2"' in dialog.browser.toHtml()  # a result's ID opens it in its area
    dialog.browser.anchorClicked.emit(QUrl("rule:TOY-CLAIM-2"))
    assert dialog.search_field.text() == "" and dialog.current_rule() == "TOY-CLAIM-2"


def test_with_no_game_open_the_window_offers_every_game(window: MainWindow, references, qtbot) -> None:
    dialog = window.show_rules()
    games = [dialog.game_box.itemData(i) for i in range(dialog.game_box.count())]
    assert {"vindication", "nemesis", "dragonbond", "toy"} <= set(games)
    assert dialog.current_game() == games[0] and dialog.tree.topLevelItemCount() == 0
    assert "is not written yet" in page_text(dialog)  # no reference for it in this test
    dialog.game_box.setCurrentIndex(games.index("toy"))
    assert dialog.current_game() == "toy" and dialog.tree.topLevelItemCount() == 6
    assert dialog.windowTitle() == "Rules — Toy Ridge"


def test_a_broken_reference_says_which_file_and_line(window: MainWindow, references, tmp_path: Path) -> None:
    broken = write_reference(tmp_path / "toy", {"TOY-END": 2})
    text = (broken / "10-all.yaml").read_text("utf-8")
    (broken / "10-all.yaml").write_text(text.replace("TOY-END-2", "TOY-END-1"), encoding="utf-8")
    references["toy"] = broken
    start_toy(window)
    dialog = window.show_rules()
    assert dialog.tree.topLevelItemCount() == 0
    assert "could not be read" in page_text(dialog)
    assert "10-all.yaml, line 8" in page_text(dialog)
    assert "rule TOY-END-1 is already written" in page_text(dialog)


def test_the_reference_follows_the_apps_language(window: MainWindow, references, qtbot) -> None:
    start_toy(window)
    dialog = window.show_rules("TOY-PLACE-2")
    window.set_language("zh_TW")
    qtbot.waitUntil(lambda: dialog.windowTitle() == "規則 — 玩具山脊")
    assert dialog.tree.topLevelItem(2).text(0) == "放置卡片"
    assert "一格只能放一張卡" in page_text(dialog) and dialog.current_rule() == "TOY-PLACE-2"
    assert dialog.search_field.placeholderText() != "Search the rules: words or a rule ID"
    dialog.search("宣告")
    assert dialog.visible_rule_ids() == ["TOY-TURN-1", "TOY-CLAIM-1", "TOY-CLAIM-2"]
    window.set_language("en")
    qtbot.waitUntil(lambda: dialog.windowTitle() == "Rules — Toy Ridge")
    assert dialog.visible_rule_ids() == []  # the search is in the language's own words
    dialog.search("")
    assert "A space holds one card" in page_text(dialog)  # back where it was


# -- links from everywhere a rule ID shows ------------------------------------------------------------

def test_a_refused_move_offers_its_rule(window: MainWindow, references, monkeypatch) -> None:
    asked: list[tuple[str, str]] = []

    def refuse(parent, title, message, rule_button) -> bool:
        asked.append((message, rule_button))
        return True  # the player presses "Rule TOY-PLACE-1…"
    monkeypatch.setattr(dialogs, "show_refusal", refuse)
    start_toy(window)
    window.session.apply("place 9 a1")
    assert asked == [("you hold no 9\n\n(Rule TOY-PLACE-1)", "Rule TOY-PLACE-1…")]
    dialog = rules_dialog(window)
    assert dialog.isVisible() and dialog.current_rule() == "TOY-PLACE-1"


def test_a_log_lines_rule_opens_the_reference_at_that_rule(window: MainWindow, references, qtbot,
                                                           tmp_path: Path) -> None:
    assert window.start_game(NewGameConfig("vindication", 1, "solo", ("human",), {}, 5))
    window.session.apply(window.session.pending_answers()[0][1])
    entries = window.session.log_entries()
    entry = next(e for e in entries if e.rule)
    area = entry.rule.rpartition("-")[0]
    references["vindication"] = write_reference(tmp_path / "vindication",
                                                {area: int(entry.rule.rpartition("-")[2]) + 2})
    dock = window.log_dock
    row = entries.index(entry)
    dock.lines.setCurrentRow(row)  # the line's rule shows under the list, its ID a link
    assert f'href="rule:{entry.rule}"' in dock.rule_label.text()
    with qtbot.waitSignal(dock.rule_requested) as asked:
        dock.rule_label.linkActivated.emit(rule_links.rule_href(entry.rule))
    assert asked.args == [entry.rule]
    dialog = rules_dialog(window)
    assert (dialog.current_game(), dialog.current_rule()) == ("vindication", entry.rule)

    dialog.show_rule(f"{area}-1")
    menu = dock.rule_menu(dock.lines.item(row))  # the line's context menu
    assert [a.text() for a in menu.actions()] == [f"Rule {entry.rule}…"]
    menu.actions()[0].trigger()
    assert dialog.current_rule() == entry.rule
    dialog.show_rule(f"{area}-1")
    item = dock.lines.item(row)
    qtbot.mouseDClick(dock.lines.viewport(), Qt.MouseButton.LeftButton,
                      pos=dock.lines.visualItemRect(item).center())  # a double click reads it too
    assert dialog.current_rule() == entry.rule
    dock.append_entries([LogEntry("A line of no rule")])
    assert dock.rule_menu(dock.lines.item(dock.lines.count() - 1)) is None


def test_why_not_links_to_its_rule_in_the_status_bar_and_by_right_click(window: MainWindow, references, qtbot,
                                                                         tmp_path: Path, rule_menus) -> None:
    references["vindication"] = write_reference(tmp_path / "vindication", {"VIN-MOVE": 3})
    open_position(window, tmp_path, after_setup(solo(5)))
    session, view = window.session, window.board_view
    far = next(t for t in view.space_ids() if t.startswith("T") and not view.item_for_space(t).active
               and t != session.current_view()["players"][0]["token"]
               and len(session._require().game.click_command(session.current_view(), 0, t).args[0]) > 4)
    assert session.why_not(far)[0] == "VIN-MOVE-1"
    assert window.space_tooltip(far).endswith("Right-click to read the rule")
    view.centerOn(view.item_for_space(far))
    at = view.mapFromScene(view.item_for_space(far).sceneBoundingRect().center())
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=at)
    link = window.statusBar().findChild(rule_links.StatusRuleLink)
    assert link is not None and link.isVisible() and link.rule == "VIN-MOVE-1"
    assert QTextDocumentFragment.fromHtml(link.text()).toPlainText() == "Rule VIN-MOVE-1…"
    link.linkActivated.emit(rule_links.rule_href("VIN-MOVE-1"))
    assert rules_dialog(window).current_rule() == "VIN-MOVE-1"
    window.statusBar().showMessage("Something else")
    assert not link.isVisible()  # the link goes with its message

    qtbot.mouseClick(view.viewport(), Qt.MouseButton.RightButton, pos=at)  # a right click on it
    assert rule_menus == ["VIN-MOVE-1"]
