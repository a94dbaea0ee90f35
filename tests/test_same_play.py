"""bench/same_play.py: a change of wording keeps a game's arena games; a change of play does not."""

from __future__ import annotations

import argparse
import json
import shutil
from pathlib import Path

import pytest

from engines import search as search_module
from tests.bench_helpers import load_bench

ROOT = Path(__file__).resolve().parent.parent


def _trees(tmp_path: Path) -> tuple[Path, Path]:
    """Two copies of the engines as they are: `old` to keep, `new` to edit."""
    old, new = tmp_path / "old", tmp_path / "new"
    for tree in (old, new):
        shutil.copytree(ROOT / "engines", tree / "engines", ignore=shutil.ignore_patterns("__pycache__"))
    return old, new


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


ARGS = argparse.Namespace(games=2, seed=700000, iterations=20, against="old", players=None)


def test_reworded_events_play_the_same_and_a_changed_rule_plays_differently(tmp_path):
    """Rewording an event changes the digest but not one choice; a different target score changes play, and
    the check names the first game that differs."""
    same_play = load_bench("same_play")
    old, new = _trees(tmp_path)
    _edit(new / "engines/thisbig/rules.py", 'where = "rubbish, onto the rubbish pile"', 'where = "rubbish, thrown back"')
    same, line = same_play.compare("thisbig", old, new, ARGS)
    digest = load_bench("digest")
    assert digest.code_digest("thisbig", old) != digest.code_digest("thisbig", new)
    assert same and "plays the same: 4 games" in line
    _edit(new / "engines/thisbig/cards.py", "TARGET = {2: 10,", "TARGET = {2: 9,")
    same, line = same_play.compare("thisbig", old, new, ARGS)
    assert not same and "plays differently" in line and "first: seed 700000" in line


def test_a_change_inside_the_search_shows_even_where_the_choice_stays_the_prior(tmp_path):
    """The search's own statistics are part of the trace: a playout reward scaled by a hair changes no choice
    the prior would make, but the check still sees it."""
    same_play = load_bench("same_play")
    old, new = _trees(tmp_path)
    _edit(new / "engines/search.py", "entry = stats[cid] = [0.0, 0.0, 0.0, 0.0]",
          "entry = stats[cid] = [0.0, 1e-9, 0.0, 0.0]")
    same, line = same_play.compare("thisbig", old, new, ARGS)
    assert not same, line


def test_checked_pairs_join_digests_through_each_other_and_per_game(tmp_path):
    """a plays as b and b as c: a, b and c count for one another; another game's pair counts for none."""
    digest = load_bench("digest")
    pairs = tmp_path / "same_play.jsonl"
    rows = [{"game": "thisbig", "code": "a", "plays_as": "b"}, {"game": "thisbig", "code": "c", "plays_as": "b"},
            {"game": "wishes", "code": "a", "plays_as": "z"}]
    pairs.write_text("".join(json.dumps(r) + "\n" for r in rows))
    assert digest.same_play("thisbig", "a", pairs) == {"a", "b", "c"}
    assert digest.same_play("thisbig", "c", pairs) == {"a", "b", "c"}
    assert digest.same_play("wishes", "b", pairs) == {"b"}
    assert digest.same_play("thisbig", "a", tmp_path / "none.jsonl") == {"a"}


def test_a_pair_checked_at_one_table_size_counts_at_that_size_alone(tmp_path):
    """A change tuned for four players, checked to play the same at two: the pair joins the digests at two
    players only, while a pair checked at every size counts at each."""
    digest = load_bench("digest")
    pairs = tmp_path / "same_play.jsonl"
    rows = [{"game": "pushfish", "code": "new", "plays_as": "old", "players": 2},
            {"game": "pushfish", "code": "old", "plays_as": "older"}]
    pairs.write_text("".join(json.dumps(r) + "\n" for r in rows))
    assert digest.same_play("pushfish", "new", pairs, 2) == {"new", "old", "older"}
    assert digest.same_play("pushfish", "new", pairs, 4) == {"new"}
    assert digest.same_play("pushfish", "old", pairs, 4) == {"old", "older"}
    assert digest.same_play("pushfish", "new", pairs) == {"new"}


def test_the_arena_counts_games_logged_on_code_checked_to_play_the_same_and_says_how_many(tmp_path, monkeypatch,
                                                                                         capsys):
    """Rows logged on an older digest count once a pair beside the log says the code now plays as it; the
    report names how many, and without the pair they are played again."""
    arena = load_bench("arena")
    log = tmp_path / "arena.jsonl"
    monkeypatch.setattr(search_module, "WALL_CAP", search_module.WALL_CAP)  # main() lifts the cap; put it back

    def run() -> list[str]:
        monkeypatch.setattr("sys.argv", ["arena", "--games", "3", "--pairs", "prior:greedy", "--players", "2",
                                         "--game", "pushfish", "--seed", "50", "--log", str(log), "--report"])
        arena.main()
        return capsys.readouterr().out.splitlines()

    monkeypatch.setattr("sys.argv", ["arena", "--games", "3", "--pairs", "prior:greedy", "--players", "2",
                                     "--game", "pushfish", "--seed", "50", "--log", str(log)])
    arena.main()
    capsys.readouterr()
    rows = [{**json.loads(line), "code": "0" * 16} for line in log.read_text().splitlines()]
    log.write_text("".join(json.dumps(r) + "\n" for r in rows))
    assert len(run()) == 1  # the budget line only: nothing counts
    pair = {"game": "pushfish", "code": arena.code_digest("pushfish"), "plays_as": "0" * 16}
    (tmp_path / "same_play.jsonl").write_text(json.dumps({**pair, "players": 4}) + "\n")
    assert len(run()) == 1  # checked at four players: these two-player games still do not count
    (tmp_path / "same_play.jsonl").write_text(json.dumps(pair) + "\n")
    lines = run()
    assert "games    3" in lines[1] and "3 of these games were logged on older code" in lines[2]


def test_a_check_of_nothing_is_refused_rather_than_recorded(monkeypatch, capsys, tmp_path):
    """--games 0 would compare no game and still write a pair the arena trusts; an unknown game would end in a
    traceback. Both are refused in one line before anything runs."""
    same_play = load_bench("same_play")
    monkeypatch.setattr(same_play, "SAME_PLAY", tmp_path / "same_play.jsonl")
    for argv, said in ((["--games", "0", "--record"], "--games and --iterations"), (["--game", "bogus"], "no such game")):
        monkeypatch.setattr("sys.argv", ["same_play", "--against", "HEAD", *argv])
        with pytest.raises(SystemExit) as stop:
            same_play.main()
        assert stop.value.code == 2 and said in capsys.readouterr().err
    assert not (tmp_path / "same_play.jsonl").exists()
