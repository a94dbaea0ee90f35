"""Friendly Fishing pictures drawn in code: every tile kind, rocks, the Central Island and the legend icons.

One style: cream cardboard tiles with a soft shadow for fish and junk, navy tiles with gold icons for actions.
Every sprite is RGBA, drawn at 2x and downsampled, and cached by its parameters (drawn once per process).
"""

from __future__ import annotations

import math
from functools import cache

from PIL import Image, ImageDraw

from engines.friendly.tiles import ACTIONS
from renderers.art import fish_sprite, shade
from renderers.common import INK, font

RGB = tuple[int, int, int]
FACE = (250, 244, 226)
FACE_EDGE = (132, 108, 74)
ACTION_FACE = (40, 64, 98)
GOLD = (255, 206, 84)
FISH_RGB: dict[str, RGB] = {"R": (222, 58, 48), "Y": (247, 202, 36), "G": (52, 160, 72), "B": (38, 98, 206)}
# Each colour also has its own markings, so a fish reads without its colour.
FISH_LOOK = {"R": {"fin": "round", "tail": "fork"}, "Y": {"fin": "round", "tail": "fork", "stripes": 2},
             "G": {"fin": "round", "tail": "fork", "spots": True}, "B": {"fin": "spiky", "tail": "square"}}
ROCK = (122, 118, 110)
SAND = (234, 208, 146)


