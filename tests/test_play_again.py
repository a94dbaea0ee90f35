"""Play again: a finished game's "Play again" button opens a lobby for the same game and options, hosted by the
player who pressed it, with its AI players back and its other people mentioned (to join or not)."""

from __future__ import annotations

import asyncio

import pytest

from bot.discord import ids
from bot.discord.places import ANOTHER_CHANNEL
from bot.host import Host, HostError
from tests.discord_helpers import finished_toy_game, only_reply

pytest_plugins = ["tests.fakediscord.harness"]  # fixtures: fake, run, test_games

ALICE, BOB, CAROL, DAVE = 1, 2, 3, 4


async def _play_out(host: Host, game: int):
    """Every person takes the first choice until the game ends; returns the final record."""
    record = await host.get(game)
    while record.status == "active":
        [decision] = host.pending(record)
        person = record.seats[decision.seat].user_id
        record = (await host.submit(game, person, decision.choices[0].id, record.version)).record
    return record


async def _finished(host: Host, toy_game: str, carol_leaves: bool = False):
    """A finished toy game of Alice, Bob, Carol and an `easy` AI (with Carol's seat handed to an AI if she left)."""
    lobby = await host.create(toy_game, {"stones": 7}, ALICE, "Alice", guild_id=10, channel_id=20)
    await host.join(lobby.id, BOB, "Bob")
    await host.join(lobby.id, CAROL, "Carol")
    await host.add_ai(lobby.id, ALICE, "easy")
    await host.begin(lobby.id, ALICE, seed=3)
    if carol_leaves:
        await host.leave(lobby.id, CAROL)
    return await _play_out(host, lobby.id)


async def test_play_again_opens_a_lobby_of_the_same_game_hosted_by_who_asked_with_the_ai_players_back(
        db_path, clock, toy_game):
    host = await Host.open(db_path, clock)
    finished = await _finished(host, toy_game, carol_leaves=True)
    assert [s.ai for s in finished.seats] == [None, None, "hard", "easy"]  # Carol's seat went to the stand-in level
    await host.close()
    host = await Host.open(db_path, clock)  # a restart keeps which AI took over from a person
    lobby = await host.rematch(finished.id, BOB, "Bob", 20)
    assert (lobby.status, lobby.key, lobby.options) == ("lobby", toy_game, finished.options)
    assert (lobby.host_user, lobby.guild_id, lobby.channel_id) == (BOB, 10, 20)
    # Bob hosts and sits first; the AI player is back at its level, not the AI that took over from Carol
    assert [(s.user_id, s.ai) for s in lobby.seats] == [(BOB, None), (None, "easy")]
    again = await host.get(finished.id)
    assert (again.status, again.version) == ("finished", finished.version)
    await host.join(lobby.id, ALICE, "Alice")
    assert (await host.begin(lobby.id, BOB, seed=4)).record.status == "active"
    await host.close()


async def test_play_again_refuses_strangers_leavers_and_games_not_over_and_opens_nothing(db_path, clock, toy_game):
    host = await Host.open(db_path, clock)
    finished = await _finished(host, toy_game, carol_leaves=True)
    running = await host.create(toy_game, {}, ALICE, "Alice", guild_id=10, channel_id=21)
    await host.add_ai(running.id, ALICE)
    await host.begin(running.id, ALICE, seed=1)
    cancelled = await host.create(toy_game, {}, ALICE, "Alice", guild_id=10, channel_id=22)
    await host.cancel(cancelled.id, ALICE)
    before = await host.games(10, statuses=("lobby", "active", "finished", "cancelled"))
    with pytest.raises(HostError, match="Only this game's players can play it again"):
        await host.rematch(finished.id, DAVE, "Dave", 20)
    with pytest.raises(HostError, match="Only this game's players"):
        await host.rematch(finished.id, CAROL, "Carol", 20)  # she left: her seat is an AI's now
    with pytest.raises(HostError, match="not over"):
        await host.rematch(running.id, ALICE, "Alice", 21)
    with pytest.raises(HostError, match="cancelled"):
        await host.rematch(cancelled.id, ALICE, "Alice", 22)
    assert await host.games(10, statuses=("lobby", "active", "finished", "cancelled")) == before
    await host.close()


async def test_two_players_asking_at_once_get_one_lobby_and_the_second_is_told_where_it_is(db_path, clock, toy_game):
    host = await Host.open(db_path, clock)
    finished = await _finished(host, toy_game)
    outcomes = await asyncio.gather(host.rematch(finished.id, ALICE, "Alice", 20),
                                    host.rematch(finished.id, BOB, "Bob", 20), return_exceptions=True)
    [lobby] = [o for o in outcomes if not isinstance(o, Exception)]
    [refused] = [o for o in outcomes if isinstance(o, Exception)]
    assert isinstance(refused, HostError) and f"already open here (#{lobby.id})" in refused.message
    assert [r.id for r in await host.games(10, 20, ("lobby",))] == [lobby.id]
    await host.begin(lobby.id, lobby.host_user, seed=2)  # once that lobby has started, another may open
    assert (await host.rematch(finished.id, CAROL, "Carol", 20)).host_user == CAROL
    await host.close()


