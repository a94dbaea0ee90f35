"""Discord faults through the fake: a deleted board, an archived or deleted thread, missing permissions,
429 rate limits and a gateway RESUME; nothing is lost and nothing is applied twice."""

from __future__ import annotations

import asyncio

import pytest

from tests.discord_helpers import ai_first_lobby, only_reply, toy_game
from tests.fakediscord.rest import SEND_IN_THREADS, SEND_MESSAGES
from tests.fakediscord.server import ATTACH_FILES, THREAD_PERMS, FakeDiscord
from tests.fakediscord.wire import error

pytest_plugins = ["tests.fakediscord.harness"]  # fixtures: fake, run, test_games


async def _move(fake: FakeDiscord, run, game: int, user: int):
    board = await run.board(game)
    return await fake.click(user, board, board.custom_ids[0])


async def test_a_deleted_board_is_posted_again_at_the_next_change_and_status_still_works(fake: FakeDiscord, run):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    game = await toy_game(fake, run, ann, bob)
    deleted = await run.board(game)
    deleted.deleted = True  # a moderator deletes it
    status = await fake.slash(bob, "status", channel_id=deleted.channel_id)
    assert fake.ephemeral_replies(status)[0].data["embeds"], "status shows the board privately"
    await fake.click(ann, deleted, deleted.custom_ids[0])  # a click on the deleted message (still in a client)
    board = await run.board(game)
    assert board.id != deleted.id and not board.deleted and (await run.host.get(game)).state.step == 1
    await _move(fake, run, game, bob)
    assert (await run.host.get(game)).state.step == 2


async def test_an_archived_thread_is_unarchived_and_the_board_edited_there(fake: FakeDiscord, run):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    game = await toy_game(fake, run, ann, bob)
    thread = (await run.host.get(game)).thread_id
    await _move(fake, run, game, ann)
    fake.archive(thread)
    await _move(fake, run, game, bob)
    record = await run.host.get(game)
    assert record.state.step == 2 and record.thread_id == thread
    assert not fake.channels[thread]["thread_metadata"]["archived"]
    assert (await run.board(game)).channel_id == thread


async def test_a_locked_thread_falls_back_to_the_channel(fake: FakeDiscord, run):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    game = await toy_game(fake, run, ann, bob)
    await _move(fake, run, game, ann)
    fake.archive((await run.host.get(game)).thread_id, locked=True)
    await _move(fake, run, game, bob)
    record = await run.host.get(game)
    assert record.state.step == 2 and record.thread_id is None
    assert (await run.board(game)).channel_id == fake.channel_id


async def test_a_deleted_thread_falls_back_to_the_channel_and_play_goes_on(fake: FakeDiscord, run):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    game = await toy_game(fake, run, ann, bob)
    board = await run.board(game)
    fake.delete_channel((await run.host.get(game)).thread_id)
    await fake.settle()
    await run.bot.table.publish(game)  # the next change (a timer, a command elsewhere) shows the board again
    await fake.settle()
    record = await run.host.get(game)
    assert record.thread_id is None and (await run.board(game)).channel_id == fake.channel_id
    assert board.id != record.message_id
    await _move(fake, run, game, ann)
    assert (await run.host.get(game)).state.step == 1


@pytest.mark.parametrize("denied, name", [(SEND_MESSAGES, "Send Messages"), (ATTACH_FILES, "Attach Files")])
async def test_start_without_send_or_attach_permission_tells_the_host_and_opens_nothing(fake: FakeDiscord, run,
                                                                                         denied, name):
    ann = fake.add_user("Ann")
    fake.bot_denied = denied
    inter = await fake.slash(ann, "start toy")
    assert name in only_reply(fake, inter)
    assert not await run.host.games(fake.guild_id)


@pytest.mark.parametrize("denied", [THREAD_PERMS, SEND_IN_THREADS], ids=["no-threads", "threads-but-no-posts"])
async def test_start_without_thread_permission_tells_the_host_the_game_stays_in_the_channel(fake: FakeDiscord, run,
                                                                                            denied):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    fake.bot_denied = denied
    inter = await fake.slash(ann, "start toy")
    [note] = [m for m in fake.ephemeral_replies(inter)]
    assert "Create Public Threads" in note.content and "Send Messages in Threads" in note.content
    [record] = await run.host.games(fake.guild_id)
    assert record.thread_id is None
    lobby = await run.board(record.id)
    await fake.click(bob, lobby, f"fish:l:{record.id}:join")
    await fake.click(ann, lobby, f"fish:l:{record.id}:start")
    assert (await run.host.get(record.id)).status == "active"
    assert (await run.board(record.id)).channel_id == fake.channel_id  # the game is played in the channel


async def test_429_rate_limits_delay_the_board_but_lose_and_double_nothing(fake: FakeDiscord, run):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    game = await toy_game(fake, run, ann, bob)
    fake.rate_limit_writes = 3
    await _move(fake, run, game, ann)
    await _move(fake, run, game, bob)
    assert fake.rate_limited == 3
    record = await run.host.get(game)
    assert record.state.step == 2 and f"move {record.state.step}" in (await run.board(game)).text()


