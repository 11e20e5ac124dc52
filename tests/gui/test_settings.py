"""The typed settings wrapper, on an isolated INI file."""
from __future__ import annotations

import os

from PySide6.QtCore import QByteArray, QSettings

from gui.settings import RECENT_FILES_LIMIT, Settings


def test_language_defaults_to_english_and_persists(settings: Settings, tmp_path) -> None:
    assert settings.language == "en"
    settings.language = "zh_TW"
    settings.sync()
    again = Settings(QSettings(str(tmp_path / "tablekeeper.ini"), QSettings.Format.IniFormat))
    assert again.language == "zh_TW"


def test_recent_files_most_recent_first_without_duplicates(settings: Settings, tmp_path) -> None:
    a, b = str(tmp_path / "a.tksave"), str(tmp_path / "b.tksave")
    settings.add_recent_file(a)
    settings.add_recent_file(b)
    settings.add_recent_file(a)
    assert settings.recent_files() == [a, b]


def test_recent_files_keep_at_most_eight(settings: Settings, tmp_path) -> None:
    paths = [str(tmp_path / f"{i}.tksave") for i in range(12)]
    for path in paths:
        settings.add_recent_file(path)
    assert RECENT_FILES_LIMIT == 8
    assert settings.recent_files() == list(reversed(paths))[:8]


def test_recent_files_are_absolute_and_can_be_removed_and_cleared(settings: Settings, tmp_path,
                                                                  monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    settings.add_recent_file("x.tksave")
    assert settings.recent_files() == [os.path.join(str(tmp_path), "x.tksave")]
    settings.add_recent_file("y.tksave")
    settings.remove_recent_file("x.tksave")
    assert settings.recent_files() == [os.path.join(str(tmp_path), "y.tksave")]
    settings.clear_recent_files()
    assert settings.recent_files() == []


def test_one_recent_file_survives_a_round_trip(settings: Settings, tmp_path) -> None:
    settings.add_recent_file(str(tmp_path / "only.tksave"))
    settings.sync()
    again = Settings(QSettings(str(tmp_path / "tablekeeper.ini"), QSettings.Format.IniFormat))
    assert again.recent_files() == [str(tmp_path / "only.tksave")]


def test_damaged_values_fall_back_to_defaults(settings: Settings) -> None:
    settings.store.setValue("files/recent", "{not json")
    settings.store.setValue("new_game/last", "[1, 2]")
    assert settings.recent_files() == []
    assert settings.new_game_choices() == {}


def test_new_game_choices_round_trip(settings: Settings) -> None:
    choices = {"game": "toy", "mode": "versus", "players": 3, "seats": ["human", "bot:random", "human"],
               "options": {"challenges": False, "target": 20}, "seed": "42"}
    settings.set_new_game_choices(choices)
    assert settings.new_game_choices() == choices


def test_window_geometry_round_trip(settings: Settings) -> None:
    assert settings.window_geometry() is None
    settings.set_window_geometry(QByteArray(b"geometry"))
    settings.set_window_state(QByteArray(b"state"))
    assert bytes(settings.window_geometry()) == b"geometry"
    assert bytes(settings.window_state()) == b"state"
