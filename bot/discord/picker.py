"""The "Which game?" select: a command typed where several games live waits in memory for one to be picked.

A pick runs the command once and takes the select off its message. A pick after that, after `PICK_SECONDS` or
after a restart finds no command waiting and is told the menu expired.
"""

from __future__ import annotations

import contextlib
import dataclasses
import re
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord

from bot.discord import ids, limits
from bot.host import HostError
from bot.models import GameRecord

if TYPE_CHECKING:
    from bot.discord.table import Table

Action = Callable[[discord.Interaction, int], Awaitable[None]]
PICK_MAX = 25  # games one select offers (Discord's limit)
PICK_SECONDS = 300.0  # how long a command waits for its pick
EXPIRED = "That menu has expired, so nothing was done; type the command again."


@dataclasses.dataclass(frozen=True)
class Pick:
    """A command waiting until `until` for one of the games its select offers to be picked."""

    action: Action
    offered: frozenset[str]  # the ids of the games offered, as the select's values
    asked: discord.Interaction  # the command, whose private answer carries the select
    until: float


class GameSelect(discord.ui.DynamicItem[discord.ui.Select], template=r"fish:p:(?P<body>.*)"):
    """The "Which game?" select; its command waits in the bot's Picker."""

    def __init__(self, custom_id: str, options: list[discord.SelectOption] | None = None) -> None:
        super().__init__(discord.ui.Select(custom_id=custom_id, placeholder="Which game?", options=options or []))
        self.body = self.template.fullmatch(custom_id)["body"]  # type: ignore[index]

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> GameSelect:
        return cls(match.string)

    async def callback(self, interaction: discord.Interaction) -> None:
        picker: Picker = interaction.client.table.picker  # type: ignore[attr-defined]
        await picker.answer(interaction, ids.parse_pick(self.body))


def on_message(interaction: discord.Interaction) -> bool:
    """True when the component clicked is on the interaction's message (discord.py hands its item only such a click)."""
    data = interaction.data or {}
    return interaction.message is not None and any(
        getattr(c, "custom_id", None) == data.get("custom_id") and c.type.value == data.get("component_type")
        for row in interaction.message.components for c in getattr(row, "children", [row]))


class Picker:
    """The commands waiting for a game to be picked, by the nonce in their select's custom_id."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.waiting: dict[str, Pick] = {}

    async def ask(self, interaction: discord.Interaction, records: list[GameRecord], names: dict[str, str],
                  action: Action) -> None:
        """Ask which of these games the command (already deferred) is about; `action` runs on the one picked."""
        shown = sorted(records, key=lambda r: -r.id)[:PICK_MAX]
        now = self.table.clock()
        self.waiting = {nonce: pick for nonce, pick in self.waiting.items() if pick.until > now}
        nonce, custom_id = ids.pick()
        self.waiting[nonce] = Pick(action, frozenset(str(r.id) for r in shown), interaction, now + PICK_SECONDS)
        view = discord.ui.View(timeout=None)
        view.add_item(GameSelect(custom_id, [discord.SelectOption(
            label=limits.cut(f"#{r.id} {names.get(r.key, r.key)} ({r.status})", limits.OPTION_LABEL), value=str(r.id),
            description=limits.cut(", ".join(r.names), limits.OPTION_DESCRIPTION) or None) for r in shown]))
        await interaction.edit_original_response(content="Several games fit here. Which one?", view=view)

    async def answer(self, interaction: discord.Interaction, nonce: str | None) -> None:
        """A pick: its command runs on the game picked, once, and the select goes; anything else changes nothing."""
        async with self.table.work():
            try:
                if nonce is None:
                    raise HostError(ids.MALFORMED)
                pick = self.waiting.get(nonce)
                if pick is None or pick.until <= self.table.clock():
                    raise HostError(EXPIRED)
                values = (interaction.data or {}).get("values") or []
                if len(values) != 1 or not isinstance(values[0], str) or values[0] not in pick.offered:
                    raise HostError(ids.MALFORMED)  # forged: a value naming a game not offered, or no game
                del self.waiting[nonce]
                with contextlib.suppress(discord.HTTPException):  # its reader may have dismissed it
                    await pick.asked.edit_original_response(content=f"You picked game #{values[0]}.", view=None)
                await pick.action(interaction, int(values[0]))
            except Exception as exc:  # noqa: BLE001 - answered privately
                await self.table.fail(interaction, exc)