async def test_a_click_sent_during_a_gateway_reconnect_arrives_by_resume_and_is_applied_once(fake: FakeDiscord,
                                                                                              run):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    game = await toy_game(fake, run, ann, bob)
    board = await run.board(game)
    await fake.reconnect()
    inter = await fake.click(ann, board, board.custom_ids[0], wait=False)  # buffered: no socket is connected
    await fake.settle(inter)
    assert fake.resumes >= 1 and (await run.host.get(game)).state.step == 1
    await fake.dispatch("INTERACTION_CREATE", inter.payload)  # Discord delivers the same click again
    await asyncio.sleep(0.2)
    await fake.settle()
    assert (await run.host.get(game)).state.step == 1


async def test_a_move_committed_just_before_a_crash_gets_its_board_shown_at_the_restart(fake: FakeDiscord, run):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    game = await toy_game(fake, run, ann, bob)
    stale = await run.board(game)
    record = await run.host.get(game)
    await run.host.submit(game, ann, stale.custom_ids[0].rsplit(":", 1)[1], record.version)  # no board edit: crash
    await run.restart()
    await fake.settle()
    board = await run.board(game)
    assert "move 1" in board.text() and not board.deleted
    await fake.click(bob, board, board.custom_ids[0])
    assert (await run.host.get(game)).state.step == 2


async def test_an_ai_seat_whose_reply_failed_is_asked_again_by_the_timers_less_often_after_each_failure(
        fake: FakeDiscord, run, clock):
    game, bob = await ai_first_lobby(fake, run)  # the AI seat moves first; Bob hosts
    real_think, tries = run.host.think, []

    async def crashing_think(*args):
        tries.append(clock())
        raise RuntimeError("the AI crashed")

    run.host.think = crashing_think
    await fake.click(bob, await run.board(game), f"fish:l:{game}:start")
    assert len(tries) == 1 and (await run.host.get(game)).state.step == 0  # started, the AI's move still owed
    await run.bot.table.run_timers()
    assert len(tries) == 1  # not at once: a reply may still be on its way
    for advance, asked in [(61, 2), (61, 2), (61, 3), (183, 3), (61, 4)]:  # after 1 min, then 2, then 4, ...
        clock.advance(advance)
        await run.bot.table.run_timers()
        assert len(tries) == asked
    run.host.think = real_think  # whatever failed is mended
    clock.advance(8 * 61)
    await run.bot.table.run_timers()
    await fake.settle()
    assert (await run.host.get(game)).state.step == 1
    board = await run.board(game)
    assert f"<@{bob}>" in board.content and board.custom_ids  # Bob is asked for his move on the board
    assert run.bot.table._ai_retries == {}  # nothing kept for a game that moved on


async def test_the_timers_leave_an_ai_seat_still_thinking_alone(fake: FakeDiscord, run, clock):
    game, bob = await ai_first_lobby(fake, run)  # the AI seat moves first; Bob hosts
    real_think, tries, release = run.host.think, [], asyncio.Event()

    async def slow_think(*args):  # a reply that takes longer than the timers wait for one
        tries.append(clock())
        await release.wait()
        return await real_think(*args)

    run.host.think = slow_think
    await fake.click(bob, await run.board(game), f"fish:l:{game}:start", wait=False)
    while not tries:
        await asyncio.sleep(0.005)
    clock.advance(3600)
    await asyncio.wait_for(run.bot.table.run_timers(), 2)  # the tick does not wait for it (other games' timers)
    release.set()
    await fake.settle()
    assert len(tries) == 1 and (await run.host.get(game)).state.step == 1  # one reply, one move


async def test_a_lobby_discord_refuses_to_post_is_not_left_open(fake: FakeDiscord, run, monkeypatch):
    ann = fake.add_user("Ann")

    async def refuse(req, body, files, channel):  # a channel override the permissions check could not see
        return error(403, 50013, "Missing Permissions")

    monkeypatch.setattr(fake, "_post_message", refuse)
    inter = await fake.slash(ann, "start toy")
    assert "I could not post the lobby here" in only_reply(fake, inter)
    assert not await run.host.games(fake.guild_id, statuses=("lobby",))


async def test_a_cancelled_game_leaves_no_ai_retry_behind(fake: FakeDiscord, run, clock):
    game, bob = await ai_first_lobby(fake, run)  # the AI seat moves first; Bob hosts

    async def crashing_think(*args):
        raise RuntimeError("the AI crashed")

    run.host.think = crashing_think
    await fake.click(bob, await run.board(game), f"fish:l:{game}:start")
    clock.advance(61)
    await run.bot.table.run_timers()
    assert game in run.bot.table._ai_retries  # failed again: it waits longer
    await run.host.cancel(game, bob)
    await run.bot.table.run_timers()
    assert run.bot.table._ai_retries == {}  # a later failure in another game starts from a minute again
