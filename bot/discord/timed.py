"""What the timers bring to a table: lobby expiries, reminders, AI stand-ins, and AI moves a failed reply still owes."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable
from typing import Any

import discord

from bot import timers
from bot.discord import messages, notices
from bot.host import Host, HostError
from bot.models import GameRecord

log = logging.getLogger(__name__)


class Timed:
    """Timer deliveries, mixed into Table: they use its bot, host, clock and work count, its publishing and posting,
    and its AI retry schedule."""

    bot: discord.Client
    host: Host
    clock: Callable[[], float]
    work: Callable[[], contextlib.AbstractAsyncContextManager[None]]
    publish: Callable[..., Any]
    _post: Callable[..., Any]
    _ai_retries: dict[int, tuple[float, float]]

    async def run_timers(self, now: float | None = None) -> timers.Due:
        """Deliver what is due now: lobby expiries, reminders, AI stand-ins, and AI moves a failed reply still owes."""
        now = self.clock() if now is None else now
        async with self.work():
            due = await timers.collect(self.host, now)
            for record in due.expired:
                await self.publish(record.id, note="This lobby expired before it started.")
            for record, seats in due.reminders:
                await self._remind(record, seats)
            for record, seats in due.standins:
                await self._stand_in(record, seats)
            stalled = {record.id for record in due.stalled}
            self._ai_retries = {g: v for g, v in self._ai_retries.items() if g in stalled}  # ended, or moved on
            for game in sorted(stalled):
                await self._retry_ai(game, now)
        return due

    async def _retry_ai(self, game: int, now: float) -> None:
        """Ask AI seats again for the moves a failed reply left them owing, waiting twice as long after each
        failure (up to an hour), and show what they play."""
        next_try, wait = self._ai_retries.get(game, (now, timers.STALLED_AFTER))
        if now < next_try:
            return
        try:
            played = await self.host.resume_ai(game)
        except HostError:
            self._ai_retries.pop(game, None)
            return  # the game ended or moved on meanwhile
        except Exception:  # noqa: BLE001 - one game's trouble must not stop the timers
            wait = min(2 * wait, timers.HOUR)
            self._ai_retries[game] = (now + wait, wait)
            log.exception("game %s: its AI seats failed again; next try in %.0f s", game, wait)
            return
        self._ai_retries.pop(game, None)
        await self.publish(played)

    async def _remind(self, record: GameRecord, seats: list[int]) -> None:
        fresh = await self.host.get(record.id)  # not a game that ended, nor a seat that moved, since the tick
        seats = [s for s in seats if s in fresh.waiting and fresh.waiting[s] == record.waiting.get(s)]
        if fresh.status != "active" or not seats:
            return
        settings, name = await self.host.get_settings(record.guild_id), self.host.engine(record).name
        groups: dict[int | None, list[int]] = {}  # one message per stand-in time (None: none), each told their own
        for s in seats:
            at = int(timers.deadlines(record, settings, [s]).standin_at) if record.others_present(s) else None
            groups.setdefault(at, []).append(s)
        posted: list[tuple[discord.Message, list[int], int]] = []
        for standin_at, group in groups.items():
            with contextlib.suppress(discord.HTTPException):  # to the game's channel if its thread is gone
                message, fresh = await self._post(fresh, content=messages.reminder(fresh, group, standin_at, name),
                                                  allowed_mentions=messages.MENTION_USERS)
                posted.append((message, group, standin_at))
            await self.host.mark_reminded(record.id, group)
        if record.thread_id is not None and fresh.thread_id is None:  # its thread was gone: the board follows, and
            await self.publish(record.id)  # the reminders link it there
            fresh = await self.host.get(record.id)
            for message, group, standin_at in posted:
                with contextlib.suppress(discord.HTTPException):
                    await message.edit(content=messages.reminder(fresh, group, standin_at, name))
        for standin_at, group in groups.items():
            await notices.send(self.bot, self.host, [u for s in group if (u := record.seats[s].user_id) is not None],
                               f"⏰ Reminder: {notices.game_text(self.bot, self.host, fresh)} waits on you"
                               + (f"; an AI stands in <t:{standin_at}:R>" if standin_at is not None else "")
                               + notices.board(fresh))

    async def _stand_in(self, record: GameRecord, seats: list[int]) -> None:
        hours = (await self.host.get_settings(record.guild_id)).standin_hours
        name = self.host.engine(record).name
        for seat in seats:  # only while the seat still waits as the timers found it: its person may have moved
            await self.stand_in(record, seat, f"🤖 <@{record.seats[seat].user_id}> was idle for {hours:g} h, so an AI "
                                              f"now plays their seat in game #{record.id} ({name}). Use `/fish back` "
                                              "to take your seat back.", ping=True,
                                idle_since=record.waiting.get(seat))

    async def stand_in(self, record: GameRecord, seat: int, note: str, ping: bool,
                       idle_since: float | None = None) -> bool:
        """Let the AI stand-in play a person's seat now and show the board with the note (ping: the note is a
        message of its own, to mention them); False if the seat cannot have one (the game is over, an AI plays
        it already, nobody else plays the game in person, or it no longer waits since `idle_since`)."""
        try:
            played = await self.host.set_standin(record.id, seat, True, idle_since)
        except HostError:
            return False
        log.info("game %s: AI stand-in for seat %s", record.id, seat)
        if ping:
            with contextlib.suppress(discord.HTTPException):
                await self._post(played.record, content=note, allowed_mentions=messages.MENTION_USERS)
        await self.publish(played, note="" if ping else note)
        return True
