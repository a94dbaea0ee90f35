"""Persistent components (discord.ui.DynamicItem) and the layout of a decision's choices as buttons or selects.

The items hold no game state: each click is parsed from its custom_id and handed to the bot's Table,
so they keep working after a restart. Templates are loose on purpose: a custom_id under a known prefix
that fails the strict parse still reaches us and gets a clear private answer instead of silence.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from bot.discord import ids, limits, messages
from engines.core import Choice, Decision

if TYPE_CHECKING:
    from bot.discord.table import Table
    from bot.models import GameRecord

BUTTONS_MAX = 20  # one decision with up to this many choices shows as buttons (4 rows of 5)
ROW_WIDTH = 5
SELECT_MAX = 25
ACTION_ROWS = 4  # the fifth row holds "My hand"


def _table(interaction: discord.Interaction) -> Table:
    """The bot's Table (set by the runner)."""
    return interaction.client.table  # type: ignore[attr-defined]


class ChoiceButton(discord.ui.DynamicItem[discord.ui.Button], template=r"fish:c:(?P<body>.*)"):
    """One choice of a decision."""

    def __init__(self, custom_id: str, label: str = "…", row: int | None = None) -> None:
        super().__init__(discord.ui.Button(label=limits.cut(label, limits.BUTTON_LABEL),
                                           style=discord.ButtonStyle.primary, custom_id=custom_id, row=row))
        self.body = self.template.fullmatch(custom_id)["body"]  # type: ignore[index]

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> ChoiceButton:
        return cls(match.string)

    async def callback(self, interaction: discord.Interaction) -> None:
        ref = ids.parse_choice(self.body)
        await _table(interaction).on_choice(interaction, ref, None if ref is None else ref.tail)


class ChoiceSelect(discord.ui.DynamicItem[discord.ui.Select], template=r"fish:s:(?P<body>.*)"):
    """A page of up to 25 choices of a decision."""

    def __init__(self, custom_id: str, options: list[discord.SelectOption] | None = None, placeholder: str = "",
                 row: int | None = None) -> None:
        super().__init__(discord.ui.Select(custom_id=custom_id, options=options or [],
                                           placeholder=limits.cut(placeholder, limits.PLACEHOLDER) or None, row=row))
        self.body = self.template.fullmatch(custom_id)["body"]  # type: ignore[index]

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> ChoiceSelect:
        return cls(match.string)

    async def callback(self, interaction: discord.Interaction) -> None:
        ref = ids.parse_choice(self.body, select=True)
        values = (interaction.data or {}).get("values") or []
        choice = values[0] if len(values) == 1 and isinstance(values[0], str) else None
        await _table(interaction).on_choice(interaction, ref if choice else None, choice)


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button], template=r"fish:l:(?P<body>.*)"):
    """Join, Leave, Add AI, Remove AI, Start or Cancel under a lobby."""

    LOOK = {"join": ("Join", discord.ButtonStyle.success), "leave": ("Leave", discord.ButtonStyle.secondary),
            "start": ("Start", discord.ButtonStyle.primary), "cancel": ("Cancel", discord.ButtonStyle.danger),
            ids.DROP_AI: ("Remove AI", discord.ButtonStyle.secondary),
            **{action: (f"Add AI: {level}", discord.ButtonStyle.secondary) for action, level in ids.AI_ACTIONS.items()}}

    def __init__(self, custom_id: str) -> None:
        body = self.template.fullmatch(custom_id)["body"]  # type: ignore[index]
        parsed = ids.parse_lobby(body)
        label, style = self.LOOK.get(parsed.action if parsed else "", ("?", discord.ButtonStyle.secondary))
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=custom_id))
        self.body = body

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> LobbyButton:
        return cls(match.string)

    async def callback(self, interaction: discord.Interaction) -> None:
        await _table(interaction).on_lobby_button(interaction, ids.parse_lobby(self.body))


class HandButton(discord.ui.DynamicItem[discord.ui.Button], template=r"fish:h:(?P<body>.*)"):
    """"My hand": your private view and private decisions, answered ephemerally (the closed-DM fallback)."""

    def __init__(self, custom_id: str, row: int | None = None) -> None:
        super().__init__(discord.ui.Button(label="My hand", style=discord.ButtonStyle.secondary,
                                           custom_id=custom_id, row=row))
        self.body = self.template.fullmatch(custom_id)["body"]  # type: ignore[index]

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> HandButton:
        return cls(match.string)

    async def callback(self, interaction: discord.Interaction) -> None:
        await _table(interaction).on_hand_button(interaction, ids.parse_game(self.body))


class GuideButton(discord.ui.DynamicItem[discord.ui.Button], template=r"fish:i:(?P<body>.*)"):
    """"What do these do?": each choice's sentence, for choices shown as buttons (whose labels are short)."""

    def __init__(self, custom_id: str, row: int | None = None) -> None:
        super().__init__(discord.ui.Button(label="What do these do?", style=discord.ButtonStyle.secondary,
                                           custom_id=custom_id, row=row))
        self.body = self.template.fullmatch(custom_id)["body"]  # type: ignore[index]

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> GuideButton:
        return cls(match.string)

    async def callback(self, interaction: discord.Interaction) -> None:
        await _table(interaction).on_guide_button(interaction, ids.parse_game(self.body))


class ReplayButton(discord.ui.DynamicItem[discord.ui.Button], template=r"fish:r:(?P<body>.*)"):
    """"Watch the replay" under a final board: posts the game's animated replay."""

    def __init__(self, custom_id: str) -> None:
        super().__init__(discord.ui.Button(label="Watch the replay", emoji="🎬", style=discord.ButtonStyle.primary,
                                           custom_id=custom_id))
        self.body = self.template.fullmatch(custom_id)["body"]  # type: ignore[index]

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> ReplayButton:
        return cls(match.string)

    async def callback(self, interaction: discord.Interaction) -> None:
        await _table(interaction).on_replay_button(interaction, ids.parse_game(self.body))


