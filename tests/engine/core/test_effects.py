"""The effect interpreter: checking effect lists, running them, pausing for choices across a save; and its
walked mode, effect trees whose choices the command names (engine/core/trees.py)."""
from __future__ import annotations

import copy
import json
import marshal
from dataclasses import dataclass, field
from typing import Any

import pytest

from engine.core import Refused
from engine.core.content import ContentError, parse
from engine.core.effects import Effect, EffectError, EffectInterpreter, Param, Pause, to_plain
from engine.core.trees import NONE, TreeError, TreeWalk, WalkRules

vin = EffectInterpreter("VIN")
Effects = vin.effects


@dataclass
class Ctx:
    """What a game hands its handlers: the state data (queue included), the acting seat, an event sink."""

    state: dict[str, Any]
    seat: str = "red"
    events: list[str] = field(default_factory=list)

    @property
    def queue(self) -> list[dict[str, Any]]:
        return self.state["queue"]


@vin.primitive("gain_attribute", kind=str, amount=Param(int, 1))
def gain_attribute(ctx: Ctx, kind: str, amount: int) -> None:
    attributes = ctx.state["attributes"][ctx.seat]
    attributes[kind] = attributes.get(kind, 0) + amount
    ctx.events.append(f"{ctx.seat} gains {amount} {kind}")


@vin.primitive("draw", deck=str, count=Param(int, 1))
def draw(ctx: Ctx, deck: str, count: int) -> None:
    for _ in range(count):
        ctx.state["hand"].append(ctx.state["decks"][deck].pop(0))


@vin.primitive("claim_region", near=tuple[str, ...])
def claim_region(ctx: Ctx, near: tuple[str, ...], answer: object = None) -> Pause | None:
    if answer is None:
        return Pause("choose_region", tuple(region for region in near if region not in ctx.state["claimed"]))
    ctx.state["claimed"].append(answer)
    return None


@vin.primitive("end_turn")
def end_turn(ctx: Ctx) -> None:
    ctx.events.append("turn ends")


def new_state() -> dict[str, Any]:
    return {"queue": [], "attributes": {"red": {}}, "hand": [], "claimed": [],
            "decks": {"relics": ["V01", "V02", "V03"]}}


def effects(raw: object) -> tuple[Effect, ...]:
    return vin.parse(raw, "relics.yaml, card V03")


def error_for(raw: object) -> str:
    with pytest.raises(ContentError) as caught:
        effects(raw)
    return str(caught.value)


# -- registration and checking --------------------------------------------------------------------

def test_registering_checks_names_and_handler_signatures() -> None:
    interp = EffectInterpreter("TST")
    with pytest.raises(ValueError, match="already registered"):
        interp.primitive("sequence")(lambda ctx: None)
    with pytest.raises(TypeError, match="does not take the parameters of gain"):
        @interp.primitive("gain", amount=int)
        def gain(ctx: Ctx, amuont: int) -> None: ...
    with pytest.raises(ValueError, match="reserved"):
        interp.primitive("ask", answer=str)(lambda ctx, answer: None)


def test_effects_parse_into_hashable_values_with_defaults() -> None:
    parsed = effects([{"gain_attribute": {"kind": "courage", "amount": 2}}, {"draw": {"deck": "relics"}},
                      "end_turn"])
    assert [e.primitive for e in parsed] == ["gain_attribute", "draw", "end_turn"]
    assert parsed[1].params == {"deck": "relics", "count": 1}
    assert len({*parsed, *effects(["end_turn"])}) == 3
    assert to_plain(parsed) == [{"gain_attribute": {"kind": "courage", "amount": 2}},
                                {"draw": {"deck": "relics", "count": 1}}, "end_turn"]


def test_an_unknown_primitive_suggests_the_close_one() -> None:
    assert error_for([{"gain_atribute": {"kind": "courage"}}]) == (
        "relics.yaml, card V03, field effects[0]: "
        "unknown VIN effect 'gain_atribute' (did you mean 'gain_attribute'?)")


def test_parameter_errors_name_the_parameter() -> None:
    assert error_for(["end_turn", {"gain_attribute": {"kind": "courage", "amount": "two"}}]) == (
        "relics.yaml, card V03, field effects[1].gain_attribute.amount: expected an integer, got 'two'")
    assert error_for([{"draw": {"count": 2}}]) == (
        "relics.yaml, card V03, field effects[0].draw.deck: draw needs the parameter 'deck'")
    assert error_for([{"draw": {"deck": "relics", "cuont": 2}}]) == (
        "relics.yaml, card V03, field effects[0].draw.cuont: "
        "draw has no parameter 'cuont' (did you mean 'count'?)")
    assert "expected an effect" in error_for([{"draw": {"deck": "relics"}, "end_turn": None}])
    assert "expected a list of effects, got 'end_turn'" in error_for("end_turn")


def test_nested_effects_in_control_primitives_are_checked() -> None:
    assert error_for([{"choose_one": {"options": [["end_turn"], [{"draw": {"deck": 3}}]]}}]) == (
        "relics.yaml, card V03, field effects[0].choose_one.options[1][0].draw.deck: "
        "expected a string, got 3 (quote it to keep it as text)")


# -- running --------------------------------------------------------------------------------------

