"""Breadth-first search over a board (engine/core/paths.py), which every game measures its board with."""
from __future__ import annotations

from engine.core.paths import distances_from, shortest_path

# a ring a-b-c-d-a with a spur c-e, and f on its own
TOUCHING = {"a": ("b", "d"), "b": ("a", "c"), "c": ("b", "d", "e"), "d": ("c", "a"), "e": ("c",), "f": ()}


def touching(space: str) -> tuple[str, ...]:
    return TOUCHING[space]


def test_distances_count_steps_to_every_reachable_space_nearest_first() -> None:
    found = distances_from("a", touching)
    assert found == {"a": 0, "b": 1, "d": 1, "c": 2, "e": 3}
    assert list(found) == ["a", "b", "d", "c", "e"]        # in the order the search reached them
    assert distances_from("f", touching) == {"f": 0}


def test_a_shortest_path_takes_the_neighbour_listed_first_on_a_tie() -> None:
    assert shortest_path("a", "c", touching) == ("a", "b", "c")                 # b is listed before d
    assert shortest_path("a", "c", lambda s: tuple(reversed(TOUCHING[s]))) == ("a", "d", "c")
    assert shortest_path("a", "e", touching) == ("a", "b", "c", "e")
    assert shortest_path("e", "e", touching) == ("e",)


def test_no_path_to_a_space_that_cannot_be_reached() -> None:
    assert shortest_path("a", "f", touching) is None
    assert shortest_path("a", "c", lambda s: () if s == "b" or s == "d" else TOUCHING[s]) is None
