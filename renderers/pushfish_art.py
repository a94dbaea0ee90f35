"""Push Fish art, drawn in code and cached: card faces (a fish per kind, Treasure, Junk, Golden Fish, Kraken),
card backs, kind icons, item cards and the tokens. One style: a light card with a band in the kind's colour.

Sea fish are blue and slim with a forked tail (a wave icon); tropical fish orange, tall and striped with a
spiky fin (a sun); freshwater fish green and spotted with a square tail (a leaf); deep-sea fish violet with a
glowing lure on a dark card (a bubble). Sprites carry their texts at sizes fit for the board's width.
"""

from __future__ import annotations

import math
from functools import cache

from PIL import Image, ImageDraw

from engines.pushfish.cards import GROUND, ITEMS, STRENGTHS
from renderers.art import card_frame, fish_sprite, paste, px, shade
from renderers.common import INK, font, text_colour_on, wrap_text

RGB = tuple[int, int, int]
WIDTH = 640  # every Push Fish image: drawn for a phone's 400 px
TEXT = px(WIDTH, 9)  # names, counts, labels: 9 px tall at 400 px display
SMALL = px(WIDTH, 8)  # the least a needed text may be
BIG = px(WIDTH, 13)  # a card's number
KIND_RGB: dict[str, RGB] = {
    "sea": (40, 110, 196), "tropical": (232, 118, 26), "freshwater": (52, 140, 66), "deep": (92, 60, 150),
    "treasure": (196, 150, 24), "junk": (112, 104, 96), "legend": (178, 40, 120),
}
KIND_WORDS = {"sea": "sea", "tropical": "tropical", "freshwater": "freshwater", "deep": "deep-sea",
              "treasure": "treasure", "junk": "junk", "legend": "legend"}
FACE_RGB: dict[str, RGB] = {kind: shade(rgb, 1.82) for kind, rgb in KIND_RGB.items()}
FACE_RGB["deep"] = (46, 36, 84)
BACK_RGB = (24, 62, 104)
GOLD = (250, 204, 60)
WOOD = (160, 104, 52)
FISH_LOOK = {  # per kind: fin, tail, stripes, spots, stoutness, belly
    "sea": ("pointed", "fork", 0, False, 0.34, (206, 228, 248)),
    "tropical": ("pointed", "round", 3, False, 0.58, (255, 226, 150)),
    "freshwater": ("round", "square", 0, True, 0.4, (224, 214, 150)),
    "deep": ("pointed", "fork", 0, False, 0.5, None),
}


