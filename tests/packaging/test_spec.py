"""The PyInstaller spec and its helpers (packaging/specutil.py), checked without building."""
from __future__ import annotations

import ast
import importlib.util
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGING = ROOT / "packaging"


def load_specutil():
    spec = importlib.util.spec_from_file_location("specutil", PACKAGING / "specutil.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


specutil = load_specutil()
QT = "PySide6/Qt"


def entry(dest: str, kind: str = "BINARY") -> tuple[str, str, str]:
    return (dest, f"/venv/site-packages/{dest}", kind)


def test_name_and_version_come_from_pyproject() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert specutil.project()["name"] == project["name"] == "tablekeeper"
    assert specutil.project()["version"] == project["version"]


def test_the_spec_is_one_folder_windowed_unstripped_with_platform_branches() -> None:
    source = (PACKAGING / "tablekeeper.spec").read_text(encoding="utf-8")
    tree = ast.parse(source)
    calls = {node.func.id: node for node in ast.walk(tree)
             if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)}
    assert {"Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE"} <= set(calls)

    def keyword(call: str, name: str) -> ast.expr:
        return next(k.value for k in calls[call].keywords if k.arg == name)
    assert ast.literal_eval(keyword("EXE", "exclude_binaries")) is True  # one folder
    assert ast.literal_eval(keyword("EXE", "console")) is False  # windowed
    assert ast.literal_eval(keyword("EXE", "strip")) is False and ast.literal_eval(keyword("COLLECT", "strip")) is False
    assert "windows_version_file" in ast.unparse(keyword("EXE", "version"))
    assert "macos_info_plist" in ast.unparse(keyword("BUNDLE", "info_plist"))
    assert "specutil.project()" in source and 'collect_data_files("resources")' in source
    assert "copy_metadata" in source  # the About box reads the version from the metadata


def test_unused_qt_plugins_are_dropped_and_the_needed_ones_kept() -> None:
    kept = [f"{QT}/plugins/platforms/libqxcb.so", f"{QT}/plugins/platforms/libqoffscreen.so",
            f"{QT}/plugins/platforminputcontexts/libibusplatforminputcontextplugin.so",
            f"{QT}/plugins/imageformats/libqsvg.so", f"{QT}/plugins/iconengines/libqsvgicon.so",
            f"{QT}/plugins/platformthemes/libqxdgdesktopportal.so", "numpy/_core/_multiarray_umath.so",
            f"{QT}/lib/libQt6Gui.so.6"]
    dropped = [f"{QT}/plugins/platforms/libqwayland.so", f"{QT}/plugins/platforms/libqeglfs.so",
               f"{QT}/plugins/platforms/libqvnc.so", f"{QT}/plugins/platformthemes/libqgtk3.so",
               f"{QT}/plugins/imageformats/libqjpeg.so", f"{QT}/plugins/egldeviceintegrations/libqeglfs-kms.so",
               f"{QT}/plugins/wayland-shell-integration/libxdg-shell.so", f"{QT}/plugins/tls/libqopensslbackend.so"]
    assert all(specutil.keep_plugin(d) for d in kept)
    assert not any(specutil.keep_plugin(d) for d in dropped)
    assert specutil.keep_plugin(r"PySide6\Qt\plugins\platforms\qwindows.dll")


def test_only_english_and_traditional_chinese_qt_translations_stay() -> None:
    assert specutil.keep_data(f"{QT}/translations/qtbase_zh_TW.qm")
    assert specutil.keep_data(f"{QT}/translations/qt_en.qm")
    assert not specutil.keep_data(f"{QT}/translations/qtbase_de.qm")
    assert specutil.keep_data("resources/translations/tablekeeper_zh_TW.qm")  # ours are not Qt's


def test_a_qt_library_stays_only_while_something_kept_links_to_it() -> None:
    binaries = [entry("PySide6/QtWidgets.abi3.so"), entry(f"{QT}/lib/libQt6Widgets.so.6"),
                entry(f"{QT}/lib/libQt6Gui.so.6"), entry(f"{QT}/lib/libQt6Core.so.6"),
                entry(f"{QT}/lib/libQt6WaylandClient.so.6"), entry(f"{QT}/lib/libQt6DBus.so.6"),
                entry("libglib-2.0.so.0")]
    links = {"PySide6/QtWidgets.abi3.so": ["libQt6Widgets.so.6"],
             f"{QT}/lib/libQt6Widgets.so.6": ["libQt6Gui.so.6"],
             f"{QT}/lib/libQt6Gui.so.6": ["libQt6Core.so.6"],
             f"{QT}/lib/libQt6WaylandClient.so.6": ["libQt6Gui.so.6"]}
    kept = specutil.prune_libraries(binaries, lambda src: links.get(src.split("site-packages/")[1], []))
    names = [Path(dest).name for dest, _, _ in kept]
    assert names == ["QtWidgets.abi3.so", "libQt6Widgets.so.6", "libQt6Gui.so.6", "libQt6Core.so.6",
                     "libQt6DBus.so.6", "libglib-2.0.so.0"]  # Wayland went; DBus is always kept


def test_macos_info_plist_names_the_version_and_the_save_files() -> None:
    plist = specutil.macos_info_plist("1.2.3")
    assert plist["CFBundleShortVersionString"] == "1.2.3" and plist["NSHighResolutionCapable"] is True
    assert plist["CFBundleDocumentTypes"][0]["CFBundleTypeExtensions"] == ["tksave"]


def test_the_build_venv_pins_pyinstaller_in_pyproject() -> None:
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    assert "pyinstaller==6.22.3" in extras["bundle"]
    dependencies = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["dependencies"]
    assert not any(d.lower().startswith("pyside6==") or d.lower().startswith("pyside6 ") for d in dependencies)


def test_the_windows_version_resource_names_the_version(tmp_path: Path) -> None:
    path = Path(specutil.windows_version_file("tablekeeper", "0.1.0", "Board games", tmp_path))
    text = path.read_text(encoding="utf-8")
    call = ast.parse(text, mode="eval").body  # PyInstaller evaluates it on Windows
    assert isinstance(call, ast.Call) and call.func.id == "VSVersionInfo"
    assert "filevers=(0, 1, 0, 0)" in text and "StringStruct('ProductVersion', '0.1.0')" in text
    assert "StringStruct('OriginalFilename', 'tablekeeper.exe')" in text
