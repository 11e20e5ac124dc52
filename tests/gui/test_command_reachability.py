"""Every command kind of the Vindication spec (sections 8.2, 8.3, 8.4) can be played from the GUI.

For each kind the test needs a position where the human looking at the screen has a legal command
of that kind. It finds one by playing seeded engine games (`engine.core.Match`, bots choosing every
command) over the base game and the Villages & Hamlets module, noting the first position where the
deciding seat may play each kind; the search runs once per test module and stops as soon as every
kind was seen. The position is then saved with `engine.core.save_match` (the deciding seat human,
the other the heuristic computer) and opened through `MainWindow.open_game`, and the test plays the
command the way a person would, by one of these routes:

* ``panel``  — a button of the Actions panel whose command has that verb, clicked;
* ``choice`` — a button of the Decision panel (prompt answers), clicked;
* ``board``  — a highlighted board space whose click leads to a command with that verb (the menu
  of several commands is answered by a stand-in for `dialogs.choose_command`), clicked on the
  viewport.

A route counts only when a command of that verb by that seat joined the match history. The routes
are looked up by name in `ROUTES`, so a drag-and-drop route (``drop``) can be added to `ROUTES`
and to the kinds in `KIND_ROUTES` later without changing the tests.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from engine.bots import bot_rng, make_bot
from engine.core import Command, Data, Match, Rng, get_game, save_match
from engine.vindication.commands import HANDLERS
from engine.vindication.content import content
from gui.main_window import MainWindow
from gui.widgets import dialogs
from tests.gui.vindication_driver import button_verb, click_space

# spec 8.2 / 8.3 / 8.4 name → our command verb
SPEC_KINDS: dict[str, str] = {
    "activate": "activate", "move": "move", "fly": "fly", "visit": "visit", "build": "build",
    "dig": "dig", "rest": "rest", "upgrade": "upgrade", "buy_proficiency": "proficiency",
    "discard_proficiency": "discard_proficiency", "control": "control", "recover": "recover",
    "vindicate": "vindicate", "use_ability": "use", "use_rune": "rune", "end_turn": "end_turn",
    "answer": "answer",
}
# the routes tried for each verb, in order (the first that plays it counts)
BOARD_FIRST = ("board", "panel")
PANEL_FIRST = ("panel", "board")
KIND_ROUTES: dict[str, tuple[str, ...]] = {
    "move": BOARD_FIRST, "fly": BOARD_FIRST, "visit": BOARD_FIRST,
    "build": PANEL_FIRST, "dig": PANEL_FIRST, "control": PANEL_FIRST,
    "answer": ("choice",),
}
DEFAULT_ROUTES = ("panel",)
# (villages_hamlets, seed) for the search, in order; it stops once every verb was seen legal
SEARCH = [(module, seed) for module in (True, False) for seed in range(1, 13)]
MAX_COMMANDS = 1500               # per searched game


# -- the search for positions -------------------------------------------------------------------
class SeekerBot:
    """The engine's heuristic bot, nudged towards the rare kinds: a rank-5 mount (fly) and, with
    the module, a rune map, digging the Isle's ruins and the runes found there (rune)."""
    name = "seeker"

    def __init__(self, game) -> None:
        self.heuristic = make_bot("heuristic", game)

    def choose(self, view: Data, legal, rng: Rng) -> Command:
        seat = legal[0].seat or 0
        scored = [(self.score(view, seat, c) + rng.below(1000) / 100_000, i) for i, c in enumerate(legal)]
        return legal[max(scored)[1]]

    def score(self, view: Data, seat: int, command: Command) -> float:
        me, regions, options = view["players"][seat], view["regions"], dict(command.options)
        base = self.heuristic.score(view, seat, command)
        wanted = {"fort", "command_post", "wayfarers_stable"} if me["mount"] < 5 else set()
        if "port" in view and not me["rune_map"]:
            wanted.add("temple_of_legends")
        if command.verb == "dig":
            return base + 400
        if me["mount"] < 5:      # keep strength for the Command Post
            if command.verb == "upgrade" and command.args[0] in ("C", "V"):
                return -50
            if command.verb == "proficiency" and command.args[0] == "S":
                return -50
            if command.verb == "answer" and isinstance(command.args[0], tuple):
                base += 5 * command.args[0].count("S")
        if command.verb == "visit":
            if options.get("choice") == "take_map":
                return base + 300
            placed = regions.get(str(command.args[0]))
            if placed and placed["tile"] == "drill_yard" and me["mount"] < 5:
                return -50
            if placed and placed["tile"] in wanted:
                return base + 200 + 10 * options.get("units", 0)
        if command.verb == "build":
            return base + 50
        if command.verb in ("move", "fly"):
            end = command.args[0][-1] if command.verb == "move" else command.args[0]
            triangle = content().triangles.get(end)
            touches = triangle.touches if triangle else ()
            if me["rune_map"]:
                if options.get("relocate", "port") != "port":
                    base += 150
                elif end == view.get("port") and "relocate" not in options:
                    base += 100
                if any(view.get("isle", {}).get(r, {}).get("ruins") == "hidden" for r in touches):
                    base += 300
            if any((regions.get(r) or {}).get("tile") in wanted for r in touches):
                base += 100
        return base


