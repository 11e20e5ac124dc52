"""Equal spellings of one Nemesis command (engine/nemesis/spelling.py): `legal` lists one of each,
the other spellings play the listed command, and nothing else gets through."""
from __future__ import annotations

import pytest

from engine.core import Command, Refused

from .scenario import data, explored, place, play, started

HAND = ("search.0", "dismantle.2", "rest.4", "search.1")


def _game():
    match = started(2, characters=["sentry", "janitor"])
    place(match, 0, "R008", list(HAND))
    place(match, 1, "REP")
    explored(match, "R008", "laboratory", 2)
    return match


def _listed(match, verb: str) -> list[str]:
    return [str(c) for c in match.state.legal(0) if c.verb == verb]


def test_a_payment_in_any_order_or_with_a_twin_card_plays_the_listed_payment():
    match = _game()
    listed = _listed(match, "move")
    assert "0: move R007 pay=search.1," not in listed          # one of the two Search cards is listed
    play(match, "0: move R007 pay=search.1")                    # the other copy, written without the comma
    assert match.commands[-1].get("pay") in (("search.0",), ("search.1",))
    assert str(match.commands[-1]) in listed                    # recorded as legal lists it
    assert sorted(data(match)["players"][0]["discard"])[0].startswith("search.")


def test_a_discard_of_a_twin_card_by_its_place_plays_the_listed_pass():
    match = _game()
    listed = _listed(match, "pass")
    assert "0: pass discard=c0," in listed and "0: pass discard=c3," not in listed
    play(match, "0: pass discard=c3")                           # c3 is the second Search card
    assert str(match.commands[-1]) == "0: pass discard=c0,"


@pytest.mark.parametrize("text", ["0: pass discard=c0,c0", "0: pass discard=c9", "0: pass discard=search.0",
                                  "0: move R007 pay=search.0,search.0", "0: move R007 pay=rest.9"])
def test_what_is_no_spelling_of_a_listed_command_is_refused(text):
    match = _game()
    before = match.digest()
    with pytest.raises(Refused):
        play(match, text)
    assert match.digest() == before and isinstance(Command.parse(text), Command)