def _smooth(big: Image.Image) -> Image.Image:
    """Downsample a 2x drawing to its final size."""
    return big.resize((big.width // 2, big.height // 2), Image.Resampling.LANCZOS)


def _place(img: Image.Image, sprite: Image.Image, cx: float, cy: float) -> None:
    """Composite an RGBA sprite centred on (cx, cy)."""
    img.alpha_composite(sprite, (round(cx - sprite.width / 2), round(cy - sprite.height / 2)))


def _rotated(sprite: Image.Image, degrees: float) -> Image.Image:
    """A sprite turned counter-clockwise, grown to fit."""
    return sprite.rotate(degrees, resample=Image.Resampling.BICUBIC, expand=True)


@cache
def tile_sprite(kind: str, size: int) -> Image.Image:
    """A tile `size` px square: its face (cream, navy for actions) with a shadow, and the picture of its kind."""
    s = 2 * size
    big = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    r = s // 7
    d.rounded_rectangle((5, 7, s - 1, s - 1), radius=r, fill=(0, 0, 0, 70))
    action = kind in ACTIONS
    d.rounded_rectangle((1, 1, s - 5, s - 5), radius=r, fill=ACTION_FACE if action else FACE,
                        outline=INK if action else FACE_EDGE, width=max(2, s // 40))
    if action:
        _action_icon(d, kind, s - 4)
    img = _smooth(big)
    if not action:
        _picture(img, kind, size - 2)
    elif kind == "F2":
        fish = fish_sprite(round(size * 0.44), FACE, fin="round", tail="fork")
        _place(img, fish, size * 0.48, size * 0.3)
        _place(img, fish.transpose(Image.Transpose.FLIP_LEFT_RIGHT), size * 0.48, size * 0.68)
    return img


def _picture(img: Image.Image, kind: str, size: int) -> None:
    """The fish (or boot, or crayfish) on a tile face `size` px wide."""
    c = size / 2
    if kind in FISH_RGB:
        _place(img, common_fish(kind, round(size * 0.86)), c, c)
    elif kind == "C":
        _place(img, crayfish_sprite(round(size * 0.86)), c, c)
    elif kind == "K":
        fish = fish_sprite(round(size * 0.8), (118, 62, 170), fin="spiky", tail="fork", belly=(196, 160, 226))
        _place(img, fish, c, c + size * 0.1)
        _place(img, crown_sprite(round(size * 0.4)), c + size * 0.08, c - size * 0.26)
    elif kind == "L":
        _place(img, fish_sprite(round(size * 0.94), (78, 104, 54), fin="spiky", tail="square", belly=(206, 204, 140),
                                stout=0.58), c, c)
    elif kind == "D":
        small = fish_sprite(round(size * 0.46), (64, 176, 176), fin="round", tail="fork", belly=(200, 238, 232))
        _place(img, small, c - size * 0.14, c - size * 0.17)
        _place(img, small.transpose(Image.Transpose.FLIP_LEFT_RIGHT), c + size * 0.14, c + size * 0.19)
    elif kind == "S":
        _place(img, skipjack_sprite(round(size * 0.9)), c, c)
    elif kind == "H":
        _place(img, fish_sprite(round(size * 0.8), (176, 186, 204), fin="round", tail="fork", belly=(242, 246, 252),
                                stout=0.32), c, c + size * 0.06)
        _place(img, sparkle_sprite(round(size * 0.26)), c + size * 0.28, c - size * 0.27)
        _place(img, sparkle_sprite(round(size * 0.18)), c - size * 0.3, c - size * 0.2)
    elif kind == "J":
        _place(img, boot_sprite(round(size * 0.8)), c, c)


@cache
def common_fish(colour: str, length: int) -> Image.Image:
    """A Common Fish of one colour, with that colour's markings."""
    body = FISH_RGB[colour]
    return fish_sprite(length, body, belly=shade(body, 1.45), **FISH_LOOK[colour])


@cache
def crayfish_sprite(size: int) -> Image.Image:
    """A crayfish seen from above, claws forward (up): carapace, tail segments, fan, legs and feelers."""
    s = 2 * size
    img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    body, edge = (214, 84, 44), (120, 40, 20)
    lw = max(2, s // 50)
    cx = s / 2
    for side in (-1, 1):
        for i in range(3):  # walking legs
            y = s * (0.46 + 0.07 * i)
            d.line((cx, y, cx + side * s * 0.24, y + s * 0.05), fill=edge, width=lw)
        d.line((cx + side * s * 0.04, s * 0.3, cx + side * s * 0.36, s * 0.02), fill=edge, width=lw)  # feeler
        d.line((cx + side * s * 0.08, s * 0.36, cx + side * s * 0.24, s * 0.24), fill=body, width=lw * 3)  # arm
        claw = (cx + side * s * 0.28, s * 0.16)
        d.ellipse((claw[0] - s * 0.1, claw[1] - s * 0.13, claw[0] + s * 0.1, claw[1] + s * 0.1), fill=body,
                  outline=edge, width=lw)
        d.line((claw[0], claw[1] - s * 0.13, claw[0] - side * s * 0.02, claw[1] + s * 0.02), fill=edge, width=lw)
    for i in range(4):  # tail segments, narrowing
        w = s * (0.12 - 0.015 * i)
        y = s * (0.62 + 0.075 * i)
        d.ellipse((cx - w, y, cx + w, y + s * 0.1), fill=body, outline=edge, width=lw)
    d.polygon([(cx, s * 0.88), (cx - s * 0.14, s * 0.98), (cx + s * 0.14, s * 0.98)], fill=body, outline=edge,
              width=lw)
    d.ellipse((cx - s * 0.13, s * 0.3, cx + s * 0.13, s * 0.66), fill=body, outline=edge, width=lw)
    d.line((cx - s * 0.08, s * 0.48, cx + s * 0.08, s * 0.48), fill=edge, width=lw)
    for side in (-1, 1):
        d.ellipse((cx + side * s * 0.06 - s * 0.025, s * 0.3, cx + side * s * 0.06 + s * 0.025, s * 0.35), fill=INK)
    return _smooth(img)


@cache
def crown_sprite(width: int) -> Image.Image:
    """A gold crown with three points and jewels."""
    s = 2 * width
    h = round(s * 0.62)
    img = Image.new("RGBA", (s, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    edge = (150, 100, 20)
    lw = max(2, s // 30)
    d.polygon([(s * 0.06, h * 0.95), (s * 0.02, h * 0.15), (s * 0.28, h * 0.55), (s * 0.5, h * 0.04),
               (s * 0.72, h * 0.55), (s * 0.98, h * 0.15), (s * 0.94, h * 0.95)], fill=GOLD, outline=edge, width=lw)
    for x in (0.3, 0.5, 0.7):
        r = s * 0.06
        d.ellipse((s * x - r, h * 0.72 - r, s * x + r, h * 0.72 + r), fill=(200, 40, 60), outline=edge)
    return _smooth(img)


@cache
def skipjack_sprite(size: int) -> Image.Image:
    """A slim striped tuna leaping out of a splash."""
    fish = fish_sprite(round(size * 0.74), (34, 62, 120), fin="pointed", tail="fork", belly=(206, 220, 236),
                       stout=0.3, stripes=3)
    jump = _rotated(fish, 24)
    s = 2 * size
    img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    spray = (70, 150, 210)
    lw = max(2, s // 40)
    d.arc((s * 0.08, s * 0.66, s * 0.62, s * 0.98), 200, 340, fill=spray, width=lw * 2)
    for x, y in ((0.12, 0.62), (0.2, 0.55), (0.58, 0.62)):
        r = s * 0.03
        d.ellipse((s * x - r, s * y - r, s * x + r, s * y + r), fill=spray)
    out = _smooth(img)
    _place(out, jump, size * 0.5, size * 0.47)
    return out


@cache
def sparkle_sprite(size: int) -> Image.Image:
    """A four-pointed white-and-gold sparkle."""
    s = 2 * size
    img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    c, t = s / 2, s * 0.12
    ImageDraw.Draw(img).polygon([(c, 0), (c + t, c - t), (s, c), (c + t, c + t), (c, s), (c - t, c + t), (0, c),
                                 (c - t, c - t)], fill=(255, 236, 150), outline=(190, 150, 40))
    return _smooth(img)


@cache
def boot_sprite(size: int) -> Image.Image:
    """An old leaking boot: shaft, foot, sole, laces and a drip."""
    s = 2 * size
    img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    leather, edge = (128, 84, 48), (70, 44, 24)
    lw = max(2, s // 40)
    d.polygon([(s * 0.22, s * 0.08), (s * 0.56, s * 0.08), (s * 0.58, s * 0.54), (s * 0.9, s * 0.64),
               (s * 0.94, s * 0.84), (s * 0.14, s * 0.84), (s * 0.2, s * 0.5)], fill=leather, outline=edge, width=lw)
    d.rectangle((s * 0.12, s * 0.84, s * 0.96, s * 0.93), fill=(60, 46, 36), outline=edge, width=lw)
    d.rectangle((s * 0.2, s * 0.05, s * 0.58, s * 0.14), fill=shade(leather, 1.3), outline=edge, width=lw)
    for i in range(3):
        y = s * (0.24 + 0.1 * i)
        d.line((s * 0.5, y, s * 0.62, y + s * 0.04), fill=(236, 226, 200), width=lw)
    d.ellipse((s * 0.68, s * 0.28, s * 0.76, s * 0.4), fill=(90, 170, 220), outline=(40, 100, 160))
    return _smooth(img)


def _arrow(d: ImageDraw.ImageDraw, points: list[tuple[float, float]], colour: RGB, width: int) -> None:
    """A polyline with an arrowhead at its last point."""
    d.line(points, fill=colour, width=width, joint="curve")
    (x0, y0), (x1, y1) = points[-2], points[-1]
    a = math.atan2(y1 - y0, x1 - x0)
    head = width * 2.6
    d.polygon([(x1 + math.cos(a) * head * 0.6, y1 + math.sin(a) * head * 0.6),
               (x1 + math.cos(a + 2.3) * head, y1 + math.sin(a + 2.3) * head),
               (x1 + math.cos(a - 2.3) * head, y1 + math.sin(a - 2.3) * head)], fill=colour)


def _arc_points(cx: float, cy: float, r: float, start: float, end: float) -> list[tuple[float, float]]:
    """Points along a circular arc (degrees, clockwise on screen)."""
    return [(cx + r * math.cos(math.radians(start + (end - start) * i / 12)),
             cy + r * math.sin(math.radians(start + (end - start) * i / 12))) for i in range(13)]


def _mini_tile(d: ImageDraw.ImageDraw, x: float, y: float, w: float, fill: RGB = FACE) -> None:
    """A small square tile inside an action icon."""
    d.rounded_rectangle((x, y, x + w, y + w), radius=w * 0.18, fill=fill, outline=INK, width=max(2, round(w / 12)))


def _action_icon(d: ImageDraw.ImageDraw, kind: str, s: float) -> None:
    """The icon of an action tile on a navy face `s` px wide (2x scale)."""
    lw = max(3, round(s / 22))
    if kind == "F2":  # the two fish are pasted on after smoothing (see tile_sprite)
        _arrow(d, _arc_points(s * 0.5, s * 0.5, s * 0.36, -30, 30), GOLD, lw)
        _arrow(d, _arc_points(s * 0.5, s * 0.5, s * 0.36, 150, 210), GOLD, lw)
    elif kind == "T2":
        _mini_tile(d, s * 0.12, s * 0.12, s * 0.3)
        _mini_tile(d, s * 0.58, s * 0.58, s * 0.3)
        _arrow(d, _arc_points(s * 0.5, s * 0.5, s * 0.3, 200, 290), GOLD, lw)
        _arrow(d, _arc_points(s * 0.5, s * 0.5, s * 0.3, 20, 110), GOLD, lw)
    elif kind == "SL":
        _mini_tile(d, s * 0.08, s * 0.34, s * 0.32)
        _arrow(d, [(s * 0.44, s * 0.5), (s * 0.86, s * 0.5)], GOLD, lw)
        for y in (0.36, 0.64):
            d.line((s * 0.5, s * y, s * 0.7, s * y), fill=GOLD, width=max(2, lw // 2))
    elif kind == "RM":
        _mini_tile(d, s * 0.24, s * 0.24, s * 0.52)
        red = (226, 52, 52)
        d.line((s * 0.2, s * 0.2, s * 0.8, s * 0.8), fill=red, width=lw * 2)
        d.line((s * 0.8, s * 0.2, s * 0.2, s * 0.8), fill=red, width=lw * 2)
    else:  # DP: Double Points
        d.text((s * 0.5, s * 0.52), "×2", font=font(round(s * 0.46), bold=True), fill=GOLD, anchor="mm",
               stroke_width=max(2, lw // 2), stroke_fill=INK)


@cache
def rock_sprite(size: int) -> Image.Image:
    """A cluster of grey boulders with light tops, `size` px square."""
    s = 2 * size
    img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    edge = shade(ROCK, 0.55)
    lw = max(2, s // 45)
    for x0, y0, x1, y1, tone in ((0.08, 0.36, 0.62, 0.9, 0.9), (0.4, 0.24, 0.94, 0.86, 1.0),
                                 (0.2, 0.08, 0.7, 0.6, 1.12)):
        colour = shade(ROCK, tone)
        d.ellipse((s * x0, s * y0, s * x1, s * y1), fill=colour, outline=edge, width=lw)
        d.arc((s * (x0 + 0.08), s * (y0 + 0.06), s * (x1 - 0.08), s * (y1 - 0.1)), 200, 300,
              fill=shade(colour, 1.35), width=lw)
    d.arc((s * 0.02, s * 0.7, s * 0.98, s * 1.0), 10, 170, fill=(255, 255, 255, 140), width=lw)
    return _smooth(img)


@cache
def island_sprite(width: int, height: int) -> Image.Image:
    """The Central Island: a sandy shore ringed by surf, grass and a palm tree, `width` x `height` px."""
    s, h = 2 * width, 2 * height
    img = Image.new("RGBA", (s, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    lw = max(2, h // 45)
    d.ellipse((0, h * 0.06, s, h), fill=(255, 255, 255, 150))
    d.ellipse((s * 0.03, h * 0.1, s * 0.97, h * 0.95), fill=SAND, outline=shade(SAND, 0.7), width=lw)
    d.ellipse((s * 0.2, h * 0.22, s * 0.8, h * 0.72), fill=(120, 176, 84), outline=(84, 130, 60), width=lw)
    tx = s * 0.5 + (h * 0.1 if width > height else 0)
    trunk = (128, 92, 56)
    d.line((tx, h * 0.62, tx + h * 0.06, h * 0.2), fill=trunk, width=lw * 3)
    top = (tx + h * 0.06, h * 0.2)
    leaf = (52, 130, 60)
    for angle in (200, 240, 290, 335, 20):
        a = math.radians(angle)
        end = (top[0] + math.cos(a) * h * 0.3, top[1] + math.sin(a) * h * 0.2 + h * 0.06)
        d.line((top, end), fill=leaf, width=lw * 3)
    return _smooth(img)
