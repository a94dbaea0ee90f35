"""This Big!'s AI: the greedy player (it reads only its own view), the search's hints, and the paired-world chooser."""

from __future__ import annotations

import random
import time
from collections import Counter
from typing import TYPE_CHECKING

from engines import search
from engines.core import Decision, clone
from engines.rng import Rng
from engines.search import Hints, final_rewards, win_chances
from engines.thisbig.answers import careful_answer
from engines.thisbig.cards import CODES, COLOURS, FACES, LUNKER, RIVER_CARDS, card_of, size
from engines.thisbig.inference import MANY, RUBBISH_MASK
from engines.thisbig.state import ThisBigState, ThisBigView, points

if TYPE_CHECKING:
    from engines.thisbig.rules import ThisBigEngine

RIVER_FACES = Counter(FACES[c] for c in range(RIVER_CARDS))


def unseen(view: ThisBigView) -> list[int]:
    """River cards (one id per copy) this seat has not seen: in the River or among others' unknown cards."""
    seen = Counter(view.hand + view.my_down + view.junk)
    for cards in (*view.buckets, *view.dumped, *view.known):
        seen.update(cards)
    left = RIVER_FACES - seen
    return [card_of(f) for f, k in sorted(left.items()) for _ in range(k)]


def _unknown_count(view: ThisBigView, seat: int) -> int:
    """How many of a seat's River cards (hand and face down) nobody has seen."""
    return max(0, view.hand_sizes[seat] + view.down_counts[seat] - len(view.known[seat]))


def _p_any(pool: list[int], wanted: int, draws: int) -> float:
    """The chance that `draws` cards from `pool` include at least one of `wanted` such cards (approx.)."""
    if not pool or not wanted or not draws:
        return 0.0
    return 1.0 - (1.0 - wanted / len(pool)) ** draws


def _known_fish(view: ThisBigView, seat: int, lure: int) -> list[int]:
    """Fish publicly known to be in `seat`'s hand that answer this lure."""
    cards = [card_of(f) for f in view.known[seat]]
    return [c for c in cards if c < 32 and (lure == LUNKER or c >> 3 == lure)]


def _colour_value(view: ThisBigView, pool: list[int], seat: int, lure: int) -> float:
    """The expected size of the fish `seat` holds for this lure (0 when it surely holds none)."""
    known = _known_fish(view, seat, lure)
    draws = _unknown_count(view, seat)
    if lure == LUNKER:
        if len(view.lacks[seat]) == len(COLOURS) and not known:
            return 0.0
        floor = max((size(c) for c in known), default=0)
        return sum(1.0 if v <= floor else _p_any(pool, sum(1 for c in pool if size(c) >= v), draws)
                   for v in range(1, 6))
    if known:
        return float(min(size(c) for c in known))
    fish = [c for c in pool if c < 32 and c >> 3 == lure]
    if COLOURS[lure] in view.lacks[seat] or not fish:
        return 0.0
    return _p_any(pool, len(fish), draws) * sum(size(c) for c in fish) / len(fish)


def _lure(face: str) -> int:
    """The colour index of a lure face ('lure-r'), or LUNKER."""
    return LUNKER if face == "lure-lunker" else CODES.index(face[-1])


def _cast(view: ThisBigView, ids: list[str], rnd: random.Random) -> str:
    """The lure whose best answering opponent probably holds the biggest fish (small bonus for more)."""
    pool = unseen(view)
    others = [s for s in range(len(view.players)) if s != view.seat]
    best, best_score = ids[0], -1.0
    for cid in ids:
        values = [_colour_value(view, pool, s, _lure(cid)) for s in others]
        score = max(values) + 0.1 * sum(values) + rnd.random() * 1e-6
        if score > best_score:
            best, best_score = cid, score
    return best


def _fish_odds(view: ThisBigView, pool: list[int], seat: int, lure: int) -> float:
    """The chance that a careful player's face-down answer is a fish, not rubbish (3+ players, a colour cast):
    it is rubbish whenever the hand holds any, and the guesses say how many rubbish it can hold since."""
    most = min((hi for mask, _, hi in view.guesses[seat] if mask == RUBBISH_MASK), default=MANY)
    draws = min(_unknown_count(view, seat), most)
    rubbish = _p_any(pool, sum(1 for c in pool if c >= 32), draws)
    fish = _p_any(pool, sum(1 for c in pool if c < 32 and c >> 3 == lure), _unknown_count(view, seat))
    either = 1.0 - (1.0 - rubbish) * (1.0 - fish)
    return (1.0 - rubbish) * fish / either if either else 0.0


