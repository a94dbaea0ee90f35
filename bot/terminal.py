"""The offline players: a terminal game against AI seats, and an all-AI demo that writes every board and a replay."""

from __future__ import annotations

import re
import shlex
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from bot import replay
from bot.host import Host, HostError
from bot.models import GameRecord, Played
from engines.core import Decision, GameError
from renderers import registry as drawings
from renderers import replay as replay_drawing

TERMINAL_USER = 0  # user id of the person at the terminal
CLEAR = "\033[2J\033[3J\033[H"  # clear the screen and its scrollback
MOVES_RECALLED = 12  # the moves shown again when a game resumes


def save_board(record: GameRecord, host: Host, out: Path, name: str, seat: int | None = None) -> Path:
    """Draw the public board (or a seat's view) to a PNG in `out`."""
    drawing = drawings.get(record.key)
    path = out / name
    path.write_bytes(drawing.board(host.view(record, seat)))
    return path


def save_final(record: GameRecord, host: Host, out: Path) -> Path:
    """Draw the final scores to final.png in `out`."""
    result = host.result(record)
    assert result is not None
    path = out / "final.png"
    path.write_bytes(drawings.get(record.key).final(host.view(record, None), result))
    return path


async def save_replay(record: GameRecord, host: Host, out: Path) -> Path:
    """Draw the game's animated replay (a frame per move, then the final scores) to replay.gif in `out`."""
    views = await replay.public_views(host, record)
    path = out / replay.REPLAY_FILE
    path.write_bytes(replay_drawing.animation(drawings.get(record.key).__name__, views, host.result(record)))
    return path


def standings(record: GameRecord, host: Host) -> str:
    """The final standings as text."""
    result = host.result(record)
    if result is None:
        return f"Game #{record.id} ended ({record.status})."
    lines = ["Final scores:"]
    for seat in sorted(range(len(record.seats)), key=lambda s: result.ranks[s]):
        parts = ", ".join(f"{k} {v}" for k, v in result.breakdown[seat].items())
        star = "  (winner)" if seat in result.winners else ""
        lines.append(f"  {result.ranks[seat]}. {record.seats[seat].name}: {result.scores[seat]}  [{parts}]{star}")
    return "\n".join(lines)


