"""Host figures: one accepted choice persisted with its board drawn; choices/s against plain aiosqlite inserts.

Run: python bench/bench_host.py [--game wishes] [--moves 600]

The store ratio pairs each host round with a plain-insert round run right after it (same machine conditions)
and reports the median of the per-pair ratios, for the host alone and for the host with the reads the
Discord adapter makes around every click (ADAPTER_READS).
    python bench/bench_host.py --durability [--dir PATH]   # only the synchronous=FULL vs NORMAL section
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

# What the Discord adapter reads around one click (bot/discord/table.py): the record to check the clicker
# (on_choice), then for the refresh the record, the server's settings and the record again (publish).
ADAPTER_READS = ("record", "record", "settings", "record")


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


async def adapter_reads(host: Host, game: int) -> None:
    """The store reads the adapter makes around one click."""
    for read in ADAPTER_READS:
        await (host.get(game) if read == "record" else host.get_settings(1))  # a server id: a real read


async def moves(host: Host, key: str, count: int, render: bool, rnd: random.Random, reads: bool = False) -> list[float]:
    """Time `count` accepted choices (with board renders, or the adapter's reads, when asked)."""
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
        if reads:
            await adapter_reads(host, record.id)
        if render:
            drawing.board(host.view(record, None))
        times.append(time.perf_counter() - start)
    return times


async def plain_inserts(conn: aiosqlite.Connection, count: int, start_index: int) -> float:
    """Committed single-row inserts per second through aiosqlite (execute, then commit, per row)."""
    start = time.perf_counter()
    for i in range(start_index, start_index + count):
        await conn.execute("INSERT INTO t VALUES (?, ?, ?, ?)", (1, i, i % 4, "sell-1"))
        await conn.commit()
    return count / (time.perf_counter() - start)


async def plain_table(path: str) -> aiosqlite.Connection:
    """A connection to a fresh file with the store's pragmas (bot/store.py: WAL, synchronous=FULL) and a move-sized table."""
    conn = await aiosqlite.connect(path)
    await conn.execute("PRAGMA journal_mode=WAL")
    await conn.execute("PRAGMA synchronous=FULL")
    await conn.execute("CREATE TABLE t (game_id INTEGER, idx INTEGER, seat INTEGER, choice TEXT)")
    await conn.commit()
    return conn


# ---- durability: what synchronous=FULL (the store's setting) costs against NORMAL -----------------------------
async def durability(game: str, count: int, rounds: int, folder: str | None) -> None:
    """Choices/s and commit latency with the store's synchronous=FULL against NORMAL, alternating rounds.

    FULL fsyncs the WAL at every commit, so a choice a player saw accepted survives a power loss; NORMAL
    syncs only at checkpoints and may drop the last commits. Run it on the disk the bot will use (--dir):
    a tmpfs makes fsync free and the figures meaningless.
    """
    rnd = random.Random(2)
    with tempfile.TemporaryDirectory(dir=folder) as tmp:
        hosts = {mode: await Host.open(str(Path(tmp) / f"{mode}.db")) for mode in ("FULL", "NORMAL")}
        await hosts["NORMAL"].store._conn.execute("PRAGMA synchronous=NORMAL")  # type: ignore[attr-defined]
        rates: dict[str, list[float]] = {mode: [] for mode in hosts}
        latencies: dict[str, list[float]] = {mode: [] for mode in hosts}
        for host in hosts.values():
            await moves(host, game, 30, False, rnd)  # warm-up
        for _ in range(rounds):
            for mode, host in hosts.items():
                times = await moves(host, game, count, False, rnd)
                rates[mode].append(count / sum(times))
                latencies[mode] += [t * 1000 for t in times]
        for host in hosts.values():
            await host.close()
    print(f"durability ({game}, {rounds} alternating rounds of {count} choices, files in {folder or 'the temp dir'}):")
    for mode in hosts:
        print(f"  synchronous={mode:<6}: {statistics.median(rates[mode]):6.0f} choices/s (median round), "
              f"commit p50 {statistics.median(latencies[mode]):.2f} ms, p99 {pct(latencies[mode], 99):.2f} ms")
    cost = statistics.median(latencies["FULL"]) - statistics.median(latencies["NORMAL"])
    print(f"  FULL costs {cost:+.2f} ms per accepted choice at p50 "
          f"({statistics.median(rates['FULL']) / statistics.median(rates['NORMAL']):.2f}x NORMAL's rate)")


async def main() -> None:
    """Print the host figures."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="wishes")
    parser.add_argument("--moves", type=int, default=600)
    parser.add_argument("--rounds", type=int, default=5, help="alternating host/plain rounds for the store ratio")
    parser.add_argument("--durability", action="store_true", help="only the synchronous FULL/NORMAL section")
    parser.add_argument("--dir", default=None, help="folder for the durability section's files")
    args = parser.parse_args()
    if args.durability:
        await durability(args.game, args.moves, args.rounds, args.dir)
        return
    rnd = random.Random(1)
    with tempfile.TemporaryDirectory() as tmp:
        host = await Host.open(str(Path(tmp) / "bench.db"))
        plain = await plain_table(str(Path(tmp) / "plain.db"))
        await moves(host, args.game, 50, True, rnd)  # warm-up: fonts, caches
        full = await moves(host, args.game, args.moves, True, rnd)
        ms = [t * 1000 for t in full]
        print(f"game: {args.game}, {args.moves} moves, 4 human seats, fresh games as they end")
        print(f"choice accepted + persisted + board rendered: p50 {statistics.median(ms):.1f} ms, "
              f"p99 {pct(ms, 99):.1f} ms (targets 40 / 120)")
        rates: dict[str, list[float]] = {"host": [], "host + adapter reads": [], "plain": []}
        ratios: dict[str, list[float]] = {"host": [], "host + adapter reads": []}
        for r in range(args.rounds):  # pairs: each host round beside a plain round in the same conditions
            for name, reads in (("host", False), ("host + adapter reads", True)):
                start = time.perf_counter()
                await moves(host, args.game, args.moves, False, rnd, reads=reads)
                rates[name].append(args.moves / (time.perf_counter() - start))
                rates["plain"].append(await plain_inserts(plain, args.moves, len(rates["plain"]) * args.moves))
                ratios[name].append(rates[name][-1] / rates["plain"][-1])
            print(f"  round {r + 1}: host {rates['host'][-1]:.0f} choices/s, with the adapter's reads "
                  f"{rates['host + adapter reads'][-1]:.0f}, plain {rates['plain'][-1]:.0f} inserts/s")
        await host.close()
        await plain.close()
    print(f"choices accepted per second, median: host {statistics.median(rates['host']):.0f}, host + the adapter's "
          f"{len(ADAPTER_READS)} reads per click {statistics.median(rates['host + adapter reads']):.0f}; "
          f"plain committed aiosqlite inserts {statistics.median(rates['plain']):.0f}")
    for name, values in ratios.items():
        print(f"ratio {name} / plain, median of {len(values)} pairs: {statistics.median(values):.2f} "
              f"(pairs {min(values):.2f}-{max(values):.2f}"
              + ("; target >= 0.50)" if name == "host" else "; no target: the plain baseline reads nothing)"))
    extra = 1000 / statistics.median(rates["host + adapter reads"]) - 1000 / statistics.median(rates["host"])
    print(f"the adapter's {len(ADAPTER_READS)} reads add {extra:.2f} ms of store time per click")
    await durability(args.game, args.moves, args.rounds, args.dir)


if __name__ == "__main__":
    asyncio.run(main())
