"""The offline players and the `fishbot` command, as a person would use them."""

from __future__ import annotations

import io
import itertools

import pytest
from PIL import Image

from bot import cli, terminal
from bot.host import Host


def test_fishbot_without_a_token_points_at_offline_play(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert cli.main(["run"]) == 2
    err = capsys.readouterr().err
    assert "DISCORD_TOKEN" in err and "fishbot play" in err


def test_bad_options_json_and_bad_option_values_are_clear(tmp_path, capsys):
    with pytest.raises(SystemExit, match="JSON object"):
        cli.main(["demo", "wishes", "--out", str(tmp_path), "--options", "[1, 2]"])
    assert cli.main(["demo", "thisbig", "--out", str(tmp_path), "--options", '{"target": "lots"}']) == 2
    assert "target" in capsys.readouterr().err


async def test_terminal_play_to_the_end_with_typos_and_the_final_image(tmp_path):
    answers = itertools.chain(["", "zero", "999"], itertools.repeat("1"))
    out = io.StringIO()
    code = await terminal.play("wishes", 2, 1, str(tmp_path / "g.db"), tmp_path, {}, 3, "greedy",
                               read=lambda _: next(answers), write=out)
    text = out.getvalue()
    assert code == 0
    assert "Please type a number from 1 to" in text
    assert "Final scores:" in text and (tmp_path / "final.png").exists() and (tmp_path / "board.png").exists()


async def test_quitting_keeps_the_game_in_the_database(tmp_path):
    answers = iter(["1", "1", "q"])
    db = str(tmp_path / "g.db")
    await terminal.play("friendly", 3, 2, db, tmp_path, {}, 4, "random", read=lambda _: next(answers),
                        write=io.StringIO())
    host = await Host.open(db)
    (game,) = await host.games(None)
    assert game.status == "active" and len(await host.history(game.id, limit=500)) >= 2
    await host.close()


async def test_demo_writes_every_board_and_is_reproducible(tmp_path):
    first = await terminal.demo("thisbig", 3, str(tmp_path / "a.db"), tmp_path / "a", {}, 7, "greedy",
                                write=io.StringIO())
    second = await terminal.demo("thisbig", 3, str(tmp_path / "b.db"), tmp_path / "b", {}, 7, "greedy",
                                 write=io.StringIO())
    assert first.status == second.status == "finished"
    log_a = (tmp_path / "a" / "log.txt").read_text()
    assert log_a == (tmp_path / "b" / "log.txt").read_text()
    boards = sorted((tmp_path / "a").glob("board_*.png"))
    assert len(boards) == len(log_a.splitlines()) + 1
    assert (tmp_path / "a" / "final.png").stat().st_size > 1000
    with Image.open(tmp_path / "a" / "replay.gif") as replay:
        assert replay.n_frames == len(boards) + 1  # every board (each thisbig move shows), then the score chart
