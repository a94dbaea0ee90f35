"""Scenario builders for Friendly Fishing tests: a board laid out by coordinates and kinds."""

from __future__ import annotations

from engines.friendly import ENGINE, FriendlyState
from engines.friendly.tiles import BOARDS, TILE_KIND
from engines.rng import Rng


def make(players: int = 3, side: str = "small", specials: tuple[str, ...] = ("dinker", "skipjack"),
         tiles: dict[str, str] | None = None, boat: str | None = None, owned: dict[int, str] | None = None,
         turn: int = 0) -> FriendlyState:
    """A state with only the given tiles ('C4': 'R') on the board, the boat at `boat` (None: the island)
    and collections given as space-separated kinds per seat."""
    board = BOARDS[side]
    free = list(range(len(TILE_KIND)))

    def take(kind: str) -> int:
        tile = next(t for t in free if TILE_KIND[t] == kind)
        free.remove(tile)
        return tile

    cells = [-1] * (board.width * board.height)
    for name, kind in (tiles or {}).items():
        cells[board.cell(name)] = take(kind)
    collections = [[take(k) for k in (owned or {}).get(s, "").split()] for s in range(players)]
    return FriendlyState(players=[f"P{i}" for i in range(players)], rng=Rng.from_seed(1), side=side,
                         specials=list(specials), cells=cells, boat=board.cell(boat) if boat else -1,
                         first_player=turn, turn=turn, owned=collections)


def kinds(state: FriendlyState, seat: int) -> list[str]:
    """A seat's collected kinds, sorted."""
    return sorted(TILE_KIND[t] for t in state.owned[seat])


def at(state: FriendlyState, name: str) -> str:
    """The kind on a space ('' when empty)."""
    t = state.cells[BOARDS[state.side].cell(name)]
    return TILE_KIND[t] if t >= 0 else ""


def choice_ids(state: FriendlyState) -> list[str]:
    """The ids on offer now."""
    return [c.id for c in ENGINE.decisions(state)[0].choices]


def play(state: FriendlyState, *ids: str) -> FriendlyState:
    """Apply choices in order by whoever is to act."""
    for cid in ids:
        seat = ENGINE.decisions(state)[0].seat
        state, _ = ENGINE.apply(state, seat, cid)
    return state
