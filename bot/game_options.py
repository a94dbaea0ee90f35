"""Game options as people give them (a slash command's fields, the terminal's --options): a list may be typed as
text ("0, 2", "William Jack"), which becomes a list before the game's own model validates it; and the table sizes
they allow (what a lobby may seat, and when it may start)."""

from __future__ import annotations

import re
import types
import typing
from typing import Any

from pydantic.fields import FieldInfo

from engines.core import BadOptions, GameEngine, GameError


def split_lists(engine: GameEngine, values: dict[str, Any]) -> dict[str, Any]:
    """The options with text given for a list option split into items ("3, 5" -> ["3", "5"]); others as given."""
    fields = engine.Options.model_fields
    return {k: _listed(fields[k], v) if k in fields else v for k, v in values.items()}


def _listed(info: FieldInfo, value: Any) -> Any:
    """Text for a list option, split on commas or spaces, each item in lower case (list items are numbers or names
    given as lower-case keys, such as characters or card sets, and a phone capitalises what is typed); the game's
    model converts and checks the items."""
    ann = info.annotation
    args = typing.get_args(ann) if typing.get_origin(ann) in (typing.Union, types.UnionType) else (ann,)
    if isinstance(value, str) and any(typing.get_origin(a) is list for a in args):
        return [part.lower() for part in re.split(r"[,\s]+", value) if part]
    return value


def table_sizes(engine: GameEngine, options: Any) -> list[int]:
    """The numbers of players that may start the game with these options (Push Fish's chosen characters fix it)."""
    parsed = engine.parse_options(options)
    sizes = []
    for count in range(engine.min_players, engine.max_players + 1):
        try:
            engine.check_players(count, parsed)
        except GameError:
            continue
        sizes.append(count)
    return sizes


def sizes_text(sizes: list[int]) -> str:
    """`2-6 players`, or `3 players` when only one size may start."""
    span = str(sizes[0]) if len(sizes) == 1 else f"{sizes[0]}-{sizes[-1]}"
    return f"{span} players"


def seat_refusal(engine: GameEngine, options: Any, seated: int) -> str | None:
    """Why a lobby with `seated` players may seat no more (its options may allow fewer than the game), or None."""
    most = table_sizes(engine, options)[-1]
    if seated < most:
        return None
    return (f"This game is full ({sizes_text([most])})." if most == engine.max_players
            else f"This game is full: its options allow {sizes_text([most])}.")


def start_refusal(engine: GameEngine, options: Any, seated: int) -> str | None:
    """Why a lobby with `seated` players cannot start yet, or None."""
    sizes = table_sizes(engine, options)
    if seated >= sizes[0]:
        return None
    needs = ("" if len(sizes) == 1 else "at least ") + sizes_text(sizes[:1])
    if sizes[0] != engine.min_players:  # the lobby's options ask for more (they cannot change once it is open)
        needs += " with the options this lobby was opened with"
    return f"{engine.name} needs {needs}; {seated} seated. Invite friends or add an AI."


def playable_by_some_table(engine: GameEngine, options: Any) -> None:
    """Refuse options that no number of players could start with (`legendary:99`); Start checks the real count."""
    if table_sizes(engine, options):
        return
    try:
        engine.check_players(engine.min_players, engine.parse_options(options))
    except GameError as exc:
        raise BadOptions(f"No table of {engine.min_players}-{engine.max_players} players can start {engine.name} "
                         f"with these options (with {engine.min_players} players: {exc.message})") from None
