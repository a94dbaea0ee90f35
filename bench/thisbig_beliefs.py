"""This Big!: how much of the hidden-hand gap better beliefs could close, in fish points per decision.

Games are played by `greedy` at every seat (careful answers: rubbish before a fish, the smallest fish first).
The decision watched is seat 0's, where the hands decide most: with 3+ players its picks (each face-down card
is worth its fish size, rubbish 0); with 2 its casts (a lure is worth what the opponent's careful answer to it
brings on average, the pick between two face-down cards being blind). Each is scored as these would make it:
- `greedy` and `prior`: the greedy player, and the search's prior (which expects careful answers when it
  picks; with 2 players it is the greedy player);
- `sampler S`: the choice with the best mean over K worlds from the engine's `determinise`, with a share S of
  worlds dealt as careful players would have answered (`deal.CAREFUL_SHARE`);
- `exact`: the same over K worlds drawn by plain rejection (every unseen card dealt at random, kept only when
  every seat's hand and answer fit as a careful player's), which weighs every consistent deal alike: the exact
  belief of someone who knows the other players answer carefully;
- `oracle`: the best card with every hand known;
- `hard Nms hH` (with `--search-ms`): the search player at that budget, its playouts cut off after H choices
  (`--horizons`; the game's own horizon by default).
If `exact` scores no better than the sampler, the gap to `oracle` is what the table does not show, not a flaw
in how worlds are dealt.

    python bench/thisbig_beliefs.py --games 300 --worlds 200
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines import registry, search  # noqa: E402
from engines.core import Decision  # noqa: E402
from engines.thisbig import ai, deal  # noqa: E402
from engines.thisbig.answers import careful_answer, legal_answers  # noqa: E402
from engines.thisbig.cards import FACE_CARDS, colour, size  # noqa: E402
from engines.thisbig.rules import ThisBigEngine  # noqa: E402
from engines.thisbig.state import ThisBigState  # noqa: E402

T = TypeVar("T")
MAX_TRIES = 200_000  # rejection draws per decision before `exact` gives up (and counts the prior's choice)

Hands = dict[int, tuple[list[int], list[int]]]  # seat -> (its River cards, hand and face down; the face-down ones)
Worth = dict[str, float]  # choice id -> fish points it brings


def card_points(card: int) -> int:
    """What a picked card brings: a fish's size, rubbish nothing."""
    return size(card) if card < 32 else 0


def worth_in(decision: Decision, hands: Hands) -> Worth:
    """What each choice of the watched decision brings at a table whose other River cards are `hands`."""
    if decision.kind == "pick":
        return {c.id: float(card_points(hands[int(c.id.split("-")[1])][1][0])) for c in decision.choices}
    (cards, _), = hands.values()  # two players: the one opponent's hand
    out = {}
    for c in decision.choices:
        answer = careful_answer(legal_answers(tuple(sorted(cards)), colour(FACE_CARDS[c.id][0]), True))
        faces = [] if answer == "pass" else answer.split("-")
        out[c.id] = sum(card_points(FACE_CARDS[f][0]) for f in faces) / len(faces) if faces else 0.0
    return out


def table_hands(state: ThisBigState) -> Hands:
    """Every other seat's River cards and face-down answer, as they lie."""
    return {t: (state.hands[t] + state.down[t], state.down[t]) for t in range(len(state.players)) if t != state.turn}


def add(totals: Worth, worth: Worth) -> None:
    """Add one world's worth of every choice to the totals."""
    for cid, value in worth.items():
        totals[cid] = totals.get(cid, 0.0) + value


def sampler_best(engine: ThisBigEngine, state: ThisBigState, decision: Decision, worlds: int, share: float) -> str:
    """The choice with the best mean over worlds the engine's determinisation deals."""
    deal.CAREFUL_SHARE, saved = share, deal.CAREFUL_SHARE
    try:
        rnd, totals = random.Random(99), {}
        for _ in range(worlds):
            add(totals, worth_in(decision, table_hands(engine.determinise(state, state.turn, rnd))))
    finally:
        deal.CAREFUL_SHARE = saved
    return max(totals, key=totals.__getitem__)


