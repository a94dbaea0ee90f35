"""The animated replays a table posts on request: drawn once however many ask at once, and posted once per place
and game version (asked for again meanwhile, a link to the one posted)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

import discord

from bot import drawing, replay
from bot.discord import pictures
from bot.host import Host, HostError
from renderers import replay as replay_drawing

REPLAY_AGAIN_AFTER = 600.0  # seconds before the same replay is posted again in the same place (a link meanwhile)


class Replays:
    """Replays being drawn, and where each was posted."""

    def __init__(self, host: Host, clock: Callable[[], float] = time.time) -> None:
        self.host = host
        self.clock = clock
        self.building: dict[tuple[int, int], asyncio.Future[bytes]] = {}  # (game, version) -> replay being drawn
        self.posted: dict[tuple[int, int, int | None], tuple[float, str]] = {}  # (game, version, place) -> when
        # its replay was last posted there, and the link to it ("" while it is being posted)

    async def show(self, interaction: discord.Interaction, game: int) -> None:
        """Post the game's animated replay where it was asked for (public: it shows only public boards), once: asked
        for again there before REPLAY_AGAIN_AFTER with no move since, it answers with a link to the one posted."""
        record = await self.host.get(game)
        now, where = self.clock(), (record.id, record.version, interaction.channel_id)
        self.posted = {k: v for k, v in self.posted.items() if now - v[0] < REPLAY_AGAIN_AFTER}
        if where in self.posted:  # one public GIF at a time, however often anyone asks
            when, link = self.posted[where]
            raise HostError(f"This replay was posted here <t:{int(when)}:R>: {link}" if link else
                            "This replay is being posted here right now.")
        self.posted[where] = (now, "")  # taken before the next await: presses meanwhile are told
        try:
            views = await replay.public_views(self.host, record)  # refuses a game not yet started, before deferring
            renderer = pictures.renderer_for(record.key)
            if renderer is None:
                raise HostError("This game has no pictures to replay.")
            if not interaction.response.is_done():
                await interaction.response.defer(thinking=True)
            key = (record.id, record.version)
            building = self.building.get(key)
            if building is None:  # drawn once however many places ask at once; not kept after: megabytes
                building = self.building[key] = asyncio.ensure_future(drawing.in_pool(
                    replay_drawing.__name__, "animation",
                    (renderer.__name__, views, self.host.result(record))))
                building.add_done_callback(lambda _: self.building.pop(key, None))
            gif = await asyncio.shield(building)
            posted = await interaction.edit_original_response(
                content=f"Replay of {self.host.engine(record).name} #{record.id}, move by move.",
                attachments=[pictures.as_file(gif, replay.REPLAY_FILE)])
        except BaseException:
            self.posted.pop(where, None)
            raise
        self.posted[where] = (now, posted.jump_url)