def _pick(view: ThisBigView, ids: list[str], rnd: random.Random, careful: bool) -> str:
    """The face-down card most likely to be a big fish, from hand sizes, known cards and what is unseen (and,
    when `careful`, the chance that a careful player's answer is rubbish)."""
    pool = unseen(view)
    lure = _lure(view.cast)
    weigh = careful and lure != LUNKER and len(view.players) > 2
    scored = []
    for cid in ids:
        seat = int(cid.split("-")[1])
        value = _colour_value(view, pool, seat, lure)
        if weigh and not _known_fish(view, seat, lure):
            value = _fish_odds(view, pool, seat, lure) * _colour_size(pool, lure)
        scored.append((value, rnd.random(), cid))
    return max(scored)[2]


def _colour_size(pool: list[int], lure: int) -> float:
    """The mean size of the unseen fish of a colour."""
    fish = [size(c) for c in pool if c < 32 and c >> 3 == lure]
    return sum(fish) / len(fish) if fish else 0.0


def greedy_choice(engine: ThisBigEngine, state: ThisBigState, seat: int, rnd: random.Random,
                  careful: bool = False) -> str:
    """The greedy choice for this seat's pending decision (`careful`: the search's prior, which expects
    careful answers when it picks)."""
    decision = next(d for d in engine.decisions(state) if d.seat == seat)
    ids = [c.id for c in decision.choices]
    if decision.kind == "answer":
        return careful_answer(ids)
    view = engine.view(state, seat)
    if decision.kind == "cast":
        return _cast(view, ids, rnd)
    return _pick(view, ids, rnd, careful)


def _evaluate(engine: ThisBigEngine, state: ThisBigState) -> list[float]:
    """Each seat's chance of winning from the points in the buckets."""
    return win_chances([float(points(state, s)) for s in range(len(state.players))], EVAL_SCALE)


def _greedy(engine: ThisBigEngine, state: ThisBigState, decision: Decision, rnd: random.Random) -> str:
    """The greedy choice for the decision's seat."""
    return greedy_choice(engine, state, decision.seat, rnd)


def _prior(engine: ThisBigEngine, state: ThisBigState, decision: Decision, rnd: random.Random) -> str:
    """The search's prior: the greedy choice, picking as if answers were careful."""
    return greedy_choice(engine, state, decision.seat, rnd, careful=True)


def _playout(engine: ThisBigEngine, world: ThisBigState, seat: int, rnd: random.Random) -> float:
    """The seat's share of the win when the prior plays every seat to the end (in place: `world` is spent)."""
    while pending := engine.decisions(world):
        d = pending[0] if len(pending) == 1 else pending[int(rnd.random() * len(pending))]
        engine.play(world, d.seat, _prior(engine, world, d, rnd), d)  # the prior's choices are legal: no checks
    return final_rewards(engine, world)[seat]


def paired_choice(engine: ThisBigEngine, state: ThisBigState, decision: Decision, rnd: random.Random,
                  budget: float, max_worlds: int | None = None) -> str:
    """The choice (a lure to cast, an answer) that wins most often over worlds dealt from the seat's information,
    every choice played out to the end in the same world with the same dice (one-step Monte Carlo, paired):
    within `budget` seconds of this thread's CPU (or search.WALL_CAP budgets of wall time), or `max_worlds`
    worlds; the prior's among equals."""
    seat, ids = decision.seat, [c.id for c in decision.choices]
    totals = dict.fromkeys(ids, 0.0)
    totals[_prior(engine, state, decision, rnd)] += 1e-9
    cpu_start, wall_start = time.thread_time(), time.perf_counter()
    worlds = 0
    while worlds < (max_worlds or 1 << 30):
        dealt = engine.determinise(state, seat, rnd)
        seed = rnd.getrandbits(64)
        for cid in ids:
            world = clone(dealt)
            world.rng = Rng.from_seed(seed)
            world, _ = engine.apply_to(world, decision, cid)
            totals[cid] += _playout(engine, world, seat, random.Random(seed))
        worlds += 1
        if max_worlds is None:
            cpu, wall = time.thread_time() - cpu_start, time.perf_counter() - wall_start
            if cpu + cpu / worlds > budget or wall + wall / worlds > search.WALL_CAP * budget:
                break  # one more world of the mean length would run past the budget
    return max(ids, key=totals.__getitem__)


EVAL_SCALE = 2.0  # points of lead that make a win about three times as likely as a loss
HINTS = Hints(prior=_prior, playout=_greedy, evaluate=_evaluate, horizon=6)
