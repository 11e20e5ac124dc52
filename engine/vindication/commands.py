"""Turn actions and free actions: each verb's handler and the legal commands it offers (spec 8.2, 8.3).

Notation (seats prefix as ``0: …``):
  activate self | activate K03 [from_potential=1]   move T25,T13,T14 [extension=1 dilute=conv_to_inf]
  fly T07                               visit R07 [units=2] [choice=S] [control_first=1]
  rest pot_to_inf | rest inf_to_conv    end_turn
  upgrade C|W|V                         proficiency S    discard_proficiency S
  control R07                           recover K03|V02|S|R07         vindicate
  use K03 | use V01                     (an activated companion's ability, a relic)
  answer CHOICE                         (to the pending prompt: a name, a number or a list a,b)
Villages & Hamlets:
  move T17,T29 relocate=F3 | fly F2 relocate=port      visit venfero_secret/3 | visit A2
  build A2 (then answer with a tile)    dig A2    rune ingenuity K03 | rune devotion
  visit R05 choice=take_map | visit R05 choice=donate_zeal   (the Temple; without a choice: a prompt)
  visit R07 discipline=S | proficiency S discipline=S   (rune of Discipline: 1 conviction for 1 S)
  answer S,C@discipline                 (check conversions: the C die paid with conviction)
An option may be written out at its default value: extension=0, dilute=none, relocate=none,
units=0, control_first=0 and from_potential=0 are the command without them (`spelling_key`), and
are played and recorded as `legal` lists it. Any other option a verb does not take is refused.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import Command, Data, Refused, refuse

from .content import content
from .context import Ctx
from .rules import abilities, flow, free_actions, module, move, visit
from .rules import control as control_rules
from .rules.power import DILUTE_STEPS, move_step, possible_steps, spend_conviction
from .rules.regions import recover_locations

Handler = Callable[[Ctx, Command], None]
# Each verb's options and the values that mean "as if not given" (the rules' defaults).
DEFAULT_OPTIONS: dict[str, dict[str, object]] = {
    "move": {"extension": 0, "dilute": "none", "relocate": "none"}, "fly": {"relocate": "none"},
    "visit": {"units": 0, "control_first": 0}, "activate": {"from_potential": 0},
}


def spelling_key(command: Command, data: Data) -> Command:
    """The command with the options written out at their default value left out: the same
    command (`Game.spelling_key`); ``command`` itself when it has no such option."""
    defaults = DEFAULT_OPTIONS.get(command.verb)
    if not defaults or not command.options:
        return command
    kept = tuple((key, value) for key, value in command.options
                 if key not in defaults or defaults[key] != value)
    if len(kept) == len(command.options):
        return command
    return Command(command.verb, command.args, kept, command.seat)


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
    from_potential = cmd.get("from_potential", 0)
    data, player = ctx.data, ctx.player()
    if from_potential not in (0, 1):
        raise refuse("VIN-ACTIVATE-3", "from_potential=1 pays the activation block from potential")
    if _actions_left(data, "activate") < 1:
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
        ctx.push(module.activation_runes(data, ctx.actor)                 # VVH-RUNE-5: Leadership
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


def activate_commands(data: Data, seat: int) -> list[Command]:
    if _actions_left(data, "activate") < 1:
        return []
    player = data["players"][seat]
    companions = [c["id"] for c in player["companions"] if c["id"] not in data["turn"]["activated"]]
    found = [Command("activate", ("self",), (), seat)] if "self" not in data["turn"]["activated"] else []
    if player["influence"] >= 1:
        found += [Command("activate", (c,), (), seat) for c in companions]
    if player["potential"] >= 1 and abilities.potential_payers(data, seat):
        found += [Command("activate", (c,), (("from_potential", 1),), seat) for c in companions]
    return found


# -- use: activated companion abilities and relics (spec 8.3 use_ability) ---------------------------
def do_use(ctx: Ctx, cmd: Command) -> None:
    abilities.use(ctx, _arg(cmd, 0, "a card: an activated companion or a relic"))


def use_commands(data: Data, seat: int) -> list[Command]:
    return [Command("use", (card,), (), seat) for card in abilities.usable(data, seat)]


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
    if extension and not options and dilute != "none":
        raise refuse("VIN-POWER-6", "you have no block to dilute: the extra steps are free")
    if not extension and dilute != "none":
        raise refuse("VIN-MOVE-8", "only a surrounded move dilutes")
    relocated = _relocation(data, ctx.actor, str(path[-1]), cmd.get("relocate", "none"))
    start_move(ctx)
    ctx.player()["token"] = path[-1]
    data["turn"]["used"]["move"] += 1
    ctx.emit("token_moved", seat=ctx.actor, path=list(path))
    if extension and options:
        move_step(ctx, str(dilute))
    discover(ctx, [str(t) for t in path] + _relocate(ctx, relocated))  # VIN-MOVE-13, VVH-PORT-6


def _relocation(data: Data, seat: int, end: str, relocate: object) -> str | None:
    """VVH-PORT-2..5: checked where the path (or flight) ends, before relocating."""
    if relocate in ("none", None):
        return None
    allowed = move.relocations(data, seat, end)
    if relocate not in allowed:
        raise refuse("VVH-PORT-4", f"from {end} you can relocate to: {', '.join(allowed) or 'nowhere'}")
    return data["port"] if relocate == "port" else str(relocate)


def _relocate(ctx: Ctx, target: str | None) -> list[str]:
    """Move the token on to the port or the Isle; the port's spaces are then discovered too."""
    if target is None:
        return []
    ctx.player()["token"] = target
    ctx.emit("token_relocated", seat=ctx.actor, to=target)
    return [target]


