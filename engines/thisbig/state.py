"""The table of This Big!: options, the whole state, what a seat sees, and each seat's points."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engines.core import GameState, View
from engines.thisbig.cards import COLOURS, size

IDLE, THINKING, DOWN, PASS = 0, 1, 2, 3  # a seat's answer status during a cast
STATUS_NAMES = ("", "thinking", "answered", "No Catch")
ALL_COLOURS = (1 << len(COLOURS)) - 1


class ThisBigOptions(BaseModel):
    """Host options; the advanced rules are off by default."""

    model_config = ConfigDict(extra="forbid")
    target: int | None = Field(default=None, ge=7, le=60, description="points to win (default 10; 7 with 5-6 players)")
    rubbish_penalty: bool = Field(default=False, description="caught rubbish goes to the bucket at -1")
    hand_dump: bool = Field(default=False, description="someone at 7 points (or a raised target): every hand goes into its bucket; game over")
    reveal_uncaught: bool = Field(default=False, description="show the unpicked cards after each catch")
    first_player: int | None = Field(default=None, ge=1, le=6,
                                     description="the seat that starts, 1 = first to join (default: random)")
    auto_forced: bool = Field(default=False, description="forced casts and answers play at once: faster, but "
                                                         "shows who had no choice (such a card is a fish)")


class ThisBigState(GameState):
    """The whole table; hands, face-down answers and deck orders are the secrets."""

    turn: int
    target: int
    dump_at: int  # points that trigger the hand dump; 0 when that rule is off
    penalty: bool
    reveal: bool
    river: list[int]  # face down; drawn from the end
    tackle: list[int]  # face down; drawn from the end
    discard: list[int]  # cast lures, face up; the top is last
    junk: list[int]  # caught rubbish, face up (when it does not go to a bucket)
    hands: list[list[int]]  # River cards per seat
    lures: list[list[int]]  # Tackle Box cards per seat
    buckets: list[list[int]]
    dumped: list[int]  # flat (seat, card) pairs added to buckets from the hands by the hand dump
    phase: str = "cast"  # cast | answer | pick | over
    cast: int = -1  # the lure on the table during answer and pick
    status: list[int]  # per seat: IDLE, THINKING, DOWN or PASS
    down: list[list[int]]  # face-down answers per seat (0-2 cards)
    revealed: list[int]  # flat (seat, card) pairs: unpicked cards shown after the last catch (reveal option)
    caught: list[int] = Field(default_factory=list)  # the last pick until the next cast: [caster, owner, card]
    known: list[int]  # cards publicly known to be held (revealed and taken back); the holder is public too
    lacks: list[int]  # per seat, a colour bitmask publicly shown absent by a No Catch since the last restock
    bounds: list[list[list[int]]]  # per seat, what its answers showed (inference.py)
    guesses: list[list[list[int]]]  # per seat, what they suggest of a careful player's hand (inference.py)
    ended: str = ""
    auto_forced: bool = False  # one-choice answers and casts are made by the engine at once (a host option)
    dry: int = 0  # casts in a row with no card played

    @model_validator(mode="before")
    @classmethod
    def _bounds(cls, data: Any) -> Any:
        """Read states saved before bounds or guesses were kept: every seat starts with none."""
        if isinstance(data, dict):
            for key in ("bounds", "guesses"):
                if key not in data:
                    data = {**data, key: [[] for _ in data.get("players", ())]}
        return data


class ThisBigView(View):
    """What one seat (None: the table) may see; `hand`, `lures` and `my_down` only in a seat's own view.

    Cards are face codes ('r3' red 3, 'boot', 'lure-g', 'lure-lunker'): identical cards are interchangeable.
    """

    turn: int
    phase: str
    cast: str  # the lure on the table, "" when none
    target: int
    dump_at: int
    penalty: bool
    reveal: bool
    river_size: int
    tackle_size: int
    discard_top: str  # "" when the discard is empty
    discard_size: int
    junk: list[str]  # the rubbish pile in the order it was caught: the last is on top
    buckets: list[list[str]]
    dumped: list[list[str]]
    points: list[int]
    hand_sizes: list[int]
    lure_counts: list[int]
    status: list[str]
    down_counts: list[int]
    revealed: list[list[str]]  # unpicked cards shown after the last catch (reveal option)
    caught: str = ""  # the card the last pick revealed, until the next cast ("" when none)
    caught_by: int = -1  # the seat that picked it
    caught_from: int = -1  # the seat whose card it was
    known: list[list[str]]  # cards publicly known to be in each hand
    lacks: list[list[str]]  # colours each seat has shown it lacks (a No Catch) since its last restock
    bounds: list[list[list[int]]] = Field(default_factory=list)  # per seat [River card mask, least, most] held
    guesses: list[list[list[int]]] = Field(default_factory=list)  # the same, of a careful player (inference.py)
    ended: str
    hand: list[str] = Field(default_factory=list)
    lures: list[str] = Field(default_factory=list)
    my_down: list[str] = Field(default_factory=list)
    playable: list[str] = Field(default_factory=list)  # own cards that may answer the cast now (or lures to cast)


def _value(card: int) -> int:
    """What a card is worth in a bucket: a fish its size, a rubbish -1."""
    return size(card) if card < 32 else -1


def pairs(flat: list[int], players: int) -> list[list[int]]:
    """Flat (seat, card) pairs as one list of cards per seat."""
    out: list[list[int]] = [[] for _ in range(players)]
    for i in range(0, len(flat), 2):
        out[flat[i]].append(flat[i + 1])
    return out


def dumped_value(state: ThisBigState, seat: int) -> int:
    """Points a seat gained (or lost) from the hand dump."""
    flat = state.dumped
    return sum(_value(flat[i + 1]) for i in range(0, len(flat), 2) if flat[i] == seat)


def points(state: ThisBigState, seat: int) -> int:
    """A seat's score: fish sizes in the bucket (and dumped), minus one per rubbish there."""
    return sum(_value(c) for c in state.buckets[seat]) + (dumped_value(state, seat) if state.dumped else 0)
