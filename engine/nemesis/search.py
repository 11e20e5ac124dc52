"""What the search player (engine/bots/search.py) needs of Nemesis: Lockdown: a position's value
for each seat, a playout policy, commands grouped by what they do, and how far a playout looks.

A seat's value is about surviving and meeting its objective (NEM-VICTORY): a finished game is
worth what the Victory Check found (alive, won); an unfinished one is judged by an estimate of
the character's survival times how far its objective stands (met now, or not). Playouts are short
(about a round each seat, `search_depth`): a whole game of the heuristic mostly ends in a death
whatever the first command was, so long playouts compare candidates on noise; a short one is
judged by a smooth estimate instead — wounds, intruders in and next to the Room, fire, the way to
the Isolation Room as the Time runs down, and, as the Victory Check will, the Active Contingency
(NEM-CONTINGENCY-6) and the contamination check (NEM-VICTORY-4) as they stand in the state it is
given; and, while the Time allows, how near the character stands to the Room its unmet objective
needs (Transmitter Control, Archive, Laboratory, Backup Power) and to the Room that would mend
the Contingency it fears (a Signal against Blue, Knowledge against Yellow), so that a short
playout tells a step along that route from a step away. These hooks read determinised states
(the search's guess, in which the Active Contingency, the infected cards and the unexplored tiles
are dealt again from what the seat cannot see, `resample_hidden`), never the real one, so the
Contingency's threat and where an unexplored Room's tile lies are weighed by their odds from the
seat's view.

The playout policy is the heuristic bot (`engine.nemesis.bot`) with a few of its blind spots
mended (`_Plan`): it does not repeat an action whose objective it has already met (a second
Signal), and it does not stand in a burning Room (NEM-FIRE) when it can walk out; it explores the
slots where a Room its objective or the Contingency needs may lie (Transmitter Control against
Blue, Archive or Laboratory against Yellow) instead of passing; it rests before locking itself in
(a cleaner hand for the contamination check), never rests with a Larva (a second Infection kills)
and takes a Larva to the Decontamination Room or Surgery; and a plain Movement that would leave it
fewer than 2 cards (an Encounter's Surprise Attack) waits until the way out is open. Tried in the
heuristic bot itself first, these gave no measurable survival gain there (README, "Nemesis, third
attempt"), so the Easy level plays as before.
"""
from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from math import comb

from engine.core import Command, Config, Data, Rng

from .bot import OBJECTIVE_TILES, HeuristicBot, Plan, condition_names
from .content import content
from .objectives import objective_met
from .views import seat_view

SURVIVED = 0.6        # a finished game: the share of its value for surviving, the rest for winning
OUT = {"locked": 0.95, "bunker": 0.97, "evacuated": 0.97, "pod": 0.8}   # survival once out of the Facility
PLAYOUT_DEPTH = 4     # commands, and as many more for each player (about a round each in solo)
PER_PLAYER = 4
INSIDE = 0.6          # an unhurt character inside, alone, early: its chance to live (a rough guess)
THREAT = {"larva": 0.04, "creeper": 0.12, "adult": 0.2, "breeder": 0.28, "queen": 0.35}   # in its Room
UNGROUPED = ("pay", "discard")   # options that only say how a command is paid
SMALL_HAND = 2        # the policy: a plain Movement into an empty Room leaving fewer cards than this ...
SMALL_HAND_COST = 12.0   # ... costs this much more, unless the way out is open
HOME_FROM = 10        # from this Time slot on, the way to the Isolation Room counts
YELLOW_KNOWLEDGE = 4  # the Yellow Contingency kills living characters with Knowledge at most this
CHECK_DRAW = 4        # cards drawn in the contamination check (NEM-VICTORY-4)
# each Contingency colour: whom it kills at the Victory Check (NEM-CONTINGENCY-6), and how much of
# that threat a character still inside the Facility keeps: a Signal or Knowledge may yet come, but
# the Isolation Room is nearly every survivor's way out, and the end of the Time kills the rest
INSIDE_THREAT = {"BLUE": 0.85, "YELLOW": 0.85, "RED": 0.9, "GRAY": 0.1}
ROUTE_REACH = 6       # Movements: an unmet objective's Room this far away or farther adds nothing
ROUTE_SHARE = 0.35    # what being in the Room an unmet objective needs adds to the objective's 0.25
ROUTE_UNTIL = 5       # ... fading from Time slot HOME_FROM down to nothing at this one (time to go home)
REMEDY = {"BLUE": ("transmitter_control",), "YELLOW": ("archive", "laboratory")}   # a Signal, Knowledge
REMEDY_SHARE = 0.3    # a character inside, in the Room that mends its Contingency threat: this much less threat


