"""Private decisions and hands: DMs with their own components, the closed-DM fallback, "My hand"."""

from __future__ import annotations

import pytest

from bot.discord import ids
from bot.models import Played
from tests.discord_helpers import only_reply, toy_table
from tests.fakediscord import render_stub
from tests.fakediscord.server import FakeDiscord
from tests.fakediscord.wire import error

pytest_plugins = ["tests.fakediscord.harness"]  # fixtures: fake, run, test_games


async def started_secret(fake: FakeDiscord, run, ann: int, *others: int, **options) -> int:
    """A started 'secret' game hosted by Ann with the others seated (`options` as /fish start secret takes them)."""
    await fake.slash(ann, "start secret", **options)
    game = max(r.id for r in await run.host.games(fake.guild_id))
    for user in others:
        await fake.click(user, await run.board(game), f"fish:l:{game}:join")
    await fake.click(ann, await run.board(game), f"fish:l:{game}:start")
    return game


async def secret_game(fake: FakeDiscord, run, ann: int, *others: int, hints: bool = False) -> int:
    """A started 'secret' game (one round) with Ann and the others; Ann has called the weather, so every seat
    picks secretly now."""
    game = await started_secret(fake, run, ann, *others, rounds=1, hints=hints or None)
    board = await run.board(game)
    await fake.click(ann, board, board.custom_ids[0])
    return game


def live_dm(fake: FakeDiscord, user: int):
    """The user's latest DM that carries choice components."""
    return [m for m in fake.dms(user) if any(c.startswith("fish:") for c in m.custom_ids)][-1]


async def test_private_decisions_go_by_dm_with_their_own_buttons(fake, run):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    game = await secret_game(fake, run, ann, bob)
    for user, seat in ((ann, 0), (bob, 1)):
        dm = live_dm(fake, user)
        assert "Pick secretly" in dm.content
        assert dm.custom_ids[0].startswith(f"fish:c:{game}:") and f":{seat}:pick-" in dm.custom_ids[0]
        assert dm.files["hand.png"].startswith(b"\x89PNG")
    board = await run.board(game)
    assert "in your DMs" in board.text()
    assert not any(":pick-" in c for c in board.custom_ids)  # no private choice under the public board


async def test_a_secret_pick_reaches_only_its_owner(fake, run):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    game = await secret_game(fake, run, ann, bob)
    dm = live_dm(fake, ann)
    await fake.click(ann, dm, dm.custom_ids[2])  # Ann picks 3
    assert any("You picked 3" in m.content for m in fake.dms(ann))
    assert not any("picked 3" in m.text() for m in fake.dms(bob))
    assert not any("picked 3" in m.text() for m in fake.messages.values() if m.channel_id != fake.dm_of[ann])
    # Bob's DM was refreshed to the new version and still works
    bob_dm = live_dm(fake, bob)
    await fake.click(bob, bob_dm, bob_dm.custom_ids[0])
    assert (await run.host.get(game)).status == "finished"


async def test_private_news_stays_in_its_dm_when_the_dm_is_edited_or_retired(fake, run):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    await secret_game(fake, run, ann, bob, hints=True)
    ann_dm, bob_dm = live_dm(fake, ann), live_dm(fake, bob)
    assert "Your lucky number is 1" in ann_dm.content and "Your lucky number is 2" in bob_dm.content
    sent = len(fake.dms(ann))
    await fake.click(ann, ann_dm, ann_dm.custom_ids[2])  # Ann's own news goes into the DM she clicked
    retired, edited = fake.messages[ann_dm.id], fake.messages[bob_dm.id]
    assert "Your lucky number is 1" in retired.content and "You picked 3" in retired.content
    assert "Nothing to decide here for now: the board mentions you when it is your turn." in retired.content and not retired.custom_ids
    assert len(fake.dms(ann)) == sent  # no new message for what she did herself
    assert live_dm(fake, bob).id == bob_dm.id and "Your lucky number is 2" in edited.content
    assert "Pick secretly" in edited.content
    await fake.click(bob, edited, edited.custom_ids[0])
    assert "Your lucky number is 2" in fake.messages[bob_dm.id].content
    assert not any("lucky number is 2" in m.text() for m in fake.dms(ann))


