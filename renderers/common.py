"""Shared drawing helpers: shipped fonts, seat colours with shapes, text, headers and PNG output.

Pictures (water, cards, fish, boat, tokens, seat badges, the phone-sized banner) are in renderers/art.py.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont, features

from engines.core import counted as counted  # a count and its noun; renderers and the bot take it from here

FONT_DIR = Path(__file__).parent / "fonts"
MAX_WIDTH = 1200

BG = (238, 232, 218)
INK = (34, 34, 40)
MUTED = (110, 110, 120)
PANEL = (250, 247, 240)
HIGHLIGHT = (255, 196, 0)

# Seat colours chosen to stay apart for common colour-blindness; each seat also has a shape and letter.
SEAT_COLOURS = [
    (213, 94, 0),  # vermilion
    (0, 114, 178),  # blue
    (240, 228, 66),  # yellow
    (0, 158, 115),  # green
    (204, 121, 167),  # pink
    (86, 180, 233),  # sky
]
SEAT_SHAPES = ["circle", "square", "triangle", "diamond", "star", "hexagon"]
SEAT_LETTERS = "ABCDEF"


class LeftToRightFont(ImageFont.FreeTypeFont):
    """A font whose every line reads left to right as a whole, however it starts: a right-to-left name (Arabic,
    Hebrew) keeps its own order inside it, and the words around it keep theirs. (Only with libraqm, which alone
    lays text out by direction; without it every line is left to right already.)"""

    def getlength(self, text: Any, mode: str = "", direction: str | None = None, *args: Any, **kw: Any) -> float:
        return super().getlength(text, mode, direction or "ltr", *args, **kw)

    def getbbox(self, text: Any, mode: str = "", direction: str | None = None, *args: Any, **kw: Any) -> Any:
        return super().getbbox(text, mode, direction or "ltr", *args, **kw)

    def getmask2(self, text: Any, mode: str = "", direction: str | None = None, *args: Any, **kw: Any) -> Any:
        return super().getmask2(text, mode, direction or "ltr", *args, **kw)


@cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The shipped font at a pixel size (loaded once per size): DejaVu Sans, with CJK, Hangul and emoji glyphs
    added for players' names (renderers/fonts/build_fonts.py)."""
    path = str(FONT_DIR / ("FishSans-Bold.ttf" if bold else "FishSans.ttf"))
    if features.check("raqm"):
        return LeftToRightFont(path, size, layout_engine=ImageFont.Layout.RAQM)
    return ImageFont.truetype(path, size)


