"""The New Game dialog, built from the registered games (the toy game here)."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QDialogButtonBox, QSpinBox

from gui.controller.catalog import available_games, bot_kinds, seat_names
from gui.controller.types import GameChoice, NewGameConfig
from gui.widgets.new_game_dialog import NewGameDialog


def make_dialog(qtbot, remembered=None, games=None) -> NewGameDialog:
    dialog = NewGameDialog(available_games() if games is None else games, bot_kinds, seat_names,
                           remembered)
    qtbot.addWidget(dialog)
    return dialog


def toy_row(dialog: NewGameDialog) -> int:
    return next(i for i in range(dialog.game_list.count())
                if dialog.game_list.item(i).text() == "Toy Ridge")


def test_lists_the_toy_game_with_its_modes(qtbot) -> None:
    dialog = make_dialog(qtbot)
    dialog.game_list.setCurrentRow(toy_row(dialog))
    assert dialog.selected_game().id == "toy"
    modes = [dialog.mode_combo.itemText(i) for i in range(dialog.mode_combo.count())]
    assert modes == ["Versus", "Solo"]
    assert dialog.title_label.text() == "Toy Ridge"
    assert "test game" in dialog.summary_label.text()


def test_player_count_follows_the_mode(qtbot) -> None:
    dialog = make_dialog(qtbot)
    dialog.game_list.setCurrentRow(toy_row(dialog))
    dialog.mode_combo.setCurrentIndex(0)
    assert (dialog.players_spin.minimum(), dialog.players_spin.maximum()) == (2, 4)
    dialog.players_spin.setValue(4)
    assert len(dialog.seat_kinds()) == 4
    dialog.mode_combo.setCurrentIndex(1)
    assert (dialog.players_spin.minimum(), dialog.players_spin.maximum()) == (1, 1)
    assert not dialog.players_spin.isEnabled()
    assert len(dialog.seat_kinds()) == 1


def test_one_row_per_seat_with_human_or_computer(qtbot) -> None:
    dialog = make_dialog(qtbot)
    dialog.game_list.setCurrentRow(toy_row(dialog))
    dialog.players_spin.setValue(3)
    combos = [dialog.findChild(QComboBox, f"seat_combo_{i}") for i in range(3)]
    assert all(combos)
    labels = [dialog.seats_form.labelForField(c).text() for c in combos]
    assert labels == ["Player 1:", "Player 2:", "Player 3:"]
    assert [combos[0].itemData(i) for i in range(combos[0].count())] == [
        "human", "bot:search", "bot:search_hard", "bot:random"]
    assert [combos[0].itemText(i) for i in range(combos[0].count())] == [
        "Human", "Computer: Normal", "Computer: Hard", "Computer: random moves"]
    combos[1].setCurrentIndex(3)
    assert dialog.seat_kinds() == ("human", "bot:random", "human")
    dialog.players_spin.setValue(2)  # existing choices survive a change of player count
    assert dialog.seat_kinds() == ("human", "bot:random")


def _levels(dialog: NewGameDialog, seat: int = 0) -> list[tuple[str, str, str]]:
    combo = dialog.findChild(QComboBox, f"seat_combo_{seat}")
    return [(combo.itemData(i), combo.itemText(i), combo.itemData(i, Qt.ItemDataRole.ToolTipRole))
            for i in range(combo.count())]


def test_computer_seats_are_offered_as_levels_with_tooltips_saying_what_each_does(qtbot) -> None:
    dialog = make_dialog(qtbot)
    assert dialog.select_game("vindication")   # a game with its own heuristic player
    levels = _levels(dialog)
    assert [kind for kind, _, _ in levels] == ["human", "bot:heuristic", "bot:search", "bot:search_hard",
                                               "bot:random"]
    assert [text for _, text, _ in levels] == ["Human", "Computer: Easy", "Computer: Normal", "Computer: Hard",
                                               "Computer: random moves"]
    tips = {kind: tip for kind, _, tip in levels}
    assert "rules of thumb" in tips["bot:heuristic"]
    assert "half a second" in tips["bot:search"] and "never peeks" in tips["bot:search"]
    assert "two seconds" in tips["bot:search_hard"]
    assert "random" in tips["bot:random"]
    combo = dialog.findChild(QComboBox, "seat_combo_1")
    combo.setCurrentIndex(combo.findData("bot:search_hard"))
    assert combo.toolTip() == tips["bot:search_hard"]   # the chosen level's tip shows on the menu too
    assert dialog.choices_to_remember()["seats"][1] == "bot:search_hard"


def test_the_levels_are_remembered_in_the_settings(window, settings, qtbot, monkeypatch) -> None:
    def choose_levels(dialog) -> int:
        assert dialog.select_game("vindication")
        for seat, kind in enumerate(("bot:search_hard", "bot:heuristic")):
            combo = dialog.findChild(QComboBox, f"seat_combo_{seat}")
            combo.setCurrentIndex(combo.findData(kind))
        return dialog.DialogCode.Accepted
    started: list[NewGameConfig] = []
    monkeypatch.setattr(NewGameDialog, "exec", choose_levels)
    monkeypatch.setattr(window, "start_game", started.append)   # no game needed: what is remembered
    window.action_collection.new_game.trigger()
    assert started[0].seats == ("bot:search_hard", "bot:heuristic")
    settings.sync()
    assert settings.new_game_choices()["seats"] == ["bot:search_hard", "bot:heuristic"]
    dialog = window.create_new_game_dialog()   # the next New Game dialog offers them again
    qtbot.addWidget(dialog)
    assert dialog.seat_kinds() == ("bot:search_hard", "bot:heuristic")
    assert dialog.findChild(QComboBox, "seat_combo_0").currentText() == "Computer: Hard"


def test_the_levels_speak_chinese(qtbot, languages) -> None:
    languages.set_language("zh_TW")
    dialog = make_dialog(qtbot)
    assert dialog.select_game("vindication")
    texts = [text for _, text, _ in _levels(dialog)]
    tips = [tip for _, _, tip in _levels(dialog)]
    assert all(any("\u4e00" <= ch <= "\u9fff" for ch in text) for text in texts), texts
    assert all(any("\u4e00" <= ch <= "\u9fff" for ch in tip) for tip in tips), tips


def test_options_are_built_from_the_game_description(qtbot) -> None:
    dialog = make_dialog(qtbot)
    dialog.game_list.setCurrentRow(toy_row(dialog))
    challenges = dialog.findChild(QCheckBox, "option_challenges")
    target = dialog.findChild(QSpinBox, "option_target")
    assert challenges.isChecked()
    assert (target.minimum(), target.maximum(), target.value()) == (1, 60, 12)
    assert dialog.options_form.labelForField(target).text() == "Solo target:"
    challenges.setChecked(False)
    target.setValue(30)
    assert dialog.option_values() == {"challenges": False, "target": 30}


def test_choice_options_become_combos(qtbot) -> None:
    from gui.controller.types import ModeChoice, OptionChoice, Words
    game = GameChoice("dice", Words("Dice"), Words(""), (ModeChoice("m", Words("M"), 2, 2, False),),
                      (OptionChoice("map", Words("Map"), "choice", "b", ("a", "b"),
                                    (Words("Alpha", "甲"), Words("Beta", "乙"))),), False)
    dialog = make_dialog(qtbot, games=[game])
    combo = dialog.findChild(QComboBox, "option_map")
    assert [combo.itemText(i) for i in range(combo.count())] == ["Alpha", "Beta"]
    assert dialog.option_values() == {"map": "b"}


def test_config_is_plain_and_seed_optional(qtbot) -> None:
    dialog = make_dialog(qtbot)
    dialog.game_list.setCurrentRow(toy_row(dialog))
    config = dialog.config()
    assert config == NewGameConfig("toy", 2, "versus", ("human", "human"),
                                   {"challenges": True, "target": 12}, None)
    dialog.seed_edit.setText("12345")
    assert dialog.config().seed == 12345


def test_seed_field_accepts_digits_only(qtbot) -> None:
    dialog = make_dialog(qtbot)
    qtbot.keyClicks(dialog.seed_edit, "12ab3")
    assert dialog.seed_edit.text() == "123"


def test_remembered_choices_are_restored(qtbot) -> None:
    remembered = {"game": "toy", "mode": "versus", "players": 3, "seats": ["bot:random", "human", "human"],
                  "options": {"challenges": False, "target": 7}, "seed": "99"}
    dialog = make_dialog(qtbot, remembered)
    assert dialog.selected_game().id == "toy"
    assert dialog.players_spin.value() == 3
    assert dialog.seat_kinds() == ("bot:random", "human", "human")
    assert dialog.option_values() == {"challenges": False, "target": 7}
    assert dialog.seed_edit.text() == "99"
    assert dialog.choices_to_remember() == remembered


def test_no_games_is_said_plainly(qtbot) -> None:
    dialog = make_dialog(qtbot, games=[])
    dialog.show()
    assert dialog.empty_label.isVisible()
    assert "No games are installed" in dialog.empty_label.text()
    assert not dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()


def test_window_builds_the_dialog_from_settings(window, settings, qtbot) -> None:
    settings.set_new_game_choices({"game": "toy", "mode": "versus", "players": 4})
    dialog = window.create_new_game_dialog()
    qtbot.addWidget(dialog)
    assert dialog.players_spin.value() == 4


def test_accepting_starts_the_game_and_remembers(window, settings, qtbot, monkeypatch) -> None:
    def accept_at_once(dialog) -> int:
        dialog.game_list.setCurrentRow(toy_row(dialog))
        dialog.seed_edit.setText("7")
        return dialog.DialogCode.Accepted

    monkeypatch.setattr(NewGameDialog, "exec", accept_at_once)
    with qtbot.waitSignal(window.session.game_started):
        window.action_collection.new_game.trigger()
    assert window.session.has_game()
    assert settings.new_game_choices()["seed"] == "7"


def test_no_game_is_called_an_early_version(qtbot) -> None:
    """Every registered game's summary, in both languages, as the dialog shows it."""
    from gui.i18n import current_language
    dialog = make_dialog(qtbot)
    assert dialog.game_list.count() >= 3
    for language in ("en", "zh_TW"):
        for row in range(dialog.game_list.count()):
            dialog.game_list.setCurrentRow(row)
            game = dialog.selected_game()
            text = game.summary.get(language)
            assert text, game.id
            assert "early version" not in text.lower() and "早期版本" not in text, (game.id, text)
    assert "early version" not in dialog.summary_label.text().lower()
    assert current_language() == "en"


