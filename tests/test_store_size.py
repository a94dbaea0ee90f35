"""Store size and tick cost: a finished game keeps no copy of its last batch; the status query is indexed."""

from __future__ import annotations

import asyncio
import sqlite3

import bot.store
from bot.host import Host
from bot.store import MIGRATIONS, SqliteStore, find_query

SHRINKING = 6  # the migration that clears old batches and indexes the status


async def all_ai_game(host: Host, key: str) -> int:
    """A finished game played by AI seats alone, from one `begin` (its whole log is one batch)."""
    record = await host.create(key, {}, 1, "Host", seat_creator=False)
    for _ in range(2):
        await host.add_ai(record.id, 1, "random")
    played = await host.begin(record.id, 1, seed=5)
    assert played.record.status == "finished"
    return record.id


def stored_batches(db_path: str) -> list[object]:
    with sqlite3.connect(db_path) as conn:
        return [row[0] for row in conn.execute("SELECT new_moves FROM games")]


async def test_a_finished_game_does_not_keep_its_last_batch_of_moves_beside_the_log(db_path, toy_game):
    host = await Host.open(db_path)
    game = await all_ai_game(host, toy_game)
    assert len(await host.history(game, limit=10_000)) > 1
    await host.close()
    assert stored_batches(db_path) == [None]


async def test_the_migration_clears_old_batches_and_their_logs_still_replay(db_path, toy_game, monkeypatch):
    monkeypatch.setattr(bot.store, "MIGRATIONS", MIGRATIONS[:SHRINKING - 1])
    with monkeypatch.context() as old_code:
        old_code.setattr(Host, "result", lambda self, record: None)  # the code of that schema kept no results
        old_code.setattr(SqliteStore, "fill_results", lambda self, compute: asyncio.sleep(0, 0))
        old_code.setattr(SqliteStore, "rate_finished", lambda self: asyncio.sleep(0, 0))  # nor ratings
        host = await Host.open(db_path)
        game = await all_ai_game(host, toy_game)
        await host.close()
    assert stored_batches(db_path) != [None]  # the schema before the migration kept the whole log twice
    monkeypatch.setattr(bot.store, "MIGRATIONS", MIGRATIONS)
    host = await Host.open(db_path)
    assert stored_batches(db_path) == [None]
    # its finishes were read from its state when the upgraded host opened (an all-AI game: no person's record)
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("SELECT result FROM games").fetchone()[0] == host.result(await host.get(game)).model_dump_json()
    record = await host.get(game)
    replayed = await host.replay(game)
    assert host.engine(record).dump(replayed) == host.engine(record).dump(record.state)
    await host.close()


async def test_the_status_query_of_every_tick_reads_the_status_index_not_every_game(db_path):
    store = await SqliteStore.open(db_path)
    await store.close()
    with sqlite3.connect(db_path) as conn:
        for statuses in (("active",), ("lobby",), ("lobby", "active")):
            sql, args = find_query(None, statuses)
            plan = " ".join(row[-1] for row in conn.execute("EXPLAIN QUERY PLAN " + sql, args))
            assert "SEARCH games USING INDEX games_by_status" in plan, plan
