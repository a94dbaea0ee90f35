"""The host service: lobbies, turns, compare-and-swap versions, restarts and stand-ins (on the toy game)."""

from __future__ import annotations

import asyncio

import pytest

from bot.host import Host, HostError

ALICE, BOB, CAROL = 1, 2, 3


async def started(db_path, clock, toy_game, ai: int = 0):
    """A host with an active toy game: Alice and Bob seated, plus `ai` AI players."""
    host = await Host.open(db_path, clock)
    game = await host.create(toy_game, {"stones": 9}, ALICE, "Alice", guild_id=10, channel_id=20)
    await host.join(game.id, BOB, "Bob")
    for _ in range(ai):
        await host.add_ai(game.id, ALICE)
    played = await host.begin(game.id, ALICE, seed=5)
    return host, played.record


async def test_lobby_refuses_double_join_strangers_and_non_host_start(db_path, clock, toy_game):
    host = await Host.open(db_path, clock)
    game = await host.create(toy_game, {}, ALICE, "Alice", guild_id=10, channel_id=20)
    with pytest.raises(HostError, match="already seated"):
        await host.join(game.id, ALICE, "Alice")
    with pytest.raises(HostError, match="at least 2"):
        await host.begin(game.id, ALICE)
    await host.join(game.id, BOB, "Bob")
    with pytest.raises(HostError, match="Only this game's host"):
        await host.begin(game.id, BOB)
    with pytest.raises(HostError, match="Only this game's host"):
        await host.add_ai(game.id, BOB)
    await host.close()


async def test_unknown_game_and_bad_options_are_clear_errors(db_path, clock, toy_game):
    host = await Host.open(db_path, clock)
    with pytest.raises(HostError, match="Unknown game 'chess'"):
        await host.create("chess", {}, ALICE, "Alice")
    with pytest.raises(Exception, match="stones"):
        await host.create(toy_game, {"stones": "many"}, ALICE, "Alice")
    assert await host.games(None) == []
    await host.close()


async def test_full_lobby_refuses_join(db_path, clock, toy_game):
    host = await Host.open(db_path, clock)
    game = await host.create(toy_game, {}, ALICE, "Alice")
    for _ in range(3):
        await host.add_ai(game.id, ALICE, "random")
    with pytest.raises(HostError, match="full"):
        await host.join(game.id, BOB, "Bob")
    await host.close()


async def test_host_leaving_lobby_passes_role_and_last_leaver_closes_it(db_path, clock, toy_game):
    host = await Host.open(db_path, clock)
    game = await host.create(toy_game, {}, ALICE, "Alice")
    await host.join(game.id, BOB, "Bob")
    record = (await host.leave(game.id, ALICE)).record
    assert record.host_user == BOB and record.status == "lobby"
    record = (await host.leave(game.id, BOB)).record
    assert record.status == "cancelled"
    await host.close()


async def test_outdated_version_is_refused_and_changes_nothing(db_path, clock, toy_game):
    host, record = await started(db_path, clock, toy_game)
    to_act = host.pending(record)[0].seat
    user = record.seats[to_act].user_id
    with pytest.raises(HostError, match="older state"):
        await host.submit(record.id, user, "take-1", record.version - 1)
    after = await host.get(record.id)
    assert after.version == record.version and after.state == record.state
    assert await host.history(record.id) == []
    await host.close()


async def test_same_choice_sent_twice_at_once_is_applied_once(db_path, clock, toy_game):
    host, record = await started(db_path, clock, toy_game)
    user = record.seats[host.pending(record)[0].seat].user_id
    results = await asyncio.gather(
        host.submit(record.id, user, "take-2", record.version),
        host.submit(record.id, user, "take-2", record.version),
        return_exceptions=True,
    )
    assert sum(1 for r in results if isinstance(r, HostError)) == 1
    assert len(await host.history(record.id)) == 1
    assert (await host.get(record.id)).state.pile == 7
    await host.close()


async def test_a_seat_cannot_act_for_another_and_strangers_cannot_act(db_path, clock, toy_game):
    host, record = await started(db_path, clock, toy_game)
    idle = 1 - host.pending(record)[0].seat
    with pytest.raises(HostError, match="not your turn"):
        await host.submit(record.id, record.seats[idle].user_id, "take-1", record.version)
    with pytest.raises(HostError, match="not playing"):
        await host.submit(record.id, CAROL, "take-1", record.version)
    with pytest.raises(HostError, match="not available"):
        await host.submit(record.id, record.seats[1 - idle].user_id, "take-9", record.version)
    assert (await host.get(record.id)).version == record.version
    await host.close()