def test_simple_primitives_change_the_state_in_order() -> None:
    ctx = Ctx(new_state())
    pause = vin.run(ctx, effects([{"gain_attribute": {"kind": "courage", "amount": 2}},
                                  {"draw": {"deck": "relics", "count": 2}}, "end_turn"]))
    assert pause is None and ctx.queue == []
    assert ctx.state["attributes"]["red"] == {"courage": 2}
    assert ctx.state["hand"] == ["V01", "V02"]
    assert ctx.events == ["red gains 2 courage", "turn ends"]


def test_composites_run_their_effects_before_the_rest() -> None:
    ctx = Ctx(new_state())
    vin.run(ctx, effects([
        {"repeat": {"times": 3, "effects": [{"gain_attribute": {"kind": "wit"}}]}},
        {"sequence": {"effects": ["end_turn", {"draw": {"deck": "relics"}}]}},
        {"gain_attribute": {"kind": "courage"}},
    ]))
    assert ctx.events == ["red gains 1 wit"] * 3 + ["turn ends", "red gains 1 courage"]
    assert ctx.state["attributes"]["red"] == {"wit": 3, "courage": 1}
    assert ctx.state["hand"] == ["V01"]


CLAIM_THEN_GAIN = [{"claim_region": {"near": ["R1", "R2", "R3"]}},
                   {"gain_attribute": {"kind": "courage", "amount": 2}}, "end_turn"]


def test_a_pause_survives_a_json_round_trip_and_resumes_the_same() -> None:
    direct = Ctx(new_state())
    direct.state["claimed"].append("R2")
    saved = Ctx(copy.deepcopy(direct.state))

    first = vin.run(direct, effects(CLAIM_THEN_GAIN))
    assert first == Pause("choose_region", ("R1", "R3"))
    assert direct.state["attributes"]["red"] == {}  # nothing after the pause has run yet

    assert vin.run(saved, effects(CLAIM_THEN_GAIN)) == first
    loaded = Ctx(json.loads(json.dumps(saved.state)))  # the queue is plain data
    assert vin.pending(loaded) == first

    assert vin.resume(direct, "R3") is None
    assert vin.resume(loaded, "R3") is None
    assert loaded.state == direct.state
    assert loaded.state["claimed"] == ["R2", "R3"] and loaded.queue == []
    assert loaded.events == direct.events == ["red gains 2 courage", "turn ends"]


def test_choose_one_pauses_on_the_option_lists_and_runs_the_chosen_one() -> None:
    ctx = Ctx(new_state())
    pause = vin.run(ctx, effects([{"choose_one": {"options": [
        [{"gain_attribute": {"kind": "wit"}}],
        [{"draw": {"deck": "relics"}}, {"claim_region": {"near": ["R1"]}}],
    ]}}, "end_turn"]))
    assert pause is not None and pause.kind == "choose_one"
    second = pause.options[1]
    assert second == [{"draw": {"deck": "relics", "count": 1}}, {"claim_region": {"near": ["R1"]}}]

    ctx = Ctx(json.loads(json.dumps(ctx.state)))
    assert vin.resume(ctx, second) == Pause("choose_region", ("R1",))  # a pause inside the choice
    assert vin.resume(ctx, "R1") is None
    assert ctx.state["hand"] == ["V01"] and ctx.state["claimed"] == ["R1"]
    assert ctx.state["attributes"]["red"] == {}
    assert ctx.events == ["turn ends"]


def test_wrong_answers_and_misuse_are_refused_with_the_queue_intact() -> None:
    ctx = Ctx(new_state())
    with pytest.raises(EffectError, match="no effect is waiting"):
        vin.resume(ctx, "R1")
    vin.run(ctx, effects(CLAIM_THEN_GAIN))
    queued = copy.deepcopy(ctx.queue)
    with pytest.raises(EffectError, match="'R9' is not one of the options for choose_region"):
        vin.resume(ctx, "R9")
    with pytest.raises(EffectError, match="still pending"):
        vin.run(ctx, effects(["end_turn"]))
    assert ctx.queue == queued


def test_effects_that_never_end_are_stopped() -> None:
    interp = EffectInterpreter("TST")

    @interp.primitive("again")
    def again(ctx: Ctx) -> None:
        interp.push(ctx, [Effect("again")])

    with pytest.raises(EffectError, match="without ending"):
        interp.run(Ctx(new_state()), [Effect("again")])


# -- through the content loader -------------------------------------------------------------------

@dataclass(frozen=True)
class Relic:
    id: str
    effects: Effects = ()


@dataclass(frozen=True)
class Relics:
    relics: tuple[Relic, ...]


RELICS = """\
relics:
  - id: V01
    effects:
      - gain_attribute: {kind: courage, amount: 2}
      - end_turn
  - id: V02
    effects:
      - draw:
          deck: relics
          count: 2
      - choose_one:
          options:
            - [end_turn]
            - - gain_attribute: {kind: wit}
"""


def test_effects_fields_load_through_the_content_loader() -> None:
    relics = parse(RELICS, Relics, "relics.yaml").relics
    assert relics[0].effects == (Effect("gain_attribute", vin.decode_effect(
        {"gain_attribute": {"kind": "courage", "amount": 2}}).params), Effect("end_turn"))
    assert relics[1].effects[1].primitive == "choose_one"


