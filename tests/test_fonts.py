"""The shipped fonts draw players' names as typed: CJK, Hangul, full-width and emoji glyphs, right-to-left names."""

from __future__ import annotations

import pytest
from PIL import Image, ImageChops, ImageDraw, features

from renderers.common import font

NAMES = ["山田太郎さん", "김민준", "ＷＷＷＷＷ", "Bart 🎣", "Zoë 🐟😀👍", "محمد", "Łukasz Ångström", "王小明"]
MISSING = "\U0010fffd"  # a private-use code point no font has: it draws as the empty box


def drawn(text: str, size: int = 20, bold: bool = False) -> Image.Image:
    """The text drawn in black on white with the shipped font."""
    f = font(size, bold)
    img = Image.new("L", (int(ImageDraw.Draw(Image.new("L", (1, 1))).textlength(text, font=f)) + 10, size * 2), 255)
    ImageDraw.Draw(img).text((5, 5), text, font=f, fill=0)
    return img


@pytest.mark.parametrize("bold", [False, True])
def test_every_character_of_common_names_has_a_glyph_not_the_empty_box(bold):
    box = drawn(MISSING, bold=bold)
    for name in NAMES:
        for ch in name.replace(" ", ""):
            img = drawn(ch, bold=bold)
            same_size = img.size == box.size
            assert not (same_size and ImageChops.difference(img, box).getbbox() is None), f"{ch!r} in {name!r}"
            assert img.getbbox() is not None and ImageChops.invert(img).getbbox() is not None, f"{ch!r} draws nothing"


@pytest.mark.skipif(not features.check("raqm"), reason="without libraqm every line is laid out left to right")
def test_a_right_to_left_name_keeps_its_place_at_the_start_of_a_left_to_right_line():
    name, line = "محمد عبد", "محمد عبد to play"
    alone, whole = drawn(name), drawn(line)
    width = alone.size[0] - 5
    assert ImageChops.difference(whole.crop((0, 0, width, whole.size[1])),
                                 alone.crop((0, 0, width, alone.size[1]))).getbbox() is None
