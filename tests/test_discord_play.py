"""Whole games through the real discord.py client and the fake Discord: lobby, thread, turns, pings."""

from __future__ import annotations

from bot.discord import ids

pytest_plugins = ["tests.fakediscord.harness"]  # fixtures: fake, run, test_games


def game_id_of(fake) -> int:
    """The id of the newest game, read from its lobby embed title."""
    lobby = [m for m in fake.messages.values() if m.data.get("embeds") and "game #" in m.text()][-1]
    return int(lobby.data["embeds"][0]["title"].rsplit("#", 1)[1])


async def test_start_opens_a_lobby_with_buttons_in_its_own_thread(fake, run):
    ann = fake.add_user("Ann")
    await fake.slash(ann, "start toy", stones=5)
    lobby = fake.in_channel(fake.channel_id)[-1]
    assert "Toy · game #" in lobby.text()
    assert [ids.parse_lobby(c.removeprefix("fish:l:")).action for c in lobby.custom_ids] == [
        "join", "leave", "ai-easy", "ai", "ai-hard", "drop-ai", "start", "cancel"]
    assert len(fake.threads()) == 1
    game = game_id_of(fake)
    record = await run.host.get(game)
    assert record.thread_id == int(fake.threads()[0]["id"]) and record.channel_id == fake.channel_id
    assert record.options["stones"] == 5


async def test_without_thread_permission_the_game_stays_in_the_channel(fake, run):
    fake.allow_threads = False
    ann = fake.add_user("Ann")
    await fake.slash(ann, "start toy")
    record = await run.host.get(game_id_of(fake))
    assert fake.threads() == [] and record.thread_id is None and record.place_id == fake.channel_id


async def test_full_toy_game_with_an_ai_seat_through_clicks(fake, run):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    await fake.slash(ann, "start toy", stones=9)
    game = game_id_of(fake)
    lobby = await run.board(game)
    await fake.click(bob, lobby, f"fish:l:{game}:join")
    await fake.click(ann, fake.messages[lobby.id], f"fish:l:{game}:ai")
    assert f"<@{bob}>" in fake.messages[lobby.id].text() and "AI 1" in fake.messages[lobby.id].text()
    await fake.click(ann, fake.messages[lobby.id], f"fish:l:{game}:start")
    record = await run.host.get(game)
    assert record.status == "active"
    thread = record.thread_id
    for _ in range(20):
        record = await run.host.get(game)
        if record.status == "finished":
            break
        board = fake.messages[record.message_id]
        to_act = run.host.pending(record)[0].seat
        user = record.seats[to_act].user_id
        assert f"<@{user}>" in board.content  # the player to act is mentioned
        assert board.files["board.png"].startswith(b"\x89PNG")
        await fake.click(user, board, board.custom_ids[0])
    assert record.status == "finished"
    final = fake.messages[record.message_id]
    assert " is over: " in final.text() and "Final scores" in final.text()
    assert final.custom_ids == [f"fish:r:{game}", f"fish:a:{game}"]  # only "Watch the replay" and "Play again"
    boards = [m for m in fake.in_channel(thread) if "Toy · game" in m.text()]
    assert len(boards) == 1  # old boards were replaced, not piled up


async def test_a_move_by_the_same_player_edits_the_board_in_place(fake, run):
    ann = fake.add_user("Ann")
    await fake.slash(ann, "start secret", rounds=1)
    game = game_id_of(fake)
    await fake.click(ann, await run.board(game), f"fish:l:{game}:ai")
    await fake.click(ann, await run.board(game), f"fish:l:{game}:start")
    board = await run.board(game)
    assert f"<@{ann}>" in board.content and "Call the weather" in board.text()
    await fake.click(ann, board, board.custom_ids[0])
    # Ann now picks secretly: same player, so the board is edited rather than re-posted
    assert (await run.board(game)).id == board.id
    assert len(fake.messages[board.id].history) >= 1


async def test_a_started_lobby_says_where_its_game_is_played(fake, run):
    ann = fake.add_user("Ann")
    await fake.slash(ann, "start toy", stones=5)
    game = game_id_of(fake)
    lobby = await run.board(game)
    await fake.click(ann, lobby, f"fish:l:{game}:ai")
    await fake.click(ann, lobby, f"fish:l:{game}:start")
    record = await run.host.get(game)
    assert f"The game has started: play it in <#{record.thread_id}>." in fake.messages[lobby.id].text()


async def test_a_game_that_hides_nothing_has_no_my_hand(fake, run):
    ann = fake.add_user("Ann")
    for key, hides in (("wishes", False), ("thisbig", True)):
        await fake.slash(ann, f"start {key}")
        game = max(r.id for r in await run.host.games(fake.guild_id))
        await fake.click(ann, await run.board(game), f"fish:l:{game}:ai-easy")
        await fake.click(ann, await run.board(game), f"fish:l:{game}:start")
        assert (ids.hand(game) in (await run.board(game)).custom_ids) is hides
        said = fake.ephemeral_replies(await fake.slash(ann, "hand", channel_id=(await run.host.get(game)).place_id))
        assert ("hide nothing: everything is on the board" in said[0].text()) is not hides
