"""This Big! properties: random playouts with invariants, view non-interference, replay and JSON round trip."""

from __future__ import annotations

import random

import pytest

from engines.core import MAX_LABEL, Event, clone
from engines.playout import playout
from engines.thisbig import ENGINE, ThisBigState
from engines.thisbig.cards import FACE_CARDS, FACES, SIZES
from engines.thisbig.state import points
from tests.test_observation import observation
from tests.thisbig_helpers import face_list, where

OPTION_SETS = [{}, {"rubbish_penalty": True}, {"hand_dump": True}, {"reveal_uncaught": True},
               {"rubbish_penalty": True, "hand_dump": True, "reveal_uncaught": True},
               {"target": 60}, {"target": 60, "rubbish_penalty": True, "reveal_uncaught": True},  # run the River dry
               {"auto_forced": True}, {"auto_forced": True, "target": 60, "rubbish_penalty": True}]


def worth(card: int) -> int:
    """A card's value in a bucket, computed independently of the engine."""
    return SIZES[card % 8] if card < 32 else -1


def check(state: ThisBigState, events: list[Event]) -> None:
    """Invariants after every applied choice."""
    where(state)  # every one of the 65 cards in exactly one place
    n = len(state.players)
    over = state.phase == "over"
    result = ENGINE.result(state)
    pending = ENGINE.decisions(state)
    assert (result is not None) == over == (not pending)
    assert len({d.seat for d in pending}) == len(pending)
    for d in pending:
        if d.kind == "pick" or state.auto_forced:
            assert len(d.choices) >= 2, "a one-choice pick (with auto_forced: any decision) is made at once"
        assert len(d.choices) <= 25
        for c in d.choices:
            assert ":" not in c.id and len(c.id) <= 24 and len(c.label) <= MAX_LABEL
        if d.kind == "pick":
            assert not d.private
    for s in range(n):
        dumped = [c for owner, c in zip(state.dumped[::2], state.dumped[1::2], strict=True) if owner == s]
        assert points(state, s) == sum(worth(c) for c in state.buckets[s] + dumped)
    if result is not None:
        assert result.scores == [points(state, s) for s in range(n)]
        assert [sum(row.values()) for row in result.breakdown] == result.scores
        assert set(result.winners) == {s for s in range(n) if result.scores[s] == max(result.scores)}
    if not state.penalty:
        assert all(c < 32 for b in state.buckets for c in b) and all(c < 32 for c in state.dumped[1::2])
    held = {c for s in range(n) for c in state.hands[s] + state.down[s]}
    assert len(set(state.known)) == len(state.known) and set(state.known) <= held | set(state.dumped[1::2])
    if state.phase in ("answer", "pick"):
        assert state.cast == state.discard[-1]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_playouts_keep_every_card_and_always_end(players):
    rnd = random.Random(players)
    ends = set()
    for game in range(210):
        options = OPTION_SETS[game % len(OPTION_SETS)]
        state = ENGINE.new_game([f"P{i}" for i in range(players)], options, seed=game * 7 + players)
        check(state, [])
        final = playout(ENGINE, state, rnd, level=("random", "greedy")[game % 2], check=check)
        ends.add(final.ended.split(" ")[-1])
    # target reached, hand dump, no fish left in any hand; with the penalty: every hand empty, a dry round
    assert ends == {"points", "buckets", "hand", "empty", "played"}


@pytest.mark.parametrize("players", range(2, 7))
def test_views_do_not_depend_on_what_a_seat_may_not_see(players: int):
    rnd = random.Random(5 + players)
    compared = changed = 0
    for game in range(players - 2, 40, 5):  # eight games a table size, split so the suite's workers share them
        state = ENGINE.new_game([f"P{i}" for i in range(players)], OPTION_SETS[game % len(OPTION_SETS)], seed=game)
        while ENGINE.decisions(state):
            for seat in [None, *range(players)]:
                a = ENGINE.view(state, seat)
                other = ENGINE.determinise(state, seat, rnd)
                changed += other != state
                assert ENGINE.view(other, seat) == a, (seat, state.phase)
                compared += 1
            d = rnd.choice(ENGINE.decisions(state))
            state, _ = ENGINE.apply(state, d.seat, ENGINE.choose(state, d.seat, "random", rnd))
    assert compared > 140 and changed > compared // 2, (compared, changed)


def test_seat_view_shows_own_hand_and_answer_but_not_others():
    state = ENGINE.new_game(["a", "b", "c", "d"], {}, seed=3)
    while state.phase != "answer" or not any(state.down):
        d = ENGINE.decisions(state)[0]
        state, _ = ENGINE.apply(state, d.seat, d.choices[0].id)
    seat = next(s for s in range(4) if state.down[s])
    mine = ENGINE.view(state, seat)
    assert sorted(mine.hand) == face_list(state.hands[seat]) and sorted(mine.my_down) == face_list(state.down[seat])
    assert mine.lures == [FACES[c] for c in sorted(state.lures[seat])]
    public = ENGINE.view(state, None)
    assert public.hand == [] and public.my_down == [] and public.lures == []
    assert public.down_counts[seat] == len(state.down[seat]) and public.status[seat] == "answered"
    text = public.model_dump_json()
    assert '"river":' not in text and '"hands":' not in text


