"""Why a command that no legal command spells is refused, in words, from the legal list itself.

The rules explain most refusals themselves ("your speed is 2"). What is left are commands the rules
would read past — an argument or option a verb does not take, a value nobody offered — and those
are refused with what does not fit, so that a typo never plays something else.
"""
from __future__ import annotations

from collections.abc import Iterable

from .commands import Command

_EXAMPLES = 3


def mismatch_reason(command: Command, offered: Iterable[Command]) -> str:
    """What in ``command`` fits none of the ``offered`` commands of its seat."""
    offered = list(offered)
    verb = command.verb
    same = [c for c in offered if c.verb == verb]
    if not same:
        if not offered:
            return f"seat {command.seat} has no command to give now"
        verbs = ", ".join(sorted({c.verb for c in offered}))
        return f"{verb!r} is not a command seat {command.seat} can give now (now: {verbs})"
    counts = sorted({len(c.args) for c in same})
    if len(command.args) not in counts:
        return f"{verb!r} takes {_count_words(counts)} now, not {len(command.args)}"
    allowed = sorted({key for c in same for key, _ in c.options})
    unknown = [key for key, _ in command.options if key not in allowed]
    if unknown:
        takes = f"its options now: {', '.join(allowed)}" if allowed else "it takes no options now"
        return f"{verb!r} has no option {unknown[0]!r} ({takes})"
    given = {key for key, _ in command.options}
    needed = sorted(set.intersection(*({key for key, _ in c.options} for c in same)) - given)
    if needed:
        return f"{verb!r} needs the option {needed[0]!r} now"
    examples = ", ".join(repr(_bare(c)) for c in _closest(command, same)[:_EXAMPLES])
    more = f" (e.g. {examples})" if examples else ""
    return f"{_bare(command)!r} is not one of the {len(same)} legal {verb!r} commands now{more}"


def _count_words(counts: list[int]) -> str:
    if counts == [0]:
        return "no arguments"
    words = " or ".join(str(n) for n in counts)
    return f"{words} argument{'' if counts == [1] else 's'}"


def _bare(command: Command) -> str:
    """The command without its seat: the part a player typed wrong."""
    return str(command.by(None))


def _closest(command: Command, candidates: list[Command]) -> list[Command]:
    """Candidates sharing the most argument and option values with ``command`` first."""
    def shared(other: Command) -> int:
        return (sum(a == b for a, b in zip(command.args, other.args))
                + len(set(command.options) & set(other.options)))
    return sorted(candidates, key=shared, reverse=True)
