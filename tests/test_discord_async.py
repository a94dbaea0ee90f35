"""Asynchronous play under a fake clock: restart mid-game, reminders, AI stand-ins, /fish back, lobby expiry."""

from __future__ import annotations

import asyncio

from bot import timers
from bot.discord import messages
from tests.discord_helpers import only_reply, toy_game, toy_table
from tests.test_discord_private import live_dm, secret_game

pytest_plugins = ["tests.fakediscord.harness"]  # fixtures: fake, run, test_games

HOUR = 3600.0


async def test_a_restarted_bot_resumes_the_game_and_old_components_still_work(fake, run):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    game = await toy_game(fake, run, ann, bob)
    board = await run.board(game)
    await fake.click(ann, board, board.custom_ids[0])
    bob_board = await run.board(game)
    old_bot = run.bot
    await run.restart()
    assert run.bot is not old_bot
    await fake.click(bob, bob_board, bob_board.custom_ids[1])  # a message drawn by the previous process
    record = await run.host.get(game)
    assert record.state.step == 2 and record.state.taken == [1, 2]
    assert f"<@{ann}>" in (await run.board(game)).content
    assert fake.messages[bob_board.id].deleted  # the board moved down to ping Ann



async def test_an_ai_thinking_when_the_bot_stopped_moves_once_it_is_back(fake, run):
    ann = fake.add_user("Ann")
    await fake.slash(ann, "start toy")
    game = max(r.id for r in await run.host.games(fake.guild_id))
    await fake.click(ann, await run.board(game), f"fish:l:{game}:ai-hard")
    await fake.click(ann, await run.board(game), f"fish:l:{game}:start")
    thinking = asyncio.Event()

    async def stopped_midway(*_args):  # the AI is still thinking when the process stops (a deploy, a crash)
        thinking.set()
        await asyncio.Event().wait()

    run.host.think = stopped_midway
    board = await run.board(game)
    await fake.click(ann, board, board.custom_ids[0], wait=False)
    await asyncio.wait_for(thinking.wait(), 5)
    assert (await run.host.get(game)).state.step == 1  # Ann's move is stored, the AI's reply is not
    await run.restart()
    await fake.settle()
    record = await run.host.get(game)
    assert record.state.step == 2 and f"<@{ann}>" in (await run.board(game)).content  # the AI moved: Ann's turn


async def test_a_game_won_just_before_the_bot_stopped_gets_its_final_board_once_it_is_back(fake, run, monkeypatch):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    game = await toy_game(fake, run, ann, bob, stones=1)

    async def stopped_before_posting(*_args, **_kwargs):  # the winning move is stored, then the process stops
        return None

    monkeypatch.setattr(run.bot.table, "publish", stopped_before_posting)
    board = await run.board(game)
    await fake.click(ann, board, board.custom_ids[0])
    record = await run.host.get(game)
    assert record.status == "finished" and f"Game #{game} is over:" not in (await run.board(game)).text()
    await run.restart()
    await fake.settle()
    final = await run.board(game)
    assert f"Game #{game} is over:" in final.text() and final.custom_ids == [f"fish:r:{game}", f"fish:a:{game}"]
    posted = len(fake.in_channel(record.place_id))
    await run.restart()  # shown once: the next start leaves it alone
    await fake.settle()
    assert len(fake.in_channel(record.place_id)) == posted and (await run.board(game)).id == final.id

async def test_an_idle_player_is_reminded_once_with_the_stand_in_deadline(fake, run, clock):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    game = await toy_game(fake, run, ann, bob)
    record = await run.host.get(game)
    clock.advance(12 * HOUR)
    await run.bot.table.run_timers()
    await run.bot.table.run_timers()
    reminders = [m for m in fake.in_channel(record.place_id) if m.content.startswith("⏰")]
    assert len(reminders) == 1
    assert f"<@{ann}>" in reminders[0].content and f"<t:{int(record.turn_since + 48 * HOUR)}:R>" in reminders[0].content


async def test_after_the_stand_in_time_an_ai_plays_until_the_owner_comes_back(fake, run, clock):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    game = await toy_game(fake, run, ann, bob)
    clock.advance(48 * HOUR)
    await run.bot.table.run_timers()
    record = await run.host.get(game)
    assert record.seats[0].standin and record.state.step == 1  # the AI played Ann's turn at once
    notes = [m for m in fake.in_channel(record.place_id) if m.content.startswith("🤖")]
    assert len(notes) == 1 and f"<@{ann}>" in notes[0].content and "/fish back" in notes[0].content
    board = await run.board(game)
    assert f"<@{bob}>" in board.content
    await fake.click(bob, board, board.custom_ids[0])  # Bob moves; the stand-in answers for Ann
    record = await run.host.get(game)
    assert record.state.step == 3
    inter = await fake.slash(ann, "back", channel_id=record.place_id)
    assert "Welcome back" in fake.ephemeral_replies(inter)[0].content
    assert not (await run.host.get(game)).seats[0].standin
    assert "👋 Ann is back and plays their own seat again." in (await run.board(game)).text()  # the table is told



