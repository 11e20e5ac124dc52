"""Commands: what a seat wants to do, as frozen values with a text notation that round-trips.

Notation: ``[SEAT:] VERB {ARG} {KEY=VALUE}``, tokens separated by spaces, for example
``0: move T25,T13,T14 extension=1 dilute=none``.

A value is an int (``-3``), a name (``T25``, ``venfero_secret/3``, ``neutral@willow_fords``) or a
tuple of ints and names (``T25,T13``; one item is written ``T25,``; none is written ``-``).
Names start with a letter or ``_`` so they are never mistaken for ints.

Limits, so that hostile text is refused before it costs anything: a number has at most
`MAX_DIGITS` digits, a name at most `MAX_NAME` characters, a list at most `MAX_ITEMS` items and
a whole command at most `MAX_TEXT` characters. Real commands stay far below them.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .errors import NotationError

Atom = int | str
Value = int | str | tuple[Atom, ...]

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_@/.+\-]*\Z")
_INT = re.compile(r"-?[0-9]+\Z")
_KEY = re.compile(r"[a-z_][a-z0-9_]*\Z")
EMPTY = "-"

MAX_DIGITS = 9
MAX_INT = 10**MAX_DIGITS - 1
MAX_NAME = 256
MAX_ITEMS = 64
MAX_TEXT = 4_000
MAX_SEAT = 99


# Names and keys already checked: games build many commands from few words, so remembering them
# makes listing legal commands much cheaper. Bounded by count and by characters, so endless new
# words cannot grow it (names are short: MAX_NAME).
_valid_names: set[str] = set()
_valid_keys: set[str] = set()
_MEMORY = 100_000
_MEMORY_CHARS = 2_000_000
_remembered_chars = 0


def _remember(memory: set[str], pattern: re.Pattern[str], word: str) -> bool:
    global _remembered_chars
    if word in memory:
        return True
    if len(word) <= MAX_NAME and pattern.match(word):
        if len(memory) < _MEMORY and _remembered_chars + len(word) <= _MEMORY_CHARS:
            memory.add(word)
            _remembered_chars += len(word)
        return True
    return False


def _too_long(word: str) -> NotationError:
    shown = word[:20] + "…" if len(word) > 24 else word
    return NotationError(f"{shown!r} is too long: a name has at most {MAX_NAME} characters")


def _check_atom(value: object) -> None:
    if value.__class__ is str and value in _valid_names:
        return
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise NotationError(f"a command value must be an int or a name, not {_short(value)}")
    if isinstance(value, int):
        if not -MAX_INT <= value <= MAX_INT:
            raise _too_big(str(value))
    elif len(value) > MAX_NAME:
        raise _too_long(value)
    elif not _remember(_valid_names, _NAME, value):
        raise NotationError(
            f"{value!r} is not a valid name: use letters, digits and _ @ / . + -, starting with a letter"
        )


def _check_value(value: object) -> None:
    if value.__class__ is str and value in _valid_names:
        return
    if isinstance(value, tuple):
        if len(value) > MAX_ITEMS:
            raise NotationError(f"a list in a command has at most {MAX_ITEMS} items, not {len(value)}")
        for item in value:
            _check_atom(item)
    else:
        _check_atom(value)


def _known_value(value: object) -> bool:
    """True when ``value`` is plainly valid: an int, a name already checked, or a tuple of those.
    False only means "check it fully"."""
    kind = value.__class__
    if kind is int:
        return -MAX_INT <= value <= MAX_INT
    if kind is str:
        return value in _valid_names
    if kind is tuple:
        if len(value) > MAX_ITEMS:  # type: ignore[arg-type]
            return False
        for item in value:  # type: ignore[attr-defined]
            kind = item.__class__
            if not ((kind is int and -MAX_INT <= item <= MAX_INT) or (kind is str and item in _valid_names)):
                return False
        return True
    return False


def _known_options(options: tuple[tuple[str, Value], ...]) -> tuple[tuple[str, Value], ...] | None:
    """The options sorted by key when they are pairs of a checked key, given once, and a plainly
    valid value (`_known_value`): ``options`` itself when its keys already rise, as they nearly
    always do. None only means "check them fully" (`Command._check_words`)."""
    if options.__class__ is not tuple or len(options) > MAX_ITEMS:
        return None
    previous = ""  # below every key: keys are never empty
    rising = True
    for pair in options:
        if pair.__class__ is not tuple or len(pair) != 2:
            return None
        key, value = pair
        if key.__class__ is not str or key not in _valid_keys:
            return None
        kind = value.__class__
        if not ((kind is str and value in _valid_names) or (kind is int and -MAX_INT <= value <= MAX_INT)
                or (kind is tuple and _known_value(value))):
            return None
        if key <= previous:
            rising = False
        previous = key
    if rising:  # sorted already, and so each key given once
        return options
    if len({key for key, _ in options}) != len(options):
        return None  # a key given twice: the full check names it
    return tuple(sorted(options))


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:36] + "…"


def _too_big(digits: str) -> NotationError:
    shown = digits if len(digits) <= 14 else digits[:6] + "…" + digits[-3:]
    return NotationError(f"the number {shown} is too large: a command number has at most {MAX_DIGITS} digits")


def format_value(value: Value) -> str:
    if isinstance(value, tuple):
        if not value:
            return EMPTY
        text = ",".join(str(v) for v in value)
        return text + "," if len(value) == 1 else text
    return str(value)


def _parse_atom(token: str, text: str) -> Atom:
    if _INT.match(token):
        if len(token.lstrip("-")) > MAX_DIGITS:
            raise _too_big(token)
        return int(token)
    if len(token) > MAX_NAME:
        raise _too_long(token)
    if _NAME.match(token):
        return token
    raise NotationError(f"cannot read {token!r} in command {_short(text)}")


def parse_value(token: str, text: str = "") -> Value:
    if token == EMPTY:
        return ()
    if "," in token:
        items = token.split(",")
        if items[-1] == "":
            items.pop()
        if not items or "" in items:
            raise NotationError(f"empty item in list {_short(token)} of command {_short(text or token)}")
        if len(items) > MAX_ITEMS:
            raise NotationError(f"a list in a command has at most {MAX_ITEMS} items, not {len(items)}")
        return tuple(_parse_atom(item, text or token) for item in items)
    return _parse_atom(token, text or token)


@dataclass(frozen=True, slots=True, init=False)
class Command:
    """One intent of one seat. ``seat`` is None only while a command is typed without one."""

    verb: str
    args: tuple[Value, ...] = ()
    options: tuple[tuple[str, Value], ...] = ()
    seat: int | None = None

    def __init__(self, verb: str, args: tuple[Value, ...] = (), options: tuple[tuple[str, Value], ...] = (),
                 seat: int | None = None) -> None:
        # Written out rather than generated: games build many commands per decision, nearly all
        # from words already checked, and this common case runs here without a further call.
        _set_verb(self, verb)
        _set_args(self, args)
        _set_options(self, options)
        _set_seat(self, seat)
        if verb.__class__ is str and verb in _valid_keys and len(args) <= MAX_ITEMS and (
                seat is None or (seat.__class__ is int and 0 <= seat <= MAX_SEAT)):
            for value in args:
                kind = value.__class__
                if not ((kind is str and value in _valid_names) or (kind is int and -MAX_INT <= value <= MAX_INT)
                        or (kind is tuple and _known_value(value))):
                    break
            else:
                if not options:
                    return
                ordered = _known_options(options)
                if ordered is not None:
                    if ordered is not options:  # kept sorted so that equal intents are equal values
                        _set_options(self, ordered)
                    return
        self._check_words()
        if self.options:
            _set_options(self, tuple(sorted(self.options)))

    @staticmethod
    def trusted(verb: str, args: tuple[Value, ...] = (), options: tuple[tuple[str, Value], ...] = (),
                seat: int | None = None) -> Command:
        """The command ``Command(verb, args, options, seat)`` builds, made without checking its words:
        for the engine's own listers only, which build commands from content and state already
        validated (content when it is loaded, a state document by its schema and `check_playable`,
        every later state by the rules), so their words are names, ints within the limits and keys,
        and they give ``options`` sorted by key, each once. Commands from people, files, the CLI and
        the network are parsed or built with `Command(...)` and keep every check. The test suite
        holds the listers to it (`AUDIT_TRUSTED`)."""
        made = _new_command(Command)
        _set_verb(made, verb)
        _set_args(made, args)
        _set_options(made, options)
        _set_seat(made, seat)
        if AUDIT_TRUSTED:
            _audit_trusted(made)
        return made

    def _check_words(self) -> None:
        if not isinstance(self.verb, str) or not _remember(_valid_keys, _KEY, self.verb):
            raise NotationError(f"{_short(self.verb)} is not a command name (lower case letters, digits, _)")
        if len(self.args) > MAX_ITEMS or len(self.options) > MAX_ITEMS:
            raise NotationError(f"a command has at most {MAX_ITEMS} arguments and {MAX_ITEMS} options")
        for value in self.args:
            _check_value(value)
        if self.options:
            for key, value in self.options:
                if not isinstance(key, str) or not _remember(_valid_keys, _KEY, key):
                    raise NotationError(f"{_short(key)} is not an option name "
                                        "(lower case letters, digits, _)")
                _check_value(value)
            keys = [k for k, _ in self.options]
            if len(set(keys)) != len(keys):
                raise NotationError(f"option given twice in {self.verb} command: {keys}")
        if self.seat is not None and (self.seat.__class__ is not int or not 0 <= self.seat <= MAX_SEAT):
            raise NotationError(f"a seat is a number from 0 to {MAX_SEAT}, not {_short(self.seat)}")

    def get(self, key: str, default: Value | None = None) -> Value | None:
        for k, v in self.options:
            if k == key:
                return v
        return default

    def by(self, seat: int | None) -> Command:
        """The same intent, issued by another seat."""
        return Command(self.verb, self.args, self.options, seat)

    def __str__(self) -> str:
        parts = [self.verb, *(format_value(a) for a in self.args),
                 *(f"{k}={format_value(v)}" for k, v in self.options)]
        text = " ".join(parts)
        return text if self.seat is None else f"{self.seat}: {text}"

    @property
    def notation(self) -> str:
        return str(self)

    @classmethod
    def parse(cls, text: str) -> Command:
        original = text
        if len(text) > MAX_TEXT:
            raise NotationError(f"a command has at most {MAX_TEXT} characters, not {len(text)}")
        text = text.strip()
        seat: int | None = None
        head, sep, rest = text.partition(":")
        head = head.strip()
        if sep and _INT.match(head) and not head.startswith("-"):
            if len(head) > len(str(MAX_SEAT)):
                raise NotationError(f"seat {head[:12]} does not exist: seats count from 0")
            seat = int(head)
            text = rest.strip()
        tokens = text.split()
        if not tokens:
            raise NotationError(f"empty command {_short(original)}")
        verb, *rest_tokens = tokens
        if len(verb) > MAX_NAME or not _KEY.match(verb):
            raise NotationError(f"{_short(verb)} is not a command name in {_short(original)}")
        args: list[Value] = []
        options: list[tuple[str, Value]] = []
        for token in rest_tokens:
            key, eq, value = token.partition("=")
            if eq:
                if len(key) > MAX_NAME or not _KEY.match(key):
                    raise NotationError(f"{_short(key)} is not an option name in {_short(original)}")
                options.append((key, parse_value(value, original)))
            elif options:
                raise NotationError(f"plain argument {_short(token)} after an option in {_short(original)}")
            else:
                args.append(parse_value(token, original))
        return cls(verb, tuple(args), tuple(options), seat)


# The slots' own setters: a frozen dataclass refuses `setattr`, and these cost less than
# `object.__setattr__` (each command is built once and never changed after `__init__`).
_set_verb = Command.__dict__["verb"].__set__
_set_args = Command.__dict__["args"].__set__
_set_options = Command.__dict__["options"].__set__
_set_seat = Command.__dict__["seat"].__set__
_new_command = object.__new__

# Set by the test suite (tests/conftest.py): then every `Command.trusted` command is built by the
# checked constructor too and read back from its notation, and must be the same value, so a lister
# giving a word or an order the checks would not let through fails the test that lists it.
AUDIT_TRUSTED = False


def _audit_trusted(made: Command) -> None:
    checked = Command(made.verb, made.args, made.options, made.seat)
    read_back = Command.parse(str(made))
    for twin in (checked, read_back):
        if not (twin == made and hash(twin) == hash(made) and repr(twin) == repr(made)):
            raise AssertionError(f"a lister's trusted command {made!r} is not the checked {twin!r}")


def command(verb: str, *args: Value, seat: int | None = None, **options: Value) -> Command:
    """Build a command in Python: ``command("move", ("T25", "T13"), seat=0, extension=1)``."""
    return Command(verb, tuple(args), tuple(options.items()), seat)


class CommandMemo:
    """Commands made once, for a game's listers: they build the same few commands decision after
    decision (a move to each neighbour, each card with each payment). A command is a frozen value,
    so the one made first serves every later listing, and finding it costs less than making it.
    Made by `Command.trusted`, so only listers use it. Bounded: emptied when it holds ``most``."""

    __slots__ = ("_made", "_most")

    def __init__(self, most: int) -> None:
        self._made: dict[tuple[object, ...], Command] = {}
        self._most = most

    def make(self, verb: str, args: tuple[Value, ...] = (), options: tuple[tuple[str, Value], ...] = (),
             seat: int | None = None) -> Command:
        """``Command.trusted(verb, args, options, seat)``, or the equal one made before."""
        key = (verb, args, options, seat)
        made = self._made.get(key)
        if made is None:
            if len(self._made) >= self._most:
                self._made.clear()
            made = self._made[key] = Command.trusted(verb, args, options, seat)
        return made
