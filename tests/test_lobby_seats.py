"""A lobby's host takes seats out before the start: Remove AI under the lobby, `/fish kick player:` for a person."""

from __future__ import annotations

import pytest

from bot.host import Host, HostError
from bot.seating import LOBBY_MOVED
from tests.discord_helpers import finished_toy_game, only_reply
from tests.fakediscord.wire import UserOption, error

pytest_plugins = ["tests.fakediscord.harness"]  # fixtures: fake, run, test_games

ANN, BOB, CAROL = 1, 2, 3


async def test_removing_a_seat_takes_the_last_ai_or_a_named_person_and_passes_the_hosts_role_on(db_path, clock, toy_game):
    host = await Host.open(db_path, clock)
    lobby = await host.create(toy_game, {}, ANN, "Ann")
    await host.add_ai(lobby.id, ANN, "easy")
    await host.join(lobby.id, BOB, "Bob")
    await host.add_ai(lobby.id, ANN, "hard")
    record, name = await host.remove_seat(lobby.id, ANN)  # the last AI added
    assert name == "AI 2 (hard)" and record.names == ["Ann", "AI 1 (easy)", "Bob"]
    await host.add_ai(lobby.id, ANN, "hard")
    with pytest.raises(HostError, match="Only this game's host"):
        await host.remove_seat(lobby.id, BOB)
    with pytest.raises(HostError, match="your own seat: use Leave"):
        await host.remove_seat(lobby.id, ANN, ANN)
    with pytest.raises(HostError, match="They have no seat"):
        await host.remove_seat(lobby.id, ANN, CAROL)
    record, name = await host.remove_seat(lobby.id, CAROL, ANN, admin=True)  # a server admin takes the host out
    assert name == "Ann" and record.names == ["AI 1 (easy)", "Bob", "AI 2 (hard)"] and record.host_user == BOB
    record, _ = await host.remove_seat(lobby.id, BOB, None)
    record, _ = await host.remove_seat(lobby.id, BOB, None)
    assert record.names == ["Bob"]  # the AIs go last first
    with pytest.raises(HostError, match="no AI player"):
        await host.remove_seat(lobby.id, BOB)
    await host.add_ai(lobby.id, BOB, "hard")
    await host.add_ai(lobby.id, BOB, "easy")
    await host.join(lobby.id, CAROL, "Carol")
    record, _ = await host.remove_seat(lobby.id, BOB, CAROL)
    assert record.names == ["Bob", "AI 1 (hard)", "AI 2 (easy)"]
    record, _ = await host.remove_seat(lobby.id, CAROL, BOB, admin=True)  # and the last person: the lobby closes
    assert record.status == "cancelled"
    await host.close()
    host = await Host.open(db_path, clock)
    assert (await host.get(lobby.id)).names == ["AI 1 (hard)", "AI 2 (easy)"]
    await host.close()


async def test_a_running_game_keeps_its_seats(db_path, clock, toy_game):
    host = await Host.open(db_path, clock)
    lobby = await host.create(toy_game, {}, ANN, "Ann")
    await host.add_ai(lobby.id, ANN, "normal")
    await host.begin(lobby.id, ANN, seed=1)
    with pytest.raises(HostError, match="already started"):
        await host.remove_seat(lobby.id, ANN)
    await host.close()


async def test_remove_ai_takes_out_the_last_ai_and_only_for_the_host(fake, run):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    await fake.slash(ann, "start toy")
    game = (await run.host.games(fake.guild_id))[0].id
    lobby = await run.board(game)
    await fake.click(ann, lobby, f"fish:l:{game}:ai-easy")
    await fake.click(ann, lobby, f"fish:l:{game}:ai-hard")
    await fake.click(bob, lobby, f"fish:l:{game}:join")
    refused = await fake.click(bob, lobby, f"fish:l:{game}:drop-ai")
    assert only_reply(fake, refused) == "Only this game's host can do that."
    await fake.click(ann, lobby, f"fish:l:{game}:drop-ai")  # the lobby shows it; no private answer
    assert (await run.host.get(game)).names == ["Ann", "AI 1 (easy)", "Bob"]
    assert "AI 2" not in (await run.board(game)).text() and "AI 1 (easy)" in (await run.board(game)).text()
    await fake.click(ann, lobby, f"fish:l:{game}:drop-ai")
    again = await fake.click(ann, lobby, f"fish:l:{game}:drop-ai")
    assert only_reply(fake, again) == "There is no AI player in this lobby to remove."
    assert (await run.host.get(game)).names == ["Ann", "Bob"]


async def test_a_double_tap_on_add_ai_or_remove_ai_acts_once(fake, run):
    ann = fake.add_user("Ann")
    await fake.slash(ann, "start toy")
    game = (await run.host.games(fake.guild_id))[0].id

    async def double_tap(action: str) -> list[str]:
        lobby = await run.board(game)
        [button] = [c for c in lobby.custom_ids if c.startswith(f"fish:l:{game}:{action}:")]
        taps = [await fake.click(ann, lobby, button, wait=False) for _ in range(2)]
        for tap in taps:
            await fake.settle(tap)
        return [only_reply(fake, tap) for tap in taps if fake.ephemeral_replies(tap)]

    assert await double_tap("ai-hard") == [LOBBY_MOVED]
    assert (await run.host.get(game)).names == ["Ann", "AI 1 (hard)"]
    assert await double_tap("ai-easy") == [LOBBY_MOVED]
    assert await double_tap("drop-ai") == [LOBBY_MOVED]
    assert (await run.host.get(game)).names == ["Ann", "AI 1 (hard)"]  # the easy one added, then taken out once