async def test_a_player_who_moves_while_the_timers_deliver_keeps_their_seat(fake, run, clock, monkeypatch):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    first = await toy_game(fake, run, ann, bob)  # Ann is idle here since now
    clock.advance(36 * HOUR)
    second = await toy_game(fake, run, bob, ann)  # Bob to act, then Ann
    clock.advance(12 * HOUR)  # a stand-in is due for Ann in the first game, a reminder for Bob in the second
    table = run.bot.table
    remind = table._remind

    async def ann_moves_meanwhile(record, seats):  # the tick posts a reminder; Ann moves in the first game
        board = await run.board(first)
        await fake.click(ann, board, board.custom_ids[0], wait=False)  # the bot is busy with this tick
        for _ in range(500):
            if (await run.host.get(first)).state.step:
                break
            await asyncio.sleep(0.01)
        await remind(record, seats)

    monkeypatch.setattr(table, "_remind", ann_moves_meanwhile)
    due = await table.run_timers()
    assert [r.id for r, _ in due.standins] == [first] and [r.id for r, _ in due.reminders] == [second]
    record = await run.host.get(first)
    assert not record.seats[0].standin and record.state.step == 1  # her own move, and no AI in her seat
    assert not [m for m in fake.in_channel(record.place_id) if m.content.startswith("🤖")]
    assert [m for m in fake.in_channel((await run.host.get(second)).place_id) if m.content.startswith("⏰")]

async def test_a_lobby_that_never_starts_expires_and_loses_its_buttons(fake, run, clock):
    ann = fake.add_user("Ann")
    await fake.slash(ann, "start toy")
    game = max(r.id for r in await run.host.games(fake.guild_id))
    lobby = await run.board(game)
    assert "Expires <t:" in lobby.text()
    clock.advance(24 * HOUR)
    due = await run.bot.table.run_timers()
    assert [r.id for r in due.expired] == [game]
    assert "expired" in fake.messages[lobby.id].text() and fake.messages[lobby.id].custom_ids == []
    assert (await run.host.get(game)).status == "cancelled"


async def test_the_board_shows_reminder_and_stand_in_deadlines_as_discord_timestamps(fake, run):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    game = await toy_game(fake, run, ann, bob)
    record = await run.host.get(game)
    text = (await run.board(game)).text()
    assert f"<t:{int(record.turn_since + 12 * HOUR)}:R>" in text and f"<t:{int(record.turn_since + 48 * HOUR)}:R>" in text


async def test_away_hands_every_running_seat_to_the_stand_in_and_back_typed_elsewhere_takes_them_all_back(fake, run):
    ann, bob, carol = fake.add_user("Ann"), fake.add_user("Bob"), fake.add_user("Carol")
    first = await toy_game(fake, run, ann, bob)  # Ann to act
    second = await toy_game(fake, run, carol, ann)  # Carol to act, then Ann
    lounge = fake.add_channel("lounge")  # no game lives here
    inter = await fake.slash(ann, "away", channel_id=lounge)
    assert only_reply(fake, inter) == (f"An AI (hard) now plays for you in games #{first} and #{second}. Use "
                                       f"`/fish back` in a game to take that seat back, or anywhere else on this "
                                       f"server to take them all back.")
    one, two = await run.host.get(first), await run.host.get(second)
    assert one.seats[0].standin and two.seats[1].standin and one.state.step == 1  # the AI played Ann's turn
    for record in (one, two):  # the board says so; no message of its own, so going away and back spams nobody
        assert "▸ 🤖 Ann is away: an AI plays for them until `/fish back`." in (await run.board(record.id)).text()
        assert not [m for m in fake.in_channel(record.place_id) if m.content.startswith("🤖")]
    assert "(🤖 AI stand-in, hard)" in (await run.board(second)).text()
    assert "your turn" not in only_reply(fake, await fake.slash(ann, "games", channel_id=lounge))
    assert only_reply(fake, await fake.slash(ann, "away", channel_id=lounge)) == \
        "You have no running game on this server that an AI does not already play for you."
    inter = await fake.slash(ann, "back", channel_id=lounge)
    assert only_reply(fake, inter) == f"Welcome back: your seats are yours again in games #{first} and #{second}."
    one, two = await run.host.get(first), await run.host.get(second)
    assert not one.seats[0].standin and not two.seats[1].standin
    assert only_reply(fake, await fake.slash(ann, "back", channel_id=lounge)) == \
        "No AI is standing in for you on this server."