@pytest.mark.parametrize(("broken", "expected"), [
    (RELICS.replace("count: 2", "count: lots"),
     "relics.yaml, line 10, field relics[1].effects[0].draw.count: expected an integer, got 'lots'"),
    (RELICS.replace("- end_turn\n  - id", "- end_trun\n  - id"),
     "relics.yaml, line 5, field relics[0].effects[1]: "
     "unknown VIN effect 'end_trun' (did you mean 'end_turn'?)"),
    (RELICS.replace("{kind: wit}", "{knd: wit}"),
     "relics.yaml, line 14, field relics[1].effects[1].choose_one.options[1][0].gain_attribute.knd: "
     "gain_attribute has no parameter 'knd' (did you mean 'kind'?)"),
    (RELICS.replace("          deck: relics\n", ""),
     "relics.yaml, line 8, field relics[1].effects[0].draw.deck: draw needs the parameter 'deck'"),
])
def test_effect_errors_in_content_files_name_the_line(broken: str, expected: str) -> None:
    with pytest.raises(ContentError) as caught:
        parse(broken, Relics, "relics.yaml")
    assert str(caught.value) == expected


def test_declared_primitives_check_content_but_refuse_to_run_until_handled():
    from engine.core.effects import EffectError, EffectInterpreter

    interp = EffectInterpreter("TST")
    interp.declare("grow", n=int)
    effects = interp.parse([{"grow": {"n": 2}}], "x.yaml")
    assert interp.unhandled() == ["grow"]

    class Ctx:
        def __init__(self):
            self.queue, self.meta, self.total = [], {}, 0

    with pytest.raises(EffectError, match="no handler yet"):
        interp.run(Ctx(), effects)

    @interp.handles("grow")
    def grow(ctx, n):
        ctx.total += n

    ctx = Ctx()
    interp.run(ctx, effects)
    assert ctx.total == 2 and interp.unhandled() == []


def test_meta_tags_follow_their_effects_and_sub_effects_inherit_them():
    from engine.core.effects import EffectInterpreter, Pause

    interp = EffectInterpreter("TST")
    seen = []

    @interp.primitive("note")
    def note(ctx):
        seen.append(ctx.meta.get("seat"))

    @interp.primitive("ask")
    def ask(ctx, answer=None):
        if answer is None:
            return Pause("pick", ("a", "b"))
        seen.append((ctx.meta.get("seat"), answer))
        interp.push(ctx, interp.parse(["note"], "x"))
        return None

    class Ctx:
        queue: list
        meta: dict

    ctx = Ctx()
    ctx.queue, ctx.meta = [], {}
    interp.run(ctx, interp.parse(["note", "ask"], "x"), meta={"seat": 2})
    assert interp.pending_meta(ctx) == {"seat": 2}
    interp.resume(ctx, "b")
    assert seen == [2, (2, "b"), 2]


def test_the_checked_item_memo_stays_small_and_keeps_what_recurs() -> None:
    """One-off queued items must not grow memory for ever (a long run would look like a leak),
    while an item that keeps coming back stays remembered."""
    from engine.core import effects as effects_module
    interp = EffectInterpreter("MEMO")

    # a parameter of a type only the full check reads, so each queued item goes through the memo
    # (the quick reading of simple items, `_quick_read`, keeps no memo)
    @interp.primitive("note", n=int, tags=Param(frozenset[str], frozenset()))
    def note(ctx, n: int, tags: frozenset[str]) -> None:
        ctx.seen.append(n)

    class Ctx:
        def __init__(self) -> None:
            self.queue: list = []
            self.meta: dict = {}
            self.seen: list = []

    ctx = Ctx()
    recurring = interp.parse([{"note": {"n": -1}}], "test")
    for n in range(effects_module._CHECKED_MEMORY * 3):
        interp.run(ctx, interp.parse([{"note": {"n": n}}], "test"))
        interp.run(ctx, recurring)
    assert len(interp._checked) <= effects_module._CHECKED_MEMORY
    assert len(interp._parsed) <= effects_module._PARSED_MEMORY    # parsed lists, bounded the same way
    assert ("note", {"n": -1, "tags": []}) in [marshal.loads(key) for key in interp._checked]
    assert ctx.seen[-2:] == [effects_module._CHECKED_MEMORY * 3 - 1, -1]


