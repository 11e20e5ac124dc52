"""Render the app icon (resources/icons/tablekeeper.svg) into the sizes each platform wants.

Not part of the build: run it after editing the SVG, with any Python that has PySide6
(`python packaging/make_icons.py`). It writes

- resources/icons/tablekeeper-{16,24,32,48,64,128,256}.png: the window icon (gui/app.py) and the
  Linux hicolor theme sizes (packaging/linux/install.sh);
- packaging/icons/tablekeeper.ico: the Windows .exe icon (PNG-compressed entries, Vista and later);
- packaging/icons/tablekeeper.icns: the macOS .app icon (PNG entries ic07-ic10, 128-1024 px).
"""
from __future__ import annotations

import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF, Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

ROOT = Path(__file__).resolve().parents[1]
SVG = ROOT / "resources" / "icons" / "tablekeeper.svg"
PNG_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICNS_TYPES = ((b"ic07", 128), (b"ic08", 256), (b"ic09", 512), (b"ic10", 1024))


def render(renderer: QSvgRenderer, size: int) -> bytes:
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter, QRectF(0, 0, size, size))
    painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    return bytes(data.data())


def ico(pngs: dict[int, bytes]) -> bytes:
    header = struct.pack("<HHH", 0, 1, len(pngs))
    offset = 6 + 16 * len(pngs)
    entries, blobs = b"", b""
    for size, png in pngs.items():
        side = 0 if size >= 256 else size  # 0 means 256 in an ICONDIR entry
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(png), offset + len(blobs))
        blobs += png
    return header + entries + blobs


def icns(pngs: dict[bytes, bytes]) -> bytes:
    body = b"".join(kind + struct.pack(">I", 8 + len(png)) + png for kind, png in pngs.items())
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main() -> int:
    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])  # noqa: F841 - QImage wants one
    renderer = QSvgRenderer(str(SVG))
    if not renderer.isValid():
        raise SystemExit(f"cannot read {SVG}")
    for size in PNG_SIZES:
        (SVG.parent / f"tablekeeper-{size}.png").write_bytes(render(renderer, size))
    out = ROOT / "packaging" / "icons"
    out.mkdir(exist_ok=True)
    (out / "tablekeeper.ico").write_bytes(ico({size: render(renderer, size) for size in ICO_SIZES}))
    (out / "tablekeeper.icns").write_bytes(icns({kind: render(renderer, size) for kind, size in ICNS_TYPES}))
    print("icons written:", ", ".join(f"{s}px" for s in PNG_SIZES), "+ .ico + .icns")
    return 0


if __name__ == "__main__":
    sys.exit(main())
