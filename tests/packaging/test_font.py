"""The shipped Traditional Chinese font: it covers the app's text, may be redistributed, and
loads where the system has no CJK font (fontconfig limited to DejaVu in a child process)."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

from PySide6.QtCore import QByteArray
from PySide6.QtGui import QFont, QRawFont

ROOT = Path(__file__).resolve().parents[2]
FONTS = ROOT / "resources" / "fonts"
FONT = FONTS / "NotoSansCJKtc-Tablekeeper.otf"


def app_characters() -> set[str]:
    chars: set[str] = set()
    for pattern in ("*.ts", "*.yaml"):
        for path in (ROOT / "resources").rglob(pattern):
            chars.update(c for c in path.read_text(encoding="utf-8") if 0x2E80 <= ord(c) <= 0x9FFF)
    return chars


def test_the_font_is_a_small_subset_under_a_licence_that_allows_shipping_it() -> None:
    assert FONT.stat().st_size < 5_000_000
    licence = (FONTS / "LICENSE-OFL.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence and "Reserved Font Name 'Source'" in licence


def test_the_font_has_every_chinese_character_the_app_shows(qapp) -> None:
    raw = QRawFont(QByteArray(FONT.read_bytes()), 16)
    assert raw.isValid() and raw.familyName() == "Noto Sans CJK TC"
    missing = sorted(c for c in app_characters() if not raw.supportsCharacter(ord(c)))
    assert missing == [], f"run packaging/make_font.py: the font lacks {''.join(missing[:40])}"


CHILD = textwrap.dedent("""
    import sys
    from PySide6.QtGui import QFont, QFontDatabase, QRawFont
    from PySide6.QtWidgets import QApplication
    from gui import app as app_module
    app = QApplication(sys.argv[:1])
    def shows_chinese():
        return QRawFont.fromFont(QFont([app_module.CJK_FAMILY])).supportsCharacter(ord("遊"))
    print("before", QFontDatabase.hasFamily(app_module.CJK_FAMILY), shows_chinese())
    print("loaded", app_module.load_bundled_fonts(), app_module.loaded_fonts())
    print("after", QFontDatabase.hasFamily(app_module.CJK_FAMILY), shows_chinese())
""")


def test_the_app_loads_its_font_when_the_system_has_none(tmp_path: Path) -> None:
    conf = tmp_path / "fonts.conf"
    conf.write_text(f"""<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig><dir>/usr/share/fonts/truetype/dejavu</dir><cachedir>{tmp_path}/cache</cachedir></fontconfig>
""", encoding="utf-8")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "FONTCONFIG_FILE": str(conf)}
    result = subprocess.run([sys.executable, "-c", CHILD], cwd=ROOT, env=env, capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "before False False",
        "loaded ['Noto Sans CJK TC'] ['Noto Sans CJK TC']",
        "after True True",
    ]


def test_a_system_with_the_font_loads_nothing_more(qapp) -> None:
    from PySide6.QtGui import QFontDatabase

    from gui import app as app_module
    if not QFontDatabase.hasFamily(app_module.CJK_FAMILY):
        import pytest
        pytest.skip("this machine has no Noto Sans CJK TC (fonts-noto-cjk)")
    assert app_module.load_bundled_fonts() == []
    assert QRawFont.fromFont(QFont([app_module.CJK_FAMILY])).supportsCharacter(ord("遊"))
