"""Arena: AI levels against each other, per game, at 2- and 4-player tables, seats rotated.

For each game, table size and pair of levels (A, B): 2 players seat A and B, alternating who sits first;
4 players seat one A among three B, A's seat rotating. Prints A's win share (ties shared) with a 95 %
Wilson interval, the fair share, and each level's decision time p50/p95 (only decisions with a choice) in
CPU time of the deciding thread (the budget's measure) and in wall time (longer on a busy machine).

    python bench/arena.py --games 40 --budget-ms 100 --processes 2
    python bench/arena.py --games 20 --pairs hard:greedy --players 2 --game wishes
    python bench/arena.py --games 200 --pairs oracle:greedy --players 4 --game thisbig

The level `oracle` is no player's: it is the search player reading the true state (every hand and deck
order; only future chance is unknown), so its share shows how much of a game's result is left to better
guesses of hidden cards: the honest search player's ceiling at that budget. The level `prior` is the
search's prior played alone, without search (the greedy player, or the game's own prior), so
`--pairs prior:greedy` shows what a game's prior brings and `hard:prior` what the search adds to it:

    python bench/arena.py --games 4000 --pairs prior:greedy --players 2 --game pushfish --seed 400000

A full figure at the default budget costs CPU-hours, so `--log FILE` keeps every finished game as a JSON
line (its pairing, seed, budget, a digest of the code and data the game runs on, A's share and the decision
times), and a rerun plays only the asked games not logged yet for the same code and budget, then reports all
of them: a run stopped midway, or spread over days, resumes where it was. With `--report` it plays nothing
and reports the asked games logged so far. Games logged on older code count too when `bench/same_play.py` has
checked that the two play exactly the same (a change of wording only, say): the report says how many.

    python bench/arena.py --games 400 --pairs hard:greedy --players 2 --game pushfish --log bench/results/arena.jsonl

A game's chance (its deals, shuffles and throws, and each decision's random stream) follows its seed alone, so
`prior` on the same seats and seeds plays the same game as a searching level until the search first leaves
its prior. `--paired N` replays those games with `prior` in A's place (fast, and not logged), and N more
seeds after the asked ones, and prints A's share estimated with the prior as a control: the prior's share
over the N seeds plus A's lead over the prior game for game. Luck of the seeds that favours or hurts both
cancels out of that lead, so the estimate is much tighter than the plain share when the search seldom
leaves its prior:

    python bench/arena.py --games 400 --pairs hard:greedy --players 2 --game pushfish --log bench/results/arena.jsonl \
        --report --paired 10000 --processes 2
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time
from collections.abc import Callable
from itertools import combinations
from multiprocessing import get_context
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.digest import SAME_PLAY, code_digest, same_play  # noqa: E402
from engines import registry, search  # noqa: E402
from engines.core import Decision, GameEngine, GameState, clone  # noqa: E402
from engines.rng import Rng  # noqa: E402
from engines.search import BUDGET_ENV, Search  # noqa: E402

ORACLE = "oracle"  # a ceiling, not a level players get: the search player reading the true state
PRIOR = "prior"  # the search's prior alone, without search
MAX_CHOICES = 5000  # a game this long has a player going round in circles: stop and name it
Match = tuple[str, int, tuple[str, ...], int]  # game key, seed, level per seat, A's seat


Times = dict[str, list[tuple[float, float]]]  # level -> (CPU, wall) seconds per decision
Result = tuple[Match, float, Times]
ROOT = Path(__file__).resolve().parent.parent


class OracleSearch(Search):
    """The search player given every hidden card and deck order (only future chance stays unknown)."""

    def deal(self) -> GameState:
        """The true state with a fresh RNG."""
        world = clone(self.state)
        world.rng = Rng.from_seed(self.rnd.getrandbits(64))
        return world


def choose(engine: GameEngine, state: GameState, decision: Decision, level: str, rnd: random.Random) -> str:
    """A level's choice; the oracle is the search player over the true state, the prior the search's prior."""
    if level == PRIOR:
        return search.prior_for(engine.key)(engine, state, decision, rnd)
    if level != ORACLE:
        return engine.ai_choice(state, decision, level, rnd)
    if len(decision.choices) == 1:
        return decision.choices[0].id
    return OracleSearch(engine, state, decision, rnd).run(search.budget_seconds())


def play(match: Match) -> Result:
    """One game: A's share of the win, and each level's decision times (CPU and wall seconds)."""
    key, seed, levels, a_seat = match
    engine = registry.get(key)
    state = engine.new_game([f"{lv}{i}" for i, lv in enumerate(levels)], None, seed)
    rnd = random.Random(seed)
    times: dict[str, list[tuple[float, float]]] = {lv: [] for lv in levels}
    for _ in range(MAX_CHOICES):
        pending = engine.decisions(state)
        if not pending:
            break
        decision = pending[0] if len(pending) == 1 else pending[rnd.randrange(len(pending))]
        level = levels[decision.seat]
        cpu, wall = time.thread_time(), time.perf_counter()
        choice = choose(engine, state, decision, level, random.Random(rnd.getrandbits(64)))
        if len(decision.choices) > 1:
            times[level].append((time.thread_time() - cpu, time.perf_counter() - wall))
        state, _ = engine.apply_to(state, decision, choice)
    else:
        raise RuntimeError(f"{key} seed {seed} {levels}: no end within {MAX_CHOICES} choices (a stalling player?)")
    winners = engine.result(state).winners
    share = 1.0 / len(winners) if a_seat in winners else 0.0
    return match, share, times


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a share."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def quantile(values: list[float], q: float) -> float:
    """The q-quantile (nearest rank) of values, 0 when empty."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def matches(key: str, players: int, a: str, b: str, games: int, seed: int) -> list[Match]:
    """The seatings of one pairing: A's seat rotates over the table."""
    out = []
    for g in range(games):
        a_seat = g % players
        levels = tuple(a if s == a_seat else b for s in range(players))
        out.append((key, seed + g, levels, a_seat))
    return out


