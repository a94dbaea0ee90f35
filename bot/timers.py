"""Transport-neutral timers for asynchronous play: what is due now (reminders, stand-ins, lobby expiries).

Nothing here sleeps or keeps state: every tick reads the games from the host and compares each waiting
seat's idle clock (`GameRecord.waiting`) with the server's settings at `now`, so timers are "re-armed"
after a restart for free. Seats that decide at the same time each have their own clock.
A transport (the Discord cog) calls `collect` periodically and delivers what it returns.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.host import Host, HostError
from bot.models import GameRecord, GuildSettings

HOUR = 3600.0
STALLED_AFTER = 60.0  # seconds an AI seat may owe a move that nobody is thinking out before a tick asks again


@dataclass(frozen=True)
class Deadlines:
    """When the players now to act will be reminded, and when an AI will stand in for them."""

    remind_at: float
    standin_at: float


@dataclass
class Due:
    """What a tick found: seats to remind, seats to hand to an AI stand-in, lobbies that expired, and games whose
    AI seats owe a move nobody is thinking out (their reply failed)."""

    reminders: list[tuple[GameRecord, list[int]]] = field(default_factory=list)
    standins: list[tuple[GameRecord, list[int]]] = field(default_factory=list)
    expired: list[GameRecord] = field(default_factory=list)
    stalled: list[GameRecord] = field(default_factory=list)


def deadlines(record: GameRecord, settings: GuildSettings, seats: list[int] | None = None) -> Deadlines:
    """The earliest reminder and stand-in times among these waiting seats (default: all waiting seats)."""
    clocks = [record.waiting[s] for s in (record.waiting if seats is None else seats) if s in record.waiting]
    since = min(clocks, default=record.turn_since)
    return Deadlines(remind_at=since + settings.remind_hours * HOUR,
                     standin_at=since + settings.standin_hours * HOUR)


def waiting_seats(host: Host, record: GameRecord) -> list[int]:
    """Seats waiting on people, in seat order: not AI, not stood in for (a paused stand-in's seat waits on its person,
    who is reminded)."""
    return sorted({d.seat for d in host.pending(record) if not record.plays_itself(d.seat)})


def due_for(record: GameRecord, waiting: list[int], settings: GuildSettings,
            now: float) -> tuple[list[int], list[int]]:
    """(seats to remind, seats to stand in for) in one game at `now`; a stand-in supersedes a reminder."""
    remind: list[int] = []
    standin: list[int] = []
    if record.status != "active":
        return remind, standin
    for seat in waiting:
        times = deadlines(record, settings, [seat])
        if now >= times.standin_at and record.others_present(seat):  # a stand-in only to unblock someone
            standin.append(seat)
        elif now >= times.remind_at and seat not in record.reminded:
            remind.append(seat)
    return remind, standin


def stalled(host: Host, record: GameRecord, now: float) -> bool:
    """True when an AI seat (or stand-in) has owed a move for a while and this process is not thinking it out."""
    return record.status == "active" and not host.busy(record.id) and any(
        record.plays_itself(s) and now - since >= STALLED_AFTER for s, since in record.waiting.items())


async def collect(host: Host, now: float) -> Due:
    """Everything due at `now`; lobbies past their lifetime are cancelled here (the host does it)."""
    due = Due(expired=await host.expire_lobbies(now))
    cache: dict[int | None, GuildSettings] = {}
    for brief in await host.active_games():
        if brief.guild_id not in cache:
            cache[brief.guild_id] = await host.get_settings(brief.guild_id)
        settings = cache[brief.guild_id]
        if stalled(host, brief, now):
            due.stalled.append(brief)
        times = deadlines(brief, settings)
        if now < min(times.remind_at, times.standin_at):
            continue  # nothing can be due yet (a stand-in may be set to come before the reminder); skip the state
        try:
            record = await host.get(brief.id)
        except HostError:
            continue
        remind, standin = due_for(record, waiting_seats(host, record), settings, now)
        if remind:
            due.reminders.append((record, remind))
        if standin:
            due.standins.append((record, standin))
    return due
