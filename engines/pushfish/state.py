"""Push Fish table state: options, the state and view models, constants, and small queries over a state."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engines.core import GameState, View
from engines.pushfish import sim
from engines.pushfish.cards import CHARACTER_KEYS, GROUND, ITEMS, LEGEND

SPACES = sim.ROWS * sim.COLS
HAND_LIMIT = 5
START_ITEMS = 2
CASTS = 3
RODS = 3
OFFER = 5
LENGTHS = {"short": 5, "medium": 7, "long": 10}
FIRST_GAME_FISH = 3
FACE_DOWN, EMPTY = -1, -2  # view codes for a ground space
CASTING = ("cast", "hit", "nohit")  # phases before/after casting, while the bait is out
class PushFishOptions(BaseModel):
    """Host options: length, Hard Mode, Legendary Angler seats, Noisy Free-for-All, first game, characters."""

    model_config = ConfigDict(extra="forbid")
    length: Literal["short", "medium", "long"] = Field(
        "medium", description="short, medium or long: the game ends when someone has 5, 7 or 10 fish")
    hard: bool = Field(False, description="Hard Mode: a bait or wood token counts only when wholly inside")
    legendary: list[int] = Field(default_factory=list,
                                 description="Legendary Angler seats (1 more item; rare fish take 2 successes), 1 = first to join, e.g. 1, 3")
    noisy: bool = Field(False, description="Noisy Free-for-All: everyone casts at once, secretly")
    first_game: bool = Field(False,
                             description="a first game: no items, missions or abilities; the game ends at 3 fish")
    characters: list[str] | None = Field(None, description="one per seat, in seat order: william, jack, "
                                                           "loony, hattori, viking, ramsay (default: random)")

    @model_validator(mode="after")
    def _check(self) -> PushFishOptions:
        """Characters are known and distinct; legendary seats are distinct."""
        if self.characters is not None:
            bad = [c for c in self.characters if c not in CHARACTER_KEYS]
            if bad:
                raise ValueError(f"unknown characters {bad}; choose from {', '.join(CHARACTER_KEYS)}")
            if len(set(self.characters)) != len(self.characters):
                raise ValueError("each player needs a different character")
        if len(set(self.legendary)) != len(self.legendary):
            raise ValueError("legendary seats repeat")
        return self


Cards = tuple[int, ...]
PerSeat = tuple[Cards, ...]


class PushFishState(GameState):
    """The whole table; face-down cards, both piles' order and item hands are hidden.

    Every collection is a tuple, replaced (never changed in place) when it changes: copying the state for a
    choice then shares them all.
    """

    hard: bool  # the options, flat
    legendary: Cards
    noisy: bool
    first_game: bool
    fish_goal: int
    chars: Cards
    ground: Cards  # card id per space (row * 5 + col, row 0 nearest), -1 when empty
    faceup: tuple[bool, ...]
    pile: Cards  # drawn from the end
    items: Cards  # item deck, drawn from the end
    idiscard: Cards
    shown: Cards = ()  # discarded item cards everyone saw played (their identity is public until reshuffled)
    hands: PerSeat  # item cards per seat, in the order taken
    catches: PerSeat  # ground cards caught per seat, in order
    spent: Cards  # caught cards already used for a mission
    offer: Cards  # mission row, -1 for an empty slot
    mdeck: Cards
    won: PerSeat  # missions claimed per seat
    peeks: PerSeat  # cards each seat has seen privately (while still face down)
    tossed: PerSeat = ()  # item cards each seat discarded unseen by others, while they lie in the discard
    flips: Cards  # the space each seat flipped to choose the first player
    turn: int = 0
    first: int = 0  # Noisy Free-for-All: the round's first player
    phase: str = "cast"
    sub: str = ""  # a sub-decision of the turn: items, peek, swap1, swap2, chef
    backed: Cards = ()  # missions whose fish list the seat closed with Back in this mission step
    closed: tuple[str, ...] = ()  # lists closed with Back since the turn's last other choice ("items", "ability"):
    # each stays closed until another choice
    arg: int = -1  # the first card of a swap
    casts: int = CASTS
    rods: int = 0
    extra_rods: int = 0
    succ: int = 0
    need: int = 1
    target: int = -1
    hits: Cards = ()
    baits: tuple[float, ...] = ()  # this turn's landings, flat: x, y, seat, space hit (-1)
    flicks: tuple[float, ...] = ()  # where the wood token stopped, this fight
    flick_zone: int = -1  # the zone those stops were judged against (kept, as they are, after the fight)
    used: bool = False  # the character ability, this turn
    missed: bool = False  # a bait missed this turn (Knight William)
    tol: float = 0.0
    calm: bool = False
    weak: int = 0
    caught: int = 0  # cards caught this turn
    bonus: str = ""  # the kind a "catch 2" item allows in this extra round
    discarding: Cards = ()  # seats over the item hand limit: they discard before anything else happens
    plans: Cards = ()  # Noisy Free-for-All: secret cast targets, -1 until chosen
    queue: Cards = ()  # Noisy Free-for-All: seats with a HIT still to fight
    ended: str = ""

    @model_validator(mode="before")
    @classmethod
    def _per_seat(cls, data: Any) -> Any:
        """Read states saved before per-seat tuples, when cards and their seats were two parallel lists."""
        if isinstance(data, dict) and "hand_items" in data:
            data = dict(data)
            n = len(data["players"])
            for new, cards, seats in (("hands", "hand_items", "hand_seats"), ("catches", "catch_cards", "catch_seats"),
                                      ("won", "won_missions", "won_seats"), ("peeks", "peek_cards", "peek_seats")):
                pairs = list(zip(data.pop(cards), data.pop(seats), strict=True))
                data[new] = [[c for c, s in pairs if s == seat] for seat in range(n)]
            data["discarding"] = [s for s, held in enumerate(data["hands"]) if len(held) > HAND_LIMIT]
        if isinstance(data, dict) and not data.get("tossed"):
            data = {**data, "tossed": [[] for _ in data["players"]]}
        if isinstance(data, dict) and isinstance(data.get("closed"), bool):  # saved when one flag closed every list
            data = {**data, "closed": ("items", "ability") if data["closed"] else ()}
        if isinstance(data, dict) and data.get("sub") == "peek" and data.get("arg", -1) >= 0:
            data = {**data, "sub": "items", "arg": -1}  # saved while a Fish Finder waited for its own target list
        return data

    def __setattr__(self, name: str, value: Any) -> None:
        """Fields are set directly (the rules assign trusted values, often): pydantic's bookkeeping is skipped."""
        if name in _STATE_FIELDS:
            self.__dict__[name] = value
        else:
            super().__setattr__(name, value)


