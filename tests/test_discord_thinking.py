"""A person's move shows on the board while slow AI seats think about their replies."""

from __future__ import annotations

import asyncio

from bot.discord import table
from bot.host import think_in_pool

pytest_plugins = ["tests.fakediscord.harness"]  # fixtures: fake, run, test_games


def choices_on(message) -> list[str]:
    """The choice buttons and selects on a message (not "My hand")."""
    return [c for c in message.custom_ids if c.startswith(("fish:c:", "fish:s:"))]


async def test_a_persons_move_shows_while_slow_ai_seats_think(fake, run, monkeypatch):
    monkeypatch.setattr(table, "SHOW_WHILE_THINKING", 0.05)
    thinking, answer = asyncio.Event(), asyncio.Event()

    async def slow(*args):
        thinking.set()
        await answer.wait()  # stands for a search player's budget
        return await think_in_pool(*args)

    run.host.think = slow
    ann = fake.add_user("Ann")
    record = await run.host.create("toy", {"stones": 12}, ann, "Ann", fake.guild_id, fake.channel_id)
    await run.host.add_ai(record.id, ann)
    await run.host.set_place(record.id, channel_id=fake.channel_id)
    await run.bot.table.publish(await run.host.begin(record.id, ann, seed=1))
    board = await run.board(record.id)
    click = await fake.click(ann, board, board.custom_ids[0], wait=False)
    await asyncio.wait_for(thinking.wait(), 10)
    for _ in range(500):  # the board is refreshed while the AI still thinks: the AI to act, no buttons for Ann
        await asyncio.sleep(0.02)
        if not choices_on(fake.messages[board.id]):
            break
    meanwhile = fake.messages[board.id].text()
    assert not choices_on(fake.messages[board.id]) and "AI 1" in meanwhile
    assert "▸ Ann took" in meanwhile and "took 3" not in meanwhile  # what Ann did, before the AI answers
    answer.set()
    await fake.settle(click)
    latest = await run.board(record.id)
    assert choices_on(latest) and f"<@{ann}>" in latest.content  # the AI replied: Ann's turn again, mentioned
    assert latest.text().count("▸ Ann took") == 1 and "▸ AI 1 (normal) took" in latest.text()  # hers once, then its
