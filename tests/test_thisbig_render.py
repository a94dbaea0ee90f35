"""This Big! drawings: valid small PNGs, no secrets in public images, a hand image only for a seat."""

from __future__ import annotations

import io
import random

from PIL import Image

from engines.thisbig import ENGINE
from renderers import registry

R = registry.get("thisbig")


def _size(png: bytes) -> tuple[int, int]:
    return Image.open(io.BytesIO(png)).size


def _states(players: int, options: dict, seed: int):
    """Every state of one random game."""
    rnd = random.Random(seed)
    state = ENGINE.new_game([f"Player {i}" for i in range(players)], options, seed=seed)
    yield state
    while ENGINE.decisions(state):
        d = rnd.choice(ENGINE.decisions(state))
        state, _ = ENGINE.apply(state, d.seat, ENGINE.choose(state, d.seat, "random", rnd))
        yield state


def test_board_hand_and_final_are_small_pngs_within_width():
    for players, options in ((2, {}), (6, {"hand_dump": True, "rubbish_penalty": True, "reveal_uncaught": True})):
        states = list(_states(players, options, seed=players))
        for state in states[:: max(1, len(states) // 6)] + [states[-1]]:
            for seat in (None, 0):
                png = R.board(ENGINE.view(state, seat))
                assert png[:8] == b"\x89PNG\r\n\x1a\n" and _size(png)[0] <= 1200 and len(png) < 300_000
            hand = R.hand(ENGINE.view(state, 1))
            assert hand is not None and _size(hand)[0] <= 1200 and len(hand) < 300_000
        final = R.final(ENGINE.view(states[-1], None), ENGINE.result(states[-1]))
        assert _size(final)[0] <= 1200 and len(final) < 300_000


def test_public_board_does_not_change_with_hidden_cards():
    rnd = random.Random(3)
    for i, state in enumerate(_states(4, {"reveal_uncaught": True}, seed=9)):
        if i % 3 == 0:
            assert R.board(ENGINE.view(state, None)) == R.board(ENGINE.view(ENGINE.determinise(state, None, rnd), None))


def test_hand_image_is_only_for_a_seat_and_marks_playable_cards():
    state = next(s for s in _states(4, {}, seed=4) if s.phase == "answer")
    assert R.hand(ENGINE.view(state, None)) is None
    seat = next(d.seat for d in ENGINE.decisions(state))
    view = ENGINE.view(state, seat)
    assert view.playable and set(view.playable) <= set(view.hand)
    plain = view.model_copy(update={"playable": []})
    assert R.hand(view) != R.hand(plain)
