"""AI levels where players meet them: Add AI in the lobby, the stand-in's server setting, seat names, the CLI."""

from __future__ import annotations

import io

import pytest

from bot import terminal
from bot.cli import build_parser
from bot.host import Host, HostError
from tests.fakediscord.server import FakeDiscord

pytest_plugins = ["tests.fakediscord.harness"]  # fixtures: fake, run, test_games

ALICE, BOB = 1, 2
GUILD = 10


async def test_add_ai_takes_a_level_the_seat_shows_and_refuses_an_unknown_one(db_path, clock, toy_game):
    host = await Host.open(db_path, clock)
    game = await host.create(toy_game, {}, ALICE, "Alice", guild_id=GUILD)
    await host.add_ai(game.id, ALICE, "hard")
    record = await host.add_ai(game.id, ALICE, "greedy")
    assert [(s.name, s.ai) for s in record.seats[1:]] == [("AI 1 (hard)", "hard"), ("AI 2 (normal)", "normal")]
    with pytest.raises(HostError, match="easy, normal, hard"):
        await host.add_ai(game.id, ALICE, "expert")
    assert len((await host.get(game.id)).seats) == 3  # the refusal changed nothing
    await host.close()


async def test_the_stand_in_plays_at_the_servers_level_hard_unless_changed(db_path, clock, toy_game):
    host = await Host.open(db_path, clock)
    assert (await host.get_settings(GUILD)).standin_level == "hard"
    with pytest.raises(HostError, match="Invalid setting"):
        await host.set_settings(GUILD, standin_level="expert")
    await host.set_settings(GUILD, standin_level="easy")
    game = await host.create(toy_game, {"stones": 9}, ALICE, "Alice", guild_id=GUILD)
    await host.join(game.id, BOB, "Bob")
    record = (await host.begin(game.id, ALICE, seed=5)).record
    idle = host.pending(record)[0].seat
    played = await host.set_standin(record.id, idle, True)
    assert played.record.seats[idle].standin_level == "easy" and played.moves[0].by_ai
    record = (await host.leave(record.id, played.record.seats[1 - idle].user_id)).record
    assert record.seats[1 - idle].ai == "easy" and record.seats[1 - idle].name.endswith("(AI, easy)")
    await host.close()


async def test_lobby_offers_add_ai_at_each_level_and_the_seat_shows_it(fake: FakeDiscord, run):
    ann = fake.add_user("Ann")
    await fake.slash(ann, "start toy")
    game = max(r.id for r in await run.host.games(fake.guild_id))
    lobby = await run.board(game)
    labels = [b["label"] for row in lobby.data["components"] for b in row["components"]]
    assert [lb for lb in labels if lb.startswith("Add AI")] == ["Add AI: easy", "Add AI: normal", "Add AI: hard"]
    await fake.click(ann, lobby, f"fish:l:{game}:ai-hard")
    record = await run.host.get(game)
    assert record.seats[1].ai == "hard"
    assert "AI 1 (hard)" in fake.messages[lobby.id].text()


async def test_settings_command_sets_the_stand_in_level(fake: FakeDiscord, run):
    mod = fake.add_user("Mod", admin=True)
    await fake.slash(mod, "settings", standin_level="normal")
    assert (await run.host.get_settings(fake.guild_id)).standin_level == "normal"


def test_cli_accepts_every_level_and_refuses_others():
    parser = build_parser()
    assert parser.parse_args(["demo", "wishes", "--level", "hard"]).level == "hard"
    assert parser.parse_args(["play", "thisbig"]).level == "normal"
    with pytest.raises(SystemExit):
        parser.parse_args(["demo", "wishes", "--level", "expert"])


async def test_demo_with_the_hard_level_plays_to_the_end(tmp_path):
    record = await terminal.demo("thisbig", 2, str(tmp_path / "a.db"), tmp_path / "a", {}, 7, "hard",
                                 write=io.StringIO())
    assert record.status == "finished" and all(s.ai == "hard" for s in record.seats)
