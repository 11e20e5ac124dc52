"""Charts. pyqtgraph costs ~250 ms to import, so it is imported here, when a plot is first built,
never at start-up."""
from __future__ import annotations

from collections.abc import Mapping, Sequence

from PySide6.QtWidgets import QWidget

SERIES_COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b")


def build_score_plot(scores: Mapping[str, Sequence[float]], parent: QWidget | None = None,
                     title: str = "") -> QWidget:
    """A line per seat: score after each turn (x = turn number)."""
    import pyqtgraph as pg

    plot = pg.PlotWidget(parent, background="w")
    plot.setObjectName("score_plot")
    if title:
        plot.setTitle(title, color="k")
    plot.showGrid(x=True, y=True, alpha=0.25)
    plot.addLegend(offset=(8, 8))
    for index, (name, values) in enumerate(scores.items()):
        colour = SERIES_COLOURS[index % len(SERIES_COLOURS)]
        plot.plot(list(range(len(values))), list(values), name=name,
                  pen=pg.mkPen(colour, width=2), symbol="o", symbolSize=5, symbolBrush=colour)
    return plot
