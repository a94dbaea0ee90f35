"""The If Wishes Were Fishes! drawings: every board and final image renders inside its canvas, within the limits,
from views only; the same view gives the same bytes; whose turn it is and what the last turn changed are marked."""

from __future__ import annotations

import io
import random
from collections.abc import Iterator
from contextlib import contextmanager

from PIL import Image, ImageDraw

from engines.wishes import ENGINE
from engines.wishes.rules import WishesState
from renderers import registry
from renderers import wishes as drawing
from renderers.common import HIGHLIGHT

NAMES = ["Alice", "Bob", "Carol", "Dave", "Erin"]
MAX_PNG = 300_000


def _games(n: int, seeds: range, stops: int) -> Iterator[WishesState]:
    """States spread over random games of n players (greedy and random seats), each game's end included."""
    for seed in seeds:
        state = ENGINE.new_game(NAMES[:n], None, seed)
        rnd = random.Random(seed)
        seen = [state]
        while ENGINE.decisions(state):
            level = "greedy" if state.turn % 2 else "random"
            state, _ = ENGINE.apply(state, state.turn, ENGINE.choose(state, state.turn, level, rnd))
            seen.append(state)
        yield from (seen[i * (len(seen) - 1) // stops] for i in range(stops + 1))


def _image(png: bytes) -> Image.Image:
    assert len(png) <= MAX_PNG
    img = Image.open(io.BytesIO(png))
    assert img.format == "PNG" and img.width <= 1200
    return img


@contextmanager
def _drawn_outside(size: tuple[int, int]) -> Iterator[list[tuple]]:
    """Collect every paste and text that would reach outside an image of `size` while the block runs."""
    outside: list[tuple] = []
    paste, text = Image.Image.paste, ImageDraw.ImageDraw.text
    w, h = size

    def checked_paste(self, im, box=None, mask=None):  # type: ignore[no-untyped-def]
        if self.size == size and isinstance(im, Image.Image) and isinstance(box, tuple) and len(box) == 2:
            x, y = box
            if x < 0 or y < 0 or x + im.width > w or y + im.height > h:
                outside.append(("paste", box, im.size))
        return paste(self, im, box, mask)

    def checked_text(self, xy, content, *args, **kwargs):  # type: ignore[no-untyped-def]
        if self._image.size == size:
            left, top, right, bottom = self.textbbox(xy, content, *args[1:2], **{
                k: v for k, v in kwargs.items() if k in ("font", "anchor", "stroke_width")})
            if left < 0 or top < 0 or right > w or bottom > h:
                outside.append(("text", content, (left, top, right, bottom)))
        return text(self, xy, content, *args, **kwargs)

    Image.Image.paste = checked_paste  # type: ignore[method-assign]
    ImageDraw.ImageDraw.text = checked_text  # type: ignore[method-assign]
    try:
        yield outside
    finally:
        Image.Image.paste = paste  # type: ignore[method-assign]
        ImageDraw.ImageDraw.text = text  # type: ignore[method-assign]


def test_every_board_at_every_player_count_renders_inside_its_canvas_within_the_limits():
    boards = 0
    for n in range(2, 6):
        size = (drawing.WIDTH, drawing._layout(n)[-1])
        for state in _games(n, range(5), 4):
            with _drawn_outside(size) as outside:
                img = _image(drawing.board(ENGINE.view(state, None)))
            assert img.size == size
            assert outside == [], outside[:3]
            boards += 1
    assert boards == 4 * 5 * 5


def test_final_image_at_every_player_count_fits_and_there_is_no_hand():
    for n in range(2, 6):
        *_, end = _games(n, range(1), 1)
        img = _image(drawing.final(ENGINE.view(end, None), ENGINE.result(end)))
        assert img.width == drawing.FINAL_W and img.height < 700
        assert drawing.hand(ENGINE.view(end, 1)) is None


def test_the_same_view_gives_the_same_bytes_whatever_was_drawn_before():
    first, *others = list(_games(5, range(2), 3))
    png = drawing.board(ENGINE.view(first, None))
    for state in others:
        drawing.board(ENGINE.view(state, None))
    assert drawing.board(ENGINE.view(first, None)) == png


def _rgb(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def _close(pixel: tuple[int, ...], colour: tuple[int, int, int]) -> bool:
    return sum(abs(a - b) for a, b in zip(pixel, colour, strict=False)) < 40


def test_the_seat_to_act_is_framed_in_its_player_row():
    state = ENGINE.new_game(NAMES[:3], {"first_player": 2}, 4)
    img = _rgb(drawing.board(ENGINE.view(state, None)))
    rows = drawing._layout(3)[3]
    x = drawing.WIDTH // 2
    assert _close(img.getpixel((x, rows + drawing.ROW_H)), HIGHLIGHT)  # Bob's row, seat 1, has the frame
    assert not _close(img.getpixel((x, rows)), HIGHLIGHT)


def test_what_the_last_turn_changed_is_framed_on_the_board():
    state = ENGINE.new_game(NAMES[:3], {"first_player": 1}, 5)
    state.boats[0] = [next(c for c in range(70) if c not in state.ocean and c not in state.deck[-1:]), -1]
    state.deck = [c for c in state.deck if c != state.boats[0][0]]
    market = drawing.CARDS[state.boats[0][0]][0]
    state, _ = ENGINE.apply(state, 0, "sell-0")
    view = ENGINE.view(state, None)
    assert f"market-{market}" in view.recent and "dollars-0" in view.recent
    img = _rgb(drawing.board(view))
    top = drawing._layout(3)[1]
    x = drawing._stall_x(market) - 2
    assert _close(img.getpixel((x, top + 150)), drawing.NEWS)
    calm = _rgb(drawing.board(view.model_copy(update={"recent": []})))
    assert not _close(calm.getpixel((x, top + 150)), drawing.NEWS)


def test_registry_finds_the_wishes_renderer():
    assert registry.get("wishes") is drawing


def test_three_digit_dollars_leave_the_worms_their_own_column(monkeypatch):
    state = ENGINE.new_game(NAMES[:2], None, 3)
    view = ENGINE.view(state, None).model_copy(update={"dollars": [127, 5], "recent": ["dollars-0"]})
    dollars_right: list[float] = []
    worms_left: list[float] = []
    say, count, players = drawing._say, drawing._count, drawing._players
    in_rows = []

    def said(img, xy, text, *args, **kwargs):  # type: ignore[no-untyped-def]
        right = say(img, xy, text, *args, **kwargs)
        if in_rows and text.startswith("$"):
            dollars_right.append(right)
        return right

    def counted(img, sprite, x, *args, **kwargs):  # type: ignore[no-untyped-def]
        if in_rows and sprite is drawing.worm_sprite(32):
            worms_left.append(x)
        return count(img, sprite, x, *args, **kwargs)

    def rows(*args):  # type: ignore[no-untyped-def]
        in_rows.append(True)
        players(*args)

    monkeypatch.setattr(drawing, "_say", said)
    monkeypatch.setattr(drawing, "_count", counted)
    monkeypatch.setattr(drawing, "_players", rows)
    drawing.board(view)
    assert len(dollars_right) == 2 and len(worms_left) == 2
    assert min(worms_left) >= max(dollars_right) + 12  # the $127's news frame (6 px out) stays off the worm
    assert worms_left[0] == worms_left[1]  # one column for every row


def test_the_text_summary_names_the_heaps_owners_the_next_market_bonus_and_the_fish_left():
    state, chance = ENGINE.new_game(["Ann", "Bob", "Cy"], {}, 3), random.Random(1)
    for _ in range(40):
        decision = ENGINE.decisions(state)[0]
        state, _ = ENGINE.apply(state, decision.seat, ENGINE.ai_choice(state, decision, "greedy", chance))
    view = ENGINE.view(state, None)
    text = registry.get("wishes").text(view)
    assert any(view.garbage)  # the seed puts fish in the heap
    owners = ", ".join(f"{view.players[s]} {n}" for s, n in enumerate(view.garbage) if n)
    assert f"Garbage heap: {sum(view.garbage)} of 10 ({owners}); most fish there loses $8, the next $4." in text
    assert "The next market to fill (at " in text and f"Ann: ${view.dollars[0]}, " in text
    assert f"{view.supply[0]} wooden fish left" in text and " 1 worms" not in text