def report(key: str, players: int, a: str, b: str, results: list[Result]) -> str:
    """One line of figures for a pairing."""
    n = len(results)
    wins = sum(share for _, share, _ in results)
    low, high = wilson(wins, n)
    times: Times = {a: [], b: []}
    for _, _, t in results:
        for level, values in t.items():
            times[level].extend(values)
    parts = []
    for lv in (a, b):
        cpu, wall = [c for c, _ in times[lv]], [w for _, w in times[lv]]
        parts.append(f"{lv} cpu p50/p95 {quantile(cpu, .5) * 1e3:.0f}/{quantile(cpu, .95) * 1e3:.0f} ms "
                     f"wall {quantile(wall, .5) * 1e3:.0f}/{quantile(wall, .95) * 1e3:.0f} ms")
    timing = "  ".join(parts)
    return (f"{key:9} {players}p  {a:>6} vs {b:<6} games {n:4}  {a} wins {wins / n:6.1%} "
            f"[{low:5.1%}, {high:5.1%}]  fair {1 / players:4.0%}  {timing}")


def paired_report(a: str, results: list[Result], same: list[Result], more: list[Result]) -> str:
    """A's share estimated with the prior as a control: the prior's share over `more` (other seeds) plus A's
    lead over the prior's game on each seed of `results` (`same`: the prior's games, in the same order), with a
    normal 95 % interval."""
    leads = [share - base_share for (_, share, _), (_, base_share, _) in zip(results, same, strict=True)]
    n, m = len(leads), len(more)
    lead = sum(leads) / n
    base = sum(share for _, share, _ in more) / m
    spread_lead = sum((x - lead) ** 2 for x in leads) / max(n - 1, 1)
    spread_base = sum((share - base) ** 2 for _, share, _ in more) / max(m - 1, 1)
    half = 1.96 * math.sqrt(spread_lead / n + spread_base / m)
    estimate, low, high = (min(1.0, max(0.0, base + lead + d)) for d in (0.0, -half, half))
    differ = sum(1 for x in leads if x)
    here = sum(share for _, share, _ in same) / n
    return (f"{'':15}paired: prior wins {here:6.1%} of these {n} games and {base:6.1%} of "
            f"{m} more; {a} - prior {lead * 100:+.1f} points ({differ} games differ); {a} estimated "
            f"{estimate:6.1%} [{low:5.1%}, {high:5.1%}]")


def paired(a: str, done: list[Result], more: list[Match], run: Callable) -> str:
    """Replay `done` with the prior in A's seat, and play `more` (the prior's other seeds), with `run` (a map):
    the paired report."""
    same = [(key, seed, tuple(PRIOR if lv == a else lv for lv in levels), seat)
            for (key, seed, levels, seat), _, _ in done]
    played = list(run(play, same + more))
    return paired_report(a, done, played[:len(same)], played[len(same):])


