"""The animated replay of a whole game: one frame per move that changed the public board, then the final scores.

Built from public views only (the host replays the move log from the seed and hands over each public view),
so a replay can show nothing a spectator could not have seen. Frames are the game's own board drawings,
halved when 1000 px wide or more (their texts keep their size relative to the width, so they read as the board does on a
phone), each with a strip saying which move it shows. GIF, since it is smaller than APNG for these drawings
(bench/bench_replay.py prints both).
"""

from __future__ import annotations

import importlib
import io
from collections.abc import Sequence

from PIL import Image, ImageDraw

from engines.core import Result, View
from renderers.art import px
from renderers.common import BG, font

SHRINK_FROM = 1000  # boards this wide or wider become frames at half size: 1200 px boards give 600 px frames
FRAME_MS = 900
CHART_MS = 6000
COLOURS = 128
FORMATS = ("gif", "png")


def _strip(width: int, text: str) -> Image.Image:
    """The strip under a frame: which move it shows."""
    height = px(width, 16)
    img = Image.new("RGB", (width, height), (40, 62, 88))
    ImageDraw.Draw(img).text((px(width, 6), height // 2), text, font=font(px(width, 9), True), fill=(255, 255, 255),
                             anchor="lm")
    return img


def _shrunk(png: bytes) -> Image.Image:
    """A board drawing as a frame: halved when it is SHRINK_FROM px wide or more (a 2x2 box average: quick,
    and crisp enough), else as drawn, so no frame is much narrower than a phone shows it."""
    img = Image.open(io.BytesIO(png)).convert("RGB")
    return img.reduce(2) if img.width >= SHRINK_FROM else img


def frames(renderer: str, views: Sequence[View], result: Result | None) -> list[Image.Image]:
    """Every frame, all the same size: each view's board (drawn by the game's renderer module, named so a
    worker process can import it) with its move number, then the game's final scores (the picture the final board
    carries)."""
    drawing = importlib.import_module(renderer)
    shown: list[Image.Image] = []
    last = len(views) - 1
    for i, view in enumerate(views):
        board = _shrunk(drawing.board(view))
        width = board.width
        strip = _strip(width, "Start" if i == 0 else f"Move {i} of {last}" if i < last else f"Move {i}: the end")
        frame = Image.new("RGB", (width, board.height + strip.height), BG)
        frame.paste(board, (0, 0))
        frame.paste(strip, (0, board.height))
        shown.append(frame)
    if result is not None and views:
        shown.append(Image.open(io.BytesIO(drawing.final(views[-1], result))).convert("RGB"))
    width = max(f.width for f in shown)
    height = max(f.height for f in shown)
    out = []
    scores = len(shown) - 1 if result is not None and views else -1
    for i, f in enumerate(shown):
        if f.size != (width, height):  # a board where it stands on the others; the final scores in the middle
            padded = Image.new("RGB", (width, height), BG)
            padded.paste(f, ((width - f.width) // 2, (height - f.height) // 2) if i == scores else (0, 0))
            f = padded
        out.append(f)
    return out


def _palette(shown: list[Image.Image]) -> Image.Image:
    """One palette for every frame, from the first, middle and last: an unchanged pixel keeps its index, so each
    GIF frame stores only what changed (a replay ~2.5x smaller than with a palette per frame, and quicker)."""
    picks = (shown[0], shown[len(shown) // 2], shown[-1])
    sample = Image.new("RGB", (shown[0].width, shown[0].height * len(picks)))
    for i, frame in enumerate(picks):
        sample.paste(frame, (0, i * frame.height))
    return sample.quantize(colors=COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def animation(renderer: str, views: Sequence[View], result: Result | None, fmt: str = "gif") -> bytes:
    """The replay as an animated GIF (or APNG with fmt="png"): one frame per view, the final scores held longest."""
    if fmt not in FORMATS:
        raise ValueError(f"fmt must be one of {FORMATS}")
    shown = frames(renderer, views, result)
    if not shown:
        raise ValueError("a replay needs at least one view")
    durations = [FRAME_MS] * len(shown)
    durations[-1] = CHART_MS
    if fmt == "gif":
        palette = _palette(shown)
        shown = [f.quantize(palette=palette, dither=Image.Dither.NONE) for f in shown]
    buf = io.BytesIO()
    shown[0].save(buf, format=fmt.upper(), save_all=True, append_images=shown[1:], duration=durations, loop=0)
    return buf.getvalue()
