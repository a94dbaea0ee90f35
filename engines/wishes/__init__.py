"""If Wishes Were Fishes! (key `wishes`), 2-5 players, per wishes.txt as settled by RULINGS.md.

Rules choices the rulebook and RULINGS leave open:
- A double-fish card has no wish, so it can only be taken into a boat (never thrown back).
- Spread All Buyers has no second part; the buyer kept on a crowded market is the highest (any of equals),
  and the player places each other buyer, one at a time, on a market that has no buyer at that moment.
- Move Buyer 1/2 ask which buyer only when the two buyers of that value stand on different markets.
- Sales through a wish (all of one kind, a single fish after Move Buyer 3 or Spoilage) are scored as
  "sales"; the Worm Bonus wish's dollars as "wishes".
- Sell as Another Kind: the player chooses which kind in their boats to sell; all of it goes to the market
  of the wish card's kind at that market's price (the chosen kind may be that kind itself).
- Spoilage: choose an open market (or the garbage heap), then whose wooden fish; a market that is full
  (limit card on it) is not open. The sale part needs a fish in a boat; either part is skipped if impossible.
- The Boat card stays face down with its owner as an extra, empty boat (it counts among the 70 cards).
- A player with no legal action (ocean empty and boats empty) passes automatically; any choice with a single
  legal answer is made automatically.
- After the last limit card is placed no market can fill any more (the game ends after that action).
- The only secret is the deck order: `determinise` re-shuffles the deck (same cards, same size) and draws a
  fresh RNG; everything else on the table is public and kept.
- Every take's public event names the card that comes up from the deck (everyone sees it dealt), and
  `recent` (state and view) lists what the current turn changed, for the board to outline until the next turn.
- Labels are short ("Take Catfish ×2, slot 3: pay 2, get 1 worm") and keep every cost and gain; the whole
  move is each choice's `detail` (engines/wishes/labels.py). Nothing is clipped.
- Choice ids use '-' (`boat-2`, `wish-0`, `sell-1`, `buyer-3`, `steps-2`, `kind-star`, `market-4`,
  `garbage`, `seat-1`) because ':' is reserved by the Discord adapter. Slots are shown to people as 1-4.
"""

from engines.wishes.rules import WishesEngine, WishesOptions, WishesState, WishesView

ENGINE = WishesEngine()

__all__ = ["ENGINE", "WishesEngine", "WishesOptions", "WishesState", "WishesView"]
