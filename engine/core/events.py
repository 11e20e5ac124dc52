"""Events: what happened, random results included, each tagged with who may see it."""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True, init=False)
class Event:
    """One thing that happened. ``audience`` None means every seat may see it.

    ``reveals`` marks a public event that uncovers something that was hidden (a tile flipped,
    a card turned face up): like a private event, it makes the command that caused it impossible
    to undo, so that undo never becomes a way to peek.
    """

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)
    audience: frozenset[int] | None = None
    reveals: bool = False

    def __init__(self, kind: str, data: Mapping[str, Any] | None = None, audience: frozenset[int] | None = None,
                 reveals: bool = False) -> None:
        # Written out with the slots' own setters (below): rules emit several events per command,
        # and a frozen dataclass's generated `__init__` sets each field through `object.__setattr__`.
        _set_kind(self, kind)
        _set_data(self, {} if data is None else data)
        _set_audience(self, audience)
        _set_reveals(self, reveals)

    @property
    def public(self) -> bool:
        return self.audience is None

    def visible_to(self, seat: int | None) -> bool:
        """Whether a seat (None: an onlooker who holds no seat) may see this event."""
        return self.audience is None or (seat is not None and seat in self.audience)

    def to_plain(self) -> dict[str, Any]:
        plain: dict[str, Any] = {"kind": self.kind, "data": dict(self.data)}
        if self.audience is not None:
            plain["audience"] = sorted(self.audience)
        if self.reveals:
            plain["reveals"] = True
        return plain


_set_kind = Event.__dict__["kind"].__set__
_set_data = Event.__dict__["data"].__set__
_set_audience = Event.__dict__["audience"].__set__
_set_reveals = Event.__dict__["reveals"].__set__


def event(kind: str, audience: Iterable[int] | None = None, reveals: bool = False, **data: Any) -> Event:
    return Event(kind, data, None if audience is None else frozenset(audience), reveals)


def visible(events: Iterable[Event], seat: int | None) -> list[Event]:
    return [e for e in events if e.visible_to(seat)]
