"""Pictures drawn off the event loop, once per game version, and shared by every reader.

The board message, `/fish status`, My hand and the replay ask for a picture by game, version, kind
and seat; the first request has it drawn in the drawing pool (`bot.workers`), and every later one,
even while it is still being drawn, gets the same bytes. Only each game's newest version is kept:
asking for a newer version drops the older pictures, so a superseded state is never drawn again
through the cache, and memory holds about one board per game recently shown.
"""

from __future__ import annotations

import asyncio
import importlib
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any, Literal

from bot import workers

Kind = Literal["board", "hand", "final", "animation", "rating_png"]
Runner = Callable[..., Awaitable[Any]]
KEEP_GAMES = 512  # games whose newest pictures are kept


def draw(module: str, kind: Kind, args: tuple[Any, ...]) -> bytes | None:
    """In a worker: a renderer's picture (renderers are pure functions of pickled views)."""
    return getattr(importlib.import_module(module), kind)(*args)


async def in_pool(module: str, kind: Kind, args: tuple[Any, ...]) -> bytes | None:
    """Draw in the drawing pool."""
    return await workers.run("draw", draw, module, kind, args)


class Drawer:
    """The picture cache in front of the drawing pool; one per bot."""

    def __init__(self, runner: Runner = in_pool, keep_games: int = KEEP_GAMES) -> None:
        self._runner = runner
        self._keep = keep_games
        self._games: OrderedDict[int, tuple[int, dict[tuple[Kind, int | None], asyncio.Future[bytes | None]]]] = \
            OrderedDict()  # game -> (its newest version, that version's pictures by kind and seat)

    async def picture(self, game: int, version: int, kind: Kind, seat: int | None, module: str,
                      *args: Any) -> bytes | None:
        """`module.kind(*args)` for this game version (seat None: the public picture), drawn at most once."""
        newest = self._games.get(game)
        if newest is not None and newest[0] > version:
            return await self._runner(module, kind, args)  # an old version asked for late: drawn, not kept
        if newest is None or newest[0] < version:
            newest = self._games[game] = (version, {})
            while len(self._games) > self._keep:
                self._games.popitem(last=False)
        self._games.move_to_end(game)
        pictures = newest[1]
        drawing = pictures.get((kind, seat))
        if drawing is None:
            drawing = pictures[(kind, seat)] = asyncio.ensure_future(self._runner(module, kind, args))
            drawing.add_done_callback(lambda done: _forget_failure(pictures, (kind, seat), done))
        return await asyncio.shield(drawing)


def _forget_failure(pictures: dict[Any, asyncio.Future[bytes | None]], key: Any,
                    done: asyncio.Future[bytes | None]) -> None:
    """A drawing that failed is not kept: the next reader tries again."""
    if (done.cancelled() or done.exception() is not None) and pictures.get(key) is done:
        del pictures[key]