def _rows_whole(dialog: NewGameDialog) -> bool:
    """Every seat and option row at least as tall as it needs (never squeezed)."""
    fields = [combo for _, _, combo in dialog._seat_rows] + [field for _, _, field in dialog._option_rows]
    return bool(fields) and all(f.height() >= f.minimumSizeHint().height() and f.isVisible() for f in fields)


def _shows_everything(dialog: NewGameDialog) -> bool:
    bar = dialog.details_scroll.verticalScrollBar()
    return _rows_whole(dialog) and (not bar.isVisible() or bar.maximum() == 0)


def test_the_dialog_grows_to_each_games_options_at_1024x700(qtbot, monkeypatch) -> None:
    from PySide6.QtCore import QSize
    monkeypatch.setattr(NewGameDialog, "available_size", lambda self: QSize(1024, 700))
    dialog = make_dialog(qtbot)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.game_list.setCurrentRow(toy_row(dialog))  # the fewest options first, then the others
    qtbot.waitUntil(lambda: _shows_everything(dialog))
    small = dialog.height()
    for row in range(dialog.game_list.count()):
        dialog.game_list.setCurrentRow(row)
        dialog.players_spin.setValue(dialog.players_spin.maximum())  # the most seat rows
        qtbot.waitUntil(lambda: _shows_everything(dialog))
        assert dialog.width() <= 1024 and dialog.height() <= 700, dialog.selected_game().id
        if len(dialog._option_rows) > 2:
            assert dialog.height() > small
        ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
        assert ok.isVisible() and dialog.rect().contains(ok.geometry().translated(dialog.buttons.pos()))


def test_a_screen_too_small_scrolls_the_options_instead_of_squeezing_them(qtbot, monkeypatch) -> None:
    from PySide6.QtCore import QSize
    monkeypatch.setattr(NewGameDialog, "available_size", lambda self: QSize(1024, 320))
    dialog = make_dialog(qtbot)
    dialog.show()
    qtbot.waitExposed(dialog)
    for row in range(dialog.game_list.count()):
        dialog.game_list.setCurrentRow(row)
        dialog.players_spin.setValue(dialog.players_spin.maximum())
        qtbot.waitUntil(lambda: _rows_whole(dialog) and dialog.height() <= 320)
    assert dialog.details_scroll.verticalScrollBar().maximum() > 0  # the rest is a scroll away
