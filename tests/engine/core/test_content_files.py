"""A game's shipped content files (engine/core/content_files.py): found in the resources package,
named in errors by their path in the repository, and a cross-file error placed at its line."""
from __future__ import annotations

from dataclasses import dataclass

import pytest

from engine.core import ContentError
from engine.core.content_files import ContentFiles

SHIPPED = ContentFiles("nemesis")   # any shipped folder will do; these files are read, never changed


@dataclass(frozen=True)
class Faces:
    noise: tuple[str, ...]
    combat: tuple[str, ...]
    advantage: tuple[str, ...]


def test_a_file_loads_into_its_schema_from_the_games_folder_and_below() -> None:
    assert SHIPPED.load("dice.yaml", Faces).combat[0] == "BLANK"
    assert SHIPPED.source("cards/events.yaml").read_text(encoding="utf-8")
    assert SHIPPED.shown_name("cards/events.yaml") == "resources/nemesis/cards/events.yaml"


def test_a_schema_misfit_names_the_file_as_it_lies_in_the_repository() -> None:
    @dataclass(frozen=True)
    class NoDice:
        noise: int

    with pytest.raises(ContentError, match=r"resources/nemesis/dice\.yaml.*line"):
        SHIPPED.load("dice.yaml", NoDice)


def test_a_cross_file_error_stands_at_the_line_of_its_field_or_the_nearest_above() -> None:
    with pytest.raises(ContentError) as at_field:
        SHIPPED.fail("dice.yaml", "no such face", ("combat", 1))
    with pytest.raises(ContentError) as above:
        SHIPPED.fail("dice.yaml", "no such face", ("advantage", 99))    # no item 99: its list's line
    text = SHIPPED.source("dice.yaml").read_text(encoding="utf-8").splitlines()
    assert text[at_field.value.line - 1].startswith("combat:")
    assert text[above.value.line - 1].startswith("advantage:")
    assert at_field.value.file == "resources/nemesis/dice.yaml" and "combat[1]" in str(at_field.value)


def test_a_file_that_cannot_be_read_still_fails_by_name_without_a_line() -> None:
    with pytest.raises(ContentError) as missing:
        SHIPPED.fail("no_such_file.yaml", "a reference to nowhere", ("cards", 0))
    assert missing.value.line is None and missing.value.file == "resources/nemesis/no_such_file.yaml"
