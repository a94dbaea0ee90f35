"""Drawings by game key. Each game's module offers board(view), hand(view) and final(view, result) -> PNG bytes."""

from __future__ import annotations

import importlib
from types import ModuleType

_MODULES: dict[str, str] = {
    "wishes": "renderers.wishes",
    "friendly": "renderers.friendly",
    "thisbig": "renderers.thisbig",
    "pushfish": "renderers.pushfish",
}


def get(key: str) -> ModuleType:
    """The renderer module for a game key."""
    return importlib.import_module(_MODULES[key])
