"""Friendly Fishing figures: median apply, complete random 4-player games per second, board render.

Run: python bench/bench_friendly.py [--games 600]
Targets: median apply < 100 µs; >= 300 complete random 4-player games per second on one core.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engines.friendly import ENGINE  # noqa: E402
from engines.playout import playout  # noqa: E402
from renderers import friendly as drawing  # noqa: E402

PLAYERS = ["P1", "P2", "P3", "P4"]


def apply_times(games: int) -> list[float]:
    """Seconds per apply over random games of 2 to 5 players on both sides."""
    times = []
    for seed in range(games):
        n = 2 + seed % 4
        side = "large" if seed % 2 or n == 5 else "small"
        state = ENGINE.new_game([f"P{i + 1}" for i in range(n)], {"board": side}, seed)
        rnd = random.Random(seed)
        while (pending := ENGINE.decisions(state)):
            seat = pending[0].seat
            choice = rnd.choice(pending[0].choices).id
            t = time.perf_counter()
            state, _ = ENGINE.apply(state, seat, choice)
            times.append(time.perf_counter() - t)
    return times


def games_per_second(games: int) -> float:
    """Complete random 4-player games (setup included) per second, small and large sides alternating."""
    t = time.perf_counter()
    for seed in range(games):
        state = ENGINE.new_game(PLAYERS, {"board": "large" if seed % 2 else "small"}, seed)
        playout(ENGINE, state, random.Random(seed))
    return games / (time.perf_counter() - t)


def render_figures(count: int) -> tuple[float, int]:
    """Median board render in ms and the largest PNG size in bytes, mid-game on the large side."""
    times, sizes = [], []
    for seed in range(count):
        state = ENGINE.new_game(PLAYERS + ["P5"], {}, seed)
        rnd = random.Random(seed)
        for _ in range(12):
            seat = ENGINE.decisions(state)[0].seat
            state, _ = ENGINE.apply(state, seat, ENGINE.choose(state, seat, "random", rnd))
        view = ENGINE.view(state, None)
        t = time.perf_counter()
        png = drawing.board(view)
        times.append(time.perf_counter() - t)
        sizes.append(len(png))
    return statistics.median(times) * 1000, max(sizes)


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=600)
    args = parser.parse_args()
    times = apply_times(200)
    print(f"median apply: {statistics.median(times) * 1e6:.1f} µs over {len(times)} applies (target < 100 µs)")
    print(f"random 4-player games per second: {games_per_second(args.games):.0f} (target >= 300)")
    ms, size = render_figures(10)
    print(f"median board render: {ms:.1f} ms; largest PNG: {size / 1024:.0f} KB (limit 300 KB)")


if __name__ == "__main__":
    main()
