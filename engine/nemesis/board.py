"""The Facility as a graph (spec 3.1, 3.2): Rooms joined by Corridors, plus the Technical Corridors.

Pure topology, no game state: the board is built once from `board_basic.yaml` (see
`engine.nemesis.content`) and answers questions about it. Doors are state, so the queries that care
take the set of corridor ids whose Door is Closed (a Destroyed or Open door lets everything through).
Sections are ``S01``, ``S02``, ``S03``; the Emergency Staircases belong to none (``None``).
"""
from __future__ import annotations

from collections.abc import Collection, Iterator
from dataclasses import dataclass
from functools import cached_property
from typing import Literal

from engine.core import paths

TECH = "TECH"  # the exit value that means "this Room's Technical Corridors Entrance"
EXIT_NUMBERS = (1, 2, 3, 4)
SECTIONS = ("S01", "S02", "S03")
ELEVATOR = "ELEVATOR"  # the fourth power location (spec 3.2): no Rooms
Section = Literal["S01", "S02", "S03"]
SlotKind = Literal["I", "II", "special", "printed"]
Rect = tuple[int, int, int, int]


@dataclass(frozen=True)
class Room:
    """A Room slot of the board (spec 3.1.1); `exits` maps each corridor number 1-4 to a Corridor id or TECH."""
    id: str
    number: str
    section: Section | None
    slot: SlotKind
    rect: Rect
    exits: dict[int, str]
    fixed_tile: str | None = None     # the special tile or printed Room on this slot
    exit_room: bool = False

    @property
    def has_entrance(self) -> bool:
        return TECH in self.exits.values()

    @property
    def centre(self) -> tuple[float, float]:
        x, y, w, h = self.rect
        return x + w / 2, y + h / 2


@dataclass(frozen=True)
class Corridor:
    """An edge between two Rooms; it carries one corridor number, the same at both ends (spec 3.1.2)."""
    id: str
    a: str
    b: str
    number: int
    path: tuple[tuple[int, int], ...] = ()   # drawing waypoints between the two room centres

    @property
    def ends(self) -> tuple[str, str]:
        return self.a, self.b

    def other(self, room: str) -> str:
        if room == self.a:
            return self.b
        if room == self.b:
            return self.a
        raise KeyError(f"corridor {self.id} does not touch room {room}")


