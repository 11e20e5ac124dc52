"""Set-up choices, turns and rounds, the end triggers and final scoring
(VIN-SETUP-15..18, VIN-TURN, VIN-END, VIN-SCORE, VIN-SOLO)."""
from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from engine.core import Command, Data, Pause, refuse
from engine.core.sampling import Group

from ..commands import listed, verb
from ..content import EndTrigger, content
from ..context import Ctx
from ..counters import (
    Check,
    condition_check,
    count,
    mastery_count,
    player_field,
    regions_controlled_by_seat,
    satisfied,
)
from ..effects import VIN
from ..setup import fresh_turn
from ..vocabulary import ATTRIBUTES, Condition, parse_condition
from .module import village_scores
from .move import can_move, discover, legal_paths
from .power import spend_conviction

SOLO_ROUND_LIMIT = 24
SOLO_MASTERY_RIVAL = 3
SOLO_RATINGS = ((100, "Legend"), (80, "Vindicated"), (60, "Penitent"), (0, "Wretch"))


# -- set-up choices -----------------------------------------------------------------------------
@VIN.primitive("choose_character")
def _choose_character(ctx: Ctx, answer: Any = None) -> Pause | None:
    """VIN-SETUP-1: each player picks a character no one else has."""
    taken = {p["character"] for p in ctx.data["players"]}
    options = tuple(c.id for c in content().characters if c.id not in taken)
    if answer is None:
        return Pause("character", options)
    ctx.player()["character"] = answer
    ctx.emit("character_chosen", seat=ctx.actor, character=answer)
    return None


@VIN.primitive("choose_quest")
def _choose_quest(ctx: Ctx, answer: Any = None) -> Pause | None:
    """VIN-SETUP-15: draw 2 quests, or pay 1 conviction to draw 3; keep 1 secretly."""
    options = ("draw2", "draw3") if ctx.player()["conviction"] >= 1 else ("draw2",)
    if answer is None:
        return Pause("quest_draw", options)
    if answer == "draw3":
        spend_conviction(ctx, 1, "VIN-SETUP-15")
    deck = ctx.data["quest_deck"]
    drawn = [deck.pop() for _ in range(min(len(deck), 3 if answer == "draw3" else 2))]
    ctx.player()["quest_options"] = drawn
    ctx.emit("quests_drawn", audience=[ctx.actor], seat=ctx.actor, quests=drawn)
    ctx.emit("quests_dealt", seat=ctx.actor, count=len(drawn))
    ctx.push(["keep_quest"])
    return None


@VIN.primitive("keep_quest")
def _keep_quest(ctx: Ctx, answer: Any = None) -> Pause | None:
    drawn = ctx.player()["quest_options"]
    if answer is None:
        return Pause("quest_keep", tuple(drawn))
    ctx.player()["quest"] = answer
    ctx.player()["quest_options"] = []
    ctx.data["quests_out"] += [q for q in drawn if q != answer]
    ctx.emit("quest_kept", seat=ctx.actor)
    return None


@VIN.primitive("choose_end_trigger")
def _choose_end_trigger(ctx: Ctx, answer: Any = None) -> Pause | None:
    """VIN-SETUP-9 with `choose_end_triggers`: the first player picks a card to show; the rest of
    the deck stays shuffled."""
    options = tuple(sorted(ctx.data["end_deck"]))
    if answer is None:
        return Pause("end_trigger", options)
    ctx.data["end_deck"].remove(answer)
    ctx.data["end_faceup"].append(answer)
    ctx.emit("end_trigger_revealed", card=answer)
    return None


@VIN.primitive("initial_discovery")
def _initial_discovery(ctx: Ctx) -> None:
    """VIN-SETUP-17/-18: start spaces filled in ascending start order; then the first check."""
    players = sorted(ctx.data["players"], key=lambda p: p["start"])
    for player in players:
        discover(ctx, [player["token"]])
    ctx.data["phase"] = "play"
    check_end(ctx)                      # a trigger found now counts as round 0 (VIN-END-3)
    ctx.data["round"] = 1
    ctx.data["current"] = 0
    ctx.data["turn"] = fresh_turn(ctx.data["order"][0])
    ctx.emit("round_started", round=1)


# -- end triggers ---------------------------------------------------------------------------------
def trigger_holds(data: Data, trigger: EndTrigger) -> bool:
    solo = len(data["players"]) == 1
    holds = _HOLDS[solo].get(trigger.id)
    if holds is None:
        holds = _HOLDS[solo][trigger.id] = _trigger_test(trigger.id, solo)
    return holds(data)


