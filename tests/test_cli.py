"""The offline players and the `fishbot` command, as a person would use them."""

from __future__ import annotations

import io
import itertools
import re

import pytest
from PIL import Image

from bot import cli, terminal
from bot.host import Host


def moves_in(log: str) -> int:
    """How many moves a demo's log.txt holds (a numbered line each, what it made happen indented under it)."""
    return sum(1 for line in log.splitlines() if re.match(r" *[0-9]+\. ", line))


def test_fishbot_without_a_token_points_at_offline_play(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert cli.main(["run"]) == 2
    err = capsys.readouterr().err
    assert "DISCORD_TOKEN" in err and "fishbot play" in err


def test_bad_options_json_and_bad_option_values_are_clear(tmp_path, capsys):
    assert cli.main(["demo", "wishes", "--out", str(tmp_path), "--options", "[1, 2]"]) == 2
    assert "JSON object" in capsys.readouterr().err
    assert cli.main(["demo", "thisbig", "--out", str(tmp_path), "--options", '{"target": "lots"}']) == 2
    assert "target" in capsys.readouterr().err



def test_a_seed_past_64_bits_huge_or_deep_options_and_an_out_under_a_file_are_one_line(tmp_path, capsys):
    out = tmp_path / "out"
    with pytest.raises(SystemExit) as refused:
        cli.main(["demo", "wishes", "--out", str(out), "--seed", str(2**63)])
    assert refused.value.code == 2 and "--seed: must be a whole number from" in capsys.readouterr().err
    assert not out.exists()  # refused before a folder or a database was made
    for options, problem in ((f'{{"target": {"9" * 5000}}}', "too many digits"),
                             ("[" * 30000 + "]" * 30000, "nested too deeply"),
                             ('{"target": ' + "[" * 30000 + "]" * 30000 + "}", "nested too deeply")):
        assert cli.main(["play", "thisbig", "--out", str(out), "--options", options]) == 2
        assert re.fullmatch(f"--options must be a JSON object.*{problem}\n", capsys.readouterr().err)
    assert not out.exists()
    for players in ("1", "100"):
        assert cli.main(["demo", "wishes", "--out", str(out), "--players", players]) == 2
        assert "takes 2 to 5 players" in capsys.readouterr().err
    assert not out.exists()
    (tmp_path / "file").write_text("not a folder")
    with pytest.raises(SystemExit, match="cannot use or create that folder"):
        cli.main(["demo", "wishes", "--out", str(tmp_path / "file" / "out")])
    assert cli.main(["demo", "wishes", "--out", str(out), "--seed", str(-2**63), "--players", "2",
                     "--level", "random"]) == 0  # the whole 64-bit range is a seed


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
    assert len(boards) == moves_in(log_a) + 1
    assert (tmp_path / "a" / "final.png").stat().st_size > 1000
    with Image.open(tmp_path / "a" / "replay.gif") as replay:
        assert replay.n_frames == len(boards) + 1  # every board (each thisbig move shows), then the final scores


async def test_a_stopped_game_goes_on_with_resume_and_says_how(tmp_path):
    db, out = str(tmp_path / "g.db"), io.StringIO()
    answers = iter(["1", "1", "q"])
    await terminal.play("friendly", 3, 2, db, tmp_path, {}, 4, "random", read=lambda _: next(answers), write=out)
    assert f"fishbot play friendly --db {db} --out {tmp_path} --resume" in out.getvalue()
    host = await Host.open(db)
    (game,) = await host.games(None)
    before = len(await host.history(game.id, limit=500))
    await host.close()
    again, more = io.StringIO(), iter(["1", "1", "q"])
    code = await terminal.play("friendly", 3, 2, db, tmp_path, {}, None, "random", read=lambda _: next(more),
                               write=again, resume=True)
    assert code == 0 and again.getvalue().startswith(f"Game #{game.id}: Friendly Fishing, resumed.")
    host = await Host.open(db)
    (same,) = await host.games(None)
    assert same.id == game.id and len(await host.history(game.id, limit=500)) > before
    await host.close()
    nothing = io.StringIO()
    assert await terminal.play("wishes", 3, 2, db, tmp_path, {}, None, "random", read=lambda _: "q",
                               write=nothing, resume=True) == 2
    assert "No unfinished game of wishes" in nothing.getvalue()


async def test_resume_lets_ai_seats_make_the_move_they_owed_when_the_last_session_stopped(tmp_path):
    db = str(tmp_path / "g.db")
    host = await Host.open(db)
    record = await host.create("friendly", {"first_player": 2}, terminal.TERMINAL_USER, "Player 1",
                               seat_creator=True)
    for _ in range(2):
        await host.add_ai(record.id, terminal.TERMINAL_USER, "random")
    stopped = (await host.begin(record.id, terminal.TERMINAL_USER, seed=3, autoplay=False)).record
    assert stopped.seats[host.pending(stopped)[0].seat].ai  # stopped (Ctrl-C) while the AI players thought
    await host.close()
    out, answers = io.StringIO(), iter(["1", "q"])
    code = await terminal.play("friendly", 3, 2, db, tmp_path, {}, None, "random", read=lambda _: next(answers),
                               write=out, resume=True)
    assert code == 0 and "== Player 1's decision" in out.getvalue()
    host = await Host.open(db)
    moves = await host.history(record.id, limit=500)
    assert moves[0].by_ai and any(not m.by_ai for m in moves)  # the AIs moved, and then the person did
    await host.close()


async def test_the_terminal_tells_what_the_table_saw_happen(tmp_path):
    out = io.StringIO()
    await terminal.play("thisbig", 3, 2, str(tmp_path / "g.db"), tmp_path, {}, 5, "greedy",
                        read=lambda _: "1", write=out)
    text = out.getvalue()
    assert "Final scores:" in text and "picks" in text and "'s card: " in text  # what each pick caught
    assert text.startswith("Game #1: This Big!. Seats: Player 1, AI 1 (normal), AI 2 (normal).")  # every seat


def test_play_gives_every_seat_but_one_to_the_ai_unless_told(tmp_path, monkeypatch):
    seen = []

    async def play(key, players, bots, *args, **kwargs):
        seen.append((players, bots))
        return 0

    monkeypatch.setattr(terminal, "play", play)
    assert cli.main(["play", "wishes", "--players", "2", "--out", str(tmp_path)]) == 0
    assert cli.main(["play", "wishes", "--players", "4", "--bots", "1", "--out", str(tmp_path)]) == 0
    assert seen == [(2, 1), (4, 1)]


async def test_a_demo_into_a_used_folder_leaves_no_board_of_the_game_before(tmp_path):
    await terminal.demo("thisbig", 4, str(tmp_path / "a.db"), tmp_path, {}, 7, "greedy", write=io.StringIO())
    await terminal.demo("thisbig", 2, str(tmp_path / "b.db"), tmp_path, {}, 7, "greedy", write=io.StringIO())
    log = (tmp_path / "log.txt").read_text()
    assert len(list(tmp_path.glob("board_*.png"))) == moves_in(log) + 1


def test_list_options_may_be_typed_as_text_as_on_discord(tmp_path, capsys):
    options = '{"legendary": "1, 2", "characters": "jack, loony", "length": "short"}'
    assert cli.main(["demo", "pushfish", "--players", "2", "--options", options, "--out", str(tmp_path)]) == 0
    assert cli.main(["demo", "pushfish", "--players", "2", "--options", '{"characters": "jack, nobody"}',
                     "--out", str(tmp_path)]) == 2
    assert "unknown characters ['nobody']" in capsys.readouterr().err


async def test_options_that_do_not_fit_the_table_leave_no_lobby_behind(tmp_path):
    db = str(tmp_path / "g.db")
    with pytest.raises(Exception, match="needs 5 players with the options this lobby was opened with"):
        await terminal.demo("wishes", 3, db, tmp_path, {"first_player": 5}, 7, "greedy", write=io.StringIO())
    host = await Host.open(db)
    assert [g.status for g in await host.games(None, None, ("lobby", "active", "cancelled"))] == ["cancelled"]
    await host.close()


def test_a_table_that_cannot_start_is_refused_before_anything_is_written(tmp_path, capsys):
    out = tmp_path / "out"
    for args, said in ((["friendly", "--players", "5", "--options", '{"board": "small"}'], "large board"),
                       (["pushfish", "--options", '{"characters": "william"}'], "exactly 3 characters"),
                       (["wishes", "--bots", "3"], "--bots: with --players 3, 0 to 2 seats may be AI players"),
                       (["wishes", "--bots", "-1"], "`fishbot demo` plays a game of AI players only")):
        assert cli.main(["play", *args, "--out", str(out)]) == 2
        err = capsys.readouterr().err
        assert said in err and err.count("\n") == 1
    assert not out.exists()  # no folder, no database, no cancelled game numbered in it
    assert cli.main(["play", "wishes", "--resume", "--db", str(tmp_path / "typo.db"), "--out", str(out)]) == 2
    assert "No game database at" in capsys.readouterr().err
    assert not (tmp_path / "typo.db").exists() and not out.exists()


def test_a_picture_that_cannot_be_written_is_one_line_and_a_demo_deletes_only_its_own_boards(tmp_path, capsys):
    (tmp_path / "board_photo.png").write_bytes(b"mine")
    (tmp_path / "final.png").mkdir()  # in the way of the demo's final picture
    assert cli.main(["demo", "wishes", "--players", "2", "--level", "random", "--out", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert err == f"Cannot use {tmp_path / 'final.png'}: Is a directory.\n"
    assert (tmp_path / "board_photo.png").read_bytes() == b"mine" and (tmp_path / "board_0000.png").exists()


async def test_a_hot_seat_asks_to_pass_the_terminal_before_each_other_players_turn(tmp_path):
    asked: list[str] = []

    def read(prompt: str) -> str:
        asked.append(prompt)
        return "" if "press Enter" in prompt else "1"

    out = io.StringIO()
    assert await terminal.play("thisbig", 3, 1, str(tmp_path / "g.db"), tmp_path, {}, 5, "random", read=read,
                               write=out) == 0
    text, facing = out.getvalue(), None
    turns = re.findall(r"== (Pass the terminal to (Player \d)|(Player \d)'s decision)", text)
    assert {t[2] for t in turns if t[2]} == {"Player 1", "Player 2"}  # both played
    for _, passed_to, deciding in turns:
        facing = passed_to or facing
        assert not deciding or deciding == facing  # no one's hand shows before they took the terminal
    assert sum(p.startswith("Player 2, press Enter") for p in asked) >= 2
    quit_at_hand_over = io.StringIO()
    assert await terminal.play("thisbig", 3, 1, str(tmp_path / "h.db"), tmp_path, {}, 5, "random",
                               read=lambda prompt: "q" if "press Enter" in prompt else "1", write=quit_at_hand_over) == 0
    assert "Bye. The game is saved" in quit_at_hand_over.getvalue() and "decision" not in quit_at_hand_over.getvalue()


class Screen(io.StringIO):
    """A terminal's screen: what was written to it, as a tty."""

    def isatty(self) -> bool:
        return True


async def test_a_hot_seat_clears_the_last_players_hand_before_passing_and_tells_each_what_they_missed(
        tmp_path, monkeypatch):
    owners: dict[str, set[int]] = {}  # each secret line and the seats it was for
    hear = terminal.News.hear

    def noted(self, played):  # type: ignore[no-untyped-def]
        for e in played.events:
            if e.private_to is not None:
                owners.setdefault(e.text, set()).add(e.private_to)
        return hear(self, played)

    monkeypatch.setattr(terminal.News, "hear", noted)
    screen = Screen()
    assert await terminal.play("thisbig", 3, 1, str(tmp_path / "g.db"), tmp_path, {}, 5, "random",
                               read=lambda prompt: "" if "press Enter" in prompt else "1", write=screen) == 0
    text = screen.getvalue()
    sections = text.split("== Pass the terminal to Player ")[1:]
    assert len(sections) >= 3 and text.count(terminal.CLEAR + "== Pass the terminal to") == len(sections) - 1
    told = 0
    for section in sections:  # everything up to the next clear is this player's: their news, their own secrets
        seat = int(section[0]) - 1
        for secret in re.findall(r"\(only you\) (.*)", section.split(terminal.CLEAR)[0]):
            assert seat in owners[secret], f"{secret!r} shown to Player {seat + 1}"
            told += 1
    assert told and "Since your last turn:" in text and "(only you) You draw a" in text
    assert text.count("Since your last turn:") <= len(sections)  # said once a hand-over, not at each step


def test_an_ai_budget_that_is_not_a_number_of_milliseconds_is_refused(tmp_path, monkeypatch, capsys):
    for bad in ("abc", "0", "-5", "inf", "nan"):
        monkeypatch.setenv("FISHBOT_AI_BUDGET_MS", bad)
        assert cli.main(["demo", "wishes", "--out", str(tmp_path / "out")]) == 2
        assert "FISHBOT_AI_BUDGET_MS must be a number of milliseconds" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()
    monkeypatch.setenv("FISHBOT_AI_BUDGET_MS", "50")
    assert cli.main(["demo", "wishes", "--players", "2", "--level", "random", "--out", str(tmp_path / "out")]) == 0


async def test_a_resumed_hot_seat_still_asks_to_pass_the_terminal(tmp_path):
    db = str(tmp_path / "g.db")
    first = iter(["", "1", "q"])  # Player 1 takes the terminal, plays once, stops
    await terminal.play("thisbig", 3, 1, db, tmp_path, {}, 5, "random", read=lambda _: next(first), write=io.StringIO())
    asked: list[str] = []

    def read(prompt: str) -> str:
        asked.append(prompt)
        return "q" if len(asked) > 6 else "" if "press Enter" in prompt else "1"

    screen = Screen()
    await terminal.play("thisbig", 3, 2, db, tmp_path, {}, None, "random", read=read, write=screen,
                        resume=True)  # as the printed resume command runs it: the default --players and --bots
    assert any("press Enter" in prompt for prompt in asked)
    before, _, after = screen.getvalue().partition("== Pass the terminal to")
    assert "Player 1 casts" not in before and "Player 1 casts" in after  # the recap waits for its reader


def test_the_resume_command_quotes_paths_with_spaces(tmp_path):
    out = tmp_path / "my games"
    assert terminal.resume_command("wishes", str(out / "games.db"), out) == f"fishbot play wishes --out '{out}' --resume"
    assert terminal.resume_command("wishes", "a b.db", out).startswith("fishbot play wishes --db 'a b.db' --out ")


async def test_the_terminal_says_the_ai_thinks_only_when_an_ai_answers_next(tmp_path):
    out = io.StringIO()
    await terminal.play("pushfish", 2, 1, str(tmp_path / "g.db"), tmp_path, {}, 3, "random", read=lambda _: "1",
                        write=out)
    turns = out.getvalue().split("== Player 1's decision")[1:]
    thinking = [t for t in turns if "(the AI players think…)" in t]
    assert thinking and len(thinking) < len(turns)  # Push Fish turns have several steps: most leave it to you


def test_fishbot_version_names_the_installed_package(capsys):
    with pytest.raises(SystemExit) as done:
        cli.main(["--version"])
    assert done.value.code == 0 and re.fullmatch(r"fishbot (\d+\.\d+\.\d+|\(not installed\))\n", capsys.readouterr().out)


def test_a_choice_says_what_its_short_label_stands_for_and_a_demo_log_what_each_move_made_happen(tmp_path):
    from engines.core import Choice, Decision

    said: list[str] = []
    decision = Decision(0, "Pick a wish", [Choice(id="w", label="Spread All Buyers", detail="Move every buyer."),
                                           Choice(id="x", label="Pass", detail="Pass")])
    assert terminal.ask(decision, lambda _: "2", said.append) == 1
    assert said == ["Pick a wish", "   1. Spread All Buyers", "      Move every buyer.", "   2. Pass"]
    assert cli.main(["demo", "thisbig", "--players", "3", "--out", str(tmp_path / "d")]) == 0
    log = (tmp_path / "d" / "log.txt").read_text()
    assert re.search(r"^ +[0-9]+\. .*'s card\n {8}.* picks .*'s card: ", log, re.M)  # the pick, then what it caught


def test_a_click_that_made_no_public_event_is_told_to_its_maker_only():
    from bot.models import GameRecord, Move, Played, Seat

    record = GameRecord(id=1, key="toy", options={}, seed=1, status="active", host_user=0, created_at=0,
                        updated_at=0, turn_since=0, seats=[Seat(user_id=0, name="Ann"), Seat(user_id=-2, name="Bob")])
    news = terminal.News([0, 1])
    news.hear(Played(record=record, moves=[Move(index=0, seat=0, choice_id="i", label="Items…")], events=[]))
    assert news.unread == {0: ['  - Ann chose "Items…".'], 1: []}

