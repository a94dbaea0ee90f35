"""Drawing off the event loop: the pool draws what a direct render draws, once per version, newest first."""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.drawing import Drawer
from engines import registry
from renderers import registry as renderers

pytest_plugins = ["tests.fakediscord.harness"]  # fixtures: fake, run, test_games


class CountingRunner:
    """A drawing runner that draws in this process, when let through, and remembers what it was asked to draw."""

    def __init__(self) -> None:
        self.drawn: list[tuple[str, object]] = []
        self.gate = asyncio.Event()
        self.gate.set()

    async def __call__(self, module: str, kind: str, args: tuple) -> bytes:
        self.drawn.append((kind, args[0]))
        await self.gate.wait()
        return f"{kind}:{args[0]}".encode()


def mid_game_view(key: str, seed: int = 3):
    """The public view of a seeded game a few random moves in."""
    engine = registry.get(key)
    state = engine.new_game([f"P{i}" for i in range(engine.max_players)], None, seed)
    rnd = random.Random(seed)
    for _ in range(12):
        pending = engine.decisions(state)
        if not pending:
            break
        state, _ = engine.apply_to(state, pending[0], engine.ai_choice(state, pending[0], "random", rnd))
    return engine.view(state, None)


@pytest.mark.parametrize("key", registry.keys())
async def test_the_drawing_pool_gives_the_same_bytes_as_a_direct_render(key):
    renderer = renderers.get(key)
    view = mid_game_view(key)
    assert await Drawer().picture(1, 5, "board", None, renderer.__name__, view) == renderer.board(view)


async def test_every_reader_of_a_game_version_shares_one_drawing():
    runner = CountingRunner()
    drawer = Drawer(runner)
    same = await asyncio.gather(*(drawer.picture(1, 4, "board", None, "m", "v4") for _ in range(5)))
    assert same == [b"board:v4"] * 5 and runner.drawn == [("board", "v4")]
    await drawer.picture(1, 4, "hand", 0, "m", "v4 seat 0")
    await drawer.picture(1, 5, "board", None, "m", "v5")
    await drawer.picture(1, 4, "board", None, "m", "v4")  # superseded: drawn again if asked, never kept
    await drawer.picture(1, 5, "board", None, "m", "v5")
    assert [args for _, args in runner.drawn] == ["v4", "v4 seat 0", "v5", "v4"]


async def test_a_failed_drawing_is_not_kept_for_the_next_reader():
    calls = []

    async def flaky(module: str, kind: str, args: tuple) -> bytes:
        calls.append(args)
        if len(calls) == 1:
            raise OSError("worker died")
        return b"png"

    drawer = Drawer(flaky)
    with pytest.raises(OSError):
        await drawer.picture(1, 1, "board", None, "m", "v")
    assert await drawer.picture(1, 1, "board", None, "m", "v") == b"png"


async def test_a_board_refresh_superseded_by_a_newer_state_is_skipped(fake, run):
    runner = CountingRunner()
    run.bot.table.drawer = Drawer(runner)
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    record = await run.host.create("toy", {"stones": 12}, ann, "Ann", fake.guild_id, fake.channel_id)
    await run.host.join(record.id, bob, "Bob")
    await run.host.set_place(record.id, channel_id=fake.channel_id)
    await run.bot.table.publish(await run.host.begin(record.id, ann, seed=1))
    played, refreshes = [], []
    runner.drawn.clear()
    runner.gate.clear()  # the first refresh is still drawing while the next moves arrive
    edits_before = len((await run.board(record.id)).history)
    for _ in range(3):  # each move's refresh starts at once; the first is still drawing when the next arrive
        record = await run.host.get(record.id)
        decision = run.host.pending(record)[0]
        choice = decision.choices[len(played) % len(decision.choices)].id
        played.append(await run.host.submit_seat(record.id, decision.seat, choice, record.version))
        refreshes.append(asyncio.create_task(run.bot.table.publish(played[-1])))
        await asyncio.sleep(0)
    runner.gate.set()
    await asyncio.gather(*refreshes)
    assert [view.taken for kind, view in runner.drawn if kind == "board"] == [
        played[0].record.state.taken, played[2].record.state.taken]
    assert run.bot.table.skipped == 1
    board = await run.board(record.id)
    assert len(board.history) - edits_before <= 2
    assert all(e.text in board.text() for p in played[1:] for e in p.events if e.private_to is None)