async def play(key: str, players: int, bots: int, db: str, out: Path, options: dict[str, Any],
               seed: int | None, level: str, read: Callable[[str], str] = input, write: TextIO | None = None,
               resume: bool = False) -> int:
    """A person plays every human seat at this terminal (hot seat) against `bots` AI seats (`resume`: the newest
    unfinished game of this kind in `db` instead of a new one)."""
    stream = write or sys.stdout

    def say(text: str = "") -> None:
        stream.write(text + "\n")
        stream.flush()

    humans = players - bots
    out.mkdir(parents=True, exist_ok=True)
    host = await Host.open(db)
    recap: list[str] = []  # a resumed game's last moves: told to each person at their turn (after a hot seat's clear)
    try:
        if resume:
            open_games = [r for r in await host.games(None, None, ("active",)) if r.key == key]
            if not open_games:
                say(f"No unfinished game of {key} in {db}; leave out --resume to start one.")
                return 2
            record = await host.get(max(r.id for r in open_games))
            say(f"Game #{record.id}: {host.engine(record).name}, resumed. Seats: {', '.join(record.names)}.")
            for move, outcome in await replay.recent_moves(host, record.id, MOVES_RECALLED):
                recap += [f"  - {replay.said(record, move)}", *(f"      {text}" for text in outcome)]
        else:
            record = await host.create(key, options, TERMINAL_USER, "Player 1", seat_creator=True)
            for n in range(2, humans + 1):
                await host.join(record.id, -n, f"Player {n}")  # hot-seat players get their own ids
            for _ in range(bots):
                await host.add_ai(record.id, TERMINAL_USER, level)
            record = await host.get(record.id)  # every seat taken
            say(f"Game #{record.id}: {host.engine(record).name}. Seats: {', '.join(record.names)}.")
            record = (await begin_or_cancel(host, record.id, seed, autoplay=False)).record  # AI openers: below
        news = News([s for s, seat in enumerate(record.seats) if not seat.automated])  # a resumed game's own seats
        hot_seat = len(news.unread) > 1
        for lines in news.unread.values():
            lines += recap
        facing: int | None = None  # the hot seat's player now at the terminal
        bye = f"Bye. The game is saved in {db}: `{resume_command(key, db, out)}` goes on with it."
        while record.status == "active":
            human = [d for d in host.pending(record) if not record.seats[d.seat].automated]
            if not human:  # AI seats move (an AI opens, or the last session stopped while they thought)
                say("(the AI players think…)")
                played = await host.resume_ai(record.id)
                if played.record.version == record.version:
                    break  # nothing was played: nobody is left to move
                news.hear(played)
                record = played.record
                continue
            decision = human[0]
            handed = hot_seat and decision.seat != facing
            if handed:  # what follows shows this seat's secrets
                if facing is not None:  # the last player first reads what their move did
                    news.tell(facing, say, "")
                last = None if facing is None else record.seats[facing].name
                if not hand_over(last, record.seats[decision.seat].name, read, say, stream):
                    say(bye)
                    return 0
                facing = decision.seat
            news.tell(decision.seat, say, "Since your last turn:" if handed else "")
            board = save_board(record, host, out, "board.png")
            say("")
            say(f"== {record.seats[decision.seat].name}'s decision (board image: {board}) ==")
            say(drawings.get(record.key).text(host.view(record, decision.seat)))
            index = ask(decision, read, say)
            if index is None:
                say(bye)
                return 0
            if ai_answers(host, record, decision, decision.choices[index].id):
                say("(the AI players think…)")
            try:
                played = await host.submit_seat(record.id, decision.seat, decision.choices[index].id, record.version)
            except HostError as exc:
                say(exc.message)
                record = await host.get(record.id)
                continue
            news.hear(played)
            record = played.record
        if record.status == "finished":  # what the one person has not read yet; in a hot seat, the public end only
            for line in news.last if len(news.unread) != 1 else next(iter(news.unread.values())):
                say(line)
            save_board(record, host, out, "board.png")
            say(standings(record, host))
            say(f"Final image: {save_final(record, host, out)}")
        return 0
    finally:
        await host.close()


def hand_over(last: str | None, name: str, read: Callable[[str], str], say: Callable[[str], None],
              stream: TextIO) -> bool:
    """In a hot seat, let the last player (None: nobody yet) hide their hand, which clears the screen and its
    scrollback, then wait for the next player to take the terminal; False when someone quits instead."""
    if last is not None:
        if not _confirmed(read, say, f"{last}, press Enter to hide your hand and pass the terminal (q to quit): "):
            return False
        if stream.isatty():
            stream.write(CLEAR)
    say(f"== Pass the terminal to {name} ==")
    return _confirmed(read, say, f"{name}, press Enter when only you can see the screen (q to quit): ")


def _confirmed(read: Callable[[str], str], say: Callable[[str], None], prompt: str) -> bool:
    """True when the person presses Enter; False when they quit (q, Ctrl-C, the end of input)."""
    try:
        answer = read(prompt).strip().lower()
    except (EOFError, KeyboardInterrupt):
        say("")  # the goodbye on a line of its own, not after the ^C
        return False
    return answer not in ("q", "quit", "exit")


class News:
    """What each person at the terminal has not read yet: what the table saw happen, and their own secret news."""

    def __init__(self, seats: list[int]) -> None:
        self.unread: dict[int, list[str]] = {s: [] for s in seats}
        self.last: list[str] = []  # the public lines of the latest step (the game's end, once it is over)

    def hear(self, played: Played) -> None:
        """Queue a step's public lines for everyone and each person's own secret news for them alone, in the order
        they happened."""
        said = [line for _, line in replay.happened(played.events, played.moves)]
        self.last = [f"  - {line}" for line in said or replay.clicked(played.record, played.moves)]
        if not said:  # no public event: its moves in words, a confirmation for those who made them only
            for seat in {m.seat for m in played.moves} & self.unread.keys():
                self.unread[seat] += self.last
        for e in played.events:
            for seat, lines in self.unread.items():
                if e.private_to is None or e.private_to == seat:
                    lines.append(f"  - {'(only you) ' * (e.private_to is not None)}{e.text}")

    def tell(self, seat: int, say: Callable[[str], None], heading: str) -> None:
        """Print what this person has not read yet (under `heading`, if any)."""
        if self.unread[seat] and heading:
            say(heading)
        for line in self.unread[seat]:
            say(line)
        self.unread[seat] = []


