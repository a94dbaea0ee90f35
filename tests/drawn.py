"""A spy on Pillow for the render tests: every text drawn and every sprite placed, with its box."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from PIL import Image, ImageDraw

Drawn = tuple[str, tuple[float, float, float, float], float, tuple[int, int]]  # what, box, font size, image size


@contextmanager
def recording(text_width: int | None = None, paste_width: int | None = None,
              composites: bool = False) -> Iterator[list[Drawn]]:
    """Record every text drawn and every sprite pasted while the block runs (with a width, only on images
    that wide), and with `composites` every sprite alpha-composited too."""
    seen: list[Drawn] = []
    text, paste, composite = ImageDraw.ImageDraw.text, Image.Image.paste, Image.Image.alpha_composite

    def spy_text(self, xy, words, fill=None, font=None, anchor=None, *args, **kwargs):
        if text_width is None or self.im.size[0] == text_width:
            box = self.textbbox(xy, words, font=font, anchor=anchor)
            seen.append((f"text {words!r}", box, font.size, self.im.size))
        return text(self, xy, words, fill, font, anchor, *args, **kwargs)

    def spy_paste(self, im, box=None, mask=None):
        if (paste_width is None or self.width == paste_width) and isinstance(im, Image.Image) \
                and box is not None and len(box) == 2:
            seen.append(("paste", (box[0], box[1], box[0] + im.width, box[1] + im.height), 0, self.size))
        return paste(self, im, box, mask)

    def spy_composite(self, im, dest=(0, 0), source=(0, 0)):
        seen.append(("sprite", (dest[0], dest[1], dest[0] + im.width, dest[1] + im.height), 0, self.size))
        return composite(self, im, dest, source)

    ImageDraw.ImageDraw.text, Image.Image.paste = spy_text, spy_paste
    if composites:
        Image.Image.alpha_composite = spy_composite
    try:
        yield seen
    finally:
        ImageDraw.ImageDraw.text, Image.Image.paste, Image.Image.alpha_composite = text, paste, composite
