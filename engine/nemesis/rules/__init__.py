"""Nemesis: Lockdown rules, one module per rule area of spec section 5, in layers. A module imports
only modules of the layers below its own or listed before it in its own layer (besides content,
context, effects, commands, trees, vocabulary and objectives), never one above, not even inside a
function. game.py loads them all
by name (engine.core.verbs.load_rule_areas); legal commands are listed in the order of
``commands.VERBS.areas``, whatever the import order.

 0. ``places`` (queries: where things are, combat, Darkness, turn order), ``facility`` (the
    machinery: power, Time-track tokens, doors, Elevator, Rover, Nest, private looks), ``holding``
    (Hand slots, Inventory, receiving and dropping things)
 1. ``hand`` (Action cards), ``coop`` (reviving), ``wounds``, ``weakness`` (Knowledge and the
    Weakness modifiers), ``actions`` (what every action shares)
 2. ``css`` (the pods launch), ``intruders`` (bag, Encounters, attacks, injuries), ``reactions``
    (Interruption windows, declared actions)
 3. ``end`` (the end of the game, the Victory Check), ``items`` (the item commands)
 4. ``board_markers`` (Fire, Malfunction, Venting, Heat Aversion)
 5. ``moving`` (move, careful_move, exploration, Noise, Danger)
 6. ``combat``, ``encounters`` (the steps of an Encounter that wait), ``escape``
 7. ``event_phase`` (steps E1-E7), ``rooms`` (Room actions)
 8. ``turns`` (rounds, turns, the pass), ``computer`` (Computer actions)
 9. ``cards`` (the card command, Search, scans), ``flow`` (set-up picks and the round as steps)
10. ``board_primitives`` (the board primitives of effect trees), over primitives.py: the
    character, item and information primitives, which call into the layers below
"""

# The layers above as data, bottom first (tests/architecture/test_game_template.py holds every rule
# module to them: it imports only rule modules listed before its own).
LAYERS: tuple[tuple[str, ...], ...] = (
    ("places", "facility", "holding"),
    ("hand", "coop", "wounds", "weakness", "actions"),
    ("css", "intruders", "reactions"),
    ("end", "items"),
    ("board_markers",),
    ("moving",),
    ("combat", "encounters", "escape"),
    ("event_phase", "rooms"),
    ("turns", "computer"),
    ("cards", "flow"),
    ("board_primitives",),
)