async def test_replay_deals_a_leavers_seat_under_the_name_they_began_with(db_path, clock, toy_game):
    host, record = await started(db_path, clock, toy_game, ai=1)
    user = record.seats[host.pending(record)[0].seat].user_id
    record = (await host.submit(record.id, user, "take-1", record.version)).record
    bob = record.seat_of(BOB)
    record = (await host.leave(record.id, BOB)).record
    assert record.seats[bob].name == "Bob (AI, hard)" and record.seats[bob].began_as == "Bob"
    states = await host.replay_states(record.id)
    assert states[0].players[bob] == "Bob" and states[-1] == (await host.get(record.id)).state
    await host.close()


async def test_restart_resumes_mid_game_and_replay_matches_snapshot(db_path, clock, toy_game):
    host, record = await started(db_path, clock, toy_game)
    for _ in range(2):
        record = await host.get(record.id)
        user = record.seats[host.pending(record)[0].seat].user_id
        record = (await host.submit(record.id, user, "take-1", record.version)).record
    await host.close()

    second = await Host.open(db_path, clock)
    resumed = await second.get(record.id)
    assert resumed.version == record.version and resumed.state == record.state
    assert second.engine(resumed).dump(await second.replay(record.id)) == second.engine(resumed).dump(resumed.state)
    user = resumed.seats[second.pending(resumed)[0].seat].user_id
    played = await second.submit(record.id, user, "take-3", resumed.version)
    assert played.record.state.pile == 4
    await second.close()


async def test_two_hosts_on_one_file_see_each_others_moves(db_path, clock, toy_game):
    first, record = await started(db_path, clock, toy_game)
    second = await Host.open(db_path, clock)
    await second.get(record.id)  # warm its cache
    user = record.seats[first.pending(record)[0].seat].user_id
    moved = (await first.submit(record.id, user, "take-1", record.version)).record
    seen = await second.get(record.id)
    assert seen.version == moved.version and seen.state == moved.state
    with pytest.raises(HostError, match="older state"):
        await second.submit(record.id, user, "take-1", record.version)
    other = seen.seats[second.pending(seen)[0].seat].user_id
    assert (await second.submit(record.id, other, "take-1", seen.version)).record.state.pile == 7
    await first.close()
    await second.close()


async def test_ai_seats_answer_at_once_and_game_finishes(db_path, clock, toy_game):
    host, record = await started(db_path, clock, toy_game, ai=1)
    while record.status == "active":
        decision = host.pending(record)[0]
        assert record.seats[decision.seat].ai is None, "an AI seat was left waiting"
        played = await host.submit(record.id, record.seats[decision.seat].user_id, decision.choices[0].id,
                                   record.version)
        record = played.record
    assert record.status == "finished" and host.result(record) is not None
    assert any(m.by_ai for m in await host.history(record.id, limit=50))
    await host.close()
    reopened = await Host.open(db_path, clock)
    assert (await reopened.get(record.id)).status == "finished", "the end of the game was not stored"
    await reopened.close()


async def test_standin_plays_idle_seat_until_owner_reclaims(db_path, clock, toy_game):
    host, record = await started(db_path, clock, toy_game)
    idle = host.pending(record)[0].seat
    played = await host.set_standin(record.id, idle, True)
    assert played.moves and played.moves[0].seat == idle and played.moves[0].by_ai
    record = played.record
    other = record.seats[1 - idle].user_id
    record = (await host.submit(record.id, other, "take-1", record.version)).record
    assert host.pending(record)[0].seat == 1 - idle, "the stand-in should have answered for the idle seat"
    record = (await host.reclaim(record.id, record.seats[idle].user_id)).record
    record = (await host.submit(record.id, other, "take-1", record.version)).record
    assert host.pending(record)[0].seat == idle
    await host.close()


async def test_no_stand_in_where_nobody_else_plays_in_person_the_game_waits(db_path, clock, toy_game):
    """A stand-in exists to unblock other people: with AI players only beside them, the game waits for its person
    rather than playing itself out while they are away."""
    host, record = await started(db_path, clock, toy_game, ai=1)
    await host.leave(record.id, BOB)  # Bob is gone for good: Alice plays on against two AIs
    record = await host.get(record.id)
    alice = record.seat_of(ALICE)
    with pytest.raises(HostError, match=f"Nobody else plays game #{record.id} in person, so it simply waits"):
        await host.set_standin(record.id, alice, True)
    after = await host.get(record.id)
    assert (after.version, after.seats[alice].standin, after.status) == (record.version, False, "active")
    await host.close()


