"""Offscreen screenshots of the review window, for looking at by eye.

    python tests/gui/review_screenshot.py [FOLDER]        # default /tmp/shots

writes, in English and 繁體中文 (…_en.png, …_zh_TW.png): review_<game> (a finished seeded game of
each game reviewed mid-game, everyone's view, the timeline under the board and the log beside it),
review_unfinished (a game still being played, from the player's own seat) and play_from_here
(the "Play from here" dialog of a finished and of an unfinished game).
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GAMES = (("vindication", 2, 21), ("nemesis", 2, 21), ("dragonbond", 2, 21))


def _saved_game(folder: Path, game_id: str, players: int, seed: int, seats: list[str],
                stop: int | None = None, name: str = "evening") -> Path:
    from engine.bots import bot_rng, make_bot
    from engine.core import Match, save_match
    match = Match.new(game_id, players, seed=seed, seats=seats)
    bots = {seat: make_bot("heuristic", match.game) for seat in range(players)}
    rngs = {seat: bot_rng(seed, seat) for seat in range(players)}
    while not match.state.is_terminal() and (stop is None or len(match.history) < stop):
        seat = match.state.deciders()[0]
        match.apply(bots[seat].choose(match.state.view(seat), tuple(match.state.legal(seat)), rngs[seat]))
    path = folder / f"{game_id} {name}.tksave"
    save_match(match, path)
    return path


def take_screenshots(folder: Path, languages: tuple[str, ...] = ("en", "zh_TW")) -> list[Path]:
    from PySide6.QtWidgets import QApplication

    from gui.app import configure_application
    from gui.controller.review import ReviewSession
    from gui.i18n import LanguageSwitcher
    from gui.widgets.review_window import PlayFromHereDialog, ReviewWindow

    app = QApplication.instance() or QApplication([])
    configure_application(app)
    folder.mkdir(parents=True, exist_ok=True)
    saves = folder / "review-saves"
    saves.mkdir(exist_ok=True)
    finished = {g: _saved_game(saves, g, p, s, ["human"] * p) for g, p, s in GAMES}
    unfinished = _saved_game(saves, "nemesis", 2, 4, ["human", "bot:heuristic"], stop=30,
                             name="unfinished")
    written: list[Path] = []
    switcher = LanguageSwitcher(app)

    def settle() -> None:
        for _ in range(5):
            app.processEvents()

    def shoot(window: ReviewWindow, name: str) -> None:
        window.resize(1400, 860)
        window.show()
        settle()
        window.board_view.fit()
        settle()
        path = folder / f"{name}_{language}.png"
        window.grab().save(str(path))
        written.append(path)

    def shoot_dialog(dialog: PlayFromHereDialog, name: str) -> None:
        dialog.show()
        settle()
        path = folder / f"{name}_{language}.png"
        dialog.grab().save(str(path))
        written.append(path)
        dialog.close()

    for language in languages:
        switcher.set_language(language)
        for game_id, path in finished.items():
            review = ReviewSession.open(str(path))
            review.language = language
            window = ReviewWindow(review)
            review.go(review.length // 2)
            shoot(window, f"review_{game_id}")
            if game_id == "vindication":
                shoot_dialog(PlayFromHereDialog(True, review.branch_name(), window), "play_from_here")
            window.close()
        review = ReviewSession.open(str(unfinished))
        review.language = language
        window = ReviewWindow(review)
        review.go(review.length - 3)
        shoot(window, "review_unfinished")
        shoot_dialog(PlayFromHereDialog(False, review.branch_name(), window), "play_from_here_unfinished")
        window.close()
    switcher.set_language("en")
    return written


if __name__ == "__main__":
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    sys.path.insert(0, str(ROOT))
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("/tmp/shots")
    for written_path in take_screenshots(target):
        print(written_path)
