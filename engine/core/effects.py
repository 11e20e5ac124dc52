"""The effect interpreter: card effects as lists of primitives from a game's spec, never a class per card.

Each game has one `EffectInterpreter`, which runs effects in two ways: queued (below), and walked
(`run_tree`, `plans`, `check_plan`: a tree whose choices the command names, walked at once by the
interpreter's `trees`, engine/core/trees.py). A game adds primitives to it, never a second interpreter.

Each game makes one `EffectInterpreter` and registers its primitives with their parameter types.
Content files spell effects as `[{gain_attribute: {kind: courage, amount: 2}}, end_turn]`; the
interpreter checks them when content loads, through the field type `interp.effects`
(`Annotated[tuple[Effect, ...], interp]`), so a bad parameter is reported with its file and line.

Running keeps no Python frames alive: pending effects wait in `ctx.queue`, a list of plain dicts
inside the game's state data. A handler that needs a player's choice returns a `Pause`; the queue
then keeps the paused item (with its prompt) at the front, survives save and load like any other
state data, and `resume` calls the same handler again with the answer.
"""
from __future__ import annotations

import dataclasses
import inspect
import json
import marshal
import types
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, Protocol, TypeVar, Union, get_args, get_origin

from .commands import Command
from .content import FieldError, FieldPath, FrozenMap, convert, did_you_mean, render_path, show_value
from .content import _freeze as _freeze_content
from .errors import Refused, TablekeeperError
from .events import Event
from .plain import freeze, thaw
from .rng import Rng
from .trees import TreeWalk, TreeWalker

Handler = Callable[..., "Pause | None"]
H = TypeVar("H", bound=Handler)
_REQUIRED = object()
_NO_ANSWER = object()
_MAX_STEPS = 10_000  # an effect that keeps queueing itself is a content bug, not a long turn
# Bounded, like any memo fed by saved data, and least-recently-used first out: queued items that
# carry game data (rooms, cards) are often one-offs, so a memo that only stops growing when full
# would look like a leak over a long run, while the items that recur stay near the front.
_CHECKED_MEMORY = 2_048
# Parsed step lists: the recurring ones (a round's flow) are few; one-off lists carrying game data
# are many and large, so this memo is kept smaller.
_PARSED_MEMORY = 256


@dataclass(frozen=True)
class Effect:
    """One primitive with its checked parameters, e.g. gain_attribute(kind='courage', amount=2)."""

    primitive: str
    params: FrozenMap[str, Any] = FrozenMap()

    def kwargs(self) -> dict[str, Any]:
        """The params as a dict, made once (the effect is frozen); callers unpack it, never keep it."""
        kwargs = self.__dict__.get("_kwargs")
        if kwargs is None:
            kwargs = dict(self.params)
            object.__setattr__(self, "_kwargs", kwargs)
        return kwargs

    def plain_params(self) -> dict[str, Any]:
        """``to_plain(params)``, a fresh copy each call (queue items are state data). The effect
        is frozen, so its plain form is made once and kept as marshal bytes, which load fast."""
        frozen = self.__dict__.get("_plain_params")
        if frozen is None:
            plain = to_plain(self.params)
            try:
                frozen = marshal.dumps(plain, 4)
            except ValueError:  # a value marshal cannot keep exactly: convert each time
                return plain
            object.__setattr__(self, "_plain_params", frozen)
            return plain
        return marshal.loads(frozen)

    def to_data(self) -> object:
        """The form the content files use: the bare name, or {name: {params}}."""
        if not self.params:
            return self.primitive
        return {self.primitive: {name: to_plain(value) for name, value in self.params.items()}}


@dataclass(frozen=True)
class Param:
    """A primitive's parameter that may be left out: its type hint and default."""

    type: Any
    default: Any = _REQUIRED


@dataclass(frozen=True)
class Pause:
    """A handler waits for a choice: `kind` names the prompt; the answer must be one of `options`.

    Options are kept as plain data (tuples become lists) so they read the same after a save.
    Empty options accept any answer.
    """

    kind: str
    options: tuple[Any, ...] = ()

    def __post_init__(self) -> None:
        options = self.options
        if options.__class__ is tuple:
            for option in options:
                if option.__class__ not in _EXACT_SCALARS:
                    break
            else:
                return      # scalars only (the common case): plain data as they are
        object.__setattr__(self, "options", tuple(to_plain(option) for option in options))


class EffectContext(Protocol):
    """All the interpreter needs from a game's context; games add their state, rng, seat, emit."""

    queue: list[dict[str, Any]]  # lives inside the game's state data, so it is saved with it
    # The running item's tag (who acts, which card is the source…), set before each handler runs.
    meta: dict[str, Any]


class EffectError(TablekeeperError):
    """Effects run in a way the queue does not allow: resuming with no pause, a wrong answer, a loop."""


