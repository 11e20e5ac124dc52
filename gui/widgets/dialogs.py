"""Small modal questions and messages, in one module so tests can replace them.

Callers use them through the module (`dialogs.show_error(...)`), never `from … import`, so that
`monkeypatch.setattr(dialogs, "show_error", …)` reaches every caller and no test blocks on a modal.
The message box and file dialog classes are imported when first asked for: the main window imports
this module at start-up, when no dialog is open yet.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMenu, QWidget


def show_error(parent: QWidget | None, title: str, message: str) -> None:
    """Tell the player, in plain words, that something could not be done."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QMessageBox
    box = QMessageBox(QMessageBox.Icon.Warning, title, message, QMessageBox.StandardButton.Ok, parent)
    box.setTextFormat(Qt.TextFormat.PlainText)  # file names and reasons are shown literally
    box.exec()


def show_refusal(parent: QWidget | None, title: str, message: str, rule_button: str) -> bool:
    """A refused move, in plain words, with a button (``rule_button``: "Rule <ID>…") that
    opens the rule it broke; True when the player asks for the rule."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QMessageBox
    box = QMessageBox(QMessageBox.Icon.Warning, title, message, QMessageBox.StandardButton.Ok, parent)
    box.setTextFormat(Qt.TextFormat.PlainText)
    read = box.addButton(rule_button, QMessageBox.ButtonRole.ActionRole)
    box.setDefaultButton(QMessageBox.StandardButton.Ok)
    box.exec()
    return box.clickedButton() is read


def ask_resume(parent: QWidget | None) -> bool:
    """Ask whether to resume the game that was in progress when the app last stopped."""
    from PySide6.QtWidgets import QMessageBox
    box = QMessageBox(QMessageBox.Icon.Question, QCoreApplication.translate("dialogs", "Unfinished game"),
                      QCoreApplication.translate("dialogs", "Resume the unfinished game?"),
                      QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, parent)
    box.setInformativeText(QCoreApplication.translate(
        "dialogs", "Tablekeeper stopped while a game was in progress. If you choose No, that game "
                   "is discarded."))
    box.setDefaultButton(QMessageBox.StandardButton.Yes)
    return box.exec() == QMessageBox.StandardButton.Yes


def confirm(parent: QWidget | None, title: str, question: str) -> bool:
    """A yes/no question; True for yes (No is the default: Enter does not confirm by accident)."""
    from PySide6.QtWidgets import QMessageBox
    box = QMessageBox(QMessageBox.Icon.Question, title, question,
                      QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, parent)
    box.setDefaultButton(QMessageBox.StandardButton.No)
    return box.exec() == QMessageBox.StandardButton.Yes


def show_about(parent: QWidget | None, title: str, text: str) -> None:
    from PySide6.QtWidgets import QMessageBox
    QMessageBox.about(parent, title, text)


def ask_open_path(parent: QWidget | None, suffix: str, folder: str = "") -> str | None:
    from PySide6.QtWidgets import QFileDialog
    title = QCoreApplication.translate("dialogs", "Open Game")
    path, _ = QFileDialog.getOpenFileName(parent, title, folder, _save_filter(suffix))
    return path or None


def ask_save_path(parent: QWidget | None, suffix: str, suggested: str = "") -> str | None:
    from PySide6.QtWidgets import QFileDialog
    title = QCoreApplication.translate("dialogs", "Save Game")
    path, _ = QFileDialog.getSaveFileName(parent, title, suggested, _save_filter(suffix))
    if not path:
        return None
    return path if path.endswith(suffix) else path + suffix


def choose_command(parent: QWidget | None, commands: Sequence[str],
                   labels: Sequence[str] | None = None) -> str | None:
    """Several commands start on the clicked space: let the player pick one from a menu, each
    shown by its label (its notation, as the player would type it, in the tooltip)."""
    from PySide6.QtGui import QCursor
    chosen = command_menu(parent, commands, labels).exec(QCursor.pos())
    return chosen.data() if chosen is not None else None


def command_menu(parent: QWidget | None, commands: Sequence[str],
                 labels: Sequence[str] | None = None) -> QMenu:
    """The menu `choose_command` opens: one entry per command, its label as text, the command as
    data, the notation without the seat prefix (seats count from 0 there) as tooltip."""
    from PySide6.QtWidgets import QMenu

    from gui.controller.types import without_seat
    menu = QMenu(parent)
    menu.setToolTipsVisible(True)
    for text, label in zip(commands, labels if labels is not None else commands):
        action = menu.addAction(label)
        action.setData(text)
        action.setToolTip(QCoreApplication.translate("dialogs", "Notation: {command}").format(
            command=without_seat(text)))
    return menu


def _save_filter(suffix: str) -> str:
    return QCoreApplication.translate("dialogs", "Tablekeeper games (*{suffix});;All files (*)").format(
        suffix=suffix)

