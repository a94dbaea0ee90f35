"""Push Fish drawings: every image at every player count renders inside its canvas, legible on a phone and small;
the same view gives the same bytes; secrets stay out; bait marks leave card texts readable."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from engines.pushfish import ENGINE, sim
from engines.pushfish.cards import STRENGTHS
from engines.pushfish.state import PushFishState
from renderers import pushfish as drawing
from renderers import pushfish_art as art
from renderers import registry
from renderers.art import px
from tests import drawn
from tests.pushfish_helpers import CENTRE, empty_hands, game, give, play, put, quiet, script

LIMIT = 300_000
CACHES = (drawing.base_layer, drawing._peeked, drawing._player_row, drawing._missions, drawing._top, drawing.palette,
          art.card_face, art.card_texts, art.card_text_boxes, art.card_back, art.mini_card, art.item_card, art.fish_picture)


def recording():
    """Every text drawn and every sprite pasted: (what, box, font size, image size); caches cleared first, so the
    sprites drawn once per game are drawn (and recorded) again."""
    for cached in CACHES:
        cached.cache_clear()
    return drawn.recording()


def check(seen, pngs: list[bytes | None]) -> None:
    """640 px PNGs within the size limit; everything drawn inside its image; text >= 8 px at 400 px wide."""
    for png in pngs:
        assert png is not None and png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) <= LIMIT
        assert Image.open(io.BytesIO(png)).width == art.WIDTH
    for what, (x0, y0, x1, y1), size, (w, h) in seen:
        assert x0 >= 0 and y0 >= 0 and x1 <= w and y1 <= h, f"{what} at {(x0, y0, x1, y1)} leaves a {w}x{h} image"
        if what.startswith("text"):
            assert size >= px(art.WIDTH, 8), f"{what} drawn at {size} px"


def states_of(players: int, seed: int, opts: dict, count: int) -> tuple[list[PushFishState], PushFishState]:
    """`count` states spread over a random game, and its last state."""
    state = ENGINE.new_game([f"Player {chr(65 + i)} with a long name" for i in range(players)], opts, seed)
    rnd = random.Random(seed)
    seen = [state]
    while ENGINE.decisions(state):
        d = ENGINE.decisions(state)[0]
        state, _ = ENGINE.apply_to(state, d, ENGINE.ai_choice(state, d, "greedy" if seed % 2 else "random", rnd))
        seen.append(state)
    return [seen[round(i * (len(seen) - 1) / (count - 1))] for i in range(count)], state


@pytest.mark.parametrize("players", range(2, 7))
def test_every_image_renders_inside_its_canvas_legible_and_small_at_every_player_count(players):
    pngs = []
    with recording() as seen:
        for seed, opts in ((players, {}), (players + 10, {"noisy": True, "length": "short"})):
            picks, end = states_of(players, seed, opts, 4)
            for state in picks:
                pngs += [drawing.board(ENGINE.view(state, seat)) for seat in (None, 0, players - 1)]
                pngs.append(drawing.hand(ENGINE.view(state, players - 1)))
            pngs.append(drawing.final(ENGINE.view(end, None), ENGINE.result(end)))
    check(seen, pngs)


def test_first_game_legendary_and_hard_boards_render_too():
    pngs = []
    with recording() as seen:
        for opts in ({"first_game": True}, {"legendary": [1], "hard": True}):
            picks, _ = states_of(3, 5, opts, 3)
            pngs += [drawing.board(ENGINE.view(state, None)) for state in picks]
    check(seen, pngs)


def test_a_hand_with_five_items_and_many_peeks_fits():
    s = game(chars=("jack", "hattori"))
    for name in ("Father's Sushi Restaurant", "Clean the Sea", "Rare Sinkers", "Magic Stone", "Tired Fish"):
        give(s, 0, name)
    down = [p for p in range(20) if not s.faceup[p] and s.ground[p] >= 0]
    s.peeks = ((tuple(s.ground[p] for p in down[:12])), ())
    with recording() as seen:
        png = drawing.hand(ENGINE.view(s, 0))
    check(seen, [png])


def test_the_same_view_draws_the_same_bytes_whatever_was_drawn_before():
    picks, _ = states_of(6, 3, {}, 4)
    views = [ENGINE.view(s, None) for s in picks]
    first = [drawing.board(v) for v in views]
    assert [drawing.board(v) for v in reversed(views)] == list(reversed(first))


def test_public_board_does_not_show_a_peeked_card_but_the_peeker_sees_it():
    r = registry.get("pushfish")
    s = game(chars=("jack", "hattori"))
    put(s, 0, "Kraken")
    s, _ = play(s, 0, "ability", "peek-r1c1")
    other = game(chars=("jack", "hattori"))
    put(other, 0, "Sardine")
    other, _ = play(other, 0, "ability", "peek-r1c1")
    assert r.board(ENGINE.view(s, 1)) == r.board(ENGINE.view(other, 1))
    assert r.board(ENGINE.view(s, None)) == r.board(ENGINE.view(other, None))
    assert r.board(ENGINE.view(s, 0)) != r.board(ENGINE.view(other, 0))


def test_hand_image_shows_only_the_seat_s_items():
    r = registry.get("pushfish")
    s = game(chars=("jack", "hattori"))
    t = game(chars=("jack", "hattori"))
    give(t, 1, "Golden Reel")
    assert r.hand(ENGINE.view(s, None)) is None
    assert r.hand(ENGINE.view(s, 0)) == r.hand(ENGINE.view(t, 0))
    assert r.hand(ENGINE.view(s, 1)) != r.hand(ENGINE.view(t, 1))


def test_a_bait_mark_on_a_face_up_card_leaves_its_number_strength_and_name_readable():
    s = game(chars=("jack", "hattori"))
    put(s, 7, "Pink Salmon", faceup=True)
    bare = ENGINE.view(s, None)
    x, y = sim.centre(7)
    top = drawing._tops(2, False)["ground"]
    left, up = drawing._space_xy(7, top)
    bands = [(left, up, left + drawing.CARD_W, up + art.BAND),
             (left, up + drawing.CARD_H - 10 - 2 * (art.TEXT + 2), left + drawing.CARD_W, up + drawing.CARD_H)]
    for seat, dx, dy in ((0, -20.0, 36.0), (1, 0.0, -34.0)):  # on the number, on the name
        marked = bare.model_copy(update={"baits": [x + dx, y + dy, float(seat), 7.0]})
        assert drawing.board(marked) != drawing.board(bare)
        for box in bands:
            before, after = (Image.open(io.BytesIO(drawing.board(v))).convert("RGB").crop(box) for v in (bare, marked))
            ink = [(i, j) for i in range(before.width) for j in range(before.height) if max(before.getpixel((i, j))) < 90]
            kept = sum(1 for i, j in ink if max(after.getpixel((i, j))) < 90)
            assert len(ink) > 40 and kept >= 0.85 * len(ink)  # at most a ring's width of the text is crossed


def test_a_free_for_all_round_marks_every_seat_that_still_has_to_choose_its_target():
    state = ENGINE.new_game(["Ann", "Bob", "Cy", "Dee"], {"noisy": True}, 5)
    first = ENGINE.decisions(state)[0]
    state, _ = ENGINE.apply_to(state, first, first.choices[0].id)
    view = ENGINE.view(state, None)
    assert view.phase == "volley" and len(view.to_act) == 3
    with recording() as seen:
        drawing.board(view)
    marked = {what.split("'")[1].split(" · ")[0] for what, *_ in seen if what.startswith("text '▶ ")}
    assert marked == {f"▶ {view.players[s]}" for s in view.to_act}


def test_a_row_s_points_say_that_the_items_in_hand_are_not_counted_yet():
    with recording() as seen:
        drawing._player_row(0, "Ann", 0, False, False, (), 7, 2, 0, 13)
        drawing._player_row(1, "Bob", 0, False, False, (), 7, 0, 0, 9)
    texts = [what for what, *_ in seen if what.startswith("text")]
    assert "text '13 pts + items'" in texts and "text '9 pts'" in texts


def test_a_row_and_the_hand_say_1_pt_not_1_pts():
    s = game(chars=("jack", "hattori"))
    empty_hands(s)
    give(s, 0, "Spare Bait")
    with recording() as seen:
        drawing._player_row(0, "Ann", 0, False, False, (), 7, 0, 0, 1)
        drawing.hand(ENGINE.view(s, 0))
    texts = " ".join(what for what, *_ in seen if what.startswith("text"))
    assert "text '1 pt'" in texts and "1 of 5 items · 1 pt if kept to the end" in texts
    assert "1 pts" not in texts


def test_a_wood_token_on_a_zone_s_centre_leaves_the_zone_s_letter_beside_it():
    view = ENGINE.view(game(chars=("jack", "hattori")), None).model_copy(update={"flicks": [76.0, 93.0]})
    with recording() as seen:
        drawing.board(view)
    rod = drawing._tops(2, False)["rod"] + drawing.LINE
    for letter, stop in (("S", 76.0), ("SS", 93.0)):
        [(x0, _, x1, _)] = [box for what, box, *_ in seen if what == f"text {letter!r}" and rod <= box[1] <= rod
                            + drawing.ROD_H]
        token = drawing._rod_x(stop)
        assert x1 <= token - 9 or x0 >= token + 9, f"{letter} at {x0}-{x1}, a token at {token - 9}-{token + 9}"


def test_a_bait_that_missed_keeps_its_badge_letter_clear_and_shows_a_red_cross_beside_it():
    s = game(chars=("jack", "hattori"))
    bare = ENGINE.view(s, None)
    x, y = sim.centre(7)
    top = drawing._tops(2, False)["ground"]
    cx, cy = drawing._table_to_px(x, y - 60, top)  # between two rows: no card there
    missed = Image.open(io.BytesIO(drawing.board(bare.model_copy(update={"baits": [x, y - 60, 1.0, -1.0]}))))
    hit = Image.open(io.BytesIO(drawing.board(bare.model_copy(update={"baits": [x, y - 60, 1.0, 7.0]}))))
    centre = (round(cx), round(cy))
    assert missed.getpixel(centre) == hit.getpixel(centre)  # the badge as it is
    cross = (round(cx + drawing.MARK_R * 0.8 + drawing.MISS * 0.7), round(cy + drawing.MARK_R * 0.8))
    assert missed.convert("RGB").getpixel(cross) == drawing.FIGHT != hit.convert("RGB").getpixel(cross)


def test_a_first_games_final_headline_counts_fish(monkeypatch):
    _, end = states_of(2, 3, {"first_game": True}, 2)  # a whole first game, to its end
    said: list[str] = []
    wrap = drawing.wrap_text

    def noted(draw, text, *args, **kwargs):  # type: ignore[no-untyped-def]
        said.append(text)
        return wrap(draw, text, *args, **kwargs)

    monkeypatch.setattr(drawing, "wrap_text", noted)
    result = ENGINE.result(end)
    drawing.final(ENGINE.view(end, None), result)
    assert any(t.startswith("★ ") and f"with {max(result.scores)} fish." in t for t in said)


def test_a_long_name_is_shortened_so_the_row_still_shows_the_character_and_legendary_and_the_hand_its_count():
    long = "Maximilian Alexander Worthington"
    s = ENGINE.new_game([long, "Bo"], {"characters": ["william", "jack"], "legendary": [1]}, 7)
    give(s, 0, "Rare Sinkers")
    with recording() as seen:
        drawing.board(ENGINE.view(s, None))
        drawing.hand(ENGINE.view(s, 0))
    texts = [what for what, *_ in seen if what.startswith("text")]
    [row] = [t for t in texts if "Maximilian" in t and "Knight William" in t]
    assert row.endswith("· Knight William · Legendary'") and long not in row
    held = len(ENGINE.view(s, 0).hand)
    assert any(f"{held} of 5 items" in t for t in texts)


def test_a_wood_token_that_flew_off_the_rod_is_drawn_red_at_its_end_not_as_a_near_miss():
    view = ENGINE.view(ENGINE.new_game(["Ann", "Bob"], {}, 7), None).model_copy(update={"flicks": [128.0, 99.0]})
    image = Image.open(io.BytesIO(drawing.board(view))).convert("RGB")
    y = drawing._tops(2, False)["rod"] + drawing.LINE + drawing.ROD_H // 2 - 8  # above the token's number
    off, near = (image.getpixel((round(drawing._rod_x(stop)) - 6, y)) for stop in view.flicks)
    assert off[0] > 150 and off[1] < 90 and near != off  # red, beside the wood-brown one that landed at 99


def test_the_text_summary_names_the_modes_and_legendary_seats_and_leaves_out_what_a_first_game_has_not():
    legendary = drawing.text(ENGINE.view(ENGINE.new_game(["Ann", "Bob"], {"legendary": [2], "hard": True}, 3), 0))
    rows = {line.split(" (")[0].strip(): line for line in legendary.splitlines() if line.startswith("  Ann (")
            or line.startswith("  Bob (")}
    assert ", Legendary Angler): " in rows["Bob"] and "Legendary" not in rows["Ann"] and "Hard Mode" in legendary
    first = drawing.text(ENGINE.view(ENGINE.new_game(["Ann", "Bob"], {"first_game": True}, 3), 0))
    assert "First game" in first and "Missions:" not in first and "  Ann: caught" in first
    assert "+1 item" not in first and " items;" not in first


def test_after_a_fight_the_rod_keeps_the_zone_its_tokens_were_judged_against_in_grey(monkeypatch):
    """A fish just landed: the tokens stay on the rod and so does the zone they had to stop in (grey, no longer the
    fight's black frame); the next turn clears both."""
    s = quiet(game(chars=("hattori", "jack")))
    empty_hands(s)
    give(s, 0, "Magic Stone")  # playable after a catch: the turn waits for Ann
    put(s, 0, "Pike")
    script(monkeypatch, casts=[0], stops=[CENTRE["S"]])
    s, _ = play(s, 0, "cast-r1c1", "hit-r1c1", "aim-S-c")
    view = ENGINE.view(s, None)
    assert view.phase == "after" and view.turn == 0
    assert view.zone == -1 and view.flicks and view.flick_zone == STRENGTHS.index("S")
    image = Image.open(io.BytesIO(drawing.board(view))).convert("RGB")
    lo, _ = sim.ZONES[view.flick_zone]
    edge = (round(drawing._rod_x(lo)), drawing._tops(2, False)["rod"] + drawing.LINE + drawing.ROD_H // 2)

    def grey(picture: Image.Image) -> bool:  # the muted grey, as the board's palette keeps it
        return max(abs(a - b) for a, b in zip(picture.getpixel(edge), drawing.MUTED, strict=True)) <= 12

    bare = Image.open(io.BytesIO(drawing.board(view.model_copy(update={"flick_zone": -1})))).convert("RGB")
    assert grey(image) and not grey(bare)
    s, _ = play(s, 0, "end")
    assert ENGINE.view(s, None).flick_zone == -1


def test_wood_tokens_that_would_hide_each_other_share_one_token_with_both_numbers():
    """Two stops a point apart would draw one token over the other and hide its number: they share one, numbered
    in turn; a token that flew off stays apart from one that stopped at the rod's end."""
    assert art.token_groups([300.0, 100.0, 306.0], [81.0, 56.0, 82.0]) == [(100.0, "2", False), (303.0, "1·3", False)]
    assert art.token_groups([620.0, 612.0], [128.0, 99.0]) == [(612.0, "2", False), (620.0, "1", True)]
    view = ENGINE.view(ENGINE.new_game(["Ann", "Bob"], {}, 7), None).model_copy(update={"flicks": [81.0, 56.0, 82.0]})
    with recording() as seen:
        drawing.board(view)
    rod = drawing._tops(2, False)["rod"] + drawing.LINE
    on_rod = [what for what, box, *_ in seen if what.startswith("text") and rod <= box[1] <= rod + drawing.ROD_H]
    assert sorted(t for t in on_rod if t[6].isdigit()) == ["text '1·3'", "text '2'"]
