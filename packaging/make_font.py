"""Make resources/fonts/NotoSansCJKtc-Tablekeeper.otf: a Traditional Chinese subset of Noto Sans CJK TC.

Not part of the build: run it when the translations gain characters the subset lacks
(`tests/packaging/test_font.py` says so). Needs fontTools (in its own venv, not the app's) and the
system font from Debian's `fonts-noto-cjk`:

    python3 -m venv /tmp/fontvenv && /tmp/fontvenv/bin/pip install fonttools
    /tmp/fontvenv/bin/python packaging/make_font.py

The subset holds every character the app's own text uses (translations and game content), the
5,401 common characters of Big5 level 1, CJK and full-width punctuation, and Bopomofo: 6,177
characters in 3.6 MB (the system's whole CJK collection is 20 MB). Characters outside it (a rare
name a player types) fall back to the system's fonts as usual. Noto Sans CJK is under the SIL Open Font
License 1.1, whose only Reserved Font Name is "Source", so the subset keeps the family name
"Noto Sans CJK TC" (what gui/app.py asks for) and ships with the licence text beside it.
"""
from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection

ROOT = Path(__file__).resolve().parents[1]
SOURCE = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
FAMILY = "Noto Sans CJK TC"
TARGET = ROOT / "resources" / "fonts" / "NotoSansCJKtc-Tablekeeper.otf"
TEXT_SOURCES = ("*.ts", "*.yaml")


def big5_level1() -> set[str]:
    """The common characters of Big5 (lead bytes 0xA4-0xC6), the usual Traditional Chinese core."""
    found: set[str] = set()
    for lead in range(0xA4, 0xC7):
        for trail in [*range(0x40, 0x7F), *range(0xA1, 0xFF)]:
            try:
                found.add(bytes((lead, trail)).decode("big5"))
            except UnicodeDecodeError:
                pass
    return found


def app_text() -> set[str]:
    """Every non-ASCII character in the translations and the game content."""
    chars: set[str] = set()
    for pattern in TEXT_SOURCES:
        for path in (ROOT / "resources").rglob(pattern):
            chars.update(c for c in path.read_text(encoding="utf-8") if ord(c) > 0x7F)
    return chars


def wanted() -> set[int]:
    ranges = [range(0x20, 0x7F), range(0xA0, 0x100), range(0x2000, 0x2070), range(0x2190, 0x2200),
              range(0x25A0, 0x2600), range(0x3000, 0x3040), range(0x3100, 0x3130), range(0x31A0, 0x31C0),
              range(0xFE30, 0xFE50), range(0xFF00, 0xFFF0)]
    points = {cp for r in ranges for cp in r}
    points.update(ord(c) for c in big5_level1() | app_text())
    return points


def main() -> int:
    collection = TTCollection(str(SOURCE))
    font = next(f for f in collection.fonts if f["name"].getDebugName(1) == FAMILY)
    cmap = font.getBestCmap()
    points = sorted(cp for cp in wanted() if cp in cmap)
    options = subset.Options()
    # fontTools' default features (kern, locl, vert, ccmp, …): "*" would pull in every alternate glyph
    options.name_IDs = ["*"]  # keep the copyright, licence and trademark notices
    options.name_languages = ["*"]
    options.notdef_outline = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=points)
    subsetter.subset(font)
    TARGET.parent.mkdir(parents=True, exist_ok=True)
    font.save(str(TARGET))
    print(f"{TARGET.relative_to(ROOT)}: {len(points)} characters, {TARGET.stat().st_size / 1e6:.2f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
