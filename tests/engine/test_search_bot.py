"""The search player (engine/bots/search.py): it never peeks, it is reproducible with an iteration
budget, it is registered for every game at two levels, and it plays whole games through the
command line.

The no-peeking tests take a decision of each game and a second full state that differs from it
only in what the deciding seat cannot see (hands, deck orders, face-down tiles, secret objectives,
the game's own generator), and check that the seat's view is the same, that the whole state is
not, and that the search (same seed, same iteration budget) thinks exactly alike in both.
"""
from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.bots import SearchBot, StateFeed, bot_kinds, decide, make_bot, play_out, seat_bots, think
from engine.bots.determinise import SortedShuffles, determinise
from engine.bots.search import CANDIDATES, HARD_MS, NORMAL_MS
from engine.core import Data, Match, Rng, State, games, plain, weighted_choice
from engine.core.rules_game import answers_itself

# game, players, mode, options, commands played before the decision looked at, iterations
DECISIONS = {
    "toy": ("toy", 2, None, {}, 2, 60),
    "vindication": ("vindication", 2, None, {}, 24, 30),
    "vindication_isle": ("vindication", 2, None, {"villages_hamlets": True}, 30, 20),
    "dragonbond": ("dragonbond", 2, None, {"characters": "random"}, 12, 24),
    "nemesis": ("nemesis", 2, "standard", {}, 10, 16),
    "nemesis_solo": ("nemesis", 1, "solo", {}, 6, 16),
}


def decision(key: str) -> tuple[State, int, list]:
    """A seeded game played by random bots for a few commands, then on to the first decision with
    a choice: (the state, the deciding seat, its legal commands)."""
    game_id, players, mode, options, skip, _ = DECISIONS[key]
    match = Match.new(game_id, players, mode=mode, seed=3, options=options)
    state, rng = match.state, Rng(3, stream=17)
    played = 0
    while True:
        seat = state.deciders()[0]
        legal = state.legal(seat)
        if played >= skip and len(legal) >= 2:
            return state, seat, legal
        state.apply(weighted_choice(rng, legal, [state.game.random_weight(c) for c in legal]))
        played += 1


# -- hidden information changed by hand, one function per game ------------------------------------
def _toy(data: Data, seat: int) -> None:
    other = 1 - seat
    hand, deck = data["hands"][other], data["deck"]
    swap = next(i for i, card in enumerate(deck) if card != hand[0])
    hand[0], deck[swap] = deck[swap], hand[0]
    deck.reverse()


def _vindication(data: Data, seat: int) -> None:
    for cards in data["decks"].values():
        cards.reverse()
    data["bag"].reverse()
    data["end_deck"].reverse()
    other = data["players"][1 - seat]
    if other["quest"]:
        other["quest"], data["quest_deck"][0] = data["quest_deck"][0], other["quest"]


def _dragonbond(data: Data, seat: int) -> None:
    data["decks"]["event"].reverse()
    data["decks"]["upgrade"].reverse()
    for board in data["boards"].values():
        if board["seat"] is None:
            board["ai_deck"].reverse()
        elif board["seat"] != seat:
            board["hand"].reverse()
            board["vaala_deck"].reverse()


def _nemesis(data: Data, seat: int) -> None:
    from engine.nemesis.content import content
    board = content().board
    for pile in ("I", "II"):
        hidden = [r for r in board.order if board.rooms[r].slot == pile and not data["rooms"][r]["explored"]]
        first = data["rooms"][hidden[0]]
        other = next(data["rooms"][r] for r in hidden if data["rooms"][r]["tile"] != first["tile"])
        first["tile"], other["tile"] = other["tile"], first["tile"]
    for name, cards in data["decks"].items():
        if name == "computer":              # its top card is face up
            cards[:-1] = cards[-2::-1]
        elif name != "contamination":
            cards.reverse()
    for player in data["players"]:
        if player["seat"] != seat and player["hand"] and player["deck"]:
            player["hand"][0], player["deck"][0] = player["deck"][0], player["hand"][0]


BY_HAND: dict[str, Callable[[Data, int], None]] = {
    "toy": _toy, "vindication": _vindication, "vindication_isle": _vindication,
    "dragonbond": _dragonbond, "nemesis": _nemesis, "nemesis_solo": _nemesis,
}


