"""The 'greedy' AI: one move ahead, valuing its own and its left neighbour's Fishing Scores.

With 2 players it values its score minus the opponent's. It never leaves the next player able to
complete a Kingfish set when it can avoid it, and it prefers leaving the next player a good tile
(3-5 players: that player is its left neighbour) or a poor one (2 players).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from engines.core import Decision, clone
from engines.friendly import scoring
from engines.friendly.motion import kingfish_need, moves
from engines.friendly.tiles import BOARDS, COLOURS, TILE_KIND
from engines.search import Hints, win_chances

if TYPE_CHECKING:
    from engines.friendly.rules import FriendlyEngine, FriendlyState

WIN = 1_000_000.0
KINGFISH_THREAT = 100_000.0
PROSPECT = 0.5  # weight of the next player's best immediate gain
CHEAP = ("move", "dinker", "double", "fish-seat", "fish-take", "fish-give")


def greedy(engine: FriendlyEngine, state: FriendlyState, seat: int, rnd: random.Random) -> str:
    """The choice with the best value after it (ties broken by `rnd`)."""
    p = engine.pending(state)
    assert p is not None and p.seat == seat
    if len(p.options) == 1:
        return p.options[0][0]
    if p.kind in ("swap-a", "slide-from"):
        return _first_pick(engine, state, seat, p.options, rnd)
    best, ids = -float("inf"), []
    for cid, _ in p.options:
        if cid == "back":
            continue
        new, _ = engine.apply(state, seat, cid)
        v = _value(engine, new, seat, 1)
        if v > best + 1e-9:
            best, ids = v, [cid]
        elif abs(v - best) <= 1e-9:
            ids.append(cid)
    return rnd.choice(ids)


def _first_pick(engine: FriendlyEngine, state: FriendlyState, seat: int, options: list[tuple[str, str]],
                rnd: random.Random) -> str:
    """Swap 2 Tiles / Slide a Tile: try every whole action, then offer the step toward the best first tile."""
    board = BOARDS[state.side]
    second = "swap-b" if state.phase == "swap-a" else "slide-to"
    best, firsts = -float("inf"), []
    candidates = [c for c in engine.pending(state).cells if state.col < 0 or c % board.width == state.col]
    for a in candidates:
        trial = clone(state)
        trial.args, trial.phase, trial.col = [a], second, -1
        for b in engine.pending(trial).cells:
            if second == "swap-b" and b < a and b in candidates:
                continue  # the same swap was tried from b
            done = clone(trial)
            engine.play(done, seat, f"c-{board.name(b)}", engine.decisions(done)[0])
            v = _value(engine, done, seat, 99)
            ends = [c for c in (a, b) if c in candidates] if second == "swap-b" else [a]
            if v > best + 1e-9:
                best, firsts = v, ends
            elif abs(v - best) <= 1e-9:
                firsts += [c for c in ends if c not in firsts]
    a = rnd.choice(firsts)
    wanted = (f"c-{board.name(a)}", f"col-{board.name(a)[0]}")
    return next(cid for cid, _ in options if cid in wanted)


def _value(engine: FriendlyEngine, state: FriendlyState, seat: int, depth: int) -> float:
    """The value of a state for `seat`, following its own later steps of this turn while cheap."""
    if state.over:
        if state.winner >= 0:
            return WIN if state.winner == seat else -WIN
        return _team(state, seat)
    p = engine.pending(state)
    assert p is not None
    if p.seat == seat:
        limit = 4 if p.kind in CHEAP else 3
        if depth < limit and (p.kind in CHEAP or len(p.options) <= 8):
            return max(_value(engine, engine.apply(state, seat, cid)[0], seat, depth + 1)
                       for cid, _ in p.options if cid != "back")
        return _team(state, seat)
    value = _team(state, seat)
    if can_complete_kingfish(state, p.seat):
        value -= KINGFISH_THREAT
    gain = best_gain(state, p.seat)
    n = len(state.players)
    return value + PROSPECT * gain if n > 2 else value - PROSPECT * gain


def _team(state: FriendlyState, seat: int) -> float:
    """Own plus left neighbour's Fishing Score (3-5 players), or own minus the opponent's (2)."""
    f = scoring.fishing_scores(state.owned, state.double, state.specials)
    n = len(f)
    if n == 2:
        return f[seat] - f[1 - seat]
    return f[seat] + f[(seat + 1) % n]


def reachable(state: FriendlyState) -> set[int]:
    """Cells the player to act could collect this turn, following Dinkers left on the way."""
    seen: set[int] = set()
    todo = [state.boat]
    visited_from = set()
    while todo:
        pos = todo.pop()
        if pos in visited_from:
            continue
        visited_from.add(pos)
        for cell in moves(state, pos):
            seen.add(cell)
            if TILE_KIND[state.cells[cell]] == "D":
                todo.append(cell)
    return seen


def can_complete_kingfish(state: FriendlyState, seat: int) -> bool:
    """Whether `seat`, about to move, could collect its last needed Kingfish."""
    if "kingfish" not in state.specials:
        return False
    have = sum(1 for t in state.owned[seat] if TILE_KIND[t] == "K")
    if have + 1 < kingfish_need(len(state.players)):
        return False
    return any(TILE_KIND[state.cells[c]] == "K" for c in reachable(state))


def best_gain(state: FriendlyState, seat: int) -> float:
    """The most Fishing Score `seat` could add with one directly reachable tile (0 if none)."""
    tally = scoring.counts(state.owned[seat])
    crays = [sum(1 for t in tiles if TILE_KIND[t] == "C") for tiles in state.owned]
    kinds = {TILE_KIND[state.cells[c]] for c in moves(state, state.boat)}
    gains = [_gain(k, tally, crays, seat, state.double) for k in kinds]
    return max(gains, default=0.0)


def _gain(kind: str, tally: dict[str, int], crays: list[int], seat: int, double: str) -> float:
    """Roughly what collecting one tile of `kind` adds to a Fishing Score."""
    n = tally.get(kind, 0)
    if kind in COLOURS:
        return (scoring.COMMON_POINTS[n + 1] - scoring.COMMON_POINTS[n]) * (2 if kind == double else 1)
    if kind == "C":
        more = list(crays)
        more[seat] += 1
        return scoring.crayfish_points(more)[seat] - scoring.crayfish_points(crays)[seat]
    if kind == "H":
        return scoring.SHINER_POINTS[n + 1] - scoring.SHINER_POINTS[n]
    fixed = {"L": scoring.LUNKER if not n else 0, "D": scoring.DINKER, "S": scoring.SKIPJACK, "J": scoring.JUNK}
    return fixed.get(kind, 1.0)


def _evaluate(engine: FriendlyEngine, state: FriendlyState) -> list[float]:
    """Each seat's chance of winning from the final-score rule applied to the Fishing Scores so far."""
    f = scoring.fishing_scores(state.owned, state.double, state.specials)
    n = len(f)
    worth = [float(v) for v in f] if n == 2 else [float(f[s] + f[(s + 1) % n]) for s in range(n)]
    return win_chances(worth, EVAL_SCALE)


def _quick(engine: FriendlyEngine, state: FriendlyState, decision: Decision, rnd: random.Random) -> str:
    """The greedy choice, except a random first tile for Swap 2 Tiles / Slide a Tile (trying every whole
    action costs a hundred times more than a move)."""
    if decision.kind in ("swap-a", "slide-from"):
        return decision.choices[int(rnd.random() * len(decision.choices))].id
    return greedy(engine, state, decision.seat, rnd)


EVAL_SCALE = 4.0  # points of lead that make a win about three times as likely as a loss
HINTS = Hints(prior=_quick, playout=_quick, evaluate=_evaluate, horizon=4)
