"""What a seat cannot see, as strings, for leak tests: an id that is in the state but not in the
seat's view and that sits somewhere else, or nowhere, in some state the seat cannot tell apart
from this one (`Game.resample_hidden`). Structural words (keys, phases, option names) stay put in
every redeal and are never counted; a card in another player's hand, or which of a player's
known cards lies face down on a stack, is.
"""
from __future__ import annotations

from typing import Any

from engine.core import Command, Rng, State

REDEALS = 3


def strings(value: Any, out: set[str] | None = None, keys: bool = True) -> set[str]:
    """Every string in plain data (mapping keys too, unless ``keys`` is false)."""
    out = set() if out is None else out
    if isinstance(value, str):
        out.add(value)
    elif isinstance(value, dict):
        for key, item in value.items():
            if keys:
                out.add(key)
            strings(item, out, keys)
    elif isinstance(value, (list, tuple)):
        for item in value:
            strings(item, out, keys)
    return out


def hidden_from(state: State, seat: int, redeals: int = REDEALS) -> set[str]:
    """The ids ``seat`` cannot see now (see the module's doc)."""
    data = state.to_plain()["data"]
    candidates = strings(data) - strings(state.view(seat))
    if not candidates:
        return set()
    here = places(data, candidates)
    rng = Rng(0x5EC, stream=seat)
    found: set[str] = set()
    for _ in range(redeals):
        other = state.game.resample_hidden(data, seat, rng)
        if other is None:
            return set()
        there = places(other, candidates)
        found |= {word for word in candidates if here.get(word) != there.get(word)}
    return found


def places(value: Any, words: set[str], path: tuple[Any, ...] = (),
           out: dict[str, set[tuple[Any, ...]]] | None = None) -> dict[str, set[tuple[Any, ...]]]:
    """Where each of ``words`` occurs in plain data (as a value, or as the key of a mapping)."""
    out = {} if out is None else out
    if isinstance(value, str):
        if value in words:
            out.setdefault(value, set()).add(path)
    elif isinstance(value, dict):
        for key, item in value.items():
            if key in words:
                out.setdefault(key, set()).add(path + ("key",))
            places(item, words, path + (key,), out)
    elif isinstance(value, (list, tuple)):
        for index, item in enumerate(value):
            places(item, words, path + (index,), out)
    return out


def command_words(command: Command) -> set[str]:
    out: set[str] = set()
    for value in (*command.args, *(v for _, v in command.options)):
        strings(value, out)
    return out