def _colours() -> dict[str, str]:
    return {t.id: t.colour for t in content().tokens.contingency_tokens}


def _infected() -> frozenset[str]:
    return frozenset(c.id for c in content().contamination if c.infected)


_COLOUR: dict[str, str] = {}
_INFECTED: frozenset[str] = frozenset()


def _contingency_kills(data: Data, player: Data) -> float:
    """How likely the Active Contingency of ``data`` kills ``player`` (0 or 1 once out; a share of
    the threat while still inside, where the character can still act on it)."""
    global _COLOUR
    if not _COLOUR:
        _COLOUR = _colours()
    colour = _COLOUR.get(str(data.get("contingency_active")), "GREEN")
    where = player["where"]
    if colour == "BLUE":
        hit = not player["signal"]
    elif colour == "YELLOW":
        hit = player["knowledge"] <= YELLOW_KNOWLEDGE
    elif colour == "RED":
        hit = where in ("locked", "facility")
    elif colour == "GRAY":
        hit = where in ("evacuated", "pod")
    else:
        return 0.0
    if not hit:
        return 0.0
    if where != "facility":
        return 1.0
    threat = INSIDE_THREAT[colour]
    tiles = REMEDY.get(colour)
    if tiles:                                # on the way to the Room that would mend it
        threat *= 1.0 - REMEDY_SHARE * _fade(data) * _near(data, player, tiles)
    return threat


def _contamination_passes(player: Data) -> float:
    """The chance ``player`` passes the contamination check (NEM-VICTORY-2..4) as things stand."""
    global _INFECTED
    if not _INFECTED:
        _INFECTED = _infected()
    cards = [str(card) for card in player["hand"] + player["deck"] + player["discard"]]
    contaminated = [card for card in cards if card.startswith("CONT")]
    if not player["larva"] and not any(card in _INFECTED for card in contaminated):
        return 1.0
    total, bad = len(cards), len(contaminated)
    if total < CHECK_DRAW:
        return 0.0 if bad else 1.0
    return comb(total - bad, CHECK_DRAW) / comb(total, CHECK_DRAW)


def _inside(data: Data, player: Data) -> float:
    """A character still in the Facility: a smooth guess from its wounds (three Serious Wounds and
    one more kill, NEM-WOUND), the intruders in and next to its Room, fire, and how far it stands
    from the Isolation Room as the Time runs down (it opens on slot 8, NEM-ROOM-29), so that a
    playout cut after a round or two tells a safer position from a worse one."""
    board = content().board
    chance = INSIDE
    damage = len(player["serious"]) + player["light"] / 3
    chance *= max(0.05, 1.0 - damage / 3.5)
    room = player["room"]
    if room is None:
        return chance
    near = board.neighbour_rooms(room)
    for intruder in data["intruders"].values():
        where = intruder["room"]
        if where == room:
            chance *= 1.0 - THREAT.get(intruder["type"], 0.2)
        elif where in near:
            chance *= 1.0 - THREAT.get(intruder["type"], 0.2) / 3
    if data["rooms"].get(room, {}).get("fire"):
        chance *= 0.9
    time = int(data["time"])
    if time <= HOME_FROM:
        closed = frozenset(cid for cid, cor in data["corridors"].items() if cor["door"] == "closed")
        distance = min(6, _distances(closed).get(room, 6))
        chance *= 1.0 - 0.03 * distance * min(2.0, (HOME_FROM + 1 - time) / 3)
    return chance


_DISTANCES: dict[tuple[str, frozenset[str]], dict[str, int]] = {}


def _distances(closed: frozenset[str], start: str = "ISO") -> dict[str, int]:
    """Movements from ``start`` (the Isolation Room) to every Room, for these Closed Doors (kept:
    few sets occur)."""
    key = (start, closed)
    found = _DISTANCES.get(key)
    if found is None:
        if len(_DISTANCES) >= 2048:
            _DISTANCES.clear()
        found = _DISTANCES[key] = content().board.distances_from(start, closed)
    return found


