"""kill -9 soak through the Discord adapter: the real bot process (`fishbot run`) against the fake Discord.

All four games are played by scripted clicks (boards, DMs, selects) while the bot is killed with SIGKILL at
random moments, then started again on the same database. After every kill it checks:
  - acknowledged choices lost: a move the bot had already shown (a board's "move N") missing from the log;
  - games that resume with working buttons: after each restart, a click on a game's newest components moves it on;
and at the end, that each game's log replays to its stored state (nothing applied twice or half).

Run: python bench/soak_kill.py [--kills 100] [--seed 1] [--minutes 9.5]   (127.0.0.1 only; bounded in time)
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.host import Host  # noqa: E402
from tests.fakediscord.server import FakeDiscord, Msg  # noqa: E402

GAMES = ("wishes", "thisbig", "friendly", "pushfish")
MIN_TRIES = 5  # a life in which a resumed game got this many clicks must have moved it on
FOOTER = re.compile(r"game #(\d+) · move (\d+)")


class Soak:
    """The fake server, the bot process and the bookkeeping of what players were shown."""

    def __init__(self, db: str, rnd: random.Random) -> None:
        self.fake = FakeDiscord()
        self.db = db
        self.rnd = rnd
        self.proc: subprocess.Popen[bytes] | None = None
        self.log = open(db + ".bot.log", "wb")  # noqa: SIM115 - open for the whole soak
        self.users: list[int] = []
        self.lost = 0
        self.checks = 0
        self.tried: dict[int, int] = {}  # game -> clicks on it in this life of the bot
        self.moved: set[int] = set()  # games a click moved on in this life
        self.lives_checked = 0  # (life, game) pairs with at least MIN_TRIES clicks after a restart
        self.lives_moved = 0  # ... of which the game moved on
        self.clicks = 0
        self.hand_reply: dict[tuple[int, int], int] = {}  # (game, user) -> their newest "My hand" answer
        self.outdated: set[int] = set()
        self.last_reply: dict[int, str] = {}  # game -> the private answer to its last click  # games whose last click was refused as outdated
        self.finished = 0

    def env(self) -> dict[str, str]:
        base = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "FISHBOT_"))}
        return base | {"PYTHONPATH": str(ROOT), "DISCORD_TOKEN": "soak-token", "DISCORD_API_BASE": self.fake.api_base,
                       "DISCORD_GATEWAY": self.fake.gateway_url, "FISHBOT_DB": self.db,
                       "FISHBOT_TICK_SECONDS": "3600", "FISHBOT_LOG_LEVEL": "WARNING"}

    async def start_bot(self) -> float:
        """Start `fishbot run`; returns the seconds until it is connected."""
        began = time.perf_counter()
        sockets = len(self.fake._sockets)  # noqa: SLF001 - the fake is ours
        self.proc = subprocess.Popen([sys.executable, "-m", "bot.cli", "run"], env=self.env(), cwd=ROOT,
                                     stdout=self.log, stderr=self.log)
        while len(self.fake._sockets) <= sockets:  # noqa: SLF001
            if self.proc.poll() is not None:
                raise RuntimeError(f"the bot exited with {self.proc.returncode}; see {self.log.name}")
            await asyncio.sleep(0.02)
        await asyncio.sleep(0.3)  # GUILD_CREATE handled
        return time.perf_counter() - began

    async def kill_bot(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        await asyncio.to_thread(self.proc.wait)
        await self.fake.drop_connections()

    # ---- reading the database (read-only, as another process) ----------------------------------
    def rows(self, sql: str, args: tuple = ()) -> list[tuple]:
        conn = sqlite3.connect(f"file:{self.db}?mode=ro", uri=True, timeout=5)
        try:
            return conn.execute(sql, args).fetchall()
        finally:
            conn.close()

    def games(self) -> list[tuple[int, str, str, list[dict], int | None, int | None]]:
        """(id, key, status, seats, message_id, place) of every game."""
        return [(g, k, s, json.loads(seats), m, t or c) for g, k, s, seats, m, t, c in self.rows(
            "SELECT id, key, status, seats, message_id, thread_id, channel_id FROM games ORDER BY id")]

    def logged(self, game: int) -> int:
        return self.rows("SELECT COUNT(*) FROM moves WHERE game_id = ?", (game,))[0][0]

    # ---- what players were shown ----------------------------------------------------------------
    def shown_moves(self) -> dict[int, int]:
        """Per game, the highest move number any board the bot wrote ever showed (an acknowledged move)."""
        shown: dict[int, int] = {}
        for msg in list(self.fake.messages.values()):
            for data in (msg.data, *msg.history):
                for embed in data.get("embeds") or []:
                    m = FOOTER.search((embed.get("footer") or {}).get("text", ""))
                    if m:
                        shown[int(m[1])] = max(shown.get(int(m[1]), 0), int(m[2]))
        return shown

    def check_nothing_lost(self) -> None:
        for game, step in self.shown_moves().items():
            self.checks += 1
            logged = self.logged(game)
            if logged < step:
                self.lost += step - logged
                print(f"  LOST: game {game} showed move {step} but the log holds {logged}")

    # ---- playing ----------------------------------------------------------------------------------
    async def click(self, user: int, msg: Msg, custom_id: str, values: list[str] | None = None) -> bool:
        """Click and wait (briefly) for the bot's answer; False when it never came (the bot died).

        A refusal as outdated (the bot died after a move, before its board was edited) sends the player to
        "My hand", as the refusal says; that private answer's components are used next.
        """
        inter = await self.fake.click(user, msg, custom_id, values=values, wait=False)
        self.clicks += 1
        try:
            await asyncio.wait_for(inter.answered.wait(), 5)
        except TimeoutError:
            return False
        await asyncio.sleep(0.1)
        replies = self.fake.ephemeral_replies(inter)
        game = int(custom_id.split(":")[2])
        self.last_reply[game] = replies[-1].content if replies else f"(no private reply to {custom_id})"
        if custom_id.startswith("fish:h:") and replies:
            self.hand_reply[(game, user)] = replies[-1].id
        elif any("older state" in r.content for r in replies):
            self.outdated.add(game)
        return True

    def live_components(self, game: int, place: int | None, user: int) -> list[tuple[Msg, dict]]:
        """Choice components for this game on the user's DMs and the game's place, newest first."""
        dm = self.fake.dm_of.get(user)
        hand = self.hand_reply.get((game, user))
        found = []
        for msg in sorted(self.fake.messages.values(), key=lambda m: -m.id):
            if msg.deleted or msg.channel_id not in (place, dm) or (msg.ephemeral and msg.id != hand):
                continue
            for row in msg.data.get("components") or []:
                for c in row.get("components", []):
                    if c.get("custom_id", "").startswith((f"fish:c:{game}:", f"fish:s:{game}:")):
                        found.append((msg, c))
        return found

    async def step(self, game: int, key: str, status: str, seats: list[dict], message: int | None,
                   place: int | None) -> bool | None:
        """One scripted action in a game: True when the bot answered, False when not, None when nothing to click."""
        ann, bob = self.users[:2]
        if status == "lobby":
            lobby = self.fake.messages.get(message or 0)
            if lobby is None:
                return None
            action = "join" if not any(s.get("user_id") == bob for s in seats) else "start"
            return await self.click(bob if action == "join" else ann, lobby, f"fish:l:{game}:{action}")
        seat_of = {s.get("user_id"): i for i, s in enumerate(seats)}
        board = self.fake.messages.get(message or 0)
        if game in self.outdated and board is not None and f"fish:h:{game}" in board.custom_ids:
            self.outdated.discard(game)
            return await self.click(self.rnd.choice([ann, bob]), board, f"fish:h:{game}")
        for user in self.rnd.sample([ann, bob], 2):
            seat = seat_of.get(user)
            for msg, comp in self.live_components(game, place, user):
                parts = comp["custom_id"].split(":")
                if int(parts[4]) != seat:
                    continue
                if comp["type"] == 3:
                    return await self.click(user, msg, comp["custom_id"], [self.rnd.choice(comp["options"])["value"]])
                return await self.click(user, msg, comp["custom_id"])
        if board is not None and f"fish:h:{game}" in board.custom_ids:  # no buttons (killed before a DM): My hand
            return await self.click(self.rnd.choice([ann, bob]), board, f"fish:h:{game}")
        return None

    async def play(self, seconds: float) -> None:
        """Play every game for about `seconds` (the bot may be killed meanwhile)."""
        end = time.perf_counter() + seconds
        while time.perf_counter() < end and self.proc is not None and self.proc.poll() is None:
            games = self.games()
            open_keys = {k for _, k, s, *_ in games if s in ("lobby", "active")}
            for key in GAMES:
                if key not in open_keys:
                    inter = await self.fake.slash(self.users[0], f"start {key}", wait=False)
                    try:
                        await asyncio.wait_for(inter.answered.wait(), 5)
                    except TimeoutError:
                        return
            for game, key, status, seats, message, place in games:
                if status not in ("lobby", "active"):
                    continue
                before = self.logged(game)
                answered = await self.step(game, key, status, seats, message, place)
                if answered is None:
                    await asyncio.sleep(0.05)  # nothing to click yet (the restarted bot is still showing it)
                    continue
                if not answered:
                    return
                if status == "active" and game in self.tried:
                    self.tried[game] += 1
                    if self.logged(game) > before:
                        self.moved.add(game)

    def new_life(self) -> None:
        """Count the last life's resumed games; the games active now are watched in the next one."""
        for game, tries in self.tried.items():
            if tries >= MIN_TRIES or game in self.moved:
                self.lives_checked += 1
                self.lives_moved += game in self.moved
                if game not in self.moved:
                    print(f"  game {game} did not move on in a life of {tries} clicks; last answer: "
                          f"{self.last_reply.get(game, '-')[:120]!r}")
        self.tried = {g: 0 for g, _, s, *_ in self.games() if s == "active"}
        self.moved = set()

    def count_finished(self) -> int:
        return sum(1 for _, _, s, *_ in self.games() if s == "finished")


