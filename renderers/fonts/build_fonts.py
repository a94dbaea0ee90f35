"""Build the two shipped fonts: DejaVu Sans (regular, bold) with the glyphs it lacks for players' names filled in.

Discord names are often Chinese, Japanese, Korean or full-width, or carry emoji; DejaVu has none of those, and
Pillow has no font fallback, so those names came out as empty boxes. Each shipped font is one DejaVu face merged
with a subset of Droid Sans Fallback (CJK, kana, Hangul, full-width forms; Apache 2.0) and of Symbola (emoji and
symbols; free for any use). DejaVu's own glyphs, hinting and line metrics are kept, so its text draws exactly as
before. This runs only when the fonts are rebuilt, never at run or test time; it needs fontTools:

    pip install fonttools
    python renderers/fonts/build_fonts.py DejaVuSans.ttf DroidSansFallback.ttf Symbola_hint.ttf FishSans.ttf
    python renderers/fonts/build_fonts.py DejaVuSans-Bold.ttf DroidSansFallback.ttf Symbola_hint.ttf \
        FishSans-Bold.ttf

(DejaVu 2.37; DroidSansFallback.ttf from Debian's fonts-droid-fallback 6.0.1r16; Symbola_hint.ttf from Debian's
fonts-symbola 2.60.)
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from fontTools import subset
from fontTools.merge import Merger
from fontTools.ttLib import TTFont
from fontTools.ttLib.scaleUpem import scale_upem

UNITS_PER_EM = 2048  # DejaVu's
CJK = [(0x1100, 0x11FF), (0x3000, 0x303F), (0x3040, 0x30FF), (0x3100, 0x312F), (0x3130, 0x318F), (0x31F0, 0x31FF),
       (0x4E00, 0x9FFF), (0xAC00, 0xD7A3), (0xF900, 0xFAFF), (0xFF00, 0xFFEF)]
EMOJI = [(0x2190, 0x21FF), (0x2300, 0x23FF), (0x2460, 0x24FF), (0x25A0, 0x27BF), (0x2900, 0x2BFF),
         (0x1F000, 0x1F2FF), (0x1F300, 0x1F6FF), (0x1F900, 0x1F9FF), (0x1FA70, 0x1FAFF)]
LINE_METRICS = {"hhea": ("ascent", "descent", "lineGap"),
                "OS/2": ("sTypoAscender", "sTypoDescender", "sTypoLineGap", "usWinAscent", "usWinDescent")}


def fallback_part(path: str, ranges: list[tuple[int, int]], base: set[int], out: Path) -> None:
    """Save the glyphs of `path` for code points in `ranges` that the base font lacks, unhinted, at DejaVu's em."""
    font = TTFont(path)
    wanted = [cp for cp in font.getBestCmap() if cp not in base and any(a <= cp <= b for a, b in ranges)]
    options = subset.Options()
    options.hinting, options.layout_features, options.name_IDs, options.notdef_outline = False, [], [], False
    options.drop_tables += ["GSUB", "GPOS", "GDEF", "vhea", "vmtx", "kern", "gasp", "BASE", "MATH"]
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=wanted)
    subsetter.subset(font)
    if font["head"].unitsPerEm != UNITS_PER_EM:
        scale_upem(font, UNITS_PER_EM)
    font.save(out)


def build(base_path: str, cjk_path: str, emoji_path: str, out: str) -> None:
    """Merge the base face with the two fallback parts and keep the base face's line metrics."""
    base = TTFont(base_path)
    covered = set(base.getBestCmap())
    with tempfile.TemporaryDirectory() as tmp:
        parts = [Path(tmp, "cjk.ttf"), Path(tmp, "emoji.ttf")]
        fallback_part(cjk_path, CJK, covered, parts[0])
        fallback_part(emoji_path, EMOJI, covered, parts[1])
        merged = Merger().merge([base_path, *map(str, parts)])
    for table, fields in LINE_METRICS.items():
        for name in fields:
            setattr(merged[table], name, getattr(base[table], name))
    merged.save(out)


if __name__ == "__main__":
    build(*sys.argv[1:5])