def _survival(data: Data, player: Data) -> float:
    """A rough chance that ``player``'s character lives through the game, from the state now."""
    where = player["where"]
    if where == "dead":
        return 0.0
    chance = OUT[where] if where in OUT else _inside(data, player)
    chance *= 1.0 - _contingency_kills(data, player)
    chance *= _contamination_passes(player)
    return min(1.0, max(0.0, chance))


def _objective(data: Data, player: Data) -> float:
    """1 for an objective met as things stand; else 0.25, plus a share for standing near a Room
    whose action the objective needs (Transmitter Control for a Signal, Archive or Laboratory for
    Knowledge, Backup Power for the Time token: `_near`), so that a playout of a round or two
    tells a step toward that Room from a step away; the share fades as the Time runs down and the
    way home matters more."""
    objectives = player["objectives"]
    if not objectives:
        return 0.5
    if any(objective_met(data, player["seat"], o) for o in objectives):
        return 1.0
    fade = _fade(data)
    if not fade:
        return 0.25
    tiles = {t for o in objectives for t in _objective_tiles(str(o))}
    return 0.25 + ROUTE_SHARE * fade * _near(data, player, tiles)


def _fade(data: Data) -> float:
    """How much the way to a Room still counts: fully above Time slot `HOME_FROM`, nothing from
    `ROUTE_UNTIL` down (the way home counts then, `_inside`)."""
    return max(0.0, min(1.0, (int(data["time"]) - ROUTE_UNTIL) / (HOME_FROM - ROUTE_UNTIL)))


_TILES: dict[str, tuple[str, ...]] = {}


def _objective_tiles(objective: str) -> tuple[str, ...]:
    """The tiles whose Room action an objective's conditions need (`bot.OBJECTIVE_TILES`)."""
    found = _TILES.get(objective)
    if found is None:
        card = content().objectives.get(objective)
        names = condition_names(card.condition) if card is not None else set()
        found = _TILES[objective] = tuple(sorted({t for n in names for t in OBJECTIVE_TILES.get(n, ())}))
    return found


def _near(data: Data, player: Data, tiles: Collection[str]) -> float:
    """How near ``player`` stands to the nearest Room showing one of ``tiles`` (a Room an unmet
    objective or the Contingency's remedy needs): 1 there, falling to 0 at `ROUTE_REACH` Movements
    (Closed Doors counted). The tile of an unexplored Room is the one the search's guess dealt it
    (its view's odds); 0 without such tiles."""
    room = player["room"]
    if room is None or player["where"] != "facility" or not tiles:
        return 0.0
    targets = [r for r, s in data["rooms"].items() if s["tile"] in tiles]
    if not targets:
        return 0.0
    closed = frozenset(cid for cid, cor in data["corridors"].items() if cor["door"] == "closed")
    distances = _distances(closed, room)
    nearest = min((distances[r] for r in targets if r in distances), default=ROUTE_REACH)
    return max(0.0, 1.0 - nearest / ROUTE_REACH)


def search_values(data: Data) -> Sequence[float] | None:
    players = data["players"]
    if data["phase"] == "over":
        result = data.get("result") or {}
        values = []
        for player in players:
            entry = result.get(str(player["seat"]), {})
            values.append(SURVIVED * bool(entry.get("alive")) + (1 - SURVIVED) * bool(entry.get("won")))
        return values
    if any(p["character"] is None for p in players):
        return None                          # still drafting
    values = []
    for player in players:
        survive = _survival(data, player)
        values.append(SURVIVED * survive + (1 - SURVIVED) * survive * _objective(data, player))
    return values


