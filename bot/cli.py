"""The `fishbot` command: run the Discord bot, sync its commands, or play offline."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import sqlite3
import sys
from importlib import metadata
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING

from dotenv import dotenv_values  # python-dotenv, which pydantic-settings reads .env with
from pydantic import ValidationError

from bot.game_options import split_lists
from bot.store import StoreError
from engines import registry
from engines.core import AI_LEVELS, GameEngine, GameError
from engines.search import BUDGET_ENV

if TYPE_CHECKING:
    from bot.settings import Settings

OPTIONS_FORM = "--options must be a JSON object, e.g. '{\"target\": 12}'"
SEEDS = range(-2**63, 2**63)  # what the database's INTEGER column holds


class Refused(Exception):
    """A mistake on the command line: one line on stderr, exit 2, and nothing written."""


def _options(text: str | None) -> dict:
    """Game options from a JSON object on the command line."""
    if not text:
        return {}
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise Refused(f"{OPTIONS_FORM}: {exc.msg}") from None
    except ValueError:  # an integer of more digits than Python converts (4,300)
        raise Refused(f"{OPTIONS_FORM}: a number in it has too many digits") from None
    except RecursionError:
        raise Refused(f"{OPTIONS_FORM}: it is nested too deeply") from None
    if not isinstance(value, dict):
        raise Refused(OPTIONS_FORM)
    return value


def _seed(text: str) -> int:
    """A --seed value, refused while parsing (before anything is written) unless the database can store it."""
    refusal = argparse.ArgumentTypeError(f"must be a whole number from {SEEDS.start} to {SEEDS.stop - 1}")
    try:
        seed = int(text)
    except ValueError:
        raise refusal from None
    if seed not in SEEDS:
        raise refusal
    return seed


def _folder(path: str) -> Path:
    """The --out folder, created if it is missing."""
    out = Path(path)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SystemExit(f"--out {path}: cannot use or create that folder ({exc.strerror}).") from None
    return out


def _version() -> str:
    """The installed package's version (a source tree run without installing says so)."""
    try:
        return metadata.version("fishbot")
    except metadata.PackageNotFoundError:
        return "(not installed)"


def build_parser() -> argparse.ArgumentParser:
    """The argument parser for every subcommand."""
    parser = argparse.ArgumentParser(prog="fishbot", description=__doc__)
    parser.add_argument("--version", action="version", version=f"fishbot {_version()}")
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("run", help="run the Discord bot (DISCORD_TOKEN from the environment or .env); what `fishbot` "
                              "alone does")
    sub.add_parser("sync", help="register the /fish slash commands with Discord (run after upgrades)")
    sub.add_parser("health", help="exit 0 when the database reads and the running bot is connected (HEALTHCHECK)")
    p = sub.add_parser("backup", help="copy the game database to a new file (safe while the bot runs)")
    p.add_argument("path", help="the new file to write, e.g. backups/fishbot-2026-12-01.db")
    p.add_argument("--db", default=None, help="the database to copy (default: FISHBOT_DB, else fishbot.db)")
    for name, text in (("play", "play a game in this terminal against AI seats"),
                       ("demo", "play an all-AI game and write every board image")):
        p = sub.add_parser(name, help=text)
        p.add_argument("game", choices=registry.keys())
        p.add_argument("--players", type=int, default=3 if name == "play" else 4,
                       help="seats (default: %(default)s)")
        p.add_argument("--options", help="game options as JSON, e.g. '{\"target\": 12}'")
        p.add_argument("--seed", type=_seed, default=7 if name == "demo" else None,
                       help="the deal, a whole number (default: %s)" % (7 if name == "demo" else "a new one each game"))
        p.add_argument("--level", default="normal", choices=(*AI_LEVELS, "random", "greedy"),
                       help="AI level: easy, normal (greedy) or hard (the search player; FISHBOT_AI_BUDGET_MS per "
                            "decision) (default: %(default)s)")
        p.add_argument("--db", default=None, help="SQLite file (default: games.db in --out)")
        p.add_argument("--out", default="out" if name == "play" else "demo-out",
                       help="folder for the pictures and, without --db, the database (default: %(default)s)")
        if name == "play":
            p.add_argument("--bots", type=int, default=None,
                           help="how many seats AI players take (default: all but one)")
            p.add_argument("--resume", action="store_true",
                           help="go on with the newest unfinished game of this kind in --db (seat options ignored)")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Entry point of the console script: a fault a person can fix is one line on stderr and a non-zero exit."""
    args = build_parser().parse_args(argv)
    command = args.command or "run"
    from bot.discord.runner import ConnectError

    try:
        _budget_from_dotenv()
        _check_budget()
        return _run(command, args)
    except Refused as exc:
        print(exc, file=sys.stderr)
        return 1 if command == "health" else 2  # for a health check, a bad setting is unhealthy (2 is reserved)
    except (StoreError, ConnectError) as exc:
        print(exc.message, file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("Stopped (Ctrl-C).", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the output was piped into something that stopped reading (`| head`)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no second error when Python flushes
        return 1


def _budget_from_dotenv() -> None:
    """FISHBOT_AI_BUDGET_MS from `.env` (in the folder fishbot runs in), as the other settings are read, unless the
    environment sets it: the AI players read it from the environment, in every worker."""
    env = Path(".env")
    if BUDGET_ENV not in os.environ and env.is_file() and (value := dotenv_values(env).get(BUDGET_ENV)):
        os.environ[BUDGET_ENV] = value


def _check_budget() -> None:
    """Refuse an AI budget in the environment that is not a number of milliseconds (it would silently be 1 s)."""
    raw = os.environ.get(BUDGET_ENV, "").strip()
    try:
        ok = not raw or 1 <= float(raw) < float("inf")
    except ValueError:
        ok = False
    if not ok:
        raise Refused(f"{BUDGET_ENV} must be a number of milliseconds, 1 or more, not {raw[:40]!r} (unset it for "
                      "the default, 1000).")


def _settings() -> Settings:
    """The bot's settings, or one line per bad one (`FISHBOT_TICK_SECONDS: must be greater than 0`), not a
    traceback."""
    from bot.settings import Settings

    try:
        return Settings()
    except ValidationError as exc:
        raise Refused("\n".join(f"{'.'.join(map(str, e['loc'])).upper()}: {e['msg'].replace('Input should', 'must')}"
                                 for e in exc.errors())) from None


def _interrupt(_signum: int, _frame: FrameType | None) -> None:
    """Ctrl-C raises at once, even inside input(); asyncio's own handler would wait for a second press."""
    raise KeyboardInterrupt


