"""A game's guided first game (Help ▸ Learn to Play): the file format, its loading and checks, and
the tracker that follows the learner through the scripted opening.

A guide is data: ``resources/<game id>/guide.yaml``, read with the content loader (safe YAML,
errors name the file, the line and what to write instead). The format::

    game: nemesis                      # the game's id
    title: {en: "…", zh: "…"}          # every text in English and Traditional Chinese
    intro: {en: "…", zh: "…"}          # said before the first step
    outro: {en: "…", zh: "…"}          # said once the last step is played
    mode: standard
    options: {draft: free}             # optional; the game's defaults otherwise
    seed: 7                            # the fixed seed: the same opening every time
    seats: [learner, bot:heuristic]    # one learner seat; the others are computer players
    steps:                             # 1 to 20 steps, in the order the learner plays them
      - expect: "answer survivor"      # the learner's command in notation (no seat), or a match:
        # expect: {verb: move, args: [R015]}   the verb, the first arguments, some options
        point_at: draft.survivor       # what the callout points at: a space, a piece or card of
                                       # the table description, button:<command>, or a panel
                                       # (panel:decision, panel:actions)
        text: {en: "…", zh: "…"}       # what to do and why, in a few words
        rule: NEM-SETUP-2              # the rules reference entry the callout links to

`GuideTracker` is Qt-free: told each command the match applies (and each refusal), it advances
when the learner plays the step's command, ignores the other seats' commands, explains a refusal
without advancing, and stops (off the script) when the learner plays something else that the rules
allow; an undo back before that command puts it on the script again (`rewind`).
"""
from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from .commands import Command, format_value
from .content import FieldError, FieldPath, Name, show_value
from .content_files import ContentFiles
from .errors import ContentError, NotationError, TablekeeperError
from .info import Text

FILE = "guide.yaml"                 # resources/<game id>/guide.yaml
LEARNER = "learner"                 # the seat kind of the person learning
BOT_PREFIX = "bot:"
PANELS = ("panel:decision", "panel:actions")
BUTTON_PREFIX = "button:"
MAX_STEPS = 20


# -- the file's shape ---------------------------------------------------------------------------

@dataclass(frozen=True)
class ExpectMatch:
    """A command that fits: its verb, its first arguments (each as written in notation) and the
    options given (others may have any value)."""

    verb: str
    args: tuple[str | int, ...] = ()
    options: Mapping[str, str | int] = field(default_factory=dict)


@dataclass(frozen=True)
class StepFile:
    expect: str | ExpectMatch
    point_at: str
    text: Name
    rule: str


@dataclass(frozen=True)
class GuideFile:
    game: str
    title: Name
    intro: Name
    outro: Name
    mode: str
    seed: int
    seats: tuple[str, ...]
    steps: tuple[StepFile, ...]
    options: Mapping[str, str | int | bool] = field(default_factory=dict)


# -- the guide as the app uses it ---------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Expectation:
    """The command a step waits for: an exact one (``command``), or any of a verb whose first
    arguments and given options are as written."""

    verb: str
    args: tuple[str, ...] = ()
    options: tuple[tuple[str, str], ...] = ()
    command: Command | None = None

    def matches(self, command: Command) -> bool:
        bare = command.by(None) if command.seat is not None else command
        if self.command is not None:
            return bare == self.command
        if command.verb != self.verb or len(command.args) < len(self.args):
            return False
        if any(format_value(value) != want for value, want in zip(command.args, self.args)):
            return False
        given = dict(command.options)
        return all(key in given and format_value(given[key]) == want for key, want in self.options)

    def notation(self) -> str:
        """The expected command as a player could type it (a match: its verb and arguments)."""
        if self.command is not None:
            return str(self.command)
        words = [self.verb, *self.args, *(f"{k}={v}" for k, v in self.options)]
        return " ".join(words)


@dataclass(frozen=True, slots=True)
class GuideStep:
    index: int
    expect: Expectation
    point_at: str
    text: Text
    rule: str
    line: int = 0
    field_lines: tuple[tuple[str, int], ...] = ()   # the line of each of the step's fields

    def line_of(self, name: str) -> int:
        return next((line for key, line in self.field_lines if key == name), self.line)


