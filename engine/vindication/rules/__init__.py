"""Vindication's rules, one module per rule area; `game.py` loads them all (`load_rule_areas`), and
each registers its verbs (`commands.verb`) and its effect primitives (`effects.VIN`).

They import downward only, from the bottom layer up:
1. `turn` (actions left), `power` (blocks, attributes, honor), `proficiency` (buying a tile);
2. `abilities` (card abilities: triggers, modifiers, `use`);
3. `cards` (drawing and joining), `control` (region control);
4. `recover`, `module` (Villages & Hamlets);
5. `regions` (what regions do, monsters), `move` (moving, flying, discovering), `activate`,
   `rest`, `visit`;
6. `free_actions`, `flow` (set-up choices, turns, rounds, the end and scoring).
Below them all: the game's content, context, effects, vocabulary, counters, places and setup.
"""

# The layers above as data, bottom first (tests/architecture/test_game_template.py holds every rule
# module to them: it imports only rule modules listed before its own).
LAYERS: tuple[tuple[str, ...], ...] = (
    ("turn", "power", "proficiency"),
    ("abilities",),
    ("cards", "control"),
    ("recover", "module"),
    ("regions", "move", "activate", "rest", "visit"),
    ("free_actions", "flow"),
)
