"""Scenario set-up for Vindication rule tests, in command notation.

    game = Scenario.start(players=2, seed=1)        # set-up choices answered with their first option
    game.edit(lambda d: d["players"][0].update(influence=3))   # put the table in the position a rule needs
    game.play("move T25,T13")                       # commands from the seat whose turn it is
    game.refused("visit R02", "VIN-VISIT-4")        # refused with that rule, and nothing changed

Edits go through a state document (as a modder would), so every scenario starts from a state the
engine itself accepts: `state_from_document` checks the invariants.
"""
from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from engine.core import Command, Event, Match, Refused, state_from_document, state_to_document

Data = dict[str, Any]


class Scenario:
    def __init__(self, match: Match) -> None:
        self.match = match
        self.events: list[Event] = []

    @classmethod
    def start(cls, players: int = 2, seed: int = 1, *, answer_setup: bool = True, **options: Any) -> Scenario:
        match = Match.new("vindication", players, seed=seed, options=options or None)
        game = cls(match)
        if answer_setup:
            while match.state.data["phase"] == "setup":
                game.answer(game.options()[0])
        return game

    # -- reading ----------------------------------------------------------------------------
    @property
    def data(self) -> Data:
        return self.match.state.to_plain()["data"]

    def player(self, seat: int | None = None) -> Data:
        return self.data["players"][self.active if seat is None else seat]

    @property
    def active(self) -> int:
        prompt = self.match.state.prompt
        return prompt.seats[0] if prompt else -1

    @property
    def prompt(self) -> str | None:
        prompt = self.match.state.prompt
        return prompt.kind if prompt else None

    def options(self) -> list[Any]:
        """The options of the pending choice, as answer values."""
        return [c.args[0] for c in self.match.state.legal() if c.verb == "answer"]

    def legal(self, verb: str | None = None) -> list[str]:
        return [str(c).split(": ", 1)[1] for c in self.match.state.legal()
                if verb is None or c.verb == verb]

    def kinds(self, verb: str | None = None) -> list[str]:
        return [e.kind for e in self.events if verb is None or e.kind == verb]

    # -- changing -------------------------------------------------------------------------------
    def edit(self, change: Callable[[Data], None]) -> Scenario:
        """Rewrite the position through a state document (history starts afresh from it)."""
        document = state_to_document(self.match.state)
        document = copy.deepcopy(document)
        change(document["data"])
        state = state_from_document(document, "scenario")
        self.match = Match(state, self.match.seats, document)
        return self

    def play(self, *texts: str) -> list[Event]:
        """Apply commands (no seat: the deciding seat) and keep their events."""
        events: list[Event] = []
        for text in texts:
            events += self.match.apply(Command.parse(text))
        self.events = events
        return events

    def answer(self, value: Any) -> list[Event]:
        if isinstance(value, list):
            value = tuple(value)
        command = Command("answer", (value,))
        self.events = self.match.apply(command)
        return self.events

    def answer_all(self, pick: Callable[[list[Any]], Any] = lambda options: options[0]) -> None:
        """Answer pending choices until the turn prompt is back."""
        while self.prompt not in (None, "turn"):
            self.answer(pick(self.options()))

    def refused(self, text: str, rule: str) -> Refused:
        """The command is refused with ``rule`` and the state is exactly as before."""
        before = self.match.digest()
        with pytest.raises(Refused) as refusal:
            self.match.apply(Command.parse(text))
        assert refusal.value.rule_id == rule, f"{text}: refused by {refusal.value.rule_id} ({refusal.value.reason})"
        assert self.match.digest() == before
        return refusal.value


def place(data: Data, seat: int, triangle: str) -> None:
    """Put a token somewhere (moving anyone already there out of the way is the test's job)."""
    data["players"][seat]["token"] = triangle


def tile(data: Data, space: str, tile_id: str, controller: int | None = None) -> None:
    """Lay a region tile, taking it out of the bag when it is there (tiles are not conserved)."""
    if tile_id in data["bag"]:
        data["bag"].remove(tile_id)
    data["regions"][space] = {"tile": tile_id, "controller": controller}
