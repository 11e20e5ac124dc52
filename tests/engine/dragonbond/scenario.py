"""Shared helpers for Dragonbond rule tests: start a game past the character picks, edit the live
state, apply commands in notation. Dragonbond is not registered yet, so tests use `State` directly.

Note: a refused command restores a fresh copy of the data, so fetch ``state.data`` again after
``pytest.raises(Refused)`` instead of keeping an older reference."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core import Command, Config, Data, State
from engine.dragonbond.game import GAME


def new(humans: int = 1, seed: int = 1, **options: Any) -> State:
    return State.new(GAME, Config.build(GAME.info, humans, seed=seed, options=options))


def started(characters: Sequence[str] = ("elyse",), seed: int = 1, first: int | None = None,
            **options: Any) -> State:
    """A game in round 1's planning: human seat i plays ``characters[i]``; ``first`` names the
    human seat holding the marker (default: chosen at random by set-up)."""
    if first is not None:
        options["first_player"] = "choose"
    state = new(len(characters), seed, **options)
    for seat, character in enumerate(characters):
        play(state, f"{seat}: answer {character}")
    if first is not None:
        play(state, f"0: answer {first}")
    return state


def play(state: State, text: str) -> list[Any]:
    return state.apply(Command.parse(text))


def pending(state: State) -> tuple[str, int, tuple[Any, ...]] | None:
    """The pending decision: (kind, deciding seat, options), or None."""
    from engine.dragonbond.game import pending_choice
    return pending_choice(state.data)


# Decisions `settle` answers with their first option besides the icons: heal or execute, and the
# combat and AI-proxy decisions (their first option is the plain one: counter, continue, decline), and
# the staged approach of an attack (first option: the fewest units that keep the attack legal).
SETTLED = frozenset({"heal_or_execute", "ai_tie", "counter_or_retreat", "continue_or_retreat",
                     "allocate_damage", "choose_retreat_region", "combat_vaala", "attack_approach"})


def settle(state: State, events: list[Any] | None = None) -> list[Any]:
    """Answer every pending card decision (icons, heal or execute) with its first option, in turn;
    returns ``events`` extended with what those answers caused."""
    events = list(events or [])
    while (choice := pending(state)) and (choice[0].startswith("icon_") or choice[0] in SETTLED):
        events += state.apply(Command("answer", (choice[2][0],), (), choice[1]))
    return events


def play_settled(state: State, text: str) -> list[Any]:
    """``play``, then ``settle`` the card decisions it led to."""
    return settle(state, play(state, text))


def board(state: State, character: str) -> Data:
    return state.data["boards"][character]


def turn_of(state: State) -> str | None:
    from engine.dragonbond.rules.planning import current
    return current(state.data)


def kinds(events: Sequence[Any]) -> list[str]:
    return [e.kind for e in events]


def settle_all(state: State, events: list[Any] | None = None, limit: int = 500) -> list[Any]:
    """Answer every pending decision of any kind (icons, effects, combat, proxy ties, oath) with its
    first legal option, until the flow waits on a planning turn or the game ends (H3)."""
    events = list(events or [])
    for _ in range(limit):
        choice = pending(state)
        if not choice or state.is_terminal():
            break
        events += state.apply(Command("answer", (choice[2][0],), (), choice[1]))
    return events


def play_all(state: State, text: str) -> list[Any]:
    """``play``, then ``settle_all`` whatever decisions it led to (H3)."""
    return settle_all(state, play(state, text))


def answer_move(state: State, origin: str, destination: str, units: dict[str, int] | None = None,
                figure: bool = False, further: str | None = None) -> list[Any]:
    """Answer a pending `move` in its stages (rules/actions.py): ``move/<origin>/<destination>``,
    then ``<type>.<n>`` per type asked, ``figure``/``no_figure``, and ``stay``/``on/<further>``
    (up_outriders). Each answer must be one of the listed options (else Refused)."""
    units = units or {}
    events = _answer_pending(state, f"move/{origin}/{destination}")
    while (choice := pending(state)) and choice[0] == "icon_move_pieces":
        first = str(choice[2][0])
        if first in ("figure", "no_figure"):
            text = "figure" if figure else "no_figure"
        elif first == "stay":
            text = f"on/{further}" if further else "stay"
        else:
            kind = first.partition(".")[0]
            text = f"{kind}.{units.get(kind, 0)}"
        events += _answer_pending(state, text)
    return events


def answer_attack(state: State, region: str, target: str, approach: dict[str, dict[str, int]] | None = None,
                  figure_from: str | None = None) -> list[Any]:
    """Answer a pending `attack` in its stages (rules/attack.py): ``attack/<region>/<target>``, then
    ``<from>.<type>.<n>`` per adjacent region and type asked, and ``figure.<from>``/``no_figure``."""
    approach = approach or {}
    events = _answer_pending(state, f"attack/{region}/{target}")
    while (choice := pending(state)) and choice[0] == "attack_approach":
        first = str(choice[2][0])
        if first.startswith("figure.") or first == "no_figure":
            text = f"figure.{figure_from}" if figure_from else "no_figure"
        else:
            src, kind, _ = first.split(".")
            text = f"{src}.{kind}.{approach.get(src, {}).get(kind, 0)}"
        events += _answer_pending(state, text)
    return events


def _answer_pending(state: State, option: str) -> list[Any]:
    choice = pending(state)
    seat = choice[1] if choice else 0
    return state.apply(Command("answer", (option,), (), seat))


def set_power(state: State, character: str, unspent: int, spent: int = 0) -> None:
    """Give ``character`` exactly this many power tokens, taken from or returned to the supply."""
    p = board(state, character)["power"]
    state.data["supply"]["power"] += p["unspent"] + p["spent"] - unspent - spent
    p["unspent"], p["spent"] = unspent, spent


def rule_ctx(state: State, seed: int = 1) -> Any:
    """A rules context on the live state with an empty step queue (to call rule functions directly)."""
    from engine.core import Rng
    from engine.dragonbond.context import Ctx
    ctx = Ctx(state.data, Rng(seed), 0)
    ctx.queue.clear()
    return ctx
