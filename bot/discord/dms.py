"""A table's private messages: each person's DM about each game, sent with news, edited in place, or retired."""

from __future__ import annotations

import contextlib
import dataclasses
import logging
from collections.abc import Sequence

import discord

from bot.discord import components, limits, messages, notices, pictures
from bot.drawing import Drawer
from bot.host import Host
from bot.models import DM_CLOSED, DmNote, GameRecord
from engines.core import Decision, Event

log = logging.getLogger(__name__)
# what a DM whose choice is gone says once its game has ended
ENDED = {"cancelled": "Game #{id} was cancelled.", "finished": "Game #{id} is over: the final board is in its {place}."}
KEPT_NEWS = 10  # the latest private lines a DM edited in place keeps (a run of one's own moves adds to it)


class Dms:
    """The DMs a bot sends about its games: one live DM per person and game, with their private choice."""

    def __init__(self, bot: discord.Client, host: Host, drawer: Drawer) -> None:
        self.bot, self.host, self.drawer = bot, host, drawer
        self._notes: dict[tuple[int, int], DmNote | None] = {}  # (game, user) -> their last DM about it (a cache)
        self._pictures: dict[tuple[int, int], int] = {}  # (game, user) -> hash of the picture their live DM shows
        self._standins: dict[tuple[int, int], str] = {}  # (game, user) -> what their DM last said of a stand-in

    async def deliver(self, record: GameRecord, events: Sequence[Event]) -> None:
        """DM each person their private events and private decision: a new DM when there is news they did not
        make themselves, else their live DM edited in place."""
        private: dict[int, list[Event]] = {}
        for e in events:
            if e.private_to is not None:
                private.setdefault(e.private_to, []).append(e)
        for seat, s in enumerate(record.seats):
            if s.user_id is None:
                continue
            mine = private.get(seat, [])
            try:
                await self._deliver_to(record, seat, s.user_id, [e.text for e in mine],
                                       notify=any(e.seat != seat for e in mine))
            except discord.HTTPException:  # one person's DM failing must not keep the others from theirs
                log.warning("game %s: the DM to seat %s failed", record.id, seat, exc_info=True)

    async def _deliver_to(self, record: GameRecord, seat: int, user_id: int, texts: list[str], notify: bool) -> None:
        """One person's DM. What they just did themselves (`texts` without `notify`) goes into their live DM,
        edited in place, so a click brings no new message; news from elsewhere comes as a new DM, which the
        older one gives way to. A DM with nothing left to decide keeps its news and loses its components. While a
        stand-in plays the seat, its moves' news goes into the person's DM in place too (going away spams nobody), as
        does what the DM says of the stand-in when that changes (it pauses, or the person is back)."""
        decision = own_decision(self.host, record, seat, private_only=True)
        note = await self._note(record.id, user_id)
        standin = record.standin_state(seat)  # an away person's DM follows their stand-in: news, paused, back
        changed = self._standins.get((record.id, user_id), "") != standin
        self._standins[(record.id, user_id)] = standin
        live = note is not None and note != DM_CLOSED and (
            note.live or changed or (record.seats[seat].standin and bool(texts)))
        if live and not notify:
            assert note is not None
            note = dataclasses.replace(note, news=(*note.news, *texts)[-KEPT_NEWS:])
            if await self._edit(record, seat, user_id, note, decision):
                return
        elif decision is None and not texts:
            await self.close(record, user_id, ended(record))
            return
        if note is not None and not note.news and note != DM_CLOSED:  # nothing to keep: the new DM takes its place
            with contextlib.suppress(discord.HTTPException):
                await self._message(note).delete()
        elif note is not None and note != DM_CLOSED:  # what it said of the game is stale now, choice or not
            await self._retire(record, user_id, note, "(see the newer message below)")
        view = (components.decision_view(record.id, record.version, [decision], record.names,
                                         board=False) if decision else None)
        png = await pictures.hand_png(self.host, self.drawer, record, seat)
        await self._send(record, user_id, private_text(self.host, record, seat, decision, texts), view, png,
                         tuple(texts))

    async def _edit(self, record: GameRecord, seat: int, user_id: int, note: DmNote,
                    decision: Decision | None) -> bool:
        """Edit the live DM in place with its news and the current decision, or (None) with what comes next and no
        components, its picture kept current (a choice made shows in the hand); False when that DM is gone."""
        view = components.decision_view(record.id, record.version, [decision], record.names, board=False) \
            if decision else None
        note = dataclasses.replace(note, live=decision is not None)
        png = await pictures.hand_png(self.host, self.drawer, record, seat)
        key, drawn = (record.id, user_id), hash(png)
        files = {"attachments": [pictures.as_file(png, messages.HAND_FILE)]} \
            if png is not None and self._pictures.get(key) != drawn else {}
        try:
            await self._message(note).edit(content=private_text(self.host, record, seat, decision, note.news),
                                           view=view, **files)
        except discord.HTTPException:
            return False
        self._pictures[key] = drawn
        await self._set_note(record.id, user_id, note)
        return True

    async def _send(self, record: GameRecord, user_id: int, text: str, view: discord.ui.View | None,
                    png: bytes | None, news: tuple[str, ...]) -> None:
        """Send a DM carrying `news`; if DMs are closed (50007) say so in the game's channel, without any content,
        once a game (across restarts)."""
        try:
            channel = await self.bot.create_dm(discord.Object(user_id))
            sent = await channel.send(content=text, view=view or discord.utils.MISSING,
                                      files=[pictures.as_file(png, messages.HAND_FILE)] if png else [])
        except discord.Forbidden as exc:
            if exc.code != notices.DMS_CLOSED:
                raise
            told = (await self._note(record.id, user_id)) == DM_CLOSED
            await self._set_note(record.id, user_id, DM_CLOSED)
            if not told and record.place_id:
                await self.bot.get_partial_messageable(record.place_id).send(
                    f"<@{user_id}>, I can't send you direct messages. Use `/fish hand` here or the "
                    f"**My hand** button under the board to see your hand and make private choices.",
                    allowed_mentions=messages.MENTION_USERS)
            return
        self._pictures[(record.id, user_id)] = hash(png)
        await self._set_note(record.id, user_id, DmNote(channel.id, sent.id, view is not None, news))

    async def _note(self, game_id: int, user_id: int) -> DmNote | None:
        """The player's last DM about the game: from memory, else as the host remembers it (e.g. before a restart)."""
        key = (game_id, user_id)
        if key not in self._notes:
            self._notes[key] = await self.host.dm_note(game_id, user_id)
        return self._notes[key]

    async def _set_note(self, game_id: int, user_id: int, note: DmNote | None) -> None:
        """Remember the player's last DM about the game, here and in the host (it outlives a restart)."""
        self._notes[(game_id, user_id)] = note
        await self.host.set_dm_note(game_id, user_id, note)

    async def close(self, record: GameRecord, user_id: int, text: str) -> None:
        """Retire the player's live DM about the game, if any, with `text` in place of its choices. Once the game
        is over, or the player left it, their last DM says so even with no choice left in it ("the board mentions
        you" or "a stand-in plays your seat" would be stale), and is then forgotten: nothing will change it again."""
        note = await self._note(record.id, user_id)
        if note is None or note == DM_CLOSED:
            return
        final = record.status != "active" or record.seat_of(user_id) is None
        if note.live or final:
            await self._retire(record, user_id, note, text)
        if final:
            await self._set_note(record.id, user_id, None)

    async def _retire(self, record: GameRecord, user_id: int, note: DmNote, text: str) -> None:
        """Take the components off an older DM; the private news it was sent with stays in it."""
        await self._set_note(record.id, user_id, dataclasses.replace(note, live=False))
        text = limits.content("\n".join([*news_lines(self.host, record, note.news), text])) or text
        with contextlib.suppress(discord.HTTPException):
            await self._message(note).edit(content=text, view=None)

    def _message(self, note: DmNote) -> discord.PartialMessage:
        """The DM a note is about, to edit."""
        return self.bot.get_partial_messageable(note.channel_id, type=discord.ChannelType.private) \
            .get_partial_message(note.message_id)