@dataclass(frozen=True)
class _Primitive:
    name: str
    params: Mapping[str, Param]
    handler: Handler | None  # None while only declared
    # What `call` checks given params against, read once from ``params``: every parameter's
    # name, the required ones, and the others' defaults.
    names: frozenset[str] = dataclasses.field(init=False)
    required: frozenset[str] = dataclasses.field(init=False)
    defaults: dict[str, Any] = dataclasses.field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "names", frozenset(self.params))
        object.__setattr__(self, "required", frozenset(k for k, p in self.params.items() if p.default is _REQUIRED))
        object.__setattr__(self, "defaults", {k: p.default for k, p in self.params.items()
                                              if p.default is not _REQUIRED})


class EffectInterpreter:
    """One game's effect vocabulary: checks effect lists and runs them through a plain-data queue.

    Every interpreter knows three control primitives: `sequence: {effects: [...]}`,
    `repeat: {times: n, effects: [...]}` and `choose_one: {options: [[...], [...]]}`, which pauses
    with the option lists as options and runs the one chosen.

    Its ``trees`` (a `TreeWalker`) is the walked mode: a game that writes effects as trees whose
    choices the command names declares their vocabulary there (``trees.configure``, primitive
    handlers with ``trees.handles``, its selectors and conditions) and runs them with `run_tree`.
    """

    def __init__(self, game_prefix: str) -> None:
        self.game_prefix = game_prefix  # e.g. "VIN", names the game in messages
        self._primitives: dict[str, _Primitive] = {}
        self._checked: OrderedDict[bytes, Effect] = OrderedDict()   # checked queued items, by exact data
        self._parsed: OrderedDict[bytes, tuple[Effect, ...]] = OrderedDict()  # checked effect lists, by exact data
        # Per primitive, the quick readers of its params (`_quick_read`): plain for `push_steps`, checked for `_step`.
        self._plain_readers: dict[str, tuple[_Reader, ...] | None] = {}
        self._kwarg_readers: dict[str, tuple[_Reader, ...] | None] = {}
        self.trees: TreeWalker[Any] = TreeWalker(game_prefix)
        self._register_control_primitives()

    @property
    def effects(self) -> Any:
        """The type hint for an effect list checked by this interpreter, in schemas and parameters."""
        return Annotated[tuple[Effect, ...], self]

    def primitive(self, name: str, **params: Any) -> Callable[[H], H]:
        """Register a handler `(ctx, **params) -> Pause | None`; declare each param as a type or Param.

        A handler that may pause also takes `answer`: it is called again with it on `resume`, so it
        should change nothing before returning its Pause.
        """
        def register(handler: H) -> H:
            self.declare(name, **params)
            return self.handles(name)(handler)

        return register

    def declare(self, name: str, **params: Any) -> None:
        """Declare a primitive's parameters, so content using it can be checked before the rules
        that apply it exist; `handles` attaches the handler. Running it without one is an error."""
        if name in self._primitives:
            raise ValueError(f"{self.game_prefix}: effect primitive {name!r} is already registered")
        specs = {key: spec if isinstance(spec, Param) else Param(spec) for key, spec in params.items()}
        if "answer" in specs:
            raise ValueError(f"{name}: 'answer' is reserved for the answer to a pause")
        self._primitives[name] = _Primitive(name, specs, None)

    def handles(self, name: str) -> Callable[[H], H]:
        """Attach the handler of a declared primitive."""
        def attach(handler: H) -> H:
            primitive = self._primitives.get(name)
            if primitive is None:
                raise ValueError(f"{self.game_prefix}: no primitive {name!r} is declared")
            if primitive.handler is not None:
                raise ValueError(f"{self.game_prefix}: {name!r} already has a handler")
            try:
                inspect.signature(handler).bind(None, **primitive.params)
            except TypeError as exc:
                raise TypeError(f"{handler.__name__} does not take the parameters of {name}: {exc}") from None
            self._primitives[name] = _Primitive(name, primitive.params, handler)
            self._plain_readers.pop(name, None)
            self._kwarg_readers.pop(name, None)
            return handler

        return attach

    def unhandled(self) -> list[str]:
        """Declared primitives that have no handler yet."""
        return sorted(name for name, p in self._primitives.items() if p.handler is None)

    # -- checking ------------------------------------------------------------------------------

    def parse(self, raw: object, where: str, *, field: str = "effects") -> tuple[Effect, ...]:
        """Check a raw effect list; errors name `where` (e.g. 'relics.yaml, card V03') and the field.

        Rules parse the same few step lists over and over, so lists that passed are remembered by
        their exact data (`_exact_key`); effects are frozen, so sharing the result is safe."""
        key = _exact_key(raw)
        known = self._parsed.get(key) if key is not None else None
        if known is not None:
            self._parsed.move_to_end(key)  # type: ignore[arg-type]
            return known
        try:
            effects = self.decode_content(raw, (field,))
        except FieldError as exc:
            raise exc.located(where) from None
        if key is not None:
            _remember_checked(self._parsed, key, effects, _PARSED_MEMORY)
        return effects

    def decode_content(self, raw: object, path: FieldPath) -> tuple[Effect, ...]:
        """The content loader's hook (see `content.Decoder`): raw list -> effects, or FieldError."""
        if not isinstance(raw, (list, tuple)):
            raise FieldError(path, f"expected a list of effects, got {show_value(raw)}", "a list of effects")
        return tuple(self.decode_effect(item, path + (i,)) for i, item in enumerate(raw))

    def decode_effect(self, raw: object, path: FieldPath = ()) -> Effect:
        """One raw effect: a bare primitive name, or a one-key mapping {name: {params}}."""
        given: object
        if isinstance(raw, str):
            name, given = raw, {}
        elif isinstance(raw, Mapping) and len(raw) == 1:
            [(name, given)] = raw.items()
        else:
            raise FieldError(path, f"expected an effect (a name, or {{name: {{params}}}}), got "
                                   f"{show_value(raw)}", "an effect")
        primitive = self._primitives.get(name) if isinstance(name, str) else None
        if primitive is None:
            raise FieldError(path, f"unknown {self.game_prefix} effect {name!r}"
                                   f"{did_you_mean(str(name), self._primitives)}")
        here = path + (name,)
        given = {} if given is None else given
        if not isinstance(given, Mapping):
            raise FieldError(here, f"expected the parameters of {name} as a mapping, got {show_value(given)}",
                             "a mapping")
        for key in given:
            if key not in primitive.params:
                raise FieldError(here + (key,), f"{name} has no parameter {key!r}"
                                                f"{did_you_mean(str(key), primitive.params)}")
        values: dict[str, Any] = {}
        for key, spec in primitive.params.items():
            if key in given:
                values[key] = convert(given[key], spec.type, here + (key,))
            elif spec.default is _REQUIRED:
                raise FieldError(here + (key,), f"{name} needs the parameter {key!r}")
            else:
                values[key] = spec.default
        return Effect(name, FrozenMap(values))

    # -- the walked mode ----------------------------------------------------------------------------

    def run_tree(self, ctx: Any, tree: object, option: int | None = None, targets: tuple[Any, ...] = (),
                 **bindings: Any) -> TreeWalk[Any]:
        """Walk an effect tree to the end now, its choices taken from a command's ``option`` (the OR
        part) and ``targets`` (in the order the walk meets them; none: the first candidates)."""
        return self.trees.run(ctx, tree, option, targets, **bindings)

    def plans(self, ctx: Any, tree: object, option: int | None = None,
              **bindings: Any) -> list[tuple[int | None, tuple[Any, ...]]]:
        """Every (option, targets) a command may name for an effect tree; nothing changes."""
        return self.trees.plans(ctx, tree, option, **bindings)

    def check_plan(self, ctx: Any, tree: object, option: int | None, targets: tuple[Any, ...],
                   **bindings: Any) -> None:
        """Refuse a command whose option or targets do not fit an effect tree."""
        self.trees.check_plan(ctx, tree, option, targets, **bindings)

    # -- a game's command --------------------------------------------------------------------------

    def answer_or_run(self, ctx: EffectContext, command: Any, handlers: Mapping[str, Callable[..., None]], *,
                      game: str, answer_rule: Callable[[str], str], unknown_rule: str,
                      value: Callable[[Any], object] | None = None,
                      waiting_rule: Callable[[str], str] | None = None) -> None:
        """Apply a command to a game whose rules run through this interpreter: while a choice is
        pending, only its answer (``value(command)``, default: the one argument) among the options;
        otherwise the verb's handler, then whatever it queued. Refusals name the rule the game
        gives: ``answer_rule(kind)`` for a wrong answer (and a missing one, unless ``waiting_rule``
        names another), ``unknown_rule`` for a verb the game does not have."""
        choice = waiting_choice(ctx.queue)
        if choice:
            kind, _, options = choice
            if command.verb != "answer":
                raise Refused((waiting_rule or answer_rule)(kind), f"answer the pending choice ({kind}) first")
            if value is not None:
                answer = value(command)
            elif len(command.args) == 1 and not command.options:
                answer = command.args[0]
            else:
                given = f"{len(command.args)} values and {len(command.options)} options"
                raise Refused(answer_rule(kind), f"answer with exactly one choice for {kind}, not {given}")
            answer = list(answer) if isinstance(answer, tuple) else answer   # options are plain data
            if answer not in options:
                raise Refused(answer_rule(kind), f"{answer!r} is not one of the choices for {kind}")
            self.resume(ctx, answer)
            return
        if command.verb == "answer":
            raise Refused(unknown_rule, "nothing waits for an answer now: give a turn command")
        handler = handlers.get(command.verb)
        if handler is None:
            raise Refused(unknown_rule, f"{game} has no {command.verb!r} command")
        handler(ctx, command)
        self.drain(ctx)

    # -- running -------------------------------------------------------------------------------

    def run(self, ctx: EffectContext, effects: Iterable[Effect], meta: dict[str, Any] | None = None) -> Pause | None:
        """Queue `effects` and run them: None once the queue is empty, or the Pause it waits on."""
        if ctx.queue:
            raise EffectError(f"{self.game_prefix}: effects are still pending; resume them first")
        self.push(ctx, effects, meta)
        return self._drain(ctx)

    def push(self, ctx: EffectContext, effects: Iterable[Effect], meta: dict[str, Any] | None = None) -> None:
        """Put effects at the front of the queue, to run next; composite primitives use this.

        Each item keeps a plain `meta` tag (who acts, which card is the source); without one it
        inherits the tag of the item now running, so sub-effects act for the same player.
        """
        tag = to_plain(meta) if meta is not None else dict(getattr(ctx, "meta", None) or {})
        ctx.queue[0:0] = [{"primitive": e.primitive, "params": e.plain_params(), "meta": tag} for e in effects]

    def push_steps(self, ctx: EffectContext, steps: Iterable[object], meta: dict[str, Any] | None = None) -> None:
        """``push(ctx, parse(steps, "rules"), meta)``: a game's own flow steps written as plain data
        (``"name"`` or ``{name: {params}}``), checked and queued as exactly the same items (params in
        their declared order, left-out ones at their defaults, values as `to_plain` of the checked
        ones) — only sooner: rules push a few steps per command, most of them with fresh game data
        that no memo holds, and decoding each into `Effect` objects to turn them straight back into
        data cost more than the step itself. A step the quick check cannot vouch for (a parameter
        type it does not read, a value that does not fit) sends the whole batch the full way,
        which queues it or raises exactly as before."""
        steps = list(steps)
        items = []
        for raw in steps:
            name: Any = None
            given: Any = None
            if isinstance(raw, str):
                name, given = raw, {}
            elif raw.__class__ is dict and len(raw) == 1:
                [(name, given)] = raw.items()
                given = {} if given is None else given
            params = self._quick_read(self._plain_readers, name, given)
            if params is None:
                self.push(ctx, self.parse(steps, "rules"), meta)
                return
            items.append((name, params))
        tag = to_plain(meta) if meta is not None else dict(getattr(ctx, "meta", None) or {})
        ctx.queue[0:0] = [{"primitive": name, "params": params, "meta": tag} for name, params in items]

    def _quick_read(self, memory: dict[str, Any], name: Any, given: Any) -> dict[str, Any] | None:
        """The params of a step ``name`` given as the plain dict ``given``, each read by the reader
        ``memory`` keeps for its type (`_plain_readers`: as `Effect.plain_params` has them after
        `decode_effect`; `_kwarg_readers`: as `decode_effect` checks them), in their declared order,
        left-out ones at their defaults; None where only the full check can say."""
        if name.__class__ is not str or given.__class__ is not dict:
            return None
        readers = memory.get(name, _UNREAD)
        if readers is _UNREAD:
            readers = memory[name] = self._readers(name, memory is self._plain_readers)
        if readers is None:
            return None
        params: dict[str, Any] = {}
        used = 0
        for key, read, default, exact in readers:
            if key in given:
                value = given[key]
                if value.__class__ is not exact:   # a value of the exact type the reader gives as it is
                    value = read(value)
                    if value is _MISFIT:
                        return None
                used += 1
            elif default is _REQUIRED:
                return None
            else:
                value = to_plain(default) if memory is self._plain_readers else default
            params[key] = value
        return params if used == len(given) else None     # else: a key the primitive does not have

    def _readers(self, name: str, plain: bool) -> tuple[_Reader, ...] | None:
        """Per parameter of ``name``: (name, reader of a raw value, default, the type whose values the
        reader gives back as they are); None when a parameter's type is one only `convert` reads (or
        no primitive has that name)."""
        primitive = self._primitives.get(name)
        if primitive is None:
            return None
        found = []
        for key, spec in primitive.params.items():
            read = _quick_reader(spec.type, plain)
            if read is None:
                return None
            found.append((key, read, spec.default, _AS_THEY_ARE.get(spec.type)))
        return tuple(found)

    def push_plain(self, ctx: EffectContext, steps: Iterable[object], meta: dict[str, Any] | None = None) -> None:
        """`push` for a game's own flow steps written as plain data (``"name"`` or
        ``{name: {params}}``): they are queued as they are and checked when they run, exactly as a
        loaded queue is (`_effect_of`), instead of being decoded here and turned back into data."""
        tag = to_plain(meta) if meta is not None else dict(getattr(ctx, "meta", None) or {})
        items = []
        for raw in steps:
            params: object
            if isinstance(raw, str):
                name, params = raw, {}
            elif (raw.__class__ is dict or isinstance(raw, Mapping)) and len(raw) == 1:
                [(name, params)] = raw.items()
            else:
                raise EffectError(f"{self.game_prefix}: a step is a name or {{name: {{params}}}}, not {raw!r}")
            if name not in self._primitives:
                known = did_you_mean(str(name), self._primitives)
                raise EffectError(f"{self.game_prefix}: unknown step {name!r}{known}")
            items.append({"primitive": name, "params": to_plain(params) if params else {}, "meta": tag})
        ctx.queue[0:0] = items

    def call(self, ctx: Any, name: str, params: Mapping[str, Any], answer: object = _NO_ANSWER) -> Pause | None:
        """Run the declared primitive ``name`` now, from within a running step, and return its Pause
        (or None) for that step to return, so the queue keeps the running step paused: a game's
        carrier step, whose data holds one of its effects, hands it on by name, and this
        interpreter's table stays the only dispatch. ``ctx`` is what the handler takes first (the
        carrier's context for it); ``params`` go as given (the carrier's data was checked when it
        loaded), their names checked against the declaration and left-out ones at their defaults;
        ``answer`` only when given, as `resume` does."""
        primitive = self._primitives.get(name)
        if primitive is None:
            raise EffectError(f"{self.game_prefix}: unknown effect {name!r}{did_you_mean(name, self._primitives)}")
        if primitive.handler is None:
            raise EffectError(f"{self.game_prefix}: the effect {name!r} has no handler yet")
        given = params.keys()
        if not given <= primitive.names:
            key = next(key for key in params if key not in primitive.names)
            raise EffectError(f"{self.game_prefix}: {name} has no parameter {key!r}")
        if not primitive.required <= given:
            key = next(key for key in primitive.params if key in primitive.required and key not in params)
            raise EffectError(f"{self.game_prefix}: {name} needs the parameter {key!r}")
        kwargs = {**primitive.defaults, **params}
        result = (primitive.handler(ctx, **kwargs) if answer is _NO_ANSWER
                  else primitive.handler(ctx, **kwargs, answer=answer))
        if result is not None and not isinstance(result, Pause):
            raise TypeError(f"{name} returned {result!r}; handlers return a Pause or None")
        return result

    def run_next(self, ctx: EffectContext, name: str, params: Mapping[str, Any], meta: dict[str, Any]) -> None:
        """`push_plain` of the one step ``{name: params}`` tagged ``meta``, whose turn it would be
        next, run at once instead: its handler takes ``params`` as given (as `call`), and a Pause
        leaves it queued paused at the front, exactly as the queue would have (`_step`), where the
        queue stops (`_drain`) — its params are checked when its answer resumes it. For a step whose
        handler reads its params alike as given or as checked, called last, when nothing else runs
        before the queue goes on: a staged decision asking its next stage spares the round trip."""
        running, tag = ctx.meta, to_plain(meta)
        queued_before = len(ctx.queue)
        ctx.meta = tag
        try:
            result = self.call(ctx, name, params)
        finally:
            ctx.meta = running
        if result is None:
            return
        if len(ctx.queue) != queued_before:  # as in `_step`
            raise EffectError(f"{name} both queued effects and paused")
        ctx.queue.insert(0, {"primitive": name, "params": to_plain(params) if params else {}, "meta": tag,
                             "pause": {"kind": result.kind, "options": list(result.options)}})

    def pending(self, ctx: EffectContext) -> Pause | None:
        """The choice the queue waits on, if any; read from plain data, so it works after a load."""
        if not ctx.queue or "pause" not in ctx.queue[0]:
            return None
        pause = ctx.queue[0]["pause"]
        return Pause(pause["kind"], tuple(pause["options"]))

    def drain(self, ctx: EffectContext) -> Pause | None:
        """Run what is queued (after a game pushed effects itself) until a pause or the end."""
        pause = self.pending(ctx)
        return pause if pause is not None else self._drain(ctx)

    def decision_problems(self, data: dict[str, Any],
                          context: Callable[[dict[str, Any], Rng, int], EffectContext]) -> list[str]:
        """A state invariant for a game whose flow runs on this queue: the decision ``data`` waits
        on is exactly the one its step asks now. The paused item is asked again on a copy (no
        answer, in ``context(copy, Rng(0), seat)``, the game's rule context); it must pause with
        the same kind, options and deciding seat and change nothing else. So a loaded state never
        waits on a decision the rules would not ask, or with an option they could not play."""
        queue = data["effects"]
        if not queue or "pause" not in queue[0]:
            return []
        kind = queue[0]["pause"]["kind"]
        copy = thaw(freeze(data))
        del copy["effects"][0]["pause"]
        ctx = context(copy, Rng(0), queue[0]["meta"]["seat"])
        try:
            self.drain(ctx)
        except Exception as error:
            return [f"the pending {kind} cannot be asked on this state ({type(error).__name__})"]
        if copy != data:
            return [f"the pending {kind} is not the decision its step asks now"]
        return []

    def pending_meta(self, ctx: EffectContext) -> dict[str, Any]:
        """The tag of the item that waits for a choice (whose choice it is), or {} when none waits."""
        return dict(ctx.queue[0].get("meta") or {}) if self.pending(ctx) else {}

    def resume(self, ctx: EffectContext, answer: object) -> Pause | None:
        """Answer the pending choice: the paused handler runs again with it, then the rest of the queue."""
        queue = ctx.queue
        if not queue or "pause" not in queue[0]:
            raise EffectError(f"{self.game_prefix}: no effect is waiting for a choice")
        pause = queue[0]["pause"]       # as `pending` reads it: the options are plain data already
        answer = to_plain(answer)
        if pause["options"] and answer not in pause["options"]:
            raise EffectError(f"{self.game_prefix}: {answer!r} is not one of the options for {pause['kind']}")
        again = self._step(ctx, ctx.queue.pop(0), answer)
        return again if again is not None else self._drain(ctx)

    def _drain(self, ctx: EffectContext) -> Pause | None:
        for _ in range(_MAX_STEPS):
            queue = ctx.queue
            if not queue:
                return None
            if "pause" in queue[0]:  # a step run at once (`run_next`) waits for its answer
                return self.pending(ctx)
            pause = self._step(ctx, queue.pop(0))
            if pause is not None:
                return pause
        raise EffectError(f"{self.game_prefix}: effects ran {_MAX_STEPS} steps without ending")

    def _step(self, ctx: EffectContext, item: dict[str, Any], answer: object = _NO_ANSWER) -> Pause | None:
        # The item checked again (a loaded state may hold anything): quickly where its params' types
        # allow (`_quick_read`), else in full (`_effect_of`); both give the handler the same values.
        name = item.get("primitive") if item.__class__ is dict else None
        kwargs = self._quick_read(self._kwarg_readers, name, item.get("params")) if name is not None else None
        if kwargs is None:
            effect = self._effect_of(item)
            name, kwargs = effect.primitive, effect.kwargs()
        queued_before = len(ctx.queue)
        ctx.meta = item.get("meta") or {}
        handler = self._primitives[name].handler  # type: ignore[index]
        if handler is None:
            raise EffectError(f"{self.game_prefix}: the effect {name!r} has no handler yet")
        # ** hands the handler its own dict, so the effect's kept one is never shared
        result = handler(ctx, **kwargs) if answer is _NO_ANSWER else handler(ctx, **kwargs, answer=answer)
        if result is None:
            return None
        if not isinstance(result, Pause):
            raise TypeError(f"{name} returned {result!r}; handlers return a Pause or None")
        if len(ctx.queue) != queued_before:  # queued work would run after the answer: surely a mistake
            raise EffectError(f"{name} both queued effects and paused")
        ctx.queue.insert(0, {"primitive": item["primitive"], "params": item["params"], "meta": ctx.meta,
                             "pause": {"kind": result.kind, "options": list(result.options)}})
        return result

    def _effect_of(self, item: Mapping[str, Any]) -> Effect:
        """The queued item, checked again (a loaded state may hold anything); the same items
        recur all game long, so checked ones are remembered by their exact data (`_exact_key`)."""
        try:
            key = _exact_key((item["primitive"], item["params"]))
        except (KeyError, TypeError):
            key = None
        known = self._checked.get(key) if key is not None else None
        if known is not None:
            self._checked.move_to_end(key)  # type: ignore[arg-type]
            return known
        try:
            effect = self.decode_effect({item["primitive"]: item["params"]}, ("queue", 0))
        except (FieldError, KeyError, TypeError) as exc:
            detail = f"{render_path(exc.path)}: {exc.reason}" if isinstance(exc, FieldError) else repr(exc)
            raise EffectError(f"{self.game_prefix}: a queued effect is not valid ({detail})") from None
        if key is not None:
            _remember_checked(self._checked, key, effect)
        return effect

    def _register_control_primitives(self) -> None:
        @self.primitive("sequence", effects=self.effects)
        def sequence(ctx: EffectContext, effects: tuple[Effect, ...]) -> None:
            self.push(ctx, effects)

        @self.primitive("repeat", times=int, effects=self.effects)
        def repeat(ctx: EffectContext, times: int, effects: tuple[Effect, ...]) -> None:
            self.push(ctx, effects * max(times, 0))

        # a hint built at run time from this interpreter's effect-list hint, which mypy cannot follow
        @self.primitive("choose_one", options=tuple[self.effects, ...])  # type: ignore[name-defined]
        def choose_one(ctx: EffectContext, options: tuple[tuple[Effect, ...], ...],
                       answer: object = _NO_ANSWER) -> Pause | None:
            shown = [to_plain(option) for option in options]
            if answer is _NO_ANSWER:
                return Pause("choose_one", tuple(shown))
            self.push(ctx, options[shown.index(answer)])
            return None


