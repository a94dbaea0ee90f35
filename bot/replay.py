"""A game rebuilt from its seed and log, for people: the public board after each move (the replay) and the recent
moves with what each made happen (the log)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.host import Host, HostError
from bot.models import PRIVATE_CHOICE, GameRecord, Move
from engines.core import Event, View

REPLAY_FILE = "replay.gif"


async def public_views(host: Host, record: GameRecord) -> list[View]:
    """The public view at the start and after every move that changed it (a private move shows nothing new)."""
    if record.state is None:
        raise HostError("This game has not started yet: there is nothing to replay.")
    engine = host.engine(record)
    views: list[View] = []
    for state in await host.replay_states(record.id):
        view = engine.view(state, None)
        if not views or view != views[-1]:
            views.append(view)
    return views


async def recent_moves(host: Host, game_id: int, last: int) -> list[tuple[Move, list[str]]]:
    """The game's last moves, oldest first, each with the public events it made (its outcome) but the one a private
    move is logged by."""
    _, steps = await host.replay_steps(game_id)
    return [(move, [e.text for e in events if e.private_to is None and e.text != move.label])
            for move, _, events in steps[-last:]]


async def recent_lines(host: Host, game_id: int, last: int,
                       before: int | None = None) -> list[list[tuple[int | None, str]]]:
    """What the table saw happen in each of the game's last `last` moves (those before move index `before`), with the
    seats whose moves made it: a board's news when none is remembered (after a restart)."""
    _, steps = await host.replay_steps(game_id)
    steps = [step for step in steps if before is None or step[0].index < before][-last:]
    return [lines for move, _, events in steps if (lines := happened(events, [move]))]


def move_line(name: str, label: str) -> str:
    """A move that made no public event, in words, as a sentence: `Ann chose "Garbage heap".`, `Bob made a private
    choice.`"""
    return f"{name} {label}." if label == PRIVATE_CHOICE else f'{name} chose "{label}".'


def happened(events: Sequence[Event], moves: Sequence[Move]) -> list[tuple[int | None, str]]:
    """The public events, newest last, each with the seat whose move made it: None for the game's own lines and for
    one about a seat that did not move (a Lunker sent back to its owner, a move the game made for someone), so it
    never counts as that seat's own news."""
    movers, owner, lines = {m.seat for m in moves}, None, []
    for e in events:
        owner = e.seat if e.seat in movers else None if e.seat is not None else owner
        if e.private_to is None:
            lines.append((owner, e.text))
    return lines


def clicked(record: GameRecord, moves: Sequence[Move]) -> list[str]:
    """Moves that made no public event, in words (`Ann chose "Garbage heap".`): they confirm a click, no more."""
    return [move_line(record.seats[m.seat].name, m.label) for m in moves]


def said(record: GameRecord, move: Move) -> str:
    """A logged move in words: `Ann: Take 3`, `Bob made a private choice`; a private move logged by its public event
    names its mover already. A person who left made their own moves (their name, without the " (AI, level)" the
    host added); an AI standing in for a person is named as such."""
    seat = record.seats[move.seat]
    tag = "" if not move.by_ai else " (AI stand-in)" if not seat.ai else f" (AI, {seat.ai})" if seat.left else ""
    mover = (seat.began_as if seat.left else seat.name) + tag
    if move.label == PRIVATE_CHOICE:
        return f"{mover} {move.label}"
    name = record.names_at_start[move.seat] if move.seat < len(record.names_at_start) else ""
    if name and move.label.startswith((name + " ", name + ":")):  # "Cy: No Catch!" names Cy already
        return name + tag + move.label[len(name):]
    return f"{mover}: {move.label}"
