"""The review window (File ▸ Open Replay, Game ▸ Review): whole games of every game stepped back
and forth by keys, slider, buttons and log lines, showing the position the match had at each
step; "Play from here" starting a new game at that position; and an unfinished game's review
showing nothing its viewer could not see then."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QGraphicsItem

from engine.bots import bot_rng, make_bot
from engine.core import Match, Rng, State, load_match, save_match, state_to_document
from gui.controller.review import ALL, ReviewSession
from gui.main_window import MainWindow
from gui.widgets.review_window import PlayFromHereDialog, ReviewWindow
from tests.conformance.secrets import hidden_from

GAMES = [("vindication", 2), ("nemesis", 2), ("dragonbond", 2)]


@dataclass
class Game:
    match: Match
    digests: list[str]
    path: Path


def play(game_id: str, players: int, seed: int, folder: Path, seats: list[str], stop: int | None = None,
         bot: str = "heuristic") -> Game:
    match = Match.new(game_id, players, seed=seed, seats=seats)
    bots = {seat: make_bot(bot, match.game) for seat in range(players)}
    rngs = {seat: bot_rng(seed, seat) for seat in range(players)}
    digests = [match.digest()]
    while not match.state.is_terminal() and (stop is None or len(match.history) < stop):
        seat = match.state.deciders()[0]
        match.apply(bots[seat].choose(match.state.view(seat), tuple(match.state.legal(seat)), rngs[seat]))
        digests.append(match.digest())
    path = folder / f"{game_id}-{seed}.tksave"
    save_match(match, path)
    return Game(match, digests, path)


@pytest.fixture(scope="module")
def finished_games(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Game]:
    folder = tmp_path_factory.mktemp("replays")
    return {game_id: play(game_id, players, 21, folder, ["human"] * players) for game_id, players in GAMES}


def open_replay(window: MainWindow, qtbot, path: Path) -> ReviewWindow:
    reviewer = window.open_replay(str(path))
    assert isinstance(reviewer, ReviewWindow)
    qtbot.addWidget(reviewer)
    qtbot.waitExposed(reviewer)
    reviewer.activateWindow()   # its keys are the window's shortcuts
    qtbot.waitUntil(lambda: QApplication.activeWindow() is reviewer)
    return reviewer


@pytest.mark.parametrize("game_id", [g for g, _ in GAMES])
def test_a_whole_game_reviewed_back_and_forth_shows_each_position(window: MainWindow, qtbot, finished_games,
                                                                  game_id: str) -> None:
    game = finished_games[game_id]
    reviewer = open_replay(window, qtbot, game.path)
    review = reviewer.review
    n = len(game.digests) - 1
    assert review.length == n and review.position == n and review.finished
    assert review.digest() == game.digests[n]
    qtbot.keyClick(reviewer, Qt.Key.Key_Home)
    assert review.position == 0 and review.digest() == game.digests[0]
    stepped = min(n, 80)        # each step redraws the window: the engine's tests check every step
    for k in range(1, stepped + 1):   # forward one move at a time, with the Right key (past 2 snapshots)
        qtbot.keyClick(reviewer, Qt.Key.Key_Right)
        assert review.position == k
        assert review.digest() == game.digests[k], k
        assert reviewer.timeline.slider.value() == k
    for k in [*range(stepped + 7, n, 7), n]:   # the rest forward by the slider, off the snapshot grid
        reviewer.timeline.slider.setValue(k)
        assert review.position == k and review.digest() == game.digests[k], k
    for k in range(n - 1, -1, -max(1, n // 40)):   # and back, by the slider
        reviewer.timeline.slider.setValue(k)
        assert review.digest() == game.digests[k], k
    qtbot.keyClick(reviewer, Qt.Key.Key_End)
    assert review.position == n
    qtbot.keyClick(reviewer, Qt.Key.Key_Left)
    assert review.position == n - 1 and review.digest() == game.digests[n - 1]


def test_buttons_rounds_log_lines_and_play(window: MainWindow, qtbot, finished_games) -> None:
    game = finished_games["vindication"]
    reviewer = open_replay(window, qtbot, game.path)
    review, timeline = reviewer.review, reviewer.timeline
    timeline.first.click()
    assert review.position == 0 and not timeline.previous.isEnabled()
    start_round = review.round_number()
    timeline.next_round.click()
    first_round_end = review.position
    assert 0 < first_round_end < review.length and review.round_number() != start_round
    timeline.next.click()
    assert review.position == first_round_end + 1
    timeline.previous_round.click()
    assert review.position == first_round_end
    timeline.previous.click()
    assert review.position == first_round_end - 1
    timeline.last.click()
    assert review.position == review.length and not timeline.next.isEnabled()
    # a click on a log line goes to the position after that move
    assert reviewer.log.count() == review.length
    item = reviewer.log.item(9)
    reviewer.log.itemClicked.emit(item)
    assert review.position == 10 and review.digest() == game.digests[10]
    assert reviewer.log.currentRow() == 9
    assert all(line.startswith(f"{i + 1}. ") for i, line in
               enumerate(reviewer.log.item(r).text() for r in range(reviewer.log.count())))
    # play goes on at the chosen speed, and stops at the end
    timeline.speed.setCurrentIndex(timeline.speed.count() - 1)
    timeline.play.click()
    qtbot.waitUntil(lambda: review.position >= 13, timeout=5000)
    timeline.play.click()
    stopped = review.position
    qtbot.wait(300)
    assert review.position == stopped
    for button in (timeline.first, timeline.previous_round, timeline.previous, timeline.play, timeline.next,
                   timeline.next_round, timeline.last, timeline.slider, timeline.speed, timeline.seat,
                   timeline.branch):
        assert button.toolTip(), button.objectName()


def test_a_finished_game_may_be_shown_from_any_seat_or_all(window: MainWindow, qtbot, finished_games) -> None:
    game = finished_games["nemesis"]
    reviewer = open_replay(window, qtbot, game.path)
    seat_box = reviewer.timeline.seat
    assert [seat_box.itemData(i) for i in range(seat_box.count())] == [ALL, 0, 1]
    assert seat_box.isEnabled()
    reviewer.review.go(reviewer.review.length // 2)
    # everyone: each player's board is its own seat's, shown in full
    assert all(board.full for board in reviewer.player_boards_dock.boards)
    seat_box.setCurrentIndex(2)
    assert reviewer.review.shown == 1
    full = [board.seat for board in reviewer.player_boards_dock.boards if board.full]
    assert full == [1]


def test_play_from_here_keeps_the_real_order_of_a_finished_game(window: MainWindow, qtbot, finished_games,
                                                               tmp_path: Path, monkeypatch) -> None:
    game = finished_games["vindication"]
    reviewer = open_replay(window, qtbot, game.path)
    k = 25
    reviewer.review.go(k)
    dialogs_made: list[PlayFromHereDialog] = []

    def dialog() -> PlayFromHereDialog:
        made = PlayFromHereDialog(True, reviewer.review.branch_name(), reviewer)
        dialogs_made.append(made)
        monkeypatch.setattr(made, "exec", lambda: PlayFromHereDialog.DialogCode.Accepted)
        return made
    monkeypatch.setattr(reviewer, "create_play_dialog", dialog)
    with qtbot.waitSignal(reviewer.play_requested) as opened:
        path = reviewer.play_from_here()
    assert dialogs_made and dialogs_made[0].keep_real_order()   # the default for a finished game
    assert path == opened.args[0] and Path(path).name == f"vindication-21 - from move {k}.tksave"
    assert Path(path).parent == game.path.parent   # beside its parent
    assert window.session.has_game() and window.session.path == path
    assert window.session.digest() == game.digests[k]
    assert load_match(path).digest() == game.digests[k]
    # a second branch from the same move gets a name of its own
    second = reviewer.start_branch(False)
    assert second is not None and Path(second).name == f"vindication-21 - from move {k} (2).tksave"
    assert load_match(second).digest() != game.digests[k]


@pytest.fixture(scope="module")
def unfinished_games(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Game]:
    folder = tmp_path_factory.mktemp("unfinished")
    return {game_id: play(game_id, players, 5, folder, ["human"] + ["bot:random"] * (players - 1),
                          stop=30, bot="random")
            for game_id, players in GAMES}


def surface_texts(reviewer: ReviewWindow) -> set[str]:
    """Every word the review shows of the position: board tooltips and labels, player boards,
    the shared table (the log is compared line by line with the live game's)."""
    texts: set[str] = set()
    for item in reviewer.board_view.board_scene.items():
        assert isinstance(item, QGraphicsItem)
        if item.toolTip():
            texts.add(item.toolTip())
        text = getattr(item, "text", None)
        if callable(text):
            texts.add(str(text()))
    for board in reviewer.player_boards_dock.boards:
        texts.add(board.text())
        texts.update(board.tooltips())
    texts.add(reviewer.table_dock.text())
    return texts


@pytest.mark.parametrize(("game_id", "players"), GAMES, ids=[g for g, _ in GAMES])
def test_an_unfinished_games_review_shows_only_the_viewers_seat_as_it_was(
        window: MainWindow, qtbot, unfinished_games, game_id: str, players: int) -> None:
    game = unfinished_games[game_id]
    assert not game.match.state.is_terminal()
    reviewer = open_replay(window, qtbot, game.path)
    review = reviewer.review
    assert not review.finished
    seat_box = reviewer.timeline.seat
    assert [seat_box.itemData(i) for i in range(seat_box.count())] == [0] and not seat_box.isEnabled()
    review.set_shown(ALL)
    review.set_shown(1)
    assert review.shown == 0   # no other view can be asked for
    # the replayed match, to know what the viewer could and could not see at each step
    replay = Match(game.match.initial_state(), game.match.seats)
    words_of = replay.game
    checked = 0
    for k in range(review.length + 1):
        if k:
            replay.apply(game.match.history[k - 1].command)
        if k % 7 and k != review.length:
            continue
        review.go(k)
        assert review.digest() == game.digests[k]
        state = replay.state
        # the log: exactly the lines the viewer's own log had then
        live = [words_of.describe(e) for e in replay.events_for(0)]
        shown = " ".join(reviewer.log.item(r).text() for r in range(k))
        assert all(part in shown for part in live if part)
        # the position: drawn the same for every state the viewer cannot tell from the real one
        # (what it could not see dealt again), so it shows nothing of what the viewer could not see
        texts = surface_texts(reviewer)
        assert not any(word in text for word in hidden_from(state, 0) if len(word) >= 3 for text in texts)
        for redeal in range(2):
            data = words_of.resample_hidden(state.to_plain()["data"], 0, Rng(k, stream=redeal))
            if data is None:
                break
            other = State.from_plain(words_of, state.config, state.rng.get_state(), data)
            assert other.view(0) == state.view(0) and other.digest() != state.digest()
            twin = ReviewWindow(ReviewSession(Match(other, game.match.seats,
                                                    start_document=state_to_document(other)), 0))
            qtbot.addWidget(twin)
            assert surface_texts(twin) == texts, k
            twin.close()
        checked += 1
    assert checked >= 5
    # a branch of an unfinished game deals hidden orders again
    review.go(review.length // 2)
    path = reviewer.start_branch(True)   # asking to keep the order is not honoured here
    assert path is not None
    branch = load_match(path)
    assert branch.digest() != game.digests[review.length // 2]
    assert branch.state.view(0) == replay_view(game, review.length // 2)


def replay_view(game: Game, k: int) -> object:
    match = Match(game.match.initial_state(), game.match.seats)
    for step in game.match.history[:k]:
        match.apply(step.command)
    return match.state.view(0)


def test_game_review_looks_back_at_the_game_being_played(window: MainWindow, qtbot, unfinished_games) -> None:
    game = unfinished_games["nemesis"]
    window.open_game(str(game.path))
    qtbot.waitUntil(lambda: not window.session.bots_thinking(), timeout=10000)
    assert window.action_collection.review.isEnabled()
    reviewer = window.review_game()
    assert isinstance(reviewer, ReviewWindow)
    qtbot.addWidget(reviewer)
    review = reviewer.review
    assert not review.finished and review.seat_choices()[0][0] == window.session.viewer == 0
    assert review.position == review.length
    assert review.digest() == window.session.digest()


def test_play_from_here_asks_before_leaving_a_game_with_unsaved_changes(window: MainWindow, qtbot, finished_games,
                                                                          unfinished_games, monkeypatch) -> None:
    from gui.widgets import dialogs
    window.open_game(str(unfinished_games["vindication"].path))
    window.session.skip_bots()
    qtbot.waitUntil(lambda: bool(window.session._viewer_legal()), timeout=20000)
    window.session.apply(window.session._viewer_legal()[0])
    qtbot.waitUntil(lambda: not window.session.bots_thinking(), timeout=10000)
    assert window.session.is_modified
    live = window.session.digest()
    reviewer = open_replay(window, qtbot, finished_games["nemesis"].path)
    reviewer.review.go(5)
    asked: list[str] = []
    monkeypatch.setattr(dialogs, "confirm", lambda parent, title, question: asked.append(question) or False)
    path = reviewer.start_branch(True)
    assert path is not None and Path(path).exists() and asked
    assert window.session.digest() == live   # the game being played stays
    monkeypatch.setattr(dialogs, "confirm", lambda parent, title, question: True)
    path = reviewer.start_branch(True)
    assert window.session.path == path and window.session.digest() == finished_games["nemesis"].digests[5]