_STATE_FIELDS = frozenset(PushFishState.model_fields)


class PushFishView(View):
    """The table as one seat (or the public) sees it."""

    ground: list[int]  # card id if face up, -1 face down, -2 empty
    known: list[int]  # this seat's private peeks per space, -1 where nothing is known
    pile: int
    item_deck: int
    item_discard: int
    hand: list[int]
    hand_sizes: list[int]
    catches: list[list[int]]
    spent: list[int]
    offer: list[int]
    mission_deck: int
    won: list[list[int]]
    chars: list[int]
    turn: int
    phase: str
    sub: str
    casts: int
    rods: int
    succ: int
    need: int
    target: int
    hits: list[int]
    baits: list[float]  # flat: x, y, seat, space hit (-1 for a miss) per bait
    flicks: list[float]
    zone: int  # the strength zone the current fight needs, -1 when none
    flick_zone: int  # the zone the flicks shown were judged against, -1 when none
    tol: float
    hard_seat: bool  # the acting seat plays with whole-token rules
    calm: bool
    used: bool
    bonus: str
    fish_goal: int
    hard: bool
    legendary: list[int]
    noisy: bool
    first_game: bool
    submitted: list[bool]
    ended: str


FISH = tuple(not c.is_find for c in GROUND)  # by card id: counts toward the end
EFFECTS = tuple(c.effect for c in ITEMS)  # by item card id
TURN_START = {"sub": "", "arg": -1, "casts": CASTS, "rods": 0, "extra_rods": 0, "succ": 0, "need": 1, "target": -1,
              "used": False, "missed": False, "calm": False, "tol": 0.0, "weak": 0, "caught": 0, "bonus": "",
              "hits": (), "flicks": (), "flick_zone": -1}
