"""Nemesis: Lockdown (spec ../shared/rules/nemesis_lockdown.md): content and board model.

- `content`: every YAML file under resources/nemesis/ loaded into frozen dataclasses and checked on load
  (schema, counts, the board rules of spec 3.1.2, cross-references), with errors naming file, line and field.
- `board`: the Facility graph derived from the content (neighbours, exits, Sections, distances).
- `vocabulary`: the effect primitives of spec 7.1 and the objective conditions of 7.8.

The game itself (state, rules, registration) is not here yet.
"""