def kind_icon(draw: ImageDraw.ImageDraw, kind: str, cx: float, cy: float, r: float, colour: RGB) -> None:
    """The kind's small symbol: a wave (sea), a sun (tropical), a leaf (freshwater), bubbles (deep-sea), a gem
    (treasure), a bottle (junk), a crown (legend)."""
    w = max(2, round(r / 4))
    if kind == "sea":
        for dy in (-r * 0.35, r * 0.35):
            draw.arc((cx - r, cy + dy - r * 0.5, cx, cy + dy + r * 0.5), 200, 340, fill=colour, width=w)
            draw.arc((cx, cy + dy - r * 0.5, cx + r, cy + dy + r * 0.5), 20, 160, fill=colour, width=w)
    elif kind == "tropical":
        draw.ellipse((cx - r * 0.45, cy - r * 0.45, cx + r * 0.45, cy + r * 0.45), fill=colour)
        for k in range(8):
            a = k * math.pi / 4
            draw.line((cx + r * 0.62 * math.cos(a), cy + r * 0.62 * math.sin(a), cx + r * math.cos(a),
                       cy + r * math.sin(a)), fill=colour, width=w)
    elif kind == "freshwater":
        draw.chord((cx - r, cy - r * 0.55, cx + r, cy + r * 0.55), 0, 360, fill=colour)
        draw.line((cx - r, cy, cx + r * 0.7, cy), fill=shade(colour, 0.6) if sum(colour) > 300 else (255,) * 3,
                  width=max(1, w // 2))
    elif kind == "deep":
        for bx, by, br in ((-0.35, 0.3, 0.42), (0.35, -0.1, 0.3), (0.05, -0.65, 0.22)):
            draw.ellipse((cx + r * bx - r * br, cy + r * by - r * br, cx + r * bx + r * br, cy + r * by + r * br),
                         outline=colour, width=w)
    elif kind == "treasure":
        draw.polygon([(cx - r, cy - r * 0.3), (cx - r * 0.5, cy - r * 0.8), (cx + r * 0.5, cy - r * 0.8),
                      (cx + r, cy - r * 0.3), (cx, cy + r)], fill=colour)
    elif kind == "junk":
        draw.rounded_rectangle((cx - r * 0.4, cy - r * 0.3, cx + r * 0.4, cy + r), radius=r * 0.2, fill=colour)
        draw.rectangle((cx - r * 0.18, cy - r, cx + r * 0.18, cy - r * 0.3), fill=colour)
    else:
        draw.polygon([(cx - r, cy + r * 0.6), (cx - r, cy - r * 0.5), (cx - r * 0.5, cy), (cx, cy - r * 0.8),
                      (cx + r * 0.5, cy), (cx + r, cy - r * 0.5), (cx + r, cy + r * 0.6)], fill=colour)


@cache
def fish_picture(kind: str, length: int) -> Image.Image:
    """A fish of a kind `length` px long (RGBA); deep-sea fish carry a glowing lure."""
    fin, tail, stripes, spots, stout, belly = FISH_LOOK[kind]
    body = shade(KIND_RGB[kind], 1.15) if kind == "deep" else KIND_RGB[kind]
    fish = fish_sprite(length, body, fin=fin, tail=tail, stripes=stripes, spots=spots, belly=belly, stout=stout)
    if kind != "deep":
        return fish
    out = Image.new("RGBA", (fish.width, fish.height + length // 4), (0, 0, 0, 0))
    out.paste(fish, (0, length // 4), fish)
    draw = ImageDraw.Draw(out)
    x0, y0 = fish.width * 0.86, length // 4 + fish.height * 0.3
    tip = (fish.width * 0.98, 4 + length * 0.04)
    draw.line((x0, y0, fish.width * 0.93, 2, *tip), fill=(210, 200, 240), width=2)
    r = max(3, length // 14)
    draw.ellipse((tip[0] - r * 1.6, tip[1] - r * 1.6 + 2, tip[0] + r * 1.6, tip[1] + r * 1.6 + 2),
                 fill=(255, 246, 170, 90))
    draw.ellipse((tip[0] - r, tip[1] - r + 2, tip[0] + r, tip[1] + r + 2), fill=(255, 240, 120))
    return out


def _find_picture(draw: ImageDraw.ImageDraw, name: str, cx: float, cy: float, r: float) -> None:
    """Treasure and Junk pictures: chest, pearl oyster, fossil; boot, tin can, anchor."""
    w = max(2, round(r / 8))
    if name == "Treasure Chest":
        draw.rounded_rectangle((cx - r, cy - r * 0.2, cx + r, cy + r * 0.7), radius=4, fill=(140, 84, 36), outline=INK,
                               width=w)
        draw.chord((cx - r, cy - r * 0.75, cx + r, cy + r * 0.35), 180, 360, fill=(160, 98, 44), outline=INK, width=w)
        draw.rectangle((cx - r, cy - r * 0.22, cx + r, cy - r * 0.05), fill=GOLD, outline=INK, width=1)
        draw.rectangle((cx - r * 0.15, cy - r * 0.3, cx + r * 0.15, cy + r * 0.1), fill=GOLD, outline=INK, width=1)
        for gx, gy in ((-0.55, -0.45), (0.1, -0.6), (0.55, -0.4)):
            draw.ellipse((cx + r * gx - 5, cy + r * gy - 5, cx + r * gx + 5, cy + r * gy + 5), fill=GOLD, outline=INK)
    elif name == "Pearl Oyster":
        draw.chord((cx - r, cy - r * 0.9, cx + r, cy + r * 0.5), 180, 360, fill=(150, 130, 160), outline=INK, width=w)
        draw.chord((cx - r, cy - r * 0.3, cx + r, cy + r * 0.8), 0, 180, fill=(180, 160, 185), outline=INK, width=w)
        draw.ellipse((cx - r * 0.3, cy - r * 0.5, cx + r * 0.3, cy + r * 0.1), fill=(252, 250, 244), outline=INK)
    elif name == "Fossil":
        draw.ellipse((cx - r, cy - r * 0.8, cx + r, cy + r * 0.8), fill=(196, 184, 160), outline=INK, width=w)
        for k in range(4):
            s = r * (0.7 - k * 0.16)
            draw.arc((cx - s, cy - s * 0.8, cx + s, cy + s * 0.8), 90 * k, 90 * k + 270, fill=(110, 96, 80), width=w)
    elif name == "Old Boot":
        draw.polygon([(cx - r * 0.5, cy - r), (cx + r * 0.1, cy - r), (cx + r * 0.1, cy + r * 0.2),
                      (cx + r, cy + r * 0.35), (cx + r, cy + r * 0.8), (cx - r * 0.5, cy + r * 0.8)],
                     fill=(120, 78, 44), outline=INK, width=w)
        draw.line((cx - r * 0.5, cy + r * 0.55, cx + r, cy + r * 0.55), fill=INK, width=w)
    elif name == "Tin Can":
        draw.rectangle((cx - r * 0.6, cy - r * 0.7, cx + r * 0.6, cy + r * 0.8), fill=(180, 184, 190), outline=INK,
                       width=w)
        draw.rectangle((cx - r * 0.6, cy - r * 0.3, cx + r * 0.6, cy + r * 0.35), fill=(200, 60, 50), outline=INK,
                       width=1)
        draw.ellipse((cx - r * 0.6, cy - r * 0.85, cx + r * 0.6, cy - r * 0.55), fill=(210, 214, 220), outline=INK)
    else:  # Lost Anchor
        c = (70, 74, 84)
        draw.line((cx, cy - r * 0.7, cx, cy + r * 0.85), fill=c, width=w * 2)
        draw.ellipse((cx - r * 0.22, cy - r, cx + r * 0.22, cy - r * 0.56), outline=c, width=w * 2)
        draw.line((cx - r * 0.5, cy - r * 0.4, cx + r * 0.5, cy - r * 0.4), fill=c, width=w * 2)
        draw.arc((cx - r * 0.9, cy - r * 0.2, cx + r * 0.9, cy + r * 0.9), 20, 160, fill=c, width=w * 2)


def _legend_picture(img: Image.Image, draw: ImageDraw.ImageDraw, name: str, cx: float, cy: float, r: float) -> None:
    """The Golden Fish (a gold fish among sparkles) or the Kraken (a head and curling arms)."""
    if name == "Golden Fish":
        fish = fish_sprite(round(r * 2), GOLD, fin="spiky", tail="fork", belly=(255, 240, 180), stout=0.45)
        paste(img, fish, cx, cy)
        for sx, sy, s in ((-0.9, -0.7, 6), (0.85, -0.75, 5), (0.7, 0.7, 4)):
            x, y = cx + r * sx, cy + r * sy
            draw.polygon([(x, y - s), (x + s / 3, y), (x, y + s), (x - s / 3, y)], fill=(255, 255, 255))
            draw.polygon([(x - s, y), (x, y + s / 3), (x + s, y), (x, y - s / 3)], fill=(255, 255, 255))
        return
    body = (150, 40, 110)
    for k in range(6):
        x = cx - r * 0.75 + k * r * 0.3
        draw.arc((x - r * 0.3, cy - r * 0.1, x + r * 0.3, cy + r * 0.95), 0 if k % 2 else 90, 270 if k % 2 else 360,
                 fill=shade(body, 0.8), width=max(3, round(r / 6)))
    draw.ellipse((cx - r * 0.7, cy - r, cx + r * 0.7, cy + r * 0.35), fill=body, outline=INK, width=2)
    for ex in (-0.28, 0.28):
        draw.ellipse((cx + r * ex - 5, cy - r * 0.45 - 5, cx + r * ex + 5, cy - r * 0.45 + 5), fill=(255, 230, 90),
                     outline=INK)


BAND = 30  # the card's top band: number, kind, strength


Text = tuple[float, float, str, int, str]  # x, y, words, font size, anchor (all bold)


@cache
def card_texts(card: int, w: int, h: int) -> tuple[Text, ...]:
    """Where a face-up card's texts go: its number, its strength (in a pill) and its name's lines."""
    c = GROUND[card]
    measure = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    number = (7, BAND / 2 + 2, f"+{c.items}" if c.is_find else str(c.score), px(WIDTH, 11) if c.is_find else BIG, "lm")
    strength = STRENGTHS[c.strength]
    sw = measure.textlength(strength, font=font(px(WIDTH, 10), True))
    out = [number, (w - 9 - sw / 2 - 2, BAND / 2 + 2, strength, px(WIDTH, 10), "mm")]
    lines = wrap_text(measure, c.name, w - 6, TEXT, True)[:2]
    top = h - 8 - len(lines) * (TEXT + 2)
    for i, line in enumerate(lines):
        size = next((k for k in range(TEXT, SMALL, -1) if measure.textlength(line, font=font(k, True)) <= w - 6),
                    SMALL)
        out.append((w / 2, top + i * (TEXT + 2), line, size, "ma"))
    return tuple(out)


@cache
def card_text_boxes(card: int, w: int, h: int) -> tuple[tuple[int, int, int, int], ...]:
    """The boxes of a face-up card's texts (the strength's pill included), a little padded: what a bait mark on
    the card must not hide."""
    measure = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    boxes = []
    for k, (x, y, words, size, anchor) in enumerate(card_texts(card, w, h)):
        x0, y0, x1, y1 = measure.textbbox((x, y), words, font=font(size, True), anchor=anchor)
        pad = 6 if k == 1 else 3  # the strength's pill is wider than its letters
        boxes.append((max(0, round(x0) - pad), max(0, round(y0) - pad), min(w, round(x1) + pad), min(h, round(y1) + pad)))
    return tuple(boxes)


@cache
def card_face(card: int, w: int, h: int) -> Image.Image:
    """A face-up ground card (RGBA, w x h): number, kind icon and strength in a band of the kind's colour, the
    picture, the name, and a star when rare. A find's number is "+N" item cards."""
    c = GROUND[card]
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = card_frame(img, (0, 0, w - 1, h - 1), FACE_RGB[c.kind], radius=9, shadow=False)
    colour = KIND_RGB[c.kind]
    draw.rounded_rectangle((3, 3, w - 4, BAND), radius=7, fill=colour)
    ink = text_colour_on(colour)
    kind_icon(draw, c.kind, w / 2 - 2, BAND / 2 + 2, 8, ink)
    number, strength, *name = card_texts(card, w, h)
    sw = draw.textlength(strength[2], font=font(strength[3], True))
    draw.rounded_rectangle((w - 10 - sw - 4, 7, w - 7, BAND - 3), radius=5, fill=(255, 255, 255))
    name_ink = (255, 255, 255) if c.kind == "deep" else INK
    for (x, y, words, size, anchor), fill in ((number, ink), (strength, INK), *((line, name_ink) for line in name)):
        draw.text((x, y), words, font=font(size, True), fill=fill, anchor=anchor)
    pic_cy = BAND + (h - BAND) * 0.3
    if c.is_find:
        _find_picture(draw, c.name, w / 2, pic_cy, w * 0.26)
    elif c.kind == "legend":
        _legend_picture(img, draw, c.name, w / 2, pic_cy, w * 0.3)
    else:
        length = round(w * (0.55 + 0.035 * min(c.score, 10)))  # bigger fish, bigger picture
        fish = fish_picture(c.kind, length)
        while fish.height > 2 * (pic_cy - BAND - 3) and length > 30:  # ...but never over the band
            length -= 4
            fish = fish_picture(c.kind, length)
        paste(img, fish, w / 2, pic_cy)
    if c.rare:
        _star(draw, 13, BAND + 13, 9, GOLD)
    return img


def _star(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB) -> None:
    """A five-pointed star (rarity)."""
    pts = [(cx + (r if k % 2 == 0 else r * 0.45) * math.sin(k * math.pi / 5),
            cy - (r if k % 2 == 0 else r * 0.45) * math.cos(k * math.pi / 5)) for k in range(10)]
    draw.polygon(pts, fill=fill, outline=INK)


@cache
def card_back(w: int, h: int) -> Image.Image:
    """A face-down card: a deep-blue back with a wave pattern and a red-and-white float (RGBA)."""
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = card_frame(img, (0, 0, w - 1, h - 1), BACK_RGB, radius=9, shadow=False, outline=(12, 30, 52))
    light = shade(BACK_RGB, 1.25)
    for y in range(16, h - 10, 18):
        for x in range(6, w - 18, 22):
            draw.arc((x, y, x + 18, y + 10), 200, 340, fill=light, width=2)
    draw.rounded_rectangle((8, 8, w - 9, h - 9), radius=6, outline=shade(BACK_RGB, 1.5), width=2)
    cx, cy, r = w / 2, h / 2, w * 0.16
    draw.line((cx, cy - r * 2.1, cx, cy - r), fill=(240, 240, 240), width=3)
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(255, 255, 255), outline=INK, width=2)
    draw.chord((cx - r, cy - r, cx + r, cy + r), 180, 360, fill=(214, 48, 40), outline=INK, width=2)
    return img


@cache
def mini_card(card: int, size: int) -> Image.Image:
    """A caught card as a small chip for a player's row: the kind's colour, its fish or find (RGBA)."""
    c = GROUND[card]
    img = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    draw.rounded_rectangle((0, 0, size - 1, size - 1), radius=5, fill=FACE_RGB[c.kind], outline=KIND_RGB[c.kind],
                           width=2)
    if c.is_find:
        _find_picture(draw, c.name, size / 2, size / 2, size * 0.32)
    elif c.kind == "legend":
        _legend_picture(img, draw, c.name, size / 2, size / 2 + 2, size * 0.34)
    else:
        paste(img, fish_picture(c.kind, round(size * 0.86)), size / 2, size / 2)
    return img


ITEM_RGB = (238, 226, 196)


@cache
def item_card(item: int, w: int, h: int) -> Image.Image:
    """An item card for the hand image: points in a gold coin, the name, the effect (RGBA)."""
    c = ITEMS[item]
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = card_frame(img, (0, 0, w - 1, h - 1), ITEM_RGB, radius=10, shadow=False)
    r = px(WIDTH, 9)
    draw.ellipse((8, 8, 8 + 2 * r, 8 + 2 * r), fill=GOLD, outline=INK, width=2)
    draw.text((8 + r, 8 + r), str(c.points), font=font(px(WIDTH, 11), True), fill=INK, anchor="mm")
    y = 10
    for line in wrap_text(draw, c.name, w - 2 * r - 24, TEXT, True)[:2]:
        draw.text((2 * r + 16, y), line, font=font(TEXT, True), fill=INK)
        y += TEXT + 3
    y = max(y, 8 + 2 * r) + 8
    for line in wrap_text(draw, c.text, w - 16, SMALL)[:4]:
        draw.text((8, y), line, font=font(SMALL), fill=INK)
        y += SMALL + 3
    effect_icon(img, draw, c.effect, w - 28, h - 26, 16)
    return img


def effect_icon(img: Image.Image, draw: ImageDraw.ImageDraw, effect: str, cx: float, cy: float, r: float) -> None:
    """An item effect's picture: the kind for "catch 2", a sinker, a stone, a bait, a reel, an eye, a hand,
    a sleepy fish, calm water."""
    if effect.startswith("catch2:"):
        kind = effect[7:]
        kind = "treasure" if kind == "junk" else kind
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=KIND_RGB[kind], outline=INK)
        kind_icon(draw, kind, cx, cy, r * 0.6, (255, 255, 255))
    elif effect in ("rod", "weaken"):
        draw.polygon([(cx, cy - r), (cx + r * 0.6, cy + r * 0.7), (cx - r * 0.6, cy + r * 0.7)], fill=(90, 96, 110),
                     outline=INK)
        if effect == "weaken":
            draw.text((cx, cy + r * 0.2), "z", font=font(SMALL, True), fill=(255, 255, 255), anchor="mm")
    elif effect == "fill":
        draw.ellipse((cx - r, cy - r * 0.6, cx + r, cy + r * 0.7), fill=(150, 110, 200), outline=INK)
        draw.arc((cx - r * 0.5, cy - r * 0.3, cx + r * 0.2, cy + r * 0.2), 180, 300, fill=(255, 255, 255), width=2)
    elif effect in ("cast", "reel"):
        draw.ellipse((cx - r * 0.7, cy - r * 0.7, cx + r * 0.7, cy + r * 0.7), fill=(255, 255, 255), outline=INK,
                     width=2)
        draw.chord((cx - r * 0.7, cy - r * 0.7, cx + r * 0.7, cy + r * 0.7), 180, 360, fill=(214, 48, 40), outline=INK,
                   width=2)
        if effect == "reel":
            draw.arc((cx - r, cy - r, cx + r, cy + r), 200, 520, fill=INK, width=2)
    elif effect == "peek":
        draw.chord((cx - r, cy - r * 0.6, cx + r, cy + r * 0.6), 0, 360, fill=(255, 255, 255), outline=INK, width=2)
        draw.ellipse((cx - r * 0.35, cy - r * 0.35, cx + r * 0.35, cy + r * 0.35), fill=(40, 110, 196))
    elif effect == "steady":
        draw.rounded_rectangle((cx - r * 0.7, cy - r * 0.3, cx + r * 0.7, cy + r), radius=4, fill=(240, 200, 160),
                               outline=INK)
        for k in range(4):
            x = cx - r * 0.6 + k * r * 0.4
            draw.rounded_rectangle((x, cy - r, x + r * 0.3, cy), radius=3, fill=(240, 200, 160), outline=INK)
    else:  # calm
        for dy in (-r * 0.4, 0, r * 0.4):
            draw.line((cx - r, cy + dy, cx + r, cy + dy), fill=(40, 110, 196), width=3)


def token_groups(xs: list[float], stops: list[float]) -> list[tuple[float, str, bool]]:
    """The wood tokens to draw: (centre, numbers, flew off); tokens that would overlap share one, numbered in turn."""
    off = [not 0 <= stop <= 100 for stop in stops]
    groups: list[list[int]] = []
    for k in sorted(range(len(xs)), key=lambda k: xs[k]):
        if groups and xs[k] - xs[groups[-1][-1]] < 18 and off[k] == off[groups[-1][0]]:  # 18 px: a token's width
            groups[-1].append(k)
        else:
            groups.append([k])
    return [(sum(xs[k] for k in g) / len(g), "·".join(str(k + 1) for k in sorted(g)), off[g[0]]) for g in groups]