def test_push_steps_queues_and_runs_exactly_what_push_of_parse_does() -> None:
    """The quick way of queueing a game's own steps (`push_steps`) and of checking a queued item again
    (`_step`) gives the same items, in the same order and types, the same values to the handlers, and
    the same refusals as decoding them in full."""
    interp = EffectInterpreter("QUICK")

    @interp.primitive("step", n=int, ratio=float, label=Param(str | None, None), seats=Param(tuple[int, ...], ()),
                      data=Param(object, None), flag=Param(bool, False))
    def step(ctx: Any, n: int, ratio: float, label: str | None, seats: tuple[int, ...], data: object,
             flag: bool) -> None:
        ctx.seen.append((n, ratio, label, seats, data, flag))

    @interp.primitive("tagged", tags=Param(frozenset[str], frozenset()))     # a type only the full check reads
    def tagged(ctx: Any, tags: frozenset[str]) -> None:
        ctx.seen.append(tags)

    class Ctx:
        def __init__(self) -> None:
            self.queue: list[dict[str, Any]] = []
            self.meta: dict[str, Any] = {}
            self.seen: list[Any] = []

    batches: list[list[Any]] = [
        [{"step": {"ratio": 2, "n": 1, "seats": [0, 2], "data": {"a": [1, (2, 3)], "b": {"c": None}}}},
         {"step": {"n": 3, "ratio": 0.5, "label": "x", "flag": True}}],
        ["tagged", {"step": {"n": 4, "ratio": 1.5, "data": [[1], "x"]}}],     # one full step: the batch goes in full
    ]
    for steps in batches:
        quick, full = Ctx(), Ctx()
        interp.push_steps(quick, steps, {"seat": 1})
        interp.push(full, interp.parse(steps, "test"), {"seat": 1})
        assert marshal.dumps(quick.queue, 0) == marshal.dumps(full.queue, 0)     # equal values, types, order
        interp.drain(quick)
        for item in full.queue:                                            # the full check of each item
            effect = interp._effect_of(item)
            interp._primitives[effect.primitive].handler(full, **effect.kwargs())  # type: ignore[misc]
        assert repr(quick.seen) == repr(full.seen) and quick.seen       # tuples, FrozenMaps, floats alike

    for wrong in ({"step": {"n": True, "ratio": 1}}, {"step": {"n": 1}}, {"step": {"n": 1, "ratio": 1, "nope": 2}},
                  {"step": {"n": 1, "ratio": 1, "seats": (1,)}}, {"stepp": {}}, {"step": {"n": 1, "ratio": "x"}}):
        with pytest.raises(ContentError) as full_error:
            interp.parse([wrong], "rules")
        with pytest.raises(ContentError) as quick_error:
            interp.push_steps(Ctx(), [wrong])
        assert str(quick_error.value) == str(full_error.value)

    loaded = Ctx()                  # a queued item from a loaded state that does not fit: refused alike
    loaded.queue = [{"primitive": "step", "params": {"n": "1", "ratio": 1}, "meta": {}}]
    with pytest.raises(EffectError, match="not valid"):
        interp.drain(loaded)


def test_a_decoders_quick_read_gives_the_queue_what_its_full_check_gives() -> None:
    """A parameter `Annotated[T, decoder]` whose decoder has ``quick_read`` is read by it when a queued
    item runs (no memo of the whole item); a value it cannot vouch for (None) goes the full way,
    refused alike. Lists of option strings are read (and kept plain) as they are."""
    from typing import Annotated

    from engine.core.content import FieldError

    class Upper:
        reads: list[object] = []

        def decode_content(self, raw: object, path: Any) -> str:
            if not isinstance(raw, str):
                raise FieldError(path, f"expected text, got {raw!r}")
            return raw.upper()

        def quick_read(self, raw: object) -> str | None:
            self.reads.append(raw)
            return raw.upper() if isinstance(raw, str) else None

    interp = EffectInterpreter("DECODED")

    @interp.primitive("shout", word=Annotated[str, Upper()], options=Param(tuple[str, ...], ()))
    def shout(ctx: Any, word: str, options: tuple[str, ...]) -> None:
        ctx.seen.append((word, options))

    class Ctx:
        def __init__(self) -> None:
            self.queue: list[dict[str, Any]] = []
            self.meta: dict[str, Any] = {}
            self.seen: list[Any] = []

    ctx = Ctx()
    interp.push_plain(ctx, [{"shout": {"word": "hey", "options": ["a", "b"]}}, {"shout": {"word": "ho"}}])
    assert ctx.queue[0]["params"] == {"word": "hey", "options": ["a", "b"]}
    interp.drain(ctx)
    assert ctx.seen == [("HEY", ("a", "b")), ("HO", ())] and Upper.reads == ["hey", "ho"]
    assert not interp._checked                                    # read quickly, never the full way
    loaded = Ctx()
    loaded.queue = [{"primitive": "shout", "params": {"word": 3}, "meta": {}}]
    with pytest.raises(EffectError, match="not valid"):
        interp.drain(loaded)
    assert to_plain(("a", 1, None)) == ["a", 1, None] and to_plain([("a",), {"b": 1}]) == [["a"], {"b": 1}]


def test_a_verb_registry_lists_in_registration_order_and_refuses_a_second_registration() -> None:
    from engine.core import Command
    from engine.core.verbs import Verbs
    verbs = Verbs("Toy")
    verbs.verb("walk", lambda data, seat: [Command("walk", ("north",), (), seat)])(lambda ctx, cmd: None)
    verbs.verb("wait")(lambda ctx, cmd: None)                      # a verb with no lister of its own
    verbs.verb("look", lambda data, seat: [Command("look", (), (), seat)])(lambda ctx, cmd: None)
    assert [c.verb for c in verbs.listed({}, 1)] == ["walk", "look"]
    assert set(verbs.handlers) == {"walk", "wait", "look"}
    with pytest.raises(ValueError, match="Toy verb 'walk' is registered twice"):
        verbs.verb("walk")(lambda ctx, cmd: None)


