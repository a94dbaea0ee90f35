"""The `/fish start` options, derived from every registered game's pydantic Options model.

Each field becomes one optional slash-command option named after it. A name shared by several games
keeps one option when the games agree on its type, else it falls back to text that the game's own
model then validates. Options that belong to another game are refused with a clear message.
"""

from __future__ import annotations

import inspect
import logging
import types
import typing
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Literal

from discord import app_commands
from pydantic.fields import FieldInfo

from engines import registry
from engines.core import GameEngine

log = logging.getLogger(__name__)
MAX_OPTIONS = 24  # Discord allows 25 options per command; `game` takes one


@dataclass
class StartOption:
    """One slash option and the games that use it."""

    name: str
    annotation: Any
    games: list[str] = field(default_factory=list)
    description: str = ""


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
    """An int or float option with optional bounds; games sharing a name share the widest bounds."""

    base: type
    low: float | None
    high: float | None

    def merge(self, other: Number) -> Number | None:
        """The union of two bounds of the same type (None when the types differ)."""
        if self.base is not other.base:
            return None
        low = None if self.low is None or other.low is None else min(self.low, other.low)
        high = None if self.high is None or other.high is None else max(self.high, other.high)
        return Number(self.base, low, high)

    def annotation(self) -> Any:
        """The slash-command type (each game's own model still checks its own bounds)."""
        if self.low is None and self.high is None:
            return self.base
        return app_commands.Range[self.base, self.low, self.high]  # type: ignore[name-defined]


def start_options(engines: dict[str, GameEngine]) -> list[StartOption]:
    """The merged options of every game, in registry order."""
    merged: dict[str, StartOption] = {}
    for key, engine in engines.items():
        for name, info in engine.Options.model_fields.items():
            if name == "game":
                continue
            ann = _annotation(info)
            opt = merged.setdefault(name, StartOption(name=name, annotation=ann))
            if isinstance(opt.annotation, Number) and isinstance(ann, Number):
                opt.annotation = opt.annotation.merge(ann) or str
            elif opt.annotation != ann:
                opt.annotation = str
            opt.games.append(key)
            if not opt.description and info.description:
                opt.description = info.description
    options = list(merged.values())
    if len(options) > MAX_OPTIONS:
        log.warning("only the first %d game options fit in /fish start; dropped: %s", MAX_OPTIONS,
                    ", ".join(o.name for o in options[MAX_OPTIONS:]))
        options = options[:MAX_OPTIONS]
    for opt in options:
        if isinstance(opt.annotation, Number):
            opt.annotation = opt.annotation.annotation()
        names = ", ".join(engines[k].name for k in opt.games)
        opt.description = (f"({names}) " + (opt.description or opt.name.replace("_", " ")))[:100]
    return options


def signature(options: list[StartOption], games: list[str]) -> inspect.Signature:
    """The callback signature discord.py reads to build the command: interaction, game, then the options."""
    params = [inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD),
              inspect.Parameter("game", inspect.Parameter.POSITIONAL_OR_KEYWORD,
                                annotation=Literal[tuple(games)])]  # type: ignore[valid-type]
    params += [inspect.Parameter(o.name, inspect.Parameter.POSITIONAL_OR_KEYWORD, default=None,
                                 annotation=typing.Optional[o.annotation])  # noqa: UP045 - a runtime type
               for o in options]
    return inspect.Signature(params)


def pick(engine: GameEngine, given: dict[str, Any]) -> dict[str, Any]:
    """The options given for this game; an option of another game is refused as a GameError."""
    from engines.core import BadOptions

    fields = engine.Options.model_fields
    foreign = sorted(k for k, v in given.items() if v is not None and k not in fields)
    if foreign:
        raise BadOptions(f"{engine.name} has no option {', '.join(foreign)}. "
                         f"Its options: {', '.join(fields) or 'none'}.")
    return {k: _listed(fields[k], v) for k, v in given.items() if v is not None}


def _listed(info: FieldInfo, value: Any) -> Any:
    """Text typed for a list option, split on commas ("3, 5" -> ["3", "5"]); the game's model converts items."""
    ann = info.annotation
    args = typing.get_args(ann) if typing.get_origin(ann) in (typing.Union, types.UnionType) else (ann,)
    if isinstance(value, str) and any(typing.get_origin(a) is list for a in args):
        return [part.strip() for part in value.split(",") if part.strip()]
    return value
