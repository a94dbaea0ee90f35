"""Run the real bot (FishBot on discord.py) against the fake Discord, with test games registered."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable

import pytest

from bot.discord.runner import FishBot, use_endpoints
from bot.host import Host
from bot.settings import Settings
from engines import registry
from renderers import registry as renderers
from tests.fakediscord.server import FakeDiscord, Msg

TEST_GAMES = {"toy": "tests.toygame", "secret": "tests.fakediscord.secretgame"}


class BotRun:
    """One bot process: a host over the DB file and a FishBot connected to the fake."""

    def __init__(self, fake: FakeDiscord, db_path: str, clock: Callable[[], float]) -> None:
        self.fake = fake
        self.db_path = db_path
        self.clock = clock
        self.host: Host
        self.bot: FishBot
        self._task: asyncio.Task[None] | None = None

    async def start(self, sync: bool = True) -> BotRun:
        use_endpoints(Settings(discord_api_base=self.fake.api_base, discord_gateway=self.fake.gateway_url))
        self.host = await Host.open(self.db_path, self.clock)
        self.bot = FishBot(self.host, self.clock, tick_seconds=3600, guild_ready_timeout=0.05)
        self._task = asyncio.create_task(self.bot.start("fake-token"))
        await asyncio.wait_for(self.bot.wait_until_ready(), 10)
        if sync:
            await self.bot.tree.sync()
        self.fake.idle_check = lambda: self.bot.table.busy == 0
        return self

    async def restart(self) -> None:
        """Stop this bot process and start a new one on the same database (components are not re-sent)."""
        await self.stop()
        await self.fake.drop_connections()
        await self.start(sync=False)

    async def stop(self) -> None:
        await self.bot.close()
        if self._task is not None:
            await asyncio.gather(self._task, return_exceptions=True)
        await self.host.close()

    async def board(self, game: int) -> Msg:
        """The game's current board (or lobby) message."""
        record = await self.host.get(game)
        assert record.message_id is not None
        return self.fake.messages[record.message_id]


@pytest.fixture
def test_games(monkeypatch):
    """The toy and secret games (and stub renderers) in the registries, next to the real games."""
    for key, module in TEST_GAMES.items():
        monkeypatch.setitem(registry._MODULES, key, module)
        monkeypatch.setitem(renderers._MODULES, key, "tests.fakediscord.render_stub")
    registry.get.cache_clear()
    yield list(TEST_GAMES)
    registry.get.cache_clear()


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    """A running fake Discord."""
    server = FakeDiscord()
    await server.start()
    yield server
    await server.stop()


@pytest.fixture
async def run(fake, db_path, clock, test_games) -> AsyncIterator[BotRun]:
    """The bot, connected and with its commands synced."""
    bot_run = await BotRun(fake, db_path, clock).start()
    yield bot_run
    await bot_run.stop()
