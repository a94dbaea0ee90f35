"""Building, running and syncing the bot: what `fishbot run` and `fishbot sync` call."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import aiohttp
import discord
import yarl
from discord.ext import commands

from bot import workers
from bot.discord.cog import FishCog
from bot.discord.components import DYNAMIC_ITEMS
from bot.discord.table import Table
from bot.host import Host
from bot.settings import Settings

log = logging.getLogger(__name__)


class FishBot(commands.Bot):
    """The bot: the host, the Table that delivers games, the /fish group and persistent components."""

    def __init__(self, host: Host, clock: Callable[[], float] = time.time, tick_seconds: float = 60.0,
                 **options: Any) -> None:
        intents = discord.Intents.default()
        intents.message_content = False
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None,
                         allowed_mentions=discord.AllowedMentions.none(), **options)
        self.host = host
        self.table = Table(self, host, clock)
        self.tick_seconds = tick_seconds

    async def setup_hook(self) -> None:
        """Register the persistent components (they answer clicks on any message, even after a restart)."""
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        workers.start()  # before any click: starting a worker during a burst would hold up the event loop
        await self.add_cog(FishCog(self, self.table, self.tick_seconds))


def use_endpoints(settings: Settings) -> None:
    """Point discord.py at another REST base and gateway (a fake Discord in tests)."""
    if settings.discord_api_base:
        discord.http.Route.BASE = settings.discord_api_base.rstrip("/")
    if settings.discord_gateway:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.discord_gateway)


QUIET_LOGGERS = ("discord", "aiosqlite")  # their DEBUG lines carry payloads and SQL parameters (hands, states)


def setup_logging(settings: Settings) -> None:
    """Log to stderr at the configured level, keeping payload-dumping libraries at INFO or above."""
    level = logging.getLevelName(settings.fishbot_log_level.upper())
    if not logging.getLogger().handlers:
        discord.utils.setup_logging(level=level if isinstance(level, int) else logging.INFO, root=True)
    discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False  # the bot has no voice features
    quiet_libraries()


def quiet_libraries() -> None:
    """Never let discord.py or aiosqlite log at DEBUG: a hand or a token could reach the log."""
    for name in QUIET_LOGGERS:
        logger = logging.getLogger(name)
        logger.setLevel(max(logging.INFO, logger.getEffectiveLevel()))


class ConnectError(Exception):
    """The bot cannot reach or log in to Discord; its one-line text says why and what to do."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


async def check_login(token: str) -> None:
    """Log in once over bare HTTP before anything else (no database is created if Discord is unreachable)."""
    client = discord.http.HTTPClient(asyncio.get_running_loop())
    try:
        await client.static_login(token)
    except discord.LoginFailure:
        raise ConnectError("Discord refused the bot token (401); copy a fresh one from the developer portal "
                           "(Bot > Reset Token) into DISCORD_TOKEN.") from None
    except (TimeoutError, OSError, aiohttp.ClientError) as exc:
        raise ConnectError(f"Cannot reach Discord ({type(exc).__name__}: {exc}); check the network "
                           f"(and DISCORD_API_BASE if set), then start again.") from None
    except discord.HTTPException as exc:
        raise ConnectError(f"Discord answered the login with HTTP {exc.status}; try again later.") from None
    finally:
        await client.close()


HEARTBEAT_SECONDS = 30.0
HEARTBEAT_STALE = 180.0  # `fishbot health` fails when the bot has not been connected for this long


async def heartbeat(bot: discord.Client, path: Path) -> None:
    """Touch `path` every HEARTBEAT_SECONDS while the gateway is connected (the container's HEALTHCHECK)."""
    while True:
        if bot.is_ready() and not bot.is_closed() and bot.latency < HEARTBEAT_STALE:
            with contextlib.suppress(OSError):
                path.write_text(f"{time.time():.0f}\n")
            await asyncio.sleep(HEARTBEAT_SECONDS)
        else:
            await asyncio.sleep(1.0)  # not connected (yet): look again soon


def health(settings: Settings) -> str | None:
    """What is unhealthy (database unreadable, no recent gateway heartbeat), or None when all is well."""
    if settings.database_misplaced():
        return settings.database_misplaced()
    try:
        uri = Path(settings.fishbot_db).resolve().as_uri() + "?mode=ro"
        with contextlib.closing(sqlite3.connect(uri, uri=True, timeout=5)) as conn:
            conn.execute("SELECT COUNT(*) FROM games").fetchone()
    except sqlite3.Error as exc:
        return f"the database {settings.fishbot_db} cannot be read: {exc}"
    try:
        age = time.time() - settings.heartbeat_path.stat().st_mtime
    except OSError:
        return f"no gateway heartbeat yet ({settings.heartbeat_path} is missing)"
    if age > HEARTBEAT_STALE:
        return f"not connected to Discord for {age:.0f} s (heartbeat {settings.heartbeat_path})"
    return None


async def _login_token(settings: Settings) -> str:
    """Set up logging and endpoints, then the checked bot token (or exit naming what is missing)."""
    setup_logging(settings)
    use_endpoints(settings)
    if settings.discord_token is None:
        raise SystemExit("No DISCORD_TOKEN is set (environment or .env). To play offline: fishbot play wishes")
    token = settings.discord_token.get_secret_value()
    await check_login(token)
    return token


async def run_bot(settings: Settings) -> None:
    """Connect and serve until stopped; commands are not synced here (use `fishbot sync`)."""
    token = await _login_token(settings)
    host = await Host.open(settings.fishbot_db)
    try:
        bot = FishBot(host, tick_seconds=settings.fishbot_tick_seconds)
        async with bot:
            log.info("starting with database %s", settings.fishbot_db)
            beating = asyncio.create_task(heartbeat(bot, settings.heartbeat_path))
            try:
                await bot.start(token)
            finally:
                beating.cancel()
    finally:
        await host.close()
        workers.shutdown()


async def sync_commands(settings: Settings) -> None:
    """Register the /fish commands with Discord (run after installing or upgrading).

    Globally by default (Discord may take a while to show changes everywhere); with FISHBOT_DEV_GUILD
    only in that server, where changes show at once.
    """
    token = await _login_token(settings)
    host = await Host.open(settings.fishbot_db)
    try:
        bot = FishBot(host)
        async with bot:
            await bot.login(token)
            guild = discord.Object(settings.fishbot_dev_guild) if settings.fishbot_dev_guild else None
            if guild is not None:
                bot.tree.copy_global_to(guild=guild)
            synced = await bot.tree.sync(guild=guild)
            names = ", ".join(sorted(f"/{c.name} {o.name}" for c in synced for o in c.options))
            where = f"in server {guild.id}" if guild else "globally"
            print(f"Synced {len(synced)} command group(s) {where}: {names}")
    finally:
        await host.close()
        workers.shutdown()
