"""Sprites for If Wishes Were Fishes!: the seven kinds, ocean cards, the deck, stalls, buyers, wooden fish, the heap.

Every sprite is RGBA, drawn at 2x and downsampled (renderers.art style), and cached: a board pastes them.
Texts on a sprite are sized for a board WIDTH px wide (at least 8 px tall when the board is shown 400 px wide).
"""

from __future__ import annotations

import math
from functools import cache

from PIL import Image, ImageDraw

from engines.wishes.cards import BOAT, DOUBLE, KINDS, WISH_NAMES
from renderers.art import card_frame, fish_sprite, paste, px, shade
from renderers.common import INK, PANEL, fit_text, font, seat_colour, seat_shape, text_colour_on, wrap_text

RGB = tuple[int, int, int]
WIDTH = 800  # the board's width; every size below is for it
KIND_COLOURS: tuple[RGB, ...] = ((246, 190, 60), (150, 110, 190), (240, 140, 70), (150, 110, 80), (140, 150, 160),
                                 (236, 96, 50), (70, 130, 180))
ANGEL, KING, STAR, MONK, CAT, CLOWN, SWORD = range(7)
WISH_TEXT = {BOAT: "Boat: an extra boat"}  # what a card says where the rule's name alone says too little
BUYER_SHIRTS = {3: (214, 170, 40), 2: (170, 176, 186), 1: (196, 126, 70)}  # gold, silver, bronze
SKIN = (244, 204, 170)
WOOD = (176, 122, 72)
SIZE_TEXT = px(WIDTH, 8)  # 16: the smallest text a player needs
SIZE_NAME = px(WIDTH, 8.5)


