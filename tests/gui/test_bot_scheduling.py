"""The bot scheduler alone: a computer seat thinks (on the worker thread) only when it decides,
after its pause or at once when skipping; an answer for a position that moved on is dropped."""
from __future__ import annotations

import threading

from engine.core import Command, Match
from gui.controller.bot_scheduling import BotScheduler


class FirstLegal:
    """A bot that plays its first legal command, counting its turns; ``gate`` holds it back."""

    def __init__(self, gate: threading.Event | None = None) -> None:
        self.turns = 0
        self.gate = gate

    def choose(self, view, legal, rng) -> Command:
        self.turns += 1
        if self.gate is not None:
            self.gate.wait(5)
        return legal[0]


def setup(delay_ms: int = 0, gate: threading.Event | None = None):
    match = Match.new("toy", 2, mode="versus", seed=3, options={"challenges": False}, seats=["human", "bot:any"])
    bot = FirstLegal(gate)
    scheduler = BotScheduler(lambda: match, lambda kind, game: bot, delay_ms)
    scheduler.use(scheduler.make_bots(match))
    chosen: list[tuple[int, object]] = []
    started: list[int] = []
    scheduler.move_chosen.connect(lambda seat, command: chosen.append((seat, command)))
    scheduler.thinking_started.connect(started.append)
    return match, bot, scheduler, chosen, started


def human_move(match: Match) -> None:
    match.apply(next(c for c in match.state.legal(0) if c.verb == "place"))


def test_no_bot_runs_while_a_human_decides(qtbot) -> None:
    match, bot, scheduler, chosen, started = setup()
    assert match.state.deciders() == (0,)
    scheduler.after_change()
    qtbot.wait(50)
    assert started == [] and chosen == [] and bot.turns == 0 and not scheduler.is_thinking()


def test_a_bot_that_decides_thinks_and_its_choice_arrives_on_the_gui_thread(qtbot) -> None:
    match, bot, scheduler, chosen, started = setup()
    human_move(match)
    assert match.state.deciders() == (1,)
    with qtbot.waitSignal(scheduler.move_chosen, timeout=5000):
        scheduler.after_change()
    assert started == [1] and bot.turns == 1 and not scheduler.is_thinking()
    seat, command = chosen[0]
    assert seat == 1 and command == match.state.legal(1)[0]
    assert match.state.deciders() == (1,)  # choosing is not playing: the match is the session's business
    scheduler.stop()
    scheduler.wait()


def test_an_answer_for_a_position_that_moved_on_is_dropped(qtbot) -> None:
    gate = threading.Event()
    match, bot, scheduler, chosen, started = setup(gate=gate)
    human_move(match)
    scheduler.after_change()
    qtbot.waitUntil(lambda: started == [1], timeout=5000)
    assert scheduler.is_thinking()
    scheduler.stop()  # e.g. undo: the position jumped while the bot thought
    assert not scheduler.is_thinking()
    gate.set()
    scheduler.wait()
    qtbot.wait(50)
    assert bot.turns == 1 and chosen == []


def test_the_pause_comes_first_and_skip_ends_it(qtbot) -> None:
    match, bot, scheduler, chosen, started = setup(delay_ms=60_000)
    assert scheduler.paced()
    human_move(match)
    scheduler.after_change()
    qtbot.wait(50)
    assert started == []  # waiting out a pause nobody would wait for
    scheduler.skip()
    assert not scheduler.paced()
    with qtbot.waitSignal(scheduler.move_chosen, timeout=5000):
        scheduler.hurry()
    match.apply(chosen[0][1])
    scheduler.after_change()  # a person decides again: skipping ends there
    assert match.state.deciders() == (0,) and not scheduler.skipping and scheduler.paced()
    scheduler.stop()
    scheduler.wait()


def test_the_delay_is_never_negative(qapp) -> None:
    _, _, scheduler, _, _ = setup()
    scheduler.set_delay(-5)
    assert scheduler.delay == 0 and not scheduler.paced()


def test_a_search_bot_is_handed_the_state_copy_and_its_choice_arrives(qtbot) -> None:
    """A search bot (engine/bots/search.py) thinks on the worker from the state copy it is handed
    (engine.bots.decide), not from a view alone."""
    from engine.bots import SearchBot
    match = Match.new("toy", 2, mode="versus", seed=3, options={"challenges": False}, seats=["human", "bot:search"])
    bot = SearchBot(match.game, think_ms=None, iterations=10)
    scheduler = BotScheduler(lambda: match, lambda kind, game: bot, 0)
    scheduler.use(scheduler.make_bots(match))
    chosen: list[tuple[int, object]] = []
    failed: list[str] = []
    scheduler.move_chosen.connect(lambda seat, command: chosen.append((seat, command)))
    scheduler.move_failed.connect(lambda seat, why: failed.append(why))
    human_move(match)
    with qtbot.waitSignal(scheduler.move_chosen, timeout=10000):
        scheduler.after_change()
    assert failed == [] and chosen[0][0] == 1 and chosen[0][1] in match.state.legal(1)
    assert bot.last is not None and bot.last.iterations == 10
    scheduler.stop()
    scheduler.wait()
