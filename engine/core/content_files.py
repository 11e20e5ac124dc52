"""A game's shipped content files: where they lie, loading one into its schema, and reporting a
reference between files that does not hold at the file and line a modder must fix.

Every game keeps its boards and cards as YAML under ``resources/<game folder>/`` and loads each
file with the one loader (`content.load`). What is left per game is the same few steps: find the
file in the package, name it in errors as ``resources/<folder>/<file>``, and, when a check across
files fails, find the line of the offending field. A game makes one `ContentFiles` for its folder
and calls it; its content module keeps only its schemas and its own checks.
"""
from __future__ import annotations

from collections.abc import Mapping
from importlib import resources
from typing import TYPE_CHECKING, NoReturn, TypeVar

from .content import ContentError, FieldPath, load, render_path

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

T = TypeVar("T")


class ContentFiles:
    """The content files of one game, under ``resources/<folder>/``; names may have folders in
    them (``cards/items.yaml``)."""

    def __init__(self, folder: str) -> None:
        self.folder = folder
        self._lines: dict[str, Mapping[FieldPath, int]] = {}   # read only when an error needs a line

    def shown_name(self, name: str) -> str:
        """The file as errors name it: ``resources/<folder>/<name>``, the path in the repository."""
        return f"resources/{self.folder}/{name}"

    def source(self, name: str) -> Traversable:
        """The file inside the installed ``resources`` package (a plain file or inside an archive)."""
        return resources.files("resources").joinpath(self.folder, *name.split("/"))

    def load(self, name: str, schema: type[T]) -> T:
        """The file loaded into ``schema``; raises ContentError naming the file, line and field."""
        return load(self.source(name), schema, name=self.shown_name(name))

    def lines(self, name: str) -> Mapping[FieldPath, int]:
        """The file's line of every path, to place a cross-file error (empty if it cannot be read)."""
        if name not in self._lines:
            from .safe_yaml import read_yaml

            try:
                self._lines[name] = read_yaml(self.source(name).read_text(encoding="utf-8"), self.shown_name(name))[1]
            except (OSError, ContentError):
                self._lines[name] = {}
        return self._lines[name]

    def fail(self, name: str, reason: str, path: FieldPath = ()) -> NoReturn:
        """Raise the ContentError for a check across files that fails at ``path`` of file ``name``:
        at the line of ``path``, or of the nearest enclosing path the file has a line for."""
        lines = self.lines(name)
        line = next((lines[path[:end]] for end in range(len(path), 0, -1) if path[:end] in lines), None)
        raise ContentError(self.shown_name(name), reason, line=line, field=render_path(path) or None)