def test_a_game_command_answers_the_pending_choice_or_runs_its_verb() -> None:
    from engine.core import Command, Refused
    from engine.core.effects import Pause, RuleContext
    interp = EffectInterpreter("TOY")

    @interp.primitive("ask")
    def ask(ctx, answer=None):
        if answer is None:
            return Pause("colour", ("red", "blue"))
        ctx.emit("chosen", colour=answer)
        return None

    ctx = RuleContext({"effects": []}, None, 0)
    handlers = {"start": lambda c, cmd: interp.push(c, interp.parse(["ask"], "test"), {"seat": 0})}
    run = lambda cmd: interp.answer_or_run(ctx, Command.parse(cmd), handlers, game="Toy",  # noqa: E731
                                           answer_rule=lambda kind: f"TOY-{kind}", unknown_rule="TOY-VERB",
                                           waiting_rule=lambda kind: "TOY-WAIT")
    with pytest.raises(Refused) as unknown:
        run("0: fly")
    assert unknown.value.rule_id == "TOY-VERB" and "Toy has no 'fly' command" in unknown.value.reason
    run("0: start")                                        # queues the question, which pauses
    with pytest.raises(Refused) as waiting:
        run("0: start")
    assert waiting.value.rule_id == "TOY-WAIT"
    with pytest.raises(Refused) as wrong:
        run("0: answer green")
    assert wrong.value.rule_id == "TOY-colour"
    run("0: answer blue")
    assert [(e.kind, dict(e.data)) for e in ctx.events] == [("chosen", {"colour": "blue"})]


def test_plain_steps_queue_as_data_and_are_checked_when_they_run() -> None:
    ctx = Ctx(new_state())
    ctx.meta = {}
    vin.push_plain(ctx, [{"gain_attribute": {"kind": "wisdom"}}, "end_turn"], {"seat": 0})
    assert ctx.queue[0] == {"primitive": "gain_attribute", "params": {"kind": "wisdom"}, "meta": {"seat": 0}}
    assert vin.drain(ctx) is None
    assert ctx.state["attributes"]["red"] == {"wisdom": 1} and ctx.events[-1] == "turn ends"
    with pytest.raises(EffectError, match="unknown step 'end_trun'.*end_turn"):
        vin.push_plain(ctx, ["end_trun"])
    vin.push_plain(ctx, [{"gain_attribute": {"kind": "wisdom", "amount": "lots"}}])
    with pytest.raises(EffectError, match="not valid"):
        vin.drain(ctx)


def test_pushed_params_are_fresh_plain_data_every_time() -> None:
    """An effect's plain params are made once and copied out, so queue items never share them."""
    interp = EffectInterpreter("FRESH")
    interp.declare("mark", cells=tuple[str, ...], where=dict[str, int])

    class Ctx:
        def __init__(self) -> None:
            self.queue: list = []
            self.meta: dict = {}

    ctx = Ctx()
    [effect] = interp.parse([{"mark": {"cells": ["a", "b"], "where": {"x": 1}}}], "test")
    interp.push(ctx, [effect, effect])
    first, second = ctx.queue
    assert first["params"] == second["params"] == {"cells": ["a", "b"], "where": {"x": 1}}
    assert first["params"] is not second["params"] and first["params"]["cells"] is not second["params"]["cells"]
    first["params"]["cells"].append("c")
    interp.push(ctx, [effect])
    assert ctx.queue[0]["params"] == {"cells": ["a", "b"], "where": {"x": 1}}


def test_checked_queue_items_are_told_apart_by_exact_types() -> None:
    """The memo of checked queued items never mistakes a tuple for a list or True for 1."""
    interp = EffectInterpreter("EXACT")
    seen: list = []

    @interp.primitive("note", n=int, cells=tuple[str, ...])
    def note(ctx, n: int, cells: tuple[str, ...]) -> None:
        seen.append((n, cells))

    class Ctx:
        def __init__(self) -> None:
            self.queue: list = []
            self.meta: dict = {}

    ctx = Ctx()
    ctx.queue.append({"primitive": "note", "params": {"n": 1, "cells": ["a"]}, "meta": {}})
    interp.drain(ctx)
    for bad in ({"n": True, "cells": ["a"]}, {"n": 1, "cells": ("a",)}):
        ctx.queue[:] = [{"primitive": "note", "params": bad, "meta": {}}]
        with pytest.raises(EffectError):
            interp.drain(ctx)
    assert seen == [(1, ("a",))]


# -- the walked mode: effect trees whose choices the command names --------------------------------
# A toy vocabulary: players hold coins; `gain` gives some, `move` goes to a square the command
# names, `twice` is structure the game adds, `shout` is declared but has no handler yet.

TOY_SIGNATURES = {
    "gain": ("who:v", "n:v"), "move": ("to:v",), "twice": ("effect:n",), "shout": ("text:v",),
    "note": ("*words:v",), "players": ("*filters:c",), "rich": ("n:v",), "is": ("who:v",),
    "aside": ("effect:n",),
}
TOY_RULES = WalkRules(option="TOY-OPTION", target="TOY-TARGET", no_target="TOY-NONE")


@dataclass
class WalkCtx:
    """A toy game's context: the coins, who acts, a log, whether the game is over, and a queue."""

    coins: dict[str, int] = field(default_factory=lambda: {"ann": 0, "bob": 3, "cid": 5})
    actor: str = "ann"
    log: list[Any] = field(default_factory=list)
    over: bool = False
    queue: list[dict[str, Any]] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)


