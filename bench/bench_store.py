"""Store figures: KB per finished game, and the timer tick with 0 and with 10,000 finished games stored.

    python bench/bench_store.py [--games 20] [--finished 10000] [--active 50]

1. Each game, 4 greedy AI seats, `--games` seeded games played to the end through the host: the
   database's used pages (after a WAL checkpoint) divided by the games, and what the rows hold.
2. The timer tick (`timers.collect`, what the bot runs every minute) over `--active` active games
   with people to remind, median of 30 ticks; then `--finished` finished games are added (copies of
   20 real finished rows and their logs; those 20 wait as cancelled games during the first timing) and the tick is timed again.
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot import timers  # noqa: E402
from bot.host import Host  # noqa: E402
from engines import registry  # noqa: E402


def used_bytes(path: str) -> int:
    """Bytes of the database's pages in use, after moving the WAL into the file."""
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        pages, free, size = (conn.execute(f"PRAGMA {p}").fetchone()[0]
                             for p in ("page_count", "freelist_count", "page_size"))
    return (pages - free) * size


async def finished_game(host: Host, key: str, seed: int) -> int:
    """One game of four greedy AI seats, played to its end."""
    record = await host.create(key, {}, 1, "Host", seat_creator=False)
    for _ in range(4):
        await host.add_ai(record.id, 1, "greedy")
    await host.begin(record.id, 1, seed=seed)
    return record.id


async def size_figures(tmp: str, games: int) -> None:
    """KB per finished game, per game."""
    print(f"KB per finished game (4 greedy AI seats, {games} games each; target <= 14 KB):")
    for key in registry.keys():
        path = str(Path(tmp) / f"size-{key}.db")
        host = await Host.open(path)
        await host.close()
        empty = used_bytes(path)
        host = await Host.open(path)
        for seed in range(games):
            await finished_game(host, key, seed)
        await host.close()
        with sqlite3.connect(path) as conn:
            state, batch, moves = conn.execute(
                "SELECT avg(length(state)), avg(coalesce(length(new_moves), 0)), "
                "(SELECT count(*) FROM moves) * 1.0 / count(*) FROM games").fetchone()
        print(f"  {key:9s} {(used_bytes(path) - empty) / games / 1024:5.1f} KB  (state snapshot {state / 1024:.1f} KB, "
              f"batch kept in the row {batch / 1024:.1f} KB, {moves:.0f} moves in the log)")


async def tick_ms(host: Host, now: float, ticks: int = 30) -> float:
    """Median time of one timer tick."""
    times = []
    for _ in range(ticks):
        start = time.perf_counter()
        await timers.collect(host, now)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def add_finished(path: str, count: int) -> None:
    """Copy finished rows (and their logs) until `count` more finished games are stored."""
    with sqlite3.connect(path) as conn:
        columns = [r[1] for r in conn.execute("PRAGMA table_info(games)") if r[1] != "id"]
        source = [r[0] for r in conn.execute("SELECT id FROM games WHERE status = 'finished'")]
        names = ", ".join(columns)
        for i in range(count):
            original = source[i % len(source)]
            new = conn.execute(f"INSERT INTO games ({names}) SELECT {names} FROM games WHERE id = ?",
                               (original,)).lastrowid
            conn.execute("INSERT INTO moves SELECT ?, idx, seat, choice, label, by_ai, at FROM moves WHERE game_id = ?",
                         (new, original))


async def tick_figures(tmp: str, active: int, finished: int) -> None:
    """The tick with no finished games, then with `finished` of them."""
    path = str(Path(tmp) / "tick.db")
    host = await Host.open(path)
    keys = registry.keys()
    for i in range(active):
        record = await host.create(keys[i % len(keys)], {}, 1, "Ann", guild_id=7)
        await host.join(record.id, 2, "Bob")
        await host.begin(record.id, 1, seed=i)
    for seed in range(20):
        await finished_game(host, keys[seed % len(keys)], seed)
    await host.close()
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE games SET status = 'cancelled' WHERE status = 'finished'")  # kept as copy sources
    now = time.time() + 13 * 3600  # past the reminder time: every active game is looked at
    host = await Host.open(path)
    none = await tick_ms(host, now)
    await host.close()
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE games SET status = 'finished' WHERE status = 'cancelled'")
    add_finished(path, finished)
    with sqlite3.connect(path) as conn:
        stored = conn.execute("SELECT count(*) FROM games WHERE status = 'finished'").fetchone()[0]
    host = await Host.open(path)
    many = await tick_ms(host, now)
    await host.close()
    print(f"timer tick over {active} active games (median of 30; target: within 20 % with {finished:,} finished):")
    print(f"  0 finished games stored:       {none:6.2f} ms")
    print(f"  {stored:,} finished games stored: {many:6.2f} ms  ({(many / none - 1) * 100:+.0f} %)")


async def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--finished", type=int, default=10_000)
    parser.add_argument("--active", type=int, default=50)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        await size_figures(tmp, args.games)
        await tick_figures(tmp, args.active, args.finished)


if __name__ == "__main__":
    asyncio.run(main())
