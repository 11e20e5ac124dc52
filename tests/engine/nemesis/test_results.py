"""The end of a Nemesis game in words for the end screen: why it ended, each character's fate,
objective and result, and the Time track against the wounds taken (engine/nemesis/results.py)."""
from __future__ import annotations

import copy

from engine.core import Match, Outcome, Rng, weighted_choice
from engine.nemesis import results


def finished(seed: int = 2, players: int = 3) -> Match:
    match = Match.new("nemesis", players, mode="standard", seed=seed, seats=["bot:random"] * players)
    rng = Rng(seed)
    while not match.state.is_terminal():
        legal = match.state.legal()
        match.apply(weighted_choice(rng, legal, [match.game.random_weight(c) for c in legal]))
    return match


def test_each_characters_fate_objective_and_result_in_both_languages() -> None:
    match = finished()
    view = match.state.view(0)
    rows = dict(results.result_rows(match.state.outcome, view, "en"))
    assert list(rows) == ["Character", "Fate", "Objective", "Result"]
    for seat, entry in view["result"].items():
        fate, verdict = rows["Fate"][int(seat)], rows["Result"][int(seat)]
        assert fate.startswith("died") == (not entry["alive"] and entry["contingency"] is None
                                           and entry["contamination"] is None)
        assert verdict == ("won" if entry["won"] else "lost")
        assert rows["Objective"][int(seat)].endswith("— met" if entry["objective_met"] else "— not met")
    zh = dict(results.result_rows(match.state.outcome, view, "zh_TW"))
    assert list(zh) == ["角色", "結局", "目標", "結果"]
    assert all(any("\u4e00" <= ch <= "\u9fff" for ch in text) for texts in zh.values() for text in texts)


def test_survivors_are_named_by_their_route_and_the_contingency_by_its_colour() -> None:
    match = finished()
    view = copy.deepcopy(match.state.view(0))
    view["result"]["0"].update(alive=True, route="bunker")
    view["result"]["1"].update(alive=False, contingency=False, reason="the red contingency")
    view["result"]["2"].update(alive=False, contingency=True, contamination=False, reason="contamination")
    fates = dict(results.result_rows(match.state.outcome, view, "en"))["Fate"]
    assert fates == ["reached the Bunker", "killed by the red Contingency", "died of the infection"]


def test_no_rows_before_the_victory_check() -> None:
    match = Match.new("nemesis", 2, mode="standard", seed=1)
    assert results.result_rows(Outcome((), ""), match.state.view(0), "en") == []


def test_why_the_game_ended_follows_the_language() -> None:
    outcome = finished().state.outcome
    english = results.describe_outcome(outcome, "en")
    assert english and ";" not in english and english in outcome.reason
    assert results.describe_outcome(outcome, "zh_TW") != english


def test_the_curve_has_the_time_track_and_each_characters_wounds_per_round() -> None:
    """Wounds as they stand at each round's end: Light Wounds plus Serious Wounds."""
    match = finished()
    plot = results.progress_plot(match.initial_state().view(0), match.events_for(0), "en")
    rounds = match.state.data["round"]
    series = plot["series"]
    assert series[0]["seat"] is None and [s["seat"] for s in series[1:]] == [0, 1, 2]
    assert all(len(s["values"]) == rounds for s in series)
    assert series[0]["values"] == sorted(series[0]["values"], reverse=True)   # the clock only runs down
    final = match.state.view(0)["players"]
    for seat, player in enumerate(final):
        assert series[seat + 1]["values"][-1] >= len(player["serious"])


def test_the_dice_of_a_command_are_named_as_the_log_names_them() -> None:
    from engine.core import Event
    events = [Event("noise_roll", {"seat": 0, "room": "R011", "face": "SILENCE"}),
              Event("combat_roll", {"seat": 1, "die": "combat", "face": "BLANK"}),
              Event("character_moved", {"seat": 1})]
    assert results.dice_rolled(events, "en") == [{"title": "Noise die", "face": "Silence", "seat": 0},
                                                   {"title": "Combat die", "face": "Blank", "seat": 1}]
    assert [d["title"] for d in results.dice_rolled(events, "zh_TW")] == ["噪音骰", "戰鬥骰"]
