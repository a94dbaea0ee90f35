"""A small fake Discord (API v10 REST + gateway) on 127.0.0.1 that the real discord.py client talks to.

It records every message, edit, DM and ephemeral reply so tests can assert on them, can close a
user's DMs (403, code 50007), and sends slash commands and component clicks as a given user.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import re
import time
from collections.abc import Callable
from typing import Any

from aiohttp import WSMsgType, web

from tests.fakediscord.limits import over_limits
from tests.fakediscord.rest import SEND_IN_THREADS, RestRoutes
from tests.fakediscord.wire import (
    Interaction,
    Msg,
    RoleOption,
    UserOption,
    error,
    iso,
    json_response,
    option_type,
    read_body,
)

DISCORD_EPOCH_MS = 1_420_070_400_000
MANAGE_GUILD = 1 << 5
ALL_MEMBER = (1 << 41) - 1 & ~MANAGE_GUILD & ~(1 << 3)  # everything but admin and Manage Server
THREAD_PERMS = (1 << 35) | SEND_IN_THREADS  # create public threads, send messages in threads
ATTACH_FILES = 1 << 15


class FakeDiscord(RestRoutes):
    """The fake server: start(), then point discord.py's Route.BASE and DEFAULT_GATEWAY at it."""

    def __init__(self) -> None:
        self._ids = itertools.count(1)
        self.app_id = self.snowflake()
        self.bot_user = self._user_payload(self.app_id, "FishBot", bot=True)
        self.guild_id = self.snowflake()
        self.users: dict[int, dict[str, Any]] = {}
        self.admins: set[int] = set()
        self.dm_closed: set[int] = set()
        self.channels: dict[int, dict[str, Any]] = {}
        self.dm_of: dict[int, int] = {}  # user id -> DM channel id
        self.messages: dict[int, Msg] = {}
        self.interactions: dict[str, Interaction] = {}
        self.commands: dict[int | None, list[dict[str, Any]]] = {}
        self.requests: list[tuple[str, str]] = []
        self.rejected: list[tuple[str, str]] = []  # (path, which limit) of bodies refused as over Discord's limits
        # fault injection
        self.bot_denied = 0  # permission bits the bot lacks in every guild channel (e.g. SEND_MESSAGES)
        self.rate_limit_writes = 0  # the next this many message writes are answered 429 first
        self.rate_limited = 0  # how many 429s were answered
        self._events: list[tuple[int, str]] = []  # (seq, frame) of every dispatch, replayed on RESUME
        self.resumes = 0
        self.allow_threads = True
        self.channel_id = self._add_channel({"type": 0, "name": "fishing", "guild_id": str(self.guild_id)})
        self._sockets: list[web.WebSocketResponse] = []
        self._seq = 0
        self._in_flight = 0
        self._runner: web.AppRunner | None = None
        self.port = 0
        self.idle_check: Callable[[], bool] = lambda: True
        self.last_write_at = 0.0  # perf_counter() of the last message created or edited

    # ---- lifecycle ------------------------------------------------------------------------------
    async def start(self) -> None:
        """Listen on a random local port."""
        app = web.Application(client_max_size=32 * 1024 * 1024)
        app.router.add_get("/gateway", self._gateway)
        app.router.add_route("*", "/api/v10/{tail:.*}", self._rest)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]

    async def stop(self) -> None:
        """Close sockets and the server."""
        for ws in list(self._sockets):
            await ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    async def reconnect(self) -> None:
        """Ask every client to reconnect (op 7); discord.py comes back with RESUME and gets what it missed."""
        for ws in list(self._sockets):
            await ws.send_str(json.dumps({"op": 7, "d": None}))
            self._sockets.remove(ws)

    def archive(self, thread_id: int, locked: bool = False) -> None:
        """Archive a thread as Discord does after its inactivity timeout (or a moderator, locking it)."""
        self.channels[thread_id]["thread_metadata"] |= {"archived": True, "locked": locked}

    def delete_channel(self, channel_id: int) -> None:
        """A moderator deletes a channel or thread."""
        self.channels.pop(channel_id)

    async def drop_connections(self) -> None:
        """Close every gateway socket (the bot process 'dies' from Discord's point of view)."""
        for ws in list(self._sockets):
            await ws.close()
        self._sockets.clear()

    # ---- world ----------------------------------------------------------------------------------
    def snowflake(self) -> int:
        """A fresh, increasing snowflake."""
        return ((int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22) + next(self._ids)

    @staticmethod
    def _user_payload(user_id: int, name: str, bot: bool = False) -> dict[str, Any]:
        return {"id": str(user_id), "username": name, "global_name": name, "discriminator": "0", "avatar": None,
                "bot": bot, "flags": 0, "public_flags": 0}

    def add_user(self, name: str, admin: bool = False) -> int:
        """A guild member; returns the user id."""
        uid = self.snowflake()
        self.users[uid] = self._user_payload(uid, name)
        if admin:
            self.admins.add(uid)
        return uid

    def _add_channel(self, data: dict[str, Any]) -> int:
        cid = self.snowflake()
        base = {"id": str(cid), "position": 0, "permission_overwrites": [], "nsfw": False, "parent_id": None,
                "topic": None, "last_message_id": None, "rate_limit_per_user": 0}
        self.channels[cid] = base | data
        return cid

    def add_channel(self, name: str) -> int:
        """Another text channel in the guild (only seen by a bot that connects after)."""
        return self._add_channel({"type": 0, "name": name, "guild_id": str(self.guild_id)})

    def dm_channel(self, user_id: int) -> int:
        """The user's DM channel with the bot (opened if need be)."""
        if user_id not in self.dm_of:
            self.dm_of[user_id] = self._add_channel({"type": 1, "recipients": [self.users[user_id]],
                                                     "last_message_id": None})
        return self.dm_of[user_id]

    def foreign_channel(self, name: str = "elsewhere") -> int:
        """A text channel on another server, where a hostile user can post forged components."""
        return self._add_channel({"type": 0, "name": name, "guild_id": str(self.snowflake())})

    def _guild_payload(self) -> dict[str, Any]:
        everyone = {"id": str(self.guild_id), "name": "@everyone", "permissions": str(ALL_MEMBER), "position": 0,
                    "color": 0, "hoist": False, "managed": False, "mentionable": False, "flags": 0}
        bot_member = {"user": self.bot_user, "roles": [], "joined_at": iso(), "deaf": False, "mute": False,
                      "flags": 0}
        return {"id": str(self.guild_id), "name": "Fishing Club", "icon": None, "owner_id": "1",
                "roles": [everyone], "emojis": [], "stickers": [], "features": [], "member_count": 1,
                "members": [bot_member], "channels": [c for c in self.channels.values() if c["type"] == 0],
                "threads": [], "large": False, "unavailable": False, "premium_tier": 0, "mfa_level": 0,
                "verification_level": 0, "explicit_content_filter": 0, "default_message_notifications": 0,
                "system_channel_id": None, "preferred_locale": "en-US", "afk_timeout": 300, "nsfw_level": 0,
                "voice_states": [], "presences": [], "stage_instances": [], "guild_scheduled_events": [],
                "soundboard_sounds": [], "joined_at": iso()}

    # ---- queries for tests ----------------------------------------------------------------------
    def in_channel(self, channel_id: int, include_deleted: bool = False) -> list[Msg]:
        """The non-ephemeral messages of a channel or thread, oldest first."""
        return [m for m in self.messages.values() if m.channel_id == channel_id and not m.ephemeral
                and (include_deleted or not m.deleted)]

    def dms(self, user_id: int) -> list[Msg]:
        """Messages the bot sent to a user's DM channel."""
        cid = self.dm_of.get(user_id)
        return [] if cid is None else [m for m in self.messages.values() if m.channel_id == cid and not m.deleted]

    def threads(self) -> list[dict[str, Any]]:
        """Threads the bot created."""
        return [c for c in self.channels.values() if c["type"] == 11]

    def ephemeral_replies(self, interaction: Interaction) -> list[Msg]:
        """The ephemeral messages answering an interaction (its original and followups)."""
        ids = ([interaction.original] if interaction.original else []) + interaction.followups
        return [self.messages[i] for i in ids if i in self.messages and self.messages[i].ephemeral]

    # ---- sending interactions -------------------------------------------------------------------
    def _base_interaction(self, user_id: int, channel_id: int, itype: int) -> dict[str, Any]:
        iid = self.snowflake()
        channel = self.channels[channel_id]
        payload: dict[str, Any] = {
            "id": str(iid), "application_id": str(self.app_id), "type": itype, "token": f"tok{iid}",
            "version": 1, "channel_id": str(channel_id), "channel": channel, "locale": "en-US",
            "attachment_size_limit": 10 * 1024 * 1024, "entitlements": [], "authorizing_integration_owners": {},
        }
        if channel["type"] == 1:
            payload |= {"user": self.users[user_id], "context": 1}
        else:
            perms = ALL_MEMBER | (MANAGE_GUILD if user_id in self.admins else 0)
            app_perms = ALL_MEMBER | (THREAD_PERMS if self.allow_threads else 0)
            if not self.allow_threads:
                app_perms &= ~THREAD_PERMS
            app_perms &= ~self.bot_denied
            payload |= {"guild_id": channel.get("guild_id", str(self.guild_id)), "guild_locale": "en-US", "context": 0,
                        "app_permissions": str(app_perms),
                        "member": {"user": self.users[user_id], "roles": [], "joined_at": iso(), "deaf": False,
                                   "mute": False, "flags": 0, "permissions": str(perms)}}
        return payload

    async def slash(self, user_id: int, sub: str, channel_id: int | None = None, wait: bool = True,
                    **options: Any) -> Interaction:
        """Type `/fish <sub> option:value...` as a user (`sub` may name a group's subcommand: "start toy");
        waits for the answer and the bot to go idle."""
        channel_id = channel_id or self.channel_id
        payload = self._base_interaction(user_id, channel_id, 2)
        opts = [{"name": k, "type": option_type(v), "value": str(v.user_id) if isinstance(v, UserOption) else
                 str(v.role_id) if isinstance(v, RoleOption) else v} for k, v in options.items() if v is not None]
        roles = [v for v in options.values() if isinstance(v, RoleOption)]
        named = [v.user_id for v in options.values() if isinstance(v, UserOption)]
        root = next((c for cmds in self.commands.values() for c in cmds if c["name"] == "fish"), None)
        *groups, name = sub.split()
        typed: dict[str, Any] = {"name": name, "type": 1, "options": opts}
        for group in reversed(groups):
            typed = {"name": group, "type": 2, "options": [typed]}
        payload["data"] = {"id": str(root["id"]) if root else str(self.snowflake()), "name": "fish", "type": 1,
                           "options": [typed]}
        if named:  # Discord sends the users an option names, and their membership here
            payload["data"]["resolved"] = {
                "users": {str(u): self.users[u] for u in named},
                "members": {str(u): {"roles": [], "joined_at": iso(), "deaf": False, "mute": False, "flags": 0,
                                     "permissions": str(ALL_MEMBER)} for u in named}}
        if roles:  # and the roles it names
            payload["data"].setdefault("resolved", {})["roles"] = {
                str(r.role_id): {"id": str(r.role_id), "name": r.name, "permissions": "0", "position": 1, "color": 0,
                                 "hoist": False, "managed": False, "mentionable": True} for r in roles}
        return await self._send(payload, channel_id, None, wait)

    async def click(self, user_id: int, message: Msg, custom_id: str, values: list[str] | None = None,
                    wait: bool = True, channel_id: int | None = None) -> Interaction:
        """Press a button (or pick `values` in a select) on a message as a user.

        With `channel_id`, the click comes from a copy of the message posted in that channel (a forgery).
        """
        if channel_id is not None and channel_id != message.channel_id:
            copied = {k: message.data.get(k) for k in ("content", "embeds", "components")}
            if custom_id not in message.custom_ids:  # the forger adds the button they want to press
                copied["components"] = [{"type": 1, "components": [
                    {"type": 2, "style": 1, "label": "forged", "custom_id": custom_id}]}]
            message = self._create(channel_id, copied, {})
        payload = self._base_interaction(user_id, message.channel_id, 3)
        component = next((c for row in message.data.get("components", []) for c in row["components"]
                          if c.get("custom_id") == custom_id), None)
        ctype = component["type"] if component else 2
        payload["data"] = {"custom_id": custom_id, "component_type": ctype}
        if values is not None:
            payload["data"]["values"] = values
        payload["message"] = message.data
        return await self._send(payload, message.channel_id, message.id, wait)

    async def _send(self, payload: dict[str, Any], channel_id: int, source: int | None,
                    wait: bool) -> Interaction:
        inter = Interaction(id=int(payload["id"]), token=payload["token"], payload=payload, channel_id=channel_id,
                            source_message=source, sent_at=time.perf_counter())
        self.interactions[inter.token] = inter
        await self.dispatch("INTERACTION_CREATE", payload)
        if wait:
            await self.settle(inter)
        return inter

    async def settle(self, inter: Interaction | None = None, timeout: float = 10.0) -> None:
        """Wait for the interaction's callback, then for the bot and the fake to have nothing in flight."""
        if inter is not None:
            await asyncio.wait_for(inter.answered.wait(), timeout)
        deadline = time.monotonic() + timeout
        quiet = 0
        while quiet < 3:
            await asyncio.sleep(0.005)
            quiet = quiet + 1 if self._in_flight == 0 and self.idle_check() else 0
            if time.monotonic() > deadline:
                raise TimeoutError("the bot did not go idle")

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        """Send a gateway DISPATCH to every connected client."""
        self._seq += 1
        frame = json.dumps({"op": 0, "t": event, "s": self._seq, "d": data})
        self._events.append((self._seq, frame))
        for ws in list(self._sockets):
            await ws.send_str(frame)

    # ---- gateway --------------------------------------------------------------------------------
    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        await ws.send_str(json.dumps({"op": 10, "d": {"heartbeat_interval": 41250}}))
        async for msg in ws:
            if msg.type != WSMsgType.TEXT:
                break
            frame = json.loads(msg.data)
            op = frame.get("op")
            if op == 1:
                await ws.send_str(json.dumps({"op": 11}))
            elif op == 6:  # RESUME: replay what the session missed, in order, then RESUMED
                self.resumes += 1
                missed = [f for s, f in self._events if s > (frame["d"].get("seq") or 0)]
                for f in missed:
                    await ws.send_str(f)
                self._sockets.append(ws)
                self._seq += 1
                await ws.send_str(json.dumps({"op": 0, "t": "RESUMED", "s": self._seq, "d": {}}))
            elif op == 2:
                self._sockets.append(ws)
                self._seq += 1
                ready = {"v": 10, "user": self.bot_user, "guilds": [{"id": str(self.guild_id), "unavailable": True}],
                         "session_id": f"s{self.snowflake()}", "resume_gateway_url": self.gateway_url,
                         "application": {"id": str(self.app_id), "flags": 0}, "shard": [0, 1],
                         "private_channels": [], "relationships": []}
                await ws.send_str(json.dumps({"op": 0, "t": "READY", "s": self._seq, "d": ready}))
                await self.dispatch("GUILD_CREATE", self._guild_payload())
        if ws in self._sockets:
            self._sockets.remove(ws)
        return ws

    # ---- REST -----------------------------------------------------------------------------------
    async def _rest(self, request: web.Request) -> web.StreamResponse:
        self._in_flight += 1
        try:
            path = "/" + request.match_info["tail"]
            self.requests.append((request.method, path))
            body, files = await read_body(request)
            problem = over_limits((body.get("data") or {}) if "/callback" in path else body) \
                if request.method in ("POST", "PATCH") and isinstance(body, dict) else None
            if problem:  # what real Discord answers; the user then sees nothing at all
                self.rejected.append((path, problem))
                return error(400, 50035, f"Invalid Form Body ({problem})")
            if self.rate_limit_writes and request.method in ("POST", "PATCH") and "/messages" in path:
                self.rate_limit_writes -= 1
                self.rate_limited += 1
                return web.Response(status=429, body=json.dumps({"message": "You are being rate limited.",
                                                                 "retry_after": 0.05, "global": False}).encode(),
                                    headers={"Content-Type": "application/json", "Via": "1.1 google",
                                             "Retry-After": "1", "X-RateLimit-Scope": "user"})
            for method, pattern, handler in self._routes():
                if method != request.method:
                    continue
                m = re.fullmatch(pattern, path)
                if m:
                    result = await handler(request, body, files, *m.groups())
                    if isinstance(result, web.StreamResponse):
                        return result
                    if result is None:
                        return web.Response(status=204)
                    return json_response(200, result)
            return error(404, 10000, f"fake discord has no route {request.method} {path}")
        finally:
            self._in_flight -= 1
