"""Where a game is played, and who may act or look there: the checks on a click's server and channel, and which
channels a person can see (a game in a channel hidden from them is not listed to them)."""

from __future__ import annotations

import discord

from bot.models import GameRecord, HostError

ANOTHER_SERVER = "That button belongs to a game on another server, so nothing was done."
ANOTHER_CHANNEL = "That button belongs to a game in another channel, so nothing was done. Use the game's own board."
NOT_IN_DMS = "That button works only on the server where its game is played, so nothing was done."


def check_place(interaction: discord.Interaction, record: GameRecord, dm_ok: bool) -> None:
    """Refuse a click from another server or channel than its game's (a DM click needs `dm_ok` and a seat check)."""
    if interaction.guild_id is None:
        if not dm_ok:
            raise HostError(NOT_IN_DMS)
        return
    if interaction.guild_id != record.guild_id:
        raise HostError(ANOTHER_SERVER)
    if interaction.channel_id not in (record.channel_id, record.thread_id):
        raise HostError(ANOTHER_CHANNEL)


def admin(interaction: discord.Interaction) -> bool:
    """True when the member may manage the server (and so any game on it)."""
    return bool(getattr(interaction.permissions, "manage_guild", False))


def can_view(interaction: discord.Interaction, thread_id: int | None, channel_id: int | None) -> bool:
    """True unless the person is known not to see a game's thread or, when the bot does not know the thread (an
    archived one leaves its cache), its channel; a place the bot does not know at all (deleted) hides nothing."""
    guild, member = interaction.guild, interaction.user
    if guild is None or not isinstance(member, discord.Member):
        return True
    for place_id in (thread_id, channel_id):
        place = guild.get_channel_or_thread(place_id) if place_id is not None else None
        if place is not None:
            return place.permissions_for(member).view_channel
    return True
