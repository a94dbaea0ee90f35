"""Embeds and short texts the bot shows; pure functions of records, views and decisions (no Discord calls)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import discord

from bot import ratings, replay
from bot.discord import limits, pictures
from bot.game_options import sizes_text, table_sizes
from bot.models import (
    LOBBY_ROLE_QUIET,
    GameRecord,
    GuildSettings,
    Move,
    PastGame,
    PlayerRecord,
    Rating,
    Tally,
)
from bot.replay import said
from bot.timers import deadlines
from engines.core import Decision, Event, GameEngine
from renderers.common import counted, points, seat_colour

COLOUR = discord.Colour.from_rgb(0, 114, 178)
LETTERS = "ABCDEF"
BOARD_FILE = "board.png"
HAND_FILE = "hand.png"
RATINGS_FILE = "ratings.png"
PRIVATE_PROMPT = "deciding in private (in your DMs, or **My hand**)"
HISTORY_PAGE = 10  # finished games a page of /fish history lists
OTHERS_SHOWN = 80  # characters of the other seats' names a history line quotes
MENTION_USERS = discord.AllowedMentions(everyone=False, roles=False, users=True)  # people, never roles


def shown(text: str) -> str:
    """Text with player names in it, as markdown that shows it literally and pings nobody (`@everyone`, `<@id>`)."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(text))


def seat_line(record: GameRecord, seat: int) -> str:
    """A seat as `` `A` @Ann ``, `` `B` 🤖 AI 1 (hard) `` or with a stand-in's tag; a mention for people."""
    s = record.seats[seat]
    who = f"<@{s.user_id}>" if s.user_id is not None else "🤖 " + shown(s.name)
    tag = f" (🤖 AI stand-in{', ' + s.standin_level if s.standin_level else ''})" if s.standin else ""
    if record.standin_state(seat) == "paused":
        tag = " (🤖 stand-in paused: nobody else plays in person; `/fish back` to play on)"
    return f"`{LETTERS[seat % 6]}` {who}{tag}"


def prompt(record: GameRecord, decision: Decision) -> str:
    """A decision's prompt where the seat is named already (the board's seat line, "Your move"): without the name
    the game put first ("Ann: take a fish" -> "take a fish"), shown literally."""
    name = record.names_at_start[decision.seat] if decision.seat < len(record.names_at_start) else ""
    text = decision.prompt
    for lead in (f"{name}: ", f"{name}, "):
        if name and text.startswith(lead) and len(text) > len(lead):
            text = text[len(lead):]
    return shown(text)


def title(engine: GameEngine, record: GameRecord) -> str:
    """`If Wishes Were Fishes! · game #12`."""
    return f"{engine.name} · game #{record.id}"


def lobby_embed(engine: GameEngine, record: GameRecord, settings: GuildSettings,
                rated: Sequence[Rating | None] = ()) -> discord.Embed:
    """The lobby: game, options, seats (with each seat's rating in this game, when it has one), host and when it
    expires."""
    e = discord.Embed(title=title(engine, record), colour=COLOUR)
    sizes = table_sizes(engine, record.options)
    if record.status == "lobby":
        expires = int(record.created_at + settings.lobby_hours * 3600)
        e.description = (f"Hosted by <@{record.host_user}>. Join, add AI players, then **Start** "
                         f"({sizes_text(sizes)}). Expires <t:{expires}:R>.")
    elif record.status == "cancelled":
        e.description = "This game was cancelled."
        e.colour = discord.Colour.dark_grey()
    else:
        where = f"in <#{record.thread_id}>" if record.thread_id else "below"
        e.description = f"The game has started: play it {where}."
    seats = "\n".join(seat_line(record, i) + (f" · {rating_text(rated[i])}" if i < len(rated) and rated[i] else "")
                      for i in range(len(record.seats))) or "nobody yet"
    e.add_field(name=f"Seats ({len(record.seats)}/{sizes[-1]})", value=seats, inline=False)
    opts = options_text(engine, record.options)
    if opts:
        e.add_field(name="Options", value=opts, inline=False)
    return limits.embed(e)


