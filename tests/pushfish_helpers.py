"""Helpers for Push Fish scenario tests: place cards and items, and script where baits and tokens land."""

from __future__ import annotations

from engines.pushfish import ENGINE, sim
from engines.pushfish.cards import CHARACTER_KEYS, GROUND, ITEMS
from engines.pushfish.rules import PushFishState, release

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]


def game(n: int = 2, chars: tuple[str, ...] = ("william", "jack"), seed: int = 7, **options) -> PushFishState:
    """A game whose seat 0 is about to cast, with the given characters."""
    chars = tuple(chars) + tuple(c for c in CHARACTER_KEYS if c not in chars)
    opts = {"characters": list(chars[:n]), **options}
    state = ENGINE.new_game(NAMES[:n], opts, seed)
    if not state.noisy:
        ENGINE._reset_turn(state, 0)
        state.phase = "cast"
    return state


def card(name: str, nth: int = 0) -> int:
    """The id of the nth card with this name."""
    return [i for i, c in enumerate(GROUND) if c.name == name][nth]


def item(name: str, nth: int = 0) -> int:
    """The id of the nth item card with this name."""
    return [i for i, c in enumerate(ITEMS) if c.name == name][nth]


def put(state: PushFishState, pos: int, name: str, nth: int = 0, faceup: bool = False) -> int:
    """Place a named card at a ground space (swapping it with whatever was there); returns its id."""
    cid = card(name, nth)
    old = state.ground[pos]
    if cid in state.ground:
        q = state.ground.index(cid)
        state.ground[q], state.ground[pos] = old, cid
    else:
        k = state.pile.index(cid)
        state.pile[k], state.ground[pos] = old, cid
        if old < 0:
            del state.pile[k]
    state.faceup[pos] = faceup
    return cid


def give(state: PushFishState, seat: int, name: str, nth: int = 0) -> int:
    """Move a named item card into a seat's hand; returns its id."""
    iid = item(name, nth)
    for pile in (state.items, state.idiscard):
        if iid in pile:
            pile.remove(iid)
    if iid in state.hand_items:
        release(state.hand_items, state.hand_seats, iid)
    state.hand_items.append(iid)
    state.hand_seats.append(seat)
    return iid


def empty_hands(state: PushFishState) -> None:
    """Every item card back to the deck."""
    state.items.extend(state.hand_items)
    state.hand_items.clear()
    state.hand_seats.clear()


def set_catches(state: PushFishState, seat: int, cards: list[int]) -> None:
    """Make these cards (in order) all that a seat has caught; the cards are not taken from elsewhere."""
    kept = [(c, s) for c, s in zip(state.catch_cards, state.catch_seats, strict=True) if s != seat]
    state.catch_cards = [c for c, _ in kept] + list(cards)
    state.catch_seats = [s for _, s in kept] + [seat] * len(cards)


def script(monkeypatch, casts: list[int | tuple[float, float]] = (), stops: list[float] = ()) -> list:
    """Baits land on these spaces' centres (or points); tokens stop at these strip positions."""
    casts, stops = list(casts), list(stops)
    calls: list = []

    def fake_cast(rng, target, calm):
        calls.append(("cast", target, calm))
        where = casts.pop(0)
        return sim.centre(where) if isinstance(where, int) else where

    def fake_flick(rng, aim):
        calls.append(("flick", aim))
        return stops.pop(0)

    monkeypatch.setattr(sim, "cast", fake_cast)
    monkeypatch.setattr(sim, "flick", fake_flick)
    return calls


MISS = (-100.0, -100.0)
CENTRE = {z: sim.aim_point(i, "c") for i, z in enumerate(("W", "M", "S", "SS"))}
OUTSIDE = 150.0  # off the far end of the rod: inside no zone


def play(state: PushFishState, seat: int, *choices: str) -> tuple[PushFishState, list]:
    """Apply choices in order for one seat; returns the state and all events."""
    events = []
    for c in choices:
        state, ev = ENGINE.apply(state, seat, c)
        events += ev
    return state, events
