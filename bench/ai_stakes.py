"""What better decisions could win over the prior, by decision kind: an upper bound and an honest estimate.

Games are played by the search's prior at the watched seat (rotated) and by the prior or a named level
(`--opponents greedy`, as in the arena) at the others. At each decision of the watched seat
with a choice, every choice is valued by prior playouts to the end from the true state, its decks reshuffled
(future chance stays unknown, the other hands are known):
- `oracle gain`: the best choice by those values (picked on half of the playouts, valued on the other half,
  so luck in the pick does not count) over the prior's choice: what reading every hand would add;
- `honest gain` (with --worlds N): the best choice by N worlds the seat's own `determinise` deals (each
  choice played out in the same worlds), valued on the true state over the prior's choice: what one-step
  Monte Carlo over honest worlds adds, at about N * choices playouts per decision;
- `hard gain` (with --search-ms M): the `hard` player's choice at M ms of CPU (the search, or a game's own
  choosers such as This Big!'s two-player paired caster), valued the same way: how much of the honest gain it
  finds.
Gains are in win share per decision and per game (ties shared); a gain of 0.05 per game is about 55 % against
the prior.

    python bench/ai_stakes.py --game thisbig --games 60 --playouts 400
    python bench/ai_stakes.py --game thisbig --games 40 --playouts 300 --worlds 200 --kinds cast
    python bench/ai_stakes.py --game thisbig --players 4 --opponents greedy --worlds 400 --kinds pick
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines import registry, search  # noqa: E402
from engines.core import Decision, GameEngine, GameState, clone  # noqa: E402
from engines.rng import Rng  # noqa: E402

Reshuffle = Callable[[GameState], None]


def _decks(*names: str) -> Reshuffle:
    """A reshuffle that puts the named decks of a state (lists or tuples) in a new order, drawn from its RNG."""
    def reshuffle(state: GameState) -> None:
        for name in names:
            cards = getattr(state, name)
            order = list(cards)
            state.rng.shuffle(order)
            setattr(state, name, type(cards)(order))
    return reshuffle


RESHUFFLE: dict[str, Reshuffle] = {  # the decks whose order lives in the state and is hidden from everyone
    "thisbig": _decks("river", "tackle"),  # the River and the Tackle Box
    "pushfish": _decks("pile", "items", "mdeck"),  # the fishing pile, the item and mission decks
}


class Stakes:
    """One game's engine, prior, the other seats' player and deck reshuffle, and the playouts that value choices."""

    def __init__(self, key: str, opponents: str = "") -> None:
        self.engine: GameEngine = registry.get(key)
        self.prior = search.prior_for(key)
        self.others = self.prior if not opponents else \
            lambda engine, state, d, rnd: engine.ai_choice(state, d, opponents, rnd)
        self.reshuffle = RESHUFFLE.get(key)

    def play(self, world: GameState, d: Decision, seat: int, rnd: random.Random) -> str:
        """The choice made at `d`: the prior's for the watched `seat`, the other seats' player's for the rest."""
        return (self.prior if d.seat == seat else self.others)(self.engine, world, d, rnd)

    def rollout(self, world: GameState, seat: int, rnd: random.Random) -> float:
        """The seat's share of the win when the prior plays it, and the others' player the rest, to the end."""
        engine = self.engine
        while pending := engine.decisions(world):
            d = pending[0] if len(pending) == 1 else pending[int(rnd.random() * len(pending))]
            world, _ = engine.apply_to(world, d, self.play(world, d, seat, rnd))
        return search.final_rewards(engine, world)[seat]

    def after(self, state: GameState, decision: Decision, cid: str, seed: int, shuffle: bool) -> float:
        """One playout of choice `cid` from `state` with a fresh RNG (and decks reshuffled when asked)."""
        world = clone(state)
        world.rng = Rng.from_seed(seed)
        if shuffle and self.reshuffle is not None:
            self.reshuffle(world)
        world, _ = self.engine.apply_to(world, decision, cid)
        return self.rollout(world, decision.seat, random.Random(seed))

    def true_values(self, state: GameState, decision: Decision, seeds: list[int]) -> dict[str, list[float]]:
        """Each choice's playout results from the true state, the same seeds for every choice."""
        return {c.id: [self.after(state, decision, c.id, s, True) for s in seeds] for c in decision.choices}

    def honest_best(self, state: GameState, decision: Decision, worlds: int, rnd: random.Random) -> str:
        """The choice with the best total over `worlds` worlds dealt from the seat's information."""
        totals = {c.id: 0.0 for c in decision.choices}
        for _ in range(worlds):
            world = self.engine.determinise(state, decision.seat, rnd)
            seed = rnd.getrandbits(64)
            for cid in totals:
                totals[cid] += self.after(world, decision, cid, seed, False)
        return max(totals, key=totals.__getitem__)

    def gains(self, state: GameState, decision: Decision, play: str, rnd: random.Random, playouts: int,
              worlds: int = 0, search_ms: float = 0.0) -> dict[str, float]:
        """Each chooser's gain in win share over the prior's choice `play` at this decision: the oracle's, and the
        honest worlds' and the `hard` player's when `worlds` and `search_ms` ask for them."""
        seeds = [rnd.getrandbits(64) for _ in range(playouts)]
        values = self.true_values(state, decision, seeds)
        half = playouts // 2
        best = max(values, key=lambda cid: sum(values[cid][:half]))
        out = {"oracle": (sum(values[best][half:]) - sum(values[play][half:])) / (playouts - half)}
        picks = {}
        if worlds:
            picks["honest"] = self.honest_best(state, decision, worlds, rnd)
        if search_ms:
            os.environ[search.BUDGET_ENV] = str(search_ms)
            picks["hard"] = self.engine.ai_choice(state, decision, "hard", rnd)
        out.update({name: (sum(values[cid]) - sum(values[play])) / len(seeds) for name, cid in picks.items()})
        return out