_ROD_ON = ("cast", "hit", "rod", "lost")
EFFECT_PHASES = {  # the phases in which an item effect can do anything (`_item_ok` checks the rest)
    "cast": CASTING, "reel": (*_ROD_ON, "nohit"), "rod": _ROD_ON, "peek": CASTING, "steady": ("cast", "hit", "rod"),
    "weaken": ("rod",), "calm": ("cast", "hit"), "fill": ("cast", "hit", "nohit", "rod", "lost", "after"),
    **{e: ("after",) for e in EFFECTS if e.startswith("catch2:")},
}
ITEM_PHASES = tuple(frozenset(EFFECT_PHASES[e]) for e in EFFECTS)  # by item card id


def is_fish(card: int) -> bool:
    """Fish and legends count toward the end; Treasure and Junk do not."""
    return FISH[card]


def kind_matches(kind: str, card: int) -> bool:
    """Whether a "catch 2" item's kind fits a card (junk covers Treasure and Junk)."""
    c = GROUND[card]
    return c.is_find if kind == "junk" else c.kind == kind


def put(values: tuple, i: int, value: Any) -> tuple:
    """A copy of a tuple with entry i replaced."""
    return values[:i] + (value,) + values[i + 1:]


def without(values: tuple, value: Any) -> tuple:
    """A copy of a tuple without the first occurrence of value."""
    i = values.index(value)
    return values[:i] + values[i + 1:]


def add_to(per_seat: PerSeat, seat: int, cards: Cards) -> PerSeat:
    """Per-seat tuples with cards added at the end of one seat's."""
    return put(per_seat, seat, per_seat[seat] + cards)


def take_from(per_seat: PerSeat, seat: int, card: int) -> PerSeat:
    """Per-seat tuples with a card taken out of one seat's."""
    return put(per_seat, seat, without(per_seat[seat], card))


def discard_item(state: PushFishState, seat: int, item: int, secret: bool = False) -> None:
    """An item card goes from a seat's hand to the item discard, played openly or (secret) discarded unseen."""
    state.hands = take_from(state.hands, seat, item)
    state.idiscard += (item,)
    if secret:
        state.tossed = add_to(state.tossed, seat, (item,))
    else:
        state.shown += (item,)


def hand(state: PushFishState, seat: int) -> list[int]:
    """A seat's item cards, in the order taken."""
    return list(state.hands[seat])


def catches(state: PushFishState, seat: int) -> list[int]:
    """The cards a seat has caught, in order."""
    return list(state.catches[seat])


def fish_count(state: PushFishState, seat: int) -> int:
    """Fish (and legends) a seat has caught."""
    return sum(map(FISH.__getitem__, state.catches[seat]))


def hard_for(state: PushFishState, seat: int) -> bool:
    """Whole-token HIT and GET rules apply to this seat (Hard Mode or Legendary Angler)."""
    return state.hard or seat in state.legendary


def needed_successes(state: PushFishState, seat: int, card: int) -> int:
    """Golden Fish and Kraken (and rare fish for a Legendary Angler) need two successful rod actions."""
    c = GROUND[card]
    return 2 if c.kind == LEGEND or (c.rare and seat in state.legendary) else 1


def fight_zone(state: PushFishState) -> int:
    """The strength zone the current fight needs, after weakening."""
    if state.target < 0 or state.ground[state.target] < 0:
        return -1
    return max(0, GROUND[state.ground[state.target]].strength - state.weak)


def face_down(state: PushFishState) -> list[int]:
    """Spaces holding a face-down card."""
    return [p for p in range(SPACES) if state.ground[p] >= 0 and not state.faceup[p]]


def face_down_count(state: PushFishState) -> int:
    """How many cards lie face down (only spaces holding a card are ever face up)."""
    return SPACES - state.ground.count(-1) - state.faceup.count(True)