def _run(command: str, args: argparse.Namespace) -> int:
    """Do one subcommand."""
    if command == "health":
        from bot.discord.runner import health

        problem = health(_settings())
        print(f"unhealthy: {problem}" if problem else "healthy", file=sys.stderr if problem else sys.stdout)
        return 1 if problem else 0
    if command == "backup":
        from bot.store import backup

        source = args.db or _settings().fishbot_db
        games = backup(source, args.path)
        print(f"Backed up {source} ({games} game{'s' * (games != 1)}) to {args.path}.")
        return 0
    if command in ("run", "sync"):
        from bot.discord.runner import run_bot, sync_commands

        settings = _settings()
        if settings.database_misplaced():
            print(settings.database_misplaced(), file=sys.stderr)
            return 2
        if not settings.discord_token:
            print("No DISCORD_TOKEN is set (in the environment or .env), so the bot cannot connect to Discord.\n"
                  "Copy .env.example to .env and put your bot token there, or play offline right now:\n"
                  "  fishbot play wishes --players 3 --bots 2\n"
                  "  fishbot demo wishes --seed 7 --out demo-out", file=sys.stderr)
            return 2
        signal.signal(signal.SIGTERM, _interrupt)  # `docker stop`, systemd: stop as Ctrl-C does, not killed later
        asyncio.run(run_bot(settings) if command == "run" else sync_commands(settings))
        return 0
    from bot import terminal

    engine = registry.get(args.game)
    options = split_lists(engine, _options(args.options))  # list options typed as text too, as on Discord
    play, resume = command == "play", getattr(args, "resume", False)
    bots = (args.players - 1 if args.bots is None else args.bots) if play else None
    if not resume:
        _check_table(engine, args.players, bots, options)
    db = args.db or str(Path(args.out) / "games.db")
    if resume and not Path(db).is_file():
        raise Refused(f"No game database at {db} to resume; check --db or --out, or leave out --resume to start.")
    out = _folder(args.out)
    signal.signal(signal.SIGINT, _interrupt)
    try:
        if bots is not None:
            return asyncio.run(terminal.play(args.game, args.players, bots, db, out, options, args.seed, args.level,
                                             resume=args.resume))
        asyncio.run(terminal.demo(args.game, args.players, db, out, options, args.seed, args.level))
        return 0
    except KeyboardInterrupt:
        again = f" The game is saved: `{terminal.resume_command(args.game, db, out)}` goes on with it." if play else ""
        print(f"Stopped (Ctrl-C).{again}", file=sys.stderr)
        return 130
    except sqlite3.Error as exc:  # mid-game: the moves before this one are stored
        full = "; free some space" if "full" in str(exc) or "disk I/O" in str(exc) else ""
        again = f" `{terminal.resume_command(args.game, db, out)}` goes on." if play else ""
        raise StoreError(f"Cannot use the game database {db}: {exc}{full}.{again}") from None
    except BrokenPipeError:
        raise  # `| head` stopped reading: main says nothing
    except OSError as exc:
        raise StoreError(f"Cannot use {exc.filename or args.out}: {exc.strerror or exc}.") from None
    except Exception as exc:  # noqa: BLE001 - a person's mistake (bad option) gets its message, not a trace
        message = getattr(exc, "message", None)
        if message is None or isinstance(exc, StoreError):
            raise
        print(message, file=sys.stderr)
        return 2


def _check_table(engine: GameEngine, players: int, bots: int | None, options: dict) -> None:
    """Refuse a table that cannot start before anything is written: its size, its AI seats, its options."""
    if not engine.min_players <= players <= engine.max_players:
        raise Refused(f"--players: {engine.name} takes {engine.min_players} to {engine.max_players} players.")
    if bots is not None and not 0 <= bots < players:
        raise Refused(f"--bots: with --players {players}, 0 to {players - 1} seats may be AI players (one at least "
                      "is yours; `fishbot demo` plays a game of AI players only).")
    try:
        engine.check_players(players, engine.parse_options(options))
    except GameError as exc:
        raise Refused(exc.message) from None


if __name__ == "__main__":
    raise SystemExit(main())
