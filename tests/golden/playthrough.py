"""Seeded bot playthroughs and their fingerprints: what the golden files pin and `behaviour_hash`
sums up, so that "the games play as before" is a comparison of hashes.

A playthrough is one `Setup` (game, mode, players, options, seed, bot kind) played by bots of that
kind in every seat, through the same contract as ``python -m engine``: `Match.new`, then the
deciding seat's bot chooses from ``state.legal(seat)`` and `Match.apply` applies it. After every
command (and once before the first) a `Fingerprint` records:

- ``digest``: the state's digest (config, data and generator);
- ``legal``: the legal command lists of every seat, in the order the game lists them;
- ``events``: the events the command returned, in order, with their audiences.

Only the built-in games are played (`builtin_games`): the toy game that the tests register through
``TABLEKEEPER_GAMES`` is not one of them.
"""
from __future__ import annotations

import hashlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.bots import bot_rng, make_bot
from engine.core import Command, Event, Game, Match, State
from engine.core.plain import canonical_json
from engine.core.registry import BUILTIN_GAME_MODULES, games

# Option sets played in every mode of a game besides its defaults (the issue names Vindication's
# Villages & Hamlets module); each game's "other options" (`other_options`) are added as well.
MODE_OPTIONS: dict[str, tuple[dict[str, Any], ...]] = {
    "vindication": ({"villages_hamlets": True},),
}
OTHER_OPTIONS = "other_options"  # the tag of a setup with every option off its default
SHORT = 8                        # hex digits kept of each hash in the golden files
BOTS = ("heuristic", "random")   # odd seeds: the game's heuristic bot; even seeds: the random bot


def builtin_games() -> list[Game]:
    """The games that ship with the app, by id (never the tests' toy game)."""
    return [game for game in games()
            if any(type(game).__module__.startswith(module + ".") for module in BUILTIN_GAME_MODULES)]


def other_options(game: Game) -> dict[str, Any]:
    """Every option off its default: yes/no flipped, a choice set to its last other choice."""
    options: dict[str, Any] = {}
    for option in game.info.options:
        if option.kind == "bool":
            options[option.key] = not option.default
        elif option.kind == "choice":
            options[option.key] = [c for c in option.choices if c != option.default][-1]
        elif option.kind == "int" and option.maximum is not None and option.maximum != option.default:
            options[option.key] = option.maximum
    return options


def option_sets(game: Game) -> list[tuple[str, dict[str, Any]]]:
    """(tag, options) pairs: the defaults (tag ""), `MODE_OPTIONS`, then `other_options`."""
    sets: list[tuple[str, dict[str, Any]]] = [("", {})]
    sets += [("+".join(sorted(options)), dict(options)) for options in MODE_OPTIONS.get(game.info.id, ())]
    other = other_options(game)
    if other:
        sets.append((OTHER_OPTIONS, other))
    return sets


def bot_for(seed: int) -> str:
    return BOTS[(seed - 1) % len(BOTS)]


@dataclass(frozen=True)
class Setup:
    game: str
    mode: str
    players: int
    seed: int
    bot: str
    options: Mapping[str, Any] = field(default_factory=dict)
    tag: str = ""  # names the options in file names and reports ("" for the defaults)

    @property
    def name(self) -> str:
        """The golden file's name without its suffix, e.g. ``standard+villages_hamlets-4p-2``."""
        tag = f"+{self.tag}" if self.tag else ""
        return f"{self.mode}{tag}-{self.players}p-{self.seed}"

    @property
    def line(self) -> str:
        """The game, mode and options, as `behaviour_hash` reports them."""
        return f"{self.game} {self.mode}" + (f" +{self.tag}" if self.tag else "")

    def new_match(self) -> Match:
        return Match.new(self.game, self.players, mode=self.mode, seed=self.seed, options=dict(self.options),
                         seats=[f"bot:{self.bot}"] * self.players)


def golden_setups() -> list[Setup]:
    """The golden files: for every game, mode and option set, seed 1 (heuristic bots, the mode's
    fewest players) and seed 2 (random bots, its most players); with the other options only seed 3
    (heuristic bots, the most players)."""
    setups = []
    for game in builtin_games():
        for mode in game.info.modes:
            for tag, options in option_sets(game):
                seeds = ((3, mode.max_players),) if tag == OTHER_OPTIONS else ((1, mode.min_players),
                                                                                (2, mode.max_players))
                for seed, players in seeds:
                    setups.append(Setup(game.info.id, mode.id, players, seed, bot_for(seed), options, tag))
    return setups


def behaviour_setups(games_per_line: int) -> list[list[Setup]]:
    """`behaviour_hash`'s lines: for every game, mode and option set, seeds 1..N with the player
    count cycling through the mode's range and the bot kind alternating (`bot_for`)."""
    lines = []
    for game in builtin_games():
        for mode in game.info.modes:
            counts = range(mode.min_players, mode.max_players + 1)
            for tag, options in option_sets(game):
                lines.append([Setup(game.info.id, mode.id, counts[(seed - 1) % len(counts)], seed, bot_for(seed),
                                    options, tag) for seed in range(1, games_per_line + 1)])
    return lines


# -- fingerprints --------------------------------------------------------------------------------
def short_hash(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:SHORT]


def legal_text(state: State) -> str:
    """Every seat's legal commands, in the game's order, as canonical text."""
    return canonical_json([[str(command) for command in state.legal(seat)] for seat in range(state.config.players)])


def events_text(events: list[Event]) -> str:
    return canonical_json([event.to_plain() for event in events])


def views_text(state: State) -> str:
    """What an onlooker and every seat sees."""
    return canonical_json([state.view(seat) for seat in (None, *range(state.config.players))])


@dataclass(frozen=True)
class Fingerprint:
    """One position of a playthrough: the command that led there (None at the start), the state's
    digest, every seat's legal commands and the command's events, each as full text."""

    command: str | None
    digest: str
    legal: str
    events: str

    @classmethod
    def of(cls, state: State, command: Command | None, events: list[Event]) -> Fingerprint:
        return cls(None if command is None else str(command), state.digest(), legal_text(state), events_text(events))

    def short(self) -> dict[str, str]:
        """The hashes a golden file keeps: ``digest``, ``legal``, ``events``."""
        return {"digest": self.digest[:SHORT], "legal": short_hash(self.legal), "events": short_hash(self.events)}


def bot_playthrough(setup: Setup, max_commands: int | None = None, views: bool = False,
                    match: Match | None = None) -> Iterator[tuple[Fingerprint, str | None]]:
    """Play ``setup`` with its bots until the game ends (or ``max_commands`` are applied), yielding
    the start's fingerprint and then one per command, each with the views' text when ``views``.
    Like `engine.bots.play_out`, the first seat the game waits on decides. ``match``: the setup's
    new match, when the caller wants to look at it afterwards."""
    match = match or setup.new_match()
    game = match.game
    bots = {seat: make_bot(setup.bot, game) for seat in range(setup.players)}
    rngs = {seat: bot_rng(setup.seed, seat) for seat in range(setup.players)}
    state = match.state
    yield Fingerprint.of(state, None, []), views_text(state) if views else None
    applied = 0
    while not state.is_terminal() and (max_commands is None or applied < max_commands):
        seat = state.deciders()[0]
        legal = tuple(state.legal(seat))
        choice = bots[seat].choose(state.view(seat), legal, rngs[seat])
        events = match.apply(choice)
        applied += 1
        state = match.state
        yield Fingerprint.of(state, match.history[-1].command, events), views_text(state) if views else None
