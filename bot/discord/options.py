"""The `/fish start <game>` options: one subcommand per registered game, built from that game's pydantic Options.

Each field becomes one optional slash-command option named after it, with the field's description, its
choices (a Literal or an Enum) and its bounds (ge/le); the game's own model then validates what was given.
"""

from __future__ import annotations

import inspect
import logging
import types
import typing
from dataclasses import dataclass
from enum import Enum
from typing import Any, Literal

from discord import app_commands
from pydantic.fields import FieldInfo

from bot.game_options import split_lists
from engines import registry
from engines.core import GameEngine

log = logging.getLogger(__name__)
MAX_OPTIONS = 25  # Discord allows 25 options per command
MAX_DESCRIPTION = 100


@dataclass(frozen=True)
class GameOption:
    """One slash option of a game's start command."""

    name: str
    annotation: Any
    description: str


def available_engines() -> dict[str, GameEngine]:
    """Registered games whose engine imports (a game still being written is skipped, with a warning)."""
    found = {}
    for key in registry.keys():
        try:
            found[key] = registry.get(key)
        except Exception:  # noqa: BLE001 - one broken game must not take the bot down
            log.warning("game %r is registered but its engine does not load; it is left out", key)
    return found


def _annotation(info: FieldInfo) -> Any:
    """The slash-command type of a pydantic field (None stripped; bounds become a Range)."""
    ann = info.annotation
    if typing.get_origin(ann) in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(ann) if a is not type(None)]
        ann = args[0] if len(args) == 1 else str
    if typing.get_origin(ann) is Literal:
        values = typing.get_args(ann)
        return ann if all(isinstance(v, str) for v in values) and len(values) <= 25 else str
    if isinstance(ann, type) and issubclass(ann, Enum):
        values = tuple(str(m.value) for m in ann)
        return Literal[values] if len(values) <= 25 else str  # type: ignore[valid-type]
    if ann is bool or ann is str:
        return ann
    if ann in (int, float):
        low = high = None
        for meta in info.metadata:
            low = getattr(meta, "ge", None) if getattr(meta, "ge", None) is not None else low
            high = getattr(meta, "le", None) if getattr(meta, "le", None) is not None else high
        return Number(ann, low, high)
    return str


@dataclass(frozen=True)
class Number:
    """An int or float option with optional bounds."""

    base: type
    low: float | None
    high: float | None

    def annotation(self) -> Any:
        """The slash-command type: the number, or a Range of it when bounded."""
        if self.low is None and self.high is None:
            return self.base
        return app_commands.Range[self.base, self.low, self.high]  # type: ignore[name-defined]


def game_options(engine: GameEngine) -> list[GameOption]:
    """A game's start options, in its model's field order (past Discord's 25, dropped with a warning)."""
    options = []
    for name, info in engine.Options.model_fields.items():
        ann = _annotation(info)
        if isinstance(ann, Number):
            ann = ann.annotation()
        options.append(GameOption(name, ann, (info.description or name.replace("_", " "))[:MAX_DESCRIPTION]))
    if len(options) > MAX_OPTIONS:
        log.warning("only the first %d options of %s fit in /fish start; dropped: %s", MAX_OPTIONS, engine.name,
                    ", ".join(o.name for o in options[MAX_OPTIONS:]))
    return options[:MAX_OPTIONS]


def signature(options: list[GameOption]) -> inspect.Signature:
    """The callback signature discord.py reads to build a game's start command: interaction, then its options."""
    params = [inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD)]
    params += [inspect.Parameter(o.name, inspect.Parameter.POSITIONAL_OR_KEYWORD, default=None,
                                 annotation=typing.Optional[o.annotation])  # noqa: UP045 - a runtime type
               for o in options]
    return inspect.Signature(params)


def given(engine: GameEngine, values: dict[str, Any]) -> dict[str, Any]:
    """The options typed for this game (those left empty dropped, list text split on commas)."""
    return split_lists(engine, {k: v for k, v in values.items() if v is not None and k in engine.Options.model_fields})
