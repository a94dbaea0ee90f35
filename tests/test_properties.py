"""Hypothesis drives every game with arbitrary choice sequences; failures shrink to a short script."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines import registry

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("key", registry.keys())
@SETTINGS
@given(data=st.data())
def test_any_choice_sequence_replays_identically_and_round_trips(key, data):
    engine = registry.get(key)
    players = data.draw(st.integers(engine.min_players, engine.max_players), label="players")
    seed = data.draw(st.integers(0, 2**62), label="seed")
    picks = data.draw(st.lists(st.integers(0, 10_000), max_size=60), label="picks")
    names = [f"P{i}" for i in range(players)]

    def play():
        state = engine.new_game(names, {}, seed)
        log = []
        for pick in picks:
            pending = engine.decisions(state)
            if not pending:
                break
            decision = pending[pick % len(pending)]
            choice = decision.choices[(pick // len(pending)) % len(decision.choices)].id
            state, _ = engine.apply(state, decision.seat, choice)
            log.append((decision.seat, choice))
        return state, log

    first, log = play()
    second, again = play()
    assert log == again and engine.dump(first) == engine.dump(second)
    assert engine.load(engine.dump(first)) == first
    assert first.step == len(log)
    for seat in [None, *range(players)]:
        engine.view(first, seat)
