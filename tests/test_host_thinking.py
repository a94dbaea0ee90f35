"""AI seats think off the event loop; a move thought out on a version that moved on is refused and thought again."""

from __future__ import annotations

import asyncio
import time

from bot import thinking
from bot.host import Host
from bot.store import SqliteStore
from bot.thinking import ai_moves, think_in_pool
from engines.search import BUDGET_ENV, WALL_CAP
from engines.thisbig import ENGINE
from tests.test_thisbig_rulings import LURES3
from tests.thisbig_helpers import table


async def started_game(host: Host, ais: int) -> int:
    """An active toy game: a person (user 1) at seat 0, then AI seats; the person is to act."""
    record = await host.create("toy", {"stones": 30}, 1, "Ann")
    for _ in range(ais):
        await host.add_ai(record.id, 1, "greedy")
    played = await host.begin(record.id, 1, seed=1)
    assert host.pending(played.record)[0].seat == 0
    return record.id


async def test_ai_seats_think_in_the_pool_and_play_as_they_would_on_the_event_loop(db_path, toy_game):
    host = await Host.open(db_path)
    game = await started_game(host, 2)
    record = await host.get(game)
    inline = ai_moves(host.engine(record), host.engine(record).apply(record.state, 0, "take-1")[0],
                      {1: "greedy", 2: "greedy"}, record.seed, 100, {})
    played = await host.submit(game, 1, "take-1", record.version)
    assert [(m.seat, m.choice_id) for m in played.moves[1:]] == inline
    assert [m.seat for m in played.moves] == [0, 1, 2] and host.pending(played.record)[0].seat == 0
    await host.close()


async def test_the_event_loop_stays_free_while_ai_seats_think(db_path, toy_game):
    started = asyncio.Event()

    async def slow(*args):
        started.set()
        await asyncio.sleep(0.2)  # stands for a search player's second of thought in a worker
        return await think_in_pool(*args)

    host = Host(await SqliteStore.open(db_path), think=slow)
    game = await started_game(host, 1)
    record = await host.get(game)
    submit = asyncio.create_task(host.submit(game, 1, "take-2", record.version))
    await started.wait()
    assert (await host.get(game)).state.pile == record.state.pile - 2  # the person's move is already stored
    await submit
    await host.close()


async def test_an_ai_move_thought_on_a_version_another_process_moved_past_is_refused_and_thought_again(
        db_path, toy_game):
    other = await Host.open(db_path)  # another bot process on the same database
    calls = []

    async def racing(*args):
        calls.append(args[1].step)
        if len(calls) == 1:
            await other.step_ai(game)  # meanwhile the other process plays the first AI seat itself
        return await think_in_pool(*args)

    host = Host(await SqliteStore.open(db_path), think=racing)
    game = await started_game(host, 2)
    record = await host.get(game)
    played = await host.submit(game, 1, "take-1", record.version)
    assert len(calls) == 2 and calls[1] == calls[0] + 1  # thought again, on the state after the other's move
    log = await host.history(game, limit=100)
    assert [(m.index, m.seat) for m in log] == [(0, 0), (1, 1), (2, 2)]  # each move once
    assert [m.seat for m in played.moves] == [0, 2] and played.record.version == (await other.get(game)).version
    replayed = await host.replay(game)
    assert host.engine(record).dump(replayed) == host.engine(record).dump(played.record.state)
    await host.close()
    await other.close()


async def test_a_searching_seat_takes_the_longest_a_search_may_even_when_its_answer_is_forced(monkeypatch):
    """The table sees how long an AI takes: a forced answer (such a card is a fish) must not come back sooner than
    a real search, which on a busy machine runs to WALL_CAP budgets of wall time."""
    monkeypatch.setenv(BUDGET_ENV, "250")
    state, _ = ENGINE.apply(table(["g1 b2", "r3 y2", "b1 y4"], LURES3), 0, "lure-r")  # P1 and P2 are forced
    start = time.monotonic()
    chosen = await think_in_pool(ENGINE, state, {1: "hard", 2: "hard"}, 1, 2, {BUDGET_ENV: "250"})
    assert chosen == [(1, "r3"), (2, "pass")] and time.monotonic() - start >= 2 * (WALL_CAP + thinking.SLACK) * 0.25
    start = time.monotonic()
    assert await think_in_pool(ENGINE, state, {1: "normal", 2: "normal"}, 1, 2, {}) == chosen
    assert time.monotonic() - start < 0.5  # the greedy levels answer as soon as they know
