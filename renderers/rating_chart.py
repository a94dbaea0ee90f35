"""A player's Elo rating after each of their rated games, one line per game, for `/fish stats`.

Drawn for a phone: every text shows at least 8 px tall when the image is shown 400 px wide.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from PIL import Image

from renderers.art import card_frame, px
from renderers.common import BG, INK, MUTED, PANEL, fit_text, font, new_canvas, to_png

WIDTH = 800
GRID = 50  # rating points between grid lines, at the least
SHOWN = 200  # the latest games a line shows (from the rating before them)
# A colour per game's line, apart for common colour-blindness and from the seat colours' order.
LINE_COLOURS = [(0, 114, 178), (230, 159, 0), (0, 158, 115), (204, 121, 167), (86, 180, 233),
                (213, 94, 0), (120, 94, 170), (160, 160, 60), (110, 110, 120), (240, 228, 66)]


def line_colour(index: int) -> tuple[int, int, int]:
    """The colour of the index-th game's line."""
    return LINE_COLOURS[index % len(LINE_COLOURS)]


def _scale(series: Mapping[str, Sequence[float]], start: float) -> tuple[float, float]:
    """The rating range the plot shows: every point and the start, widened to whole grid steps."""
    values = [start, *(v for line in series.values() for v in line[-SHOWN - 1:])]
    low = math.floor(min(values) / GRID) * GRID
    high = math.ceil(max(values) / GRID) * GRID
    return (low - GRID, high + GRID) if high - low < 2 * GRID else (low, high)


def rating_image(title: str, series: Mapping[str, Sequence[float]], start: float, width: int = WIDTH) -> Image.Image:
    """The chart: a title, the plot (ratings up the side, games along the bottom, each line from the `start` every
    rating begins at) and a legend of current ratings."""
    pad, big, small = px(width, 6), px(width, 11), px(width, 8)
    legend_rows = math.ceil(len(series) / 2)
    plot_h = px(width, 150)
    height = pad * 3 + big + pad + plot_h + small * 2 + pad + legend_rows * (small + pad) + pad * 2
    img, draw = new_canvas(width, height, BG)
    card_frame(img, (pad, pad, width - pad, height - pad), PANEL, radius=px(width, 6), outline=MUTED)
    y = pad * 2
    draw.text((pad * 2, y), fit_text(draw, title, width - pad * 4, big, bold=True), font=font(big, bold=True), fill=INK)
    y += big + pad * 2
    low, high = _scale(series, start)
    left = pad * 2 + round(draw.textlength("8888", font=font(small))) + pad
    right = width - pad * 3
    top, bottom = y, y + plot_h
    lines = [[start, *line] if len(line) <= SHOWN else list(line[-SHOWN - 1:]) for line in series.values()]
    longest = max((len(values) - 1 for values in lines), default=1)

    def at(i: int, value: float) -> tuple[float, float]:
        """A point's place: the i-th game (0: the start) and its rating."""
        x = left + (right - left) * i / max(1, longest)
        return x, bottom - (bottom - top) * (value - low) / (high - low)

    step = GRID * max(1, math.ceil((high - low) / GRID / 6))  # at most about six grid lines
    for value in range(int(low), int(high) + 1, step):
        _, gy = at(0, value)
        draw.line((left, gy, right, gy), fill=(220, 214, 200) if value != start else MUTED, width=max(1, small // 8))
        label = str(value)
        draw.text((left - pad - draw.textlength(label, font=font(small)), gy - small * 0.6), label,
                  font=font(small), fill=MUTED)
    draw.line((left, bottom, right, bottom), fill=INK, width=max(1, small // 6))
    cut = any(len(line) > SHOWN for line in series.values())
    games = f"{'the last ' if cut else ''}{longest} game{'' if longest == 1 else 's'}"
    draw.text((right - draw.textlength(games, font=font(small)), bottom + pad // 2), games, font=font(small),
              fill=MUTED)
    for k, values in enumerate(lines):
        points = [at(i, v) for i, v in enumerate(values)]
        colour = line_colour(k)
        draw.line(points, fill=colour, width=max(2, small // 3), joint="curve")
        x, y_end = points[-1]
        r = small * 0.45
        draw.ellipse((x - r, y_end - r, x + r, y_end + r), fill=colour, outline=INK)
    y = bottom + small * 2 + pad
    column = (width - pad * 4) // 2
    for k, (name, line) in enumerate(series.items()):
        x = pad * 2 + (k % 2) * column
        row_y = y + (k // 2) * (small + pad)
        draw.rectangle((x, row_y + small * 0.2, x + small, row_y + small * 1.1), fill=line_colour(k), outline=INK)
        text = fit_text(draw, f"{name} — {line[-1]:.0f}", column - small * 2, small)
        draw.text((x + small * 1.5, row_y), text, font=font(small), fill=INK)
    return img


def rating_png(title: str, series: Mapping[str, Sequence[float]], start: float, width: int = WIDTH) -> bytes:
    """The chart as PNG bytes."""
    return to_png(rating_image(title, series, start, width))
