"""The If Wishes Were Fishes! drawings: valid PNGs within the size limits, from views only."""

from __future__ import annotations

import io
import random

from PIL import Image

from engines.wishes import ENGINE
from renderers import registry
from renderers import wishes as drawing

NAMES = ["Alice", "Bob", "Carol", "Dave", "Erin"]


def _played(n: int, steps: int | None, seed: int = 2):
    state = ENGINE.new_game(NAMES[:n], None, seed)
    rnd = random.Random(seed)
    while ENGINE.decisions(state) and (steps is None or state.step < steps):
        state, _ = ENGINE.apply(state, state.turn, ENGINE.choose(state, state.turn, "greedy", rnd))
    return state


def _image(png: bytes) -> Image.Image:
    assert len(png) < 300_000
    img = Image.open(io.BytesIO(png))
    assert img.format == "PNG" and img.width <= 1200
    return img


def test_board_for_every_player_count_mid_game_and_at_the_end():
    for n in range(2, 6):
        for steps in (0, 40, None):
            state = _played(n, steps)
            for seat in (None, 0):
                _image(drawing.board(ENGINE.view(state, seat)))


def test_final_shows_breakdown_and_hand_is_none():
    state = _played(4, None)
    view = ENGINE.view(state, None)
    img = _image(drawing.final(view, ENGINE.result(state)))
    assert img.height < 600
    assert drawing.hand(ENGINE.view(state, 1)) is None


def test_registry_finds_the_wishes_renderer():
    assert registry.get("wishes") is drawing
