"""This Big! through the host service: simultaneous private answers, a restart, replay and a public log
that names each cast and never an answer's cards."""

from __future__ import annotations

from bot.host import Host
from engines.thisbig.cards import NAMES, card_of

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
    river_names = {name for name in NAMES[:32]}  # fish names: the lure names are public once cast
    kinds = set()
    for move in await host.history(record.id, limit=10_000):
        if move.choice_id.startswith("lure"):  # a cast is public: logged by its public event
            assert move.label.endswith(f"casts a {NAMES[card_of(move.choice_id)]}.") or "(largest" in move.label
        elif not move.choice_id.startswith("pick"):  # an answer is logged without the cards played
            assert move.label.endswith(("plays a card face down.", "plays two cards face down.", "No Catch!")), move
        assert not any(name in move.label for name in river_names) and "private" not in move.label
        kinds.add(move.choice_id[:4])
    assert {"lure", "pick"} < kinds  # casts, picks and answers were all logged
    await host.close()
