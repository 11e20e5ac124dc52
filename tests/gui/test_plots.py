"""The score plot builds offscreen (pyqtgraph is imported only here, lazily)."""
from __future__ import annotations

from gui.widgets.plots import build_score_plot


def test_score_plot_builds_and_renders(qtbot, tmp_path) -> None:
    plot = build_score_plot({"Player 1": [0, 3, 7, 12], "Player 2": [0, 5, 6, 9]}, title="Scores")
    qtbot.addWidget(plot)
    plot.resize(400, 300)
    plot.show()
    qtbot.waitExposed(plot)
    assert len(plot.getPlotItem().listDataItems()) == 2
    assert plot.grab().save(str(tmp_path / "plot.png"))
