"""A small vocabulary for the shape of plain data (types, required keys, known ids, ranges,
lengths), so that a hand-edited or damaged state is refused with the field and what was expected
before any rule code reads it.

Each schema checks a value and reports `Problem`s, each naming the path of the field (as the
YAML loader records lines for) and what it should be:

    PLAYER = Record({"seat": Int(0, 5), "hand": ListOf(Str(CARD_IDS), max_len=10)})
    problems = check(PLAYER, value)      # [] when it fits; else Problem(("hand", 3), "…")

Cross-field facts (a card in exactly one place, counts that add up) are the game's invariants,
checked after the shape; a schema only promises that the rules will find the types they expect.
"""
from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .content import FieldPath, render_path

# Enough problems to fix a document in one go, few enough to read.
MAX_PROBLEMS = 20


@dataclass(frozen=True, slots=True)
class Problem:
    path: FieldPath
    message: str

    def __str__(self) -> str:
        where = render_path(self.path)
        return f"{where}: {self.message}" if where else self.message


class _Full(Exception):
    """Enough problems found: stop walking the document."""


class Schema:
    """The shape of one value. Subclasses implement `_check` and `expected`."""

    def expected(self) -> str:
        """What the value should be, in a few words ("an int from 0 to 5")."""
        raise NotImplementedError

    def _check(self, value: Any, path: FieldPath, found: list[Problem]) -> None:
        raise NotImplementedError

    def report(self, value: Any, path: FieldPath, found: list[Problem], message: str | None = None) -> None:
        found.append(Problem(path, message or f"expected {self.expected()}, not {describe(value)}"))
        if len(found) >= MAX_PROBLEMS:
            raise _Full


def check(schema: Schema, value: Any, path: FieldPath = ()) -> list[Problem]:
    """Every problem of ``value`` against ``schema`` (at most MAX_PROBLEMS); [] when it fits."""
    found: list[Problem] = []
    try:
        schema._check(value, path, found)
    except _Full:
        pass
    return found


