"""Friendly Fishing images: every player count renders in many games, inside the canvas, legible on a phone."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from engines.core import Result
from engines.friendly import ENGINE, FriendlyState
from engines.friendly.tiles import BOARDS
from renderers import friendly as drawing
from renderers.art import px
from tests import drawn
from tests.friendly_helpers import make
from tests.test_friendly_playouts import SETUPS

LIMIT = 300_000
CACHES = (drawing.grid_layer, drawing.legend_layer, drawing.card_image, drawing.palette)


def clear_caches() -> None:
    """Forget every layer drawn once per game, so the next image draws (and records) everything."""
    for cached in CACHES:
        cached.cache_clear()


def recording(width: int):
    """Every text drawn and every sprite pasted on an image `width` px wide, and every sprite composited."""
    return drawn.recording(text_width=width, paste_width=width, composites=True)


def played(players: int, seed: int, steps: int) -> FriendlyState:
    """A game of random choices after `steps` of them (or at its end)."""
    state = ENGINE.new_game([f"p{i}" for i in range(players)], {}, seed)
    rnd = random.Random(seed)
    for _ in range(steps):
        if not ENGINE.decisions(state):
            break
        seat = ENGINE.decisions(state)[0].seat
        state, _ = ENGINE.apply(state, seat, ENGINE.choose(state, seat, "random", rnd))
    return state


def check(seen, png: bytes) -> None:
    """Inside the canvas, text at least 8 px tall when shown 400 px wide, PNG within the limit."""
    image = Image.open(io.BytesIO(png))
    assert image.width == drawing.WIDTH and len(png) <= LIMIT
    inside(seen)


def inside(seen) -> None:
    """Everything recorded lies inside its image; text is at least 8 px tall when shown 400 px wide."""
    for what, (x0, y0, x1, y1), size, (w, h) in seen:
        assert x0 >= 0 and y0 >= 0 and x1 <= w and y1 <= h, f"{what} at {(x0, y0, x1, y1)} leaves a {w}x{h} image"
        if what.startswith("text"):
            assert size >= px(drawing.WIDTH, 8), f"{what} drawn at {size} px"


@pytest.mark.parametrize("players,side", SETUPS)
def test_every_board_and_final_renders_inside_the_canvas_legible_and_within_limits(players, side):
    for seed in range(3):
        clear_caches()
        state = ENGINE.new_game([f"Player {i} ".ljust(32, "w") for i in range(players)], {"board": side}, seed)
        rnd = random.Random(seed)
        step = 0
        while ENGINE.decisions(state):
            if step % 9 == 0:
                with recording(drawing.WIDTH) as seen:
                    png = drawing.board(ENGINE.view(state, None))
                check(seen, png)
            seat = ENGINE.decisions(state)[0].seat
            state, _ = ENGINE.apply(state, seat, ENGINE.choose(state, seat, "random", rnd))
            step += 1
        with recording(drawing.WIDTH) as seen:
            png = drawing.final(ENGINE.view(state, None), ENGINE.result(state))
        check(seen, png)


def test_sprites_stay_inside_their_tiles():
    clear_caches()
    drawing.tile_sprite.cache_clear()
    with recording(0) as seen:
        for kind in drawing.KIND_ORDER:
            for size in (drawing.MINI, drawing.CHIP, 66, 76):
                drawing.tile_sprite(kind, size)
    sprites = [s for s in seen if s[0] == "sprite"]
    assert sprites
    inside(sprites)


def test_the_same_view_gives_the_same_bytes_whatever_was_drawn_before():
    view = ENGINE.view(played(5, 8, 30), None)
    first = drawing.board(view)
    drawing.board(ENGINE.view(played(5, 9, 20), None))
    assert drawing.board(view) == first
    clear_caches()
    assert drawing.board(view) == first


def test_the_latest_turn_and_the_choices_are_drawn_on_the_board():
    view = ENGINE.view(played(3, 4, 10), None)
    assert view.trail and view.targets
    plain = view.model_copy(update={"trail": [], "mover": None})
    no_choices = view.model_copy(update={"targets": []})
    changed = view.model_copy(update={"touched": [next(i for i, k in enumerate(view.tiles) if k)]})
    assert len({drawing.board(v) for v in (view, plain, no_choices, changed)}) == 4


def test_skipjack_lines_are_drawn_from_the_boat_or_the_island_but_steps_are_not():
    board = BOARDS["small"]
    s = make(tiles={"C6": "S", "C7": "R", "G3": "S", "B2": "Y"}, boat="C3")
    assert drawing.line_moves(ENGINE.view(s, None)) == [(board.cell("C3"), board.cell("G3")),
                                                        (board.cell("C3"), board.cell("C6"))]
    s = make(tiles={"G4": "S", "A1": "R", "C3": "Y"})
    assert drawing.line_moves(ENGINE.view(s, None)) == [(board.cell("D4"), board.cell("G4"))]


def test_after_a_kingfish_win_the_cards_say_who_won_and_not_the_totals_that_no_longer_count(monkeypatch):
    view = ENGINE.view(ENGINE.new_game(["Ann", "Bo", "Cy"], {}, 2), None).model_copy(update={"winner": 1})
    scores: list[str] = []
    card = drawing.card_image

    def noted(seat, name, active, tally, score):  # type: ignore[no-untyped-def]
        if name in view.players:  # not a card drawn to warm the cache
            scores.append(score)
        return card(seat, name, active, tally, score)

    monkeypatch.setattr(drawing, "card_image", noted)
    drawing.board(view)
    assert scores == ["no points count", "★ Kingfish set: wins", "no points count"]
    assert "Final = own Fishing" not in drawing._notes(view)


def test_a_kingfish_final_shows_the_win_not_a_score_of_one_and_a_normal_final_says_why_the_game_ended():
    state = ENGINE.new_game(["Ann", "Bo"], {}, 2)
    view = ENGINE.view(state, None).model_copy(update={"winner": 0, "finished": True})
    result = Result(scores=[1, 0], ranks=[1, 2], winners=[0], breakdown=[{"Kingfish set": 1}, {}])
    with drawn.recording() as seen:
        drawing.final(view, result)
    texts = [what for what, *_ in seen if what.startswith("text")]
    assert "text 'wins'" in texts and "text '×3'" in texts and "text '1'" not in texts
    assert [drawing.score_text(parts) for parts in result.breakdown] == ["won with the Kingfish set", None]
    normal = Result(scores=[5, 3], ranks=[1, 2], winners=[0], breakdown=[{"Crayfish": 5}, {"Crayfish": 3}])
    assert [drawing.score_text(parts) for parts in normal.breakdown] == [None, None]  # plain points
    with drawn.recording() as seen:
        drawing.final(view.model_copy(update={"winner": None}), normal)
    said = " ".join(what for what, *_ in seen if what.startswith("text"))
    assert "could not leave the Central Island" in said
