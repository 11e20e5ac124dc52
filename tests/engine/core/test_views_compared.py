"""`plain.shows_more` and `Game.view_shows_more`: does one seat's view show something another
seat's view of the same state does not? (Hot-seat play hands the screen over only then.)"""
from __future__ import annotations

from engine.core import get_game
from engine.core.plain import HIDDEN, shows_more


def test_equal_views_show_nothing_more() -> None:
    view = {"hands": [[3, 5], 2], "deck": 7, "board": {"a1": None}}
    assert not shows_more(view, view)


def test_own_cards_where_the_other_sees_a_count_are_a_secret() -> None:
    assert shows_more({"hands": [2, [4, 6]]}, {"hands": [[1, 2], 2]})


def test_a_count_or_a_placeholder_of_what_the_other_knows_says_nothing_more() -> None:
    assert not shows_more({"hands": [2, []]}, {"hands": [[1, 2], 0]})   # and an empty hand is no secret
    assert not shows_more({"quest": HIDDEN}, {"quest": "Q12"})
    assert not shows_more({"known": {"tiles": [], "css": []}}, {"known": HIDDEN})


def test_a_value_the_other_has_only_as_a_placeholder_or_not_at_all_is_a_secret() -> None:
    assert shows_more({"quest": "Q12"}, {"quest": HIDDEN})
    assert shows_more({"offer": {"card": "x"}}, {})
    assert shows_more({"top": "E3"}, {"top": None})
    assert shows_more({"peeked": ["T1"]}, {"peeked": []})   # when in doubt, a secret


def test_games_leave_out_the_keys_that_only_name_the_viewing_seat() -> None:
    game = get_game("nemesis")
    assert "viewer" in game.view_seat_keys
    assert not game.view_shows_more({"viewer": 1, "hands": [2, []]}, {"viewer": 0, "hands": [[1, 2], 0]})
    assert game.view_shows_more({"viewer": 1, "hands": [2, [4]]}, {"viewer": 0, "hands": [[1, 2], 1]})
