"""Letting bots play a match: ask the bot of the deciding seat, apply its choice, repeat."""
from __future__ import annotations

import marshal
import time
from collections.abc import Mapping
from dataclasses import dataclass

from engine.core import Command, Data, Match, Outcome, Refused, Rng, State, TablekeeperError

from .base import Bot
from .random_bot import RandomBot

# Bot generators use their own PCG stream, so a bot seeded like the game never mirrors its draws.
_BOT_STREAM = 0xB07


class PlayoutError(TablekeeperError):
    """A game or bot broke the contract during a playout: a bug to fix, not a player's mistake."""


@dataclass(frozen=True, slots=True)
class PlayoutResult:
    outcome: Outcome | None  # None when the playout stopped because a human seat decides
    commands: int            # commands the bots applied in this playout
    seconds: float
    waiting_on: tuple[int, ...] = ()

    @property
    def finished(self) -> bool:
        return self.outcome is not None


def bot_rng(rng_seed: int, seat: int) -> Rng:
    """The generator of one bot seat: reproducible from the playout seed, independent per seat."""
    return Rng(rng_seed, stream=_BOT_STREAM + seat)


def _prompt_kind(state: State) -> str | None:
    prompt = state.prompt
    return None if prompt is None else prompt.kind


def play_out(match: Match, bots: Mapping[int, Bot], rng_seed: int,
             max_commands: int = 100_000) -> PlayoutResult:
    """Let the bot seats play until the game ends or only seats without a bot may decide.

    When several seats may decide, the lowest seat that has a bot goes first.
    """
    rngs = {seat: bot_rng(rng_seed, seat) for seat in bots}
    game_id = match.config.game
    applied = 0
    started = time.perf_counter()
    while not match.state.is_terminal():
        state = match.state
        deciders = state.deciders()
        if not deciders:
            raise PlayoutError(f"{game_id} is not over but waits on no seat (an engine bug)")
        seat = next((s for s in deciders if s in bots), None)
        if seat is None:
            return PlayoutResult(None, applied, time.perf_counter() - started, deciders)
        if applied >= max_commands:
            raise PlayoutError(f"{game_id} did not end within {max_commands} commands "
                               f"(seed {match.config.seed}); a rule may loop")
        bot = bots[seat]
        if isinstance(bot, RandomBot):   # draws from the state itself: no list, no view (`RandomBot.sample`)
            try:
                choice = bot.sample(state, seat, rngs[seat])
            except ValueError:
                raise PlayoutError(f"{game_id} offers seat {seat} no legal command at prompt "
                                   f"{_prompt_kind(state)!r} (an engine bug)") from None
        else:
            choice = _chosen(state, seat, bot, rngs[seat], game_id)
        try:
            match.apply(choice)
        except Refused as refusal:
            raise PlayoutError(f"{game_id} listed {str(choice)!r} as legal but refused it: {refusal} "
                               "(an engine bug)") from None
        applied += 1
    return PlayoutResult(match.state.outcome, applied, time.perf_counter() - started)


def _chosen(state: State, seat: int, bot: Bot, rng: Rng, game_id: str) -> Command:
    """What ``bot`` chooses from ``seat``'s view and legal commands: one of them, or PlayoutError."""
    legal = state.legal(seat)
    if not legal:
        raise PlayoutError(f"{game_id} offers seat {seat} no legal command at prompt "
                           f"{_prompt_kind(state)!r} (an engine bug)")
    try:
        choice = bot.choose(_detached(state.view(seat)), tuple(legal), rng)
    except Exception as error:
        raise PlayoutError(f"bot {bot.name!r} of seat {seat} failed in {game_id} at prompt "
                           f"{_prompt_kind(state)!r}: {type(error).__name__}: {error}") from error
    if choice not in legal:
        raise PlayoutError(f"bot {bot.name!r} of seat {seat} chose {str(choice)!r}, "
                           f"which is not a legal command in {game_id}")
    return choice


def _detached(view: Data) -> Data:
    """A copy sharing nothing with the state, so a bot cannot change the game by editing its view.

    Views are plain data by contract, which marshal copies quickly.
    """
    copied: Data = marshal.loads(marshal.dumps(view))
    return copied
