"""Safe YAML text in, plain data out, with the 1-based line of every path in it.

Composes the node tree (so nothing is ever constructed from a tag) and converts it by hand,
refusing any tag beyond the core YAML ones, merge keys and duplicate keys (PyYAML would keep
the last). Content files and state documents are both read here.
"""
from __future__ import annotations

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from .errors import ContentError, FieldPath, render_path

_CORE = "tag:yaml.org,2002:"
_SCALAR_TAGS = frozenset(_CORE + name for name in ("str", "int", "float", "bool", "null"))
_SCALAR_CONSTRUCTORS = yaml.SafeLoader.yaml_constructors  # the safe builders for the core scalar tags
_MAX_NODES = 200_000  # stops alias "billion laughs" expansion long before memory runs out
# libyaml's parser when PyYAML has it (its wheels do): it composes the same nodes with the same
# lines 5-7 times faster than the pure-Python one, which stays the fallback.
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def read_yaml(text: str, name: str) -> tuple[object, dict[FieldPath, int]]:
    """Plain data from safe YAML, plus the 1-based line of every path in it."""
    loader = _Loader(text)  # composing only: no object is constructed from a tag
    try:
        root = loader.get_single_node()
        if root is None:
            raise ContentError(name, "the file is empty (no YAML document)")
        reader = _Reader(name, loader)
        return reader.read(root, ()), reader.lines
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        problem = exc.problem or exc.context or "unreadable YAML"
        last_line = max(len(text.splitlines()), 1)  # a truncated file ends past its last line
        raise ContentError(name, f"YAML syntax error: {problem}",
                           line=min(mark.line + 1, last_line) if mark else None) from None
    except yaml.YAMLError as exc:
        raise ContentError(name, f"YAML error: {exc}") from None
    finally:
        loader.dispose()


class _Reader:
    """Node tree -> plain Python, refusing custom tags, merge keys and duplicate keys."""

    def __init__(self, file: str, loader: yaml.SafeLoader) -> None:
        self.file = file
        self.loader = loader
        self.lines: dict[FieldPath, int] = {}
        self._open: set[int] = set()  # nodes being read, to catch recursive aliases
        self._budget = _MAX_NODES

    def read(self, node: Node, path: FieldPath) -> object:
        self.lines.setdefault(path, node.start_mark.line + 1)
        self._budget -= 1
        if self._budget < 0:
            raise self._error(node, path, "the document is too large (runaway aliases?)")
        if isinstance(node, ScalarNode):
            return self._scalar(node, path)
        if id(node) in self._open:
            raise self._error(node, path, "a YAML alias refers to itself")
        self._open.add(id(node))
        try:
            if isinstance(node, SequenceNode):
                self._check_tag(node, path, {_CORE + "seq"})
                return [self.read(item, path + (i,)) for i, item in enumerate(node.value)]
            assert isinstance(node, MappingNode)
            self._check_tag(node, path, {_CORE + "map"})
            return self._read_mapping(node, path)
        finally:
            self._open.discard(id(node))

    def _read_mapping(self, node: MappingNode, path: FieldPath) -> dict[object, object]:
        result: dict[object, object] = {}
        for key_node, value_node in node.value:
            if key_node.tag == _CORE + "merge":
                raise self._error(key_node, path, "merge keys (<<) are not supported; repeat the fields")
            if not isinstance(key_node, ScalarNode):
                raise self._error(key_node, path, "mapping keys must be plain values, not lists or mappings")
            key = self._scalar(key_node, path)
            if key in result:
                raise self._error(key_node, path + (key,), f"duplicate key {key!r}")
            self.lines[path + (key,)] = key_node.start_mark.line + 1  # report a field at its key
            result[key] = self.read(value_node, path + (key,))
        return result

    def _scalar(self, node: ScalarNode, path: FieldPath) -> object:
        if node.tag == _CORE + "timestamp":
            return node.value  # an unquoted date stays text rather than becoming a datetime
        self._check_tag(node, path, _SCALAR_TAGS)
        return _SCALAR_CONSTRUCTORS[node.tag](self.loader, node)

    def _check_tag(self, node: Node, path: FieldPath, allowed: set[str] | frozenset[str]) -> None:
        if node.tag not in allowed:
            shown = node.tag.replace(_CORE, "!!")
            raise self._error(node, path, f"custom YAML tags are not allowed (found {shown})")

    def _error(self, node: Node, path: FieldPath, reason: str) -> ContentError:
        return ContentError(self.file, reason, line=node.start_mark.line + 1,
                            field=render_path(path) or None)
