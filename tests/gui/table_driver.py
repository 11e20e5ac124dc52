"""Drives a game on the drawn table through the real widgets, the way a person plays it (any game
that describes its table and what a command touches: Nemesis: Lockdown, Dragonbond).

For each decision of a human seat the driver picks a command as a player would — the seat's own
bot (heuristic or random) choosing from that seat's view and legal commands only — and then gives
it ONLY by gestures on the screen:

* clicks on the board view's viewport, inside a Room's or a Corridor's shape (or on a space of the
  Time track, the CSS slots, the Gate…), or on a lit piece standing there (a figure, an intruder,
  an Egg);
* clicks on the pieces (`PieceLabel`) of the Hand dock, of the player boards (the viewer's own, and
  another seat's when a rule lets the viewer touch a token there) and of the Table dock (the
  Computer's actions, the Crafted items, the item decks, the characters offered, a Search's cards);
* drags of such a piece onto another piece or onto the board (a card onto a Room, an intruder, a
  slot): a real press and move on the piece; offscreen Qt has no drag manager, so the drop events
  are delivered to the target as ../shared/QT_NOTES.md describes;
* drags of a lit piece of the board (a figure, a unit stack) to a space or a lit piece: a real
  press, moves and release on the board view's viewport (the view carries the piece itself);
* the Actions panel only for a command the game leaves as a button (it names nothing to touch:
  a plain pass), the Decision panel only for an answer that names nothing (play / pass, yes / no),
  and the menu the GUI opens itself when one gesture completes several commands.

What the gesture touches comes from the game (`Game.command_touches`); the driver only chooses an
order in which to touch them (the command's own order when the GUI then plays it, else another
order a player could use) by trying the order on a `TouchSelection` built like the session's, and
checks that the command the match then records is the one it meant. Decisions the session takes
for the player (a single answer that reveals nothing) are counted apart.
"""
from __future__ import annotations

import itertools
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication, QComboBox, QDialogButtonBox

from engine.bots import bot_rng, make_bot
from engine.core import Command
from gui.controller.touches import TouchSelection, look_alikes
from gui.main_window import MainWindow
from gui.widgets import dialogs
from gui.widgets import zones as zones_module
from gui.widgets.choice_panel import AmountRow
from gui.widgets.new_game_dialog import NewGameDialog
from gui.widgets.zones import PieceLabel
from tests.gui.test_gestures import deliver_drop

MAX_ORDERS = 240          # orders of a gesture's touches tried before giving up


def fill_new_game_dialog(window: MainWindow, qtbot, done: list[bool], *, game: str, mode: str,
                         seats: Sequence[str], seed: int, options: Mapping[str, Any] | None = None) -> None:
    """Runs inside the New Game dialog's exec(): choose ``game``, ``mode``, one seat per kind of
    ``seats`` (``human`` or ``bot:KIND``), the ``options`` (by their fields) and ``seed``, then
    press Start Game."""
    dialog = window.findChild(NewGameDialog)
    assert dialog is not None and dialog.isVisible()
    ids = [dialog.game_list.item(r).data(Qt.ItemDataRole.UserRole) for r in range(dialog.game_list.count())]
    dialog.game_list.setCurrentRow(ids.index(game))
    dialog.mode_combo.setCurrentIndex(dialog.mode_combo.findData(mode))
    assert dialog.mode_combo.currentData() == mode
    if dialog.players_spin.isEnabled():
        dialog.players_spin.setValue(len(seats))
    assert dialog.players_spin.value() == len(seats)
    for index, kind in enumerate(seats):
        combo = dialog.findChild(QComboBox, f"seat_combo_{index}")
        combo.setCurrentIndex(combo.findData(kind))
        assert combo.currentData() == kind, (index, kind)
    for key, value in (options or {}).items():
        field = dialog.findChild(QComboBox, f"option_{key}")
        assert field is not None, f"no option field {key}"
        field.setCurrentIndex(field.findData(value))
        assert field.currentData() == value, (key, value)
    dialog.seed_edit.clear()
    qtbot.keyClicks(dialog.seed_edit, str(seed))
    qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton)
    done.append(True)


