"""bench/prior_trials.py: a variant replaces the prior on the same seeds, and the variants do what they say."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from engines import registry, search
from engines.pushfish import ai
from tests.bench_helpers import load_bench


def test_a_variant_that_changes_nothing_plays_the_priors_games_and_one_that_changes_casts_does_not():
    """The comparison is paired: the identity variants give every game the same result as the prior, and the
    prior is back in place afterwards."""
    trials = load_bench("prior_trials")
    arena = load_bench("arena")
    thisbig = arena.matches("thisbig", 2, arena.PRIOR, "greedy", 30, 4100)
    base = trials._shares("thisbig", "", thisbig, 1)
    assert trials._shares("thisbig", "lunker=1", thisbig, 1) == base
    never = trials._shares("thisbig", "lunker=0", thisbig, 1)  # never casts the Lunker while a colour is on offer
    assert never != base
    pushfish = arena.matches("pushfish", 2, arena.PRIOR, "greedy", 4, 4200)
    assert trials._shares("pushfish", "end-margin=0", pushfish, 1) == trials._shares("pushfish", "", pushfish, 1)
    assert trials._shares("pushfish", "reveal=0", pushfish, 1) == trials._shares("pushfish", "", pushfish, 1)
    assert search.prior_for is trials._ORIGINAL_PRIOR_FOR


def test_the_careful_catch_is_the_mean_of_what_a_careful_two_player_answer_puts_down():
    """Two fish of the colour: the two smallest; a fish and a rubbish: that fish or nothing; no fish: No Catch."""
    trials = load_bench("prior_trials")
    red1, red2, red4, red5, blue5, boot = 0, 2, 6, 7, 31, 32
    assert trials._careful_catch([red5, red2, red4], 0) == (2 + 4) / 2
    assert trials._careful_catch([red5, red1, boot], 0) == 1 / 2
    assert trials._careful_catch([red4, blue5], 0) == 4
    assert trials._careful_catch([blue5, boot], 0) == 0


def _plays_the_priors_games(players: int, count: int, seed: int, *variants: str) -> list[bool]:
    """For each This Big! variant: whether it gives every one of `count` games against greedy the prior's result."""
    trials = load_bench("prior_trials")
    arena = load_bench("arena")
    games = arena.matches("thisbig", players, arena.PRIOR, "greedy", count, seed)
    base = trials._shares("thisbig", "", games, 1)
    return [trials._shares("thisbig", variant, games, 1) == base for variant in variants]


def test_the_spread_variant_at_the_priors_weight_plays_the_priors_games():
    """`spread=0.1` is the prior's own cast score, so four-player games come out the same; a sum-led score does not."""
    assert _plays_the_priors_games(4, 24, 4300, "spread=0.1", "spread=100") == [True, False]


def test_the_kinds_variant_counts_the_lures_left_and_at_weight_zero_plays_the_priors_games():
    """Casting one of two red lures leaves two kinds, casting the blue leaves one; `kinds=0` is the prior's
    own score, and a heavy weight on variety changes casts."""
    trials = load_bench("prior_trials")
    view = SimpleNamespace(lures=["lure-r", "lure-r", "lure-b"])
    assert sorted(trials._kept(trials.Cast(view, [], "lure-r", 0, [1.0]))) == ["lure-b", "lure-r"]
    assert trials._kept(trials.Cast(view, [], "lure-b", 3, [1.0])) == ["lure-r", "lure-r"]
    assert _plays_the_priors_games(2, 30, 4400, "kinds=0", "kinds=5") == [True, False]


@pytest.mark.parametrize(("name", "kind", "players", "alone"), [("answers", "answer", 4, 2), ("casts", "cast", 2, 4)])
def test_a_paired_variant_chooses_its_decisions_legally_and_leaves_other_tables_alone(name, kind, players, alone):
    """`answers=N` (3+-player answers) and `casts=N` (two-player casts) choose by paired worlds: a legal choice,
    the same one each time it is asked of the same table, not always the prior's; and they play no game at the
    other table size differently from the prior."""
    assert _plays_the_priors_games(alone, 6, 4500, f"{name}=4") == [True]
    trials = load_bench("prior_trials")
    engine = registry.get("thisbig")
    policy = trials.VARIANTS["thisbig", name]("4")
    seats = ["a", "b", "c", "d"][:players]
    state, rnd, asked, departed = engine.new_game(seats, None, 4600), random.Random(4600), 0, 0
    while (pending := engine.decisions(state)) and asked < 6:
        d = pending[0]
        if d.kind == kind and len(d.choices) > 1:
            cid = policy(engine, state, d, random.Random(1))
            assert cid in {c.id for c in d.choices}
            assert policy(engine, state, d, random.Random(2)) == cid  # its worlds do not draw on the game's stream
            departed += cid != search.prior_for("thisbig")(engine, state, d, random.Random(1))
            asked += 1
        state, _ = engine.apply_to(state, d, engine.ai_choice(state, d, "greedy", rnd))
    assert asked == 6 and departed


def test_without_idle_casts_the_prior_fights_where_no_further_cast_could_beat_its_hit_and_nowhere_else():
    trials = load_bench("prior_trials")
    engine, policy, left = registry.get("pushfish"), trials.VARIANTS["pushfish", "idle-casts"]("off"), 0
    for seed in range(6):
        state = engine.new_game(["A", "B"], None, 4300 + seed)
        while pending := engine.decisions(state):
            d = pending[0]
            mine = search.prior_for("pushfish")(engine, state, d, random.Random(1))
            theirs = policy(engine, state, d, random.Random(1))
            if mine != theirs:
                mind = ai.Mind(engine.view(state, d.seat), d.seat, ai.PRIOR)
                assert mine == "recast" and theirs.startswith("hit") and mind.best_cast(mind.kept()) <= mind.kept() + 1e-9
                left += 1
            state, _ = engine.apply_to(state, d, mine)
    assert left  # the prior casts on where nothing could do better, and the variant does not
