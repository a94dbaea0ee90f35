"""Helpers shared by the Discord tests: a started or finished toy game, and the one private reply to a click."""

from __future__ import annotations

from tests.fakediscord.server import FakeDiscord


async def toy_game(fake: FakeDiscord, run, ann: int, bob: int, stones: int = 12) -> int:
    """A started toy game: Ann (seat 0, to act) and Bob."""
    await fake.slash(ann, "start toy", stones=stones)
    game = max(r.id for r in await run.host.games(fake.guild_id))  # the newest
    await fake.click(bob, await run.board(game), f"fish:l:{game}:join")
    await fake.click(ann, await run.board(game), f"fish:l:{game}:start")
    return game


async def toy_table(fake: FakeDiscord, run, host: int, *others: int, stones: int = 40) -> int:
    """A started toy game opened by `host`, the others joined in order."""
    await fake.slash(host, "start toy", stones=stones)
    game = max(r.id for r in await run.host.games(fake.guild_id))
    for user in others:
        await fake.click(user, await run.board(game), f"fish:l:{game}:join")
    await fake.click(host, await run.board(game), f"fish:l:{game}:start")
    return game


async def ai_first_lobby(fake: FakeDiscord, run) -> tuple[int, int]:
    """A toy lobby whose first seat is an AI player (Ann opened it, added the AI and left); returns the game and
    Bob, who joined and now hosts it."""
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    await fake.slash(ann, "start toy")
    game = max(r.id for r in await run.host.games(fake.guild_id))
    await fake.click(ann, await run.board(game), f"fish:l:{game}:ai")
    await fake.click(bob, await run.board(game), f"fish:l:{game}:join")
    await fake.click(ann, await run.board(game), f"fish:l:{game}:leave")
    return game, bob


async def finished_toy_game(fake: FakeDiscord, run, ann: int, *others: int, stones: int = 6,
                            channel_id: int | None = None) -> int:
    """Ann opens the toy game (in the fake's channel, or `channel_id`), `others` join, Ann adds an AI and starts;
    whoever is to act takes the first choice until the game ends. Returns the game id."""
    await fake.slash(ann, "start toy", channel_id=channel_id, stones=stones)
    game = max(r.id for r in await run.host.games(fake.guild_id))
    for user in others:
        await fake.click(user, await run.board(game), f"fish:l:{game}:join")
    await fake.click(ann, await run.board(game), f"fish:l:{game}:ai")
    await fake.click(ann, await run.board(game), f"fish:l:{game}:start")
    for _ in range(stones + 1):  # each click takes a stone at least; the last look sees the end
        record = await run.host.get(game)
        if record.status == "finished":
            return game
        [decision] = run.host.pending(record)
        board = await run.board(game)
        await fake.click(record.seats[decision.seat].user_id, board, board.custom_ids[0])
    raise AssertionError("the toy game did not end")


def only_reply(fake: FakeDiscord, inter) -> str:
    """The text of the one private reply the interaction got."""
    [reply] = fake.ephemeral_replies(inter)
    return reply.content