def guide_lines(decision: Decision) -> list[str]:
    """`• label: sentence` for each choice whose sentence says more than its short button label."""
    return [f"• **{shown(c.label)}**: {shown(c.detail)}" for c in decision.choices if c.detail and c.detail != c.label]


def happened(events: Sequence[Event], moves: Sequence[Move]) -> list[tuple[int | None, str]]:
    """Public lines about what just happened (never a private event), newest last, each with the seat whose move
    made it, shown literally."""
    return [(seat, shown(line)) for seat, line in replay.happened(events, moves)]


def clicked(record: GameRecord, moves: Sequence[Move]) -> list[str]:
    """Moves that made no public event, in words, shown literally."""
    return [shown(line) for line in replay.clicked(record, moves)]


def board_embed(engine: GameEngine, record: GameRecord, pending: Sequence[Decision], waiting: Sequence[int],
                lines: Sequence[str], settings: GuildSettings, image: bool) -> discord.Embed:
    """The board: what happened, who must act on what, deadlines, seats; the image is attachment://board.png."""
    e = discord.Embed(title=title(engine, record), colour=COLOUR)
    parts = [f"▸ {line}" for line in lines]
    if record.status == "finished":  # the message says so, and the final scores follow
        e.colour = discord.Colour.gold()
    elif record.status == "cancelled":
        if not lines:  # else its lines say who cancelled it
            parts.append("**This game was cancelled.**")
        e.colour = discord.Colour.dark_grey()
    else:
        if len({d.seat for d in pending}) == 1:  # the board's frame in the colour of the seat to act, as drawn
            e.colour = discord.Colour.from_rgb(*seat_colour(pending[0].seat))
        for d in pending:  # a private prompt can tell what is held, so the board only says where to answer it
            ask = PRIVATE_PROMPT if d.private else prompt(record, d)
            parts.append(f"**{seat_line(record, d.seat)}** — {ask}")
        if line := deadline_line(record, settings, list(waiting)):
            parts.append(line)
    e.description = "\n".join(parts)
    e.add_field(name="Seats", value="\n".join(seat_line(record, i) for i in range(len(record.seats))), inline=False)
    if image:
        e.set_image(url=f"attachment://{BOARD_FILE}")
    e.set_footer(text=f"game #{record.id} · move {record.state.step if record.state else 0}")
    return limits.embed(e)


def deadline_line(record: GameRecord, settings: GuildSettings, waiting: list[int]) -> str:
    """When the people waited on are reminded and an AI stands in for them: no reminder already sent, none after the
    stand-in, and no stand-in where nobody else plays in person (that game just waits)."""
    unreminded = [s for s in waiting if s not in record.reminded]
    covered = [s for s in waiting if record.others_present(s)]
    standin_at = deadlines(record, settings, covered).standin_at if covered else math.inf
    remind_at = deadlines(record, settings, unreminded).remind_at if unreminded else math.inf
    parts = [f"Reminder <t:{int(remind_at)}:R>"] if remind_at < standin_at else []
    parts += [f"AI stand-in <t:{int(standin_at)}:R>"] if covered else []
    return " · ".join(parts)


def result_lines(record: GameRecord, scores: Sequence[str], ranks: Sequence[int], winners: Sequence[int],
                 moves: Sequence[tuple[float, float] | None] = ()) -> str:
    """Final standings, best first (each seat's score in words), with how the game moved each seat's rating (when it
    was rated)."""
    order = sorted(range(len(scores)), key=lambda s: (ranks[s], s))
    rows = [f"{ranks[s]}. {seat_line(record, s)} — {scores[s]}"
            f"{' 🏆' if s in winners else ''}"
            f"{rating_move(moves[s]) if s < len(moves) else ''}" for s in order]
    return "\n".join(rows)


