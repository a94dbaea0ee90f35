"""The host's lobbies: a game opened, seats taken and given up, AI players added and removed, the start, the
rematch and the cancel."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

from bot.game_options import playable_by_some_table, seat_refusal, start_refusal
from bot.models import OPEN_STATUSES, GameRecord, HostError, Played, Seat, ai_name, seat_name
from bot.store import Store
from engines.core import GameEngine, GameError, ai_level

LOBBY_MOVED = ("The lobby changed before that click arrived (a double tap, or someone joined or left), so nothing was "
               "done; press again on the lobby as it is now if you still want to.")
LEAVE_STARTED = ("This game has already started, so nothing was done. To leave it, use `/fish leave` in its "
                 "thread or channel: an AI then plays your seat.")
CANCEL_STARTED = ("This game has already started, so nothing was done. To cancel it, use `/fish cancel` in its "
                  "thread or channel.")


class Seating:
    """Lobby operations, mixed into Host: they use its store and clock, its records (`get`, `games`, `engine`), its
    per-game locks and its commits (`_commit`, and `_advance`, which lets AI seats answer)."""

    store: Store
    clock: Callable[[], float]
    get: Callable[[int], Awaitable[GameRecord]]
    games: Callable[..., Awaitable[list[GameRecord]]]
    engine: Callable[[GameRecord], GameEngine]
    _engine_for: Callable[[str], GameEngine]
    _lock: Callable[[int], asyncio.Lock]
    _commit: Callable[..., Awaitable[Played]]
    _advance: Callable[..., Awaitable[Played]]
    _standin_level: Callable[[GameRecord], Awaitable[str]]

    async def create(self, key: str, options: dict[str, Any] | None, user_id: int, name: str,
                     guild_id: int | None = None, channel_id: int | None = None,
                     seat_creator: bool = True) -> GameRecord:
        """Open a lobby for a game; the creator hosts it and (unless told not to) takes the first seat.

        Display names are cleaned here and in `join`, where a seat is taken (mentions use the user id).
        """
        engine = self._engine_for(key)
        parsed = engine.parse_options(options)
        playable_by_some_table(engine, parsed)
        opts = parsed.model_dump(mode="json")
        now = self.clock()
        record = GameRecord(id=0, key=engine.key, options=opts, seed=0, status="lobby", host_user=user_id,
                            guild_id=guild_id, channel_id=channel_id,
                            seats=[Seat(user_id=user_id, name=seat_name(name, []))] if seat_creator else [],
                            created_at=now, updated_at=now, turn_since=now)
        record.id = await self.store.create(record, None)
        return record

    async def join(self, game_id: int, user_id: int, name: str) -> GameRecord:
        """Seat a person in a lobby."""
        async with self._lock(game_id):
            record = await self._lobby(game_id)
            if record.seat_of(user_id) is not None:
                raise HostError("You are already seated in this game.")
            _refuse(seat_refusal(self.engine(record), record.options, len(record.seats)))
            record.seats.append(Seat(user_id=user_id, name=seat_name(name, record.names)))
            return (await self._commit(record, None)).record

    async def add_ai(self, game_id: int, by_user: int, level: str = "normal", version: int | None = None) -> GameRecord:
        """Seat an AI player (the lobby's host only; with `version`, only in the lobby as it was then)."""
        async with self._lock(game_id):
            record = await self._lobby(game_id)
            self._require_host(record, by_user)
            _require_version(record, version)
            try:
                level = ai_level(level)
            except ValueError as exc:
                raise HostError(str(exc)) from None
            _refuse(seat_refusal(self.engine(record), record.options, len(record.seats)))
            record.seats.append(Seat(name=ai_name(level, record.names), ai=level))
            return (await self._commit(record, None)).record

    async def leave(self, game_id: int, user_id: int, lobby_only: bool = False) -> Played:
        """Leave a lobby (an empty lobby closes) or hand an active seat to an AI (not with `lobby_only`, as for a
        lobby's button), which may play at once (its moves and events are in the result); a leaving host's role
        passes to the first person still seated."""
        async with self._lock(game_id):
            record = await (self._lobby(game_id, LEAVE_STARTED) if lobby_only else self.get(game_id))
            seat = record.seat_of(user_id)
            if seat is None:
                raise HostError("You are not seated in this game.")
            if record.status == "lobby":
                record.unseat(seat)
                return await self._commit(record, None)
            if record.status != "active":
                raise HostError("This game is over.")
            promised = record.promised()
            record.hand_to_ai(seat, await self._standin_level(record))
            record.promises_kept(promised)
            return await self._advance(record, [], [])

    async def remove_seat(self, game_id: int, by_user: int, user_id: int | None = None,
                          admin: bool = False, version: int | None = None) -> tuple[GameRecord, str]:
        """Take another person (by user id) or, with None, the last AI player out of a lobby (its host, or a server
        admin; with `version`, only from the lobby as it was then); the record after it and the name of the seat
        taken out."""
        async with self._lock(game_id):
            record = await self._lobby(game_id)
            if not admin:
                self._require_host(record, by_user)
            _require_version(record, version)
            if user_id is None:
                ais = [i for i, s in enumerate(record.seats) if s.ai is not None]
                if not ais:
                    raise HostError("There is no AI player in this lobby to remove.")
                seat = ais[-1]
            elif user_id == by_user:
                raise HostError("That is your own seat: use Leave to give it up.")
            elif (found := record.seat_of(user_id)) is None:
                raise HostError("They have no seat in this lobby.")
            else:
                seat = found
            name = record.seats[seat].name
            record.unseat(seat)
            return (await self._commit(record, None)).record, name

    async def rematch(self, game_id: int, user_id: int, name: str, place_id: int | None) -> GameRecord:
        """Open a lobby for a finished game's game and options in `place_id`, hosted and first seated by one of
        its people, with its AI players back at their levels (not the AIs that took over from people who left).

        The others are not seated: each joins, or not. A lobby of the same game already open there is named
        instead of opening a second one (two players pressing Play again at once get one lobby).
        """
        async with self._lock(game_id):
            record = await self.get(game_id)
            engine = self.engine(record)
            if record.status != "finished":
                raise HostError("This game is not over, so it cannot be played again yet." if record.status in
                                OPEN_STATUSES else "This game was cancelled; start a new one with `/fish start`.")
            if record.seat_of(user_id) is None:
                raise HostError(f"Only this game's players can play it again. Start your own with "
                                f"`/fish start {engine.key}`.")
            open_here = [r for r in await self.games(record.guild_id, place_id, ("lobby",)) if r.key == record.key]
            if open_here:
                seated = open_here[-1].seat_of(user_id) is not None
                raise HostError(f"A lobby for {engine.name} is already open here (#{open_here[-1].id})"
                                + (": you are seated in it." if seated else ": join it with its buttons."))
            lobby = await self.create(record.key, record.options, user_id, name, record.guild_id, place_id)
            for seat in record.seats:
                if seat.ai is not None and not seat.left:
                    lobby = await self.add_ai(lobby.id, user_id, seat.ai)
            return lobby

    async def cancel(self, game_id: int, by_user: int, admin: bool = False, lobby_only: bool = False) -> GameRecord:
        """Cancel a lobby or (not with `lobby_only`, as for a lobby's button) an active game (its host, or a server
        admin)."""
        async with self._lock(game_id):
            record = await (self._lobby(game_id, CANCEL_STARTED) if lobby_only else self.get(game_id))
            if record.status not in OPEN_STATUSES:
                raise HostError("This game is already over.")
            if not admin:
                self._require_host(record, by_user)
            record.status = "cancelled"
            return (await self._commit(record, record.state)).record

    async def begin(self, game_id: int, by_user: int | None, seed: int | None = None,
                    autoplay: bool = True) -> Played:
        """Start a lobby's game (its host only; None for a trusted caller); AI seats then play their turns."""
        async with self._lock(game_id):
            record = await self._lobby(game_id)
            if by_user is not None:
                self._require_host(record, by_user)
            engine = self.engine(record)
            _refuse(start_refusal(engine, record.options, len(record.seats)))
            record.seed = secrets.randbits(62) if seed is None else seed
            try:
                state = engine.new_game(record.names, record.options, record.seed)
            except GameError as exc:
                raise HostError(exc.message) from None
            record.status = "active"
            return await self._advance(record, [], [], state=state, autoplay=autoplay)

    @staticmethod
    def _require_host(record: GameRecord, user_id: int) -> None:
        """Refuse anyone but the game's host."""
        if record.host_user != user_id:
            raise HostError("Only this game's host can do that.")

    async def _lobby(self, game_id: int, started: str = "This game has already started.") -> GameRecord:
        """The record, which must be an open lobby (`started`: the refusal once it has started)."""
        record = await self.get(game_id)
        if record.status == "active":
            raise HostError(started)
        if record.status != "lobby":
            raise HostError("This game is over." if record.state is not None else
                            "This lobby was closed; start a new one with `/fish start`.")
        return record


def _refuse(refusal: str | None) -> None:
    """Raise a refusal, if there is one."""
    if refusal:
        raise HostError(refusal)


def _require_version(record: GameRecord, version: int | None) -> None:
    """Refuse a lobby button drawn at another version (a doubled click, or the lobby changed since)."""
    if version is not None and version != record.version:
        raise HostError(LOBBY_MOVED)