_UNREAD = object()
_MISFIT = object()


def _plain_value(value: object) -> Any:
    try:
        return to_plain(value)
    except TypeError:
        return _MISFIT


# Frozen values of `Any` params, by their exact data (`_exact_key`): steps carry the same card data
# and effect trees again and again, and marshal writes a key for far less than freezing costs. The
# frozen values are immutable, so one may be handed to every step that carries equal data. Bounded:
# emptied when full.
_frozen: dict[bytes, Any] = {}
_FROZEN_MEMORY = 2_048


def _frozen_value(value: object) -> Any:
    kind = value.__class__
    if kind is not dict and kind is not list:
        return _freeze_content(value)
    key = _exact_key(value)
    if key is None:
        return _freeze_content(value)
    found = _frozen.get(key)
    if found is None:
        found = _freeze_content(value)
        if len(_frozen) >= _FROZEN_MEMORY:
            _frozen.clear()
        _frozen[key] = found
    return found


# Readers of the parameter types whose value `convert` gives (and `to_plain` of it), exactly: a reader
# gives _MISFIT where convert refuses, so a union may try its arms in turn as convert does. `object`
# reads any value (`to_plain` may still refuse it), so it is left out of unions.
_EXACT_READERS: dict[Any, Callable[[Any], Any]] = {
    str: lambda v: v if isinstance(v, str) else _MISFIT,
    int: lambda v: v if isinstance(v, int) and not isinstance(v, bool) else _MISFIT,
    bool: lambda v: v if isinstance(v, bool) else _MISFIT,
    float: lambda v: float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else _MISFIT,
    type(None): lambda v: v if v is None else _MISFIT,
    None: lambda v: v if v is None else _MISFIT,
}


