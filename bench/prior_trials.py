"""Prior variants against `greedy` on paired seeds: would a change to a game's prior win more games?

The search's prior is what `hard` stands on (in Push Fish it plays nearly every choice), so a stronger prior
is the cheapest lever to try. A variant here replaces the prior in this process only: nothing in engines/
changes, so no logged arena game is voided. The prior as it is and the variant play the same seeds against
`greedy` (the prior's seat rotated, as in the arena), and a game's chance follows its seed alone, so the luck
of the seeds cancels out of the variant's lead over the prior, game for game. It prints both shares, the lead
with its standard error, and how many games the variant changed.

    python bench/prior_trials.py --list
    python bench/prior_trials.py --game pushfish --variant end-margin=off --players 2 --games 4000 --processes 2
    python bench/prior_trials.py --game thisbig --variant lunker=0.4 --players 2 --games 10000 --processes 2
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections.abc import Callable
from dataclasses import replace
from multiprocessing import get_context
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.arena import PRIOR, matches, play  # noqa: E402
from engines import search  # noqa: E402
from engines.core import Decision, GameEngine, GameState  # noqa: E402
from engines.pushfish import ai as pushfish_ai  # noqa: E402
from engines.pushfish import sim  # noqa: E402
from engines.pushfish.state import FACE_DOWN  # noqa: E402
from engines.thisbig import ai as thisbig_ai  # noqa: E402
from engines.thisbig.answers import careful_answer, legal_answers  # noqa: E402
from engines.thisbig.cards import FACE_CARDS, LUNKER, size  # noqa: E402
from engines.thisbig.state import ThisBigView  # noqa: E402

Policy = search.Policy


# ---- This Big! ---------------------------------------------------------------------------------------------
PRIOR_SPREAD = 0.1  # the prior's cast score: the best answering seat's value plus this times the sum (ai._cast)


def _spread(values: list[float], weight: float = PRIOR_SPREAD) -> float:
    """A cast's score from each answering seat's value: the best plus `weight` times the sum."""
    return max(values) + weight * sum(values)


class Cast(NamedTuple):
    """A lure on offer as its caster sees it: the view, the cards it has not seen, the lure (its face and colour),
    and what each other seat is expected to hold for it (the prior's estimate)."""

    view: ThisBigView
    pool: list[int]
    face: str
    lure: int
    values: list[float]

    @property
    def plain(self) -> float:
        """The prior's own score for this cast."""
        return _spread(self.values)


def _thisbig_cast(score: Callable[[Cast], tuple[float, ...]]) -> Policy:
    """The prior, but its casts rank lures by `score(cast)`."""
    prior = search.prior_for("thisbig")

    def policy(engine: GameEngine, state: GameState, decision: Decision, rnd: random.Random) -> str:
        if decision.kind != "cast" or len(decision.choices) == 1:
            return prior(engine, state, decision, rnd)
        view = engine.view(state, decision.seat)
        pool = thisbig_ai.unseen(view)
        others = [s for s in range(len(view.players)) if s != view.seat]

        def cast(cid: str) -> Cast:
            lure = thisbig_ai._lure(cid)
            return Cast(view, pool, cid, lure, [thisbig_ai._colour_value(view, pool, s, lure) for s in others])
        return max((c.id for c in decision.choices), key=lambda cid: (score(cast(cid)), rnd.random()))
    return policy


def thisbig_endgame(arg: str) -> Policy:
    """`endgame`: once one catch could win, cast the lure likeliest to bring a fish that big.

    The prior's own score breaks ties, and decides every other cast."""
    def score(cast: Cast) -> tuple[float, float]:
        view, pool, lure = cast.view, cast.pool, cast.lure
        need = view.target - view.points[view.seat]
        if not 0 < need <= 5:
            return 0.0, cast.plain
        chances = []
        for s in range(len(view.players)):
            if s == view.seat:
                continue
            if any(size(c) >= need for c in thisbig_ai._known_fish(view, s, lure)):
                chances.append(1.0)
            elif lure != LUNKER and thisbig_ai.COLOURS[lure] in view.lacks[s]:
                chances.append(0.0)
            else:
                big = sum(1 for c in pool if c < 32 and (lure == LUNKER or c >> 3 == lure) and size(c) >= need)
                chances.append(thisbig_ai._p_any(pool, big, thisbig_ai._unknown_count(view, s)))
        return _spread(chances), cast.plain
    return _thisbig_cast(score)


def thisbig_lunker(arg: str) -> Policy:
    """`lunker=F` or `lunker=F@P`: the Lunker's cast score times F (while the caster has at most P points)."""
    factor, _, most = arg.partition("@")
    f, limit = float(factor), int(most) if most else 1 << 30

    def score(cast: Cast) -> tuple[float]:
        early = cast.view.points[cast.view.seat] <= limit
        return (cast.plain * f if early and cast.lure == LUNKER else cast.plain,)
    return _thisbig_cast(score)


def _careful_catch(hand: list[int], lure: int) -> float:
    """The mean points a two-player caster catches (one card picked at random) when `hand` answers the lure
    carefully (the engine's legal answers, the greedy player's choice among them)."""
    answer = careful_answer(legal_answers(tuple(sorted(hand)), lure, True))
    if answer == "pass":
        return 0.0
    cards = [FACE_CARDS[face][0] for face in answer.split("-")]
    return sum(size(c) if c < 32 else 0 for c in cards) / len(cards)


def thisbig_careful2(arg: str) -> Policy:
    """`careful2=N`: two players, a colour cast valued by the careful answer over N hands drawn from the unseen."""
    samples = int(arg or 64)

    def score(cast: Cast) -> tuple[float]:
        view, pool, lure = cast.view, cast.pool, cast.lure
        if len(view.players) != 2 or lure == LUNKER:
            return (cast.plain,)
        opp = 1 - view.seat
        if thisbig_ai.COLOURS[lure] in view.lacks[opp]:
            return (0.0,)
        known = [thisbig_ai.card_of(f) for f in view.known[opp]]
        draws = min(thisbig_ai._unknown_count(view, opp), len(pool))
        rnd = random.Random(len(pool) * 31 + lure)  # its own stream: the game's randomness is left as it was
        mean = sum(_careful_catch(known + rnd.sample(pool, draws), lure) for _ in range(samples)) / samples
        return (_spread([mean]),)  # scaled as the prior scores the Lunker it is weighed against
    return _thisbig_cast(score)


def thisbig_spread(arg: str) -> Policy:
    """`spread=W`: a cast scores the best answering seat's value plus W (the prior has 0.1) times the sum."""
    weight = float(arg)
    return _thisbig_cast(lambda cast: (_spread(cast.values, weight),))


def _kept(cast: Cast) -> list[str]:
    """The caster's lures left in hand once this lure is cast."""
    kept = list(cast.view.lures)
    kept.remove(cast.face)
    return kept


def thisbig_kinds(arg: str) -> Policy:
    """`kinds=D`: a cast scores the prior's score plus D times the kinds of lure it leaves in hand."""
    weight = float(arg)
    return _thisbig_cast(lambda cast: (cast.plain + weight * len(set(_kept(cast))),))


def _thisbig_paired(kind: str, two_players: bool, doc: str) -> Callable[[str], Policy]:
    """A variant (`NAME=N`) whose `kind` decisions, at two-player tables or at 3+-player ones as `two_players`
    says, are chosen by N paired worlds (the engine's one-step chooser, ai.paired_choice); the worlds draw from a
    stream of their own, so the game's randomness is left as it was."""
    def make(arg: str) -> Policy:
        worlds = int(arg or 100)
        prior = search.prior_for("thisbig")

        def policy(engine: GameEngine, state: GameState, decision: Decision, rnd: random.Random) -> str:
            if decision.kind != kind or len(decision.choices) == 1 or (len(state.players) == 2) != two_players:
                return prior(engine, state, decision, rnd)
            own = random.Random(repr((decision.seat, state.cast, state.hands[decision.seat], len(state.river),
                                      state.buckets)))
            return thisbig_ai.paired_choice(engine, state, decision, own, math.inf, max_worlds=worlds)
        return policy
    make.__doc__ = doc
    return make


thisbig_answers = _thisbig_paired("answer", False, "`answers=N`: with 3+ players, an answer chosen by N paired worlds.")
thisbig_casts = _thisbig_paired("cast", True, "`casts=N`: with two players, a cast chosen by N paired worlds (as `hard`).")


# ---- Push Fish ---------------------------------------------------------------------------------------------
def pushfish_end_margin(arg: str) -> Policy:
    """`end-margin=M` or `end-margin=off`: the prior with Style.end_margin M (it has 0), or None (not counted)."""
    style = replace(pushfish_ai.PRIOR, end_margin=None if arg == "off" else float(arg))

    def policy(engine: GameEngine, state: GameState, decision: Decision, rnd: random.Random) -> str:
        return pushfish_ai.greedy_choice(engine, state, decision.seat, style)
    return policy


def pushfish_idle_casts(arg: str) -> Policy:
    """`idle-casts=off` or `idle-casts=X`: after a HIT, when no cast could bring more than the best HIT the prior
    keeps (it casts on anyway: at two players at the first target among equals, at three or more as `down`):
    `off` fights at once; `down` casts at the face-down space likeliest to be hit (the prior's `reveal_from` at
    every table), `up` at the face-up one (the first target when there is none)."""
    if arg == "down":
        style = replace(pushfish_ai.PRIOR, reveal_from=2)
        return lambda engine, state, decision, rnd: pushfish_ai.greedy_choice(engine, state, decision.seat, style)

    def policy(engine: GameEngine, state: GameState, decision: Decision, rnd: random.Random) -> str:
        choice = pushfish_ai.greedy_choice(engine, state, decision.seat, pushfish_ai.PRIOR)
        if not choice.startswith("recast" if arg == "off" else "cast"):
            return choice
        view = engine.view(state, decision.seat)
        mind = pushfish_ai.Mind(view, decision.seat, pushfish_ai.PRIOR)
        if not mind.idle():
            return choice
        ids = [c.id for c in decision.choices]
        if arg == "off":
            return mind.fight_or_recast([i for i in ids if i != "recast"])  # the best fight
        return mind.likeliest_cast(ids, face_down=False) or choice
    return policy


def pushfish_reveal(arg: str) -> Policy:
    """`reveal=W`: a cast scores its expected points plus W times its chance of hitting a face-down card (which a
    HIT turns face up); the prior has W = 0."""
    weight = float(arg)

    def policy(engine: GameEngine, state: GameState, decision: Decision, rnd: random.Random) -> str:
        choice = pushfish_ai.greedy_choice(engine, state, decision.seat, pushfish_ai.PRIOR)
        if not choice.startswith("cast"):
            return choice
        view = engine.view(state, decision.seat)
        mind = pushfish_ai.Mind(view, decision.seat, pushfish_ai.PRIOR)
        floor = mind.kept()

        def score(cid: str) -> float:
            t = pushfish_ai.parse_pos(cid[5:])
            hidden = sum(sim.p_land(t, p, view.calm, mind.hard) for p in pushfish_ai._around(t)
                         if view.ground[p] == FACE_DOWN)
            return mind.cast_ev(t, floor) + weight * hidden
        return max((c.id for c in decision.choices if c.id.startswith("cast")), key=score)
    return policy


VARIANTS: dict[tuple[str, str], Callable[[str], Policy]] = {
    ("thisbig", "endgame"): thisbig_endgame,
    ("thisbig", "lunker"): thisbig_lunker,
    ("thisbig", "careful2"): thisbig_careful2,
    ("thisbig", "spread"): thisbig_spread,
    ("thisbig", "kinds"): thisbig_kinds,
    ("thisbig", "answers"): thisbig_answers,
    ("thisbig", "casts"): thisbig_casts,
    ("pushfish", "end-margin"): pushfish_end_margin,
    ("pushfish", "idle-casts"): pushfish_idle_casts,
    ("pushfish", "reveal"): pushfish_reveal,
}
_ORIGINAL_PRIOR_FOR = search.prior_for  # put back after a run in this process


def _use(key: str, variant: str) -> None:
    """Put the variant in the place of `key`'s prior in this process (a pool worker's initializer)."""
    if not variant:
        return
    name, _, arg = variant.partition("=")
    policy = VARIANTS[key, name](arg)
    search.prior_for = lambda k: policy if k == key else _ORIGINAL_PRIOR_FOR(k)


def _shares(key: str, variant: str, games: list, processes: int) -> list[float]:
    """The prior seat's share of each game, the prior replaced by `variant` ('' for none)."""
    if processes <= 1:
        _use(key, variant)
        try:
            return [share for _, share, _ in map(play, games)]
        finally:
            search.prior_for = _ORIGINAL_PRIOR_FOR
    with get_context("fork").Pool(processes, initializer=_use, initargs=(key, variant)) as pool:
        return [share for _, share, _ in pool.map(play, games, chunksize=20)]


def main() -> None:
    """Parse options, play the prior and the variant on the same seeds, print the paired comparison."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="pushfish")
    parser.add_argument("--variant", default="", help="NAME or NAME=ARG (see --list)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=900000)
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--list", action="store_true", help="list the variants and stop")
    args = parser.parse_args()
    if args.list or not args.variant:
        for (key, name), make in VARIANTS.items():
            print(f"{key:9} {name:10} {make.__doc__.splitlines()[0]}")
        return
    if (args.game, args.variant.partition("=")[0]) not in VARIANTS:
        parser.error(f"no variant {args.variant!r} for {args.game} (see --list)")
    games = matches(args.game, args.players, PRIOR, "greedy", args.games, args.seed)
    base = _shares(args.game, "", games, args.processes)
    trial = _shares(args.game, args.variant, games, args.processes)
    n = len(games)
    leads = [t - b for t, b in zip(trial, base, strict=True)]
    lead = sum(leads) / n
    spread = math.sqrt(sum((x - lead) ** 2 for x in leads) / max(n - 1, 1) / n)
    print(f"{args.game} {args.players}p, {n} games from seed {args.seed}, against greedy: prior {sum(base) / n:.2%}, "
          f"{args.variant} {sum(trial) / n:.2%}; lead {lead * 100:+.2f} ±{spread * 100:.2f} points (standard "
          f"error), {sum(1 for x in leads if x)} games differ")


if __name__ == "__main__":
    main()
