"""This Big! figures: median apply time, random 4-player games per second, board render time and size."""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines.playout import playout  # noqa: E402
from engines.thisbig import ENGINE  # noqa: E402


def median_apply_us(games: int = 300) -> float:
    """Median time of one apply over random games of 2 to 6 players."""
    rnd = random.Random(1)
    times: list[float] = []
    for g in range(games):
        n = 2 + g % 5
        state = ENGINE.new_game([f"P{i}" for i in range(n)], {}, g)
        while True:
            pending = ENGINE.decisions(state)
            if not pending:
                break
            d = pending[rnd.randrange(len(pending))]
            cid = rnd.choice(d.choices).id
            t = time.perf_counter()
            state, _ = ENGINE.apply(state, d.seat, cid)
            times.append(time.perf_counter() - t)
    return statistics.median(times) * 1e6


def games_per_second(seconds: float = 3.0) -> tuple[float, float]:
    """Complete random 4-player games (random AI, playout driver) per wall-clock and per CPU second."""
    rnd = random.Random(2)
    done = 0
    start, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds:
        state = ENGINE.new_game(["A", "B", "C", "D"], {}, done)
        playout(ENGINE, state, rnd)
        done += 1
    return done / (time.perf_counter() - start), done / (time.process_time() - cpu)


def render_figures(samples: int = 20) -> tuple[float, int]:
    """Median board render time (ms) and PNG size (bytes) of mid-game 4-player public views."""
    from renderers.thisbig import board

    rnd = random.Random(3)
    times, sizes = [], []
    for g in range(samples):
        state = ENGINE.new_game(["Alice", "Bob", "Carol", "Dan"], {}, 100 + g)
        for _ in range(12):
            pending = ENGINE.decisions(state)
            if not pending:
                break
            d = pending[0]
            state, _ = ENGINE.apply(state, d.seat, ENGINE.choose(state, d.seat, "random", rnd))
        view = ENGINE.view(state, None)
        t = time.perf_counter()
        png = board(view)
        times.append(time.perf_counter() - t)
        sizes.append(len(png))
    return statistics.median(times) * 1e3, int(statistics.median(sizes))


def main() -> None:
    """Print the figures."""
    print(f"median apply: {median_apply_us():.1f} µs (target < 50)")
    wall, cpu = games_per_second()
    print(f"random 4-player games per second: {wall:.0f} wall-clock, {cpu:.0f} per CPU second (target >= 500)")
    ms, size = render_figures()
    print(f"median board render: {ms:.1f} ms, median PNG size: {size / 1024:.1f} KB")


if __name__ == "__main__":
    main()
