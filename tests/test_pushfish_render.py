"""Push Fish drawings: board, hand and final images are small PNGs drawn from views, and hide secrets."""

from __future__ import annotations

import io
import random

from PIL import Image

from engines.playout import playout
from engines.pushfish import ENGINE, sim
from renderers import pushfish as drawing
from renderers import registry
from tests.pushfish_helpers import game, give, play, put


def size(png: bytes) -> tuple[int, int]:
    return Image.open(io.BytesIO(png)).size


def test_board_hand_and_final_are_small_pngs_within_the_width():
    r = registry.get("pushfish")
    state = ENGINE.new_game(["a", "b", "c", "d", "e", "f"], {"length": "short"}, 3)
    for seat in (None, 0):
        png = r.board(ENGINE.view(state, seat))
        assert png[:8] == b"\x89PNG\r\n\x1a\n" and size(png)[0] <= 1200 and len(png) < 300_000
    assert r.hand(ENGINE.view(state, None)) is None
    assert size(r.hand(ENGINE.view(state, 0)))[0] <= 1200
    end = playout(ENGINE, state, random.Random(1))
    png = r.final(ENGINE.view(end, None), ENGINE.result(end))
    assert size(png)[0] <= 1200 and len(png) < 300_000


def test_public_board_does_not_show_a_peeked_card_but_the_peeker_sees_it():
    r = registry.get("pushfish")
    s = game(chars=("jack", "hattori"))
    put(s, 0, "Kraken")
    s, _ = play(s, 0, "ability", "peek-r1c1")
    other = game(chars=("jack", "hattori"))
    put(other, 0, "Sardine")
    other, _ = play(other, 0, "ability", "peek-r1c1")
    assert r.board(ENGINE.view(s, 1)) == r.board(ENGINE.view(other, 1))
    assert r.board(ENGINE.view(s, 0)) != r.board(ENGINE.view(other, 0))


def test_hand_image_shows_only_the_seat_s_items():
    r = registry.get("pushfish")
    s = game(chars=("jack", "hattori"))
    t = game(chars=("jack", "hattori"))
    give(t, 1, "Golden Reel")
    assert r.hand(ENGINE.view(s, 0)) == r.hand(ENGINE.view(t, 0))
    assert r.hand(ENGINE.view(s, 1)) != r.hand(ENGINE.view(t, 1))


def test_a_bait_mark_on_a_face_up_card_leaves_its_name_and_kind_legible():
    s = game(chars=("jack", "hattori"))
    put(s, 7, "Pink Salmon", faceup=True)
    bare = ENGINE.view(s, None)
    x, y = sim.centre(7)
    marked = [bare.model_copy(update={"baits": [x, y + dy, float(seat), 7.0]}) for seat, dy in ((0, 4.0), (1, -28.0))]
    left, top = drawing._space_xy(7)
    box = (left, top, left + drawing.CARD_W, top + drawing.CARD_H)
    assert drawing.text_colour_on(drawing.KIND_COLOURS["sea"]) == (255, 255, 255)

    def glyphs(view) -> set[tuple[int, int]]:
        card = Image.open(io.BytesIO(drawing.board(view))).convert("RGB").crop(box)
        return {(i, j) for i in range(card.width) for j in range(card.height) if min(card.getpixel((i, j))) > 225}

    text = glyphs(bare)
    assert len(text) > 100
    for view in marked:
        assert drawing.board(view) != drawing.board(bare)
        assert text <= glyphs(view)
