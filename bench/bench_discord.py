"""Discord adapter figures against the fake Discord, through the real discord.py client.

    python bench/bench_discord.py [--games 200] [--rounds 3] [--clicks 40] [--window 30]

"ack" is the deferral: the interaction callback that tells Discord the click arrived (the bot defers at
once and edits later). "board" is the first write of that game's board message with a new image after the
click: what the players see change.

The games are opened through a bot in this process; then that bot stops and a bot in its own process takes
over the same database (a restart: the buttons keep working), so the fake Discord's own work is not done
on the bot's event loop, as Discord's is not. Both processes share the machine's cores.
1. One game of each kind, clicks one at a time: interaction -> ack and interaction -> board (p50/p95/max).
2. Bursts: --games active games, an equal share of each game (If Wishes Were Fishes! and Push Fish with AI
   seats, This Big! answered in the players' DMs, its choices being private). Every click is prepared first,
   then all are sent within --window ms; ack and board p50/p95/p99/max over all clicks and per game, for each
   of --rounds bursts, and the median of the rounds.
3. Thinking: one game of each kind with one person and three `hard` AI seats (the search player, at the
   default budget unless FISHBOT_AI_BUDGET_MS says otherwise); the person answers at once whenever asked, so
   AI seats think the whole time, while other people click one by one in the part-1 games (--think-clicks
   clicks, --think-gap ms apart): their ack p50/p99/max, and how many AI moves were made meanwhile.
A burst that does not settle within its timeout is reported, not fatal.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import random
import signal
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot import workers  # noqa: E402
from bot.discord.runner import FishBot, use_endpoints  # noqa: E402
from bot.host import Host  # noqa: E402
from bot.settings import Settings  # noqa: E402
from tests.fakediscord.harness import BotRun  # noqa: E402
from tests.fakediscord.server import FakeDiscord, Interaction, Msg  # noqa: E402

SINGLE_GAMES = 4  # games of each kind opened for the one-click-at-a-time part

# game -> (people, AI seats): AI seats in two games; This Big!'s answers are private (DM clicks)
TABLES = {"wishes": (1, 2), "thisbig": (3, 0), "friendly": (2, 0), "pushfish": (1, 1)}
THINKERS = (1, 3)  # part 3: people and hard AI seats at each table


@dataclass
class Click:
    """A prepared click: who presses what, on which message, in which game."""

    game: int
    key: str
    user: int
    message: Msg
    custom_id: str
    values: list[str] | None
    private: bool


class BoardWrites:
    """Every write of a board image, by game id, timed (wraps the fake's message create and edit)."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.at: dict[int, list[float]] = defaultdict(list)
        for name in ("_create", "_edit"):
            setattr(fake, name, self._timed(getattr(fake, name)))

    def _timed(self, write):
        def timed(*args, **kwargs) -> Msg:
            files = args[2] if len(args) > 2 else kwargs.get("files", {})
            msg = write(*args, **kwargs)
            if any(name == "board.png" for name, _ in (files or {}).values()):
                title = (msg.data.get("embeds") or [{}])[0].get("title", "")
                if "#" in title:
                    self.at[int(title.rsplit("#", 1)[1])].append(time.perf_counter())
            return msg
        return timed

    def after(self, game: int, since: float) -> float | None:
        """Seconds from `since` to the game's first board write after it."""
        later = [t for t in self.at[game] if t >= since]
        return later[0] - since if later else None


def cpu_of(pid: int) -> float:
    """CPU seconds a process has used (user + system; Linux /proc), 0 once it is gone."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            fields = stat.read().rsplit(b")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def family(root: int) -> list[int]:
    """The process and every process descended from it (the bot's forkserver and its workers)."""
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat", "rb") as stat:
                    parents[int(entry)] = int(stat.read().rsplit(b")", 1)[1].split()[1])
            except OSError:
                continue
    found = [root]
    for pid in found:
        found.extend(child for child, parent in parents.items() if parent == pid)
    return found


def cpu_split(bot_pid: int) -> tuple[float, float, float]:
    """CPU seconds so far: the bot's process, its workers, and this process (the clicks and the fake Discord)."""
    bot = cpu_of(bot_pid)
    own = os.times()
    return bot, sum(cpu_of(pid) for pid in family(bot_pid)[1:]), own.user + own.system


def pct(values: list[float], q: float) -> float:
    """The q-quantile (0..1) in milliseconds, nearest rank."""
    ordered = sorted(values)
    return 1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def line(name: str, values: list[float]) -> str:
    return (f"{name} p50 {pct(values, .5):7.1f}  p95 {pct(values, .95):7.1f}  p99 {pct(values, .99):7.1f}  "
            f"max {pct(values, 1):7.1f} ms  (n={len(values)})")


async def open_game(run: BotRun, fake: FakeDiscord, key: str, rnd: random.Random,
                    table: tuple[int, int] | None = None, level: str = "normal") -> int:
    """A started game with people and AI seats (at `level`) as `table` or TABLES says, opened through the host
    (not measured)."""
    people, ais = table or TABLES[key]
    users = [fake.add_user(f"{key[:2]}{i}") for i in range(people)]
    record = await run.host.create(key, {}, users[0], "P0", fake.guild_id, fake.channel_id)
    for i, user in enumerate(users[1:], 1):
        await run.host.join(record.id, user, f"P{i}")
    for _ in range(ais):
        await run.host.add_ai(record.id, users[0], level)
    await run.host.set_place(record.id, channel_id=fake.channel_id)
    await run.bot.table.publish(await run.host.begin(record.id, users[0], seed=rnd.randrange(1 << 30)))
    return record.id


async def prepare(host: Host, fake: FakeDiscord, game: int, rnd: random.Random) -> Click | None:
    """A random legal choice of a person in this game, as a click on the message that offers it."""
    record = await host.get(game)
    if record.status != "active":
        return None
    for decision in host.pending(record):
        user = record.seats[decision.seat].user_id
        if user is None:
            continue
        choice = rnd.choice(decision.choices).id
        where = [m for m in fake.dms(user) if not m.deleted] if decision.private else [fake.messages[record.message_id]]
        for message in reversed(where):
            for row in message.data.get("components", []):
                for c in row["components"]:
                    cid = c.get("custom_id", "")
                    parts = cid.split(":")
                    if len(parts) != 6 or parts[2] != str(game) or parts[4] != str(decision.seat):
                        continue
                    if parts[1] == "c" and parts[5] == choice:
                        return Click(game, record.key, user, message, cid, None, decision.private)
                    if parts[1] == "s" and any(o["value"] == choice for o in c["options"]):
                        return Click(game, record.key, user, message, cid, [choice], decision.private)
    return None


async def send(fake: FakeDiscord, click: Click) -> Interaction:
    return await fake.click(click.user, fake.messages[click.message.id], click.custom_id, values=click.values,
                            wait=False)


async def quiet(fake: FakeDiscord, timeout: float, for_s: float = 0.05) -> bool:
    """Wait until the fake has had no request in flight for `for_s` (the bot is in another process)."""
    deadline = time.monotonic() + timeout
    calm_since = time.monotonic()
    while time.monotonic() - calm_since < for_s:
        await asyncio.sleep(0.005)
        if fake._in_flight:  # noqa: SLF001 - the fake's own counter of requests being answered
            calm_since = time.monotonic()
        if time.monotonic() > deadline:
            return False
    return True


async def settle(fake: FakeDiscord, writes: BoardWrites, clicks: list[Click], sent: list[Interaction],
                 timeout: float) -> bool:
    """Wait for every answer and every clicked game's new board, then for quiet; False when it takes too long."""
    deadline = time.monotonic() + timeout
    while not all(i.answered.is_set() and writes.after(c.game, i.sent_at) is not None
                  for c, i in zip(clicks, sent, strict=True)):
        if time.monotonic() > deadline:
            return False
        await asyncio.sleep(0.005)
    return await quiet(fake, max(0.1, deadline - time.monotonic()))


async def single(host: Host, fake: FakeDiscord, writes: BoardWrites, games: dict[str, list[int]],
                 clicks: int) -> None:
    """One game of each kind, one click at a time."""
    rnd = random.Random(1)
    print(f"1. one game at a time, {clicks} clicks per game (people's clicks; AI replies included in 'board')")
    for key, ids in games.items():
        acks, boards = [], []
        left = list(ids)
        while len(acks) < clicks and left:
            click = await prepare(host, fake, left[0], rnd)
            if click is None:
                left.pop(0)
                continue
            inter = await send(fake, click)
            if not await settle(fake, writes, [click], [inter], 30):
                print(f"  {key}: a click did not settle within 30 s")
            acks.append(inter.answered_at - inter.sent_at)
            board = writes.after(click.game, inter.sent_at)
            if board is not None:
                boards.append(board)
        print(f"  {key:9s} {line('ack  ', acks)}")
        print(f"  {key:9s} {line('board', boards)}  (target p50 <= 60)")


async def burst(host: Host, fake: FakeDiscord, writes: BoardWrites, ids: list[int], rounds: int,
                window: float, bot_pid: int) -> None:
    """Every game gets one click, all sent within `window` ms."""
    rnd = random.Random(2)
    keys = list(TABLES)
    print(f"2. burst: {len(ids)} active games ({', '.join(f'{len(ids) // len(keys)} {k}' for k in keys)}), "
          f"one click in every game sent within {window:.0f} ms")
    summary: dict[str, list[float]] = defaultdict(list)
    for r in range(rounds):
        await quiet(fake, 60, for_s=1.0)  # the last round's DMs and AI replies are out (drawing sends nothing)
        clicks = [c for c in [await prepare(host, fake, g, rnd) for g in ids] if c is not None]
        gap = window / 1000 / max(1, len(clicks))
        cpu_before = cpu_split(bot_pid)
        t0 = time.perf_counter()
        sent = []
        for click in clicks:
            sent.append(await send(fake, click))
            while time.perf_counter() < t0 + gap * len(sent):
                await asyncio.sleep(0)
        spread = (sent[-1].sent_at - sent[0].sent_at) * 1000
        settled = await settle(fake, writes, clicks, sent, 120)
        took = time.perf_counter() - t0
        bot_cpu, workers_cpu, own_cpu = (after - before for after, before in zip(cpu_split(bot_pid), cpu_before, strict=True))
        acks = [i.answered_at - i.sent_at for i in sent if i.answered.is_set()]
        boards = {c.game: writes.after(c.game, i.sent_at) for c, i in zip(clicks, sent, strict=True)}
        shown = [b for b in boards.values() if b is not None]
        print(f"  round {r + 1}: {len(sent)} clicks sent in {spread:.0f} ms ({sum(c.private for c in clicks)} in DMs); "
              f"{'settled' if settled else 'NOT settled'} after {took:.1f} s")
        print(f"    CPU meanwhile: the bot {bot_cpu:.2f} s, its drawing and thinking workers {workers_cpu:.2f} s, "
              f"this bench with the fake Discord {own_cpu:.2f} s ({os.cpu_count()} cores)")
        print(f"    all      {line('ack  ', acks)}  (target p99 <= 150)")
        print(f"    all      {line('board', shown)}  (target p95 <= 1500)")
        for key in keys:
            mine = [(c, i) for c, i in zip(clicks, sent, strict=True) if c.key == key]
            print(f"    {key:8s} {line('ack  ', [i.answered_at - i.sent_at for _, i in mine if i.answered.is_set()])}")
            print(f"    {key:8s} {line('board', [boards[c.game] for c, _ in mine if boards[c.game] is not None])}")
        summary["ack p99"].append(pct(acks, .99))
        summary["board p95"].append(pct(shown, .95))
        summary["missing boards"].append(len(boards) - len(shown))
    print(f"  median of {rounds} rounds: ack p99 {statistics.median(summary['ack p99']):.1f} ms, "
          f"board p95 {statistics.median(summary['board p95']):.0f} ms, "
          f"clicks without a new board {statistics.median(summary['missing boards']):.0f}")


async def thinking(host: Host, fake: FakeDiscord, writes: BoardWrites, ai_games: list[int], games: list[int],
                   clicks: int, gap: float) -> None:
    """People click in `games` one at a time while the hard AI seats of `ai_games` think without a pause."""
    rnd = random.Random(4)
    print(f"3. thinking: {len(ai_games)} games of 1 person + {THINKERS[1]} hard AI seats kept thinking; meanwhile "
          f"{clicks} clicks in other games, {gap:.0f} ms apart")
    steps = {g: (await host.get(g)).state.step for g in ai_games}
    stop = asyncio.Event()

    async def keep_thinking() -> int:
        """Answer the person's part of every AI game as soon as it is asked, so the AI seats never wait."""
        sent, clicked_at = 0, {g: -1 for g in ai_games}  # the step each game was at when its person last clicked
        while not stop.is_set():
            for game in ai_games:
                step = (await host.get(game)).state.step
                if step <= clicked_at[game]:
                    continue  # that click is not stored yet
                click = await prepare(host, fake, game, rnd)
                if click is not None:
                    await send(fake, click)
                    clicked_at[game] = step
                    sent += 1
            await asyncio.sleep(0.05)
        return sent

    keeper = asyncio.create_task(keep_thinking())
    await asyncio.sleep(2.0)  # the AI seats are thinking by now
    acks: list[float] = []
    for n in range(clicks * 3):
        if len(acks) >= clicks:
            break
        click = await prepare(host, fake, games[n % len(games)], rnd)
        if click is None:
            continue
        inter = await send(fake, click)
        await asyncio.wait_for(inter.answered.wait(), 30)
        acks.append(inter.answered_at - inter.sent_at)
        shown_by = time.monotonic() + 10  # the AI games keep the fake busy: wait for this game's board, not quiet
        while writes.after(click.game, inter.sent_at) is None and time.monotonic() < shown_by:
            await asyncio.sleep(0.005)
        await asyncio.sleep(gap / 1000)
    stop.set()
    person_moves = await keeper
    ai_moves = sum([(await host.get(g)).state.step - steps[g] for g in ai_games]) - person_moves
    print(f"  others' {line('ack  ', acks)}  (target p99 <= 100)")
    print(f"  meanwhile: {ai_moves} AI moves and {person_moves} person moves in the thinking games")


async def serve(api: str, gateway: str, db: str) -> None:
    """The bot process: serve the fake Discord on this database until SIGTERM."""
    logging.basicConfig(level=logging.ERROR)
    use_endpoints(Settings(discord_api_base=api, discord_gateway=gateway))
    host = await Host.open(db)
    bot = FishBot(host, tick_seconds=3600, guild_ready_timeout=0.05)
    stop = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    task = asyncio.create_task(bot.start("fake-token"))
    await asyncio.wait_for(bot.wait_until_ready(), 60)
    print("ready", flush=True)
    await stop.wait()
    for _ in range(600):  # finish what is in hand (DMs, refreshes) before closing the connection
        if not bot.table.busy:
            break
        await asyncio.sleep(0.05)
    with open(f"/proc/{os.getpid()}/status") as status:
        peak = next(line.split()[1] for line in status if line.startswith("VmHWM"))
    print(f"peak RSS of the bot process {int(peak) / 1024:.0f} MB (its drawing and thinking workers not included)",
          flush=True)
    await bot.close()
    await asyncio.gather(task, return_exceptions=True)
    await host.close()
    workers.shutdown()


async def bot_process(fake: FakeDiscord, db: str) -> asyncio.subprocess.Process:
    """Start the bot in its own process on this database; returns when it is connected."""
    proc = await asyncio.create_subprocess_exec(sys.executable, __file__, "--serve", fake.api_base, fake.gateway_url,
                                                db, stdout=asyncio.subprocess.PIPE)
    assert proc.stdout is not None
    try:
        line_read = await asyncio.wait_for(proc.stdout.readline(), 120)
    except TimeoutError:
        line_read = b""
    if line_read.strip() != b"ready":
        proc.kill()
        raise RuntimeError(f"the bot process did not start: {line_read!r}")
    await asyncio.sleep(0.5)  # let it finish reading the guild
    return proc


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clicks", type=int, default=40, help="clicks per game in the one-game part")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--window", type=float, default=30, help="ms over which a burst's clicks are sent")
    parser.add_argument("--think-clicks", type=int, default=100, help="clicks while AI seats think (0: skip part 3)")
    parser.add_argument("--think-gap", type=float, default=50, help="ms between those clicks")
    parser.add_argument("--serve", nargs=3, metavar=("API", "GATEWAY", "DB"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        await serve(*args.serve)
        return
    logging.basicConfig(level=logging.ERROR)
    with tempfile.TemporaryDirectory() as tmp:
        db = str(Path(tmp) / "bench.db")
        fake = FakeDiscord()
        await fake.start()
        writes = BoardWrites(fake)
        rnd = random.Random(3)
        started = time.perf_counter()
        run = await BotRun(fake, db, time.time).start()
        single_games = {key: [await open_game(run, fake, key, rnd) for _ in range(SINGLE_GAMES)] for key in TABLES}
        keys = list(TABLES)
        ids = [await open_game(run, fake, keys[i % len(keys)], rnd) for i in range(args.games)]
        ai_games = [await open_game(run, fake, key, rnd, THINKERS, "hard") for key in keys] if args.think_clicks \
            else []
        await run.stop()
        workers.shutdown()  # this process's pools served the setup bot; the bot process has its own
        await fake.drop_connections()
        print(f"opened {SINGLE_GAMES * len(TABLES) + args.games + len(ai_games)} games in {time.perf_counter() - started:.0f} s; "
              f"a bot in its own process takes over")
        fake.idle_check = lambda: True
        proc = await bot_process(fake, db)
        host = await Host.open(db)  # reads only: what the players' screens would show
        try:
            await single(host, fake, writes, single_games, args.clicks)
            await burst(host, fake, writes, ids, args.rounds, args.window, proc.pid)
            if args.think_clicks:
                others = [g for gs in single_games.values() for g in gs]
                await thinking(host, fake, writes, ai_games, others, args.think_clicks, args.think_gap)
        finally:
            await host.close()
            await quiet(fake, 60, for_s=1.0)
            proc.send_signal(signal.SIGTERM)
            out, _ = await proc.communicate()
            print(out.decode().strip())
            await fake.stop()


if __name__ == "__main__":
    asyncio.run(main())