@dataclass(frozen=True, slots=True)
class Guide:
    game: str
    title: Text
    intro: Text
    outro: Text
    mode: str
    seed: int
    seats: tuple[str, ...]
    options: tuple[tuple[str, str | int | bool], ...]
    steps: tuple[GuideStep, ...]
    file: str = ""

    @property
    def learner(self) -> int:
        return self.seats.index(LEARNER)

    @property
    def players(self) -> int:
        return len(self.seats)

    def match_seats(self) -> tuple[str, ...]:
        """The seats as a match takes them: the learner is a human seat."""
        return tuple("human" if kind == LEARNER else kind for kind in self.seats)


# -- finding and loading ------------------------------------------------------------------------

def guide_games() -> list[str]:
    """The ids of the registered games that ship a guide, in the registry's order."""
    from importlib import resources

    from .registry import game_infos
    folder = resources.files("resources")
    return [info.id for info in game_infos() if folder.joinpath(info.id, FILE).is_file()]


@functools.cache
def guide_of(game_id: str) -> Guide:
    """The guide of ``game_id``, loaded and checked once; `ContentError` when it does not fit."""
    return load_guide(ContentFiles(game_id))


def load_guide(files: ContentFiles, name: str = FILE, text: str | None = None) -> Guide:
    """The guide in ``files``'s folder (or ``text`` standing for that file): read into its shape,
    then checked against the registry, the game's modes, options and bots, and its rules
    reference. Every problem is a `ContentError` naming the file, the line and the fix."""
    from .content import parse
    shown = files.shown_name(name)
    lines: Mapping[FieldPath, int]
    if text is None:
        raw = files.load(name, GuideFile)
        lines = files.lines(name)
    else:
        from .safe_yaml import read_yaml
        raw = parse(text, GuideFile, shown)
        lines = read_yaml(text, shown)[1]
    try:
        return _checked(raw, shown, lines)
    except FieldError as error:
        raise error.located(shown, lines) from None


def _checked(raw: GuideFile, shown: str, lines: Mapping[FieldPath, int]) -> Guide:
    from .reference import reference_of
    from .registry import game_infos
    infos = {info.id: info for info in game_infos()}
    info = infos.get(raw.game)
    if info is None:
        raise FieldError(("game",), f"unknown game {raw.game!r}: write one of {', '.join(infos)}")
    if not shown.startswith(f"resources/{raw.game}/") and shown.startswith("resources/"):
        raise FieldError(("game",), f"this guide lies in the folder of another game: write game: "
                                    f"{shown.split('/')[1]}, or move the file to resources/{raw.game}/")
    mode = next((m for m in info.modes if m.id == raw.mode), None)
    if mode is None:
        raise FieldError(("mode",), f"unknown mode {raw.mode!r} of {raw.game}: write one of "
                                    f"{', '.join(m.id for m in info.modes)}")
    if raw.seats.count(LEARNER) != 1:
        raise FieldError(("seats",), f"name exactly one seat {LEARNER!r} (the person learning), "
                                     f"the others bot:KIND; got {list(raw.seats)}")
    kinds = info.bot_kinds()
    for index, seat in enumerate(raw.seats):
        if seat != LEARNER and (not seat.startswith(BOT_PREFIX) or seat[len(BOT_PREFIX):] not in kinds):
            raise FieldError(("seats", index), f"seat {seat!r} is neither {LEARNER!r} nor a computer player of "
                                               f"{raw.game}: write one of " + ", ".join(f"bot:{k}" for k in kinds))
    if not mode.min_players <= len(raw.seats) <= mode.max_players:
        raise FieldError(("seats",), f"mode {mode.id} is played by {mode.min_players} to {mode.max_players} "
                                     f"players; the guide names {len(raw.seats)} seats")
    specs = {spec.key: spec for spec in info.options}
    options: list[tuple[str, str | int | bool]] = []
    for key, value in raw.options.items():
        spec = specs.get(key)
        if spec is None:
            raise FieldError(("options", key), f"unknown option {key!r} of {raw.game}: write one of "
                                               f"{', '.join(specs) or '(none)'}")
        try:
            options.append((key, spec.parse(value)))
        except TablekeeperError as error:
            raise FieldError(("options", key), f"{error}") from None
    if raw.seed < 0:
        raise FieldError(("seed",), f"the seed is a whole number of 0 or more, not {raw.seed}")
    if not 1 <= len(raw.steps) <= MAX_STEPS:
        raise FieldError(("steps",), f"a guide has 1 to {MAX_STEPS} steps, not {len(raw.steps)}: keep the "
                                     "opening short")
    reference = reference_of(raw.game)
    texts = {"title": raw.title, "intro": raw.intro, "outro": raw.outro}
    for key, name in texts.items():
        _check_text(name, (key,))
    steps = []
    for index, step in enumerate(raw.steps):
        path: FieldPath = ("steps", index)
        expectation = _expectation(step.expect, path + ("expect",))
        _check_point(step.point_at, path + ("point_at",))
        _check_text(step.text, path + ("text",))
        if reference and reference.rule(step.rule) is None:
            from .content import did_you_mean
            close = did_you_mean(step.rule, reference.rule_ids())
            raise FieldError(path + ("rule",), f"rule {step.rule!r} is not in the rules reference of {raw.game} "
                                               f"(resources/{raw.game}/reference/){close}: link a rule ID the "
                                               "reference explains")
        field_lines = tuple((key, lines[path + (key,)]) for key in ("expect", "point_at", "text", "rule")
                            if path + (key,) in lines)
        steps.append(GuideStep(index, expectation, step.point_at, step.text.text(), step.rule,
                               lines.get(path, 0), field_lines))
    return Guide(raw.game, raw.title.text(), raw.intro.text(), raw.outro.text(), raw.mode, raw.seed,
                 tuple(raw.seats), tuple(options), tuple(steps), shown)


