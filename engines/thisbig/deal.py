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
Most deals (`CAREFUL_SHARE`) are first tried as careful players would have answered: every seat keeps its
guesses (inference.py), and a face-down answer is the one a careful player would give from the hand dealt
(rubbish before a fish, the smallest fish first). The rest, and any careful deal that finds no fit, keep only
what anyone could have done. Each seat's cards are drawn in turn, a seat's draw retried until it fits (then
the whole deal retried), so every consistent arrangement has a chance, though not exactly an equal one. If
no fitting deal turns up in `RESTARTS` tries, the seat's unseen cards stay where they are (only deck orders
change).
"""

from __future__ import annotations

import random

from engines.core import clone
from engines.rng import Rng
from engines.thisbig.answers import careful_answer, legal_answers
from engines.thisbig.cards import FACES, colour
from engines.thisbig.inference import held_mask, keeps
from engines.thisbig.state import ThisBigState

TRIES = 20  # draws per seat before the whole deal starts again
RESTARTS = 300
CAREFUL_SHARE = 0.95  # the share of deals made as careful players would have answered (the rest: any legal answer)
CAREFUL_RESTARTS = 30  # whole deals tried as careful players would have answered, before any legal answer
Dealt = dict[int, tuple[list[int], list[int]]]  # seat -> (hand, face-down cards)


def _fits(state: ThisBigState, seat: int, cards: list[int], down: list[int]) -> bool:
    """True when a seat holding `cards` (hand and face-down answer together) with `down` face down shows
    the table what it has shown: its No Catch colours, a legal answer, and (automatic mode) its forcedness."""
    mask = state.lacks[seat]
    if mask and any(c < 32 and mask >> (c >> 3) & 1 for c in cards):
        return False
    if state.bounds[seat] and not keeps(state.bounds[seat], held_mask(cards)):
        return False
    if not _answering(state, seat):
        return True
    ids = _answers(state, cards)
    if down and "-".join(FACES[c] for c in sorted(down)) not in ids:
        return False
    if state.auto_forced:
        was = _answers(state, state.hands[seat] + state.down[seat])
        return (len(ids) == 1) == (len(was) == 1)
    return True


def _answering(state: ThisBigState, seat: int) -> bool:
    """True when the seat is an opponent of the cast on the table."""
    return state.phase in ("answer", "pick") and seat != state.turn


def _answers(state: ThisBigState, cards: list[int]) -> tuple[str, ...]:
    """The legal answers of these River cards to the lure on the table."""
    return legal_answers(tuple(sorted(cards)), colour(state.cast), len(state.players) == 2)


def _careful_down(state: ThisBigState, seat: int, cards: list[int], rnd: random.Random) -> list[int] | None:
    """The cards a careful player holding `cards` puts face down now; None when the hand breaks one of the
    seat's guesses, or when a careful player holding it would not have answered as the seat did."""
    if state.guesses[seat] and not keeps(state.guesses[seat], held_mask(cards)):
        return None
    d = len(state.down[seat])
    if not d or not _answering(state, seat):
        return []
    answer = careful_answer(_answers(state, cards))
    faces = [] if answer == "pass" else answer.split("-")
    if len(faces) != d:
        return None
    left, down = list(cards), []
    for f in faces:
        card = next(c for c in left if FACES[c] == f)
        left.remove(card)
        down.append(card)
    rnd.shuffle(down)  # two cards lie face down in no telling order
    return down


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
    """Re-deal the River and the other seats' unknown hand and face-down cards, keeping the constraints:
    first as careful players would have answered (the guesses), then, failing that, as anyone could have."""
    known = set(new.known)
    fixed = {t: sorted(c for c in new.hands[t] + new.down[t] if c in known) for t in others}
    unknown = {t: len(new.hands[t]) + len(new.down[t]) - len(fixed[t]) for t in others}
    pool = sorted(new.river + [c for t in others for c in new.hands[t] + new.down[t] if c not in known])
    # the most constrained seats first: the most No Catch colours and bounds, then a face-down answer to honour
    order = sorted(others, key=lambda t: (-new.lacks[t].bit_count() - len(new.bounds[t]), not new.down[t], t))
    tries = ((True, CAREFUL_RESTARTS),) if rnd.random() < CAREFUL_SHARE else ()
    for careful, restarts in (*tries, (False, RESTARTS)):
        for _ in range(restarts):
            found = _try_deal(new, order, pool, fixed, unknown, careful, rnd)
            if found is None:
                continue
            dealt, left = found
            for t, (hand, down) in dealt.items():
                new.hands[t] = sorted(hand)
                new.down[t] = down
            rnd.shuffle(left)
            new.river = left
            return
    new.river.sort()
    rnd.shuffle(new.river)  # no fitting deal found: hands stay, the River's order is still unknown


def _try_deal(new: ThisBigState, order: list[int], pool: list[int], fixed: dict[int, list[int]],
              unknown: dict[int, int], careful: bool, rnd: random.Random) -> tuple[Dealt, list[int]] | None:
    """One attempt at every other seat's (hand, face-down) River cards, seat by seat, with the pool's cards
    left over (the River); None when a seat finds no fit."""
    left = list(pool)
    dealt: Dealt = {}
    for t in order:
        d = len(new.down[t])
        mask = new.lacks[t]  # a No Catch colour is left out of the draw, not drawn and refused
        allowed = [c for c in left if c >= 32 or not mask >> (c >> 3) & 1] if mask else left
        if len(allowed) < unknown[t]:
            return None
        for _ in range(TRIES):
            drawn = rnd.sample(allowed, unknown[t])
            cards = fixed[t] + drawn
            rnd.shuffle(cards)
            down = _careful_down(new, t, cards, rnd) if careful else cards[:d]
            if down is not None and _fits(new, t, cards, down):
                break
        else:
            return None
        hand = list(cards)
        for c in down:
            hand.remove(c)
        dealt[t] = (hand, down)
        for c in drawn:
            left.remove(c)
    return dealt, left


def determinise(state: ThisBigState, seat: int | None, rnd: random.Random) -> ThisBigState:
    """A copy of the table with everything `seat` (None: the public) has not seen dealt anew, and a fresh RNG."""
    new = clone(state)
    new.rng = Rng.from_seed(rnd.getrandbits(64))
    others = [t for t in range(len(state.players)) if t != seat]
    _deal_lures(new, others, rnd)
    _deal_river(new, others, rnd)
    return new

