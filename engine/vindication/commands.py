"""Turn actions and free actions: each verb's handler and the legal commands it offers (spec 8.2, 8.3).

Notation (seats prefix as ``0: …``):
  activate self | activate K03          move T25,T13,T14 [extension=1 dilute=conv_to_inf]
  fly T07                               visit R07 [units=2] [choice=S] [control_first=1]
  rest pot_to_inf | rest inf_to_conv    end_turn
  upgrade C|W|V                         proficiency S    discard_proficiency S
  control R07                           recover K03|V02|S|R07         vindicate
  answer CHOICE                         (to the pending prompt: a name, a number or a list a,b)
"""
from __future__ import annotations

from collections.abc import Callable

from engine.core import Command, Data, Refused

from .content import content
from .context import Ctx, refuse
from .rules import control as control_rules
from .rules import flow, free_actions, move, visit
from .rules.power import DILUTE_STEPS, possible_steps
from .rules.regions import recover_locations

Handler = Callable[[Ctx, Command], None]


def _arg(cmd: Command, index: int, what: str) -> str:
    if len(cmd.args) <= index or not isinstance(cmd.args[index], str):
        raise refuse("VIN-TURN-2", f"{cmd.verb} needs {what}")
    return cmd.args[index]  # type: ignore[return-value]


def _actions_left(data: Data, action: str) -> int:
    turn = data["turn"]
    return 1 + turn["extra"][action] - turn["used"][action] if action in turn["extra"] else 1 - turn["used"][action]


# -- activate ----------------------------------------------------------------------------------
def do_activate(ctx: Ctx, cmd: Command) -> None:
    source = _arg(cmd, 0, "a source: self or a companion id")
    data, player = ctx.data, ctx.player()
    if _actions_left(data, "activate") < 1:
        raise refuse("VIN-TURN-5", "you have used your activate action this turn")
    if source in data["turn"]["activated"]:
        raise refuse("VIN-ACTIVATE-9", f"{source} was already activated this turn")
    if source == "self":
        character = next(c for c in content().characters if c.id == player["character"])
        effects = character.vindicated if player["vindicated"] else character.wretched
        data["turn"]["used"]["activate"] += 1
        data["turn"]["activated"].append("self")
        ctx.emit("activated", seat=ctx.actor, source="self")
        ctx.push([e.to_data() for e in effects], source="self")
        return
    companion = next((c for c in player["companions"] if c["id"] == source), None)
    if companion is None:
        raise refuse("VIN-ACTIVATE-8", f"{source} is not one of your companions")
    if player["influence"] < 1:
        raise refuse("VIN-ACTIVATE-3", "activating a companion needs 1 influence")
    player["influence"] -= 1
    companion["blocks"] += 1
    data["turn"]["used"]["activate"] += 1
    data["turn"]["activated"].append(source)
    ctx.emit("activated", seat=ctx.actor, source=source)
    gains = [{"gain_attr": {"kind": g.kind, "max": g.max}} for g in content().cards[source].gains]
    ctx.push(gains, source=source)


def activate_commands(data: Data, seat: int) -> list[Command]:
    if _actions_left(data, "activate") < 1:
        return []
    player = data["players"][seat]
    sources = ["self"] + ([c["id"] for c in player["companions"]] if player["influence"] >= 1 else [])
    return [Command("activate", (s,), (), seat) for s in sources if s not in data["turn"]["activated"]]


# -- move and fly --------------------------------------------------------------------------------
def do_move(ctx: Ctx, cmd: Command) -> None:
    data = ctx.data
    if data["turn"]["used"]["move"]:
        raise refuse("VIN-TURN-5", "you have moved this turn")
    path = cmd.args[0] if cmd.args else ()
    path = path if isinstance(path, tuple) else (path,)
    extension = cmd.get("extension", 0)
    if not isinstance(extension, int) or not 0 <= extension <= move.MAX_EXTENSION:
        raise refuse("VIN-MOVE-9", "extension is 0, 1 or 2")
    move.check_path(data, ctx.actor, tuple(str(t) for t in path), extension)
    dilute = cmd.get("dilute", "none")
    options = possible_steps(ctx.player(), DILUTE_STEPS) if extension else []
    if extension and options and dilute not in options:
        raise refuse("VIN-MOVE-8", f"escaping costs a dilution: dilute={' or dilute='.join(options)}")
    if not extension and dilute != "none":
        raise refuse("VIN-MOVE-8", "only a surrounded move dilutes")
    ctx.player()["token"] = path[-1]
    data["turn"]["used"]["move"] += 1
    ctx.emit("token_moved", seat=ctx.actor, path=list(path))
    if extension and options:
        from .rules.power import move_step
        move_step(ctx, str(dilute))
    move.discover(ctx, [str(t) for t in path])                        # VIN-MOVE-13


def do_fly(ctx: Ctx, cmd: Command) -> None:
    data, player = ctx.data, ctx.player()
    destination = _arg(cmd, 0, "a destination triangle")
    if data["turn"]["used"]["move"]:
        raise refuse("VIN-TURN-5", "you have moved this turn")
    if not content().mounts[player["mount"]].flight:
        raise refuse("VIN-MOVE-12", "only a rank-5 mount (the moth) flies")
    if destination not in content().board.triangles or destination == player["token"]:
        raise refuse("VIN-MOVE-12", "fly to another triangle of the board")
    if destination in move.occupied(data, ctx.actor):
        raise refuse("VIN-MOVE-4", f"another token stands on {destination}")
    player["token"] = destination
    data["turn"]["used"]["move"] += 1
    ctx.emit("token_flew", seat=ctx.actor, to=destination)
    move.discover(ctx, [destination])                                  # VIN-DISCOVER-2


