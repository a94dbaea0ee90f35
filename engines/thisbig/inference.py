"""What the table can infer about a hand from how it answered: public bounds on the cards a seat holds.

A bound `[mask, lo, hi]` says that between `lo` and `hi` of a seat's River cards (hand and face-down answer
together) lie in `mask`, a bit per River card id. Bounds come from public facts only: the lure on the table,
whether a seat said No Catch or how many cards it put face down, the cards a pick (or the reveal option)
showed, and who restocked. A caught card lowers both ends of every bound of its owner that holds it; a
restock raises every upper end by one (the new card is unknown); a bound that says nothing any more is
dropped. The determinisation deals hands that keep every bound, so a search remembers what a careful
player at the table would:
- 2 players: a single card answered to a colour was the only fish of it, with no rubbish in the hand; two
  cards hold at least one fish of the colour, the other a fish of it or rubbish (so when the rubbish is
  caught, the card that went back is such a fish); a Lunker answer shows the largest size held, and how
  many fish of it.
- 3+ players: the card that went back was a fish of the colour or rubbish; a Lunker answer caught (or shown)
  was the largest fish held, or rubbish when the hand held no fish.
- Any table: No Catch means no fish of the colour (of any colour to a Lunker).

Guesses (`state.guesses`, the same form, kept up the same way) are what the answers suggest of a careful
player, one who plays rubbish before a fish and its smallest fish before a bigger one (the greedy player
does): with 3+ players, a fish shown or a No Catch suggests the hand held no rubbish; a fish shown suggests no
smaller fish of its colour (with two cards down, at most one). They come from public facts too, but a person
may play otherwise, so the determinisation keeps them in most of its deals, not all.
"""

from __future__ import annotations

from engines.thisbig.cards import LUNKER, RIVER_CARDS, colour, size
from engines.thisbig.state import ThisBigState

MANY = RIVER_CARDS  # an upper end that bounds nothing
FISH_MASK = (1 << 32) - 1
RUBBISH_MASK = ((1 << RIVER_CARDS) - 1) ^ FISH_MASK
COLOUR_MASKS = tuple(0xFF << (8 * c) for c in range(4))


def sized(low: int, high: int) -> int:
    """The fish (any colour) whose size lies in [low, high]."""
    return sum(1 << c for c in range(32) if low <= size(c) <= high)


def held_mask(cards: list[int]) -> int:
    """River cards as a bitmask."""
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def keeps(bounds: list[list[int]], held: int) -> bool:
    """True when a hand (a bitmask of River cards) keeps every bound."""
    return all(lo <= (held & mask).bit_count() <= hi for mask, lo, hi in bounds)


def _add(bounds: list[list[int]], mask: int, lo: int, hi: int) -> None:
    """Record that a seat holds between lo and hi cards of `mask` (narrowing a bound on the same cards)."""
    for bound in bounds:
        if bound[0] == mask:
            bound[1], bound[2] = max(bound[1], lo), min(bound[2], hi)
            return
    bounds.append([mask, lo, hi])


def note_answer(state: ThisBigState, seat: int, count: int) -> None:
    """A seat answered the lure on the table with No Catch (count 0) or `count` cards face down."""
    lure = colour(state.cast)
    if not count and len(state.players) > 2:
        _add(state.guesses[seat], RUBBISH_MASK, 0, 0)  # a careful player plays rubbish rather than no card
    if lure == LUNKER:
        if not count:
            _add(state.bounds[seat], FISH_MASK, 0, 0)
        return  # the size of a Lunker answer shows only when a card is shown
    wanted = COLOUR_MASKS[lure]
    if not count:
        _add(state.bounds[seat], wanted, 0, 0)
    elif len(state.players) > 2:
        _add(state.bounds[seat], wanted | RUBBISH_MASK, 1, MANY)
    elif count == 1:
        _add(state.bounds[seat], wanted, 1, 1)
        _add(state.bounds[seat], RUBBISH_MASK, 0, 0)
    else:
        _add(state.bounds[seat], wanted, 1, MANY)
        _add(state.bounds[seat], wanted | RUBBISH_MASK, 2, MANY)


def note_shown(state: ThisBigState, seat: int, card: int, count: int) -> None:
    """A card of the seat's `count`-card face-down answer was shown (picked, or revealed) before any left."""
    lure = colour(state.cast)
    if lure != LUNKER:
        if card < 32 and len(state.players) > 2:
            _add(state.guesses[seat], RUBBISH_MASK, 0, 0)  # a careful player would have played its rubbish
        if card < 32 and size(card) > 1:
            smaller = COLOUR_MASKS[lure] & sized(1, size(card) - 1)
            _add(state.guesses[seat], smaller, 0, count - 1)  # and its smallest fish (of the two smallest)
        return
    if card >= 32:
        _add(state.bounds[seat], FISH_MASK, 0, 0)  # 3+ players: rubbish answers a Lunker only from a hand with no fish
        return
    top = size(card)
    if len(state.players) == 2 and count == 1:
        _add(state.bounds[seat], sized(top, 5), 1, 1)  # the only fish of the largest size held
        return
    if top < 5:
        _add(state.bounds[seat], sized(top + 1, 5), 0, 0)
    if len(state.players) == 2:
        _add(state.bounds[seat], sized(top, top), 2, MANY)  # two cards: two or more fish of that size


def note_caught(state: ThisBigState, seat: int, card: int) -> None:
    """One of the seat's cards left it (caught): every bound holding that card loses one at each end."""
    bit = 1 << card
    for bound in state.bounds[seat] + state.guesses[seat]:
        if bound[0] & bit:
            bound[1], bound[2] = max(0, bound[1] - 1), bound[2] if bound[2] >= MANY else max(0, bound[2] - 1)
    _prune(state, seat)


def note_restock(state: ThisBigState, seat: int) -> None:
    """The seat drew an unknown card: every upper end rises by one."""
    for bound in state.bounds[seat] + state.guesses[seat]:
        bound[2] = min(MANY, bound[2] + 1)
    _prune(state, seat)


def _prune(state: ThisBigState, seat: int) -> None:
    """Drop the bounds (and guesses) that no longer rule anything out (and never will again)."""
    held = len(state.hands[seat]) + len(state.down[seat])
    for kept in (state.bounds, state.guesses):
        kept[seat] = [b for b in kept[seat] if b[1] > 0 or b[2] < min(held, b[0].bit_count())]