async def test_a_stand_in_pauses_while_nobody_plays_in_person_and_goes_on_once_someone_is_back(
        db_path, clock, toy_game):
    host = await Host.open(db_path, clock)
    game = await host.create(toy_game, {"stones": 30}, ALICE, "Alice", guild_id=10)
    await host.join(game.id, BOB, "Bob")
    await host.join(game.id, CAROL, "Carol")
    record = (await host.begin(game.id, ALICE, seed=5)).record
    assert host.pending(record)[0].seat == 0
    record = (await host.submit(game.id, ALICE, "take-1", record.version)).record  # Bob (seat 1) to act
    record = (await host.set_standin(game.id, 0, True)).record  # Alice away: Bob and Carol play in person
    record = (await host.set_standin(game.id, 2, True)).record  # Carol away too: Bob still plays in person
    assert host.pending(record)[0].seat == 1
    played = await host.leave(game.id, BOB)  # Bob goes for good: his AI plays, then Carol's stand-in would...
    record = played.record
    assert [m.seat for m in played.moves] == [1], "a stand-in played on with nobody at the table in person"
    assert host.pending(record)[0].seat == 2 and record.status == "active"
    clock.advance(100 * 3600)
    back = await host.reclaim(game.id, ALICE)  # Alice is back, with no move: Carol's stand-in may play again
    assert not back.moves and host.pending(back.record)[0].seat == 2
    played = await host.resume_ai(game.id)  # what the table does next: Carol's stand-in plays what it owes
    assert [m.seat for m in played.moves] == [2] and played.moves[0].by_ai
    assert host.pending(played.record)[0].seat == 0 and played.record.waiting[0] == clock()  # Alice waits anew


async def test_back_to_a_decision_a_paused_stand_in_left_open_waits_anew_so_no_timer_hands_it_straight_back(
        db_path, clock, toy_game):
    host = await Host.open(db_path, clock)
    game = await host.create(toy_game, {"stones": 40}, ALICE, "Alice", guild_id=10)
    await host.join(game.id, BOB, "Bob")
    await host.add_ai(game.id, ALICE)
    record = (await host.begin(game.id, ALICE, seed=5)).record
    record = (await host.set_standin(game.id, 0, True)).record  # Bob plays in person: Alice's stand-in plays
    await host.leave(game.id, BOB)  # ... until Bob leaves: then it waits, Alice's decision open
    record = await host.get(game.id)
    assert host.pending(record)[0].seat == 0 and record.seats[0].standin and record.status == "active"
    clock.advance(100 * 3600)
    back = (await host.reclaim(game.id, ALICE)).record
    assert back.waiting[0] == clock() and 0 not in back.reminded
    await host.close()


async def test_private_choices_and_events_stay_out_of_the_log(db_path, clock, toy_game):
    host, record = await started(db_path, clock, toy_game)
    user = record.seats[host.pending(record)[0].seat].user_id
    played = await host.submit(record.id, user, "take-1", record.version)
    private = [e for e in played.events if e.private_to is not None]
    assert private and all("secret" in e.text for e in private)
    assert all("secret" not in line for line in played.record.state.log_tail)
    await host.close()


async def test_lobbies_expire_after_the_server_setting(db_path, clock, toy_game):
    host = await Host.open(db_path, clock)
    await host.set_settings(10, lobby_hours=2)
    old = await host.create(toy_game, {}, ALICE, "Alice", guild_id=10)
    clock.advance(3600)
    assert await host.expire_lobbies() == []
    clock.advance(3601)
    expired = await host.expire_lobbies()
    assert [g.id for g in expired] == [old.id]
    assert (await host.get(old.id)).status == "cancelled"
    with pytest.raises(HostError, match="Invalid setting remind_hours: Input should be greater than 0"):
        await host.set_settings(10, remind_hours=-1)
    with pytest.raises(HostError, match=r"Invalid setting lobby_hours: at least 0.25 hours \(15 minutes\)"):
        await host.set_settings(10, lobby_hours=1e-05)
    assert (await host.get_settings(10)).lobby_hours == 2  # refused settings change nothing
    await host.close()