@dataclass(frozen=True)
class Position:
    villages_hamlets: bool
    seed: int
    commands: tuple[Command, ...]      # played from the start
    seat: int                          # the deciding seat, who may play the kind
    example: str                       # one legal command of the kind there


_FOUND: dict[str, Position] = {}       # verb → position, filled once per test run


def find_positions() -> dict[str, Position]:
    wanted = set(SPEC_KINDS.values())
    for module, seed in SEARCH:
        if wanted <= set(_FOUND):
            break
        match = Match.new("vindication", 2, seed=seed, options={"villages_hamlets": module})
        bots = {seat: SeekerBot(match.game) for seat in range(2)}
        rngs = {seat: bot_rng(seed, seat) for seat in range(2)}
        while not match.state.is_terminal() and len(match.history) < MAX_COMMANDS:
            seat = match.state.deciders()[0]
            legal = match.state.legal(seat)
            for command in legal:
                if command.verb in wanted and command.verb not in _FOUND:
                    _FOUND[command.verb] = Position(module, seed, tuple(match.commands), seat, str(command))
            if wanted <= set(_FOUND):
                break
            match.apply(bots[seat].choose(match.state.view(seat), tuple(legal), rngs[seat]))
    return _FOUND


@pytest.fixture(scope="module")
def positions() -> dict[str, Position]:
    return find_positions()


def open_position(window: MainWindow, position: Position, folder) -> Match:
    """Save the position (its seat human, the other the computer) and open it in the window."""
    seats = ["bot:heuristic", "bot:heuristic"]
    seats[position.seat] = "human"
    match = Match.new("vindication", 2, seed=position.seed,
                      options={"villages_hamlets": position.villages_hamlets}, seats=seats)
    for command in position.commands:
        match.apply(command)
    path = folder / f"position{match.config.seed}.tksave"
    save_match(match, path)
    assert window.open_game(str(path))
    opened = window.session._match
    assert opened is not None and len(opened.history) == len(position.commands)
    assert window.session.viewer == position.seat and position.seat in window.session.deciders()
    return opened


# -- the routes ------------------------------------------------------------------------------
Route = Callable[[MainWindow, object, str], bool]


def by_panel(window: MainWindow, qtbot, verb: str) -> bool:
    """Click the first Actions panel button whose command has ``verb``."""
    actions = window.actions_dock
    buttons = [b for b in actions.buttons if button_verb(b) == verb]
    if not buttons or not actions.isEnabled():
        return False
    assert buttons[0].isVisible() and buttons[0].isEnabled()
    qtbot.mouseClick(buttons[0], Qt.MouseButton.LeftButton)
    return True


def by_choice(window: MainWindow, qtbot, verb: str) -> bool:
    """Click the first Decision panel button (a prompt's answers)."""
    choices = window.choice_dock
    buttons = [b for b in choices.buttons if button_verb(b) == verb]
    if not choices.is_asking() or not buttons:
        return False
    assert choices.isVisible() and buttons[0].isVisible()
    qtbot.mouseClick(buttons[0], Qt.MouseButton.LeftButton)
    return True


def by_board(window: MainWindow, qtbot, verb: str) -> bool:
    """Click a highlighted space where a command with ``verb`` starts; a menu of several commands
    is answered with the first of that verb."""
    session, view = window.session, window.board_view
    for space in sorted(session.active_spaces()):
        commands = session.legal_for_space(space)
        if not any(c.split(":", 1)[-1].split()[0] == verb for c in commands):
            continue
        assert view.item_for_space(space).active, f"{space} offers {verb} but is not highlighted"
        click_space(window, qtbot, space)
        return True
    return False


def by_drop(window: MainWindow, qtbot, verb: str) -> bool:
    """Drag the piece of a legal command with ``verb`` onto its target (a player-board piece or
    a board space; the medallion along the board), delivering the drop as QT_NOTES describes."""
    from tests.gui.test_gestures import deliver_drop, drag_medallion, piece_widget
    session = window.session
    game, view = session._require().game, session.current_view()
    gestures = [g for c in session._viewer_legal() if c.verb == verb
                and (g := game.command_gesture(c, view)) is not None]
    if not gestures:
        return False
    source, target = gestures[0]
    assert source in session.drag_sources() and target in session.drag_targets(source)
    if source == "token":
        drag_medallion(window, [target])
    elif target in window.board_view.space_ids():
        board = window.board_view
        board.centerOn(board.item_for_space(target))
        assert deliver_drop(board.viewport(), source,
                            board.mapFromScene(board.item_for_space(target).sceneBoundingRect().center()))
    else:
        assert piece_widget(window, source).draggable
        assert deliver_drop(piece_widget(window, target), source)
    return True


