"""The end of a Vindication game for the one end screen of every game: why it ended, and each seat's
honor round by round, as a plot (the score table itself comes from the outcome's breakdown)."""
from __future__ import annotations

from collections.abc import Sequence

from engine.core import Data, Event, Outcome
from engine.core.language import language_key

from .log import OUTCOME_WORDS, SOLO_RATING_NAMES
from .rules.flow import solo_rating

PLOT_WORDS = {"en": ("Honor at the end of each round", "Round", "Honor"),
              "zh": ("每輪結束時的榮耀", "輪", "榮耀")}


def describe_outcome(outcome: Outcome, language: str = "en") -> str:
    """Why the game ended in ``language``: "most honor", or the solo rating (VIN-SOLO-7)."""
    lang = language_key(language)
    if outcome.scores is not None and len(outcome.scores) == 1:
        rating = solo_rating(int(outcome.scores[0]))
        name = SOLO_RATING_NAMES[rating] if lang == "zh" else rating
        return OUTCOME_WORDS[lang]["solo"].format(rating=name)
    return OUTCOME_WORDS[lang]["most_honor"]


def progress_plot(start_view: Data, events: Sequence[Event], language: str = "en") -> Data:
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