def toy_interpreter(not_ready: Any = None) -> EffectInterpreter:
    interp = EffectInterpreter("TOY")
    trees = interp.trees
    trees.configure(TOY_SIGNATURES, TOY_RULES, stopped=lambda ctx: ctx.over, not_ready=not_ready)

    @trees.handles("gain")
    def gain(ctx: WalkCtx, args: dict[str, Any], bindings: dict[str, Any]) -> None:
        ctx.coins[args["who"]] += args.get("n", 1)
        ctx.log.append(("gain", args["who"], args.get("n", 1)))

    @trees.handles("move")
    def move(ctx: WalkCtx, args: dict[str, Any], bindings: dict[str, Any]) -> None:
        ctx.log.append(("move", args["to"]))

    @trees.handles("note")
    def note(ctx: WalkCtx, args: dict[str, Any], bindings: dict[str, Any]) -> None:
        ctx.log.append(("note", args["words"]))

    @trees.before_handler("move")
    def move_target(walk: TreeWalk[WalkCtx], args: dict[str, Any], bindings: dict[str, Any]) -> dict[str, Any]:
        args["to"] = walk.take_target(["north", "south"])
        return bindings

    trees.name("self")(lambda walk, bindings: walk.ctx.actor)
    trees.name("it")(lambda walk, bindings: bindings.get("it"))
    trees.pool("pile")(lambda walk, bindings: sorted(walk.ctx.coins))

    @trees.value("players")
    def players(walk: TreeWalk[WalkCtx], args: dict[str, Any], bindings: dict[str, Any]) -> list[str]:
        filters = args.get("filters", ())
        return [p for p in sorted(walk.ctx.coins)
                if walk.cond(filters, {**bindings, "it": p})]

    trees.condition("rich")(lambda walk, args, b: walk.ctx.coins[b.get("it", walk.ctx.actor)] >= args["n"])
    trees.condition("is")(lambda walk, args, b: b.get("it") == walk.value(args["who"], b))

    @trees.control("twice")
    def twice(walk: TreeWalk[WalkCtx], args: dict[str, Any], bindings: dict[str, Any]) -> None:
        walk.run(args["effect"], bindings)
        walk.run(args["effect"], bindings)

    trees.control("aside", opaque=True)(lambda walk, args, bindings: None)
    return interp


def test_a_walk_runs_seqs_calls_and_named_values_with_every_argument_form() -> None:
    interp = toy_interpreter()
    ctx = WalkCtx()
    tree = ({"gain": {"who": "self", "n": 2}},            # named
            {"gain": ("bob", 1)},                          # positional
            {"seq": ({"gain": "cid"},)},                   # one value for the first parameter
            {"note": ("a", "b", "c")},                     # a variadic last parameter
            {"twice": {"gain": ("self", 1)}})              # the game's own structure
    interp.run_tree(ctx, tree)
    assert ctx.coins == {"ann": 4, "bob": 4, "cid": 6}
    assert ctx.log[3] == ("note", ("a", "b", "c"))


def test_choice_takes_the_commands_option_and_plans_list_each_part() -> None:
    interp = toy_interpreter()
    ctx = WalkCtx()
    tree = {"choice": ({"gain": ("self", 1)}, {"gain": ("bob", 5)})}
    assert interp.plans(ctx, tree) == [(0, ()), (1, ())]
    interp.run_tree(ctx, tree, 1)
    assert ctx.coins["bob"] == 8 and ctx.coins["ann"] == 0
    interp.run_tree(ctx, tree)                              # no option named: the first part
    assert ctx.coins["ann"] == 1
    with pytest.raises(Refused) as missing:
        interp.check_plan(ctx, tree, None, ())
    assert missing.value.rule_id == "TOY-OPTION"
    with pytest.raises(Refused) as wrong:
        interp.run_tree(ctx, tree, 2)
    assert wrong.value.rule_id == "TOY-OPTION"
    with pytest.raises(Refused, match="no OR parts"):
        interp.check_plan(ctx, {"gain": "ann"}, 0, ())


def test_choose_takes_the_commands_targets_in_the_order_the_walk_meets_them() -> None:
    interp = toy_interpreter()
    ctx = WalkCtx()
    rich = {"choose": {"players": {"rich": 3}}}
    tree = ({"gain": (rich, 10)}, {"gain": (rich, 1)})
    assert interp.plans(ctx, tree) == [(None, ("bob", "bob")), (None, ("bob", "cid")),
                                       (None, ("cid", "bob")), (None, ("cid", "cid"))]
    interp.run_tree(ctx, tree, None, ("cid", "bob"))
    assert ctx.coins == {"ann": 0, "bob": 4, "cid": 15}
    interp.run_tree(ctx, ({"gain": (rich, 1)},))        # no target: the first candidate
    assert ctx.coins["bob"] == 5
    for targets, rule in ((("ann", "bob"), "TOY-TARGET"), (("bob",), "TOY-TARGET"),
                          (("bob", "bob", "cid"), "TOY-TARGET")):
        with pytest.raises(Refused) as refused:
            interp.check_plan(ctx, tree, None, targets)
        assert refused.value.rule_id == rule, targets
    with pytest.raises(Refused) as nobody:
        interp.check_plan(ctx, {"gain": ({"choose": {"players": {"rich": 99}}}, 1)}, None, ())
    assert nobody.value.rule_id == "TOY-NONE"


def test_a_pool_never_offers_what_the_walk_already_chose_and_an_optional_choose_offers_none() -> None:
    interp = toy_interpreter()
    ctx = WalkCtx()
    tree = ({"gain": ({"choose": "pile"}, 1)}, {"gain": ({"choose": "pile"}, 1)})
    plans = interp.plans(ctx, tree)
    assert len(plans) == 6 and all(a != b for _, (a, b) in plans)
    walk = interp.trees.walk(ctx, None, ("bob",))
    walk.optional = True
    assert walk.value({"choose": "pile"}, {}) == "bob"
    walk = interp.trees.walk(ctx, None, (NONE,))
    walk.optional = True
    assert walk.value({"choose": "pile"}, {}) is None


