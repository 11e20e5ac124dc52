"""The conformance suite: every registered game is held to the same contract.

Each game is checked the moment it registers: seeded random playouts with its invariants checked
after every command, refusals that leave the digest unchanged, views that hide what they must,
independent copies, undo, determinism and save/load.
"""
from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine.core import (
    Command,
    Match,
    Refused,
    Rng,
    State,
    dump_yaml,
    games,
    load_match,
    parse_yaml,
    save_match,
    state_from_document,
    state_to_document,
    weighted_choice,
)

SEEDS = (1, 2, 3)
MAX_COMMANDS = 30_000   # a random game longer than this is a bug to investigate, not a pass
# The heavier checks run at every Nth position of a game, so long games stay affordable.
JUNK_EVERY, VIEW_EVERY, COPY_EVERY, ALL_LEGAL_EVERY = 3, 10, 5, 25
ALL_LEGAL_SAMPLE = 12


def option_variants(game) -> list[dict]:
    """The defaults, each yes/no option flipped alone, then everything on with each other choice."""
    variants: list[dict] = [{}]
    flags = {o.key: not o.default for o in game.info.options if o.kind == "bool"}
    variants += [{key: value} for key, value in flags.items()]
    for option in game.info.options:
        if option.kind == "choice":
            variants += [{**flags, option.key: choice} for choice in option.choices if choice != option.default]
    return variants


def tables(game) -> list[tuple[str, int]]:
    """Each mode at its smallest and its largest table."""
    return [(mode.id, players) for mode in game.info.modes
            for players in sorted({mode.min_players, mode.max_players})]


def setups() -> Iterator[tuple[str, str, int, tuple]]:
    """The full matrix: every option variant at every table of every game."""
    for game in games():
        for options in option_variants(game):
            for mode, players in tables(game):
                yield game.info.id, mode, players, tuple(sorted(options.items()))


def sampled_setups() -> Iterator[tuple[str, str, int, tuple]]:
    """The default run's sample of the matrix, the same every run: each one-seat table with the
    default options, then the option variants dealt in turn to the tables of two or more seats
    (going round again while either list has some left), so that every game, mode, table and
    option value is checked at least once, and each option where other seats play."""
    for game in games():
        variants = [tuple(sorted(options.items())) for options in option_variants(game)]
        alone = [table for table in tables(game) if table[1] == 1]
        shared = [table for table in tables(game) if table[1] > 1] or alone
        for mode, players in alone:
            yield game.info.id, mode, players, ()
        for turn in range(max(len(variants), len(shared))):
            mode, players = shared[turn % len(shared)]
            yield game.info.id, mode, players, variants[turn % len(variants)]


def setup_id(game_id: str, mode: str, players: int, options: tuple) -> str:
    return f"{game_id}-{mode}-{players}p" + "".join(f"-{k}={v}" for k, v in options)


def matrix_params() -> list:
    """The full matrix as test parameters, those outside the sample marked ``full_matrix`` (the
    default run deselects them; ``--full-matrix`` runs them, see tests/conftest.py)."""
    sample = set(sampled_setups())
    return [pytest.param(*setup, id=setup_id(*setup), marks=() if setup in sample else pytest.mark.full_matrix)
            for setup in setups()]


SETUPS = matrix_params()


def test_the_default_sample_holds_every_game_table_and_option_value():
    full, sample = list(setups()), list(sampled_setups())
    assert len(set(sample)) == len(sample) and set(sample) <= set(full)
    assert len(sample) < len(full)

    def held(setups):
        return {(g, m, p) for g, m, p, _ in setups}, {(g, option) for g, _, _, o in setups for option in o}
    assert held(sample) == held(full)   # every game, mode, table; every option value that varies
    for game in games():
        shared = [setup for setup in sample if setup[0] == game.info.id and setup[2] > 1]
        for options in option_variants(game):
            variant = tuple(sorted(options.items()))
            assert any(o == variant for *_, o in shared) or not shared, (game.info.id, variant)


def new_match(game_id: str, mode: str, players: int, seed: int, options: tuple = ()) -> Match:
    return Match.new(game_id, players, mode=mode, seed=seed, seats=["bot:random"] * players,
                     options=dict(options))


def random_playout(match: Match, seed: int, max_commands: int = MAX_COMMANDS) -> Iterator[tuple[State, Command]]:
    """Play random legal commands, yielding the state before each one and the command."""
    rng = Rng(seed, stream=7)
    for _ in range(max_commands):
        if match.state.is_terminal():
            return
        legal = match.state.legal()
        assert legal, f"{match.game.info.id}: no legal command while waiting on {match.state.prompt}"
        command = weighted_choice(rng, legal, [match.game.random_weight(c) for c in legal])
        yield match.state, command
        match.apply(command)
    pytest.fail(f"{match.game.info.id}: no end after {max_commands} commands")


