"""Offscreen screenshots of Dragonbond: Lords of Vaala on the generic table, for reviewing by eye.

    python tests/gui/dragonbond_screenshot.py [FOLDER]     # default /tmp/shots

writes, from seeded games played by random legal commands (hot seat, so every seat's turn shows):
drg_planning.png (planning, the command stack half built, 1600×1000), drg_execution.png (the stack
resolving: a decision of an icon, with the first thing of a gesture touched so what may follow is
lit), drg_drag.png (a general's move by drag, caught mid-drag: the piece lifted under the pointer,
the regions it may go to lit), drg_combat.png (a combat: its zones in the Table dock, the last
roll's dice, the target's choice to counter or retreat), drg_oath.png (the oath: both dice rolled,
a reroll asked), drg_end.png (the end screen with the power plot), drg_four.png (four humans),
drg_zh_TW.png (the execution in 繁體中文) and drg_small.png / drg_large.png (the execution at
1024×700 and 1920×1080).
"""
from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
GESTURE_KINDS = ("icon_fly", "icon_move", "icon_deploy", "icon_attack")


def _planning(match: Any) -> bool:
    return match.state.prompt.kind == "plan_turn" and len(match.state.data["stack"]) >= 5


def _execution(match: Any) -> bool:
    prompt, data = match.state.prompt, match.state.data
    return prompt.kind in GESTURE_KINDS and data["round"] >= 2 and any(
        len(match.game.command_touches(c, match.state.view(prompt.seats[0]))) > 1 for c in match.state.legal())


def _move(match: Any) -> bool:
    """A general's move from a region with units, to several regions, in the second round or later."""
    prompt, data = match.state.prompt, match.state.data
    if prompt.kind != "icon_move" or data["round"] < 2:
        return False
    ends = {str(c.args[0]).split("/")[2] for c in match.state.legal() if str(c.args[0]).startswith("move/")}
    return len(ends) >= 3


def _combat(match: Any) -> bool:
    """A target's counter-or-retreat, after the attacker's roll of at least two dice."""
    data = match.state.data
    combat = data.get("combat") or {}
    rolls = combat.get("rolls") or []
    return (match.state.prompt.kind == "counter_or_retreat" and data["round"] >= 2
            and bool(rolls) and len(rolls[-1]["dice"]) >= 2)


def _oath(match: Any) -> bool:
    return match.state.prompt.kind == "oath_reroll"


