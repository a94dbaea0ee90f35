"""Measure the text drawn in images as a phone shows them: every `ImageDraw.text` call's font size at 400 px,
and whether the text lies wholly on its canvas.

A text drawn on a canvas W px wide shows at size*400/W px when the image is shown 400 px wide. A text drawn on a
smaller piece pasted into the image counts at the image's width; one drawn on a larger (supersampled) canvas
counts at that canvas's width. A text drawn into a cached sprite is seen only when the sprite is drawn, so a
survey first empties the renderers' caches.
"""

from __future__ import annotations

import io
import math
import random
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial

from PIL import Image, ImageDraw, ImageFont, ImageText

from engines import registry as engines
from engines.core import GameEngine, GameState
from renderers import registry as drawings
from renderers.art import DISPLAY_WIDTH

SMALLEST = 6.0  # nothing drawn under this at 400 px
READABLE = 8.0  # the 10th percentile at least this at 400 px
DEFAULT_SIZE = 10.0  # Pillow's default font size, when a text is drawn without a font


@dataclass(frozen=True, slots=True)
class Drawn:
    """One text drawn: its font size, the width of the canvas it went on, the text, and whether it lies wholly
    on that canvas (a text cut by the edge is unreadable however large)."""

    size: float
    canvas: int
    text: str
    inside: bool = True


@contextmanager
def recording() -> Iterator[list[Drawn]]:
    """Record every text drawn with PIL while the block runs."""
    drawn: list[Drawn] = []
    original = ImageDraw.ImageDraw.text

    def text(self: ImageDraw.ImageDraw, xy, content, fill=None, font=None, *args, **kwargs):  # type: ignore[no-untyped-def]
        """ImageDraw.text that notes the font size, canvas width and whether the text fits the canvas first."""
        used = content.font if isinstance(content, ImageText.Text) else font
        size = used.size if isinstance(used, ImageFont.FreeTypeFont) else kwargs.get("font_size") or DEFAULT_SIZE
        shown = content.text if isinstance(content, ImageText.Text) else content
        if str(shown).strip():
            inside = True
            if isinstance(used, ImageFont.FreeTypeFont):
                anchor = kwargs.get("anchor", args[0] if args else None)
                x0, y0, x1, y1 = self.textbbox(xy, shown, font=used, anchor=anchor)
                width, height = self._image.size
                inside = x0 >= -1 and y0 >= -1 and x1 <= width + 1 and y1 <= height + 1
            drawn.append(Drawn(float(size), self._image.width, str(shown), inside))
        return original(self, xy, content, fill, font, *args, **kwargs)

    ImageDraw.ImageDraw.text = text  # type: ignore[method-assign]
    try:
        yield drawn
    finally:
        ImageDraw.ImageDraw.text = original  # type: ignore[method-assign]


@dataclass(frozen=True, slots=True)
class Shot:
    """One image drawn: its texts (sized as shown 400 px wide), its width in px and its PNG size in bytes."""

    texts: list[Drawn]
    width: int
    size: int


def shoot(render: Callable[[], bytes | None]) -> Shot | None:
    """Record one render (None when it draws no image)."""
    with recording() as drawn:
        png = render()
    if png is None:
        return None
    width = Image.open(io.BytesIO(png)).width
    texts = [Drawn(d.size * DISPLAY_WIDTH / max(d.canvas, width), width, d.text, d.inside) for d in drawn]
    return Shot(texts, width, len(png))


def measure(render: Callable[[], bytes | None]) -> list[Drawn] | None:
    """The texts one render draws, sized as shown 400 px wide (None when it draws no image)."""
    shot = shoot(render)
    return None if shot is None else shot.texts


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (nearest rank) of a non-empty list."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q / 100 * len(ordered)) - 1)]


@dataclass(frozen=True, slots=True)
class Figures:
    """The legibility of one kind of image: the smallest text, the 10th percentile, counts under 6 and 8 px, and
    texts cut by the canvas edge."""

    images: int
    texts: int
    smallest: float
    p10: float
    under6: int
    under8: int
    worst: str
    outside: int = 0
    cut: str = ""
    widest: int = 0  # px
    largest: int = 0  # PNG bytes

    def passes(self) -> bool:
        """Smallest >= 6 px and 10th percentile >= 8 px at 400 px display width, and no text off the canvas."""
        return self.smallest >= SMALLEST and self.p10 >= READABLE and not self.outside


def figures(shots: list[Shot]) -> Figures:
    """Summarise several images of one kind."""
    texts = [d for shot in shots for d in shot.texts]
    sizes = [d.size for d in texts]
    widest, largest = max(s.width for s in shots), max(s.size for s in shots)
    if not sizes:
        return Figures(len(shots), 0, math.inf, math.inf, 0, 0, "", widest=widest, largest=largest)
    worst = min(texts, key=lambda d: d.size)
    cut = [d.text for d in texts if not d.inside]
    return Figures(len(shots), len(sizes), min(sizes), percentile(sizes, 10), sum(s < SMALLEST for s in sizes),
                   sum(s < READABLE for s in sizes), worst.text, len(cut), cut[0] if cut else "", widest, largest)


def _states(engine: GameEngine, seed: int, stops: int, count: int) -> tuple[list[GameState], GameState]:
    """A random game of `count` players: `stops` states spread over it, and its final state."""
    players = [f"Player {chr(65 + i)}" for i in range(count)]
    state = engine.new_game(players, None, seed)
    rnd = random.Random(seed)
    seen = [state]
    while pending := engine.decisions(state):
        decision = pending[int(rnd.random() * len(pending))]
        state, _ = engine.apply_to(state, decision, engine.ai_choice(state, decision, "random", rnd))
        seen.append(state)
    picks = [seen[round(i * (len(seen) - 2) / max(1, stops - 1))] for i in range(stops)]
    return picks, state


def survey(key: str, seeds: range, stops: int = 4, count: int | None = None) -> dict[str, Figures]:
    """Legibility and size of one game's board, hand and final images over random games of `count` players
    (default the largest count)."""
    engine = engines.get(key)
    drawing = drawings.get(key)
    _empty_caches()
    found: dict[str, list[Shot]] = {"board": [], "hand": [], "final": []}
    for seed in seeds:
        picks, end = _states(engine, seed, stops, count or engine.max_players)
        result = engine.result(end)
        assert result is not None
        for state in (*picks, end):
            found["board"].extend(_shots(partial(drawing.board, engine.view(state, None))))
            for seat in range(len(state.players)):
                found["hand"].extend(_shots(partial(drawing.hand, engine.view(state, seat))))
        found["final"].extend(_shots(partial(drawing.final, engine.view(end, None), result)))
    return {kind: figures(shots) for kind, shots in found.items() if shots}


def _empty_caches() -> None:
    """Empty every functools cache of the loaded renderer modules, so cached sprites draw (and show) their texts."""
    for name, module in list(sys.modules.items()):
        if name.startswith("renderers.") and module is not None:
            for value in vars(module).values():
                if callable(getattr(value, "cache_clear", None)) and getattr(value, "__module__", None) == name:
                    value.cache_clear()


def _shots(render: Callable[[], bytes | None]) -> list[Shot]:
    """The render's shot, or none when it draws no image."""
    shot = shoot(render)
    return [] if shot is None else [shot]
