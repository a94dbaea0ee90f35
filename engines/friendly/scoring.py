"""Fishing scores (per seat, with a breakdown) and final scores with the left neighbour."""

from __future__ import annotations

from engines.friendly.tiles import COLOURS, TILE_KIND

COMMON_POINTS = (0, 1, 3, 6, 10, 15, 21)
SHINER_POINTS = (0, -2, 5, 12)
CRAYFISH_FIRST, CRAYFISH_SECOND = 8, 4
LUNKER, DINKER, SKIPJACK, JUNK = 5, 2, 5, -3


def counts(tiles: list[int]) -> dict[str, int]:
    """How many tiles of each kind."""
    out: dict[str, int] = {}
    for t in tiles:
        k = TILE_KIND[t]
        out[k] = out.get(k, 0) + 1
    return out


def crayfish_points(crayfish: list[int]) -> list[int]:
    """8 to every player tied for most, 4 to every player tied for the next count; none for zero."""
    levels = sorted({n for n in crayfish if n > 0}, reverse=True)
    award = {}
    if levels:
        award[levels[0]] = CRAYFISH_FIRST
    if len(levels) > 1:
        award[levels[1]] = CRAYFISH_SECOND
    return [award.get(n, 0) for n in crayfish]


def fishing_breakdowns(owned: list[list[int]], double: str, specials: list[str]) -> list[dict[str, int]]:
    """Each seat's Fishing Score as named parts that sum to it (only parts for tiles in play)."""
    tallies = [counts(tiles) for tiles in owned]
    cray = crayfish_points([t.get("C", 0) for t in tallies])
    rows = []
    for seat, t in enumerate(tallies):
        row = {"Common fish": sum(COMMON_POINTS[t.get(c, 0)] for c in COLOURS)}
        row["Double points"] = COMMON_POINTS[t.get(double, 0)] if double else 0
        row["Crayfish"] = cray[seat]
        parts = {"lunker": ("Lunker", LUNKER * min(1, t.get("L", 0))),
                 "dinker": ("Dinkers", DINKER * t.get("D", 0)),
                 "skipjack": ("Skipjacks", SKIPJACK * t.get("S", 0)),
                 "shiner": ("Shiners", SHINER_POINTS[t.get("H", 0)]),
                 "junk": ("Junk", JUNK * t.get("J", 0))}
        for name in specials:
            if name in parts:
                label, value = parts[name]
                row[label] = value
        rows.append(row)
    return rows


def fishing_scores(owned: list[list[int]], double: str, specials: list[str]) -> list[int]:
    """Each seat's Fishing Score."""
    return [sum(row.values()) for row in fishing_breakdowns(owned, double, specials)]


def final_scores(fishing: list[int]) -> list[int]:
    """2 players: the Fishing Score; 3-5: own plus the left neighbour's (the next seat)."""
    n = len(fishing)
    if n == 2:
        return list(fishing)
    return [fishing[s] + fishing[(s + 1) % n] for s in range(n)]
