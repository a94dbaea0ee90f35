"""The search player ('hard'): it never reads what its seat may not see, answers legally within its budget,
and beats the random player; the levels map as players are told."""

from __future__ import annotations

import gc
import json
import random
import time

import pytest

from engines import registry
from engines import search as search_module
from engines.core import AI_LEVELS, ai_level, clone
from engines.search import BUDGET_ENV, Search, budget_seconds, search_choice
from tests.bench_helpers import load_bench

GAMES = registry.keys()


def random_points(key: str, players: int | None, count: int, seed: int):
    """`count` (state, decision) pairs at random points of random games with a choice to make
    (`players` seats, or 2 to 4 in turn)."""
    engine = registry.get(key)
    rnd = random.Random(seed)
    found = []
    game = 0
    while len(found) < count:
        seats = players or 2 + game % 3
        state = engine.new_game([f"P{i}" for i in range(seats)], None, seed * 100 + game)
        stop = rnd.randrange(1, 60)
        game += 1
        while pending := engine.decisions(state):
            decision = pending[int(rnd.random() * len(pending))]
            if state.step >= stop and len(decision.choices) > 1:
                found.append((state, decision))
                break
            state, _ = engine.apply_to(state, decision, engine.ai_choice(state, decision, "normal", rnd))
    return found


@pytest.mark.parametrize("key", GAMES)
def test_a_dealt_world_depends_only_on_what_the_seat_has_seen(key):
    """What the search relies on: determinise gives the same world from any state the seat cannot tell apart."""
    engine = registry.get(key)
    for i, (state, decision) in enumerate(random_points(key, None, 20, seed=13)):
        other = engine.determinise(state, decision.seat, random.Random(1000 + i))
        dealt = engine.determinise(state, decision.seat, random.Random(i))
        assert engine.dump(engine.determinise(other, decision.seat, random.Random(i))) == engine.dump(dealt)


@pytest.mark.parametrize("key", GAMES)
def test_search_never_reads_what_its_seat_may_not_see(key):
    """Two states that differ only in what the seat may not see, the same seed: the same choice."""
    engine = registry.get(key)
    differed = 0
    for i, (state, decision) in enumerate(random_points(key, None, 6, seed=7)):
        other = engine.determinise(state, decision.seat, random.Random(i))
        differed += engine.dump(other) != engine.dump(state)
        mine = search_choice(engine, state, decision, random.Random(i), max_iterations=24)
        pair = next(d for d in engine.decisions(other) if d.seat == decision.seat)
        assert search_choice(engine, other, pair, random.Random(i), max_iterations=24) == mine
    assert differed  # the pairs did differ (at least in the RNG's future)


def test_a_search_reading_the_true_state_would_be_caught(monkeypatch):
    """The check above can fail: a search whose worlds keep the true hands (This Big!) answers differently."""
    engine = registry.get("thisbig")
    points = random_points("thisbig", 3, 30, seed=3)
    others = [engine.determinise(s, d.seat, random.Random(i)) for i, (s, d) in enumerate(points)]
    honest = [search_choice(engine, o, d, random.Random(i), max_iterations=40)
              for i, (o, (_, d)) in enumerate(zip(others, points, strict=True))]

    def peek(self, state, seat, rnd):
        new = clone(state)
        new.rng = type(state.rng).from_seed(rnd.getrandbits(64))
        return new  # every hand as it truly lies: what a cheat would see

    monkeypatch.setattr(type(engine), "determinise", peek)
    cheats = [search_choice(engine, o, d, random.Random(i), max_iterations=40)
              for i, (o, (_, d)) in enumerate(zip(others, points, strict=True))]
    assert cheats != honest


@pytest.mark.parametrize("key", GAMES)
def test_search_answers_legally_within_its_budget_plus_a_fifth(key, monkeypatch):
    """At many random points, with a small budget: a choice on offer, within budget + 20 % of one core's time."""
    monkeypatch.setenv(BUDGET_ENV, "150")  # large enough that one playout is well inside the 20 % margin
    engine = registry.get(key)
    budget = budget_seconds()
    for i, (state, decision) in enumerate(random_points(key, None, 5, seed=11)):
        gc.collect()  # a full collection of the heap earlier tests left (in this thread's time) is not the search's
        cpu = time.thread_time()
        choice = engine.ai_choice(state, decision, "hard", random.Random(i))
        spent = time.thread_time() - cpu
        assert decision.choice(choice) is not None
        assert spent <= budget * 1.2, f"{key}: {spent * 1e3:.1f} ms for a {budget * 1e3:.0f} ms budget"


