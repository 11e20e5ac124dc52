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
                     seats: Sequence[int | None] | None = None) -> QWidget:
    """A line per series: a value after each step of the game (x = step number). A seat's line
    looks like its token (``seats``: the seat of each series, default in order); a line of
    nobody (a clock, a track) is black."""
    import pyqtgraph as pg

    plot = pg.PlotWidget(parent, background="w")
    plot.setObjectName("score_plot")
    if title:
        plot.setTitle(title, color="k")
    plot.showGrid(x=True, y=True, alpha=0.25)
    if x_title:
        plot.setLabel("bottom", x_title, color="k")
    if max((len(v) for v in scores.values()), default=0) <= 30:
        plot.getAxis("bottom").setTickSpacing(5, 1)  # whole steps: a round is never 2.5
    if y_title:
        plot.setLabel("left", y_title, color="k")
    plot.addLegend(offset=(8, 8))
    for index, (name, values) in enumerate(scores.items()):
        seat = index if seats is None else seats[index]
        if seat is None:
            plot.plot(list(range(len(values))), list(values), name=name,
                      pen=pg.mkPen("#222222", width=3), symbol="+", symbolSize=9, symbolBrush="#222222")
            continue
        colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
        marker = MARKERS.get(SEAT_SHAPES[seat % len(SEAT_SHAPES)], "h")
        plot.plot(list(range(len(values))), list(values), name=name,
                  pen=pg.mkPen(colour, width=2, style=DASHES[seat % len(DASHES)]),
                  symbol=marker, symbolSize=7, symbolBrush=colour)
    return plot
