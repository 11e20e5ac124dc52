"""Loads every rule module, so each registers its verbs (`commands.verb`) and its effect-tree
primitives (`trees.handles`). A new rule area is a new module in rules/ and nothing else."""
from __future__ import annotations

import importlib
import pkgutil

from . import rules

for _module in pkgutil.iter_modules(rules.__path__):
    importlib.import_module(f"{rules.__name__}.{_module.name}")
