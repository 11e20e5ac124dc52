"""One loader for boards and card content: safe YAML in, frozen dataclasses out.

Loading runs in two steps. `safe_yaml.read_yaml` turns the composed YAML node tree into plain Python (dicts,
lists, scalars), refusing anything but the core YAML tags and duplicate keys, and notes the line
of every path it passes. `convert` then shapes that plain data after a schema's type hints and
reports problems as a path; the path is looked up in the line table only at the end. So errors
from anywhere, including custom decoders and `__post_init__` checks, get a file, line and field.

Supported hints: str, int (not bool), float (int accepted), bool, None, Optional / X | None,
other unions (first arm that fits), Literal, tuple[X, ...], tuple[X, Y], frozenset[X],
dict[K, V] / Mapping[K, V] (loaded as a `FrozenMap`, so frozen dataclasses stay hashable),
nested dataclasses, object / Any (raw data, frozen), and Annotated[T, decoder] where the decoder
has a `decode_content(raw, path)` method (see `Decoder`; the effect interpreter is one).
"""
from __future__ import annotations

import dataclasses
import functools
import types
from collections.abc import ItemsView, Iterable, Iterator, KeysView, Mapping, Sequence, ValuesView
from dataclasses import dataclass
from pathlib import Path
from typing import (
    TYPE_CHECKING,
    Annotated,
    Any,
    Literal,
    Protocol,
    TypeVar,
    Union,
    get_args,
    get_origin,
    get_type_hints,
)

# ContentError, FieldPath and render_path live in .errors (safe_yaml raises them without this module).
from .errors import ContentError, FieldPath, render_path
from .game import Text

if TYPE_CHECKING:  # importlib.resources pulls in tempfile, zipfile and random: not at start-up
    from importlib.resources.abc import Traversable

T = TypeVar("T")
K = TypeVar("K")
V = TypeVar("V")


class FieldError(Exception):
    """Raised while converting plain data; the loader adds file and line from the path."""

    def __init__(self, path: FieldPath, reason: str, expected: str | None = None) -> None:
        super().__init__(reason)
        self.path = path
        self.reason = reason
        self.expected = expected

    def located(self, file: str, lines: Mapping[FieldPath, int] | None = None) -> ContentError:
        line = _line_of(self.path, lines) if lines else None
        return ContentError(file, self.reason, line=line, field=render_path(self.path) or None,
                            expected=self.expected)


class Decoder(Protocol):
    """Metadata for `Annotated[T, decoder]`: builds a T from raw data, raising FieldError."""

    def decode_content(self, raw: object, path: FieldPath) -> object: ...