def mean_se(values: list[float]) -> tuple[float, float]:
    """The mean and its standard error."""
    if not values:
        return 0.0, 0.0
    m = sum(values) / len(values)
    var = sum((v - m) ** 2 for v in values) / max(1, len(values) - 1)
    return m, math.sqrt(var / len(values))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="thisbig")
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--playouts", type=int, default=400, help="true-state playouts per choice")
    parser.add_argument("--worlds", type=int, default=0, help="honest worlds per decision (0: oracle gain only)")
    parser.add_argument("--search-ms", type=float, default=0, help="value the hard player's choice at this budget too")
    parser.add_argument("--kinds", default="", help="decision kinds to value, e.g. cast (default: all)")
    parser.add_argument("--opponents", default="", help="the other seats' level, e.g. greedy (default: the prior)")
    parser.add_argument("--seed", type=int, default=5000)
    args = parser.parse_args()
    stakes = Stakes(args.game, args.opponents)
    engine = stakes.engine
    kinds = set(filter(None, args.kinds.split(",")))
    found: dict[str, dict[str, list[float]]] = {"oracle": {}, "honest": {}, "hard": {}}  # name -> kind -> gains
    for g in range(args.games):
        seed = args.seed + g
        state = engine.new_game([f"p{i}" for i in range(args.players)], None, seed)
        rnd, watched = random.Random(seed), g % args.players
        while pending := engine.decisions(state):
            d = pending[0] if len(pending) == 1 else pending[rnd.randrange(len(pending))]
            play = stakes.play(state, d, watched, random.Random(rnd.getrandbits(64)))
            if d.seat == watched and len(d.choices) > 1 and (not kinds or d.kind in kinds):
                local = random.Random(rnd.getrandbits(64))
                for name, gain in stakes.gains(state, d, play, local, args.playouts, args.worlds,
                                               args.search_ms).items():
                    found[name].setdefault(d.kind, []).append(gain)
            state, _ = engine.apply_to(state, d, play)
    print(f"{args.game} {args.players}p, {args.games} games, {args.playouts} playouts per choice, "
          f"{args.worlds} honest worlds, opponents {args.opponents or 'the prior'}")
    for kind, gains in sorted(found["oracle"].items()):
        rate = len(gains) / args.games
        line = f"  {kind:8} {rate:4.1f}/game"
        for name, by_kind in found.items():
            if kind in by_kind:
                m, se = mean_se(by_kind[kind])
                line += f"  {name} gain {m:+.4f} ±{se:.4f} per decision, {m * rate:+.4f} ±{se * rate:.4f} per game"
        print(line)


if __name__ == "__main__":
    main()