async def test_a_restarted_bot_edits_the_dms_it_sent_before_instead_of_sending_new_ones(fake, run):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    game = await secret_game(fake, run, ann, bob)
    bob_dm, bob_count = live_dm(fake, bob), len(fake.dms(bob))
    await run.restart()
    ann_dm = live_dm(fake, ann)
    await fake.click(ann, ann_dm, ann_dm.custom_ids[2])  # a DM drawn by the previous process
    assert len(fake.dms(bob)) == bob_count and live_dm(fake, bob).id == bob_dm.id  # edited, not sent again
    assert f":{(await run.host.get(game)).version}:" in live_dm(fake, bob).custom_ids[0]
    assert "You picked 3" in fake.messages[ann_dm.id].content  # Ann's own news, in the DM she clicked
    await fake.click(bob, live_dm(fake, bob), live_dm(fake, bob).custom_ids[0])
    assert (await run.host.get(game)).status == "finished"


async def test_a_refresh_that_reads_a_newer_move_leaves_the_dms_to_that_moves_refresh(fake, run):
    """Race: a refresh (here the one a restart makes) reads the game after a click committed but before the click's
    own refresh; the clicked DM must still get its news in place, not be emptied and replaced by a new DM."""
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    game = await secret_game(fake, run, ann, bob)
    before, ann_dm, sent = await run.host.get(game), live_dm(fake, ann), len(fake.dms(ann))
    played = await run.host.submit(game, ann, ann_dm.custom_ids[2].rsplit(":", 1)[1], before.version)
    await run.bot.table.publish(Played(before))  # a refresh asked at the older version, run after the commit
    assert fake.messages[ann_dm.id].custom_ids == ann_dm.custom_ids  # her DM waits for her move's refresh
    await run.bot.table.publish(played)
    assert "You picked 3" in fake.messages[ann_dm.id].content and len(fake.dms(ann)) == sent


async def test_closed_dms_are_told_in_the_channel_without_content_and_my_hand_works(fake, run):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    fake.dm_closed.add(bob)
    game = await secret_game(fake, run, ann, bob)
    record = await run.host.get(game)
    notices = [m for m in fake.in_channel(record.place_id) if "can't send you direct messages" in m.content]
    assert len(notices) == 1 and f"<@{bob}>" in notices[0].content
    assert "Pick" not in notices[0].content and not notices[0].files
    board = await run.board(game)
    hand = await fake.click(bob, board, f"fish:h:{game}")
    [reply] = fake.ephemeral_replies(hand)
    assert "Pick secretly" in reply.content and reply.files["hand.png"].startswith(b"\x89PNG")
    await fake.click(bob, reply, reply.custom_ids[1])
    record = await run.host.get(game)
    assert record.state.picks[1] == 2


async def test_closed_dms_are_told_in_the_channel_once_a_game_even_across_a_restart(fake, run):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    fake.dm_closed.add(bob)
    game = await started_secret(fake, run, ann, bob, rounds=2)
    board = await run.board(game)
    await fake.click(ann, board, board.custom_ids[0])  # round 1: both pick secretly; Bob's DM fails
    await fake.click(ann, live_dm(fake, ann), live_dm(fake, ann).custom_ids[0])
    [reply] = fake.ephemeral_replies(await fake.click(bob, await run.board(game), f"fish:h:{game}"))
    await fake.click(bob, reply, reply.custom_ids[0])
    await run.restart()
    board = await run.board(game)
    await fake.click(bob, board, board.custom_ids[0])  # round 2, Bob's call: his secret pick's DM fails again
    record = await run.host.get(game)
    assert record.state.round == 1 and record.state.weather and record.state.picks == [-1, -1]
    notices = [m for m in fake.in_channel(record.place_id) if "can't send you direct messages" in m.content]
    assert len(notices) == 1


async def test_the_log_gives_each_move_its_outcome_and_a_private_move_only_what_the_table_saw(fake, run):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    game = await started_secret(fake, run, ann, bob, rounds=1)
    board = await run.board(game)
    await fake.click(ann, board, board.custom_ids[0])  # Ann calls calm
    for user, pick in ((ann, 2), (bob, 1)):  # Ann picks 3, Bob 2
        await fake.click(user, live_dm(fake, user), live_dm(fake, user).custom_ids[pick])
    place = (await run.host.get(game)).place_id
    log = only_reply(fake, await fake.slash(bob, "log", channel_id=place)).splitlines()
    assert log == ["1. Ann: Calm", "\u2003↳ Ann called calm", "2. Ann made a private choice",
                   "3. Bob made a private choice", "\u2003↳ Ann scored with 3"]


