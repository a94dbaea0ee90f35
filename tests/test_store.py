"""The SQLite store: migrations, the compare-and-swap and the move log appended in the same statement."""

from __future__ import annotations

import sqlite3

from bot.models import DmNote, GameRecord, Move, Seat
from bot.store import MIGRATIONS, SqliteStore


def record(**changes) -> GameRecord:
    """A lobby record."""
    base = dict(id=0, key="toy", options={}, seed=1, status="lobby", host_user=1, seats=[Seat(user_id=1, name="A")],
                created_at=1.0, updated_at=1.0, turn_since=1.0)
    return GameRecord(**{**base, **changes})


async def test_migrations_bring_a_new_file_to_the_latest_schema_and_are_idempotent(db_path):
    store = await SqliteStore.open(db_path)
    await store.close()
    store = await SqliteStore.open(db_path)
    await store.close()
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


async def test_an_older_schema_is_migrated_in_place_keeping_its_games(db_path):
    with sqlite3.connect(db_path) as conn:
        conn.executescript(MIGRATIONS[0])
        conn.execute("PRAGMA user_version = 1")
        conn.execute("INSERT INTO games (key, options, seed, status, host_user, seats, created_at, updated_at, "
                     "turn_since) VALUES ('toy', '{}', 1, 'lobby', 1, '[]', 1, 1, 1)")
    store = await SqliteStore.open(db_path)
    loaded = await store.load(1)
    assert loaded is not None and loaded[0].key == "toy"
    await store.close()


async def test_seats_in_stored_options_move_up_by_one_as_people_now_count_them_from_1(db_path):
    """Games stored when seats in options counted from 0 keep the seats they were given: first_player 0 (the first
    to join) becomes 1, Push Fish's legendary [0, 2] becomes [1, 3]; other options and games are left alone."""
    with sqlite3.connect(db_path) as conn:
        for script in MIGRATIONS[:-1]:
            conn.executescript(script)
        conn.execute(f"PRAGMA user_version = {len(MIGRATIONS) - 1}")
        for key, options in (("wishes", '{"first_player": 0}'), ("thisbig", '{"first_player": 2, "target": 12}'),
                             ("friendly", '{"first_player": null, "board": "large"}'),
                             ("pushfish", '{"legendary": [0, 2], "length": "short"}'), ("pushfish", '{"legendary": []}'),
                             ("toy", '{"first_player": 0}')):
            conn.execute("INSERT INTO games (key, options, seed, status, host_user, seats, created_at, updated_at, "
                         "turn_since) VALUES (?, ?, 1, 'active', 1, '[]', 1, 1, 1)", (key, options))
    store = await SqliteStore.open(db_path)
    assert [(await store.load(i))[0].options for i in range(1, 7)] == [
        {"first_player": 1}, {"first_player": 3, "target": 12}, {"first_player": None, "board": "large"},
        {"legendary": [1, 3], "length": "short"}, {"legendary": []}, {"first_player": 0}]
    await store.close()


