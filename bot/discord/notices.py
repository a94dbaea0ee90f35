"""Notices by DM for people who asked for them (`/fish notify`): a game's start, a game newly waiting on their
public choice, each reminder, and a game's end. A notice names the game and links its board; nothing secret is in it."""

from __future__ import annotations

import logging
from collections.abc import Iterable

import discord

from bot.discord import messages
from bot.host import Host
from bot.models import GameRecord, PlayerSettings

log = logging.getLogger(__name__)
QUIET = discord.AllowedMentions.none()
DMS_CLOSED = 50007  # Discord's code for a user who accepts no DM from the bot


def game_text(bot: discord.Client, host: Host, record: GameRecord) -> str:
    """`**Push Fish** game #12 on **Server**`, the server's name when the bot knows it."""
    guild = bot.get_guild(record.guild_id) if record.guild_id else None
    where = f" on **{messages.shown(guild.name)}**" if guild is not None else ""
    return f"**{host.engine(record).name}** game #{record.id}{where}"


def board(record: GameRecord) -> str:
    """` · [the board](<…>)`, or nothing while the game has no board message."""
    link = messages.board_link(record)
    return f" · [the board](<{link}>)" if link else ""


def setting_text(on: bool) -> str:
    """What `/fish notify` says of a person's setting."""
    if on:
        return ("Notices by DM are **on** for you, on every server: I DM you when a game of yours starts, when one "
                "newly waits on your choice on its board, with each reminder, and when a game of yours ends. "
                "`/fish notify dm:False` turns them off.")
    return ("Notices by DM are **off** for you: the game's channel mentions you when it is your turn. "
            "`/fish notify dm:True` also DMs you.")


async def send(bot: discord.Client, host: Host, users: Iterable[int], text: str) -> list[int]:
    """DM `text` to each of these people who asked for notices by DM; returns those it reached. DMs closed since
    turn the setting off (`/fish notify` then says so); another refusal is logged and skipped. The channel's
    mention still reaches them."""
    reached = []
    for user in sorted(set(users)):
        if not (await host.store.get_player_settings(user)).turn_dms:
            continue
        try:
            channel = await bot.create_dm(discord.Object(user))
            await channel.send(text, allowed_mentions=QUIET)
        except discord.HTTPException as exc:
            log.info("notice to user %s not sent: %s", user, exc.status)
            if exc.code == DMS_CLOSED:
                await host.store.put_player_settings(user, PlayerSettings(turn_dms=False))
            continue
        reached.append(user)
    return reached


async def new_turns(bot: discord.Client, host: Host, record: GameRecord, users: Iterable[int]) -> None:
    """Tell these people by DM that the game now waits on them (their choice is on the board)."""
    await send(bot, host, users, f"🎣 Your turn in {game_text(bot, host, record)}{board(record)}")


async def started(bot: discord.Client, host: Host, record: GameRecord, skip: Iterable[int]) -> None:
    """Tell the game's people by DM that it has started (but those told it is their turn already)."""
    users = {s.user_id for s in record.seats if s.user_id is not None} - set(skip)
    await send(bot, host, users, f"▶️ {game_text(bot, host, record)} has started{board(record)}")


async def game_over(bot: discord.Client, host: Host, record: GameRecord) -> None:
    """Tell each of the game's people by DM that it is over, where they placed and how their rating moved."""
    result = host.result(record)
    if result is None:
        return
    moves = await host.store.rating_moves(record.id)
    for seat, s in enumerate(record.seats):
        if s.user_id is None:
            continue
        place = f"{messages.place_name(result.ranks[seat])} of {len(record.seats)}"
        rating = messages.rating_move(moves[seat]) if seat < len(moves) else ""
        await send(bot, host, [s.user_id], f"🏁 {game_text(bot, host, record)} is over: you placed {place}"
                                           f"{' 🏆' if seat in result.winners else ''}{rating}{board(record)}")