def rating_move(move: tuple[float, float] | None) -> str:
    """` · rating 1016 (+16)`, or nothing for a seat the game did not rate."""
    if move is None:
        return ""
    before, after = round(move[0]), round(move[1])
    return f" · rating {after} ({after - before:+d})"


def message_link(guild_id: int | None, place_id: int | None, message_id: int | None) -> str:
    """The address of a message in a server's channel or thread, or "" when a part is unknown."""
    if guild_id and place_id and message_id:
        return f"https://discord.com/channels/{guild_id}/{place_id}/{message_id}"
    return ""


def board_link(record: GameRecord) -> str:
    """The address of a game's board message, or "" while it has none."""
    return message_link(record.guild_id, record.place_id, record.message_id)


def game_numbers(records: Sequence[GameRecord]) -> str:
    """`game #3`, `games #3, #5 and #8`."""
    numbers = [f"#{r.id}" for r in sorted(records, key=lambda r: r.id)]
    if len(numbers) == 1:
        return f"game {numbers[0]}"
    return f"games {', '.join(numbers[:-1])} and {numbers[-1]}"


def waits_on(record: GameRecord, user_id: int) -> bool:
    """True when a running game waits on this person's own choice (not their AI stand-in's)."""
    return record.status == "active" and any(
        record.seats[s].user_id == user_id and not record.plays_itself(s) for s in record.waiting)


def game_line(record: GameRecord, name: str, user_id: int) -> str:
    """One open game for `/fish games`: where it is, who plays, and whom it waits on (you, in bold)."""
    if record.status == "lobby":
        now = f"lobby, {counted(len(record.seats), 'seat')} taken"
    elif waits_on(record, user_id):
        since = min(t for s, t in record.waiting.items() if record.seats[s].user_id == user_id)
        now = f"**your turn** since <t:{int(since)}:R>"
    else:
        now = "waiting on " + (", ".join(shown(record.seats[s].name) for s in record.waiting) or "nobody")
    link = board_link(record)
    board = f" · [board](<{link}>)" if link and record.status == "active" else ""
    return f"#{record.id} **{name}** in <#{record.place_id}>: {now} · {shown(', '.join(record.names))}{board}"


def log_text(record: GameRecord, moves: Sequence[tuple[Move, Sequence[str]]]) -> str:
    """The recent turns, oldest first, each under the name of who made it, with what it made happen (the public
    events), as many of the latest as fit in one message."""
    if not moves:
        return "No moves yet."
    blocks: list[str] = []
    for move, outcome in reversed(moves):
        lines = [f"{move.index + 1}. {said(record, move)}",
                 *(f"\u2003↳ {text}" for text in outcome)]
        block = limits.cut(shown("\n".join(lines)), limits.CONTENT // 2)
        if blocks and sum(len(b) + 1 for b in blocks) + len(block) > limits.CONTENT:
            break
        blocks.append(block)
    return "\n".join(reversed(blocks))


def worded(value: object) -> str:
    """An option's value as a person reads it: `on`/`off`, `0, 2` or `none` for a list, else as it is."""
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, list | tuple):
        return ", ".join(map(str, value)) or "none"
    return str(value)


def default_text(value: object) -> str:
    """` (default on)`, ` (default 0, 2)`, ` (default none)`; nothing for None (no fixed default: the option's
    description tells what happens)."""
    return "" if value is None else f" (default {worded(value)})"


def options_text(engine: GameEngine, options: dict[str, Any]) -> str:
    """The options a game was opened with, in words, those left at their default out: `length: short · noisy: on`."""
    return " · ".join(f"{name.replace('_', ' ')}: {worded(options[name])}"
                      for name, info in engine.Options.model_fields.items()
                      if options.get(name) is not None and options[name] != info.get_default(call_default_factory=True))