def start_from_dialog(window: MainWindow, qtbot, *, mode: str, seats: Sequence[str], seed: int,
                      game: str = "nemesis", options: Mapping[str, Any] | None = None) -> None:
    """File ▸ New Game, filled in as a person would (`fill_new_game_dialog`)."""
    from PySide6.QtCore import QTimer
    done: list[bool] = []
    QTimer.singleShot(0, lambda: fill_new_game_dialog(window, qtbot, done, game=game, mode=mode, seats=seats,
                                                      seed=seed, options=options))
    window.action_collection.new_game.trigger()     # exec() returns once Start is pressed
    assert done, "the New Game dialog was not filled in"
    session = window.session
    assert session.has_game() and session.game_id() == game
    assert session.seat_kinds() == tuple(seats) and session._match.config.seed == seed


def _numbers_of(row: AmountRow, command: str) -> tuple[int, ...] | None:
    """The numbers a row of the decision panel shows to give ``command`` (None: not its answer)."""
    return next((numbers for numbers, _, c in row.choice.choices if c == command), None)


def _answers_shown(window: MainWindow) -> list[str]:
    """Every answer the decision panel gives: its buttons' and its rows' of numbers."""
    dock = window.choice_dock
    return ([str(b.property("command")) for b in dock.buttons]
            + [c for row in dock.amount_rows for _, _, c in row.choice.choices])


# -- one step of a gesture ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Touch:
    thing: str


@dataclass(frozen=True)
class Drop:
    source: str
    target: str


@dataclass
class Tally:
    """What the driver played and how."""
    commands: Counter = field(default_factory=Counter)      # per way a command was given (a menu
    given: int = 0                                          # after touches counts twice); how many
    touches: Counter = field(default_factory=Counter)       # per place a touch or a drop was made
    verbs: Counter = field(default_factory=Counter)         # human commands by verb, given by gestures
    answers: Counter = field(default_factory=Counter)       # human answers by decision kind
    forced: int = 0                                         # answers the session took for the player
    reordered: int = 0                                      # gestures touched in another order
    bots: int = 0                                           # commands of computer seats

    def total(self) -> int:
        return self.given