# The types whose values of exactly that type their `_EXACT_READERS` reader gives back unchanged.
_AS_THEY_ARE: dict[Any, type] = {str: str, int: int, bool: bool, float: float, type(None): type(None), None: type(None)}

# (param name, reader of a raw value, default, the type the reader gives back unchanged or None)
_Reader = tuple[str, Callable[[Any], Any], Any, "type | None"]


def _quick_reader(hint: Any, plain: bool, exact: bool = False) -> Callable[[Any], Any] | None:
    """A reader giving ``convert(raw, hint)`` (``plain``: ``to_plain`` of it) for a raw value that
    fits ``hint`` and `_MISFIT` for one that may not, or None for a hint only `convert` reads.
    ``exact``: only readers that misfit exactly where convert refuses."""
    if hint in _EXACT_READERS:
        return _EXACT_READERS[hint]
    if hint is Any or hint is object:
        if plain:
            return None if exact else _plain_value
        return _frozen_value
    origin, args = get_origin(hint), get_args(hint)
    if origin is Annotated:
        # A decoder may read the raw values it meets most without its full check (``quick_read``:
        # the value `decode_content` gives, or None where only that can say); not for plain items.
        quick = next((m.quick_read for m in hint.__metadata__ if hasattr(m, "quick_read")), None)
        if quick is None or plain or exact:
            return None

        def decoded(value: object) -> Any:
            found = quick(value)
            return _MISFIT if found is None else found
        return decoded
    if origin is Union or origin is types.UnionType:
        optional = type(None) in args
        arms = [_quick_reader(arm, plain, exact=True) for arm in args if arm is not type(None)]
        if not arms or any(arm is None for arm in arms):
            return None
        readers = tuple(arms)

        def union(value: object) -> Any:
            if value is None and optional:
                return None
            for read in readers:
                found = read(value)   # type: ignore[misc]
                if found is not _MISFIT:
                    return found
            return _MISFIT
        return union
    if hint is tuple or (origin is tuple and (not args or (len(args) == 2 and args[1] is Ellipsis))):
        item = _quick_reader(args[0] if args else Any, plain, exact)
        if item is None:
            return None
        # Items all of the type the item reader gives back as they are (a list of option strings):
        # the list as it is, checked in C.
        same = frozenset({_AS_THEY_ARE[args[0]]}) if args and args[0] in _AS_THEY_ARE else frozenset()

        def items(value: object) -> Any:
            if not isinstance(value, list):
                return _MISFIT
            if same and same.issuperset(map(type, value)):
                return list(value) if plain else tuple(value)
            found = [item(v) for v in value]
            if any(v is _MISFIT for v in found):
                return _MISFIT
            return found if plain else tuple(found)
        return items
    return None


