"""Determinisation for This Big!: deal a table consistent with everything one seat (or the public) has seen.

What a seat has seen and is kept: its own hand, lures and face-down answer; everything face up (the lure
discard, the rubbish pile, buckets, dumped cards, revealed and known cards, with the seat holding them);
every count; each seat's answer status. What is dealt anew: the River and Tackle Box decks and every other
seat's unknown River and Tackle Box cards, so that the public constraints still hold:
- a seat that said No Catch to a colour since its last restock holds no fish of it (`lacks`);
- a face-down answer to the lure on the table is a legal answer from the hand it came from;
- with automatic forced answers on, a seat answered at once exactly when it had one legal answer, and a
  caster asked to cast holds two kinds of lure;
- every bound the table has inferred from earlier answers (`state.bounds`, see inference.py), such as a card
  that went back to its hand being a fish of the colour cast.
Each seat's cards are drawn in turn, a seat's draw retried until it fits (then the whole deal retried), so
every consistent arrangement has a chance, though not exactly an equal one. If no fitting deal turns up in
`RESTARTS` tries, the seat's unseen cards stay where they are (only deck orders change).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from engines.core import clone
from engines.rng import Rng
from engines.thisbig.answers import legal_answers
from engines.thisbig.cards import FACES, colour
from engines.thisbig.inference import held_mask, keeps

if TYPE_CHECKING:
    from engines.thisbig.rules import ThisBigState

TRIES = 20  # draws per seat before the whole deal starts again
RESTARTS = 300


def _fits(state: ThisBigState, seat: int, cards: list[int], down: list[int]) -> bool:
    """True when a seat holding `cards` (hand and face-down answer together) with `down` face down shows
    the table what it has shown: its No Catch colours, a legal answer, and (automatic mode) its forcedness."""
    mask = state.lacks[seat]
    if mask and any(c < 32 and mask >> (c >> 3) & 1 for c in cards):
        return False
    if state.bounds[seat] and not keeps(state.bounds[seat], held_mask(cards)):
        return False
    if state.phase not in ("answer", "pick") or seat == state.turn:
        return True
    held = tuple(sorted(cards))
    ids = legal_answers(held, colour(state.cast), len(state.players) == 2)
    if down and "-".join(FACES[c] for c in sorted(down)) not in ids:
        return False
    if state.auto_forced:
        was = legal_answers(tuple(sorted(state.hands[seat] + state.down[seat])), colour(state.cast),
                            len(state.players) == 2)
        return (len(ids) == 1) == (len(was) == 1)
    return True


def _deal_lures(new: ThisBigState, others: list[int], rnd: random.Random) -> None:
    """Re-deal the Tackle Box and the other seats' lures (a caster asked to cast keeps two kinds of lure when
    one-choice decisions are automatic)."""
    pool = sorted(new.tackle + [c for t in others for c in new.lures[t]])  # sorted: the deal never hangs on the old order
    must_vary = new.auto_forced and new.phase == "cast" and new.turn in others
    for _ in range(TRIES):
        rnd.shuffle(pool)
        at = 0
        dealt = []
        for t in others:
            dealt.append(sorted(pool[at:at + len(new.lures[t])]))
            at += len(new.lures[t])
        if not must_vary or len({FACES[c] for c in dealt[others.index(new.turn)]}) > 1:
            for t, lst in zip(others, dealt, strict=True):
                new.lures[t] = lst
            new.tackle = pool[at:]
            return
    new.tackle.sort()
    rnd.shuffle(new.tackle)  # no fitting deal found: lures stay, the Tackle Box's order is still unknown


def _deal_river(new: ThisBigState, others: list[int], rnd: random.Random) -> None:
    """Re-deal the River and the other seats' unknown hand and face-down cards, keeping the constraints."""
    known = set(new.known)
    fixed = {t: sorted(c for c in new.hands[t] + new.down[t] if c in known) for t in others}
    unknown = {t: len(new.hands[t]) + len(new.down[t]) - len(fixed[t]) for t in others}
    pool = sorted(new.river + [c for t in others for c in new.hands[t] + new.down[t] if c not in known])
    # the most constrained seats first: the most No Catch colours and bounds, then a face-down answer to honour
    order = sorted(others, key=lambda t: (-new.lacks[t].bit_count() - len(new.bounds[t]), not new.down[t], t))
    for _ in range(RESTARTS):
        left = list(pool)
        dealt: dict[int, tuple[list[int], list[int]]] = {}
        for t in order:
            d = len(new.down[t])
            mask = new.lacks[t]  # a No Catch colour is left out of the draw, not drawn and refused
            allowed = [c for c in left if c >= 32 or not mask >> (c >> 3) & 1] if mask else left
            if len(allowed) < unknown[t]:
                break
            for _ in range(TRIES):
                drawn = rnd.sample(allowed, unknown[t])
                cards = fixed[t] + drawn
                rnd.shuffle(cards)
                if _fits(new, t, cards, cards[:d]):
                    break
            else:
                break
            dealt[t] = (cards[d:], cards[:d])
            for c in drawn:
                left.remove(c)
        else:
            for t, (hand, down) in dealt.items():
                new.hands[t] = sorted(hand)
                new.down[t] = down
            rnd.shuffle(left)
            new.river = left
            return
    new.river.sort()
    rnd.shuffle(new.river)  # no fitting deal found: hands stay, the River's order is still unknown


def determinise(state: ThisBigState, seat: int | None, rnd: random.Random) -> ThisBigState:
    """A copy of the table with everything `seat` (None: the public) has not seen dealt anew, and a fresh RNG."""
    new = clone(state)
    new.rng = Rng.from_seed(rnd.getrandbits(64))
    others = [t for t in range(len(state.players)) if t != seat]
    _deal_lures(new, others, rnd)
    _deal_river(new, others, rnd)
    return new

