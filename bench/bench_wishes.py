"""Benchmark for If Wishes Were Fishes!: median apply, random 4-player games per second, board render p50 and max."""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines.wishes import ENGINE  # noqa: E402
from renderers import wishes as drawing  # noqa: E402

PLAYERS = ["Alice", "Bob", "Carol", "Dave"]


def random_game(seed: int):
    """One complete random 4-player game; returns the final state."""
    state = ENGINE.new_game(PLAYERS, None, seed)
    rnd = random.Random(seed)
    while True:
        pending = ENGINE.decisions(state)
        if not pending:
            return state
        state, _ = ENGINE.apply(state, pending[0].seat, rnd.choice(pending[0].choices).id)


def median_apply_us(games: int = 200) -> tuple[float, int]:
    """Median time of one apply over every apply of some random games."""
    times = []
    for seed in range(games):
        state = ENGINE.new_game(PLAYERS, None, seed)
        rnd = random.Random(seed)
        while pending := ENGINE.decisions(state):
            choice = rnd.choice(pending[0].choices).id
            start = time.perf_counter()
            state, _ = ENGINE.apply(state, pending[0].seat, choice)
            times.append(time.perf_counter() - start)
    return statistics.median(times) * 1e6, len(times)


def games_per_second(seconds: float = 3.0) -> float:
    """Complete random 4-player games per CPU second of this process (one core; other load is not counted)."""
    done, start, seed = 0, time.process_time(), 10_000
    while time.process_time() - start < seconds:
        random_game(seed + done)
        done += 1
    return done / (time.process_time() - start)


def late_game_views(games: int = 40, players: int = 5) -> list:
    """Public views of random 5-player games 85% of the way through (markets busy, heap filling, boats full)."""
    views = []
    for seed in range(games):
        state = ENGINE.new_game(["Alice", "Bob", "Carol", "Dave", "Erin"][:players], None, seed)
        rnd = random.Random(seed)
        seen = []
        while ENGINE.decisions(state):
            state, _ = ENGINE.apply(state, state.turn, ENGINE.choose(state, state.turn, "random", rnd))
            seen.append(state)
        views.append(ENGINE.view(seen[int(len(seen) * 0.85)], None))
    return views


def render_ms(rounds: int = 3) -> tuple[float, float, float, int]:
    """Board render p50 and max wall time, p50 CPU time of this process (ms; the machine may be shared), and the
    largest PNG, over late-game 5-player views (after one warm-up)."""
    views = late_game_views()
    drawing.board(views[0])  # the per-table layer, palette and sprites are drawn once, as in a game
    times, cpu, size = [], [], 0
    for _ in range(rounds):
        for view in views:
            start, start_cpu = time.perf_counter(), time.process_time()
            png = drawing.board(view)
            times.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
            size = max(size, len(png))
    return statistics.median(times) * 1000, max(times) * 1000, statistics.median(cpu) * 1000, size


def main() -> None:
    """Print the figures."""
    apply_us, applies = median_apply_us()
    print(f"median apply: {apply_us:.1f} µs over {applies} applies (target < 50 µs)")
    print(f"random 4-player games per second: {games_per_second():.0f} (target >= 300)")
    p50, worst, cpu, size = render_ms()
    print(f"board render, 5 players, late game (40 games x 3): p50 {p50:.1f} ms, max {worst:.1f} ms "
          f"(CPU p50 {cpu:.1f} ms), largest PNG {size / 1000:.0f} KB (targets p50 <= 25 ms, PNG <= 300 KB)")


if __name__ == "__main__":
    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args()  # --help; no options
    main()
