"""The end of a game: the score chart (stacked by category, winner named, readable on a phone) and the replay."""

from __future__ import annotations

import io
import random
from functools import cache

import pytest
from PIL import Image

from engines import registry
from engines.core import Result
from renderers import registry as drawings
from renderers import replay
from renderers.chart import chart_png
from renderers.legibility import measure

RESULT = Result.from_scores([23, 31, 12], [{"fish": 10, "wishes": 15, "garbage": -2}, {"fish": 20, "wishes": 11},
                                           {"fish": 12}])


def test_the_chart_names_the_winner_and_every_category_all_readable_on_a_phone():
    drawn = measure(lambda: chart_png("Game", ["Ann", "Bob", "Cy"], RESULT)) or []
    texts = [d.text for d in drawn]
    assert "★ Bob wins with 31 points" in texts
    assert {"fish", "wishes", "garbage"} <= set(texts) and {"31", "23", "12", "-2"} <= set(texts)
    assert min(d.size for d in drawn) >= 8


def test_a_tie_names_every_winner():
    tied = Result.from_scores([5, 5], [{"fish": 5}, {"fish": 5}])
    texts = [d.text for d in measure(lambda: chart_png("Game", ["Ann", "Bob"], tied)) or []]
    assert "★ Ann & Bob win with 5 points" in texts


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


def test_a_replay_has_a_frame_per_view_then_the_chart_all_one_size():
    engine, views, result = _views("thisbig")
    frames = replay.frames(drawings.get("thisbig").__name__, engine.name, views[:12], result)
    assert len(frames) == 13 and len({f.size for f in frames}) == 1
    gif = replay.animation(drawings.get("thisbig").__name__, engine.name, views[:12], result)
    with Image.open(io.BytesIO(gif)) as image:
        assert image.format == "GIF" and image.n_frames == 13 and image.info["loop"] == 0


def test_a_replay_of_an_unfinished_game_ends_on_its_last_board():
    engine, views, _ = _views("thisbig")
    frames = replay.frames(drawings.get("thisbig").__name__, engine.name, views[:4], None)
    assert len(frames) == 4


def test_an_unknown_replay_format_is_refused():
    engine, views, result = _views("thisbig")
    with pytest.raises(ValueError, match="fmt must be one of"):
        replay.animation(drawings.get("thisbig").__name__, engine.name, views[:2], result, fmt="webm")


@pytest.mark.parametrize("key", registry.keys())
def test_a_frame_is_the_board_halved_only_when_the_board_is_wide(key):
    engine, views, result = _views(key)
    with Image.open(io.BytesIO(drawings.get(key).board(views[0]))) as board:
        width = board.width
    frames = replay.frames(drawings.get(key).__name__, engine.name, views[:2], result)
    assert frames[0].width == (width // 2 if width >= replay.SHRINK_FROM else width)
