"""Friendly Fishing components as data: the two board sides, the tile catalogue and coordinates."""

from __future__ import annotations

from dataclasses import dataclass

SMALL_MAP = ("#..#..#", ".......", ".......", "...I...", ".......", ".......", "#..#..#")
LARGE_MAP = ("#......#", "........", "........", "#..II..#", "........", "........", "#......#")

COLOURS = ("R", "Y", "G", "B")  # Common Fish colours; also the corner icons, clockwise from top-left
COLOUR_NAMES = {"R": "Red", "Y": "Yellow", "G": "Green", "B": "Blue"}
CORNER_NAMES = {"R": "top-left", "Y": "top-right", "B": "bottom-right", "G": "bottom-left"}

# Kind codes: R/Y/G/B common fish, C crayfish, specials K L D S H J, actions F2 T2 SL RM DP.
KIND_NAMES = {
    "R": "Red fish", "Y": "Yellow fish", "G": "Green fish", "B": "Blue fish", "C": "Crayfish",
    "K": "Kingfish", "L": "Lunker", "D": "Dinker", "S": "Skipjack", "H": "Shiner", "J": "Junk",
    "F2": "Swap 2 Fish", "T2": "Swap 2 Tiles", "SL": "Slide a Tile", "RM": "Remove a Tile", "DP": "Double Points",
}
SPECIAL_SETS = {"kingfish": "K", "lunker": "L", "dinker": "D", "skipjack": "S", "shiner": "H", "junk": "J"}
BASIC = frozenset(("R", "Y", "G", "B", "C"))
ACTIONS = ("F2", "T2", "SL", "RM", "DP")


def tile_words(kind: str) -> str:
    """A tile kind as a sentence names it: 'Red fish', 'Junk tile', 'Double Points action'."""
    name = KIND_NAMES[kind]
    return f"{name} action" if kind in ACTIONS else f"{name} tile" if kind == "J" else name


def a_tile(kind: str) -> str:
    """A tile kind with its article: 'a Red fish', 'a Junk tile', 'the Double Points action' (one tile each)."""
    words = tile_words(kind)
    return f"the {words}" if kind in ACTIONS else f"{'an' if words[0] in 'AEIOU' else 'a'} {words}"


def _catalogue() -> tuple[str, ...]:
    """Kind of every tile id: 24 common fish, 7 crayfish, 6 special sets of 3, 5 actions (54 tiles)."""
    kinds: list[str] = []
    for colour in COLOURS:
        kinds += [colour] * 6
    kinds += ["C"] * 7
    for code in SPECIAL_SETS.values():
        kinds += [code] * 3
    kinds += list(ACTIONS)
    return tuple(kinds)


TILE_KIND = _catalogue()
SPECIAL_IDS = {name: [i for i, k in enumerate(TILE_KIND) if k == code] for name, code in SPECIAL_SETS.items()}
BASE_IDS = [i for i, k in enumerate(TILE_KIND) if k in BASIC or k in ACTIONS]
DIRECTIONS = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))


@dataclass(frozen=True)
class Board:
    """One board side: grid size, cell kinds ('.', '#', 'I') and precomputed neighbours and lines."""

    side: str
    width: int
    height: int
    terrain: tuple[str, ...]  # per cell index r * width + c
    water: tuple[int, ...]
    island: tuple[int, ...]
    island_neighbours: tuple[int, ...]  # water cells next to any island cell (8 small, 10 large)
    neighbours: tuple[tuple[int, ...], ...]  # water cells a king step away
    rays: tuple[tuple[tuple[int, ...], ...], ...]  # per cell, the 8 straight lines of cells to the edge
    corners: dict[str, int]  # colour -> corner rock cell
    names: tuple[str, ...]  # coordinates as drawn: column letter then row number, e.g. C4

    def name(self, cell: int) -> str:
        """Coordinates of a cell, e.g. C4."""
        return self.names[cell]

    def cell(self, name: str) -> int:
        """The cell index of coordinates like 'C4'."""
        return (int(name[1:]) - 1) * self.width + ord(name[0].upper()) - 65


def _build(side: str, rows: tuple[str, ...]) -> Board:
    """Precompute a board side from its map."""
    h, w = len(rows), len(rows[0])
    terrain = tuple(ch for row in rows for ch in row)

    def inside(r: int, c: int) -> bool:
        return 0 <= r < h and 0 <= c < w

    neighbours, rays = [], []
    for i in range(h * w):
        r, c = divmod(i, w)
        neighbours.append(tuple((r + dr) * w + c + dc for dr, dc in DIRECTIONS
                                if inside(r + dr, c + dc) and terrain[(r + dr) * w + c + dc] == "."))
        lines = []
        for dr, dc in DIRECTIONS:
            line, rr, cc = [], r + dr, c + dc
            while inside(rr, cc):
                line.append(rr * w + cc)
                rr, cc = rr + dr, cc + dc
            lines.append(tuple(line))
        rays.append(tuple(lines))
    island = tuple(i for i, t in enumerate(terrain) if t == "I")
    around = sorted({n for i in island for n in neighbours[i]})
    corners = {"R": 0, "Y": w - 1, "B": h * w - 1, "G": (h - 1) * w}
    return Board(side=side, width=w, height=h, terrain=terrain,
                 water=tuple(i for i, t in enumerate(terrain) if t == "."),
                 island=island, island_neighbours=tuple(around),
                 neighbours=tuple(neighbours), rays=tuple(rays), corners=corners,
                 names=tuple(f"{chr(65 + i % w)}{i // w + 1}" for i in range(h * w)))


BOARDS = {"small": _build("small", SMALL_MAP), "large": _build("large", LARGE_MAP)}
SPECIALS_PER_SIDE = {"small": 2, "large": 4}
