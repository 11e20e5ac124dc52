"""Effect trees walked in one go: the second way an `EffectInterpreter` runs an effect.

The queue (effects.py) runs effect lists step by step and pauses for a player's answer. A game whose
card effects take their choices from the command itself (Nemesis: an action names its OR part and
its targets when it is played, never through a pause) writes them as trees instead, and the
interpreter's `trees` (a `TreeWalker`) walks such a tree synchronously, to the end:

- a tree is None (nothing happens), a bare name, a tuple (a sequence) or a call ``{name: args}``;
- a primitive's signature lists its parameters as ``"name:kind"`` (kind ``v``: a value, ``n``: an
  effect node, ``c``: a condition; a leading ``*`` makes the last parameter take every remaining
  positional argument), so args may be written named, positional or as one value (`arguments`);
- the walker knows the control primitives ``seq``, ``choice`` (takes the command's option),
  ``if`` and ``for_each`` (binds ``it``), and the value ``choose`` (takes the command's next target,
  in the order the walk meets them); ``once_per``-like structure a game adds with `control`;
- a call that is not a control has its value args resolved (`TreeWalk.value`: the game's named
  values, selectors and nested calls) and is handed to the game's primitive handler
  ``handler(ctx, args, bindings)``, bindings being where it runs (``it``, and whatever the game
  binds; ``_walk`` is the walk itself).

`TreeWalker.plans` walks a tree without changing anything and lists every (option, targets) a
command may name; `TreeWalker.check_plan` refuses a command's own before anything is paid; a run
without targets takes the first candidate of each choice. The game names the rules its refusals
cite (`WalkRules`).
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from .content import FrozenMap
from .errors import TablekeeperError, refuse

Signature = tuple[str, ...]  # "name:kind", kind v | n | c; a leading * makes it variadic (last only)
Bindings = dict[str, Any]
C = TypeVar("C")    # the game's rule context, which handlers and walks carry
TreeHandler = Callable[[C, dict[str, Any], Bindings], None]
ValueFn = Callable[["TreeWalk[C]", dict[str, Any], Bindings], Any]
NameFn = Callable[["TreeWalk[C]", Bindings], Any]
ConditionFn = Callable[["TreeWalk[C]", dict[str, Any], Bindings], bool]
ControlFn = Callable[["TreeWalk[C]", dict[str, Any], Bindings], None]
BeforeFn = Callable[["TreeWalk[C]", dict[str, Any], Bindings], Bindings]
F = TypeVar("F", bound=Callable[..., Any])
Step = Callable[["TreeWalk[C]", Bindings], None]         # a compiled effect node: walk it
ValueStep = Callable[["TreeWalk[C]", Bindings], Any]     # a compiled value node: its value
CondStep = Callable[["TreeWalk[C]", Bindings], bool]     # a compiled condition node: whether it holds

NONE = "none"   # the target naming "nobody" for an optional choose

# The parameters the walker's own control primitives read; a game's table may add more.
CONTROL_SIGNATURES: dict[str, Signature] = {
    "seq": ("*steps:n",), "choice": ("*options:n",), "if": ("cond:c", "then:n", "else:n"),
    "for_each": ("selector:v", "effect:n"), "choose": ("from:v",),
}


def parse_param(spec: str) -> tuple[str, str, bool]:
    """``"*name:kind"`` -> (name, kind, variadic); the kind defaults to ``v``."""
    variadic = spec.startswith("*")
    name, _, kind = spec.lstrip("*").partition(":")
    return name, kind or "v", variadic


def arguments(table: Mapping[str, Signature], name: str, args: object) -> dict[str, object]:
    """A loaded call's arguments by parameter name, whichever way the content wrote them (named,
    positional with a variadic last parameter, or one value for the first parameter)."""
    params = [parse_param(spec) for spec in table.get(name, ())]
    names = [p[0] for p in params]
    if args is None or not params:
        return {}
    if isinstance(args, Mapping) and all(key in names for key in args):
        return dict(args)
    if isinstance(args, tuple) and not (len(params) == 1 and not params[0][2]):
        if params[-1][2] and len(args) >= len(params):
            return {**dict(zip(names[:-1], args)), names[-1]: args[len(params) - 1:]}
        return dict(zip(names, args))
    return {names[0]: args}


class TreeError(TablekeeperError):
    """A tree vocabulary used in a way the walker does not allow (an unknown name, a clash)."""


class NeedChoice(Exception):
    """Raised while planning: the walk reached a choice the plan does not name yet."""

    def __init__(self, kind: str, candidates: list[Any]) -> None:
        super().__init__(kind)
        self.kind = kind            # "option" or "target"
        self.candidates = candidates


@dataclass(frozen=True)
class WalkRules:
    """The rule IDs a walk's refusals cite: a missing or wrong OR part (``option``), a missing,
    wrong or extra target (``target``), an effect with no legal target at all (``no_target``)."""

    option: str
    target: str
    no_target: str


def _never(ctx: Any) -> bool:
    return False


# Content trees are read-only (FrozenMaps and tuples) and are walked again at every decision, so what
# a node says is read once and remembered by the node's id. Each entry keeps its node alive, so the id
# cannot pass to another object while the entry exists; trees built while playing pass through too,
# so the memory is emptied when it grows large.
_NODES_MAX = 50_000


class TreeWalker(Generic[C]):
    """The walked mode of one game's `EffectInterpreter`: its tree vocabulary (signatures,
    primitive handlers, values, conditions, structure) and the entry points `run`, `plans` and
    `check_plan`. Registries are plain dicts by name; see the module text for their roles."""

    def __init__(self, game_prefix: str) -> None:
        self.game_prefix = game_prefix
        self.signatures: dict[str, Signature] = dict(CONTROL_SIGNATURES)
        self.handlers: dict[str, TreeHandler[C]] = {}   # effect primitives
        self.values: dict[str, ValueFn[C]] = {}         # calls in value position (selectors)
        self.names: dict[str, NameFn[C]] = {}           # bare names in value position
        self.pools: dict[str, NameFn[C]] = {}           # bare names a choose offers from
        self.conditions: dict[str, ConditionFn[C]] = {}
        self.controls: dict[str, ControlFn[C]] = {}     # structure: walked, args left as trees
        self.before: dict[str, BeforeFn[C]] = {}        # per primitive, before its handler (planning too)
        self.opaque: set[str] = set()                   # controls whose effect args are not effect positions
        self.rules = WalkRules("", "", "")
        self.stopped: Callable[[C], bool] = _never       # the game is over: walks stop
        self.not_ready: Callable[[C, str], None] | None = None
        self._kinds: dict[str, dict[str, str]] = {}
        self._nodes: dict[tuple[str, int], tuple[object, Any]] = {}
        self._text_args: dict[tuple[str, str], dict[str, Any]] = {}     # a call whose args are one name
        # Compiled nodes (see "compiling" below), by the node's id (a name: by itself), each entry
        # keeping its node alive; emptied whenever the vocabulary changes.
        self._steps: dict[object, tuple[object, Step[C]]] = {}
        self._value_steps: dict[object, tuple[object, ValueStep[C]]] = {}
        self._cond_steps: dict[object, tuple[object, CondStep[C]]] = {}
        self._effect_names: dict[tuple[object, int | None], tuple[object, frozenset[str]]] = {}   # see `unready`
        self._register_controls()

    def configure(self, signatures: Mapping[str, Signature], rules: WalkRules, *,
                  stopped: Callable[[C], bool] | None = None,
                  not_ready: Callable[[C, str], None] | None = None) -> None:
        """The game's tree vocabulary (name -> signature), the rules its refusals cite, when a walk
        stops (the game is over) and what a primitive without a handler does (default: an error)."""
        for name, core in CONTROL_SIGNATURES.items():
            given = {parse_param(spec)[0] for spec in signatures.get(name, core)}
            missing = [parse_param(spec)[0] for spec in core if parse_param(spec)[0] not in given]
            if missing:
                raise TreeError(f"{self.game_prefix}: the walker's {name} reads {', '.join(missing)}; "
                                f"its signature lacks them")
        self.signatures = {**CONTROL_SIGNATURES, **signatures}
        self.rules = rules
        self.stopped = stopped or _never
        self.not_ready = not_ready
        self._kinds.clear()
        self._nodes.clear()
        self._text_args.clear()
        self._forget_compiled()

    # -- registering -------------------------------------------------------------------------------

    def _known(self, name: str) -> None:
        if name not in self.signatures:
            raise TreeError(f"{self.game_prefix}: {name!r} is not in the tree vocabulary")

    def handles(self, name: str, *, replace: bool = False) -> Callable[[F], F]:
        """Register the handler ``(ctx, args, bindings) -> None`` of an effect primitive; with
        ``replace`` a later registration (a rule module's) takes the place of an earlier one."""
        def register(handler: F) -> F:
            self._known(name)
            if name in self.handlers and not replace:
                raise TreeError(f"{self.game_prefix}: the tree primitive {name!r} already has a handler")
            self.handlers[name] = handler
            self._forget_compiled()
            return handler
        return register

    def value(self, name: str) -> Callable[[F], F]:
        """Register ``fn(walk, args, bindings)``: what a call ``{name: args}`` in value position is
        (a selector's elements, a count); its args come unresolved, by parameter name."""
        return self._into(self.values, name)

    def name(self, name: str) -> Callable[[F], F]:
        """Register ``fn(walk, bindings)``: what a bare name in value position is (``self``)."""
        return self._into(self.names, name, known=False)

    def pool(self, name: str) -> Callable[[F], F]:
        """Register ``fn(walk, bindings) -> list``: what ``choose(name)`` offers for a bare name."""
        return self._into(self.pools, name, known=False)

    def condition(self, name: str) -> Callable[[F], F]:
        """Register ``fn(walk, args, bindings) -> bool`` for a condition node (unknown ones: false)."""
        return self._into(self.conditions, name)

    def control(self, name: str, *, opaque: bool = False) -> Callable[[F], F]:
        """Register ``fn(walk, args, bindings)``: structure the walk runs itself, its args left as
        trees (a handler of the same name is reached only through `TreeWalk.call`). ``opaque``:
        its effect args are read by their own rules, never effect positions."""
        def register(fn: F) -> F:
            self._into(self.controls, name)(fn)
            if opaque:
                self.opaque.add(name)
            self._forget_compiled()
            return fn
        return register

    def before_handler(self, name: str) -> Callable[[F], F]:
        """Register ``fn(walk, args, bindings) -> bindings``, run on a primitive's resolved args
        before its handler, while planning too: a choice of the command hidden in the primitive
        (fill ``args`` from ``walk.take_target``) or bindings its handler reads."""
        return self._into(self.before, name)

    def _into(self, table: dict[str, Any], name: str, known: bool = True) -> Callable[[F], F]:
        def register(fn: F) -> F:
            if known:
                self._known(name)
            if name in table:
                raise TreeError(f"{self.game_prefix}: {name!r} is already registered here")
            table[name] = fn
            self._forget_compiled()
            return fn
        return register

    def _register_controls(self) -> None:
        self.controls.update({"seq": _seq, "choice": _choice, "if": _if, "for_each": _for_each})
        self.values["choose"] = _choose

    # -- reading trees -----------------------------------------------------------------------------

    def kinds(self, name: str) -> dict[str, str]:
        """Parameter name -> kind (v, n, c) of a primitive."""
        found = self._kinds.get(name)
        if found is None:
            found = self._kinds[name] = {p[0]: p[1] for p in map(parse_param, self.signatures.get(name, ()))}
        return found

    def call_of(self, tree: object) -> tuple[str, object]:
        """(name, raw args) of a bare name or a one-key call."""
        if isinstance(tree, str):
            return tree, None
        entry = self._nodes.get(("", id(tree)))          # "": no primitive is named so
        if entry is not None and entry[0] is tree:
            return entry[1]
        [(name, args)] = tree.items()  # type: ignore[attr-defined]
        if isinstance(tree, FrozenMap):
            self._keep("", tree, (name, args))
        return name, args

    def named_args(self, name: str, args: object) -> dict[str, Any]:
        """A call's arguments by parameter name, whichever way the content wrote them; a fresh
        dict the caller may keep."""
        if isinstance(args, str):                        # one value, by its text
            found = self._text_args.get((name, args))
            if found is None:
                found = self._text_args[(name, args)] = arguments(self.signatures, name, args)
            return dict(found)
        if not isinstance(args, (FrozenMap, tuple)):
            return arguments(self.signatures, name, args)
        entry = self._nodes.get((name, id(args)))
        if entry is not None and entry[0] is args:
            return dict(entry[1])
        found = arguments(self.signatures, name, args)
        self._keep(name, args, found)
        return dict(found)

    def _keep(self, kind: str, node: object, found: Any) -> None:
        if len(self._nodes) >= _NODES_MAX:
            self._nodes.clear()
        self._nodes[(kind, id(node))] = (node, found)

    def iter_calls(self, tree: object) -> Iterator[tuple[str, dict[str, Any]]]:
        """Every call in a tree with its named arguments, nested ones too (for reading passives)."""
        if isinstance(tree, tuple):
            for node in tree:
                yield from self.iter_calls(node)
            return
        if tree is None or not isinstance(tree, (str, Mapping)):
            return
        name, raw = self.call_of(tree)
        if name not in self.signatures:
            return
        args = self.named_args(name, raw)
        yield name, args
        for value in args.values():
            yield from self.iter_calls(value)

    def effects_in(self, tree: object) -> Iterator[str]:
        """The names a tree runs as effects (its effect positions, not its values)."""
        if isinstance(tree, tuple):
            for node in tree:
                yield from self.effects_in(node)
            return
        if tree is None or not (isinstance(tree, str) or hasattr(tree, "items")):
            return
        name, raw = self.call_of(tree)
        yield name
        if name in self.opaque:
            return
        args = self.named_args(name, raw)
        for key, kind in self.kinds(name).items():
            if kind == "n" and key in args:
                yield from self.effects_in(args[key])

    def unready(self, tree: object, option: int | None = None) -> list[str]:
        """The effect primitives of ``tree`` (its OR part ``option``) that have no handler yet."""
        fast = tree if isinstance(tree, str) else id(tree)
        entry = self._effect_names.get((fast, option))
        if entry is not None and (entry[0] is tree or fast is tree):
            names = entry[1]
        else:                                   # the names the part runs, read once per read-only tree
            key = self._memo_key(tree)
            part = tree
            if option is not None and tree is not None and not isinstance(tree, tuple):
                name, raw = self.call_of(tree)
                if name == "choice":
                    options = self.named_args(name, raw).get("options", ())
                    part = options[option] if 0 <= option < len(options) else None
            names = frozenset(self.effects_in(part))
            if key is not None:
                if len(self._effect_names) >= _NODES_MAX:
                    self._effect_names.clear()
                self._effect_names[(key, option)] = (tree, names)
        return sorted({name for name in names if name not in self.controls and name not in self.handlers})

    # -- compiling ---------------------------------------------------------------------------------
    # A walk reads the same content nodes at every decision (each card in hand is planned at each),
    # so each node is turned once into a closure that does only what the walk needs of it: which
    # control or primitive it is, which args are values and how each value is found. A closure
    # takes from the registries what it needs when it is made; registering anything empties the
    # compiled memory (`_forget_compiled`). Handlers are looked up when called (`TreeWalk.call`),
    # as before. Only read-only nodes are kept (names, FrozenMaps, tuples of read-only nodes): a
    # plain dict built while playing may change, so it is compiled again each time it is walked.

    def _forget_compiled(self) -> None:
        self._steps.clear()
        self._value_steps.clear()
        self._cond_steps.clear()
        self._effect_names.clear()

    @staticmethod
    def _memo_key(node: object) -> object | None:
        """The key a node is remembered by (a name by itself, a read-only node by its id), or None:
        a node that may change is never remembered."""
        if isinstance(node, str):
            return node
        if isinstance(node, (FrozenMap, tuple)) and _frozen_tree(node):
            return id(node)
        return None

    def _compiled(self, memory: dict[object, tuple[object, Any]], node: object,
                  make: Callable[[object], Any]) -> Any:
        key = self._memo_key(node)
        if key is None:
            return make(node)
        entry = memory.get(key)
        if entry is not None and (entry[0] is node or key is node):
            return entry[1]
        found = make(node)
        if len(memory) >= _NODES_MAX:
            memory.clear()
        memory[key] = (node, found)
        return found

    def step(self, tree: object) -> Step[C]:
        """The compiled effect node ``tree``: ``step(walk, bindings)`` walks it (`TreeWalk.run`)."""
        if tree is None:
            return _nothing
        key = tree if isinstance(tree, str) else id(tree)
        entry = self._steps.get(key)
        if entry is not None and (entry[0] is tree or key is tree):    # a name: by its text
            return entry[1]
        return self._compiled(self._steps, tree, self._make_step)

    def value_step(self, node: object) -> ValueStep[C]:
        """The compiled value node ``node``: ``value_step(walk, bindings)`` is its value (`TreeWalk.value`)."""
        key = node if isinstance(node, str) else id(node)
        entry = self._value_steps.get(key)
        if entry is not None and (entry[0] is node or key is node):    # a name: by its text
            return entry[1]
        return self._compiled(self._value_steps, node, self._make_value)

    def cond_step(self, node: object) -> CondStep[C]:
        """The compiled condition node ``node``: ``cond_step(walk, bindings)`` tests it (`TreeWalk.cond`)."""
        if node is None:
            return _holds
        key = node if isinstance(node, str) else id(node)
        entry = self._cond_steps.get(key)
        if entry is not None and (entry[0] is node or key is node):    # a name: by its text
            return entry[1]
        return self._compiled(self._cond_steps, node, self._make_cond)

    def _lazy_step(self, tree: object) -> Step[C]:
        """The step of a part of a node: compiled now, or, if it cannot be (a malformed node), a step
        that fails only when the walk reaches it, as an uncompiled walk would."""
        try:
            return self.step(tree)
        except Exception:
            stopped = self.stopped

            def fail(walk: TreeWalk[C], bindings: Bindings) -> None:
                if walk.planning or not stopped(walk.ctx):
                    self.step(tree)(walk, bindings)
            return fail

    def _make_step(self, tree: object) -> Step[C]:
        stopped = self.stopped
        if isinstance(tree, tuple):
            steps = tuple(self._lazy_step(node) for node in tree)

            def sequence(walk: TreeWalk[C], bindings: Bindings) -> None:
                if not walk.planning and stopped(walk.ctx):
                    return
                for part in steps:
                    part(walk, bindings)
            return sequence
        name, raw = self.call_of(tree)
        args = self.named_args(name, raw)
        control = self.controls.get(name)
        if control is not None:
            def structure(walk: TreeWalk[C], bindings: Bindings) -> None:
                if walk.planning or not stopped(walk.ctx):
                    control(walk, dict(args), bindings)     # a fresh dict, as `named_args` gives
            return structure
        kinds = self.kinds(name)
        parts = tuple((key, self.value_step(val) if kinds.get(key, "v") == "v" else None, val)
                      for key, val in args.items())
        before = self.before.get(name)
        # A plan needs only the choices a primitive's args take: unless a `before` reads the values,
        # a planning walk resolves only the value args that may take one (see `_may_choose`).
        choosing = tuple(find for _, find, val in parts if find is not None and self._may_choose(val))

        def primitive(walk: TreeWalk[C], bindings: Bindings) -> None:
            if not walk.planning and stopped(walk.ctx):
                return
            walk.context = name
            if walk.planning and before is None:
                for find in choosing:
                    find(walk, bindings)
                return
            values = {key: (val if find is None else find(walk, bindings)) for key, find, val in parts}
            if before is not None:
                bindings = before(walk, values, bindings)
            if walk.planning:
                return
            walk.call(name, values, bindings)
        return primitive

    def _may_choose(self, node: object) -> bool:
        """Whether resolving a value node may take one of the command's choices: whether it names
        ``choose`` (the call, or a game's bare name ``choose``) anywhere in it. Values only read the
        state, so one that takes no choice changes nothing a plan records."""
        if isinstance(node, str):
            return node == "choose"
        if isinstance(node, tuple):
            return any(self._may_choose(item) for item in node)
        if isinstance(node, Mapping):
            return any(key == "choose" or self._may_choose(value) for key, value in node.items())
        return False

    def _make_value(self, node: object) -> ValueStep[C]:
        if isinstance(node, tuple):
            items = tuple(self.value_step(item) for item in node)
            return lambda walk, bindings: tuple(item(walk, bindings) for item in items)
        if isinstance(node, str):
            named = self.names.get(node)
            if named is None:
                return lambda walk, bindings: node
            return named
        if isinstance(node, Mapping) and len(node) == 1:
            name, raw = self.call_of(node)
            args = self.named_args(name, raw)
            fn = self.values.get(name)
            if fn is not None:
                return lambda walk, bindings: fn(walk, dict(args), bindings)
            parts = tuple((key, self.value_step(val)) for key, val in args.items())
            return lambda walk, bindings: {name: {key: find(walk, bindings) for key, find in parts}}
        return lambda walk, bindings: node

    def _make_cond(self, node: object) -> CondStep[C]:
        if isinstance(node, tuple):
            items = tuple(self.cond_step(item) for item in node)
            return lambda walk, bindings: all(item(walk, bindings) for item in items)
        name, raw = self.call_of(node)
        args = self.named_args(name, raw)
        test = self.conditions.get(name)
        if test is None:
            return _fails
        return lambda walk, bindings: test(walk, dict(args), bindings)

    # -- walking -----------------------------------------------------------------------------------

    def walk(self, ctx: C, option: int | None = None, targets: tuple[Any, ...] = (), *,
             planning: bool = False, strict: bool = False) -> TreeWalk[C]:
        """A walk over this vocabulary, not started (to resolve values or conditions by hand)."""
        return TreeWalk(self, ctx, option, targets, planning=planning, strict=strict)

    def run(self, ctx: C, tree: object, option: int | None = None, targets: tuple[Any, ...] = (),
            **bindings: Any) -> TreeWalk[C]:
        """Run ``tree`` with a command's option and targets (or none: the first candidates)."""
        walk = TreeWalk(self, ctx, option, targets)
        walk.run(tree, bindings)
        return walk

    def plans(self, ctx: C, tree: object, option: int | None = None,
              **bindings: Any) -> list[tuple[int | None, tuple[Any, ...]]]:
        """Every (option, targets) a command may name for ``tree`` (no option: each OR part), in
        the order the walk meets the choices; nothing changes."""
        if self.stopped(ctx):            # the game is over: nothing to choose (see `TreeWalk.planning`)
            return [(None, ())]
        found: list[tuple[int | None, tuple[Any, ...]]] = []
        memo: dict[tuple[Any, ...], list[Any]] = {}      # the candidates of each choose, shared by the walks
        step = self.step(tree)
        parts = self._top_options(tree) if option is None else None
        # The walks still to make, as (option, targets), the next one last: a plain stack rather than
        # a recursive closure, which would hold itself in a reference cycle the garbage collector
        # must find (one per listed card, at every decision).
        todo: list[tuple[int | None, tuple[Any, ...]]]
        if parts is not None:            # an OR at the top is the first decision: each part is walked
            todo = [(n, ()) for n in reversed(range(parts))]   # at once (a walk would stop there to ask)
        else:
            todo = [(option, ())]
        while todo:
            opt, prefix = todo.pop()
            walk = TreeWalk(self, ctx, opt, prefix, planning=True)
            walk.memo = memo
            try:
                step(walk, dict(bindings))
            except NeedChoice as need:   # each way to go on is walked again from the top, in order
                if need.kind == "option":
                    todo += [(n, prefix) for n in reversed(need.candidates)]
                else:
                    todo += [(opt, prefix + (candidate,)) for candidate in reversed(need.candidates)]
                continue
            found.append((opt if walk.option_used else None, prefix))
        return found

    def _top_options(self, tree: object) -> int | None:
        """How many OR parts a ``choice`` at the top of ``tree`` has (None: it has none there)."""
        if tree is None or isinstance(tree, tuple):
            return None
        name, raw = self.call_of(tree)
        if self.controls.get(name) is not _choice:
            return None
        return len(self.named_args(name, raw).get("options", ()))

    def check_plan(self, ctx: C, tree: object, option: int | None, targets: tuple[Any, ...],
                   **bindings: Any) -> None:
        """Refuse a command whose option or targets do not fit ``tree`` (before anything is paid)."""
        rules = self.rules
        walk = TreeWalk(self, ctx, option, targets, planning=True)
        try:
            if not self.stopped(ctx):    # the game is over: nothing to walk (see `TreeWalk.planning`)
                walk.run(tree, dict(bindings))
        except NeedChoice as need:
            if need.kind == "option":
                raise refuse(rules.option, "name which part of the OR the action performs (option=N)") from None
            if not need.candidates:
                raise refuse(rules.no_target, "there is no legal target for this effect") from None
            raise refuse(rules.target, f"name a target: one of {', '.join(map(str, need.candidates))}") from None
        if walk.used < len(targets):
            raise refuse(rules.target, f"too many targets: {', '.join(map(str, targets[walk.used:]))}")
        if option is not None and not walk.option_used:
            raise refuse(rules.option, "this action has no OR parts")


class TreeWalk(Generic[C]):
    """One walk of a tree: the command's option and targets, and whether it only plans.

    ``chosen`` are the targets taken so far, ``optional`` makes the next ``choose`` also offer
    `NONE`, ``context`` is the primitive whose args are being resolved, and ``marks`` is what the
    game's primitives note for its conditions during this walk (a handler reaches the walk as
    ``bindings["_walk"]``). A walk that only plans changes nothing, so whether the game is over is
    asked once before it (`TreeWalker.plans`, `check_plan`), not again at every step."""

    __slots__ = ("walker", "ctx", "option", "option_used", "targets", "used", "planning", "strict", "optional",
                 "chosen", "context", "memo", "marks")

    def __init__(self, walker: TreeWalker[C], ctx: C, option: int | None = None, targets: tuple[Any, ...] = (),
                 *, planning: bool = False, strict: bool = False) -> None:
        self.walker = walker
        self.ctx = ctx
        self.option = option
        self.option_used = False
        self.targets = list(targets)
        self.used = 0
        self.planning = planning
        self.strict = strict or planning
        self.optional = False
        self.chosen: list[Any] = []
        self.context = ""
        self.memo: dict[tuple[Any, ...], list[Any]] | None = None    # see `TreeWalker.plans`
        self.marks: dict[str, Any] = {}

    # -- choices -----------------------------------------------------------------------------------

    def take_option(self, n: int) -> int:
        """The command's option among ``n`` OR parts (once per walk; without one: the first)."""
        if self.option_used or self.option is None:
            if self.planning and not self.option_used:
                raise NeedChoice("option", list(range(n)))
            if self.strict:
                raise refuse(self.walker.rules.option, "name which part of the OR the action performs (option=N)")
            return 0
        self.option_used = True
        if not 0 <= self.option < n:
            raise refuse(self.walker.rules.option, f"option {self.option} does not exist (0..{n - 1})")
        return self.option

    def take_target(self, candidates: list[Any]) -> Any:
        """The command's next target among ``candidates`` (without one: the first, or None)."""
        if self.used < len(self.targets):
            value = self.targets[self.used]
            self.used += 1
            if value in candidates:
                self.chosen.append(value)
                return value
            if self.strict:
                raise refuse(self.walker.rules.target, f"{value} is not a legal target here "
                                                       f"({', '.join(map(str, candidates)) or 'none'})")
            return candidates[0] if candidates else None
        if self.planning:
            raise NeedChoice("target", candidates)
        if self.strict and candidates:
            raise refuse(self.walker.rules.target, f"name a target: one of {', '.join(map(str, candidates))}")
        return candidates[0] if candidates else None

    # -- walking -----------------------------------------------------------------------------------

    def run(self, tree: object, bindings: Bindings) -> None:
        """Walk ``tree``: controls walk their parts, other calls go to their handlers (their value
        args resolved, in the order written, and the primitive's `before` first). Compiled once per
        node (`TreeWalker.step`)."""
        self.walker.step(tree)(self, bindings)

    def call(self, name: str, args: dict[str, Any], bindings: Bindings) -> None:
        """Hand resolved ``args`` to the primitive's handler; one without a handler goes to the
        game's ``not_ready`` (never silently dropped)."""
        handler = self.walker.handlers.get(name)
        if handler is None:
            if self.walker.not_ready is None:
                raise TreeError(f"{self.walker.game_prefix}: the tree primitive {name!r} has no handler")
            self.walker.not_ready(self.ctx, name)
            return
        handler(self.ctx, args, {**bindings, "_walk": self})

    # -- values and conditions ---------------------------------------------------------------------

    def value(self, node: object, bindings: Bindings) -> Any:
        """A value argument: named values and value calls resolved, other calls with their args
        resolved, literals as they are (compiled once per node, `TreeWalker.value_step`)."""
        return self.walker.value_step(node)(self, bindings)

    def cond(self, node: object, bindings: Bindings) -> bool:
        """A condition: None holds, a tuple is all of its parts, a name or call its registered test
        (an unknown one fails)."""
        return self.walker.cond_step(node)(self, bindings)

    def candidates(self, source: object, bindings: Bindings) -> list[Any]:
        """What a ``choose`` offers: a pool's elements not chosen yet in this walk (a bare name with a
        pool; other bare names without a named value offer nothing), or the value of ``source``.
        While planning, remembered in ``memo`` by where the walk stands (its option, the targets
        taken so far, the choose's content node): each plan walks the tree again from the top, and
        the same choose offers the same candidates each time."""
        used = self.used
        key = (self.option, tuple(self.targets[:used]), id(source))
        if self.memo is not None and key in self.memo:
            return self.memo[key]
        walker = self.walker
        if isinstance(source, str) and (source in walker.pools or source not in walker.names):
            pool = walker.pools.get(source)
            candidates = [c for c in pool(self, bindings) if c not in self.chosen] if pool is not None else []
        else:
            found = self.value(source, bindings)
            candidates = list(found) if isinstance(found, (list, tuple)) else [found]
        candidates = [c for c in dict.fromkeys(candidates) if c is not None]
        if self.memo is not None and self.used == used:     # a choose nested in the source took a target: not kept
            self.memo[key] = candidates
        return candidates


# -- compiled leaves ----------------------------------------------------------------------------------

def _nothing(walk: TreeWalk[Any], bindings: Bindings) -> None:
    """The step of None: nothing happens."""


def _holds(walk: TreeWalk[Any], bindings: Bindings) -> bool:
    return True


def _fails(walk: TreeWalk[Any], bindings: Bindings) -> bool:
    return False


def _frozen_tree(node: object) -> bool:
    """Whether a node and everything in it is read-only (names, numbers, FrozenMaps, tuples)."""
    if isinstance(node, tuple):
        return all(_frozen_tree(item) for item in node)
    if isinstance(node, FrozenMap):
        return all(_frozen_tree(item) for item in node.values())
    return node is None or isinstance(node, (str, int, float, bool))


# -- the walker's own structure ----------------------------------------------------------------------

def _seq(walk: TreeWalk[Any], args: dict[str, Any], bindings: Bindings) -> None:
    for step in args.get("steps", ()):
        walk.run(step, bindings)


def _choice(walk: TreeWalk[Any], args: dict[str, Any], bindings: Bindings) -> None:
    options = list(args.get("options", ()))
    walk.run(options[walk.take_option(len(options))], bindings)


def _if(walk: TreeWalk[Any], args: dict[str, Any], bindings: Bindings) -> None:
    walk.run(args.get("then") if walk.cond(args.get("cond"), bindings) else args.get("else"), bindings)


def _for_each(walk: TreeWalk[Any], args: dict[str, Any], bindings: Bindings) -> None:
    found = walk.value(args.get("selector"), bindings)
    for element in (found if isinstance(found, (list, tuple)) else [found] if found is not None else []):
        walk.run(args.get("effect"), {**bindings, "it": element})


def _choose(walk: TreeWalk[Any], args: dict[str, Any], bindings: Bindings) -> Any:
    """``choose(from)``: the command's next target among the candidates; an optional one (see
    `TreeWalk.optional`) may name `NONE`, which gives None."""
    candidates = walk.candidates(args.get("from"), bindings)
    if walk.optional:
        chosen = walk.take_target(candidates + [NONE])
        return None if chosen == NONE else chosen
    return walk.take_target(candidates)