def seat_colour(seat: int) -> tuple[int, int, int]:
    """The colour of a seat."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def text_colour_on(rgb: tuple[int, int, int]) -> tuple[int, int, int]:
    """Black or white, whichever reads better on this background."""
    r, g, b = rgb[:3]
    return INK if (0.299 * r + 0.587 * g + 0.114 * b) > 150 else (255, 255, 255)


def seat_shape(draw: ImageDraw.ImageDraw, seat: int, cx: float, cy: float, r: float, fill, outline=INK,
               width: int = 2) -> None:
    """A seat's own shape (circle, square, triangle, diamond, star, hexagon) at a centre and radius."""
    shape = SEAT_SHAPES[seat % len(SEAT_SHAPES)]
    if shape == "circle":
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=outline, width=width)
    elif shape == "square":
        draw.rectangle((cx - r * 0.85, cy - r * 0.85, cx + r * 0.85, cy + r * 0.85), fill=fill, outline=outline,
                       width=width)
    elif shape == "triangle":
        draw.polygon([(cx, cy - r), (cx + r, cy + r * 0.8), (cx - r, cy + r * 0.8)], fill=fill, outline=outline,
                     width=width)
    elif shape == "diamond":
        draw.polygon([(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], fill=fill, outline=outline,
                     width=width)
    else:
        draw.regular_polygon((cx, cy, r), 6 if shape == "hexagon" else 5, fill=fill, outline=outline, width=width)


def fit_text(draw: ImageDraw.ImageDraw, text: str, width: int, size: int, bold: bool = False) -> str:
    """Shorten text with an ellipsis until it fits in `width` pixels."""
    f = font(size, bold)
    if draw.textlength(text, font=f) <= width:
        return text
    while text and draw.textlength(text + "…", font=f) > width:
        text = text[:-1]
    return text + "…"


def _shortened(text: str, names: Sequence[str]) -> list[str]:
    """The text, then with its player names shorter and shorter: without what follows " (" (an AI's level, a
    stand-in's note), then cut to 16, then to 10 characters; a name is never shortened into one another name shows
    ("Ann (2)" stays itself beside "Ann")."""
    shown = {name: name for name in names}  # each name as the text now shows it
    versions = [text]
    for step in ("(", 16, 10):
        for name in sorted(shown, key=len, reverse=True):
            now = shown[name]
            if step == "(":
                short = now.split(" (")[0]
            elif len(now) > step:
                short = now[:step - 1].rstrip() + "…"
            else:
                continue
            if short != now and short not in {*names, *shown.values()} - {name, now}:
                text, shown[name] = text.replace(now, short), short
        versions.append(text)
    return versions


def fit_line(draw: ImageDraw.ImageDraw, text: str, names: Sequence[str], width: int, size: int,
             bold: bool = False) -> str:
    """One line that fits `width`: player names in it are shortened first (`_shortened`), so what happened after a
    name still shows; only then is the line's end cut."""
    f = font(size, bold)
    versions = _shortened(text, names)
    return next((t for t in versions if draw.textlength(t, font=f) <= width), None) or \
        fit_text(draw, versions[-1], width, size, bold)


def fit_lines(draw: ImageDraw.ImageDraw, text: str, names: Sequence[str], width: int, size: int, lines: int,
              bold: bool = False) -> list[str]:
    """At most `lines` lines that fit `width`: player names shortened first (`_shortened`), then the last line cut."""
    wrapped: list[str] = []
    for version in _shortened(text, names):
        wrapped = wrap_text(draw, version, width, size, bold)
        if len(wrapped) <= lines:
            return wrapped
    return [*wrapped[:lines - 1], fit_text(draw, " ".join(wrapped[lines - 1:]), width, size, bold)]


def wrap_text(draw: ImageDraw.ImageDraw, text: str, width: int, size: int, bold: bool = False) -> list[str]:
    """Split text into lines that fit in `width` pixels."""
    f = font(size, bold)
    lines: list[str] = []
    current = ""
    for word in text.split():
        trial = f"{current} {word}".strip()
        if draw.textlength(trial, font=f) <= width or not current:
            current = trial
        else:
            lines.append(current)
            current = word
    if current:
        lines.append(current)
    return lines


def new_canvas(width: int, height: int, colour=BG) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A blank RGB canvas and its drawing context."""
    if width > MAX_WIDTH:
        raise ValueError(f"images must be at most {MAX_WIDTH} px wide")
    img = Image.new("RGB", (width, height), colour)
    return img, ImageDraw.Draw(img)


def to_png(img: Image.Image) -> bytes:
    """Encode as a 128-colour palette PNG (flat drawings lose nothing), small and quick to send.

    The octree quantizer takes a few ms where median cut takes ~35 ms on a full board; zlib level 1
    instead of 6 took a late-game board from 11.4 to 7.0 ms at 58 KB instead of 43 KB, and true colour
    is slower and larger at every level (`python bench/bench_render.py --png`). A fixed palette a game
    chooses (as Wishes and Push Fish do) is faster again, ~3 ms.
    """
    buf = io.BytesIO()
    small = img.quantize(colors=128, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    small.save(buf, format="PNG", compress_level=1)
    return buf.getvalue()


def winners_line(players: Sequence[str], winners: Sequence[int], score: str) -> str:
    """The final picture's headline: `★ Ann wins with 29 points` (`★ Ann and Bob win with …` on a tie)."""
    names = [players[s] for s in winners]
    joined = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
    return f"★ {joined} {'wins' if len(winners) == 1 else 'win'} with {score}"


def points(n: int) -> str:
    """`1 point`, `29 points`."""
    return counted(n, "point")
