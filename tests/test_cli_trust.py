"""The terminal and the `fishbot` command under odd input and faults: one clear line, a clean exit."""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
import time

from bot import cli, terminal
from tests.test_store_open import ROOT, _cli


async def test_a_superscript_digit_is_asked_again_not_a_crash(tmp_path):
    answers = iter(["²", "١", "q"])
    out = io.StringIO()
    code = await terminal.play("wishes", 3, 2, str(tmp_path / "g.db"), tmp_path, {}, 3, "greedy",
                               read=lambda _: next(answers), write=out)
    assert code == 0 and out.getvalue().count("Please type a number from 1 to") == 2


def test_printf_superscript_two_into_fishbot_play_exits_cleanly(tmp_path):
    done = subprocess.run([sys.executable, "-m", "bot.cli", "play", "wishes", "--players", "3", "--bots", "2",
                           "--out", str(tmp_path)], input="²\n", capture_output=True, text=True, timeout=60,
                          cwd=tmp_path, env=os.environ | {"PYTHONPATH": str(ROOT)})
    assert done.returncode == 0 and "Traceback" not in done.stderr
    assert "Please type a number" in done.stdout and "game is saved" in done.stdout


def test_one_ctrl_c_at_the_prompt_quits_with_one_line_and_no_traceback(tmp_path):
    proc = subprocess.Popen([sys.executable, "-m", "bot.cli", "play", "wishes", "--out", str(tmp_path)],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            cwd=tmp_path, env=os.environ | {"PYTHONPATH": str(ROOT)})
    deadline = time.monotonic() + 60
    while not (tmp_path / "board.png").exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.3)  # the prompt is up (the board is written just before it)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=20)
    assert proc.returncode == 0, err
    assert "Traceback" not in err and "game is saved" in out


def test_fishbot_run_without_a_network_says_so_in_one_line_and_creates_no_database(tmp_path):
    done = _cli(["run"], tmp_path, env={"DISCORD_TOKEN": "some-token",
                                        "DISCORD_API_BASE": "http://127.0.0.1:9/api/v10"})
    assert done.returncode == 1
    assert done.stderr.strip().count("\n") == 0 and "Traceback" not in done.stderr, done.stderr
    assert "reach Discord" in done.stderr
    assert not (tmp_path / "fishbot.db").exists()


def test_the_image_refuses_a_database_outside_its_data_volume(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    for name, value in (("FISHBOT_DATA_DIR", str(tmp_path / "data")), ("FISHBOT_DB", "fishbot.db"),
                        ("DISCORD_TOKEN", "some-token")):
        monkeypatch.setenv(name, value)
    assert cli.main(["run"]) == 2
    assert "outside" in capsys.readouterr().err and not (tmp_path / "fishbot.db").exists()


def test_fishbot_health_needs_a_readable_database_and_a_fresh_heartbeat(tmp_path, monkeypatch, capsys):
    import sqlite3

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("FISHBOT_DB", str(tmp_path / "fishbot.db"))
    assert cli.main(["health"]) == 1  # no database yet
    with sqlite3.connect(tmp_path / "fishbot.db") as conn:
        conn.execute("CREATE TABLE games (id INTEGER)")
    capsys.readouterr()
    assert cli.main(["health"]) == 1 and "heartbeat" in capsys.readouterr().err
    beat = tmp_path / "fishbot.db.alive"
    beat.write_text("1")
    assert cli.main(["health"]) == 0
    os.utime(beat, (time.time() - 600, time.time() - 600))
    assert cli.main(["health"]) == 1 and "not connected" in capsys.readouterr().err