def exact_best(state: ThisBigState, decision: Decision, worlds: int) -> tuple[str | None, float]:
    """The best choice over `worlds` careful deals drawn by plain rejection (None if too few fit), and the
    share of draws that fit."""
    others = [t for t in range(len(state.players)) if t != state.turn]
    known = set(state.known)
    fixed = {t: [c for c in state.hands[t] + state.down[t] if c in known] for t in others}
    unknown = {t: len(state.hands[t]) + len(state.down[t]) - len(fixed[t]) for t in others}
    pool = sorted(state.river + [c for t in others for c in state.hands[t] + state.down[t] if c not in known])
    rnd, totals, kept, tries = random.Random(5), {}, 0, 0
    while kept < worlds and tries < MAX_TRIES:
        tries += 1
        rnd.shuffle(pool)
        at, hands = 0, {}
        for t in others:
            cards = fixed[t] + pool[at:at + unknown[t]]
            at += unknown[t]
            down = deal._careful_down(state, t, cards, rnd)
            if down is None or not deal._fits(state, t, cards, down):
                break
            hands[t] = (cards, down)
        else:
            kept += 1
            add(totals, worth_in(decision, hands))
    return (max(totals, key=totals.__getitem__) if kept == worlds else None), kept / tries


def search_best(engine: ThisBigEngine, state: ThisBigState, decision: Decision, budget: float, horizon: int) -> str:
    """The search player's choice at this budget (seconds of CPU) with playouts cut off after `horizon` choices."""
    player = search.Search(engine, state, decision, random.Random(3))
    player.hints = dataclasses.replace(player.hints, horizon=horizon)
    return player.run(budget)


def timed(secs: dict[str, float], name: str, call: Callable[..., T], *args: Any) -> T:
    """What `call(*args)` returns, its wall time added to `secs[name]`."""
    begin = time.perf_counter()
    try:
        return call(*args)
    finally:
        secs[name] += time.perf_counter() - begin


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, default=4, choices=range(2, 7))
    parser.add_argument("--worlds", type=int, default=200, help="worlds per decision for the sampler and exact")
    parser.add_argument("--shares", default="0.8,1.0", help="careful shares for the sampler")
    parser.add_argument("--seed", type=int, default=7000)
    parser.add_argument("--search-ms", type=float, default=0.0, help="also score the search player at this budget")
    parser.add_argument("--horizons", default=str(ai.HINTS.horizon), help="its playout horizons, comma-separated")
    args = parser.parse_args()
    engine = registry.get("thisbig")
    kind = "cast" if args.players == 2 else "pick"
    shares = [float(s) for s in args.shares.split(",")]
    horizons = [int(h) for h in args.horizons.split(",")] if args.search_ms else []
    searches = {f"hard {args.search_ms:g}ms h{h}": h for h in horizons}
    names = ["greedy", "prior", *[f"sampler {s:g}" for s in shares], *searches, "exact", "oracle"]
    totals, secs = dict.fromkeys(names, 0.0), dict.fromkeys(names, 0.0)
    count, fits = 0, []
    for g in range(args.games):
        rnd = random.Random(g)
        state = engine.new_game([f"p{i}" for i in range(args.players)], None, args.seed + g)
        while pending := engine.decisions(state):
            d = pending[0] if len(pending) == 1 else pending[int(rnd.random() * len(pending))]
            if d.kind == kind and d.seat == 0 and len(d.choices) > 1:
                worth = worth_in(d, table_hands(state))
                chosen = {"greedy": ai._greedy(engine, state, d, random.Random(1)),
                          "prior": ai._prior(engine, state, d, random.Random(1))}
                for s in shares:
                    name = f"sampler {s:g}"
                    chosen[name] = timed(secs, name, sampler_best, engine, state, d, args.worlds, s)
                for name, h in searches.items():
                    chosen[name] = timed(secs, name, search_best, engine, state, d, args.search_ms / 1000, h)
                best, fit = timed(secs, "exact", exact_best, state, d, args.worlds)
                chosen["exact"] = chosen["prior"] if best is None else best
                fits.append(fit)
                chosen["oracle"] = max(worth, key=worth.__getitem__)
                for name in names:
                    totals[name] += worth[chosen[name]]
                count += 1
            state, _ = engine.apply_to(state, d, ai._greedy(engine, state, d, rnd))
    fits.sort()
    print(f"This Big! {args.players}p, {args.games} games, {count} {kind}s of seat 0, {args.worlds} worlds each")
    for name in names:
        timing = f"  ({1000 * secs[name] / max(count, 1):.0f} ms each)" if secs[name] else ""
        print(f"  {name:16} {totals[name] / max(count, 1):.3f} fish points per {kind}{timing}")
    if fits:
        print(f"  exact: share of rejection draws that fit, p10 {fits[len(fits) // 10]:.4f}, "
              f"median {fits[len(fits) // 2]:.4f}")


if __name__ == "__main__":
    main()
