"""Keeping the translations in step with the code.

    python -m gui.i18n_tools update    # pyside6-lupdate: collect tr() strings from gui/ into the .ts
    python -m gui.i18n_tools release   # pyside6-lrelease: compile the .ts into the .qm the app loads

which run, from the repository root:

    pyside6-lupdate -no-obsolete -locations none -source-language en -target-language zh_TW \
        <every gui/**/*.py but this one> -ts resources/translations/tablekeeper_zh_TW.ts
    pyside6-lrelease -silent resources/translations/tablekeeper_zh_TW.ts \
        -qm resources/translations/tablekeeper_zh_TW.qm

After `update`, translate the new or changed entries (Qt Linguist, `pyside6-linguist`, or by hand:
fill `<translation>` and drop `type="unfinished"`), then `release`, and commit both files.
The tests check that no entry is left unfinished and that the .qm matches the .ts.
"""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "gui"
TRANSLATIONS = ROOT / "resources" / "translations"
LANGUAGES = ("zh_TW",)


def ts_path(language: str) -> Path:
    return TRANSLATIONS / f"tablekeeper_{language}.ts"


def qm_path(language: str) -> Path:
    return TRANSLATIONS / f"tablekeeper_{language}.qm"


def tool(name: str) -> str | None:
    """The PySide6 tool next to this Python (a venv's bin/), else on PATH."""
    beside = Path(sys.executable).with_name(name)
    return str(beside) if beside.exists() else shutil.which(name)


def source_files() -> list[str]:
    return sorted(str(p.relative_to(ROOT)) for p in SOURCES.rglob("*.py") if p.name != "i18n_tools.py")


def update(language: str, ts: Path | None = None) -> Path:
    target = ts or ts_path(language)
    subprocess.run([_require("pyside6-lupdate"), "-silent", "-no-obsolete", "-locations", "none",
                    "-source-language", "en", "-target-language", language,
                    *source_files(), "-ts", str(target)], cwd=ROOT, check=True)
    return target


def release(language: str, qm: Path | None = None, ts: Path | None = None) -> Path:
    target = qm or qm_path(language)
    source = ts or ts_path(language)
    subprocess.run([_require("pyside6-lrelease"), "-silent", str(source), "-qm", str(target)],
                   cwd=ROOT, check=True)
    return target


def _require(name: str) -> str:
    found = tool(name)
    if found is None:
        raise SystemExit(f"{name} not found: install pyside6-essentials")
    return found


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args not in (["update"], ["release"]):
        print(__doc__)
        return 2
    for language in LANGUAGES:
        print(update(language) if args == ["update"] else release(language))
    return 0


if __name__ == "__main__":
    sys.exit(main())
