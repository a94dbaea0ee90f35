"""Friendly Fishing (key `friendly`), 2-5 players, per friendly-fishing.txt as settled by RULINGS.md.

Rules choices the rulebook and RULINGS leave open:
- Options: `board` small|large (default: large for 5 players or when 4 special sets are named, else small);
  `specials` names 2 sets (small) or 4 (large) of kingfish, lunker, dinker, skipjack, shiner, junk
  (default: random from the seed); `first_player` the seat that starts, counted from 1 (default: random from the seed).
- Spaces are named by column letter and row number as drawn (A1 top-left; H7 bottom-right on the large side).
- The Central Island is one space: from it the boat reaches every tile next to any island square, and
  Skipjack lines may start from any island square (never crossing the other one).
- A Skipjack line move is only listed for a Skipjack that is not next to the boat; an adjacent Skipjack is an
  ordinary move. Lines pass only through empty water; the boat's own space is empty water.
- Dinker: leaving it is offered only when the boat has a move from the Dinker's space (a Dinker left earlier
  this turn counts as a move, and is then collected without asking). The boat never moves onto an empty space.
- Lunker: collecting one sends every other Lunker already collected (the collector's own included) to the box.
- Kingfish: the instant win ends the game; the result gives the winner 1 and everyone else 0.
- Action tiles stay in the collector's row (0 points). An action that can do nothing now is skipped.
  Swap 2 Fish: partner, then the kind taken, then the kind given (tiles of one kind are identical); it needs
  both players to hold a basic fish. Swap 2 Tiles may swap any two tiles on the board. Slide a Tile moves
  a tile by king steps through empty water and may neither pass nor stop on the boat's space.
  Double Points marks one colour (corner) for every player; it shows as its own score line.
- Picking a cell among more than 25 goes in two steps (a column, then a cell, with "Other column"). "Other
  column" is offered once per pick: after it, the next column's list has only its cells, so nobody (a search
  AI least of all) can go back and forth for ever.
- Any decision with a single legal answer is made automatically (a forced move, a forced pick).
- The return to the island happens at the start of the next player's turn, before they choose.
- Labels are short ("C4 Red fish", "Collect", "Move on"); the sentence is the choice's detail. The view keeps
  the latest turn (the boat's path from its start, the spaces an action tile changed, who played it) until
  the next turn's first move, so the board can show what just happened.
- Choice ids: `m-C4` move, `collect`/`leave` Dinker, `seat-2`, `take-R`, `give-C`, `c-C4` cell,
  `col-C` column, `back`, `dbl-G`.
"""

from engines.friendly.rules import FriendlyEngine, FriendlyOptions, FriendlyState, FriendlyView

ENGINE = FriendlyEngine()

__all__ = ["ENGINE", "FriendlyEngine", "FriendlyOptions", "FriendlyState", "FriendlyView"]
