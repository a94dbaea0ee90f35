"""The SQL of settings: each server's (timers, stand-in level) and each person's own (turns by DM)."""

from __future__ import annotations

import asyncio

import aiosqlite

from bot.models import GuildSettings, PlayerSettings


class SettingsQueries:
    """Settings on the store's connection (mixed into `SqliteStore`, whose lock serialises every call)."""

    _conn: aiosqlite.Connection
    _lock: asyncio.Lock

    async def get_settings(self, guild_id: int) -> GuildSettings:
        """A server's settings (defaults when never set)."""
        async with self._lock:
            async with self._conn.execute("SELECT data FROM guild_settings WHERE guild_id = ?", (guild_id,)) as cur:
                row = await cur.fetchone()
        return GuildSettings.model_validate_json(row[0]) if row else GuildSettings()

    async def put_settings(self, guild_id: int, settings: GuildSettings) -> None:
        """Store a server's settings."""
        async with self._lock:
            await self._conn.execute("INSERT INTO guild_settings (guild_id, data) VALUES (?, ?) "
                                     "ON CONFLICT (guild_id) DO UPDATE SET data = excluded.data",
                                     (guild_id, settings.model_dump_json()))

    async def get_player_settings(self, user_id: int) -> PlayerSettings:
        """A person's own settings, the same on every server (defaults when never set)."""
        async with self._lock:
            async with self._conn.execute("SELECT data FROM player_settings WHERE user_id = ?", (user_id,)) as cur:
                row = await cur.fetchone()
        return PlayerSettings.model_validate_json(row[0]) if row else PlayerSettings()

    async def put_player_settings(self, user_id: int, settings: PlayerSettings) -> None:
        """Store a person's own settings."""
        async with self._lock:
            await self._conn.execute("INSERT INTO player_settings (user_id, data) VALUES (?, ?) "
                                     "ON CONFLICT (user_id) DO UPDATE SET data = excluded.data",
                                     (user_id, settings.model_dump_json()))
