"""Races between a game's refreshes and other clicks: each is paused at an `await` where real HTTP calls can take
a while, and the other action is run meanwhile."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from bot.discord.table import SHOW_WHILE_THINKING
from tests.discord_helpers import ai_first_lobby, only_reply
from tests.test_discord_private import live_dm, secret_game

pytest_plugins = ["tests.fakediscord.harness"]  # fixtures: fake, run, test_games


async def until(cond: Callable[[], Awaitable[bool]], timeout: float = 5.0) -> None:
    """Wait until `cond()` holds."""
    end = asyncio.get_running_loop().time() + timeout
    while not await cond():
        assert asyncio.get_running_loop().time() < end, "timed out"
        await asyncio.sleep(0.005)


async def secret_with_ai(fake, run, ann: int, *others: int, rounds: int) -> int:
    """A started 'secret' game hosted by Ann, with the others and then one AI seat."""
    await fake.slash(ann, "start secret", rounds=rounds)
    game = max(r.id for r in await run.host.games(fake.guild_id))
    for user in others:
        await fake.click(user, await run.board(game), f"fish:l:{game}:join")
    await fake.click(ann, await run.board(game), f"fish:l:{game}:ai")
    await fake.click(ann, await run.board(game), f"fish:l:{game}:start")
    return game


async def test_leaving_while_a_refresh_sends_dms_leaves_the_leaver_no_dm_with_buttons(fake, run):
    ann, bob, carl = fake.add_user("Ann"), fake.add_user("Bob"), fake.add_user("Carl")
    game = await secret_game(fake, run, ann, bob, carl)
    dms = run.bot.table.dms
    real = dms._deliver_to
    entered, release = asyncio.Event(), asyncio.Event()

    async def paused(record, seat, user_id, texts, notify):  # Ann's refresh pauses at her own DM
        if seat == 0 and not entered.is_set():
            entered.set()
            await release.wait()
        return await real(record, seat, user_id, texts, notify)

    dms._deliver_to = paused
    dm = live_dm(fake, ann)
    await fake.click(ann, dm, dm.custom_ids[2], wait=False)
    await asyncio.wait_for(entered.wait(), 5)
    await fake.slash(carl, "leave", wait=False)  # Carl leaves while that refresh still has his DM to send

    async def left() -> bool:
        return (await run.host.get(game)).seat_of(carl) is None
    await until(left)
    await asyncio.sleep(0.05)
    release.set()
    await fake.settle()
    assert not [m for m in fake.dms(carl) if any(c.startswith("fish:c:") for c in m.custom_ids)]
    assert f"You left game #{game}" in fake.dms(carl)[-1].content


async def test_news_a_refresh_carries_forward_is_shown_when_the_newer_moves_ai_reply_fails(fake, run):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    game = await secret_with_ai(fake, run, ann, bob, rounds=3)
    board = await run.board(game)  # round 0: Ann calls the weather, the AI picks at once, then the people pick
    await fake.click(ann, board, board.custom_ids[0])
    for user in (ann, bob):
        dm = live_dm(fake, user)
        await fake.click(user, dm, dm.custom_ids[0])
    board = await run.board(game)  # round 1: Bob calls; after both pick, round 2's weather is the AI's call
    await fake.click(bob, board, board.custom_ids[0])
    table, host = run.bot.table, run.host
    real_show = table._show_board
    entered, release = asyncio.Event(), asyncio.Event()

    async def crashing_think(*args):
        raise RuntimeError("the AI crashed")

    async def paused_show(*args, **kwargs):
        if not entered.is_set():
            entered.set()
            await release.wait()
        return await real_show(*args, **kwargs)

    host.think, table._show_board = crashing_think, paused_show
    dm = live_dm(fake, ann)
    await fake.click(ann, dm, dm.custom_ids[0], wait=False)  # Ann's refresh pauses drawing the board
    await asyncio.wait_for(entered.wait(), 5)
    dm = live_dm(fake, bob)
    bob_click = await fake.click(bob, dm, dm.custom_ids[0], wait=False)  # stored, then the AI's reply fails
    await asyncio.wait_for(bob_click.answered.wait(), 5)

    async def stored() -> bool:
        return (await host.get(game)).state.round == 2
    await until(stored)
    release.set()
    await fake.settle()
    assert game not in table._queued
    assert any("You picked" in m.content for m in fake.dms(ann)) and any("You picked" in m.content for m in fake.dms(bob))


async def test_a_join_before_the_lobby_message_is_stored_shows_on_the_lobby(fake, run):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    host = run.host
    real = host.set_place
    entered, release = asyncio.Event(), asyncio.Event()

    async def paused(game_id, **kw):  # the lobby is posted (and its thread made) but its ids are not yet stored
        if not entered.is_set():
            entered.set()
            await release.wait()
        return await real(game_id, **kw)

    host.set_place = paused
    await fake.slash(ann, "start toy", wait=False)
    await asyncio.wait_for(entered.wait(), 5)
    [lobby] = [m for m in fake.in_channel(fake.channel_id) if any(":join" in c for c in m.custom_ids)]
    game = int(lobby.custom_ids[0].split(":")[2])
    await fake.click(bob, lobby, f"fish:l:{game}:join", wait=False)

    async def joined() -> bool:  # Bob's join committed and its refresh ran (only /fish start still busy)
        return (await host.get(game)).seat_of(bob) is not None and run.bot.table.busy == 1
    await until(joined)
    release.set()
    await fake.settle()
    assert f"<@{bob}>" in fake.messages[lobby.id].text()


async def test_a_reminder_sent_while_an_ai_thinks_stays_noted(fake, run):
    ann = fake.add_user("Ann")
    game = await secret_with_ai(fake, run, ann, rounds=2)
    host, real_think = run.host, run.host.think

    ticks = []

    async def think_while_reminded(*args):  # the ticker reminds Ann, who must pick, while the AI picks
        ticks.append(asyncio.create_task(host.mark_reminded(game, [0])))
        await asyncio.sleep(0.05)
        return await real_think(*args)

    host.think = think_while_reminded
    board = await run.board(game)
    await fake.click(ann, board, board.custom_ids[0])  # Ann calls the weather; the AI picks at once
    await asyncio.gather(*ticks)
    record = await host.get(game)
    assert record.state.picks[1] and 0 in record.waiting and record.reminded == [0]


async def test_the_board_shown_while_an_ai_thinks_leaves_the_clicked_dm_to_the_moves_own_refresh(fake, run):
    ann = fake.add_user("Ann")
    game = await secret_with_ai(fake, run, ann, rounds=2)
    board = await run.board(game)
    await fake.click(ann, board, board.custom_ids[0])  # Ann calls round 0's weather; the AI picks at once
    host, real_think = run.host, run.host.think
    shown_meanwhile = []

    async def slow_think(*args):  # round 1's weather is the AI's call, and it takes a while
        await asyncio.sleep(3 * SHOW_WHILE_THINKING)
        shown_meanwhile.append((await run.board(game)).text())
        return await real_think(*args)

    host.think = slow_think
    dm, sent = live_dm(fake, ann), len(fake.dms(ann))
    await fake.click(ann, dm, dm.custom_ids[2])  # Ann picks 3
    assert shown_meanwhile and "picks secretly" not in shown_meanwhile[0]  # the board moved on meanwhile
    edited = fake.messages[dm.id]  # her news and round 1's pick, edited into the DM she clicked
    assert "You picked 3" in edited.content and "Pick secretly" in edited.content and len(fake.dms(ann)) == sent


async def test_a_start_whose_ai_opening_move_fails_still_shows_the_started_game(fake, run):
    game, bob = await ai_first_lobby(fake, run)  # the AI seat moves first; Bob hosts
    lobby = await run.board(game)

    async def crashing_think(*args):
        raise RuntimeError("the AI crashed")

    run.host.think = crashing_think
    inter = await fake.click(bob, await run.board(game), f"fish:l:{game}:start")
    assert "went wrong" in only_reply(fake, inter)
    record = await run.host.get(game)
    assert record.status == "active" and record.message_id != lobby.id  # the board is posted
    assert fake.messages[lobby.id].custom_ids == []  # and the lobby no longer offers Join or Start


async def test_leaving_when_the_ais_first_reply_fails_still_hands_over_the_seat_and_closes_the_dm(fake, run):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    game = await secret_game(fake, run, ann, bob)
    dm = live_dm(fake, bob)

    async def crashing_think(*args):
        raise RuntimeError("the AI crashed")

    run.host.think = crashing_think
    inter = await fake.slash(bob, "leave", channel_id=(await run.host.get(game)).place_id)  # his AI must pick now
    assert "went wrong" in only_reply(fake, inter)
    record = await run.host.get(game)
    assert record.seat_of(bob) is None and record.seats[1].automated  # the seat is the AI's
    latest = fake.dms(bob)[-1]
    assert f"You left game #{game}" in latest.content and not latest.custom_ids
    assert fake.messages[dm.id].deleted or not fake.messages[dm.id].custom_ids


async def test_a_click_on_a_game_the_restart_has_not_resumed_yet_edits_its_board_pinging_nobody_anew(fake, run,
                                                                                                   monkeypatch):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    game = await secret_game(fake, run, ann, bob)  # both pick in private; the board mentions them
    blocker = await secret_game(fake, run, ann, bob)  # the newest: the restart resumes it first
    before = await run.board(game)
    release, real_resume = asyncio.Event(), run.host.resume_ai.__func__

    async def slow_resume(self, gid):  # the restart is still busy with the other game (its AI thinking, say)
        if gid == blocker:
            await release.wait()
        return await real_resume(self, gid)

    monkeypatch.setattr(type(run.host), "resume_ai", slow_resume)
    await run.restart()
    dm = [m for m in fake.dms(bob) if any(c.startswith(f"fish:c:{game}:") for c in m.custom_ids)][-1]
    inter = await fake.click(bob, dm, dm.custom_ids[0], wait=False)

    async def picked() -> bool:
        return (await run.host.get(game)).state.step > 1 or 1 not in (await run.host.get(game)).waiting
    await until(picked)
    await asyncio.sleep(0.2)
    after = await run.board(game)
    release.set()
    await fake.settle(inter)
    assert after.id == before.id and not fake.messages[before.id].deleted  # edited in place: no new mention
