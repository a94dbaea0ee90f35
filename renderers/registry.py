"""Drawings by game key: board(view), hand(view), final(view, result) give PNG bytes; text(view) a text table."""

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
