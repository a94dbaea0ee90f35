"""The greedy AI: one-ply lookahead over a whole turn (every wish sub-decision), scored by a public heuristic.

It simulates on a copy whose deck is put in a fixed order, so nothing it does depends on the real deck order.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from engines.core import Decision, clone
from engines.search import Hints, win_chances
from engines.wishes.cards import CARDS, DOUBLE, GARBAGE_END, GARBAGE_PENALTY, LIMITS, NKINDS, WORM_BONUS
from engines.wishes.rules import award, market_fish, prices

if TYPE_CHECKING:
    from engines.wishes.rules import WishesEngine, WishesState

WORM_VALUE = 0.6  # a worm buys access to deeper slots and counts toward the worm bonus
EMPTY_BOAT = 1.0  # room to take a fish later
KEEP = 0.75  # share of a fish's current price expected when it is sold later
WIN = 1000.0


def greedy_choice(engine: WishesEngine, state: WishesState, seat: int) -> str:
    """The choice whose completed turn scores best for `seat` (first such choice on ties)."""
    sim = clone(state)
    sim.deck = sorted(sim.deck)  # the AI may not know the deck order
    ids = engine._ids(sim)
    if len(ids) == 1:
        return ids[0]
    scored = [(_search(engine, sim, seat, cid), -i, cid) for i, cid in enumerate(ids)]
    return max(scored)[2]


def _search(engine: WishesEngine, state: WishesState, seat: int, cid: str) -> float:
    """Best value reachable by finishing this turn after `cid` (the choice is legal: it came from _ids)."""
    new = clone(state)
    engine.play(new, seat, cid, None)  # type: ignore[arg-type]  # validated by construction
    if new.stage and not new.ended and new.turn == seat:
        return max(_search(engine, new, seat, sub) for sub in engine._ids(new))
    return value(new, seat)


def value(state: WishesState, seat: int) -> float:
    """How good the table is for `seat`: its worth minus the best opponent's worth."""
    worth = _final(state) if state.ended else _estimate(state)
    mine = worth[seat]
    best_other = max(w for s, w in enumerate(worth) if s != seat)
    if state.ended:
        return WIN * ((mine >= best_other) - (mine < best_other)) + mine - best_other
    return mine - best_other


def _final(state: WishesState) -> list[float]:
    """Final dollars."""
    return [float(d) for d in state.dollars]


def _estimate(state: WishesState) -> list[float]:
    """Dollars plus what each seat's boats, worms, market majorities and garbage are likely worth."""
    n = len(state.players)
    worth = [float(d) + WORM_VALUE * w for d, w in zip(state.dollars, state.worms, strict=True)]
    now = prices(state)
    for s, boats in enumerate(state.boats):
        for card in boats:
            if card < 0:
                worth[s] += EMPTY_BOAT
                continue
            kind, wish = CARDS[card]
            p = now[kind] * (0.5 if state.full[kind] >= 0 else KEEP)
            worth[s] += p * (1.3 if wish == DOUBLE else 1.0)
    if state.limits_placed < len(LIMITS):
        capacity, first, second = LIMITS[state.limits_placed]
        for m in range(NKINDS):
            counts = market_fish(state, m)
            if state.full[m] >= 0 or not any(counts):
                continue
            progress = sum(counts) / capacity
            for s, bonus in enumerate(award(counts, first, second)):
                worth[s] += bonus * progress
    heap = sum(state.garbage)
    if heap:
        risk = max(0.4, heap / GARBAGE_END)
        for s, penalty in enumerate(award(state.garbage, *GARBAGE_PENALTY)):
            worth[s] -= penalty * risk
    for s, bonus in enumerate(award(state.worms, *WORM_BONUS)):
        worth[s] += 0.5 * bonus
    return worth[:n]


def _evaluate(engine: WishesEngine, state: WishesState) -> list[float]:
    """Each seat's chance of winning from the estimated worth of the table."""
    return win_chances(_estimate(state), EVAL_SCALE)


def _greedy(engine: WishesEngine, state: WishesState, decision: Decision, rnd: random.Random) -> str:
    """The greedy choice for the decision's seat."""
    return greedy_choice(engine, state, decision.seat)


EVAL_SCALE = 4.0  # dollars of lead that make a win about three times as likely as a loss
HINTS = Hints(prior=_greedy, playout=_greedy, evaluate=_evaluate, horizon=4)
