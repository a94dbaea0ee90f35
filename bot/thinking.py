"""AI moves thought out in a worker process, so that AI seats never hold the event loop."""

from __future__ import annotations

import asyncio
import os
import random
import time
from collections.abc import Awaitable, Callable

from bot import workers
from engines.core import AI_NAMES, Decision, GameEngine, GameState
from engines.search import WALL_CAP, budget_seconds

SLACK = 0.25  # budgets a searching seat's move waits past the search's wall cap: the answer of a search stopped
# at the cap still has to finish its iteration and come back from the worker, later on a busy machine
AI_ENV_PREFIX = "FISHBOT_AI"  # settings of the AI players (e.g. FISHBOT_AI_BUDGET_MS), passed to each worker call
Thinker = Callable[[GameEngine, GameState, dict[int, str], int, int, dict[str, str]],
                   Awaitable[list[tuple[int, str]]]]


def next_ai_decision(engine: GameEngine, state: GameState, levels: dict[int, str]) -> Decision | None:
    """The pending decision an AI plays next: the first one of an automated seat."""
    return next((d for d in engine.decisions(state) if d.seat in levels), None)


def ai_moves(engine: GameEngine, state: GameState, levels: dict[int, str], seed: int, limit: int,
             env: dict[str, str]) -> list[tuple[int, str]]:
    """In a worker: the automated seats' (seat, choice) from this state on, until a person must decide.

    Each choice is seeded by the game's seed, step and seat, so it does not depend on where it is thought.
    """
    for name in [n for n in os.environ if n.startswith(AI_ENV_PREFIX)]:
        del os.environ[name]
    os.environ.update(env)
    chosen: list[tuple[int, str]] = []
    while len(chosen) < limit and (decision := next_ai_decision(engine, state, levels)) is not None:
        rnd = random.Random(f"{seed}:{state.step}:{decision.seat}")
        choice_id = engine.ai_choice(state, decision, levels[decision.seat], rnd)
        chosen.append((decision.seat, choice_id))
        state, _ = engine.apply_to(state, decision, choice_id)
    return chosen


async def think_in_pool(engine: GameEngine, state: GameState, levels: dict[int, str], seed: int, limit: int,
                        env: dict[str, str]) -> list[tuple[int, str]]:
    """`ai_moves` in the thinking pool, off the event loop (four AI seats thinking leave it free).

    Each move of a searching seat takes the longest a search may (WALL_CAP budgets of wall time) and SLACK more:
    the search answers a one-choice decision at once and may settle early, both by what its hand holds, and the
    table sees how long an AI takes, on a busy machine too (where a real search runs past its budget of CPU).
    """
    start = time.monotonic()
    chosen = await workers.run("think", ai_moves, engine, state, levels, seed, limit, env)
    searched = sum(AI_NAMES.get(levels[seat], levels[seat]) == "hard" for seat, _ in chosen)
    shown = searched * (WALL_CAP + SLACK) * budget_seconds()
    await asyncio.sleep(max(0.0, shown - (time.monotonic() - start)))
    return chosen
