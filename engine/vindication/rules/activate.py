"""The activate action (VIN-ACTIVATE): the character's current side, or a companion for 1
influence (from potential where W11 allows) that then gives its attribute points."""
from __future__ import annotations

from typing import Any

from engine.core import Command, Data, refuse
from engine.core.sampling import Group, lazily

from ..commands import arg, listed, verb
from ..content import content
from ..context import Ctx
from . import abilities
from .module import activation_runes
from .turn import actions_left


def activate_commands(data: Data, seat: int) -> list[Command]:
    return [_activation(seat, found) for found in activations(data, seat)]


def activate_groups(data: Data, seat: int) -> list[Group]:
    """`activate_commands` as a group (`engine.core.sampling`), a command made only when drawn."""
    found = activations(data, seat)
    return [lazily(found, 1.0, lambda activation: _activation(seat, activation))] if found else []


def _activation(seat: int, activation: tuple[str, bool]) -> Command:
    source, from_potential = activation
    return listed("activate", (source,), seat, (("from_potential", 1),) if from_potential else ())


def activations(data: Data, seat: int) -> list[tuple[str, bool]]:
    """(source, from potential) of each legal activation: the character, each companion for 1
    influence, each companion paid from potential (W11)."""
    if actions_left(data, "activate") < 1:
        return []
    player = data["players"][seat]
    companions = [c["id"] for c in player["companions"] if c["id"] not in data["turn"]["activated"]]
    found = [("self", False)] if "self" not in data["turn"]["activated"] else []
    if player["influence"] >= 1:
        found += [(c, False) for c in companions]
    if player["potential"] >= 1 and companions and abilities.potential_payers(data, seat):
        found += [(c, True) for c in companions]
    return found


@verb("activate", activate_commands, groups=activate_groups)
def do_activate(ctx: Ctx, cmd: Command) -> None:
    source = arg(cmd, 0, "a source: self or a companion id")
    from_potential = cmd.get("from_potential", 0)
    data, player = ctx.data, ctx.player()
    if from_potential not in (0, 1):
        raise refuse("VIN-ACTIVATE-3", "from_potential=1 pays the activation block from potential")
    if actions_left(data, "activate") < 1:
        raise refuse("VIN-TURN-5", "you have used your activate action this turn")
    if source in data["turn"]["activated"]:
        raise refuse("VIN-ACTIVATE-9", f"{source} was already activated this turn")
    if source == "self":
        if from_potential:
            raise refuse("VIN-ACTIVATE-2", "activating your character costs nothing")
        character = next(c for c in content().characters if c.id == player["character"])
        effects = character.vindicated if player["vindicated"] else character.wretched
        data["turn"]["used"]["activate"] += 1
        data["turn"]["activated"].append("self")
        ctx.emit("activated", seat=ctx.actor, source="self")
        ctx.push(activation_runes(data, ctx.actor)                        # VVH-RUNE-5: Leadership
                 + [e.to_data() for e in effects] + [{"activation_done": {"source": "self"}}],
                 source="self", activation=1)
        return
    companion = next((c for c in player["companions"] if c["id"] == source), None)
    if companion is None:
        raise refuse("VIN-ACTIVATE-8", f"{source} is not one of your companions")
    if from_potential:                                   # W11, declared before the block moves
        if not abilities.potential_payers(data, ctx.actor):
            raise refuse("VIN-POWER-2", "potential pays for nothing unless a card says so (W11)")
        if player["potential"] < 1:
            raise refuse("VIN-POWER-2", "your potential is empty")
        abilities.spend_potential_payer(ctx)
        player["potential"] -= 1
    elif player["influence"] < 1:
        raise refuse("VIN-ACTIVATE-3", "activating a companion needs 1 influence")
    else:
        player["influence"] -= 1
    companion["blocks"] += 1
    data["turn"]["used"]["activate"] += 1
    data["turn"]["activated"].append(source)
    ctx.emit("activated", seat=ctx.actor, source=source, from_potential=bool(from_potential))
    gains: list[Any] = [{"gain_attr": {"kind": g.kind, "max": g.max}} for g in content().cards[source].gains]
    ctx.push(gains + [{"activation_done": {"source": source}}], source=source, activation=1)
