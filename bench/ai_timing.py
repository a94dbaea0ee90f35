"""How long the table waits for a `hard` seat's move, forced (one choice) against chosen, on a busy machine.

Run: python bench/ai_timing.py [--game thisbig] [--players 3] [--budget-ms 300] [--load 2] [--samples 12]

The host pads a searching seat's move to the longest a search may take, so that how soon a move shows cannot
tell the table whether it was forced. `--load N` keeps N processes spinning (at the drawing workers' niceness)
while the moves are thought out in the bot's own thinking pool, as a burst of boards being drawn would.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot import workers  # noqa: E402
from bot.thinking import think_in_pool  # noqa: E402
from engines import registry  # noqa: E402
from engines.search import BUDGET_ENV  # noqa: E402

SEAT = 1  # the AI seat timed; the others play at random


def spin(stop: multiprocessing.synchronize.Event) -> None:
    """Keep one core busy until told to stop, at the drawing workers' niceness."""
    os.nice(5)
    while not stop.is_set():
        sum(i * i for i in range(10_000))


async def sample(key: str, players: int, samples: int, env: dict[str, str]) -> dict[bool, list[float]]:
    """Seconds per move of the AI seat, forced (True) and chosen (False), along random games."""
    engine = registry.get(key)
    times: dict[bool, list[float]] = {True: [], False: []}
    for seed in range(10_000):
        if all(len(v) >= samples for v in times.values()):
            break
        state, rnd = engine.new_game([f"P{i}" for i in range(players)], {}, seed), random.Random(seed)
        while engine.result(state) is None:
            decisions = engine.decisions(state)
            mine = next((d for d in decisions if d.seat == SEAT), None)
            if mine is not None and len(times[len(mine.choices) == 1]) < samples:
                start = time.perf_counter()
                await think_in_pool(engine, state, {SEAT: "hard"}, seed, 1, env)
                times[len(mine.choices) == 1].append(time.perf_counter() - start)
                break  # one move per game: the next game starts elsewhere
            decision = decisions[0]
            state, _ = engine.apply(state, decision.seat, rnd.choice(decision.choices).id)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="thisbig", choices=registry.keys())
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--budget-ms", type=int, default=300)
    parser.add_argument("--load", type=int, default=2, help="busy processes beside the thinking pool")
    parser.add_argument("--samples", type=int, default=12, help="moves timed of each kind")
    args = parser.parse_args()
    os.environ[BUDGET_ENV] = str(args.budget_ms)
    stop = multiprocessing.Event()
    spinners = [multiprocessing.Process(target=spin, args=(stop,)) for _ in range(args.load)]
    for process in spinners:
        process.start()
    workers.start()
    try:
        times = asyncio.run(sample(args.game, args.players, args.samples, {BUDGET_ENV: str(args.budget_ms)}))
    finally:
        stop.set()
        for process in spinners:
            process.join()
        workers.shutdown()
    print(f"{args.game}, {args.players} players, budget {args.budget_ms} ms, {args.load} busy processes")
    for forced, label in ((True, "forced"), (False, "chosen")):
        ms = sorted(t * 1000 for t in times[forced])
        if ms:
            print(f"  {label}: n={len(ms)} median {statistics.median(ms):.0f} ms, min {ms[0]:.0f}, max {ms[-1]:.0f}")


if __name__ == "__main__":
    main()
