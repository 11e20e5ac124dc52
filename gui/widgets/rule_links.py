"""Links from wherever a rule ID shows (a log line, a "why not", a refused move) to its text in the
rules reference (Help ▸ Rules). A link is ``rule:ID``; the window opens the reference there.

Light on purpose: the main window and the log dock import it at start-up.
"""
from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import QLabel, QMenu, QStatusBar, QWidget

SCHEME = "rule:"


def rule_href(rule_id: str) -> str:
    return SCHEME + rule_id


def rule_of_href(href: str) -> str:
    """The rule ID a ``rule:`` link names ("" for any other link)."""
    return href[len(SCHEME):] if href.startswith(SCHEME) else ""


def escape(text: str) -> str:
    """Text for rich text (the `html` module is not loaded at start-up)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def rule_link(rule_id: str, label: str | None = None) -> str:
    """An HTML link to ``rule_id`` showing ``label`` (default: the ID)."""
    return f'<a href="{escape(rule_href(rule_id))}">{escape(rule_id if label is None else label)}</a>'


def read_rule_words(rule_id: str) -> str:
    """What a link or menu entry that opens the rule says: "Rule <ID>…"."""
    return QCoreApplication.translate("rule_links", "Rule {rule}…").format(rule=rule_id)


def add_rule_action(menu: QMenu, rule_id: str, open_rule: Callable[[str], object]) -> None:
    """A menu entry "Rule ID…" that opens the rule in the reference."""
    action = menu.addAction(read_rule_words(rule_id))
    action.setObjectName("read_rule")
    action.setStatusTip(QCoreApplication.translate("rule_links", "Read this rule in the rules reference"))
    action.triggered.connect(lambda: open_rule(rule_id))


def offer_rule_menu(parent: QWidget, rule_id: str, open_rule: Callable[[str], object]) -> None:
    """A one-entry menu at the mouse pointer that opens ``rule_id`` (tests replace it: it is modal)."""
    from PySide6.QtGui import QCursor
    menu = QMenu(parent)
    add_rule_action(menu, rule_id, open_rule)
    menu.exec(QCursor.pos())
    menu.deleteLater()


class StatusRuleLink(QLabel):
    """A link to a rule beside a status-bar message; it goes away with that message."""

    rule_requested = Signal(str)

    def __init__(self, status_bar: QStatusBar) -> None:
        super().__init__(status_bar)
        self.setObjectName("status_rule_link")
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.LinksAccessibleByMouse
                                     | Qt.TextInteractionFlag.LinksAccessibleByKeyboard)
        self.linkActivated.connect(self._on_link)
        self._status_bar = status_bar
        self._message = ""
        self.rule = ""
        status_bar.addPermanentWidget(self)
        status_bar.messageChanged.connect(self._on_message_changed)
        self.hide()

    def offer(self, rule_id: str) -> None:
        """Show the link for the message the status bar shows now."""
        self.rule = rule_id
        self._message = self._status_bar.currentMessage()
        self.setText(rule_link(rule_id, read_rule_words(rule_id)))
        self.setToolTip(QCoreApplication.translate("rule_links", "Read this rule in the rules reference"))
        self.show()

    def _on_message_changed(self, message: str) -> None:
        if message != self._message:
            self.hide()

    def _on_link(self, href: str) -> None:
        rule = rule_of_href(href)
        if rule:
            self.rule_requested.emit(rule)


def offer_in_status_bar(status_bar: QStatusBar, rule_id: str,
                        open_rule: Callable[[str], object]) -> StatusRuleLink:
    """Show a link to ``rule_id`` beside the status bar's current message (made on first use)."""
    link = status_bar.findChild(StatusRuleLink, "status_rule_link")
    if link is None:
        link = StatusRuleLink(status_bar)
        link.rule_requested.connect(open_rule)
    link.offer(rule_id)
    return link
