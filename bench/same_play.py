"""Same play: do two versions of the code play every game exactly alike? Then arena games logged on one count for both.

A change of wording (an event's text, an option's help) changes a game's code digest, and the arena counts only
games logged on the digest of the code as it is (bench/arena.py), so hours of logged games would start over for
a change that cannot change who wins. This script plays the same seeded games on the code of a git revision and
on the code as it is now, each in its own process, and compares every decision asked (its seat, kind and choice
ids), every choice made, each search's statistics of its first choices (every playout's reward counts in them)
and each game's result. The seats play `hard` (the arena's search player), `greedy`,
`prior` and `random`; the clocks are a counter that moves on a fixed step whenever the code reads one, so
`hard` spends the same number of iterations on both versions, as the arena's time budget would not. With
`--record`, a game whose every trace matches is written to bench/results/same_play.jsonl as "this digest plays
as that one", and the arena's `--report` then counts the games logged on either.

    python bench/same_play.py --against 7e8c551 --game pushfish --games 60 --record
    python bench/same_play.py --against HEAD            # every game, nothing recorded: what did my change alter?

A change meant for one table size (a play tuned for four players) is checked at the other with `--players N`: the
pair recorded then counts for games logged at N players only, and the other sizes start over.

    python bench/same_play.py --against HEAD --game pushfish --players 2 --games 80 --record

Options stay each game's defaults, as in the arena: a rule behind an option the arena does not set is not
checked.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import subprocess
import sys
import tarfile
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from io import BytesIO
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.digest import ROOT, SAME_PLAY, code_digest  # noqa: E402

LEVELS = ("greedy", "random", "prior")  # the other seats' levels, in turn; one seat is always `hard`
BUDGET_MS = 1.0  # the search's budget per decision, on the counting clock
MAX_CHOICES = 5000


class CountingClock:
    """A clock that moves on by a fixed step at every read, so the search's budget buys a fixed amount of work."""

    def __init__(self, step: float) -> None:
        self.now, self.step = 0.0, step

    def read(self) -> float:
        """The count, one step on."""
        self.now += self.step
        return self.now


def seating(seed: int, players: int) -> tuple[str, ...]:
    """One `hard` seat, rotating with the seed; the others take greedy, random and prior in turn."""
    hard = seed % players
    return tuple("hard" if s == hard else LEVELS[(seed + s) % len(LEVELS)] for s in range(players))


def trace_games(tree: Path, key: str, games: int, first_seed: int, iterations: int, table: int | None) -> dict:
    """Play the games on the engines under `tree` (this process must not have imported them yet), at `table`
    players or at the game's smallest table and four: each game's trace digest and decision count."""
    clock = CountingClock(BUDGET_MS / 1000 / (2 * iterations))  # the search reads two clocks per iteration
    time.thread_time = time.perf_counter = clock.read  # this worker process times nothing else
    sys.path.insert(0, str(tree))
    os.environ["FISHBOT_AI_BUDGET_MS"] = str(BUDGET_MS)
    import engines
    from engines import registry, search

    if Path(engines.__file__).resolve().parent != (tree / "engines").resolve():
        raise RuntimeError(f"imported {engines.__file__}, not the engines under {tree}")
    engine = registry.get(key)
    prior = search.prior_for(key)
    searched: list[str] = []  # each search's root statistics: every playout's reward counts in them
    run = search.Search.run

    def run_and_keep(self: search.Search, *given: object) -> str:
        answer = run(self, *given)
        searched.append(repr(sorted(self.root.stats.items())))
        return answer

    search.Search.run = run_and_keep  # type: ignore[method-assign]
    out = []
    for seed in range(first_seed, first_seed + games):
        for players in [table] if table else sorted({engine.min_players, min(4, engine.max_players)}):
            levels = seating(seed, players)
            state = engine.new_game([f"{lv}{i}" for i, lv in enumerate(levels)], None, seed)
            rnd, digest, count = random.Random(seed), hashlib.sha256(), 0
            for _ in range(MAX_CHOICES):
                pending = engine.decisions(state)
                if not pending:
                    break
                decision = pending[0] if len(pending) == 1 else pending[rnd.randrange(len(pending))]
                level, stream = levels[decision.seat], random.Random(rnd.getrandbits(64))
                choice = prior(engine, state, decision, stream) if level == "prior" else \
                    engine.ai_choice(state, decision, level, stream)
                ids = ",".join(c.id for c in decision.choices)
                digest.update(f"{decision.seat}|{decision.kind}|{ids}|{choice}|{''.join(searched)}\n".encode())
                searched.clear()
                count += 1
                state, _ = engine.apply_to(state, decision, choice)
            result = engine.result(state)
            digest.update(repr((result.scores, result.winners) if result else None).encode())
            out.append({"seed": seed, "players": players, "levels": levels, "decisions": count,
                        "trace": digest.hexdigest()[:16]})
    return {"games": out}


