"""Push Fish (key `pushfish`), 2-6 players, per push-fish.txt as settled by RULINGS.md.

Rules choices the rulebook and RULINGS leave open:
- Geometry (sim.py): space centres 72 apart across and 96 deep; casting spread per row 19.5/25.0/30.5/36.0
  (row 1 nearest), isotropic; Calm Water multiplies it by 2/3. Rod strip zones W 0-38, M 38-66, S 66-86,
  SS 86-100, flick spread 15. A rod action offers three aims in the zone the fish needs (near side 25%,
  centre 50%, far side 75% of the zone), each saying its point on the 0-100 rod and its chance.
  Hard Mode / Legendary Angler: the bait (radius 10) and the wood token (half-length 3) must lie wholly inside.
- The first player is found by flipping one random face-down card per player (seeded): highest printed number,
  then higher strength, then chosen at random; those cards stay face up. Turns go to the left; with 3+
  players, once everyone has had a turn the next player to the left of the round's first player starts the
  next round (A B C, B C A, C A B); with 2 players turns simply alternate. Free-for-all rounds rotate their
  first player the same way (with 2 players it stays).
- After a HIT the player may fight any HIT card or keep casting; the bait then retrieved, other HIT cards stay
  face up. Casting on is asked after every cast: a miss with a card still hooked offers its fight again
  (push-fish.txt: "up to 3 bait tokens"). A bait on an empty space, between cards or off the ground misses.
- Abilities (once per own turn, optional): Knight William +1 cast after a miss; Captain Jack / Wizard Loony
  while casting; Samurai Hattori (zones 4 wider each side) until the rod actions; Viking Warlord during a
  fight; Chef Ramsay at any point of the turn. None in the first-game mode.
- The items step ("Items…") is offered whenever the seat holds an item card and some item of the game could
  do something now; both are public, so the step never tells what is held. The private list it opens shows
  only the cards that would do something (it says so when none would). A list closed with Back is not offered
  again until a choice that changes the table (reopening it at once would change nothing, and could go on
  forever), but the other lists stay open: Back from the items closes Items…; from a peek or swap target or
  Chef Ramsay's discard, the ability. A
  mission whose fish list was closed with Back is not offered again in that mission step. "catch 2 <kind>"
  is playable right after catching a card of that kind and starts an extra round (3 casts, 3 rod actions) in
  which only cards of that kind can be fought. Magic Stone fills the nearest empty space (lowest row, then
  leftmost). Encouragement (1 item) is given only when nothing was caught this turn. Treasure and Junk
  caught count as the turn's catch.
- Items played are announced; items discarded (hand limit, Chef Ramsay) stay secret; the discard pile shows
  only its size. A peek is remembered for the card while it stays face down, wherever Loony moves it.
- Missions are checked at the end of the turn; the player picks one (or none), then chooses which of their
  unused catches fill it (asked only when there is more than one way, by card names; the ways that keep the
  most other offered missions possible come first, at most 24). Cards used for a mission count for no other.
  The row is refilled when the next turn (or fighter) begins. "Four Waters" listed three kinds; missions
  list 2-3 targets (RULINGS), so it is "Three Waters" (sea, tropical, freshwater). Mission texts are words
  ("3 sea fish", "2 fish of strength M").
- The 5/7/10 fish end is checked at the end of the turn (missions may still be claimed); the Golden Fish and
  Kraken end the game at once. If the ground and the pile are both empty the game ends.
- Noisy Free-for-All: each round every player secretly picks one cast target; baits land together (in turn
  order from the round's first player, who rotates); several baits on one card tangle; players without a HIT
  take an encouragement item; HIT players then fight in turn order (abilities and items of the rod phase only).
- First-game mode: no items, missions or abilities; the first to 3 fish wins (a legend ends it: most fish).
- Decisions: cast (the prompt says how many baits are left), fight (`hit`), rod aims (three), the private
  item list (`items` opens it, `back` closes it), peek/swap targets (a Fish Finder is played with its space in
  one choice of the item list: every choice there but Back is announced, no silent step shows what is held),
  Chef Ramsay's private discard, the private hand-limit discard (asked before anything else), mission claims and the fish that fill one (`use`), and the
  private free-for-all target. Labels are short (a space as "R2 C3", a fish's name), the full sentence is in
  `Choice.detail`; nothing is clipped. A decision with one legal answer is played automatically, which happens
  only when its loneness is public (e.g. "end" when the seat holds no item card).
- The greedy AI scores casts by score x chance to hook (neighbours included) x chance to land it, keeps casting
  while that beats its best hook, aims where the flick chance is highest, plays an item only when the expected
  gain beats the item's points, and in a free-for-all spreads its target by seat to avoid tangles. The search
  player's prior and opponent model is the same player in another `Style` (ai.py): it keeps casting while it
  may (a HIT card stays to be fought), counts a turn with no catch as worth its Encouragement item, goes for
  the Golden Fish and the Kraken, and weighs missions less; it beat the greedy player in self-play trials.
- Determinisation (hidden.py): the face-down cards a seat has not peeked and the pile are dealt anew together,
  as are the other seats' item hands, the item deck and the discards the seat did not see (items seen played
  and its own secret discards stay); the mission deck's order and other seats' secret free-for-all targets
  too. Another seat's peek follows the space it looked at.
- Choice ids use '-' (`cast-r2c3`, `hit-r1c2`, `aim-S-c`, `item-7`, `ability`, `end`) since ':' is reserved.
"""

from engines.pushfish.rules import PushFishEngine
from engines.pushfish.state import PushFishOptions, PushFishState, PushFishView

ENGINE = PushFishEngine()

__all__ = ["ENGINE", "PushFishEngine", "PushFishOptions", "PushFishState", "PushFishView"]