def twin(state: State, seat: int, how: str, key: str) -> State:
    """A state the seat cannot tell from ``state``: hidden parts changed by hand, or dealt again
    by the game's own `resample_hidden` with a plain (unsorted) generator; another generator too."""
    other = state.copy()
    data = other.data
    if how == "by hand":
        BY_HAND[key](data, seat)
    else:
        dealt = state.game.resample_hidden(plain.thaw(plain.freeze(state.data)), seat, Rng(99))
        assert dealt is not None
        data.clear()
        data.update(dealt)
    other.rng = Rng(4242)
    return other


@pytest.mark.parametrize("how", ["by hand", "resampled"])
@pytest.mark.parametrize("key", list(DECISIONS))
def test_the_search_chooses_alike_from_states_that_differ_only_in_what_its_seat_cannot_see(key, how):
    state, seat, legal = decision(key)
    other = twin(state, seat, how, key)
    game = state.game
    assert other.view(seat) == state.view(seat), "the twin must look the same from the seat"
    assert plain.digest(other.data) != plain.digest(state.data), "the twin must hide something else"
    assert other.legal(seat) == legal

    # the game's own redeal depends on the hidden order; the search's canonical one does not
    plain_deals = [game.resample_hidden(plain.thaw(plain.freeze(s.data)), seat, Rng(5)) for s in (state, other)]
    assert plain.digest(plain_deals[0]) != plain.digest(plain_deals[1])
    deals = [determinise(game, s.data, seat, Rng(5)) for s in (state, other)]
    assert plain.digest(deals[0]) == plain.digest(deals[1])
    assert game.view(deals[0], seat) == state.view(seat)

    iterations = DECISIONS[key][5]
    found = [think(game, s, seat, legal, Rng(77), think_ms=None, iterations=iterations) for s in (state, other)]
    assert found[0].choice == found[1].choice
    assert found[0].visits == found[1].visits and found[0].values == found[1].values
    # an iteration budget is spent in whole paired rounds of the candidates (rounded down)
    assert found[0].failures == 0 and 0 <= iterations - found[0].iterations < (CANDIDATES or 1)
    assert sum(n for _, n, _ in found[0].visits) == found[0].iterations


def test_sorted_shuffles_deal_by_the_pool_not_its_order():
    pools = (["b", "a", "c", "a"], ["a", "c", "a", "b"])
    dealt = []
    for pool in pools:
        cards = list(pool)
        SortedShuffles(Rng(8)).shuffle(cards)
        dealt.append(cards)
    assert dealt[0] == dealt[1] and sorted(dealt[0]) == ["a", "a", "b", "c"]
    records = ([{"k": 2}, {"k": 1}], [{"k": 1}, {"k": 2}])
    assert SortedShuffles(Rng(2)).sample(records[0], 1) == SortedShuffles(Rng(2)).sample(records[1], 1)
    assert SortedShuffles(Rng(3)).choice((3, 1, 2)) == SortedShuffles(Rng(3)).choice((2, 3, 1))


# -- reproducible, anytime, and the game's hooks ---------------------------------------------------------
def test_an_iteration_budget_makes_the_choice_reproducible_and_the_seed_matters():
    state, seat, legal = decision("vindication")
    runs = [think(state.game, state, seat, legal, Rng(seed), think_ms=None, iterations=30) for seed in (1, 1, 2)]
    assert runs[0].choice == runs[1].choice and runs[0].visits == runs[1].visits
    assert runs[0].visits != runs[2].visits
    assert runs[0].choice in legal and runs[0].commands > 30


def test_progressive_widening_tries_the_policys_pick_first_and_more_as_visits_grow():
    state, seat, legal = decision("vindication")
    assert len(legal) >= 6
    game = state.game
    tree = {"candidates": None, "tree_depth": None, "paired": False, "keep_margin": 0.0}   # ISMCTS proper
    one = think(game, state, seat, legal, Rng(4), think_ms=None, iterations=1, **tree)
    first = game.search_playout(state.data, seat, legal, Rng(4))
    assert [c for c, _, _ in one.visits] == [one.choice] and one.choice.verb == first.verb
    widened = think(game, state, seat, legal, Rng(4), think_ms=None, iterations=9, **tree)
    assert len(widened.visits) <= 1 + int(9 ** 0.5)       # 1 + WIDENING × √visits children at most
    plain_ismcts = think(game, state, seat, legal, Rng(4), think_ms=None, iterations=9, widening=None, **tree)
    assert len(plain_ismcts.visits) == min(9, len(legal))  # every command tried before any twice


