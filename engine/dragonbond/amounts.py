"""Answers that say how many units (`Game.command_amounts`): the screen asks for them with a spin
box per unit type instead of a button per number (issue step 9, DRG-COMBAT-4, DRG-MOVE-1,
DRG-COMBAT-8), in English and Traditional Chinese.

The answers read as numbers, by the notation of the rules that list them:

- ``attack_approach`` (rules/attack.py): ``<from>.<type>.<k>`` — how many units of one type come
  from one adjacent region; one group per (region, type), one part;
- ``icon_move_pieces`` (rules/actions.py): ``<type>.<k>`` — how many units of one type move; one
  group per type (``figure``/``no_figure`` and the later ``stay``/``on/<region>`` stay buttons);
- ``allocate_damage`` (rules/combat.py): ``lose/<type>.<n>+…`` — one group, a part per unit type;
- the effects' choices (rules/effects.py): ``<region>/<type>.<n>+…`` (units placed from the pool or
  pushed to a region), ``[<region>/]<piece>.<n>+…`` with pieces ``neutral`` and
  ``<general>-<type>`` (units removed or pushed), ``figure[+<type>.<n>…]`` (units carried with the
  figure): one group per region (or the figure), a part per unit type or piece;
- a Vaala card's payment (rules/vaala.py): ``cast/<card>/pay/own.<n>+ally.<n>`` — one group per
  card, a part for own and for the ally's power.

A group lists every part it may hold (every unit type; neutral and every general's unit types;
own and ally), 0 where the answer has none, so the parts keep one order; the screen leaves out
the parts whose number never changes. An AI's tied moves (``ai_tie``) are whole moves, not numbers.
"""
from __future__ import annotations

from typing import Any

from engine.core import Amounts, Command, Data
from engine.core.language import language_index

from .content import content
from .labels import UNIT_WORDS
from .log import name_of
from .setup import UNIT_TYPES

UNITS: dict[str, tuple[str, str]] = {"infantry": ("Infantry", "步兵"), "cavalry": ("Cavalry", "騎兵"),
                                     "ranged": ("Ranged", "遠程"), "neutral": ("Neutral", "中立")}
POWER: dict[str, tuple[str, str]] = {"own": ("Own power", "自己的權力標記"),
                                     "ally": ("Ally's power", "盟友的權力標記")}
TITLES: dict[str, tuple[str, str]] = {
    "from": ("From {region}", "來自{region}"),
    "lose": ("Lose", "失去"),
    "cast": ("Cast {card}, paying", "施放{card}，支付"),
    "units": ("Units", "單位"),
    "figure": ("With the figure", "帶上角色模型"),
    "owned": ("{who}'s {unit}", "{who}的{unit}"),
}
TIPS: dict[str, tuple[str, str]] = {
    "from": ("How many {unit} approach from {region}", "從{region}進擊的{unit}數量"),
    "move": ("How many {unit} move", "移動的{unit}數量"),
    "lose": ("How many units of each type you lose: the damage sets how many in all",
             "每種兵種各失去多少單位：總數由傷害決定"),
    "figure": ("How many units of each type the figure carries along", "角色模型帶走的各兵種單位數量"),
}
_NOT_NUMBERS = frozenset({"ai_tie"})   # an AI's tied moves are whole moves (DRG-AI-10)


def _pending(view: Data) -> tuple[str, tuple[Any, ...]]:
    """(kind, options) of the decision the viewer is asked in ``view``; ("", ()) when none."""
    for item in view.get("effects") or ():
        if item.get("waiting") and item.get("seat") == view.get("viewer"):
            pause = item.get("pause") or {}
            options = pause.get("options")
            return str(pause.get("kind", "")), tuple(options) if isinstance(options, list) else ()
    return "", ()


def _counts(text: str) -> list[tuple[str, int]] | None:
    """``a.1+b.2`` → [("a", 1), ("b", 2)]; None when an item is not ``<piece>.<n>``."""
    out = []
    for item in text.split("+"):
        piece, dot, n = item.rpartition(".")
        if not dot or not piece or not n.isdigit():
            return None
        out.append((piece, int(n)))
    return out


def _owned(piece: str) -> tuple[str, str] | None:
    """``adrael-infantry`` → ("adrael", "infantry") for a character's unit type."""
    who, dash, unit = piece.partition("-")
    return (who, unit) if dash and who in content().characters and unit in UNIT_TYPES else None