class _Plan(Plan):
    """The heuristic bot's plan with its blind spots mended (module docstring)."""

    def __init__(self, view: Data, seat: int) -> None:
        self.larva = bool(view["players"][seat].get("larva"))
        super().__init__(view, seat)
        me = self.me
        done = set()
        if me.get("signal"):
            done.add("signal")
        if me.get("knowledge_active"):
            done.add("knowledge_token_active")
        if self.wanted & done:
            self.wanted = self.wanted - done
            self.goal, self.goal_weight = self.choose_goal()
            self.goal_distances = (self.c.board.distances_from(self.goal, self.closed) if self.goal else {})
            self.here_distance = self.goal_distances.get(self.room) if self.room else None
        rooms = view["rooms"]
        self.fire_here = bool(self.room and rooms.get(self.room, {}).get("fire"))

    def unexplored_for(self, wanted: set[str]) -> list[str]:
        """Unexplored Rooms on the slots (pile I or II) where a tile the wanted conditions need
        may still lie, when no explored Room shows it yet."""
        piles = set()
        for name in wanted:
            tiles = OBJECTIVE_TILES.get(name, ())
            if tiles and not self.tile_rooms(tiles):
                piles |= {self.c.tiles[t].pile for t in tiles}
        board, rooms = self.c.board, self.view["rooms"]
        return [r for pile in sorted(piles) for r in board.slots(pile) if not rooms[r]["explored"]]

    def urgent_goal(self) -> tuple[str, float] | None:
        """A Larva heads for the Decontamination Room or Surgery: the contamination check is certain
        (NEM-INFECT-6)."""
        if self.larva and self.time > 4:
            room = self.nearest(self.tile_rooms(("decon_room", "surgery")))
            if room:
                return room, 12.0
        return None

    def exploring_goal(self) -> tuple[str, float] | None:
        """A Room the objective or the Contingency needs (Transmitter Control against Blue, Archive or
        Laboratory against Yellow) is looked for on the slots where its tile may lie."""
        room = self.nearest(self.unexplored_for(self.wanted))
        return (room, 6.0) if room else None

    def score_move(self, command: Command, careful: bool = False) -> float:
        value = super().score_move(command, careful)
        to = str(command.args[0]) if command.args else ""
        if not self.in_combat and not careful and to not in self.occupied and to not in self.intruder_rooms:
            pay = command.get("pay", ())
            left = self.hand - (len(pay) if isinstance(pay, tuple) else 1)
            if left < SMALL_HAND and self.goal_weight < 40:
                value -= SMALL_HAND_COST         # a Noise roll's Encounter would Surprise Attack (NEM-ENCOUNTER-7)
        return value

    def score_room(self, command: Command) -> float:
        action = str(command.args[0]) if command.args else ""
        if self.larva and action == "decontamination":
            return 60.0
        if self.larva and action == "surgical_procedure":
            return 50.0
        return super().score_room(command)

    def score_card(self, command: Command) -> float:
        card = str(command.args[0]) if command.args else ""
        if card.startswith("rest"):
            if self.larva:
                return -5.0                      # an infected card would be a second Infection: death (NEM-INFECT-2)
            if self.contaminated and not self.in_combat and self.room == "ISO" and self.iso_open \
                    and self.usable >= 3:
                return 450.0                     # clean the hand before the lock-in (NEM-REST, NEM-VICTORY-4)
        return super().score_card(command)

    def danger_of(self, to: str) -> float:
        risk = super().danger_of(to)
        if self.view["rooms"].get(to, {}).get("fire"):
            risk += 12.0
        return risk

    def score(self, command: Command) -> float:
        value = super().score(command)
        if self.fire_here and not self.in_combat:
            if command.verb in ("move", "careful_move"):
                value += 15.0
            elif command.verb == "pass":
                value -= 10.0
        return value


class PolicyBot(HeuristicBot):
    """The playout policy as a bot (`_Plan`): honest like the heuristic, its view only."""

    name = "nemesis_policy"

    def scorer(self, view: Data, seat: int) -> Callable[[Command], float]:
        return _Plan(view, seat).score


_PLAYER = PolicyBot()


def search_playout(data: Data, seat: int, legal: Sequence[Command], rng: Rng) -> Command | None:
    """The mended heuristic (`PolicyBot`), from the seat's view of the determinised state."""
    return _PLAYER.choose(seat_view(data, seat), legal, rng)


def search_group(command: Command) -> str | None:
    """A move to one Room however it is paid, a pass with any discards, a shot or any action with
    the same card (whichever copy), item, Room action and targets however it is paid: one group
    each; an answer is its own."""
    if command.verb == "answer":
        return None
    if command.verb == "pass":
        return "pass"
    head = str(command.args[0]).split(".", 1)[0] if command.args else ""
    rest = " ".join(f"{key}={value}" for key, value in command.options if key not in UNGROUPED)
    return " ".join(part for part in (command.verb, head, rest) if part)


def search_depth(config: Config) -> int | None:
    return PLAYOUT_DEPTH + PER_PLAYER * config.players
