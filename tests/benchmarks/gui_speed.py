"""GUI speed and memory (Step 3), offscreen, each figure next to a baseline measured in the same run.

1. frame: a full repaint of a mid-game Vindication island (2 players, ~30 commands in) with the
   board view's viewport at 1600×1000 (goal ≤ 16 ms), next to a bare-Qt frame of a 900-item
   labelled island (150 hexes, 300 triangles, 450 labels) at the same size;
2. medallion click: from the mouse press on the viewer's own medallion until its reachable
   triangles are lit and the viewport repainted (goal ≤ 16 ms);
3. start: process launch until the real app's New Game dialog is shown and its events processed,
   vs a bare `QApplication` + `QMainWindow` shown (goal ≤ 1.5×);
4. memory: peak RSS after a whole seeded 2-player game played through the window (one seat per
   player at the table, every command chosen by the engine's heuristic bot, so the game is
   deterministic) vs right after start (goal ≤ 1.3×).

Every side runs in fresh processes with throw-away settings and data folders; medians are
reported with their spread. Benchmarks are not tests: nothing here asserts a time.

    python tests/benchmarks/gui_speed.py
"""
from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # sibling scripts, however this one is run

from app_start import BARE

ROOT = Path(__file__).resolve().parents[2]

FRAME_BUDGET_MS = 16.0
BOARD_SIZE = (1600, 1000)
BOARD_SEED = 8        # the mid-game island (tests/gui/vindication_screenshot.py plays seed 8 too)
BOARD_COMMANDS = 30
GAME_SEED = 7         # 325 commands; the heuristic bot plays seed 8 in circles (it never ends)
MAX_GAME_COMMANDS = 3000
PYCACHE = os.path.join(tempfile.gettempdir(), "tablekeeper-bench-pycache")

# The real app, its New Game dialog opened at the event loop's first turn after the main window
# showed (the same trigger as app_start.py's "shown").
APP_DIALOG = """
import sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
app = QApplication(sys.argv)
def ready():
    window = next(w for w in app.topLevelWidgets() if w.inherits("QMainWindow") and w.isVisible())
    print("window", flush=True)
    dialog = window.create_new_game_dialog()
    dialog.show()
    app.processEvents()
    assert dialog.isVisible()
    print("shown", flush=True)
    dialog.close()
    app.quit()
QTimer.singleShot(0, ready)
import gui.app
sys.exit(gui.app.main([]))
"""


def child_env(folder: str, bytecode: bool = True) -> dict[str, str]:
    """Offscreen, the settings and the crash copy in a throw-away folder, only the real games.

    ``bytecode``: modules load from cached bytecode, as in an installed app or a bundle (the cache
    lives under the temp folder, never in the checkout). Else the environment decides: with
    PYTHONDONTWRITEBYTECODE=1 and no __pycache__ in the checkout, every start compiles the project.
    """
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_CONFIG_HOME": os.path.join(folder, "config"),
           "XDG_DATA_HOME": os.path.join(folder, "data")}
    env.pop("TABLEKEEPER_GAMES", None)
    if bytecode:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = PYCACHE
    return env


def launch(args: list[str], timeout: float = 120, bytecode: bool = True,
           ) -> tuple[float | None, list[str], dict[str, float]]:
    """Run a child; seconds from launch to its first "shown" line (None without one), its lines,
    and the seconds from launch to the first line starting with each word."""
    with tempfile.TemporaryDirectory(prefix="tk-bench-") as folder, \
            open(os.path.join(folder, "stderr.txt"), "w+", encoding="utf-8") as stderr:
        # stderr to a file: a pipe read only after stdout closes would block a child that warns
        # more than the pipe holds (offscreen Qt warns at every change of a window's size limits)
        start = time.perf_counter()
        child = subprocess.Popen([sys.executable, *args], cwd=ROOT, env=child_env(folder, bytecode), text=True,
                                 stdout=subprocess.PIPE, stderr=stderr)
        assert child.stdout is not None
        lines: list[str] = []
        at: dict[str, float] = {}
        for line in child.stdout:
            at.setdefault(line.split(" ", 1)[0].strip(), time.perf_counter() - start)
            lines.append(line.rstrip("\n"))
        child.wait(timeout=timeout)
        stderr.seek(0)
        errors = stderr.read()
    if child.returncode != 0:
        raise RuntimeError(f"child {args[:2]} failed ({child.returncode}):\n{errors[-3000:]}")
    return at.get("shown"), lines, at