async def test_games_lists_by_server_and_channel(db_path, clock, toy_game):
    host = await Host.open(db_path, clock)
    a = await host.create(toy_game, {}, ALICE, "Alice", guild_id=10, channel_id=20)
    await host.create(toy_game, {}, BOB, "Bob", guild_id=10, channel_id=21)
    await host.create(toy_game, {}, BOB, "Bob", guild_id=11, channel_id=22)
    assert len(await host.games(10)) == 2
    assert [g.id for g in await host.games(10, channel_id=20)] == [a.id]
    await host.cancel(a.id, ALICE)
    assert len(await host.games(10)) == 1
    await host.close()


async def test_a_waiting_seat_may_answer_from_a_board_drawn_before_others_answered(db_path, clock, monkeypatch):
    from engines import registry

    monkeypatch.setitem(registry._MODULES, "secret", "tests.fakediscord.secretgame")
    registry.get.cache_clear()
    host = await Host.open(db_path, clock)
    record = await host.create("secret", {}, ALICE, "Alice")
    await host.join(record.id, BOB, "Bob")
    await host.join(record.id, CAROL, "Carol")
    record = (await host.begin(record.id, ALICE, seed=1)).record
    while len(host.pending(record)) < 2:
        d = host.pending(record)[0]
        record = (await host.submit(record.id, record.seats[d.seat].user_id, d.choices[0].id, record.version)).record
    drawn = record.version
    first, second = [d.seat for d in host.pending(record)][:2]
    pick = {d.seat: d.choices[0].id for d in host.pending(record)}
    record = (await host.submit(record.id, record.seats[first].user_id, pick[first], drawn)).record
    assert record.version > drawn
    with pytest.raises(HostError, match="older state"):  # the seat that acted cannot reuse the old board
        await host.submit(record.id, record.seats[first].user_id, pick[first], drawn)
    played = await host.submit(record.id, record.seats[second].user_id, pick[second], drawn)
    assert played.moves[0].seat == second
    with pytest.raises(HostError, match="older state"):  # a version from the future is refused
        await host.submit(record.id, record.seats[second].user_id, pick[second], played.record.version + 5)
    await host.close()
    registry.get.cache_clear()


async def test_reminders_are_renewed_only_where_they_promised_a_stand_in_and_kept_when_someone_is_back(
        db_path, clock, toy_game):
    host = await Host.open(db_path, clock)
    game = await host.create(toy_game, {"stones": 40}, ALICE, "Alice", guild_id=10)
    for user, name in ((BOB, "Bob"), (CAROL, "Carol"), (4, "Dan")):
        await host.join(game.id, user, name)
    record = (await host.begin(game.id, ALICE, seed=5)).record
    first = host.pending(record)[0].seat
    others = [s for s in range(4) if s != first]
    await host.mark_reminded(game.id, [first])  # reminded, with a stand-in promised: others play in person
    await host.set_standin(game.id, others[0], True)
    assert first in (await host.get(game.id)).reminded  # two still play beside them: the promise holds
    await host.set_standin(game.id, others[1], True)
    assert first in (await host.get(game.id)).reminded
    await host.set_standin(game.id, others[2], True)  # the last one goes: renewed, "it waits for you"
    assert first not in (await host.get(game.id)).reminded
    await host.mark_reminded(game.id, [first])  # that renewed reminder promised nothing
    await host.leave(game.id, (await host.get(game.id)).seats[others[0]].user_id)
    assert first in (await host.get(game.id)).reminded  # so a leaver does not renew it again
    clock.advance(3600)
    back = (await host.reclaim(game.id, (await host.get(game.id)).seats[others[1]].user_id)).record
    assert back.waiting[first] == clock() and first not in back.reminded  # someone is back: it waits anew
    await host.close()


async def test_someone_back_leaves_the_clock_of_a_person_never_reminded_as_it_is(db_path, clock, toy_game):
    host = await Host.open(db_path, clock)
    game = await host.create(toy_game, {"stones": 40}, ALICE, "Alice", guild_id=10)
    for user, name in ((BOB, "Bob"), (CAROL, "Carol")):
        await host.join(game.id, user, name)
    record = (await host.begin(game.id, ALICE, seed=5)).record
    first = host.pending(record)[0].seat
    since = record.waiting[first]
    others = [s for s in range(3) if s != first]
    for seat in others:  # both others go away: the one to act waits alone, not reminded yet
        await host.set_standin(game.id, seat, True)
    clock.advance(11 * 3600)
    back = (await host.reclaim(game.id, (await host.get(game.id)).seats[others[0]].user_id)).record
    assert back.waiting[first] == since  # its reminder still comes remind_hours after it began to wait
    await host.close()