def test_a_time_budget_alone_ends_the_search():
    state, seat, legal = decision("toy")
    found = think(state.game, state, seat, legal, Rng(1), think_ms=30)
    assert found.iterations >= 1 and found.choice in legal
    with pytest.raises(ValueError, match="budget"):
        think(state.game, state, seat, legal, Rng(1), think_ms=None, iterations=None)


def test_the_search_does_not_change_the_state_it_is_handed():
    state, seat, legal = decision("dragonbond")
    before = state.digest()
    think(state.game, state, seat, legal, Rng(1), think_ms=None, iterations=8)
    assert state.digest() == before


@pytest.mark.parametrize("key", ["vindication", "dragonbond", "nemesis"])
def test_each_game_values_positions_for_every_seat_within_0_and_1(key):
    state, seat, legal = decision(key)
    game = state.game
    assert all(answers_itself(game, hook) for hook in ("search_values", "search_playout", "search_depth"))
    values = game.search_values(state.data)
    assert values is not None and len(values) == state.config.players
    assert all(0.0 <= v <= 1.0 for v in values)
    assert game.search_playout(state.data, seat, legal, Rng(1)) in legal
    depth = game.search_depth(state.config)
    assert depth is not None and depth > 0


def test_nemesis_groups_a_move_however_it_is_paid_and_a_pass_with_any_discards():
    from engine.core import Command
    from engine.nemesis.game import GAME
    assert GAME.search_group(Command.parse("0: move ST23 pay=rest.4")) == \
        GAME.search_group(Command.parse("0: move ST23 pay=inconspicuous.5")) == "move ST23"
    assert GAME.search_group(Command.parse("0: pass discard=c0,c1")) == GAME.search_group(Command.parse("0: pass"))
    assert GAME.search_group(Command.parse("0: move ST22 pay=rest.4")) != "move ST23"


def test_a_game_without_hooks_gets_the_defaults():
    state, seat, legal = decision("toy")
    game = state.game
    assert not answers_itself(game, "search_values") and game.search_values(state.data) is None
    assert game.search_depth(state.config) is None and game.search_group(legal[0]) is None


# -- how runners hand the search a state -------------------------------------------------------------
def test_the_search_bot_is_registered_for_every_game_at_two_levels():
    for game in games():
        assert {"search", "search_hard"} <= set(bot_kinds(game.info.id))
        assert {"search", "search_hard"} <= set(game.info.bot_kinds())
    normal, hard = make_bot("search"), make_bot("bot:search_hard")
    assert (normal.name, normal.think_ms) == ("search", NORMAL_MS)
    assert (hard.name, hard.think_ms) == ("search_hard", HARD_MS)


def test_asked_with_a_view_alone_the_search_bot_says_how_to_ask_it():
    state, seat, legal = decision("toy")
    with pytest.raises(TypeError, match="decide"):
        SearchBot(state.game).choose(state.view(seat), legal, Rng(1))


def test_decide_hands_a_state_bot_a_copy_and_a_view_bot_the_view():
    state, seat, legal = decision("toy")
    bot = SearchBot(state.game, think_ms=None, iterations=20)
    before = state.digest()
    chosen = decide(bot, state, seat, legal, Rng(1))
    assert chosen in legal and bot.last is not None and bot.last.iterations == 20
    assert state.digest() == before
    assert decide(make_bot("random", state.game), state, seat, legal, Rng(1)) in legal


def test_a_state_feed_refuses_a_view_that_is_not_the_matchs_now():
    match = Match.new("toy", 2, seed=3)
    feed = StateFeed(SearchBot(match.game, think_ms=None, iterations=5), lambda: match.state)
    legal = match.state.legal(0)
    assert feed.choose(match.state.view(0), legal, Rng(1)) in legal
    with pytest.raises(ValueError, match="not seat 0's view"):
        feed.choose(match.state.view(1), legal, Rng(1))


