"""Desktop integration shipped in the Linux archive: launcher, file type, icons, install script."""
from __future__ import annotations

import configparser
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

from PySide6.QtGui import QImage

ROOT = Path(__file__).resolve().parents[2]
LINUX = ROOT / "packaging" / "linux"
ICONS = ROOT / "resources" / "icons"
SIZES = (16, 24, 32, 48, 64, 128, 256)


def test_the_desktop_entry_launches_the_app_with_its_icon() -> None:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # keys are case-sensitive
    parser.read(LINUX / "tablekeeper.desktop", encoding="utf-8")
    entry = parser["Desktop Entry"]
    assert entry["Type"] == "Application" and entry["Name"] == "Tablekeeper"
    assert entry["Exec"].split()[0] == "tablekeeper" and entry["Icon"] == "tablekeeper"
    assert entry["Terminal"] == "false" and "Game" in entry["Categories"].split(";")
    assert entry["MimeType"].rstrip(";") == "application/x-tablekeeper-save"
    assert entry["StartupWMClass"] == "tablekeeper"  # gui/app.py sets the same desktop file name


def test_the_save_file_type_matches_the_launcher() -> None:
    namespace = "{http://www.freedesktop.org/standards/shared-mime-info}"
    mime = ET.parse(LINUX / "tablekeeper-mime.xml").getroot().find(f"{namespace}mime-type")
    assert mime.get("type") == "application/x-tablekeeper-save"
    assert mime.find(f"{namespace}glob").get("pattern") == "*.tksave"


def test_the_icon_is_drawn_in_every_usual_size() -> None:
    assert (ICONS / "tablekeeper.svg").is_file()
    for size in SIZES:
        image = QImage(str(ICONS / f"tablekeeper-{size}.png"))
        assert (image.width(), image.height()) == (size, size), size
        assert image.hasAlphaChannel()
    for name in ("tablekeeper.ico", "tablekeeper.icns"):
        assert (ROOT / "packaging" / "icons" / name).stat().st_size > 1000


def test_install_script_is_valid_posix_shell() -> None:
    script = LINUX / "install.sh"
    assert script.stat().st_mode & 0o111, "install.sh must be executable"
    subprocess.run(["sh", "-n", str(script)], check=True)
