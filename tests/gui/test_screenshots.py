"""The screenshot helper renders every screen offscreen (its PNGs are for review by eye)."""
from __future__ import annotations

from PySide6.QtGui import QImage

from tests.gui.screenshot import take_screenshots


def test_screenshots_render_in_both_languages(qapp, tmp_path) -> None:
    shots = take_screenshots(tmp_path)
    screens = ("main", "new_game", "game", "handover")
    expected = [f"{screen}_{language}.png" for screen in screens for language in ("en", "zh_TW")]
    assert sorted(p.name for p in shots) == sorted(expected)
    for path in shots:
        image = QImage(str(path))
        assert image.width() > 300 and image.height() > 300, path.name
