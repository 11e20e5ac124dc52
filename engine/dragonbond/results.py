"""The end of a Dragonbond game in words, for the one end screen of every game (DRG-END-8): one
column per character — by name, with the seat that played it or "AI" — its power, its bonded ally
and whether it won or was eliminated; why the game ended; and each character's power round by
round, AI characters too, from the events a seat saw. Also the dice of a command for the table:
each combat die's face with its ignored and critical hits, the oath dice and rerolls.

Built from a view and events only (nothing hidden is needed: power, bonds and dice are public,
DRG-HIDDEN-10), in English and Traditional Chinese."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core import Data, Event, Outcome
from engine.core.language import EN, language_index

from .log import name_of

TEXT: dict[str, tuple[str, str]] = {
    "power": ("Power", "權力"), "bonded": ("Bonded with", "龍族盟友"), "result": ("Result", "結果"),
    "won": ("won", "獲勝"), "lost": ("lost", "落敗"), "eliminated": ("eliminated", "遭淘汰"),
    "nobody": ("—", "—"), "played": ("{character} ({seat})", "{character}（{seat}）"),
    "ai": ("AI", "AI 玩家"), "player": ("Player {n}", "玩家 {n}"),
    "plot": ("Each character's power, round by round", "每輪各角色的權力"),
    "round": ("Round (0: the start)", "輪（0：開局）"), "count": ("Power tokens", "權力標記"),
        # dice
    "combat_die": ("{who}'s combat die", "{who}的戰鬥骰"),
    "neutral_die": ("Neutral units' combat die", "中立單位的戰鬥骰"),
    "oath_die": ("{who}'s oath die", "{who}的誓約骰"), "rerolled": ("{face} (rerolled)", "{face}（重擲）"),
    "ignored": ("{face}, {n} ignored", "{face}，{n} 次被忽略"),
    "all_ignored": ("{face}, all ignored", "{face}，全部被忽略"),
    "to_crit": ("{face}, {n} made critical", "{face}，{n} 次變為爆擊"),
    "to_normal": ("{face}, criticals count as normal", "{face}，爆擊視為普通攻擊"),
    "success": ("{face}: success", "{face}：成功"), "failure": ("{face}: failure", "{face}：失敗"),
}


def _t(key: str, lang: int, **fields: Any) -> str:
    return TEXT[key][lang].format(**fields)


def character_title(view: Data, character: str, lang: int, seat: Any = -1) -> str:
    """"Ferellon (Player 1)", or "Adrael (AI)" for a character no human plays (DRG-AI-1);
    ``seat``: the character's seat when the view does not know it yet (-1: the view's)."""
    seat = view["boards"][character]["seat"] if seat == -1 else seat
    who = _t("ai", lang) if seat is None else _t("player", lang, n=int(seat) + 1)
    return _t("played", lang, character=name_of(character, lang), seat=who)


def _end(view: Data) -> Mapping[str, Any] | None:
    end = view.get("end")
    return end if isinstance(end, Mapping) and view.get("phase") == "over" else None


def result_columns(outcome: Outcome, view: Data, language: str = "en") -> list[tuple[str, bool]]:
    """DRG-END-8: one column per character in seating order, human or AI ("Ferellon (Player 1)",
    "Adrael (AI)"), and whether it won; empty while the game runs."""
    end = _end(view)
    if end is None:
        return []
    lang = language_index(language)
    winners = set(end.get("winners") or ())
    return [(character_title(view, ch, lang), ch in winners) for ch in view["seating"]]


def result_rows(outcome: Outcome, view: Data, language: str = "en") -> list[tuple[str, list[str]]]:
    """DRG-END-8: (row title, one text per character column): power, bonded ally,
    won/lost/eliminated."""
    end = _end(view)
    if end is None:
        return []
    lang = language_index(language)
    characters = list(view["seating"])
    winners = set(end.get("winners") or ())
    eliminated = set(end.get("eliminated") or ())
    power = end.get("power") or {}
    allies = {}
    for pair in end.get("pairs") or ():
        for ch in pair:
            allies[ch] = next((other for other in pair if other != ch), None)
    for ch in characters:                     # a bond the scoring did not pair (an eliminated ally)
        allies.setdefault(ch, view["boards"][ch].get("bonded_with"))
    results = [_t("won", lang) if ch in winners else _t("eliminated", lang) if ch in eliminated
               else _t("lost", lang) for ch in characters]
    return [(_t("power", lang), [str(power.get(ch, 0)) for ch in characters]),
            (_t("bonded", lang), [name_of(allies[ch], lang) if allies.get(ch) else _t("nobody", lang)
                                  for ch in characters]),
            (_t("result", lang), results)]


def describe_outcome(outcome: Outcome, language: str = "en") -> str:
    """Why the game ended (the reason's first part, as `Dragonbond.outcome` records it), in words;
    the winners, powers and bonds are the end screen's columns and rows."""
    lang = language_index(language)
    why = outcome.reason.split(";", 1)[0].strip()
    words = name_of(why, lang)
    return words[:1].upper() + words[1:] if lang == EN else words


# -- power round by round --------------------------------------------------------------------------

def power_by_round(start_view: Data, events: Sequence[Event]) -> dict[str, list[float]]:
    """Each character's power (spent and unspent tokens, DRG-GOAL-4) at the start (index 0) and at
    the end of each round after (index r: round r, the last one as the game left it), from the
    public power events."""
    characters = list(start_view["seating"])
    now = {ch: float(b["power"]["unspent"] + b["power"]["spent"]) for ch, b in start_view["boards"].items()}
    points = [dict(now), dict(now)]
    for event in events:
        kind, data = event.kind, event.data
        if kind == "phase_changed" and data.get("phase") == "planning" and int(data.get("round", 1)) > 1:
            points.append(dict(now))
            continue
        changes: list[tuple[Any, float]] = []
        if kind in ("power_gained", "power_collected"):
            changes = [(data.get("character"), float(data.get("n", 1)))]
        elif kind == "power_lost":
            changes = [(data.get("character"), -float(data.get("n", 1)))]
        elif kind == "power_stolen":
            changes = [(data.get("victim"), -1.0), (data.get("to"), 1.0)]
        for who, n in changes:
            if who in now:
                now[who] += n
                points[-1][who] = now[who]
    return {ch: [point[ch] for point in points] for ch in characters}


def progress_plot(start_view: Data, events: Sequence[Event], language: str = "en") -> Data:
    """One line per character: its power at the start and after each round. A human character's
    line looks like its seat's; an AI character's takes the look of a seat nobody plays."""
    if not start_view.get("seating") or not start_view.get("boards"):
        return {}
    lang = language_index(language)
    values = power_by_round(start_view, events)
    seats = {ch: board["seat"] for ch, board in start_view["boards"].items()}
    for event in events:                      # characters the humans picked after the start (DRG-SETUP-2)
        if event.kind == "character_chosen" and event.data.get("character") in seats:
            seats[event.data["character"]] = event.data.get("seat")
    series: list[Data] = []
    spare = sum(1 for seat in seats.values() if seat is not None)
    for ch in start_view["seating"]:
        seat = seats[ch]
        entry: Data = {"seat": seat, "name": character_title(start_view, ch, lang, seat), "values": values[ch]}
        if seat is None:
            entry["line"] = spare
            spare += 1
        series.append(entry)
    return {"title": _t("plot", lang), "x_title": _t("round", lang), "y_title": _t("count", lang),
            "series": series}


# -- dice --------------------------------------------------------------------------------------------

def _face_hits(face: str) -> tuple[int, int]:
    from .content import content
    found = next((f for f in content().die.faces if f.face == face), None)
    return (0, 0) if found is None else (found.normal, found.crit)


def _oath_success(face: str) -> bool:
    from .content import content
    return face in content().die.oath_success_faces


class _Die:
    """One die of a combat roll as it ends up: its face and what became of its hits."""

    def __init__(self, who: str, face: str) -> None:
        self.who, self.face = who, face
        self.normal, self.crit = _face_hits(face)
        self.rerolled = False
        self.ignored = 0
        self.made_crit = 0
        self.as_normal = False

    def hits(self) -> int:
        return self.normal + self.crit


def _roll_group(events: Sequence[Event], start: int) -> tuple[list[_Die], int]:
    """The dice of the combat roll that starts at ``events[start]`` (a ``dice_rolled``) with its
    blank rerolls, conversions and ignored hits (DRG-DICE-5, DRG-CRIT-5/6, in the order of 7.5);
    and the index after the roll's last such event."""
    first = events[start].data
    who = str(first.get("side") or "neutral")
    dice = [_Die(who, str(face)) for face in first.get("faces") or ()]
    i = start + 1
    while i < len(events):
        kind, data = events[i].kind, events[i].data
        if kind == "dice_rerolled":
            blanks = [d for d in dice if d.hits() == 0 and not d.rerolled]
            for die, face in zip(blanks, data.get("faces") or ()):
                die.face, (die.normal, die.crit), die.rerolled = str(face), _face_hits(str(face)), True
        elif kind == "hits_converted":
            n = int(data.get("n", 0))
            if data.get("to") == "crit":                    # normal hits become critical, die by die
                for die in dice:
                    k = min(n, die.normal)
                    die.normal, die.crit, die.made_crit, n = die.normal - k, die.crit + k, die.made_crit + k, n - k
            else:                                           # every critical hit counts as normal
                for die in dice:
                    if die.crit:
                        die.normal, die.crit, die.as_normal = die.normal + die.crit, 0, True
        elif kind == "hits_ignored":
            n = int(data.get("n", 0))                       # critical hits first (DRG-CRIT-5)
            for attr in ("crit", "normal"):
                for die in dice:
                    k = min(n, getattr(die, attr))
                    setattr(die, attr, getattr(die, attr) - k)
                    die.ignored, n = die.ignored + k, n - k
        elif kind == "city_removed":
            pass                                            # the city that ignored hits goes
        else:
            break
        i += 1
    return dice, i


def _die_entry(die: _Die, lang: int) -> Data:
    face = name_of(die.face, lang)
    if die.rerolled:
        face = _t("rerolled", lang, face=face)
    if die.made_crit:
        face = _t("to_crit", lang, face=face, n=die.made_crit)
    if die.as_normal:
        face = _t("to_normal", lang, face=face)
    if die.ignored:
        face = _t("all_ignored", lang, face=face) if die.hits() == 0 else _t("ignored", lang, face=face, n=die.ignored)
    look = ("muted" if die.hits() == 0 else "danger" if die.crit else "plain")
    title = (_t("neutral_die", lang) if die.who == "neutral"
             else _t("combat_die", lang, who=name_of(die.who, lang)))
    return {"title": title, "face": face, "seat": None, "look": look}


def _oath_entry(who: str, face: str, rerolled: bool, lang: int) -> Data:
    words = name_of(face, lang)
    if rerolled:
        words = _t("rerolled", lang, face=words)
    ok = _oath_success(face)
    return {"title": _t("oath_die", lang, who=name_of(who, lang)),
            "face": _t("success" if ok else "failure", lang, face=words),
            "seat": None, "look": "good" if ok else "muted"}


def _is_oath_roll(events: Sequence[Event], i: int) -> bool:
    """Whether the ``dice_rolled`` at ``i`` is an oath die: the oath's own event follows its dice
    (`oath_take` rolls both members' dice, then ``oath_rolled``; a reroll, then ``oath_rerolled``)."""
    j = i + 1
    while j < len(events) and events[j].kind == "dice_rolled" and len(events[j].data.get("faces") or ()) == 1:
        j += 1
    return j < len(events) and events[j].kind in ("oath_rolled", "oath_rerolled")


def dice_rolled(events: Sequence[Event], language: str = "en") -> list[Data]:
    """The dice of these events, for the table: each combat die with its face as it ended (a
    rerolled blank, hits made critical, hits ignored — look ``danger`` while it deals a critical
    hit, ``muted`` when it deals nothing), the oath dice with success or failure (``good`` /
    ``muted``). The title names whose die it is (a character, human or AI), so ``seat`` is None."""
    lang = language_index(language)
    rolled: list[Data] = []
    i = 0
    while i < len(events):
        event = events[i]
        if event.kind == "dice_rolled" and _is_oath_roll(events, i):
            j = i
            while events[j].kind == "dice_rolled":
                j += 1
            again = events[j].kind == "oath_rerolled"
            for k in range(i, j):
                data = events[k].data
                who, faces = str(data.get("side")), list(data.get("faces") or ())
                if faces:
                    rolled.append(_oath_entry(who, str(faces[0]), again, lang))
            i = j + 1
        elif event.kind == "dice_rolled":
            dice, i = _roll_group(events, i)
            rolled += [_die_entry(die, lang) for die in dice]
        else:
            i += 1
    return rolled


__all__ = ["character_title", "describe_outcome", "dice_rolled", "power_by_round",
           "progress_plot", "result_columns", "result_rows"]