def _expectation(raw: str | ExpectMatch, path: FieldPath) -> Expectation:
    if isinstance(raw, str):
        try:
            command = Command.parse(raw)
        except NotationError as error:
            raise FieldError(path, f"{raw!r} is not a command in notation ({error}): write it as the log "
                                   "shows it, without the seat, e.g. \"move R015 pay=vents.9,\"") from None
        if command.seat is not None:
            raise FieldError(path, f"write the command without its seat ({str(command.by(None))!r}): "
                                   "the learner's seat is taken from `seats`")
        return Expectation(command.verb, command=command)
    try:
        Command(raw.verb)
    except NotationError as error:
        raise FieldError(path + ("verb",), f"{raw.verb!r} is not a verb ({error})") from None
    return Expectation(raw.verb, tuple(str(a) for a in raw.args),
                       tuple((str(k), str(v)) for k, v in raw.options.items()))


def _check_point(point: str, path: FieldPath) -> None:
    if not point.strip() or point != point.strip():
        raise FieldError(path, f"point_at {show_value(point)} names nothing: write the id of a space, piece or "
                               f"card, {BUTTON_PREFIX}<command>, or one of {', '.join(PANELS)}")
    if point.startswith("panel:") and point not in PANELS:
        raise FieldError(path, f"unknown panel {point!r}: write one of {', '.join(PANELS)}")
    if point.startswith(BUTTON_PREFIX):
        try:
            Command.parse(point[len(BUTTON_PREFIX):])
        except NotationError as error:
            raise FieldError(path, f"{point!r}: after {BUTTON_PREFIX} write the button's command in notation "
                                   f"({error})") from None


def _check_text(name: Name, path: FieldPath) -> None:
    for language in ("en", "zh"):
        value = getattr(name, language)
        if not value.strip():
            raise FieldError(path + (language,), "the text is empty: write a few words for the learner")
        if len(value) > 240:
            raise FieldError(path + (language,), f"{len(value)} characters: a callout says what to do and why "
                                                 "in a few words (at most 240); the rules link says the rest")


def guide_problem(guide: Guide, step: GuideStep, reason: str, field: str = "expect") -> ContentError:
    """A problem found while playing ``guide`` through (the command not legal then, the element
    not on the table), at the line of the step's ``field``."""
    return ContentError(guide.file, reason, line=step.line_of(field) or None,
                        field=f"steps[{step.index}].{field}")


# -- following the learner ----------------------------------------------------------------------

Kind = Literal["advanced", "finished", "ignored", "different", "refused", "inactive"]


