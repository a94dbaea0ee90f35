"""Push Fish properties: random playouts with invariants, replay determinism, JSON round trip, non-interference."""

from __future__ import annotations

import json
import random

import pytest

from engines.core import clone
from engines.playout import playout
from engines.pushfish import ENGINE
from engines.pushfish.ai import PRIOR, greedy_choice
from engines.pushfish.cards import GROUND, ITEMS
from engines.pushfish.state import HAND_LIMIT, PushFishState, hand

MODES = [{}, {"noisy": True}, {"first_game": True}, {"hard": True}, {"legendary": [1]}, {"length": "medium"}]


def check_conservation(state: PushFishState) -> None:
    """Every ground card and item card is in exactly one place; every collection is an immutable tuple."""
    caught = [c for cards in state.catches for c in cards]
    cards = [c for c in state.ground if c >= 0] + list(state.pile) + caught
    assert sorted(cards) == list(range(len(GROUND)))
    items = [*state.items, *state.idiscard, *(i for cards in state.hands for i in cards)]
    assert sorted(items) == list(range(len(ITEMS)))
    assert len(state.ground) == 20 and set(state.spent) <= set(caught)
    assert all(card >= 0 for card, up in zip(state.ground, state.faceup, strict=True) if up), "face up but empty"
    n = len(state.players)
    assert all(len(per_seat) == n for per_seat in (state.hands, state.catches, state.won, state.peeks))
    assert state.discarding == tuple(s for s, held in enumerate(state.hands) if len(held) > HAND_LIMIT)
    for name in PushFishState.model_fields:
        value = getattr(state, name)
        if name != "players" and isinstance(value, (list, tuple)):
            assert type(value) is tuple and all(type(v) is not list for v in value), name


def check_decisions(state: PushFishState) -> None:
    """Decisions are well formed: short ids without ':', short labels, at most 25 choices, one per seat."""
    pending = ENGINE.decisions(state)
    assert bool(pending) == (ENGINE.result(state) is None)
    assert len({d.seat for d in pending}) == len(pending)
    for d in pending:
        assert 1 <= len(d.choices) <= 25 and len({c.id for c in d.choices}) == len(d.choices)
        for c in d.choices:
            assert len(c.id) <= 24 and ":" not in c.id and len(c.label) <= 80


def options(g: int) -> dict:
    return {"length": "short", **MODES[g % len(MODES)]}


def test_a_thousand_random_games_keep_cards_and_items_and_reach_the_end():
    ends = set()
    for g in range(1000):
        n = 2 + g % 5
        state = ENGINE.new_game([f"p{i}" for i in range(n)], options(g), g)
        full = g < 60

        def check(s, events, full=full):
            check_conservation(s)
            if full:
                check_decisions(s)

        state = playout(ENGINE, state, random.Random(g), check=check)
        result = ENGINE.result(state)
        assert result is not None and state.ended
        for total, part in zip(result.scores, result.breakdown, strict=True):
            assert sum(part.values()) == total
        ends.add(state.ended.split(",")[0].split()[-1])  # "... 5 fish, which ends the game." -> "fish"
    assert {"fish", "Fish", "Kraken"} <= ends


def test_greedy_games_end_and_greedy_beats_random():
    wins = 0
    for g in range(20):
        state = ENGINE.new_game(["g", "r"], {"length": "short"}, g)
        rnd = random.Random(g)
        while ENGINE.decisions(state):
            d = ENGINE.decisions(state)[0]
            level = "greedy" if d.seat == g % 2 else "random"
            state, _ = ENGINE.apply(state, d.seat, ENGINE.choose(state, d.seat, level, rnd))
            check_conservation(state)
        wins += (g % 2) in ENGINE.result(state).winners
    assert wins >= 15


@pytest.mark.parametrize("g", range(6))
def test_replay_of_the_choice_log_rebuilds_the_same_state(g):
    state = ENGINE.new_game(["a", "b", "c"], options(g), 100 + g)
    log = []
    rnd = random.Random(g)
    while ENGINE.decisions(state):
        d = ENGINE.decisions(state)[rnd.randrange(len(ENGINE.decisions(state)))]
        choice = ENGINE.choose(state, d.seat, "random", rnd)
        log.append((d.seat, choice))
        state, _ = ENGINE.apply(state, d.seat, choice)
    again = ENGINE.new_game(["a", "b", "c"], options(g), 100 + g)
    for seat, choice in log:
        again, _ = ENGINE.apply(again, seat, choice)
    assert ENGINE.dump(again) == ENGINE.dump(state)