async def test_slash_hand_answers_ephemerally_with_the_pending_private_choice(fake, run):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    game = await secret_game(fake, run, ann, bob)
    record = await run.host.get(game)
    inter = await fake.slash(bob, "hand", channel_id=record.place_id)
    [reply] = fake.ephemeral_replies(inter)
    assert reply.ephemeral and "Pick secretly" in reply.content and len(reply.custom_ids) == 3


async def test_my_hand_for_a_stranger_is_refused_privately(fake, run):
    ann, bob, eve = fake.add_user("Ann"), fake.add_user("Bob"), fake.add_user("Eve")
    game = await secret_game(fake, run, ann, bob)
    inter = await fake.click(eve, await run.board(game), f"fish:h:{game}")
    [reply] = fake.ephemeral_replies(inter)
    assert "not playing" in reply.content and not reply.files


async def test_a_private_button_drawn_before_another_seat_answered_still_counts(fake, run):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    game = await secret_game(fake, run, ann, bob)
    bob_dm = live_dm(fake, bob)
    stale = dict(bob_dm.data)
    ann_dm = live_dm(fake, ann)
    await fake.click(ann, ann_dm, ann_dm.custom_ids[0])
    bob_dm.data = stale  # Bob's client had not refreshed yet
    inter = await fake.click(bob, bob_dm, bob_dm.custom_ids[0])
    assert not fake.ephemeral_replies(inter), "Bob's decision had not changed, so his click must count"
    moves = await run.host.history(game)
    assert [m.seat for m in moves[-2:]] == [0, 1]



@pytest.mark.parametrize("end", ["leave", "cancel", "finish"])
async def test_a_dm_whose_choice_ends_with_the_player_or_the_game_says_why(fake, run, end):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    game = await secret_game(fake, run, ann, bob)
    dm = live_dm(fake, bob)
    place = (await run.host.get(game)).place_id
    if end == "leave":
        await fake.slash(bob, "leave", channel_id=place)
    elif end == "cancel":
        await fake.slash(ann, "cancel", channel_id=place)
    else:
        await fake.click(ann, live_dm(fake, ann), live_dm(fake, ann).custom_ids[0])
        await fake.click(bob, dm, dm.custom_ids[0])
    said = {"leave": f"You left game #{game}; an AI plays your seat.", "cancel": f"Game #{game} was cancelled.",
            "finish": f"Game #{game} is over: the final board is in its thread."}[end]
    assert (await run.host.get(game)).status == {"leave": "active", "cancel": "cancelled", "finish": "finished"}[end]
    latest = fake.dms(bob)[-1]  # the same DM, or (with private news at the end) a newer one
    old = fake.messages[dm.id]  # edited to say why, or (with nothing to keep in it) gone for the newer one
    assert said in latest.content and not latest.custom_ids and (old.deleted or not old.custom_ids)


async def test_a_dm_edited_in_place_shows_the_picture_of_the_table_as_it_now_is(fake, run):
    ann, bob, cid = fake.add_user("Ann"), fake.add_user("Bob"), fake.add_user("Cid")
    game = await secret_game(fake, run, ann, bob, cid)
    dm = live_dm(fake, bob)
    drawn = dm.files["hand.png"]
    assert drawn == render_stub.hand(run.host.view(await run.host.get(game), 1))
    await fake.click(ann, live_dm(fake, ann), live_dm(fake, ann).custom_ids[0])  # no news for Bob: edited in place
    assert live_dm(fake, bob).id == dm.id
    record = await run.host.get(game)
    assert fake.messages[dm.id].files["hand.png"] == render_stub.hand(run.host.view(record, 1)) != drawn


async def test_a_dm_whose_choice_is_made_shows_the_hand_with_that_choice_not_the_question(fake, run):
    ann, bob, cid = fake.add_user("Ann"), fake.add_user("Bob"), fake.add_user("Cid")
    game = await secret_game(fake, run, ann, bob, cid)
    dm = live_dm(fake, bob)
    asked = dm.files["hand.png"]
    await fake.click(bob, dm, dm.custom_ids[0])  # Bob picks: his DM is edited in place, its buttons gone
    record = await run.host.get(game)
    edited = fake.messages[dm.id]
    assert not edited.custom_ids and "Nothing to decide here for now" in edited.content
    assert edited.files["hand.png"] == render_stub.hand(run.host.view(record, 1)) != asked


