"""Touch selection: a command is chosen by touching what it names, in any order (no Qt needed)."""
from __future__ import annotations

from gui.controller.touches import TouchSelection

# A room move paid by one of two cards, its careful twin (the room touched twice), a shot at an
# intruder paid by a card, and a pass that names nothing (it stays a button).
OFFERS = [
    ("move R010 pay=h0", ("R010", "h0")),
    ("move R010 pay=h1", ("R010", "h1")),
    ("move R010 careful pay=h0", ("R010", "R010", "h0")),
    ("shoot adult1 pay=h1", ("adult1", "h1")),
    ("pass", ()),
]


def selection() -> TouchSelection[str]:
    return TouchSelection(OFFERS)


def test_before_any_touch_only_where_commands_start_is_lit() -> None:
    assert selection().lit() == {"R010", "adult1"}


def test_a_room_then_a_card_plays_the_move_that_card_pays_for() -> None:
    s = selection()
    waiting = s.touch("R010")
    assert waiting.play is None and waiting.lit == {"h0", "h1", "R010"}  # the cards, or the room again
    assert s.touch("h1").play == "move R010 pay=h1"
    assert s.touched == []


def test_the_room_touched_twice_is_the_careful_move() -> None:
    s = selection()
    s.touch("R010")
    assert s.touch("R010").lit == {"h0"}
    assert s.touch("h0").play == "move R010 careful pay=h0"


def test_a_card_dropped_on_a_room_is_the_same_command_as_the_room_then_the_card() -> None:
    s = selection()
    assert s.touch("h0").lit == {"R010"}  # the card first: only what it can pay for lights up
    assert s.touch("R010").play == "move R010 pay=h0"


def test_a_touch_that_fits_nothing_changes_nothing_and_says_so() -> None:
    s = selection()
    s.touch("R010")
    outcome = s.touch("R099")
    assert not outcome.fits and s.touched == ["R010"]


def test_a_touch_that_fits_only_afresh_starts_a_new_command() -> None:
    s = selection()
    s.touch("R010")
    s.touch("R010")          # careful: only h0 pays
    outcome = s.touch("adult1")
    assert outcome.fits and s.touched == ["adult1"] and outcome.lit == {"h1"}


def test_several_complete_commands_are_asked_about() -> None:
    s = TouchSelection([("move a via=x", ("a",)), ("move a via=y", ("a",))])
    outcome = s.touch("a")
    assert outcome.play is None and outcome.ask == ("move a via=x", "move a via=y")


def test_reset_forgets_what_was_touched() -> None:
    s = selection()
    s.touch("R010")
    s.reset()
    assert s.touched == [] and s.lit() == {"R010", "adult1"}


def test_what_names_two_things_can_be_dragged_onto_its_partners() -> None:
    s = selection()
    assert s.draggable() == {"R010", "h0", "h1", "adult1"}
    assert s.drop_targets("h1") == {"R010", "adult1"}
    assert s.drop_targets("h0") == {"R010"}


# Two Search cards the player cannot tell apart: the listed commands name only the first copy.
TWINS = [
    ("move R010 pay=search.0", ("R010", "c2")),
    ("move R010 pay=search.0,search.1", ("R010", "R010", "c2", "c3")),
    ("card search.0", ("c2", "c2")),
    ("move R010 pay=rest.0", ("R010", "c1")),
]
SAME = {"c2": "search", "c3": "search"}


def test_either_of_two_look_alike_cards_pays_what_names_one_of_them() -> None:
    s = TouchSelection(TWINS, SAME)
    assert s.touch("R010").lit >= {"c1", "c2", "c3"}
    assert s.touch("c3").play == "move R010 pay=search.0"
    s.touch("R010")
    s.touch("R010")
    assert s.touch("c3").lit == {"c2", "c3"}            # one more of them
    assert s.touch("c2").play == "move R010 pay=search.0,search.1"


def test_look_alikes_light_drag_and_drop_together() -> None:
    s = TouchSelection(TWINS, SAME)
    assert s.lit() == {"R010", "c2", "c3"}               # the card played starts with either copy
    assert {"c2", "c3"} <= s.draggable()
    assert s.drop_targets("c3") == {"R010", "c2", "c3"}
    assert s.touch("c3").play is None and s.touch("c3").play == "card search.0"


def test_look_alikes_come_from_the_items_of_a_table() -> None:
    from gui.controller.touches import look_alikes
    table = {"boards": [{"seat": 0, "title": "", "zones": [{"id": "hand", "title": "", "items": [
        {"id": "c0", "title": "Search", "same": "search"}, {"id": "c1", "title": "Rest"}]}]}],
        "shared": [{"id": "decks", "title": "", "items": [{"id": "deck.red", "title": "Red"}]}]}
    assert look_alikes(table) == {"c0": "search"}
