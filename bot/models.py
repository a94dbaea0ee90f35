"""Records the host keeps: games, seats, moves and per-server settings."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from bot.ratings import PROVISIONAL
from engines.core import Event, GameState

NAME_MAX = 32  # Discord's own display-name limit; longer text would crowd boards and button labels
NAME_MARKS_MAX = 2  # combining marks kept on one character (more is "Zalgo" text that draws over its neighbours)
NAME_FALLBACK = "Player"
_SPACES = {"Cc", "Zs", "Zl", "Zp"}  # controls (\t, \n, \r, U+0085) and separators become one space
_INVISIBLE = {"Cf", "Cs", "Co", "Cn"}  # zero-width and bidi controls, lone surrogates, private and unassigned
_AI_LIKE = re.compile(r"AI \d+ \(\w+\)|.*\(AI, \w+\)", re.IGNORECASE)  # an AI seat's, or one left to an AI


def clean_name(raw: str) -> str:
    """A display name safe to draw and show: one line, no invisible or bidi controls, few stacked marks, capped."""
    kept: list[str] = []
    marks = 0
    for ch in unicodedata.normalize("NFC", raw):
        kind = unicodedata.category(ch)
        if kind in _INVISIBLE:
            continue
        if kind.startswith("M"):
            marks += 1
            if marks > NAME_MARKS_MAX or not kept:
                continue
        else:
            marks = 0
        kept.append(" " if kind in _SPACES else ch)
    return " ".join("".join(kept).split())[:NAME_MAX].rstrip() or NAME_FALLBACK


def seat_name(raw: str, taken: Sequence[str]) -> str:
    """A person's name at a table: cleaned, marked when it reads like an AI seat's ("AI 1 (hard)"), and numbered
    when someone seated there already has it (any case), so that no two seats read alike."""
    name = clean_name(raw)
    if _AI_LIKE.fullmatch(name):
        name = _fit(name, " (person)")
    used = {t.casefold() for t in taken}
    base, number = name, 1
    while name.casefold() in used:
        number += 1
        name = _fit(base, f" ({number})")
    return name


def ai_name(level: str, taken: Sequence[str]) -> str:
    """An AI seat's name: "AI n (level)", n the first number from the count of AI-like names that is free."""
    used = {t.casefold() for t in taken}
    number = sum(1 for t in taken if _AI_LIKE.fullmatch(t)) + 1
    while f"AI {number} ({level})".casefold() in used:
        number += 1
    return f"AI {number} ({level})"


def _fit(name: str, suffix: str) -> str:
    """The name with a suffix, cut to keep within NAME_MAX."""
    return name[:NAME_MAX - len(suffix)].rstrip() + suffix


Status = Literal["lobby", "active", "finished", "cancelled"]
OPEN_STATUSES: tuple[Status, ...] = ("lobby", "active")