class AgainButton(discord.ui.DynamicItem[discord.ui.Button], template=r"fish:a:(?P<body>.*)"):
    """"Play again" under a final board: a lobby for the same game, its AI players back, its people invited."""

    def __init__(self, custom_id: str) -> None:
        super().__init__(discord.ui.Button(label="Play again", emoji="🔁", style=discord.ButtonStyle.success,
                                           custom_id=custom_id))
        self.body = self.template.fullmatch(custom_id)["body"]  # type: ignore[index]

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> AgainButton:
        return cls(match.string)

    async def callback(self, interaction: discord.Interaction) -> None:
        await _table(interaction).on_again_button(interaction, ids.parse_game(self.body))


DYNAMIC_ITEMS = (ChoiceButton, ChoiceSelect, LobbyButton, HandButton, GuideButton, ReplayButton, AgainButton)


def lobby_view(record: GameRecord) -> discord.ui.View:
    """The lobby's buttons (Add and Remove AI for the lobby as it now is)."""
    view = discord.ui.View(timeout=None)
    for action in ids.LOBBY_ACTIONS:
        view.add_item(LobbyButton(ids.lobby(record.id, action, record.version)))
    return view


def final_view(game: int) -> discord.ui.View:
    """The buttons under a finished game's board."""
    view = discord.ui.View(timeout=None)
    view.add_item(ReplayButton(ids.replay(game)))
    view.add_item(AgainButton(ids.again(game)))
    return view


def decision_view(game: int, version: int, decisions: list[Decision], names: list[str],
                  board: bool = True, hand: bool = True, rows: int = ACTION_ROWS) -> discord.ui.View:
    """Buttons (one small decision) or paged selects for these decisions; under a `board`, the last row has "My hand"
    (for a game with hands) and "What do these do?" when buttons stand for choices that say more than their
    labels."""
    view = discord.ui.View(timeout=None)
    for item in decision_items(game, version, decisions, names, rows):
        view.add_item(item)
    if board and hand:
        view.add_item(HandButton(ids.hand(game), row=rows))
    if board and as_buttons(decisions, rows) and messages.guide_lines(decisions[0]):
        view.add_item(GuideButton(ids.guide(game), row=rows))
    return view


def as_buttons(decisions: list[Decision], rows: int = ACTION_ROWS) -> bool:
    """True when these decisions show as buttons (one decision of few choices); else as selects, which show each
    choice's sentence themselves."""
    return len(decisions) == 1 and len(decisions[0].choices) <= min(BUTTONS_MAX, rows * ROW_WIDTH)


def decision_items(game: int, version: int, decisions: list[Decision], names: list[str],
                   rows: int = ACTION_ROWS) -> list[discord.ui.Item[Any]]:
    """The components for these decisions in at most `rows` action rows (what does not fit is left out)."""
    if as_buttons(decisions, rows):
        d = decisions[0]
        return [ChoiceButton(ids.choice_button(game, version, d.seat, c.id), c.label, row=r)
                for c, r in zip(d.choices, _button_rows(d, rows), strict=True)]
    items: list[discord.ui.Item[Any]] = []
    for d in decisions:
        by_group, pages = _select_pages(d, rows)
        for page, (part, chunk) in enumerate(pages):
            if len(items) == rows:
                return items
            prompt = f"{names[d.seat]}: {d.prompt}" if len(decisions) > 1 else d.prompt
            options = [discord.SelectOption(label=limits.cut(c.label, limits.OPTION_LABEL), value=c.id,
                                            description=limits.cut(c.detail or ("" if by_group else c.group),
                                                                      limits.OPTION_DESCRIPTION) or None)
                       for c in chunk]
            items.append(ChoiceSelect(ids.choice_select(game, version, d.seat, page), options,
                                      f"{prompt} {part}".strip(), row=len(items)))
    return items


def _select_pages(decision: Decision, rows: int) -> tuple[bool, list[tuple[str, list[Choice]]]]:
    """The choices split over selects, each with a placeholder suffix: one per Choice.group ("· Market 2") when
    each group fits in one select and the groups fit in the rows (then True), else pages of 25 ("(2/3)")."""
    choices = decision.choices
    groups = list(dict.fromkeys(c.group for c in choices))
    by_group = [[c for c in choices if c.group == g] for g in groups]
    if 1 < len(groups) <= rows and all(g and len(chunk) <= SELECT_MAX for g, chunk in zip(groups, by_group,
                                                                                          strict=True)):
        return True, [(f"· {g}", chunk) for g, chunk in zip(groups, by_group, strict=True)]
    pages = [choices[i:i + SELECT_MAX] for i in range(0, len(choices), SELECT_MAX)]
    return False, [(f"({n + 1}/{len(pages)})" if len(pages) > 1 else "", chunk) for n, chunk in enumerate(pages)]


def _button_rows(decision: Decision, rows: int) -> list[int]:
    """A row per Choice.group when the groups fit (the engine's layout hint), else rows of five in order."""
    groups = list(dict.fromkeys(c.group for c in decision.choices))
    sizes = [sum(1 for c in decision.choices if c.group == g) for g in groups]
    if len(groups) > 1 and len(groups) <= rows and max(sizes) <= ROW_WIDTH:
        return [groups.index(c.group) for c in decision.choices]
    return [i // ROW_WIDTH for i in range(len(decision.choices))]