async def test_back_typed_in_the_channel_the_lobbies_were_opened_in_takes_every_seat_back(fake, run):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    first, second = await toy_game(fake, run, ann, bob), await toy_game(fake, run, ann, bob)
    assert fake.channel_id not in ((await run.host.get(first)).place_id, (await run.host.get(second)).place_id)
    await fake.slash(ann, "away")
    inter = await fake.slash(ann, "back")  # in the lobbies' channel: neither game is played here
    assert only_reply(fake, inter) == f"Welcome back: your seats are yours again in games #{first} and #{second}."
    assert not any(s.standin for r in [await run.host.get(first), await run.host.get(second)] for s in r.seats)


async def test_back_typed_in_a_game_where_no_ai_stands_in_changes_nothing_elsewhere(fake, run):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    first, second = await toy_game(fake, run, ann, bob), await toy_game(fake, run, ann, bob)
    await fake.slash(ann, "away")
    place = (await run.host.get(first)).place_id
    assert only_reply(fake, await fake.slash(ann, "back", channel_id=place)) == \
        "Welcome back: your seat is yours again."
    assert only_reply(fake, await fake.slash(ann, "back", channel_id=place)) == \
        f"No AI is standing in for you in game #{first}, so nothing was done."
    assert (await run.host.get(second)).seats[0].standin  # README: typed in a game's thread, that game only


async def test_a_reminder_and_a_stand_in_reach_the_channel_when_the_game_s_thread_was_deleted(fake, run, clock):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    game = await toy_game(fake, run, ann, bob)
    record = await run.host.get(game)
    fake.delete_channel(record.thread_id)  # a moderator tidies up old threads
    clock.advance(12 * HOUR)
    await run.bot.table.run_timers()
    said = [m.content for m in fake.in_channel(record.channel_id)]
    assert any(c.startswith(f"⏰ <@{ann}>, it's your turn in game #{game} (Toy): [the board](<") for c in said)
    assert (await run.host.get(game)).thread_id is None  # the game plays on in its channel, its board there too
    board = await run.board(game)
    assert board.channel_id == record.channel_id and f"<@{ann}>" in board.content and board.custom_ids
    [reminder] = [m for m in fake.in_channel(record.channel_id) if m.content.startswith("⏰")]
    assert f"/{record.channel_id}/{board.id}>)" in reminder.content  # it links the board where it now is
    clock.advance(36 * HOUR)
    await run.bot.table.run_timers()
    assert any(m.content.startswith(f"🤖 <@{ann}> was idle for 48 h, so an AI now plays their seat in game #{game} "
                                    "(Toy).") and "/fish back" in m.content
               for m in fake.in_channel(record.channel_id))


async def test_a_game_cancelled_while_the_reminders_go_out_is_not_reminded(fake, run, clock):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    game = await toy_game(fake, run, ann, bob)
    clock.advance(12 * HOUR)
    [(record, seats)] = (await timers.collect(run.host, clock())).reminders
    await run.host.cancel(game, ann)  # the host cancels while the tick delivers earlier games' reminders
    await run.bot.table._remind(record, seats)
    assert not [m for m in fake.in_channel(record.place_id) if m.content.startswith("⏰")]


async def test_the_board_promises_no_reminder_when_the_stand_in_comes_first(fake, run):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    game = await toy_game(fake, run, ann, bob)
    assert "Reminder <t:" in (await run.board(game)).text()
    await run.host.set_settings(fake.guild_id, remind_hours=3.0, standin_hours=2.0)
    board = await run.board(game)
    await fake.click(ann, board, board.custom_ids[0])
    text = (await run.board(game)).text()
    assert "AI stand-in <t:" in text and "Reminder <t:" not in text


async def test_seats_reminded_in_one_tick_are_each_told_their_own_stand_in_time(fake, run):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    game = await secret_game(fake, run, ann, bob)  # both pick in secret now
    record = await run.host.get(game)
    since = record.waiting[0]
    record = record.model_copy(update={"waiting": {0: since, 1: since + 5 * HOUR}})  # Bob has waited 5 h less
    real_get = run.host.get

    async def get(game_id: int):
        return record if game_id == game else await real_get(game_id)

    run.host.get = get
    await run.bot.table._remind(record, [0, 1])
    said = [m.content for m in fake.in_channel(record.place_id) if m.content.startswith("⏰")]
    assert [(f"<@{ann}>" in c, f"<@{bob}>" in c) for c in said] == [(True, False), (False, True)]
    assert f"<t:{int(since + 48 * HOUR)}:R>" in said[0] and f"<t:{int(since + 53 * HOUR)}:R>" in said[1]