def describe(value: Any) -> str:
    """A value in a message: short, with its type where that is the point."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        text = str(value)
        return text if len(text) <= 20 else text[:8] + "…" + text[-4:] + f" ({len(text)} digits)"
    if isinstance(value, str):
        return repr(value) if len(value) <= 40 else repr(value[:36]) + "…"
    if isinstance(value, list):
        return f"a list of {len(value)}"
    if isinstance(value, dict):
        return f"a mapping of {len(value)} keys"
    return type(value).__name__


# -- scalars -----------------------------------------------------------------------------------
class Anything(Schema):
    def expected(self) -> str:
        return "any value"

    def _check(self, value: Any, path: FieldPath, found: list[Problem]) -> None:
        pass


class Int(Schema):
    def __init__(self, minimum: int | None = None, maximum: int | None = None) -> None:
        self.minimum, self.maximum = minimum, maximum

    def expected(self) -> str:
        low, high = self.minimum, self.maximum
        if low is not None and high is not None:
            return f"an int from {low} to {high}"
        if low is not None:
            return f"an int of at least {low}"
        if high is not None:
            return f"an int of at most {high}"
        return "an int"

    def _check(self, value: Any, path: FieldPath, found: list[Problem]) -> None:
        if (value.__class__ is not int or (self.minimum is not None and value < self.minimum)
                or (self.maximum is not None and value > self.maximum)):
            self.report(value, path, found)


class Number(Schema):
    """An int or a finite float."""

    def expected(self) -> str:
        return "a number"

    def _check(self, value: Any, path: FieldPath, found: list[Problem]) -> None:
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value \
                or value in (float("inf"), float("-inf")):
            self.report(value, path, found)


class Bool(Schema):
    def expected(self) -> str:
        return "true or false"

    def _check(self, value: Any, path: FieldPath, found: list[Problem]) -> None:
        if value.__class__ is not bool:
            self.report(value, path, found)


class Str(Schema):
    """A string; with ``choices``, one of them (a set of known ids, or a callable giving it).
    ``what`` names the choices in messages ("a card id")."""

    def __init__(self, choices: Collection[str] | Callable[[], Collection[str]] | None = None,
                 what: str | None = None, max_len: int = 1_000) -> None:
        self._choices = choices
        self.what = what
        self.max_len = max_len

    @property
    def choices(self) -> Collection[str] | None:
        return self._choices() if callable(self._choices) else self._choices

    def expected(self) -> str:
        choices = self.choices
        if choices is None:
            return self.what or "a string"
        if self.what:
            return self.what
        shown = sorted(choices)
        listed = ", ".join(shown[:8]) + (", …" if len(shown) > 8 else "")
        return f"one of {listed}"

    def _check(self, value: Any, path: FieldPath, found: list[Problem]) -> None:
        if value.__class__ is not str or len(value) > self.max_len:
            self.report(value, path, found)
            return
        choices = self.choices
        if choices is not None and value not in choices:
            self.report(value, path, found, f"{describe(value)} is not {self.expected()}")


class Const(Schema):
    def __init__(self, *values: Any) -> None:
        self.values = values

    def expected(self) -> str:
        return " or ".join(describe(v) for v in self.values)

    def _check(self, value: Any, path: FieldPath, found: list[Problem]) -> None:
        if not any(value == v and type(value) is type(v) for v in self.values):
            self.report(value, path, found)


NULL = Const(None)


# -- combinations ------------------------------------------------------------------------------
class OneOf(Schema):
    """The first of ``options`` whose type fits decides (so a message speaks of the right one)."""

    def __init__(self, *options: Schema) -> None:
        self.options = options

    def expected(self) -> str:
        return " or ".join(o.expected() for o in self.options)

    def _check(self, value: Any, path: FieldPath, found: list[Problem]) -> None:
        for option in self.options:
            if not check(option, value):
                return
        self.report(value, path, found)


class Nullable(Schema):
    """null, or a value of ``schema`` (whose problems are reported as they are)."""

    def __init__(self, schema: Schema) -> None:
        self.schema = schema

    def expected(self) -> str:
        return f"null or {self.schema.expected()}"

    def _check(self, value: Any, path: FieldPath, found: list[Problem]) -> None:
        if value is not None:
            self.schema._check(value, path, found)


class ListOf(Schema):
    def __init__(self, item: Schema, min_len: int = 0, max_len: int = 10_000, unique: bool = False) -> None:
        self.item, self.min_len, self.max_len, self.unique = item, min_len, max_len, unique

    def expected(self) -> str:
        size = (f" of {self.min_len}" if self.min_len == self.max_len else
                f" of at most {self.max_len}" if self.min_len == 0 else
                f" of {self.min_len} to {self.max_len}")
        return f"a list{size} ({self.item.expected()})"

    def _check(self, value: Any, path: FieldPath, found: list[Problem]) -> None:
        if value.__class__ is not list:
            self.report(value, path, found)
            return
        if not self.min_len <= len(value) <= self.max_len:
            self.report(value, path, found, f"expected {self.expected()}, not a list of {len(value)}")
            return
        for index, item in enumerate(value):
            self.item._check(item, path + (index,), found)
        if self.unique:
            seen: set[Any] = set()
            for index, item in enumerate(value):
                if isinstance(item, (str, int)):
                    if item in seen:
                        self.report(item, path + (index,), found,
                                    f"{describe(item)} appears twice in the list")
                    seen.add(item)


class Tuple(Schema):
    """A list of fixed length whose items each have their own schema."""

    def __init__(self, *items: Schema) -> None:
        self.items = items

    def expected(self) -> str:
        return f"a list of {len(self.items)} ({', '.join(i.expected() for i in self.items)})"

    def _check(self, value: Any, path: FieldPath, found: list[Problem]) -> None:
        if value.__class__ is not list or len(value) != len(self.items):
            self.report(value, path, found)
            return
        for index, (item, schema) in enumerate(zip(value, self.items)):
            schema._check(item, path + (index,), found)


class Record(Schema):
    """A mapping with known fields: ``fields`` must be there, ``optional`` may be; no others
    unless ``extra`` gives the schema of every other field."""

    def __init__(self, fields: Mapping[str, Schema], optional: Mapping[str, Schema] | None = None,
                 extra: Schema | None = None, what: str = "a mapping") -> None:
        self.fields, self.optional, self.extra, self.what = dict(fields), dict(optional or {}), extra, what

    def expected(self) -> str:
        return self.what

    def _check(self, value: Any, path: FieldPath, found: list[Problem]) -> None:
        if value.__class__ is not dict:
            self.report(value, path, found)
            return
        for key, schema in self.fields.items():
            if key not in value:
                self.report(value, path, found, f"the field {key!r} is missing ({schema.expected()})")
            else:
                schema._check(value[key], path + (key,), found)
        for key, item in value.items():
            if key in self.fields:
                continue
            other = self.optional.get(key, self.extra)
            if other is None:
                known = ", ".join(sorted([*self.fields, *self.optional]))
                self.report(item, path + (key,), found, f"unknown field {describe(key)} (known: {known})")
            else:
                other._check(item, path + (key,), found)


class MapOf(Schema):
    """A mapping whose keys fit ``key`` (a `Str`, often of known ids) and values ``value``;
    ``complete`` asks for every one of the key's choices."""

    def __init__(self, key: Str, value: Schema, complete: bool = False, max_len: int = 10_000) -> None:
        self.key, self.value, self.complete, self.max_len = key, value, complete, max_len

    def expected(self) -> str:
        return f"a mapping from {self.key.expected()} to {self.value.expected()}"

    def _check(self, value: Any, path: FieldPath, found: list[Problem]) -> None:
        if value.__class__ is not dict or len(value) > self.max_len:
            self.report(value, path, found)
            return
        for key, item in value.items():
            before = len(found)
            self.key._check(key, path + (key,), found)
            if len(found) == before:
                self.value._check(item, path + (key,), found)
        if self.complete and self.key.choices is not None:
            missing = sorted(set(self.key.choices) - set(value))
            if missing:
                self.report(value, path, found, f"the key {missing[0]!r} is missing ({self.key.expected()})")