async def test_at_the_end_a_players_last_dm_without_a_choice_says_the_game_is_over(fake, run):
    ann, bob, cid = fake.add_user("Ann"), fake.add_user("Bob"), fake.add_user("Cid")
    game = await secret_game(fake, run, ann, bob, cid)
    await fake.click(bob, live_dm(fake, bob), live_dm(fake, bob).custom_ids[0])  # Bob's DM: nothing to decide
    bobs = fake.dms(bob)[-1]
    assert "the board mentions you when it is your turn" in bobs.content
    for user in (ann, cid):
        await fake.click(user, live_dm(fake, user), live_dm(fake, user).custom_ids[0])
    assert (await run.host.get(game)).status == "finished"
    latest = fake.dms(bob)[-1]
    assert f"Game #{game} is over: the final board is in its thread." in latest.content
    assert "the board mentions you" not in fake.messages[bobs.id].content or fake.messages[bobs.id].deleted


async def test_a_dm_that_fails_keeps_no_one_else_from_theirs(fake, run, monkeypatch, caplog):
    ann, bob, cid = fake.add_user("Ann"), fake.add_user("Bob"), fake.add_user("Cid")
    post = fake._post_message

    async def refuse_bob(req, body, files, channel):  # Discord refuses Bob's DMs with another code than "closed"
        if int(channel) == fake.dm_channel(bob):
            return error(403, 50001, "Missing Access")
        return await post(req, body, files, channel)

    monkeypatch.setattr(fake, "_post_message", refuse_bob)
    await secret_game(fake, run, ann, bob, cid)
    assert "Pick secretly" in live_dm(fake, cid).content and "Pick secretly" in live_dm(fake, ann).content
    assert not fake.dms(bob) and any("the DM to seat 1 failed" in r.getMessage() for r in caplog.records)


async def test_leaving_on_your_turn_shows_the_ais_move_and_sends_the_news_it_makes(fake, run):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    game = await started_secret(fake, run, ann, bob, rounds=1, hints=True)  # Ann is to call the weather
    await fake.slash(ann, "leave", channel_id=(await run.host.get(game)).place_id)  # her AI calls it at once
    assert "called" in (await run.board(game)).text()  # the board says what the AI did
    assert "Your lucky number is 2" in live_dm(fake, bob).content  # and the news it made reached Bob


async def test_a_dm_with_nothing_to_keep_gives_way_to_the_next_so_dms_do_not_pile_up(fake, run):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    game = await started_secret(fake, run, ann, bob, rounds=3)
    for _ in range(3):  # each round: the weather on the board, then both pick in their DMs
        record = await run.host.get(game)
        caller = record.seats[run.host.pending(record)[0].seat].user_id
        board = await run.board(game)
        await fake.click(caller, board, board.custom_ids[0])
        for user in (ann, bob):
            await fake.click(user, live_dm(fake, user), live_dm(fake, user).custom_ids[0])
    assert (await run.host.get(game)).status == "finished"
    for user in (ann, bob):  # one DM a round, each with its private news ("You picked 1"), none empty
        assert len(fake.dms(user)) == 3 and all("🔒" in m.content for m in fake.dms(user))


async def test_a_dm_with_news_says_when_your_next_move_waits_on_the_board(fake, run):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    game = await started_secret(fake, run, ann, bob, rounds=2)
    board = await run.board(game)
    await fake.click(ann, board, board.custom_ids[0])  # Ann calls the weather; both pick secretly
    await fake.click(ann, live_dm(fake, ann), live_dm(fake, ann).custom_ids[0])
    await fake.click(bob, live_dm(fake, bob), live_dm(fake, bob).custom_ids[0])  # round 2: Bob calls the weather
    news = fake.dms(bob)[-1]
    assert "🔒 You picked 1" in news.content and "**Your move, on the board:** Call the weather" in news.content


async def test_a_seat_with_a_stand_in_is_told_where_to_type_fish_back(fake, run):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    game = await secret_game(fake, run, ann, bob)
    place = (await run.host.get(game)).place_id
    await fake.slash(ann, "away", channel_id=place)
    hand = only_reply(fake, await fake.slash(ann, "hand", channel_id=place))
    assert "🤖 An AI stand-in is playing your seat. Use `/fish back` in the game's thread to return." in hand


