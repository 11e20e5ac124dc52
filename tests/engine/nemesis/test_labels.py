"""Commands in words for the buttons of the generic screen, in both languages."""
from __future__ import annotations

from engine.core import Match


def test_every_legal_command_has_words_in_both_languages_naming_what_it_acts_on() -> None:
    match = Match.new("nemesis", 2, mode="standard", seed=5, seats=["human", "human"])
    game = match.game
    seat = match.state.deciders()[0]
    drafts = [game.describe_command(c, "en", match.state.view(seat)) for c in match.state.legal(seat)]
    assert all(label[0].isupper() for label in drafts)          # "Survivor", not "survivor"
    while match.state.prompt.kind == "draft":
        match.apply(match.state.legal()[0])
    seat = match.state.deciders()[0]
    view = match.state.view(seat)
    for command in match.state.legal(seat):
        english = game.describe_command(command, "en", view)
        chinese = game.describe_command(command, "zh_TW", view)
        assert english and chinese and english != str(command)
        assert "." not in english.split("—")[-1] or command.verb == "answer"   # no raw card ids
        assert any("\u4e00" <= ch <= "\u9fff" for ch in chinese)
    moves = [game.describe_command(c, "en", view) for c in match.state.legal(seat) if c.verb == "move"]
    assert moves and all(label.startswith("Move to Room ") and "pay: " in label for label in moves)
