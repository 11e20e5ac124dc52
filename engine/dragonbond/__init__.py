"""Dragonbond: Lords of Vaala (spec ../shared/rules/dragonbond.md) on the shared core.

- `content`: every YAML file under resources/dragonbond/ loaded into frozen dataclasses and checked on load
  (schema, the counts of spec 3.1 and section 7, the map rules of spec 3.5, cross-references), with errors
  naming file, line and field.
- `board`: the map of Valerna (regions, borders, mountains, city sites, start regions, polygons) and its
  pure queries (neighbours, distances, nearest regions, fly ranges).
- `vocabulary`: the icons, effect primitives, modifier kinds, selectors and conditions of spec 7.1, and the
  decoders that check card icons and effect lists when the content loads.

- `info` (the description the game list reads), `setup`, `context` (the rules' `Ctx`), `effects`
  (the one effect interpreter, DRG), `rules/` (one module per rule area, in layers: see its
  docstring), `commands` (the verb registry and notation), `views` (per-seat views), `invariants`,
  `game` (the contract).

- `names` (names and words in English and Traditional Chinese), `log` (event lines), `labels`
  (commands and answers in words), `bot` (the heuristic player).

Importing the package loads nothing else. `info` describes the game (`INFO`), which is all the
registry reads to list it; `game` holds the rules and, when imported (the first time the game is
started, loaded or asked for), registers the game and its heuristic bot.
"""
