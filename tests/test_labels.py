"""Words players read: no label or detail is clipped to Discord's limits, none is empty, ids are unique."""

from __future__ import annotations

import random

import pytest

from engines import registry
from engines.core import MAX_DETAIL, MAX_LABEL

GAMES = 40


@pytest.mark.parametrize("key", registry.keys())
def test_no_label_or_detail_is_clipped_in_many_games(key):
    engine = registry.get(key)
    rnd = random.Random(5)
    clipped: set[str] = set()
    for seed in range(GAMES):
        players = engine.min_players + seed % (engine.max_players - engine.min_players + 1)
        state = engine.new_game([f"Player {i} ".ljust(32, "x") for i in range(players)], {}, seed)
        while pending := engine.decisions(state):
            for decision in pending:
                for c in decision.choices:
                    for text, limit in ((c.label, MAX_LABEL), (c.detail, MAX_DETAIL)):
                        if len(text) >= limit:  # a clip leaves exactly `limit` characters
                            clipped.add(text)
            decision = pending[int(rnd.random() * len(pending))]
            state, _ = engine.apply_to(state, decision, decision.choices[int(rnd.random() * len(decision.choices))].id)
    assert not clipped, f"{len(clipped)} clipped texts, e.g. {sorted(clipped)[:5]}"


@pytest.mark.parametrize("key", registry.keys())
def test_every_label_is_non_empty_and_ids_are_unique_per_decision(key):
    engine = registry.get(key)
    rnd = random.Random(9)
    for seed in range(10):
        state = engine.new_game([f"P{i}" for i in range(engine.max_players)], {}, seed)
        while pending := engine.decisions(state):
            for decision in pending:
                ids = [c.id for c in decision.choices]
                assert len(ids) == len(set(ids)) and all(c.label.strip() for c in decision.choices)
            decision = pending[int(rnd.random() * len(pending))]
            state, _ = engine.apply_to(state, decision, decision.choices[int(rnd.random() * len(decision.choices))].id)
