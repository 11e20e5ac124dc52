"""The core's fast path (engine/core/state.py) held to the engine's contract on every built-in game.

A command that is the very object `State.legal` handed out runs with no roll-back snapshot. So:

- a command that is not on the list (an unknown verb, the wrong seat, a bad argument) must still be
  refused with a rule ID of the game and the digest unchanged, however many fast commands came first;
- rules that fail midway through a listed command (an engine bug) leave a state that refuses every
  further use (`StateBroken`), and a `Match` puts its state back as it was before the command, from
  its checkpoints, so the game plays on exactly as if the failed command had never been tried.
"""
from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine.core import Command, Match, Refused, Rng, State, StateBroken, get_game, weighted_choice
from engine.core.reference import reference_of

# One table per built-in game with two seats, so that a seat may speak out of turn.
TABLES = [("vindication", "standard", 2), ("nemesis", "standard", 2), ("dragonbond", "humans2", 2)]
SEED = 6
MAX_COMMANDS = 260    # enough fast commands, barriers and checkpoints; not a whole long game
REFUSE_EVERY = 5      # try the refusals at every Nth position


def new_match(game_id: str, mode: str, players: int) -> Match:
    return Match.new(game_id, players, mode=mode, seed=SEED)


def playout(match: Match, max_commands: int = MAX_COMMANDS) -> Iterator[tuple[int, Command]]:
    """Random legal commands, each the very object `State.legal` returned (the fast path): yields
    the step and the command before it is applied; the caller applies it."""
    rng = Rng(SEED, stream=7)
    for step in range(max_commands):
        if match.state.is_terminal():
            return
        legal = match.state.legal()
        yield step, weighted_choice(rng, legal, [match.game.random_weight(c) for c in legal])


def played(game_id: str, mode: str, players: int, commands: list[Command]) -> Match:
    """A match that played ``commands`` (by their notation) and nothing else."""
    twin = new_match(game_id, mode, players)
    for command in commands:
        twin.apply(Command.parse(str(command)))
    return twin


def unlisted_commands(state: State, legal: list[Command]) -> Iterator[tuple[str, Command]]:
    """(kind, command) pairs the list does not hold: an unknown verb, a listed command from a seat
    the game does not wait on, and listed commands with a bad argument."""
    deciders = state.deciders()
    yield "unknown verb", Command("xyzzy_no_such_command", seat=deciders[0])
    idle = [s for s in range(state.config.players) if s not in deciders]
    blocked = [c for c in legal if c.verb not in state.game.anytime_verbs]
    if idle and blocked:
        yield "wrong seat", blocked[0].by(idle[0])
    for model in (legal[0], legal[-1]):
        if model.args:
            yield "bad argument", Command(model.verb, ("nowhere",) + model.args[1:], model.options, model.seat)
            yield "bad argument", Command(model.verb, model.args + (999,), model.options, model.seat)


def is_refused_on_a_copy(state: State, command: Command) -> bool:
    """Whether the game refuses ``command`` here (asked of a copy, so the state itself is untouched);
    a respelling of a listed command is not refused."""
    try:
        state.copy().apply(command)
    except Refused:
        return True
    return False


@pytest.mark.parametrize(("game_id", "mode", "players"), TABLES)
def test_commands_off_the_list_are_refused_with_a_rule_and_change_nothing_after_fast_commands(
        game_id, mode, players):
    match = new_match(game_id, mode, players)
    game = match.game
    rules = set(reference_of(game_id).rule_ids()) | {game.rule_unknown_command, game.rule_not_your_decision}
    applied: list[Command] = []
    refused: dict[str, int] = {"unknown verb": 0, "wrong seat": 0, "bad argument": 0}
    for step, command in playout(match):
        state = match.state
        if step % REFUSE_EVERY == 0 and applied:
            legal = state.legal()
            listed = [str(c) for c in legal]
            before, history = match.digest(), len(match.history)
            for kind, junk in unlisted_commands(state, legal):
                if junk in legal or not is_refused_on_a_copy(state, junk):
                    continue
                for target in (match, state):   # the match and the bare state both check
                    with pytest.raises(Refused) as refusal:
                        target.apply(junk)
                    assert refusal.value.rule_id in rules, f"{kind} {junk}: {refusal.value}"
                    if kind == "wrong seat":
                        assert refusal.value.rule_id == game.not_your_decision_rule(state.to_plain()["data"])
                    assert match.digest() == before, f"refusing {kind} {junk} changed the state"
                refused[kind] += 1
            assert len(match.history) == history
            assert [str(c) for c in state.legal()] == listed
        assert command in state.legal()    # (an object of the list, by identity too)
        assert any(c is command for c in state.legal())
        match.apply(command)
        applied.append(command)
    assert all(refused.values()), refused
    # The refusals left no trace: the match is the one that only ever played the listed commands.
    assert match.digest() == played(game_id, mode, players, applied).digest()


