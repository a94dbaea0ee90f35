"""Push Fish figures: median apply, complete random 4-player games per second, board render time and size.

Run: python bench/bench_pushfish.py [--games 200]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engines.playout import playout  # noqa: E402
from engines.pushfish import ENGINE  # noqa: E402
from renderers import pushfish as drawing  # noqa: E402

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


def apply_times(games: int) -> tuple[list[float], list]:
    """Seconds per apply over random 4-player games, and some states met on the way."""
    times, states = [], []
    for g in range(games):
        state = ENGINE.new_game(PLAYERS, {"length": "short"}, g)
        rnd = random.Random(g)
        while True:
            pending = ENGINE.decisions(state)
            if not pending:
                break
            d = pending[rnd.randrange(len(pending))]
            choice = ENGINE.choose(state, d.seat, "random", rnd)
            t = time.perf_counter()
            state, _ = ENGINE.apply(state, d.seat, choice)
            times.append(time.perf_counter() - t)
            if state.step % 25 == 0:
                states.append(state)
    return times, states


def games_per_second(games: int, options: dict, rounds: int = 3) -> tuple[float, float]:
    """Complete random 4-player games per second through the public apply (playout): best and median of rounds.

    Each round plays the same seeded games, so rounds differ only by machine noise.
    """
    rates = []
    for _ in range(rounds):
        start = time.perf_counter()
        for g in range(games):
            playout(ENGINE, ENGINE.new_game(PLAYERS, options, 10_000 + g), random.Random(g))
        rates.append(games / (time.perf_counter() - start))
    return max(rates), statistics.median(rates)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    times, states = apply_times(max(20, args.games // 5))
    print(f"median apply: {statistics.median(times) * 1e6:.1f} µs over {len(times)} applies "
          f"(p90 {sorted(times)[int(len(times) * 0.9)] * 1e6:.1f} µs)")
    for label, options in (("medium (7 fish, the default)", {"length": "medium"}), ("short (5 fish)", {"length": "short"}),
                           ("long (10 fish)", {"length": "long"}), ("first game (3 fish)", {"first_game": True})):
        best, median = games_per_second(args.games, options)
        print(f"complete random 4-player games per second, {label}: {best:.0f} (median of 3 rounds {median:.0f}) "
              f"over {args.games} seeded games")
    render, sizes = [], []
    for state in states[:60]:
        view = ENGINE.view(state, None)
        t = time.perf_counter()
        png = drawing.board(view)
        render.append(time.perf_counter() - t)
        sizes.append(len(png))
    print(f"median board render: {statistics.median(render) * 1e3:.1f} ms, "
          f"median PNG {statistics.median(sizes) / 1024:.0f} KB (max {max(sizes) / 1024:.0f} KB)")


if __name__ == "__main__":
    main()
