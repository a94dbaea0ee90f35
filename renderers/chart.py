"""The final score chart: each player's points by category as stacked bars, ranked, with the winner named.

Drawn for a phone: every text shows at least 8 px tall when the image is shown 400 px wide.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from engines.core import Result
from renderers.art import banner, banner_height, card_frame, px, seat_badge, shade
from renderers.common import BG, INK, MUTED, PANEL, fit_text, font, new_canvas, text_colour_on, to_png

WIDTH = 800
# Category colours, apart for common colour-blindness and from the seat colours' order.
CATEGORY_COLOURS = [(0, 114, 178), (230, 159, 0), (0, 158, 115), (204, 121, 167), (86, 180, 233),
                    (213, 94, 0), (120, 94, 170), (160, 160, 60), (110, 110, 120), (240, 228, 66)]
WINNER = (255, 240, 190)


def categories(result: Result) -> list[str]:
    """Every breakdown category, in the order they first appear."""
    return list(dict.fromkeys(k for row in result.breakdown for k in row))


def category_colour(index: int) -> tuple[int, int, int]:
    """The colour of the index-th category."""
    return CATEGORY_COLOURS[index % len(CATEGORY_COLOURS)]


def _legend_rows(draw: ImageDraw.ImageDraw, names: list[str], width: int, size: int) -> list[list[int]]:
    """The categories laid out in rows that fit `width` (indices)."""
    rows: list[list[int]] = [[]]
    used = 0.0
    for i, name in enumerate(names):
        w = size * 1.6 + draw.textlength(name, font=font(size)) + size
        if rows[-1] and used + w > width:
            rows.append([])
            used = 0
        rows[-1].append(i)
        used += w
    return rows


def chart_height(players: list[str], result: Result, width: int = WIDTH) -> int:
    """Height of the chart block drawn by `score_chart` at this width."""
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    size = px(width, 8)
    legend = len(_legend_rows(probe, categories(result), width - 2 * px(width, 6), size))
    return px(width, 20) + len(players) * px(width, 26) + legend * px(width, 14) + px(width, 8)


def score_chart(img: Image.Image, x: int, y: int, width: int, players: list[str], result: Result) -> int:
    """Draw the winner line, one stacked bar per player (best first) and the category legend. Returns bottom y."""
    draw = ImageDraw.Draw(img)
    names = categories(result)
    s = width / 400  # one display pixel on a phone
    big, small = px(width, 11), px(width, 8)
    winners = " & ".join(players[w] for w in result.winners)
    best = max(result.scores)
    headline = f"★ {winners} win{'s' if len(result.winners) == 1 else ''} with {best} point{'' if best == 1 else 's'}"
    draw.text((x + width / 2, y + px(width, 10)), fit_text(draw, headline, width - 2 * px(width, 6), big, True),
              font=font(big, True), fill=INK, anchor="mm")
    y += px(width, 20)
    label_w = round(110 * s)
    total_w = round(40 * s)
    bar_x0 = x + label_w
    bar_w = width - label_w - total_w - round(6 * s)
    lows = [sum(v for v in row.values() if v < 0) for row in result.breakdown]
    highs = [sum(v for v in row.values() if v > 0) for row in result.breakdown]
    span = max(1, max(highs) - min(0, min(lows)))
    zero = bar_x0 + bar_w * (-min(0, min(lows))) / span
    unit = bar_w / span
    row_h = px(width, 26)
    for seat in sorted(range(len(players)), key=lambda p: (result.ranks[p], p)):
        top, bottom = y + round(3 * s), y + row_h - round(3 * s)
        if seat in result.winners:
            draw.rounded_rectangle((x, y, x + width, y + row_h), radius=round(6 * s), fill=WINNER)
        mid = (top + bottom) / 2
        seat_badge(img, seat, x + round(10 * s), mid, round(8 * s))
        draw.text((x + round(20 * s), mid), fit_text(draw, f"{result.ranks[seat]}. {players[seat]}",
                                                    label_w - round(22 * s), small, True),
                  font=font(small, True), fill=INK, anchor="lm")
        right = left = zero
        for i, name in enumerate(names):
            value = result.breakdown[seat].get(name, 0)
            if value == 0:
                continue
            colour = category_colour(i)
            if value > 0:
                box = (right, top, right + value * unit, bottom)
                right += value * unit
            else:
                box = (left + value * unit, top, left, bottom)
                left += value * unit
            draw.rectangle(box, fill=colour if value > 0 else shade(colour, 1.5), outline=shade(colour, 0.6))
            label = str(value)
            if draw.textlength(label, font=font(small, True)) + 4 * s <= box[2] - box[0]:
                draw.text(((box[0] + box[2]) / 2, mid), label, font=font(small, True),
                          fill=text_colour_on(colour if value > 0 else shade(colour, 1.5)), anchor="mm")
        draw.line((zero, top - 2 * s, zero, bottom + 2 * s), fill=INK, width=max(1, round(s)))
        draw.text((x + width - round(4 * s), mid), str(result.scores[seat]), font=font(big, True), fill=INK,
                  anchor="rm")
        y += row_h
    y += round(4 * s)
    pad = px(width, 6)
    for row in _legend_rows(draw, names, width - 2 * pad, small):
        cx = x + pad
        for i in row:
            sw = small * 1.1
            draw.rectangle((cx, y + (px(width, 14) - sw) / 2, cx + sw, y + (px(width, 14) + sw) / 2),
                           fill=category_colour(i), outline=INK)
            cx += sw + small * 0.4
            draw.text((cx, y + px(width, 14) / 2), names[i], font=font(small), fill=INK, anchor="lm")
            cx += draw.textlength(names[i], font=font(small)) + small
        y += px(width, 14)
    return y + round(4 * s)


def chart_image(title: str, players: list[str], result: Result, width: int = WIDTH) -> Image.Image:
    """A whole final image: a banner, the chart on a card."""
    pad = px(width, 6)
    inner = width - 4 * pad
    height = banner_height(width) + chart_height(players, result, inner) + 4 * pad
    img, _ = new_canvas(width, height, BG)
    y = banner(img, title, players, [], True)
    card_frame(img, (pad, y + pad, width - pad, height - pad), PANEL, radius=px(width, 6), outline=MUTED)
    score_chart(img, 2 * pad, y + 2 * pad, inner, players, result)
    return img


def chart_png(title: str, players: list[str], result: Result, width: int = WIDTH) -> bytes:
    """The final chart image as PNG bytes."""
    return to_png(chart_image(title, players, result, width))
