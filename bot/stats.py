"""Players' records from finished games: games, wins and places per game, and a server's leaderboard."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from bot.models import Finished

TOP = 10  # players a leaderboard shows


@dataclass(slots=True)
class Tally:
    """One person's finished games (in one game, or in all): how many, won, best score and places."""

    played: int = 0
    won: int = 0
    best: int | None = None
    places: int = 0  # the sum of finishing places (1 is first; tied seats share a place)
    last: Finished | None = None  # the latest of these games

    def add(self, game: Finished, seat: int) -> None:
        """Count this seat's finish in one more game (games come oldest first)."""
        score = game.result.scores[seat]
        self.played += 1
        self.won += seat in game.result.winners
        self.best = score if self.best is None else max(self.best, score)
        self.places += game.result.ranks[seat]
        self.last = game

    @property
    def share(self) -> float:
        """The share of these games won."""
        return self.won / self.played if self.played else 0.0

    @property
    def mean_place(self) -> float:
        """The average finishing place."""
        return self.places / self.played if self.played else 0.0


@dataclass(slots=True)
class Player:
    """A person's records: in all games and per game (by key), under the name of their latest seat."""

    user_id: int
    name: str = ""
    total: Tally = field(default_factory=Tally)
    games: dict[str, Tally] = field(default_factory=dict)


def players(finished: Iterable[Finished]) -> dict[int, Player]:
    """Every person's records over these games (seats of AI players are nobody's)."""
    found: dict[int, Player] = {}
    for game in finished:
        for seat, who in enumerate(game.seats):
            if who.user_id is None:
                continue
            player = found.setdefault(who.user_id, Player(who.user_id))
            player.name = who.name
            player.total.add(game, seat)
            player.games.setdefault(game.key, Tally()).add(game, seat)
    return found


def seat_of(game: Finished, user_id: int) -> int:
    """Where this person sat in a game of their records."""
    return next(i for i, s in enumerate(game.seats) if s.user_id == user_id)


def leaderboard(everyone: Iterable[Player], key: str | None) -> list[tuple[Player, Tally]]:
    """The people with finished games in one game (None: all), most wins first, then the better share and place."""
    rows = [(p, p.total if key is None else p.games[key]) for p in everyone if key is None or key in p.games]
    rows.sort(key=lambda row: (-row[1].won, -row[1].share, row[1].mean_place, row[0].name.casefold()))
    return rows[:TOP]


def place_name(place: int) -> str:
    """1st, 2nd, 3rd, 4th…"""
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


def ordered(keys: Sequence[str], tallies: dict[str, Tally]) -> list[tuple[str, Tally]]:
    """A player's per-game tallies in the games' usual order."""
    return [(k, tallies[k]) for k in keys if k in tallies]
