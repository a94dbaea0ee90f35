"""This Big! inference: what the table learns about a hand from how it answered (public bounds), that the true
hands always keep it, and that the determinisation deals only hands that do."""

from __future__ import annotations

import random

from engines.thisbig import ENGINE, ThisBigState
from engines.thisbig.cards import FACES, size
from engines.thisbig.inference import COLOUR_MASKS, FISH_MASK, MANY, RUBBISH_MASK, held_mask, keeps, sized
from tests.thisbig_helpers import table

RED = COLOUR_MASKS[0]
HAND_SIZE = 5  # River cards per hand with two players


def bounds(state: ThisBigState, seat: int) -> dict[int, tuple[int, int]]:
    """A seat's bounds as mask -> (least, most)."""
    return {mask: (lo, hi) for mask, lo, hi in state.bounds[seat]}


def dealt(state: ThisBigState, seat: int, deals: int = 300, seed: int = 3) -> list[list[int]]:
    """Seat 1's River cards (hand and face down) in many tables dealt for `seat`."""
    rnd = random.Random(seed)
    return [(lambda new: new.hands[1] + new.down[1])(ENGINE.determinise(state, seat, rnd)) for _ in range(deals)]


def count(cards: list[int], mask: int) -> int:
    return sum(1 for c in cards if mask >> c & 1)


def pick_face(state: ThisBigState, face: str) -> str:
    """The pick id of P1's face-down card with this face (two-card answers lie in a random order)."""
    at = [FACES[c] for c in state.down[1]].index(face)
    return f"pick-1-{at + 1}" if len(state.down[1]) == 2 else "pick-1"


def without_bounds(state: ThisBigState) -> ThisBigState:
    """The same table with nothing inferred (as the determinisation dealt before bounds were kept)."""
    bare = ENGINE.load(ENGINE.dump(state))
    bare.bounds = [[] for _ in bare.players]
    return bare


def test_two_players_a_single_card_answer_was_the_only_fish_of_the_colour_and_the_hand_held_no_rubbish():
    state = table(["g1 y1 b1 y2 b2", "r3 y3 b3 g3 y4"], ["lure-r lure-y lure-g", "lure-b lure-y lure-g"],
                  river="g5")
    state, _ = ENGINE.apply(state, 0, "lure-r")
    state, _ = ENGINE.apply(state, 1, "r3")  # the only card is caught at once; P1 restocks one unknown card
    assert bounds(state, 1) == {RED: (0, 1), RUBBISH_MASK: (0, 1)}
    hands = dealt(state, 0)
    assert all(count(h, RED) <= 1 and count(h, RUBBISH_MASK) <= 1 for h in hands)
    assert any(count(h, RUBBISH_MASK) >= 2 for h in dealt(without_bounds(state), 0))  # the bound does the work


def test_two_players_when_the_rubbish_of_two_cards_is_caught_the_card_that_went_back_is_a_fish_of_the_colour():
    state = table(["g1 y1 b1 y2 b2", "r3 boot y3 b3 g3"], ["lure-r lure-y lure-g", "lure-b lure-y lure-g"],
                  river="g5")
    state, _ = ENGINE.apply(state, 0, "lure-r")
    state, _ = ENGINE.apply(state, 1, "r3-boot")
    assert bounds(state, 1) == {RED: (1, MANY), RED | RUBBISH_MASK: (2, MANY)}
    state, _ = ENGINE.apply(state, 0, pick_face(state, "boot"))
    assert bounds(state, 1)[RED][0] == 1  # the red 3 went back: P1 surely holds a red fish
    assert all(count(h, RED) >= 1 for h in dealt(state, 0))
    assert any(count(h, RED) == 0 for h in dealt(without_bounds(state), 0))


def test_two_players_when_a_fish_of_two_cards_is_caught_the_other_is_a_fish_of_the_colour_or_rubbish():
    state = table(["g1 y1 b1 y2 b2", "r3 boot y3 b3 g3"], ["lure-r lure-y lure-g", "lure-b lure-y lure-g"],
                  river="")
    state, _ = ENGINE.apply(state, 0, "lure-r")
    state, _ = ENGINE.apply(state, 1, "r3-boot")
    state, _ = ENGINE.apply(state, 0, pick_face(state, "r3"))
    assert bounds(state, 1) == {RED | RUBBISH_MASK: (1, MANY)}


def test_two_players_a_lunker_answer_shows_the_largest_size_held_and_how_many_of_it():
    state = table(["g1 y1 b1 y2 b2", "r4 y1 b2 g1 boot"], ["lure-lunker lure-y lure-g", "lure-b lure-y lure-g"],
                  river="g5")
    state, _ = ENGINE.apply(state, 0, "lure-lunker")
    state, _ = ENGINE.apply(state, 1, "r4")  # one card: the only fish of the largest size
    assert bounds(state, 1) == {sized(4, 5): (0, 1)}  # none left, then one unknown card
    assert all(count(h, sized(4, 5)) <= 1 for h in dealt(state, 0))

    two = table(["g1 y1 b1 y2 b2", "r3 y3 b1 g1 boot"], ["lure-lunker lure-y lure-g", "lure-b lure-y lure-g"],
                river="")
    two, _ = ENGINE.apply(two, 0, "lure-lunker")
    two, _ = ENGINE.apply(two, 1, "r3-y3")
    two, _ = ENGINE.apply(two, 0, "pick-1-1")
    assert bounds(two, 1) == {sized(4, 5): (0, 0), sized(3, 3): (1, MANY)}


