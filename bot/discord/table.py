"""The Table: turns host results into Discord messages (boards, lobbies, DMs, pings) and answers clicks.

Notification policy: the game keeps ONE board message in its thread or channel. It is edited in place
while the same people are still to act (a multi-step turn, or simultaneous players dropping out as they
answer), and re-posted at the bottom with a mention when someone new must act (the old one is deleted).
A mention only notifies on a new message, so this is the one way to ping without flooding the channel.

Order of importance under a burst: every click is deferred before anything else is done for it; the host
then stores the choice (before any AI thinks, in the thinking pool); drawing happens last, in the drawing
pool (`bot.drawing`, once per game version), whose workers run at a lower CPU priority than this loop.
Refreshes of one game run one at a time on its newest state, and those queued behind a newer one are skipped.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from typing import Any

import discord

from bot import replay, timers
from bot.discord import components, dms, ids, limits, lobbies, messages, notices, picker, pictures, recent
from bot.discord.places import admin, check_place
from bot.discord.replays import Replays
from bot.discord.timed import Timed
from bot.drawing import Drawer
from bot.host import OUTDATED, Host, HostError
from bot.models import GameRecord, Move, Played, clean_name
from bot.seating import LOBBY_MOVED
from engines.core import Event, GameError

log = logging.getLogger(__name__)
SORRY = "Something went wrong on our side; it has been logged. Please try again."
STILL_OPEN = "That button is out of date, so nothing was done. Your choice is still open: use the newest board{}."
SHOW_WHILE_THINKING = 0.5  # seconds: AI replies that take longer let the person's own move show meanwhile
RECALLED = 200  # moves whose news a restart reads back (a whole turn or more of every game)
THREAD_ARCHIVED = 50083  # Discord's code for a write to an archived thread
UNKNOWN_CHANNEL = 10003


@dataclasses.dataclass
class Update:
    """What a game's next refresh must show besides its latest state: the news since the last refresh."""

    events: list[Event] = dataclasses.field(default_factory=list)
    carried: int = 0  # the first events, shown on a board already, carried over for the DMs of a refresh behind
    moves: list[Move] = dataclasses.field(default_factory=list)
    started: bool = False
    note: str = ""
    through: int | None = None  # the newest version whose news this holds (None: asked for without news)
    meanwhile: bool = True  # only asked for while AI seats think, with the move's own refresh to follow


