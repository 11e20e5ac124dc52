"""Charts. pyqtgraph costs ~250 ms to import, so it is imported here, when a plot is first built,
never at start-up."""
from __future__ import annotations

from collections.abc import Mapping, Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from gui.board.scene import SEAT_COLOURS, SEAT_SHAPES

# Each seat's line looks like its token: its colour, its shape as the marker, and a dash pattern,
# so the lines can be told apart without colour vision too.
MARKERS = {"circle": "o", "square": "s", "diamond": "d", "triangle": "t", "hexagon": "h"}
DASHES = (Qt.PenStyle.SolidLine, Qt.PenStyle.DashLine, Qt.PenStyle.DotLine, Qt.PenStyle.DashDotLine)


def build_score_plot(scores: Mapping[str, Sequence[float]], parent: QWidget | None = None,
                     title: str = "", x_title: str = "", y_title: str = "",
                     seats: Sequence[int | None] | None = None, x: Sequence[float] | None = None,
                     y_range: tuple[float, float] | None = None, name: str = "score_plot") -> QWidget:
    """A line per series: a value after each step of the game (x = step number, or ``x``, the
    same for every series). A seat's line looks like its token (``seats``: the seat of each
    series, default in order); a line of nobody (a clock, a track) is black. ``y_range``: a fixed
    vertical range (a percentage: 0 to 100)."""
    import pyqtgraph as pg

    plot = pg.PlotWidget(parent, background="w")
    plot.setObjectName(name)
    if y_range is not None:
        plot.setYRange(*y_range, padding=0.02)
        plot.getViewBox().setMouseEnabled(x=True, y=False)
    if title:
        plot.setTitle(title, color="k")
    plot.showGrid(x=True, y=True, alpha=0.25)
    if x_title:
        plot.setLabel("bottom", x_title, color="k")
    span = max((len(v) for v in scores.values()), default=0) if x is None else (max(x) - min(x) if x else 0)
    if span <= 30:
        plot.getAxis("bottom").setTickSpacing(5, 1)  # whole steps: a round is never 2.5
    if y_title:
        plot.setLabel("left", y_title, color="k")
    plot.addLegend(offset=(8, 8), labelTextColor="#222222")
    set_lines(plot, scores, seats, x)
    return plot


def set_lines(plot: QWidget, scores: Mapping[str, Sequence[float]], seats: Sequence[int | None] | None = None,
              x: Sequence[float] | None = None) -> None:
    """Draw ``plot``'s lines (a plot `build_score_plot` made) again from these series, in place of
    those it had: a live plot is updated, not built again."""
    import pyqtgraph as pg

    plot.clear()  # type: ignore[attr-defined]  # its lines, and their legend entries
    many = max((len(v) for v in scores.values()), default=0) > 60   # markers would hide the lines
    for index, (name, values) in enumerate(scores.items()):
        seat = index if seats is None else seats[index]
        xs = list(range(len(values))) if x is None else list(x)[:len(values)]
        if seat is None:
            plot.plot(xs, list(values), name=name,  # type: ignore[attr-defined]
                      pen=pg.mkPen("#222222", width=3), symbol=None if many else "+", symbolSize=9,
                      symbolBrush="#222222")
            continue
        colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
        marker = MARKERS.get(SEAT_SHAPES[seat % len(SEAT_SHAPES)], "h")
        plot.plot(xs, list(values), name=name,  # type: ignore[attr-defined]
                  pen=pg.mkPen(colour, width=2, style=DASHES[seat % len(DASHES)]),
                  symbol=None if many else marker, symbolSize=7, symbolBrush=colour)