@dataclass(frozen=True)
class Board:
    """The basic side's graph. Room order is the board-table order of spec 3.1.1 (NEM-DEC-50)."""
    rooms: dict[str, Room]
    corridors: dict[str, Corridor]

    # -- rooms -------------------------------------------------------------------------------------

    @cached_property
    def order(self) -> tuple[str, ...]:
        """Room ids in board-table order (the row order of spec 3.1.1), used for every tie (NEM-DEC-50)."""
        return tuple(self.rooms)

    def order_index(self, room: str) -> int:
        return self._order_map[room]

    @cached_property
    def _order_map(self) -> dict[str, int]:
        return {rid: i for i, rid in enumerate(self.order)}

    def sort_rooms(self, rooms: Collection[str]) -> tuple[str, ...]:
        """`rooms` in board-table order."""
        return tuple(sorted(rooms, key=self._order_map.__getitem__))

    @cached_property
    def exit_room(self) -> str:
        return next(r.id for r in self.rooms.values() if r.exit_room)

    @cached_property
    def entrance_rooms(self) -> tuple[str, ...]:
        """Rooms with a Technical Corridors Entrance, in board order."""
        return tuple(r.id for r in self.rooms.values() if r.has_entrance)

    def has_entrance(self, room: str) -> bool:
        return self.rooms[room].has_entrance

    def room_with_tile(self, tile: str) -> tuple[str, ...]:
        """The slots whose fixed tile (special tile or printed Room) is `tile`."""
        return tuple(r.id for r in self.rooms.values() if r.fixed_tile == tile)

    def slots(self, kind: SlotKind) -> tuple[str, ...]:
        return tuple(r.id for r in self.rooms.values() if r.slot == kind)

    # -- exits and neighbours ------------------------------------------------------------------------

    def exit(self, room: str, number: int) -> str:
        """The exit a corridor number names in `room`: a Corridor id or TECH."""
        return self.rooms[room].exits[number]

    def exit_target(self, room: str, number: int) -> str:
        """Where exit `number` of `room` leads: the neighbouring Room's id, or TECH."""
        target = self.exit(room, number)
        return TECH if target == TECH else self.corridors[target].other(room)

    def exit_number(self, room: str, corridor: str) -> int:
        """The number of `corridor` in `room` (the same at both ends)."""
        for number, target in self.rooms[room].exits.items():
            if target == corridor:
                return number
        raise KeyError(f"corridor {corridor} is not an exit of room {room}")

    def corridors_of(self, room: str) -> tuple[str, ...]:
        """The Corridors of `room`, by exit number."""
        return self._corridors_by_room[room]

    @cached_property
    def _corridors_by_room(self) -> dict[str, tuple[str, ...]]:
        # built once: effect walks and movement ask for a Room's Corridors many times per command
        return {rid: tuple(room.exits[n] for n in EXIT_NUMBERS if room.exits[n] != TECH)
                for rid, room in self.rooms.items()}

    def noise_exits(self, room: str) -> tuple[str, ...]:
        """A Room's exits for noise: its Corridors by exit number, and TECH for an Entrance (once)."""
        return self._noise_exits_by_room[room]

    @cached_property
    def _noise_exits_by_room(self) -> dict[str, tuple[str, ...]]:
        # built once: every move, attack and noise roll asks for them
        return {rid: tuple(dict.fromkeys(room.exits[n] for n in sorted(room.exits)))
                for rid, room in self.rooms.items()}

    def neighbours(self, room: str, closed: Collection[str] = ()) -> tuple[tuple[str, str], ...]:
        """(corridor id, neighbouring room id) pairs by exit number; Corridors in `closed` are left out."""
        pairs = self._neighbours_by_room[room]
        return tuple(pair for pair in pairs if pair[0] not in closed) if closed else pairs

    @cached_property
    def _neighbours_by_room(self) -> dict[str, tuple[tuple[str, str], ...]]:
        return {rid: tuple((cid, self.corridors[cid].other(rid)) for cid in self.corridors_of(rid))
                for rid in self.rooms}

    def neighbour_rooms(self, room: str, closed: Collection[str] = ()) -> tuple[str, ...]:
        return tuple(other for _, other in self.neighbours(room, closed))

    def corridor_between(self, a: str, b: str) -> str | None:
        return next((cid for cid, other in self.neighbours(a) if other == b), None)

    # -- sections ------------------------------------------------------------------------------------

    def section_of(self, room: str) -> str | None:
        """The Section of a Room; None for the Emergency Staircases (spec 3.2)."""
        return self.rooms[room].section

    def corridor_section(self, corridor: str) -> str:
        """A Corridor's Section: that of its ends that belong to one (staircase corridors take the other end's,
        spec 3.1.2, NEM-DEC-49)."""
        c = self.corridors[corridor]
        section = self.rooms[c.a].section or self.rooms[c.b].section
        assert section is not None, f"corridor {corridor} joins two rooms outside every Section"
        return section

    def section_rooms(self, section: str) -> tuple[str, ...]:
        """The Rooms of a power location in board order (spec 3.2); ELEVATOR has none."""
        return tuple(r.id for r in self.rooms.values() if r.section == section)

    def same_section(self, a: str, b: str) -> bool:
        """True if both Rooms lie in one Section; a staircase is never 'the same Section' as anything."""
        section = self.rooms[a].section
        return section is not None and section == self.rooms[b].section

    def section_corridors(self, section: str) -> tuple[str, ...]:
        return tuple(cid for cid in self.corridors if self.corridor_section(cid) == section)

    # -- distances -----------------------------------------------------------------------------------

    def distances_from(self, start: str, closed: Collection[str] = ()) -> dict[str, int]:
        """Movements needed from `start` to every Room reachable through Corridors not in `closed`
        (the Technical Corridors do not count: characters cannot walk them)."""
        closed = frozenset(closed)
        return paths.distances_from(start, lambda here: self.neighbour_rooms(here, closed))

    def distance(self, a: str, b: str, closed: Collection[str] = ()) -> int | None:
        """Corridors walked on a shortest way from a to b, or None if Closed Doors cut them apart."""
        return self.distances_from(a, closed).get(b)

    def reachable(self, start: str, closed: Collection[str] = ()) -> frozenset[str]:
        return frozenset(self.distances_from(start, closed))

    def shortest_path(self, a: str, b: str, closed: Collection[str] = ()) -> tuple[str, ...] | None:
        """Room ids from a to b inclusive; ties are broken by exit number (deterministic)."""
        closed = frozenset(closed)
        return paths.shortest_path(a, b, lambda here: self.neighbour_rooms(here, closed))

    def is_connected(self) -> bool:
        return not self.rooms or len(self.reachable(next(iter(self.rooms)))) == len(self.rooms)

    def edges(self) -> Iterator[Corridor]:
        return iter(self.corridors.values())


__all__ = ["ELEVATOR", "EXIT_NUMBERS", "SECTIONS", "TECH", "Board", "Corridor", "Room"]