async def test_kick_takes_a_person_out_of_the_lobby_here(fake, run):
    ann, bob, carol = fake.add_user("Ann"), fake.add_user("Bob"), fake.add_user("Carol")
    await fake.slash(ann, "start toy")
    game = (await run.host.games(fake.guild_id))[0].id
    await fake.click(bob, await run.board(game), f"fish:l:{game}:join")
    await fake.click(carol, await run.board(game), f"fish:l:{game}:join")
    record = await run.host.get(game)
    place = record.place_id
    answer = only_reply(fake, await fake.slash(bob, "kick", channel_id=place, player=UserOption(carol)))
    assert answer == "Only this game's host can do that."
    answer = only_reply(fake, await fake.slash(ann, "kick", channel_id=place, player=UserOption(carol)))
    assert answer == f"Carol is no longer seated in game #{game}."
    assert (await run.host.get(game)).names == ["Ann", "Bob"]
    assert "Carol" not in (await run.board(game)).text()
    answer = only_reply(fake, await fake.slash(ann, "kick", channel_id=place, player=UserOption(carol)))
    assert answer == "Carol has no seat in a lobby here."
    answer = only_reply(fake, await fake.slash(ann, "kick", channel_id=place, player=UserOption(ann)))
    assert answer == "That is your own seat: use Leave to give it up."
    await fake.click(ann, await run.board(game), f"fish:l:{game}:start")
    answer = only_reply(fake, await fake.slash(ann, "kick", channel_id=place, player=UserOption(bob)))
    assert answer == "Bob has no seat in a lobby here."
    assert (await run.host.get(game)).names == ["Ann", "Bob"]


async def test_kick_goes_to_the_one_lobby_here_that_seats_the_player(fake, run):
    ann, cat = fake.add_user("Ann"), fake.add_user("Cat")
    fake.allow_threads = False  # both lobbies in one channel
    await fake.slash(ann, "start toy")
    first = max(r.id for r in await run.host.games(fake.guild_id))
    await fake.slash(ann, "start secret")
    await fake.click(cat, await run.board(first), f"fish:l:{first}:join")
    answer = only_reply(fake, await fake.slash(ann, "kick", player=UserOption(cat)))
    assert answer == f"Cat is no longer seated in game #{first}." and (await run.host.get(first)).seat_of(cat) is None


async def test_status_of_a_lobby_shows_each_seat_s_rating_as_the_lobby_does(fake, run):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    await finished_toy_game(fake, run, ann, bob)
    fake.allow_threads = False
    await fake.slash(ann, "start toy")
    lobby = await run.board(max(r.id for r in await run.host.games(fake.guild_id)))
    [status] = fake.ephemeral_replies(await fake.slash(ann, "status"))
    assert "rating" in lobby.text() and status.text().splitlines()[-2:] == lobby.text().splitlines()[-2:]


async def test_the_last_person_leaving_a_lobby_with_ai_seats_is_told_it_closed(fake, run):
    ann = fake.add_user("Ann")
    await fake.slash(ann, "start toy")
    game = max(r.id for r in await run.host.games(fake.guild_id))
    await fake.click(ann, await run.board(game), f"fish:l:{game}:ai")
    inter = await fake.slash(ann, "leave", channel_id=(await run.host.get(game)).place_id)
    assert only_reply(fake, inter) == "You left, and with nobody else seated the lobby closed."
    assert (await run.host.get(game)).status == "cancelled" and (await run.board(game)).custom_ids == []


async def test_add_ai_refused_on_a_lobby_whose_edit_failed_shows_the_lobby_again(fake, run, monkeypatch):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    await fake.slash(ann, "start toy")
    game = (await run.host.games(fake.guild_id))[0].id
    lobby = await run.board(game)
    real, failed = fake._edit_message, []

    async def flaky(req, body, files, cid, mid):  # one edit of the lobby refused (a moment's outage)
        if not failed and int(mid) == lobby.id:
            failed.append(mid)
            return error(403, 50013, "Missing Permissions")
        return await real(req, body, files, cid, mid)

    monkeypatch.setattr(fake, "_edit_message", flaky)
    await fake.click(bob, lobby, f"fish:l:{game}:join")  # stored; the lobby still shows the buttons from before

    def add_button(message) -> str:
        return next(c for c in message.custom_ids if c.startswith(f"fish:l:{game}:ai:"))

    stale = add_button(await run.board(game))
    assert only_reply(fake, await fake.click(ann, await run.board(game), stale)) == LOBBY_MOVED
    fresh = add_button(await run.board(game))  # the refusal showed the lobby as it is now
    assert fresh != stale
    await fake.click(ann, await run.board(game), fresh)
    assert (await run.host.get(game)).names == ["Ann", "Bob", "AI 1 (normal)"]
