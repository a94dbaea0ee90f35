"""Words on Friendly Fishing choices: a short label for a button ("C4 Red fish"), the sentence in the detail."""

from __future__ import annotations

from engines.friendly.scoring import DINKER
from engines.friendly.tiles import COLOUR_NAMES, CORNER_NAMES, KIND_NAMES, Board, a_tile, tile_words

Option = tuple[str, str, str, str]  # choice id, label, detail, group (the board row, for laying out buttons)


def _row(board: Board, cell: int) -> str:
    """The layout group of a cell: its board row."""
    return f"Row {cell // board.width + 1}"


def move(board: Board, cell: int, kind: str, start: str, line: bool, left: bool) -> Option:
    """A boat move to `cell` (a Skipjack `line`, or back to a Dinker `left` this turn) from `start`."""
    name, tile, words = board.name(cell), KIND_NAMES[kind], tile_words(kind)
    if line:
        label = f"{name} {tile} (line)"
        detail = f"Sail straight through open water from {start} to {name} and collect the {words}."
    elif left:
        label = f"{name} {tile} (collect)"
        detail = f"Go back to the Dinker left at {name}: it must be collected now."
    else:
        label = f"{name} {tile}"
        detail = f"Move the boat to {name} and collect the {words}."
    return f"m-{name}", label, detail, _row(board, cell)


def dinker(name: str) -> list[Option]:
    """Collect the Dinker the boat stands on, or leave it and move again."""
    return [("collect", "Collect", f"Collect the Dinker at {name} ({DINKER} points).", ""),
            ("leave", "Move on", f"Leave the Dinker at {name} and move the boat again from there.", "")]


def partner(seat: int, name: str) -> Option:
    """Swap 2 Fish: the other player."""
    return f"seat-{seat}", name, f"Swap a common fish or Crayfish with {name} (you take one, then give one).", ""


def take(kind: str, name: str) -> Option:
    """Swap 2 Fish: the kind taken from the other player."""
    return f"take-{kind}", KIND_NAMES[kind], f"Take {a_tile(kind)} from {name}.", ""


def give(kind: str, name: str) -> Option:
    """Swap 2 Fish: the kind given to the other player."""
    return f"give-{kind}", KIND_NAMES[kind], f"Give {name} one of your {KIND_NAMES[kind]} tiles.", ""


def double(colour: str) -> Option:
    """Double Points on one Common Fish colour."""
    name = COLOUR_NAMES[colour]
    return (f"dbl-{colour}", f"{name} fish ×2",
            f"{name} fish score double for every player (the {CORNER_NAMES[colour]} corner rock).", "")


def pick(phase: str, board: Board, cell: int, kind: str, first: tuple[str, str]) -> Option:
    """A space picked by an action tile; `kind` is '' for open water, `first` the space and kind picked before."""
    name = board.name(cell)
    label = f"{name} {KIND_NAMES[kind]}" if kind else f"{name} open water"
    tile = tile_words(kind) if kind else ""
    there, what = first
    if phase == "swap-a":
        detail = f"Swap the {tile} at {name} with another tile (picked next)."
    elif phase == "swap-b":
        detail = f"Swap the {tile_words(what)} at {there} with the {tile} at {name}."
    elif phase == "slide-from":
        detail = f"Slide the {tile} at {name} through open water (where to, picked next)."
    elif phase == "slide-to":
        detail = f"Slide the {tile_words(what)} from {there} to the open water at {name}."
    else:
        detail = f"Remove the {tile} at {name} from the game (back to the box)."
    return f"c-{name}", label, detail, _row(board, cell)


def column(x: int, count: int, phase: str) -> Option:
    """The first step of a pick among many: a column."""
    letter = chr(65 + x)
    what = "space" if phase == "slide-to" else "tile"
    return (f"col-{letter}", f"Column {letter}",
            f"{count} {what}{'s' if count > 1 else ''} in column {letter}: "
            f"{'pick one of them' if count > 1 else 'pick it'} next.", "")


BACK: Option = ("back", "Other column", "Go back and choose another column.", "")
