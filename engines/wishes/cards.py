"""Component data for If Wishes Were Fishes!: kinds in market order, the 70 cards, limit cards, buyers."""

from __future__ import annotations

# The seven kinds in clockwise market order (RULINGS); buyers move along this ring and wrap.
KINDS = ("Angelfish", "Kingfish", "Starfish", "Monkfish", "Catfish", "Clownfish", "Swordfish")
KIND_IDS = ("angel", "king", "star", "monk", "cat", "clown", "sword")
NKINDS = len(KINDS)

# Wishes by code; the card list gives card i (0-based) of the 56 wish cards the kind i mod 7.
MOVE1, MOVE2, MOVE3, SPREAD, SELLALL, SPOIL, WORMS, BOAT, SELLAS = range(9)
DOUBLE = -1  # a double-fish card has no wish
WISH_NAMES = ("Move Buyer 1", "Move Buyer 2", "Move Buyer 3", "Spread All Buyers", "Sell All of One Kind",
              "Spoilage", "Worm Bonus", "Boat", "Sell as Another Kind")
WISH_COUNTS = (8, 8, 6, 4, 8, 6, 6, 4, 6)


def _build() -> tuple[tuple[int, int], ...]:
    """(kind, wish) for the 70 cards: ids 0-55 are wish cards, 56-69 double-fish cards (2 per kind)."""
    wishes = [w for w, n in enumerate(WISH_COUNTS) for _ in range(n)]
    cards = [(i % NKINDS, w) for i, w in enumerate(wishes)]
    cards += [(i % NKINDS, DOUBLE) for i in range(2 * NKINDS)]
    return tuple(cards)


CARDS = _build()  # card id -> (kind, wish)
NCARDS = len(CARDS)

# Market-limit cards from the top of the stack: (capacity, first bonus, second bonus).
LIMITS = ((4, 6, 3), (5, 8, 4), (6, 10, 5), (7, 12, 6))
GARBAGE_PENALTY = (8, 4)  # most fish in the garbage loses 8, second loses 4
GARBAGE_END = 10
WORM_BONUS = (8, 4)

BUYER_VALUES = (3, 2, 2, 1, 1)  # buyer index -> value
WORMS_EACH = 6
WOODEN_FISH = 15
OCEAN_SLOTS = 4
BASE_PRICE = 2


def card_name(card: int) -> str:
    """A card as players say it: 'Starfish (Boat)' or 'Starfish (double fish)'."""
    kind, wish = CARDS[card]
    return f"{KINDS[kind]} ({'double fish' if wish == DOUBLE else WISH_NAMES[wish]})"


def fish_count(card: int) -> int:
    """How many fish a card counts as when sold through a wish."""
    return 2 if CARDS[card][1] == DOUBLE else 1