# solo -> end-trigger card -> `_trigger_test`: a plain dict, cheaper to ask than a cache after
# every command; content is immutable, so an entry never goes stale.
_HOLDS: dict[bool, dict[str, Callable[[Data], bool]]] = {False: {}, True: {}}


def _trigger_test(card: str, solo: bool) -> Callable[[Data], bool]:
    """Whether the end-trigger card ``card`` holds, as one function made once: it is asked after
    every command, so its conditions, the players it needs and the spaces it reads are looked up
    here rather than at each test."""
    trigger = content().end_triggers[card]
    checks = _condition_checks(card, solo)
    needed = 1 if solo else trigger.players_at_least
    board = tuple(content().board.regions) if trigger.board_full else ()

    def board_full(data: Data) -> bool:   # Isle areas and village slots do not count (VVH-GEO-5)
        regions = data["regions"]
        return all(regions[r] is not None for r in board)

    if not checks:
        return board_full if board else lambda data: False
    if len(checks) == 1 and needed == 1 and not board:   # most cards: one condition, one player
        return _one_meets(_conditions(card, solo)[0], checks[0])

    def enough_meet(data: Data) -> bool:
        if board and not board_full(data):
            return False
        meeting = 0
        for seat, player in enumerate(data["players"]):
            for counter, args, compare, value in checks:      # all of them, for the same player
                if not compare(counter(data, player, seat, args), value):
                    break
            else:
                meeting += 1
                if meeting >= needed:
                    return True
        return False
    return enough_meet


def _one_meets(condition: Condition, check: Check) -> Callable[[Data], bool]:
    """Whether some player meets ``condition`` (`check`, ready to test): a field of the player is read
    straight from each, the regions controlled are counted for every seat in one pass."""
    counter, args, compare, value = check
    if condition.counter.name == "regions_controlled":
        return lambda data: any(compare(n, value) for n in regions_controlled_by_seat(data))
    field = player_field(condition.counter)
    if field is not None:
        read, sized = field

        def field_meets(data: Data) -> bool:
            for player in data["players"]:
                got: Any = read(player)
                if compare(len(got) if sized else got, value):
                    return True
            return False
        return field_meets

    def one_meets(data: Data) -> bool:
        for seat, player in enumerate(data["players"]):
            if compare(counter(data, player, seat, args), value):
                return True
        return False
    return one_meets


@lru_cache(maxsize=64)
def _conditions(card: str, solo: bool) -> tuple[Condition, ...]:
    """The conditions of the end-trigger card ``card`` (alone: its solo conditions, where it has them)."""
    trigger = content().end_triggers[card]
    raw = trigger.solo_condition if solo and trigger.multiplayer_only else trigger.condition
    if raw is None:
        return ()
    items = raw if isinstance(raw, (list, tuple)) else [raw]
    return tuple(parse_condition(c) for c in items if c)


def _condition_checks(card: str, solo: bool) -> tuple[Check, ...]:
    """`_conditions` ready to test."""
    return tuple(condition_check(c) for c in _conditions(card, solo))


def check_end(ctx: Ctx) -> None:
    """VIN-END-2..5: once any face-up condition holds, the next round is the last."""
    data = ctx.data
    if data["end_round"] is not None or data["phase"] != "play":
        return
    triggers = content().end_triggers
    for card in data["end_faceup"]:
        if trigger_holds(data, triggers[card]):
            data["end_round"] = data["round"] + 1
            ctx.emit("end_triggered", card=card, round=data["round"], final_round=data["end_round"])
            return


# -- turns and rounds ---------------------------------------------------------------------------
def may_end_turn(data: Data, seat: int) -> bool:
    turn = data["turn"]
    return turn["used"]["move"] > 0 or legal_paths(data, seat)[1] == [] and not _can_fly(data, seat)


def _can_fly(data: Data, seat: int) -> bool:
    return content().mounts[data["players"][seat]["mount"]].flight


def end_turn_commands(data: Data, seat: int) -> list[Command]:
    """VIN-TURN-3 / VIN-MOVE-10: the turn may end once moved, or when no move is possible at all."""
    if data["turn"]["used"]["move"] > 0 or not can_move(data, seat):
        return [listed("end_turn", (), seat)]
    return []


