"""Forged clicks from another server, channel or DM change nothing and get a clear private answer."""

from __future__ import annotations

from tests.discord_helpers import only_reply, toy_game
from tests.fakediscord.server import FakeDiscord
from tests.test_discord_private import secret_game

pytest_plugins = ["tests.fakediscord.harness"]  # fixtures: fake, run, test_games


async def test_a_lobby_button_forged_on_another_server_neither_joins_nor_cancels(fake: FakeDiscord, run):
    ann, eve = fake.add_user("Ann"), fake.add_user("Eve", admin=True)
    await fake.slash(ann, "start toy")
    game = max(r.id for r in await run.host.games(fake.guild_id))
    lobby, elsewhere = await run.board(game), fake.foreign_channel()
    for action in ("join", "cancel"):
        inter = await fake.click(eve, lobby, f"fish:l:{game}:{action}", channel_id=elsewhere)
        assert "another server" in only_reply(fake, inter)
    record = await run.host.get(game)
    assert record.status == "lobby" and record.seat_of(eve) is None


async def test_a_choice_button_forged_on_another_server_or_channel_is_refused(fake: FakeDiscord, run):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    game = await toy_game(fake, run, ann, bob)
    board = await run.board(game)
    for where, text in ((fake.foreign_channel(), "another server"), (fake.add_channel("side"), "another channel")):
        inter = await fake.click(ann, board, board.custom_ids[0], channel_id=where)
        assert text in only_reply(fake, inter)
    assert (await run.host.get(game)).state.step == 0
    inter = await fake.click(ann, board, board.custom_ids[0])  # the real board still works
    assert (await run.host.get(game)).state.step == 1


async def test_a_forged_cancel_on_another_server_leaves_a_running_game_alone(fake: FakeDiscord, run):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    game = await toy_game(fake, run, ann, bob)
    lobby = fake.messages[min(m.id for m in fake.in_channel(fake.channel_id))]
    inter = await fake.click(ann, lobby, f"fish:l:{game}:cancel", channel_id=fake.foreign_channel())
    assert "another server" in only_reply(fake, inter)
    assert (await run.host.get(game)).status == "active"


async def test_a_my_hand_button_forged_on_another_server_shows_nothing(fake: FakeDiscord, run):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    game = await secret_game(fake, run, ann, bob)
    board = await run.board(game)
    inter = await fake.click(bob, board, f"fish:h:{game}", channel_id=fake.foreign_channel())
    [reply] = fake.ephemeral_replies(inter)
    assert "another server" in reply.content and not reply.files and not reply.custom_ids


async def test_a_dm_button_copied_into_another_players_dms_is_refused(fake: FakeDiscord, run):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    game = await secret_game(fake, run, ann, bob)
    [ann_dm] = [m for m in fake.dms(ann) if m.custom_ids]
    inter = await fake.click(bob, ann_dm, ann_dm.custom_ids[0], channel_id=fake.dm_of[bob])
    assert "Not your turn" in only_reply(fake, inter)
    assert (await run.host.get(game)).state.picks == [-1, -1]


async def test_a_lobby_button_pressed_in_a_dm_is_refused(fake: FakeDiscord, run):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    game = await secret_game(fake, run, ann, bob)
    before = (await run.host.get(game)).version
    inter = await fake.click(bob, await run.board(game), f"fish:l:{game}:leave", channel_id=fake.dm_of[bob])
    assert "server" in only_reply(fake, inter)
    assert (await run.host.get(game)).version == before


async def test_a_game_picker_refuses_a_forged_value_naming_a_game_it_did_not_offer(fake: FakeDiscord, run):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    fake.allow_threads = False  # both lobbies live in the same channel
    for key in ("toy", "secret"):
        await fake.slash(ann, f"start {key}")
    elsewhere = fake.add_channel("side")
    await fake.slash(ann, "start toy", channel_id=elsewhere)
    far = (await run.host.games(fake.guild_id))[0].id
    [picker] = fake.ephemeral_replies(await fake.slash(bob, "join"))
    select = picker.data["components"][0]["components"][0]
    picked = await fake.click(bob, picker, select["custom_id"], values=[str(far)])
    assert "malformed" in only_reply(fake, picked)
    assert (await run.host.get(far)).seat_of(bob) is None
