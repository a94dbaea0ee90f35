"""Host figures: one accepted choice persisted with its board drawn; choices/s against plain aiosqlite inserts.

Run: python bench/bench_host.py [--game wishes] [--moves 600]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import aiosqlite

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.host import Host  # noqa: E402
from renderers import registry as drawings  # noqa: E402


def pct(values: list[float], p: float) -> float:
    """The p-th percentile (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


async def new_game(host: Host, key: str, players: int, seed: int):
    """An active game with human seats 1..players."""
    record = await host.create(key, {}, 1, "P1")
    for user in range(2, players + 1):
        await host.join(record.id, user, f"P{user}")
    return (await host.begin(record.id, 1, seed=seed)).record


async def moves(host: Host, key: str, count: int, render: bool, rnd: random.Random) -> list[float]:
    """Time `count` accepted choices (and board renders when asked), starting new games as they end."""
    drawing = drawings.get(key)
    times: list[float] = []
    record = await new_game(host, key, 4, rnd.randrange(10**9))
    while len(times) < count:
        if record.status != "active":
            record = await new_game(host, key, 4, rnd.randrange(10**9))
        decision = host.pending(record)[0]
        choice = rnd.choice(decision.choices).id
        start = time.perf_counter()
        record = (await host.submit(record.id, record.seats[decision.seat].user_id, choice, record.version)).record
        if render:
            drawing.board(host.view(record, None))
        times.append(time.perf_counter() - start)
    return times


async def plain_inserts(path: str, count: int) -> float:
    """Committed single-row inserts per second through aiosqlite with the store's pragmas."""
    conn = await aiosqlite.connect(path)
    await conn.execute("PRAGMA journal_mode=WAL")
    await conn.execute("PRAGMA synchronous=NORMAL")
    await conn.execute("CREATE TABLE t (game_id INTEGER, idx INTEGER, seat INTEGER, choice TEXT)")
    await conn.commit()
    start = time.perf_counter()
    for i in range(count):
        await conn.execute("INSERT INTO t VALUES (?, ?, ?, ?)", (1, i, i % 4, "sell:1"))
        await conn.commit()
    elapsed = time.perf_counter() - start
    await conn.close()
    return count / elapsed


async def main() -> None:
    """Print the host figures."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="wishes")
    parser.add_argument("--moves", type=int, default=600)
    args = parser.parse_args()
    rnd = random.Random(1)
    with tempfile.TemporaryDirectory() as tmp:
        host = await Host.open(str(Path(tmp) / "bench.db"))
        await moves(host, args.game, 50, True, rnd)  # warm-up: fonts, caches
        full = await moves(host, args.game, args.moves, True, rnd)
        start = time.perf_counter()
        bare = await moves(host, args.game, args.moves, False, rnd)
        accepted_per_s = len(bare) / (time.perf_counter() - start)
        await host.close()
        inserts_per_s = await plain_inserts(str(Path(tmp) / "plain.db"), args.moves * 2)
    ms = [t * 1000 for t in full]
    print(f"game: {args.game}, {args.moves} moves, 4 human seats, fresh games as they end")
    print(f"choice accepted + persisted + board rendered: p50 {statistics.median(ms):.1f} ms, "
          f"p99 {pct(ms, 99):.1f} ms (targets 40 / 120)")
    print(f"choices accepted per second through the host (no render): {accepted_per_s:.0f}")
    print(f"plain committed aiosqlite inserts per second:            {inserts_per_s:.0f}")
    print(f"ratio: {accepted_per_s / inserts_per_s:.2f} (target >= 0.50)")


if __name__ == "__main__":
    asyncio.run(main())