def _smooth(big: Image.Image) -> Image.Image:
    """Downsample a 2x drawing to its final size."""
    return big.resize((max(1, big.width // 2), max(1, big.height // 2)), Image.Resampling.LANCZOS)


def _star(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB, edge: RGB, width: int) -> None:
    """A plump five-armed starfish with dots along its arms."""
    points = []
    for i in range(10):
        a = -math.pi / 2 + i * math.pi / 5
        rr = r if i % 2 == 0 else r * 0.48
        points.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    draw.polygon(points, fill=fill, outline=edge, width=width)
    dot = max(2.0, r * 0.07)
    for i in range(5):
        a = -math.pi / 2 + i * 2 * math.pi / 5
        for t in (0.35, 0.62):
            x, y = cx + r * t * math.cos(a), cy + r * t * math.sin(a)
            draw.ellipse((x - dot, y - dot, x + dot, y + dot), fill=shade(fill, 1.45))
    draw.ellipse((cx - dot * 1.6, cy - dot * 1.6, cx + dot * 1.6, cy + dot * 1.6), fill=shade(fill, 0.7))


FISH_LOOKS = {  # kind -> fish_sprite parameters: each its own silhouette as well as its colour
    ANGEL: dict(fin="pointed", tail="fork", stripes=3, stout=0.82, fin_colour=(60, 110, 190)),
    KING: dict(fin="spiky", tail="fork", stout=0.3, belly=(214, 200, 236)),
    MONK: dict(fin="round", tail="round", spots=True, stout=0.56),
    CAT: dict(fin="round", tail="square", stout=0.34, belly=(196, 202, 208)),
    CLOWN: dict(fin="round", tail="round", stout=0.5),
    SWORD: dict(fin="pointed", tail="fork", stout=0.26, belly=(200, 220, 236)),
}


@cache
def kind_sprite(kind: int, length: int) -> Image.Image:
    """The picture of a kind, about `length` px long (RGBA): crown, lure, whiskers, bands or bill tell them apart."""
    colour = KIND_COLOURS[kind]
    edge = shade(colour, 0.5)
    s = 2 * length
    canvas = Image.new("RGBA", (s, round(s * 0.9)), (0, 0, 0, 0))
    draw = ImageDraw.Draw(canvas)
    lw = max(2, s // 50)
    cx, cy = s / 2, canvas.height / 2
    if kind == STAR:
        _star(draw, cx, cy, canvas.height * 0.48, colour, edge, lw)
        return _smooth(canvas)
    body_len = round(s * (0.74 if kind == SWORD else 0.9))
    fish = fish_sprite(body_len, colour, **FISH_LOOKS[kind])
    x0 = round((s - body_len) / 2) - (round(s * 0.12) if kind == SWORD else 0)
    y0 = round(cy - fish.height / 2) + (round(s * 0.06) if kind in (KING, MONK) else 0)
    canvas.paste(fish, (x0, y0), fish)
    bh = body_len * FISH_LOOKS[kind]["stout"]
    fy = y0 + fish.height / 2
    nose = x0 + body_len * 0.98
    if kind == KING:  # a golden crown on its head
        hx, top = x0 + body_len * 0.78, fy - bh / 2
        w = bh * 0.9
        pts = [(hx - w / 2, top + 2), (hx - w / 2, top - w * 0.45), (hx - w / 4, top - w * 0.2), (hx, top - w * 0.55),
               (hx + w / 4, top - w * 0.2), (hx + w / 2, top - w * 0.45), (hx + w / 2, top + 2)]
        draw.polygon(pts, fill=(250, 206, 60), outline=(150, 110, 20), width=lw)
    elif kind == MONK:  # the lure on a rod over its head
        base = (x0 + body_len * 0.8, fy - bh * 0.42)
        tip = (nose + s * 0.04, fy - bh * 0.95)
        draw.line((base, (base[0] + s * 0.02, tip[1] - s * 0.02), tip), fill=edge, width=lw)
        r = s * 0.035
        draw.ellipse((tip[0] - r, tip[1] - r, tip[0] + r, tip[1] + r), fill=(255, 236, 120), outline=edge, width=lw)
    elif kind == CAT:  # whiskers
        for dy, dx in ((-0.05, 0.16), (0.06, 0.18), (0.14, 0.14)):
            y = fy + bh * dy
            draw.line((nose - s * 0.03, y, nose + s * dx, y + bh * dy * 3 + bh * 0.12), fill=INK, width=lw)
    elif kind == CLOWN:  # white bands edged in black, clipped to the body
        band = Image.new("RGBA", canvas.size, (0, 0, 0, 0))
        bd = ImageDraw.Draw(band)
        for t in (0.38, 0.62, 0.84):
            x = x0 + body_len * t
            w = body_len * 0.075
            bd.rectangle((x - w - lw, 0, x + w + lw, canvas.height), fill=INK)
            bd.rectangle((x - w, 0, x + w, canvas.height), fill=(255, 255, 255))
        mask = Image.new("L", canvas.size, 0)
        ImageDraw.Draw(mask).ellipse((x0 + body_len * 0.2 + lw, fy - bh / 2 + lw, nose - lw, fy + bh / 2 - lw),
                                     fill=255)
        canvas.paste(band, (0, 0), mask)
        er, ex, ey = max(3.0, bh * 0.11), x0 + body_len * 0.2 + (nose - x0 - body_len * 0.2) * 0.84, fy - bh * 0.12
        draw.ellipse((ex - er, ey - er, ex + er, ey + er), fill=(255, 255, 255), outline=edge, width=lw // 2 or 1)
        draw.ellipse((ex - er / 2, ey - er / 2, ex + er / 2, ey + er / 2), fill=INK)
    elif kind == SWORD:  # the long bill
        draw.polygon([(nose - s * 0.04, fy - bh * 0.12), (min(s - 2, nose + s * 0.3), fy), (nose - s * 0.04,
                      fy + bh * 0.1)], fill=shade(colour, 0.8), outline=edge, width=lw)
    return _smooth(canvas.crop(canvas.getbbox()))


@cache
def kind_fitted(kind: int, width: int, height: int) -> Image.Image:
    """The picture of a kind as large as fits a box (the starfish is as tall as it is wide; the others are not)."""
    sprite = kind_sprite(kind, width)
    if sprite.height <= height:
        return sprite
    return kind_sprite(kind, max(8, width * height // sprite.height))


def _centre_text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int, bold: bool,
                 fill: RGB) -> None:
    """Text centred on a point."""
    draw.text(xy, text, font=font(size, bold), fill=fill, anchor="mm")


@cache
def card_sprite(kind: int, wish: int, w: int, h: int) -> Image.Image:
    """An ocean card: the kind's name on its colour, its picture on water, and its wish (or two fish and ×2)."""
    img = Image.new("RGBA", (w + 12, h + 12), (0, 0, 0, 0))
    box = (4, 2, 4 + w, 2 + h)
    colour = KIND_COLOURS[kind]
    draw = card_frame(img, box, PANEL, radius=12)
    head = SIZE_NAME + 12
    draw.rounded_rectangle((6, 4, 2 + w, 2 + head), radius=10, fill=colour)
    draw.rectangle((6, head - 6, 2 + w, 2 + head), fill=colour)
    _centre_text(draw, (4 + w / 2, 3 + head / 2), fit_text(draw, KINDS[kind], w - 12, SIZE_NAME, True), SIZE_NAME,
                 True, text_colour_on(colour))
    foot = 2 * SIZE_TEXT + 14
    pic_top, pic_bottom = 2 + head + 4, 2 + h - foot
    draw.rounded_rectangle((12, pic_top, w - 4, pic_bottom), radius=10, fill=(214, 236, 246))
    mid = (pic_top + pic_bottom) / 2
    if wish == DOUBLE:
        fish = kind_sprite(kind, round(w * 0.46))
        paste(img, fish, 4 + w * 0.33, mid - fish.height * 0.22)
        paste(img, fish, 4 + w * 0.62, mid + fish.height * 0.25)
        lines = ["Double fish", "×2 in a wish"]
    else:
        fish = kind_sprite(kind, round(w * 0.66))
        paste(img, fish, 4 + w / 2, mid)
        lines = wrap_text(draw, WISH_TEXT.get(wish, WISH_NAMES[wish]), w - 14, SIZE_TEXT, True)[:2]
    y = 2 + h - foot + 4 + (SIZE_TEXT + 3) * (2 - len(lines)) / 2
    for line in lines:
        draw.text((4 + w / 2, y), line, font=font(SIZE_TEXT, True), fill=INK, anchor="ma")
        y += SIZE_TEXT + 3
    return img


@cache
def deck_sprite(w: int, h: int) -> Image.Image:
    """The face-down deck: three stacked card backs with a wave pattern."""
    img = Image.new("RGBA", (w + 12, h + 12), (0, 0, 0, 0))
    for i, off in enumerate((8, 4, 0)):
        draw = card_frame(img, (4 + off, 2 + off, 4 + off + w - 8, 2 + off + h - 8), (44, 78, 128), radius=12,
                          shadow=i == 0)
    for y in range(30, h - 20, 22):
        draw.arc((14, y, w - 14, y + 30), 200, 340, fill=(120, 170, 220), width=3)
    return img


@cache
def buyer_sprite(value: int, height: int) -> Image.Image:
    """A little buyer: a head and a body in a gold, silver or bronze shirt, with room for the value on it."""
    s = 2 * height
    w = round(s * 0.62)
    img = Image.new("RGBA", (w, s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    lw = max(2, s // 30)
    shirt = BUYER_SHIRTS[value]
    r = s * 0.17
    draw.ellipse((w / 2 - r, 2, w / 2 + r, 2 + 2 * r), fill=SKIN, outline=INK, width=lw)
    draw.chord((w / 2 - r * 1.05, 0, w / 2 + r * 1.05, 2 * r * 0.95), 180, 360, fill=(90, 60, 40))
    draw.rounded_rectangle((2, s * 0.4, w - 2, s - 2), radius=round(s * 0.16), fill=shirt, outline=INK, width=lw)
    return _smooth(img)


@cache
def marker_sprite(seat: int, length: int) -> Image.Image:
    """A seat's wooden fish: a fish-shaped token in the seat's colour with its shape stamped on it."""
    s = 2 * length
    h = round(s * 0.6)
    img = Image.new("RGBA", (s, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    colour = seat_colour(seat)
    lw = max(2, s // 24)
    cy = h / 2
    draw.polygon([(s * 0.3, cy), (2, cy - h * 0.42), (2, cy + h * 0.42)], fill=colour, outline=INK, width=lw)
    draw.ellipse((s * 0.18, cy - h * 0.44, s - 2, cy + h * 0.44), fill=colour, outline=INK, width=lw)
    seat_shape(draw, seat, s * 0.6, cy, h * 0.26, text_colour_on(colour), None, 1)
    return _smooth(img)


@cache
def stall_sprite(kind: int, w: int, h: int) -> Image.Image:
    """A market stall: a striped awning in the kind's colour, its name on a sign, its fish, an empty counter."""
    img = Image.new("RGBA", (w + 12, h + 12), (0, 0, 0, 0))
    colour = KIND_COLOURS[kind]
    draw = card_frame(img, (4, 2, 4 + w, 2 + h), (250, 244, 228), radius=10)
    awning = 30
    stripes = 5
    sw = w / stripes
    for i in range(stripes):
        x = 4 + i * sw
        fill = colour if i % 2 == 0 else (255, 255, 255)
        draw.rectangle((x, 2, x + sw, 2 + awning - 8), fill=fill)
        draw.pieslice((x, 2 + awning - 18, x + sw, 2 + awning), 0, 180, fill=fill, outline=shade(colour, 0.6))
    draw.line((4, 2 + awning - 9, 4 + w, 2 + awning - 9), fill=shade(colour, 0.6), width=2)
    draw.rounded_rectangle((4, 2, 4 + w, 2 + h), radius=10, outline=INK, width=2)
    sign = (6, awning + 4, w + 2, awning + 6 + SIZE_TEXT + 8)
    draw.rounded_rectangle(sign, radius=6, fill=colour, outline=shade(colour, 0.55), width=2)
    _centre_text(draw, (4 + w / 2, (sign[1] + sign[3]) / 2), fit_text(draw, KINDS[kind], w - 4, SIZE_TEXT, True),
                 SIZE_TEXT, True, text_colour_on(colour))
    fish = kind_sprite(kind, round(w * 0.6))
    paste(img, fish, 4 + w / 2, sign[3] + 26)
    return img


@cache
def heap_sprite(size: int) -> Image.Image:
    """The garbage heap: a dented bin with a lid."""
    s = 2 * size
    img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    lw = max(2, s // 30)
    metal = (150, 156, 150)
    draw.polygon([(s * 0.18, s * 0.3), (s * 0.82, s * 0.3), (s * 0.74, s * 0.96), (s * 0.26, s * 0.96)], fill=metal,
                 outline=INK, width=lw)
    for t in (0.36, 0.5, 0.64):
        draw.line((s * t, s * 0.38, s * (t + (t - 0.5) * 0.2), s * 0.88), fill=shade(metal, 0.7), width=lw)
    draw.rounded_rectangle((s * 0.1, s * 0.18, s * 0.9, s * 0.3), radius=round(s * 0.04), fill=shade(metal, 0.85),
                           outline=INK, width=lw)
    draw.rounded_rectangle((s * 0.42, s * 0.08, s * 0.58, s * 0.18), radius=round(s * 0.03), outline=INK, width=lw)
    return _smooth(img)


@cache
def hull_sprite(w: int, h: int, empty: bool) -> Image.Image:
    """A small wooden boat seen from the side, to hold a fish (an empty one is paler)."""
    s = 2 * w
    sh = 2 * h
    img = Image.new("RGBA", (s, sh), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    lw = max(2, s // 50)
    hull = shade(WOOD, 1.35) if empty else WOOD
    edge = shade(WOOD, 0.55)
    draw.polygon([(2, sh * 0.18), (s - 2, 2), (s * 0.8, sh - 2), (s * 0.16, sh - 2), (s * 0.04, sh * 0.6)],
                 fill=hull, outline=edge, width=lw)
    draw.line((s * 0.04, sh * 0.3, s * 0.94, sh * 0.18), fill=shade(hull, 1.3), width=lw * 2)
    draw.line((s * 0.1, sh * 0.62, s * 0.86, sh * 0.58), fill=edge, width=max(1, lw // 2))
    return _smooth(img)
