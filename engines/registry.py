"""The games by key: `/fish start <key>` and `fishbot play <key>` look them up here."""

from __future__ import annotations

import importlib
from functools import cache

from engines.core import BadOptions, GameEngine

# key -> module that defines ENGINE; each game adds its own line.
_MODULES: dict[str, str] = {
    "wishes": "engines.wishes",
    "friendly": "engines.friendly",
    "thisbig": "engines.thisbig",
    "pushfish": "engines.pushfish",
}


def keys() -> list[str]:
    """Every registered game key, in a stable order."""
    return list(_MODULES)


@cache
def get(key: str) -> GameEngine:
    """The engine for a game key; an unknown key raises BadOptions naming the known ones."""
    module = _MODULES.get(key.strip().lower())
    if module is None:
        raise BadOptions(f"Unknown game '{key}'. Games: {', '.join(keys())}.")
    return importlib.import_module(module).ENGINE
