"""Elo ratings: a finished game counts as a result between every two of its rated seats."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import Any

from engines.core import AI_NAMES

START = 1000.0  # a newcomer's rating
K = 32.0  # the most one two-player game can move a rating; with n seats each pair weighs 1/(n-1) of it
PROVISIONAL = 5  # rated games before a rating ranks among the settled ones
ALL = "*"  # the key of the rating over every game
AI_PLAYERS = {"random": -1, "easy": -2, "normal": -3, "hard": -4}  # AI levels are rated as players with these ids


def ai_level(player: int) -> str | None:
    """The AI level a (negative) player id stands for, or None for a person."""
    return next((level for level, pid in AI_PLAYERS.items() if pid == player), None)


def seat_players(seats: Sequence[Mapping[str, Any]]) -> list[int | None]:
    """The player each stored seat is rated as: a person (their stand-in's moves included) or an AI level; None for
    a seat whose person left the running game (neither they nor the AI that took over finished it)."""
    players: list[int | None] = []
    for seat in seats:
        level = seat.get("ai")
        if seat.get("left"):
            players.append(None)
        elif seat.get("user_id") is not None:
            players.append(int(seat["user_id"]))
        else:
            players.append(AI_PLAYERS.get(AI_NAMES.get(level, level)) if level else None)
    return players


def participants(players: Sequence[int | None], ranks: Sequence[int]) -> list[tuple[int, int]]:
    """(player, place) of each rated seat, from `seat_players` and the result's places."""
    return [(player, place) for player, place in zip(players, ranks, strict=True) if player is not None]


def expected(rating: float, other: float) -> float:
    """The share of a game between two players that the first is expected to take."""
    return 1.0 / (1.0 + 10.0 ** ((other - rating) / 400.0))


def after_game(ratings: Mapping[int, float], seats: Sequence[tuple[int, int]]) -> dict[int, float]:
    """Each player's rating after a game of these (player, place) seats, from `ratings` before it.

    Every other seat is a match: 1 for placing ahead of it, 1/2 for a tie, 0 behind, less what the two ratings
    expected, times K/(n-1). A player holding several seats (an AI level) moves by the mean of its seats.
    A game with fewer than two players moves nobody.
    """
    if len({player for player, _ in seats}) < 2:
        return {}
    weight = K / (len(seats) - 1)
    moves: dict[int, list[float]] = defaultdict(list)
    for i, (player, place) in enumerate(seats):
        score = sum((1.0 if place < other_place else 0.5 if place == other_place else 0.0)
                    - expected(ratings[player], ratings[other])
                    for j, (other, other_place) in enumerate(seats) if j != i)
        moves[player].append(weight * score)
    return {player: ratings[player] + sum(m) / len(m) for player, m in moves.items()}
