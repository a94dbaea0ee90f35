"""The /fish slash group and the cog that runs the timers; the Table does the delivering."""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot import drawing, ratings
from bot.discord import components, ids, limits, lobbies, messages, notices, options, pictures
from bot.discord.picker import Action, GameSelect, on_message
from bot.discord.places import admin, can_view
from bot.discord.table import Table
from bot.host import HostError
from bot.models import OPEN_STATUSES, GameRecord, PlayerSettings, clean_name
from bot.replay import recent_moves
from engines.core import AI_LEVELS, GameEngine

log = logging.getLogger(__name__)
GAMES_SHOWN = 20  # open games /fish games lists
LEADERS = 10  # people a leaderboard shows
PAGES = 100_000  # the highest page of /fish history asked for (a million games)
TOP_ORDERS = ("rating", "wins")  # what /fish top ranks by, the default first
HELP_ORDER = ("start", "join", "begin", "leave", "kick", "cancel", "hand", "status", "log", "replay", "games", "away",
              "back", "notify", "stats", "history", "top", "rules", "settings")  # /fish help's order; others last


def guarded(func: Callable[..., Awaitable[None]]) -> Callable[..., Awaitable[None]]:
    """Run a command as counted work and answer any failure privately (the one error handler)."""

    @functools.wraps(func)
    async def wrapper(self: FishGroup, interaction: discord.Interaction, *args: Any, **kwargs: Any) -> None:
        async with self.table.work():
            try:
                await func(self, interaction, *args, **kwargs)
            except Exception as exc:  # noqa: BLE001 - HostError text for people, the rest logged
                await self.table.fail(interaction, exc)

    return wrapper


async def ack(interaction: discord.Interaction) -> None:
    """Acknowledge at once with a private "thinking…" (Discord allows 3 seconds; drawing may take longer)."""
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=True, thinking=True)


class ServerOnly(app_commands.Group):
    """A group of commands about a server's games: refused in a DM (where Discord should not send them: /fish is
    guild-only)."""

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if interaction.guild_id is None:
            raise app_commands.CheckFailure("The /fish commands work only in a server's channels, not in DMs.")
        return True