def states(seed: int, count: int, opts: dict) -> list[PushFishState]:
    """Some states along a random game."""
    out = []
    state = ENGINE.new_game(["a", "b", "c", "d"], opts, seed)

    def keep(s, events):
        if len(out) < count and s.step % 3 == 0:
            out.append(s)

    playout(ENGINE, state, random.Random(seed), check=keep)
    return out


def test_json_round_trip():
    for opts in MODES:
        for s in states(3, 15, opts):
            assert ENGINE.load(ENGINE.dump(s)) == s


def test_states_saved_with_paired_card_and_seat_lists_still_load():
    """Games saved before per-seat tuples (cards and their seats as two lists) go on after an upgrade."""
    s = next(s for s in states(3, 200, {}) if sum(map(bool, s.hands)) > 1 and any(s.catches))
    data = json.loads(ENGINE.dump(s))
    for new, cards, seats in (("hands", "hand_items", "hand_seats"), ("catches", "catch_cards", "catch_seats"),
                              ("won", "won_missions", "won_seats"), ("peeks", "peek_cards", "peek_seats")):
        pairs = [(c, seat) for seat, held in enumerate(data.pop(new)) for c in held]
        data[cards], data[seats] = [c for c, _ in pairs], [seat for _, seat in pairs]
    assert ENGINE.load(json.dumps(data)) == s


def hide_from(state: PushFishState, seat: int | None, rnd: random.Random) -> PushFishState:
    """A state differing only in what `seat` may not see: face-down cards, the pile and others' items."""
    s = clone(state)
    known = set(s.peeks[seat]) if seat is not None else set()
    spaces = [p for p in range(20) if s.ground[p] >= 0 and not s.faceup[p] and s.ground[p] not in known]
    pool = [s.ground[p] for p in spaces] + list(s.pile)
    rnd.shuffle(pool)
    ground = list(s.ground)
    for p in spaces:
        ground[p] = pool.pop()
    s.ground, s.pile = tuple(ground), tuple(pool)
    others = [o for o in range(len(s.players)) if o != seat]
    items = [*s.items, *s.idiscard, *(i for o in others for i in hand(s, o))]
    rnd.shuffle(items)
    s.hands = tuple(cards if o == seat else tuple(items.pop() for _ in cards) for o, cards in enumerate(s.hands))
    s.peeks = tuple(cards if o == seat else () for o, cards in enumerate(s.peeks))
    s.idiscard = tuple(items.pop() for _ in s.idiscard)
    s.items = tuple(items)
    s.plans = tuple(p if o == seat or p < 0 else 0 for o, p in enumerate(s.plans))
    return s


@pytest.mark.parametrize("opts", [{}, {"noisy": True}])
def test_views_do_not_depend_on_hidden_cards_items_or_peeks(opts):
    rnd = random.Random(5)
    for s in states(11, 25, opts):
        for seat in (None, 0, 1, 2, 3):
            assert ENGINE.view(hide_from(s, seat, rnd), seat) == ENGINE.view(s, seat)


def test_views_do_change_with_what_the_seat_may_see():
    s = next(s for s in states(4, 20, {}) if hand(s, 0) and s.items)
    t = clone(s)
    mine = t.hands[0]
    t.hands = ((t.items[-1], *mine[1:]), *t.hands[1:])
    t.items = (*t.items[:-1], mine[0])
    assert ENGINE.view(t, 0) != ENGINE.view(s, 0) and ENGINE.view(t, 1) == ENGINE.view(s, 1)


def test_greedy_choice_depends_only_on_its_view():
    rnd = random.Random(9)
    for s in states(21, 20, {}):
        for d in ENGINE.decisions(s):
            assert ENGINE.choose(s, d.seat, "greedy", rnd) == ENGINE.choose(
                hide_from(s, d.seat, rnd), d.seat, "greedy", rnd)


def test_the_search_priors_choice_depends_only_on_its_view():
    rnd = random.Random(10)
    for s in states(22, 20, {}):
        for d in ENGINE.decisions(s):
            assert greedy_choice(ENGINE, s, d.seat, PRIOR) == greedy_choice(ENGINE, hide_from(s, d.seat, rnd),
                                                                             d.seat, PRIOR)