class HostError(Exception):
    """A refused request; its text is fit to show the person who made it."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class Seat(BaseModel):
    """A place at the table: a person (user_id) or an AI player (ai = its level)."""

    user_id: int | None = None
    name: str
    ai: str | None = None
    standin: bool = False  # an AI plays this person's seat until they take it back
    standin_level: str | None = None  # the level of that AI (the server's setting when it began)
    left: bool = False  # an AI took this seat over when its person left the running game

    @property
    def automated(self) -> bool:
        """True when an AI player or a stand-in holds this seat (a stand-in may be paused: `plays_itself`)."""
        return self.ai is not None or self.standin

    @property
    def began_as(self) -> str:
        """The name this seat began the game under: a person who left had theirs, without " (AI, level)"."""
        return self.name.removesuffix(f" (AI, {self.ai})") if self.left else self.name


class GameRecord(BaseModel):
    """One hosted game: its setup, seats, places, version and the current engine state."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    id: int
    key: str
    options: dict[str, Any]
    seed: int
    status: Status
    host_user: int
    guild_id: int | None = None
    channel_id: int | None = None
    thread_id: int | None = None
    message_id: int | None = None
    seats: list[Seat]
    version: int = 0
    created_at: float
    updated_at: float
    turn_since: float  # when the last move was made (or the game began)
    waiting: dict[int, float] = Field(default_factory=dict)  # seat -> since when its decision has waited
    waiting_version: dict[int, int] = Field(default_factory=dict)  # seat -> the version its wait began at
    reminded: list[int] = Field(default_factory=list)  # waiting seats already reminded in this wait
    final_shown: bool = False  # a finished game's final board was posted (a restart posts it otherwise)
    state: GameState | None = Field(default=None, exclude=True)

    def seat_of(self, user_id: int) -> int | None:
        """The seat a user holds in this game, if any."""
        for i, seat in enumerate(self.seats):
            if seat.user_id == user_id:
                return i
        return None

    def others_present(self, seat: int) -> bool:
        """True when someone else plays this game in person: only then does a stand-in for `seat` unblock anyone."""
        return any(s.user_id is not None and not s.automated for i, s in enumerate(self.seats) if i != seat)

    def plays_itself(self, seat: int) -> bool:
        """True when an AI decides for this seat now: an AI player, or a stand-in while someone else plays in
        person (with nobody else at the table, the game waits for its people rather than playing itself out)."""
        s = self.seats[seat]
        return s.ai is not None or (s.standin and self.others_present(seat))

    def standin_state(self, seat: int) -> str:
        """What a seat's stand-in is doing: "" (none), "playing" or "paused" (nobody else plays in person)."""
        if not self.seats[seat].standin:
            return ""
        return "playing" if self.plays_itself(seat) else "paused"

    def promised(self) -> set[int]:
        """Reminded seats whose reminder promised a stand-in (someone else played in person)."""
        return {s for s in self.reminded if self.others_present(s)}

    def promises_kept(self, promised: set[int]) -> None:
        """After a person left or went away: a reminder that promised a stand-in (`promised`, taken before) to
        someone nobody else now plays beside is taken back, so the timers remind them again: the game waits."""
        self.reminded = [s for s in self.reminded if s not in promised or self.others_present(s)]

    def back_in_person(self, seat: int, now: float) -> None:
        """A person takes their seat back from the stand-in: their open decision, and those of people who waited
        alone (told the game waits for them), wait anew from now, so no stand-in comes without a reminder first."""
        alone = {s for s in self.reminded if s in self.waiting and s != seat and not self.others_present(s)}
        self.with_standin(seat, None)
        for s in {seat, *alone} & set(self.waiting):
            self.waiting[s] = now
        self.reminded = [s for s in self.reminded if s != seat and s not in alone]

    def unseat(self, seat: int) -> None:
        """Take a seat out of a lobby: the host's role passes to the first person left, and a lobby with nobody
        left closes."""
        if not self._pass_host(self.seats.pop(seat)):
            self.status = "cancelled"

    def hand_to_ai(self, seat: int, level: str) -> None:
        """An AI of this level plays a running game's seat for good, its person gone: the host's role passes to the
        first person still seated (with nobody left it stays, and the AIs play the game out)."""
        gone = self.seats[seat]
        self.seats[seat] = Seat(name=f"{gone.name} (AI, {level})", ai=level, left=True)
        self._pass_host(gone)

    def with_standin(self, seat: int, level: str | None) -> None:
        """Let an AI of this level stand in for a seat, or (None) stop it (seats are replaced, never changed in
        place, as the host's cache shares them)."""
        self.seats[seat] = self.seats[seat].model_copy(update={"standin": level is not None, "standin_level": level})

    def _pass_host(self, gone: Seat) -> bool:
        """After a person's seat is gone: a host's role passes to the first person seated; False when nobody is."""
        people = [s.user_id for s in self.seats if s.user_id is not None]
        if people and self.host_user == gone.user_id:
            self.host_user = people[0]
        return bool(people)

    @property
    def names(self) -> list[str]:
        """The seat names in seat order."""
        return [s.name for s in self.seats]

    @property
    def names_at_start(self) -> list[str]:
        """The names the game began with, which its state holds (replays deal from these)."""
        return [s.began_as for s in self.seats]

    @property
    def place_id(self) -> int | None:
        """Where the game lives: its thread if it has one, else its channel."""
        return self.thread_id or self.channel_id


PRIVATE_CHOICE = "made a private choice"  # the log's label of a private move that told the table nothing


@dataclass(frozen=True, slots=True)
class Move:
    """One accepted choice in a game's log (built by the host and the store from trusted values)."""

    index: int
    seat: int
    choice_id: str
    label: str
    by_ai: bool = False
    at: float = 0.0