def by_piece(window: MainWindow, qtbot, verb: str) -> bool:
    """Click the piece of the player's board a command with ``verb`` acts on (an attribute, a
    card, the character); a menu of several commands is answered with the first of that verb."""
    from tests.gui.test_gestures import piece_widget
    session = window.session
    game, view = session._require().game, session.current_view()
    pieces = [p for c in session._viewer_legal()
              if c.verb == verb and (p := next(iter(game.command_touches(c, view)), None))]
    if not pieces:
        return False
    assert pieces[0] in session.clickable_pieces()
    piece = piece_widget(window, pieces[0])
    assert piece.clickable
    qtbot.mouseClick(piece, Qt.MouseButton.LeftButton)
    return True


ROUTES: dict[str, Route] = {"panel": by_panel, "choice": by_choice, "board": by_board, "drop": by_drop,
                            "piece": by_piece}
# the kinds a player can also play by clicking the piece of their board they act on
PIECE_KINDS = ("activate", "upgrade", "proficiency", "discard_proficiency", "recover", "vindicate", "use")
# the kinds a player can also play by dragging a piece (each is tested by that route alone)
DROP_KINDS = ("move", "rest", "activate", "control", "recover")


# -- the tests ---------------------------------------------------------------------------------
def test_the_kind_table_names_every_engine_verb() -> None:
    get_game("vindication")          # loads the rule modules, which register the verbs
    assert set(SPEC_KINDS.values()) == set(HANDLERS) | {"answer"}
    assert all(route in ROUTES for verb in SPEC_KINDS.values()
               for route in KIND_ROUTES.get(verb, DEFAULT_ROUTES))


def test_the_search_finds_a_position_for_every_kind(positions: dict[str, Position]) -> None:
    missing = sorted(kind for kind, verb in SPEC_KINDS.items() if verb not in positions)
    assert not missing, f"no searched game offered: {missing}"


@pytest.mark.parametrize("kind", list(SPEC_KINDS))
def test_the_gui_plays_every_kind(kind: str, positions: dict[str, Position], window: MainWindow, qtbot,
                                  monkeypatch, tmp_path, error_dialogs) -> None:
    verb = SPEC_KINDS[kind]
    if verb not in positions:
        pytest.fail(f"no position offers {kind} ({verb}); see the search test")
    position = positions[verb]
    menus: list[list[str]] = []

    def pick_the_verb(parent, commands, labels=None):
        menus.append(list(commands))
        return next((c for c in commands if c.split(":", 1)[-1].split()[0] == verb), None)
    monkeypatch.setattr(dialogs, "choose_command", pick_the_verb)
    match = open_position(window, position, tmp_path)
    assert any(c.verb == verb for c in match.state.legal(position.seat)), position.example
    before = len(match.history)
    tried = []
    for route in KIND_ROUTES.get(verb, DEFAULT_ROUTES):
        tried.append(route)
        if ROUTES[route](window, qtbot, verb):
            break
    else:
        pytest.fail(f"{kind}: no route among {tried} offers {position.example}")
    QApplication.processEvents()
    played = [c for c in match.history[before:] if c.command.seat == position.seat]
    assert played and played[0].command.verb == verb, (kind, tried, [str(s.command) for s in played], menus)
    assert not error_dialogs, error_dialogs


@pytest.mark.parametrize("verb", DROP_KINDS)
def test_these_kinds_are_played_by_drag_and_drop(verb: str, positions: dict[str, Position], window: MainWindow,
                                                 qtbot, tmp_path, error_dialogs) -> None:
    position = positions[verb]
    match = open_position(window, position, tmp_path)
    before = len(match.history)
    assert by_drop(window, qtbot, verb), f"no drag plays {position.example}"
    played = [c for c in match.history[before:] if c.command.seat == position.seat]
    assert played and played[0].command.verb == verb
    assert not error_dialogs, error_dialogs


@pytest.mark.parametrize("verb", PIECE_KINDS)
def test_these_kinds_are_played_by_clicking_the_piece_they_act_on(verb: str, positions: dict[str, Position],
                                                                  window: MainWindow, qtbot, monkeypatch, tmp_path,
                                                                  error_dialogs) -> None:
    position = positions[verb]
    monkeypatch.setattr(dialogs, "choose_command",
                        lambda parent, commands, labels=None: next(
                            c for c in commands if c.split(":", 1)[-1].split()[0] == verb))
    match = open_position(window, position, tmp_path)
    before = len(match.history)
    assert by_piece(window, qtbot, verb), f"no piece offers {position.example}"
    played = [c for c in match.history[before:] if c.command.seat == position.seat]
    assert played and played[0].command.verb == verb
    assert not error_dialogs, error_dialogs
