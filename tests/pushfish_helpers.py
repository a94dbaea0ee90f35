"""Helpers for Push Fish scenario tests: place cards and items, and script where baits and tokens land."""

from __future__ import annotations

from engines.pushfish import ENGINE, sim
from engines.pushfish.cards import CHARACTER_KEYS, GROUND, ITEMS
from engines.pushfish.state import PushFishState, add_to, take_from, without
from engines.pushfish.state import put as replaced

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
    ground, pile = list(state.ground), list(state.pile)
    old = ground[pos]
    if cid in ground:
        q = ground.index(cid)
        ground[q], ground[pos] = old, cid
    else:
        k = pile.index(cid)
        pile[k], ground[pos] = old, cid
        if old < 0:
            del pile[k]
    state.ground, state.pile = tuple(ground), tuple(pile)
    state.faceup = replaced(state.faceup, pos, faceup)
    return cid


def give(state: PushFishState, seat: int, name: str, nth: int = 0) -> int:
    """Move a named item card into a seat's hand; returns its id."""
    iid = item(name, nth)
    if iid in state.items:
        state.items = without(state.items, iid)
    if iid in state.idiscard:
        state.idiscard = without(state.idiscard, iid)
    for holder, cards in enumerate(state.hands):
        if iid in cards:
            state.hands = take_from(state.hands, holder, iid)
    state.hands = add_to(state.hands, seat, (iid,))
    return iid


def empty_hands(state: PushFishState) -> None:
    """Every item card back to the deck."""
    state.items += tuple(i for cards in state.hands for i in cards)
    state.hands = ((),) * len(state.hands)


def quiet(state: PushFishState) -> PushFishState:
    """No items in hand and no missions on offer, so only the rule under test offers choices."""
    empty_hands(state)
    state.mdeck += tuple(m for m in state.offer if m >= 0)
    state.offer = (-1,) * 5
    return state


def set_catches(state: PushFishState, seat: int, cards: list[int]) -> None:
    """Make these cards (in order) all that a seat has caught; the cards are not taken from elsewhere."""
    state.catches = replaced(state.catches, seat, tuple(cards))


def take_out(state: PushFishState, cid: int) -> None:
    """Take a card out of the pile, or off the ground (its space refilled from the pile top)."""
    if cid in state.pile:
        state.pile = without(state.pile, cid)
    elif cid in state.ground:
        state.ground = replaced(state.ground, state.ground.index(cid), state.pile[-1])
        state.pile = state.pile[:-1]


def clear_space(state: PushFishState, pos: int, bottom: bool = True) -> None:
    """Empty a ground space, its card going under (or onto) the pile."""
    cid = state.ground[pos]
    state.pile = (cid, *state.pile) if bottom else (*state.pile, cid)
    state.ground = replaced(state.ground, pos, -1)
    state.faceup = replaced(state.faceup, pos, False)  # as the engine keeps it: only cards lie face up


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


def ids(state: PushFishState, seat: int = 0) -> list[str]:
    """The choice ids offered to a seat now."""
    return [c.id for d in ENGINE.decisions(state) if d.seat == seat for c in d.choices]
