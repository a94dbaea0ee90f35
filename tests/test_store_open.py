"""A database that cannot be opened is refused at start with one clear line; the process never hangs."""

from __future__ import annotations

import os
import resource
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from bot import store as store_module
from bot.host import Host
from bot.store import MIGRATIONS, SqliteStore, StoreError

ROOT = Path(__file__).resolve().parent.parent
AS_ROOT = os.geteuid() == 0  # root ignores file modes


def _database_threads() -> set[threading.Thread]:
    """Non-daemon threads alive, like aiosqlite's worker (one left behind hangs the process at exit)."""
    return {t for t in threading.enumerate() if not t.daemon and t is not threading.main_thread()}


async def _refused(path: Path, *words: str) -> str:
    before = _database_threads()
    with pytest.raises(StoreError) as info:
        await SqliteStore.open(str(path))
    message = info.value.message
    assert "\n" not in message and str(path) in message
    for word in words:
        assert word in message
    for _ in range(100):  # a stopped aiosqlite thread ends within a moment
        if not _database_threads() - before:
            break
        time.sleep(0.01)
    assert not _database_threads() - before, "the database thread was left running"
    return message


async def _game_file(path: Path) -> None:
    host = await Host.open(str(path))
    record = await host.create("wishes", {}, 1, "Ann")
    await host.join(record.id, 2, "Bob")
    await host.begin(record.id, 1, seed=1)
    await host.close()


async def test_a_file_that_is_not_a_database_is_refused(tmp_path):
    path = tmp_path / "games.db"
    path.write_bytes(b"this is a shopping list, not a database\n" * 200)
    await _refused(path, "not an SQLite database", "backup")


async def test_a_truncated_database_is_refused(tmp_path):
    path = tmp_path / "games.db"
    await _game_file(path)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2 + 100])
    await _refused(path, "damaged")


async def test_a_database_with_a_damaged_page_is_refused_by_quick_check(tmp_path):
    path = tmp_path / "games.db"
    await _game_file(path)
    with sqlite3.connect(path) as conn:
        size = conn.execute("PRAGMA page_size").fetchone()[0]
        root = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = 'games'").fetchone()[0]
    data = bytearray(path.read_bytes())
    start = (root - 1) * size
    data[start + 8: start + size] = b"\xff" * (size - 8)  # the games page keeps its header, loses its cells
    path.write_bytes(bytes(data))
    await _refused(path, "damaged")


async def test_a_database_from_a_newer_version_is_refused(tmp_path):
    path = tmp_path / "games.db"
    await _game_file(path)
    with sqlite3.connect(path) as conn:
        conn.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 3}")
    message = await _refused(path, "newer")
    assert f"schema {len(MIGRATIONS) + 3}" in message


async def test_a_failing_migration_is_rolled_back_and_refused(tmp_path, monkeypatch):
    path = tmp_path / "games.db"
    await _game_file(path)
    monkeypatch.setattr(store_module, "MIGRATIONS", [*MIGRATIONS, "ALTER TABLE nowhere ADD COLUMN x INTEGER;"])
    message = await _refused(path, "migration")
    assert f"migration {len(MIGRATIONS) + 1}" in message
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)


async def test_a_read_only_database_file_is_refused(tmp_path, monkeypatch):
    path = tmp_path / "games.db"
    await _game_file(path)
    path.chmod(0o444)
    if AS_ROOT:  # root ignores file modes; ask os.access what an ordinary user would be told
        real_access = os.access
        monkeypatch.setattr(os, "access", lambda p, mode: False if Path(p) == path and mode & os.W_OK
                            else real_access(p, mode))
    await _refused(path, "cannot write")


async def test_a_database_in_a_folder_that_does_not_exist_is_refused(tmp_path):
    await _refused(tmp_path / "nowhere" / "games.db", "folder")


async def test_a_database_in_a_read_only_folder_is_refused(tmp_path, monkeypatch):
    folder = tmp_path / "ro"
    folder.mkdir()
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda p, mode: False if Path(p) == folder and mode & os.W_OK
                        else real_access(p, mode))  # root ignores modes; pretend the folder is read-only
    await _refused(folder / "games.db", "cannot write", str(folder))