def spread(values: list[float]) -> tuple[float, float, float]:
    """Median, lower and upper quartile."""
    if len(values) < 2:
        return values[0], values[0], values[0]
    low, _, high = statistics.quantiles(values, n=4, method="inclusive")
    return statistics.median(values), low, high


# -- in a child: the frame and the medallion click ----------------------------------------------
def _bare_island(app):
    """A bare QGraphicsView of a 900-item labelled island, its viewport 1600×1000, shown."""
    import math

    from PySide6.QtCore import QPointF, Qt
    from PySide6.QtGui import QBrush, QColor, QPainter, QPen, QPolygonF
    from PySide6.QtWidgets import QGraphicsScene, QGraphicsSimpleTextItem, QGraphicsView

    scene = QGraphicsScene()
    size = 40.0
    pen, fill = QPen(QColor("#5a6570"), 1.5), QBrush(QColor("#cfe3c4"))
    tri_fill = QBrush(QColor("#f4efe1"))
    hexes = [(col, row) for row in range(10) for col in range(15)]  # 150 hexes
    for col, row in hexes:
        cx, cy = col * size * 1.5, row * size * math.sqrt(3) + (col % 2) * size * math.sqrt(3) / 2
        corners = [QPointF(cx + size * math.cos(math.pi / 3 * k), cy + size * math.sin(math.pi / 3 * k))
                   for k in range(6)]
        scene.addPolygon(QPolygonF(corners), pen, fill)
        label = QGraphicsSimpleTextItem(f"R{col}{row}")
        label.setPos(cx - 10, cy - 24)
        label.setZValue(10)
        scene.addItem(label)
        for k in (0, 1):  # two triangles per hex: 300
            a, b = corners[k], corners[k + 1]
            triangle = scene.addPolygon(QPolygonF([QPointF(cx, cy), a, b]), pen, tri_fill)
            triangle.setZValue(1)
            tri_label = QGraphicsSimpleTextItem(f"T{k}")
            tri_label.setPos((cx + a.x() + b.x()) / 3 - 6, (cy + a.y() + b.y()) / 3 - 8)
            tri_label.setZValue(10)
            scene.addItem(tri_label)
    assert len(scene.items()) == 900
    view = QGraphicsView(scene)
    view.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
    view.setFrameShape(QGraphicsView.Shape.NoFrame)
    view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    view.resize(*BOARD_SIZE)
    view.show()
    for _ in range(5):
        app.processEvents()
    assert (view.viewport().width(), view.viewport().height()) == BOARD_SIZE, view.viewport().size()
    view.fitInView(scene.itemsBoundingRect(), Qt.AspectRatioMode.KeepAspectRatio)
    view.bare_scene = scene  # the view does not own its scene
    return view


