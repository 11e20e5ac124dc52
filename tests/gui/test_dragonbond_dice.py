"""The dice of the last command on the table (`Game.dice_rolled`): each Dragonbond combat die with
its face as it ended, critical hits coloured, dice that deal nothing greyed; oath dice too."""
from __future__ import annotations

from engine.bots import bot_rng, make_bot
from gui.controller.types import NewGameConfig
from gui.main_window import MainWindow


def test_the_last_commands_dice_show_with_their_looks(window: MainWindow, error_dialogs) -> None:
    assert window.start_game(NewGameConfig("dragonbond", 1, "humans1", ("human",), {"characters": "in_order"}, 3))
    session = window.session
    session.set_bot_delay(0)
    match = session._match
    bot, rng = make_bot("heuristic", match.game), bot_rng(3, 0)
    looks: set[str] = set()
    for _ in range(400):
        if session.is_over() or looks >= {"danger", "muted"}:
            break
        session.apply(bot.choose(match.state.view(0), match.state.legal(0), rng))
        dice = session.last_dice()
        text = window.table_dock.dice.text()
        assert bool(dice) == window.table_dock.dice.isVisibleTo(window)
        for die in dice:
            assert die["title"] in text and die["face"] in text
            looks.add(die["look"])
        if any(die["look"] == "danger" for die in dice):
            assert "<span style='color:" in text                     # a critical hit, coloured
    assert looks >= {"danger", "muted"}, looks
    assert not error_dialogs, error_dialogs