async def test_a_move_log_from_before_it_lost_its_rowid_is_kept_and_still_appended_to(db_path):
    with sqlite3.connect(db_path) as conn:
        for script in MIGRATIONS[:4]:
            conn.executescript(script)
        conn.execute("PRAGMA user_version = 4")
        conn.execute("INSERT INTO games (key, options, seed, status, host_user, seats, created_at, updated_at, "
                     "turn_since) VALUES ('toy', '{}', 1, 'active', 1, '[]', 1, 1, 1)")
        conn.execute("INSERT INTO moves VALUES (1, 0, 0, 'take-1', 'Take 1', 0, 1.0), (1, 1, 1, 'take-2', 'Take 2', 1, 2.0)")
    store = await SqliteStore.open(db_path)
    game, _ = await store.load(1)
    assert [(m.index, m.choice_id, m.by_ai) for m in await store.moves(1)] == [(0, "take-1", False), (1, "take-2", True)]
    game.version = 1
    assert await store.save(game, "{}", 0, [Move(index=2, seat=0, choice_id="take-3", label="Take 3")], setup=False)
    assert [m.choice_id for m in await store.moves(1, last=2)] == ["take-2", "take-3"]
    await store.close()
    with sqlite3.connect(db_path) as conn:
        assert "WITHOUT ROWID" in conn.execute("SELECT sql FROM sqlite_master WHERE name = 'moves'").fetchone()[0]
        triggers = [row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'")]
        assert sorted(triggers) == ["games_append_moves", "games_record_finishes"]  # one move-log trigger


async def test_save_appends_moves_with_the_version_and_a_stale_save_writes_nothing(db_path):
    store = await SqliteStore.open(db_path)
    game = record()
    game.id = await store.create(game, None)
    game.version = 1
    moves = [Move(index=0, seat=0, choice_id="take-1", label="Take 1"),
             Move(index=1, seat=1, choice_id="take-2", label="Take 2", by_ai=True)]
    assert await store.save(game, "{}", 0, moves)
    assert [m.choice_id for m in await store.moves(game.id)] == ["take-1", "take-2"]
    assert (await store.moves(game.id))[1].by_ai
    game.version = 2
    assert not await store.save(game, "{}", 0, [Move(index=2, seat=0, choice_id="x", label="x")])
    assert len(await store.moves(game.id)) == 2
    assert (await store.load(game.id))[0].version == 1
    await store.close()


async def test_moves_last_returns_the_tail_in_order(db_path):
    store = await SqliteStore.open(db_path)
    game = record()
    game.id = await store.create(game, None)
    for v in range(5):
        game.version = v + 1
        assert await store.save(game, "{}", v, [Move(index=v, seat=0, choice_id=f"c{v}", label="")])
    assert [m.index for m in await store.moves(game.id, last=2)] == [3, 4]
    await store.close()


async def test_an_update_that_does_not_carry_moves_never_appends_the_last_batch_again(db_path):
    store = await SqliteStore.open(db_path)
    game = record()
    game.id = await store.create(game, None)
    game.version = 1
    assert await store.save(game, "{}", 0, [Move(index=0, seat=0, choice_id="take-1", label="Take 1")])
    await store._conn.execute("UPDATE games SET version = version + 1 WHERE id = ?", (game.id,))
    assert len(await store.moves(game.id)) == 1
    await store.close()


async def test_a_players_last_dm_is_remembered_replaced_and_forgotten_across_reopening(db_path):
    store = await SqliteStore.open(db_path)
    game = await store.create(record(), None)
    assert await store.get_dm(game, 1) is None
    await store.put_dm(game, 1, DmNote(10, 100, True))
    await store.put_dm(game, 1, DmNote(10, 101, False))
    await store.put_dm(game, 2, DmNote(20, 200, True, ("You drew a \"green\" lure", "Ünïcode ✓")))
    await store.close()
    store = await SqliteStore.open(db_path)
    assert await store.get_dm(game, 1) == DmNote(10, 101, False)
    assert await store.get_dm(game, 2) == DmNote(20, 200, True, ("You drew a \"green\" lure", "Ünïcode ✓"))
    await store.put_dm(game, 1, None)
    assert await store.get_dm(game, 1) is None and await store.get_dm(game, 2) is not None
    await store.close()


async def test_finished_games_whose_final_board_was_not_posted_are_listed_and_older_rows_count_as_posted(db_path):
    store = await SqliteStore.open(db_path)
    ids = [await store.create(record(status="finished"), None) for _ in range(3)]
    await store.set_fields(ids[1], final_shown=True)
    await store._conn.execute("UPDATE games SET clocks = json_remove(clocks, '$.final_shown') WHERE id = ?",
                              (ids[2],))  # a row written before the mark existed: its board was posted then
    assert [g.id for g in await store.finals_unshown()] == [ids[0]]
    await store.set_fields(ids[0], final_shown=True, message_id=5)
    assert await store.finals_unshown() == [] and (await store.load(ids[0]))[0].message_id == 5
    await store.close()