def test_search_bots_play_whole_games_through_the_runner():
    match = Match.new("toy", 2, seed=9, seats=["bot:search", "bot:random"])
    search = SearchBot(match.game, think_ms=None, iterations=25)
    bots = seat_bots(match, {0: search, 1: make_bot("random", match.game)}, think_ms=None)
    result = play_out(match, bots, rng_seed=9)
    assert result.finished and search.last is not None


def test_seat_bots_sets_the_time_budget_of_the_bots_that_have_one():
    match = Match.new("toy", 2, seed=9)
    search = SearchBot(match.game)
    bots = seat_bots(match, {0: search, 1: make_bot("random", match.game)}, think_ms=123)
    assert search.think_ms == 123 and isinstance(bots[0], StateFeed) and bots[1].name == "random"


def test_the_search_beats_random_play_in_the_toy_game():
    """It searches: with 60 iterations a decision it wins most seeded games against the random bot
    (seats alternating)."""
    wins = 0
    for seed in range(10):
        me = seed % 2
        match = Match.new("toy", 2, seed=seed)
        search = SearchBot(match.game, think_ms=None, iterations=60)
        bots = seat_bots(match, {me: search, 1 - me: make_bot("random", match.game)})
        outcome = play_out(match, bots, rng_seed=seed).outcome
        assert outcome is not None
        wins += me in outcome.winners
    assert wins >= 7


