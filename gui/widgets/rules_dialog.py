"""Help ▸ Rules: a game's rules reference, by area, in the app's language.

A non-modal window: the areas on the left (title and ID prefix, each area's rule IDs under it),
the chosen area's rules on the right as rich text with every rule ID as an anchor, and a search
field that narrows both to the rules whose words or ID match. A rule ID inside a text is a link
to that rule; `show_rule` opens an area at a rule, which is how every other place that shows a
rule ID (log lines, a "why not", a refused move) sends the player here. The window knows no
game: the controller hands it any game's reference (`gui.controller.reference`).
"""
from __future__ import annotations

import html
import re
from collections.abc import Sequence

from PySide6.QtCore import QEvent, QModelIndex, Qt, QTimer, QUrl
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QSplitter,
    QTextBrowser,
    QTreeWidget,
    QTreeWidgetItem,
    QTreeWidgetItemIterator,
    QVBoxLayout,
    QWidget,
)

from gui.controller.reference import AreaEntry, RuleEntry, RulesBook, reference_games, rules_book, split_rule_ids
from gui.controller.types import Words
from gui.i18n import current_language
from gui.widgets.rule_links import rule_href, rule_of_href

DIALOG_NAME = "rules_dialog"
ID_ROLE = Qt.ItemDataRole.UserRole  # a tree item's area or rule ID
IS_RULE_ROLE = Qt.ItemDataRole.UserRole + 1
LED_TO = "#fff0b3"  # the rule a link or the tree led to
MATCHED = "#ffd966"  # a searched word
QUIET = "#6b6b6b"  # ID prefixes beside titles
SEARCH_DELAY_MS = 150  # typing: search once the keys pause (a whole game's reference can take ~80 ms)


