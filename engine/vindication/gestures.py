"""What a gesture on the screen means as a command — a click on a space, a drag of a block or
of the medallion — whether or not the rules allow it now.

The GUI plays a gesture's command and lets the rules refuse it (the refusal is the "why not"),
and highlights the drop targets of the legal commands. Nothing here checks a rule.

Pieces a player drags or drops on (the player board's names for them):
  "potential", "influence", "conviction"   the three power zones
  "attr:S" … "attr:V"                      the six attribute spaces
  "companion:K03", "relic:V01"             a card in the player's tableau
  "token"                                  the player's medallion on the board
  "character"                              the player's character board (activate self, vindicate)
  a space id (R07, T25, A2, venfero_secret/3)  a place on the board
"""
from __future__ import annotations

from collections.abc import Sequence

from engine.core import Command, Data, paths

from .content import content
from .places import settlement_of

ZONES = ("potential", "influence", "conviction")
# A block moved one zone up, and the step it is (VIN-POWER-5): rest, or an augment prompt's answer.
AUGMENT_DRAGS = {("potential", "influence"): "pot_to_inf", ("influence", "conviction"): "inf_to_conv"}
CARD_PREFIXES = ("companion:", "relic:", "attr:")


def _prompt(view: Data, seat: int) -> Data | None:
    prompt = view.get("prompt")
    return prompt if isinstance(prompt, dict) and prompt.get("seat") == seat else None


def _is_visit_target(space: str) -> bool:
    c = content()
    return (space in c.board.regions or space in c.isle.regions or settlement_of(space) is not None)


def shortest_path(start: str, end: str) -> tuple[str, ...] | None:
    """The fewest steps from ``start`` to ``end`` over one board's triangles (tokens ignored)."""
    triangles = content().triangles
    if start not in triangles or end not in triangles:
        return None
    return paths.shortest_path(start, end, lambda here: triangles[here].neighbours)


def walked_path(start: str, passed: Sequence[str]) -> tuple[str, ...] | None:
    """The path a medallion dragged from ``start`` over the triangles ``passed`` walks: each
    gap the pointer jumped filled with the shortest connection. None: a gap no walk can close."""
    path = [start]
    for triangle in passed:
        if triangle == path[-1]:
            continue
        link = shortest_path(path[-1], triangle)
        if link is None:
            return None
        path.extend(link[1:])
    return tuple(path) if len(path) > 1 else None


def click_command(view: Data, seat: int, space: str) -> Command | None:
    """What a plain click on ``space`` asks for: walking there by the shortest way (flying,
    when no walk leads there), or visiting it."""
    players = view.get("players") or []
    if not 0 <= seat < len(players):
        return None
    if space in content().triangles:
        path = shortest_path(str(players[seat].get("token")), space)
        return Command("move", (path,), (), seat) if path else Command("fly", (space,), (), seat)
    if _is_visit_target(space):
        return Command("visit", (space,), (), seat)
    return None


def drag_command(view: Data, seat: int, source: str, target: str, passed: Sequence[str] = ()) -> Command | None:
    """The command a drag of ``source`` dropped on ``target`` asks for (``passed``: the spaces a
    dragged medallion went over on the way), or None when the drop means nothing."""
    players = view.get("players") or []
    if not 0 <= seat < len(players):
        return None
    prompt = _prompt(view, seat)
    if source == "token":
        start = str(players[seat].get("token"))
        if target not in content().triangles:
            return None
        path = walked_path(start, [*(p for p in passed if p in content().triangles), target])
        return Command("move", (path,), (), seat) if path else Command("fly", (target,), (), seat)
    step = AUGMENT_DRAGS.get((source, target))
    if step is not None:
        if prompt is not None and step in prompt.get("options", ()):
            return Command("answer", (step,), (), seat)
        return Command("rest", (step,), (), seat)
    if source in ("influence", "potential") and target.startswith("companion:"):
        options = (("from_potential", 1),) if source == "potential" else ()
        return Command("activate", (target.split(":", 1)[1],), options, seat)
    if source == "influence" and target.startswith("attr:") and prompt is not None and prompt.get("kind") == "gain":
        return Command("answer", ((target.split(":", 1)[1],),), (), seat)
    if source == "conviction" and _is_visit_target(target):
        return Command("control", (target,), (), seat)
    if target == "influence" and source.startswith(CARD_PREFIXES):
        return Command("recover", (source.split(":", 1)[1],), (), seat)
    return None


def command_gesture(command: Command, view: Data) -> tuple[str, str] | None:
    """The drag (source, target) that plays ``command``, if one does: the inverse of
    `drag_command`, used to light up where a picked-up piece may be dropped."""
    verb, args = command.verb, command.args
    first = args[0] if args else None
    if verb == "move" and isinstance(first, tuple) and first:
        return "token", str(first[-1])
    if verb == "fly" and first is not None:
        return "token", str(first)
    if verb in ("rest", "answer") and isinstance(first, str):
        for drag, step in AUGMENT_DRAGS.items():
            if first == step:
                return drag
    if verb == "answer" and isinstance(first, tuple) and len(first) == 1 and command.seat is not None:
        prompt = _prompt(view, command.seat)
        if prompt is not None and prompt.get("kind") == "gain":
            return "influence", f"attr:{first[0]}"
    if verb == "activate" and isinstance(first, str) and first != "self":
        return ("potential" if command.get("from_potential", 0) else "influence"), f"companion:{first}"
    if verb == "control" and first is not None:
        return "conviction", str(first)
    if verb == "recover" and isinstance(first, str):
        player = (view.get("players") or [{}])[command.seat or 0]
        if first in (player.get("attrs") or {}):
            return f"attr:{first}", "influence"
        if any(r.get("id") == first for r in player.get("relics") or []):
            return f"relic:{first}", "influence"
        if any(c.get("id") == first for c in player.get("companions") or []):
            return f"companion:{first}", "influence"
    return None


def command_piece(command: Command, view: Data) -> str | None:
    """The piece a click offers ``command`` on: the attribute an upgrade or a proficiency tile is
    about, the card an ability or a recovery uses, the character for vindicating."""
    verb, args = command.verb, command.args
    first = args[0] if args else None
    if verb in ("upgrade", "proficiency", "discard_proficiency") and isinstance(first, str):
        return f"attr:{first}"
    if verb == "vindicate" or (verb == "activate" and first == "self"):
        return "character"
    if verb == "activate" and isinstance(first, str):
        return f"companion:{first}"
    if verb in ("use", "recover") and isinstance(first, str) and command.seat is not None:
        player = (view.get("players") or [{}])[command.seat]
        if first in (player.get("attrs") or {}):
            return f"attr:{first}"
        if any(r.get("id") == first for r in player.get("relics") or []):
            return f"relic:{first}"
        if any(c.get("id") == first for c in player.get("companions") or []):
            return f"companion:{first}"
    return None
