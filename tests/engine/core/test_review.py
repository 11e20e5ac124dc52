"""The review cursor (engine/core/review.py): the position at any step of whole seeded games of
every game, the seats an unfinished game may be looked at from, and branches ("what if") that
deal again what the reviewer could not see, save and load."""
from __future__ import annotations

import random
from dataclasses import dataclass, field

import pytest

from engine.bots import bot_rng, make_bot
from engine.core import Event, Match, Refused, State, load_match, save_match
from engine.core.review import (
    RULE_GAME_OVER,
    RULE_HIDDEN_SEAT,
    RULE_OUT_OF_RANGE,
    RULE_REAL_ORDER,
    Review,
    branch_name,
)
from tests.conformance.secrets import command_words, hidden_from, strings
from tests.conformance.test_leaks import _event_words, _revealed_words

GAMES = [("vindication", 2), ("nemesis", 2), ("dragonbond", 2)]
LONG_DECK = 8   # a deck this long keeps its real order after a fair redeal once in 40,320


@dataclass
class Played:
    """A seeded bot game as the viewer (seat 0) lived it: after each command, the whole state, the
    viewer's view, the events it could see so far and the commands as it could read them."""

    match: Match
    states: list[State] = field(default_factory=list)
    views: list[object] = field(default_factory=list)
    events: list[list[Event]] = field(default_factory=list)
    commands: list[list[str]] = field(default_factory=list)


def play(game_id: str, players: int, seed: int, stop: int | None = None, viewer: int = 0) -> Played:
    match = Match.new(game_id, players, seed=seed)
    bots = {seat: make_bot("random", match.game) for seat in range(players)}
    rngs = {seat: bot_rng(seed, seat) for seat in range(players)}
    played = Played(match)

    def record() -> None:
        played.states.append(match.state.copy())
        played.views.append(match.state.view(viewer))
        played.events.append(match.events_for(viewer))
        played.commands.append([step.command_for(viewer) for step in match.history])

    record()
    while not match.state.is_terminal() and (stop is None or len(match.history) < stop):
        seat = match.state.deciders()[0]
        match.apply(bots[seat].choose(match.state.view(seat), tuple(match.state.legal(seat)), rngs[seat]))
        record()
    return played


@pytest.fixture(scope="module", params=GAMES, ids=[g for g, _ in GAMES])
def finished(request: pytest.FixtureRequest) -> Played:
    game_id, players = request.param
    played = play(game_id, players, seed=11)
    assert played.match.state.is_terminal()
    return played


@pytest.mark.parametrize("every", [1, 7, None])
def test_the_position_at_each_step_has_the_digest_the_match_had_then(finished: Played, every: int | None) -> None:
    review = Review(finished.match, 0) if every is None else Review(finished.match, 0, snapshot_every=every)
    steps = list(range(len(review) + 1))
    assert len(steps) == len(finished.states)
    random.Random(3).shuffle(steps)   # jumps in any order, then back and forth one step
    for k in steps + list(range(len(review) + 1)) + list(range(len(review), -1, -1)):
        assert review.digest(k) == finished.states[k].digest(), k


def test_a_finished_game_shows_every_seat_and_the_whole_position(finished: Played) -> None:
    match = finished.match
    review = Review(match, 0)
    assert review.finished
    assert set(review.seats_shown()) == {*range(match.config.players), None}
    k = len(review) // 2
    for seat in review.seats_shown():
        assert review.view(k, seat) == finished.states[k].view(seat)
    assert review.position(k).digest() == finished.states[k].digest()


def test_rounds_are_steps_of_the_timeline(finished: Played) -> None:
    review = Review(finished.match, 0)
    marks = review.round_starts()
    assert marks[0] == 0 and marks[-1] == len(review) and len(marks) > 2
    k = marks[1] + 1
    assert review.previous_round(k) == marks[1] and review.next_round(k) == marks[2]
    assert review.previous_round(0) == 0 and review.next_round(len(review)) == len(review)
    if review.round_of(0) is not None:   # the game counts rounds: each mark starts a new one
        assert all(review.round_of(m) != review.round_of(m - 1) for m in marks[1:-1])


def test_steps_outside_the_game_are_refused(finished: Played) -> None:
    review = Review(finished.match, 0)
    for k in (-1, len(review) + 1):
        with pytest.raises(Refused) as refusal:
            review.digest(k)
        assert refusal.value.rule_id == RULE_OUT_OF_RANGE


def test_a_finished_games_branch_may_keep_the_real_order(finished: Played, tmp_path) -> None:
    review = Review(finished.match, 1)
    k = len(review) // 3
    kept = review.branch(k, keep_real_order=True)
    assert kept.digest() == finished.states[k].digest()
    assert kept.history == [] and kept.start_document is not None
    dealt = review.branch(k, seed=5)
    assert dealt.digest() != finished.states[k].digest()
    assert dealt.state.view(1) == finished.states[k].view(1)   # the reviewer cannot tell them apart
    with pytest.raises(Refused) as refusal:
        review.branch(len(review), keep_real_order=True)
    assert refusal.value.rule_id == RULE_GAME_OVER


