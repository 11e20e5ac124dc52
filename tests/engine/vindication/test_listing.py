"""`legal` lists every command the rules apply: an option written out at its default is the listed
command (`commands.spelling_key`), options a place does not take are refused by the rules, and no
variation of a listed command that the rules would apply is missing from the list."""
from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from engine.core import Command, Match, Refused, Rng, get_game
from engine.core.effects import pending_choice
from engine.core.plain import freeze, thaw
from engine.vindication.bot import HeuristicBot
from engine.vindication.rules import move as move_rules
from tests.engine.vindication.positions import table
from tests.engine.vindication.test_move import surrounded

GAME = get_game("vindication")


@pytest.mark.parametrize(("written", "listed"), [
    ("move T25,T13 extension=0", "move T25,T13"),
    ("move T25,T13,T14 dilute=none relocate=none", "move T25,T13,T14"),
    ("visit R08 control_first=0", "visit R08"),
    ("visit R08 units=0", "visit R08"),
    ("activate self from_potential=0", "activate self"),
])
def test_an_option_written_at_its_default_plays_the_listed_command(written: str, listed: str) -> None:
    game = table(tokens={0: "T25", 1: "T28"}, regions={"R08": "fort"})
    assert listed in game.legal() and written not in game.legal()
    game.play(written)
    assert [str(c) for c in game.match.commands] == [f"0: {listed}"]


def test_a_free_extra_step_may_say_it_dilutes_nothing() -> None:
    game = surrounded(influence=0, conviction=0)
    game.play("move T25,T13,T07,T01 extension=1 dilute=none")
    assert [str(c) for c in game.match.commands] == ["0: move T25,T13,T07,T01 extension=1"]


def test_options_a_place_does_not_take_are_refused_by_the_rules() -> None:
    game = table(tokens={0: "T25", 1: "T28"}, regions={"R08": "fort"})
    assert game.refused("visit R08 units=2", "VIN-VISIT-6").reason == "Fort has no units to declare"
    assert game.refused("visit R08 choice=S", "VIN-VISIT-1").reason == "Fort offers no choice"
    game = surrounded(influence=0, conviction=0)
    game.refused("move T25,T13,T07,T01 extension=1 dilute=conv_to_inf", "VIN-POWER-6")


# -- every variation the rules apply is listed ------------------------------------------------------
OPTION_VALUES = {"units": (0, 1, 2, 3), "choice": ("S", "K", "I", "C", "W", "V", "take_map", "donate_zeal"),
                 "control_first": (0, 1), "discipline": ("S", "K", "I", "C", "W", "V"),
                 "relocate": ("none", "port", "F2", "F3", "F4"), "extension": (0, 1, 2),
                 "dilute": ("none", "conv_to_inf", "inf_to_pot"), "from_potential": (0, 1)}
VERB_OPTIONS = {"move": ("extension", "dilute", "relocate"), "fly": ("relocate",),
                "activate": ("from_potential",), "visit": ("units", "choice", "control_first", "discipline"),
                "proficiency": ("discipline",)}


def variations(command: Command) -> Iterator[Command]:
    """The command with each of its verb's options dropped, added or set to another value."""
    options = dict(command.options)
    for key in options:
        yield Command(command.verb, command.args, tuple((k, v) for k, v in options.items() if k != key),
                      command.seat)
    for key in VERB_OPTIONS.get(command.verb, ()):
        for value in OPTION_VALUES[key]:
            yield Command(command.verb, command.args, tuple({**options, key: value}.items()), command.seat)


def positions(seed: int) -> Iterator[Match]:
    rnd, bot, bot_rng = random.Random(seed), HeuristicBot(GAME), Rng(seed)
    for players, options in ((2, {}), (3, {"villages_hamlets": True}), (4, {"villages_hamlets": True})):
        match = Match.new("vindication", players, seed=seed, options=options)
        while not match.state.is_terminal():
            if rnd.random() < 0.15:
                yield match
            legal = match.state.legal()
            match.apply(bot.choose(match.state.view(legal[0].seat), legal, bot_rng) if rnd.random() < 0.6
                        else rnd.choice(legal))


def test_no_variation_of_a_listed_command_that_the_rules_apply_is_missing_from_the_list() -> None:
    tried = 0
    for match in positions(seed=3):
        state = match.state
        seat = state.deciders()[0]
        listed = {GAME.spelling_key(c, state.data) for c in state.legal(seat)}
        for command in {v for c in state.legal(seat) for v in variations(c)}:
            if GAME.spelling_key(command, state.data) in listed:
                continue
            data, rng = thaw(freeze(state.data)), Rng.from_state(state.rng.get_state())
            tried += 1
            try:
                GAME.apply(data, command, rng)
            except Refused:
                continue
            pytest.fail(f"the rules apply {command}, which legal does not list")
    assert tried > 1000


def test_the_drag_of_every_listed_command_gives_a_listed_command() -> None:
    """A drop plays what `drag_command` builds: along a move's own path it is that move, or the
    same walk without the options the gesture cannot show (then the GUI offers the listed ones)."""
    drags = 0
    for match in positions(seed=5):
        state = match.state
        seat = state.deciders()[0]
        view, legal = state.view(seat), state.legal(seat)
        for command in legal:
            gesture = GAME.command_gesture(command, view)
            if gesture is None:
                continue
            passed = command.args[0][1:-1] if command.verb == "move" else ()
            dragged = GAME.drag_command(view, seat, *gesture, passed)
            drags += 1
            assert dragged in legal, f"{command}: the drag gives {dragged}"
            assert dragged == command or command.options and dragged.args == command.args
    assert drags > 300


@pytest.mark.rule("VIN-TURN-3", "VIN-MOVE-10")
def test_the_quick_test_for_a_possible_move_agrees_with_the_listed_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    """Before the move, `end_turn` is listed only when no move or flight is (`move.can_move`, which
    stops at the first path it finds): both agree in played positions and when surrounded."""
    checked = 0
    for match in positions(seed=7):
        data = match.state.data
        if pending_choice(data) or data["phase"] != "play" or data["turn"]["used"]["move"]:
            continue
        seat = data["order"][data["current"]]
        assert move_rules.can_move(data, seat) == bool(move_rules.move_commands(data, seat))
        checked += 1
    assert checked > 20
    for reach in (-1, 0, 1):   # speed 0 leaves start 1 surrounded with no escape (test_move)
        monkeypatch.setattr(move_rules, "speed", lambda data, seat, reach=reach: reach)
        game = surrounded()
        moves = move_rules.move_commands(game.data, 0)
        assert move_rules.can_move(game.data, 0) == bool(moves) == (reach > 0)
        assert ("end_turn" in game.legal("end_turn")) == (not moves)
