"""Determinisation: deal a Push Fish table anew, consistent with everything one seat (or the public) has seen."""

from __future__ import annotations

import random

from engines.core import clone
from engines.pushfish.state import SPACES, PushFishState
from engines.rng import Rng


def determinise(state: PushFishState, seat: int | None, rnd: random.Random) -> PushFishState:
    """A copy of `state` with every card `seat` has not seen dealt anew among the places it cannot see.

    Kept: face-up cards, catches, missions on offer and won, every count, the seat's own items, its peeks
    (still where they lie), its own secret discards and the items everyone saw played. Dealt anew: the other
    face-down cards with the pile (order too), the other seats' item hands with the unseen discards and the
    item deck, the mission deck's order, the other seats' secret free-for-all targets, and the RNG.
    Another seat's peek follows the space it looked at, so it always names the card now lying there.
    """
    new = clone(state)
    _deal_ground(new, seat, rnd)
    _deal_items(new, seat, rnd)
    mdeck = sorted(new.mdeck)  # sorted first: the deal depends on what the seat saw, never on the old order
    rnd.shuffle(mdeck)
    new.mdeck = tuple(mdeck)
    if any(p >= 0 for p in new.plans):
        targets = [p for p in range(SPACES) if new.ground[p] >= 0]
        new.plans = tuple(p if p < 0 or s == seat else rnd.choice(targets) for s, p in enumerate(new.plans))
    new.rng = Rng.from_seed(rnd.getrandbits(64))
    return new


def _deal_ground(state: PushFishState, seat: int | None, rnd: random.Random) -> None:
    """Face-down cards the seat has not peeked and the whole pile are shuffled together and dealt back."""
    mine = set(state.peeks[seat]) if seat is not None else set()
    hidden = [p for p in range(SPACES) if state.ground[p] >= 0 and not state.faceup[p] and state.ground[p] not in mine]
    pool = sorted([state.ground[p] for p in hidden] + list(state.pile))
    rnd.shuffle(pool)
    ground = list(state.ground)
    old = {state.ground[p]: p for p in hidden}
    for p in hidden:
        ground[p] = pool.pop()
    state.ground, state.pile = tuple(ground), tuple(pool)
    state.peeks = tuple(seen if s == seat else tuple(ground[old[c]] if c in old else c for c in seen)
                        for s, seen in enumerate(state.peeks))


def _deal_items(state: PushFishState, seat: int | None, rnd: random.Random) -> None:
    """Other seats' item hands, the discards the seat did not see and the item deck are dealt anew."""
    seen = set(state.shown) | (set(state.tossed[seat]) if seat is not None else set())
    unseen_discards = [i for i, card in enumerate(state.idiscard) if card not in seen]
    others = [s for s in range(len(state.players)) if s != seat]
    pool = sorted([*state.items, *(state.idiscard[i] for i in unseen_discards),
                   *(c for s in others for c in state.hands[s])])
    rnd.shuffle(pool)
    hands = list(state.hands)
    for s in others:
        hands[s] = tuple(pool.pop() for _ in state.hands[s])
    discard = list(state.idiscard)
    for i in unseen_discards:
        discard[i] = pool.pop()
    where = {state.idiscard[i]: i for i in unseen_discards}
    state.tossed = tuple(held if s == seat else tuple(discard[where[c]] for c in held)
                         for s, held in enumerate(state.tossed))
    state.hands, state.idiscard, state.items = tuple(hands), tuple(discard), tuple(pool)
