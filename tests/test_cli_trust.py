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


def test_blank_settings_mean_their_defaults_not_a_throwaway_database(tmp_path, monkeypatch):
    from bot.settings import Settings

    monkeypatch.chdir(tmp_path)
    (tmp_path / ".env").write_text("FISHBOT_DB=\nFISHBOT_DEV_GUILD=\nFISHBOT_TICK_SECONDS=\n")
    for name in ("FISHBOT_DB", "FISHBOT_DEV_GUILD", "FISHBOT_TICK_SECONDS"):
        monkeypatch.delenv(name, raising=False)
    settings = Settings()
    assert (settings.fishbot_db, settings.fishbot_dev_guild, settings.fishbot_tick_seconds) == ("fishbot.db", None, 60)
    monkeypatch.setenv("FISHBOT_DB", "")  # a blank line in the environment too
    assert Settings().fishbot_db == "fishbot.db"


def test_a_bad_setting_is_one_line_per_setting_not_a_traceback(tmp_path):
    done = _cli(["run"], tmp_path, env={"DISCORD_TOKEN": "some-token", "FISHBOT_TICK_SECONDS": "0",
                                        "FISHBOT_DEV_GUILD": "my-server"})
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    assert sorted(done.stderr.strip().splitlines()) == [
        "FISHBOT_DEV_GUILD: must be a valid integer, unable to parse string as an integer",
        "FISHBOT_TICK_SECONDS: must be greater than 0"]


def test_fishbot_health_with_a_bad_setting_is_unhealthy_not_a_docker_reserved_code(tmp_path):
    done = _cli(["health"], tmp_path, env={"FISHBOT_TICK_SECONDS": "0"})
    assert done.returncode == 1 and done.stderr.strip() == "FISHBOT_TICK_SECONDS: must be greater than 0"


def test_the_ai_budget_is_read_from_dotenv_too_and_a_bad_one_there_is_refused(tmp_path):
    (tmp_path / ".env").write_text("FISHBOT_AI_BUDGET_MS=abc\n")
    done = _cli(["play", "wishes", "--out", str(tmp_path / "out")], tmp_path, stdin="q\n")
    assert done.returncode == 2 and "FISHBOT_AI_BUDGET_MS must be a number of milliseconds" in done.stderr
    assert not (tmp_path / "out").exists()
    (tmp_path / ".env").write_text("FISHBOT_AI_BUDGET_MS=50\n")
    probe = "from bot import cli; from engines.search import budget_seconds; cli._budget_from_dotenv(); " \
            "print(budget_seconds())"
    env = {k: v for k, v in os.environ.items() if k != "FISHBOT_AI_BUDGET_MS"} | {"PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=60)
    assert done.stdout.strip() == "0.05", done.stderr


def test_fishbot_run_stops_cleanly_on_sigterm_as_docker_stop_sends(tmp_path, fake_login):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "FISHBOT_"))}
    proc = subprocess.Popen([sys.executable, "-m", "bot.cli", "run"], cwd=tmp_path, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True,
                            env=env | fake_login | {"PYTHONPATH": str(ROOT), "FISHBOT_DB": str(tmp_path / "f.db")})
    deadline = time.monotonic() + 60
    while not (tmp_path / "f.db.alive").exists() and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.05)
    assert (tmp_path / "f.db.alive").exists(), proc.communicate(timeout=5)
    started = time.monotonic()
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=20)
    assert time.monotonic() - started < 5 and proc.returncode == 130 and "Traceback" not in err, err
