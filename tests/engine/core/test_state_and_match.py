"""The state surface and the match around it, on the toy game."""
from __future__ import annotations

import copy

import pytest

import tests.toygame  # noqa: F401  (registers the toy game)
from engine.core import Command, ConfigError, Match, Refused, UnknownGame, games, get_game


def toy(players: int = 2, seed: int = 1, **options) -> Match:
    return Match.new("toy", players, seed=seed, options=options)


def test_registry_lists_the_toy_game_and_names_unknown_ones():
    assert "toy" in [g.info.id for g in games()]
    with pytest.raises(UnknownGame, match="no game 'chess'.*toy"):
        get_game("chess")


@pytest.mark.parametrize(("players", "mode", "message"), [
    (5, None, "1–4 players, not 5"), (1, "versus", "2–4"), (2, "solo", "solo is for 1 player, not 2"),
    (2, "coop", "no mode")])
def test_player_counts_and_modes_are_checked(players, mode, message):
    with pytest.raises(ConfigError, match=message):
        Match.new("toy", players, mode=mode, seed=1)


def test_options_are_typed_and_unknown_ones_named():
    assert dict(toy(challenges="no").config.options)["challenges"] is False
    with pytest.raises(ConfigError, match="yes or no"):
        toy(challenges="maybe")
    with pytest.raises(ConfigError, match="between 1 and 60"):
        toy(target=99)
    with pytest.raises(ConfigError, match="no option 'colour'"):
        toy(colour="red")


def test_refusal_carries_rule_and_reason_and_leaves_the_digest():
    match = toy()
    state = match.state
    hand = state.data["hands"][0]
    missing = next(v for v in range(1, 7) if v not in hand)
    before = state.digest()
    with pytest.raises(Refused) as refusal:
        match.apply(Command.parse(f"0: place {missing} b2"))
    assert refusal.value.rule_id == "TOY-PLACE-1"
    assert "you hold no" in refusal.value.reason
    assert state.digest() == before


def test_a_refusal_raised_after_changes_began_is_rolled_back():
    """Rules may check as they go: the core restores data and generator on a late refusal."""
    game = get_game("toy")
    match = toy()
    original = game._do_pass

    def pass_then_refuse(data, cmd, rng):
        original(data, cmd, rng)
        rng.roll()
        data["board"]["a1"] = {"seat": 0, "value": 6}
        raise Refused("TOY-TEST-1", "changed my mind")

    game._do_pass = pass_then_refuse  # type: ignore[method-assign]
    try:
        before = match.digest()
        rng_before = match.state.rng.get_state()
        with pytest.raises(Refused):
            match.apply(Command.parse("0: pass"))
        assert match.digest() == before
        assert match.state.rng.get_state() == rng_before
        assert match.history == []
    finally:
        del game._do_pass


def test_out_of_turn_reaction_goes_to_the_rival_and_only_to_them():
    match = toy(seed=4)
    hand = match.state.data["hands"][0]
    match.apply(Command.parse(f"0: place {hand[0]} a1"))
    hand1 = match.state.data["hands"][1]
    match.apply(Command.parse(f"1: place {hand1[0]} a2"))
    assert match.state.prompt.kind == "challenge"
    assert match.state.deciders() == (0,)
    with pytest.raises(Refused) as refusal:
        match.apply(Command.parse("1: allow"))
    assert refusal.value.rule_id == "TOY-TURN-1"
    events = match.apply(Command.parse("challenge"))  # no seat: goes to the only decider
    assert [e.kind for e in events][0] == "die_rolled"


def test_anytime_commands_come_from_any_seat_but_once_per_turn():
    match = toy()
    match.apply(Command.parse("1: claim high"))
    with pytest.raises(Refused, match="one claim"):
        match.apply(Command.parse("1: claim low"))


def test_legal_commands_filter_by_space():
    state = toy().state
    on_b2 = state.legal(0, space="b2")
    assert on_b2 and all(c.verb == "place" and c.args[1] == "b2" for c in on_b2)
    assert len(on_b2) == len(set(state.data["hands"][0]))


def test_copy_is_cheap_but_independent_even_of_live_data():
    match = toy()
    state = match.state
    live = state.data
    twin = state.copy()
    live["board"]["a1"] = "scribbled"  # a caller misusing live data must not reach the copy
    assert twin.data["board"]["a1"] is None
    assert copy.deepcopy(twin.data) == twin.data


def test_undo_takes_back_only_what_revealed_nothing():
    match = toy(seed=2)
    match.apply(Command.parse("0: pass"))  # public, no chance: undoable
    assert match.can_undo()
    match.undo()
    assert match.commands == [] and match.can_redo()
    match.redo()
    hand = match.state.data["hands"][1]
    match.apply(Command.parse(f"1: place {hand[0]} c3"))  # draws a hidden card: a barrier
    assert not match.can_undo()
    with pytest.raises(Refused, match="cannot be taken back"):
        match.undo()
    match.apply(Command.parse("0: claim low"))
    match.undo()  # after the barrier, undo works again, back to it and no further
    assert not match.can_undo()


def test_events_carry_their_audience():
    match = toy(seed=3)
    hand = match.state.data["hands"][0]
    events = match.apply(Command.parse(f"0: place {hand[0]} b2"))
    drew = next(e for e in events if e.kind == "drew")
    assert drew.audience == frozenset({0})
    assert drew in match.events_for(0) and drew not in match.events_for(1)
    assert drew not in match.events_for(None)


def test_views_hide_other_hands_and_the_deck():
    state = toy(players=3).state
    view = state.view(1)
    assert view["hands"][1] == state.data["hands"][1]
    assert view["hands"][0] == 2 and view["hands"][2] == 2
    assert view["deck"] == len(state.data["deck"])
    public = state.view(None)
    assert all(isinstance(h, int) for h in public["hands"])


def test_game_over_refuses_everything():
    match = toy(players=2)
    match.apply(Command.parse("0: pass"))
    match.apply(Command.parse("1: pass"))
    assert match.state.is_terminal() and match.state.prompt is None
    with pytest.raises(Refused) as refusal:
        match.apply(Command.parse("0: pass"))
    assert refusal.value.rule_id == "TOY-END-1"


def test_redo_brings_back_several_undone_commands_and_a_new_command_ends_them():
    match = toy(seed=2)
    for text in ("0: claim high", "1: claim low", "0: pass"):
        match.apply(Command.parse(text))
    after = match.digest()
    for _ in range(3):
        match.undo()
    assert match.commands == []
    match.redo()
    match.redo()
    match.redo()
    assert match.digest() == after and not match.can_redo()
    match.undo()
    assert match.can_redo()
    match.apply(Command.parse("0: pass"))
    assert not match.can_redo()
