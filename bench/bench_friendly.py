"""Friendly Fishing figures: median apply, complete random 4-player games per second, board render.

Run: python bench/bench_friendly.py [--games 600] [--render-games 20]
Targets: median apply < 100 µs; >= 300 complete random 4-player games per second on one core;
board render p50 <= 25 ms at 5 players, late game, PNG <= 300 KB.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engines.friendly import ENGINE, FriendlyState  # noqa: E402
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


def late_game_states(games: int) -> list[list[FriendlyState]]:
    """Per game, the states of the last 40% of a random 5-player game on the large side, in order."""
    out = []
    for seed in range(games):
        state = ENGINE.new_game(PLAYERS + ["P5"], {}, seed)
        rnd = random.Random(seed)
        states = [state]
        while ENGINE.decisions(state):
            seat = ENGINE.decisions(state)[0].seat
            state, _ = ENGINE.apply(state, seat, ENGINE.choose(state, seat, "random", rnd))
            states.append(state)
        out.append(states[len(states) * 3 // 5:])
    return out


def render_figures(games: int) -> tuple[list[float], list[float], int, list[float]]:
    """Board render times of every late-game state, drawn in order as the bot would after each move (the game's
    first board, which draws its static layers, is drawn before timing): wall and CPU ms; the largest PNG;
    final image wall ms. CPU time is what the render costs on an idle core; wall time includes waiting for one.
    """
    times, cpu, sizes, finals = [], [], [], []
    for states in late_game_states(games):
        drawing.board(ENGINE.view(states[0], None))
        for state in states[1:]:
            view = ENGINE.view(state, None)
            t, c = time.perf_counter(), time.process_time()
            png = drawing.board(view)
            times.append((time.perf_counter() - t) * 1000)
            cpu.append((time.process_time() - c) * 1000)
            sizes.append(len(png))
        t = time.perf_counter()
        drawing.final(ENGINE.view(states[-1], None), ENGINE.result(states[-1]))
        finals.append((time.perf_counter() - t) * 1000)
    return times, cpu, max(sizes), finals


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--render-games", type=int, default=20)
    args = parser.parse_args()
    times = apply_times(200)
    print(f"median apply: {statistics.median(times) * 1e6:.1f} µs over {len(times)} applies (target < 100 µs)")
    print(f"random 4-player games per second: {games_per_second(args.games):.0f} (target >= 300)")
    times, cpu, size, finals = render_figures(args.render_games)
    print(f"board render, 5 players, large side, late game ({len(times)} boards of {args.render_games} games): "
          f"wall p50 {statistics.median(times):.1f} ms, max {max(times):.1f} ms (target p50 <= 25 ms); "
          f"CPU p50 {statistics.median(cpu):.1f} ms, max {max(cpu):.1f} ms; largest PNG {size / 1024:.0f} KB "
          f"(limit 300 KB)")
    print(f"final image: p50 {statistics.median(finals):.1f} ms, max {max(finals):.1f} ms")


if __name__ == "__main__":
    main()
