"""Turn actions and free actions (spec 8.2, 8.3): the verb registry and the notation.

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

from engine.core import Command, Data, refuse
from engine.core.commands import CommandMemo, Value
from engine.core.verbs import Verbs

# Each rule module registers its own verbs and the legal commands it lists (`verb`); the game loads
# them all (`game.py`). Legal commands are listed area by area in this order, whichever rule module
# is imported first.
VERBS = Verbs("Vindication", areas=("activate", "move", "visit", "module", "rest", "control", "abilities",
                                    "free_actions", "flow"))
HANDLERS = VERBS.handlers
verb = VERBS.verb

# Each verb's options and the values that mean "as if not given" (the rules' defaults).
DEFAULT_OPTIONS: dict[str, dict[str, object]] = {
    "move": {"extension": 0, "dilute": "none", "relocate": "none"}, "fly": {"relocate": "none"},
    "visit": {"units": 0, "control_first": 0}, "activate": {"from_potential": 0},
}


# How likely the random player picks a command of each verb (`Game.random_weight`; 1 for the rest):
# recovering and discarding tiles only take progress back, and a random player who does it as often
# as anything else never reaches an end trigger. By verb only, so a lister of one weight draws its
# commands as one group (`engine.core.sampling`).
RANDOM_WEIGHTS = {"recover": 0.05, "discard_proficiency": 0.05}


def random_weight(verb: str) -> float:
    return RANDOM_WEIGHTS.get(verb, 1.0)


_MADE = CommandMemo(8_000)   # the listers' commands, made once


def listed(verb: str, args: tuple[Value, ...], seat: int, options: tuple[tuple[str, Value], ...] = ()) -> Command:
    """``Command(verb, args, options, seat)``, made once and then shared (`CommandMemo`)."""
    return _MADE.make(verb, args, options, seat)


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


def arg(cmd: Command, index: int, what: str) -> str:
    """The command's argument at ``index``, a name; refused (VIN-TURN-2) when it is missing."""
    value = cmd.args[index] if index < len(cmd.args) else None
    if not isinstance(value, str):
        raise refuse("VIN-TURN-2", f"{cmd.verb} needs {what}")
    return value
