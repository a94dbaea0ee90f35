"""The fake Discord's wire types: stored messages, sent interactions, and HTTP body helpers."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from aiohttp import web

EPHEMERAL = 64


@dataclass
class Msg:
    """A message as the fake stores it; `history` keeps every earlier version."""

    data: dict[str, Any]
    files: dict[str, bytes] = field(default_factory=dict)
    history: list[dict[str, Any]] = field(default_factory=list)
    deleted: bool = False
    allowed_mentions: dict[str, Any] | None = None  # as the bot last sent it (Discord keeps it to itself)

    @property
    def id(self) -> int:
        return int(self.data["id"])

    @property
    def channel_id(self) -> int:
        return int(self.data["channel_id"])

    @property
    def content(self) -> str:
        return self.data.get("content") or ""

    @property
    def ephemeral(self) -> bool:
        return bool(self.data.get("flags", 0) & EPHEMERAL)

    @property
    def custom_ids(self) -> list[str]:
        """Every component custom_id on the message, in order."""
        return [c["custom_id"] for row in self.data.get("components", []) for c in row.get("components", [])
                if "custom_id" in c]

    def component(self, custom_id_prefix: str) -> dict[str, Any]:
        """The first component whose custom_id starts with this text."""
        for row in self.data.get("components", []):
            for c in row.get("components", []):
                if c.get("custom_id", "").startswith(custom_id_prefix):
                    return c
        raise KeyError(f"no component {custom_id_prefix!r} in {self.custom_ids}")

    def text(self) -> str:
        """Content plus embed titles, descriptions and fields, for assertions."""
        parts = [self.content]
        for e in self.data.get("embeds", []):
            parts += [e.get("title", ""), e.get("description", "")]
            parts += [f"{f.get('name', '')} {f.get('value', '')}" for f in e.get("fields", [])]
            parts.append((e.get("footer") or {}).get("text", ""))
        return "\n".join(p for p in parts if p)


@dataclass
class Interaction:
    """One interaction the fake sent, and how the bot answered it."""

    id: int
    token: str
    payload: dict[str, Any]
    channel_id: int
    source_message: int | None = None
    answered: asyncio.Event = field(default_factory=asyncio.Event)
    answered_at: float = 0.0
    sent_at: float = 0.0
    callback_type: int | None = None
    original: int | None = None
    followups: list[int] = field(default_factory=list)


async def read_body(request: web.Request) -> tuple[Any, dict[str, tuple[str, bytes]]]:
    """JSON body, or a multipart body's payload_json and its files by field name."""
    files: dict[str, tuple[str, bytes]] = {}
    if request.content_type.startswith("multipart/"):
        body: Any = {}
        reader = await request.multipart()
        async for part in reader:
            if part.name == "payload_json":
                body = json.loads(await part.text())
            else:
                files[part.name or ""] = (part.filename or "file", bytes(await part.read()))
        return body, files
    raw = await request.read()
    return (json.loads(raw) if raw else {}), files


def json_response(status: int, value: Any) -> web.Response:
    """A JSON answer with exactly `application/json` (discord.py treats anything else as text)."""
    return web.Response(status=status, body=json.dumps(value).encode(), headers={"Content-Type": "application/json"})


def error(status: int, code: int, message: str) -> web.Response:
    return json_response(status, {"message": message, "code": code})


@dataclass(frozen=True)
class UserOption:
    """A slash command's user option (type 6): the member it names, resolved by Discord."""

    user_id: int


@dataclass(frozen=True)
class RoleOption:
    """A slash command's role option (type 8): a role of the server, resolved by Discord."""

    role_id: int
    name: str = "Fishers"


def option_type(value: Any) -> int:
    if isinstance(value, UserOption):
        return 6
    if isinstance(value, RoleOption):
        return 8
    if isinstance(value, bool):
        return 5
    if isinstance(value, int):
        return 4
    if isinstance(value, float):
        return 10
    return 3


def iso() -> str:
    return datetime.now(UTC).isoformat()