def _exact_key(data: Any) -> bytes | None:
    """A memo key for checked data: marshal bytes, equal only for data of exactly the same types
    and values (unlike JSON text, which mixes up tuples and lists), or None when marshal cannot
    write it (objects, subclasses of builtins). Format 0 writes no back-references or interning
    flags, so equal data gives the same bytes however it was built."""
    try:
        return marshal.dumps(data, 0)
    except ValueError:
        return None


def _remember_checked(memory: OrderedDict[bytes, Any], key: bytes, value: Any, size: int = _CHECKED_MEMORY) -> None:
    memory[key] = value
    if len(memory) > size:
        memory.popitem(last=False)


def answer_commands(queue: list[dict[str, Any]], seat: int) -> list[Any]:
    """The legal answers of ``seat`` to the choice a queue waits on (none when it is not that
    seat's choice); list options become tuple arguments, as the notation writes them."""
    choice = waiting_choice(queue)
    if choice is None or choice[1] != seat:
        return []
    options = choice[2]
    exact = seat.__class__ is int and _STR.issuperset(map(type, options))   # equal keys: exactly equal values
    key = (seat, options) if exact else None
    listed = _answers.get(key) if key is not None else None
    if listed is None:
        listed = [Command.trusted("answer", (tuple(o) if isinstance(o, list) else o,), (), seat) for o in options]
        if key is not None:
            if len(_answers) >= _ANSWERS_MEMORY:
                _answers.clear()
            _answers[key] = listed
    return list(listed)


