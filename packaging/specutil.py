"""What packaging/tablekeeper.spec shares with its tests and benchmarks: the project's name and
version from pyproject.toml, the filters that slim the Qt part of a bundle, and the Windows
version resource.

Slimming only ever drops whole files from PyInstaller's lists (never strips a binary — stripping
breaks numpy's OpenBLAS): Qt plugins for platforms and formats the app does not use, Qt's
translations other than English and Traditional Chinese, and then every Qt library that nothing
kept still links to. The last step reads the ELF dependencies, so a library a kept plugin or module
needs cannot be dropped by mistake (packaging/smoke.py checks with ldd).
"""
from __future__ import annotations

import fnmatch
import sys
import tomllib
from collections.abc import Callable, Iterable
from pathlib import Path, PurePosixPath

ROOT = Path(__file__).resolve().parents[1]
DISPLAY_NAME = "Tablekeeper"
BUNDLE_ID = "org.tablekeeper.Tablekeeper"
SAVE_SUFFIX = "tksave"

# Qt plugins kept, by folder under PySide6/Qt/plugins; folders not named here are dropped whole.
KEEP_PLUGINS: dict[str, tuple[str, ...]] = {
    # X11 (XWayland on Wayland desktops), offscreen for headless runs; Windows and macOS platforms
    "platforms": ("libqxcb.so", "libqoffscreen.so", "qwindows.dll", "qoffscreen.dll", "libqcocoa.dylib",
                  "libqoffscreen.dylib"),
    "platforminputcontexts": ("*",),   # compose keys, IBus/Fcitx: how people type Chinese
    "platformthemes": ("libqxdgdesktopportal.so",),  # native file dialogs through the portal; not GTK3
    "xcbglintegrations": ("*",),
    "imageformats": ("*qsvg*", "*qico*"),  # PNG is built in; SVG icons; .ico on Windows
    "iconengines": ("*",),  # SVG icons
    "styles": ("*",),  # qmodernwindowsstyle on Windows, macOS style
}
# Qt translations kept (others: Qt's standard buttons in languages the app does not offer).
KEEP_TRANSLATIONS = ("qt_en.qm", "qtbase_en.qm", "qt_zh_TW.qm", "qtbase_zh_TW.qm")
# Libraries the dependency walk cannot see because Qt opens them at run time (dlopen).
KEEP_LIBRARIES = ("libQt6DBus*",)  # libQt6Gui links it; kept even if a walk says otherwise

Entry = tuple[str, str, str]  # PyInstaller TOC entry: (dest name, source path, type code)


def project() -> dict:
    """pyproject.toml's [project] table: the one place the name and version are written."""
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def _qt_part(dest: str) -> PurePosixPath | None:
    """The path below PySide6/Qt/ (plugins/…, translations/…, lib/…), or None outside Qt."""
    parts = PurePosixPath(dest.replace("\\", "/")).parts
    for index in range(len(parts) - 1):
        if parts[index] == "PySide6" and parts[index + 1] == "Qt":
            return PurePosixPath(*parts[index + 2:])
    return None


def keep_plugin(dest: str) -> bool:
    below = _qt_part(dest)
    if below is None or len(below.parts) < 3 or below.parts[0] != "plugins":
        return True
    folder, name = below.parts[1], below.name
    return any(fnmatch.fnmatch(name, pattern) for pattern in KEEP_PLUGINS.get(folder, ()))


def keep_data(dest: str) -> bool:
    below = _qt_part(dest)
    if below is None:
        return True
    if below.parts and below.parts[0] == "translations":
        return below.name in KEEP_TRANSLATIONS
    return keep_plugin(dest)


def is_qt_library(dest: str) -> bool:
    name = PurePosixPath(dest.replace("\\", "/")).name
    return name.startswith(("libQt6", "Qt6")) and not name.endswith((".abi3.so", ".pyd"))


