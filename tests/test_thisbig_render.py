"""This Big! drawings: every image of many random games at every player count renders inside its canvas, within
the size limits and readable on a phone; no secret in public images; a hand image only for a seat."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from engines.thisbig import ENGINE
from renderers import art, registry, thisbig_art
from renderers import thisbig as drawing
from tests import drawn

R = registry.get("thisbig")
LIMIT = 300_000
OPTIONS = [{}, {"hand_dump": True, "rubbish_penalty": True, "reveal_uncaught": True}, {"target": 60,
                                                                                       "rubbish_penalty": True}]
CACHES = (art.text_sprite, thisbig_art.card_sprite, thisbig_art.back_sprite, drawing.layer)


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


def recording():
    """Every text drawn, and every sprite pasted on an image 800 px wide: (what, box, font size, size)."""
    return drawn.recording(paste_width=drawing.WIDTH)


def check(seen, png: bytes) -> None:
    """Width 800, within the byte limit; every paste inside the canvas, with its shadow margin; every text at
    least 16 px on the 800 px image (8 px when a phone shows it 400 px wide) and inside what it is drawn on."""
    width, height = _size(png)
    assert width == drawing.WIDTH and len(png) <= LIMIT
    margin = 8  # a card sprite's soft shadow reaches 8 px past the card
    for what, (x0, y0, x1, y1), size, (w, h) in seen:
        if what == "paste":
            assert x0 >= -margin and y0 >= -margin and x1 <= w + margin and y1 <= h + margin, (what, x0, y0, x1, y1)
        else:
            assert x0 >= 0 and y0 >= 0 and x1 <= w and y1 <= h, f"{what} at {(x0, y0, x1, y1)} leaves {w}x{h}"
            assert size * 400 / max(w, width) >= 8, f"{what} shows {size * 400 / max(w, width):.1f} px"


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_image_of_random_games_renders_inside_its_canvas_small_and_readable(players):
    for game, options in enumerate(OPTIONS):
        states = list(_states(players, options, seed=players * 10 + game))
        for i, state in enumerate(states[:: max(1, len(states) // 8)] + [states[-1]]):
            if i == 0 and game == 0:
                for cached in CACHES:
                    cached.cache_clear()  # draw everything once while recording, texts baked on sprites too
            for seat in (None, i % players):
                with recording() as seen:
                    png = R.board(ENGINE.view(state, seat))
                check(seen, png)
            with recording() as seen:
                png = R.hand(ENGINE.view(state, i % players))
            check(seen, png)
        with recording() as seen:
            png = R.final(ENGINE.view(states[-1], None), ENGINE.result(states[-1]))
        check(seen, png)


def test_the_same_view_gives_the_same_bytes_whatever_was_drawn_before():
    states = list(_states(4, {"reveal_uncaught": True}, seed=3))
    view = ENGINE.view(states[len(states) // 2], None)
    first = R.board(view)
    for state in states[::5]:
        R.board(ENGINE.view(state, None))
    assert R.board(view) == first


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


def test_every_card_face_is_its_own_picture():
    faces = sorted(set(drawing.FACES))
    pictures = {thisbig_art.card_sprite(f, 72, 100).tobytes() for f in faces}
    assert len(pictures) == len(faces) == 29  # 20 fish (4 colours x 5 sizes), 4 rubbish, 4 colour lures, the Lunker


def texts_said(monkeypatch) -> list[str]:
    """Every text the renderer says (draws) from now on, in order."""
    said: list[str] = []
    say = drawing.say

    def noted(img, xy, text, *args, **kwargs):  # type: ignore[no-untyped-def]
        said.append(text)
        return say(img, xy, text, *args, **kwargs)

    monkeypatch.setattr(drawing, "say", noted)
    return said


def test_a_long_name_in_the_status_line_is_shortened_so_the_cast_lure_still_shows(monkeypatch):
    state = ENGINE.new_game(["W" * 32, "V" * 32], {}, 3)  # whoever casts has a long name
    while ENGINE.view(state, None).phase != "answer":
        [decision, *_] = ENGINE.decisions(state)
        state, _ = ENGINE.apply(state, decision.seat, decision.choices[0].id)
    view = ENGINE.view(state, None)
    said = texts_said(monkeypatch)
    drawing.board(view)
    wanted = drawing._status_line(view).split(": ")[0].split(" cast ")[1]  # "a green lure", say
    assert any(t.endswith(f" cast {wanted}: answers in secret.") and t[:4] in ("WWWW", "VVVV") for t in said)


def test_with_the_rubbish_penalty_a_full_bucket_says_how_much_rubbish_its_hidden_cards_take_off(monkeypatch):
    state = ENGINE.new_game(["Ann", "Bo"], {"rubbish_penalty": True}, 3)
    state.buckets[0] = [*range(14), 32, 33, 34]  # 14 fish, then 3 rubbish at -1 each: more than the row shows
    said = texts_said(monkeypatch)
    drawing.board(ENGINE.view(state, None))
    assert any(t.startswith("+") and t.endswith("(3 rubbish, −3)") for t in said), said