async def test_the_final_board_s_play_again_opens_a_lobby_in_the_game_s_thread_mentioning_the_others(fake, run):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    game = await finished_toy_game(fake, run, ann, bob, stones=7)
    finished = await run.host.get(game)
    final = await run.board(game)
    assert final.custom_ids[-2:] == [ids.replay(game), ids.again(game)]
    inter = await fake.click(bob, final, ids.again(game))
    [lobby] = await run.host.games(fake.guild_id, statuses=("lobby",))
    posted = fake.messages[lobby.message_id]
    assert not posted.ephemeral and posted.channel_id == finished.thread_id
    assert fake.messages[inter.original].deleted  # the private "thinking…" answer goes: the lobby says it all
    assert posted.content == f"🔁 Bob wants to play Toy again (after game #{game}): <@{ann}>, join with the buttons below."
    assert (lobby.message_id, lobby.place_id, lobby.thread_id) == (posted.id, finished.thread_id, None)
    assert [(s.user_id, s.ai) for s in lobby.seats] == [(bob, None), (None, "normal")]
    assert lobby.options == finished.options and lobby.host_user == bob
    await fake.click(ann, posted, f"fish:l:{lobby.id}:join")
    await fake.click(bob, fake.messages[posted.id], f"fish:l:{lobby.id}:start")
    started = await run.host.get(lobby.id)
    assert started.status == "active" and started.seat_of(ann) is not None
    assert (await run.board(lobby.id)).channel_id == finished.thread_id


async def test_play_again_refusals_through_discord_answer_privately_and_post_nothing(fake, run):
    ann, bob, cid = fake.add_user("Ann"), fake.add_user("Bob"), fake.add_user("Cid")
    game = await finished_toy_game(fake, run, ann, bob, stones=7)
    place = (await run.host.get(game)).thread_id
    final = await run.board(game)
    shown = len(fake.in_channel(place))
    assert "Only this game's players" in only_reply(fake, await fake.click(cid, final, ids.again(game)))
    elsewhere = fake.add_channel("elsewhere")
    assert only_reply(fake, await fake.click(ann, final, ids.again(game), channel_id=elsewhere)) == ANOTHER_CHANNEL
    assert await run.host.games(fake.guild_id, statuses=("lobby",)) == []
    assert len(fake.in_channel(place)) == shown
    await fake.click(bob, final, ids.again(game))
    [lobby] = await run.host.games(fake.guild_id, statuses=("lobby",))
    assert only_reply(fake, await fake.click(ann, final, ids.again(game))).endswith(
        f"already open here (#{lobby.id}): join it with its buttons.")
    assert only_reply(fake, await fake.click(bob, final, ids.again(game))).endswith(
        f"already open here (#{lobby.id}): you are seated in it.")  # Bob opened it
    assert len(fake.in_channel(place)) == shown + 1
    await fake.slash(bob, "cancel", channel_id=place)
    assert only_reply(fake, await fake.click(ann, fake.messages[lobby.message_id], f"fish:l:{lobby.id}:join")) == \
        "This lobby was closed; start a new one with `/fish start`."


async def test_play_again_then_cancel_over_and_over_pings_the_others_once_per_quiet_period(fake, run, clock):
    ann, bob, cat = fake.add_user("Ann"), fake.add_user("Bob"), fake.add_user("Cat")
    game = await finished_toy_game(fake, run, ann, bob, cat, stones=7)
    final = await run.board(game)

    async def again(user: int):
        """`user` presses Play again; the host cancels the lobby it opens. Returns the lobby's message."""
        await fake.click(user, final, ids.again(game))
        [lobby] = await run.host.games(fake.guild_id, statuses=("lobby",))
        posted = fake.messages[lobby.message_id]
        await fake.click(lobby.host_user, posted, f"fish:l:{lobby.id}:cancel")
        return posted

    def pinged(posted) -> bool:
        return "users" in posted.allowed_mentions.get("parse", []) or bool(posted.allowed_mentions.get("users"))

    first = await again(ann)
    assert f"<@{bob}> <@{cat}>" in first.content and pinged(first)
    later = [await again(ann), await again(bob), await again(ann)]  # by the same or another player of that game
    assert all(f"<@{cat}>" in m.content and not pinged(m) for m in later)  # named, not pinged
    clock.advance(15 * 60)
    assert pinged(await again(bob))


async def test_start_and_play_again_answer_discord_before_they_store_the_lobby(fake, run, monkeypatch):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    game = await finished_toy_game(fake, run, ann, bob, stones=7)
    store, acked_at_create = run.host.store, []
    real_create = store.create

    async def create(*args, **kwargs):  # a slow disk would push an unanswered click past Discord's 3 s
        acked_at_create.append(list(fake.interactions.values())[-1].callback_type is not None)  # the click now
        return await real_create(*args, **kwargs)

    monkeypatch.setattr(store, "create", create)
    await fake.click(bob, await run.board(game), ids.again(game))
    await fake.slash(bob, "start toy", channel_id=fake.channel_id)
    assert acked_at_create == [True, True]
    assert len(await run.host.games(fake.guild_id, statuses=("lobby",))) == 2  # both opened and shown
