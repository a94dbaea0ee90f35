"""Determinisation for If Wishes Were Fishes!: the deck is re-shuffled, everything public is kept."""

from __future__ import annotations

import itertools
import random

from engines.core import clone
from engines.wishes import ENGINE
from engines.wishes.cards import card_name
from engines.wishes.rules import WishesState

NAMES = ["Alice", "Bob", "Carol", "Dave", "Erin"]


def _mid_game(n: int, seed: int, steps: int) -> WishesState:
    """A game of n players after `steps` random choices (or at its end)."""
    state = ENGINE.new_game(NAMES[:n], None, seed)
    rnd = random.Random(seed)
    while ENGINE.decisions(state) and state.step < steps:
        state, _ = ENGINE.apply(state, state.turn, ENGINE.choose(state, state.turn, "random", rnd))
    return state


def test_determinise_keeps_every_view_and_every_public_part_of_the_table():
    rnd = random.Random(1)
    for n in range(2, 6):
        state = _mid_game(n, n, 25)
        for seat in [None, *range(n)]:
            new = ENGINE.determinise(state, seat, rnd)
            for looker in [None, *range(n)]:
                assert ENGINE.view(new, looker) == ENGINE.view(state, looker)
            assert ENGINE.decisions(new) == ENGINE.decisions(state)
            assert new.model_dump(exclude={"deck", "rng"}) == state.model_dump(exclude={"deck", "rng"})


def test_determinise_conserves_the_cards_of_the_deck_and_its_size():
    rnd = random.Random(2)
    state = _mid_game(4, 3, 30)
    for _ in range(20):
        new = ENGINE.determinise(state, 0, rnd)
        assert len(new.deck) == len(state.deck) and sorted(new.deck) == sorted(state.deck)


def test_determinise_leaves_the_original_state_untouched_and_gives_a_fresh_rng():
    state = _mid_game(3, 4, 20)
    before = ENGINE.dump(state)
    new = ENGINE.determinise(state, 1, random.Random(3))
    assert ENGINE.dump(state) == before
    assert new.rng != state.rng and new.deck is not state.deck


def test_determinise_deals_every_order_of_a_small_deck():
    state = clone(_mid_game(3, 5, 10))
    state.discard += state.deck[3:]  # a table whose deck is down to its last three cards
    state.deck = state.deck[:3]
    rnd = random.Random(4)
    seen = {tuple(ENGINE.determinise(state, 2, rnd).deck) for _ in range(300)}
    assert seen == set(itertools.permutations(state.deck))


def test_determinised_games_play_on_to_the_end():
    rnd = random.Random(5)
    state = ENGINE.determinise(_mid_game(5, 6, 15), 3, rnd)
    while ENGINE.decisions(state):
        state, _ = ENGINE.apply(state, state.turn, ENGINE.choose(state, state.turn, "random", rnd))
    assert ENGINE.result(state) is not None


def test_a_take_tells_everyone_which_card_comes_up_from_the_deck():
    state = _mid_game(3, 7, 0)
    top = state.deck[-1]
    new, events = ENGINE.apply(state, state.turn, "boat-0")
    assert new.ocean[-1] == top
    assert events[0].private_to is None and f"{card_name(top)} comes up in slot 4" in events[0].text