class FishGroup(ServerOnly):
    """Fishing tabletop games: start, join and play them here."""

    def __init__(self, table: Table) -> None:
        super().__init__(name="fish", description="Fishing tabletop games: start, join and play them here.",
                         guild_only=True)
        self.table = table
        self.host = table.host
        self.engines = options.available_engines()
        self.names = {k: e.name for k, e in self.engines.items()}
        self._add_start()
        self._add_rules()
        self.add_command(self._top_command())
        self.add_command(self._history_command())

    # ---- finding the game a command is about ----------------------------------------------------
    async def _with_game(self, interaction: discord.Interaction, action: Action,
                         statuses: tuple[str, ...] = OPEN_STATUSES,
                         keep: Callable[[GameRecord], bool] = lambda r: True,
                         empty: str = "There is no open game in this channel.") -> None:
        """Run `action` on the one game of this thread/channel that fits, or ask which with a select."""
        found = [r for r in await self.host.games(interaction.guild_id, interaction.channel_id, statuses) if keep(r)]
        if not found:
            raise HostError(empty)
        if len(found) == 1:
            await action(interaction, found[0].id)
            return
        await ack(interaction)
        await self.table.picker.ask(interaction, found, self.names, action)

    # ---- lobby ----------------------------------------------------------------------------------
    def _add_start(self) -> None:
        """`/fish start <game>`: one subcommand per registered game, with only that game's options."""
        start = ServerOnly(name="start", description="Open a lobby for a game; you host it.",
                           parent=self)  # a group with a parent joins it
        for key, engine in self.engines.items():
            start.add_command(self._start_command(key, engine, start))

    def _start_command(self, key: str, engine: GameEngine, parent: app_commands.Group) -> app_commands.Command:
        """The start subcommand of one game, its options read from the game's Options model."""
        opts = options.game_options(engine)
        group = self

        async def start(interaction: discord.Interaction, **given: Any) -> None:
            await group._start(interaction, key, given)

        start.__signature__ = options.signature(opts)  # type: ignore[attr-defined]
        start.__discord_app_commands_param_description__ = {o.name: o.description for o in opts}  # type: ignore[attr-defined]
        return app_commands.Command(name=key, description=f"Open a lobby for {engine.name}; you host it."[:100],
                                    callback=start, parent=parent)

    async def _start(self, interaction: discord.Interaction, game: str, given: dict[str, Any]) -> None:
        async with self.table.work():
            try:
                await self._open_lobby(interaction, game, given)
            except Exception as exc:  # noqa: BLE001 - answered privately
                await self.table.fail(interaction, exc)

    async def _open_lobby(self, interaction: discord.Interaction, game: str, given: dict[str, Any]) -> None:
        lobbies.check_permissions(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)  # before anything is stored
        record = await self.host.create(game, options.given(self.engines[game], given), interaction.user.id,
                                        interaction.user.display_name, interaction.guild_id, interaction.channel_id)
        await lobbies.post(self.table, interaction, record)

    @app_commands.command(name="join")
    @guarded
    async def join(self, interaction: discord.Interaction) -> None:
        """Take a seat in the lobby here."""
        async def act(inter: discord.Interaction, game: int) -> None:
            await ack(inter)
            await self.table.tell(inter, await self.table.lobby_action(inter, game, "join"))

        user = interaction.user.id
        here = await self.host.games(interaction.guild_id, interaction.channel_id, ("lobby",))
        seated = [r for r in here if r.seat_of(user) is not None]
        await self._with_game(interaction, act, ("lobby",), lambda r: r.seat_of(user) is None,
                              f"You are already seated in {messages.game_numbers(seated)}." if seated else
                              "There is no lobby to join in this channel.")

    @app_commands.command(name="leave")
    @guarded
    async def leave(self, interaction: discord.Interaction) -> None:
        """Leave a lobby, or hand your seat in a running game to an AI."""
        async def act(inter: discord.Interaction, game: int) -> None:
            await ack(inter)
            await self.table.tell(inter, await self.table.lobby_action(inter, game, "leave"))

        user = interaction.user.id
        await self._with_game(interaction, act, keep=lambda r: r.seat_of(user) is not None,
                              empty="You are not seated in a game in this channel.")

    @app_commands.command(name="begin")
    @guarded
    async def begin(self, interaction: discord.Interaction) -> None:
        """Start the game whose lobby you host."""
        async def act(inter: discord.Interaction, game: int) -> None:
            await ack(inter)
            await self.table.tell(inter, await self.table.lobby_action(inter, game, "start"))

        user = interaction.user.id
        await self._with_game(interaction, act, ("lobby",), lambda r: r.host_user == user,
                              "You host no lobby in this channel.")

    @app_commands.command(name="kick")
    @app_commands.describe(player="The person to take out of the lobby here")
    @guarded
    async def kick(self, interaction: discord.Interaction, player: discord.User) -> None:
        """Take someone out of the lobby here (its host, or a member with Manage Server)."""
        async def act(inter: discord.Interaction, game: int) -> None:
            await ack(inter)
            if (await self.host.get(game)).seat_of(player.id) is None:
                raise HostError(f"{messages.shown(clean_name(player.display_name))} has no seat in this lobby.")
            _, name = await self.host.remove_seat(game, inter.user.id, player.id, admin=admin(inter))
            await self.table.publish(game)
            await self.table.tell(inter, f"{messages.shown(name)} is no longer seated in game #{game}.")

        await self._with_game(interaction, act, ("lobby",), lambda r: r.seat_of(player.id) is not None,
                              f"{messages.shown(clean_name(player.display_name))} has no seat in a lobby here.")

    @app_commands.command(name="cancel")
    @guarded
    async def cancel(self, interaction: discord.Interaction) -> None:
        """Cancel a game (its host, or a member with Manage Server)."""
        async def act(inter: discord.Interaction, game: int) -> None:
            await ack(inter)
            await self.table.tell(inter, await self.table.lobby_action(inter, game, "cancel"))

        await self._with_game(interaction, act)

    # ---- playing --------------------------------------------------------------------------------
    @app_commands.command(name="hand")
    @guarded
    async def hand(self, interaction: discord.Interaction) -> None:
        """Your private view and your pending private decision (only you see it)."""
        async def act(inter: discord.Interaction, game: int) -> None:
            await ack(inter)
            await self.table.show_hand(inter, game)

        user = interaction.user.id
        await self._with_game(interaction, act, ("active",),
                              lambda r: r.seat_of(user) is not None and pictures.has_hands(r.key),
                              "You hold no hidden hand in a running game in this channel (If Wishes Were Fishes! and "
                              "Friendly Fishing hide nothing: everything is on the board).")

    @app_commands.command(name="status")
    @guarded
    async def status(self, interaction: discord.Interaction) -> None:
        """Show the board again (only to you); where no game is open, the last one that finished here."""
        async def act(inter: discord.Interaction, game: int) -> None:
            await ack(inter)
            await self.table.show_status(inter, game)

        if not await self.host.games(interaction.guild_id, interaction.channel_id):
            if finished := await self.host.games(interaction.guild_id, interaction.channel_id, ("finished",)):
                await act(interaction, max(r.id for r in finished))
                return
        await self._with_game(interaction, act)

    @app_commands.command(name="back")
    @guarded
    async def back(self, interaction: discord.Interaction) -> None:
        """Take your seat back from the AI stand-in (typed outside your games: in all of them)."""
        user = interaction.user.id

        async def act(inter: discord.Interaction, game: int) -> None:
            await ack(inter)
            await self.table.take_back(game, inter.user.id)
            await self.table.tell(inter, "Welcome back: your seat is yours again.")

        def stood_in(record: GameRecord) -> bool:
            return any(s.user_id == user and s.standin for s in record.seats)

        def played_here(record: GameRecord) -> bool:  # a lobby's channel is not its game's place when it has a thread
            return record.place_id == interaction.channel_id

        here = [r for r in await self.host.games(interaction.guild_id, interaction.channel_id, ("active",))
                if played_here(r)]
        if any(stood_in(r) for r in here):
            await self._with_game(interaction, act, ("active",), lambda r: played_here(r) and stood_in(r))
            return
        if seated := [r for r in here if r.seat_of(user) is not None]:  # typed in a game of yours: that game only
            raise HostError(f"No AI is standing in for you in {messages.game_numbers(seated)}, so nothing was done.")
        everywhere = [r for r in await self.host.games(interaction.guild_id, None, ("active",)) if stood_in(r)]
        await ack(interaction)
        back = []
        for record in sorted(everywhere, key=lambda r: r.id):
            try:
                await self.table.take_back(record.id, user)
            except HostError:  # it ended meanwhile
                continue
            back.append(record)
        if not back:
            raise HostError("No AI is standing in for you on this server.")
        yours = "your seat is yours" if len(back) == 1 else "your seats are yours"
        await self.table.tell(interaction, f"Welcome back: {yours} again in {messages.game_numbers(back)}.")

    @app_commands.command(name="away")
    @guarded
    async def away(self, interaction: discord.Interaction) -> None:
        """Away for a while? An AI plays your seats in your games here where others play, until /fish back."""
        await ack(interaction)
        user = interaction.user.id
        taken, waits = [], []
        for record in sorted(await self.host.games(interaction.guild_id, None, ("active",)), key=lambda r: r.id):
            seat = record.seat_of(user)
            if seat is None or record.plays_itself(seat):
                continue
            if not record.others_present(seat):  # nobody is held up (a stand-in would wait): the game waits for them
                waits.append(record)
                continue
            note = f"🤖 {messages.shown(record.seats[seat].name)} is away: an AI plays for them until `/fish back`."
            if await self.table.stand_in(record, seat, note, ping=False):  # on the board: toggling spams nobody
                taken.append(record)
        nobody = (f"Nobody else plays {messages.game_numbers(waits)} in person, so "
                  f"{'it waits' if len(waits) == 1 else 'they wait'} for you.") if waits else ""
        if not taken:
            raise HostError(nobody or "You have no running game on this server that an AI does not already play "
                                      "for you.")
        level = (await self.host.get_settings(interaction.guild_id)).standin_level
        await self.table.tell(interaction, f"An AI ({level}) now plays for you in {messages.game_numbers(taken)}. "
                                           f"Use `/fish back` in a game to take that seat back, or anywhere else "
                                           f"on this server to take them all back. {nobody}".rstrip())

    @app_commands.command(name="log")
    @guarded
    async def log(self, interaction: discord.Interaction) -> None:
        """The recent turns of the game here."""
        async def act(inter: discord.Interaction, game: int) -> None:
            record = await self.host.get(game)
            await self.table.tell(inter, messages.log_text(record, await recent_moves(self.host, game, 15)))

        found = await self.host.games(interaction.guild_id, interaction.channel_id, ("active",))
        if not found:
            finished = await self.host.games(interaction.guild_id, interaction.channel_id, ("finished",))
            if not finished:
                raise HostError("There is no game in this channel.")
            await act(interaction, max(r.id for r in finished))
            return
        await self._with_game(interaction, act, ("active",))

    @app_commands.command(name="replay")
    @guarded
    async def replay(self, interaction: discord.Interaction) -> None:
        """An animated replay of the game here, one frame per move (posted for everyone)."""
        async def act(inter: discord.Interaction, game: int) -> None:
            await self.table.replays.show(inter, game)

        await self._with_game(interaction, act, ("active", "finished"),
                              empty="There is no running or finished game in this channel to replay.")

    # ---- information and settings ---------------------------------------------------------------
    @app_commands.command(name="games")
    @guarded
    async def games(self, interaction: discord.Interaction) -> None:
        """This server's open games: yours first, and whom each waits on."""
        found = [r for r in await self.host.games(interaction.guild_id)
                 if can_view(interaction, r.thread_id, r.channel_id)]
        if not found:
            await self.table.tell(interaction, "No open games on this server. Open one with `/fish start <game>`.")
            return
        me = interaction.user.id
        found.sort(key=lambda r: (not messages.waits_on(r, me), r.seat_of(me) is None, r.id))
        lines: list[str] = []
        for i, record in enumerate(found):  # as many whole lines as one message holds, then how many are left
            line, more = messages.game_line(record, self.names.get(record.key, record.key), me), len(found) - i
            if i == GAMES_SHOWN or len("\n".join([*lines, line, f"…and {more - 1} more."])) > limits.CONTENT:
                lines.append(f"…and {more} more.")
                break
            lines.append(line)
        await self.table.tell(interaction, "\n".join(lines))

    @app_commands.command(name="stats")
    @app_commands.describe(player="Whose record (yours if left out)")
    @guarded
    async def stats(self, interaction: discord.Interaction, player: discord.User | None = None) -> None:
        """A player's finished games on this server: games, wins and places, per game."""
        who = player or interaction.user
        await ack(interaction)
        versus = None if who.id == interaction.user.id else interaction.user.id
        record = await self.host.store.player_record(interaction.guild_id, who.id, versus, pictures.plain_score)
        text = messages.record_text(record, clean_name(who.display_name), self.names)
        history = await self.host.store.rating_history(interaction.guild_id, who.id)
        if not history or record is None:
            await self.table.tell(interaction, text)
            return
        series = {self.names.get(key, key): history[key] for key in [*self.names, *history] if key in history}
        png = await drawing.in_pool("renderers.rating_chart", "rating_png",
                                    (f"{record.name}: rating after each game", series, ratings.START))
        await self.table.tell(interaction, text, attachments=[pictures.as_file(png, messages.RATINGS_FILE)])

    @app_commands.command(name="notify")
    @app_commands.describe(dm="Also DM me when a game starts, when it waits on me, with reminders, and when it ends")
    @guarded
    async def notify(self, interaction: discord.Interaction, dm: bool | None = None) -> None:
        """See or set whether your turns also come by DM (the same on every server)."""
        user = interaction.user.id
        if dm is None:
            await self.table.tell(interaction, notices.setting_text(
                (await self.host.store.get_player_settings(user)).turn_dms))
            return
        if not isinstance(dm, bool):
            raise HostError(f"`dm` is True or False, not {messages.shown(limits.echo(dm))}.")
        await ack(interaction)
        if dm:  # a first notice, so that closed DMs show now rather than when a turn comes
            try:
                channel = await interaction.client.create_dm(discord.Object(user))
                await channel.send("🎣 Notices by DM are on: game starts, your turns, reminders and game ends come "
                                   "here too. `/fish notify dm:False` on any server turns them off.",
                                   allowed_mentions=notices.QUIET)
            except discord.HTTPException:
                raise HostError("I can't send you direct messages, so notices by DM stay off. Allow direct "
                                "messages from this server's members, then try again.") from None
        await self.host.store.put_player_settings(user, PlayerSettings(turn_dms=dm))
        await self.table.tell(interaction, notices.setting_text(dm))

    @app_commands.command(name="help")
    @guarded
    async def help(self, interaction: discord.Interaction) -> None:
        """How to play here, and every /fish command."""
        await interaction.response.send_message(embed=messages.help_embed(self._usages()), ephemeral=True)

    def _usages(self) -> list[tuple[str, str]]:
        """Each /fish command's usage (`/fish top [game] [by]`, `/fish start <game> [options]`) and description."""
        usages = []
        order = {name: i for i, name in enumerate(HELP_ORDER)}
        for command in sorted(self.commands, key=lambda c: order.get(c.name, len(order))):
            if isinstance(command, app_commands.Group):
                usage = f"/fish {command.name} <game>{' [options]' if command.name == 'start' else ''}"
            else:
                usage = " ".join([f"/fish {command.name}", *(f"<{p.name}>" if p.required else f"[{p.name}]"
                                                             for p in command.parameters)])
            usages.append((usage, command.description))
        return usages

    def _add_rules(self) -> None:
        """`/fish rules <game>`: one subcommand per registered game."""
        rules = ServerOnly(name="rules", description="A short summary of a game's rules.", parent=self)
        for key, engine in self.engines.items():
            rules.add_command(self._rules_command(key, engine, rules))

    def _rules_command(self, key: str, engine: GameEngine, parent: app_commands.Group) -> app_commands.Command:
        """The rules subcommand of one game."""
        async def rules(interaction: discord.Interaction) -> None:
            await interaction.response.send_message(embed=messages.rules_embed(engine), ephemeral=True)

        return app_commands.Command(name=key, description=f"How to play {engine.name}."[:100], callback=rules,
                                    parent=parent)

    def _top_command(self) -> app_commands.Command:
        """`/fish top [game] [by]`: the server's leaderboard, with the games offered as choices."""
        group = self

        @app_commands.describe(game="One game (all games if left out)",
                               by="Rank by Elo rating (the default) or by the number of wins")
        @app_commands.choices(game=self._game_choices(),
                              by=[app_commands.Choice(name=order, value=order) for order in TOP_ORDERS])
        async def top(interaction: discord.Interaction, game: str | None = None, by: str = TOP_ORDERS[0]) -> None:
            await group._top(interaction, game, by)

        return app_commands.Command(name="top", description="This server's best players, in one game or all.",
                                    callback=top, parent=self)

    @guarded
    async def _top(self, interaction: discord.Interaction, game: str | None, by: str) -> None:
        name = self._game_name(game)
        if by not in TOP_ORDERS:
            raise HostError(f"A leaderboard goes by {' or '.join(TOP_ORDERS)}, not {messages.shown(limits.echo(by))}.")
        if by == "wins":
            text = messages.top_text(await self.host.store.leaders(interaction.guild_id, game, LEADERS), name)
        else:
            text = messages.rated_text(*await self.host.store.rated_leaders(interaction.guild_id, game, LEADERS), name)
        await self.table.tell(interaction, text)

    def _history_command(self) -> app_commands.Command:
        """`/fish history [player] [game] [page]`: a player's finished games here, the latest first."""
        group = self

        @app_commands.describe(player="Whose games (yours if left out)", game="One game (all games if left out)",
                               page="Page 2 and on: older games")
        @app_commands.choices(game=self._game_choices())
        async def history(interaction: discord.Interaction, player: discord.User | None = None,
                          game: str | None = None, page: app_commands.Range[int, 1, PAGES] = 1) -> None:
            await group._history(interaction, player, game, page)

        return app_commands.Command(name="history", description="A player's finished games here, the latest first, "
                                    "with links to their final boards.", callback=history, parent=self)

    @guarded
    async def _history(self, interaction: discord.Interaction, player: discord.User | discord.Member | None,
                       game: str | None, page: int) -> None:
        who = player or interaction.user
        name = clean_name(who.display_name)
        game_name = self._game_name(game)
        if not isinstance(page, int) or not 1 <= page <= PAGES:
            raise HostError(f"Pages are numbered from 1 to {PAGES}, not {messages.shown(limits.echo(page))}.")
        skip = (page - 1) * messages.HISTORY_PAGE
        count, games = await self.host.store.past_games(interaction.guild_id, who.id, game, messages.HISTORY_PAGE,
                                                        skip)
        if not count:
            where = f" of {game_name}" if game_name else ""
            await self.table.tell(interaction, f"**{messages.shown(name)}** has no finished games{where} on this "
                                               f"server yet.")
            return
        if not games:
            last = -(-count // messages.HISTORY_PAGE)
            raise HostError(f"{messages.shown(name)} has {messages.counted(count, 'finished game')} here, so the last "
                            f"page is {last}.")
        await interaction.response.send_message(
            embed=messages.history_embed(name, count, games, page, self.names, game_name,
                                         lambda past: can_view(interaction, past.place_id, past.channel_id)),
            ephemeral=True)

    def _game_choices(self) -> list[app_commands.Choice[str]]:
        """The games, as the choices of a command's `game` option."""
        return [app_commands.Choice(name=name, value=key) for key, name in self.names.items()]

    def _game_name(self, game: str | None) -> str | None:
        """The name of the game a `game` option chose (None: all games); a forged value is refused."""
        if game is None:
            return None
        if game not in self.engines:
            raise HostError(f"There is no game called {messages.shown(limits.echo(game))}: pick one from the list.")
        return self.names[game]

    @app_commands.command(name="settings")
    @app_commands.describe(remind_hours="Hours idle before the player to act is reminded",
                           standin_hours="Hours idle before an AI stand-in plays for them",
                           lobby_hours="Hours before a lobby that never started expires",
                           standin_level="How well the AI that stands in for idle players plays",
                           lobby_role="A role to mention when a lobby opens here (at most every 15 minutes)",
                           clear_lobby_role="True: mention no role when a lobby opens")
    @app_commands.choices(standin_level=[app_commands.Choice(name=lv, value=lv) for lv in AI_LEVELS])
    @guarded
    async def settings(self, interaction: discord.Interaction, remind_hours: float | None = None,
                       standin_hours: float | None = None, lobby_hours: float | None = None,
                       standin_level: str | None = None, lobby_role: discord.Role | None = None,
                       clear_lobby_role: bool | None = None) -> None:
        """See this server's timers, stand-in level and lobby role; change them (Manage Server)."""
        asked = (remind_hours, standin_hours, lobby_hours, standin_level, lobby_role, clear_lobby_role or None)
        if any(v is not None for v in asked) and not admin(interaction):
            raise HostError("Only members with Manage Server can change the fishing settings; "
                            "`/fish settings` with no options shows them.")
        changes: dict[str, Any] = {k: v for k, v in (
            ("remind_hours", remind_hours), ("standin_hours", standin_hours), ("lobby_hours", lobby_hours),
            ("standin_level", standin_level)) if v is not None}
        if lobby_role is not None:
            if clear_lobby_role:
                raise HostError("Give lobby_role or clear_lobby_role, not both.")
            if not isinstance(lobby_role, discord.Role):
                raise HostError("lobby_role must be a role of this server: pick one from the list.")
            if lobby_role.is_default():
                raise HostError("Pick a role of its own for lobby_role: @everyone is never mentioned.")
            changes["lobby_role"] = lobby_role.id
        if clear_lobby_role is True:
            changes["lobby_role"] = None
        guild = interaction.guild_id or 0
        current = await (self.host.set_settings(guild, **changes) if changes else self.host.get_settings(guild))
        await interaction.response.send_message(embed=messages.settings_embed(current), ephemeral=True)


class FishCog(commands.Cog):
    """Registers /fish, answers stray fish: custom_ids, and runs the timers."""

    def __init__(self, bot: commands.Bot, table: Table, tick_seconds: float) -> None:
        self.bot = bot
        self.table = table
        self.group = FishGroup(table)
        self.ticker.change_interval(seconds=tick_seconds)

    async def cog_load(self) -> None:
        self.bot.tree.add_command(self.group)
        self.bot.add_dynamic_items(GameSelect)  # a pick after a restart is told its menu expired
        self.bot.tree.error(self._on_tree_error)
        self.ticker.start()
        self._resuming = asyncio.create_task(self._resume())

    async def _resume(self) -> None:
        """Once connected, bring every active game's board up to date (a crash may have left it behind)."""
        await self.bot.wait_until_ready()
        await self.table.resume_games()

    async def cog_unload(self) -> None:
        self._resuming.cancel()
        self.ticker.cancel()
        self.bot.tree.remove_command(self.group.name)
        self.bot.remove_dynamic_items(GameSelect)

    @tasks.loop(seconds=60)
    async def ticker(self) -> None:
        """Deliver reminders, stand-ins and lobby expiries that are due."""
        try:
            await self.table.run_timers()
        except Exception:  # noqa: BLE001 - one bad tick must not stop the timers
            log.exception("timer tick failed")

    @ticker.before_loop
    async def _wait_ready(self) -> None:
        await self.bot.wait_until_ready()

    async def _on_tree_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        """Errors discord.py raises before our code runs (bad option values, checks)."""
        original = getattr(error, "original", error)
        if isinstance(original, app_commands.TransformerError | app_commands.CheckFailure):
            await self.table.tell(interaction, str(original))
            return
        await self.table.fail(interaction, original)

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A click discord.py hands to no item gets the answer its item would give: a custom_id under no known
        prefix, or a component no longer on its message (a client not yet refreshed: an old board's choice, a
        lobby's Leave once its game started, a "Which game?" select that was answered)."""
        if interaction.type is not discord.InteractionType.component:
            return
        custom_id = str((interaction.data or {}).get("custom_id", ""))
        if not custom_id.startswith("fish:"):
            return
        for kind in (*components.DYNAMIC_ITEMS, GameSelect):
            if match := kind.__discord_ui_compiled_template__.fullmatch(custom_id):
                if not on_message(interaction):  # discord.py runs an item only for a component its message carries
                    item = await kind.from_custom_id(interaction, None, match)  # type: ignore[arg-type]
                    await item.callback(interaction)
                return
        async with self.table.work():
            await self.table.tell(interaction, ids.MALFORMED)