# game: (players, games, search iterations per decision, hard's share needed); fair shares are 1/2 and 1/3
ARENA = {"wishes": (2, 2, 8, 1.0), "friendly": (2, 4, 8, 0.75), "pushfish": (2, 4, 4, 0.75), "thisbig": (3, 40, 8, 0.42)}


@pytest.mark.parametrize("key", GAMES)
def test_short_arena_hard_beats_random(key):
    """Seats rotated, a small fixed search (so the run is the same on any machine): hard wins well above
    its fair share against random (This Big!, the luckiest game, over more and shorter games)."""
    engine = registry.get(key)
    players, games, iterations, needed = ARENA[key]
    wins = 0.0
    for game in range(games):
        hard = game % players
        state = engine.new_game([f"P{i}" for i in range(players)], None, 900 + game)
        rnd = random.Random(game)
        while pending := engine.decisions(state):
            decision = pending[int(rnd.random() * len(pending))]
            if decision.seat == hard:
                choice = search_choice(engine, state, decision, rnd, max_iterations=iterations)
            else:
                choice = engine.ai_choice(state, decision, "random", rnd)
            state, _ = engine.apply_to(state, decision, choice)
        winners = engine.result(state).winners
        wins += (hard in winners) / len(winners)
    assert wins / games >= needed, f"{key}: hard won {wins} of {games}"


def test_levels_players_understand_with_the_old_names_accepted():
    assert AI_LEVELS == ("easy", "normal", "hard")
    assert [ai_level(n) for n in ("easy", "Normal", "hard", "greedy", "random")] == \
        ["easy", "normal", "hard", "normal", "random"]
    with pytest.raises(ValueError, match="easy, normal, hard"):
        ai_level("expert")
    for key in GAMES:
        assert registry.get(key).ai_levels == AI_LEVELS


def test_greedy_and_normal_are_the_same_player_and_easy_differs_sometimes():
    engine = registry.get("wishes")
    points = random_points("wishes", 3, 30, seed=5)
    same = [engine.ai_choice(s, d, "greedy", random.Random(1)) == engine.ai_choice(s, d, "normal", random.Random(1))
            for s, d in points]
    easy = [engine.ai_choice(s, d, "easy", random.Random(i)) == engine.ai_choice(s, d, "normal", random.Random(i))
            for i, (s, d) in enumerate(points)]
    assert all(same) and not all(easy)


def test_easy_sits_between_random_and_normal_in_wishes():
    """The ladder a player picks from (docs/ai-findings.md, "The levels below hard"): in Wishes, easy loses most
    games to normal and wins most against random (ten two-player games each, seats rotated)."""
    engine = registry.get("wishes")

    def share(level: str, against: str) -> float:
        wins = 0.0
        for game in range(10):
            state = engine.new_game(["P0", "P1"], None, 300 + game)
            rnd = random.Random(game)
            while pending := engine.decisions(state):
                d = pending[0]
                state, _ = engine.apply_to(state, d, engine.ai_choice(
                    state, d, level if d.seat == game % 2 else against, rnd))
            winners = engine.result(state).winners
            wins += (game % 2 in winners) / len(winners)
        return wins / 10

    assert share("easy", "normal") <= 0.3 and share("easy", "random") >= 0.7  # 0.0 and 1.0 when written


def test_budget_comes_from_the_environment(monkeypatch):
    monkeypatch.delenv(BUDGET_ENV, raising=False)
    assert budget_seconds() == 1.0
    monkeypatch.setenv(BUDGET_ENV, "250")
    assert budget_seconds() == 0.25


def test_a_lone_choice_is_answered_without_searching():
    engine = registry.get("wishes")
    state, decision = random_points("wishes", 2, 1, seed=1)[0]
    lone = type(decision)(seat=decision.seat, prompt="", choices=decision.choices[:1])
    start = time.perf_counter()
    assert search_choice(engine, state, lone, random.Random(0)) == lone.choices[0].id
    assert time.perf_counter() - start < 0.01


