"""Replay build time and size for a 150-move game of each game, as GIF and as APNG.

Run: python bench/bench_replay.py [--moves 150] [--rounds 3]
A random game at the largest player count (the first seed from 0 lasting at least --moves moves; a game that
never lasts so long is replayed whole), cut at --moves moves: the public view after each move that changed
it, drawn by renderers.replay.animation. Prints the median build time of --rounds rounds and the bytes.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines import registry  # noqa: E402
from engines.core import GameEngine, Result, View  # noqa: E402
from renderers import registry as drawings  # noqa: E402
from renderers import replay  # noqa: E402

SEEDS = 40


def _game(engine: GameEngine, moves: int) -> tuple[int, list[View], Result | None]:
    """The public views of the first `moves` moves of a long enough random game, and its result if it ended."""
    best: tuple[int, list[View], Result | None] = (0, [], None)
    for seed in range(SEEDS):
        state = engine.new_game([f"Player {chr(65 + i)}" for i in range(engine.max_players)], None, seed)
        rnd = random.Random(seed)
        views = [engine.view(state, None)]
        played = 0
        while played < moves and (pending := engine.decisions(state)):
            decision = pending[int(rnd.random() * len(pending))]
            state, _ = engine.apply_to(state, decision, engine.ai_choice(state, decision, "random", rnd))
            played += 1
            view = engine.view(state, None)
            if view != views[-1]:
                views.append(view)
        if played > best[0]:
            best = (played, views, engine.result(state))
        if played >= moves:
            break
    return best


def main() -> None:
    """Print the replay figures per game."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=150)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    print(f"replay of {args.moves} moves at the largest player count, boards >= {replay.SHRINK_FROM} px halved; "
          f"median of {args.rounds} rounds (wall clock and this process's CPU time)")
    print(f"{'game':9} {'moves':>5} {'frames':>6} {'format':6} {'wall s':>7} {'cpu s':>6} {'bytes':>10} {'MB':>6}")
    for key in registry.keys():
        engine = registry.get(key)
        played, views, result = _game(engine, args.moves)
        for fmt in replay.FORMATS:
            walls, cpus = [], []
            for _ in range(args.rounds):
                start, cpu = time.perf_counter(), time.process_time()
                data = replay.animation(drawings.get(key).__name__, views, result, fmt=fmt)
                walls.append(time.perf_counter() - start)
                cpus.append(time.process_time() - cpu)
            frames = len(views) + (result is not None)
            print(f"{key:9} {played:5} {frames:6} {fmt:6} {statistics.median(walls):7.2f} {statistics.median(cpus):6.2f} "
                  f"{len(data):10} "
                  f"{len(data) / 1e6:6.2f}")


if __name__ == "__main__":
    main()