@dataclass(frozen=True, slots=True)
class Played:
    """What one call that advanced a game did: the record after it (read-only), the moves and their events."""

    record: GameRecord
    moves: list[Move] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Tally:
    """A person's finished games (in one game, or in all): how many, how many won, their places and best score."""

    played: int
    won: int
    places: int  # the sum of finishing places (1 is first; tied seats share a place)
    best: int | None  # the highest score (None: none that reads as a number, such as only Kingfish wins)

    @property
    def share(self) -> float:
        """The share of these games won."""
        return self.won / self.played

    @property
    def mean_place(self) -> float:
        """The average finishing place."""
        return self.places / self.played


@dataclass(frozen=True, slots=True)
class Finish:
    """Where one person finished one game."""

    game_id: int
    key: str
    place: int
    players: int
    won: bool
    ended_at: float


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's Elo rating on a server, in one game or all (`bot.ratings`), and the rated games it rests on."""

    value: float
    games: int

    @property
    def provisional(self) -> bool:
        """True while it rests on too few games to rank among the settled ratings."""
        return self.games < PROVISIONAL


@dataclass(frozen=True, slots=True)
class HeadToHead:
    """Two people's finished games together on a server: how many, and in how many the first placed ahead or behind
    the second (the rest were level)."""

    games: int
    ahead: int
    behind: int


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    """A person's finished games on a server: in all games, per game (by key), the latest, their latest name, and
    their ratings by game key (`ratings.ALL` for all games); and, when asked, their games with someone else."""

    name: str
    total: Tally
    games: dict[str, Tally]
    latest: Finish
    ratings: dict[str, Rating] = field(default_factory=dict)
    versus: HeadToHead | None = None


@dataclass(frozen=True, slots=True)
class PastGame:
    """One finished game in a person's history: where they finished and with what score, the other seats' names,
    how it moved their rating in its game, and where its final board is (None for a part unknown)."""

    finish: Finish
    score: int
    others: tuple[str, ...]
    rating_move: tuple[float, float] | None
    guild_id: int | None
    place_id: int | None  # its thread, else its channel
    channel_id: int | None
    message_id: int | None
    parts: tuple[tuple[str, int], ...] = ()  # the score's breakdown, as the game's result gave it


@dataclass(frozen=True, slots=True)
class DmNote:
    """The last DM sent to a player about a game, whether it still carries choice components, and the private
    news it was sent with (kept whenever the DM is edited); or `DM_CLOSED`."""

    channel_id: int
    message_id: int
    live: bool
    news: tuple[str, ...] = ()


DM_CLOSED = DmNote(0, 0, False)  # no DM could be sent (the person's DMs are closed) and the game's channel was told


LOBBY_ROLE_QUIET = 15 * 60.0  # seconds after a lobby mentions a server's lobby role before another may (no spam)


TIMER_FIELDS = ("remind_hours", "standin_hours", "lobby_hours")
MIN_TIMER_HOURS = 0.25


class GuildSettings(BaseModel):
    """Per-server timing for asynchronous play, in hours, and the level of the AI that stands in for people."""

    remind_hours: float = Field(default=12.0, gt=0, le=24 * 30)
    standin_hours: float = Field(default=48.0, gt=0, le=24 * 60)
    lobby_hours: float = Field(default=24.0, gt=0, le=24 * 30)
    standin_level: Literal["easy", "normal", "hard"] = "hard"  # engines.core.AI_LEVELS
    lobby_role: int | None = Field(default=None, gt=0)  # a role mentioned when a lobby opens here (not too often)

    def changed(self, changes: dict[str, Any]) -> GuildSettings:
        """These settings with some changed; a bad value raises ValueError naming the setting. A timer set now
        must be at least MIN_TIMER_HOURS (it would fire at the next tick); shorter ones set before still load."""
        try:
            updated = GuildSettings.model_validate({**self.model_dump(), **changes})
        except ValueError as exc:
            error = exc.errors()[0]  # type: ignore[attr-defined]
            raise ValueError(f"Invalid setting {error['loc'][0]}: {error['msg']}.") from None
        if short := [k for k in TIMER_FIELDS if k in changes and getattr(updated, k) < MIN_TIMER_HOURS]:
            raise ValueError(f"Invalid setting {short[0]}: at least {MIN_TIMER_HOURS} hours (15 minutes); the "
                             f"timers are checked about once a minute.")
        return updated


class PlayerSettings(BaseModel):
    """A person's own settings, the same on every server."""

    turn_dms: bool = False  # DMs too: their games' starts and ends, a choice newly theirs on a board, reminders
