"""The SQL of players' records: their finishes, the leaderboards, and the Elo ratings kept from finished games."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable, Sequence
from typing import Any

import aiosqlite

from bot import ratings
from bot.models import Finish, HeadToHead, PastGame, PlayerRecord, Rating, Tally

log = logging.getLogger(__name__)

TALLY = "COUNT(*) AS played, SUM(won) AS won, SUM(place) AS places, MAX(score) AS top"
NO_SERVER = 0  # the ratings' guild_id of games played outside any server
_PARTS = "json_extract(g.result, '$.breakdown[' || f.seat || ']')"  # a finish's score by part, as JSON (f, g joined)
Plain = Callable[[str, dict[str, int]], bool]  # whether a game's score with this breakdown reads as its number
LOOKUPS = 200  # rating entries a rating run looks up one by one; more are read by whole servers


class RecordQueries:
    """Players' records on the store's connection (mixed into `SqliteStore`, whose lock serialises every call)."""

    _conn: aiosqlite.Connection
    _lock: asyncio.Lock

    async def player_record(self, guild_id: int | None, user_id: int, versus: int | None = None,
                            plain: Plain | None = None) -> PlayerRecord | None:
        """A person's finished games on a server (None: outside any server), or None if they have none; with
        `versus`, also their finished games with that other person. With `plain`, each game's best score is the
        highest one `plain` passes for its key and breakdown (None when none does)."""
        together = None
        async with self._lock:
            async with self._conn.execute(f"SELECT key, {TALLY} FROM finishes WHERE guild_id IS ? AND user_id = ? "
                                          "GROUP BY key", (guild_id, user_id)) as cur:
                per_game = await cur.fetchall()
            if plain is not None:
                per_game = [(key, *counts, await self._best_plain(guild_id, user_id, key, plain))
                            for key, *counts, _ in per_game]
            async with self._conn.execute("SELECT game_id, key, place, players, won, ended_at, name FROM finishes "
                                          "WHERE guild_id IS ? AND user_id = ? "
                                          "ORDER BY ended_at DESC, game_id DESC LIMIT 1", (guild_id, user_id)) as cur:
                latest = await cur.fetchone()
            async with self._conn.execute("SELECT key, rating, games FROM ratings WHERE guild_id = ? AND player = ?",
                                          (guild_id or NO_SERVER, user_id)) as cur:
                rated = await cur.fetchall()
            if versus is not None:
                async with self._conn.execute(
                        "SELECT COUNT(*), TOTAL(me.place < them.place), TOTAL(me.place > them.place) FROM finishes AS me "
                        "JOIN finishes AS them ON them.game_id = me.game_id AND them.user_id = ? "
                        "WHERE me.guild_id IS ? AND me.user_id = ?", (versus, guild_id, user_id)) as cur:
                    games, ahead, behind = await cur.fetchone()
                together = HeadToHead(games, int(ahead), int(behind))
        if latest is None:
            return None
        games = {key: Tally(*counts) for key, *counts in per_game}
        total = Tally(*(sum(t[i] for t in per_game) for i in (1, 2, 3)),
                      best=max((t.best for t in games.values() if t.best is not None), default=None))
        return PlayerRecord(name=latest[6], total=total, games=games, latest=Finish(
            game_id=latest[0], key=latest[1], place=latest[2], players=latest[3], won=bool(latest[4]),
            ended_at=latest[5]), ratings={key: Rating(value, count) for key, value, count in rated}, versus=together)

    async def _best_plain(self, guild_id: int | None, user_id: int, key: str, plain: Plain) -> int | None:
        """A person's highest score in one game that `plain` passes, reading their finishes best first."""
        async with self._conn.execute(
                f"SELECT f.score, {_PARTS} FROM finishes AS f JOIN games AS g ON g.id = f.game_id "
                "WHERE f.guild_id IS ? AND f.user_id = ? AND f.key = ? ORDER BY f.score DESC",
                (guild_id, user_id, key)) as cur:
            async for score, parts in cur:
                if plain(key, json.loads(parts) if parts else {}):
                    return score
        return None

    async def past_games(self, guild_id: int | None, user_id: int, key: str | None, limit: int,
                         skip: int = 0) -> tuple[int, list[PastGame]]:
        """A person's finished games on a server (None: outside any server) in one game (None: all): how many, and
        `limit` of them after the latest `skip`, the latest finish first."""
        game = "" if key is None else " AND f.key = ?"
        where = f"WHERE f.guild_id IS ? AND f.user_id = ?{game}"
        args = (guild_id, user_id, *(() if key is None else (key,)))
        async with self._lock:
            async with self._conn.execute(f"SELECT COUNT(*) FROM finishes AS f {where}", args) as cur:
                (count,) = await cur.fetchone()
            async with self._conn.execute(
                    "SELECT f.game_id, f.key, f.place, f.players, f.won, f.ended_at, f.score, f.seat, g.seats, "
                    "g.rating_moves, g.guild_id, COALESCE(g.thread_id, g.channel_id), g.channel_id, g.message_id, "
                    f"{_PARTS} FROM finishes AS f JOIN games AS g ON g.id = f.game_id {where} "
                    "ORDER BY f.ended_at DESC, f.game_id DESC LIMIT ? OFFSET ?", (*args, limit, skip)) as cur:
                rows = await cur.fetchall()
        return count, [_past_game(row) for row in rows]

    async def rating_history(self, guild_id: int | None, user_id: int) -> dict[str, list[float]]:
        """A person's rating in each game (by key) after each of their rated games on a server, oldest first."""
        async with self._lock:
            async with self._conn.execute(
                    "SELECT f.key, f.seat, g.rating_moves FROM finishes AS f JOIN games AS g ON g.id = f.game_id "
                    "WHERE f.guild_id IS ? AND f.user_id = ? AND g.rating_moves IS NOT NULL "
                    "ORDER BY f.ended_at, f.game_id", (guild_id, user_id)) as cur:
                rows = await cur.fetchall()
        history: dict[str, list[float]] = {}
        for key, seat, moves in rows:
            if (move := _seat_move(moves, seat)) is not None:
                history.setdefault(key, []).append(move[1])
        return history

    async def ratings_in(self, guild_id: int | None, key: str, players: Sequence[int]) -> dict[int, Rating]:
        """These players' ratings in one game (`ratings.ALL`: all games) on a server; the unrated are left out."""
        if not players:
            return {}
        marks = ", ".join("?" * len(players))
        async with self._lock:
            async with self._conn.execute(f"SELECT player, rating, games FROM ratings WHERE guild_id = ? AND key = ? "
                                          f"AND player IN ({marks})", (guild_id or NO_SERVER, key, *players)) as cur:
                rows = await cur.fetchall()
        return {player: Rating(value, count) for player, value, count in rows}

    async def leaders(self, guild_id: int | None, key: str | None, limit: int) -> list[tuple[str, Tally]]:
        """A server's people with the most wins in one game (None: all): their latest names and tallies; ties go to
        the better share won, then the better average place."""
        game = "" if key is None else " AND key = ?"
        order = "won DESC, 1.0 * won / played DESC, 1.0 * places / played"
        sql = (f"WITH best AS (SELECT user_id, {TALLY} FROM finishes WHERE guild_id IS ?{game} "
               f"GROUP BY user_id ORDER BY {order}, user_id LIMIT ?) "
               f"SELECT ({_LATEST_NAME.format(person='best.user_id')}) AS name, played, won, places, top FROM best "
               f"ORDER BY {order}, name, user_id")
        async with self._lock:
            async with self._conn.execute(sql, (guild_id, *(() if key is None else (key,)), limit, guild_id)) as cur:
                rows = await cur.fetchall()
        return [(name, Tally(*counts)) for name, *counts in rows]

    async def rated_leaders(self, guild_id: int | None, key: str | None,
                            limit: int) -> tuple[list[tuple[str, Rating]], dict[str, Rating]]:
        """A server's best-rated people in one game (None: all), settled ratings first, with their latest names;
        and the ratings of the AI levels there, by level."""
        sql = (f"SELECT player, rating, games, ({_LATEST_NAME.format(person='player')}) FROM ratings "
               f"WHERE guild_id = ? AND key = ? AND player > 0 "
               f"ORDER BY games < {ratings.PROVISIONAL}, rating DESC, player LIMIT ?")
        where = (guild_id or NO_SERVER, key or ratings.ALL)
        async with self._lock:
            async with self._conn.execute(sql, (guild_id, *where, limit)) as cur:
                people = await cur.fetchall()
            async with self._conn.execute("SELECT player, rating, games FROM ratings WHERE guild_id = ? AND key = ? "
                                          "AND player < 0 ORDER BY rating DESC", where) as cur:
                ais = await cur.fetchall()
        return ([(name, Rating(value, count)) for _, value, count, name in people],
                {ratings.ai_level(player) or "AI": Rating(value, count) for player, value, count in ais})

    async def fill_results(self, compute: Callable[[str, str], str | None]) -> int:
        """Give finished games without a stored result theirs, `compute(key, state JSON)`; how many were filled."""
        async with self._lock:
            async with self._conn.execute("SELECT id, key, state FROM games WHERE status = 'finished' "
                                          "AND result IS NULL AND state IS NOT NULL") as cur:
                rows = await cur.fetchall()
        filled = 0
        for game_id, key, state in rows:
            try:
                result_json = compute(key, state)
            except Exception:  # noqa: BLE001 - an old game that no longer loads must not stop the bot starting
                log.warning("finished game %s (%s): its state does not load, so it counts in no record", game_id, key)
                continue
            if result_json is not None:
                async with self._lock:
                    await self._conn.execute("UPDATE games SET result = ? WHERE id = ?", (result_json, game_id))
                filled += 1
        return filled

    async def rate_finished(self) -> int:
        """Rate every finished game not rated yet, in the order they finished, in one transaction; how many.

        Each game moves its players' ratings in its own game and over all games (`bot.ratings`).
        """
        async with self._lock:
            await self._conn.execute("BEGIN IMMEDIATE")
            try:
                rated = await self._rate_pending()
                await self._conn.execute("COMMIT")
            except BaseException:
                await self._conn.execute("ROLLBACK")
                raise
        return rated

    async def _rate_pending(self) -> int:
        """`rate_finished` inside its transaction."""
        async with self._conn.execute("SELECT id, guild_id, key, seats, result FROM games "
                                      "WHERE result IS NOT NULL AND rating_moves IS NULL ORDER BY updated_at, id") as cur:
            games = await cur.fetchall()
        if not games:
            return 0
        players = [ratings.seat_players(json.loads(seats)) for _, _, _, seats, _ in games]
        seatings = [ratings.participants(seated, json.loads(result)["ranks"])
                    for seated, (*_, result) in zip(players, games, strict=True)]
        table = await self._ratings_of({(guild or NO_SERVER, game_key, player)
                                        for (_, guild, key, _, _), seated in zip(games, seatings, strict=True)
                                        for game_key in (key, ratings.ALL) for player, _ in seated})
        changed: set[tuple[int, str, int]] = set()
        moves = []
        for (game_id, guild, key, _, _), seated, by_seat in zip(games, seatings, players, strict=True):
            for game_key in (key, ratings.ALL):
                where = (guild or NO_SERVER, game_key)
                before = {player: table.get((*where, player), [ratings.START])[0] for player, _ in seated}
                after = ratings.after_game(before, seated)
                for player, value in after.items():
                    entry = table.setdefault((*where, player), [ratings.START, 0])
                    entry[0], entry[1] = value, entry[1] + 1
                    changed.add((*where, player))
                if game_key == key:
                    moved = {player: [before[player], value] for player, value in after.items()}
                    moves.append((json.dumps([moved.get(player) for player in by_seat]), game_id))
        await self._conn.executemany(
            "INSERT INTO ratings (guild_id, key, player, rating, games) VALUES (?, ?, ?, ?, ?) ON CONFLICT "
            "(guild_id, key, player) DO UPDATE SET rating = excluded.rating, games = excluded.games",
            [(*where, *table[where]) for where in sorted(changed)])
        await self._conn.executemany("UPDATE games SET rating_moves = ? WHERE id = ?", moves)
        return len(games)

    async def rating_moves(self, game_id: int) -> list[tuple[float, float] | None]:
        """How a rated game moved each seat's rating in its game ((before, after), None: unrated); [] if unrated."""
        async with self._lock:
            async with self._conn.execute("SELECT rating_moves FROM games WHERE id = ?", (game_id,)) as cur:
                row = await cur.fetchone()
        return _moves(None if row is None else row[0])

    async def _ratings_of(self, wanted: set[tuple[int, str, int]]) -> dict[tuple[int, str, int], list[Any]]:
        """The stored [rating, games] of these (server, key, player) entries that exist: looked up one by one for a
        game or a few (a finish), or read by whole servers for many (an upgrade rating every old game)."""
        if not wanted:  # games nobody is rated in (every person left, and the AIs that took over are nobody's)
            return {}
        if len(wanted) <= LOOKUPS:
            sql = (f"SELECT guild_id, key, player, rating, games FROM ratings WHERE (guild_id, key, player) IN "
                   f"(VALUES {', '.join(['(?, ?, ?)'] * len(wanted))})")
            args: list[Any] = [part for entry in sorted(wanted) for part in entry]
        else:
            guilds = sorted({guild for guild, _, _ in wanted})
            sql = (f"SELECT guild_id, key, player, rating, games FROM ratings WHERE guild_id IN "
                   f"({', '.join('?' * len(guilds))})")
            args = guilds
        async with self._conn.execute(sql, args) as cur:
            return {tuple(row[:3]): list(row[3:]) for row in await cur.fetchall()}