class RulesFailure(Exception):
    """What the patched rules raise midway through a command (an engine bug)."""


def failing_midway(monkeypatch: pytest.MonkeyPatch, game, target: Command, failure: Exception) -> None:
    """Patch ``game``'s rules so that ``target`` (that very object) runs its real rules, then changes
    the data and draws from the generator some more, then fails; every other command plays as before
    (a match rebuilding its state replays the earlier ones)."""
    rules = game.apply

    def apply(data, command, rng):
        events = rules(data, command, rng)
        if command is target:
            data["changed_by_the_failing_rules"] = True
            rng.roll()
            raise failure
        return events

    monkeypatch.setattr(game, "apply", apply)


FAILURES = [pytest.param(lambda: RulesFailure("midway"), id="crash"),
            pytest.param(lambda: Refused("CORE-TEST-1", "refused a listed command"), id="refusal")]


@pytest.mark.parametrize("failure", FAILURES)
@pytest.mark.parametrize(("game_id", "mode", "players"), TABLES)
def test_a_state_whose_rules_fail_midway_is_broken_for_every_further_use(
        game_id, mode, players, failure, monkeypatch):
    match = new_match(game_id, mode, players)
    for _, command in playout(match, 30):
        match.apply(command)
    state = match.state.copy()
    command = state.legal()[-1]
    raised = failure()
    failing_midway(monkeypatch, match.game, command, raised)
    with pytest.raises(type(raised)) as caught:
        state.apply(command)
    assert caught.value is raised
    uses = {"digest": state.digest, "legal": state.legal, "prompt": lambda: state.prompt,
            "outcome": lambda: state.outcome, "data": lambda: state.data, "copy": state.copy,
            "view": lambda: state.view(None), "apply": lambda: state.apply(command),
            "check": lambda: state.check(command)}
    for call in uses.values():
        with pytest.raises(StateBroken, match=f"midway through '{command}'.*{type(raised).__name__}"):
            call()


@pytest.mark.parametrize("failure", FAILURES)
@pytest.mark.parametrize(("game_id", "mode", "players"), TABLES)
def test_a_match_rebuilds_the_state_from_its_checkpoints_when_the_rules_fail_midway(
        game_id, mode, players, failure, monkeypatch):
    match = new_match(game_id, mode, players)
    game = match.game
    applied: list[Command] = []
    # Fail at a few positions: soon after the start, and past several checkpoints (not on one),
    # so that the rebuild replays commands after a checkpoint.
    fail_at = {3, Match.checkpoint_every + 5, 3 * Match.checkpoint_every + 11}
    failed = 0
    for step, command in playout(match, 3 * Match.checkpoint_every + 20):
        state = match.state
        if step in fail_at:
            before, listed = match.digest(), [str(c) for c in state.legal()]
            history = list(match.history)
            raised = failure()
            with monkeypatch.context() as patch:
                failing_midway(patch, game, command, raised)
                with pytest.raises(type(raised)) as caught:
                    match.apply(command)
            assert caught.value is raised
            assert match.state is state            # the same state object, put back in place
            assert match.digest() == before
            assert [str(c) for c in state.legal()] == listed
            assert match.history == history
            assert state.invariant_problems() == []
            failed += 1
            command = next(c for c in state.legal() if str(c) == str(command))
        match.apply(command)
        applied.append(command)
    assert failed == len(fail_at)
    # The failures left no trace: the match is the one that only ever played the listed commands.
    assert match.digest() == played(game_id, mode, players, applied).digest()
    assert [str(c) for c in match.commands] == [str(c) for c in applied]


def test_the_game_rules_are_unpatched_between_tests():
    """`failing_midway` patches the shared game objects only for one test (monkeypatch)."""
    for game_id, _, _ in TABLES:
        assert "apply" not in vars(get_game(game_id))
