"""`/fish notify`: people who ask get a DM when a game newly waits on their choice on its board, with each
reminder, and when a game of theirs ends; the others get only the channel's mention. Nothing secret is in it."""

from __future__ import annotations

from bot.models import PlayerSettings
from bot.store import SqliteStore
from tests.discord_helpers import only_reply, toy_game
from tests.fakediscord.server import FakeDiscord
from tests.test_discord_private import secret_game

pytest_plugins = ["tests.fakediscord.harness"]  # fixtures: fake, run, test_games

HOUR = 3600.0


def notices(fake: FakeDiscord, user: int) -> list[str]:
    """The texts of the notices in a user's DMs (not the opt-in confirmation or hand DMs)."""
    return [m.content for m in fake.dms(user) if m.content.startswith(("▶️", "🎣 Your turn", "⏰", "🏁"))]


async def test_notify_is_off_until_asked_and_says_so(fake, run):
    ann = fake.add_user("Ann")
    assert only_reply(fake, await fake.slash(ann, "notify")).startswith("Notices by DM are **off** for you")
    assert only_reply(fake, await fake.slash(ann, "notify", dm=True)).startswith("Notices by DM are **on** for you")
    [confirmation] = fake.dms(ann)
    assert confirmation.content.startswith("🎣 Notices by DM are on")
    assert only_reply(fake, await fake.slash(ann, "notify")).startswith("Notices by DM are **on** for you")
    assert only_reply(fake, await fake.slash(ann, "notify", dm=False)).startswith("Notices by DM are **off**")
    assert not (await run.host.store.get_player_settings(ann)).turn_dms


async def test_a_new_turn_on_the_board_comes_by_dm_only_to_those_who_asked(fake, run):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    await fake.slash(bob, "notify", dm=True)
    game = await toy_game(fake, run, ann, bob)  # Ann to act
    record = await run.host.get(game)
    link = f"https://discord.com/channels/{fake.guild_id}/{record.place_id}/{record.message_id}"
    assert notices(fake, bob) == [f"▶️ **Toy** game #{game} on **Fishing Club** has started · [the board](<{link}>)"]
    assert notices(fake, ann) == []  # Ann did not ask
    board = await run.board(game)
    await fake.click(ann, board, board.custom_ids[0])  # now Bob's turn
    record = await run.host.get(game)
    link = f"https://discord.com/channels/{fake.guild_id}/{record.place_id}/{record.message_id}"
    assert notices(fake, bob)[1:] == [f"🎣 Your turn in **Toy** game #{game} on **Fishing Club** · "
                                      f"[the board](<{link}>)"]
    board = await run.board(game)
    await fake.click(bob, board, board.custom_ids[0])  # Ann's turn again: Bob gets nothing new
    assert len(notices(fake, bob)) == 2


async def test_a_reminder_and_the_end_come_by_dm_and_a_closed_dm_refuses_to_turn_notices_on(fake, run, clock):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    await fake.slash(ann, "notify", dm=True)
    fake.dm_closed.add(bob)
    posted = len(fake.in_channel(fake.channel_id))
    answer = only_reply(fake, await fake.slash(bob, "notify", dm=True))
    assert answer.startswith("I can't send you direct messages, so notices by DM stay off.")
    assert not (await run.host.store.get_player_settings(bob)).turn_dms
    assert len(fake.in_channel(fake.channel_id)) == posted
    game = await toy_game(fake, run, ann, bob)
    assert notices(fake, ann) == [notices(fake, ann)[0]]  # her turn at once: no separate start notice
    assert notices(fake, ann)[0].startswith(f"🎣 Your turn in **Toy** game #{game}")
    clock.advance(12 * HOUR)
    await run.bot.table.run_timers()
    assert notices(fake, ann)[-1].startswith(f"⏰ Reminder: **Toy** game #{game} on **Fishing Club** waits "
                                             f"on you; an AI stands in <t:")
    for _ in range(20):  # a stone at a time until the game ends
        record = await run.host.get(game)
        if record.status != "active":
            break
        board = await run.board(game)
        await fake.click(record.seats[run.host.pending(record)[0].seat].user_id, board, board.custom_ids[0])
    record = await run.host.get(game)
    link = f"https://discord.com/channels/{fake.guild_id}/{record.place_id}/{record.message_id}"
    result = run.host.result(record)
    before, after = (round(x) for x in (await run.host.store.rating_moves(game))[0])
    assert notices(fake, ann)[-1] == (
        f"🏁 **Toy** game #{game} on **Fishing Club** is over: you placed {'1st' if result.ranks[0] == 1 else '2nd'} "
        f"of 2{' 🏆' if 0 in result.winners else ''} · rating {after} ({after - before:+d}) · [the board](<{link}>)")
    assert sum(text.startswith("🏁") for text in notices(fake, ann)) == 1


async def test_a_choice_made_in_dms_gets_no_turn_notice_beside_its_own_dm(fake, run):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    await fake.slash(bob, "notify", dm=True)
    game = await secret_game(fake, run, ann, bob)  # both pick secretly, by DM
    assert [m for m in fake.dms(bob) if "Pick secretly" in m.content]
    assert [text.split(" · ")[0] for text in notices(fake, bob)] == [
        f"▶️ **Secret Picks** game #{game} on **Fishing Club** has started"]  # and no turn notice beside the pick's DM


async def test_player_settings_are_kept_per_person_across_servers_and_restarts(db_path):
    store = await SqliteStore.open(db_path)
    assert not (await store.get_player_settings(7)).turn_dms
    await store.put_player_settings(7, PlayerSettings(turn_dms=True))
    await store.close()
    store = await SqliteStore.open(db_path)
    assert (await store.get_player_settings(7)).turn_dms and not (await store.get_player_settings(8)).turn_dms
    await store.close()


async def test_a_forged_notify_value_is_refused(fake, run):
    ann = fake.add_user("Ann")
    answer = only_reply(fake, await fake.slash(ann, "notify", dm="yes<@&123456789012345678>"))
    assert answer.startswith("`dm` is True or False, not yes") and "<@&" not in answer
    assert not (await run.host.store.get_player_settings(ann)).turn_dms


async def test_dms_closed_after_asking_turn_notices_off(fake, run):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    await fake.slash(bob, "notify", dm=True)
    fake.dm_closed.add(bob)
    game = await toy_game(fake, run, ann, bob)  # the start notice cannot reach Bob
    assert not (await run.host.store.get_player_settings(bob)).turn_dms
    assert only_reply(fake, await fake.slash(bob, "notify")).startswith("Notices by DM are **off** for you")
    board = await run.board(game)
    await fake.click(ann, board, board.custom_ids[0])  # Bob's turn: the channel's mention still reaches him
    assert f"<@{bob}>" in (await run.board(game)).content


async def test_whoever_is_asked_a_secret_choice_at_the_start_gets_that_dm_and_no_started_notice(fake, run):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    for user in (ann, bob):
        await fake.slash(user, "notify", dm=True)
    await fake.slash(ann, "start thisbig")
    game = max(r.id for r in await run.host.games(fake.guild_id))
    await fake.click(bob, await run.board(game), f"fish:l:{game}:join")
    await fake.click(ann, await run.board(game), f"fish:l:{game}:start")
    record = await run.host.get(game)
    [cast] = [d for d in run.host.pending(record) if d.private]  # This Big!'s casts are secret
    caster, other = record.seats[cast.seat].user_id, record.seats[1 - cast.seat].user_id
    assert not any(text.startswith("▶️") for text in notices(fake, caster))  # the cast's own DM says it all
    assert any(text.startswith("▶️") for text in notices(fake, other))