def test_with_several_seats_to_answer_the_search_branches_only_on_its_own_answer():
    """This Big! answers are simultaneous: the tree's root holds the searcher's answers, never another's."""
    engine = registry.get("thisbig")
    rnd = random.Random(4)
    checked = 0
    for game in range(20):
        state = engine.new_game(["A", "B", "C"], None, 300 + game)
        while (pending := engine.decisions(state)) and checked < 6:
            if len(pending) > 1:
                decision = pending[-1]
                search = Search(engine, state, decision, random.Random(game))
                choice = search.run(10.0, max_iterations=20)
                assert set(search.root.stats) == {c.id for c in decision.choices} and decision.choice(choice)
                checked += 1
            d = pending[0]
            state, _ = engine.apply_to(state, d, engine.ai_choice(state, d, "random", rnd))
    assert checked == 6



@pytest.mark.parametrize("key", GAMES)
def test_the_tree_branches_only_on_the_searchers_own_choices(key, monkeypatch):
    """Other seats are played by the prior (the opponent model): every choice the tree selects is the
    searcher's own, so the whole budget goes to its own decisions."""
    seats_selected: list[int] = []
    select = search_module.Node.select

    def watched(node, decision, lean):
        seats_selected.append(decision.seat)
        return select(node, decision, lean)

    monkeypatch.setattr(search_module.Node, "select", watched)
    engine = registry.get(key)
    for state, decision in random_points(key, 3, 4, 21):
        seats_selected.clear()
        Search(engine, state, decision, random.Random(1)).run(10.0, max_iterations=60)
        assert seats_selected and set(seats_selected) == {decision.seat}


def test_the_answer_is_the_priors_unless_another_choice_is_surely_better():
    """A lead in mean reward over few worlds is mostly luck: the prior's choice stands unless another's mean is
    DEVIATE_Z standard errors above it."""
    engine = registry.get("wishes")
    state, decision = random_points("wishes", 2, 1, 3)[0]
    search = Search(engine, state, decision, random.Random(1))
    search.root.prior = "p"

    def stats(visits: int, rewards: list[float]) -> list[float]:
        n = len(rewards)
        per = [rewards[i % n] for i in range(visits)]
        return [float(visits), sum(per), float(visits), sum(r * r for r in per)]

    search.root.stats = {"p": stats(10, [0.0, 1.0]), "x": stats(12, [0.0, 1.0, 1.0])}  # 0.50 vs 0.67, noisy
    assert search.best() == "p"
    search.root.stats = {"p": stats(10, [0.4, 0.5]), "x": stats(12, [0.8, 0.9])}  # 0.45 vs 0.85, steady
    assert search.best() == "x"
    search.root.stats = {"p": stats(12, [0.4, 0.5]), "x": stats(10, [0.8, 0.9])}  # the prior most visited
    assert search.best() == "p"


def test_the_stakes_bench_values_choices_on_the_true_hands_with_only_the_decks_reshuffled():
    """bench/ai_stakes.py's true values keep every hand and reorder only the decks; its honest choice is a legal
    one found from dealt worlds."""
    stakes = load_bench("ai_stakes").Stakes("thisbig")
    state, decision = random_points("thisbig", 2, 1, 21)[0]
    engine, seen = stakes.engine, []

    class Watched:
        """The engine, noting each world a choice is applied to."""

        def __getattr__(self, name):
            return getattr(engine, name)

        def apply_to(self, world, d, cid):
            seen.append(world)
            return engine.apply_to(world, d, cid)

    stakes.engine = Watched()
    stakes.rollout = lambda world, seat, rnd: 0.5
    values = stakes.true_values(state, decision, [1, 2, 3])
    assert set(values) == {c.id for c in decision.choices} and len(seen) == 3 * len(values)
    assert all(w.hands == state.hands and sorted(w.river) == sorted(state.river) for w in seen)
    assert any(w.river != state.river for w in seen)
    stakes.engine = engine
    assert stakes.honest_best(state, decision, 3, random.Random(4)) in [c.id for c in decision.choices]


def test_the_arenas_oracle_searches_the_true_state_and_the_search_player_a_dealt_one():
    """The arena's ceiling (`oracle`) differs from `hard` only in the worlds it searches: the true state with a
    fresh RNG, where the search player deals what its seat has not seen anew."""
    arena = load_bench("arena")
    engine = registry.get("thisbig")
    state, decision = random_points("thisbig", 4, 1, 11)[0]
    oracle = arena.OracleSearch(engine, state, decision, random.Random(2)).deal()
    assert oracle.hands == state.hands and oracle.river == state.river and oracle.rng != state.rng
    honest = Search(engine, state, decision, random.Random(2))
    others = [s for s in range(4) if s != decision.seat]
    assert any([w.hands[s] for s in others] != [state.hands[s] for s in others]
               for w in (honest.deal() for _ in range(20)))
    assert arena.choose(engine, state, decision, arena.ORACLE, random.Random(3)) in [c.id for c in decision.choices]


