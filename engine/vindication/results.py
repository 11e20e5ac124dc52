"""The end of a Vindication game for the one end screen of every game: each seat's honor round by
round, as a plot (the score table itself comes from the outcome's breakdown)."""
from __future__ import annotations

from collections.abc import Sequence

from engine.core import Data, Event
from engine.core.language import language_key

PLOT_WORDS = {"en": ("Honor at the end of each round", "Round", "Honor"),
              "zh": ("每輪結束時的榮耀", "輪", "榮耀")}


def honor_plot(start_view: Data, events: Sequence[Event], language: str = "en") -> Data:
    """Each seat's honor at the end of every round so far (index 0: before the first round), from
    the ``round_started`` and ``honor_changed`` events, starting from the honor each seat had at
    the start. Scoring at the game's end is not an event of a round: the score table shows it."""
    players = start_view.get("players") or []
    honors = [float(p.get("honor", 0)) for p in players]
    rounds: list[list[float]] = [list(honors)]
    for event in events:
        if event.kind == "round_started":
            number = int(event.data.get("round", len(rounds)))
            while len(rounds) <= number:
                rounds.append(list(honors))
        elif event.kind == "honor_changed":
            seat = int(event.data["seat"])
            honors[seat] += float(event.data.get("delta", 0))
            rounds[-1][seat] = honors[seat]
    title, x_title, y_title = PLOT_WORDS[language_key(language)]
    return {"title": title, "x_title": x_title, "y_title": y_title,
            "series": [{"seat": seat, "values": [r[seat] for r in rounds]} for seat in range(len(honors))]}
