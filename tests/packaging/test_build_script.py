"""packaging/build.py's staging: the build sees what a clean checkout holds, nothing more."""
from __future__ import annotations

import importlib.util
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def load_build():
    spec = importlib.util.spec_from_file_location("tablekeeper_build", ROOT / "packaging" / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_staging_takes_tracked_and_new_files_but_never_ignored_ones(tmp_path: Path) -> None:
    build = load_build()
    source = tmp_path / "checkout"
    (source / "gui").mkdir(parents=True)
    (source / "build" / "bundle").mkdir(parents=True)
    (source / "gui" / "__pycache__").mkdir()
    (source / ".gitignore").write_text("build/\n__pycache__/\n", encoding="utf-8")
    (source / "gui" / "app.py").write_text("tracked\n", encoding="utf-8")
    (source / "gui" / "gone.py").write_text("deleted after commit\n", encoding="utf-8")
    subprocess.run(["git", "init", "-q", str(source)], check=True)
    subprocess.run(["git", "-C", str(source), "add", "."], check=True)
    (source / "gui" / "gone.py").unlink()
    (source / "gui" / "new.py").write_text("not committed yet\n", encoding="utf-8")
    (source / "gui" / "__pycache__" / "app.cpython-311.pyc").write_bytes(b"stale")
    (source / "build" / "bundle" / "old.tar.gz").write_bytes(b"old build")

    stage = tmp_path / "stage"
    build.stage_sources(source, stage)
    staged = sorted(str(p.relative_to(stage)) for p in stage.rglob("*") if p.is_file())
    assert staged == [".gitignore", "gui/app.py", "gui/new.py"]


def test_the_archive_names_the_version_and_holds_the_launcher_icons_and_installer(tmp_path: Path) -> None:
    import tarfile
    build = load_build()
    folder = tmp_path / "dist" / "tablekeeper"
    (folder / "_internal").mkdir(parents=True)
    (folder / "tablekeeper").write_bytes(b"\x7fELF")
    archive = build.linux_archive(folder, ROOT, tmp_path, "9.9.9")
    assert archive.name.startswith("tablekeeper-9.9.9-linux-") and archive.name.endswith(".tar.gz")
    with tarfile.open(archive) as tar:
        names = {name.split("/", 1)[1] for name in tar.getnames() if "/" in name}
        mode = tar.getmember(f"{archive.name.removesuffix('.tar.gz')}/install.sh").mode
    assert {"tablekeeper/tablekeeper", "tablekeeper.desktop", "install.sh", "tablekeeper-mime.xml",
            "README.txt", "icons/hicolor/scalable/apps/tablekeeper.svg"} <= names
    assert {f"icons/hicolor/{s}x{s}/apps/tablekeeper.png" for s in (16, 24, 32, 48, 64, 128, 256)} <= names
    assert mode & 0o111
