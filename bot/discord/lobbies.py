"""Opening a lobby on Discord: by `/fish start`, or by the "Play again" button under a finished game."""

from __future__ import annotations

import contextlib
import logging
import weakref
from typing import TYPE_CHECKING

import discord

from bot import ratings
from bot.discord import components, limits, messages
from bot.host import Host, HostError
from bot.models import LOBBY_ROLE_QUIET, GameRecord, GuildSettings

if TYPE_CHECKING:
    from bot.discord.table import Table

log = logging.getLogger(__name__)
NO_THREADS = ("I can't create threads here and post in them (Create Public Threads, Send Messages in Threads), so "
              "this game will be played in this channel. A moderator can allow them for me to give each game its "
              "own thread.")
NEEDED = {"send_messages": "Send Messages", "embed_links": "Embed Links", "attach_files": "Attach Files"}
# per bot: finished game -> when a "Play again" lobby last mentioned its other players
_REMATCH_PINGED: weakref.WeakKeyDictionary[Table, dict[int, float]] = weakref.WeakKeyDictionary()


def _may_ping(pinged: dict[int, float], key: int, now: float) -> bool:
    """True, noting the time, when `key` last pinged at least LOBBY_ROLE_QUIET ago (or never)."""
    if now - pinged.get(key, -LOBBY_ROLE_QUIET) < LOBBY_ROLE_QUIET:
        return False
    pinged[key] = now
    return True


def check_permissions(interaction: discord.Interaction) -> None:
    """Refuse to open a game where the bot lacks a permission it needs to play it."""
    perms = interaction.app_permissions
    needed = dict(NEEDED)
    if isinstance(interaction.channel, discord.Thread):
        needed["send_messages_in_threads"] = "Send Messages in Threads"
    missing = [name for flag, name in needed.items() if not getattr(perms, flag)]
    if missing:
        raise HostError(f"I can't run a game here: I am missing {' and '.join(missing)} in this channel. "
                        f"Ask a moderator to allow {'them' if len(missing) > 1 else 'it'} for me, or start "
                        f"the game in another channel.")


async def lobby_embed(host: Host, record: GameRecord, settings: GuildSettings) -> discord.Embed:
    """The lobby's embed, with each seat's rating in the game (people and AI levels)."""
    players = ratings.seat_players([seat.model_dump() for seat in record.seats])
    known = await host.store.ratings_in(record.guild_id, record.key, [p for p in players if p is not None])
    return messages.lobby_embed(host.engine(record), record, settings,
                                [None if p is None else known.get(p) for p in players])


async def post(table: Table, interaction: discord.Interaction, record: GameRecord, content: str | None = None,
               ping_users: bool = True) -> None:
    """Post the lobby's message where the interaction (deferred privately before the lobby was stored) came from,
    its user mentions pinging only with `ping_users`, then give the game a thread of its own when the bot may
    create one there (a lobby opened inside a thread stays in it); the private answer says only what went wrong."""
    engine = table.host.engine(record)
    settings = await table.host.get_settings(interaction.guild_id)
    mentions = messages.MENTION_USERS if ping_users else discord.AllowedMentions.none()
    if settings.lobby_role and interaction.guild_id and \
            _may_ping(table.role_pinged, interaction.guild_id, table.clock()):  # the server's players, not too often
        content = f"<@&{settings.lobby_role}> {content or f'A game of {engine.name} is looking for players.'}"
        mentions = discord.AllowedMentions(everyone=False, users=ping_users,
                                           roles=[discord.Object(settings.lobby_role)])
    place = table.bot.get_partial_messageable(interaction.channel_id or 0)
    try:
        message = await place.send(content=limits.content(content) if content else None,
                                   embed=await lobby_embed(table.host, record, settings),
                                   view=components.lobby_view(record), allowed_mentions=mentions)
    except discord.HTTPException as exc:  # no lobby is left stored that nobody can see
        await table.host.cancel(record.id, record.host_user)
        raise HostError(f"I could not post the lobby here ({exc.text or exc.status}), so no game was opened.") \
            from None
    await table.host.set_place(record.id, channel_id=interaction.channel_id, message_id=message.id)  # known at once
    thread: discord.Thread | None = None
    channel = interaction.channel
    perms = interaction.app_permissions
    if isinstance(channel, discord.TextChannel) and not (perms.create_public_threads and
                                                         perms.send_messages_in_threads):
        await interaction.edit_original_response(content=NO_THREADS)
    elif isinstance(channel, discord.TextChannel):
        try:
            thread = await channel.create_thread(name=limits.cut(f"{engine.name} #{record.id}", limits.THREAD_NAME),
                                                 message=message, auto_archive_duration=10080)
        except discord.HTTPException:
            log.info("game %s: no thread (not allowed here); it stays in the channel", record.id)
            await interaction.edit_original_response(content=NO_THREADS)
    if thread is not None or not isinstance(channel, discord.TextChannel):  # nothing to tell: the lobby says it
        with contextlib.suppress(discord.HTTPException):
            await interaction.delete_original_response()
    if thread is not None:
        await table.host.set_place(record.id, thread_id=thread.id)
    if (await table.host.get(record.id)).version != record.version:  # a click came before its message was known
        await table.publish(record.id)
    if thread is not None:
        await thread.send(f"Game #{record.id} will be played here. Join with the buttons above or "
                          f"`/fish join` in this thread.")


async def play_again(table: Table, interaction: discord.Interaction, game: int) -> None:
    """The "Play again" button (its place already checked): a lobby here for the same game and options, hosted by
    the player who pressed it, with the AI players back; the game's other people are mentioned, to join or not
    (pinged at most once per LOBBY_ROLE_QUIET for each finished game, so Play again and Cancel cannot spam them)."""
    check_permissions(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)  # before anything is stored
    finished = await table.host.get(game)
    user = interaction.user
    lobby = await table.host.rematch(game, user.id, user.display_name, interaction.channel_id)
    others = " ".join(f"<@{s.user_id}>" for s in finished.seats if s.user_id not in (None, user.id))
    name = table.host.engine(finished).name
    content = f"🔁 {messages.shown(lobby.seats[0].name)} wants to play {name} again (after game #{game})" + \
        (f": {others}, join with the buttons below." if others else ".")
    ping = bool(others) and _may_ping(_REMATCH_PINGED.setdefault(table, {}), game, table.clock())
    await post(table, interaction, lobby, content, ping_users=ping)
