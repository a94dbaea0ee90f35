"""Timers under a fake clock: reminders, AI stand-ins and lobby expiry, decided without any transport."""

from __future__ import annotations

import pytest

from bot import timers
from bot.host import Host

HOUR = 3600.0
GUILD = 77


@pytest.fixture
async def host(db_path, clock, toy_game):
    h = await Host.open(db_path, clock)
    yield h
    await h.close()


async def two_player_game(host: Host) -> int:
    record = await host.create("toy", {}, 1, "Ann", GUILD, 5)
    await host.join(record.id, 2, "Bob")
    await host.begin(record.id, 1, seed=3)
    return record.id


async def test_nothing_is_due_before_the_reminder_time(host, clock):
    await two_player_game(host)
    clock.advance(11.9 * HOUR)
    due = await timers.collect(host, clock())
    assert (due.reminders, due.standins, due.expired) == ([], [], [])


async def test_reminder_is_due_after_the_idle_hours_and_only_once_per_wait(host, clock):
    game = await two_player_game(host)
    clock.advance(12 * HOUR)
    due = await timers.collect(host, clock())
    assert [(r.id, seats) for r, seats in due.reminders] == [(game, [0])]
    await host.mark_reminded(game, due.reminders[0][1])
    assert (await timers.collect(host, clock())).reminders == []


async def test_a_move_restarts_the_turn_clock(host, clock):
    game = await two_player_game(host)
    clock.advance(11 * HOUR)
    record = await host.get(game)
    await host.submit(game, 1, host.pending(record)[0].choices[0].id, record.version)
    clock.advance(11 * HOUR)
    assert (await timers.collect(host, clock())).reminders == []


async def test_standin_is_due_after_the_standin_hours_and_supersedes_the_reminder(host, clock):
    game = await two_player_game(host)
    clock.advance(48 * HOUR)
    due = await timers.collect(host, clock())
    assert due.reminders == []
    assert [(r.id, seats) for r, seats in due.standins] == [(game, [0])]


async def test_a_seat_already_stood_in_for_is_not_due_again(host, clock):
    game = await two_player_game(host)
    clock.advance(48 * HOUR)
    await host.set_standin(game, 0, True)
    record = await host.get(game)
    assert record.seats[0].standin
    clock.advance(48 * HOUR)
    due = await timers.collect(host, clock())
    assert all(0 not in seats for r, seats in due.standins if r.id == game)


async def test_server_settings_change_the_deadlines(host, clock):
    game = await two_player_game(host)
    await host.set_settings(GUILD, remind_hours=1, standin_hours=2)
    clock.advance(1 * HOUR)
    assert [r.id for r, _ in (await timers.collect(host, clock())).reminders] == [game]
    clock.advance(1 * HOUR)
    assert [r.id for r, _ in (await timers.collect(host, clock())).standins] == [game]


async def test_a_standin_set_to_come_before_the_reminder_comes_at_its_own_time(host, clock):
    game = await two_player_game(host)
    await host.set_settings(GUILD, standin_hours=2)  # the reminder stays at 12 hours
    clock.advance(1.9 * HOUR)
    assert (await timers.collect(host, clock())).standins == []
    clock.advance(0.1 * HOUR)
    due = await timers.collect(host, clock())
    assert [(r.id, seats) for r, seats in due.standins] == [(game, [0])] and due.reminders == []


async def test_lobby_expires_after_its_lifetime(host, clock):
    lobby = await host.create("toy", {}, 1, "Ann", GUILD, 5)
    clock.advance(23.9 * HOUR)
    assert (await timers.collect(host, clock())).expired == []
    clock.advance(0.1 * HOUR)
    due = await timers.collect(host, clock())
    assert [r.id for r in due.expired] == [lobby.id]
    assert (await host.get(lobby.id)).status == "cancelled"


async def test_deadlines_follow_the_waiting_seat_clock_and_settings(host, clock):
    game = await two_player_game(host)
    record = await host.get(game)
    times = timers.deadlines(record, await host.get_settings(GUILD))
    assert times.remind_at == record.waiting[0] + 12 * HOUR == record.turn_since + 12 * HOUR
    assert times.standin_at == record.waiting[0] + 48 * HOUR


@pytest.fixture
async def secret_host(db_path, clock, monkeypatch):
    from engines import registry

    monkeypatch.setitem(registry._MODULES, "secret", "tests.fakediscord.secretgame")
    registry.get.cache_clear()
    h = await Host.open(db_path, clock)
    yield h
    await h.close()
    registry.get.cache_clear()


async def test_simultaneous_deciders_each_keep_their_own_idle_clock(secret_host, clock):
    host = secret_host
    record = await host.create("secret", {}, 1, "Ann", GUILD, 5)
    for user, name in ((2, "Bob"), (3, "Cy")):
        await host.join(record.id, user, name)
    record = (await host.begin(record.id, 1, seed=3)).record
    while len(host.pending(record)) < 2:  # play public calls until the simultaneous secret picks
        d = host.pending(record)[0]
        record = (await host.submit(record.id, record.seats[d.seat].user_id, d.choices[0].id, record.version)).record
    first, second = sorted(d.seat for d in host.pending(record))[:2]
    clock.advance(11 * HOUR)
    d = next(d for d in host.pending(record) if d.seat == first)
    record = (await host.submit(record.id, record.seats[first].user_id, d.choices[0].id, record.version)).record
    clock.advance(1 * HOUR)
    due = await timers.collect(host, clock())
    reminded = [seats for r, seats in due.reminders if r.id == record.id]
    assert reminded and second in reminded[0] and first not in reminded[0], "the other picker waited 12 hours"
    await host.mark_reminded(record.id, reminded[0])
    assert not [s for r, s in (await timers.collect(host, clock())).reminders if r.id == record.id]
