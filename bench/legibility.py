"""Legibility of every game's images on a phone: text sizes as shown 400 px wide, per game and kind of image.

Run: python bench/legibility.py [--seeds N] [--stops K]
Random games at each game's largest player count (seeds 0..N-1), K states spread over each game plus its end:
the public board, every seat's hand and the final image. Prints the smallest text, the 10th percentile and how
many texts fall under 6 px and 8 px, how many are cut by the image's edge, the widest image (px) and the
largest PNG (KB).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines import registry  # noqa: E402
from renderers.legibility import READABLE, SMALLEST, survey  # noqa: E402


def main() -> None:
    """Print the legibility table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--stops", type=int, default=5)
    args = parser.parse_args()
    print(f"text size at 400 px display width; pass = smallest >= {SMALLEST:g} and p10 >= {READABLE:g}")
    print(f"{'game':9} {'image':6} {'imgs':>5} {'texts':>6} {'min':>5} {'p10':>5} {'<6px':>5} {'<8px':>5} "
          f"{'cut':>4} {'px':>5} {'KB':>5}  {'pass':4}  smallest text / a text cut by the edge")
    for key in registry.keys():
        for kind, f in survey(key, range(args.seeds), args.stops).items():
            print(f"{key:9} {kind:6} {f.images:5} {f.texts:6} {f.smallest:5.1f} {f.p10:5.1f} {f.under6:5} "
                  f"{f.under8:5} {f.outside:4} {f.widest:5} {f.largest / 1000:5.0f}  {'yes' if f.passes() else 'NO':4}  "
                  f"{f.worst[:30]!r}"
                  + (f" / cut: {f.cut[:30]!r}" if f.cut else ""))


if __name__ == "__main__":
    main()