def junk_commands(state: State, legal: list[Command], rng: Rng) -> list[Command]:
    """Commands the rules should refuse (or at least must not half-apply)."""
    deciders = state.deciders()
    players = state.config.players
    junk = [Command("xyzzy_no_such_command", seat=deciders[0])]
    idle = [s for s in range(players) if s not in deciders]
    if idle:
        blocked = [c for c in legal if c.verb not in state.game.anytime_verbs]
        if blocked:
            junk.append(rng.choice(blocked).by(idle[0]))
    model = rng.choice(legal)
    if model.args:
        junk.append(Command(model.verb, ("nowhere",) + model.args[1:], model.options, model.seat))
        junk.append(Command(model.verb, model.args + (999,), model.options, model.seat))
    return junk


@pytest.mark.parametrize(("game_id", "mode", "players", "options"), SETUPS)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_playout_keeps_invariants_and_refusals_change_nothing(game_id, mode, players, options, seed):
    match = new_match(game_id, mode, players, seed, options)
    assert match.state.invariant_problems() == []
    junk_rng = Rng(seed, stream=11)
    for step, (state, command) in enumerate(random_playout(match, seed)):
        assert Command.parse(str(command)) == command, "notation must round-trip"
        assert state.invariant_problems() == [], f"before {command}"
        if step % JUNK_EVERY:
            continue
        legal = state.legal()
        before = state.digest()
        for junk in junk_commands(state, legal, junk_rng):
            if junk in legal:
                continue
            try:
                state.copy().apply(junk)  # a probe on a copy: junk may be legal after all
            except Refused:
                with pytest.raises(Refused):
                    state.apply(junk)
                assert state.digest() == before, f"refused {junk} changed the state"
    assert match.state.invariant_problems() == []
    assert match.state.outcome is not None
    assert match.state.prompt is None and match.state.legal() == []


@pytest.mark.parametrize(("game_id", "mode", "players", "options"), SETUPS)
def test_every_legal_command_applies(game_id, mode, players, options):
    match = new_match(game_id, mode, players, 5, options)
    sample = Rng(5, stream=13)
    for step, (state, _) in enumerate(random_playout(match, 5)):
        if step % ALL_LEGAL_EVERY:
            continue
        legal = state.legal()
        chosen = legal if len(legal) <= ALL_LEGAL_SAMPLE else sample.sample(legal, ALL_LEGAL_SAMPLE)
        for command in chosen:
            probe = state.copy()
            probe.apply(command)  # raises if a listed command is refused


@pytest.mark.parametrize(("game_id", "mode", "players", "options"), SETUPS)
def test_commands_from_the_wrong_seat_are_refused(game_id, mode, players, options):
    match = new_match(game_id, mode, players, 8, options)
    for state, command in random_playout(match, 8):
        idle = [s for s in range(players) if s not in state.deciders()]
        if idle and command.verb not in state.game.anytime_verbs:
            before = state.digest()
            with pytest.raises(Refused) as refusal:
                state.apply(command.by(idle[0]))
            assert refusal.value.rule_id == state.game.not_your_decision_rule(state.to_plain()["data"])
            assert state.digest() == before


@pytest.mark.parametrize(("game_id", "mode", "players", "options"), SETUPS)
def test_views_do_not_change_when_hidden_information_is_dealt_again(game_id, mode, players, options):
    """A seat cannot tell a state from one where everything it cannot see was dealt anew."""
    match = new_match(game_id, mode, players, 13, options)
    rng = Rng(13, stream=3)
    resampled = 0
    for step, (state, _) in enumerate(random_playout(match, 13)):
        if step % VIEW_EVERY:
            continue
        data = state.to_plain()["data"]
        for seat in range(players):
            other = state.game.resample_hidden(data, seat, rng)
            if other is None:
                continue
            resampled += other != data
            assert state.game.view(other, seat) == state.view(seat), f"seat {seat} can see hidden data"
    if state.game.info.hidden_information and players > 1:
        assert resampled, "the game claims hidden information but never resampled any"


@pytest.mark.parametrize(("game_id", "mode", "players", "options"), SETUPS)
def test_views_are_plain_and_private_events_reach_only_their_audience(game_id, mode, players, options):
    match = new_match(game_id, mode, players, 21, options)
    for step, (state, _) in enumerate(random_playout(match, 21)):
        if step % VIEW_EVERY:
            continue
        for seat in (None, *range(players)):
            view = state.view(seat)
            assert parse_yaml(dump_yaml(view), "view") == view
    for step in match.history:
        for event in step.events:
            if event.audience is not None:
                assert event.audience <= set(range(players))
                assert not event.visible_to(None)


