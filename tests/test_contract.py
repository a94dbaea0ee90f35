"""Every registered game keeps the shared contract: ids, labels, purity, views, results, serialisation."""

from __future__ import annotations

import json
import random
import re

import pytest

from engines import registry
from engines.core import AI_LEVELS, GameOver, IllegalChoice, NotYourTurn
from renderers import registry as drawings

ID = re.compile(r"^[A-Za-z0-9_.+=\-]{1,24}$")


def seated(engine) -> list[str]:
    """Names for the largest table the game allows."""
    return [f"P{i}" for i in range(engine.max_players)]


@pytest.mark.parametrize("key", registry.keys())
def test_every_decision_is_well_formed_and_the_game_ends(key):
    engine = registry.get(key)
    for seed in range(3):
        rnd = random.Random(seed)
        players = seated(engine)[: rnd.randint(engine.min_players, engine.max_players)]
        state = engine.new_game(players, {}, seed)
        for _ in range(20_000):
            pending = engine.decisions(state)
            if not pending:
                break
            assert len({d.seat for d in pending}) == len(pending), "a seat has two pending decisions"
            for d in pending:
                ids = [c.id for c in d.choices]
                assert ids and len(ids) == len(set(ids)) <= 100, d
                assert all(ID.match(i) for i in ids), ids
                assert all(0 < len(c.label) <= 80 for c in d.choices)
                assert d.prompt
            decision = rnd.choice(pending)
            state, _ = engine.apply(state, decision.seat, rnd.choice(decision.choices).id)
        result = engine.result(state)
        assert result is not None, "no decision left but no result"
        assert len(result.scores) == len(players) and result.winners
        assert all(sum(b.values()) == s for b, s in zip(result.breakdown, result.scores, strict=True)), key


@pytest.mark.parametrize("key", registry.keys())
def test_apply_is_pure_and_refusals_are_typed(key):
    engine = registry.get(key)
    state = engine.new_game(seated(engine)[: engine.min_players + 1], {}, 11)
    before = engine.dump(state)
    decision = engine.decisions(state)[0]
    idle = [s for s in range(len(state.players)) if s not in {d.seat for d in engine.decisions(state)}]
    if idle:
        with pytest.raises(NotYourTurn):
            engine.apply(state, idle[0], decision.choices[0].id)
    with pytest.raises(IllegalChoice):
        engine.apply(state, decision.seat, "no-such-choice")
    engine.apply(state, decision.seat, decision.choices[0].id)
    assert engine.dump(state) == before


@pytest.mark.parametrize("key", registry.keys())
def test_finished_games_refuse_moves_states_round_trip_and_views_read_as_text(key):
    engine = registry.get(key)
    rnd = random.Random(5)
    state = engine.new_game(seated(engine)[: engine.min_players], {}, 5)
    seen = [state]
    while engine.decisions(state):
        d = engine.decisions(state)[0]
        state, _ = engine.apply(state, d.seat, rnd.choice(d.choices).id)
        seen.append(state)
    with pytest.raises(GameOver):
        engine.apply(state, 0, "anything")
    drawing = drawings.get(key)
    for s in seen[:: max(1, len(seen) // 10)] + [state]:
        assert engine.load(engine.dump(s)) == s
        for seat in [None, *range(len(s.players))]:
            view = engine.view(s, seat)
            json.dumps(view.model_dump(mode="json"))
            assert all(name in drawing.text(view) for name in s.players)


@pytest.mark.parametrize("key", registry.keys())
def test_rules_summary_options_and_ai_levels_are_published(key):
    engine = registry.get(key)
    assert engine.name and len(engine.rules_summary) > 80
    assert engine.ai_levels == AI_LEVELS
    engine.parse_options({})  # every option has a default
