"""Shared fixtures: a temporary database path, a controllable clock and the toy game in the registry."""

from __future__ import annotations

import asyncio
import os

import pytest

from engines import registry
from engines.search import BUDGET_ENV

os.environ.setdefault(BUDGET_ENV, "20")  # the search player ('hard', the stand-in) thinks briefly in tests


class FakeClock:
    """A clock the test moves by hand."""

    def __init__(self, now: float = 1_800_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        """Move time forward."""
        self.now += seconds


@pytest.fixture
def clock() -> FakeClock:
    """A fake clock."""
    return FakeClock()


@pytest.fixture
def db_path(tmp_path) -> str:
    """A fresh SQLite file path."""
    return str(tmp_path / "games.db")


@pytest.fixture
def toy_game(monkeypatch):
    """Register the toy game under key 'toy' for the test."""
    monkeypatch.setitem(registry._MODULES, "toy", "tests.toygame")
    registry.get.cache_clear()
    yield "toy"
    registry.get.cache_clear()


@pytest.fixture(autouse=True)
def _close_forgotten_stores(monkeypatch):
    """Close every store a test opened, even when the test fails before closing it.

    aiosqlite's worker thread is not a daemon: an unclosed connection would keep the test run alive.
    """
    from bot.store import SqliteStore

    opened: list[SqliteStore] = []
    original = SqliteStore.open.__func__

    async def tracking(cls, path: str) -> SqliteStore:
        store = await original(cls, path)
        opened.append(store)
        return store

    monkeypatch.setattr(SqliteStore, "open", classmethod(tracking))
    yield
    for store in opened:
        if store._conn._running:
            try:
                asyncio.run(store.close())
            except Exception:  # noqa: BLE001 - best effort at teardown
                pass


@pytest.fixture
def fake_login():
    """A fake Discord on its own thread and loop (the bot runs in a subprocess), as environment settings."""
    import asyncio
    import threading

    from tests.fakediscord.server import FakeDiscord

    loop = asyncio.new_event_loop()
    server = FakeDiscord()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    asyncio.run_coroutine_threadsafe(server.start(), loop).result(10)
    yield {"DISCORD_TOKEN": "fake-token", "DISCORD_API_BASE": server.api_base,
           "DISCORD_GATEWAY": server.gateway_url}
    asyncio.run_coroutine_threadsafe(server.stop(), loop).result(10)
    loop.call_soon_threadsafe(loop.stop)
    thread.join(10)
    loop.close()
