"""What a board says happened: all since the last move of each person it waits on, or at least the latest news."""

from __future__ import annotations

from collections.abc import Collection, Sequence

MAX_LINES = 12  # lines a board shows: the first and the latest, with a count of those between
KEPT = 600  # lines of news a game remembers (in memory; after a restart a board's news is read back from the log)
Line = tuple[int | None, str]  # a line of news and the seat whose move made it (None: nobody's own)


def compact(lines: Sequence[str], most: int = MAX_LINES) -> list[str]:
    """At most `most` lines: the first ones (a turn's start) and the latest, with how many are left out between."""
    if len(lines) <= most:
        return list(lines)
    head = most // 2
    return [*lines[:head], f"… {len(lines) - most + 1} more …", *lines[head - most + 1:]]


class Recent:
    """Each game's recent news, refresh by refresh, each line with the seat whose move made it."""

    def __init__(self) -> None:
        self._news: dict[int, list[list[Line]]] = {}  # game -> the lines of each refresh, oldest first

    def known(self, game: int) -> bool:
        """True once this process remembers the game's news (from its refreshes, or read back at a restart)."""
        return game in self._news

    def seed(self, game: int, moves: Sequence[Sequence[Line]]) -> None:
        """Remember a game's news read back from its log, a refresh per move."""
        self._news[game] = [list(lines) for lines in moves]

    def lines(self, game: int, movers: Collection[int], lines: Sequence[Line], note: str,
              waiting: Collection[int], with_previous: bool = False, clicks: Sequence[str] = ()) -> list[str]:
        """The board's lines after a refresh with this news (`lines`, from the moves of `movers`): all since the
        last own line of each seat it waits on that did not just move, so a person back after hours reads all they
        missed, and at least this news (after the news before it, `with_previous`: a refresh that fell behind showed
        it but left its DMs to this one), or, when it brings none (a note alone: someone is back), the news shown
        before. `clicks` (moves that made no public event) end this board only: they confirm a click and are not
        kept. A note comes first."""
        kept = self._news.setdefault(game, [])
        if lines:
            kept.append(list(lines))
            while sum(map(len, kept)) > KEPT and len(kept) > 1:
                kept.pop(0)
        flat = [(i, seat, text) for i, refresh in enumerate(kept) for seat, text in refresh]
        first = max(0, len(kept) - 1 - (1 if with_previous and lines else 0))
        start = len(flat) if clicks and not lines else next(
            (k for k, (i, _, _) in enumerate(flat) if i >= first), len(flat))
        for seat in set(waiting) - set(movers):
            last = max((k for k, (_, who, _) in enumerate(flat) if who == seat), default=-1)
            start = min(start, last + 1)
        shown = compact([*(text for _, _, text in flat[start:]), *clicks], MAX_LINES - (1 if note else 0))
        return [note, *shown] if note else shown

    def forget(self, game: int) -> None:
        """Drop a game that ended."""
        self._news.pop(game, None)