# The answer commands of a seat to a choice whose options are all strings (nearly every one), by
# (seat, options): the same few decisions recur all game long, and commands are immutable, so equal
# options may share them. Bounded: emptied when full.
_answers: dict[tuple[int, tuple[str, ...]], list[Command]] = {}
_ANSWERS_MEMORY = 2_048


class RuleContext:
    """One command's working context for rules that run through an effect queue: the state data,
    the generator, who gave the command, the events so far, and the queue (kept in the state as
    ``data["effects"]``, so it is saved with it). ``meta`` is the tag of the item now running.
    Each game subclasses it with its own helpers and names its content loader, so rules reach
    the game's board and cards as ``ctx.content``."""

    # The game's content loader: a cached function of no arguments (its content module's
    # ``content``), read once per context. None: a game with no content files.
    content_loader: ClassVar[Callable[[], Any] | None] = None

    def __init__(self, data: dict[str, Any], rng: Any, seat: int) -> None:
        self.data = data
        self.rng = rng
        self.seat = seat            # who gave the command
        self.events: list[Event] = []
        self.queue: list[dict[str, Any]] = data["effects"]
        self.meta: dict[str, Any] = {}
        loader = type(self).content_loader   # read on the class: a plain function, never bound
        self.content: Any = loader() if loader is not None else None

    @property
    def actor(self) -> int:
        """The seat the running item belongs to (the commanding seat outside effects)."""
        return self.meta.get("seat", self.seat)

    def emit(self, what: str, /, audience: list[int] | None = None, reveals: bool = False, **fields: Any) -> None:
        """Record an event; ``audience`` limits who sees it, ``reveals`` marks an uncovered secret."""
        happened = Event(what, fields, None if audience is None else frozenset(audience), reveals)
        self.events.append(happened)
        recording = _positions.get()
        if recording is not None:
            recording.append((happened, freeze(self.data)))


