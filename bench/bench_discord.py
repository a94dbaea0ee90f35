"""Discord adapter figures against the fake Discord, through the real discord.py client.

    python bench/bench_discord.py [--game wishes] [--clicks 150] [--games 200]

1. One game, clicks one at a time: interaction -> acknowledgement (p50/p99) and interaction -> refreshed
   board (p50/p95; the bot's last message write for that click, AI replies and drawing included).
2. --games active games in one bot process, one move arriving in every game at once: acknowledgement
   p50/p99, time until everything settled, and the process's peak RSS (bot and fake share the process,
   so the figure is an upper bound for the bot alone).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import random
import resource
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.fakediscord.harness import BotRun  # noqa: E402
from tests.fakediscord.server import FakeDiscord  # noqa: E402


def pct(values: list[float], q: float) -> float:
    """The q-quantile (0..1) in milliseconds."""
    ordered = sorted(values)
    return 1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def open_game(run: BotRun, fake: FakeDiscord, key: str, humans: list[int], ais: int) -> int:
    """A started game with these people and AI seats, opened through the host (setup is not measured)."""
    record = await run.host.create(key, {}, humans[0], "P0", fake.guild_id, fake.channel_id)
    for i, user in enumerate(humans[1:], 1):
        await run.host.join(record.id, user, f"P{i}")
    for _ in range(ais):
        await run.host.add_ai(record.id, humans[0])
    await run.host.set_place(record.id, channel_id=fake.channel_id)
    played = await run.host.begin(record.id, humans[0], seed=random.randrange(1 << 30))
    await run.bot.table.publish(played)
    return record.id


async def click_for(run: BotRun, fake: FakeDiscord, game: int, rnd: random.Random, wait: bool = True):
    """Click a random legal public choice of a person in this game; None when none is on the board."""
    record = await run.host.get(game)
    pending = [d for d in run.host.pending(record) if record.seats[d.seat].user_id is not None and not d.private]
    if record.status != "active" or not pending:
        return None
    d = pending[0]
    choice = rnd.choice(d.choices).id
    board = fake.messages[record.message_id]
    prefix = f"{game}:{record.version}:{d.seat}:"
    for row in board.data["components"]:
        for c in row["components"]:
            cid = c.get("custom_id", "")
            if cid == "fish:c:" + prefix + choice:
                return await fake.click(record.seats[d.seat].user_id, board, cid, wait=wait)
            if cid.startswith("fish:s:" + prefix) and any(o["value"] == choice for o in c["options"]):
                return await fake.click(record.seats[d.seat].user_id, board, cid, values=[choice], wait=wait)
    return None


async def latency(fake: FakeDiscord, run: BotRun, key: str, clicks: int) -> None:
    rnd = random.Random(1)
    acks, boards = [], []
    users = [fake.add_user("Ann"), fake.add_user("Bob")]
    game = await open_game(run, fake, key, users, 1)
    while len(acks) < clicks:
        inter = await click_for(run, fake, game, rnd)
        if inter is None:
            game = await open_game(run, fake, key, users, 1)
            continue
        acks.append(inter.answered_at - inter.sent_at)
        boards.append(fake.last_write_at - inter.sent_at)
    print(f"[{key}] single game, {clicks} clicks")
    print(f"  interaction -> ack            p50 {pct(acks, .5):6.1f} ms   p99 {pct(acks, .99):6.1f} ms  (target p99 < 100)")
    print(f"  interaction -> refreshed board p50 {pct(boards, .5):6.1f} ms   p95 {pct(boards, .95):6.1f} ms  (target p95 < 300)")


async def load(fake: FakeDiscord, run: BotRun, key: str, games: int) -> None:
    rnd = random.Random(2)
    started = time.perf_counter()
    ids = []
    for i in range(games):
        user = fake.add_user(f"U{i}")
        ids.append(await open_game(run, fake, key, [user], 1))
    setup = time.perf_counter() - started
    acks: list[float] = []
    for _round in range(2):
        batch = [i for i in await asyncio.gather(*(click_for(run, fake, g, rnd, wait=False) for g in ids)) if i]
        t0 = time.perf_counter()
        await asyncio.gather(*(asyncio.wait_for(i.answered.wait(), 60) for i in batch))
        await fake.settle()
        settled = time.perf_counter() - t0
        acks += [i.answered_at - i.sent_at for i in batch]
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"[{key}] {games} active games (set up in {setup:.1f} s), a move in every game at once, 2 rounds")
    print(f"  interaction -> ack            p50 {pct(acks, .5):6.1f} ms   p99 {pct(acks, .99):6.1f} ms  (target p99 < 500)")
    print(f"  last round settled (all boards redrawn) in {settled:.2f} s")
    print(f"  peak RSS of the process (bot + fake) {rss:.0f} MB  (target < 250)")


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="wishes")
    parser.add_argument("--clicks", type=int, default=150)
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)
    with tempfile.TemporaryDirectory() as tmp:
        fake = FakeDiscord()
        await fake.start()
        run = await BotRun(fake, str(Path(tmp) / "bench.db"), time.time).start()
        try:
            await latency(fake, run, args.game, args.clicks)
            await load(fake, run, args.game, args.games)
        finally:
            await run.stop()
            await fake.stop()


if __name__ == "__main__":
    asyncio.run(main())
