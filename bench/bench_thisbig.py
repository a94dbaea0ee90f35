"""This Big! figures: median apply time, random 4-player games per second, board render p50/max and PNG size
at 6 players, late game."""

from __future__ import annotations

import argparse
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


def render_figures(games: int = 30, rounds: int = 3) -> tuple[float, float, float, int]:
    """Board render time at 6 players, late game (three quarters through random games with the advanced rules
    on): the wall-clock median and max over `rounds` passes (ms, after one warm-up pass), the median CPU time
    (ms: on a loaded machine wall time is mostly waiting), and the largest PNG (bytes)."""
    from renderers.thisbig import board

    rnd = random.Random(3)
    views = []
    for g in range(games):
        state = ENGINE.new_game([f"Player {i}" for i in range(6)], {"rubbish_penalty": True, "reveal_uncaught": True,
                                                                    "target": 20}, 100 + g)
        states = [state]
        while pending := ENGINE.decisions(state):
            d = pending[rnd.randrange(len(pending))]
            state, _ = ENGINE.apply(state, d.seat, ENGINE.choose(state, d.seat, "random", rnd))
            states.append(state)
        views.append(ENGINE.view(states[len(states) * 3 // 4], None))
    for view in views:
        board(view)  # warm-up: sprites, texts and the palette are drawn once per process
    times, cpu, sizes = [], [], []
    for _ in range(rounds):
        for view in views:
            t, c = time.perf_counter(), time.process_time()
            png = board(view)
            times.append(time.perf_counter() - t)
            cpu.append(time.process_time() - c)
            sizes.append(len(png))
    return statistics.median(times) * 1e3, max(times) * 1e3, statistics.median(cpu) * 1e3, max(sizes)


def main() -> None:
    """Print the figures."""
    print(f"median apply: {median_apply_us():.1f} µs (target < 50)")
    wall, cpu = games_per_second()
    print(f"random 4-player games per second: {wall:.0f} wall-clock, {cpu:.0f} per CPU second (target >= 500)")
    p50, worst, cpu, size = render_figures()
    print(f"board render, 6 players late game: p50 {p50:.1f} ms, max {worst:.1f} ms wall-clock (target p50 <= 25),"
          f" p50 {cpu:.1f} ms CPU; largest PNG {size / 1024:.1f} KB (limit 300)")


if __name__ == "__main__":
    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args()  # --help; no options
    main()
