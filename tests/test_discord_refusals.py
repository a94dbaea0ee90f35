"""Bad clicks change nothing and get a clear private answer: strangers, wrong seat, old messages, forged ids."""

from __future__ import annotations

import pytest

from bot.discord.table import STILL_OPEN
from tests.discord_helpers import only_reply, toy_game

pytest_plugins = ["tests.fakediscord.harness"]  # fixtures: fake, run, test_games


async def test_a_stranger_pressing_a_choice_gets_not_your_turn(fake, run):
    ann, bob, eve = fake.add_user("Ann"), fake.add_user("Bob"), fake.add_user("Eve")
    game = await toy_game(fake, run, ann, bob)
    before = await run.host.get(game)
    board = await run.board(game)
    inter = await fake.click(eve, board, board.custom_ids[0])
    assert "Not your turn" in only_reply(fake, inter)
    assert (await run.host.get(game)).version == before.version



async def test_two_people_of_one_name_are_told_apart_when_refused(fake, run):
    ann, other = fake.add_user("Ann"), fake.add_user("Ann")
    game = await toy_game(fake, run, ann, other)
    board = await run.board(game)
    await fake.click(ann, board, board.custom_ids[0])
    board = await run.board(game)
    inter = await fake.click(ann, board, board.custom_ids[0])
    assert only_reply(fake, inter) == "Not your turn: these choices are for Ann (2)."

async def test_a_seated_player_pressing_another_seats_choice_gets_not_your_turn(fake, run):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    game = await toy_game(fake, run, ann, bob)
    board = await run.board(game)
    inter = await fake.click(bob, board, board.custom_ids[0])
    assert "Not your turn" in only_reply(fake, inter) and "Ann" in only_reply(fake, inter)
    assert (await run.host.get(game)).state.step == 0


# Discord sends a click with its message as it now is: a client that has not refreshed may press a component the
# message no longer carries (discord.py then hands the click to no item), or one it still carries.
MESSAGE_AS = pytest.mark.parametrize("as_shown", [False, True], ids=["message-as-it-now-is", "message-as-shown"])


async def test_a_click_on_an_outdated_message_is_refused_and_changes_nothing(fake, run):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    game = await toy_game(fake, run, ann, bob)
    old = await run.board(game)
    stale = dict(old.data)  # what Ann's client still shows
    await fake.click(ann, old, old.custom_ids[0])
    board = await run.board(game)
    await fake.click(bob, board, board.custom_ids[0])
    after = await run.host.get(game)
    old.data = stale
    inter = await fake.click(ann, old, old.custom_ids[1])
    assert only_reply(fake, inter) == STILL_OPEN.format(", your newest DM or **My hand**")  # Ann's turn, newer board
    assert (await run.host.get(game)).version == after.version



async def test_an_old_choice_no_longer_on_a_board_edited_in_place_is_refused(fake, run):
    ann = fake.add_user("Ann")
    await fake.slash(ann, "start toy", stones=30)
    game = max(r.id for r in await run.host.games(fake.guild_id))
    await fake.click(ann, await run.board(game), f"fish:l:{game}:ai")
    await fake.click(ann, await run.board(game), f"fish:l:{game}:start")
    board = await run.board(game)
    first, old_choice = board.custom_ids[:2]
    await fake.click(ann, board, first)  # the AI answers at once, and Ann's board is edited in place
    assert (await run.board(game)).id == board.id and old_choice not in board.custom_ids
    after = await run.host.get(game)
    inter = await fake.click(ann, board, old_choice)  # discord.py hands this click to no item
    assert only_reply(fake, inter) == STILL_OPEN.format(", your newest DM or **My hand**")
    assert (await run.host.get(game)).version == after.version

async def test_a_double_click_is_applied_once(fake, run):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    game = await toy_game(fake, run, ann, bob)
    board = await run.board(game)
    snapshot = dict(board.data)
    first = await fake.click(ann, board, board.custom_ids[0], wait=False)
    board.data = snapshot
    second = await fake.click(ann, board, board.custom_ids[0], wait=False)
    await fake.settle(first)
    await fake.settle(second)
    assert (await run.host.get(game)).state.step == 1
    refused = [only_reply(fake, i) for i in (first, second) if fake.ephemeral_replies(i)]  # Ann has no choice now
    assert refused and all("older state" in r and "still open" not in r for r in refused)


@pytest.mark.parametrize("custom_id", ["fish:c:12:x", "fish:c:1:2:3", "fish:s:1:1:0:zz", "fish:l:1:dance",
                                       "fish:h:abc", "fish:r:1x", "fish:a:1x", "fish:zz:1",
                                       "fish:c:\u0661:\u0662:0:x", "fish:l:\uff11:leave", "fish:h:\u0661",
                                       "fish:p:zz"])
async def test_a_malformed_custom_id_gets_a_clear_private_message(fake, run, custom_id):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    game = await toy_game(fake, run, ann, bob)
    board = await run.board(game)
    forged = {"type": 3 if custom_id.startswith(("fish:s:", "fish:p:")) else 2, "custom_id": custom_id}
    if forged["type"] == 2:
        forged |= {"style": 1, "label": "forged"}
    else:
        forged["options"] = [{"label": "x", "value": "x"}]
    board.data["components"] = [{"type": 1, "components": [forged]}]
    inter = await fake.click(ann, board, custom_id, values=["x"] if forged["type"] == 3 else None)
    assert "malformed" in only_reply(fake, inter)
    assert (await run.host.get(game)).state.step == 0


async def test_lobby_buttons_are_refused_for_the_wrong_person(fake, run):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    await fake.slash(ann, "start toy")
    game = max(r.id for r in await run.host.games(fake.guild_id))
    lobby = await run.board(game)
    inter = await fake.click(bob, lobby, f"fish:l:{game}:start")
    assert "Only this game's host" in only_reply(fake, inter)
    inter = await fake.click(ann, lobby, f"fish:l:{game}:start")
    assert "needs at least 2 players" in only_reply(fake, inter)
    assert (await run.host.get(game)).status == "lobby"


@MESSAGE_AS
async def test_lobby_leave_and_cancel_pressed_after_the_start_change_nothing_and_name_the_commands(fake, run,
                                                                                                   as_shown):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    await fake.slash(ann, "start toy")
    game = max(r.id for r in await run.host.games(fake.guild_id))
    lobby = await run.board(game)
    await fake.click(bob, lobby, f"fish:l:{game}:join")
    stale = dict(lobby.data)  # the lobby's buttons, as a client that has not refreshed still shows them
    await fake.click(ann, lobby, f"fish:l:{game}:start")
    started = await run.host.get(game)
    if as_shown:
        lobby.data = stale
    assert as_shown == (f"fish:l:{game}:leave" in lobby.custom_ids)
    left = only_reply(fake, await fake.click(bob, lobby, f"fish:l:{game}:leave"))
    assert left.startswith("This game has already started, so nothing was done.") and "`/fish leave`" in left
    cancelled = only_reply(fake, await fake.click(ann, lobby, f"fish:l:{game}:cancel"))
    assert cancelled.startswith("This game has already started") and "`/fish cancel`" in cancelled
    record = await run.host.get(game)
    assert (record.status, record.version, record.names) == ("active", started.version, ["Ann", "Bob"])
    place = record.place_id  # the commands still act on the running game
    assert only_reply(fake, await fake.slash(bob, "leave", channel_id=place)) .startswith("You left for good; an AI plays your seat to the end.")
    assert only_reply(fake, await fake.slash(ann, "cancel", channel_id=place)) == "The game was cancelled."
    assert (await run.host.get(game)).status == "cancelled"