class FrozenMap(Mapping[K, V]):
    """A read-only, hashable dict; mapping fields load as this so frozen dataclasses can be hashed."""

    __slots__ = ("_data",)

    def __init__(self, data: Mapping[K, V] | Iterable[tuple[K, V]] = ()) -> None:
        self._data: dict[K, V] = dict(data)

    @classmethod
    def owning(cls, data: dict[K, V]) -> FrozenMap[K, V]:
        """A FrozenMap over ``data`` itself, not a copy: for a new dict nobody else holds."""
        frozen = cls.__new__(cls)
        frozen._data = data
        return frozen

    def __getitem__(self, key: K) -> V:
        return self._data[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    # The dict's own methods and views: the Mapping mixins' would work through __getitem__ in
    # Python, and effect trees are read at every decision.
    def __contains__(self, key: object) -> bool:
        return key in self._data

    def get(self, key: K, default: Any = None) -> Any:
        return self._data.get(key, default)

    def keys(self) -> KeysView[K]:
        return self._data.keys()

    def items(self) -> ItemsView[K, V]:
        return self._data.items()

    def values(self) -> ValuesView[V]:
        return self._data.values()

    def __hash__(self) -> int:
        return hash(frozenset(self._data.items()))

    def __repr__(self) -> str:
        return f"FrozenMap({self._data!r})"


# -- entry points -------------------------------------------------------------------------------

def load(source: Path | Traversable | str, schema: type[T], *, name: str | None = None) -> T:
    """Load a file (Path or importlib.resources Traversable), or YAML text, into `schema`."""
    if isinstance(source, str):
        return parse(source, schema, name or "<text>")
    file = name or str(source)
    try:
        text = source.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ContentError(file, "file not found") from None
    except UnicodeDecodeError as exc:
        raise ContentError(file, f"not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    except OSError as exc:
        raise ContentError(file, f"cannot read the file ({exc.strerror or exc})") from None
    return parse(text, schema, file)


def parse(text: str, schema: type[T], name: str) -> T:
    """Parse YAML text into `schema`; `name` stands for the file in error messages."""
    from .safe_yaml import read_yaml  # PyYAML loads with the first content file, not at start-up

    raw, lines = read_yaml(text, name)
    try:
        return convert(raw, schema, ())  # type: ignore[return-value]
    except FieldError as exc:
        raise exc.located(name, lines) from None


# -- conversion after type hints ----------------------------------------------------------------

def convert(raw: object, hint: Any, path: FieldPath = ()) -> object:
    """Shape plain data after a type hint, raising FieldError with the path of the first misfit."""
    origin, args = get_origin(hint), get_args(hint)
    if origin is Annotated:
        decoder = next((m for m in hint.__metadata__ if hasattr(m, "decode_content")), None)
        return decoder.decode_content(raw, path) if decoder else convert(raw, args[0], path)
    if hint is Any or hint is object:
        return _freeze(raw)
    if dataclasses.is_dataclass(hint) and isinstance(hint, type):
        return _convert_dataclass(raw, hint, path)
    if hint in _SCALAR_CHECKS:
        return _convert_scalar(raw, hint, path)
    if origin is Literal:
        if any(raw == choice and type(raw) is type(choice) for choice in args):
            return raw
        raise _mismatch(raw, hint, path)
    if origin is Union or origin is types.UnionType:
        return _convert_union(raw, args, hint, path)
    if origin in (tuple, frozenset) or hint in (tuple, frozenset):
        return _convert_collection(raw, origin or hint, args, hint, path)
    if origin in (dict, Mapping) or hint in (dict, Mapping):
        return _convert_mapping(raw, args or (Any, Any), hint, path)
    raise TypeError(f"unsupported type hint in a content schema: {hint!r}")


_SCALAR_CHECKS: dict[Any, Any] = {
    str: lambda v: isinstance(v, str),
    int: lambda v: isinstance(v, int) and not isinstance(v, bool),
    float: lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    bool: lambda v: isinstance(v, bool),
    type(None): lambda v: v is None,
    None: lambda v: v is None,
}


def _convert_scalar(raw: object, hint: Any, path: FieldPath) -> object:
    if not _SCALAR_CHECKS[hint](raw):
        if hint is str and isinstance(raw, (bool, int, float)):  # YAML reads no, on, 1.0 as values
            raise FieldError(path, f"expected a string, got {show_value(raw)} (quote it to keep it as text)",
                             "a string")
        raise _mismatch(raw, hint, path)
    return float(raw) if hint is float else raw  # type: ignore[arg-type]


def _convert_union(raw: object, arms: tuple[Any, ...], hint: Any, path: FieldPath) -> object:
    if raw is None and type(None) in arms:
        return None
    arms = tuple(arm for arm in arms if arm is not type(None))
    if len(arms) == 1:
        return convert(raw, arms[0], path)
    for arm in arms:
        try:
            return convert(raw, arm, path)
        except FieldError:
            continue
    raise _mismatch(raw, hint, path)


def _convert_collection(raw: object, kind: type, args: tuple[Any, ...], hint: Any,
                        path: FieldPath) -> object:
    if not isinstance(raw, list):
        raise _mismatch(raw, hint, path)
    if kind is tuple and args and args[-1] is not Ellipsis:  # fixed length: tuple[X, Y]
        if len(raw) != len(args):
            raise FieldError(path, f"expected {_describe(hint)}, got {len(raw)} items", _describe(hint))
        return tuple(convert(item, arg, path + (i,)) for i, (item, arg) in enumerate(zip(raw, args)))
    item_hint = args[0] if args else Any
    items = [convert(item, item_hint, path + (i,)) for i, item in enumerate(raw)]
    if kind is frozenset:
        try:
            return frozenset(items)
        except TypeError:
            raise FieldError(path, "set items must be plain values, not lists or mappings") from None
    return tuple(items)


def _convert_mapping(raw: object, args: tuple[Any, ...], hint: Any, path: FieldPath) -> FrozenMap[Any, Any]:
    if not isinstance(raw, dict):
        raise _mismatch(raw, hint, path)
    key_hint, value_hint = args
    return FrozenMap((convert(key, key_hint, path + (key,)), convert(value, value_hint, path + (key,)))
                     for key, value in raw.items())


def _convert_dataclass(raw: object, cls: type, path: FieldPath) -> object:
    if not isinstance(raw, dict):
        raise _mismatch(raw, cls, path)
    fields = {f.name: f for f in dataclasses.fields(cls) if f.init}
    for key in raw:
        if key not in fields:
            hint = did_you_mean(str(key), fields)
            raise FieldError(path + (key,), f"unknown field {str(key)!r}{hint}")
    hints = _hints(cls)
    values: dict[str, object] = {}
    for name, field in fields.items():
        if name in raw:
            values[name] = convert(raw[name], hints[name], path + (name,))
        elif field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING:
            raise FieldError(path + (name,), f"missing required field {name!r}")
    try:
        return cls(**values)
    except ValueError as exc:  # a schema's __post_init__ cross-field check
        raise FieldError(path, str(exc)) from None


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return get_type_hints(cls, include_extras=True)


_LEAVES = frozenset({str, int, float, bool, type(None)})


def _freeze(raw: object) -> object:
    """Raw data for `object` fields, made immutable: lists become tuples, dicts FrozenMaps.
    (Rules read such fields from queued steps at every step, so leaves are passed over without a
    call and each map's new dict is handed to its FrozenMap rather than copied.)"""
    kind = raw.__class__
    if kind in _LEAVES:
        return raw
    if isinstance(raw, list):
        return tuple([item if item.__class__ in _LEAVES else _freeze(item) for item in raw])
    if isinstance(raw, dict):
        return FrozenMap.owning({key: value if value.__class__ in _LEAVES else _freeze(value)
                                 for key, value in raw.items()})
    return raw


# -- messages -----------------------------------------------------------------------------------

def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """' (did you mean 'x'?)' when a choice is close to `word`, else ''."""
    import difflib  # only when a name is wrong

    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


@dataclass(frozen=True)
class Name:
    """A player-facing name in content files: ``{en: …, zh: …}`` (Traditional Chinese)."""

    en: str
    zh: str

    def text(self) -> Text:
        return Text(self.en, self.zh)


def check_unique(items: Sequence[Any], key: str, path: FieldPath) -> None:
    """A repeated ``key`` in one list of a file, reported at the repeat's own line.

    Raises FieldError with the path from the file's root, so only top-level file schemas (whose
    paths are known) call this; the loader adds file and line.
    """
    seen: dict[object, int] = {}
    for i, item in enumerate(items):
        value = getattr(item, key)
        if value in seen:
            raise FieldError(path + (i, key), f"duplicate {key} {value!r} (first at "
                                              f"{render_path(path + (seen[value],))})")
        seen[value] = i


def check_count(path: FieldPath, what: str, got: int, expected: int, hint: str) -> None:
    """A content list must hold exactly the number the spec gives (``hint`` says where)."""
    if got != expected:
        raise FieldError(path, f"{got} {what}, expected {expected} ({hint})")


def _line_of(path: FieldPath, lines: Mapping[FieldPath, int]) -> int | None:
    """The line of the deepest part of `path` that the file has (a missing field -> its parent)."""
    for end in range(len(path), -1, -1):
        if path[:end] in lines:
            return lines[path[:end]]
    return None


def _mismatch(raw: object, hint: Any, path: FieldPath) -> FieldError:
    expected = _describe(hint)
    return FieldError(path, f"expected {expected}, got {show_value(raw)}", expected)


def _describe(hint: Any) -> str:
    origin, args = get_origin(hint), get_args(hint)
    names = {str: "a string", int: "an integer", float: "a number", bool: "true or false",
             type(None): "null", None: "null"}
    if hint in names:
        return names[hint]
    if origin is Annotated:
        return _describe(args[0])
    if origin is Literal:
        return "one of " + ", ".join(repr(choice) for choice in args)
    if origin is Union or origin is types.UnionType:
        return " or ".join(_describe(arm) for arm in args)
    if origin is tuple and args and args[-1] is not Ellipsis:
        return f"a list of {len(args)} items"
    if origin in (tuple, frozenset) or hint in (tuple, frozenset):
        return "a list"
    return "a mapping"  # dicts and dataclasses


def show_value(raw: object) -> str:
    """How a raw value reads in a message: 'three', 3, null, a list, a mapping."""
    if raw is None:
        return "null"
    if isinstance(raw, bool):
        return "true" if raw else "false"
    if isinstance(raw, list):
        return "a list"
    if isinstance(raw, dict):
        return "a mapping"
    return repr(raw)
