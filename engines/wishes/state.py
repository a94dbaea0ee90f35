"""The table of If Wishes Were Fishes!: options, the whole state, what a seat sees, and prices and majorities."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from engines.core import GameState, View
from engines.wishes.cards import BASE_PRICE, BUYER_VALUES, NKINDS


class WishesOptions(BaseModel):
    """Host options: who starts (None: chosen at random from the seed)."""

    model_config = ConfigDict(extra="forbid")
    first_player: int | None = Field(default=None, ge=1, le=5,
                                     description="the seat that starts, 1 = first to join (default: random)")


class WishesState(GameState):
    """The whole table; only the deck order is hidden."""

    turn: int
    deck: list[int]  # face down; cards are drawn from the end
    ocean: list[int]  # slot 0 is the shallowest
    ocean_worms: list[int]
    discard: list[int]
    boats: list[list[int]]  # per seat, one entry per boat: a card id or -1 when empty
    boat_cards: list[int]  # Boat wish cards kept face down as extra boats (each added one boat)
    worms: list[int]
    dollars: list[int]
    ledger: list[str]  # every scoring event as "<seat>:<category>:<amount>"
    supply: list[int]  # wooden fish not yet placed
    markets: list[int]  # wooden fish on market m of seat s at m * players + s
    full: list[int]  # per market, the limit card placed on it, or -1 while open
    limits_placed: int = 0
    buyers: list[int]  # buyer index -> market (values in BUYER_VALUES)
    garbage: list[int]  # wooden fish per seat on the garbage heap
    wish: int = -1  # the card whose wish is being carried out
    stage: str = ""  # the wish's pending sub-decision
    arg: int = -1  # an earlier answer within the wish (a buyer, a spoilage source)
    ended: str = ""  # why the game ended; empty while playing
    recent: list[str] = Field(default_factory=list)  # what the current turn changed, for a board to highlight


class WishesView(View):
    """Everything on the table except the order of the deck."""

    deck_size: int
    ocean: list[int]
    ocean_worms: list[int]
    discard: list[int]
    boats: list[list[int]]
    worms: list[int]
    dollars: list[int]
    supply: list[int]
    markets: list[list[int]]
    prices: list[int]  # dollars per fish at each market: 2 plus its buyers
    full: list[int]
    limits_placed: int
    buyers: list[int]
    garbage: list[int]
    turn: int
    wish: int
    stage: str
    ended: str
    recent: list[str]  # what the current (or, between turns, the last) turn changed: see `touch`


def prices(state: WishesState) -> list[int]:
    """Dollars per fish at every market: 2 plus the buyers standing there."""
    out = [BASE_PRICE] * NKINDS
    for b, m in enumerate(state.buyers):
        out[m] += BUYER_VALUES[b]
    return out


def price(state: WishesState, market: int) -> int:
    """Dollars per fish at one market."""
    return prices(state)[market]


def market_fish(state: WishesState, market: int) -> list[int]:
    """Wooden fish per seat on one market."""
    n = len(state.players)
    return state.markets[market * n: market * n + n]


def award(counts: list[int], first: int, second: int) -> list[int]:
    """Bonus per seat for a majority: ties for first split (a+b)//2 with no second; ties for second all get b."""
    out = [0] * len(counts)
    top = max(counts)
    if top <= 0:
        return out
    firsts = [s for s, c in enumerate(counts) if c == top]
    if len(firsts) > 1:
        for s in firsts:
            out[s] = (first + second) // 2
        return out
    out[firsts[0]] = first
    rest = [c for c in counts if 0 < c < top]
    if rest:
        runner = max(rest)
        for s, c in enumerate(counts):
            if c == runner:
                out[s] = second
    return out


def touch(state: WishesState, *tags: str) -> None:
    """Note what this turn changed ("slot-3", "market-2", "boat-1-0", "garbage", "worms-1", "dollars-1")."""
    for tag in tags:
        if tag not in state.recent:
            state.recent.append(tag)