def rules_embed(engine: GameEngine) -> discord.Embed:
    """A short summary of a game's rules and its options."""
    e = discord.Embed(title=engine.name, description=engine.rules_summary, colour=COLOUR)
    e.add_field(name="Players", value=f"{engine.min_players}-{engine.max_players}")
    opts = [f"`{name}`: {info.description or ''}{default_text(info.get_default(call_default_factory=True))}"
            for name, info in engine.Options.model_fields.items()]
    if opts:
        e.add_field(name=f"Options of /fish start {engine.key}", value="\n".join(opts), inline=False)
    return limits.embed(e)


def settings_embed(settings: GuildSettings) -> discord.Embed:
    """A server's timing settings."""
    e = discord.Embed(title="Fishing settings for this server", colour=COLOUR)
    never = " (none is sent: the stand-in comes first)" if settings.standin_hours <= settings.remind_hours else ""
    e.add_field(name="remind_hours", value=f"{settings.remind_hours:g} h idle before a reminder{never}")
    e.add_field(name="standin_hours", value=f"{settings.standin_hours:g} h idle before an AI stand-in plays")
    e.add_field(name="lobby_hours", value=f"{settings.lobby_hours:g} h before an unstarted lobby expires")
    e.add_field(name="standin_level", value=f"{settings.standin_level}: the AI level that stands in for people")
    quiet = f"at most every {LOBBY_ROLE_QUIET / 60:g} minutes"
    e.add_field(name="lobby_role", value=f"<@&{settings.lobby_role}>: mentioned when a lobby opens here ({quiet})"
                if settings.lobby_role else "none: a new lobby mentions no role")
    return limits.embed(e)


def place_name(place: int) -> str:
    """1st, 2nd, 3rd, 4th…"""
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


def _tally_text(tally: Tally) -> str:
    """`5 games, 3 won (60%), average place 1.4`."""
    return (f"{counted(tally.played, 'game')}, {tally.won} won ({tally.share:.0%}), "
            f"average place {tally.mean_place:.1f}")


def rating_text(rating: Rating | None) -> str:
    """`rating 1032`, marked while it rests on few games; empty without one."""
    if rating is None:
        return ""
    return f"rating {rating.value:.0f}{' (provisional)' if rating.provisional else ''}"


def record_text(record: PlayerRecord | None, name: str, names: dict[str, str]) -> str:
    """A person's record on this server: all games, each game, with their ratings, and their latest finish."""
    if record is None:
        return f"**{shown(name)}** has no finished games on this server yet."
    overall = rating_text(record.ratings.get(ratings.ALL))
    lines = [f"**{shown(record.name)}** on this server: {_tally_text(record.total)}{', ' + overall if overall else ''}."]
    keys = [k for k in names if k in record.games] + [k for k in record.games if k not in names]  # usual order
    for key in keys:
        rated = rating_text(record.ratings.get(key))
        best = record.games[key].best
        scored = f", best score {pictures.score_words(key, points)(best)}" if best is not None else ""
        lines.append(f"• {names.get(key, key)}: {_tally_text(record.games[key])}{scored}"
                     f"{', ' + rated if rated else ''}")
    last = record.latest
    lines.append(f"Latest: game #{last.game_id}, {names.get(last.key, last.key)}, {place_name(last.place)} of "
                 f"{last.players}{' 🏆' if last.won else ''}, <t:{int(last.ended_at)}:R>.")
    together = record.versus
    if together is not None and together.games:
        level = together.games - together.ahead - together.behind
        lines.append(f"With you: {counted(together.games, 'game')} together; {shown(record.name)} placed ahead of you "
                     f"in {together.ahead}, you ahead in {together.behind}{f', level in {level}' if level else ''}.")
    return "\n".join(lines)


def top_text(rows: Sequence[tuple[str, Tally]], game: str | None) -> str:
    """A server's leaderboard by wins in one game (None: all games), most wins first."""
    where = game or "all games"
    if not rows:
        return f"No finished games{f' of {game}' if game else ''} with people on this server yet."
    lines = [f"**Most wins on this server: {where}**"]
    lines += [f"{i}. {shown(name)}: {t.won} won of {counted(t.played, 'game')} ({t.share:.0%}), "
              f"average place {t.mean_place:.1f}" for i, (name, t) in enumerate(rows, 1)]
    return "\n".join(lines)


