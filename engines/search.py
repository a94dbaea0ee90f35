"""The search player ('hard'): information-set Monte Carlo tree search over the engine contract, for any game.

Each iteration deals a world with `engine.determinise(state, seat, rnd)` (so the true state is never read
beyond what that hands over) and walks one tree of the searching seat's information: a node is a decision
point, its edges are choice ids, and after an edge the next node is told apart by what the searcher could
observe of the next decision (its seat, kind and, when not someone else's secret, its choice ids); edges
not on offer in a world are skipped, and a choice's exploration term counts the worlds it was on offer in
(availability counts). Choices are picked by PUCT: the mean reward plus an exploration term that leans
toward the game's prior (its greedy player), and the answer is the prior's own choice unless another is
surely better (DEVIATE_Z standard errors of the mean reward), so a small budget plays at least as the prior
would. Every other seat's choice is played by that prior inside the walk (the opponent model), never
branched on, so the iterations go to the searcher's own choices; the tree follows what the searcher saw of
them (one seat's public choice), and a private choice or the rest of a simultaneous batch leaves the tree
where it was, so it neither sees a secret nor lets a seat react to a choice it could not have seen. Past
the tree a playout follows the game's playout policy for a few steps, then the game's evaluation (or the
final result) scores every seat in [0, 1]. Chance is whatever the dealt world's own RNG draws.

A game lends its knowledge through `HINTS` (a `Hints`) in `engines/<key>/ai.py`; without it the search uses
the `greedy` level as prior and opponent model, uniform random playouts and the final result.
"""

from __future__ import annotations

import importlib
import math
import os
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from engines.core import Decision, GameEngine, GameState

BUDGET_ENV = "FISHBOT_AI_BUDGET_MS"
DEFAULT_BUDGET_MS = 1000.0
EXPLORE = 1.5  # PUCT exploration constant, for rewards in [0, 1]
WALL_CAP = 1.2  # and after this many budgets of wall time, so a busy machine never keeps a player waiting longer
DEVIATE_Z = 1.0  # how surely better (in standard errors) a choice must look to be played over the prior's
SETTLE_EVERY = 16  # iterations between checks whether the answer is settled

Policy = Callable[[GameEngine, GameState, Decision, random.Random], str]
Evaluate = Callable[[GameEngine, GameState], list[float]]


@dataclass(frozen=True, slots=True)
class Hints:
    """What a game lends the search: a prior choice, a playout policy, a cut-off evaluation and its horizon."""

    prior: Policy | None = None  # the choice a good player would make (and the opponent model); None: greedy
    playout: Policy | None = None  # the playout policy; None: uniform random
    evaluate: Evaluate | None = None  # each seat's chance of winning from a state; None: play to the end
    horizon: int = 10_000  # playout choices before `evaluate` is asked
    lean: float = 0.5  # the prior's share of the exploration given to its own choice (the rest share the remainder)


def budget_seconds() -> float:
    """The budget per decision in seconds of one core's time: FISHBOT_AI_BUDGET_MS (milliseconds) or 1 s."""
    raw = os.environ.get(BUDGET_ENV, "").strip()
    try:
        ms = float(raw) if raw else DEFAULT_BUDGET_MS
    except ValueError:
        ms = DEFAULT_BUDGET_MS
    return max(ms, 1.0) / 1000.0


@cache
def hints_for(key: str) -> Hints:
    """The game's HINTS from engines/<key>/ai.py, or the defaults."""
    try:
        module = importlib.import_module(f"engines.{key}.ai")
    except ImportError:
        return Hints()
    return getattr(module, "HINTS", Hints())


def greedy_prior(engine: GameEngine, state: GameState, decision: Decision, rnd: random.Random) -> str:
    """The game's greedy player's choice."""
    return engine.ai_choice(state, decision, "greedy", rnd)


def prior_for(key: str) -> Policy:
    """The search's prior (and opponent model) for a game: its HINTS prior, or the greedy player."""
    return hints_for(key).prior or greedy_prior


def random_policy(engine: GameEngine, state: GameState, decision: Decision, rnd: random.Random) -> str:
    """A uniformly random choice."""
    choices = decision.choices
    return choices[int(rnd.random() * len(choices))].id


def final_rewards(engine: GameEngine, state: GameState) -> list[float]:
    """1 for a sole winner, shared among tied winners, 0 for everyone else."""
    result = engine.result(state)
    n = len(state.players)
    if result is None or not result.winners:
        return [1.0 / n] * n
    share = 1.0 / len(result.winners)
    return [share if s in result.winners else 0.0 for s in range(n)]


