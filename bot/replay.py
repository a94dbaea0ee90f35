"""A game rebuilt from its seed and log, for people: the public board after each move (the replay) and the recent
moves with what each made happen (the log)."""

from __future__ import annotations

from bot.host import Host, HostError
from bot.models import PRIVATE_CHOICE, GameRecord, Move
from engines.core import View

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


def said(record: GameRecord, move: Move) -> str:
    """A logged move in words: `Ann: Take 3`, `Bob made a private choice`; a private move logged by its public event
    names its mover already. A person who left made their own moves (their name, without the " (AI, level)" the
    host added); an AI standing in for a person is named as such."""
    seat = record.seats[move.seat]
    standin = " (AI stand-in)" if move.by_ai and not seat.ai else ""
    mover = seat.began_as if seat.left and not move.by_ai else seat.name + standin
    if move.label == PRIVATE_CHOICE:
        return f"{mover} {move.label}"
    name = record.names_at_start[move.seat] if move.seat < len(record.names_at_start) else ""
    if name and move.label.startswith((name + " ", name + ":")):  # "Cy: No Catch!" names Cy already
        return name + standin + move.label[len(name):]
    return f"{mover}: {move.label}"