async def replay_all(db: str) -> tuple[int, int]:
    """(games whose log replays to their stored state, games checked)."""
    host = await Host.open(db)
    try:
        good = total = 0
        for record in await host.games(None, statuses=("active", "finished")):
            total += 1
            stored = await host.get(record.id)
            replayed = await host.replay(record.id)
            good += host.engine(stored).dump(replayed) == host.engine(stored).dump(stored.state)
        return good, total
    finally:
        await host.close()


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--minutes", type=float, default=9.5, help="stop (and say so) after this long")
    args = parser.parse_args()
    rnd = random.Random(args.seed)
    began = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        soak = Soak(str(Path(tmp) / "soak.db"), rnd)
        await soak.fake.start()
        soak.users = [soak.fake.add_user("Ann"), soak.fake.add_user("Bob")]
        env = soak.env()
        await asyncio.to_thread(subprocess.run, [sys.executable, "-m", "bot.cli", "sync"], env=env, cwd=ROOT,
                                stdout=subprocess.DEVNULL, check=True)
        startups: list[float] = []
        kills = 0
        while kills < args.kills and time.perf_counter() - began < args.minutes * 60:
            startups.append(await soak.start_bot())
            soak.new_life()
            playing = asyncio.create_task(soak.play(10.0))
            await asyncio.wait([playing], timeout=rnd.uniform(0.2, 1.6))  # a random point in scripted play
            await soak.kill_bot()
            playing.cancel()
            await asyncio.gather(playing, return_exceptions=True)
            kills += 1
            soak.check_nothing_lost()
            if kills % 10 == 0:
                print(f"  {kills} kills, {soak.clicks} clicks, lost so far {soak.lost}, "
                      f"{time.perf_counter() - began:.0f} s")
        startups.append(await soak.start_bot())  # a last, long life: every active game must still move on
        soak.new_life()
        last = set(soak.tried)
        await soak.play(20.0)
        final_moved = len(last & soak.moved)
        soak.new_life()
        soak.proc.send_signal(signal.SIGTERM)  # type: ignore[union-attr]
        await asyncio.to_thread(soak.proc.wait)  # type: ignore[union-attr]
        soak.check_nothing_lost()
        good, total = await replay_all(soak.db)
        finished = soak.count_finished()
        await soak.fake.stop()
    elapsed = time.perf_counter() - began
    print(f"kill -9 soak: {kills} kills in {elapsed:.0f} s (seed {args.seed}), {soak.clicks} clicks, "
          f"{finished} games finished, bot start to connected median {sorted(startups)[len(startups) // 2]:.2f} s")
    print(f"acknowledged choices lost: {soak.lost} (over {soak.checks} per-game checks after kills)")
    print(f"games that resumed with working buttons: {soak.lives_moved} of {soak.lives_checked} (restart, game) "
          f"pairs with >= {MIN_TRIES} clicks; in the last life {final_moved} of {len(last)} active games moved on")
    print(f"logs that replay to their stored state: {good} of {total} games")
    if kills < args.kills:
        print(f"stopped early at the {args.minutes} minute bound: {kills} of {args.kills} kills")


if __name__ == "__main__":
    asyncio.run(main())