# The positions a command passes through, while `positions_recorded` asks for them.
_positions: ContextVar[list[tuple[Event, bytes]] | None] = ContextVar("tablekeeper_positions", default=None)


@contextmanager
def positions_recorded() -> Iterator[list[tuple[Event, bytes]]]:
    """While inside, each event that rules emit through a `RuleContext` is recorded with the game's
    data as they are when it is emitted, frozen (`plain.thaw` reads them): the positions a command
    passes through, for a table that shows them one by one. A game's rules emit an event once its
    change is made. Only the calling thread records; outside, emitting costs one lookup more."""
    found: list[tuple[Event, bytes]] = []
    token = _positions.set(found)
    try:
        yield found
    finally:
        _positions.reset(token)


def waiting_choice(queue: list[dict[str, Any]]) -> tuple[str, int, tuple[Any, ...]] | None:
    """(prompt kind, deciding seat, options) of the choice a game's effect queue waits on, if any;
    the seat is the paused item's ``meta["seat"]``, read from plain data (works after a load)."""
    if queue and "pause" in queue[0]:
        pause = queue[0]["pause"]
        return pause["kind"], queue[0]["meta"]["seat"], tuple(pause["options"])
    return None


def pending_choice(data: dict[str, Any]) -> tuple[str, int, tuple[Any, ...]] | None:
    """(prompt kind, deciding seat, options) of the choice a game's rules wait on, if any: the
    paused front of the queue a `RuleContext` keeps at ``data["effects"]``. A game's ``prompt``,
    ``legal_commands`` and ``apply`` all ask it first, as they would on a real table."""
    return waiting_choice(data["effects"])