class RulesDialog(QDialog):
    def __init__(self, parent: QWidget | None = None,
                 games: Sequence[tuple[str, Words]] | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(DIALOG_NAME)
        self.setModal(False)
        self._games = list(reference_games() if games is None else games)
        self._book: RulesBook | None = None
        self._area = ""  # the area shown ("" while a search or a message shows)
        self._rule = ""  # the rule a link or the tree led to
        self._syncing = False  # the tree is being changed by code, not by the player

        self.game_label = QLabel(self)
        self.game_box = QComboBox(self)
        self.game_box.setObjectName("rules_game")
        for game_id, _ in self._games:
            self.game_box.addItem("", game_id)
        self.game_label.setBuddy(self.game_box)
        self.search_field = QLineEdit(self)
        self.search_field.setObjectName("rules_search")
        self.search_field.setClearButtonEnabled(True)
        self._search_timer = QTimer(self)
        self._search_timer.setSingleShot(True)
        self._search_timer.setInterval(SEARCH_DELAY_MS)
        self._search_timer.timeout.connect(lambda: self._on_search(self.search_field.text()))
        self.search_field.textChanged.connect(lambda: self._search_timer.start())
        self.search_field.returnPressed.connect(self._search_now)
        self.tree = QTreeWidget(self)
        self.tree.setObjectName("rules_areas")
        self.tree.setColumnCount(2)
        self.tree.setUniformRowHeights(True)
        self.tree.header().setStretchLastSection(False)
        self.tree.header().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.tree.header().setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        self.tree.currentItemChanged.connect(self._on_tree_item)
        self.browser = QTextBrowser(self)
        self.browser.setObjectName("rules_text")
        self.browser.setOpenLinks(False)
        self.browser.anchorClicked.connect(self._on_link)
        self.browser.document().setDocumentMargin(10)

        top = QHBoxLayout()
        top.addWidget(self.game_label)
        top.addWidget(self.game_box)
        top.addSpacing(12)
        top.addWidget(self.search_field, 1)
        self.splitter = QSplitter(Qt.Orientation.Horizontal, self)
        self.splitter.addWidget(self.tree)
        self.splitter.addWidget(self.browser)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setSizes([300, 640])
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.splitter, 1)
        QShortcut(QKeySequence(QKeySequence.StandardKey.Find), self, self._focus_search)
        self.game_box.currentIndexChanged.connect(lambda index: self.set_game(self.game_box.itemData(index)))
        self.resize(960, 640)
        self.retranslateUi()

    # -- what is shown -------------------------------------------------------------------------
    def current_game(self) -> str:
        return self._book.game if self._book is not None else ""

    def current_area(self) -> str:
        return self._area

    def current_rule(self) -> str:
        return self._rule

    def book(self) -> RulesBook | None:
        return self._book

    def visible_rule_ids(self) -> list[str]:
        """The rule IDs the tree lists now (all of them, or the search's matches)."""
        found = []
        iterator = QTreeWidgetItemIterator(self.tree)
        while item := iterator.value():
            if item.data(0, IS_RULE_ROLE) and not item.isHidden():
                found.append(item.data(0, ID_ROLE))
            iterator += 1
        return found

    # -- choosing --------------------------------------------------------------------------------
    def set_game(self, game_id: str) -> None:
        """Show ``game_id``'s reference (read once per game), at its first area."""
        if not game_id or (self._book is not None and self._book.game == game_id):
            return
        if self.game_box.findData(game_id) < 0:
            self._games.append((game_id, Words(game_id)))
            self.game_box.addItem(game_id, game_id)
        self.game_box.blockSignals(True)
        self.game_box.setCurrentIndex(self.game_box.findData(game_id))
        self.game_box.blockSignals(False)
        self._book = rules_book(game_id)
        self._area = self._rule = ""
        self.search_field.blockSignals(True)
        self.search_field.clear()
        self.search_field.blockSignals(False)
        self._fill_tree()
        self._retitle()
        if self._book.areas:
            self.show_area(self._book.areas[0].id)
        else:
            self._show_empty()

    def show_area(self, area_id: str, rule_id: str = "") -> bool:
        """Show one area's rules (scrolled to ``rule_id`` and marked, when given)."""
        book = self._book
        area = book.area(area_id) if book is not None else None
        if book is None or area is None:
            return False
        self._area, self._rule = area.id, rule_id
        self.browser.setHtml(self._area_html(area, rule_id))
        if rule_id and any(rule.id == rule_id for rule in area.rules):
            self.browser.scrollToAnchor(rule_id)  # once shown, if the window is not shown yet
        else:
            self.browser.verticalScrollBar().setValue(0)
        self._select(rule_id if book.has_rule(rule_id) else area.id)
        return True

    def show_rule(self, rule_id: str) -> bool:
        """Open the area of ``rule_id`` and scroll to the rule; False when the reference does not
        hold it (its area still opens when the reference has one, with a note saying so)."""
        if self._book is None:
            return False
        self._clear_search()
        area = self._book.area_of(rule_id)
        if area is None:
            self._area, self._rule = "", rule_id
            self._select("")
            self._show_page(self._note(self.tr("The rules reference has no text for rule {rule} yet.")
                                       .format(rule=rule_id)))
            return False
        self.show_area(area.id, rule_id)
        return self._book.has_rule(rule_id)

    def search(self, query: str) -> None:
        """Type ``query`` into the search field and search at once."""
        self.search_field.setText(query)
        self._search_now()

    def _search_now(self) -> None:
        self._search_timer.stop()
        self._on_search(self.search_field.text())

    # -- reacting --------------------------------------------------------------------------------
    def _on_tree_item(self, item: QTreeWidgetItem | None, previous: QTreeWidgetItem | None = None) -> None:
        if self._syncing or item is None:
            return
        key = item.data(0, ID_ROLE)
        if item.data(0, IS_RULE_ROLE):
            area = self._book.area_of(key) if self._book is not None else None
            if area is not None:
                self.show_area(area.id, key)
        else:
            self.show_area(key)

    def _on_link(self, url: QUrl) -> None:
        rule = rule_of_href(url.toString())
        if rule:
            self.show_rule(rule)

    def _on_search(self, text: str) -> None:
        if self._book is None:
            return
        query = text.strip()
        if not query:
            self._show_all_in_tree()
            if self._area:
                self.show_area(self._area, self._rule)
            elif self._book.areas:
                self.show_area(self._book.areas[0].id)
            return
        hits = self._book.search(query, current_language())
        self._filter_tree(set(hits))
        exact = len(hits) == 1 and hits[0] == query.upper()
        self._show_page(self._results_html(query, hits, () if exact else tuple(query.split())))

    def _focus_search(self) -> None:
        self.search_field.setFocus()
        self.search_field.selectAll()

    # -- the tree --------------------------------------------------------------------------------
    def _fill_tree(self) -> None:
        self._syncing = True
        self.tree.clear()
        language = current_language()
        for area in self._book.areas if self._book is not None else ():
            item = QTreeWidgetItem([area.title.get(language), area.id])
            item.setData(0, ID_ROLE, area.id)
            item.setData(0, IS_RULE_ROLE, False)
            item.setForeground(1, self.palette().placeholderText())
            for rule in area.rules:
                child = QTreeWidgetItem(item, [rule.id, ""])
                child.setData(0, ID_ROLE, rule.id)
                child.setData(0, IS_RULE_ROLE, True)
                child.setToolTip(0, _shortened(rule.text.get(language)))
            self.tree.addTopLevelItem(item)
        self._syncing = False

    def _retext_tree(self) -> None:
        if self._book is None:
            return
        language = current_language()
        for area, item in zip(self._book.areas, _top_level_items(self.tree)):
            item.setText(0, area.title.get(language))
            for rule, child in zip(area.rules, _children(item)):
                child.setToolTip(0, _shortened(rule.text.get(language)))

    def _select(self, key: str) -> None:
        """Make the tree's current item the one of ``key`` (an area or rule ID; "" for none)."""
        self._syncing = True
        try:
            found = None
            iterator = QTreeWidgetItemIterator(self.tree)
            while key and (item := iterator.value()):
                if item.data(0, ID_ROLE) == key:
                    found = item
                    break
                iterator += 1
            if found is None:
                self.tree.setCurrentIndex(QModelIndex())  # what setCurrentItem(nullptr) does in Qt
                return
            parent = found.parent()
            if parent is not None:
                parent.setExpanded(True)
            self.tree.setCurrentItem(found)
            self.tree.scrollToItem(found)
        finally:
            self._syncing = False

    def _filter_tree(self, hits: set[str]) -> None:
        for item in _top_level_items(self.tree):
            shown = 0
            for child in _children(item):
                child.setHidden(child.data(0, ID_ROLE) not in hits)
                shown += not child.isHidden()
            item.setHidden(not shown)
            item.setExpanded(bool(shown))

    def _show_all_in_tree(self) -> None:
        iterator = QTreeWidgetItemIterator(self.tree)
        while item := iterator.value():
            item.setHidden(False)
            if item.parent() is None and item.data(0, ID_ROLE) != self._area:
                item.setExpanded(False)
            iterator += 1

    def _clear_search(self) -> None:
        self._search_timer.stop()
        if self.search_field.text():
            self.search_field.blockSignals(True)
            self.search_field.clear()
            self.search_field.blockSignals(False)
            self._show_all_in_tree()

    # -- the page --------------------------------------------------------------------------------
    def _show_page(self, page: str) -> None:
        self.browser.setHtml(page)
        self.browser.verticalScrollBar().setValue(0)

    def _show_empty(self) -> None:
        book = self._book
        assert book is not None
        name = book.name.get(current_language())
        if book.error:
            text = self.tr("The rules reference of {game} could not be read:").format(game=name)
            self._show_page(self._note(text) + f"<p><tt>{html.escape(book.error)}</tt></p>")
        else:
            self._show_page(self._note(self.tr("The rules reference of {game} is not written yet.")
                                       .format(game=name)))

    @staticmethod
    def _note(text: str) -> str:
        return f'<p style="color:{QUIET};"><i>{html.escape(text)}</i></p>'

    def _area_html(self, area: AreaEntry, rule_id: str = "") -> str:
        language = current_language()
        parts = [self._heading(area, "h2")]
        if rule_id and not any(rule.id == rule_id for rule in area.rules):
            parts.append(self._note(self.tr("The rules reference has no text for rule {rule} yet.")
                                    .format(rule=rule_id)))
        if area.intro.en:
            parts.append(f"<p><i>{_rich(area.intro.get(language))}</i></p>")
        parts.extend(self._rule_html(rule, rule.id == rule_id) for rule in area.rules)
        return "".join(parts)

    def _results_html(self, query: str, hits: Sequence[str], words: Sequence[str]) -> str:
        assert self._book is not None
        if not hits:
            return self._note(self.tr("No rule matches “{query}”.").format(query=query))
        count = self.tr("Rules matching “{query}”: {count}").format(query=query, count=len(hits))
        parts = [self._note(count)]
        wanted = set(hits)
        for area in self._book.areas:
            rules = [rule for rule in area.rules if rule.id in wanted]
            if rules:
                parts.append(self._heading(area, "h3"))
                parts.extend(self._rule_html(rule, False, words, linked=True) for rule in rules)
        return "".join(parts)

    @staticmethod
    def _heading(area: AreaEntry, tag: str) -> str:
        title = html.escape(area.title.get(current_language()))
        return (f'<{tag}>{title} <span style="color:{QUIET}; font-weight:normal;">'
                f"{html.escape(area.id)}</span></{tag}>")

    @staticmethod
    def _rule_html(rule: RuleEntry, marked: bool, words: Sequence[str] = (), linked: bool = False) -> str:
        """One rule as a paragraph; ``linked``: its ID opens it in its area (in search results)."""
        # a hanging indent: a text that wraps stays clear of the ID column's left edge
        style = ("margin-top:4px; margin-bottom:8px; margin-left:18px; text-indent:-18px;"
                 + (f" background-color:{LED_TO};" if marked else ""))
        rule_id = html.escape(rule.id)
        shown = f'<a href="{html.escape(rule_href(rule.id))}">{rule_id}</a>' if linked else rule_id
        return (f'<p style="{style}"><a name="{rule_id}"></a><b>{shown}</b>&nbsp;&nbsp;'
                f"{_rich(rule.text.get(current_language()), words)}</p>")

    # -- language --------------------------------------------------------------------------------
    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslateUi()
        super().changeEvent(event)

    def retranslateUi(self) -> None:
        language = current_language()
        self.game_label.setText(self.tr("&Game:"))
        for index, (_, name) in enumerate(self._games):
            self.game_box.setItemText(index, name.get(language))
        self.search_field.setPlaceholderText(self.tr("Search the rules: words or a rule ID"))
        self.search_field.setToolTip(self.tr("Shows the rules holding every word you type, or the rule "
                                             "whose ID you type"))
        self.tree.setHeaderLabels([self.tr("Area"), self.tr("IDs")])
        self._retitle()
        self._retext_tree()
        if self._book is None:
            return
        if self.search_field.text().strip():
            self._on_search(self.search_field.text())
        elif self._area:
            area = self._book.area(self._area)
            if area is not None:  # always: the area shown came from this book
                position = self.browser.verticalScrollBar().value()
                self.browser.setHtml(self._area_html(area, self._rule))
                self.browser.verticalScrollBar().setValue(position)
        elif self._rule:
            self.show_rule(self._rule)
        elif not self._book.areas:
            self._show_empty()

    def _retitle(self) -> None:
        if self._book is None:
            self.setWindowTitle(self.tr("Rules"))
        else:
            name = self._book.name.get(current_language())
            self.setWindowTitle(self.tr("Rules — {game}").format(game=name))


