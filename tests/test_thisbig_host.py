"""This Big! through the host service: simultaneous private answers, a restart, replay and a clean log."""

from __future__ import annotations

from bot.host import Host
from engines.thisbig.cards import NAMES

ALICE, BOB, CAROL = 1, 2, 3


async def test_host_plays_simultaneous_answers_survives_restart_and_replays(db_path, clock):
    host = await Host.open(db_path, clock)
    game = await host.create("thisbig", {"reveal_uncaught": True}, ALICE, "Alice", guild_id=1, channel_id=2)
    await host.join(game.id, BOB, "Bob")
    await host.join(game.id, CAROL, "Carol")
    await host.add_ai(game.id, ALICE)
    record = (await host.begin(game.id, ALICE, seed=11)).record
    users = {0: ALICE, 1: BOB, 2: CAROL}
    both_waiting = moves = 0
    while record.status == "active":
        pending = [d for d in host.pending(record) if d.seat in users]
        both_waiting += len(pending) > 1
        d = pending[-1]
        record = (await host.submit(record.id, users[d.seat], d.choices[0].id, record.version)).record
        moves += 1
        if moves == 10:  # restart mid-game
            await host.close()
            host = await Host.open(db_path, clock)
            record = await host.get(record.id)
    assert both_waiting > 0  # two people were asked at the same time
    assert host.result(record) is not None
    engine = host.engine(record)
    assert engine.dump(await host.replay(record.id)) == engine.dump(record.state)
    card_names = {name for name in NAMES if " " in name}
    for move in await host.history(record.id, limit=10_000):
        if not move.choice_id.startswith("pick"):  # casts and answers are private
            assert move.label == "made a private choice", move
        assert not any(name in move.label for name in card_names)
    await host.close()
