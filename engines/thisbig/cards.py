"""This Big! components as data: 40 River cards (32 fish, 8 rubbish) and 25 Tackle Box lures, ids 0-64."""

from __future__ import annotations

from engines.core import counted

COLOURS = ("red", "yellow", "green", "blue")
CODES = ("r", "y", "g", "b")  # one-letter colour codes used in choice ids
SIZES = (1, 1, 2, 2, 3, 3, 4, 5)  # per colour; a fish's size is its points
RUBBISH = ("boot", "tire", "can", "trombone")  # two of each

FISH = range(0, 32)  # id = colour * 8 + index into SIZES
JUNK = range(32, 40)  # id = 32 + kind * 2 + copy
LURES = range(40, 65)  # 40-59 coloured (colour = (id - 40) // 5), 60-64 Lunker
RIVER_CARDS = 40
ALL_CARDS = 65
LUNKER = 4  # the lure "colour" of a Lunker

DEAL = {2: (5, 3), 3: (4, 3), 4: (4, 3), 5: (3, 2), 6: (3, 2)}  # players -> (River cards, Tackle Box cards)
TARGET = {2: 10, 3: 10, 4: 10, 5: 7, 6: 7}
DUMP_AT = 7  # the advanced "hand dump" rule triggers at this many points


def is_fish(card: int) -> bool:
    """A fish card (not rubbish, not a lure)."""
    return card < 32


def colour(card: int) -> int:
    """The colour index of a fish or a lure (LUNKER for a Lunker lure)."""
    if card < 32:
        return card >> 3
    return min((card - 40) // 5, LUNKER)


def size(card: int) -> int:
    """A fish's size (its points); 0 for anything else."""
    return SIZES[card & 7] if card < 32 else 0


def points_text(n: int) -> str:
    """A number of points in words: '1 point', '6 points'."""
    return counted(n, "point")


def face(card: int) -> str:
    """A short face code shared by identical cards: 'r3', 'boot', 'lure-g', 'lure-lunker'."""
    if card < 32:
        return f"{CODES[card >> 3]}{SIZES[card & 7]}"
    if card < 40:
        return RUBBISH[(card - 32) >> 1]
    c = colour(card)
    return "lure-lunker" if c == LUNKER else f"lure-{CODES[c]}"


def name(card: int) -> str:
    """A card's name for people: 'red 3', 'boot', 'green lure', 'Lunker lure'."""
    if card < 32:
        return f"{COLOURS[card >> 3]} {SIZES[card & 7]}"
    if card < 40:
        return RUBBISH[(card - 32) >> 1]
    c = colour(card)
    return "Lunker lure" if c == LUNKER else f"{COLOURS[c]} lure"


FACES = [face(c) for c in range(ALL_CARDS)]
NAMES = [name(c) for c in range(ALL_CARDS)]
FACE_CARDS: dict[str, list[int]] = {}
for _card in range(ALL_CARDS):
    FACE_CARDS.setdefault(FACES[_card], []).append(_card)


def card_of(face_code: str) -> int:
    """A card id with this face (identical cards are interchangeable)."""
    return FACE_CARDS[face_code][0]
