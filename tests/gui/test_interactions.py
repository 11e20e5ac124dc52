"""The viewer's gestures, buttons and words alone, without a session (Toy Ridge): a touch gives a
command or asks among several, a drop that means nothing says so, the turn's buttons group by verb,
and the log holds back what the steps still to show would tell."""
from __future__ import annotations

from engine.core import Match
from gui.controller.descriptions import Descriptions
from gui.controller.handover import HandOver
from gui.controller.interactions import Drop, Interactions, shortest_of
from gui.controller.offers import Offers
from gui.controller.steps import Step, StepShow
from gui.controller.types import LogEntry
from gui.controller.view_cache import ViewCache

SPACES = {r + c for r in "abc" for c in "123"}


class Parts:
    def __init__(self, seed: int) -> None:
        self.match = Match.new("toy", 2, mode="versus", seed=seed, options={"challenges": False},
                               seats=["human", "human"])
        self.handover, self.steps = HandOver(), StepShow(lambda: 0)
        self.cache = ViewCache(self.handover, self.steps)
        self.cache.reset(self.match)
        self.handover.update(self.match)
        self.interactions = Interactions(self.cache, self.handover)
        self.offers = Offers(self.cache, self.handover)
        self.words = Descriptions(self.cache, self.handover, self.steps)


def test_a_touch_plays_the_one_command_it_completes(qapp) -> None:
    parts = Parts(seed=3)  # Player 1 holds two 4s: one command per space
    interactions = parts.interactions
    assert interactions.touchable() == SPACES and interactions.active_spaces() == SPACES
    outcome = interactions.touch("b2")
    assert outcome is not None and str(outcome.play) == "0: place 4 b2" and outcome.ask == ()
    assert interactions.touch("nowhere") is None


def test_a_touch_that_fits_two_commands_asks_and_cancel_forgets_it(qapp) -> None:
    parts = Parts(seed=1)  # Player 1 holds a 2 and a 3
    interactions = parts.interactions
    outcome = interactions.touch("a1")
    assert outcome is not None and outcome.play is None
    assert sorted(str(c) for c in outcome.ask) == ["0: place 2 a1", "0: place 3 a1"]
    assert interactions.legal_for_space("a1") == ["0: place 2 a1", "0: place 3 a1"]
    assert not interactions.cancel()  # asking ended the touches
    assert interactions.piece_commands("c3") == ["0: place 2 c3", "0: place 3 c3"]


def test_a_new_position_builds_the_touches_again(qapp) -> None:
    parts = Parts(seed=3)
    before = parts.interactions.selection()
    assert parts.interactions.selection() is before
    parts.match.apply(parts.match.state.legal(0)[0])
    parts.cache.changed()
    parts.handover.update(parts.match)
    assert parts.interactions.selection() is not before and "a1" not in parts.interactions.touchable()


def test_a_drop_that_means_nothing_says_so_and_nobody_at_the_screen_drops_nothing(qapp) -> None:
    parts = Parts(seed=3)
    assert parts.interactions.drop("a1", "b1") == Drop()
    assert parts.interactions.drag_sources() == frozenset() and parts.interactions.why_not("a1") is None
    parts.handover.reset()
    assert parts.interactions.drop("a1", "b1") is None


def test_the_shortest_walk_is_played_by_a_plain_click() -> None:
    assert shortest_of(["0: move a1,b1,c1", "0: move a1,c1"]) == "0: move a1,c1"
    assert shortest_of(["0: move a1,b1", "0: move a1,c1"]) is None    # two equally short: ask
    assert shortest_of(["0: move a1,c1", "0: claim high"]) is None


def test_the_turns_buttons_group_by_verb_and_none_show_while_steps_unfold(qapp) -> None:
    parts = Parts(seed=3)
    groups = parts.offers.turn_actions()
    assert [g.key for g in groups] == ["pass", "claim"]
    assert [command for _, command in groups[1].actions] == ["0: claim high", "0: claim low"]
    assert parts.offers.pending_answers() == [] and parts.offers.turn_end_command() is None
    parts.steps.begin([Step([], [], None), Step([], [], None)])
    assert parts.offers.turn_actions() == [] and parts.interactions.touchable() == frozenset()


def test_the_log_holds_back_what_the_steps_still_to_show_tell(qapp) -> None:
    parts = Parts(seed=3)
    parts.match.apply(parts.match.state.legal(0)[0])
    parts.cache.changed()
    told = parts.words.log_entries(parts.match)
    assert told and told[0].text.startswith("Player 1 placed 4")
    parts.steps.begin([Step([], [], None), Step([LogEntry("later")], [], None)])
    assert parts.words.log_entries(parts.match) == told[:-1]
    assert parts.words.label("0: claim high") == "claim high"  # no words of the game's own: the notation
    assert parts.words.seat_name(parts.match, 1) == "Player 2"