def private_text(host: Host, record: GameRecord, seat: int, decision: Decision | None,
                 texts: Sequence[str]) -> str:
    """The text of a private message: the game, news only this seat may see, and what to decide."""
    lines = news_lines(host, record, texts)
    if standin := record.standin_state(seat):
        place = "thread" if record.thread_id else "channel"
        lines.append(f"🤖 An AI stand-in is playing your seat. Use `/fish back` in the game's {place} to return."
                     if standin == "playing" else f"🤖 Your AI stand-in is paused: nobody else plays this game in "
                     f"person now, so it waits for you. Use `/fish back` in the game's {place} to play on.")
    elif decision is not None:
        lines.append(f"**Your move:** {messages.prompt(record, decision)}")
        lines += messages.guide_lines(decision) if components.as_buttons([decision]) else []  # labels are short
    elif public := own_decision(host, record, seat, private_only=False):
        lines.append(f"**Your move, on the board:** {messages.prompt(record, public)}")
    elif record.status == "active":
        lines.append("Nothing to decide here for now: the board mentions you when it is your turn.")
    else:
        lines.append(ended(record))
    if link := messages.board_link(record):
        lines.append(f"Board: {link}")
    return limits.content("\n".join(lines)) or ""


def news_lines(host: Host, record: GameRecord, texts: Sequence[str]) -> list[str]:
    """A private message's head: the game's title, then each piece of news only its reader may see."""
    title = f"**{messages.title(host.engine(record), record)}**"
    return [title, *(f"🔒 {messages.shown(t)}" for t in texts)]


def own_decision(host: Host, record: GameRecord, seat: int, private_only: bool) -> Decision | None:
    """The seat's pending decision for its person (None while an AI plays it)."""
    if record.seats[seat].automated:
        return None
    for d in host.pending(record):
        if d.seat == seat and (d.private or not private_only):
            return d
    return None


def ended(record: GameRecord) -> str:
    """What a DM about a game that ended says of it (where its final board is)."""
    return ENDED.get(record.status, "✓ Done.").format(id=record.id, place="thread" if record.thread_id else "channel")