_EXACT_SCALARS = frozenset({str, int, float, bool, type(None)})
_STR = frozenset({str})


def to_plain(value: object) -> Any:
    """JSON-like data for a loaded value (effects in their file form), as kept in game states."""
    kind = value.__class__
    if kind in _EXACT_SCALARS:
        return value
    if kind is dict:  # the common case, a plain dict: the same result as the Mapping branch below
        mapping: dict[Any, Any] = value  # type: ignore[assignment]
        if _EXACT_SCALARS.issuperset(map(type, mapping.values())) and _STR.issuperset(map(type, mapping)):
            return dict(mapping)  # str keys, scalar values (the commonest): a copy, made in C
        plain = {}
        for key, item in value.items():  # type: ignore[attr-defined]
            if key.__class__ is not str and not isinstance(key, str):
                raise TypeError(f"only string keys can be kept as plain data: {value!r}")
            plain[key] = item if item.__class__ in _EXACT_SCALARS else to_plain(item)
        return plain
    if kind is list or kind is tuple:
        if _EXACT_SCALARS.issuperset(map(type, value)):  # type: ignore[call-overload]
            return list(value)  # type: ignore[call-overload]  # scalars only (options): a copy, made in C
        return [item if item.__class__ in _EXACT_SCALARS else to_plain(item)
                for item in value]  # type: ignore[attr-defined]
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    if isinstance(value, Effect):
        return value.to_data()
    if isinstance(value, Mapping):
        if not all(isinstance(key, str) for key in value):
            raise TypeError(f"only string keys can be kept as plain data: {value!r}")
        return {key: to_plain(item) for key, item in value.items()}
    if isinstance(value, (tuple, list)):
        return [to_plain(item) for item in value]
    if isinstance(value, (frozenset, set)):  # sorted, so equal sets give equal saves
        return sorted((to_plain(item) for item in value), key=lambda item: json.dumps(item, sort_keys=True))
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_plain(getattr(value, f.name)) for f in dataclasses.fields(value) if f.init}
    raise TypeError(f"{type(value).__name__} {value!r} cannot be kept as plain data")
