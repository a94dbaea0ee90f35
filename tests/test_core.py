"""The shared engine contract: seeded RNG, state copies, option errors, ranks and typed errors."""

from __future__ import annotations

import pytest

from engines.core import BadOptions, GameOver, IllegalChoice, NotYourTurn, Result, clone
from engines.rng import Rng
from tests.toygame import ENGINE as TOY


def test_rng_same_seed_same_numbers_and_state_round_trips():
    a, b = Rng.from_seed(42), Rng.from_seed(42)
    assert [a.next_u64() for _ in range(5)] == [b.next_u64() for _ in range(5)]
    state = TOY.new_game(["A", "B"], {}, 9)
    state.rng = a
    c = TOY.load(TOY.dump(state)).rng
    assert c == a and c is not a and c.random() == a.random()


def test_rng_randrange_is_roughly_uniform_and_in_range():
    rng = Rng.from_seed(1)
    counts = [0] * 6
    for _ in range(60_000):
        counts[rng.randrange(6)] += 1
    assert all(9_400 < c < 10_600 for c in counts)


def test_rng_gauss_has_the_asked_spread():
    rng = Rng.from_seed(3)
    xs = [rng.gauss(5.0, 2.0) for _ in range(40_000)]
    mean = sum(xs) / len(xs)
    sd = (sum((x - mean) ** 2 for x in xs) / len(xs)) ** 0.5
    assert abs(mean - 5.0) < 0.05 and abs(sd - 2.0) < 0.05


def test_rng_shuffle_is_a_permutation_and_seed_dependent():
    items = list(range(30))
    one, two = list(items), list(items)
    Rng.from_seed(1).shuffle(one)
    Rng.from_seed(2).shuffle(two)
    assert sorted(one) == items and one != two


def test_clone_is_deep_for_lists_and_models():
    state = TOY.new_game(["A", "B"], {}, 9)
    copy = clone(state)
    copy.taken[0] = 99
    copy.rng.next_u64()
    assert state.taken[0] == 0 and state.rng != copy.rng
    assert clone(state) == state


def test_apply_is_pure_and_raises_typed_errors():
    state = TOY.new_game(["A", "B"], {"stones": 2}, 9)
    before = TOY.dump(state)
    with pytest.raises(NotYourTurn):
        TOY.apply(state, 1, "take-1")
    with pytest.raises(IllegalChoice):
        TOY.apply(state, 0, "take-3")
    after, events = TOY.apply(state, 0, "take-2")
    assert TOY.dump(state) == before and after.step == 1 and events
    with pytest.raises(GameOver):
        TOY.apply(after, 1, "take-1")


def test_bad_options_and_player_counts_have_readable_messages():
    with pytest.raises(BadOptions, match="stones"):
        TOY.new_game(["A", "B"], {"stones": "lots"}, 1)
    with pytest.raises(BadOptions, match="2 to 4 players, not 5"):
        TOY.new_game(list("ABCDE"), {}, 1)


def test_result_ranks_share_ties_and_default_winners_are_the_top_score():
    result = Result.from_scores([10, 12, 12, 3], [{"x": 10}, {"x": 12}, {"x": 12}, {"x": 3}])
    assert result.ranks == [3, 1, 1, 4]
    assert result.winners == [1, 2]


def test_clone_shares_immutable_tuples_and_copies_nested_lists():
    from pydantic import BaseModel

    class Inner(BaseModel):
        marks: list[int]

    class Outer(BaseModel):
        fixed: tuple[int, ...]
        grid: list[list[int]]
        inner: Inner

    value = Outer(fixed=(1, 2), grid=[[1], [2]], inner=Inner(marks=[3]))
    copy = clone(value)
    copy.grid[0].append(9)
    copy.inner.marks.append(9)
    assert copy.fixed is value.fixed
    assert value.grid == [[1], [2]] and value.inner.marks == [3]