def _moves(stored: str | None) -> list[tuple[float, float] | None]:
    """A game's stored rating moves, (before, after) per seat or None; [] while it is unrated."""
    return [] if stored is None else [None if move is None else (move[0], move[1]) for move in json.loads(stored)]


def _seat_move(stored: str | None, seat: int) -> tuple[float, float] | None:
    """How a game moved one seat's rating, or None (unrated, or a seat no rating moved)."""
    moves = _moves(stored)
    return moves[seat] if seat < len(moves) else None


def _past_game(row: Any) -> PastGame:
    """A `past_games` row as a PastGame."""
    game_id, key, place, players, won, ended_at, score, seat, seats, moves, guild_id, place_id, channel_id, \
        message_id, parts = row
    return PastGame(finish=Finish(game_id=game_id, key=key, place=place, players=players, won=bool(won),
                                  ended_at=ended_at),
                    score=score, others=tuple(s["name"] for i, s in enumerate(json.loads(seats)) if i != seat),
                    rating_move=_seat_move(moves, seat),
                    guild_id=guild_id, place_id=place_id, channel_id=channel_id, message_id=message_id,
                    parts=tuple(json.loads(parts).items()) if parts else ())


# A person's name as of their latest finish on the server (the first parameter: the server).
_LATEST_NAME = ("SELECT name FROM finishes AS named WHERE named.guild_id IS ? AND named.user_id = {person} "
                "ORDER BY named.ended_at DESC, named.game_id DESC LIMIT 1")
