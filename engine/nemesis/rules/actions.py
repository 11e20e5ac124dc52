"""What every action shares (NEM-ACTION-7/10, NEM-KNOWLEDGE-4, NEM-MOVE-3): who may act, combat
tags, the Knowledge a card or item part asks for, the Entrance the Technical Corridors need, and a
command's values as tuples. The card, item, Room, Computer, combat, movement and escape commands
build on these."""
from __future__ import annotations

from typing import Any

from engine.core import Command, Data, refuse
from engine.core.content_memo import ContentMemo

from ..context import Ctx
from ..trees import call_of, iter_calls, knowledge_for_requirements, named_args
from .places import in_combat, in_facility


def check_tag(data: Data, seat: int, tag: str, rule: str = "NEM-ACTION-7") -> None:
    """NEM-ACTION-7: an in-combat-only or out-of-combat-only action must match the character's state."""
    fighting = in_combat(data, seat)
    if tag == "in" and not fighting:
        raise refuse(rule, "this action can only be performed in combat")
    if tag == "out" and fighting:
        raise refuse(rule, "this action can only be performed out of combat")


def tag_fits(data: Data, seat: int, tag: str) -> bool:
    return tag_fits_combat(in_combat(data, seat), tag)


def tag_fits_combat(fighting: bool, tag: str) -> bool:
    """`tag_fits` for a character known to be in combat (``fighting``) or not."""
    return not ((tag == "in" and not fighting) or (tag == "out" and fighting))


def values(cmd: Command, key: str) -> tuple[Any, ...]:
    value = cmd.get(key, ())
    return value if isinstance(value, tuple) else (value,)


def payment(cmd: Command) -> list[str]:
    """The Action cards a command pays with (``pay=``), by instance id."""
    value = cmd.get("pay", ())
    return [str(v) for v in (value if isinstance(value, tuple) else (value,))]


def acting(ctx: Ctx, seat: int) -> Data:
    player = ctx.player(seat)
    if not in_facility(player):
        raise refuse("NEM-ACTION-10", "only a character standing in a Room can act")
    return player


def plan_options(option: int | None, targets: tuple[Any, ...]) -> tuple[tuple[str, Any], ...]:
    found: list[tuple[str, Any]] = []
    if option is not None:
        found.append(("option", option))
    if targets:
        found.append(("target", tuple(targets)))
    return tuple(found)


def requirement_unmet(ctx: Ctx, tree: object, option: int | None) -> bool:
    """A "Knowledge N" part (an ``if`` on knowledge_ge at the top of the chosen part) not met."""
    return any(knowledge_for_requirements(ctx.data, ctx.actor) < n for n in knowledge_required(tree, option))


def _read_knowledge_required(tree: object, option: int | None) -> tuple[int, ...]:
    """The N of each "Knowledge N" the part ``option`` of ``tree`` asks for (`requirement_unmet`)."""

    def top(node: object) -> tuple[str, object]:
        return call_of(node) if isinstance(node, str) or hasattr(node, "items") else ("", None)

    name, raw = top(tree)
    if name == "choice" and option is not None:
        options = named_args(name, raw).get("options", ())
        if 0 <= option < len(options):
            name, raw = top(options[option])
    if name != "if":
        return ()
    cond = named_args(name, raw).get("cond")
    return tuple(int(cargs.get("n", 0)) for cname, cargs in iter_calls(cond) if cname == "knowledge_ge")


def _read_calls(tree: object, _: None) -> tuple[frozenset[str], bool]:
    """(the names of every call in ``tree``, whether it enters the Technical Corridors)."""
    calls = list(iter_calls(tree))
    names = frozenset(name for name, _ in calls)
    return names, any(name == "move_character" and args.get("mode") == "tech" for name, args in calls)


# Content never changes: each tree (or part) is read once, not at every card played or listed.
knowledge_required = ContentMemo(_read_knowledge_required)
_tree_calls = ContentMemo(_read_calls)


def _calls(tree: object) -> tuple[frozenset[str], bool]:
    return _tree_calls(tree, None)


def uses(tree: object, *names: str) -> bool:
    return not _calls(tree)[0].isdisjoint(names)


def needs_entrance(tree: object) -> bool:
    """Vents, Cave Plans, Service Keys: entering the Technical Corridors needs an Entrance."""
    return _calls(tree)[1]


def check_entrance(ctx: Ctx, seat: int, tree: object) -> None:
    if needs_entrance(tree) and not ctx.content.board.has_entrance(ctx.player(seat)["room"]):
        raise refuse("NEM-MOVE-3", "the Technical Corridors are entered only from a Room with an Entrance")