def test_plans_ask_each_choose_for_its_candidates_once_per_position() -> None:
    interp = toy_interpreter()
    asked: list[str] = []

    def pile(walk: TreeWalk[WalkCtx], bindings: dict[str, Any]) -> list[str]:
        asked.append("pile")
        return ["x", "y", "z"]
    interp.trees.pool("bag")(pile)
    tree = ({"note": {"choose": "bag"}}, {"note": {"choose": "bag"}})
    assert len(interp.plans(WalkCtx(), tree)) == 6
    assert len(asked) == 4       # the first choose once, the second once per first target (13 walks in all)


def test_if_for_each_and_conditions_bind_it() -> None:
    interp = toy_interpreter()
    ctx = WalkCtx()
    tree = {"for_each": {"selector": {"players": ()},
                         "effect": {"if": {"cond": {"rich": 4}, "then": {"gain": ("it", 100)},
                                           "else": {"note": "it"}}}}}
    interp.run_tree(ctx, tree)
    assert ctx.coins == {"ann": 0, "bob": 3, "cid": 105}
    assert [entry for entry in ctx.log if entry[0] == "note"] == [("note", "ann"), ("note", "bob")]
    walk = interp.trees.walk(ctx)
    assert walk.cond(None, {}) and walk.cond(({"rich": 0}, {"is": "self"}), {"it": "ann"})
    assert not walk.cond(({"rich": 0}, {"is": "self"}), {"it": "bob"})
    assert not walk.cond("unknown_condition", {})
    assert walk.value({"gain": ("self", 2)}, {}) == {"gain": {"who": "ann", "n": 2}}   # a call as data


def test_a_primitive_may_take_a_target_of_the_command_before_its_handler() -> None:
    interp = toy_interpreter()
    ctx = WalkCtx()
    assert interp.plans(ctx, {"move": ()}) == [(None, ("north",)), (None, ("south",))]
    assert ctx.log == []                                   # planning changes nothing
    interp.run_tree(ctx, {"move": ()}, None, ("south",))
    assert ctx.log == [("move", "south")]


def test_a_walk_stops_when_the_game_ends_and_reports_missing_handlers() -> None:
    interp = toy_interpreter()
    ctx = WalkCtx()

    @interp.trees.handles("gain", replace=True)
    def gain_and_end(c: WalkCtx, args: dict[str, Any], bindings: dict[str, Any]) -> None:
        c.coins[args["who"]] += 1
        c.over = True
    interp.run_tree(ctx, ({"gain": "ann"}, {"gain": "bob"}))
    assert ctx.coins["bob"] == 3
    with pytest.raises(TreeError, match="'shout' has no handler"):
        interp.run_tree(WalkCtx(), {"shout": "hi"})
    reported: list[str] = []
    quiet = toy_interpreter(not_ready=lambda c, name: reported.append(name))
    quiet.run_tree(WalkCtx(), ({"shout": "hi"}, {"gain": "bob"}))
    assert reported == ["shout"]
    assert quiet.trees.unready(({"shout": "x"}, {"twice": "shout"}, {"aside": {"shout": "y"}}, "gain")) == ["shout"]
    assert list(quiet.trees.effects_in({"aside": {"shout": "y"}})) == ["aside"]     # opaque: not an effect


def test_the_tree_vocabulary_refuses_unknown_names_and_clashes() -> None:
    interp = toy_interpreter()
    trees = interp.trees
    with pytest.raises(TreeError, match="not in the tree vocabulary"):
        trees.handles("gian")(lambda ctx, args, bindings: None)
    with pytest.raises(TreeError, match="already has a handler"):
        trees.handles("gain")(lambda ctx, args, bindings: None)
    with pytest.raises(TreeError, match="already registered"):
        trees.condition("rich")(lambda walk, args, bindings: True)
    with pytest.raises(TreeError, match="choice reads options"):
        EffectInterpreter("BAD").trees.configure({"choice": ("*parts:n",)}, TOY_RULES)


def test_one_interpreter_runs_a_tree_and_the_queued_effects_its_primitives_push() -> None:
    interp = toy_interpreter()

    @interp.primitive("pay", who=str, amount=int)
    def pay(ctx: WalkCtx, who: str, amount: int) -> None:
        ctx.coins[who] -= amount

    @interp.trees.handles("shout")
    def shout(ctx: WalkCtx, args: dict[str, Any], bindings: dict[str, Any]) -> None:
        interp.push(ctx, interp.parse([{"pay": {"who": "cid", "amount": 2}}], "toy"))

    ctx = WalkCtx()
    interp.run_tree(ctx, {"shout": "now"})
    assert ctx.coins["cid"] == 5 and len(ctx.queue) == 1      # queued, not run by the walk
    interp.drain(ctx)
    assert ctx.coins["cid"] == 3 and ctx.queue == []