def _timed(action) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def child_frames(repeats: int) -> dict[str, object]:
    from PySide6.QtCore import QSettings, Qt
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from engine.bots import bot_rng, make_bot
    from gui.app import configure_application
    from gui.controller.session import GameSession
    from gui.controller.types import NewGameConfig
    from gui.i18n import LanguageSwitcher
    from gui.main_window import MainWindow
    from gui.settings import Settings

    app = QApplication.instance() or QApplication([])
    configure_application(app)
    folder = os.environ.get("XDG_DATA_HOME") or tempfile.mkdtemp(prefix="tk-bench-")  # launch()'s, removed after
    os.makedirs(folder, exist_ok=True)
    languages = LanguageSwitcher(app)
    languages.set_language("en")
    session = GameSession(bot_delay_ms=0, autosave_folder=os.path.join(folder, "autosave"))
    settings = Settings(QSettings(os.path.join(folder, "tk.ini"), QSettings.Format.IniFormat))
    window = MainWindow(session, settings, languages)
    window.show()

    def settle() -> None:
        for _ in range(5):
            app.processEvents()

    def hand_over() -> None:  # hot seat: the next player takes the device
        if window.central_stack.currentWidget() is window.handover_screen:
            window.handover_screen.confirmed.emit()

    settle()
    session.new_game(NewGameConfig("vindication", 2, "standard", ("human", "human"), {}, seed=BOARD_SEED))
    hand_over()
    match = session._match
    assert match is not None
    bot = make_bot("heuristic", match.game)
    rngs = {seat: bot_rng(BOARD_SEED, seat) for seat in range(2)}
    for _ in range(BOARD_COMMANDS):
        seat = match.state.deciders()[0]
        session.apply(bot.choose(match.state.view(seat), match.state.legal(seat), rngs[seat]))
        hand_over()
    settle()
    # the board's viewport at 1600×1000: grow the window by what the docks and bars take
    view = window.board_view
    viewport = view.viewport()
    window.resize(BOARD_SIZE[0] + window.width() - viewport.width(),
                  BOARD_SIZE[1] + window.height() - viewport.height())
    settle()
    assert (viewport.width(), viewport.height()) == BOARD_SIZE, viewport.size()
    view.fit()
    settle()
    assert view.is_showing_layout()

    bare = _bare_island(app)
    bare_viewport = bare.viewport()
    image = QImage(*BOARD_SIZE, QImage.Format.Format_ARGB32_Premultiplied)

    def render_image() -> None:  # the same frame into an image: no backing store, no flush
        painter = QPainter(image)
        painter.setRenderHints(view.renderHints())  # render() does not take the view's own hints
        view.render(painter)
        painter.end()

    assert view.own_seat is not None
    medallion = view._drawing.walker_of(view.own_seat)
    assert medallion is not None, "the viewer has no medallion on the board"
    at = view.mapFromScene(medallion.scenePos())
    targets = session.drag_targets("token")
    assert targets, "the medallion can go nowhere: no highlight to time"
    picked: list[int] = []
    view.token_picked.connect(lambda: picked.append(1))
    left, none = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier

    def press_and_repaint() -> None:  # the press: token_picked -> drag_targets -> highlight
        QTest.mousePress(viewport, left, none, at)
        viewport.repaint()

    # Interleaved rounds, so a slow spell of the machine hits every measure alike; the first
    # rounds warm the glyph and pixmap caches.
    warm = 5
    frames, image_frames, clicks, bare_frames = [], [], [], []
    for round_ in range(repeats + warm):
        times = (_timed(viewport.repaint), _timed(render_image), _timed(bare_viewport.repaint),
                 _timed(press_and_repaint))
        if round_ == 0:  # what is lit is the medallion's reach
            lit = {s for s in view.space_ids() if view.item_for_space(s).active}
            assert lit == targets, (lit, targets)
        QTest.mouseRelease(viewport, left, none, at)
        view.cancel_gesture()  # puts the playable highlights back
        viewport.repaint()
        if round_ >= warm:
            for into, took in zip((frames, image_frames, bare_frames, clicks), times):
                into.append(took)
    assert len(picked) == repeats + warm, f"token_picked fired {len(picked)} times"
    bare.close()
    items = len(view.board_scene.items())
    window.close()
    session.shutdown()
    return {"frames": frames, "image_frames": image_frames, "clicks": clicks, "bare_frames": bare_frames,
            "items": items, "targets": len(targets), "zoom": view.zoom()}