def win_chances(worth: list[float], scale: float) -> list[float]:
    """Each seat's chance of winning, from how far its worth stands above the best other's (logistic)."""
    out = []
    for s, mine in enumerate(worth):
        lead = mine - max(w for o, w in enumerate(worth) if o != s)
        out.append(1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, lead / scale)))))
    return out


class Node:
    """A decision point of the searcher's tree: per-choice statistics and the nodes that follow."""

    __slots__ = ("stats", "after", "prior")

    def __init__(self) -> None:
        self.stats: dict[str, list[float]] = {}  # choice id -> [visits, total reward, availability, total square]
        self.after: dict[tuple, Node] = {}  # (choice id, what the searcher sees next) -> node
        self.prior: str | None = None  # the prior's choice, from the first world that reached this node

    def child(self, cid: str, pending: list[Decision], observer: int) -> Node:
        """The node after choice `cid`, told apart by what the observer sees of the next decision."""
        key = (cid, _signature(pending[0] if pending else None, observer))
        nxt = self.after.get(key)
        if nxt is None:
            nxt = self.after[key] = Node()
        return nxt

    def select(self, decision: Decision, lean: float) -> str:
        """The choice with the best PUCT score: its mean reward (the node's mean while untried) plus an
        exploration term shared out by the prior, which gives `lean` to its own choice and the rest evenly."""
        stats = self.stats
        ids = [c.id for c in decision.choices]
        visits_all = total_all = 0.0
        for cid in ids:
            entry = stats.get(cid)
            if entry is None:
                entry = stats[cid] = [0.0, 0.0, 0.0, 0.0]
            entry[2] += 1.0
            visits_all += entry[0]
            total_all += entry[1]
        untried = total_all / visits_all if visits_all else 0.5
        prior = self.prior if self.prior in stats else None
        rest = (1.0 - lean) / (len(ids) - 1) if prior is not None and len(ids) > 1 else 1.0 / len(ids)
        best, best_score = ids[0], -math.inf
        for cid in ids:
            visits, total, avail, _ = stats[cid]
            share = lean if cid == prior else rest
            mean = total / visits if visits else untried
            score = mean + EXPLORE * share * math.sqrt(avail) / (1.0 + visits)
            if score > best_score:
                best, best_score = cid, score
        return best


def _signature(decision: Decision | None, observer: int) -> tuple:
    """What the observer can tell about the next decision: its seat and kind, and its choices unless secret."""
    if decision is None:
        return ()
    if decision.private and decision.seat != observer:
        return (decision.seat, decision.kind)
    return (decision.seat, decision.kind, *[c.id for c in decision.choices])