def start_move(ctx: Ctx) -> None:
    """`move_start`: a speed trigger (W03) was counted into the speed the move was checked
    against; it is spent now and its +n stays as a turn modifier."""
    hooked = [card for card, _ in abilities.hooks(ctx.data, ctx.actor, "move_start", "speed_mod")]
    abilities.spend_hooks(ctx, hooked, keep_effects=True)


def discover(ctx: Ctx, triangles: list[str]) -> None:
    """Discovery after the player's own move, then its triggers: ``discover`` once if at least one
    tile was drawn (K02), and ``move_done``."""
    empty = sum(1 for r in ctx.data["regions"].values() if r is None)
    move.discover(ctx, triangles)
    found = empty - sum(1 for r in ctx.data["regions"].values() if r is None)
    abilities.fire(ctx, "move_done", seats=[ctx.actor])
    if found:
        abilities.fire(ctx, "discover", str(found), seats=[ctx.actor])


def do_fly(ctx: Ctx, cmd: Command) -> None:
    data, player = ctx.data, ctx.player()
    destination = _arg(cmd, 0, "a destination triangle")
    if data["turn"]["used"]["move"]:
        raise refuse("VIN-TURN-5", "you have moved this turn")
    if not content().mounts[player["mount"]].flight:
        raise refuse("VIN-MOVE-12", "only a rank-5 mount (the moth) flies")
    if destination not in flight_targets(data) or destination == player["token"]:
        raise refuse("VIN-MOVE-12", "fly to another triangle of the board")
    if destination in move.occupied(data, ctx.actor):
        raise refuse("VIN-MOVE-4", f"another token stands on {destination}")
    relocated = _relocation(data, ctx.actor, destination, cmd.get("relocate", "none"))
    start_move(ctx)
    player["token"] = destination
    data["turn"]["used"]["move"] += 1
    ctx.emit("token_flew", seat=ctx.actor, to=destination)
    discover(ctx, [destination] + _relocate(ctx, relocated))         # VIN-DISCOVER-2, VVH-PORT-6


def flight_targets(data: Data) -> dict[str, object]:
    """The moth flies anywhere on the island, and with the module onto the Isle too (VVH-ISLE-2)."""
    return content().triangles if "port" in data else content().board.triangles


