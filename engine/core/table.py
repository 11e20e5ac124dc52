"""The presentation contract: how a game describes its table so that one generic GUI draws any game.

A game answers two questions, both as plain data (no Qt) in one language:

``Game.board_layout(config, language)`` — the fixed drawing, built once per game:

    {"scale": 60,                      # scene pixels per layout unit (default 60)
     "spaces": [Space, …], "labels": [{"text", "x", "y"}, …],
     "borders": [{"points": [[x, y], …], "look": Look, "width": number}, …]}   # optional
    A border is a line drawn over the spaces that is no space: nothing to hover, click or light
    (a mountain ridge between two regions); ``look`` colours it (default ``dark``), ``width`` is in
    layout units (default 0.1).
    Space = {"id", "shape", "name" (what it is called, for a tooltip), "group" (optional),
             "label" (optional fixed text), "exits" (optional [{"text", "x", "y"}, …]), …shape keys}
      "hex" / "triangle":  "x", "y" (centre), "size" (circumradius), "points_up" (triangles)
      "rect":              "x", "y" (centre), "size" (half width) — or "w", "h" (full size)
      "polygon":           "points" [[x, y], …] (closed), "x", "y" (where its text goes)
      "polyline":          "points" [[x, y], …], "width" (a corridor: a thick line one clicks on)

``Game.table(view, language)`` — what lies on the table now, from one seat's VIEW only, so that
nothing the seat may not see can be drawn, hovered or named:

    {"spaces": {space id: Mark, …},    # spaces not named look empty
     "boards": [Board, …],             # one per seat; the viewer's own shows what it may see
     "shared": [Zone, …],              # what belongs to nobody: decks, piles, a market, a foe's board
     "tracks": [Track, …],
     "status": str}                    # one line: the round, the phase (optional)
    Mark  = {"fill": Look, "owner": seat | None, "label": str | None, "tip": str,
             "looks": [Look, …] (extra states drawn as stripes or an edge: on fire, dark, closed),
             "pieces": [Piece, …]}
    Piece = {"kind": "figure" | "token" | "marker", "owner": seat | None, "label": str (≤ 3
             characters), "count": int, "tip": str, "look": Look | None, "id": str (optional: a
             thing one touches), "walks": bool (the owner drags it along a path of spaces),
             "same": str (optional: as an Item's — pieces with the same value answer for each
             other: a character's figure and its units in one region)}
             A "figure" or "token" of a seat wears the seat's colour; one of nobody its look.
    Board = {"seat": int, "title": str, "score": str, "zones": [Zone, …], "notes": [str, …]}
    Zone  = {"id", "title", "items": [Item, …], "count": int | None (how many, when the items
             are not shown: a deck, another seat's hand), "tip": str, "columns": int,
             "hand": bool (the viewer's cards in hand: drawn as cards along the table's edge)}
    Item  = {"id" (a thing one touches; unique on its board), "title", "text" (a card's words,
             shown on hover), "face_up": bool, "value": str (a big number: power, ammo), "look",
             "same": str (optional: items with the same value look alike to the viewer — two
             copies of one card — so touching any of them is touching the one a command names)}
    Track = {"id", "title", "value": int, "low": int, "high": int, "tip"}

A ``Look`` names how something looks, never what it is in the game: a material (``paper``,
``sand``, ``water``, ``stone``, ``gold``), a colour (``red`` … ``purple``, ``grey``), a tone
(``plain``, ``light``, ``dark``, ``muted``) or an alarm (``danger``, ``warning``, ``good``); see
`LOOKS`. The GUI maps each to its colours. On a space, ``fill`` colours it and each of ``looks``
adds a band along its edge (``dark`` shades the whole space).

Dice results come with each command's events: ``Game.dice_rolled(events, language)`` lists the
dice rolled (the die, the face, who rolled, optionally the face's look), and the table shows the
last command's.

Gestures name the same things: a space id or an item's or a piece's ``id``.
``Game.command_touches(command, view)`` lists what a player touches to give a command (a room
then the cards that pay for it; a card dropped on a room is the same two touches). The GUI
narrows the legal commands by what was touched so far, lights what may come next, and plays a
command when exactly one is complete; so every gesture is as legal as the engine says.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from .schema import (
    Anything,
    Bool,
    Const,
    Int,
    ListOf,
    MapOf,
    Nullable,
    Number,
    Problem,
    Record,
    Schema,
    Str,
    Tagged,
    check,
    ids,
)

LOOKS = ("plain", "light", "dark", "paper", "sand", "water", "stone", "gold", "red", "orange", "yellow",
         "green", "blue", "purple", "grey", "danger", "warning", "good", "muted")
PIECE_KINDS = ("figure", "token", "marker")
SHAPES = ("hex", "triangle", "rect", "polygon", "polyline")

_TEXT = Str(max_len=4000)
_SHORT = Str(max_len=300)
_LOOK = Str(ids(LOOKS), what="a look")
_SEAT = Nullable(Int(0, 99))
_POINT = ListOf(Number(), min_len=2, max_len=2)
_POINTS = ListOf(_POINT, min_len=2, max_len=200)
_COMMON = {"id": Str(max_len=100), "name": _SHORT}
_OPTIONAL = {"group": _SHORT, "label": _SHORT,
             "exits": ListOf(Record({"text": _SHORT, "x": Number(), "y": Number()}), max_len=12)}


def _space(shape: str, fields: Mapping[str, Schema], optional: Mapping[str, Schema] | None = None) -> Record:
    return Record({"shape": Const(shape), **_COMMON, **fields}, {**_OPTIONAL, **(optional or {})},
                  what=f"a {shape} space")


SPACE = Tagged("shape", {
    "hex": _space("hex", {"x": Number(), "y": Number(), "size": Number()}),
    "triangle": _space("triangle", {"x": Number(), "y": Number(), "size": Number()},
                       {"points_up": Bool()}),
    "rect": _space("rect", {"x": Number(), "y": Number()}, {"size": Number(), "w": Number(), "h": Number()}),
    "polygon": _space("polygon", {"points": ListOf(_POINT, min_len=3, max_len=200),
                                  "x": Number(), "y": Number()}),
    "polyline": _space("polyline", {"points": _POINTS, "width": Number()}, {"x": Number(), "y": Number()}),
}, what="a space")

BORDER = Record({"points": _POINTS}, {"look": _LOOK, "width": Number()}, what="a border")

LAYOUT = Record({}, {
    "scale": Number(), "spaces": ListOf(SPACE, max_len=5000),
    "labels": ListOf(Record({"text": _SHORT, "x": Number(), "y": Number()}), max_len=500),
    "borders": ListOf(BORDER, max_len=500),
}, what="a board layout")

PIECE = Record({"kind": Str(ids(PIECE_KINDS), what="a piece kind"), "owner": _SEAT}, {
    "label": Str(max_len=3), "count": Int(1, 999), "tip": _TEXT, "look": Nullable(_LOOK),
    "id": Str(max_len=100), "walks": Bool(), "same": Str(max_len=100),
}, what="a piece")

MARK = Record({}, {
    "fill": _LOOK, "owner": _SEAT, "label": Nullable(_SHORT), "tip": _TEXT,
    "looks": ListOf(_LOOK, max_len=8), "pieces": ListOf(PIECE, max_len=60),
}, what="what lies on a space")

ITEM = Record({"id": Str(max_len=100), "title": _SHORT}, {
    "text": _TEXT, "face_up": Bool(), "value": Str(max_len=12), "look": Nullable(_LOOK), "tip": _TEXT,
    "same": Str(max_len=100),
}, what="a card or a piece of a board")

ZONE = Record({"id": Str(max_len=100), "title": _SHORT}, {
    "items": ListOf(ITEM, max_len=200), "count": Nullable(Int(0, 9999)), "tip": _TEXT, "columns": Int(1, 12),
    "hand": Bool(),
}, what="a zone")

BOARD = Record({"seat": Int(0, 99), "title": _SHORT}, {
    "score": _SHORT, "zones": ListOf(ZONE, max_len=40), "notes": ListOf(_TEXT, max_len=40),
}, what="a player's board")

TRACK = Record({"id": Str(max_len=100), "title": _SHORT, "value": Int(-9999, 9999)}, {
    "low": Int(-9999, 9999), "high": Int(-9999, 9999), "tip": _TEXT,
}, what="a track")

TABLE = Record({}, {
    "spaces": MapOf(Str(max_len=100), MARK), "boards": ListOf(BOARD, max_len=99),
    "shared": ListOf(ZONE, max_len=60), "tracks": ListOf(TRACK, max_len=20), "status": _TEXT,
    "extra": Anything(),
}, what="a table")


def layout_problems(layout: Any) -> list[Problem]:
    """What is wrong with a board layout, by field; empty when it fits the contract."""
    return check(LAYOUT, layout)


def table_problems(table: Any, layout: Any = None) -> list[Problem]:
    """What is wrong with a table description; with ``layout``, marks must name its spaces and
    the ids one touches must be unique: spaces, pieces and shared items among themselves, and each
    board's items among themselves and against those (a seat touches only its own board)."""
    found = check(TABLE, table)
    if found or layout is None:
        return found
    known = {s["id"] for s in layout.get("spaces", [])}
    for space in table.get("spaces", {}):
        if space not in known:
            found.append(Problem(("spaces", space), "no space of the layout has this id"))
    common = list(_touchables(table, None))
    for board in [None, *range(len(table.get("boards", [])))]:
        seen: set[str] = set(known)
        for where, thing in common + (list(_touchables(table, board)) if board is not None else []):
            if thing in seen and (board is None or where[0] == "boards"):
                found.append(Problem(where, f"the id {thing!r} names two things"))
            seen.add(thing)
    return found


