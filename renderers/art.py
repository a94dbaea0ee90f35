"""Shared art for every game: water, card frames, fish, a boat, coin and worm tokens, seat badges, phone banners.

Sprites are RGBA images drawn at 2x and downsampled (smooth edges), cached as pure functions of their parameters.
They carry no text: text is drawn on the canvas itself, at a size measured against the canvas width (`px`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache, lru_cache

from PIL import Image, ImageDraw, ImageFilter, ImageOps

from renderers.common import (
    HIGHLIGHT,
    INK,
    MUTED,
    SEAT_LETTERS,
    SEAT_SHAPES,
    fit_line,
    fit_text,
    font,
    seat_colour,
    seat_shape,
    text_colour_on,
)

RGB = tuple[int, int, int]
Box = tuple[float, float, float, float]
DISPLAY_WIDTH = 400  # how wide Discord shows an image on a phone
SHALLOW = (150, 206, 230)
DEEP = (34, 92, 150)
CARD_SHADOW = (0, 0, 0, 70)
BANNER = (28, 46, 70)


def px(width: int, size_at_400: float) -> int:
    """The font size that shows `size_at_400` px tall when an image `width` px wide is shown 400 px wide."""
    return max(1, math.ceil(size_at_400 * width / DISPLAY_WIDTH))


def shade(rgb: RGB, factor: float) -> RGB:
    """A colour darkened (factor < 1) or lightened toward white (factor > 1)."""
    if factor <= 1:
        return tuple(round(c * factor) for c in rgb)  # type: ignore[return-value]
    t = min(1.0, factor - 1)
    return tuple(round(c + (255 - c) * t) for c in rgb)  # type: ignore[return-value]


def paste(img: Image.Image, sprite: Image.Image, cx: float, cy: float) -> None:
    """Paste an RGBA sprite centred on (cx, cy)."""
    img.paste(sprite, (round(cx - sprite.width / 2), round(cy - sprite.height / 2)), sprite)


def _smooth(big: Image.Image) -> Image.Image:
    """Downsample a 2x drawing to its final size."""
    return big.resize((max(1, big.width // 2), max(1, big.height // 2)), Image.Resampling.LANCZOS)


@cache
def water_tile(width: int, height: int, shallow: RGB = SHALLOW, deep: RGB = DEEP, waves: bool = True) -> Image.Image:
    """Water: a shallow-to-deep gradient with rows of light wave crests (RGB)."""
    grad = Image.linear_gradient("L").resize((width, height))
    img = ImageOps.colorize(grad, shallow, deep)
    if waves:
        draw = ImageDraw.Draw(img, "RGBA")
        step = max(18, height // 8)
        arc = max(14, step)
        for row, y in enumerate(range(step // 2, height, step)):
            offset = (row % 2) * arc
            for x in range(-arc + offset, width, 2 * arc):
                draw.arc((x, y, x + arc, y + arc // 2), 200, 340, fill=(255, 255, 255, 90), width=2)
    return img


def paint_water(img: Image.Image, box: Box, shallow: RGB = SHALLOW, deep: RGB = DEEP, radius: int = 0) -> None:
    """Fill a box with water (rounded corners when radius > 0)."""
    x0, y0, x1, y1 = (round(v) for v in box)
    tile = water_tile(x1 - x0, y1 - y0, shallow, deep)
    mask = _round_mask(x1 - x0, y1 - y0, radius) if radius else None
    img.paste(tile, (x0, y0), mask)


@cache
def _round_mask(width: int, height: int, radius: int) -> Image.Image:
    """An antialiased rounded-rectangle mask."""
    big = Image.new("L", (width * 2, height * 2), 0)
    ImageDraw.Draw(big).rounded_rectangle((0, 0, width * 2 - 1, height * 2 - 1), radius=radius * 2, fill=255)
    return big.resize((width, height), Image.Resampling.LANCZOS)


@cache
def _shadow(width: int, height: int, radius: int) -> Image.Image:
    """A soft drop shadow for a card of this size (RGBA, a margin of 6 px each side)."""
    pad = 6
    img = Image.new("RGBA", (width + 2 * pad, height + 2 * pad), (0, 0, 0, 0))
    ImageDraw.Draw(img).rounded_rectangle((pad, pad, pad + width, pad + height), radius=radius, fill=CARD_SHADOW)
    return img.filter(ImageFilter.GaussianBlur(3))


def card_frame(img: Image.Image, box: Box, fill: RGB, radius: int = 10, outline: RGB = INK, width: int = 2,
               shadow: bool = True) -> ImageDraw.ImageDraw:
    """A card: a soft shadow, a rounded face with a thin light inner edge. Returns a drawing context on img."""
    x0, y0, x1, y1 = (round(v) for v in box)
    if shadow:
        sh = _shadow(x1 - x0, y1 - y0, radius)
        img.paste(sh, (x0 - 6 + 2, y0 - 6 + 4), sh)
    draw = ImageDraw.Draw(img)
    draw.rounded_rectangle((x0, y0, x1, y1), radius=radius, fill=fill, outline=outline, width=width)
    inset = width + 2
    if x1 - x0 > 4 * inset and y1 - y0 > 4 * inset:
        draw.rounded_rectangle((x0 + inset, y0 + inset, x1 - inset, y1 - inset), radius=max(2, radius - inset),
                               outline=shade(fill, 1.35), width=1)
    return draw


FINS = ("round", "pointed", "spiky", "none")
TAILS = ("fork", "round", "square")


@cache
def fish_sprite(length: int, body: RGB, fin: str = "round", tail: str = "fork", stripes: int = 0,
                spots: bool = False, belly: RGB | None = None, stout: float = 0.42, facing: str = "right",
                fin_colour: RGB | None = None) -> Image.Image:
    """A fish silhouette `length` px long: body colour, fin and tail shapes, stripes, spots, a lighter belly, an eye.

    `stout` is body height over length (0.2 an eel, 0.42 a perch, 0.8 a puffer). RGBA, facing right unless told.
    """
    if fin not in FINS or tail not in TAILS:
        raise ValueError(f"fin must be one of {FINS}, tail one of {TAILS}")
    s = 2 * length
    bh = s * stout
    h = round(bh + 2 * min(bh * 0.45, s * 0.14) + 8)
    cy = h / 2
    fins = fin_colour or shade(body, 0.72)
    edge = shade(body, 0.5)
    lw = max(2, s // 60)
    img = Image.new("RGBA", (s, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    bx0, bx1 = s * 0.2, s * 0.98
    top, bottom = cy - bh / 2, cy + bh / 2
    # dorsal fin (behind the body)
    fx0, fx1 = bx0 + (bx1 - bx0) * 0.3, bx0 + (bx1 - bx0) * 0.7
    rise = min(bh * 0.45, s * 0.14)
    if fin == "round":
        draw.chord((fx0, top - rise, fx1, top + rise), 180, 360, fill=fins, outline=edge, width=lw)
    elif fin == "pointed":
        draw.polygon([(fx0, top + 4), (fx0 + (fx1 - fx0) * 0.35, top - rise), (fx1, top + 4)], fill=fins,
                     outline=edge, width=lw)
    elif fin == "spiky":
        n = 5
        pts = [(fx0, top + 4)]
        for i in range(n):
            pts += [(fx0 + (fx1 - fx0) * (i + 0.5) / n, top - rise), (fx0 + (fx1 - fx0) * (i + 1) / n, top + 2)]
        draw.polygon(pts, fill=fins, outline=edge, width=lw)
    # belly fin
    px0 = bx0 + (bx1 - bx0) * 0.45
    fall = min(bh * 0.32, s * 0.1)
    draw.polygon([(px0, bottom - 4), (px0 + fall * 0.8, bottom + fall), (px0 + fall * 1.4, bottom - 4)],
                 fill=fins, outline=edge, width=lw)
    # tail
    tx = bx0 + bh * 0.12
    spread = min(bh * 0.55, s * 0.24)
    if tail == "fork":
        draw.polygon([(tx, cy), (2, cy - spread), (s * 0.09, cy), (2, cy + spread)], fill=fins, outline=edge,
                     width=lw)
    elif tail == "round":
        draw.ellipse((2, cy - spread, tx + bh * 0.2, cy + spread), fill=fins, outline=edge, width=lw)
    else:
        draw.polygon([(tx, cy - bh * 0.15), (2, cy - spread), (2, cy + spread), (tx, cy + bh * 0.15)], fill=fins,
                     outline=edge, width=lw)
    # body, with its belly, stripes and spots clipped to it
    mask = Image.new("L", (s, h), 0)
    ImageDraw.Draw(mask).ellipse((bx0, top, bx1, bottom), fill=255)
    skin = Image.new("RGBA", (s, h), body + (255,))
    sd = ImageDraw.Draw(skin)
    if belly:
        sd.ellipse((bx0, cy, bx1, bottom + bh * 0.4), fill=belly + (255,))
    if stripes:
        band = (bx1 - bx0) * 0.5 / (stripes + 1)
        for i in range(stripes):
            x = bx0 + (bx1 - bx0) * (0.22 + 0.5 * (i + 0.5) / stripes)
            sd.rectangle((x - band / 2, top, x + band / 2, bottom), fill=edge + (255,))
    if spots:
        r = bh * 0.07
        for fx, fy in ((0.35, -0.2), (0.5, 0.05), (0.62, -0.25), (0.45, -0.32), (0.3, 0.12), (0.7, 0.02)):
            x, y = bx0 + (bx1 - bx0) * fx, cy + bh * fy
            sd.ellipse((x - r, y - r, x + r, y + r), fill=edge + (255,))
    img.paste(skin, (0, 0), mask)
    draw.ellipse((bx0, top, bx1, bottom), outline=edge, width=lw)
    # gill line and eye
    gx = bx0 + (bx1 - bx0) * 0.72
    draw.arc((gx - bh * 0.3, cy - bh * 0.32, gx, cy + bh * 0.32), 300, 60, fill=edge, width=lw)
    er = max(3.0, bh * 0.11)
    ex, ey = bx0 + (bx1 - bx0) * 0.84, cy - bh * 0.12
    draw.ellipse((ex - er, ey - er, ex + er, ey + er), fill=(255, 255, 255), outline=edge, width=max(1, lw // 2))
    draw.ellipse((ex - er * 0.5, ey - er * 0.5, ex + er * 0.5, ey + er * 0.5), fill=INK)
    out = _smooth(img)
    return out.transpose(Image.Transpose.FLIP_LEFT_RIGHT) if facing == "left" else out


@cache
def boat_sprite(width: int, hull: RGB = (150, 86, 44), sail: RGB | None = (250, 247, 240),
                flag: RGB | None = None) -> Image.Image:
    """A little fishing boat `width` px wide: a planked hull, a mast with a sail and an optional flag (RGBA)."""
    s = 2 * width
    h = round(s * 0.95)
    img = Image.new("RGBA", (s, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    lw = max(2, s // 50)
    deck = h * 0.62
    keel = h * 0.92
    edge = shade(hull, 0.55)
    draw.polygon([(s * 0.02, deck), (s * 0.98, deck), (s * 0.8, keel), (s * 0.18, keel)], fill=hull, outline=edge,
                 width=lw)
    for t in (0.36, 0.66):
        y = deck + (keel - deck) * t
        inset = (keel - deck) * t * 0.16 / 0.3 * s / h * 0.5
        draw.line((s * 0.04 + inset, y, s * 0.96 - inset, y), fill=edge, width=max(1, lw // 2))
    mast = s * 0.5
    draw.line((mast, h * 0.06, mast, deck), fill=edge, width=lw + 1)
    if sail:
        draw.polygon([(mast + lw, h * 0.1), (mast + lw, deck - h * 0.05), (s * 0.88, deck - h * 0.05)], fill=sail,
                     outline=edge, width=lw)
        draw.polygon([(mast - lw, h * 0.2), (mast - lw, deck - h * 0.05), (s * 0.2, deck - h * 0.05)],
                     fill=shade(sail, 0.9), outline=edge, width=lw)
    if flag:
        draw.polygon([(mast, h * 0.02), (mast - s * 0.16, h * 0.07), (mast, h * 0.12)], fill=flag, outline=edge,
                     width=max(1, lw // 2))
    return _smooth(img)


@cache
def worm_sprite(length: int, colour: RGB = (222, 120, 140)) -> Image.Image:
    """A wriggling pink worm `length` px long (RGBA)."""
    s = 2 * length
    thick = s * 0.16
    h = round(s * 0.42)
    img = Image.new("RGBA", (s, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    edge = shade(colour, 0.6)
    points = [(thick / 2 + (s - thick) * i / 40, h / 2 + (h / 2 - thick / 2 - 1) * math.sin(i / 40 * 2.2 * math.pi))
              for i in range(41)]
    for x, y in points:
        draw.ellipse((x - thick / 2 - 2, y - thick / 2 - 2, x + thick / 2 + 2, y + thick / 2 + 2), fill=edge)
    for x, y in points:
        draw.ellipse((x - thick / 2, y - thick / 2, x + thick / 2, y + thick / 2), fill=colour)
    for i in range(6, 36, 6):
        x, y = points[i]
        draw.line((x, y - thick / 2 + 2, x, y + thick / 2 - 2), fill=edge, width=max(1, s // 90))
    hx, hy = points[-1]
    draw.ellipse((hx - thick * 0.15, hy - thick * 0.25, hx + thick * 0.05, hy - thick * 0.05), fill=INK)
    return _smooth(img)


@cache
def seat_badge_sprite(seat: int, radius: int) -> Image.Image:
    """A seat's token (its colour and shape, with a shadow) 2*radius+4 px wide, without its letter (RGBA)."""
    size = 2 * radius + 4
    big = Image.new("RGBA", (size * 2, size * 2), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    c = size
    seat_shape(draw, seat, c + 2, c + 3, radius * 2, (0, 0, 0, 80), (0, 0, 0, 0), 1)
    seat_shape(draw, seat, c, c, radius * 2, seat_colour(seat), INK, max(3, radius // 5))
    return _smooth(big)


def seat_badge(img: Image.Image, seat: int, cx: float, cy: float, radius: int) -> None:
    """A smooth seat token with its letter: colour, shape and letter, so colour is never the only cue."""
    paste(img, seat_badge_sprite(seat, radius), cx, cy)
    dy = radius * 0.18 if SEAT_SHAPES[seat % len(SEAT_SHAPES)] == "triangle" else 0
    ImageDraw.Draw(img).text((cx, cy + dy), SEAT_LETTERS[seat % len(SEAT_LETTERS)],
                             font=font(max(8, round(radius * 1.05)), bold=True),
                             fill=text_colour_on(seat_colour(seat)), anchor="mm")


TO_PLAY = " to play"


def turn_text(players: list[str], to_act: list[int], finished: bool) -> str:
    """Whose turn it is, in words."""
    if finished:
        return "Game over"
    if len(to_act) == 1:
        return players[to_act[0]] + TO_PLAY
    if to_act:
        return "Waiting for " + ", ".join(players[s] for s in to_act)
    return ""


def turn_status(draw: ImageDraw.ImageDraw, players: list[str], to_act: list[int], finished: bool, room: int,
                size: int) -> str:
    """Whose turn, fitted to `room` pixels of bold text: a long name is cut, never "to play"; when every waiting
    name would not fit, how many (the panels show whose)."""
    f = font(size, True)
    status = turn_text(players, to_act, finished)
    if len(to_act) == 1 and not finished:
        return fit_text(draw, players[to_act[0]], int(room - draw.textlength(TO_PLAY, font=f)), size, True) + TO_PLAY
    if to_act and not finished and draw.textlength(status, font=f) > room:
        status = f"Waiting for {len(to_act)} players"
    return fit_text(draw, status, room, size, True)


def banner_height(width: int) -> int:
    """Height of the phone-sized turn banner on an image this wide."""
    return px(width, 28)


def banner(img: Image.Image, title: str, players: list[str], to_act: list[int], finished: bool,
           y: int = 0) -> int:
    """A phone-sized top bar: the title and whose turn (badge, name), with a stripe in the acting seat's colour.

    Its texts show 11 px tall at 400 px display width. Returns its bottom y.
    """
    width = img.width
    height = banner_height(width)
    draw = ImageDraw.Draw(img)
    draw.rectangle((0, y, width, y + height), fill=BANNER)
    size = px(width, 11)
    pad = px(width, 6)
    mid = y + height // 2
    one = len(to_act) == 1 and not finished
    badge = px(width, 8) if one else 0
    title_w = min(draw.textlength(title, font=font(size, True)), width * 0.45)
    status = turn_status(draw, players, to_act, finished, int(width - 3 * pad - title_w - (2 * badge + pad) * one),
                         size)
    tw = draw.textlength(status, font=font(size, True))
    x = width - pad - tw
    draw.text((pad, mid), fit_text(draw, title, int(width - 3 * pad - tw - 2 * badge - pad), size, True),
              font=font(size, True), fill=(255, 255, 255), anchor="lm")
    draw.text((x, mid), status, font=font(size, True), fill=HIGHLIGHT, anchor="lm")
    if one:
        seat_badge(img, to_act[0], x - pad // 2 - badge, mid, badge)
        draw.rectangle((0, y + height - px(width, 2), width, y + height), fill=seat_colour(to_act[0]))
    return y + height


def event_bar_height(width: int) -> int:
    """Height of the phone-sized strip of the two latest events on an image this wide."""
    return px(width, 31)


def event_bar(img: Image.Image, y: int, lines: Sequence[str], players: Sequence[str] = ()) -> int:
    """A phone-sized strip with the two most recent public events (9 px at 400 px display; the older one greyed, as
    the latest is often what a move led to: a card drawn after a lost fight), long player names cut first. Returns
    its bottom y."""
    width = img.width
    height = event_bar_height(width)
    draw = ImageDraw.Draw(img)
    draw.rectangle((0, y, width, y + height), fill=(225, 218, 200))
    size = px(width, 9)
    pad = px(width, 6)
    shown = list(lines[-2:]) or ["Game started."]
    step = height / (len(shown) + 1)
    for n, text in enumerate(shown):
        ink = INK if n == len(shown) - 1 else MUTED
        draw.text((pad, y + round(step * (n + 1))), fit_line(draw, text, players, width - 2 * pad, size),
                  font=font(size), fill=ink, anchor="lm")
    return y + height


@lru_cache(maxsize=4096)
def text_sprite(text: str, size: int, bold: bool, fill: RGB, anchor: str, stroke: int = 0,
                stroke_fill: RGB = (255, 255, 255)) -> tuple[Image.Image, int, int]:
    """A text drawn once on a transparent sprite, with its offset from the anchor point (board texts repeat)."""
    f = font(size, bold)
    left, top, right, bottom = f.getbbox(text, anchor=anchor, stroke_width=stroke)
    sprite = Image.new("RGBA", (max(1, right - left), max(1, bottom - top)), (0, 0, 0, 0))
    ImageDraw.Draw(sprite).text((-left, -top), text, font=f, fill=fill, anchor=anchor, stroke_width=stroke,
                                stroke_fill=stroke_fill)
    return sprite, left, top


def say(img: Image.Image, xy: tuple[float, float], text: str, size: int, bold: bool = False, fill: RGB = INK,
        anchor: str = "la", stroke: int = 0, stroke_fill: RGB = (255, 255, 255)) -> float:
    """Paste a text (a cached sprite) at a point as `ImageDraw.text` would draw it; returns its right edge."""
    sprite, left, top = text_sprite(text, size, bold, fill, anchor, stroke, stroke_fill)
    x, y = round(xy[0] + left), round(xy[1] + top)
    img.paste(sprite, (x, y), sprite)
    return x + sprite.width
