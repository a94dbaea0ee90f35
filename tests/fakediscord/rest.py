"""The fake Discord's REST routes: commands, interaction callbacks, webhooks, channels and messages."""

from __future__ import annotations

import json
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from aiohttp import web

from tests.fakediscord.wire import EPHEMERAL, Interaction, Msg, error, iso

SEND_IN_THREADS = 1 << 38  # permission bits the REST routes check when the bot is denied them
SEND_MESSAGES = 1 << 11


class RestRoutes:
    """The REST handlers of `FakeDiscord`, one per route; they read and change the server's world."""

    app_id: int
    guild_id: int
    port: int
    bot_user: dict[str, Any]
    users: dict[int, dict[str, Any]]
    channels: dict[int, dict[str, Any]]
    messages: dict[int, Msg]
    interactions: dict[str, Interaction]
    commands: dict[int | None, list[dict[str, Any]]]
    dm_closed: set[int]
    bot_denied: int
    allow_threads: bool
    last_write_at: float
    gateway_url: str

    if TYPE_CHECKING:  # given by FakeDiscord
        def snowflake(self) -> int: ...
        def dm_channel(self, user_id: int) -> int: ...
        async def dispatch(self, event: str, data: dict[str, Any]) -> None: ...
        @staticmethod
        def _user_payload(user_id: int, name: str, bot: bool = False) -> dict[str, Any]: ...

    def _routes(self) -> list[tuple[str, str, Callable[..., Awaitable[Any]]]]:
        app = r"/applications/(\d+)"
        hook = r"/webhooks/(\d+)/([^/]+)"
        return [
            ("GET", r"/users/@me", self._me),
            ("GET", r"/oauth2/applications/@me", self._app_info),
            ("GET", r"/gateway(?:/bot)?", self._gateway_info),
            ("PUT", app + r"/commands", self._put_commands),
            ("PUT", app + r"/guilds/(\d+)/commands", self._put_commands),
            ("GET", app + r"/commands", self._get_commands),
            ("GET", app + r"/guilds/(\d+)/commands", self._get_commands),
            ("POST", r"/interactions/(\d+)/([^/]+)/callback", self._callback),
            ("POST", hook, self._followup),
            ("GET", hook + r"/messages/(@original|\d+)", self._hook_get),
            ("PATCH", hook + r"/messages/(@original|\d+)", self._hook_edit),
            ("DELETE", hook + r"/messages/(@original|\d+)", self._hook_delete),
            ("POST", r"/users/@me/channels", self._open_dm),
            ("GET", r"/channels/(\d+)", self._get_channel),
            ("PATCH", r"/channels/(\d+)", self._patch_channel),
            ("POST", r"/channels/(\d+)/messages", self._post_message),
            ("GET", r"/channels/(\d+)/messages/(\d+)", self._get_message),
            ("PATCH", r"/channels/(\d+)/messages/(\d+)", self._edit_message),
            ("DELETE", r"/channels/(\d+)/messages/(\d+)", self._delete_message),
            ("POST", r"/channels/(\d+)/messages/(\d+)/threads", self._thread_from_message),
            ("POST", r"/channels/(\d+)/threads", self._thread),
        ]

    async def _me(self, *_: Any) -> dict[str, Any]:
        return self.bot_user

    async def _app_info(self, *_: Any) -> dict[str, Any]:
        return {"id": str(self.app_id), "name": "FishBot", "description": "", "icon": None, "bot_public": True,
                "bot_require_code_grant": False, "owner": self._user_payload(1, "owner"), "verify_key": "00",
                "flags": 0, "team": None, "summary": "", "rpc_origins": [], "interactions_endpoint_url": None}

    async def _gateway_info(self, *_: Any) -> dict[str, Any]:
        return {"url": self.gateway_url, "shards": 1,
                "session_start_limit": {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}}

    async def _put_commands(self, _req: web.Request, body: Any, _files: Any, app_id: str,
                            guild: str | None = None) -> list[dict[str, Any]]:
        stored = [c | {"id": str(self.snowflake()), "application_id": app_id, "version": "1",
                       "guild_id": guild, "default_member_permissions": c.get("default_member_permissions")}
                  for c in body]
        self.commands[int(guild) if guild else None] = stored
        return stored

    async def _get_commands(self, _req: web.Request, _body: Any, _files: Any, _app: str,
                            guild: str | None = None) -> list[dict[str, Any]]:
        return self.commands.get(int(guild) if guild else None, [])

    # interactions
    async def _callback(self, _req: web.Request, body: Any, files: dict[str, tuple[str, bytes]], iid: str,
                        token: str) -> Any:
        inter = self.interactions.get(token)
        if inter is None:
            return error(404, 10062, "Unknown interaction")
        if inter.callback_type is not None:
            return error(400, 40060, "Interaction has already been acknowledged.")
        ctype = body["type"]
        data = body.get("data") or {}
        inter.callback_type = ctype
        resource: dict[str, Any] = {"type": ctype}
        if ctype in (4, 5):
            msg = self._create(inter.channel_id, data if ctype == 4 else {"flags": data.get("flags", 0)}, files,
                               interaction=inter)
            if ctype == 5:
                msg.data["flags"] = msg.data.get("flags", 0) | 128  # loading
            inter.original = msg.id
            resource["message"] = msg.data
        elif ctype == 7 and inter.source_message:
            msg = self._edit(inter.source_message, data, files)
            inter.original = msg.id
            resource["message"] = msg.data
        elif ctype == 6:
            inter.original = inter.source_message
        inter.answered_at = time.perf_counter()
        inter.answered.set()
        ephemeral = bool(data.get("flags", 0) & EPHEMERAL)
        return {"interaction": {"id": iid, "type": inter.payload["type"],
                                "response_message_id": str(inter.original) if inter.original else None,
                                "response_message_loading": ctype == 5,
                                "response_message_ephemeral": ephemeral},
                "resource": resource}

    async def _followup(self, _req: web.Request, body: Any, files: Any, _app: str, token: str) -> Any:
        inter = self.interactions.get(token)
        if inter is None:
            return error(404, 10015, "Unknown Webhook")
        msg = self._create(inter.channel_id, body, files, interaction=inter)
        inter.followups.append(msg.id)
        return msg.data

    def _hook_message(self, token: str, which: str) -> Msg | None:
        inter = self.interactions.get(token)
        if inter is None:
            return None
        mid = inter.original if which == "@original" else int(which)
        return self.messages.get(mid) if mid else None

    async def _hook_get(self, _req: web.Request, _body: Any, _files: Any, _app: str, token: str, which: str) -> Any:
        msg = self._hook_message(token, which)
        return error(404, 10008, "Unknown Message") if msg is None else msg.data

    async def _hook_edit(self, _req: web.Request, body: Any, files: Any, _app: str, token: str, which: str) -> Any:
        msg = self._hook_message(token, which)
        if msg is None:
            return error(404, 10008, "Unknown Message")
        if msg.data.get("flags", 0) & 128:
            msg.data["flags"] &= ~128
        return self._edit(msg.id, body, files).data

    async def _hook_delete(self, _req: web.Request, _body: Any, _files: Any, _app: str, token: str,
                           which: str) -> Any:
        msg = self._hook_message(token, which)
        if msg is None:
            return error(404, 10008, "Unknown Message")
        msg.deleted = True
        return None

    # channels and messages
    async def _open_dm(self, _req: web.Request, body: Any, *_: Any) -> Any:
        uid = int(body["recipient_id"])
        if uid not in self.users:
            return error(400, 50033, "Invalid Recipients")
        return self.channels[self.dm_channel(uid)]

    async def _patch_channel(self, _req: web.Request, body: Any, _files: Any, cid: str) -> Any:
        channel = self.channels.get(int(cid))
        if channel is None:
            return error(404, 10003, "Unknown Channel")
        meta = channel.get("thread_metadata")
        if meta is not None and "archived" in body:
            if meta["locked"] and not body["archived"]:
                return error(403, 50013, "Missing Permissions")
            meta["archived"] = bool(body["archived"])
        return channel

    async def _get_channel(self, _req: web.Request, _body: Any, _files: Any, cid: str) -> Any:
        channel = self.channels.get(int(cid))
        return error(404, 10003, "Unknown Channel") if channel is None else channel

    async def _post_message(self, _req: web.Request, body: Any, files: Any, cid: str) -> Any:
        channel = self.channels.get(int(cid))
        if channel is None:
            return error(404, 10003, "Unknown Channel")
        if channel["type"] == 1 and int(channel["recipients"][0]["id"]) in self.dm_closed:
            return error(403, 50007, "Cannot send messages to this user")
        if channel["type"] != 1 and self.bot_denied & SEND_MESSAGES:
            return error(403, 50013, "Missing Permissions")
        meta = channel.get("thread_metadata")
        if meta is not None and self.bot_denied & SEND_IN_THREADS:
            return error(403, 50013, "Missing Permissions")
        if meta and meta["archived"]:
            if meta["locked"]:
                return error(400, 50083, "Thread is archived")
            meta["archived"] = False  # sending in an archived (unlocked) thread unarchives it
        return self._create(int(cid), body, files).data

    async def _get_message(self, _req: web.Request, _body: Any, _files: Any, cid: str, mid: str) -> Any:
        msg = self.messages.get(int(mid))
        if msg is None or msg.deleted or msg.channel_id != int(cid):
            return error(404, 10008, "Unknown Message")
        return msg.data

    async def _edit_message(self, _req: web.Request, body: Any, files: Any, cid: str, mid: str) -> Any:
        channel = self.channels.get(int(cid))
        if channel is None:
            return error(404, 10003, "Unknown Channel")
        if (channel.get("thread_metadata") or {}).get("archived"):
            return error(400, 50083, "Thread is archived")
        msg = self.messages.get(int(mid))
        if msg is None or msg.deleted or msg.channel_id != int(cid):
            return error(404, 10008, "Unknown Message")
        return self._edit(int(mid), body, files).data

    async def _delete_message(self, _req: web.Request, _body: Any, _files: Any, cid: str, mid: str) -> Any:
        msg = self.messages.get(int(mid))
        if msg is None or msg.deleted or msg.channel_id != int(cid):
            return error(404, 10008, "Unknown Message")
        msg.deleted = True
        return None

    async def _thread_from_message(self, _req: web.Request, body: Any, _files: Any, cid: str, mid: str) -> Any:
        return await self._make_thread(int(cid), body, int(mid))

    async def _thread(self, _req: web.Request, body: Any, _files: Any, cid: str) -> Any:
        return await self._make_thread(int(cid), body, None)

    async def _make_thread(self, parent: int, body: Any, starter: int | None) -> Any:
        if not self.allow_threads:
            return error(403, 50013, "Missing Permissions")
        meta = {"archived": False, "auto_archive_duration": body.get("auto_archive_duration", 1440),
                "archive_timestamp": iso(), "locked": False}
        tid = starter or self.snowflake()
        self.channels[tid] = {"id": str(tid), "type": 11, "guild_id": str(self.guild_id), "parent_id": str(parent),
                              "name": body.get("name", "thread"), "owner_id": str(self.app_id),
                              "thread_metadata": meta, "message_count": 0, "member_count": 1,
                              "rate_limit_per_user": 0, "last_message_id": None, "flags": 0}
        await self.dispatch("THREAD_CREATE", self.channels[tid] | {"newly_created": True})
        return self.channels[tid]

    def _create(self, cid: int, body: dict[str, Any], files: dict[str, tuple[str, bytes]],
                interaction: Interaction | None = None) -> Msg:
        mid = self.snowflake()
        channel = self.channels.get(cid, {})
        data = {"id": str(mid), "channel_id": str(cid), "author": self.bot_user, "content": body.get("content", ""),
                "timestamp": iso(), "edited_timestamp": None, "tts": False, "mention_everyone": False,
                "mentions": [], "mention_roles": [], "attachments": [], "embeds": body.get("embeds", []),
                "pinned": False, "type": 0 if interaction is None else 20, "flags": body.get("flags", 0) or 0,
                "components": body.get("components", [])}
        if channel.get("guild_id"):
            data["guild_id"] = channel["guild_id"]
        if interaction is not None:
            data["webhook_id"] = str(self.app_id)
            data["application_id"] = str(self.app_id)
        msg = Msg(data=data, allowed_mentions=body.get("allowed_mentions"))
        self._attach(msg, body, files)
        self.messages[mid] = msg
        self.last_write_at = time.perf_counter()
        return msg

    def _edit(self, mid: int, body: dict[str, Any], files: dict[str, tuple[str, bytes]]) -> Msg:
        msg = self.messages[mid]
        msg.history.append(json.loads(json.dumps(msg.data)))
        for key in ("content", "embeds", "components", "flags"):
            if key in body and body[key] is not None:
                msg.data[key] = body[key]
        msg.data["edited_timestamp"] = iso()
        self._attach(msg, body, files)
        self.last_write_at = time.perf_counter()
        return msg

    def _attach(self, msg: Msg, body: dict[str, Any], files: dict[str, tuple[str, bytes]]) -> None:
        """Apply an `attachments` list (keep those named by id) and store uploaded files."""
        if "attachments" not in body and not files:
            return
        keep_ids = {str(a.get("id")) for a in body.get("attachments", [])}
        kept = [a for a in msg.data["attachments"] if a["id"] in keep_ids]
        kept_names = {a["filename"] for a in kept}
        msg.files = {k: v for k, v in msg.files.items() if k in kept_names}
        for filename, content in files.values():
            aid = str(self.snowflake())
            kept.append({"id": aid, "filename": filename, "size": len(content), "content_type": "image/png",
                         "url": f"http://127.0.0.1:{self.port}/att/{aid}/{filename}",
                         "proxy_url": f"http://127.0.0.1:{self.port}/att/{aid}/{filename}"})
            msg.files[filename] = content
        msg.data["attachments"] = kept
