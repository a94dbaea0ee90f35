"""The pictures a table posts: the board (the final scores once the game is over) and a seat's hand, drawn once per
game version."""

from __future__ import annotations

import io
from collections.abc import Callable
from types import ModuleType

import discord

from bot.drawing import Drawer
from bot.host import Host
from bot.models import GameRecord
from renderers import registry as renderers


def renderer_for(key: str) -> ModuleType | None:
    """The game's renderer module, or None when it has none."""
    try:
        return renderers.get(key)
    except (KeyError, ImportError):
        return None


def has_hands(key: str) -> bool:
    """False for a game whose renderer says it hides nothing (no hand to show: "My hand" would add nothing)."""
    renderer = renderer_for(key)
    return renderer is None or getattr(renderer, "HAS_HAND", True)


def score_words(key: str, plain: Callable[[int], str] = str) -> Callable[[int], str]:
    """How the game words a score: its renderer's unit (`$88` in If Wishes Were Fishes!), else `plain` (a bare
    number where a score may be a fish count or a Kingfish win's 1)."""
    renderer = renderer_for(key)
    return getattr(renderer, "score_words", plain) if renderer is not None else plain


def _worded(key: str, parts: dict[str, int]) -> str | None:
    """A final score in the game's own words, from its breakdown, where its number would mislead; else None."""
    renderer = renderer_for(key)
    text = getattr(renderer, "score_text", None) if renderer is not None else None
    return text(parts) if text is not None else None


def score_text(key: str, score: int, parts: dict[str, int], plain: Callable[[int], str] = str) -> str:
    """A seat's final score, from its breakdown, in the game's own words where its number would mislead (a Kingfish
    win's 1, a Push Fish first game's fish), else in the game's unit (`plain` for a game without one)."""
    return _worded(key, parts) or score_words(key, plain)(score)


def plain_score(key: str, parts: dict[str, int]) -> bool:
    """Whether a final score with this breakdown reads as its number (points or dollars), so scores compare."""
    return _worded(key, parts) is None


async def board_png(host: Host, drawer: Drawer, record: GameRecord) -> bytes | None:
    """The public board, or the final scores when the game is over."""
    renderer = renderer_for(record.key)
    if renderer is None or record.state is None:
        return None
    view = host.view(record, None)
    result = host.result(record)
    if result is not None:
        return await drawer.picture(record.id, record.version, "final", None, renderer.__name__, view, result)
    return await drawer.picture(record.id, record.version, "board", None, renderer.__name__, view)


async def hand_png(host: Host, drawer: Drawer, record: GameRecord, seat: int) -> bytes | None:
    """A seat's private hand image, or its own view of the board when the game has no hand."""
    renderer = renderer_for(record.key)
    if renderer is None or record.state is None:
        return None
    view = host.view(record, seat)
    png = await drawer.picture(record.id, record.version, "hand", seat, renderer.__name__, view)
    if png is not None:
        return png
    return await drawer.picture(record.id, record.version, "board", seat, renderer.__name__, view)


def as_file(png: bytes, name: str) -> discord.File:
    """Bytes as a Discord attachment."""
    return discord.File(io.BytesIO(png), filename=name)