def test_the_command_line_plays_a_search_bot_with_a_time_budget(capsys):
    from engine import cli
    code = cli.main(["play", "toy", "--players", "2", "--bots", "search,random", "--think-ms", "20",
                     "--seed", "4"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert out.startswith("seed 4: ") and "wins: seat 0 " in out
    assert cli.main(["play", "toy", "--players", "2", "--bots", "search", "--think-ms", "0"]) == cli.EXIT_ARGUMENTS
    assert "--think-ms must be at least 1" in capsys.readouterr().err


def test_seeded_search_games_repeat():
    """Two runs of the same seeded match with iteration budgets give the same commands."""
    def run() -> list[str]:
        match = Match.new("toy", 2, seed=5)
        bots = seat_bots(match, {0: SearchBot(match.game, think_ms=None, iterations=15),
                                 1: SearchBot(match.game, think_ms=None, iterations=15)})
        play_out(match, bots, rng_seed=5)
        return [str(c) for c in match.commands]
    first = run()
    assert first == run() and len(first) > 3


def test_dragonbonds_playout_view_is_the_seats_view_without_copies():
    from engine.dragonbond.search import playout_view
    from engine.dragonbond.views import seat_view
    for players, options in ((2, {"characters": "random"}), (3, {})):
        match = Match.new("dragonbond", players, seed=3, options=options)
        bots = {s: make_bot("heuristic", match.game) for s in range(players)}
        checked = 0
        for _ in range(400):
            state = match.state
            if state.is_terminal():
                break
            for seat in range(players):
                assert playout_view(state.data, seat) == seat_view(state.data, seat)
                checked += 1
            seat = state.deciders()[0]
            match.apply(decide(bots[seat], state, seat, state.legal(seat), Rng(seat)))
        assert checked > 100


def test_candidates_bound_the_root_to_the_policys_favourites_and_a_margin_keeps_its_pick():
    state, seat, legal = decision("vindication")
    game = state.game
    assert len(legal) >= 6
    found = think(game, state, seat, legal, Rng(4), think_ms=None, iterations=24, candidates=3, tree_depth=1,
                  paired=False)
    assert len(found.visits) <= 3 and sum(n for _, n, _ in found.visits) == 24
    first = think(game, state, seat, legal, Rng(4), think_ms=None, iterations=1, candidates=3)
    kept = think(game, state, seat, legal, Rng(4), think_ms=None, iterations=24, candidates=3, tree_depth=1,
                 keep_margin=2.0)                  # no value beats another by 2: the policy's pick stays
    assert kept.choice == first.choice
    again = think(game, state, seat, legal, Rng(4), think_ms=None, iterations=24, candidates=3, tree_depth=1,
                  paired=False)
    assert again.choice == found.choice and again.visits == found.visits


@pytest.mark.parametrize("key", ["vindication", "dragonbond", "nemesis"])
def test_paired_rounds_play_every_candidate_on_the_same_guess_and_repeat(key):
    state, seat, legal = decision(key)
    game = state.game
    runs = [think(game, state, seat, legal, Rng(seed), think_ms=None, iterations=8, candidates=2, tree_depth=1,
                  paired=True) for seed in (5, 5)]
    assert runs[0].choice == runs[1].choice and runs[0].visits == runs[1].visits
    tried = runs[0].visits
    assert len(tried) == min(2, len(legal)) and {n for _, n, _ in tried} == {8 // len(tried)}
    odd = think(game, state, seat, legal, Rng(5), think_ms=None, iterations=7, candidates=2, tree_depth=1, paired=True)
    # a budget is spent in whole rounds: a part-round would give the policy's pick one visit more
    # than the others, and the most visited command is played
    assert odd.iterations == 6 == sum(n for _, n, _ in odd.visits) and {n for _, n, _ in odd.visits} == {3}
    if key == "nemesis":           # the favourites are of different groups (a move and a pass, say)
        assert len({game.search_group(c) or c for c, _, _ in tried}) == len(tried)


def test_a_time_budget_drops_a_paired_round_cut_short():
    state, seat, legal = decision("vindication")
    found = think(state.game, state, seat, legal, Rng(2), think_ms=40)
    counts = {n for _, n, _ in found.visits}
    assert len(counts) <= 1 and found.iterations == sum(n for _, n, _ in found.visits)
    assert found.seconds < 0.04 + 0.2


def test_vindication_playouts_end_after_two_turn_ends_and_other_games_count_commands():
    from engine.bots.search import _Search, _TurnClock
    from engine.vindication.search import search_turn
    state, seat, legal = decision("vindication")
    game = state.game
    search = _Search(game, state.config, seat, state.data, legal, Rng(1), 0.7, 1.0, None)
    clock = search.clock(state.data)
    assert isinstance(clock, _TurnClock) and search.turns == 2
    data, chance, turns = plain.thaw(plain.freeze(state.data)), Rng(2), [search_turn(state.data)]
    while not clock.done():
        mover, options = search.turn(data)
        game.apply(data, search.policy(data, mover, options), chance)
        clock.tick(data)
        if search_turn(data) != turns[-1]:
            turns.append(search_turn(data))
    # the decider's turn and the next seat's have ended: the playout stops as a turn begins
    assert len(turns) == 3 and data["turn"]["used"]["move"] == 0 and data["turn"]["seat"] == data["order"][
        data["current"]]
    other, other_seat, other_legal = decision("dragonbond")
    found = _Search(other.game, other.config, other_seat, other.data, other_legal, Rng(1), 0.7, 1.0, None)
    assert found.clock(other.data) is None


def test_vindication_values_resources_by_what_the_rules_let_them_become_in_the_turns_left():
    from engine.vindication import search as vs
    state, seat, legal = decision("vindication")
    data = plain.thaw(plain.freeze(state.data))
    player = data["players"][seat]
    player["attrs"] = {"S": 0, "K": 0, "I": 0, "C": 0, "W": 4, "V": 0}
    player["conviction"] = 0
    data["end_round"] = None
    assert vs.turns_left(data, seat) == vs.HORIZON_TURNS
    trait = vs._deck_honor()["trait"]
    # 4 wisdom: two traits at the Ancient Tomb, two visits
    assert vs.future_honor(data, seat) == pytest.approx(vs.REALISED * 2 * trait)
    player["conviction"] = 1             # a control marker: 2 honor at once and 2 at the end
    assert vs.future_honor(data, seat) == pytest.approx(vs.REALISED * (2 * trait + vs.CONTROL_HONOR))
    # the final round: a seat whose turn is still to come has one visit left, one past it none
    data["end_round"] = data["round"]
    place = data["order"].index(seat)
    data["current"] = place
    assert vs.turns_left(data, seat) == 1
    assert vs.future_honor(data, seat) == pytest.approx(vs.REALISED * (trait + vs.CONTROL_HONOR))
    if place + 1 < len(data["order"]):
        data["current"] = place + 1
        assert vs.turns_left(data, seat) == 0 and vs.future_honor(data, seat) == 0.0
    before = vs.projected_honor(data, future=False)
    data["current"] = place
    assert vs.projected_honor(data)[seat] == pytest.approx(before[seat] + vs.future_honor(data, seat))