def _touchables(table: Mapping[str, Any], board: int | None) -> Iterable[tuple[tuple[Any, ...], str]]:
    """The ids one may touch: with ``board`` None the pieces on spaces and the shared items,
    else that board's items (a board's ids need only differ from each other and the common ones:
    a seat touches only its own board)."""
    if board is not None:
        for z, zone in enumerate(table["boards"][board].get("zones", [])):
            for i, item in enumerate(zone.get("items", [])):
                yield ("boards", board, "zones", z, "items", i, "id"), item["id"]
        return
    for space, mark in table.get("spaces", {}).items():
        for index, piece in enumerate(mark.get("pieces", [])):
            if "id" in piece:
                yield ("spaces", space, "pieces", index, "id"), piece["id"]
    for z, zone in enumerate(table.get("shared", [])):
        for i, item in enumerate(zone.get("items", [])):
            yield ("shared", z, "items", i, "id"), item["id"]


__all__ = ["LAYOUT", "LOOKS", "PIECE_KINDS", "SHAPES", "TABLE", "layout_problems", "table_problems"]


# -- builders of the contract's records (what every game's presentation writes) ------------------------

def piece(kind: str, label: str, tip: str, look: str | None = None, touch: str | None = None,
          count: int | None = None, owner: int | None = None, same: str | None = None) -> dict[str, Any]:
    """A Piece; ``touch`` is its id (left out: nothing to touch), ``count`` at least 1 when given."""
    found: dict[str, Any] = {"kind": kind, "owner": owner, "label": label, "tip": tip, "look": look}
    if touch is not None:
        found["id"] = touch
    if count is not None:
        found["count"] = max(1, count)
    if same is not None:
        found["same"] = same
    return found


def item(touch: str, title: str, text: str = "", face_up: bool = True, look: str | None = None,
         value: Any = None) -> dict[str, Any]:
    """An Item; ``value`` (a big number) as text, left out when None or empty."""
    found: dict[str, Any] = {"id": touch, "title": title, "text": text, "face_up": face_up, "look": look}
    if value is not None and value != "":
        found["value"] = str(value)
    return found


def zone(zone_id: str, title: str, items: list[dict[str, Any]], columns: int = 3, count: int | None = None,
         tip: str = "", hand: bool = False) -> dict[str, Any]:
    """A Zone; ``count`` for piles whose items are not shown, ``hand`` for the viewer's cards."""
    found: dict[str, Any] = {"id": zone_id, "title": title, "items": items, "columns": columns, "count": count}
    if tip:
        found["tip"] = tip
    if hand:
        found["hand"] = True
    return found
