"""This Big!'s two-player `hard` caster (ai.paired_cast): it casts the lure that wins, reads nothing its seat
may not see, keeps to its budget, and is asked only at two-player casts."""

from __future__ import annotations

import gc
import random
import time

import pytest

from engines.core import Decision, clone
from engines.search import BUDGET_ENV
from engines.thisbig import ENGINE, ThisBigState
from engines.thisbig import ai as thisbig_ai
from engines.thisbig.ai import paired_cast
from engines.thisbig.cards import FACES
from engines.thisbig.rules import points
from tests.thisbig_helpers import table


def cast_points(players: int, count: int, seed: int) -> list[tuple[ThisBigState, Decision]]:
    """`count` casts with a choice, at random points of games the greedy player plays."""
    rnd = random.Random(seed)
    found = []
    game = 0
    while len(found) < count:
        state = ENGINE.new_game([f"P{i}" for i in range(players)], None, seed * 100 + game)
        stop, game = rnd.randrange(1, 40), game + 1
        while pending := ENGINE.decisions(state):
            decision = pending[int(rnd.random() * len(pending))]
            if state.step >= stop and decision.kind == "cast" and len(decision.choices) > 1:
                found.append((state, decision))
                break
            state, _ = ENGINE.apply_to(state, decision, ENGINE.ai_choice(state, decision, "normal", rnd))
    return found


def test_the_paired_caster_casts_the_lure_that_wins_over_the_one_that_hands_the_game_over():
    """7 points to 9, the target 10, the River empty (so Bob's hand is known by elimination): blue catches his
    blue 3 and wins at once; yellow catches his yellow 1, and Bob's red lure then takes Ann's red 1 and wins."""
    state = table(["r1", "b3 y1"], ["lure-y lure-b", "lure-r"], river="", tackle="")
    for seat, faces in ((0, "g3 g2 g2"), (1, "g4 g5")):
        for face in faces.split():
            card = next(c for c in state.junk if FACES[c] == face)
            state.junk.remove(card)
            state.buckets[seat].append(card)
    assert (points(state, 0), points(state, 1)) == (7, 9)
    decision = ENGINE.decisions(state)[0]
    assert [c.id for c in decision.choices] == ["lure-y", "lure-b"]
    assert paired_cast(ENGINE, state, decision, random.Random(0), 1.0, max_worlds=4) == "lure-b"


def test_the_paired_caster_never_reads_what_its_seat_may_not_see():
    """Two states that differ only in what the caster may not see, the same seed: the same lure."""
    differed = 0
    for i, (state, decision) in enumerate(cast_points(2, 8, seed=31)):
        other = ENGINE.determinise(state, decision.seat, random.Random(i))
        differed += ENGINE.dump(other) != ENGINE.dump(state)
        mine = paired_cast(ENGINE, state, decision, random.Random(i), 1.0, max_worlds=6)
        pair = next(d for d in ENGINE.decisions(other) if d.seat == decision.seat)
        assert paired_cast(ENGINE, other, pair, random.Random(i), 1.0, max_worlds=6) == mine
    assert differed


def test_a_paired_caster_reading_the_true_hands_would_be_caught(monkeypatch):
    """The check above can fail: worlds that keep the true hands cast differently somewhere."""
    spots = cast_points(2, 30, seed=37)
    others = [ENGINE.determinise(s, d.seat, random.Random(i)) for i, (s, d) in enumerate(spots)]

    def casts() -> list[str]:
        return [paired_cast(ENGINE, o, d, random.Random(i), 1.0, max_worlds=6)
                for i, (o, (_, d)) in enumerate(zip(others, spots, strict=True))]

    honest = casts()

    def peek(self, state, seat, rnd):
        new = clone(state)
        new.rng = type(state.rng).from_seed(rnd.getrandbits(64))
        return new

    monkeypatch.setattr(type(ENGINE), "determinise", peek)
    assert casts() != honest


def test_the_paired_caster_keeps_to_its_budget_plus_a_fifth(monkeypatch):
    """At random two-player casts, a 150 ms budget: a lure on offer, within 180 ms of this thread's CPU."""
    monkeypatch.setenv(BUDGET_ENV, "150")
    for i, (state, decision) in enumerate(cast_points(2, 5, seed=41)):
        gc.collect()
        cpu = time.thread_time()
        choice = ENGINE.ai_choice(state, decision, "hard", random.Random(i))
        spent = time.thread_time() - cpu
        assert decision.choice(choice) is not None
        assert spent <= 0.18, f"{spent * 1e3:.1f} ms"


@pytest.mark.parametrize(("players", "kind", "asked"), [(2, "cast", True), (2, "answer", False), (3, "cast", False)])
def test_hard_asks_the_paired_caster_only_at_two_player_casts(monkeypatch, players, kind, asked):
    """Elsewhere (answers, picks, tables of three or more, where the tree finds what paired casts would) the
    search answers."""
    monkeypatch.setenv(BUDGET_ENV, "5")
    calls = []
    monkeypatch.setattr(thisbig_ai, "paired_cast", lambda e, s, d, rnd, budget: calls.append(d) or d.choices[0].id)
    rnd = random.Random(5)
    for g in range(40):
        state = ENGINE.new_game([f"P{i}" for i in range(players)], None, 4000 + g)
        while pending := ENGINE.decisions(state):
            decision = pending[0]
            if decision.kind == kind and len(decision.choices) > 1:
                ENGINE.ai_choice(state, decision, "hard", rnd)
                assert bool(calls) == asked
                return
            state, _ = ENGINE.apply_to(state, decision, ENGINE.ai_choice(state, decision, "normal", rnd))
    pytest.fail(f"no {kind} with a choice in 40 games")