def end_turn_groups(data: Data, seat: int) -> list[Group]:
    """`end_turn_commands` as a group (`engine.core.sampling`), the command made only when drawn."""
    if data["turn"]["used"]["move"] > 0 or not can_move(data, seat):
        return [(1, 1.0, lambda _: listed("end_turn", (), seat))]
    return []


@verb("end_turn", end_turn_commands, groups=end_turn_groups)
def do_end_turn(ctx: Ctx, cmd: Command) -> None:
    end_turn(ctx)


def end_turn(ctx: Ctx) -> None:
    data = ctx.data
    if not may_end_turn(data, ctx.actor):
        raise refuse("VIN-TURN-3", "you must move before ending your turn")
    if data["turn"]["used"]["move"] == 0:
        ctx.emit("move_skipped", seat=ctx.actor)                    # VIN-MOVE-10
    ctx.emit("turn_ended", seat=ctx.actor)
    data["current"] += 1
    if data["current"] == len(data["order"]):                       # VIN-TURN-10
        if len(data["order"]) == 1 and data["end_round"] is None and data["round"] >= SOLO_ROUND_LIMIT:
            data["end_round"] = data["round"] + 1                    # VIN-SOLO-6
        if data["end_round"] is not None and data["round"] >= data["end_round"]:
            score(ctx)
            return
        data["round"] += 1
        data["current"] = 0
        ctx.emit("round_started", round=data["round"])
    data["turn"] = fresh_turn(data["order"][data["current"]])       # VIN-TURN-9


# -- scoring ------------------------------------------------------------------------------------
def score(ctx: Ctx) -> None:
    """VIN-SCORE-1..8: bonuses in the spec's order, then the winner and tie-breaks."""
    data = ctx.data
    c = content()
    seats = range(len(data["players"]))
    breakdown = [{"before": data["players"][s]["honor"], "monsters": 0, "quest": 0, "regions": 0,
                  "villages": 0, "mastery": 0} for s in seats]
    for s in seats:
        player = data["players"][s]
        for monster in player["monsters"]:                            # VIN-SCORE-2
            for effect in c.cards[monster].end_bonus:
                breakdown[s]["monsters"] += _end_bonus(data, s, effect)
        if player["quest"]:                                           # VIN-SCORE-3
            for objective in c.quests[player["quest"]].objectives:
                if satisfied(data, s, objective.parsed):
                    breakdown[s]["quest"] += objective.honor
        breakdown[s]["regions"] = 2 * count(data, s, "regions_controlled")   # VIN-SCORE-4, VVH-SCORE-2
    for s, village_honor in enumerate(village_scores(data)):             # VVH-SCORE-1
        breakdown[s]["villages"] = village_honor
    for attribute in ATTRIBUTES:                                      # VIN-SCORE-5, -6
        counts = [mastery_count(data, s, attribute) for s in seats]
        best = max(counts)
        needed = SOLO_MASTERY_RIVAL + 1 if len(counts) == 1 else 1    # VIN-SOLO-4
        if best >= needed and counts.count(best) == 1:
            breakdown[counts.index(best)]["mastery"] += c.board_file.mastery_bonus
    for s in seats:
        gained = sum(v for k, v in breakdown[s].items() if k != "before")
        data["players"][s]["honor"] += gained
        breakdown[s]["total"] = data["players"][s]["honor"]
    data["scores"] = breakdown
    data["phase"] = "over"
    ctx.emit("game_ended", scores=[b["total"] for b in breakdown])


def _end_bonus(data: Data, seat: int, effect: Any) -> int:
    params = effect.params
    if effect.primitive == "end_score":
        return min(params["max"], params["per"] * count(data, seat, params["counter"]))
    if effect.primitive == "end_score_if":
        return params["honor"] if satisfied(data, seat, params["condition"]) else 0
    return 0


def ranking_key(data: Data, seat: int) -> tuple[int, int, int, int]:
    """VIN-SCORE-7/-8: honor, then conviction, then fewest potential, then fewest tokens."""
    p = data["players"][seat]
    return (p["honor"], p["conviction"], -p["potential"], -len(p["trigger_tokens"]))


def winners(data: Data) -> tuple[int, ...]:
    keys = {s: ranking_key(data, s) for s in range(len(data["players"]))}
    best = max(keys.values())
    return tuple(s for s, k in keys.items() if k == best)


def solo_rating(honor: int) -> str:
    return next(name for floor, name in SOLO_RATINGS if honor >= floor)
