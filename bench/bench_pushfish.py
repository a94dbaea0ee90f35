"""Push Fish figures: median apply, complete random 4-player games per second, and the board render p50 and max
at 6 players late in the game, with its PNG size.

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


def apply_times(games: int) -> list[float]:
    """Seconds per apply over random 4-player games."""
    times = []
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
    return times


def games_per_second(games: int, options: dict, rounds: int = 3) -> tuple[float, float, float]:
    """Complete random 4-player games per second through the public apply (playout): best and median of rounds
    by the wall clock, and the best per second of CPU time (what a loaded machine's wall clock hides).

    Each round plays the same seeded games, so rounds differ only by machine noise.
    """
    rates, cpu_rates = [], []
    for _ in range(rounds):
        start, cpu = time.perf_counter(), time.process_time()
        for g in range(games):
            playout(ENGINE, ENGINE.new_game(PLAYERS, options, 10_000 + g), random.Random(g))
        rates.append(games / (time.perf_counter() - start))
        cpu_rates.append(games / (time.process_time() - cpu))
    return max(rates), statistics.median(rates), max(cpu_rates)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--renders", type=int, default=40, help="late-game boards drawn per game")
    args = parser.parse_args()
    times = apply_times(max(20, args.games // 5))
    print(f"median apply: {statistics.median(times) * 1e6:.1f} µs over {len(times)} applies "
          f"(p90 {sorted(times)[int(len(times) * 0.9)] * 1e6:.1f} µs)")
    for label, options in (("medium (7 fish, the default)", {"length": "medium"}), ("short (5 fish)", {"length": "short"}),
                           ("long (10 fish)", {"length": "long"}), ("first game (3 fish)", {"first_game": True})):
        best, median, cpu = games_per_second(args.games, options)
        print(f"complete random 4-player games per second, {label}: {best:.0f} (median of 3 rounds {median:.0f}; "
              f"{cpu:.0f} per CPU second) over {args.games} seeded games")
    render, cpu, sizes = late_renders(args.renders)
    print(f"board render, 6 players late game (2 seeded games, last {args.renders} states each): wall p50 "
          f"{statistics.median(render) * 1e3:.1f} ms, max {max(render) * 1e3:.1f} ms; CPU p50 "
          f"{statistics.median(cpu) * 1e3:.1f} ms, max {max(cpu) * 1e3:.1f} ms over {len(render)} boards; "
          f"PNG median {statistics.median(sizes) / 1024:.0f} KB, max {max(sizes) / 1024:.0f} KB")


def late_renders(per_game: int) -> tuple[list[float], list[float], list[int]]:
    """Wall seconds, CPU seconds and bytes per board drawn for the last `per_game` states of two greedy 6-player
    games (the static layers and sprites warmed by one board first, as a running bot has them). On a loaded
    machine the wall time is mostly waiting for a core; the CPU time is the cost."""
    times, cpu, sizes = [], [], []
    for seed in (1, 2):
        seen = []
        state = ENGINE.new_game([f"Player {k}" for k in range(6)], {}, seed)
        playout(ENGINE, state, random.Random(seed), level="greedy", check=lambda s, _, seen=seen: seen.append(s))
        drawing.board(ENGINE.view(seen[0], None))
        for state in seen[-per_game:]:
            view = ENGINE.view(state, None)
            t, c = time.perf_counter(), time.process_time()
            png = drawing.board(view)
            times.append(time.perf_counter() - t)
            cpu.append(time.process_time() - c)
            sizes.append(len(png))
    return times, cpu, sizes

if __name__ == "__main__":
    main()
