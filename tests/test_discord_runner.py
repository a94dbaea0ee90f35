"""The runner: command sync on demand against the fake, endpoints from settings, no token or hand in logs."""

from __future__ import annotations

import logging

import pytest

from bot.discord.runner import QUIET_LOGGERS, quiet_libraries, run_bot, sync_commands
from bot.settings import Settings

pytest_plugins = ["tests.fakediscord.harness"]  # fixtures: fake, run, test_games

TOKEN = "sekrit.token.value"


async def test_sync_commands_registers_the_fish_group_and_never_logs_the_token(fake, db_path, test_games, caplog,
                                                                               capsys):
    caplog.set_level(logging.DEBUG)
    settings = Settings(discord_token=TOKEN, fishbot_db=db_path, discord_api_base=fake.api_base,
                        discord_gateway=fake.gateway_url)
    await sync_commands(settings)
    assert [c["name"] for c in fake.commands[None]] == ["fish"]
    assert "Synced 1 command group" in capsys.readouterr().out
    assert TOKEN not in caplog.text and TOKEN not in repr(settings)


async def test_sync_commands_to_a_dev_guild(fake, db_path, test_games, capsys):
    settings = Settings(discord_token=TOKEN, fishbot_db=db_path, discord_api_base=fake.api_base,
                        discord_gateway=fake.gateway_url, fishbot_dev_guild=fake.guild_id)
    await sync_commands(settings)
    assert [c["name"] for c in fake.commands[fake.guild_id]] == ["fish"] and None not in fake.commands
    assert f"in server {fake.guild_id}" in capsys.readouterr().out


async def test_without_a_token_both_entry_points_stop_with_the_offline_hint(db_path, monkeypatch):
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    settings = Settings(_env_file=None, fishbot_db=db_path)
    for entry in (run_bot, sync_commands):
        with pytest.raises(SystemExit, match="No DISCORD_TOKEN is set.*fishbot play"):
            await entry(settings)


def test_a_blank_token_counts_as_none(monkeypatch):
    monkeypatch.setenv("DISCORD_TOKEN", "  ")
    assert Settings(_env_file=None).discord_token is None


async def test_logs_during_play_hold_no_private_text(fake, run, caplog, monkeypatch):
    for name in QUIET_LOGGERS:
        monkeypatch.setattr(logging.getLogger(name), "level", logging.getLogger(name).level)
    quiet_libraries()
    caplog.set_level(logging.DEBUG)
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    await fake.slash(ann, "start secret", rounds=1)
    game = max(r.id for r in await run.host.games(fake.guild_id))
    await fake.click(bob, await run.board(game), f"fish:l:{game}:join")
    await fake.click(ann, await run.board(game), f"fish:l:{game}:start")
    board = await run.board(game)
    await fake.click(ann, board, board.custom_ids[0])
    dm = [m for m in fake.dms(ann) if m.custom_ids][-1]
    await fake.click(ann, dm, dm.custom_ids[2])
    assert any("You picked 3" in m.content for m in fake.dms(ann))
    assert "picked 3" not in caplog.text and "pick-3" not in caplog.text and "fake-token" not in caplog.text
