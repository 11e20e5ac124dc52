"""Translations: complete, compiled, current with the code, and switched live."""
from __future__ import annotations

import filecmp
import shutil
import xml.etree.ElementTree as ET

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox

from gui import i18n_tools
from gui.i18n import LanguageSwitcher, current_language
from gui.main_window import MainWindow

TS = i18n_tools.ts_path("zh_TW")
QM = i18n_tools.qm_path("zh_TW")


def _messages(path) -> list[ET.Element]:
    return list(ET.parse(path).getroot().iter("message"))


def test_every_message_is_translated() -> None:
    unfinished = []
    for message in _messages(TS):
        translation = message.find("translation")
        kind = translation.get("type")
        if kind in ("unfinished", "vanished", "obsolete") or not (translation.text or "").strip():
            unfinished.append(message.find("source").text)
    assert not unfinished
    assert len(_messages(TS)) > 50


def test_placeholders_survive_translation() -> None:
    import re
    for message in _messages(TS):
        source, translation = message.find("source").text, message.find("translation").text
        fields = re.compile(r"{\w+(?:!r)?}")
        assert sorted(fields.findall(source)) == sorted(fields.findall(translation)), source
        assert source.count("&") == translation.count("&"), source  # keyboard accelerators kept


def test_compiled_qm_matches_the_ts(tmp_path) -> None:
    if i18n_tools.tool("pyside6-lrelease") is None:
        pytest.skip("pyside6-lrelease is not installed")
    fresh = i18n_tools.release("zh_TW", qm=tmp_path / "fresh.qm")
    assert filecmp.cmp(fresh, QM, shallow=False), "run: python -m gui.i18n_tools release"


def test_ts_holds_every_string_in_the_code(tmp_path) -> None:
    if i18n_tools.tool("pyside6-lupdate") is None:
        pytest.skip("pyside6-lupdate is not installed")
    copy = tmp_path / TS.name
    shutil.copy(TS, copy)
    i18n_tools.update("zh_TW", ts=copy)
    new = [m.find("source").text for m in _messages(copy)
           if m.find("translation").get("type") == "unfinished"]
    assert not new, "run: python -m gui.i18n_tools update, then translate"


def test_switching_language_retranslates_menus_live(window: MainWindow, qtbot) -> None:
    file_menu = window.file_menu
    window.action_collection.languages["zh_TW"].trigger()
    qtbot.waitUntil(lambda: "檔案" in file_menu.title())
    assert current_language() == "zh_TW"
    assert window.game_menu.title() == "遊戲(&G)"
    assert window.action_collection.new_game.text() == "新遊戲(&N)…"
    assert window.action_collection.undo.text() == "復原(&U)"
    assert window.log_dock.windowTitle() == "記錄"
    assert "尚未開啟遊戲" in window.board_view._placeholder
    assert window.settings.language == "zh_TW"
    window.action_collection.languages["en"].trigger()
    qtbot.waitUntil(lambda: file_menu.title() == "&File")
    assert window.action_collection.languages["en"].isChecked()
    assert window.turn_label.text() == "Ready — no game open"


def test_new_game_dialog_follows_the_language(window: MainWindow, qtbot) -> None:
    dialog = window.create_new_game_dialog()
    qtbot.addWidget(dialog)
    dialog.show()
    ids = [dialog.game_list.item(r).data(Qt.ItemDataRole.UserRole) for r in range(dialog.game_list.count())]
    dialog.game_list.setCurrentRow(ids.index("toy"))
    window.set_language("zh_TW")
    qtbot.waitUntil(lambda: dialog.windowTitle() == "新遊戲")
    assert dialog.title_label.text() == "玩具山脊"
    assert dialog.mode_combo.itemText(0) == "對戰"
    assert dialog.seats_box.title() == "座位"
    assert dialog.options_box.title() == "選項"
    labels = [dialog.seats_form.itemAt(i).widget().text() for i in range(dialog.seats_form.count())
              if dialog.seats_form.itemAt(i).widget().metaObject().className() == "QLabel"]
    assert labels[0] == "玩家 1："
    checkbox = dialog.findChild(QCheckBox, "option_challenges")
    assert dialog.options_form.labelForField(checkbox).text() == "挑戰："
    window.set_language("en")
    qtbot.waitUntil(lambda: dialog.windowTitle() == "New Game")
    assert dialog.mode_combo.itemText(0) == "Versus"


def test_qt_standard_texts_follow_too(qapp, qtbot) -> None:
    from PySide6.QtCore import QCoreApplication
    switcher = LanguageSwitcher(qapp)
    switcher.set_language("zh_TW")
    try:
        assert QCoreApplication.translate("QPlatformTheme", "Cancel") == "取消"
    finally:
        switcher.set_language("en")
    assert QCoreApplication.translate("QPlatformTheme", "Cancel") == "Cancel"
