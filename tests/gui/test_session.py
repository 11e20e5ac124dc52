"""The controller's GameSession: games, moves, refusals, saves, bots on a thread, undo mirror."""
from __future__ import annotations

import threading
import time

import pytest
from PySide6.QtCore import QTimer

from gui.controller.session import GameSession, SessionError
from gui.controller.types import NewGameConfig


def toy(seats=("human", "human"), seed=3, **options) -> NewGameConfig:
    return NewGameConfig("toy", len(seats), "versus", tuple(seats), options, seed)


def test_new_game_announces_start_and_spaces(session: GameSession, qtbot) -> None:
    with qtbot.waitSignal(session.game_started):
        session.new_game(toy())
    assert session.has_game() and not session.is_over()
    assert session.deciders() == (0,)
    assert session.viewer == 0
    assert session.spaces() == ["a1", "a2", "a3", "b1", "b2", "b3", "c1", "c2", "c3"]
    assert session.active_spaces() == set(session.spaces())
    assert all(c.startswith("0: place") for c in session.legal_for_space("b2"))


def test_bad_config_becomes_a_session_error(session: GameSession) -> None:
    with pytest.raises(SessionError) as caught:
        session.new_game(NewGameConfig("toy", 9, "versus", ("human",) * 9))
    assert "9" in caught.value.message


def test_apply_emits_view_and_visible_event_lines(session: GameSession, qtbot) -> None:
    session.new_game(toy(challenges=False))
    move = session.legal_for_space("a1")[0]
    with qtbot.waitSignal(session.command_applied) as applied:
        session.apply(move)
    # the view and lines of the seat whose screen shows next: Player 2, who takes the device
    view, entries = applied.args
    assert session.deciders() == (1,) and session.viewer == 1
    assert isinstance(view, dict) and view["board"]["a1"]["seat"] == 0 and isinstance(view["hands"][0], int)
    lines = [entry.text for entry in entries]
    assert lines[0].startswith("Player 1 placed") and entries[0].seat == 0
    assert any(line.startswith("Player 1 drew a card") for line in lines)
    assert not any(line.startswith("You drew") for line in lines)  # Player 1's own draw is not for Player 2


def test_apply_emits_the_players_own_lines_while_the_same_player_goes_on(session: GameSession, qtbot) -> None:
    session.new_game(toy(seats=("human", "bot:random"), challenges=False))
    move = session.legal_for_space("a1")[0]
    with qtbot.waitSignal(session.command_applied) as applied:
        session.apply(move)
    view, entries = applied.args
    assert session.viewer == 0 and isinstance(view["hands"][0], list)
    assert any(entry.text.startswith("You drew") for entry in entries)  # seat 0 may see its own draw


def test_refused_command_keeps_state_and_says_why(session: GameSession, qtbot) -> None:
    session.new_game(toy())
    with qtbot.waitSignal(session.command_refused) as refused:
        session.apply("place 99 a1")
    rule, reason = refused.args
    assert rule == "TOY-PLACE-1" and "99" in reason
    assert session.deciders() == (0,)
    with qtbot.waitSignal(session.command_refused) as refused:
        session.apply("this is not ( a command")
    assert refused.args[0] == ""


def test_a_human_cannot_move_for_a_computer_seat(session: GameSession, qtbot) -> None:
    session.new_game(toy(seats=("human", "bot:random")))
    with qtbot.waitSignal(session.command_refused) as refused:
        session.apply("1: claim high")
    assert "computer" in refused.args[1]


def test_save_and_open_round_trip(session: GameSession, make_session, qtbot, tmp_path) -> None:
    session.new_game(toy(challenges=False))
    session.apply(session.legal_for_space("b2")[0])
    session.apply("pass")
    before = session.current_view(), session.log_lines()
    path = tmp_path / "game.tksave"
    assert session.save(path) == str(path)
    assert not session.is_modified
    other = make_session()
    with qtbot.waitSignal(other.game_started):
        other.open(path)
    assert other.path == str(path)
    assert (other.current_view(), other.log_lines()) == before


def test_corrupt_save_names_the_file(session: GameSession, tmp_path) -> None:
    path = tmp_path / "broken.tksave"
    path.write_text("{ not json", encoding="utf-8")
    with pytest.raises(SessionError) as caught:
        session.open(path)
    assert str(path) in caught.value.message
    assert not session.has_game()


def test_save_without_a_name_asks_for_one(session: GameSession) -> None:
    session.new_game(toy())
    with pytest.raises(SessionError):
        session.save()


def test_game_over_is_announced_in_words(session: GameSession, qtbot) -> None:
    session.new_game(toy())
    with qtbot.waitSignal(session.game_over) as over:
        session.apply("pass")
        session.apply("pass")
    assert "won" in over.args[0]
    assert session.is_over()


class SlowFirstChoice:
    """A trivial bot: the first legal command, after a pause, noting the thread it ran on."""

    def __init__(self, log: list) -> None:
        self.log = log

    def choose(self, view, legal, rng):
        self.log.append((threading.get_ident(), view, list(legal)))
        time.sleep(0.3)
        return legal[0]