async def test_a_board_drawn_after_the_reminders_went_out_promises_only_the_stand_in(fake, run, clock):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    game = await secret_game(fake, run, ann, bob)  # both pick in private
    clock.advance(12 * HOUR)
    await run.bot.table.run_timers()  # both are reminded
    dm = live_dm(fake, ann)
    await fake.click(ann, dm, dm.custom_ids[0])  # Ann picks: the board is drawn again, waiting on Bob
    text = (await run.board(game)).text()
    standin = int((await run.host.get(game)).waiting[1] + 48 * HOUR)
    assert f"AI stand-in <t:{standin}:R>" in text and "Reminder <t:" not in text


async def test_the_board_promises_the_reminder_of_whoever_has_not_had_one(fake, run, clock):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    game = await secret_game(fake, run, ann, bob)
    record = await run.host.get(game)
    since = record.waiting[0]  # Ann was reminded; Bob began waiting 6 hours later (a clock kept from another move)
    record = record.model_copy(update={"waiting": {0: since, 1: since + 6 * HOUR}, "reminded": [0]})
    settings = await run.host.get_settings(fake.guild_id)
    embed = messages.board_embed(run.host.engine(record), record, run.host.pending(record), [0, 1], [], settings,
                                 image=False)
    assert f"Reminder <t:{int(since + 18 * HOUR)}:R> · AI stand-in <t:{int(since + 48 * HOUR)}:R>" in embed.description


async def test_leaving_is_told_by_the_name_the_table_knows(fake, run):
    ann, other_ann = fake.add_user("Ann"), fake.add_user("Ann")
    game = await secret_game(fake, run, ann, other_ann)
    assert (await run.host.get(game)).names == ["Ann", "Ann (2)"]
    await fake.slash(other_ann, "leave", channel_id=(await run.host.get(game)).place_id)
    assert "🚪 Ann (2) left the game" in (await run.board(game)).text()


async def solo_game(fake, run, ann: int) -> int:
    """A started toy game of Ann against an AI player (Ann to act first or next)."""
    await fake.slash(ann, "start toy")
    game = max(r.id for r in await run.host.games(fake.guild_id))
    await fake.click(ann, await run.board(game), f"fish:l:{game}:ai")
    await fake.click(ann, await run.board(game), f"fish:l:{game}:start")
    return game


async def test_away_against_ai_players_only_lends_no_seat_the_game_waits(fake, run):
    """README: a stand-in plays only while someone else plays in person; an AI table just waits for its person."""
    ann = fake.add_user("Ann")
    game = await solo_game(fake, run, ann)
    before = await run.host.get(game)
    assert only_reply(fake, await fake.slash(ann, "away")) == \
        f"Nobody else plays game #{game} in person, so it waits for you."
    after = await run.host.get(game)
    assert (after.version, after.status, any(s.standin for s in after.seats)) == (before.version, "active", False)


async def test_an_idle_player_against_ai_players_only_is_reminded_but_never_stood_in_for(fake, run, clock):
    ann = fake.add_user("Ann")
    game = await solo_game(fake, run, ann)
    record = await run.host.get(game)
    text = (await run.board(game)).text()
    assert "Reminder <t:" in text and "AI stand-in" not in text
    clock.advance(12 * HOUR)
    await run.bot.table.run_timers()
    [reminder] = [m for m in fake.in_channel(record.place_id) if m.content.startswith("⏰")]
    assert "stands in" not in reminder.content and reminder.content.endswith("so it waits for you.")
    clock.advance(100 * HOUR)
    await run.bot.table.run_timers()
    after = await run.host.get(game)
    assert (after.version, after.status, any(s.standin for s in after.seats)) == (record.version, "active", False)
    assert not [m for m in fake.in_channel(record.place_id) if m.content.startswith("🤖")]


async def test_the_board_that_asks_you_to_play_tells_all_that_happened_since_your_last_move(fake, run):
    ann, bob, cy = fake.add_user("Ann"), fake.add_user("Bob"), fake.add_user("Cy")
    game = await toy_table(fake, run, ann, bob, cy, stones=20)
    order = [(await run.host.get(game)).seats[s].user_id for s in range(3)]
    for user in order:  # each takes 1 in turn
        board = await run.board(game)
        await fake.click(user, board, board.custom_ids[0])
    text = (await run.board(game)).text()  # the first player's turn again: both others' moves since theirs
    names = [s.name for s in (await run.host.get(game)).seats]
    assert f"{names[1]} took 1" in text and f"{names[2]} took 1" in text and f"▸ {names[0]} took 1" not in text


