"""Friendly Fishing random playouts with invariants, replay, JSON round trips, views and drawings."""

from __future__ import annotations

import random

import pytest

from engines import registry
from engines.friendly import ENGINE, FriendlyState
from engines.friendly.tiles import BASE_IDS, BOARDS, SPECIAL_IDS
from engines.playout import playout
from renderers import registry as drawings

# (players, board) for every allowed combination: 5 players only on the large side.
SETUPS = [(n, side) for n in (2, 3, 4, 5) for side in ("small", "large") if not (n == 5 and side == "small")]


def check_invariants(state: FriendlyState) -> None:
    """Tiles conserved, boat on water or the island, decisions well formed until the end."""
    board = BOARDS[state.side]
    in_play = sorted(BASE_IDS + [t for name in state.specials for t in SPECIAL_IDS[name]])
    places = [t for t in state.cells if t >= 0] + [t for tiles in state.owned for t in tiles] + state.box
    assert sorted(places) == in_play, "every tile in exactly one place"
    assert all(board.terrain[c] == "." for c, t in enumerate(state.cells) if t >= 0)
    assert state.boat == -1 or board.terrain[state.boat] == "."
    if state.boat >= 0 and state.phase == "move" and not state.left:
        assert state.cells[state.boat] == -1, "the boat sits on an empty space between turns"
    pending = ENGINE.decisions(state)
    assert bool(pending) == (ENGINE.result(state) is None)
    for d in pending:
        assert 2 <= len(d.choices) <= 25
        ids = [c.id for c in d.choices]
        assert len(set(ids)) == len(ids)
        assert all(len(i) <= 24 and ":" not in i and i.isascii() for i in ids)
        assert all(0 < len(c.label) <= 80 for c in d.choices)


def test_random_playouts_conserve_tiles_and_always_end():
    games = 0
    for seed in range(1000):
        players, side = SETUPS[seed % len(SETUPS)]
        state = ENGINE.new_game([f"p{i}" for i in range(players)], {"board": side}, seed)
        check_invariants(state)
        end = playout(ENGINE, state, random.Random(seed), check=lambda s, _e: check_invariants(s))
        res = ENGINE.result(end)
        assert res is not None and res.winners
        assert all(sum(b.values()) == sc for b, sc in zip(res.breakdown, res.scores, strict=True))
        games += 1
    assert games == 1000


@pytest.mark.parametrize("players,side", SETUPS)
def test_replay_from_seed_and_log_is_identical_with_json_round_trips(players, side):
    for seed in range(3):
        rnd = random.Random(seed)
        state = ENGINE.new_game([f"p{i}" for i in range(players)], {"board": side}, seed)
        log = []
        while ENGINE.decisions(state):
            seat = ENGINE.decisions(state)[0].seat
            choice = ENGINE.choose(state, seat, "random", rnd)
            log.append((seat, choice))
            state, _ = ENGINE.apply(state, seat, choice)
            assert ENGINE.load(ENGINE.dump(state)) == state
        again = ENGINE.new_game([f"p{i}" for i in range(players)], {"board": side}, seed)
        for seat, choice in log:
            again, _ = ENGINE.apply(again, seat, choice)
        assert ENGINE.dump(again) == ENGINE.dump(state)


def test_views_differ_only_by_seat_and_there_is_no_hand():
    state = ENGINE.new_game(["a", "b", "c"], {}, 3)
    rnd = random.Random(3)
    for _ in range(15):
        seat = ENGINE.decisions(state)[0].seat
        state, _ = ENGINE.apply(state, seat, ENGINE.choose(state, seat, "random", rnd))
    public = ENGINE.view(state, None).model_dump(exclude={"seat"})
    for seat in range(3):
        assert ENGINE.view(state, seat).model_dump(exclude={"seat"}) == public
    assert drawings.get("friendly").hand(ENGINE.view(state, 0)) is None


def test_greedy_playouts_end_with_every_player_count():
    for players, side in SETUPS:
        state = ENGINE.new_game([f"p{i}" for i in range(players)], {"board": side}, players)
        end = playout(ENGINE, state, random.Random(players), level="greedy")
        assert ENGINE.result(end) is not None


def test_registered_and_drawn_within_size_limits():
    engine = registry.get("friendly")
    draw = drawings.get("friendly")
    for players, side in ((2, "small"), (5, "large")):
        state = engine.new_game([f"player-{i}" for i in range(players)], {"board": side}, 11)
        rnd = random.Random(11)
        for _ in range(20):
            seat = engine.decisions(state)[0].seat
            state, _ = engine.apply(state, seat, engine.choose(state, seat, "random", rnd))
        png = draw.board(engine.view(state, None))
        assert png.startswith(b"\x89PNG") and len(png) < 300_000
        end = playout(engine, state, rnd)
        final = draw.final(engine.view(end, None), engine.result(end))
        assert final.startswith(b"\x89PNG") and len(final) < 300_000