@dataclass(frozen=True, slots=True)
class Verdict:
    """What the tracker made of one command or refusal: ``step`` is the step now waiting (None
    once finished or left); ``played`` the learner's command that left the script; ``rule`` and
    ``reason`` the engine's refusal."""

    kind: Kind
    step: GuideStep | None = None
    played: Command | None = None
    rule: str = ""
    reason: str = ""


class GuideTracker:
    """Where the learner is in ``guide``: the step waiting, or finished, left, or off the script.

    Fed the commands the match applies, in order (`observe`), with the match's history length
    after each; an undo gives `rewind` the history length now."""

    def __init__(self, guide: Guide) -> None:
        self.guide = guide
        self.index = 0
        self.left = False
        self.off_script: Command | None = None   # the learner's legal command the guide did not suggest
        self._marks: list[tuple[int, int]] = [(0, 0)]   # (history length, step index) after each advance
        self._off_at: int | None = None                 # the history length once off the script

    @property
    def finished(self) -> bool:
        return self.index >= len(self.guide.steps)

    @property
    def active(self) -> bool:
        """The guide still leads: not finished, not left, not off the script."""
        return not self.finished and not self.left and self.off_script is None

    @property
    def step(self) -> GuideStep | None:
        return self.guide.steps[self.index] if self.active else None

    def observe(self, command: Command, history_length: int, only_choice: bool = False) -> Verdict:
        """The match applied ``command`` (its history is ``history_length`` long now).
        ``only_choice``: it was the learner's one legal command (an answer the app takes for them),
        which never leaves the script."""
        if not self.active:
            return Verdict("inactive")
        step = self.guide.steps[self.index]
        if command.seat is not None and command.seat != self.guide.learner:
            return Verdict("ignored", step)
        if step.expect.matches(command):
            self.index += 1
            self._marks.append((history_length, self.index))
            if self.finished:
                return Verdict("finished", None, command)
            return Verdict("advanced", self.guide.steps[self.index], command)
        if only_choice:
            return Verdict("ignored", step, command)
        self.off_script = command
        self._off_at = history_length
        return Verdict("different", step, command)

    def refused(self, rule_id: str, reason: str) -> Verdict:
        """The engine refused what the learner tried: explained, the step stays."""
        if not self.active:
            return Verdict("inactive")
        return Verdict("refused", self.guide.steps[self.index], rule=rule_id, reason=reason)

    def rewind(self, history_length: int) -> GuideStep | None:
        """Undo took the match back to ``history_length`` commands: the guide goes back to the
        step it waited for then (back on the script if the command that left it was taken back)."""
        while len(self._marks) > 1 and self._marks[-1][0] > history_length:
            self._marks.pop()
        self.index = self._marks[-1][1]
        if self._off_at is not None and history_length < self._off_at:
            self.off_script, self._off_at = None, None
        return self.step

    def leave(self) -> None:
        """The learner leaves the guide: the game goes on as a normal one."""
        self.left = True


def matching(expect: Expectation, commands: Iterable[Command]) -> list[Command]:
    """The commands of ``commands`` that fit ``expect``."""
    return [c for c in commands if expect.matches(c)]


def table_things(table: Mapping[str, object], spaces: Sequence[str] = ()) -> set[str]:
    """Every id a table description (`engine.core.table`) shows: its spaces, the pieces on them,
    the items of every board's and the shared zones."""
    found = set(spaces)
    marks = table.get("spaces") or {}
    assert isinstance(marks, Mapping)
    for space, mark in marks.items():
        found.add(str(space))
        for piece in (mark.get("pieces") or ()) if isinstance(mark, Mapping) else ():
            if isinstance(piece, Mapping) and "id" in piece:
                found.add(str(piece["id"]))
    zones: list[object] = []
    for board in table.get("boards") or ():  # type: ignore[attr-defined]
        if isinstance(board, Mapping):
            zones.extend(board.get("zones") or ())
    zones.extend(table.get("shared") or ())  # type: ignore[arg-type]
    for zone in zones:
        if isinstance(zone, Mapping):
            for item in zone.get("items") or ():
                if isinstance(item, Mapping) and "id" in item:
                    found.add(str(item["id"]))
    return found