def test_a_branch_saves_under_its_parents_name_and_loads_again(finished: Played, tmp_path) -> None:
    review = Review(finished.match, 0)
    k = len(review) // 2
    branch = review.branch(k, seed=9)
    played = 0
    while played < 5 and not branch.state.is_terminal():   # play on a little, then save
        branch.apply(branch.state.legal(branch.state.deciders()[0])[0])
        played += 1
    name = branch_name(str(tmp_path / "evening.tksave"), k)
    assert name == f"evening - from move {k}"
    path = tmp_path / (name + ".tksave")
    save_match(branch, path)
    loaded = load_match(path)
    assert loaded.digest() == branch.digest()
    assert loaded.initial_digest == branch.initial_digest
    assert Review(loaded, 0).digest(0) == branch.initial_digest


@pytest.mark.parametrize(("game_id", "players"), GAMES, ids=[g for g, _ in GAMES])
def test_an_unfinished_game_is_reviewed_only_from_the_viewers_seat(game_id: str, players: int) -> None:
    played = play(game_id, players, seed=4, stop=40)
    match = played.match
    assert not match.state.is_terminal()
    review = Review(match, 0)
    assert review.seats_shown() == (0,)
    for seat in (1, None):
        for ask, args in ((review.view, (3, seat)), (review.events, (3, seat)), (review.log, (seat,))):
            with pytest.raises(Refused) as refusal:
                ask(*args)  # type: ignore[operator]
            assert refusal.value.rule_id == RULE_HIDDEN_SEAT
    with pytest.raises(Refused):
        review.position(3)
    with pytest.raises(Refused) as refusal:
        review.branch(3, keep_real_order=True)
    assert refusal.value.rule_id == RULE_REAL_ORDER


@pytest.mark.parametrize(("game_id", "players"), GAMES, ids=[g for g, _ in GAMES])
@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_an_unfinished_games_branch_deals_hidden_orders_again(game_id: str, players: int, seed: int) -> None:
    played = play(game_id, players, seed=seed, stop=60)
    review = Review(played.match, 0)
    compared = 0
    for k in sorted({0, len(review) // 2, len(review)}):
        real = played.states[k]
        if real.is_terminal():
            continue
        branch = review.branch(k)   # a fresh seed of its own
        assert branch.state.view(0) == played.views[k]   # the viewer cannot tell them apart …
        assert branch.digest() != real.digest()
        real_decks, dealt_decks = real.to_plain()["data"]["decks"], branch.state.to_plain()["data"]["decks"]
        shown_decks = played.views[k].get("decks") or {}   # type: ignore[attr-defined]
        for name, cards in real_decks.items():   # … and no long hidden deck keeps its real order
            if isinstance(cards, list) and len(cards) >= LONG_DECK and shown_decks.get(name) != cards:
                assert dealt_decks[name] != cards, (k, name)
                compared += 1
        # the same seed deals the same branch: a branch depends on the seed, not on the real order
        again = review.branch(k, seed=77)
        assert again.digest() == review.branch(k, seed=77).digest()
    assert compared > 0


@pytest.mark.parametrize(("game_id", "players"), GAMES, ids=[g for g, _ in GAMES])
def test_reviewing_an_unfinished_game_yields_only_what_the_viewer_saw_then(game_id: str, players: int) -> None:
    played = play(game_id, players, seed=8, stop=80)
    review = Review(played.match, 0)
    for k in range(len(review) + 1):
        # what the review shows is exactly what the viewer was shown at that point …
        assert review.view(k, 0) == played.views[k]
        assert review.events(k, 0) == played.events[k]
        assert [line.command for line in review.log(0, k)] == played.commands[k]
    # … and, as the conformance leak test asks of the live game (tests/conformance/test_leaks.py),
    # nothing the review shows at step k names what the viewer could not see before it, was never
    # shown and is not shown by its view after it (unless an event reveals it, by the rules)
    seen = strings(review.view(0, 0))
    for k in range(1, len(review) + 1):
        secret = hidden_from(played.states[k - 1], 0) - seen
        events = review.step_events(k, 0)
        line = review.log(0, k)[-1]
        told = _event_words(events, 0)
        if "(hidden)" not in line.command:
            told |= command_words(played.match.history[k - 1].command)
        seen_now, revealed = strings(review.view(k, 0)), _revealed_words(events, 0)
        assert not (told & secret) - seen_now - revealed, (k, line.command)
        seen |= seen_now | told | revealed