# -- in a child: memory over a whole game -------------------------------------------------------
def child_memory() -> dict[str, object]:
    """Every move is played from the event loop (a zero timer per command), as a person's clicks
    are: widgets dropped with deleteLater() are only freed there, never by processEvents()."""
    import resource

    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    import gui.app
    from engine.bots import bot_rng, make_bot
    from gui.controller.types import NewGameConfig

    def peak_kib() -> int:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss

    app = QApplication([])
    gui.app.configure_application(app)
    window = gui.app.start(app)  # the installed entry point's window, its settings in a temp folder
    session = window.session
    figures: dict[str, object] = {}
    play: dict[str, object] = {}

    def begin() -> None:
        figures["start_kib"] = peak_kib()
        play["started"] = time.perf_counter()
        session.new_game(NewGameConfig("vindication", 2, "standard", ("human", "human"), {}, seed=GAME_SEED))
        match = session._match
        assert match is not None
        play.update(match=match, bot=make_bot("heuristic", match.game), commands=0,
                    rngs={seat: bot_rng(GAME_SEED, seat) for seat in range(2)})
        QTimer.singleShot(0, drawn)

    def drawn() -> None:
        figures["new_game_kib"] = peak_kib()  # the engine, the game's data and the island drawn
        QTimer.singleShot(0, step)

    def step() -> None:
        if session.is_over():
            QTimer.singleShot(50, end)  # let the end screen show and paint
            return
        if window.central_stack.currentWidget() is window.handover_screen:
            window.handover_screen.confirmed.emit()  # hot seat: the next player takes the device
        if play["commands"] >= MAX_GAME_COMMANDS:
            raise RuntimeError(f"seed {GAME_SEED}: no end after {play['commands']} commands")
        match, bot, rngs = play["match"], play["bot"], play["rngs"]
        seat = match.state.deciders()[0]
        command = bot.choose(match.state.view(seat), match.state.legal(seat), rngs[seat])
        figures["before_end_kib"] = peak_kib()  # the last one is taken before the end screen opens
        session.apply(command)
        play["commands"] += 1
        QTimer.singleShot(0, step)

    def end() -> None:
        assert window.end_dialog is not None and window.end_dialog.isVisible()
        figures["end_kib"] = peak_kib()
        figures["commands"] = play["commands"]
        figures["seconds"] = time.perf_counter() - play["started"]
        window.close()
        app.quit()

    def crash(kind, error, trace) -> None:  # an error in a slot must end the child
        sys.__excepthook__(kind, error, trace)
        os._exit(1)

    sys.excepthook = crash
    QTimer.singleShot(100, begin)  # the window shown and settled, as a person sees it
    app.exec()
    return figures


# -- the parent ---------------------------------------------------------------------------------
def _child_json(mode: str, *extra: str) -> dict:
    _, lines, _ = launch([os.path.abspath(__file__), mode, *extra], timeout=300)
    return json.loads(lines[-1])


def run(repeats: int = 60, starts: int = 7) -> dict[str, float]:
    began = time.perf_counter()
    f: dict[str, float] = {}
    frames = _child_json("--child-frames", str(repeats))
    for key, name in (("frames", "frame"), ("image_frames", "image_frame"), ("clicks", "click"),
                      ("bare_frames", "bare_frame")):
        median, low, high = spread([t * 1000 for t in frames[key]])
        f[f"{name}_ms"], f[f"{name}_q1_ms"], f[f"{name}_q3_ms"] = median, low, high
    f["frame_ratio"] = f["frame_ms"] / f["bare_frame_ms"]
    f["click_ratio"] = f["click_ms"] / f["frame_ms"]
    f["items"], f["targets"] = frames["items"], frames["targets"]

    launch(["-c", BARE])  # warm the file and bytecode caches for both sides
    launch(["-c", APP_DIALOG])
    launch(["-c", BARE], bytecode=False)
    bare, app, window, bare_as_is, app_as_is = [], [], [], [], []
    for _ in range(starts):  # interleaved, so a slow spell of the machine hits both sides
        bare.append(launch(["-c", BARE])[2]["shown"] * 1000)
        at = launch(["-c", APP_DIALOG])[2]
        app.append(at["shown"] * 1000)
        window.append(at["window"] * 1000)
        bare_as_is.append(launch(["-c", BARE], bytecode=False)[2]["shown"] * 1000)
        app_as_is.append(launch(["-c", APP_DIALOG], bytecode=False)[2]["shown"] * 1000)
    (f["bare_as_is_ms"], f["bare_as_is_q1_ms"], f["bare_as_is_q3_ms"]) = spread(bare_as_is)
    (f["dialog_as_is_ms"], f["dialog_as_is_q1_ms"], f["dialog_as_is_q3_ms"]) = spread(app_as_is)
    f["as_is_ratio"] = f["dialog_as_is_ms"] / f["bare_as_is_ms"]
    (f["bare_start_ms"], f["bare_start_q1_ms"], f["bare_start_q3_ms"]) = spread(bare)
    (f["dialog_start_ms"], f["dialog_start_q1_ms"], f["dialog_start_q3_ms"]) = spread(app)
    f["start_ratio"] = f["dialog_start_ms"] / f["bare_start_ms"]
    (f["window_start_ms"], f["window_start_q1_ms"], f["window_start_q3_ms"]) = spread(window)
    f["window_ratio"] = f["window_start_ms"] / f["bare_start_ms"]

    memory = _child_json("--child-memory")
    f["start_rss_mib"] = memory["start_kib"] / 1024
    f["game_rss_mib"] = memory["before_end_kib"] / 1024
    f["new_game_rss_mib"] = memory["new_game_kib"] / 1024
    f["new_game_memory_ratio"] = memory["new_game_kib"] / memory["start_kib"]
    f["end_rss_mib"] = memory["end_kib"] / 1024
    f["memory_ratio"] = memory["end_kib"] / memory["start_kib"]
    f["game_memory_ratio"] = memory["before_end_kib"] / memory["start_kib"]
    f["game_commands"], f["game_seconds"] = memory["commands"], memory["seconds"]
    f["seconds"] = time.perf_counter() - began
    return f