class Table(Timed):
    """Delivers games to Discord over the host; one per bot."""

    def __init__(self, bot: discord.Client, host: Host, clock: Callable[[], float] = time.time,
                 drawer: Drawer | None = None) -> None:
        self.bot = bot
        self.host = host
        self.clock = clock
        self.drawer = drawer or Drawer()
        self.busy = 0  # handlers and deliveries in progress (tests wait for zero)
        self.skipped = 0  # refreshes skipped because a refresh already showed a newer state
        self._locks: dict[int, asyncio.Lock] = {}
        self._queued: dict[int, Update] = {}  # game -> news waiting for the game's next refresh
        self._background: set[asyncio.Task[None]] = set()
        self._pinged: dict[int, frozenset[int]] = {}  # game -> users mentioned by its current board message
        self.recent = recent.Recent()  # each game's latest news, for boards that tell all since a person's last move
        self.dms = dms.Dms(bot, host, self.drawer)  # each person's DM about each game
        self.replays = Replays(host, clock)  # the animated replays posted on request
        self.role_pinged: dict[int, float] = {}  # server -> when a lobby last mentioned its lobby role
        self.picker = picker.Picker(self)  # commands waiting for a game to be picked in their "Which game?" select
        self._ai_retries: dict[int, tuple[float, float]] = {}  # game -> (next try, wait) after failed AI replies

    @contextlib.asynccontextmanager
    async def work(self) -> AsyncIterator[None]:
        """Count a unit of work in progress."""
        self.busy += 1
        try:
            yield
        finally:
            self.busy -= 1

    # ---- answering people -----------------------------------------------------------------------
    @staticmethod
    async def tell(interaction: discord.Interaction, text: str, **kwargs: Any) -> None:
        """A private answer, however far the interaction has been answered already."""
        text = limits.content(text) or ""
        if not interaction.response.is_done():
            await interaction.response.send_message(text, ephemeral=True, **kwargs)
        elif interaction.response.type == discord.InteractionResponseType.deferred_channel_message:
            await interaction.edit_original_response(content=text, **kwargs)
        else:
            await interaction.followup.send(text, ephemeral=True, **kwargs)

    async def fail(self, interaction: discord.Interaction, error: BaseException) -> None:
        """Answer a refused request with its text, and anything else with an apology (logged)."""
        if isinstance(error, HostError | GameError):
            text = error.message
        else:
            log.error("unexpected error in an interaction", exc_info=error)
            text = SORRY
        with contextlib.suppress(discord.HTTPException):
            await self.tell(interaction, text)

    async def on_choice(self, interaction: discord.Interaction, ref: ids.ChoiceRef | None,
                        choice: str | None) -> None:
        """A choice button or select: check who clicked, submit at the drawn version, refresh the table."""
        async with self.work():
            await interaction.response.defer()
            try:
                if ref is None or choice is None:
                    raise HostError(ids.MALFORMED)
                record = await self.host.get(ref.game)
                check_place(interaction, record, dm_ok=True)
                if not 0 <= ref.seat < len(record.seats):
                    raise HostError(ids.MALFORMED)
                seat = record.seat_of(interaction.user.id)
                if seat is None:
                    raise HostError("Not your turn: you are not playing in this game.")
                if seat != ref.seat:
                    raise HostError(f"Not your turn: these choices are for "
                                    f"{messages.shown(record.seats[ref.seat].name)}.")
                try:
                    played = await self._submit(ref.game, interaction.user.id, choice, ref.version)
                except HostError as refused:
                    if refused.message == OUTDATED and dms.own_decision(
                            self.host, await self.host.get(ref.game), seat, private_only=False):
                        elsewhere = ", your newest DM or **My hand**" if pictures.has_hands(record.key) else ""
                        raise HostError(STILL_OPEN.format(elsewhere)) from None
                    raise
            except Exception as exc:  # noqa: BLE001 - every failure gets a private answer
                await self.fail(interaction, exc)
                return
            log.info("game %s: seat %s moved, now v%s", ref.game, ref.seat, played.record.version)
            message = interaction.message
            if message is not None and message.flags.ephemeral:
                with contextlib.suppress(discord.HTTPException):
                    await interaction.edit_original_response(content="✓ Done.", view=None, attachments=[])
            await self.publish(played)

    async def _submit(self, game: int, user_id: int, choice: str, version: int) -> Played:
        """Submit a person's choice; when the AI seats' replies take a while, show the stored move meanwhile, and
        return only the news it has not shown."""
        early: list[Played] = []
        timer = asyncio.get_running_loop().call_later(SHOW_WHILE_THINKING, self._show_meanwhile, game, early)
        try:
            played = await self._shown_if_failed(game, self.host.submit(game, user_id, choice, version))
        finally:
            timer.cancel()
        if not early:
            return played
        shown = early[0]  # the head of what submit returned: its refresh holds its events for the DMs
        return Played(record=played.record, moves=played.moves[len(shown.moves):],
                      events=played.events[len(shown.events):])

    def _show_meanwhile(self, game: int, early: list[Played]) -> None:
        """Refresh the game's board in the background while AI seats think (the host commits a person's move
        first), with that move's news (kept in `early`); the DMs wait for the move's own refresh, which brings its
        private news."""
        answering = self.host.answering(game)
        if answering is not None:
            early.append(answering)
        task = asyncio.create_task(self._refresh_quietly(answering or game))
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def _refresh_quietly(self, update: Played | int) -> None:
        game = update.record.id if isinstance(update, Played) else update
        try:
            await self.publish(update, meanwhile=True)
        except Exception:  # noqa: BLE001 - a background refresh has nobody to answer; the next one retries
            log.exception("game %s: the refresh while AI seats think failed", game)

    async def on_lobby_button(self, interaction: discord.Interaction, parsed: ids.LobbyRef | None) -> None:
        """Join, Leave, Add AI, Remove AI, Start or Cancel under a lobby."""
        async with self.work():
            await interaction.response.defer()
            try:
                if parsed is None:
                    raise HostError(ids.MALFORMED)
                check_place(interaction, await self.host.get(parsed.game), dm_ok=False)
                await self.lobby_action(interaction, parsed.game, parsed.action, lobby_only=True,
                                        version=parsed.version)
            except Exception as exc:  # noqa: BLE001 - every failure gets a private answer
                if isinstance(exc, HostError) and exc.message == LOBBY_MOVED and parsed is not None:
                    await self.publish(parsed.game)  # the lobby "as it is now" shown again (an edit may have failed)
                await self.fail(interaction, exc)

    async def lobby_action(self, interaction: discord.Interaction, game: int, action: str,
                           lobby_only: bool = False, version: int | None = None) -> str:
        """Do a lobby action for the interaction's user and refresh (`lobby_only`: Leave and Cancel refuse a game that
        has started, as a lobby's buttons must; `version`: Add and Remove AI refuse a lobby changed since it was
        drawn); returns a confirmation line."""
        user = interaction.user
        played: Played | None = None  # what the action played (an AI taking a seat at once), to show with it
        if action == "join":
            await self.host.join(game, user.id, user.display_name)
            text = "You joined the game."
        elif action == "leave":
            before = await self.host.get(game)
            seat = before.seat_of(user.id)
            try:
                played = await self._shown_if_failed(game, self.host.leave(game, user.id, lobby_only))
            finally:  # the seat is handed over even when its AI's first reply fails
                await self._close_leavers_dm(game, user.id)
            text = {"active": "You left for good; an AI plays your seat to the end. (For a break, `/fish away` "
                              "and `/fish back` lend your seat to an AI and take it back.)",
                    "cancelled": "You left, and with nobody else seated the lobby closed."
                    }.get(played.record.status, "You left the game.")
            if played.record.status == "active" and seat is not None:  # the table is told, before the AI's moves
                name = messages.shown(before.seats[seat].name)  # as the table knows them ("Ann (2)"), not as now named
                await self.publish(played, note=f"🚪 {name} left the game; an AI plays their seat from now on.")
                return text
        elif action in ids.AI_ACTIONS:
            level = ids.AI_ACTIONS[action]
            await self.host.add_ai(game, user.id, level, version=version)
            text = f"An AI player ({level}) joined."
        elif action == ids.DROP_AI:
            _, name = await self.host.remove_seat(game, user.id, admin=admin(interaction), version=version)
            text = f"{messages.shown(name)} left the lobby."
        elif action == "start":
            played = await self._shown_if_failed(game, self.host.begin(game, user.id), started=True)
            await self.publish(played, started=True)
            return "The game has started."
        else:
            await self.host.cancel(game, user.id, admin=admin(interaction), lobby_only=lobby_only)
            await self.publish(game, note=f"{messages.shown(clean_name(user.display_name))} cancelled this game.")
            return "The game was cancelled."
        await self.publish(played or game)
        return text

    async def take_back(self, game: int, user_id: int) -> None:
        """A person takes their seat back from the AI stand-in, and the board says so; then other people's stand-ins
        that waited (paused, with nobody else playing in person) play what they owe. If their reply fails, the
        timers ask again (as for any failed AI reply): the person's seat is theirs already."""
        played = await self.host.reclaim(game, user_id)
        seat = played.record.seat_of(user_id)
        name = played.record.seats[seat].name if seat is not None else "A player"
        await self.publish(played, note=f"👋 {messages.shown(name)} is back and plays their own seat again.")
        try:
            resumed = await self._shown_if_failed(game, self.host.resume_ai(game))
        except HostError:
            return  # the game ended or moved on meanwhile
        except Exception:  # noqa: BLE001 - the seat is back; the AI seats are asked again by the timers
            log.exception("game %s: AI seats failed after a person came back", game)
            return
        if resumed.moves:
            await self.publish(resumed)

    async def _close_leavers_dm(self, game: int, user_id: int) -> None:
        """Close the DM of someone who left a running game (a lobby has sent none), after any refresh under way,
        which could send them a new one."""
        record = await self.host.get(game)
        if record.state is not None and record.seat_of(user_id) is None:
            async with self._lock(game):
                await self.dms.close(record, user_id, f"You left game #{game}; an AI plays your seat.")

    async def _shown_if_failed(self, game: int, step: Awaitable[Played], started: bool = False) -> Played:
        """A step that AI seats answer at once (a move, Start, Leave): if their reply fails, what was stored is
        still shown (every commit gets its refresh; a game that started gets its board, its lobby loses its buttons)."""
        try:
            return await step
        except HostError:
            raise
        except Exception:
            await self.publish(game, started=started and (await self.host.get(game)).state is not None)
            raise

    async def on_hand_button(self, interaction: discord.Interaction, game: int | None) -> None:
        """The "My hand" button."""
        async with self.work():
            await interaction.response.defer(ephemeral=True, thinking=True)
            await self._game_button(interaction, game, self.show_hand)

    async def _game_button(self, interaction: discord.Interaction, game: int | None,
                           show: Callable[[discord.Interaction, int], Awaitable[None]]) -> None:
        """A button under a game's board: check the game and the place it was clicked, then `show`."""
        try:
            if game is None:
                raise HostError(ids.MALFORMED)
            check_place(interaction, await self.host.get(game), dm_ok=False)
            await show(interaction, game)
        except Exception as exc:  # noqa: BLE001 - every failure gets a private answer
            await self.fail(interaction, exc)

    async def show_hand(self, interaction: discord.Interaction, game: int) -> None:
        """Your private view and your pending decision, answered ephemerally (already deferred)."""
        record = await self.host.get(game)
        seat = record.seat_of(interaction.user.id)
        if seat is None:
            raise HostError("You are not playing in this game.")
        if record.state is None:
            raise HostError("This game has not started yet.")
        if not pictures.has_hands(record.key):
            raise HostError(f"{self.host.engine(record).name} hides nothing: everything is on its board.")
        decision = dms.own_decision(self.host, record, seat, private_only=False)
        text = dms.private_text(self.host, record, seat, decision, [])
        png = await pictures.hand_png(self.host, self.drawer, record, seat)
        kwargs: dict[str, Any] = {"attachments": [pictures.as_file(png, messages.HAND_FILE)]} if png else {}
        view = (components.decision_view(record.id, record.version, [decision], record.names, board=False)
                if decision else None)
        await interaction.edit_original_response(content=text, view=view, **kwargs)

    async def on_guide_button(self, interaction: discord.Interaction, game: int | None) -> None:
        """The "What do these do?" button."""
        async with self.work():
            await interaction.response.defer(ephemeral=True, thinking=True)
            await self._game_button(interaction, game, self.show_guide)

    async def show_guide(self, interaction: discord.Interaction, game: int) -> None:
        """What each choice now open does, answered ephemerally (already deferred): the clicker's own decision, else
        the board's; another seat's private choices never."""
        record = await self.host.get(game)
        seat = record.seat_of(interaction.user.id)
        pending = self.host.pending(record)
        lines: list[str] = []
        for d in [d for d in pending if d.seat == seat] or [d for d in pending if not d.private]:
            if guide := messages.guide_lines(d):
                lines += [f"**{messages.seat_line(record, d.seat)}** — {messages.prompt(record, d)}", *guide]
        text = limits.content("\n".join(lines)) or "Nothing to explain: these choices say it all on their buttons."
        await interaction.edit_original_response(content=text)

    async def on_replay_button(self, interaction: discord.Interaction, game: int | None) -> None:
        """The "Watch the replay" button (it defers once the replay can be drawn)."""
        async with self.work():
            await self._game_button(interaction, game, self.replays.show)

    async def on_again_button(self, interaction: discord.Interaction, game: int | None) -> None:
        """The "Play again" button under a final board (`lobbies.play_again`)."""
        async with self.work():
            await self._game_button(interaction, game, lambda inter, g: lobbies.play_again(self, inter, g))

    async def show_status(self, interaction: discord.Interaction, game: int) -> None:
        """The lobby or the public board, answered ephemerally (already deferred)."""
        record = await self.host.get(game)
        engine = self.host.engine(record)
        settings = await self.host.get_settings(record.guild_id)
        if record.state is None:
            await interaction.edit_original_response(embed=await lobbies.lobby_embed(self.host, record, settings))
            return
        png = await pictures.board_png(self.host, self.drawer, record)
        embed = messages.board_embed(engine, record, self.host.pending(record),
                                     timers.waiting_seats(self.host, record), [], settings, image=png is not None)
        await self._add_final_scores(embed, record)
        files = [pictures.as_file(png, messages.BOARD_FILE)] if png else []
        await interaction.edit_original_response(embed=embed, attachments=files)

    async def _add_final_scores(self, embed: discord.Embed, record: GameRecord) -> bool:
        """Give a finished game's board its final scores, as text too; False for a game not finished."""
        result = self.host.result(record)
        if record.status != "finished" or result is None:
            return False
        scores = [pictures.score_text(record.key, score, parts)
                  for score, parts in zip(result.scores, result.breakdown, strict=True)]
        embed.add_field(name="Final scores", value=messages.result_lines(
            record, scores, result.ranks, result.winners, await self.host.store.rating_moves(record.id)), inline=False)
        limits.embed(embed)
        return True

    # ---- showing games --------------------------------------------------------------------------
    async def publish(self, update: Played | int, started: bool = False, note: str = "",
                      meanwhile: bool = False) -> None:
        """Show a game's latest state: its lobby or board, plus DMs for private decisions and events.

        Refreshes of one game run one at a time, each showing the newest state. News that arrives while
        one runs waits in one queued update; the first waiting refresh shows it all, and the refreshes
        queued behind it are skipped: their states were superseded before they could be drawn. A refresh asked
        for `meanwhile` (AI seats still thinking) leaves the DMs to the refresh that follows.
        """
        played = update if isinstance(update, Played) else None
        game = played.record.id if played else int(update)  # type: ignore[arg-type]
        async with self.work():
            news = self._queued.setdefault(game, Update())
            if played:
                news.events += played.events
                news.moves += played.moves
                news.through = max(news.through or 0, played.record.version)
            news.started |= started
            news.meanwhile &= meanwhile
            news.note = note or news.note
            async with self._lock(game):
                if self._queued.get(game) is not news:
                    self.skipped += 1  # an earlier refresh, started after this news, showed it and newer
                    return
                del self._queued[game]
                await self._refresh(game, news)

    def _lock(self, game: int) -> asyncio.Lock:
        """The game's refresh lock: its refreshes, and what must not interleave with them, run one at a time."""
        return self._locks.setdefault(game, asyncio.Lock())

    async def resume_games(self) -> None:
        """At start, let AI seats make the moves they owe, and show every active game at its current version,
        edited in place without a new ping.

        A bot killed between a move's commit and its board edit left buttons that are now outdated (or,
        killed right after Start, no board at all); one killed while an AI seat thought left that seat to move
        (nothing else would ever ask it); this gives every game working buttons again.
        """
        async with self.work():
            records = [await self.host.get(found.id) for found in await self.host.active_games()]
            for record in records:  # all first: a click on a game not yet resumed edits its board, pinging nobody anew
                waiting = timers.waiting_seats(self.host, record)
                self._pinged.setdefault(record.id, frozenset(
                    record.seats[s].user_id for s in waiting if record.seats[s].user_id is not None))
            for record in records:
                try:
                    played: Played | int = await self.host.resume_ai(record.id)
                except Exception:  # noqa: BLE001 - one game's trouble must not keep the others stale
                    log.exception("game %s: its AI seats could not move at start", record.id)
                    played = record.id  # shown as it is now (an AI may have moved before the failure)
                try:
                    await self.publish(played)
                except Exception:  # noqa: BLE001 - as above
                    log.exception("game %s: could not be shown again at start", record.id)
            for record in await self.host.finals_unshown():  # stopped between the last move and its final board
                try:
                    await self.publish(record.id)
                except Exception:  # noqa: BLE001 - as above
                    log.exception("game %s: its final board could not be shown at start", record.id)

    async def _refresh(self, game: int, news: Update) -> None:
        """Show the game's latest state with this news (the game's refresh lock held)."""
        record = await self.host.get(game)
        if record.status == "lobby" or (record.state is None and record.status == "cancelled"):
            await self._show_lobby(record, news.note)
            return
        if news.started or record.status == "cancelled":  # the lobby message says it started, or was cancelled
            await self._show_lobby(record, news.note)
        if not self.recent.known(game) and record.state is not None and (
                record.status == "active" or not record.final_shown):  # a restart: read the news back from the log
            before = min((m.index for m in news.moves), default=None)
            self.recent.seed(game, [[(seat, messages.shown(text)) for seat, text in lines] for lines in
                                    await replay.recent_lines(self.host, game, RECALLED, before)])
        waiting = timers.waiting_seats(self.host, record) if record.status == "active" else [
            s for s, seat in enumerate(record.seats) if seat.user_id is not None]  # the end: everyone's news
        fresh = messages.happened(news.events[news.carried:], news.moves)
        clicks = [] if fresh else messages.clicked(record, news.moves)
        lines = self.recent.lines(game, {m.seat for m in news.moves}, fresh, news.note, waiting, news.carried > 0,
                                  clicks)
        newly = await self._show_board(record, lines, fresh=news.started)
        if record.status != "active":
            self.recent.forget(game)  # its last board shows its news
        if record.status == "finished" and not record.final_shown:
            await self.host.mark_final_shown(game)
        shown = await self.host.get(game)
        behind = news.meanwhile or (news.through is not None and shown.version > news.through)
        if behind:  # a move committed since this news was taken: its refresh follows, and the DMs and the game's
            # end wait for it, so no DM shows a state without its private news (a clicked DM is edited, not replaced)
            queued = self._queued.setdefault(game, Update())
            queued.events[:0] = news.events
            queued.carried += len(news.events)
        else:
            await self.dms.deliver(shown, news.events)  # after: DMs link the new board
        if shown.status == "finished" and (news.moves or news.events) and not behind:
            await notices.game_over(self.bot, self.host, shown)
            return
        if newly:
            await notices.new_turns(self.bot, self.host, shown, newly)
        if news.started:  # not to those just told by the board, nor by a DM asking their secret choice
            asked = {shown.seats[d.seat].user_id for d in self.host.pending(shown) if d.private}
            await notices.started(self.bot, self.host, shown, skip={*newly, *(u for u in asked if u is not None)})

    async def _show_lobby(self, record: GameRecord, note: str = "") -> None:
        """Edit the lobby message (its seats, or that it started, was cancelled or expired)."""
        if record.message_id is None or record.channel_id is None:
            return
        embed = await lobbies.lobby_embed(self.host, record, await self.host.get_settings(record.guild_id))
        if note:
            embed.description = note
        view = components.lobby_view(record) if record.status == "lobby" else None
        message = self.bot.get_partial_messageable(record.channel_id).get_partial_message(record.message_id)
        with contextlib.suppress(discord.NotFound, discord.Forbidden):
            await message.edit(embed=embed, view=view)

    async def _show_board(self, record: GameRecord, lines: Sequence[str], fresh: bool = False) -> frozenset[int]:
        """Draw the board (or final scores) and edit the board message, or re-post it to ping a new player;
        returns the people it newly pinged for a choice on the board (not one in their DMs)."""
        engine = self.host.engine(record)
        pending = self.host.pending(record)
        waiting = timers.waiting_seats(self.host, record)
        users = frozenset(record.seats[s].user_id for s in waiting if record.seats[s].user_id is not None)
        settings = await self.host.get_settings(record.guild_id)
        png = await pictures.board_png(self.host, self.drawer, record)
        embed = messages.board_embed(engine, record, pending, waiting, lines, settings, image=png is not None)
        result = self.host.result(record)
        view: discord.ui.View | None = None
        if await self._add_final_scores(embed, record):
            view = components.final_view(record.id)
            users = frozenset(s.user_id for s in record.seats if s.user_id is not None)
        elif record.status == "active":
            public = [d for d in pending if not d.private and d.seat in waiting]
            view = components.decision_view(record.id, record.version, public, record.names,
                                            hand=pictures.has_hands(record.key))
        content = " ".join(f"<@{u}>" for u in sorted(users)) or None
        if record.status == "finished" and result is not None:
            won = " and ".join(messages.shown(record.names[w]) for w in result.winners)
            content = f"{content or ''} Game #{record.id} is over: {won} win{'s' * (len(result.winners) == 1)}.".strip()
        previous = self._pinged.get(record.id)
        repost = fresh or record.message_id is None or record.status == "finished" or previous is None \
            or not users <= previous
        channel = self.bot.get_partial_messageable(record.place_id or 0)
        files = [pictures.as_file(png, messages.BOARD_FILE)] if png else []
        if not repost:
            try:
                await channel.get_partial_message(record.message_id).edit(  # type: ignore[arg-type]
                    content=content, embed=embed, attachments=files, view=view,
                    allowed_mentions=messages.MENTION_USERS)
                self._pinged[record.id] = users
                return frozenset()
            except discord.HTTPException as exc:  # someone deleted the board, or its thread is archived
                if not isinstance(exc, discord.NotFound) and exc.code != THREAD_ARCHIVED:
                    raise
        sent, record = await self._post(record, content=content, embed=embed, files=files,
                                        view=view or discord.utils.MISSING, allowed_mentions=messages.MENTION_USERS)
        channel = self.bot.get_partial_messageable(record.place_id or 0)
        if record.message_id is not None and not fresh:
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(record.message_id).delete()
        await self.host.set_place(record.id, message_id=sent.id)
        self._pinged[record.id] = users
        if record.status != "active":
            return frozenset()
        on_board = {record.seats[d.seat].user_id for d in pending if not d.private and d.seat in waiting}
        return users.intersection(on_board) - (previous or frozenset())

    async def _post(self, record: GameRecord, **kwargs: Any) -> tuple[discord.Message, GameRecord]:
        """Send to the game's place: an archived thread is unarchived; a deleted or locked one leaves the game in
        its channel from now on. Returns the message and the record (with its place as it now is)."""
        place = self.bot.get_partial_messageable(record.place_id or 0)
        try:
            return await place.send(**kwargs), record
        except discord.HTTPException as exc:
            gone = isinstance(exc, discord.NotFound) and exc.code == UNKNOWN_CHANNEL
            if record.thread_id is None or not (gone or exc.code == THREAD_ARCHIVED):
                raise
        if not gone:
            try:
                await self.bot.http.edit_channel(record.thread_id, archived=False)
                return await place.send(**kwargs), record
            except discord.HTTPException:
                pass  # locked, or no right to unarchive: play on in the channel
        log.info("game %s: its thread %s is gone or locked; it moves to channel %s", record.id, record.thread_id,
                 record.channel_id)
        await self.host.leave_thread(record.id)
        record = record.model_copy(update={"thread_id": None})
        return await self.bot.get_partial_messageable(record.place_id or 0).send(**kwargs), record
