"""This Big! determinisation: a re-dealt table looks the same to the seat, keeps its secrets and every card,
honours what the table has shown, and over many draws deals every consistent arrangement."""

from __future__ import annotations

import itertools
import random

import pytest

from engines.thisbig import ENGINE, ThisBigState
from engines.thisbig.answers import legal_answers
from engines.thisbig.cards import FACES, LUNKER, colour, size
from tests.thisbig_helpers import face_list, table, where

OPTION_SETS = [{}, {"rubbish_penalty": True, "reveal_uncaught": True}, {"hand_dump": True}, {"target": 60}]


def _states(games: int, seed: int):
    """Every state of some random games of 2 to 6 players."""
    rnd = random.Random(seed)
    for game in range(games):
        players = 2 + game % 5
        state = ENGINE.new_game([f"P{i}" for i in range(players)], OPTION_SETS[game % len(OPTION_SETS)], seed=game)
        while ENGINE.decisions(state):
            yield state
            d = rnd.choice(ENGINE.decisions(state))
            state, _ = ENGINE.apply(state, d.seat, ENGINE.choose(state, d.seat, "random", rnd))
        yield state


def _forced(state: ThisBigState, seat: int) -> bool:
    """Whether the seat had a single legal answer to the lure on the table."""
    cards = tuple(sorted(state.hands[seat] + state.down[seat]))
    return len(legal_answers(cards, colour(state.cast), len(state.players) == 2)) == 1


def _shown(state: ThisBigState, seat: int, original: ThisBigState) -> bool:
    """What the table has shown about a seat in `original` still holds in `state`: No Catch colours, a legal
    face-down answer, and (with automatic forced answers) whether it answered at once."""
    cards = state.hands[seat] + state.down[seat]
    lacks = state.lacks[seat]
    if any(c < 32 and lacks >> (c >> 3) & 1 for c in cards):
        return False
    if state.phase not in ("answer", "pick") or seat == state.turn:
        return True
    if state.auto_forced and _forced(state, seat) != _forced(original, seat):
        return False
    lure, down = colour(state.cast), state.down[seat]
    if not down:
        return True
    if len(state.players) > 2:
        fish = [size(c) for c in cards if c < 32]
        if lure != LUNKER:
            return down[0] >= 32 or down[0] >> 3 == lure
        return size(down[0]) == max(fish) if fish else down[0] >= 32
    return "-".join(FACES[c] for c in sorted(down)) in legal_answers(tuple(sorted(cards)), lure, True)


def test_determinised_table_gives_the_seat_the_same_view_keeps_its_secrets_and_every_card():
    rnd = random.Random(1)
    compared = moved = 0
    for i, state in enumerate(_states(24, seed=2)):
        for seat in (None, *range(len(state.players))) if i % 3 == 0 else (None,):
            new = ENGINE.determinise(state, seat, rnd)
            assert ENGINE.view(new, seat) == ENGINE.view(state, seat)
            assert sorted(where(new)) == sorted(where(state))  # every card once; as many in each place
            if seat is not None:
                assert new.hands[seat] == state.hands[seat] and new.lures[seat] == state.lures[seat]
                assert new.down[seat] == state.down[seat]
            assert (new.discard, new.junk, new.buckets, new.known) == (state.discard, state.junk, state.buckets,
                                                                     state.known)
            assert all(_shown(new, s, state) for s in range(len(state.players)) if s != seat)
            moved += (new.hands, new.river) != (state.hands, state.river)
            compared += 1
    assert compared > 900 and moved > compared // 2


def test_determinised_table_has_a_fresh_rng_from_the_caller():
    state = ENGINE.new_game(["a", "b", "c"], {}, seed=4)
    one = ENGINE.determinise(state, 0, random.Random(5))
    assert one.rng != state.rng and ENGINE.determinise(state, 0, random.Random(5)) == one
    assert ENGINE.determinise(state, 0, random.Random(6)).rng != one.rng


def test_a_no_catch_colour_stays_absent_from_the_dealt_hand():
    state = table(["g1", "y1 can", "r3 b1"], ["lure-r lure-y", "lure-g", "lure-b"])
    state, _ = ENGINE.apply(state, 0, "lure-r")
    state, _ = ENGINE.apply(state, 1, "pass")  # P1 shows it holds no red fish
    rnd = random.Random(7)
    for _ in range(300):
        new = ENGINE.determinise(state, 0, rnd)
        assert not [c for c in new.hands[1] if c < 8]


def _small_pick(auto_forced: bool) -> ThisBigState:
    """P0 cast a yellow lure; P1 (yellow 1, yellow 2, red 3) and P2 (blue 1, boot) each played a card face
    down. The River is empty and the Tackle Box holds two lures; P0 is to pick."""
    state = table(["g1", "y1 y2 r3", "b1 boot"], ["lure-y lure-r", "lure-g", "lure-b"], river="", tackle="",
                  auto_forced=auto_forced)
    state.tackle = [next(c for c in state.discard if FACES[c] == f) for f in ("lure-lunker", "lure-r")]
    state.discard = [c for c in state.discard if c not in state.tackle]
    state, _ = ENGINE.apply(state, 0, "lure-y")
    state, _ = ENGINE.apply(state, 1, "y2")
    state, _ = ENGINE.apply(state, 2, "boot")
    assert state.phase == "pick"
    return state


def _river_key(state: ThisBigState) -> tuple:
    return tuple((tuple(face_list(state.hands[s])), tuple(face_list(state.down[s]))) for s in (1, 2))


def _lure_key(state: ThisBigState) -> tuple:
    return tuple(face_list(state.lures[1]) + face_list(state.lures[2])) + tuple(FACES[c] for c in state.tackle)


@pytest.mark.parametrize(("auto_forced", "arrangements"), [(False, 18), (True, 6)])
def test_over_many_draws_every_consistent_arrangement_turns_up(auto_forced, arrangements):
    state = _small_pick(auto_forced)
    cards = state.hands[1] + state.down[1] + state.hands[2] + state.down[2]
    rivers = set()
    for order in itertools.permutations(cards):  # P1: 1 down, 2 in hand; P2: 1 down, 1 in hand
        new = ENGINE.load(ENGINE.dump(state))
        new.down[1], new.hands[1] = [order[0]], sorted(order[1:3])
        new.down[2], new.hands[2] = [order[3]], [order[4]]
        if _shown(new, 1, state) and _shown(new, 2, state):
            rivers.add(_river_key(new))
    lure_cards = state.lures[1] + state.lures[2] + state.tackle
    lures = {tuple(FACES[c] for c in order) for order in itertools.permutations(lure_cards)}
    # P1 and P2 each put down a different one of yellow 1, yellow 2 and the boot (3 x 2), and P2 holds one of
    # the three cards left (x 3); with answers at once, each must also have had two answers to choose from
    assert len(rivers) == arrangements and len(lures) == 24
    rnd = random.Random(8)
    seen_rivers, seen_lures = set(), set()
    for _ in range(3000):
        new = ENGINE.determinise(state, 0, rnd)
        seen_rivers.add(_river_key(new))
        seen_lures.add(_lure_key(new))
    assert seen_rivers == rivers and seen_lures == lures