AS_IS = " (no .pyc: PYTHONDONTWRITEBYTECODE)" if os.environ.get("PYTHONDONTWRITEBYTECODE") else ""


def table(f: dict[str, float]) -> str:
    def q(name: str) -> str:
        return f"[{f[name + '_q1_ms']:.1f}–{f[name + '_q3_ms']:.1f}]"

    rows = [
        ("measure", "median", "quartiles", "baseline (same run)", "ratio", "goal"),
        (f"1. full repaint, island 1600×1000 ({f['items']:.0f} items)", f"{f['frame_ms']:.1f} ms", q("frame"),
         f"bare-Qt 900-item island {f['bare_frame_ms']:.1f} ms", f"{f['frame_ratio']:.2f}×",
         f"≤ 16 ms ({f['frame_ms'] / FRAME_BUDGET_MS:.2f} of it)"),
        ("   the same frame into a QImage", f"{f['image_frame_ms']:.1f} ms", q("image_frame"), "", "", ""),
        (f"2. press on medallion → {f['targets']:.0f} triangles lit, repainted", f"{f['click_ms']:.1f} ms",
         q("click"), f"repaint alone {f['frame_ms']:.1f} ms", f"{f['click_ratio']:.2f}×",
         f"≤ 16 ms ({f['click_ms'] / FRAME_BUDGET_MS:.2f} of it)"),
        ("3. launch → New Game dialog shown (from .pyc)", f"{f['dialog_start_ms']:.0f} ms", q("dialog_start"),
         f"bare QMainWindow {f['bare_start_ms']:.0f} ms {q('bare_start')}", f"{f['start_ratio']:.2f}×", "≤ 1.5×"),
        ("   of which launch → main window shown", f"{f['window_start_ms']:.0f} ms", q("window_start"), "",
         f"{f['window_ratio']:.2f}×", ""),
        (f"   the same, environment as is{AS_IS}", f"{f['dialog_as_is_ms']:.0f} ms", q("dialog_as_is"),
         f"bare QMainWindow {f['bare_as_is_ms']:.0f} ms {q('bare_as_is')}", f"{f['as_is_ratio']:.2f}×", ""),
        (f"4. peak RSS after a whole game ({f['game_commands']:.0f} commands)", f"{f['end_rss_mib']:.1f} MiB", "",
         f"right after start {f['start_rss_mib']:.1f} MiB", f"{f['memory_ratio']:.2f}×", "≤ 1.3×"),
        ("   … once the new game is drawn", f"{f['new_game_rss_mib']:.1f} MiB", "", "",
         f"{f['new_game_memory_ratio']:.2f}×", ""),
        ("   … after the last move, before the end screen (pyqtgraph) opens", f"{f['game_rss_mib']:.1f} MiB", "", "",
         f"{f['game_memory_ratio']:.2f}×", ""),
    ]
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = ["  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip() for row in rows]
    lines.insert(1, "-" * len(lines[0]))
    lines.append(f"(offscreen, fresh processes; the run took {f['seconds']:.0f} s, the game through the window "
                 f"{f['game_seconds']:.1f} s; compare ratios between machines, not milliseconds)")
    return "\n".join(lines)


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1].startswith("--child-"):
        sys.path.insert(0, str(ROOT))
        result = child_frames(int(sys.argv[2])) if sys.argv[1] == "--child-frames" else child_memory()
        print(json.dumps(result), flush=True)
        sys.exit(0)
    print(table(run()))
