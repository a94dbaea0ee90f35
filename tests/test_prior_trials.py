"""bench/prior_trials.py: a variant replaces the prior on the same seeds, and the variants do what they say."""

from __future__ import annotations

import random

from engines import search
from engines.pushfish import ENGINE
from tests.bench_helpers import load_bench
from tests.pushfish_helpers import card, empty_hands, game, play, put, script, set_catches


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
    assert trials._shares("pushfish", "end-aware=1e9", pushfish, 1) == trials._shares("pushfish", "", pushfish, 1)
    assert search.prior_for is trials._ORIGINAL_PRIOR_FOR


def _fighting_the_golden_fish(monkeypatch, their_catches: list[str]):
    """Seat 0 has hooked the Golden Fish (which ends the game once landed) and must aim; seat 1 has caught these."""
    s = game(chars=("hattori", "jack"))
    empty_hands(s)
    s.offer = (-1,) * len(s.offer)
    put(s, 0, "Golden Fish")
    set_catches(s, 1, [card(name) for name in their_catches])
    script(monkeypatch, casts=[0])
    s, _ = play(s, 0, "cast-r1c1", "hit-r1c1")
    return s, ENGINE.decisions(s)[0]


def test_end_aware_will_not_land_a_legend_that_ends_the_game_with_it_behind(monkeypatch):
    """Behind by more than the legend's 10 points, landing it loses at once: the variant takes its worst aim
    (and Samurai Hattori's wider zones are left unused), where the prior takes its best."""
    trials = load_bench("prior_trials")
    end_aware = trials.pushfish_end_aware("")
    prior = search.prior_for("pushfish")
    s, decision = _fighting_the_golden_fish(monkeypatch, ["Coelacanth", "Manta Ray", "Arapaima"])
    ids = [c.id for c in decision.choices]
    assert "ability" in ids and prior(ENGINE, s, decision, random.Random(1)) == "ability"
    mine = end_aware(ENGINE, s, decision, random.Random(1))
    assert mine in ("aim-S-lo", "aim-S-hi")
    s, _ = play(s, 0, "ability")
    decision = ENGINE.decisions(s)[0]
    assert prior(ENGINE, s, decision, random.Random(1)) == "aim-S-c"
    ahead, decision = _fighting_the_golden_fish(monkeypatch, ["Coelacanth"])
    assert end_aware(ENGINE, ahead, decision, random.Random(1)) == prior(ENGINE, ahead, decision, random.Random(1))