def move_commands(data: Data, seat: int) -> list[Command]:
    if data["turn"]["used"]["move"]:
        return []
    extension, paths = move.legal_paths(data, seat)
    found: list[Command] = []
    dilutions = possible_steps(data["players"][seat], DILUTE_STEPS) if extension else []
    for path in paths:
        if not extension:
            found.append(Command("move", (path,), (), seat))
        for step in dilutions or ([None] if extension else []):
            options = (("extension", extension),) + ((("dilute", step),) if step else ())
            found.append(Command("move", (path,), options, seat))
    if content().mounts[data["players"][seat]["mount"]].flight:
        taken = move.occupied(data, seat) | {data["players"][seat]["token"]}
        found += [Command("fly", (t,), (), seat) for t in content().board.triangles if t not in taken]
    return found


# -- visit, rest, control --------------------------------------------------------------------------
def do_visit(ctx: Ctx, cmd: Command) -> None:
    units, choice, first = cmd.get("units", 0), cmd.get("choice"), cmd.get("control_first", 0)
    if not isinstance(units, int) or first not in (0, 1) or (choice is not None and not isinstance(choice, str)):
        raise refuse("VIN-VISIT-6", "visit SPACE [units=N] [choice=S|K|I] [control_first=1]")
    visit.visit(ctx, _arg(cmd, 0, "a region space"), units, choice, bool(first))


def do_rest(ctx: Ctx, cmd: Command) -> None:
    visit.rest(ctx, _arg(cmd, 0, "a step: pot_to_inf or inf_to_conv"))


def rest_commands(data: Data, seat: int) -> list[Command]:
    if visit.visits_left(data) < 1:
        return []
    from .rules.power import AUGMENT_STEPS
    return [Command("rest", (s,), (), seat) for s in possible_steps(data["players"][seat], AUGMENT_STEPS)]


def do_control(ctx: Ctx, cmd: Command) -> None:
    space = _arg(cmd, 0, "a region space")
    control_rules.check_control(ctx.data, ctx.actor, space)
    control_rules.take_control(ctx, space)


def control_commands(data: Data, seat: int) -> list[Command]:
    found = []
    for space in dict.fromkeys(data["turn"]["visited"]):
        try:
            control_rules.check_control(data, seat, space)
        except Refused:
            continue
        found.append(Command("control", (space,), (), seat))
    return found


# -- free actions ----------------------------------------------------------------------------------
def do_upgrade(ctx: Ctx, cmd: Command) -> None:
    free_actions.upgrade(ctx, _arg(cmd, 0, "C, W or V"))


def do_proficiency(ctx: Ctx, cmd: Command) -> None:
    free_actions.buy_proficiency(ctx, _arg(cmd, 0, "an attribute"))


def do_discard_proficiency(ctx: Ctx, cmd: Command) -> None:
    free_actions.discard_proficiency(ctx, _arg(cmd, 0, "an attribute"))


def do_recover(ctx: Ctx, cmd: Command) -> None:
    free_actions.recover(ctx, _arg(cmd, 0, "a location"))


def do_vindicate(ctx: Ctx, cmd: Command) -> None:
    free_actions.vindicate(ctx)


def do_end_turn(ctx: Ctx, cmd: Command) -> None:
    flow.end_turn(ctx)


def free_commands(data: Data, seat: int) -> list[Command]:
    player = data["players"][seat]
    found: list[Command] = []
    for heroic in free_actions.RECIPES:
        if all(player["attrs"][k] >= 1 for k in free_actions.RECIPES[heroic]):
            found.append(Command("upgrade", (heroic,), (), seat))
    for kind in player["attrs"]:
        try:
            free_actions.check_buy_proficiency(data, seat, kind)
            found.append(Command("proficiency", (kind,), (), seat))
        except Refused:
            pass
        if player["proficiencies"][kind]:
            found.append(Command("discard_proficiency", (kind,), (), seat))
    found += [Command("recover", (loc,), (), seat) for loc in recover_locations(data, seat)]
    try:
        free_actions.check_vindicate(data, seat)
        found.append(Command("vindicate", (), (), seat))
    except Refused:
        pass
    if flow.may_end_turn(data, seat):
        found.append(Command("end_turn", (), (), seat))
    return found


HANDLERS: dict[str, Handler] = {
    "activate": do_activate, "move": do_move, "fly": do_fly, "visit": do_visit, "rest": do_rest,
    "control": do_control, "upgrade": do_upgrade, "proficiency": do_proficiency,
    "discard_proficiency": do_discard_proficiency, "recover": do_recover, "vindicate": do_vindicate,
    "end_turn": do_end_turn,
}


def turn_commands(data: Data, seat: int) -> list[Command]:
    return (activate_commands(data, seat) + move_commands(data, seat) + visit.visit_commands(data, seat)
            + rest_commands(data, seat) + control_commands(data, seat) + free_commands(data, seat))