async def test_what_the_choices_do_is_told_to_whom_they_are_open_and_never_another_seats_secret_ones(fake, run):
    ann, bob, eve = fake.add_user("Ann"), fake.add_user("Bob"), fake.add_user("Eve")
    game = await started_secret(fake, run, ann, bob, rounds=1)  # Ann calls the weather on the board
    board = await run.board(game)
    assert ids.guide(game) in board.custom_ids  # "Calm" says more than its label
    for user in (ann, eve):  # Ann's own choice, and the board's for anyone looking on
        assert only_reply(fake, await fake.click(user, board, ids.guide(game))).endswith(
            "— Call the weather\n• **Calm**: Calm: every pick scores as it is")
    await fake.click(ann, board, board.custom_ids[0])  # now each picks in private, told by DM what a pick does
    assert "• **Pick 2**: Pick 2 in secret: 2 points" in live_dm(fake, bob).content
    assert ids.guide(game) not in (await run.board(game)).custom_ids  # nothing public left to explain
    assert "Pick 3 in secret" in only_reply(fake, await fake.click(bob, board, ids.guide(game)))  # an old board: his own
    assert only_reply(fake, await fake.click(eve, board, ids.guide(game))) == \
        "Nothing to explain: these choices say it all on their buttons."  # never the players' secret choices


async def test_a_stand_ins_secret_moves_go_into_the_away_persons_dm_in_place_and_leaving_retires_it(fake, run):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    game = await started_secret(fake, run, ann, bob, rounds=3)
    place = (await run.host.get(game)).place_id
    await fake.slash(bob, "away", channel_id=place)
    sent = len(fake.dms(bob))
    for _ in range(3):  # Ann plays her part of each round; Bob's stand-in picks for him in secret
        record = await run.host.get(game)
        if record.status != "active":
            break
        pending = [d for d in run.host.pending(record) if record.seats[d.seat].user_id == ann]
        if pending and pending[0].private:
            await fake.click(ann, live_dm(fake, ann), live_dm(fake, ann).custom_ids[0])
        elif pending:
            board = await run.board(game)
            await fake.click(ann, board, board.custom_ids[0])
    assert len(fake.dms(bob)) <= sent + 1  # at most one new DM while away, edited in place after that
    assert "🔒" in fake.dms(bob)[-1].content and "stand-in" in fake.dms(bob)[-1].content
    if (await run.host.get(game)).status == "active":
        await fake.slash(bob, "leave", channel_id=place)
        assert f"You left game #{game}" in fake.dms(bob)[-1].content


async def test_an_away_persons_dm_is_left_alone_by_moves_that_bring_them_no_news(fake, run):
    ann, bob, cy = fake.add_user("Ann"), fake.add_user("Bob"), fake.add_user("Cy")
    game = await toy_table(fake, run, ann, bob, cy, stones=40)
    record = await run.host.get(game)
    order = [record.seats[(run.host.pending(record)[0].seat + k) % 3].user_id for k in range(3)]
    await fake.slash(order[1], "away", channel_id=record.place_id)  # the one after the first plays by stand-in
    board = await run.board(game)
    await fake.click(order[0], board, board.custom_ids[0])  # then the stand-in moves: news for the one away
    dm = fake.dms(order[1])[-1]
    edits = len(dm.history)
    board = await run.board(game)
    await fake.click(order[2], board, board.custom_ids[0])  # no news for the one away
    assert len(fake.messages[dm.id].history) == edits and fake.dms(order[1])[-1].id == dm.id


async def test_an_away_persons_dm_says_when_their_stand_in_pauses(fake, run):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    game = await started_secret(fake, run, ann, bob, rounds=3)
    board = await run.board(game)
    await fake.click(ann, board, board.custom_ids[0])  # Ann calls the weather: both pick in secret
    place = (await run.host.get(game)).place_id
    await fake.slash(bob, "away", channel_id=place)  # his stand-in plays for him
    assert "An AI stand-in is playing your seat" in fake.dms(bob)[-1].content
    await fake.slash(ann, "leave", channel_id=place)  # nobody plays in person now: the stand-in waits for him
    record = await run.host.get(game)
    assert record.status == "active" and record.seats[1].standin and not record.plays_itself(1)
    assert run.host.pending(record)[0].seat == 1 and "Your AI stand-in is paused" in fake.dms(bob)[-1].content