def move_commands(data: Data, seat: int) -> list[Command]:
    if data["turn"]["used"]["move"]:
        return []
    extension, paths = move.legal_paths(data, seat)
    found: list[Command] = []
    dilutions = possible_steps(data["players"][seat], DILUTE_STEPS) if extension else []
    for path in paths:
        variants: list[tuple[tuple[str, object], ...]] = []
        if not extension:
            variants.append(())
        for step in dilutions or ([None] if extension else []):
            variants.append((("extension", extension),) + ((("dilute", step),) if step else ()))
        targets = move.relocations(data, seat, path[-1])
        for options in variants:
            found.append(Command("move", (path,), options, seat))
            found += [Command("move", (path,), options + (("relocate", t),), seat) for t in targets]
    if content().mounts[data["players"][seat]["mount"]].flight:
        taken = move.occupied(data, seat) | {data["players"][seat]["token"]}
        for t in flight_targets(data):
            if t not in taken:
                found.append(Command("fly", (t,), (), seat))
                found += [Command("fly", (t,), (("relocate", r),), seat) for r in move.relocations(data, seat, t)]
    return found


# -- the module's visit-action uses and runes (VVH-BUILD, VVH-RUINS, VVH-RUNE) ----------------------
def _spend_visit_action(data: Data) -> None:
    if visit.visits_left(data) < 1:
        raise refuse("VIN-TURN-5", "you have used your visit action this turn")
    data["turn"]["used"]["visit"] += 1


def do_build(ctx: Ctx, cmd: Command) -> None:
    area = _arg(cmd, 0, "an Isle area (A1, A2, A3)")
    if visit.visits_left(ctx.data) < 1:
        raise refuse("VIN-TURN-5", "you have used your visit action this turn")
    module.check_build(ctx.data, ctx.actor, area)
    _spend_visit_action(ctx.data)
    ctx.push([{"build_tile": {"area": area}}])


def do_dig(ctx: Ctx, cmd: Command) -> None:
    area = _arg(cmd, 0, "an Isle area (A1, A2, A3)")
    if visit.visits_left(ctx.data) < 1:
        raise refuse("VIN-TURN-5", "you have used your visit action this turn")
    module.check_dig(ctx.data, ctx.actor, area)
    _spend_visit_action(ctx.data)
    module.dig(ctx, area)


def do_rune(ctx: Ctx, cmd: Command) -> None:
    """VVH-RUNE-3 (ingenuity COMPANION) and VVH-RUNE-4 (devotion): free actions, once per turn."""
    rune = _arg(cmd, 0, "a rune: ingenuity or devotion")
    player, turn = ctx.player(), ctx.data["turn"]
    if rune not in ("ingenuity", "devotion"):
        raise refuse("VVH-RUNE-1", f"{rune} is not a rune you use as an action")
    if rune not in player["runes"]:
        raise refuse("VVH-RUNE-1", f"you do not hold the rune of {rune}")
    if f"rune:{rune}" in turn["used_abilities"]:
        raise refuse("VVH-RUNE-3" if rune == "ingenuity" else "VVH-RUNE-4", "once per turn")
    if rune == "ingenuity":
        companion = next((c for c in player["companions"] if len(cmd.args) > 1 and c["id"] == cmd.args[1]), None)
        if companion is None or player["potential"] < 1:
            raise refuse("VVH-RUNE-3", "write rune ingenuity COMPANION, with a block in potential")
        player["potential"] -= 1
        companion["blocks"] += 1
    else:
        spend_conviction(ctx, 2, "VVH-RUNE-4")
        turn["extra"]["visit"] += 1
    turn["used_abilities"].append(f"rune:{rune}")
    ctx.emit("rune_used", seat=ctx.actor, rune=rune)


def module_commands(data: Data, seat: int) -> list[Command]:
    if "port" not in data:
        return []
    found: list[Command] = []
    player = data["players"][seat]
    if visit.visits_left(data) >= 1:
        for area in module.isle_areas_touched(data, seat):
            for verb, check in (("build", module.check_build), ("dig", module.check_dig)):
                try:
                    check(data, seat, area)
                except Refused:
                    continue
                found.append(Command(verb, (area,), (), seat))
    used = data["turn"]["used_abilities"]
    if "ingenuity" in player["runes"] and "rune:ingenuity" not in used and player["potential"]:
        found += [Command("rune", ("ingenuity", c["id"]), (), seat) for c in player["companions"]]
    if "devotion" in player["runes"] and "rune:devotion" not in used and player["conviction"] >= 2:
        found.append(Command("rune", ("devotion",), (), seat))
    if module.discipline_ready(data, seat):                                  # VVH-RUNE-6
        for kind in player["attrs"]:
            try:
                module.check_disciplined_proficiency(data, seat, kind)
            except Refused:
                continue
            found.append(Command("proficiency", (kind,), (("discipline", kind),), seat))
    return found


