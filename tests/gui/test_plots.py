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


def _chances(xs, first):
    return {"x": [float(x) for x in xs], "series": {"Player 1": list(first), "Player 2": [100 - v for v in first]},
            "seats": [0, 1], "title": "Chance to win", "x_title": "Commands played", "y_title": "Chance to win (%)"}


def test_the_win_chance_dock_draws_when_shown_and_updates_its_lines_in_place(qtbot) -> None:
    from gui.widgets.win_chances import WinChanceDock
    dock = WinChanceDock()
    qtbot.addWidget(dock)
    dock.set_chances(_chances([0, 1, 2], [50, 60, 70]))
    assert dock.plot is None                     # hidden: nothing drawn yet
    dock.show()
    qtbot.waitExposed(dock)
    plot = dock.plot
    assert plot is not None and plot.objectName() == "win_chance_plot"
    dock.set_chances(_chances(range(0, 200, 10), [50 + i for i in range(20)]))
    assert dock.plot is plot                     # the same plot, its lines drawn again
    lines = plot.getPlotItem().listDataItems()
    assert len(lines) == 2 and len(lines[0].xData) == 20 and lines[1].yData[-1] == 100 - 69
    assert len(plot.getPlotItem().legend.items) == 2   # no legend entry left over
    dock.set_chances({})                          # a new game: no point yet
    assert dock.empty_label.isVisible() and not plot.isVisible()
