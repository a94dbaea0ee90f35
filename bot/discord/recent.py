"""What a board says happened: the latest news, or, for a person it newly asks to play, all since their own last move."""

from __future__ import annotations

from collections.abc import Collection, Sequence

MAX_LINES = 12  # lines a board shows: the first and the latest, with a count of those between
KEPT = 40  # refreshes of news a game remembers (in memory: after a restart a board shows the latest news only)


def compact(lines: Sequence[str]) -> list[str]:
    """At most MAX_LINES: the first lines (a turn's start) and the latest, with how many are left out between."""
    if len(lines) <= MAX_LINES:
        return list(lines)
    head = MAX_LINES // 2
    return [*lines[:head], f"… {len(lines) - MAX_LINES + 1} more …", *lines[head - MAX_LINES + 1:]]


class Recent:
    """Each game's recent news, refresh by refresh, with the seats whose moves each one holds."""

    def __init__(self) -> None:
        self._news: dict[int, list[tuple[frozenset[int], list[str]]]] = {}  # game -> (movers, lines), oldest first

    def lines(self, game: int, movers: Collection[int], lines: Sequence[str], note: str,
              asked: Collection[int], with_previous: bool = False) -> list[str]:
        """The board's lines after a refresh with this news (`lines`, made by the moves of `movers`): for seats it
        newly asks to play (`asked`), everything since the earliest of their own last moves; else this news (after
        the news before it, `with_previous`: a refresh that fell behind showed it but left its DMs to this one), or,
        when it brings none (a note alone: someone is back, a restart), the news shown before. A note comes first."""
        kept = self._news.setdefault(game, [])
        if lines:
            kept.append((frozenset(movers), list(lines)))
            del kept[:-KEPT]
        start = max(0, len(kept) - 1 - (1 if with_previous and lines else 0))
        for seat in asked:
            last = max((i for i, (who, _) in enumerate(kept) if seat in who), default=-1)
            start = min(start, last + 1)
        shown = compact([line for _, news in kept[start:] for line in news])
        return [note, *shown[1 - MAX_LINES:]] if note else shown

    def forget(self, game: int) -> None:
        """Drop a game that ended."""
        self._news.pop(game, None)