@pytest.mark.parametrize(("game_id", "mode", "players", "options"), SETUPS)
def test_copies_are_independent(game_id, mode, players, options):
    match = new_match(game_id, mode, players, 34, options)
    for step, (state, command) in enumerate(random_playout(match, 34)):
        if step % COPY_EVERY:
            continue
        before = state.digest()
        twin = state.copy()
        assert twin.digest() == before
        twin.apply(command)
        assert state.digest() == before, "applying to a copy changed the original"
        again = state.copy()
        state_data = state.data  # the original handed out live data: the copy must not share it
        assert again.digest() == before
        del state_data


@pytest.mark.parametrize(("game_id", "mode", "players", "options"), SETUPS)
def test_undo_restores_the_identical_digest_and_never_crosses_chance_or_secrets(game_id, mode, players, options):
    match = new_match(game_id, mode, players, 55, options)
    rng = Rng(55, stream=7)
    undone = barriers = 0
    while not match.state.is_terminal():
        legal = match.state.legal()
        command = weighted_choice(rng, legal, [match.game.random_weight(c) for c in legal])
        before = match.digest()
        rng_before = match.state.rng.get_state()
        match.apply(command)
        after = match.digest()
        step = match.history[-1]
        drew_or_revealed = (match.state.rng.get_state() != rng_before
                            or any(not e.public or e.reveals for e in step.events))
        if drew_or_revealed:
            barriers += 1
            assert not match.can_undo(), f"{command} drew chance or revealed a secret yet can be undone"
            with pytest.raises(Refused):
                match.undo()
            assert match.digest() == after
        elif match.can_undo():
            assert match.undo() == command
            assert match.digest() == before
            match.redo()
            assert match.digest() == after
            undone += 1
    assert undone, "no command in a whole game could be undone"
    if match.game.info.has_chance:
        assert barriers, "a game with chance never drew any"


@pytest.mark.parametrize(("game_id", "mode", "players", "options"), SETUPS)
def test_same_seed_and_commands_give_the_same_events(game_id, mode, players, options):
    first = new_match(game_id, mode, players, 89, options)
    for _ in random_playout(first, 89):
        pass
    second = new_match(game_id, mode, players, 89, options)
    for command in first.commands:
        second.apply(command)
    events = [[e.to_plain() for e in step.events] for step in first.history]
    assert [[e.to_plain() for e in step.events] for step in second.history] == events
    assert second.digest() == first.digest()
    assert first.replayed().digest() == first.digest()


@pytest.mark.parametrize(("game_id", "mode", "players", "options"), SETUPS)
def test_save_load_and_state_documents_keep_the_digest(game_id, mode, players, options, tmp_path):
    match = new_match(game_id, mode, players, 144, options)
    for number, _ in enumerate(random_playout(match, 144)):
        if number == 6:
            break
    path = tmp_path / "game.tksave"
    save_match(match, path)
    loaded = load_match(path)
    assert loaded.digest() == match.digest()
    assert loaded.commands == match.commands
    document = parse_yaml(dump_yaml(state_to_document(match.state)), "state.yaml")
    assert state_from_document(document, "state.yaml").digest() == match.digest()
    from_document = Match(state_from_document(document, "state.yaml"), match.seats, document)
    for _ in random_playout(from_document, 3):
        pass
    save_match(from_document, path)
    assert load_match(path).digest() == from_document.digest()


@pytest.mark.soak
@pytest.mark.parametrize(("game_id", "mode", "players", "options"), SETUPS)
def test_soak_many_random_games(game_id, mode, players, options, soak_games):
    for seed in range(1000, 1000 + soak_games):
        match = new_match(game_id, mode, players, seed, options)
        for _ in random_playout(match, seed):
            pass
        assert match.state.invariant_problems() == []


@pytest.mark.parametrize(("game_id", "mode", "players", "options"), SETUPS)
def test_changing_a_view_cannot_change_the_state(game_id, mode, players, options):
    match = new_match(game_id, mode, players, 233, options)
    for step, (state, _) in enumerate(random_playout(match, 233)):
        if step % VIEW_EVERY:
            continue
        before = state.digest()
        for seat in (None, *range(players)):
            _scribble(state.view(seat))
        assert state.digest() == before


def _scribble(value) -> None:
    if isinstance(value, dict):
        for key in list(value):
            _scribble(value[key])
        value["scribbled"] = True
    elif isinstance(value, list):
        for item in value:
            _scribble(item)
        value.append("scribbled")
