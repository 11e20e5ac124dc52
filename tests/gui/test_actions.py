"""All actions come from one collection: unique shortcuts, tips, retranslation."""
from __future__ import annotations

from collections import Counter

from PySide6.QtGui import QKeySequence

from gui.actions import ActionCollection
from gui.main_window import MainWindow


def test_no_two_actions_share_a_shortcut(qapp) -> None:
    actions = ActionCollection()
    keys = [s.toString() for a in actions.all_actions() for s in a.shortcuts() if not s.isEmpty()]
    duplicates = [k for k, n in Counter(keys).items() if n > 1]
    assert not duplicates
    assert len(keys) >= 12


def test_required_shortcuts(qapp) -> None:
    a = ActionCollection()
    expected = {
        a.new_game: ["Ctrl+N"], a.open: ["Ctrl+O"], a.save: ["Ctrl+S"], a.save_as: ["Ctrl+Shift+S"],
        a.quit: ["Ctrl+Q"], a.undo: ["Ctrl+Z"], a.redo: ["Ctrl+Shift+Z", "Ctrl+Y"],
        a.zoom_in: ["Ctrl++", "Ctrl+="], a.zoom_out: ["Ctrl+-"], a.fit: ["Ctrl+0"],
    }
    for action, keys in expected.items():
        assert [s.toString() for s in action.shortcuts()] == keys, action.text()


def test_every_action_has_text_and_tips(qapp) -> None:
    actions = ActionCollection()
    for action in actions.all_actions():
        assert action.text(), action
        assert action.statusTip(), action.text()
        assert action.toolTip(), action.text()


def test_tooltips_mention_the_shortcut(qapp) -> None:
    actions = ActionCollection()
    native = actions.new_game.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
    assert native in actions.new_game.toolTip()


def test_window_shortcuts_are_unique_too(window: MainWindow) -> None:
    keys = [s.toString() for a in window.findChildren(type(window.action_collection.new_game))
            for s in a.shortcuts() if not s.isEmpty()]
    assert len(keys) == len(set(keys))


def test_recent_file_actions_carry_their_path(qapp) -> None:
    actions = ActionCollection()
    made = actions.recent_file_actions(["/a/one.tksave", "/b/two.tksave"], actions)
    assert [a.data() for a in made] == ["/a/one.tksave", "/b/two.tksave"]
    assert made[0].text() == "&1 /a/one.tksave"
