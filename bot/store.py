"""Game storage: a small async interface and its SQLite implementation (WAL, numbered migrations, CAS)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import sqlite3
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any

import aiosqlite

from bot.migrations import MIGRATIONS
from bot.models import (
    DmNote,
    GameRecord,
    GuildSettings,
    Move,
    PastGame,
    PlayerRecord,
    PlayerSettings,
    Rating,
    Seat,
    Tally,
)
from bot.store_records import RecordQueries
from bot.store_settings import SettingsQueries

log = logging.getLogger(__name__)

_COLUMNS = (
    "id, key, options, seed, status, host_user, guild_id, channel_id, thread_id, message_id, seats, "
    "version, state, created_at, updated_at, turn_since, clocks"
)


class StoreError(Exception):
    """The database cannot be used; its one-line text says what is wrong, with which file, and what to do."""

    def __init__(self, message: str) -> None:
        message = " ".join(message.split())  # SQLite's reports span lines; a refusal is one line
        super().__init__(message)
        self.message = message


CLOCK_FIELDS = {"reminded", "final_shown"}  # kept inside the clocks column, each set on its own
ELSEWHERE = "choose another database file (FISHBOT_DB for the bot, --db for play and demo)"
RESTORE_HINT = ("restore it from a backup (README: Backups and restore) or move it away to start with an empty "
                "database")


def check_writable(path: str) -> None:
    """Refuse a database file (or, for a new one, a folder) this process cannot write."""
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise StoreError(f"Cannot open the game database {path}: the folder {folder} does not exist; "
                         f"create it, or {ELSEWHERE} in a folder that exists.")
    if os.path.exists(path) and not os.path.isfile(path):
        raise StoreError(f"Cannot open the game database {path}: it is not a file; {ELSEWHERE}.")
    if os.path.exists(path) and not os.access(path, os.R_OK | os.W_OK):
        raise StoreError(f"Cannot open the game database {path}: this user cannot write that file; "
                         f"give it write permission (and its folder), or {ELSEWHERE}.")
    if not os.access(folder, os.W_OK):  # SQLite writes the -wal and -shm files beside the database
        raise StoreError(f"Cannot open the game database {path}: this user cannot write the folder {folder}; "
                         f"give it write permission, or {ELSEWHERE}.")


def explain(path: str, exc: sqlite3.Error) -> StoreError:
    """The one-line StoreError for an SQLite failure while opening."""
    text = str(exc)
    if "not a database" in text:
        return StoreError(f"Cannot open the game database {path}: it is not an SQLite database ({text}); "
                          f"{RESTORE_HINT}.")
    if "malformed" in text or "corrupt" in text:
        return StoreError(f"Cannot open the game database {path}: it is damaged ({text}); {RESTORE_HINT}.")
    if "full" in text or "disk I/O" in text:
        return StoreError(f"Cannot open the game database {path}: the disk is full or failing ({text}); "
                          f"free some space, then start again.")
    return StoreError(f"Cannot open the game database {path}: {text}; check the file, or {RESTORE_HINT}.")


def backup(source: str, target: str) -> int:
    """Copy the database with SQLite's online backup API (consistent while the bot writes); returns its games.

    The copy is written beside the target and renamed into place once checked, so a failure leaves no half file.
    """
    if not os.path.isfile(source):
        raise StoreError(f"Cannot back up {source}: there is no database file there; set FISHBOT_DB or --db.")
    if os.path.exists(target):
        raise StoreError(f"Cannot back up to {target}: that file already exists; choose a new file name.")
    folder = os.path.dirname(os.path.abspath(target))
    if not os.path.isdir(folder):
        raise StoreError(f"Cannot back up to {target}: there is no folder {folder}; create it first.")
    if not os.access(folder, os.W_OK):
        raise StoreError(f"Cannot back up to {target}: the folder {folder} is not writable for this user.")
    partial = target + ".partial"
    try:
        with contextlib.closing(sqlite3.connect(source, timeout=5)) as src, \
                contextlib.closing(sqlite3.connect(partial)) as dst:
            src.backup(dst)
            problems = [row[0] for row in dst.execute("PRAGMA quick_check")]
            if problems != ["ok"]:
                raise StoreError(f"The backup of {source} failed its check ({'; '.join(problems)[:200]}); "
                                 f"the source may be damaged.")
            games = dst.execute("SELECT COUNT(*) FROM games").fetchone()[0]
        os.replace(partial, target)
    except sqlite3.Error as exc:
        raise explain(source, exc) from None
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.remove(partial)
    return games


class Store(ABC):
    """What the host needs from a database; a server database can stand in for SQLite."""

    @abstractmethod
    async def create(self, record: GameRecord, state_json: str | None) -> int:
        """Insert a new game; returns its id."""

    @abstractmethod
    async def load(self, game_id: int) -> tuple[GameRecord, str | None] | None:
        """A game's record and its state JSON, or None."""

    @abstractmethod
    async def save(self, record: GameRecord, state_json: str | None, expected_version: int,
                   moves: Sequence[Move] = (), setup: bool = True) -> bool:
        """Write the record (version already bumped) if the stored version is still `expected_version`.

        The moves are appended in the same transaction. False (and nothing written) on a stale version.
        `setup` False says the status, seats, options, host and seed did not change, so they need no write.
        """

    @abstractmethod
    async def set_fields(self, game_id: int, **fields: Any) -> None:
        """Update plain columns that do not change the game's version (places, reminders)."""

    @abstractmethod
    async def moves(self, game_id: int, last: int | None = None) -> list[Move]:
        """The move log in order (only the last `last` moves when given)."""

    @abstractmethod
    async def player_record(self, guild_id: int | None, user_id: int,
                            versus: int | None = None) -> PlayerRecord | None:
        """A person's finished games on a server (None: outside any server), or None if they have none; with
        `versus`, also their finished games with that other person."""

    @abstractmethod
    async def past_games(self, guild_id: int | None, user_id: int, key: str | None, limit: int,
                         skip: int = 0) -> tuple[int, list[PastGame]]:
        """A person's finished games on a server in one game (None: all): how many, and `limit` after the latest
        `skip`, the latest finish first."""

    @abstractmethod
    async def rating_history(self, guild_id: int | None, user_id: int) -> dict[str, list[float]]:
        """A person's rating in each game (by key) after each of their rated games on a server, oldest first."""

    @abstractmethod
    async def ratings_in(self, guild_id: int | None, key: str, players: Sequence[int]) -> dict[int, Rating]:
        """These players' ratings in one game (`ratings.ALL`: all games) on a server; the unrated are left out."""

    @abstractmethod
    async def leaders(self, guild_id: int | None, key: str | None, limit: int) -> list[tuple[str, Tally]]:
        """A server's people with the most wins in one game (None: all): their latest names and tallies."""

    @abstractmethod
    async def rated_leaders(self, guild_id: int | None, key: str | None,
                            limit: int) -> tuple[list[tuple[str, Rating]], dict[str, Rating]]:
        """A server's best-rated people in one game (None: all), with their latest names; and its AI levels'."""

    @abstractmethod
    async def fill_results(self, compute: Callable[[str, str], str | None]) -> int:
        """Give finished games without a stored result theirs, `compute(key, state JSON)`; how many were filled."""

    @abstractmethod
    async def rate_finished(self) -> int:
        """Rate every finished game not rated yet, in the order they finished; how many."""

    @abstractmethod
    async def rating_moves(self, game_id: int) -> list[tuple[float, float] | None]:
        """How a rated game moved each seat's rating in its game ((before, after), None: unrated); [] if unrated."""

    @abstractmethod
    async def finals_unshown(self) -> list[GameRecord]:
        """Finished games whose final board was never posted (the bot stopped between the last move and it)."""

    @abstractmethod
    async def find(self, guild_id: int | None, statuses: Sequence[str]) -> list[GameRecord]:
        """Games of a server (every server when guild_id is None) in these statuses, newest first."""

    @abstractmethod
    async def get_settings(self, guild_id: int) -> GuildSettings:
        """A server's settings (defaults when never set)."""

    @abstractmethod
    async def put_settings(self, guild_id: int, settings: GuildSettings) -> None:
        """Store a server's settings."""

    @abstractmethod
    async def get_player_settings(self, user_id: int) -> PlayerSettings:
        """A person's own settings, the same on every server (defaults when never set)."""

    @abstractmethod
    async def put_player_settings(self, user_id: int, settings: PlayerSettings) -> None:
        """Store a person's own settings."""

    @abstractmethod
    async def get_dm(self, game_id: int, user_id: int) -> DmNote | None:
        """The player's last DM about the game, if one is remembered."""

    @abstractmethod
    async def put_dm(self, game_id: int, user_id: int, note: DmNote | None) -> None:
        """Remember the player's last DM about the game (None: forget it)."""

    @abstractmethod
    async def close(self) -> None:
        """Release the database."""


