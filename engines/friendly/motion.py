"""Where the boat and tiles may go: boat moves (king steps and Skipjack lines) and tile slides."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engines.friendly.tiles import BOARDS, TILE_KIND, Board

if TYPE_CHECKING:
    from engines.friendly.rules import FriendlyState


def kingfish_need(players: int) -> int:
    """Kingfish needed for the instant win: 2 with five players, else 3."""
    return 2 if players == 5 else 3


def moves(state: FriendlyState, pos: int) -> dict[int, bool]:
    """Cells the boat may move to from `pos` (-1 the island) -> True when only by a Skipjack line."""
    board = BOARDS[state.side]
    cells = state.cells
    starts = board.island if pos < 0 else (pos,)
    near = board.island_neighbours if pos < 0 else board.neighbours[pos]
    out = {n: False for n in near if cells[n] >= 0}
    if "skipjack" in state.specials:
        terrain = board.terrain
        for s in starts:
            for ray in board.rays[s]:
                for step, c in enumerate(ray):
                    if terrain[c] != ".":
                        break
                    t = cells[c]
                    if t >= 0:
                        if step and TILE_KIND[t] == "S" and c not in out:
                            out[c] = True
                        break
    return out


def open_water(state: FriendlyState, board: Board, cell: int) -> bool:
    """An empty water space that is not under the boat."""
    return board.terrain[cell] == "." and state.cells[cell] < 0 and cell != state.boat


def slidable(state: FriendlyState, cell: int) -> bool:
    """Whether the tile on `cell` has an empty water space next to it to slide into."""
    board = BOARDS[state.side]
    return any(open_water(state, board, n) for n in board.neighbours[cell])


def slide_targets(state: FriendlyState, start: int) -> list[int]:
    """Empty water reachable from `start` by king steps through empty water (never the boat's space)."""
    board = BOARDS[state.side]
    seen, todo = {start}, [start]
    while todo:
        c = todo.pop()
        for n in board.neighbours[c]:
            if n not in seen and open_water(state, board, n):
                seen.add(n)
                todo.append(n)
    seen.discard(start)
    return sorted(seen)