def extract(revision: str, into: Path) -> None:
    """The engines/ folder of a git revision, written under `into`."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", revision, "engines"],
                             check=True, capture_output=True).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")


def traced(tree: Path, key: str, args: argparse.Namespace) -> dict:
    """trace_games run in a fresh process on the engines under `tree`."""
    command = [sys.executable, __file__, "--trace", str(tree), "--game", key, "--games", str(args.games),
               "--seed", str(args.seed), "--iterations", str(args.iterations)]
    if args.players:
        command += ["--players", str(args.players)]
    done = subprocess.run(command, check=True, capture_output=True, text=True, cwd=tree)
    return json.loads(done.stdout)


def compare(key: str, old_tree: Path, new_tree: Path, args: argparse.Namespace) -> tuple[bool, str]:
    """Whether the two trees play the game's seeded games alike, and a line saying so."""
    with ThreadPoolExecutor(2) as pool:
        old, new = pool.map(lambda tree: traced(tree, key, args), (old_tree, new_tree))
    games = new["games"]
    differ = [g for g, h in zip(old["games"], games, strict=True) if g["trace"] != h["trace"]]
    decisions = sum(g["decisions"] for g in games)
    a, b = code_digest(key, old_tree), code_digest(key, new_tree)
    if differ:
        first = differ[0]
        return False, (f"{key:9} plays differently: {len(differ)} of {len(games)} games differ (first: seed "
                       f"{first['seed']}, {first['players']} players, {'/'.join(first['levels'])})")
    table = f" at {args.players} players" if args.players else ""
    return True, (f"{key:9} plays the same{table}: {len(games)} games, {decisions} decisions, every choice and result "
                  f"alike; {args.against} {a} -> now {b}")


def record(key: str, old_tree: Path, new_tree: Path, args: argparse.Namespace) -> None:
    """Keep `new plays as old` for the arena's report (nothing when the digests are the same)."""
    code, older = code_digest(key, new_tree), code_digest(key, old_tree)
    if code == older:
        return
    row = {"game": key, "code": code, "plays_as": older, "against": args.against, "games": args.games,
           "seed": args.seed, "iterations": args.iterations, **({"players": args.players} if args.players else {})}
    SAME_PLAY.parent.mkdir(parents=True, exist_ok=True)
    with SAME_PLAY.open("a", encoding="utf-8") as out:
        out.write(json.dumps(row, separators=(",", ":")) + "\n")


def main() -> None:
    """Compare the asked games on the revision and on the code now; exit 1 when any plays differently."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", default="HEAD", help="the git revision to compare with (default HEAD)")
    parser.add_argument("--game", action="append", help="a game key (repeatable; default: every game)")
    parser.add_argument("--games", type=int, default=40, help="seeds per game (each played at 2 and 4 players)")
    parser.add_argument("--seed", type=int, default=700000, help="first seed")
    parser.add_argument("--iterations", type=int, default=40, help="about this many search iterations a decision")
    parser.add_argument("--players", type=int, help="check one table size only (a pair recorded counts for it alone)")
    parser.add_argument("--record", action="store_true", help="keep each game that plays the same for the arena")
    parser.add_argument("--trace", type=Path, help=argparse.SUPPRESS)  # the worker: trace the engines under TREE
    args = parser.parse_args()
    if args.trace:
        print(json.dumps(trace_games(args.trace, args.game[0], args.games, args.seed, args.iterations, args.players)))
        return
    from engines import registry

    keys = args.game or registry.keys()
    if args.games < 1 or args.iterations < 1:
        parser.error("--games and --iterations take a whole number of 1 or more")
    unknown = [key for key in keys if key not in registry.keys()]
    if unknown:
        parser.error(f"no such game: {', '.join(unknown)} (games: {', '.join(registry.keys())})")
    unseated = [key for key in keys if args.players and not
                registry.get(key).min_players <= args.players <= registry.get(key).max_players]
    if unseated:
        parser.error(f"{', '.join(unseated)} cannot seat {args.players} players")
    found = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "--verify", args.against + "^{commit}"],
                           capture_output=True, text=True)
    if found.returncode:
        parser.error(f"no such git revision here: {args.against}")
    args.against = found.stdout.strip()  # HEAD is kept as the commit it was
    alike = True
    with tempfile.TemporaryDirectory() as scratch:
        old_tree = Path(scratch)
        extract(args.against, old_tree)
        for key in keys:
            same, line = compare(key, old_tree, ROOT, args)
            print(line, flush=True)
            alike &= same
            if same and args.record:
                record(key, old_tree, ROOT, args)
    sys.exit(0 if alike else 1)


if __name__ == "__main__":
    main()
