"""This Big! sprites drawn in code, cached: fish cards (colour, size big, a fish as long as it is worth), rubbish
cards (boot, tire, can, trombone), lure cards (a crankbait in its colour, the rainbow Lunker) and card backs.

One style: a cream card with a soft shadow, a picture in the middle, the one number a player needs big in the
corner. Each fish colour also has its own markings (red spots, yellow stripes, green spiky fin, blue plain),
so colour is never the only cue; a lure wears the markings of the fish it calls.
"""

from __future__ import annotations

import math
from functools import cache

from PIL import Image, ImageDraw

from engines.thisbig.cards import FACE_CARDS, LUNKER, RUBBISH, colour, size
from renderers.art import RGB, card_frame, fish_sprite, paste, shade
from renderers.common import INK, font

FISH_RGB: tuple[RGB, ...] = ((214, 58, 48), (236, 190, 30), (56, 156, 70), (40, 100, 200))
MARKINGS = (  # per colour: fin, tail, stripes, spots
    ("round", "fork", 0, True),
    ("round", "round", 3, False),
    ("spiky", "square", 0, False),
    ("pointed", "fork", 0, False),
)
CREAM = (252, 248, 238)
RUBBISH_FACE = (206, 198, 182)
LURE_FACE = (34, 64, 84)
RIVER_BACK = (30, 84, 132)
TACKLE_BACK = (120, 78, 44)
RAINBOW: tuple[RGB, ...] = (*FISH_RGB, (150, 70, 190))


def _face_card(face: str) -> int:
    """A card id of this face."""
    return FACE_CARDS[face][0]


