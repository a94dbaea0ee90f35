"""Board drawing figures: every game at its largest player count, late in a game, p50 and max, PNG size.

    python bench/bench_render.py [--samples 15] [--png]

Each sample is a seeded game played by greedy AI seats up to 85 % of its length (late game: full
boats, long logs, most cards out); the public board of that state is drawn `--repeat` times. Wall time
on a loaded machine is mostly waiting for a core, so the CPU time of the draws is printed beside it.
--png also compares PNG encoders on the same images: the 128-colour palette (what `to_png` did
before), a fixed palette, and true colour at several zlib levels.
"""

from __future__ import annotations

import argparse
import io
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PIL import Image  # noqa: E402

from engines import registry  # noqa: E402
from engines.core import GameEngine, GameState  # noqa: E402
from renderers import registry as drawings  # noqa: E402

LATE = 0.85


def late_state(engine: GameEngine, seed: int) -> GameState:
    """The state at 85 % of a greedy game with the most players the game takes."""
    players = [f"Player {i + 1}" for i in range(engine.max_players)]
    state = engine.new_game(players, None, seed)
    rnd = random.Random(seed)
    states = [state]
    while pending := engine.decisions(state):
        decision = pending[0]
        state, _ = engine.apply_to(state, decision, engine.ai_choice(state, decision, "greedy", rnd))
        states.append(state)
    return states[int(LATE * (len(states) - 1))]


def pct(values: list[float], q: float) -> float:
    """The q-quantile (0..1), nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def board_figures(key: str, samples: int, repeat: int) -> list[Image.Image]:
    """Print one game's render p50/max and PNG size; returns the board images (for the PNG comparison)."""
    engine = registry.get(key)
    drawing = drawings.get(key)
    views = [engine.view(late_state(engine, seed), None) for seed in range(samples)]
    drawing.board(views[0])  # warm-up: fonts, sprites, cached layers
    times, cpu, sizes = [], [], []
    for view in views:
        for _ in range(repeat):
            start, start_cpu = time.perf_counter(), time.process_time()
            png = drawing.board(view)
            times.append((time.perf_counter() - start) * 1000)
            cpu.append((time.process_time() - start_cpu) * 1000)
        sizes.append(len(png))
    width, height = Image.open(io.BytesIO(png)).size
    print(f"  {key:9s} {engine.max_players} players  p50 {pct(times, .5):6.1f} ms  max {max(times):6.1f} ms  "
          f"(CPU p50 {pct(cpu, .5):5.1f} ms)  PNG median {statistics.median(sizes) / 1024:4.0f} KB, "
          f"max {max(sizes) / 1024:4.0f} KB  ({width}x{height})")
    return [captured(drawing, view) for view in views[:5]]


def captured(drawing, view) -> Image.Image:
    """The full-colour image a renderer encodes for this view (what it quantizes, else what it saves)."""
    quantized: list[Image.Image] = []
    saved: list[Image.Image] = []
    quantize, save = Image.Image.quantize, Image.Image.save

    def seen_quantize(img: Image.Image, *args, **kwargs):
        quantized.append(img.copy())
        return quantize(img, *args, **kwargs)

    def seen_save(img: Image.Image, *args, **kwargs):
        saved.append(img.convert("RGB"))
        return save(img, *args, **kwargs)

    Image.Image.quantize, Image.Image.save = seen_quantize, seen_save  # type: ignore[method-assign]
    try:
        drawing.board(view)
    finally:
        Image.Image.quantize, Image.Image.save = quantize, save  # type: ignore[method-assign]
    return (quantized or saved)[-1].convert("RGB")


def _palette(img: Image.Image, level: int) -> bytes:
    buf = io.BytesIO()
    img.quantize(colors=128, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).save(
        buf, format="PNG", compress_level=level)
    return buf.getvalue()


_FIXED = Image.new("P", (1, 1))
_FIXED.putpalette([v for r in range(6) for g in range(7) for b in range(6) for v in (r * 51, g * 42, b * 51)])


def _fixed(img: Image.Image, level: int) -> bytes:
    buf = io.BytesIO()
    img.quantize(palette=_FIXED, dither=Image.Dither.NONE).save(buf, format="PNG", compress_level=level)
    return buf.getvalue()


def _true(img: Image.Image, level: int) -> bytes:
    buf = io.BytesIO()
    img.save(buf, format="PNG", compress_level=level)
    return buf.getvalue()


ENCODERS: list[tuple[str, Callable[[Image.Image, int], bytes], int]] = [
    ("palette 128 (octree), zlib 6", _palette, 6),
    ("palette 128 (octree), zlib 1", _palette, 1),
    ("fixed 252-colour palette, zlib 1", _fixed, 1),
    ("true colour, zlib 6", _true, 6),
    ("true colour, zlib 3", _true, 3),
    ("true colour, zlib 1", _true, 1),
]


def png_figures(images: list[Image.Image], repeat: int) -> None:
    """Time each encoder over the same board images."""
    print(f"PNG encoders over {len(images)} late-game boards of every game (median ms per board, largest KB):")
    for name, encode, level in ENCODERS:
        times, sizes = [], []
        for img in images:
            for _ in range(repeat):
                start = time.perf_counter()
                data = encode(img, level)
                times.append((time.perf_counter() - start) * 1000)
            sizes.append(len(data))
        print(f"  {name:34s} {statistics.median(times):6.1f} ms  {max(sizes) / 1024:5.0f} KB")


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--samples", type=int, default=15, help="seeded late-game states per game")
    parser.add_argument("--repeat", type=int, default=3, help="draws of each state")
    parser.add_argument("--png", action="store_true", help="also compare PNG encoders")
    parser.add_argument("--game", action="append", help="only these games (default: all)")
    args = parser.parse_args()
    print(f"board render, public view, late game (state at {LATE:.0%} of a greedy game), "
          f"{args.samples} states x {args.repeat} draws per game (target p50 <= 25 ms; PNG <= 300 KB)")
    images: list[Image.Image] = []
    for key in args.game or registry.keys():
        images += board_figures(key, args.samples, args.repeat)
    if args.png:
        png_figures(images, args.repeat)


if __name__ == "__main__":
    main()