def test_the_arenas_prior_level_is_the_search_prior_played_without_search():
    """`prior` plays the game's prior: Push Fish's own style, elsewhere the greedy player."""
    from engines.pushfish.ai import GREEDY, PRIOR, greedy_choice

    arena = load_bench("arena")
    engine = registry.get("pushfish")
    points = random_points("pushfish", 2, 30, 12)
    for state, decision in points:
        mine = arena.choose(engine, state, decision, arena.PRIOR, random.Random(1))
        assert mine == greedy_choice(engine, state, decision.seat, PRIOR)
    assert any(greedy_choice(engine, s, d.seat, PRIOR) != greedy_choice(engine, s, d.seat, GREEDY) for s, d in points)
    wishes = registry.get("wishes")
    for state, decision in random_points("wishes", 2, 5, 13):
        assert arena.choose(wishes, state, decision, arena.PRIOR, random.Random(4)) == \
            wishes.ai_choice(state, decision, "greedy", random.Random(4))


def test_the_arenas_log_resumes_a_run_and_counts_only_games_of_the_same_code_and_budget(tmp_path, monkeypatch, capsys):
    """A rerun with `--log` plays only the asked games not logged yet, and reports every asked one; rows of
    other engine code or another budget are neither counted nor skipped. The digest covers a game's own files
    and the shared ones, so another game's change leaves its rows standing."""
    arena = load_bench("arena")
    log = tmp_path / "arena.jsonl"
    played: list[int] = []
    real_play = arena.play
    monkeypatch.setattr(arena, "play", lambda match: played.append(match[1]) or real_play(match))
    monkeypatch.setattr(search_module, "WALL_CAP", search_module.WALL_CAP)  # main() lifts the cap; put it back

    def run(games: int, *more: str) -> str:
        monkeypatch.setattr("sys.argv", ["arena", "--games", str(games), "--pairs", "prior:greedy", "--players",
                                         "2", "--game", "pushfish", "--seed", "50", "--log", str(log), *more])
        arena.main()
        return capsys.readouterr().out.splitlines()[-1]

    assert "games    3" in run(3) and played == [50, 51, 52]
    assert "games    5" in run(5) and played == [50, 51, 52, 53, 54]
    rows = [json.loads(line) for line in log.read_text().splitlines()]
    assert [r["seed"] for r in rows] == [50, 51, 52, 53, 54] and {r["code"] for r in rows} == {arena.code_digest("pushfish")}
    stale = [{**r, "code": "0" * 16} if r["seed"] == 54 else r for r in rows]
    log.write_text("".join(json.dumps(r) + "\n" for r in stale))
    played.clear()
    assert "games    5" in run(5) and played == [54]  # the stale row is played again
    played.clear()
    assert "games    5" in run(8, "--report") and played == []  # only what is logged, nothing played
    assert arena.Log(log, 100.0).done == {}  # another budget counts nothing
    assert len({arena.code_digest(key) for key in registry.keys()}) == len(registry.keys())


def test_the_arenas_paired_estimate_adds_the_lead_over_the_prior_game_for_game_to_the_prior_share():
    """A's estimate is the prior's share over the other seeds plus A's mean lead over the prior's game on the
    same seed; a seed where both won or both lost adds nothing to the lead."""
    arena = load_bench("arena")

    def games(*shares: float, first: int = 0) -> list:
        return [(("pushfish", first + i, ("x", "greedy"), 0), share, {}) for i, share in enumerate(shares)]

    line = arena.paired_report("hard", games(1, 0, 1, 1), games(1, 0, 0, 1), games(1, 0, 1, 0, 1, 0, 1, 0, first=9))
    assert "prior wins  50.0% of these 4 games and  50.0% of 8 more" in line
    # 1.96 * sqrt(0.25 / 4 + (2 / 7) / 8) = 0.614 either side, cut at 100 %
    assert "hard - prior +25.0 points (1 games differ)" in line and line.endswith("hard estimated  75.0% [13.6%, 100.0%]")


