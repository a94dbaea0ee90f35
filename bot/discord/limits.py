"""Discord's length limits, in one place: every text, embed and component the bot sends is cut to fit here.

Discord refuses a body over any limit (400, code 50035) and the person then gets no answer at all, so
nothing is sent without passing through `content`, `embed` or the component helpers' limits below.
"""

from __future__ import annotations

from typing import Any

import discord

CONTENT = 2000
EMBED_TITLE = 256
EMBED_DESCRIPTION = 4096
FIELD_NAME = 256
FIELD_VALUE = 1024
FIELDS = 25
FOOTER = 2048
EMBED_TOTAL = 6000
BUTTON_LABEL = 80
OPTION_LABEL = 100
OPTION_DESCRIPTION = 100
PLACEHOLDER = 150
THREAD_NAME = 100
ECHO = 60  # how much of a person's own input an answer quotes back
ELLIPSIS = "…"


def cut(text: str, limit: int) -> str:
    """The text, ending in … when it had to be shortened to `limit` characters."""
    return text if len(text) <= limit else text[: limit - 1] + ELLIPSIS


def echo(value: Any) -> str:
    """A person's input quoted back in an answer, shortened."""
    return cut(str(value), ECHO)


def content(text: str | None) -> str | None:
    """A message's text, cut to 2,000 characters."""
    return None if text is None else cut(text, CONTENT)


def embed(e: discord.Embed) -> discord.Embed:
    """The embed cut to every limit: title, description, fields (25), footer, then 6,000 in all."""
    if e.title:
        e.title = cut(e.title, EMBED_TITLE)
    if e.description:
        e.description = cut(e.description, EMBED_DESCRIPTION)
    fields = e.fields[:FIELDS]
    e.clear_fields()
    for f in fields:
        e.add_field(name=cut(f.name or "\u200b", FIELD_NAME), value=cut(f.value or "\u200b", FIELD_VALUE),
                    inline=bool(f.inline))
    if e.footer.text:
        e.set_footer(text=cut(e.footer.text, FOOTER), icon_url=e.footer.icon_url)
    excess = len(e) - EMBED_TOTAL
    if excess > 0 and e.description:
        e.description = cut(e.description, max(1, len(e.description) - excess))
    return e