def test_bot_moves_arrive_from_a_worker_thread(make_session, qtbot) -> None:
    calls: list = []
    session = make_session(bot_factory=lambda kind, game: SlowFirstChoice(calls))
    ticks: list[float] = []
    timer = QTimer()
    timer.setInterval(20)
    timer.timeout.connect(lambda: ticks.append(time.monotonic()))
    timer.start()
    with qtbot.waitSignal(session.command_applied, timeout=5000) as applied:
        session.new_game(toy(seats=("bot:random", "human")))
    timer.stop()
    assert applied.args[1][0].text.startswith("Player 1 placed")
    thread, view, legal = calls[0]
    assert thread != threading.get_ident()
    assert view["hands"][1] == 2  # the bot saw its own view: the rival's hand only as a count
    assert all(c.seat == 0 for c in legal)
    assert len(ticks) >= 5  # the GUI thread kept running its timers while the bot thought
    assert session.deciders() == (1,)


def test_bot_failure_reaches_the_player(make_session, qtbot) -> None:
    class Broken:
        def choose(self, view, legal, rng):
            raise RuntimeError("no idea")

    session = make_session(bot_factory=lambda kind, game: Broken())
    with qtbot.waitSignal(session.bot_failed, timeout=5000) as failed:
        session.new_game(toy(seats=("bot:random", "human")))
    assert "no idea" in failed.args[0] and "Player 1" in failed.args[0]


def test_late_bot_answer_is_dropped_after_a_new_game(make_session, qtbot) -> None:
    calls: list = []
    session = make_session(bot_factory=lambda kind, game: SlowFirstChoice(calls))
    applied: list = []
    session.command_applied.connect(lambda view, entries: applied.append(entries))
    session.new_game(toy(seats=("bot:random", "human")))
    qtbot.waitUntil(lambda: bool(calls))
    session.new_game(toy(seats=("human", "human")))
    qtbot.wait(500)
    assert applied == [] and session.deciders() == (0,)


def test_real_random_bots_play_a_whole_game(make_session, qtbot) -> None:
    session = make_session()
    with qtbot.waitSignal(session.game_over, timeout=20000):
        session.new_game(toy(seats=("bot:random", "bot:random", "bot:random")))
    assert session.viewer is None  # nobody's secrets are shown when only computers play


def test_undo_and_redo_mirror_the_engine(session: GameSession, qtbot) -> None:
    session.new_game(toy())
    assert not session.can_undo()
    session.apply("pass")  # passing draws nothing and reveals nothing: undoable
    assert session.can_undo() and session.undo_stack.count() == 1
    assert session.undo_stack.undoText() == "0: pass"
    with qtbot.waitSignal(session.history_rewound):
        session.undo()
    assert session.deciders() == (0,) and session.can_redo() and not session.can_undo()
    with qtbot.waitSignal(session.command_applied):
        session.redo()
    assert session.deciders() == (1,) and session.can_undo()


def test_undo_stops_at_chance_and_secrets(session: GameSession) -> None:
    session.new_game(toy(challenges=False))
    session.apply("pass")
    assert session.can_undo()
    session.apply(session.legal_for_space("a1")[0])  # draws a hidden card: a barrier
    assert not session.can_undo() and session.undo_stack.count() == 0


def test_one_undo_takes_back_the_bot_replies_too(make_session, qtbot) -> None:
    class Passer:
        def choose(self, view, legal, rng):
            return next(c for c in legal if c.verb == "pass")

    session = make_session(bot_factory=lambda kind, game: Passer())
    session.new_game(toy(seats=("human", "bot:random", "bot:random", "human")))
    session.apply("claim high")  # an anytime command: still seat 0's turn
    session.apply("pass")
    qtbot.waitUntil(lambda: session.deciders() == (3,), timeout=5000)
    assert session.undo_stack.count() == 2  # "claim", then "pass" with the two bot passes merged in
    session.undo()
    assert session.deciders() == (0,) and session.undo_stack.index() == 1
    session.redo()
    assert session.deciders() == (3,)


def test_hot_seat_announces_each_new_viewer(session: GameSession, qtbot) -> None:
    viewers: list[int] = []
    session.viewer_changed.connect(viewers.append)
    session.new_game(toy())
    assert session.is_hot_seat()
    session.apply("pass")
    assert viewers == [0, 1]
    assert session.viewer == 1


def test_a_computer_seats_secret_choice_is_not_named_in_the_status(session: GameSession, qtbot) -> None:
    """Vindication's bot keeps a secret quest at set-up: the human watching learns only that it chose."""
    from engine.vindication.content import content
    labels: list[str] = []
    session.bot_moved.connect(lambda seat, label, spaces: labels.append(label))
    session.new_game(NewGameConfig("vindication", 2, "standard", ("bot:random", "human"), {}, 4))
    for _ in range(8):   # set-up: characters, then quests; the human takes its first choice each time
        qtbot.waitUntil(lambda: session.deciders() == (1,), timeout=10_000)
        if not session.pending_answers():
            break   # set-up is over: the human's first turn
        session.apply(session.pending_answers()[0][1])
    quests = {quest.name.en for quest in content().quests.values()} | set(content().quests)
    assert "a secret choice" in labels
    assert not [label for label in labels if any(quest in label for quest in quests)]


def test_a_bug_report_holds_the_game_and_the_traceback(session: GameSession, tmp_path) -> None:
    session.new_game(toy())
    session.apply(session.legal_for_space("a1")[0])
    try:
        raise RuntimeError("the table fell over")
    except RuntimeError as error:
        path = session.write_bug_report(error)
    with open(path, encoding="utf-8") as report:
        text = report.read()
    assert "RuntimeError: the table fell over" in text and "Traceback" in text
    assert '"game": "toy"' in text and '"0: place' in text
