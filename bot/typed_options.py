"""Game options typed as text (a slash command's fields, the terminal's --options): a list may be typed as
comma-separated text ("0, 2"), which becomes a list before the game's own model validates it."""

from __future__ import annotations

import types
import typing
from typing import Any

from pydantic.fields import FieldInfo

from engines.core import GameEngine


def split_lists(engine: GameEngine, values: dict[str, Any]) -> dict[str, Any]:
    """The options with text given for a list option split on commas ("3, 5" -> ["3", "5"]); others as given."""
    fields = engine.Options.model_fields
    return {k: _listed(fields[k], v) if k in fields else v for k, v in values.items()}


def _listed(info: FieldInfo, value: Any) -> Any:
    """Text for a list option, split on commas; the game's model converts the items."""
    ann = info.annotation
    args = typing.get_args(ann) if typing.get_origin(ann) in (typing.Union, types.UnionType) else (ann,)
    if isinstance(value, str) and any(typing.get_origin(a) is list for a in args):
        return [part.strip() for part in value.split(",") if part.strip()]
    return value