def prune_libraries(binaries: Iterable[Entry], needs: Callable[[str], Iterable[str]]) -> list[Entry]:
    """Drop each Qt library that no kept binary links to, directly or through other kept ones.
    ``needs(path)`` names the libraries a binary links to (its ELF NEEDED entries)."""
    entries = list(binaries)
    by_name = {PurePosixPath(dest.replace("\\", "/")).name: (dest, src) for dest, src, _ in entries}
    roots = [src for dest, src, _ in entries if not is_qt_library(dest)]
    wanted: set[str] = set()
    stack = list(roots)
    seen: set[str] = set()
    while stack:
        source = stack.pop()
        if source in seen:
            continue
        seen.add(source)
        for lib in needs(source):
            name = PurePosixPath(lib).name
            if name in by_name and name not in wanted:
                wanted.add(name)
                stack.append(by_name[name][1])
    return [entry for entry in entries
            if not is_qt_library(entry[0])
            or PurePosixPath(entry[0].replace("\\", "/")).name in wanted
            or any(fnmatch.fnmatch(PurePosixPath(entry[0]).name, p) for p in KEEP_LIBRARIES)]


def elf_needs(path: str) -> list[str]:
    """The NEEDED libraries of an ELF file (Linux); empty elsewhere, where nothing is pruned."""
    if not sys.platform.startswith("linux"):
        return []
    from PyInstaller.depend.bindepend import get_imports
    return [name for name, _ in get_imports(path)]


def slim(binaries: Iterable[Entry], datas: Iterable[Entry]) -> tuple[list[Entry], list[Entry]]:
    kept = [entry for entry in binaries if keep_plugin(entry[0])]
    if sys.platform.startswith("linux"):
        kept = prune_libraries(kept, elf_needs)
    return kept, [entry for entry in datas if keep_data(entry[0])]


def windows_version_file(name: str, version: str, description: str, folder: Path) -> str:
    """Write the .exe's version resource (Explorer ▸ Properties ▸ Details) as PyInstaller's version
    file text (a `VSVersionInfo(...)` expression, read on Windows) and return its path. Written as
    text because PyInstaller's versioninfo module needs pefile, which only Windows builds install."""
    numbers = tuple((list(map(int, version.split(".")[:4])) + [0, 0, 0, 0])[:4])
    strings = ",\n          ".join(f"StringStruct({key!r}, {value!r})" for key, value in (
        ("CompanyName", DISPLAY_NAME), ("FileDescription", description), ("FileVersion", version),
        ("InternalName", name), ("OriginalFilename", f"{name}.exe"), ("ProductName", DISPLAY_NAME),
        ("ProductVersion", version), ("LegalCopyright", f"{DISPLAY_NAME} authors")))
    text = f"""VSVersionInfo(
  ffi=FixedFileInfo(filevers={numbers}, prodvers={numbers}, mask=0x3f, flags=0x0, OS=0x40004,
                    fileType=0x1, subtype=0x0, date=(0, 0)),
  kids=[
    StringFileInfo([StringTable('040904B0', [
          {strings}])]),
    VarFileInfo([VarStruct('Translation', [1033, 1200])])
  ]
)
"""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "version_info.txt"
    path.write_text(text, encoding="utf-8")
    return str(path)


def macos_info_plist(version: str) -> dict:
    """Info.plist entries beyond PyInstaller's own: version, Retina, and .tksave files."""
    return {
        "CFBundleDisplayName": DISPLAY_NAME,
        "CFBundleShortVersionString": version,
        "CFBundleVersion": version,
        "NSHighResolutionCapable": True,
        "NSPrincipalClass": "NSApplication",
        "LSApplicationCategoryType": "public.app-category.board-games",
        "CFBundleDocumentTypes": [{
            "CFBundleTypeName": f"{DISPLAY_NAME} saved game",
            "CFBundleTypeRole": "Editor",
            "CFBundleTypeExtensions": [SAVE_SUFFIX],
            "LSHandlerRank": "Owner",
        }],
    }