def _rich(text: str, words: Sequence[str] = ()) -> str:
    """A plain text as rich text: rule IDs become links, searched words are marked."""
    marker = re.compile("|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)),
                        re.IGNORECASE) if words else None
    parts = []
    for piece, is_rule in split_rule_ids(text):
        if is_rule:
            parts.append(f'<a href="{html.escape(rule_href(piece))}">{_marked(piece, marker)}</a>')
        else:
            parts.append(_marked(piece, marker))
    return "".join(parts).replace("\n", "<br>")


def _marked(text: str, marker: re.Pattern[str] | None) -> str:
    if marker is None:
        return html.escape(text)
    parts, position = [], 0
    for found in marker.finditer(text):
        parts.append(html.escape(text[position:found.start()]))
        parts.append(f'<span style="background-color:{MATCHED};">{html.escape(found.group(0))}</span>')
        position = found.end()
    parts.append(html.escape(text[position:]))
    return "".join(parts)


def _shortened(text: str, limit: int = 160) -> str:
    return text if len(text) <= limit else text[:limit - 1].rstrip() + "…"


def _top_level_items(tree: QTreeWidget) -> list[QTreeWidgetItem]:
    return [item for index in range(tree.topLevelItemCount()) if (item := tree.topLevelItem(index)) is not None]


def _children(item: QTreeWidgetItem) -> list[QTreeWidgetItem]:
    return [child for number in range(item.childCount()) if (child := item.child(number)) is not None]


def open_rules(parent: QWidget, game_id: str = "", rule_id: str = "") -> RulesDialog:
    """Show the rules window of ``parent`` (made once, then reused): ``game_id``'s reference (the
    last one shown, else the first game, when ""), at ``rule_id`` when given."""
    dialog = parent.findChild(RulesDialog, DIALOG_NAME)
    if dialog is None:
        dialog = RulesDialog(parent)
    if game_id:
        dialog.set_game(game_id)
    elif dialog.book() is None and dialog.game_box.count():
        dialog.set_game(dialog.game_box.itemData(0))
    if rule_id:
        dialog.show_rule(rule_id)
    dialog.show()
    dialog.raise_()
    dialog.activateWindow()
    return dialog
