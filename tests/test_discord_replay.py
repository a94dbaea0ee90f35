"""The end through the real client: the final board carries the score chart, and `/fish replay` and its button
post an animated GIF."""

from __future__ import annotations

import io

from PIL import Image

from bot import replay

pytest_plugins = ["tests.fakediscord.harness"]  # fixtures: fake, run, test_games


async def _finished_toy_game(fake, run, ann: int) -> int:
    """Ann plays the toy game against an AI to its end; returns the game id."""
    await fake.slash(ann, "start toy", stones=6)
    game = max(r.id for r in await run.host.games(fake.guild_id))
    await fake.click(ann, await run.board(game), f"fish:l:{game}:ai")
    await fake.click(ann, await run.board(game), f"fish:l:{game}:start")
    for _ in range(10):
        record = await run.host.get(game)
        if record.status == "finished":
            return game
        board = await run.board(game)
        await fake.click(ann, board, board.custom_ids[0])
    raise AssertionError("the toy game did not end")


def _frames(gif: bytes) -> int:
    """How many frames an animated GIF has."""
    image = Image.open(io.BytesIO(gif))
    assert image.format == "GIF"
    return image.n_frames


async def test_the_final_board_s_replay_button_posts_the_whole_game_for_everyone(fake, run):
    ann = fake.add_user("Ann")
    game = await _finished_toy_game(fake, run, ann)
    final = await run.board(game)
    assert Image.open(io.BytesIO(final.files["scores.png"])).format == "PNG"  # the score chart beside the board
    inter = await fake.click(ann, final, f"fish:r:{game}")
    posted = fake.messages[inter.original]
    assert not posted.ephemeral and "Replay of Toy" in posted.text()
    record = await run.host.get(game)
    views = await replay.public_views(run.host, record)
    assert _frames(posted.files["replay.gif"]) == len(views) + 1  # a frame per board, then the score chart
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
    assert _frames(fake.messages[inter.original].files["replay.gif"]) == record.state.step + 1  # no chart yet


async def test_fish_replay_where_no_game_has_started_says_so_and_posts_nothing(fake, run):
    ann = fake.add_user("Ann")
    await fake.slash(ann, "start toy")
    game = max(r.id for r in await run.host.games(fake.guild_id))
    record = await run.host.get(game)
    before = len(fake.in_channel(record.thread_id))
    [answer] = fake.ephemeral_replies(await fake.slash(ann, "replay", channel_id=record.thread_id))
    assert "no running or finished game" in answer.text()
    assert len(fake.in_channel(record.thread_id)) == before