def take_screenshots(folder: Path) -> list[Path]:
    from PySide6.QtCore import QEvent, QPoint, QPointF, QSettings, Qt
    from PySide6.QtGui import QMouseEvent
    from PySide6.QtWidgets import QApplication, QScrollArea

    from engine.core import Rng, weighted_choice
    from gui.app import configure_application, load_bundled_fonts
    from gui.controller.session import GameSession
    from gui.controller.types import NewGameConfig
    from gui.i18n import LanguageSwitcher
    from gui.main_window import MainWindow
    from gui.settings import Settings

    app = QApplication.instance() or QApplication([])
    configure_application(app)
    load_bundled_fonts()
    folder.mkdir(parents=True, exist_ok=True)
    switcher = LanguageSwitcher(app)
    written: list[Path] = []

    def settle() -> None:
        for _ in range(8):
            app.processEvents()

    def past_handover(window: MainWindow) -> None:
        if window.central_stack.currentWidget() is window.handover_screen:
            window.handover_screen.confirmed.emit()

    def touch_first(window: MainWindow) -> None:
        """The first thing of a gesture touched: what may follow is lit."""
        session = window.session
        match = session._require()
        view = match.state.view(session.viewer)
        first = next((t for c in match.state.legal(session.viewer)
                      if len(t := match.game.command_touches(c, view)) > 1), ())
        if first:
            window._on_piece_clicked(first[0])

    def lift_a_general(window: MainWindow) -> None:
        """Press on the moving general's figure and carry it over the first region it may go to."""
        session, view = window.session, window.board_view
        match = session._require()
        general = match.state.data["humans"][session.viewer]
        token = view._drawing.piece_item(general)
        view.centerOn(token)
        viewport = view.viewport()
        start = view.mapFromScene(token.scenePos())

        def move(at: QPoint) -> None:
            QApplication.sendEvent(viewport, QMouseEvent(
                QEvent.Type.MouseMove, QPointF(at), QPointF(viewport.mapToGlobal(at)), Qt.MouseButton.NoButton,
                Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier))
        QApplication.sendEvent(viewport, QMouseEvent(
            QEvent.Type.MouseButtonPress, QPointF(start), QPointF(viewport.mapToGlobal(start)),
            Qt.MouseButton.LeftButton, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier))
        move(start + QPoint(QApplication.startDragDistance() + 4, 0))
        lit = sorted(s for s in view.space_ids() if view.item_for_space(s).active)
        if lit:     # two thirds of the way to a lit region's middle: the ghost between the two
            end = view.mapFromScene(view.item_for_space(lit[0]).sceneBoundingRect().center())
            move(start + (end - start) * 2 / 3)

    def show_combat(window: MainWindow) -> None:
        """The Table dock given most of the left side (the Actions panel is empty while cards
        resolve) and scrolled to the last roll's dice, the combat's zones below them."""
        window.resizeDocks([window.actions_dock, window.table_dock], [40, window.height()], Qt.Orientation.Vertical)
        settle()
        scroll = window.table_dock.findChild(QScrollArea)
        if scroll is not None:
            scroll.verticalScrollBar().setValue(window.table_dock.dice.y() - 4)

    def shoot(name: str, players: int, until: Callable[[Any], bool] | None, size: tuple[int, int] = (1600, 1000),
              language: str = "en", seed: int = 3, pose: Callable[[MainWindow], None] | None = None,
              end: bool = False) -> None:
        switcher.set_language(language)
        ini = folder / f".settings-drg-{name}.ini"
        ini.unlink(missing_ok=True)
        session = GameSession(bot_delay_ms=0)
        window = MainWindow(session, Settings(QSettings(str(ini), QSettings.Format.IniFormat)), switcher)
        window.resize(*size)
        window.show()
        settle()
        for tried in range(seed, seed + 20):    # the first seed whose game reaches the moment
            session.new_game(NewGameConfig("dragonbond", players, f"humans{players}", ("human",) * players, {},
                                           seed=tried))
            rng = Rng(tried, stream=1)
            reached = until is None
            for _step in range(5000):
                past_handover(window)
                match = session._require()
                if match.state.is_terminal():
                    break
                if until is not None and until(match):
                    reached = True
                    break
                legal = match.state.legal()
                session.apply(weighted_choice(rng, legal, [match.game.random_weight(c) for c in legal]))
            if reached:
                break
        past_handover(window)
        settle()
        window.board_view.fit()
        settle()
        if pose is not None:
            pose(window)
        settle()
        target = window.end_dialog if end and getattr(window, "end_dialog", None) is not None else window
        path = folder / f"drg_{name}.png"
        target.grab().save(str(path))
        written.append(path)
        if target is not window:
            target.close()
        window.close()
        session.shutdown()
        window.deleteLater()
        settle()

    shoot("planning", 2, _planning)
    shoot("execution", 2, _execution, pose=touch_first)
    shoot("drag", 2, _move, pose=lift_a_general)
    shoot("combat", 2, _combat, pose=show_combat)
    shoot("oath", 2, _oath)
    shoot("end", 2, None, end=True)
    shoot("four", 4, _execution, seed=5, pose=touch_first)
    shoot("zh_TW", 2, _execution, language="zh_TW", pose=touch_first)
    shoot("small", 2, _execution, size=(1024, 700), pose=touch_first)
    shoot("large", 2, _execution, size=(1920, 1080), pose=touch_first)
    switcher.set_language("en")
    return written


if __name__ == "__main__":
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    sys.path.insert(0, str(ROOT))
    for shot in take_screenshots(Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/shots")):
        print(shot)
