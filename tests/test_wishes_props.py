"""Random playouts with invariants, greedy against random, replay, JSON round trip and view non-interference."""

from __future__ import annotations

import random

from engines.core import MAX_CHOICE_ID, MAX_LABEL, clone
from engines.playout import playout
from engines.wishes import ENGINE
from engines.wishes.cards import NCARDS, NKINDS, WOODEN_FISH, WORMS_EACH
from engines.wishes.rules import WishesState, market_fish

NAMES = ["Alice", "Bob", "Carol", "Dave", "Erin"]


def check_invariants(s: WishesState, _events=None) -> None:
    """Cards, worms and wooden fish conserved; dollars match the ledger; a decision on offer until the end."""
    n = len(s.players)
    cards = s.deck + s.ocean + [c for b in s.boats for c in b if c >= 0] + s.discard + s.boat_cards
    assert sorted(cards) == list(range(NCARDS))
    assert sum(s.worms) + sum(s.ocean_worms) == WORMS_EACH * n and min(s.worms) >= 0
    assert len(s.ocean) == len(s.ocean_worms) <= 4
    for seat in range(n):
        placed = sum(s.markets[m * n + seat] for m in range(NKINDS)) + s.garbage[seat]
        assert s.supply[seat] >= 0 and s.supply[seat] + placed == WOODEN_FISH
    breakdown = ENGINE.breakdown(s)
    assert [sum(row.values()) for row in breakdown] == s.dollars
    assert sum(f >= 0 for f in s.full) == s.limits_placed
    pending = ENGINE.decisions(s)
    if s.ended:
        assert pending == [] and ENGINE.result(s).scores == s.dollars
        return
    assert ENGINE.result(s) is None and len(pending) == 1 and pending[0].seat == s.turn
    choices = pending[0].choices
    assert 2 <= len(choices) <= 25  # a single legal answer is never asked
    ids = [c.id for c in choices]
    assert ids == ENGINE._ids(s)  # the cached choices agree with the rules' own list
    assert len(set(ids)) == len(ids)
    assert all(len(i) <= MAX_CHOICE_ID and ":" not in i and i.isascii() for i in ids)
    assert all(0 < len(c.label) <= MAX_LABEL for c in choices)
    if s.limits_placed < 4:
        assert all(sum(market_fish(s, m)) < (4, 5, 6, 7)[s.limits_placed] for m in range(NKINDS) if s.full[m] < 0)


def test_random_playouts_keep_every_invariant_and_end():
    ends = set()
    for game in range(1000):
        n = 2 + game % 4
        state = ENGINE.new_game(NAMES[:n], None, game)
        check_invariants(state)
        final = playout(ENGINE, state, random.Random(game), check=check_invariants)
        assert ENGINE.result(final) is not None
        ends.add(final.ended.split(" holds")[0])
    assert ends == {"the last market limit card was placed", "the garbage heap",
                    "the deck and the ocean are empty and nobody can act"}


def test_greedy_beats_random_clearly():
    wins = 0
    for game in range(100):
        n = 2 + game % 2
        seat = game % n
        state = ENGINE.new_game(NAMES[:n], None, 10_000 + game)
        rnd = random.Random(game)
        while ENGINE.decisions(state):
            turn = state.turn
            choice = ENGINE.choose(state, turn, "greedy" if turn == seat else "random", rnd)
            state, _ = ENGINE.apply(state, turn, choice)
        wins += seat in ENGINE.result(state).winners
    assert wins >= 85, wins


def test_greedy_games_keep_invariants():
    for game in range(20):
        n = 2 + game % 4
        playout(ENGINE, ENGINE.new_game(NAMES[:n], None, 500 + game), random.Random(game), "greedy",
                check=check_invariants)


def _random_log(seed: int, n: int) -> tuple[WishesState, list[tuple[int, str]]]:
    state = ENGINE.new_game(NAMES[:n], None, seed)
    rnd = random.Random(seed)
    log = []
    while ENGINE.decisions(state):
        seat = state.turn
        choice = ENGINE.choose(state, seat, "random", rnd)
        log.append((seat, choice))
        state, _ = ENGINE.apply(state, seat, choice)
    return state, log


def test_replay_from_seed_and_choice_log_gives_identical_dump():
    for seed in range(10):
        final, log = _random_log(seed, 2 + seed % 4)
        state = ENGINE.new_game(NAMES[: 2 + seed % 4], None, seed)
        for seat, choice in log:
            state, _ = ENGINE.apply(state, seat, choice)
        assert ENGINE.dump(state) == ENGINE.dump(final)


def test_json_round_trip_of_states():
    state = ENGINE.new_game(NAMES[:4], None, 3)
    rnd = random.Random(3)
    while ENGINE.decisions(state):
        assert ENGINE.load(ENGINE.dump(state)) == state
        state, _ = ENGINE.apply(state, state.turn, ENGINE.choose(state, state.turn, "random", rnd))
    assert ENGINE.load(ENGINE.dump(state)) == state


def test_deck_order_is_invisible_to_views_and_the_greedy_ai():
    state = ENGINE.new_game(NAMES[:4], None, 8)
    rnd = random.Random(8)
    for _ in range(30):
        state, _ = ENGINE.apply(state, state.turn, ENGINE.choose(state, state.turn, "random", rnd))
        other = clone(state)
        other.deck = list(reversed(other.deck))
        assert other.deck != state.deck
        for seat in [None, 0, 1, 2, 3]:
            assert ENGINE.view(state, seat) == ENGINE.view(other, seat)
        if ENGINE.decisions(state):
            seat = state.turn
            assert ENGINE.choose(state, seat, "greedy", rnd) == ENGINE.choose(other, seat, "greedy", rnd)
