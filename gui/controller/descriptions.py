"""The game in words for the person at the screen: the log, commands, dice, the prompt, the end.

Everything is told from the shown seat's view (`HandOver.shown`) in the session's language, while
a command unfolds step by step as of the step on show; no engine type leaves this module.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication

from .types import LogEntry, without_seat

if TYPE_CHECKING:
    from engine.core import Match

    from .handover import HandOver
    from .steps import StepShow
    from .view_cache import ViewCache

# Every player-visible word of the session's parts is translated in one context, "GameSession".
translate = QCoreApplication.translate


class Descriptions:
    """What the screen says about the open game."""

    def __init__(self, cache: ViewCache, handover: HandOver, steps: StepShow) -> None:
        self._cache = cache
        self._handover = handover
        self._steps = steps

    def seat_name(self, match: Match, seat: int) -> str:
        names = match.game.seat_names(match.config)
        return names[seat].get(self._cache.language) if 0 <= seat < len(names) else str(seat + 1)

    def log_entries(self, match: Match) -> list[LogEntry]:
        """Every event so far that the viewer may see: words, whose it is and its rule (while a
        command unfolds step by step, not those of the steps still to come)."""
        entries = self._cache.entries(match.events_for(self._handover.shown))
        return entries[:len(entries) - self._steps.waiting_entries()]

    def label(self, command_text: str) -> str:
        """A command of the viewer's in words (its notation, without the seat counted from 0,
        when the game has no words for it or it cannot be read)."""
        from engine.core import Command, TablekeeperError
        match = self._cache.match
        if match is None:
            return without_seat(command_text)
        try:
            command = Command.parse(command_text)
        except TablekeeperError:
            return without_seat(command_text)
        words = match.game.describe_command(command, self._cache.language, self._cache.shown_view())
        return without_seat(words) if words == str(command) else words

    def rule_words(self, rule_id: str) -> str:
        """A rule id with the name of its area: "VIN-MOVE-1 — Moving"."""
        match = self._cache.match
        title = match.game.rule_title(rule_id, self._cache.language) if match is not None and rule_id else ""
        return f"{rule_id} — {title}" if title else rule_id

    def table_text(self) -> str:
        """The table in words (HTML) from the shown seat's view, for a game that draws no board."""
        match = self._cache.match
        if match is None:
            return ""
        position, shown = self._steps.position, self._handover.shown
        if position is not None:  # the position after the step on show
            from engine.core import plain
            view = match.game.view(plain.thaw(position), shown)
            return match.game.describe_table(view, self._cache.language)
        return match.game.describe_table(self._cache.view(shown), self._cache.language)

    def last_dice(self) -> list[dict[str, Any]]:
        """The dice the last command rolled, as the viewer saw them (`Game.dice_rolled`), each
        with ``who`` rolled it by seat name."""
        match = self._cache.match
        if match is None or not match.history:
            return []
        events = [e for e in match.history[-1].events if e.visible_to(self._handover.shown)]
        return [{**die, "who": self.seat_name(match, die["seat"]) if die.get("seat") is not None else ""}
                for die in match.game.dice_rolled(events, self._cache.language)]

    def prompt_kind(self) -> str:
        """The kind of decision the game waits on ("" when none), as words for a title."""
        match = self._cache.match
        prompt = None if match is None else match.state.prompt
        return "" if prompt is None else prompt.kind.replace("_", " ")

    def prompt_title(self) -> str:
        """What the pending decision asks, in the game's words ("" when none): a title above the answers."""
        match = self._cache.match
        prompt = None if match is None else match.state.prompt
        if match is None or prompt is None:
            return ""
        return match.game.describe_prompt(prompt.kind, self._cache.language)

    # -- the end -------------------------------------------------------------------------------
    def outcome_text(self, match: Match) -> str:
        outcome = match.state.outcome
        if outcome is None:
            return ""
        language = self._cache.language
        view = self._cache.shown_view()
        columns = match.game.result_columns(outcome, view, language)
        winners = ", ".join([title for title, won in columns if won] if columns
                            else [self.seat_name(match, s) for s in outcome.winners])
        scores = "" if outcome.scores is None else ", ".join(f"{s:g}" for s in outcome.scores)
        reason = match.game.describe_outcome(outcome, language)
        if not winners:
            text = translate("GameSession", "Nobody won ({reason}).").format(reason=reason)
        else:
            text = translate("GameSession", "{winners} won ({reason}).").format(winners=winners, reason=reason)
        if scores and match.game.result_rows(outcome, view, language):
            scores = ""  # the game says the end in its own words (a fate, a route), not in points
        return text + (" " + translate("GameSession", "Scores: {scores}.").format(scores=scores) if scores else "")

    def final_scores(self) -> dict[str, Any] | None:
        """The finished game's score breakdown as plain data, None while it runs:
        ``{"seats": [name, …], "rows": [(title, [text per seat]), …] (the game's own words, shown
        above the numbers), "categories": [(category, [value per seat]), …], "category_names":
        {category: name}, "totals": [score per seat] or None, "winners": [seat, …], "text": the
        outcome in words}``; names and words in the session's language."""
        match = self._cache.match
        if match is None or match.state.outcome is None:
            return None
        outcome, language = match.state.outcome, self._cache.language
        view = self._cache.shown_view()
        rows = match.game.result_rows(outcome, view, language)
        # The game's own columns (every character, computer-run ones too) or one per seat; the
        # per-seat numbers of the breakdown fit only the latter.
        columns = match.game.result_columns(outcome, view, language)
        return {"seats": [title for title, _ in columns] if columns
                else [self.seat_name(match, s) for s in range(len(match.seats))],
                "rows": [(title, list(values)) for title, values in rows],
                "categories": [] if columns else [(name, list(values)) for name, values in outcome.breakdown],
                "category_names": {name: match.game.score_category_name(name, language)
                                   for name in [*(n for n, _ in outcome.breakdown), "total"]},
                "totals": None if outcome.scores is None or columns else list(outcome.scores),
                "winners": [i for i, (_, won) in enumerate(columns) if won] if columns else list(outcome.winners),
                "text": self.outcome_text(match)}

    def progress_plot(self) -> dict[str, Any]:
        """The game's curve for the end screen (`Game.progress_plot`) from what the viewer saw,
        with each series named: ``{"title", "x_title", "y_title", "series": {name: values},
        "seats": [seat or None per series]}``; {} when the game draws none."""
        match = self._cache.match
        if match is None:
            return {}
        shown = self._handover.shown
        plot = match.game.progress_plot(match.initial_state().view(shown), match.events_for(shown),
                                        self._cache.language)
        if not plot:
            return {}
        series = {(str(s["name"]) if s.get("name") else self.seat_name(match, s["seat"])
                   if s.get("seat") is not None else ""): [float(v) for v in s["values"]]
                  for s in plot.get("series", [])}
        return {"title": str(plot.get("title", "")), "x_title": str(plot.get("x_title", "")),
                "y_title": str(plot.get("y_title", "")), "series": series,
                "seats": [s.get("seat") if s.get("seat") is not None else s.get("line")
                          for s in plot.get("series", [])]}
