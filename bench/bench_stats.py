"""Players' records on a busy server: how long `/fish stats`, `/fish top` and `/fish history` wait on the store.

A server of `--games` finished games (2-6 seats, most of them people from `--people`), each stored the way the
host stores it (the finishing save carries the result; the trigger writes each person's finish; then the game is
rated). Then every query is timed as the store runs it (SQLite works in aiosqlite's thread, off the event loop):
p50 and p99, and the rating chart `/fish stats` attaches (drawn in a worker process in the bot). Last, an upgrade: every game is rated again from none, as a bot opening a database written before
ratings were kept does once.

    python bench/bench_stats.py --games 10000 --people 300
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.discord.pictures import plain_score  # noqa: E402
from bot.models import GameRecord, Seat  # noqa: E402
from bot.store import SqliteStore  # noqa: E402
from engines.core import Result  # noqa: E402
from renderers.rating_chart import rating_png  # noqa: E402

KEYS = ("wishes", "thisbig", "friendly", "pushfish")
GUILD = 10


async def fill(store: SqliteStore, games: int, people: int, rnd: random.Random) -> list[float]:
    """Store `games` finished games; returns the time of each finishing save and its rating (ms)."""
    saves = []
    for n in range(games):
        size = rnd.randint(2, 6)
        seats = [Seat(user_id=rnd.randint(1, people), name=f"Player {i}") if rnd.random() < 0.8
                 else Seat(name=f"AI {i} (hard)", ai="hard") for i in range(size)]
        record = GameRecord(id=0, key=rnd.choice(KEYS), options={}, seed=n, status="active", host_user=1,
                            guild_id=GUILD, seats=seats, created_at=n, updated_at=n, turn_since=n)
        record.id = await store.create(record, "{}")
        scores = [rnd.randint(0, 60) for _ in seats]
        result = Result.from_scores(scores, [{"points": s} for s in scores]).model_dump_json()
        record.status, record.version = "finished", 1
        started = time.perf_counter()
        await store.save(record, "{}", 0, result_json=result)
        await store.rate_finished()
        saves.append((time.perf_counter() - started) * 1000)
    return saves


async def timed(calls: int, query) -> list[float]:
    """Each call's time (ms)."""
    times = []
    for i in range(calls):
        started = time.perf_counter()
        await query(i)
        times.append((time.perf_counter() - started) * 1000)
    return times


def show(label: str, times: list[float]) -> None:
    p99 = statistics.quantiles(times, n=100, method="inclusive")[98]
    print(f"  {label:<34} p50 {statistics.median(times):7.2f}  p99 {p99:7.2f}  "
          f"max {max(times):7.2f} ms  (n={len(times)})")


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--people", type=int, default=300)
    parser.add_argument("--calls", type=int, default=200)
    args = parser.parse_args()
    rnd = random.Random(1)
    with tempfile.TemporaryDirectory() as tmp:
        store = await SqliteStore.open(str(Path(tmp) / "stats.db"))
        saves = await fill(store, args.games, args.people, rnd)
        print(f"{args.games} finished games of up to {args.people} people on one server")
        show("finishing save (result, finishes, ratings)", saves)
        show("/fish stats (one person's record)",
             await timed(args.calls, lambda i: store.player_record(GUILD, 1 + i % args.people, plain=plain_score)))
        show("/fish stats player (with you)", await timed(
            args.calls, lambda i: store.player_record(GUILD, 1 + i % args.people, 1 + (i + 1) % args.people,
                                                              plain_score)))
        show("/fish top (all games)", await timed(args.calls, lambda i: store.leaders(GUILD, None, 10)))
        show("/fish top <game>", await timed(args.calls, lambda i: store.leaders(GUILD, KEYS[i % 4], 10)))
        show("/fish top (rating, all games)", await timed(args.calls, lambda i: store.rated_leaders(GUILD, None, 10)))
        show("/fish top <game> (rating)",
             await timed(args.calls, lambda i: store.rated_leaders(GUILD, KEYS[i % 4], 10)))
        show("/fish stats: rating history",
             await timed(args.calls, lambda i: store.rating_history(GUILD, 1 + i % args.people)))
        history = await store.rating_history(GUILD, 1)
        drawn = []
        for _ in range(20):
            started = time.perf_counter()
            rating_png("Player 1: rating after each game", history, 1000.0)
            drawn.append((time.perf_counter() - started) * 1000)
        show(f"/fish stats: its chart ({sum(map(len, history.values()))} games)", drawn)
        show("/fish history (the latest 10)",
             await timed(args.calls, lambda i: store.past_games(GUILD, 1 + i % args.people, None, 10)))
        show("/fish history <game> page:3",
             await timed(args.calls, lambda i: store.past_games(GUILD, 1 + i % args.people, KEYS[i % 4], 10, 20)))
        await store.close()
        with sqlite3.connect(Path(tmp) / "stats.db") as conn:  # as if written before ratings were kept
            conn.execute("DELETE FROM ratings")
            conn.execute("UPDATE games SET rating_moves = NULL")
        store = await SqliteStore.open(str(Path(tmp) / "stats.db"))
        started = time.perf_counter()
        rated = await store.rate_finished()
        print(f"  upgrade: {rated} games rated from none in {time.perf_counter() - started:.2f} s")
        await store.close()


if __name__ == "__main__":
    asyncio.run(main())
