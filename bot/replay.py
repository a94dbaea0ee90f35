"""The public views a game's replay is drawn from: the board after each move, rebuilt from the seed and log."""

from __future__ import annotations

from bot.host import Host, HostError
from bot.models import GameRecord
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
