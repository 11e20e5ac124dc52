"""The end of a Nemesis game in words, for the one end screen of every game: why it ended, each
character's fate (the route out or the cause of death, the objective and whether it was met)
and a curve of the game (the Time track against the wounds each character took). Built from
the final view and the events a seat saw; in English and Traditional Chinese."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core import Data, Event, Outcome
from engine.core.language import is_chinese, language_key

from .content import content
from .log import WHY_ZH, WORDS

TEXT = {
    "en": {"character": "Character", "fate": "Fate", "objective": "Objective", "result": "Result",
           "bunker": "reached the Bunker", "evacuated": "escaped in a CSS pod",
           "locked": "locked in the Isolation Room", "died": "died: {cause}",
           "contingency": "killed by the {colour} Contingency", "contamination": "died of the infection",
           "met": "{name} — met", "not_met": "{name} — not met", "none": "none", "won": "won", "lost": "lost",
           "facility": "in the Facility", "plot": "Time left and each character's wounds, round by round",
           "round": "Round", "count": "Time / wounds", "time": "Time track",
           "nobody": "nobody", "red": "red", "yellow": "yellow", "green": "green"},
    "zh": {"character": "角色", "fate": "結局", "objective": "目標", "result": "結果",
           "bunker": "抵達地堡", "evacuated": "乘發射艙逃離", "locked": "鎖在隔離室", "died": "死亡：{cause}",
           "contingency": "死於{colour}應急措施", "contamination": "死於感染", "met": "{name}——達成",
           "not_met": "{name}——未達成", "none": "無", "won": "獲勝", "lost": "落敗", "facility": "在基地中",
           "plot": "每輪剩餘時間與各角色傷勢", "round": "輪", "count": "時間／傷勢", "time": "時間軌",
           "nobody": "無人", "red": "紅色", "yellow": "黃色", "green": "綠色"},
}


def _name(name: Any, lang: str) -> str:
    return str(name.zh if lang == "zh" and getattr(name, "zh", None) else name.en)


DIE_WORDS = {"en": {"noise": "Noise die"}, "zh": {"noise": "噪音骰"}}


def dice_rolled(events: Sequence[Event], language: str = "en") -> list[Data]:
    """Noise and combat dice (and rerolls) of these events, named as the log names them."""
    from .log import DICE, FACES, NOISE_FACES
    lang = language_key(language)
    rolled: list[Data] = []
    for event in events:
        data = event.data
        if event.kind == "noise_roll":
            face = NOISE_FACES[lang].get(str(data.get("face")), str(data.get("face")))
            rolled.append({"title": DIE_WORDS[lang]["noise"], "face": face, "seat": data.get("seat")})
        elif event.kind in ("combat_roll", "die_rerolled"):
            die = DICE[lang].get(str(data.get("die", "combat")), str(data.get("die", "combat")))
            face = FACES[lang].get(str(data.get("face")), str(data.get("face")))
            rolled.append({"title": die, "face": face, "seat": data.get("seat")})
    return rolled


def describe_outcome(outcome: Outcome, language: str = "en") -> str:
    """Why the game ended, in the language (the reason's first part, as the rules wrote it)."""
    why = outcome.reason.split(";", 1)[0].strip()
    return WHY_ZH.get(why, why) if is_chinese(language) else why


def result_rows(outcome: Outcome, view: Data, language: str = "en") -> list[tuple[str, list[str]]]:
    """(row title, one text per seat) for the end screen: character, fate, objective, result;
    empty before the Victory Check has written its results."""
    results = view.get("result")
    if not isinstance(results, dict):
        return []
    lang = language_key(language)
    t = TEXT[lang]
    c = content()
    players = view["players"]
    characters, fates, objectives, verdicts = [], [], [], []
    for seat, player in enumerate(players):
        entry = results.get(str(seat)) or {}
        character = player.get("character")
        characters.append(_name(c.characters[character].name, lang) if character else t["nobody"])
        fates.append(_fate(entry, player, t, lang))
        objective = entry.get("objective")
        if objective:
            found = c.objectives.get(objective)
            name = _name(found.name, lang) if found else str(objective)
            objectives.append(t["met" if entry.get("objective_met") else "not_met"].format(name=name))
        else:
            objectives.append(t["none"])
        verdicts.append(t["won" if entry.get("won") else "lost"])
    return [(t["character"], characters), (t["fate"], fates), (t["objective"], objectives),
            (t["result"], verdicts)]


def _fate(entry: Data, player: Data, t: dict[str, str], lang: str) -> str:
    if entry.get("alive"):
        return t.get(str(entry.get("route")), str(entry.get("route")))
    if entry.get("contingency") is False:
        colour = str(entry.get("reason", "")).removeprefix("the ").split(" ", 1)[0]
        return t["contingency"].format(colour=t.get(colour, colour))
    if entry.get("contamination") is False:
        return t["contamination"]
    cause = str(player.get("cause") or "facility")
    words = WORDS[lang]
    return t["died"].format(cause=words.get(cause) or t.get(cause) or cause)


def progress_plot(start_view: Data, events: Sequence[Event], language: str = "en") -> Data:
    """The Time track at the end of each round against each character's wounds as they stood
    (Light Wounds plus Serious Wounds), from the events the seat saw."""
    t = TEXT[language_key(language)]
    players = len(start_view.get("players") or [])
    time = [float(start_view.get("time", 0))]
    light = [0.0] * players
    serious = [0.0] * players
    wounds = [[0.0] * players]
    for event in events:
        kind, data = event.kind, event.data
        if kind == "round_started" and int(data.get("round", 1)) > 1:
            time.append(time[-1])
            wounds.append([light[s] + serious[s] for s in range(players)])
        elif kind == "time_advanced":
            time[-1] = float(data.get("slot", time[-1]))
        elif kind == "light_wound" and "seat" in data:
            light[int(data["seat"])] = float(data.get("light", light[int(data["seat"])]))
        elif kind == "serious_wound" and "seat" in data:
            serious[int(data["seat"])] += 1
        if kind in ("light_wound", "serious_wound") and "seat" in data:
            seat = int(data["seat"])
            wounds[-1][seat] = light[seat] + serious[seat]
    series: list[Data] = [{"seat": None, "name": t["time"], "values": time}]
    series += [{"seat": seat, "values": [w[seat] for w in wounds]} for seat in range(players)]
    return {"title": t["plot"], "x_title": t["round"], "y_title": t["count"], "series": series}
