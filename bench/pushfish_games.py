"""Where Push Fish games are won: the search's prior against `greedy`, and how those games end.

One seat plays the prior (rotated), the others `greedy`. It prints the win share, how the games end (a legend
caught by the prior seat, split by whether it was at least the legend's 10 points behind before landing it,
by another seat, or the fish count), the share won after each ending, each side's
points by kind, and the win share by the prior seat's character.

`--reads` lets the prior seat's view also show face-down cards (all of them, only the legends, or all but the
legends): a measure of what the hidden ground is worth to the prior, never a player's level.

    python bench/pushfish_games.py --games 4000 --players 4 --seed 900000 [--reads all|legends|others]
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections import defaultdict
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines.pushfish import ai  # noqa: E402
from engines.pushfish.cards import CHARACTERS, GROUND, LEGEND  # noqa: E402
from engines.pushfish.rules import PushFishEngine  # noqa: E402
from engines.pushfish.state import FACE_DOWN, PushFishState, PushFishView, catches  # noqa: E402

Game = tuple[float, str, dict[str, int], list[dict[str, int]], str]
READS = ("none", "all", "legends", "others")


class Reading(PushFishEngine):
    """The engine, except that one seat's view also shows some face-down cards (a bench measure only)."""

    def __init__(self, seat: int, reads: str) -> None:
        super().__init__()
        self.seat, self.reads = seat, reads

    def view(self, state: PushFishState, seat: int | None) -> PushFishView:
        """The seat's view, with the face-down cards it reads written into its private `known`."""
        view = super().view(state, seat)
        if seat != self.seat or self.reads == "none":
            return view
        for pos, shown in enumerate(view.ground):
            if shown != FACE_DOWN:
                continue
            card = state.ground[pos]
            if self.reads == "all" or (self.reads == "legends") == (GROUND[card].kind == LEGEND):
                view.known[pos] = card
        return view


def play(args: tuple[int, int, int, str]) -> Game:
    """One game: the prior seat's share of the win, the ending, its points and the others', its character."""
    seed, watched, players, reads = args
    engine = Reading(watched, reads)
    rnd = random.Random(seed)
    state = engine.new_game([f"p{i}" for i in range(players)], None, seed)
    before = state
    while pending := engine.decisions(state):
        d = pending[0] if len(pending) == 1 else pending[int(rnd.random() * len(pending))]
        style = ai.PRIOR if d.seat == watched else ai.GREEDY
        before = state
        state, _ = engine.apply_to(state, d, ai.greedy_choice(engine, state, d.seat, style))
    result = engine.result(state)
    assert result is not None
    _, parts = engine.scores(state)
    share = 1.0 / len(result.winners) if watched in result.winners else 0.0
    landed = [s for s in range(players) if any(GROUND[c].kind == LEGEND for c in catches(state, s))]
    if not landed:
        ending = "fish count or empty ground"
    else:  # a legend ends the game at once, so at most one seat holds one
        ending = "legend, another seat"
        if landed == [watched]:  # was the prior seat a legend's 10 points behind just before it landed it?
            was = engine.scores(before)[0]
            behind = max(p for s, p in enumerate(was) if s != watched) - was[watched] >= 10
            ending = "legend, prior seat, 10+ behind" if behind else "legend, prior seat"
    others = [p for s, p in enumerate(parts) if s != watched]
    return share, ending, parts[watched], others, CHARACTERS[state.chars[watched]].key


def share_line(name: str, shares: list[float]) -> str:
    """A group's size and win share with its 95 % normal interval half-width."""
    n = len(shares)
    m = sum(shares) / n if n else 0.0
    half = 1.96 * math.sqrt(m * (1 - m) / n) if n else 0.0
    return f"  {name:30} {n:6} games  prior wins {m:6.1%} ±{half:.1%}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=900000)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--reads", choices=READS, default="none",
                        help="face-down cards the prior seat's view also shows (a measure, not a level)")
    args = parser.parse_args()
    jobs = [(args.seed + g, g % args.players, args.players, args.reads) for g in range(args.games)]
    with Pool(args.processes) as pool:
        games = pool.map(play, jobs, chunksize=20)
    reading = "" if args.reads == "none" else f", the prior reading face-down cards: {args.reads}"
    print(f"pushfish {args.players}p, prior against greedy{reading}, {args.games} games from seed {args.seed}")
    print(share_line("all", [g[0] for g in games]))
    by_end: dict[str, list[float]] = defaultdict(list)
    by_char: dict[str, list[float]] = defaultdict(list)
    for share, ending, _, _, char in games:
        by_end[ending].append(share)
        by_char[char].append(share)
    print("by ending:")
    for ending, shares in sorted(by_end.items()):
        print(share_line(ending, shares))
    print("points per game (prior seat; mean of the greedy seats):")
    for kind in ("fish", "missions", "items"):
        mine = sum(g[2][kind] for g in games) / len(games)
        theirs = sum(sum(o[kind] for o in g[3]) / len(g[3]) for g in games) / len(games)
        print(f"  {kind:9} prior {mine:5.2f}  greedy {theirs:5.2f}")
    print("by the prior seat's character:")
    for char, shares in sorted(by_char.items()):
        print(share_line(char, shares))


if __name__ == "__main__":
    main()