class TableDriver:
    """Plays the human seats of the window's game by gestures (see the module notes).

    ``choosers`` gives each human seat its bot kind (``heuristic`` or ``random``); ``prefer_drag``
    drops a piece on its partner whenever a gesture begins with two things one can drag together
    (every other time when "alternate")."""

    def __init__(self, window: MainWindow, qtbot, monkeypatch, *, seed: int,
                 choosers: dict[int, str] | None = None, prefer_drag: str = "alternate") -> None:
        self.window, self.qtbot = window, qtbot
        self.session = window.session
        self.match = self.session._match
        self.game = self.match.game
        humans = self.session.human_seats()
        kinds = choosers or {seat: "heuristic" for seat in humans}
        self.bots = {seat: (make_bot(kinds[seat], self.game), bot_rng(seed + 1000, seat)) for seat in humans}
        self.prefer_drag = prefer_drag
        self.tally = Tally()
        self.log: list[tuple[str, str]] = []                  # (command, how it was given)
        self._intended: str | None = None
        self._menus: list[list[str]] = []
        self._drop_at: Callable[[str], None] | None = None
        self._given = 0                                       # history length after our last command
        self._offers: TouchSelection[Command] | None = None
        self._offers_key: tuple[Any, ...] | None = None
        monkeypatch.setattr(dialogs, "choose_command", self._choose_from_menu)
        monkeypatch.setattr(zones_module, "start_piece_drag", self._fake_drag)

    # -- the game loop ------------------------------------------------------------------------------
    def human_to_play(self) -> bool:
        s = self.session
        return s.is_over() or (s.viewer is not None and s.viewer in s.deciders() and not s.is_bot(s.viewer))

    def play(self, max_commands: int | None = None, time_budget: float = 600.0,
             command: Callable[[Any, list[Command]], Command | None] | None = None) -> None:
        """Play the human decisions until the game ends (or ``max_commands`` human commands were
        given); ``command`` may pick a seat's command instead of its bot (None: the bot's)."""
        started = time.monotonic()
        while not self.session.is_over():
            if max_commands is not None and self.tally.total() >= max_commands:
                break
            assert time.monotonic() - started < time_budget, "the game does not end"
            self.qtbot.waitUntil(self.human_to_play, timeout=20_000)
            if self.session.is_over():
                break
            self.confirm_handover()
            self._count_others()
            seat = self.session.viewer
            view = self.match.state.view(seat)
            legal = self.match.state.legal(seat)
            chosen = command(view, legal) if command is not None else None
            if chosen is None:
                bot, rng = self.bots[seat]
                chosen = bot.choose(view, legal, rng)
            self.give(chosen)
        self._count_others()

    def confirm_handover(self) -> None:
        window = self.window
        if window.central_stack.currentWidget() is window.handover_screen:
            self.qtbot.mouseClick(window.handover_screen.ready_button, Qt.MouseButton.LeftButton)
            assert window.central_stack.currentWidget() is window.board_view
        QApplication.processEvents()   # boards added to a shown layout show from the event loop

    # -- giving one command -------------------------------------------------------------------------
    def give(self, command: Command) -> str:
        """Give ``command`` (one of the viewer's legal commands) by gestures; returns how."""
        self.confirm_handover()
        session, match = self.session, self.match
        seat = session.viewer
        assert command.seat == seat, (str(command), seat)
        self._count_others()
        before = len(match.history)
        kind = match.state.prompt.kind if command.verb == "answer" and match.state.prompt else None
        view = match.state.view(session.shown_seat)     # the touches of the view on screen (maybe the public one)
        touches = self.game.command_touches(command, view)
        self._intended = str(command)
        self._menus_before = len(self._menus)
        if not touches:
            how = self._press_button(command)
        else:
            plan = self._plan(command, touches)
            assert plan is not None, f"no order of touches {touches} plays {command}"
            how = self._perform(plan)
            if len(self._menus) > self._menus_before:
                how += "+menu"
        QApplication.processEvents()
        assert len(match.history) > before, f"nothing was played for {command} ({how})"
        played = match.history[before].command
        assert str(played) == str(command), f"{how} played {played}, not {command}"
        self._given = before + 1
        self.tally.given += 1
        self.tally.commands[how.split("+")[0] if touches else how] += 1
        if how.endswith("+menu"):
            self.tally.commands["menu"] += 1
        self.tally.verbs[command.verb] += 1
        if kind is not None:
            self.tally.answers[kind] += 1
        self.log.append((str(command), how))
        self._intended = None
        return how

    def _count_others(self) -> None:
        """Commands after our last one: the computer seats', and answers taken for the player."""
        history = self.match.history
        for step in history[self._given:]:
            if self.session.is_bot(step.command.seat):
                self.tally.bots += 1
            else:
                self.tally.forced += 1
        self._given = len(history)

    def _press_button(self, command: Command) -> str:
        window, text = self.window, str(command)
        if command.verb == "answer":
            button = next((b for b in window.choice_dock.buttons if b.property("command") == text), None)
            row = next((r for r in window.choice_dock.amount_rows if _numbers_of(r, text) is not None), None)
            if button is None and row is not None:     # an answer of numbers: set them, then Confirm
                row.set_numbers(_numbers_of(row, text))
                button = row.confirm_button
                assert button.property("command") == text
            assert button is not None, (text, _answers_shown(window))
            assert button.isVisible() and button.isEnabled()
            self.qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
            return "choice"
        button = window.actions_dock.button_for(text)
        assert button is not None, (text, window.actions_dock.commands())
        assert window.actions_dock.isEnabled() and button.isEnabled()
        self.qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        return "panel"

    # -- planning: an order of touches the GUI turns into this command --------------------------------
    def plan(self, command: Command) -> list[Touch | Drop] | str | None:
        """How ``command`` would be given now: the touches and drops, "panel" or "choice" for a
        button (None: no gesture plays it)."""
        view = self.match.state.view(self.session.shown_seat)
        touches = self.game.command_touches(command, view)
        if not touches:
            if command.verb == "answer":
                found = str(command) in _answers_shown(self.window)
            else:
                found = self.window.actions_dock.button_for(str(command)) is not None
            return ("choice" if command.verb == "answer" else "panel") if found else None
        return self._plan(command, touches)

    def _selection(self, seat: int) -> TouchSelection[Command]:
        """The seat's legal commands with their touches, as the session's touch selection holds
        them (built once per position)."""
        key = (len(self.match.history), seat, self.match.state.digest())
        if self._offers_key != key:
            view = self.match.state.view(self.session.shown_seat)
            offers = [(c, self.game.command_touches(c, view)) for c in self.match.state.legal(seat)]
            self._offers = TouchSelection(offers, look_alikes(self.session.table()))
            self._offers_key = key
        return self._offers

    def _plan(self, command: Command, touches: tuple[str, ...]) -> list[Touch | Drop] | None:
        selection = self._selection(command.seat)
        want_drag = self.prefer_drag == "always" or (self.prefer_drag == "alternate"
                                                     and self.tally.total() % 2 == 1)
        seen: set[tuple[str, ...]] = set()
        for order in itertools.islice(itertools.chain([tuple(touches)], itertools.permutations(touches)),
                                      MAX_ORDERS):
            if order in seen:
                continue
            seen.add(order)
            clicks: list[Touch | Drop] = [Touch(t) for t in order]
            plans = [clicks]
            if len(order) >= 2 and want_drag and order[0] != order[1]:
                rest = clicks[2:]
                plans = [[Drop(order[0], order[1]), *rest], [Drop(order[1], order[0]), *rest], clicks]
            for plan in plans:
                if self._works(plan, selection, command) and self._can_perform(plan):
                    if order != tuple(touches) and plan is clicks:
                        self.tally.reordered += 1
                    return plan
        return None

    @staticmethod
    def _works(plan: list[Touch | Drop], selection: TouchSelection[Command], command: Command) -> bool:
        """Whether the GUI's touch selection turns ``plan`` into ``command`` (at its last step,
        each thing lit or draggable when the GUI needs it to be)."""
        selection.reset()
        for index, step in enumerate(plan):
            last = index == len(plan) - 1
            if isinstance(step, Drop):
                if (step.source not in selection.draggable()
                        or step.target not in selection.drop_targets(step.source)):
                    return False
                if not selection.candidates([step.source, step.target]):
                    return False
                selection.reset()
                first = selection.touch(step.source)
                if first.play is not None or first.ask:
                    return False
                outcome = selection.touch(step.target)
            else:
                if step.thing not in selection.lit():
                    return False
                outcome = selection.touch(step.thing)
            if not outcome.fits:
                return False
            if outcome.play is not None or outcome.ask:
                return last and (outcome.play == command or command in outcome.ask)
        return False

    def _can_perform(self, plan: list[Touch | Drop]) -> bool:
        """Every thing of the plan lies on the table (a space, a piece on it, an item of a board or
        of the table; another seat's token shows on its board once lit), and what is dragged is
        a piece of a board, the hand or the table, or a lit piece of the map carried to the map."""
        table = self.session.table()
        items = {str(i["id"]) for z in [*(z for b in table.get("boards") or () for z in b.get("zones") or ()),
                                         *(table.get("shared") or ())] for i in z.get("items") or ()}
        pieces = {str(p["id"]) for mark in (table.get("spaces") or {}).values()
                  for p in mark.get("pieces") or () if "id" in p}
        things = [t for step in plan
                  for t in ((step.thing,) if isinstance(step, Touch) else (step.source, step.target))]
        view = self.window.board_view                  # the board's own pieces: lit ones carry
        carried = view.draggable_pieces & view.lit_pieces & pieces
        for step in plan:               # a piece of the board is carried to the board only
            if isinstance(step, Drop) and step.source not in items and not (
                    step.source in carried and (step.target in pieces or self._has_space(step.target))):
                return False
        return all(t in items or t in pieces or self._has_space(t) for t in things)

    # -- performing ------------------------------------------------------------------------------------
    def _perform(self, plan: list[Touch | Drop]) -> str:
        how: list[str] = []
        for step in plan:
            if isinstance(step, Drop):
                how.append(self._drag(step.source, step.target))
            else:
                how.append(self._click(step.thing))
        ways = {"drag" if h.startswith("drag") else "click" for h in how}
        return "drag" if "drag" in ways else "click"

    def _click(self, thing: str) -> str:
        label = self._label(thing)
        if label is not None:
            where = self._label_place(label)
            assert label.clickable, f"{thing} on the {where} cannot be clicked now"
            self.qtbot.mouseClick(label, Qt.MouseButton.LeftButton, pos=label.rect().center())
            self.tally.touches[f"click {where}"] += 1
            return f"click {where}"
        view = self.window.board_view
        token = self._token(thing)
        if token is not None:
            at = self._token_point(token)
            assert at is not None, f"piece {thing} cannot be clicked (not lit or covered)"
            self.qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=at)
            self.tally.touches["click board piece"] += 1
            return "click board piece"
        at = self._space_point(thing)
        assert at is not None, f"no point of space {thing} answers for it"
        self.qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=at)
        self.tally.touches["click board space"] += 1
        return "click board space"

    def _drag(self, source: str, target: str) -> str:
        if self._label(source) is None and self._token(source) is not None:
            return self._carry_on_board(source, target)
        label = self._label(source)
        assert label is not None and label.draggable, f"{source} cannot be picked up"
        origin = self._label_place(label)
        delivered: list[str] = []

        def drop_on_target() -> None:
            widget = self._label(target)
            if widget is not None:
                assert widget.lit, f"{target} is not lit while {source} is carried"
                place = self._label_place(widget)      # before the drop: the boards are redrawn
                assert deliver_drop(widget, source)
                delivered.append(place)
                return
            view = self.window.board_view
            token = self._token(target)
            at = self._token_point(token) if token is not None else self._space_point(target)
            assert at is not None, f"nowhere to drop {source} on {target}"
            assert view.thing_at(at) == target
            assert deliver_drop(view.viewport(), source, at)
            delivered.append("board piece" if token is not None else "board space")
        self._drop_at = lambda _piece: drop_on_target()
        start = label.rect().center()
        self.qtbot.mousePress(label, Qt.MouseButton.LeftButton, pos=start)
        moved = start + QPoint(QApplication.startDragDistance() + 10, 0)
        QApplication.sendEvent(label, QMouseEvent(QEvent.Type.MouseMove, QPointF(moved),
                                                  QPointF(label.mapToGlobal(moved)), Qt.MouseButton.NoButton,
                                                  Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier))
        if delivered:   # the label may be gone once the drop played
            try:
                self.qtbot.mouseRelease(label, Qt.MouseButton.LeftButton, pos=moved)
            except RuntimeError:
                pass
        self._drop_at = None
        assert delivered, f"dragging {source} started no drag"
        how = f"drag {origin} -> {delivered[0]}"
        self.tally.touches[how] += 1
        return how

    def _carry_on_board(self, source: str, target: str) -> str:
        """Press on the lit piece ``source`` of the board, move it (the view lifts it and lights
        where it may go), then release it over ``target`` (a space, or a piece lit there)."""
        view = self.window.board_view
        viewport = view.viewport()
        start = self._token_point(self._token(source))
        assert start is not None, f"piece {source} cannot be picked up (not lit or covered)"
        self.qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start)

        def move(at: QPoint) -> None:
            QApplication.sendEvent(viewport, QMouseEvent(QEvent.Type.MouseMove, QPointF(at),
                                                         QPointF(viewport.mapToGlobal(at)), Qt.MouseButton.NoButton,
                                                         Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier))
        move(start + QPoint(QApplication.startDragDistance() + 10, 0))
        assert view._carry is not None and view._carry.ghost is not None, f"{source} was not lifted"
        token = self._token(target)
        at = self._token_point(token) if token is not None else self._space_point(target)
        assert at is not None, f"nowhere to drop {source} on {target}"
        move(at)
        assert view.thing_at(at) == target
        self.qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=at)
        how = f"drag board piece -> {'board piece' if token is not None else 'board space'}"
        self.tally.touches[how] += 1
        return how

    def _fake_drag(self, widget, piece, pixmap=None):
        """`start_piece_drag` offscreen: the drop events go to the planned target at once."""
        assert self._drop_at is not None, f"a drag of {piece} nobody planned"
        self._drop_at(piece)
        return Qt.DropAction.MoveAction

    def _choose_from_menu(self, parent, commands, labels=None):
        self._menus.append(list(commands))
        assert self._intended in commands, (self._intended, commands)
        return self._intended

    # -- finding things on the screen -----------------------------------------------------------------
    def _grids(self) -> list[tuple[str, Any]]:
        window = self.window
        found = [("hand", window.hand_dock.cards)]
        for board in window.player_boards_dock.boards:
            found.append(("player board" if board.full else "other board", board.zones))
        found.append(("table dock", window.table_dock.zones))
        return found

    def _label(self, thing: str) -> PieceLabel | None:
        for _where, grid in self._grids():
            label = grid.pieces.get(thing)
            if label is not None and label.isVisible():
                return label
        return None

    def _label_place(self, label: PieceLabel) -> str:
        return next((where for where, grid in self._grids() if grid.pieces.get(label.piece) is label),
                    "piece")

    def _token(self, thing: str):
        drawing = self.window.board_view._drawing
        if drawing is None:
            return None
        return next((p for p in drawing.pieces() if p.piece_id == thing), None)

    def _token_point(self, token) -> QPoint | None:
        view = self.window.board_view
        view.centerOn(token)
        centre = token.scenePos()
        r = token.radius * 0.6
        for dx, dy in ((0, 0), (-r, 0), (0, -r), (0, r), (r * 0.5, r * 0.5), (-r * 0.5, -r * 0.5)):
            at = view.mapFromScene(QPointF(centre.x() + dx, centre.y() + dy))
            if view.viewport().rect().contains(at) and view.thing_at(at) == token.piece_id:
                return at
        return None

    def _has_space(self, thing: str) -> bool:
        return thing in self.window.board_view.space_ids()

    def _space_point(self, space: str) -> QPoint | None:
        """A viewport point inside ``space`` where a click touches the space itself (no piece)."""
        view = self.window.board_view
        if space not in view.space_ids():
            return None
        item = view.item_for_space(space)
        view.centerOn(item)
        box = item.sceneBoundingRect()
        steps = 12
        points = [box.center()] + [QPointF(box.left() + box.width() * (i + 0.5) / steps,
                                           box.top() + box.height() * (j + 0.5) / steps)
                                   for j in range(steps) for i in range(steps)]
        for point in points:
            if not item.contains(item.mapFromScene(point)):
                continue
            at = view.mapFromScene(point)
            if view.viewport().rect().contains(at) and view.thing_at(at) == space:
                return at
        return None