async def test_a_paused_stand_in_says_so_and_back_lets_the_others_stand_ins_play_on(fake, run):
    ann, bob, cy = fake.add_user("Ann"), fake.add_user("Bob"), fake.add_user("Cy")
    game = await toy_table(fake, run, ann, bob, cy, stones=40)
    record = await run.host.get(game)
    place = record.place_id
    first = record.seats[run.host.pending(record)[0].seat].user_id
    away = [u for u in (ann, bob, cy) if u != first]  # the two not to act go away: the one to act plays in person
    for user in away:
        await fake.slash(user, "away", channel_id=place)
    await fake.slash(first, "leave", channel_id=place)  # the last in person leaves: the stand-ins wait
    record = await run.host.get(game)
    text = (await run.board(game)).text()
    assert record.status == "active" and "stand-in paused: nobody else plays in person" in text
    await fake.slash(away[0], "back", channel_id=place)
    after = await run.host.get(game)  # the other stand-in and the AI played on until the one back must decide
    assert run.host.pending(after)[0].seat == after.seat_of(away[0])
    text = (await run.board(game)).text()
    assert "stand-in paused" not in text and "is back and plays their own seat again" in text


async def test_a_restart_reads_the_boards_news_back_from_the_log_rather_than_wiping_it(fake, run):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    game = await toy_game(fake, run, ann, bob, stones=30)
    for user in (ann, bob):
        board = await run.board(game)
        await fake.click(user, board, board.custom_ids[0])
    before = len((await run.board(game)).history)
    await run.restart()  # the board is shown again at start, edited in place
    await fake.settle()
    board = await run.board(game)
    assert len(board.history) > before  # it was edited
    text = board.text()
    assert "▸ Bob took 1" in text  # what Ann missed since her own move is still there


async def test_a_reminder_that_promised_a_stand_in_is_renewed_when_everyone_else_goes_away(fake, run, clock):
    ann, bob, cy = fake.add_user("Ann"), fake.add_user("Bob"), fake.add_user("Cy")
    game = await toy_table(fake, run, ann, bob, cy, stones=40)
    record = await run.host.get(game)
    idle = record.seats[run.host.pending(record)[0].seat].user_id
    clock.advance(12 * HOUR)
    await run.bot.table.run_timers()  # reminded: "An AI stands in ..."
    for user in (u for u in (ann, bob, cy) if u != idle):  # then the others go away: no stand-in can come
        await fake.slash(user, "away", channel_id=record.place_id)
    clock.advance(60)
    await run.bot.table.run_timers()
    said = [m.content for m in fake.in_channel(record.place_id) if m.content.startswith(f"⏰ <@{idle}>")]
    assert len(said) == 2 and "An AI stands in" in said[0] and said[1].endswith("so it waits for you.")


async def test_the_final_board_tells_everyone_what_they_missed_not_only_the_last_move(fake, run):
    ann, bob, cy = fake.add_user("Ann"), fake.add_user("Bob"), fake.add_user("Cy")
    game = await toy_table(fake, run, ann, bob, cy, stones=3)
    while (record := await run.host.get(game)).status == "active":
        board = await run.board(game)
        await fake.click(record.seats[run.host.pending(record)[0].seat].user_id, board, board.custom_ids[0])
    text = (await run.board(game)).text()
    names = [s.name for s in record.seats]
    assert " is over: " in text and f"▸ {names[1]} took 1" in text and f"▸ {names[2]} took 1" in text


async def test_a_final_board_shown_after_a_restart_still_tells_what_happened(fake, run):
    ann, bob, cy = fake.add_user("Ann"), fake.add_user("Bob"), fake.add_user("Cy")
    game = await toy_table(fake, run, ann, bob, cy, stones=4)
    board = await run.board(game)
    record = await run.host.get(game)
    await fake.click(record.seats[run.host.pending(record)[0].seat].user_id, board, board.custom_ids[0])
    while (record := await run.host.get(game)).status == "active":  # the bot stops before it shows the rest
        seat = run.host.pending(record)[0].seat
        await run.host.submit(game, record.seats[seat].user_id, "take-1", record.version)
    await run.restart()
    await fake.settle()
    text = (await run.board(game)).text()
    assert " is over: " in text and "▸ " in text and " took 1" in text