def test_the_arenas_paired_run_replays_the_asked_seats_and_seeds_with_the_prior(monkeypatch, capsys):
    """`--paired N`: the prior's share "of these games" is what `--pairs prior:greedy` wins on the same seeds,
    and the N more seeds follow the asked ones."""
    arena = load_bench("arena")
    played: list[tuple[int, tuple[str, ...]]] = []
    real_play = arena.play
    monkeypatch.setattr(arena, "play", lambda match: played.append((match[1], match[2])) or real_play(match))
    monkeypatch.setattr(search_module, "WALL_CAP", search_module.WALL_CAP)  # main() lifts the cap; put it back

    def run(pair: str, *more: str) -> list[str]:
        monkeypatch.setattr("sys.argv", ["arena", "--games", "6", "--pairs", pair, "--players", "2", "--game",
                                         "pushfish", "--seed", "70", *more])
        arena.main()
        return capsys.readouterr().out.splitlines()

    prior_share = run("prior:greedy")[-1].split("prior wins")[1].split("[")[0].strip()
    played.clear()
    lines = run("normal:greedy", "--paired", "3")
    assert lines[-1].split("prior wins")[1].split(" of these")[0].strip() == prior_share
    assert "of 3 more" in lines[-1] and "normal estimated" in lines[-1]
    asked = played[:6]
    assert [seed for seed, _ in played[6:]] == [*(seed for seed, _ in asked), 76, 77, 78]
    assert [levels for _, levels in played[6:12]] == [tuple("prior" if lv == "normal" else lv for lv in levels)
                                                      for _, levels in asked]


def test_the_pushfish_games_bench_shows_its_seat_only_the_face_down_cards_it_reads():
    """bench/pushfish_games.py --reads writes the chosen face-down cards into one seat's view and no other's."""
    from engines.pushfish.cards import GROUND, LEGEND
    from engines.pushfish.state import FACE_DOWN

    games, plain = load_bench("pushfish_games"), registry.get("pushfish")
    state = next(s for s in (plain.new_game(["a", "b"], None, seed) for seed in range(200))
                 if any(GROUND[c].kind == LEGEND and not up for c, up in zip(s.ground, s.faceup, strict=True)))
    mine, theirs = plain.view(state, 0), plain.view(state, 1)
    for reads in games.READS:
        engine = games.Reading(0, reads)
        assert engine.view(state, 1) == theirs
        shown = engine.view(state, 0)
        for pos, face in enumerate(mine.ground):
            legend = GROUND[state.ground[pos]].kind == LEGEND
            read = face == FACE_DOWN and reads != "none" and (reads == "all" or (reads == "legends") == legend)
            assert shown.known[pos] == (state.ground[pos] if read else mine.known[pos])
        assert shown.ground == mine.ground


def test_the_stakes_bench_plays_the_named_level_at_the_other_seats_and_the_prior_at_the_watched_one():
    """With --opponents greedy, the seats other than the watched one play as greedy, the watched one as the prior;
    checked where the two tell apart (four-player picks, where the prior expects careful answers)."""
    stakes = load_bench("ai_stakes").Stakes("thisbig", "greedy")
    engine, differ = stakes.engine, 0
    for state, decision in random_points("thisbig", 4, 60, 23):
        greedy = engine.ai_choice(state, decision, "greedy", random.Random(5))
        prior = stakes.prior(engine, state, decision, random.Random(5))
        other = (decision.seat + 1) % 4
        assert stakes.play(state, decision, other, random.Random(5)) == greedy
        assert stakes.play(state, decision, decision.seat, random.Random(5)) == prior
        differ += greedy != prior
    assert differ


def test_the_stakes_bench_reorders_push_fish_decks_but_keeps_the_table():
    """Push Fish's true values reorder only what nobody has seen the order of: the pile, item and mission decks."""
    stakes = load_bench("ai_stakes").Stakes("pushfish")
    state = random_points("pushfish", 2, 1, 29)[0][0]
    world = clone(state)
    stakes.reshuffle(world)
    assert (world.ground, world.hands, world.faceup) == (state.ground, state.hands, state.faceup)
    assert all(sorted(getattr(world, n)) == sorted(getattr(state, n)) for n in ("pile", "items", "mdeck"))
    assert world.pile != state.pile