def test_replay_gives_identical_state_and_json_round_trips():
    for game in range(40):
        players = 2 + game % 5
        rnd = random.Random(game)
        state = ENGINE.new_game([f"P{i}" for i in range(players)], OPTION_SETS[game % len(OPTION_SETS)], seed=game)
        log = []
        while ENGINE.decisions(state):
            assert ENGINE.load(ENGINE.dump(state)) == state
            d = rnd.choice(ENGINE.decisions(state))
            cid = ENGINE.choose(state, d.seat, "greedy", rnd)
            log.append((d.seat, cid))
            state, _ = ENGINE.apply(state, d.seat, cid)
        again = ENGINE.new_game([f"P{i}" for i in range(players)], OPTION_SETS[game % len(OPTION_SETS)], seed=game)
        for seat, cid in log:
            again, _ = ENGINE.apply(again, seat, cid)
        assert ENGINE.dump(again) == ENGINE.dump(state)
        assert ENGINE.load(ENGINE.dump(state)) == state


def test_events_about_draws_and_answers_are_private_to_their_seat():
    rnd = random.Random(9)
    for game in range(30):
        state = ENGINE.new_game(["a", "b", "c"], {}, seed=game)
        while ENGINE.decisions(state):
            d = rnd.choice(ENGINE.decisions(state))
            state, events = ENGINE.apply(state, d.seat, ENGINE.choose(state, d.seat, "random", rnd))
            for e in events:
                if e.kind == "draw" or e.text.startswith("You "):
                    assert e.private_to is not None


def test_greedy_beats_random_more_often_than_not():
    wins = 0
    for game in range(200):
        state = ENGINE.new_game(["greedy", "random", "random"], {}, seed=game)
        rnd = random.Random(game)
        while ENGINE.decisions(state):
            d = rnd.choice(ENGINE.decisions(state))
            level = "greedy" if d.seat == 0 else "random"
            state, _ = ENGINE.apply(state, d.seat, ENGINE.choose(state, d.seat, level, rnd))
        wins += 0 in ENGINE.result(state).winners
    assert wins > 200 / 3 * 1.15, wins


def test_greedy_choices_do_not_depend_on_what_the_seat_may_not_see():
    rnd = random.Random(12)
    checked = 0
    for game in range(40):
        players = 2 + game % 5
        state = ENGINE.new_game([f"P{i}" for i in range(players)], OPTION_SETS[game % len(OPTION_SETS)], seed=game)
        while ENGINE.decisions(state):
            d = rnd.choice(ENGINE.decisions(state))
            other = ENGINE.determinise(state, d.seat, rnd)
            mine = ENGINE.choose(state, d.seat, "greedy", random.Random(checked))
            assert ENGINE.choose(other, d.seat, "greedy", random.Random(checked)) == mine
            checked += 1
            state, _ = ENGINE.apply(state, d.seat, mine)
    assert checked > 500


def _relabel(state: ThisBigState, copies: dict[int, int]) -> ThisBigState:
    """The same table with copies of each face swapped for one another wherever they lie."""
    new = clone(state)
    swap = copies.__getitem__
    for name in ("river", "tackle", "discard", "junk", "known"):
        setattr(new, name, [swap(c) for c in getattr(new, name)])
    new.hands = [sorted(map(swap, h)) for h in new.hands]
    new.lures = [sorted(map(swap, h)) for h in new.lures]
    new.buckets = [[swap(c) for c in b] for b in new.buckets]
    new.down = [[swap(c) for c in d] for d in new.down]
    new.revealed = [x if i % 2 == 0 else swap(x) for i, x in enumerate(new.revealed)]
    new.dumped = [x if i % 2 == 0 else swap(x) for i, x in enumerate(new.dumped)]
    new.caught = [*new.caught[:2], swap(new.caught[2])] if new.caught else new.caught
    new.cast = swap(new.cast) if new.cast >= 0 else new.cast
    return new


def test_which_copy_of_a_face_a_hand_holds_never_shows():
    # Two tables that differ only in which copy of a face lies where look the same to everyone, then and for
    # the rest of the game: with the reveal rule, a shown card stays known only while it is surely in the hand.
    rnd = random.Random(21)
    compared = 0
    for game in range(15):
        players = 2 + game % 5
        options = {"reveal_uncaught": True, "target": 40, "rubbish_penalty": game % 2 == 0}
        a = ENGINE.new_game([f"P{i}" for i in range(players)], options, seed=game)
        for _ in range(rnd.randrange(60)):
            d = rnd.choice(ENGINE.decisions(a))
            a, _ = ENGINE.apply(a, d.seat, rnd.choice(d.choices).id)
        copies = {}
        for cards in FACE_CARDS.values():
            copies.update(zip(cards, rnd.sample(cards, len(cards)), strict=True))
        b = _relabel(a, copies)
        b.rng = a.rng.copy()
        while pending := ENGINE.decisions(a):
            for seat in [None, *range(players)]:
                assert observation(ENGINE, a, seat) == observation(ENGINE, b, seat), (game, seat)
                compared += 1
            d = rnd.choice(pending)
            cid = rnd.choice(d.choices).id
            a, _ = ENGINE.apply(a, d.seat, cid)
            b, _ = ENGINE.apply(b, d.seat, cid)
    assert compared > 1000, compared
