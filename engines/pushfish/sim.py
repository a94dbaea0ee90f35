"""The simulated cast and flick (RULINGS geometry) and the exact chances the AI and tests use."""

from __future__ import annotations

from functools import cache
from math import erf, floor, sqrt

from engines.rng import Rng

ROWS, COLS = 4, 5
CARD_W, CARD_H, GAP, BAIT_R = 60, 84, 12, 10
PITCH_X, PITCH_Y = CARD_W + GAP, CARD_H + GAP
GROUND_W, GROUND_H = COLS * PITCH_X - GAP, ROWS * PITCH_Y - GAP
# Casting spread (table units) per row, row 1 nearest: tuned for ~85% / ~45% target hits in rows 1 / 4.
CAST_SIGMA = (19.45, 24.98, 30.50, 36.03)
CALM_FACTOR = 2 / 3

# The rod strip, 0 at the grip: zones W, M, S, SS (widths 38, 28, 20, 14) and the flick spread.
ZONES = ((0.0, 38.0), (38.0, 66.0), (66.0, 86.0), (86.0, 100.0))
FLICK_SIGMA = 15.0
TOKEN_HALF = 3.0  # half the wood token's length along the strip (Hard Mode: all of it inside)
TOLERANCE = 4.0  # how much wider each side a zone counts with Samurai Hattori or Steady Hands
AIMS = (("lo", 0.25), ("c", 0.5), ("hi", 0.75))  # aim points per zone: near edge, centre, far edge
AIM_NAMES = {"lo": "near side", "c": "centre", "hi": "far side"}
AIM_AT = dict(AIMS)


def centre(pos: int) -> tuple[float, float]:
    """The centre of a ground space (pos = row * 5 + col; row 0 nearest the casting line)."""
    row, col = divmod(pos, COLS)
    return col * PITCH_X + CARD_W / 2, row * PITCH_Y + CARD_H / 2


def space_at(x: float, y: float, hard: bool) -> int:
    """The space whose card the bait centre lands on (hard: the whole token inside), or -1."""
    col, row = floor(x / PITCH_X), floor(y / PITCH_Y)
    if not (0 <= col < COLS and 0 <= row < ROWS):
        return -1
    dx, dy = x - col * PITCH_X, y - row * PITCH_Y
    m = BAIT_R if hard else 0.0
    if m <= dx <= CARD_W - m and m <= dy <= CARD_H - m:
        return row * COLS + col
    return -1


def cast_sigma(target: int, calm: bool) -> float:
    """The spread of a cast at this space."""
    return CAST_SIGMA[target // COLS] * (CALM_FACTOR if calm else 1.0)


def cast(rng: Rng, target: int, calm: bool) -> tuple[float, float]:
    """Where a bait aimed at `target` lands (seeded)."""
    x, y = centre(target)
    s = cast_sigma(target, calm)
    dx, dy = rng.normal_pair()
    return x + s * dx, y + s * dy


def aim_point(zone: int, where: str) -> float:
    """The strip position of a named aim in a zone."""
    lo, hi = ZONES[zone]
    return lo + (hi - lo) * AIM_AT[where]


def flick(rng: Rng, aim: float) -> float:
    """Where the wood token stops for an aim (seeded)."""
    return aim + rng.gauss(0.0, FLICK_SIGMA)


def counted_span(zone: int, tol: float, hard: bool) -> tuple[float, float]:
    """Where a token's stop counts as inside `zone`: the zone widened by `tol` each side, narrowed by half the token
    when all of it must be inside (Hard Mode)."""
    lo, hi = ZONES[zone]
    h = TOKEN_HALF if hard else 0.0
    return lo - tol + h, hi + tol - h


def in_zone(stop: float, zone: int, tol: float, hard: bool) -> bool:
    """Whether a token stopping at `stop` counts as inside `zone`."""
    lo, hi = counted_span(zone, tol, hard)
    return lo <= stop <= hi


def zone_at(stop: float) -> int:
    """The first zone a token stopping at `stop` lies in (centre, no tolerance), or -1 off the rod."""
    for z, (lo, hi) in enumerate(ZONES):
        if lo <= stop <= hi:
            return z
    return -1


def _phi(z: float) -> float:
    return 0.5 * (1.0 + erf(z / sqrt(2.0)))


def _between(lo: float, hi: float, mu: float, s: float) -> float:
    return max(0.0, _phi((hi - mu) / s) - _phi((lo - mu) / s))


@cache
def p_land(target: int, pos: int, calm: bool, hard: bool) -> float:
    """The chance a bait aimed at `target` lands on the card at `pos` (worked out once: players ask often)."""
    mx, my = centre(target)
    s = cast_sigma(target, calm)
    row, col = divmod(pos, COLS)
    m = BAIT_R if hard else 0.0
    x0, y0 = col * PITCH_X + m, row * PITCH_Y + m
    return _between(x0, x0 + CARD_W - 2 * m, mx, s) * _between(y0, y0 + CARD_H - 2 * m, my, s)


@cache
def p_flick(aim: float, zone: int, tol: float, hard: bool) -> float:
    """The chance a flick aimed at `aim` stops inside `zone` (worked out once per aim, zone and tolerance)."""
    return _between(*counted_span(zone, tol, hard), aim, FLICK_SIGMA)