def test_more_players_rubbish_answering_a_lunker_shows_a_hand_with_no_fish():
    state = table(["g1 y1 b1 y2", "boot can tire trombone", "r1 y3 b3 g3"], ["lure-lunker lure-y lure-g"] * 3,
                  river="")
    state, _ = ENGINE.apply(state, 0, "lure-lunker")
    state, _ = ENGINE.apply(state, 1, "boot")
    state, _ = ENGINE.apply(state, 2, "y3")
    state, _ = ENGINE.apply(state, 0, "pick-1")
    assert bounds(state, 1) == {FISH_MASK: (0, 0)}
    assert bounds(state, 2) == {}  # P2's card went back unseen: nothing learnt


def test_more_players_a_lunker_fish_caught_was_the_largest_in_that_hand():
    state = table(["g1 y1 b1 y2", "r1 y2 boot can", "r4 y3 b3 g3"], ["lure-lunker lure-y lure-g"] * 3,
                  river="")
    state, _ = ENGINE.apply(state, 0, "lure-lunker")
    state, _ = ENGINE.apply(state, 1, "y2")
    state, _ = ENGINE.apply(state, 2, "r4")
    state, _ = ENGINE.apply(state, 0, "pick-2")
    assert bounds(state, 2) == {sized(5, 5): (0, 0)}


def test_more_players_a_card_that_went_back_was_a_fish_of_the_colour_or_rubbish():
    state = table(["g1 y1 b1 y2", "r2 boot y3 b4", "b1 can y4 g4"], ["lure-r lure-y lure-g"] * 3, river="")
    state, _ = ENGINE.apply(state, 0, "lure-r")
    state, _ = ENGINE.apply(state, 1, "r2")
    state, _ = ENGINE.apply(state, 2, "can")
    state, _ = ENGINE.apply(state, 0, "pick-2")
    assert bounds(state, 1) == {RED | RUBBISH_MASK: (1, MANY)}
    assert bounds(state, 2) == {}  # its card was caught: nothing of it is left in the hand


def test_a_no_catch_rules_out_the_colour_until_a_restock_lets_one_in():
    state = table(["g1 y1 b1 y2", "y3 b4 boot g2", "r1 can y4 g4"], ["lure-r lure-y lure-g"] * 3,
                  river="g5 y5 r5")
    state, _ = ENGINE.apply(state, 0, "lure-r")
    state, _ = ENGINE.apply(state, 1, "pass")
    state, _ = ENGINE.apply(state, 2, "r1")  # the only card down: caught at once, P2 restocks the green 5
    assert bounds(state, 1) == {RED: (0, 0)}
    state, _ = ENGINE.apply(state, 1, "lure-g")
    state, _ = ENGINE.apply(state, 0, "g1")
    state, _ = ENGINE.apply(state, 2, "can")
    state, _ = ENGINE.apply(state, 1, "pick-0")  # P0 restocks the yellow 5
    assert bounds(state, 1) == {RED: (0, 0)}  # P1 drew nothing yet
    state, _ = ENGINE.apply(state, 2, "lure-y")
    state, _ = ENGINE.apply(state, 0, "y1")
    state, _ = ENGINE.apply(state, 1, "y3")
    state, _ = ENGINE.apply(state, 2, "pick-1")  # P1 restocks: the red 5, unknown to the table
    assert bounds(state, 1) == {RED: (0, 1)}
    assert all(count(h, RED) <= 1 for h in dealt(state, 0))


def _random_states(games: int, seed: int):
    """Every state of some random games, 2 to 6 players, with and without the advanced rules."""
    rnd = random.Random(seed)
    options = [{}, {"reveal_uncaught": True}, {"rubbish_penalty": True, "hand_dump": True}, {"target": 60}]
    for game in range(games):
        players = 2 + game % 5
        state = ENGINE.new_game([f"P{i}" for i in range(players)], options[game % len(options)], seed=game)
        while pending := ENGINE.decisions(state):
            yield state
            d = rnd.choice(pending)
            level = "random" if game % 2 else "greedy"
            state, _ = ENGINE.apply_to(state, d, ENGINE.ai_choice(state, d, level, rnd))


def test_every_bound_holds_for_the_true_hands_and_for_every_dealt_table():
    rnd = random.Random(5)
    checked = bound = 0
    for i, state in enumerate(_random_states(80, seed=4)):
        n = len(state.players)
        for s in range(n):
            assert keeps(state.bounds[s], held_mask(state.hands[s] + state.down[s])), (i, s, state.bounds[s])
        bound += sum(1 for b in state.bounds for mask, lo, hi in b if lo > 0 or hi < HAND_SIZE)
        if i % 4 == 0:
            seat = i % n
            new = ENGINE.determinise(state, seat, rnd)
            assert all(keeps(new.bounds[s], held_mask(new.hands[s] + new.down[s])) for s in range(n))
            checked += 1
    assert checked > 400 and bound > 2000


def test_a_bound_never_rules_out_a_fish_it_does_not_cover():
    """A sanity check of the masks: the colours, sizes and rubbish cover exactly the cards they name."""
    assert [count(list(range(40)), m) for m in COLOUR_MASKS] == [8, 8, 8, 8]
    assert count(list(range(40)), RUBBISH_MASK) == 8 and count(list(range(40)), FISH_MASK) == 32
    assert all(size(c) >= 4 for c in range(32) if sized(4, 5) >> c & 1) and count(list(range(40)), sized(4, 5)) == 8