def _style(pieces: list[str]) -> str | None:
    """Which parts a group of these pieces has: "types", "pieces" (neutral, a general's type) or
    "power" (own, ally); None when the pieces are none of these."""
    if all(p in UNIT_TYPES for p in pieces):
        return "types"
    if all(p == "neutral" or _owned(p) for p in pieces):
        return "pieces"
    if all(p in POWER for p in pieces):
        return "power"
    return None


def _parts(style: str, view: Data, lang: int) -> list[tuple[str, str]]:
    """Every part (id, title) a group of ``style`` may hold, in a fixed order."""
    if style == "types":
        return [(t, UNITS[t][lang]) for t in UNIT_TYPES]
    if style == "power":
        return [(p, POWER[p][lang]) for p in POWER]
    generals = [ch for ch in view.get("seating") or () if view["boards"][ch]["role"] == "general"]
    return [("neutral", UNITS["neutral"][lang])] + [
        (f"{ch}-{t}", TITLES["owned"][lang].format(who=name_of(ch, lang), unit=UNIT_WORDS[t][lang]))
        for ch in generals for t in UNIT_TYPES]


def command_amounts(command: Command, view: Data, language: str = "en") -> Amounts | None:
    """An answer as numbers, by the notations above: how many units approach, move, are lost,
    placed, removed, pushed or carried; how much power pays for a Vaala card (spin boxes, not a
    button per number). None for any other answer."""
    if command.verb != "answer" or not command.args or not isinstance(command.args[0], str):
        return None
    kind, options = _pending(view)
    if kind in _NOT_NUMBERS:
        return None
    lang = language_index(language)
    text = command.args[0]
    prefix, _, last = text.rpartition("/")
    figure = last == "figure" or last.startswith("figure+")
    if figure:
        last = last.removeprefix("figure").removeprefix("+")
        if not last and not any(str(o).startswith("figure+") for o in options):
            return None                                   # a move's figure stage, not a carry
    counts = _counts(last) if last else []
    if counts is None or not (counts or figure):
        return None
    single = _single(counts[0], lang) if not prefix and not figure and len(counts) == 1 else None
    if single is not None:
        return single
    style = _style([piece for piece, _ in counts]) if counts else "types"
    if style is None or (style == "power" and not prefix.startswith("cast/")):
        return None
    parts = dict(counts)
    known = _parts(style, view, lang)
    if len(parts) < len(counts) or not parts.keys() <= {part for part, _ in known}:
        return None
    table = [(part, title, parts.get(part, 0)) for part, title in known]
    words = _group_words(prefix, figure, lang)
    if words is None:
        return None
    return Amounts(f"{prefix}|{style}|{'figure' if figure else ''}", words[0], tuple(table), words[1])


def _single(count: tuple[str, int], lang: int) -> Amounts | None:
    """``<type>.<k>`` (a move's pieces) or ``<from>.<type>.<k>`` (an approach)."""
    piece, k = count
    source, dot, unit = piece.rpartition(".")
    if not dot and piece in UNIT_TYPES:
        unit_title = UNITS[piece][lang]
        return Amounts(f"move/{piece}", unit_title, ((piece, unit_title, k),),
                       TIPS["move"][lang].format(unit=UNIT_WORDS[piece][lang]))
    if dot and unit in UNIT_TYPES and source in content().map.regions:
        region = name_of(source, lang)
        return Amounts(f"from/{piece}", TITLES["from"][lang].format(region=region),
                       ((unit, UNITS[unit][lang], k),),
                       TIPS["from"][lang].format(unit=UNIT_WORDS[unit][lang], region=region))
    return None                                           # a piece to remove: with the others


def _group_words(prefix: str, figure: bool, lang: int) -> tuple[str, str] | None:
    """(title, tip) of a group by what comes before its numbers; None for a prefix no listed
    count has (the answer stays a button in its own words)."""
    if figure:
        return TITLES["figure"][lang], TIPS["figure"][lang]
    if prefix == "lose":
        return TITLES["lose"][lang], TIPS["lose"][lang]
    if prefix.startswith("cast/") and prefix.endswith("/pay"):
        return TITLES["cast"][lang].format(card=name_of(prefix.split("/")[1], lang)), ""
    if prefix in content().map.regions:
        return name_of(prefix, lang), ""
    return (TITLES["units"][lang], "") if not prefix else None
