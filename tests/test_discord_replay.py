"""The end through the real client: the final board carries the final scores, and `/fish replay` and its button
post an animated GIF."""

from __future__ import annotations

import asyncio
import io

from PIL import Image

from bot import drawing, replay
from tests.discord_helpers import finished_toy_game

pytest_plugins = ["tests.fakediscord.harness"]  # fixtures: fake, run, test_games


def _frames(gif: bytes) -> int:
    """How many frames an animated GIF has."""
    image = Image.open(io.BytesIO(gif))
    assert image.format == "GIF"
    return image.n_frames


async def test_the_final_board_s_replay_button_posts_the_whole_game_for_everyone(fake, run):
    ann = fake.add_user("Ann")
    game = await finished_toy_game(fake, run, ann)
    final = await run.board(game)
    assert list(final.files) == ["board.png"]  # the game's own final scores picture, nothing beside it
    inter = await fake.click(ann, final, f"fish:r:{game}")
    posted = fake.messages[inter.original]
    assert not posted.ephemeral and "Replay of Toy" in posted.text()
    record = await run.host.get(game)
    views = await replay.public_views(run.host, record)
    assert _frames(posted.files["replay.gif"]) == len(views) + 1  # a frame per board, then the final scores
    assert len(views) == record.state.step + 1 and all(v.seat is None for v in views)


async def test_fish_replay_in_a_running_game_shows_it_so_far(fake, run):
    ann = fake.add_user("Ann")
    await fake.slash(ann, "start toy", stones=9)
    game = max(r.id for r in await run.host.games(fake.guild_id))
    await fake.click(ann, await run.board(game), f"fish:l:{game}:ai")
    await fake.click(ann, await run.board(game), f"fish:l:{game}:start")
    board = await run.board(game)
    await fake.click(ann, board, board.custom_ids[0])
    record = await run.host.get(game)
    inter = await fake.slash(ann, "replay", channel_id=record.thread_id)
    assert _frames(fake.messages[inter.original].files["replay.gif"]) == record.state.step + 1  # no final scores yet


async def test_fish_replay_where_no_game_has_started_says_so_and_posts_nothing(fake, run):
    ann = fake.add_user("Ann")
    await fake.slash(ann, "start toy")
    game = max(r.id for r in await run.host.games(fake.guild_id))
    record = await run.host.get(game)
    before = len(fake.in_channel(record.thread_id))
    [answer] = fake.ephemeral_replies(await fake.slash(ann, "replay", channel_id=record.thread_id))
    assert "no running or finished game" in answer.text()
    assert len(fake.in_channel(record.thread_id)) == before


async def test_a_replay_asked_for_by_several_at_once_is_drawn_and_posted_once(fake, run, monkeypatch):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    game = await finished_toy_game(fake, run, ann)
    drawn = []
    real = drawing.in_pool

    async def counted(module, kind, args):
        drawn.append(kind)
        await asyncio.sleep(0.2)  # both presses arrive while it is drawn
        return await real(module, kind, args)

    monkeypatch.setattr(drawing, "in_pool", counted)
    final = await run.board(game)
    presses = [await fake.click(user, final, f"fish:r:{game}", wait=False) for user in (ann, bob)]
    for press in presses:
        await fake.settle(press)
    assert drawn == ["animation"]
    assert _frames(fake.messages[presses[0].original].files["replay.gif"]) > 1
    assert fake.ephemeral_replies(presses[1])[0].text() == "This replay is being posted here right now."
    assert run.bot.table.replays.building == {}  # nothing kept once posted


async def test_a_replay_asked_for_again_soon_is_a_link_to_the_one_posted(fake, run, monkeypatch, clock):
    ann, eve = fake.add_user("Ann"), fake.add_user("Eve")  # Eve never sat at the table
    game = await finished_toy_game(fake, run, ann)
    final = await run.board(game)
    first = await fake.click(ann, final, f"fish:r:{game}")
    posted = fake.messages[first.original]
    drawn = []
    real = drawing.in_pool

    async def counted(module, kind, args):
        drawn.append(kind)
        return await real(module, kind, args)

    monkeypatch.setattr(drawing, "in_pool", counted)
    before = len(fake.in_channel(final.channel_id))
    for _ in range(3):
        [answer] = fake.ephemeral_replies(await fake.slash(eve, "replay", channel_id=final.channel_id))
        assert "This replay was posted here" in answer.text() and f"/{posted.channel_id}/{posted.id}" in answer.text()
    assert drawn == [] and len(fake.in_channel(final.channel_id)) == before  # nothing drawn, nothing posted
    clock.advance(601)
    again = await fake.click(eve, final, f"fish:r:{game}")
    assert drawn == ["animation"] and "replay.gif" in fake.messages[again.original].files


async def test_fish_status_in_a_finished_games_thread_shows_its_final_scores(fake, run):
    ann = fake.add_user("Ann")
    game = await finished_toy_game(fake, run, ann)
    record = await run.host.get(game)
    [answer] = fake.ephemeral_replies(await fake.slash(ann, "status", channel_id=record.place_id))
    assert "board.png" in answer.files and f"game #{game}" in answer.text()
    assert "Final scores" in answer.text()  # in words too, not only in the picture
