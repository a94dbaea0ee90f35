"""What the board message looks like: its frame in the colour of the seat to act, as the board image draws it."""

from __future__ import annotations

from renderers.common import seat_colour

pytest_plugins = ["tests.fakediscord.harness"]  # fixtures: fake, run, test_games


def _colour(rgb: tuple[int, int, int]) -> int:
    """An RGB colour as Discord's integer."""
    r, g, b = rgb
    return (r << 16) + (g << 8) + b


async def test_the_board_s_frame_takes_the_colour_of_the_seat_to_act(fake, run):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    await fake.slash(ann, "start toy", stones=9)
    game = max(r.id for r in await run.host.games(fake.guild_id))
    await fake.click(bob, await run.board(game), f"fish:l:{game}:join")
    await fake.click(ann, await run.board(game), f"fish:l:{game}:start")
    seen = set()
    for _ in range(2):
        record = await run.host.get(game)
        board = await run.board(game)
        seat = run.host.pending(record)[0].seat
        assert board.data["embeds"][0]["color"] == _colour(seat_colour(seat))
        seen.add(seat)
        await fake.click(record.seats[seat].user_id, board, board.custom_ids[0])
    assert seen == {0, 1}
