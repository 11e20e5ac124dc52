"""Nemesis: Lockdown (spec ../shared/rules/nemesis_lockdown.md) on the shared core.

- `content`: every YAML file under resources/nemesis/ loaded into frozen dataclasses and checked on load
  (schema, counts, the board rules of spec 3.1.2, cross-references), with errors naming file, line and field.
- `board`: the Facility graph derived from the content (neighbours, exits, Sections, distances).
- `vocabulary`: the effect primitives of spec 7.1 and the objective conditions of 7.8; `effects` holds
  `NEM`, the game's one effect interpreter, which walks the effect trees; `trees` is their selectors,
  filters and conditions, `primitives` their character, item and information handlers.
- `info` (the description the game list reads), `setup`, `commands` (the verb registry and the
  notation), `rules/` (one module per rule area, in layers: rules/__init__.py; `rules/flow.py` runs
  the flow as queued steps), `views` (per-seat views), `invariants`, `game` (the contract),
  `log` (event lines in English and Traditional Chinese), `bot` (the heuristic player).

Importing the package loads nothing else. `info` describes the game (`INFO`), which is all the
registry reads to list it; `game` holds the rules and, when imported (the first time the game is
started, loaded or asked for), registers the game and its heuristic bot.
"""