# -- visit, rest, control --------------------------------------------------------------------------
def do_visit(ctx: Ctx, cmd: Command) -> None:
    units, choice, first = cmd.get("units", 0), cmd.get("choice"), cmd.get("control_first", 0)
    discipline = cmd.get("discipline")
    if not isinstance(units, int) or first not in (0, 1) or (choice is not None and not isinstance(choice, str)):
        raise refuse("VIN-VISIT-6", "visit SPACE [units=N] [choice=S|K|I] [control_first=1]")
    if discipline is not None and not isinstance(discipline, str):
        raise refuse("VVH-RUNE-6", "discipline=K names the attribute one conviction pays for")
    visit.visit(ctx, _arg(cmd, 0, "a region space"), units, choice, bool(first), discipline)


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
    kind = _arg(cmd, 0, "an attribute")
    discipline = cmd.get("discipline")
    if discipline is None:
        free_actions.buy_proficiency(ctx, kind)
    elif discipline != kind:
        raise refuse("VVH-RUNE-6", f"a {kind} tile is paid with {kind}: discipline={kind}")
    else:
        module.buy_disciplined_proficiency(ctx, kind)                        # VVH-RUNE-6


def do_discard_proficiency(ctx: Ctx, cmd: Command) -> None:
    free_actions.discard_proficiency(ctx, _arg(cmd, 0, "an attribute"))


def do_recover(ctx: Ctx, cmd: Command) -> None:
    location = _arg(cmd, 0, "a location")
    if location in ctx.data.get("settlements", {}):
        raise refuse("VVH-CONTROL-9", "a village marker follows the majority; it cannot be recovered")
    free_actions.recover(ctx, location)


def do_vindicate(ctx: Ctx, cmd: Command) -> None:
    free_actions.vindicate(ctx)


def do_end_turn(ctx: Ctx, cmd: Command) -> None:
    flow.end_turn(ctx)


def free_commands(data: Data, seat: int, may_end: bool) -> list[Command]:
    # Cheap tests first: the full checks raise, and listing runs after every command.
    player = data["players"][seat]
    found: list[Command] = []
    for heroic in free_actions.RECIPES:
        if all(player["attrs"][k] >= 1 for k in free_actions.RECIPES[heroic]):
            found.append(Command("upgrade", (heroic,), (), seat))
    for kind in player["attrs"]:
        if player["attrs"][kind] >= 2 and data["proficiency_supply"][kind] >= 1:
            try:
                free_actions.check_buy_proficiency(data, seat, kind)
                found.append(Command("proficiency", (kind,), (), seat))
            except Refused:
                pass
        if player["proficiencies"][kind]:
            found.append(Command("discard_proficiency", (kind,), (), seat))
    found += [Command("recover", (loc,), (), seat) for loc in recover_locations(data, seat)]
    if not player["vindicated"] and player["potential"] == 0:
        try:
            free_actions.check_vindicate(data, seat)
            found.append(Command("vindicate", (), (), seat))
        except Refused:
            pass
    if may_end:
        found.append(Command("end_turn", (), (), seat))
    return found


HANDLERS: dict[str, Handler] = {
    "build": do_build, "dig": do_dig, "rune": do_rune,
    "activate": do_activate, "move": do_move, "fly": do_fly, "visit": do_visit, "rest": do_rest,
    "control": do_control, "upgrade": do_upgrade, "proficiency": do_proficiency,
    "discard_proficiency": do_discard_proficiency, "recover": do_recover, "vindicate": do_vindicate,
    "use": do_use, "end_turn": do_end_turn,
}


def turn_commands(data: Data, seat: int) -> list[Command]:
    moves = move_commands(data, seat)
    # VIN-TURN-3 / VIN-MOVE-10: the turn may end once moved, or when no move is possible at all
    may_end = data["turn"]["used"]["move"] > 0 or not moves
    return (activate_commands(data, seat) + moves + visit.visit_commands(data, seat)
            + module_commands(data, seat)
            + rest_commands(data, seat) + control_commands(data, seat) + use_commands(data, seat)
            + free_commands(data, seat, may_end))
