"""Helpers for This Big! tests: lay out an exact table and read cards by face."""

from __future__ import annotations

from engines.thisbig import ENGINE, ThisBigState
from engines.thisbig.cards import ALL_CARDS, FACES, LURES


def table(hands: list[str], lures: list[str], turn: int = 0, river: str | None = None,
          tackle: str | None = None, discard: str = "", **options) -> ThisBigState:
    """A state with these hands ('r3 boot' per seat) and lures ('lure-r lure-lunker'); the rest in the decks.

    `river`/`tackle` give the top of each deck (drawn first = first listed); None leaves the rest shuffled
    in a fixed order. An empty string empties that deck (its cards go to the rubbish pile or the lure discard).
    """
    state = ENGINE.new_game([f"P{i}" for i in range(len(hands))], options, seed=7)
    used: set[int] = set()

    def take(faces: str) -> list[int]:
        out = []
        for f in faces.split():
            card = next(c for c in range(ALL_CARDS) if FACES[c] == f and c not in used)
            used.add(card)
            out.append(card)
        return out

    state.hands = [sorted(take(h)) for h in hands]
    state.lures = [sorted(take(lr)) for lr in lures]
    state.discard = take(discard)
    river_top = take(river) if river else []
    tackle_top = take(tackle) if tackle else []
    rest = [c for c in range(ALL_CARDS) if c not in used]
    river_rest = [c for c in rest if c < 40]
    tackle_rest = [c for c in rest if c in LURES]
    state.junk = []
    if river == "":
        state.junk, river_rest = river_rest, []  # out of play (fish there too, to keep scores clean)
    if tackle == "":
        state.discard += tackle_rest
        tackle_rest = []
    state.river = river_rest + river_top[::-1]
    state.tackle = tackle_rest + tackle_top[::-1]
    state.turn = turn
    state.phase = "cast"
    ENGINE._settle(state, [])
    return state


def where(state: ThisBigState) -> list[str]:
    """Every card's place; each card must appear exactly once."""
    places: dict[int, str] = {}

    def put(cards: list[int], name: str) -> None:
        for c in cards:
            assert c not in places, f"card {c} in {places[c]} and {name}"
            places[c] = name

    put(state.river, "river")
    put(state.tackle, "tackle")
    put(state.discard, "discard")
    put(state.junk, "junk")
    for s in range(len(state.players)):
        put(state.hands[s], f"hand{s}")
        put(state.lures[s], f"lures{s}")
        put(state.buckets[s], f"bucket{s}")
        put(state.down[s], f"down{s}")
    put(state.dumped[1::2], "dumped")
    return [places[c] for c in range(ALL_CARDS)]


def face_list(cards: list[int]) -> list[str]:
    """The faces of some cards, sorted."""
    return sorted(FACES[c] for c in cards)


def ids(state: ThisBigState, seat: int) -> list[str]:
    """The choice ids on offer to a seat (empty when it has no decision)."""
    for d in ENGINE.decisions(state):
        if d.seat == seat:
            return [c.id for c in d.choices]
    return []


def press_forced(state: ThisBigState) -> tuple[ThisBigState, list]:
    """Press every pending one-button decision (as each player would) until none is left; the events too."""
    events: list = []
    while True:
        lone = [d for d in ENGINE.decisions(state) if len(d.choices) == 1]
        if not lone:
            return state, events
        state, more = ENGINE.apply(state, lone[0].seat, lone[0].choices[0].id)
        events += more
