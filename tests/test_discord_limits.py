"""Every text the bot sends fits Discord's limits (the fake refuses what Discord refuses); options are checked early."""

from __future__ import annotations

import pytest

from tests.discord_helpers import only_reply
from tests.fakediscord.server import FakeDiscord

pytest_plugins = ["tests.fakediscord.harness"]  # fixtures: fake, run, test_games


@pytest.fixture(autouse=True)
def _nothing_rejected(fake: FakeDiscord):
    """No test here may leave a body the fake (like Discord) refused as over its limits."""
    yield
    assert not fake.rejected, fake.rejected


async def test_a_6000_character_option_gets_a_short_answer_and_opens_nothing(fake: FakeDiscord, run):
    ann = fake.add_user("Ann")
    typed = ", ".join(f"fish{i}" for i in range(800))
    assert len(typed) > 6000
    inter = await fake.slash(ann, "start pushfish", characters=typed)
    text = only_reply(fake, inter)
    assert len(text) <= 2000 and "characters" in text
    assert not await run.host.games(fake.guild_id)


@pytest.mark.parametrize("options, word", [({"legendary": "99"}, "legendary"), ({"characters": ""}, "characters"),
                                           ({"characters": "jack"}, "characters")])
async def test_options_no_table_could_play_are_refused_when_the_lobby_opens(fake: FakeDiscord, run, options, word):
    ann = fake.add_user("Ann")
    inter = await fake.slash(ann, "start pushfish", **options)
    assert word in only_reply(fake, inter)
    assert not await run.host.games(fake.guild_id)


async def test_options_some_table_can_play_open_a_lobby_and_the_seat_count_is_checked_at_start(fake: FakeDiscord,
                                                                                                run):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    await fake.slash(ann, "start pushfish", legendary="3")
    [record] = await run.host.games(fake.guild_id)
    await fake.click(bob, await run.board(record.id), f"fish:l:{record.id}:join")
    inter = await fake.click(ann, await run.board(record.id), f"fish:l:{record.id}:start")
    assert "needs at least 3 players with the options this lobby was opened with; 2 seated" in only_reply(fake, inter)
    assert (await run.host.get(record.id)).status == "lobby"