class Log:
    """Finished games kept as JSON lines, so a long run resumes: one per game, for its code digest and a budget."""

    def __init__(self, path: Path | None, budget: float) -> None:
        self.path, self.budget = path, budget
        self.codes = {key: code_digest(key) for key in registry.keys()}
        self.done: dict[Match, Result] = {}
        self.older: set[Match] = set()  # games logged on other code checked to play the same
        if path is None or not path.exists():
            return
        pairs = path.parent / SAME_PLAY.name  # bench/same_play.py's checked pairs, beside the log
        counted: dict[tuple[str, int], set[str]] = {}  # per game and table size
        for line in path.read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            table = (row["game"], len(row["levels"]))
            if table not in counted and row["game"] in self.codes:
                counted[table] = same_play(row["game"], self.codes[row["game"]], pairs, table[1])
            if row["code"] in counted.get(table, ()) and row["budget_ms"] == budget:
                match = (row["game"], row["seed"], tuple(row["levels"]), row["a_seat"])
                times = {lv: [(c / 1e3, w / 1e3) for c, w in ts] for lv, ts in row["times"].items()}
                self.done[match] = (match, row["share"], times)
                if row["code"] != self.codes[row["game"]]:
                    self.older.add(match)
                else:
                    self.older.discard(match)

    def add(self, result: Result) -> None:
        """Keep one finished game (appended at once, so a stopped run loses only the games under way)."""
        self.done[result[0]] = result
        if self.path is None:
            return
        (key, seed, levels, a_seat), share, times = result
        row = {"game": key, "seed": seed, "levels": list(levels), "a_seat": a_seat, "share": share,
               "budget_ms": self.budget, "code": self.codes[key],
               "times": {lv: [[round(c * 1e3, 1), round(w * 1e3, 1)] for c, w in ts] for lv, ts in times.items()}}
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self.path.open("a", encoding="utf-8") as out:
            out.write(json.dumps(row, separators=(",", ":")) + "\n")


def main() -> None:
    """Parse options, run every pairing (in parallel when asked) and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per game, table size and pairing")
    parser.add_argument("--budget-ms", type=float, default=None, help=f"search budget per decision ({BUDGET_ENV})")
    parser.add_argument("--processes", type=int, default=1, help="worker processes (2 uses both cores)")
    parser.add_argument("--game", action="append", help="a game key (repeatable; default: every game)")
    parser.add_argument("--players", default="2,4", help="table sizes, e.g. 2,4")
    parser.add_argument("--levels", default="easy,normal,hard", help="levels for the round robin")
    parser.add_argument("--pairs", default=None, help="explicit pairings A:B,..., e.g. hard:greedy")
    parser.add_argument("--seed", type=int, default=1000, help="first game seed")
    parser.add_argument("--log", type=Path, default=None, help="JSON lines of finished games: resume and report them")
    parser.add_argument("--report", action="store_true", help="with --log: play nothing, report the logged games")
    parser.add_argument("--paired", type=int, default=0, metavar="N",
                        help="also replay the games with prior in A's place, and N more seeds: A's paired estimate")
    args = parser.parse_args()
    if args.report and args.log is None:
        parser.error("--report reads the games of a --log file")
    if args.paired < 0:
        parser.error("--paired takes a number of games, 0 or more")
    if args.budget_ms is not None:
        os.environ[BUDGET_ENV] = str(args.budget_ms)
    search.WALL_CAP = 1e9  # the arena measures strength per CPU budget: a busy machine must not cut it short
    levels = args.levels.split(",")
    pairs = [tuple(p.split(":")) for p in args.pairs.split(",")] if args.pairs else \
        list(combinations(reversed(levels), 2))
    tables = [int(p) for p in args.players.split(",")]
    keys = args.game or registry.keys()
    unknown = [key for key in keys if key not in registry.keys()]
    if unknown:
        parser.error(f"no such game: {', '.join(unknown)} (games: {', '.join(registry.keys())})")
    budget = search.budget_seconds() * 1e3
    log = Log(args.log, budget)
    print(f"budget {budget:g} ms of CPU per decision (no wall-time cap), {args.games} games per line, "
          f"{args.processes} process(es)" + (f", log {args.log}" if args.log else ""), flush=True)
    pool = get_context("fork").Pool(args.processes) if args.processes > 1 else None
    try:
        for key in keys:
            engine = registry.get(key)
            for players in tables:
                if not engine.min_players <= players <= engine.max_players:
                    continue
                for a, b in pairs:
                    wanted = matches(key, players, a, b, args.games, args.seed)
                    todo = [] if args.report else [m for m in wanted if m not in log.done]
                    for result in pool.imap_unordered(play, todo) if pool else map(play, todo):
                        log.add(result)
                    done = [log.done[m] for m in wanted if m in log.done]
                    if done:
                        print(report(key, players, a, b, done), flush=True)
                    older = sum(1 for m in wanted if m in log.older)
                    if older:
                        print(f"{'':15}{older} of these games were logged on older code checked to play the same "
                              "(bench/same_play.py)", flush=True)
                    if done and args.paired and PRIOR not in (a, b) and a != b:
                        more = matches(key, players, PRIOR, b, args.paired, args.seed + args.games)
                        print(paired(a, done, more, pool.imap if pool else map), flush=True)
    finally:
        if pool:
            pool.close()
            pool.join()


if __name__ == "__main__":
    main()
