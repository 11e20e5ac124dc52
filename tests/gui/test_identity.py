"""App identity, set once at start-up: names, the desktop file name, the icon, the About box."""
from __future__ import annotations

from importlib import metadata

from gui import app as app_module


def test_the_app_names_itself_and_carries_its_icon_in_every_size(qapp) -> None:
    app_module.configure_application(qapp)
    assert qapp.applicationName() == "Tablekeeper" and qapp.organizationName() == "Tablekeeper"
    assert qapp.desktopFileName() == "tablekeeper"  # packaging/linux/tablekeeper.desktop
    icon = qapp.windowIcon()
    assert not icon.isNull()
    assert {size.width() for size in icon.availableSizes()} == set(app_module.ICON_SIZES)


def test_the_main_window_shows_the_app_icon(window, qapp) -> None:
    assert window.windowIcon().cacheKey() == qapp.windowIcon().cacheKey()


def test_the_about_box_shows_the_version_from_the_package_metadata(window, error_dialogs, monkeypatch) -> None:
    monkeypatch.setattr(metadata, "version", lambda name: "9.8.7" if name == "tablekeeper" else "?")
    window.show_about()
    title, text = error_dialogs[-1]
    assert title == "About Tablekeeper" and text.startswith("Tablekeeper 9.8.7")
