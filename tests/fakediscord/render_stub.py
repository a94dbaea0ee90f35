"""Tiny renderers for the test games (toy, secret): small PNGs that name what they show."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from engines.core import Result, View


def _png(text: str) -> bytes:
    image = Image.new("RGB", (160, 40), "white")
    ImageDraw.Draw(image).text((4, 4), text[:40], fill="black")
    buf = io.BytesIO()
    image.save(buf, "PNG")
    return buf.getvalue()


def board(view: View) -> bytes:
    """The public board."""
    return _png(f"board {view.game} to_act={view.to_act}")


def hand(view: View) -> bytes | None:
    """A seat's secret (toy) or pick (secret)."""
    secret = getattr(view, "secret", None)
    if secret is None:
        secret = getattr(view, "my_pick", None)
    return None if view.seat is None else _png(f"hand seat {view.seat}: {secret} to_act={view.to_act}")


def final(view: View, result: Result) -> bytes:
    """Final scores."""
    return _png(f"final {result.scores}")