def _statements(script: str) -> list[str]:
    """Split a migration into statements, keeping a trigger's BEGIN ... END body whole."""
    statements, current = [], ""
    for part in script.split(";"):
        current += part + ";"
        if sqlite3.complete_statement(current):
            if current.strip(" \n;"):
                statements.append(current.strip())
            current = ""
    return statements


def find_query(guild_id: int | None, statuses: Sequence[str]) -> tuple[str, list[Any]]:
    """The SQL and arguments of `find` (indexed by status, or by server and status)."""
    marks = ", ".join("?" for _ in statuses)
    sql = f"SELECT {_COLUMNS} FROM games WHERE status IN ({marks})"
    args: list[Any] = list(statuses)
    if guild_id is not None:
        sql += " AND guild_id = ?"
        args.append(guild_id)
    return sql + " ORDER BY id DESC", args


def _record(row: Sequence[Any]) -> tuple[GameRecord, str | None]:
    """A record and its state JSON from a games row."""
    (gid, key, options, seed, status, host_user, guild_id, channel_id, thread_id, message_id, seats,
     version, state, created_at, updated_at, turn_since, clocks) = row
    timing = json.loads(clocks)
    record = GameRecord(
        id=gid, key=key, options=json.loads(options), seed=seed, status=status, host_user=host_user,
        guild_id=guild_id, channel_id=channel_id, thread_id=thread_id, message_id=message_id,
        seats=[Seat.model_validate(s) for s in json.loads(seats)], version=version, created_at=created_at,
        updated_at=updated_at, turn_since=turn_since,
        waiting={int(k): v for k, v in timing["waiting"].items()}, reminded=timing["reminded"],
        waiting_version={int(k): v for k, v in timing.get("versions", {}).items()},
        final_shown=timing.get("final_shown", status == "finished"),  # a row from before the mark: shown if over
    )
    return record, state


