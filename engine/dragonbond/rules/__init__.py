"""Dragonbond rule areas, one module each (spec section 5), loaded by game.py through
`engine.core.verbs.load_rule_areas`. A module imports only lower layers and the modules listed
before it in its own layer — never one that imports it, not even inside a function:

1. the table: `control` (who controls a region), `movement` (moving, flying, deploying), `upgrades`
   (the market), `regioncards`, `planning` (the planning phase and its verbs `place`, `pass`),
   `heal` (dragon healing), `proxy` (who decides for an AI);
2. the round: `modifiers` (rule changes for a while), `round` (round end, cleanup, scoring),
   `power` (power tokens, the immediate win);
3. card effects: `card_effects` (spec 7.1.2, the ``effect`` step), then `vaala` (Vaala cards);
4. fights: `combat`, then `attack` (the attack icon and its approach) and `oath`;
5. icons: `ai` (an AI board's readings), then `actions` (every icon, a human's, an AI's or granted);
6. the flow: `stack` (execution, one card at a time), then `flow` (set-up picks, the round's steps).

Where a lower area has to reach a higher one, it goes through the interpreter's table
(`effects.DRG`), filled by the higher module when it loads: a card effect's handler, attached to
its declaration with `card_effects.handles` (``draw_vaala`` in vaala, ``grant_icon`` in actions)
and called by name from the ``effect`` step, or a step queued by name.
"""

# The layers above as data, bottom first (tests/architecture/test_game_template.py holds every rule
# module to them: it imports only rule modules listed before its own).
LAYERS: tuple[tuple[str, ...], ...] = (
    ("control", "movement", "upgrades", "regioncards", "planning", "heal", "proxy"),
    ("modifiers", "round", "power"),
    ("card_effects", "vaala"),
    ("combat", "attack", "oath"),
    ("ai", "actions"),
    ("stack", "flow"),
)