def _big(w: int, h: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A transparent 2x canvas for a picture that is downsampled to w x h."""
    img = Image.new("RGBA", (2 * w, 2 * h), (0, 0, 0, 0))
    return img, ImageDraw.Draw(img)


def _small(img: Image.Image) -> Image.Image:
    """Downsample a 2x picture."""
    return img.resize((img.width // 2, img.height // 2), Image.Resampling.LANCZOS)


@cache
def fish_picture(col: int, length: int) -> Image.Image:
    """A fish of this colour and its markings, `length` px long (RGBA)."""
    fin, tail, stripes, spots = MARKINGS[col]
    rgb = FISH_RGB[col]
    return fish_sprite(length, rgb, fin=fin, tail=tail, stripes=stripes, spots=spots, belly=shade(rgb, 1.45),
                       stout=0.46 if col != 2 else 0.38)


@cache
def rubbish_picture(kind: str, w: int) -> Image.Image:
    """A boot, a tire, a can or a trombone about `w` px wide (RGBA)."""
    img, d = _big(w, w)
    s = 2 * w
    lw = max(2, s // 28)
    if kind == "boot":
        leather, sole = (122, 78, 46), (60, 44, 34)
        d.polygon([(s * .30, s * .12), (s * .62, s * .12), (s * .62, s * .58), (s * .90, s * .68), (s * .92, s * .82),
                   (s * .22, s * .82), (s * .26, s * .50)], fill=leather, outline=shade(leather, .5), width=lw)
        d.rectangle((s * .20, s * .80, s * .94, s * .90), fill=sole)
        for y in (.26, .36, .46):
            d.line((s * .34, s * y, s * .58, s * y), fill=(230, 220, 200), width=lw)
        d.rectangle((s * .28, s * .08, s * .64, s * .16), fill=shade(leather, .7))
    elif kind == "tire":
        rubber = (46, 46, 52)
        d.ellipse((s * .08, s * .08, s * .92, s * .92), fill=rubber)
        for k in range(16):
            a = k * math.pi / 8
            cx, cy = s / 2 + math.cos(a) * s * .40, s / 2 + math.sin(a) * s * .40
            d.ellipse((cx - s * .035, cy - s * .035, cx + s * .035, cy + s * .035), fill=(86, 86, 92))
        d.ellipse((s * .30, s * .30, s * .70, s * .70), fill=(170, 170, 176), outline=(90, 90, 96), width=lw)
        d.ellipse((s * .42, s * .42, s * .58, s * .58), fill=(110, 110, 118))
    elif kind == "can":
        tin = (180, 186, 194)
        d.rectangle((s * .28, s * .14, s * .72, s * .88), fill=tin, outline=shade(tin, .55), width=lw)
        d.ellipse((s * .28, s * .08, s * .72, s * .20), fill=shade(tin, 1.2), outline=shade(tin, .55), width=lw)
        d.rectangle((s * .28, s * .36, s * .72, s * .66), fill=(200, 50, 50))
        d.line((s * .30, s * .51, s * .70, s * .51), fill=(250, 240, 220), width=lw)
        d.polygon([(s * .28, s * .74), (s * .40, s * .70), (s * .52, s * .78), (s * .72, s * .72), (s * .72, s * .80),
                   (s * .28, s * .82)], fill=shade(tin, .75))  # a dent
    else:  # trombone
        brass, dark = (222, 172, 52), (150, 104, 24)
        d.line((s * .10, s * .36, s * .72, s * .36), fill=brass, width=lw * 3)
        d.line((s * .10, s * .60, s * .72, s * .60), fill=brass, width=lw * 3)
        d.arc((s * .60, s * .36, s * .84, s * .60), 270, 90, fill=brass, width=lw * 3)
        d.line((s * .30, s * .36, s * .30, s * .60), fill=dark, width=lw)
        d.polygon([(s * .10, s * .60), (s * .02, s * .44), (s * .02, s * .78)], fill=brass, outline=dark, width=lw)
        d.ellipse((s * .00, s * .44, s * .06, s * .78), fill=dark)
        d.line((s * .72, s * .36, s * .96, s * .36), fill=brass, width=lw)
    return _small(img)


@cache
def lure_picture(col: int, w: int) -> Image.Image:
    """A crankbait lure `w` px wide in a fish colour (or the rainbow Lunker), with its lip, eye and hooks (RGBA)."""
    h = round(w * 0.62)
    img, d = _big(w, h)
    s, t = 2 * w, 2 * h
    lw = max(2, s // 40)
    body = (s * .16, t * .16, s * .84, t * .58)
    if col == LUNKER:
        mask = Image.new("L", img.size, 0)
        ImageDraw.Draw(mask).ellipse(body, fill=255)
        bands = Image.new("RGBA", img.size, (0, 0, 0, 0))
        bd = ImageDraw.Draw(bands)
        step = (body[2] - body[0]) / len(RAINBOW)
        for i, rgb in enumerate(RAINBOW):
            bd.rectangle((body[0] + i * step, 0, body[0] + (i + 1) * step, t), fill=rgb)
        img.paste(bands, (0, 0), mask)
        edge: RGB = (255, 230, 120)
    else:
        rgb = FISH_RGB[col]
        edge = shade(rgb, .5)
        d.ellipse(body, fill=rgb)
        _, _, stripes, spots = MARKINGS[col]
        if stripes:
            for k in range(stripes):
                x = body[0] + (body[2] - body[0]) * (.3 + .16 * k)
                d.line((x, body[1] + 4, x, body[3] - 4), fill=edge, width=lw * 2)
        if spots:
            for fx, fy in ((.35, .3), (.5, .5), (.62, .28), (.45, .68)):
                x, y = body[0] + (body[2] - body[0]) * fx, body[1] + (body[3] - body[1]) * fy
                d.ellipse((x - s * .03, y - s * .03, x + s * .03, y + s * .03), fill=edge)
        if col == 2:
            d.polygon([(s * .36, body[1] + 2), (s * .44, t * .04), (s * .52, body[1] + 2), (s * .60, t * .04),
                       (s * .66, body[1] + 4)], fill=edge)
    d.ellipse(body, outline=edge, width=lw)
    d.polygon([(s * .82, t * .30), (s * .98, t * .46), (s * .80, t * .46)], fill=(200, 220, 235), outline=edge,
              width=max(1, lw // 2))  # the diving lip
    ex, ey, er = s * .70, t * .30, s * .045
    d.ellipse((ex - er, ey - er, ex + er, ey + er), fill=(255, 255, 255), outline=INK, width=max(1, lw // 2))
    d.ellipse((ex - er / 2, ey - er / 2, ex + er / 2, ey + er / 2), fill=INK)
    d.line((s * .04, t * .37, s * .16, t * .37), fill=(160, 160, 170), width=lw)  # the line ring
    steel = (200, 204, 212)
    for hx in (s * .34, s * .64):  # two treble hooks
        d.line((hx, t * .58, hx, t * .72), fill=steel, width=lw)
        for dx in (-1, 1):
            d.arc((hx - s * .07 * (dx < 0), t * .70, hx + s * .07 * (dx > 0), t * .92), 0 if dx > 0 else 90,
                  180 if dx > 0 else 270, fill=steel, width=lw)
    return _small(img)


def _number(draw: ImageDraw.ImageDraw, x: float, y: float, text: str, px: int, ink: RGB) -> None:
    """A corner number with a light halo so it reads over any picture."""
    draw.text((x, y), text, font=font(px, True), fill=ink, anchor="la", stroke_width=max(1, px // 10),
              stroke_fill=CREAM)


@cache
def card_sprite(face: str, w: int, h: int, dim: bool = False, penalty: bool = False) -> Image.Image:
    """One card face, w x h plus a shadow margin (RGBA): fish, rubbish or lure. `dim` washes it out (not in play
    now, or dumped from a hand); `penalty` marks rubbish with its -1."""
    pad = 8
    img = Image.new("RGBA", (w + 2 * pad, h + 2 * pad), (0, 0, 0, 0))
    box = (pad, pad, pad + w - 1, pad + h - 1)
    card = _face_card(face)
    radius = max(4, w // 9)
    edge_w = max(2, w // 26)
    if card < 32:
        col = colour(card)
        rgb = FISH_RGB[col]
        draw = card_frame(img, box, CREAM, radius=radius, outline=shade(rgb, .7), width=edge_w)
        inner = (pad + edge_w + 1, pad + round(h * .50), pad + w - edge_w - 2, pad + h - edge_w - 2)
        draw.rounded_rectangle(inner, radius=max(2, radius - 2), fill=shade(rgb, 1.78))
        fish = fish_picture(col, max(12, round(w * (.48 + .1 * size(card)))))
        paste(img, fish, pad + w / 2, pad + h * .70)
        _number(draw, pad + w * .09, pad + h * .02, str(size(card)), max(9, round(h * .40)), shade(rgb, .62))
    elif card < 40:
        draw = card_frame(img, box, RUBBISH_FACE, radius=radius, outline=(110, 100, 86), width=edge_w)
        kind = RUBBISH[(card - 32) // 2]
        paste(img, rubbish_picture(kind, round(min(w, h) * .74)), pad + w / 2, pad + h * .54)
        if penalty:
            _number(draw, pad + w * .08, pad + h * .02, "−1", max(9, round(h * .36)), (170, 30, 30))
    else:
        col = colour(card)
        lunker = col == LUNKER
        draw = card_frame(img, box, LURE_FACE, radius=radius, outline=(255, 214, 90) if lunker else shade(
            FISH_RGB[col], .8), width=edge_w + (1 if lunker else 0))
        if lunker:
            for i, rgb in enumerate(RAINBOW):
                y = pad + h * (.08 + .035 * i)
                draw.line((pad + w * .15, y, pad + w * .85, y), fill=rgb, width=max(1, h // 40))
        paste(img, lure_picture(col, round(w * .96)), pad + w / 2, pad + h * .56)
    if dim:
        veil = Image.new("RGBA", img.size, (0, 0, 0, 0))
        ImageDraw.Draw(veil).rounded_rectangle(box, radius=radius, fill=(240, 236, 226, 150))
        img = Image.alpha_composite(img, veil)
    return img


@cache
def back_sprite(kind: str, w: int, h: int) -> Image.Image:
    """A face-down card, w x h plus a shadow margin (RGBA): 'river' (fish and rubbish) or 'tackle' (lures)."""
    pad = 8
    img = Image.new("RGBA", (w + 2 * pad, h + 2 * pad), (0, 0, 0, 0))
    fill = RIVER_BACK if kind == "river" else TACKLE_BACK
    draw = card_frame(img, (pad, pad, pad + w - 1, pad + h - 1), fill, radius=max(4, w // 9),
                      outline=shade(fill, .5), width=max(2, w // 26))
    light = shade(fill, 1.3)
    inset = max(4, w // 8)
    draw.rounded_rectangle((pad + inset, pad + inset, pad + w - inset, pad + h - inset), radius=max(2, w // 14),
                           outline=light, width=max(1, w // 30))
    if kind == "river":
        arc = max(6, w // 4)
        for row in range(3):
            y = pad + h * (.3 + .2 * row)
            for x in range(pad + inset, pad + w - inset - arc + 1, arc):
                draw.arc((x, y, x + arc, y + arc / 2), 200, 340, fill=light, width=max(1, w // 30))
    else:
        cx, top, r = pad + w / 2, pad + h * .25, w * .14
        draw.line((cx, top, cx, pad + h * .62), fill=light, width=max(2, w // 16))
        draw.arc((cx - 2 * r, pad + h * .62 - r * 1.6, cx, pad + h * .62 + r * .6), 0, 180, fill=light,
                 width=max(2, w // 16))
        draw.ellipse((cx - r / 2, top - r, cx + r / 2, top), outline=light, width=max(1, w // 24))
    return img


def put_card(img: Image.Image, sprite: Image.Image, x: float, y: float) -> None:
    """Paste a card sprite (with its shadow margin) so that its face's top-left corner is at (x, y)."""
    img.paste(sprite, (round(x) - 8, round(y) - 8), sprite)
