"""The content loader: safe YAML only, and every error names file, line and field."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

import pytest

from engine.core.content import ContentError, FrozenMap, load, parse


@dataclass(frozen=True)
class Cost:
    gold: int
    gems: int = 0


@dataclass(frozen=True)
class Card:
    id: str
    cost: Cost
    kind: Literal["relic", "ally"] = "relic"
    note: str | None = None
    weight: float = 1.0
    tags: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Deck:
    name: str
    cards: tuple[Card, ...]
    limits: Mapping[str, int] = field(default_factory=FrozenMap)


@dataclass(frozen=True)
class Space:
    id: str
    at: tuple[float, float]
    neighbours: tuple[str, ...] = ()
    label: str | None = None


@dataclass(frozen=True)
class Board:
    spaces: tuple[Space, ...]
    style: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        ids = {space.id for space in self.spaces}
        for space in self.spaces:
            for other in space.neighbours:
                if other not in ids:
                    raise ValueError(f"space {space.id} lists unknown neighbour {other!r}")


DECK = """\
name: Relics
cards:
  - id: V01
    cost: {gold: 2}
  - id: V02
    cost:
      gold: 1
      gems: 3
    kind: ally
    note: ~
    weight: 2
    tags: [rare, old]
limits: {hand: 7}
"""


def write(tmp_path: Path, text: str, name: str = "deck.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def error_for(text: str, schema: type = Deck, name: str = "deck.yaml") -> ContentError:
    with pytest.raises(ContentError) as caught:
        parse(text, schema, name)
    return caught.value


# -- a good file ----------------------------------------------------------------------------------

def test_a_good_file_loads_into_frozen_dataclasses(tmp_path: Path) -> None:
    deck = load(write(tmp_path, DECK), Deck)
    assert deck.name == "Relics"
    first, second = deck.cards
    assert first == Card("V01", Cost(2))  # defaults filled in
    assert second.cost == Cost(1, 3)
    assert second.kind == "ally" and second.note is None
    assert second.weight == 2.0 and isinstance(second.weight, float)  # int accepted as float
    assert second.tags == frozenset({"rare", "old"})
    assert deck.limits == {"hand": 7}
    assert hash(deck) == hash(load(write(tmp_path, DECK), Deck))  # mapping fields stay hashable
    with pytest.raises(TypeError):
        deck.limits["hand"] = 8  # type: ignore[index]


def test_fixed_tuples_and_optional_union_fields() -> None:
    board = parse("spaces:\n- {id: A, at: [0, 1.5], neighbours: [B]}\n- {id: B, at: [2, 3], label: Bay}\n",
                  Board, "board.yaml")
    assert board.spaces[0].at == (0.0, 1.5)
    assert board.spaces[0].label is None and board.spaces[1].label == "Bay"
    error = error_for("spaces:\n- {id: A, at: [0, 1, 2]}\n", Board, "board.yaml")
    assert str(error) == "board.yaml, line 2, field spaces[0].at: expected a list of 2 items, got 3 items"


def test_load_accepts_yaml_text_with_a_name() -> None:
    assert load("name: X\ncards: []\n", Deck, name="inline.yaml").cards == ()
    with pytest.raises(ContentError, match=r"^inline\.yaml, line 1, field name"):
        load("name: 5\ncards: []\n", Deck, name="inline.yaml")


# -- YAML that is refused -------------------------------------------------------------------------

def test_a_truncated_file_names_file_and_line(tmp_path: Path) -> None:
    path = write(tmp_path, "name: Relics\ncards:\n  - id: V01\n    cost: {gold: 2\n")
    with pytest.raises(ContentError) as caught:
        load(path, Deck)
    error = caught.value
    assert error.file == str(path)
    assert error.line == 4  # the last line: the stream ended inside its open flow mapping
    assert "YAML syntax error" in str(error) and "'}'" in str(error)


def test_bad_indentation_is_a_syntax_error_with_its_line() -> None:
    error = error_for("name: Relics\ncards:\n  - id: V01\n   cost: {gold: 2}\n")
    assert error.line == 4
    assert str(error).startswith("deck.yaml, line 4: YAML syntax error")


def test_python_tags_are_refused_and_never_run(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    text = f"name: Relics\ncards: !!python/object/apply:os.system [\"touch {marker}\"]\n"
    error = error_for(text)
    assert not marker.exists()
    assert error.line == 2 and error.field == "cards"
    assert "custom YAML tags are not allowed" in str(error)
    assert "!!python/object/apply:os.system" in str(error)


def test_custom_tags_are_refused() -> None:
    error = error_for("name: !foo Relics\ncards: []\n")
    assert str(error) == "deck.yaml, line 1, field name: custom YAML tags are not allowed (found !foo)"


def test_duplicate_keys_are_refused_not_overwritten() -> None:
    error = error_for("name: Relics\ncards:\n  - id: V01\n    cost: {gold: 2}\n    id: V02\n")
    assert str(error) == "deck.yaml, line 5, field cards[0].id: duplicate key 'id'"


def test_a_missing_file_is_reported(tmp_path: Path) -> None:
    with pytest.raises(ContentError) as caught:
        load(tmp_path / "nowhere.yaml", Deck)
    assert str(caught.value) == f"{tmp_path / 'nowhere.yaml'}: file not found"


def test_an_empty_document_is_reported() -> None:
    assert str(error_for("# only a comment\n")) == "deck.yaml: the file is empty (no YAML document)"


def test_recursive_aliases_are_refused() -> None:
    assert "refers to itself" in str(error_for("name: X\ncards: &all [*all]\n"))


# -- schema errors --------------------------------------------------------------------------------

def test_a_wrong_type_names_field_line_and_expectation() -> None:
    error = error_for(DECK.replace("gold: 1", "gold: three"))
    assert str(error) == "deck.yaml, line 7, field cards[1].cost.gold: expected an integer, got 'three'"
    assert (error.line, error.field, error.expected) == (7, "cards[1].cost.gold", "an integer")


def test_booleans_are_not_integers_and_yaml_words_are_explained() -> None:
    assert "expected an integer, got true" in str(error_for(DECK.replace("gold: 1", "gold: yes")))
    error = error_for(DECK.replace("id: V01", "id: no"))
    assert str(error) == ("deck.yaml, line 3, field cards[0].id: "
                          "expected a string, got false (quote it to keep it as text)")


def test_a_missing_field_points_at_its_parent_mapping() -> None:
    error = error_for(DECK.replace("      gold: 1\n", ""))
    assert str(error) == "deck.yaml, line 6, field cards[1].cost.gold: missing required field 'gold'"


def test_an_unknown_field_suggests_the_close_one() -> None:
    error = error_for(DECK.replace("    weight: 2", "    wieght: 2"))
    assert str(error) == ("deck.yaml, line 11, field cards[1].wieght: "
                          "unknown field 'wieght' (did you mean 'weight'?)")
    assert "did you mean" not in str(error_for(DECK.replace("    weight: 2", "    colour: red")))


def test_literal_fields_list_the_choices() -> None:
    error = error_for(DECK.replace("kind: ally", "kind: alley"))
    assert str(error) == ("deck.yaml, line 9, field cards[1].kind: "
                          "expected one of 'relic', 'ally', got 'alley'")


def test_collection_errors_name_the_item() -> None:
    assert str(error_for(DECK.replace("[rare, old]", "[rare, 4]"))) == (
        "deck.yaml, line 12, field cards[1].tags[1]: expected a string, got 4 (quote it to keep it as text)")
    assert str(error_for(DECK.replace("{hand: 7}", "{hand: many}"))) == (
        "deck.yaml, line 13, field limits.hand: expected an integer, got 'many'")
    assert str(error_for(DECK.replace("limits: {hand: 7}", "limits: [7]"))) == (
        "deck.yaml, line 13, field limits: expected a mapping, got a list")
    assert str(error_for("name: X\ncards: {V01: 1}\n")) == (
        "deck.yaml, line 2, field cards: expected a list, got a mapping")


def test_post_init_checks_become_content_errors_at_the_mapping() -> None:
    text = "style: {sea: blue}\nspaces:\n  - id: A\n    at: [0, 0]\n    neighbours: [B]\n"
    error = error_for(text, Board, "board.yaml")
    assert str(error) == "board.yaml, line 1: space A lists unknown neighbour 'B'"
    assert error.field is None


def test_unsupported_schema_hints_are_a_programming_error() -> None:
    @dataclass(frozen=True)
    class Odd:
        values: list  # type: ignore[type-arg]

    with pytest.raises(TypeError, match="unsupported type hint"):
        parse("values: [1]\n", Odd, "odd.yaml")
