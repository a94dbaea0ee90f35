"""bench/prior_trials.py: a variant replaces the prior on the same seeds, and the variants do what they say."""

from __future__ import annotations

from engines import search
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
    assert search.prior_for is trials._ORIGINAL_PRIOR_FOR
