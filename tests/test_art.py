"""The shared art: sprites are cached pure pictures of their parameters, and the phone chrome fits its image."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from renderers import art
from renderers.common import fit_line, fit_lines, font, points, winners_line
from tests import drawn


def test_a_sprite_is_drawn_once_per_parameters_and_is_the_promised_size():
    fish = art.fish_sprite(120, (240, 140, 70), fin="spiky", tail="round", stripes=2)
    assert fish is art.fish_sprite(120, (240, 140, 70), fin="spiky", tail="round", stripes=2)
    assert fish.mode == "RGBA" and fish.width == 120
    assert art.boat_sprite(90).width == 90 and art.worm_sprite(60).width == 60


def test_a_fish_facing_left_is_the_mirror_of_one_facing_right():
    right = art.fish_sprite(80, (70, 130, 180))
    left = art.fish_sprite(80, (70, 130, 180), facing="left")
    assert left.tobytes() == right.transpose(Image.Transpose.FLIP_LEFT_RIGHT).tobytes()


def test_an_unknown_fin_shape_is_refused():
    with pytest.raises(ValueError, match="fin must be one of"):
        art.fish_sprite(80, (70, 130, 180), fin="wings")


def test_a_fish_leaves_transparent_water_around_its_outline():
    fish = art.fish_sprite(100, (246, 190, 60))
    alpha = fish.getchannel("A")
    assert alpha.getpixel((0, 0)) == 0 and alpha.getpixel((fish.width - 1, fish.height - 1)) == 0
    assert alpha.getpixel((fish.width // 2, fish.height // 2)) == 255


def test_the_banner_and_event_bar_scale_with_the_image_width():
    for width in (400, 800, 1200):
        img = Image.new("RGB", (width, 400))
        bottom = art.banner(img, "A rather long game title here", ["Ann", "Bob with a long name"], [1], False)
        assert bottom == art.banner_height(width) == art.px(width, 28)
        assert art.event_bar(img, 300, ["x" * 300]) == 300 + art.event_bar_height(width)


def test_px_gives_the_size_that_shows_at_that_height_on_a_phone():
    assert art.px(400, 8) == 8
    assert art.px(1200, 8) == 24
    assert art.px(1000, 8) == 20


def test_a_long_name_in_the_banner_is_cut_but_never_to_play():
    draw = ImageDraw.Draw(Image.new("RGB", (10, 10)))
    status = art.turn_status(draw, ["Ann", "W" * 40], [1], False, 300, 18)
    assert status.endswith("… to play") and draw.textlength(status, font=font(18, True)) <= 300
    assert art.turn_status(draw, ["Ann", "Bob"], [0, 1], False, 300, 18) == "Waiting for Ann, Bob"
    assert art.turn_status(draw, ["W" * 40, "Bob"], [0, 1], False, 300, 18) == "Waiting for 2 players"


def test_a_line_too_long_cuts_the_long_names_in_it_before_what_happened():
    draw = ImageDraw.Draw(Image.new("RGB", (10, 10)))
    names = ["Bartholomew the Third of Fishbury", "Ann"]
    line = fit_line(draw, "Bartholomew the Third of Fishbury casts at row 1, col 5: HIT! Pike", names, 420, 14)
    assert line.endswith("casts at row 1, col 5: HIT! Pike") and line.startswith("Bartholo")
    assert fit_line(draw, "Ann casts", names, 420, 14) == "Ann casts"
    assert draw.textlength(fit_line(draw, "Ann " * 60, names, 420, 14), font=font(14)) <= 420


def test_an_ai_players_level_goes_before_any_name_is_cut():
    draw = ImageDraw.Draw(Image.new("RGB", (10, 10)))
    names = ["AI 1 (normal)", "AI 2 (normal)", "Ann"]
    text = "First-player flips: AI 1 (normal) Sawshark, AI 2 (normal) Fossil, Ann Tin Can; AI 1 (normal) goes first."
    line = fit_line(draw, text, names, 520, 14)
    assert line == "First-player flips: AI 1 Sawshark, AI 2 Fossil, Ann Tin Can; AI 1 goes first."


def test_lines_keep_every_name_s_news_by_shortening_names_before_cutting_the_end():
    draw = ImageDraw.Draw(Image.new("RGB", (10, 10)))
    names = ["Bartholomew the Magnificent", "AI 2 (normal)", "Bo"]
    text = ("Fishing: Bartholomew the Magnificent 28, AI 2 (normal) 18, Bo 28, and the last sentence says "
            "who won: Bartholomew the Magnificent wins with 46 points.")
    lines = fit_lines(draw, text, names, 420, 14, 2)
    assert len(lines) == 2 and " ".join(lines).endswith("wins with 46 points.") and "AI 2 18" in " ".join(lines)
    assert all(draw.textlength(line, font=font(14)) <= 420 for line in lines)
    assert fit_lines(draw, "Bo " * 200, names, 420, 14, 2)[-1].endswith("…")


def test_the_final_headline_names_every_winner_and_counts_points_in_words():
    assert winners_line(["Ann", "Bo", "Cy"], [0], points(1)) == "★ Ann wins with 1 point"
    assert winners_line(["Ann", "Bo", "Cy"], [0, 1, 2], points(29)) == "★ Ann, Bo and Cy win with 29 points"


def test_a_name_is_never_shortened_into_another_players_name():
    draw = ImageDraw.Draw(Image.new("RGB", (10, 10)))
    names = ["Ann", "Ann (2)", "AI 1 (normal)"]
    line = fit_line(draw, "Ann (2) passes the Kraken to AI 1 (normal), and Ann watches the long line go", names, 360, 14)
    assert line.startswith("Ann (2) passes the Kraken to AI 1,")


def test_the_event_strip_shows_the_two_latest_events_so_a_moves_point_is_not_lost_behind_its_side_effect():
    img = Image.new("RGB", (640, 200))
    with drawn.recording() as seen:
        art.event_bar(img, 0, ["Ann casts.", "Bob's fight for the Kraken fails.", "Bob draws 1 item card."], ["Ann", "Bob"])
    assert [what for what, *_ in seen] == ["text \"Bob's fight for the Kraken fails.\"", "text 'Bob draws 1 item card.'"]


def test_counts_in_words_are_singular_for_one():
    from renderers.common import counted

    assert (counted(1, "worm"), counted(3, "worm"), counted(0, "card"), points(1)) == \
        ("1 worm", "3 worms", "0 cards", "1 point")