class Search:
    """One decision's search: the tree, the game's hints and the worlds dealt so far."""

    def __init__(self, engine: GameEngine, state: GameState, decision: Decision, rnd: random.Random) -> None:
        self.engine = engine
        self.state = state
        self.seat = decision.seat
        self.rnd = rnd
        hints = hints_for(engine.key)
        self.hints = hints
        self.prior = prior_for(engine.key)
        self.policy = hints.playout or random_policy
        self.evaluate = hints.evaluate
        self.root = Node()
        self.iterations = 0
        self.deadline: tuple[float, float] | None = None  # (thread CPU time, wall time) to stop at

    def run(self, budget: float, max_iterations: int | None = None) -> str:
        """Iterate until `budget` seconds of this thread's CPU (or WALL_CAP budgets of wall time on a busy
        machine) or `max_iterations` are spent, or the answer is settled; an iteration the budget ends
        midway is dropped."""
        cpu_start, wall_start = time.thread_time(), time.perf_counter()
        timed = max_iterations is None
        self.deadline = (cpu_start + budget, wall_start + WALL_CAP * budget) if timed else None
        limit = 1 << 30 if timed else max_iterations
        while self.iterations < limit:
            if not self.iterate():
                break
            self.iterations += 1
            if self.iterations % SETTLE_EVERY:
                continue
            left = limit - self.iterations
            if timed:
                spent = time.thread_time() - cpu_start
                left = (budget - spent) * self.iterations / max(spent, 1e-9)
            if self._settled(left):
                break
        return self.best()

    def _late(self) -> bool:
        """True once the time budget is spent."""
        deadline = self.deadline
        return deadline is not None and (time.thread_time() >= deadline[0] or time.perf_counter() >= deadline[1])

    def _settled(self, remaining: float) -> bool:
        """True when no other choice could overtake the most visited one in the iterations left, and that one
        is the answer (not waiting to be shown surely better than the prior's)."""
        stats = self.root.stats
        visits = sorted((s[0] for s in stats.values()), reverse=True)
        return len(visits) > 1 and visits[0] - visits[1] > remaining and stats[self.best()][0] == visits[0]

    def best(self) -> str:
        """The most visited root choice (among equals the prior's, then the better mean); but the prior's own
        choice unless that one's mean reward is surely better (by DEVIATE_Z standard errors): with few worlds
        dealt, a lead is mostly luck, and the prior is a good player."""
        stats, prior = self.root.stats, self.root.prior
        best = max(stats, key=lambda cid: (stats[cid][0], cid == prior, stats[cid][1] / max(stats[cid][0], 1.0)))
        if prior is None or prior == best or prior not in stats or not stats[prior][0]:
            return best
        (n_b, t_b, _, q_b), (n_p, t_p, _, q_p) = stats[best], stats[prior]
        mean_b, mean_p = t_b / n_b, t_p / n_p
        spread = math.sqrt(max(q_b / n_b - mean_b ** 2, 0.0) / n_b + max(q_p / n_p - mean_p ** 2, 0.0) / n_p)
        return best if mean_b - mean_p > DEVIATE_Z * spread else prior

    def deal(self) -> GameState:
        """A world consistent with what the searching seat has seen (the engine's determinisation)."""
        return self.engine.determinise(self.state, self.seat, self.rnd)

    def iterate(self) -> bool:
        """One world: descend the tree, add one node, play out, back the rewards up; False when out of time."""
        engine, seat, rnd = self.engine, self.seat, self.rnd
        world = self.deal()
        node: Node | None = self.root
        path: list[tuple[Node, int, str]] = []
        steps = 0
        pending = engine.decisions(world)
        while pending:
            if self.iterations and self._late():
                return False  # the first iteration always finishes, so there is an answer
            decision, branch, seen = self._next(pending, node is not None)
            if node is not None and branch:
                if node.prior is None:
                    node.prior = self.prior(engine, world, decision, rnd)
                cid = node.select(decision, self.hints.lean)
                path.append((node, decision.seat, cid))
                fresh = node.stats[cid][0] == 0.0
                world, _ = engine.apply_to(world, decision, cid)
                pending = engine.decisions(world)
                node = None if fresh else node.child(cid, pending, seat)  # fresh: expanded, the playout starts here
                continue
            if node is not None:
                cid = self.prior(engine, world, decision, rnd)
                if seen:  # the tree follows what the searcher saw of it
                    world, _ = engine.apply_to(world, decision, cid)
                    pending = engine.decisions(world)
                    node = node.child(cid, pending, seat)
                    continue
            else:
                if steps >= self.hints.horizon and self.evaluate is not None:
                    break
                steps += 1
                cid = self.policy(engine, world, decision, rnd)
            world, _ = engine.apply_to(world, decision, cid)
            pending = engine.decisions(world)
        rewards = final_rewards(engine, world) if not pending or self.evaluate is None else \
            self.evaluate(engine, world)
        for at, actor, cid in path:
            entry = at.stats[cid]
            reward = rewards[actor]
            entry[0] += 1.0
            entry[1] += reward
            entry[3] += reward * reward
        return True

    def _next(self, pending: list[Decision], in_tree: bool) -> tuple[Decision, bool, bool]:
        """The decision to play next, whether the tree branches on it, and whether the searcher sees its choice
        (one seat's public decision, or its own)."""
        if len(pending) == 1:
            decision = pending[0]
            own = decision.seat == self.seat
            return decision, in_tree and own, own or not decision.private
        for decision in pending:
            if decision.seat == self.seat:
                return decision, in_tree, True
        return pending[int(self.rnd.random() * len(pending))], False, False


def search_choice(engine: GameEngine, state: GameState, decision: Decision, rnd: random.Random,
                  budget: float | None = None, max_iterations: int | None = None) -> str:
    """The search player's answer to `decision` within `budget` seconds (default: budget_seconds())."""
    if len(decision.choices) == 1:
        return decision.choices[0].id
    search = Search(engine, state, decision, rnd)
    return search.run(budget_seconds() if budget is None else budget, max_iterations)