def rated_text(rows: Sequence[tuple[str, Rating]], ais: dict[str, Rating], game: str | None) -> str:
    """A server's leaderboard by rating in one game (None: all games), settled ratings first, and its AI levels'."""
    where = game or "all games"
    if not rows:
        return f"No rated games{f' of {game}' if game else ''} with people on this server yet."
    lines = [f"**Best rated on this server: {where}**"]
    lines += [f"{i}. {shown(name)}: {rating.value:.0f} from {counted(rating.games, 'game')}"
              f"{' (provisional)' if rating.provisional else ''}" for i, (name, rating) in enumerate(rows, 1)]
    if ais:
        lines.append("AI players here: " + " · ".join(f"{level} {rating.value:.0f} ({counted(rating.games, 'game')})"
                                                      for level, rating in ais.items()))
    lines.append(f"Elo ratings: everyone starts at {ratings.START:.0f}; provisional until "
                 f"{ratings.PROVISIONAL} games.")
    return "\n".join(lines)


def history_embed(name: str, count: int, games: Sequence[PastGame], page: int, names: dict[str, str],
                  game: str | None, visible: Callable[[PastGame], bool]) -> discord.Embed:
    """A page of a person's finished games on this server (in one game, or all), the latest first: each with its
    place, score, rating move, the others at the table, when it ended and a link to its final board (who else sat
    there and the link only when the reader may see the game's channel)."""
    pages = -(-count // HISTORY_PAGE)
    e = discord.Embed(title=f"{shown(name)}: finished games{f' of {game}' if game else ''} on this server",
                      colour=COLOUR)
    lines = []
    for past in games:
        done = past.finish
        seen = visible(past)
        link = message_link(past.guild_id, past.place_id, past.message_id) if seen else ""
        others = shown(limits.cut(", ".join(past.others), OTHERS_SHOWN)) if seen else ""
        lines.append(f"{'🏆' if done.won else '▫️'} **#{done.game_id} {names.get(done.key, done.key)}**: "
                     f"{place_name(done.place)} of {done.players}, "
                     f"{pictures.score_text(done.key, past.score, dict(past.parts), points)}"
                     f"{rating_move(past.rating_move)}{f' · with {others}' if others else ''} · "
                     f"<t:{int(done.ended_at)}:R>{f' · [board]({link})' if link else ''}")
    e.description = "\n".join(lines)
    older = f" · /fish history page:{page + 1} for older ones" if page < pages else ""
    e.set_footer(text=f"Page {page} of {pages} · {counted(count, 'game')}{older}")
    return limits.embed(e)


def help_embed(commands: Sequence[tuple[str, str]]) -> discord.Embed:
    """How to play here, and every /fish command (its usage and description) as the bot registers it."""
    e = discord.Embed(title="Fishing games on Discord", colour=COLOUR, description=(
        "**To play:** `/fish start <game>` opens a lobby; friends press **Join** (or you add AI players), then you "
        "press **Start**. The board shows whose turn it is, and your choices are the buttons under it. Secret "
        "hands and choices come by DM (or the **My hand** button). Take your time: the game waits, reminds, and "
        "after a while an AI plays for whoever is away.\n\n"
        + "\n".join(f"`{usage}`: {about}" for usage, about in commands)))
    return limits.embed(e)


def reminder(record: GameRecord, seats: list[int], standin_at: int | None, game: str) -> str:
    """The channel's reminder to these seats, naming the game, with a link to the board (and when an AI stands in,
    if one will)."""
    who = " ".join(f"<@{record.seats[s].user_id}>" for s in seats)
    link = board_link(record)
    where = f": [the board](<{link}>)" if link else ""
    after = f" An AI stands in <t:{standin_at}:R>." if standin_at is not None else \
        " Nobody else plays it in person now, so it waits for you."
    return f"⏰ {who}, it's your turn in game #{record.id} ({game}){where}.{after}"