def _carrier_interpreter() -> tuple[EffectInterpreter, list[tuple[str, object]]]:
    """An interpreter whose effects run inside one carrier step ``held`` (as a game keeps an
    effect with its source as data) and reach their handlers by name through `call`."""
    interp = EffectInterpreter("TST")
    seen: list[tuple[str, object]] = []

    @interp.primitive("grow", n=int, by=Param(str, "rain"))
    def grow(ctx: Any, n: int, by: str) -> None:
        seen.append(("grow", (ctx["source"], n, by)))

    @interp.primitive("pick", among=tuple[str, ...])
    def pick(ctx: Any, among: tuple[str, ...], answer: object = None) -> Pause | None:
        if answer is None:
            return Pause("pick", among)
        seen.append(("pick", (ctx["source"], answer)))
        return None

    @interp.primitive("held", effect=Any, source=str)
    def held(ctx: Any, effect: dict[str, Any], source: str, answer: object = None) -> Pause | None:
        [(name, params)] = effect.items()
        if answer is None:
            return interp.call({"source": source}, name, params)
        return interp.call({"source": source}, name, params, answer)

    return interp, seen


def test_call_runs_a_declared_primitive_from_within_a_carrier_step_which_keeps_its_shape_when_paused() -> None:
    interp, seen = _carrier_interpreter()
    ctx = type("Ctx", (), {})()
    ctx.queue, ctx.meta = [], {}
    steps = [{"held": {"effect": {"grow": {"n": 2}}, "source": "card1"}},
             {"held": {"effect": {"pick": {"among": ["a", "b"]}}, "source": "card2"}},
             {"held": {"effect": {"grow": {"n": 1, "by": "sun"}}, "source": "card3"}}]
    interp.push_plain(ctx, steps, {"seat": 0})
    pause = interp.drain(ctx)
    assert pause == Pause("pick", ("a", "b"))
    assert seen == [("grow", ("card1", 2, "rain"))]          # the left-out parameter at its default
    assert ctx.queue[0] == {"primitive": "held", "params": {"effect": {"pick": {"among": ["a", "b"]}},
                                                             "source": "card2"},
                            "meta": {"seat": 0}, "pause": {"kind": "pick", "options": ["a", "b"]}}
    saved = json.loads(json.dumps(ctx.queue))                  # the paused carrier survives a save
    ctx.queue[:] = saved
    assert interp.resume(ctx, "b") is None and ctx.queue == []
    assert seen[1:] == [("pick", ("card2", "b")), ("grow", ("card3", 1, "sun"))]


@pytest.mark.parametrize("name, params, error", [
    ("grwo", {"n": 1}, "TST: unknown effect 'grwo'.*did you mean 'grow'"),
    ("grow", {"n": 1, "size": 3}, "TST: grow has no parameter 'size'"),
    ("grow", {"by": "sun"}, "TST: grow needs the parameter 'n'"),
    ("grow", {"n": 1, "answer": "x"}, "TST: grow has no parameter 'answer'"),
])
def test_call_refuses_a_name_or_parameters_its_declaration_does_not_have(name, params, error) -> None:
    interp, seen = _carrier_interpreter()
    with pytest.raises(EffectError, match=error):
        interp.call({"source": "s"}, name, params)
    assert seen == []


def test_call_refuses_a_primitive_without_handler_and_a_handler_that_returns_something_else() -> None:
    interp = EffectInterpreter("TST")
    interp.declare("later")
    with pytest.raises(EffectError, match="'later' has no handler yet"):
        interp.call(None, "later", {})

    @interp.primitive("sloppy")
    def sloppy(ctx: Any) -> Any:
        return "done"

    with pytest.raises(TypeError, match="sloppy returned 'done'"):
        interp.call(None, "sloppy", {})


def test_run_next_leaves_the_queue_as_push_then_the_queue_would() -> None:
    """A step run at once (`run_next`) ends as the same step pushed and run next: the same events,
    and when it pauses, the same paused item at the front, where the queue stops and an answer
    resumes it."""
    interp = EffectInterpreter("NEXT")

    @interp.primitive("stage", picks=Param(tuple[str, ...], ()), at_once=Param(bool, False))
    def stage(ctx: Any, picks: tuple[str, ...], at_once: bool, answer: Any = None) -> Pause | None:
        ctx.seen.append((ctx.meta.get("seat"), tuple(picks), answer))
        if len(picks) == 2:
            interp.push_plain(ctx, ["done"])
            return None
        if answer is None:
            return Pause("pick", ("a", "b"))
        nxt = {"picks": [*picks, answer]}
        if at_once:
            interp.run_next(ctx, "stage", {**nxt, "at_once": True}, {"seat": 1})
        else:
            interp.push_plain(ctx, [{"stage": {**nxt, "at_once": False}}], {"seat": 1})
        return None

    @interp.primitive("done")
    def done(ctx: Any) -> None:
        ctx.seen.append("done")

    class Ctx:
        def __init__(self) -> None:
            self.queue: list = []
            self.meta: dict = {}
            self.seen: list = []

    queued, at_once = Ctx(), Ctx()
    for ctx, now in ((queued, False), (at_once, True)):
        interp.push_plain(ctx, [{"stage": {"at_once": now}}], {"seat": 1})
        assert interp.drain(ctx) == Pause("pick", ("a", "b"))
        assert interp.resume(ctx, "a") == Pause("pick", ("a", "b"))
    assert queued.seen == at_once.seen
    for item in (queued.queue[0], at_once.queue[0]):
        del item["params"]["at_once"]
    assert marshal.dumps(queued.queue, 0) == marshal.dumps(at_once.queue, 0)   # equal values, types, order
    for ctx in (queued, at_once):
        assert interp.resume(ctx, "b") is None and ctx.queue == []
    assert queued.seen == at_once.seen and queued.seen[-1] == "done"