def _clocks_json(record: GameRecord) -> str:
    """The clocks column."""
    return json.dumps({"waiting": record.waiting, "versions": record.waiting_version, "reminded": record.reminded,
                       "final_shown": record.final_shown})


def _seats_json(record: GameRecord) -> str:
    """The seats column."""
    return json.dumps([s.model_dump() for s in record.seats])


class SqliteStore(RecordQueries, SettingsQueries, Store):
    """SQLite through aiosqlite in WAL mode; one connection, calls serialised by a lock.

    Every write is a single statement in autocommit mode, so a move costs one round trip to aiosqlite's
    thread: the versioned UPDATE, whose trigger appends the moves (MIGRATIONS[1]).
    """

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn
        self._lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: str) -> SqliteStore:
        """Open (creating and migrating as needed) the database file, or raise StoreError with one clear line.

        At start it checks that the file (or its folder) is writable, runs `PRAGMA quick_check` and refuses
        a schema newer than MIGRATIONS knows. On any failure the connection's thread is stopped, so the
        process can exit (aiosqlite's thread is not a daemon).

        `synchronous=FULL` in WAL mode syncs the log at every commit, so a choice a player saw accepted
        survives a power loss (NORMAL may lose the last commits); bench/bench_host.py measures its cost.
        """
        check_writable(path)
        try:
            conn = await aiosqlite.connect(path, isolation_level=None)
        except sqlite3.Error as exc:
            raise explain(path, exc) from None
        store = cls(conn)
        try:
            await conn.execute("PRAGMA busy_timeout=5000")
            await store._check(path)
            await conn.execute("PRAGMA journal_mode=WAL")
            await conn.execute("PRAGMA synchronous=FULL")
            await conn.execute("PRAGMA foreign_keys=ON")
            await store._migrate(path)
        except BaseException as exc:
            await conn.close()
            if isinstance(exc, sqlite3.Error):
                raise explain(path, exc) from None
            raise
        return store

    async def _check(self, path: str) -> None:
        """Refuse a damaged database, or one written by a newer version of fishbot."""
        async with self._conn.execute("PRAGMA quick_check") as cur:
            problems = [row[0] for row in await cur.fetchall()]
        if problems != ["ok"]:
            raise StoreError(f"Cannot open the game database {path}: it is damaged (quick_check: "
                             f"{'; '.join(problems)[:200]}); {RESTORE_HINT}.")
        async with self._conn.execute("PRAGMA user_version") as cur:
            version = (await cur.fetchone())[0]
        if version > len(MIGRATIONS):
            raise StoreError(f"Cannot open the game database {path}: it has schema {version}, newer than this "
                             f"fishbot knows ({len(MIGRATIONS)}); upgrade fishbot, or {RESTORE_HINT}.")

    async def _migrate(self, path: str = "") -> None:
        """Apply the numbered migrations not yet applied, in one transaction (all or none)."""
        async with self._lock:
            await self._conn.execute("BEGIN IMMEDIATE")
            number = 0
            try:
                async with self._conn.execute("PRAGMA user_version") as cur:
                    current = (await cur.fetchone())[0]
                for number in range(current, len(MIGRATIONS)):
                    for statement in _statements(MIGRATIONS[number]):
                        await self._conn.execute(statement)
                    await self._conn.execute(f"PRAGMA user_version = {number + 1}")
                await self._conn.execute("COMMIT")
            except BaseException as exc:
                if self._conn.in_transaction:  # SQLite has already rolled back after some errors (a full disk)
                    await self._conn.execute("ROLLBACK")
                if isinstance(exc, sqlite3.OperationalError) and "full" not in str(exc):
                    raise StoreError(f"Cannot open the game database {path}: migration {number + 1} failed "
                                     f"({exc}); nothing was changed; keep the file and report this.") from None
                raise

    async def create(self, record: GameRecord, state_json: str | None) -> int:
        """Insert a new game; returns its id."""
        async with self._lock:
            cur = await self._conn.execute(
                "INSERT INTO games (key, options, seed, status, host_user, guild_id, channel_id, thread_id, "
                "message_id, seats, version, state, created_at, updated_at, turn_since, clocks) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (record.key, json.dumps(record.options), record.seed, record.status, record.host_user,
                 record.guild_id, record.channel_id, record.thread_id, record.message_id, _seats_json(record),
                 record.version, state_json, record.created_at, record.updated_at, record.turn_since,
                 _clocks_json(record)),
            )
            return cur.lastrowid

    async def load(self, game_id: int) -> tuple[GameRecord, str | None] | None:
        """A game's record and its state JSON, or None."""
        async with self._lock:
            async with self._conn.execute(f"SELECT {_COLUMNS} FROM games WHERE id = ?", (game_id,)) as cur:
                row = await cur.fetchone()
        return _record(row) if row else None

    async def save(self, record: GameRecord, state_json: str | None, expected_version: int,
                   moves: Sequence[Move] = (), setup: bool = True, result_json: str | None = None) -> bool:
        """Compare-and-swap the record (with the final result once it ends); the trigger appends the moves in the
        same statement."""
        batch = None
        if moves:
            batch = json.dumps([[m.index, m.seat, m.choice_id, m.label, int(m.by_ai), m.at] for m in moves])
        sql = "UPDATE games SET version = ?, state = ?, updated_at = ?, turn_since = ?, clocks = ?, new_moves = ?"
        args: tuple[Any, ...] = (record.version, state_json, record.updated_at, record.turn_since,
                                 _clocks_json(record), batch)
        if setup:  # the status is indexed: leaving it out of an ordinary move spares the index a write
            sql += ", status = ?, options = ?, seed = ?, seats = ?, host_user = ?"
            args += (record.status, json.dumps(record.options), record.seed, _seats_json(record), record.host_user)
        if result_json is not None:
            sql += ", result = ?"
            args += (result_json,)
        async with self._lock:
            cur = await self._conn.execute(sql + " WHERE id = ? AND version = ?", (*args, record.id, expected_version))
            return cur.rowcount == 1

    async def set_fields(self, game_id: int, **fields: Any) -> None:
        """Update plain columns that do not change the game's version."""
        allowed = {"channel_id", "thread_id", "message_id", *CLOCK_FIELDS}
        if not fields or set(fields) - allowed:
            raise ValueError(f"set_fields takes only {sorted(allowed)}")
        for name in CLOCK_FIELDS & set(fields):  # these touch only their own key inside the clocks column
            value = json.dumps(fields.pop(name))
            async with self._lock:
                await self._conn.execute(f"UPDATE games SET clocks = json_set(clocks, '$.{name}', json(?)) "
                                         "WHERE id = ?", (value, game_id))
        if not fields:
            return
        assignments = ", ".join(f"{k} = ?" for k in fields)
        async with self._lock:
            await self._conn.execute(f"UPDATE games SET {assignments} WHERE id = ?", (*fields.values(), game_id))

    async def moves(self, game_id: int, last: int | None = None) -> list[Move]:
        """The move log in order."""
        sql = "SELECT idx, seat, choice, label, by_ai, at FROM moves WHERE game_id = ?"
        args: tuple[Any, ...] = (game_id,)
        if last is not None:
            sql += " AND idx >= (SELECT COALESCE(MAX(idx), 0) FROM moves WHERE game_id = ?) - ?"
            args = (game_id, game_id, last - 1)
        sql += " ORDER BY idx"
        async with self._lock:
            async with self._conn.execute(sql, args) as cur:
                rows = await cur.fetchall()
        return [Move(index=r[0], seat=r[1], choice_id=r[2], label=r[3], by_ai=bool(r[4]), at=r[5]) for r in rows]

    async def finals_unshown(self) -> list[GameRecord]:
        """Finished games whose final board was never posted."""
        async with self._lock:
            async with self._conn.execute(f"SELECT {_COLUMNS} FROM games WHERE status = 'finished' AND "
                                          "json_extract(clocks, '$.final_shown') = 0") as cur:
                rows = await cur.fetchall()
        return [_record(r)[0] for r in rows]

    async def find(self, guild_id: int | None, statuses: Sequence[str]) -> list[GameRecord]:
        """Games of a server in these statuses, newest first."""
        sql, args = find_query(guild_id, statuses)
        async with self._lock:
            async with self._conn.execute(sql, args) as cur:
                rows = await cur.fetchall()
        return [_record(r)[0] for r in rows]

    async def get_dm(self, game_id: int, user_id: int) -> DmNote | None:
        """The player's last DM about the game, if one is remembered."""
        async with self._lock:
            async with self._conn.execute("SELECT channel_id, message_id, live, news FROM dm_notes "
                                          "WHERE game_id = ? AND user_id = ?", (game_id, user_id)) as cur:
                row = await cur.fetchone()
        return DmNote(row[0], row[1], bool(row[2]), tuple(json.loads(row[3]))) if row else None

    async def put_dm(self, game_id: int, user_id: int, note: DmNote | None) -> None:
        """Remember (or, with None, forget) the player's last DM about the game."""
        async with self._lock:
            if note is None:
                await self._conn.execute("DELETE FROM dm_notes WHERE game_id = ? AND user_id = ?", (game_id, user_id))
                return
            await self._conn.execute(
                "INSERT INTO dm_notes (game_id, user_id, channel_id, message_id, live, news) "
                "VALUES (?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (game_id, user_id) DO UPDATE SET channel_id = excluded.channel_id, "
                "message_id = excluded.message_id, live = excluded.live, news = excluded.news",
                (game_id, user_id, note.channel_id, note.message_id, int(note.live),
                 json.dumps(list(note.news))),
            )

    async def close(self) -> None:
        """Close the connection."""
        await self._conn.close()