def ai_answers(host: Host, record: GameRecord, decision: Decision, choice_id: str) -> bool:
    """True when an AI seat decides next after this choice (so the wait that follows is the AI thinking)."""
    engine = host.engine(record)
    after, _ = engine.apply_to(record.state, decision, choice_id)
    return any(record.seats[d.seat].automated for d in engine.decisions(after))


def resume_command(key: str, db: str, out: Path) -> str:
    """The command that goes on with the newest unfinished game of this kind in `db`, its pictures in `out`."""
    again = "" if Path(db) == out / "games.db" else f" --db {shlex.quote(db)}"
    return f"fishbot play {key}{again} --out {shlex.quote(str(out))} --resume"


async def begin_or_cancel(host: Host, game_id: int, seed: int | None, autoplay: bool) -> Played:
    """Start the lobby's game; a lobby that cannot start (options that do not fit this table) is cancelled, so
    the database keeps no lobby nobody will open again."""
    try:
        return await host.begin(game_id, TERMINAL_USER, seed=seed, autoplay=autoplay)
    except (HostError, GameError):
        await host.cancel(game_id, TERMINAL_USER)
        raise


def ask(decision: Decision, read: Callable[[str], str], say: Callable[[str], None]) -> int | None:
    """Ask for a numbered choice until a valid one (None when the person quits)."""
    say(decision.prompt)
    for n, choice in enumerate(decision.choices, 1):
        say(f"  {n:>2}. {choice.label}")
        if choice.detail and choice.detail != choice.label:  # what the short label stands for
            say(f"      {choice.detail}")
    while True:
        try:
            answer = read("Your choice (number, q to quit): ").strip().lower()
        except (EOFError, KeyboardInterrupt):  # end of input or Ctrl-C: stop, the game stays saved
            say("")
            return None
        if answer in ("q", "quit", "exit"):
            return None
        if re.fullmatch(r"[0-9]{1,6}", answer) and 1 <= int(answer) <= len(decision.choices):  # not "²"
            return int(answer) - 1
        say(f"Please type a number from 1 to {len(decision.choices)}.")


async def demo(key: str, players: int, db: str, out: Path, options: dict[str, Any], seed: int,
               level: str, write: TextIO | None = None) -> GameRecord:
    """Play an all-AI game, writing every board image, the log and the final scores to `out`."""
    stream = write or sys.stdout
    out.mkdir(parents=True, exist_ok=True)
    host = await Host.open(db)
    try:
        record = await host.create(key, options, TERMINAL_USER, "Demo", seat_creator=False)
        for _ in range(players):
            await host.add_ai(record.id, TERMINAL_USER, level)
        record = (await begin_or_cancel(host, record.id, seed, autoplay=False)).record
        for old_board in out.glob("board_*.png"):  # an earlier demo's boards would read as this game's (only
            if re.fullmatch(r"board_[0-9]{4,}\.png", old_board.name):  # names a demo writes: not board_photo.png)
                old_board.unlink()
        save_board(record, host, out, "board_0000.png")
        lines = []
        step = 0
        while record.status == "active":
            played = await host.step_ai(record.id)
            record = played.record
            step += 1
            for move in played.moves:  # as the log tells it: the move, then what it made happen
                lines.append(f"{move.index + 1:4}. {replay.said(record, move)}")
                lines += [f"        {e.text}" for e in played.events if e.private_to is None and e.text != move.label]
            save_board(record, host, out, f"board_{step:04d}.png")
        (out / "log.txt").write_text("\n".join(lines) + "\n")
        text = standings(record, host)
        (out / "scores.txt").write_text(text + "\n")
        save_final(record, host, out)
        await save_replay(record, host, out)
        stream.write(f"{host.engine(record).name}, seed {seed}: {step} moves, {step + 1} boards in {out}\n")
        stream.write(text + "\n")
        return record
    finally:
        await host.close()
