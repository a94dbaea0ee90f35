"""This Big! (key `thisbig`), 2-6 players, per lunker.txt as settled by RULINGS.md.

Rules choices the rulebook and RULINGS leave open:
- Card ids: fish 0-31 (colour * 8 + index into sizes 1,1,2,2,3,3,4,5), rubbish 32-39, coloured lures
  40-59, Lunker lures 60-64. Identical faces are interchangeable, so choices name faces, not card ids.
- Choice ids use '-' because ':' is reserved by the Discord adapter: casts `lure-r`/`lure-lunker`,
  answers `r3`, `boot`, `pass` or a 2-player pair `r3-boot`, picks `pick-2` (or `pick-1-1`/`pick-1-2`
  for the two cards of one player). Pick labels name the player, never the card.
- Every opponent answers every cast themselves, and the caster casts even when all their lures are alike
  (RULINGS): a one-choice decision is one button named plainly ("You must play your red 3", "You must say
  No Catch!", "You must cast your red lure"). Nothing the caster, the table or the event texts see depends
  on whether an answer was forced. Only a pick among one face-down card (a public fact) is made at once, as
  is the end of a turn in which no card was played ("No card was played: ...").
- `auto_forced` (host option, off): one-choice answers and casts are made at once again, for speed. Its
  description (at most 100 characters, as Discord shows it) says what that gives away: everyone sees who had
  no choice. A card answered at once is surely a fish (5,539 of 5,539 forced face-down answers in 300 random
  3+ player games), a No Catch at once shows no matching fish and no rubbish, and an automatic cast shows the
  caster held one kind of lure.
- Multi-player answers: holding a matching fish you play a matching fish or (colour lure only) a rubbish;
  without one, a rubbish or No Catch. A Lunker asks for a fish of your largest size (choice among equals);
  with no fish you answer as if nothing matched.
- 2-player answers: with two or more matching fish, or a matching fish and a rubbish, you play two cards,
  at least one of them a matching fish (the other a matching fish or a rubbish); with exactly one matching
  fish and no rubbish, that fish; otherwise No Catch (a rubbish is never played alone). A Lunker in the
  2-player game takes your largest fish (two of them if you hold two or more of that size), never rubbish.
  Two face-down cards lie in a random order (from state.rng) so the caster cannot tell them apart.
- The game ends at once when the caster reaches the target (no draws follow). Once the River is empty:
  without the rubbish penalty, when no hand holds a fish any more (this covers "every River hand is empty"
  and hands that hold only rubbish, which can never score again); with the penalty (rubbish still counts),
  when every River hand is empty, or when a whole round of casts (one per player, in a row) passed with no
  card played (RULINGS). Most points wins; ties are shared.
- Tackle Box: when the caster must draw and it is empty, the lure discard (with the lure just cast) is
  shuffled into a new Tackle Box.
- Advanced rules (options, off by default): `rubbish_penalty` (caught rubbish goes to the bucket at -1);
  `hand_dump` (when the caster reaches 7 points, or the target when the host raised it above its default
  (typing the default, 10, leaves the dump at 7), every hand's fish, and rubbish with the penalty rule, go
  into the buckets and the game ends); `reveal_uncaught` (the unpicked
  cards are shown after each catch and stay publicly known while they remain in that hand).
- `target`: None means 10 (2-4 players) or 7 (5-6); a host value must be at least that default.
- The public view also keeps what the table has learnt from No Catch answers (`lacks`: colours a seat
  cannot hold since its last restock) and revealed cards (`known`), so an AI may reason from them; and the
  last catch (`caught`, `caught_by`, `caught_from`, public) until the next cast, so the board can frame it.
- Labels are short ("Red 3", "Red 3 + boot", "No Catch!", "Red lure", "Bob's card"); the full sentence is
  in `Choice.detail`. A Lunker's answer prompt says "you must play your largest fish (any colour)".
- A cast is public: its event ("Ann casts a red lure.") is public, and the host's log shows a private
  choice by the public event of its kind it made (an answer as "Bob plays a card face down.").
- Determinisation (`determinise`, engines/thisbig/deal.py) re-deals the decks and the unseen cards of
  other seats, keeping No Catch colours, legal face-down answers, (with `auto_forced`) forcedness, and the
  public bounds the answers showed (`bounds`, engines/thisbig/inference.py: e.g. with two players, the card
  that went back after a caught rubbish is a fish of the lure's colour; a No Catch allows one such fish per
  restock since), which the view carries too.
- Views name cards by face code (`r3` red 3, `boot`, `lure-g`, `lure-lunker`); the state keeps card ids.
- Simultaneity needs nothing new from the contract: `decisions` lists one private answer per opponent
  still thinking, each seat's `apply` is independent of the others' (any order gives the same cards),
  and the cast resolves inside the apply of the last answer.
"""

from engines.thisbig.rules import ThisBigEngine
from engines.thisbig.state import ThisBigOptions, ThisBigState, ThisBigView

ENGINE = ThisBigEngine()

__all__ = ["ENGINE", "ThisBigEngine", "ThisBigOptions", "ThisBigState", "ThisBigView"]
