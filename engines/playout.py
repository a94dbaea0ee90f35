"""Drive a game to its end with AI choices: used by tests, benchmarks and demos."""

from __future__ import annotations

import random
from collections.abc import Callable

from engines.core import Event, GameEngine, GameState

MAX_STEPS = 20_000


def playout(
    engine: GameEngine,
    state: GameState,
    rnd: random.Random,
    level: str = "random",
    check: Callable[[GameState, list[Event]], None] | None = None,
) -> GameState:
    """Play AI choices until the game ends (all seats at `level`); `check` sees every state."""
    for _ in range(MAX_STEPS):
        pending = engine.decisions(state)
        if not pending:
            assert engine.result(state) is not None, "no decision on offer but no result"
            return state
        decision = pending[0] if len(pending) == 1 else pending[int(rnd.random() * len(pending))]
        choice = engine.ai_choice(state, decision, level, rnd)
        state, events = engine.apply_to(state, decision, choice)
        if check is not None:
            check(state, events)
    raise AssertionError(f"game did not end within {MAX_STEPS} choices")