def _cli(args: list[str], cwd: Path, env: dict[str, str] | None = None, limit_file_size: bool | int = False,
         timeout: float = 30, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """Run `fishbot ...` from this tree in a fresh process (so a hang shows as a timeout); `limit_file_size`: no
    file may grow (True) or grow past that many bytes, like a full disk."""
    def no_bigger_files() -> None:
        import signal
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # writes then fail with EFBIG, like a full disk
        limit = 0 if limit_file_size is True else int(limit_file_size)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    full_env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "FISHBOT_"))}
    full_env |= {"PYTHONPATH": str(ROOT)} | (env or {})
    return subprocess.run([sys.executable, "-m", "bot.cli", *args], cwd=cwd, env=full_env, capture_output=True,
                          text=True, timeout=timeout, input=stdin,
                          preexec_fn=None if limit_file_size is False else no_bigger_files)


def test_fishbot_play_on_a_garbage_database_exits_with_one_line(tmp_path):
    db = tmp_path / "junk.db"
    db.write_bytes(b"\x00garbage" * 1000)
    done = _cli(["play", "wishes", "--db", str(db), "--out", str(tmp_path)], tmp_path)
    assert done.returncode == 1
    assert done.stderr.count("\n") == 1 and str(db) in done.stderr and "Traceback" not in done.stderr


def test_fishbot_run_on_a_garbage_database_exits_with_one_line(tmp_path, fake_login):
    db = tmp_path / "junk.db"
    db.write_bytes(b"\x00garbage" * 1000)
    done = _cli(["run"], tmp_path, env=fake_login | {"FISHBOT_DB": str(db)})
    assert done.returncode == 1
    assert done.stderr.strip().count("\n") == 0 and str(db) in done.stderr and "Traceback" not in done.stderr


def test_fishbot_play_on_a_full_disk_exits_with_one_line(tmp_path):
    done = _cli(["play", "wishes", "--db", str(tmp_path / "new.db"), "--out", str(tmp_path)], tmp_path,
                limit_file_size=True)
    assert done.returncode == 1
    assert done.stderr.count("\n") == 1 and "new.db" in done.stderr and "Traceback" not in done.stderr


def test_a_disk_that_fills_up_during_play_ends_it_with_one_line(tmp_path):
    done = _cli(["play", "wishes", "--level", "random", "--out", str(tmp_path)], tmp_path,
                limit_file_size=120_000, stdin="1\n" * 400)
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
    assert done.stderr.startswith("Cannot use ") and done.stderr.count("\n") == 1, done.stderr


async def test_a_backup_taken_while_the_bot_runs_holds_every_accepted_choice(tmp_path):
    from bot.store import backup

    live, copy = tmp_path / "live.db", tmp_path / "copy.db"
    host = await Host.open(str(live))
    try:
        record = await host.create("wishes", {}, 1, "Ann")
        await host.join(record.id, 2, "Bob")
        played = await host.begin(record.id, 1, seed=1)
        for _ in range(5):
            record = played.record
            decision = host.pending(record)[0]
            played = await host.submit_seat(record.id, decision.seat, decision.choices[0].id, record.version)
        assert backup(str(live), str(copy)) == 1  # the open host has not checkpointed: the moves are in the WAL
    finally:
        await host.close()
    restored = await Host.open(str(copy))
    try:
        again = await restored.get(played.record.id)
        assert again.version == played.record.version
        assert restored.engine(again).dump(await restored.replay(again.id)) == restored.engine(again).dump(again.state)
    finally:
        await restored.close()


def test_fishbot_backup_refuses_an_existing_target_a_missing_source_and_a_missing_folder(tmp_path):
    target = tmp_path / "there.db"
    target.write_bytes(b"keep me")
    done = _cli(["backup", str(target), "--db", str(tmp_path / "missing.db")], tmp_path)
    assert done.returncode == 1 and "missing.db" in done.stderr and "Traceback" not in done.stderr
    sqlite3.connect(tmp_path / "real.db").close()
    done = _cli(["backup", str(target), "--db", str(tmp_path / "real.db")], tmp_path)
    assert done.returncode == 1 and "already exists" in done.stderr and target.read_bytes() == b"keep me"
    done = _cli(["backup", str(tmp_path / "backups" / "new.db"), "--db", str(tmp_path / "real.db")], tmp_path)
    assert done.returncode == 1 and done.stderr.startswith("Cannot back up to ") and "create it first" in done.stderr
    assert "real.db" not in done.stderr.split(":")[-1]  # the source is fine: the message is about the target


async def test_an_accepted_choice_is_synced_to_disk_at_commit(tmp_path):
    store = await SqliteStore.open(str(tmp_path / "games.db"))
    try:
        async with store._conn.execute("PRAGMA synchronous") as cur:  # 2 = FULL: the WAL is fsynced per commit
            assert (await cur.fetchone())[0] == 2
        async with store._conn.execute("PRAGMA journal_mode") as cur:
            assert (await cur.fetchone())[0] == "wal"
    finally:
        await store.close()
