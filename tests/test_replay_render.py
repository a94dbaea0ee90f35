"""The replay: a frame per public board, then the game's own final scores, all one size."""

from __future__ import annotations

import io
import random
from functools import cache

import pytest
from PIL import Image

from engines import registry
from renderers import registry as drawings
from renderers import replay


@cache
def _views(key: str, seed: int = 3):
    """The public views of a random game at the largest player count, and its result (played once per test run)."""
    engine = registry.get(key)
    state = engine.new_game([f"P{i}" for i in range(engine.max_players)], None, seed)
    rnd = random.Random(seed)
    views = [engine.view(state, None)]
    while pending := engine.decisions(state):
        state, _ = engine.apply_to(state, pending[0], engine.ai_choice(state, pending[0], "random", rnd))
        views.append(engine.view(state, None))
    return engine, views, engine.result(state)


def test_a_replay_has_a_frame_per_view_then_the_final_scores_all_one_size():
    engine, views, result = _views("thisbig")
    frames = replay.frames(drawings.get("thisbig").__name__, views[:12], result)
    assert len(frames) == 13 and len({f.size for f in frames}) == 1
    gif = replay.animation(drawings.get("thisbig").__name__, views[:12], result)
    with Image.open(io.BytesIO(gif)) as image:
        assert image.format == "GIF" and image.n_frames == 13 and image.info["loop"] == 0


def test_a_replay_of_an_unfinished_game_ends_on_its_last_board():
    engine, views, _ = _views("thisbig")
    frames = replay.frames(drawings.get("thisbig").__name__, views[:4], None)
    assert len(frames) == 4


def test_an_unknown_replay_format_is_refused():
    engine, views, result = _views("thisbig")
    with pytest.raises(ValueError, match="fmt must be one of"):
        replay.animation(drawings.get("thisbig").__name__, views[:2], result, fmt="webm")


@pytest.mark.parametrize("key", registry.keys())
def test_a_frame_is_the_board_halved_only_when_the_board_is_wide(key):
    engine, views, result = _views(key)
    with Image.open(io.BytesIO(drawings.get(key).board(views[0]))) as board:
        width = board.width
    frames = replay.frames(drawings.get(key).__name__, views[:2], result)
    assert frames[0].width == (width // 2 if width >= replay.SHRINK_FROM else width)


@pytest.mark.parametrize("key", registry.keys())
def test_a_replay_ends_on_the_game_s_own_final_scores_picture(key):
    engine, views, result = _views(key)
    last = replay.frames(drawings.get(key).__name__, views[-2:], result)[-1]
    with Image.open(io.BytesIO(drawings.get(key).final(views[-1], result))) as final:
        final = final.convert("RGB")
    left, top = (last.width - final.width) // 2, (last.height - final.height) // 2
    assert last.crop((left, top, left + final.width, top + final.height)).tobytes() == final.tobytes()
