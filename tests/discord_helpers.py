"""Helpers shared by the Discord tests: a started toy game, and the one private reply to a click."""

from __future__ import annotations

from tests.fakediscord.server import FakeDiscord


async def toy_game(fake: FakeDiscord, run, ann: int, bob: int) -> int:
    """A started toy game: Ann (seat 0, to act) and Bob."""
    await fake.slash(ann, "start toy", stones=12)
    record = (await run.host.games(fake.guild_id))[-1]
    await fake.click(bob, await run.board(record.id), f"fish:l:{record.id}:join")
    await fake.click(ann, await run.board(record.id), f"fish:l:{record.id}:start")
    return record.id


def only_reply(fake: FakeDiscord, inter) -> str:
    """The text of the one private reply the interaction got."""
    [reply] = fake.ephemeral_replies(inter)
    return reply.content