class Tagged(Schema):
    """A mapping whose ``tag`` field says which of ``shapes`` it has (a turn modifier's kind, a
    queued effect's primitive); its problems are those of that shape."""

    def __init__(self, tag: str, shapes: Mapping[str, Schema], what: str) -> None:
        self.tag, self.shapes, self.what = tag, dict(shapes), what

    def expected(self) -> str:
        return self.what

    def _check(self, value: Any, path: FieldPath, found: list[Problem]) -> None:
        if value.__class__ is not dict:
            self.report(value, path, found)
            return
        if self.tag not in value:
            self.report(value, path, found, f"the field {self.tag!r} is missing ({self.what})")
            return
        name = value[self.tag]
        shape = self.shapes.get(name) if name.__class__ is str else None
        if shape is None:
            known = ", ".join(sorted(self.shapes)[:8]) + (", …" if len(self.shapes) > 8 else "")
            self.report(name, path + (self.tag,), found,
                        f"{describe(name)} is not a known {self.tag} ({known})")
            return
        shape._check(value, path, found)


class Where(Schema):
    """``schema``, and then ``test(value)`` must hold (``message`` says what it asks)."""

    def __init__(self, schema: Schema, test: Callable[[Any], bool], message: str) -> None:
        self.schema, self.test, self.message = schema, test, message

    def expected(self) -> str:
        return f"{self.schema.expected()}, {self.message}"

    def _check(self, value: Any, path: FieldPath, found: list[Problem]) -> None:
        before = len(found)
        self.schema._check(value, path, found)
        if len(found) == before and not self.test(value):
            self.report(value, path, found, f"{describe(value)} breaks the rule: {self.message}")


class Lazy(Schema):
    """A schema built on first use (content-backed id sets load then; recursive shapes)."""

    def __init__(self, build: Callable[[], Schema]) -> None:
        self._build = build
        self._schema: Schema | None = None

    @property
    def schema(self) -> Schema:
        if self._schema is None:
            self._schema = self._build()
        return self._schema

    def expected(self) -> str:
        return self.schema.expected()

    def _check(self, value: Any, path: FieldPath, found: list[Problem]) -> None:
        self.schema._check(value, path, found)


class FlowStep(Schema):
    """One queued step of a game's effect flow ``{primitive, params, meta[, pause]}``: ``base``
    checks the frame, ``params`` the parameters of each primitive, and a pause must be one of the
    decisions its primitive asks (``pauses``)."""

    def __init__(self, base: Record, params: Mapping[str, Schema],
                 pauses: Mapping[str, Collection[str]]) -> None:
        self.base, self.params, self.pauses = base, dict(params), dict(pauses)

    def expected(self) -> str:
        return "a queued step {primitive, params, meta} (with a pause when it waits for an answer)"

    def _check(self, value: Any, path: FieldPath, found: list[Problem]) -> None:
        before = len(found)
        self.base._check(value, path, found)
        if len(found) != before:
            return
        name = value["primitive"]
        self.params[name]._check(value["params"], path + ("params",), found)
        asks = self.pauses.get(name, ())
        if "pause" in value and value["pause"]["kind"] not in asks:
            self.report(value["pause"]["kind"], path + ("pause", "kind"), found,
                        f"the step {name} never asks {value['pause']['kind']!r} "
                        f"(it asks: {', '.join(asks) or 'nothing'})")


def ids(values: Iterable[str]) -> frozenset[str]:
    """A frozen set of known ids, for `Str` choices."""
    return frozenset(values)
