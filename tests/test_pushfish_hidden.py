"""Push Fish determinisation: a re-dealt table looks the same to the seat, keeps what it saw, and reaches every
arrangement consistent with that."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engines.pushfish import ENGINE
from engines.pushfish.state import SPACES, PushFishState, put
from tests.pushfish_helpers import put as place
from tests.test_pushfish_props import check_conservation, states

MODES = [{}, {"noisy": True}, {"legendary": [2]}]


@pytest.mark.parametrize("opts", MODES)
def test_a_dealt_table_has_the_same_view_and_conserves_every_card(opts):
    rnd = random.Random(3)
    for s in states(17, 30, opts):
        for seat in (None, 0, 1, 2, 3):
            new = ENGINE.determinise(s, seat, rnd)
            check_conservation(new)
            assert ENGINE.view(new, seat) == ENGINE.view(s, seat)
            assert new.rng != s.rng


def test_a_dealt_table_keeps_the_seats_own_items_peeks_face_up_cards_and_catches():
    rnd = random.Random(4)
    for s in states(23, 40, {}):
        for seat in range(4):
            new = ENGINE.determinise(s, seat, rnd)
            assert new.hands[seat] == s.hands[seat] and new.peeks[seat] == s.peeks[seat]
            assert new.catches == s.catches and new.spent == s.spent and new.offer == s.offer
            for p in range(SPACES):
                if s.faceup[p] or s.ground[p] in s.peeks[seat] or s.ground[p] < 0:
                    assert new.ground[p] == s.ground[p]


def test_another_seats_peek_names_the_card_now_lying_where_it_looked():
    s = small_table()
    s.peeks = put(s.peeks, 1, (s.ground[1],))
    for k in range(50):
        new = ENGINE.determinise(s, 0, random.Random(k))
        assert new.peeks[1] == (new.ground[1],)


def test_items_seen_played_and_the_seats_own_secret_discards_stay_in_the_discard():
    s = small_table()
    *seen, mine, theirs = s.idiscard
    s.shown, s.tossed = tuple(seen), ((mine,), (theirs,))
    for k in range(60):
        new = ENGINE.determinise(s, 0, random.Random(k))
        check_conservation(new)
        assert new.idiscard[:-1] == s.idiscard[:-1] and new.tossed[0] == (mine,)
        assert new.tossed[1] == (new.idiscard[-1],)  # seat 1's secret discard follows its place in the pile
    others = {ENGINE.determinise(s, 0, random.Random(k)).idiscard[-1] for k in range(60)}
    assert len(others) > 1  # what seat 1 threw away is unknown to seat 0


def small_table() -> PushFishState:
    """Two players, a ground of three face-down cards and one face up, a pile of one; one item each, one in the
    deck; the mission deck of two."""
    s = ENGINE.new_game(["Ann", "Bob"], {"characters": ["william", "jack"]}, 5)
    cards = list(range(6))
    for p, name in zip(range(4), ("Sardine", "Mackerel", "Carp", "Trout"), strict=True):
        cards[p] = place(s, p, name)
    spare = [c for c in s.ground[4:] if c >= 0] + list(s.pile)
    pile_one = spare.pop()
    s.ground = s.ground[:4] + (-1,) * (SPACES - 4)
    s.faceup = (False, False, False, True) + (False,) * (SPACES - 4)
    s.pile = (pile_one,)
    s.catches = (tuple(spare), ())  # everything else is already caught by seat 0, in plain sight
    items = list(s.items) + [c for held in s.hands for c in held] + list(s.idiscard)
    s.hands, s.items, s.idiscard = ((items[0],), (items[1],)), (items[2],), tuple(items[3:])
    s.shown, s.tossed = tuple(items[3:]), ((), ())
    s.mdeck = s.mdeck[:2]
    return s


def arrangement(s: PushFishState) -> tuple:
    """What is hidden from seat 0 on the small table."""
    return s.ground[:3], s.pile, s.hands[1], s.items, s.mdeck


def test_every_consistent_arrangement_turns_up_over_many_draws():
    s = small_table()
    rnd = random.Random(8)
    seen = Counter(arrangement(ENGINE.determinise(s, 0, rnd)) for _ in range(2000))
    # 4 unseen ground cards over 3 face-down spaces and the pile: 24; seat 1's item and the deck: 2; missions: 2
    assert len(seen) == 24 * 2 * 2
    assert min(seen.values()) > 2000 / 96 / 3  # and none is starved
    assert all(s.hands[0][0] not in a[2] + a[3] for a in seen)  # seat 0's own item never moves


def test_a_peeked_card_stays_put_and_only_the_rest_is_dealt():
    s = small_table()
    s.peeks = put(s.peeks, 0, (s.ground[2],))
    rnd = random.Random(9)
    seen = Counter(ENGINE.determinise(s, 0, rnd).ground[:3] for _ in range(600))
    assert all(g[2] == s.ground[2] for g in seen) and len(seen) == 6  # 3 cards over 2 spaces and the pile
