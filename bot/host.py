"""The transport-neutral host: lobbies, seats, turns, AI seats and stand-ins, persistence.

Discord, the terminal player and the tests all drive games through this one service. Every change
to a game is one store transaction guarded by a compare-and-swap on the game's version, so a stale
or doubled click is refused and never applied twice, in this process or another on the same file.
"""

from __future__ import annotations

import asyncio
import logging
import os
import time
from collections.abc import Callable, Sequence
from typing import Any

from bot.models import (  # HostError: refusals are raised from here (and bot.seating)
    OPEN_STATUSES,
    PRIVATE_CHOICE,
    DmNote,
    GameRecord,
    GuildSettings,
    HostError,
    Move,
    Played,
)
from bot.seating import Seating
from bot.store import SqliteStore, Store
from bot.thinking import AI_ENV_PREFIX, Thinker, next_ai_decision, think_in_pool
from engines import registry
from engines.core import Decision, Event, GameEngine, GameError, GameState, Result, View

log = logging.getLogger(__name__)

MAX_AUTOMATED_MOVES = 5_000  # a bound on AI moves in one call; a game never needs this many in a row
OUTDATED = "That was for an older state of the game; look at the latest board and try again."
STALE_RETRIES = 3  # how often AI moves thought out on a version another process moved past are thought again


class Host(Seating):
    """Runs games over a Store; knows nothing of Discord."""

    def __init__(self, store: Store, clock: Callable[[], float] = time.time, think: Thinker = think_in_pool) -> None:
        self.store = store  # the Discord adapter reads players' records, leaderboards and ratings straight from it
        self.clock = clock
        self.think = think
        self._records: dict[int, GameRecord] = {}  # game id -> last record this host saw, state included
        self._locks: dict[int, asyncio.Lock] = {}
        self._settings_lock = asyncio.Lock()  # servers' settings change one at a time (each a read, then a write)
        self._last_decisions: tuple[GameState | None, list[Decision]] = (None, [])
        self._answering: dict[int, Played] = {}  # game id -> the move committed that AI seats are answering now

    @classmethod
    async def open(cls, path: str, clock: Callable[[], float] = time.time) -> Host:
        """A host over the SQLite file at `path` (games finished before results were stored get theirs, and every
        finished game not rated yet is rated)."""
        store = await SqliteStore.open(path)
        await store.fill_results(_result_json)
        await store.rate_finished()
        return cls(store, clock)

    async def close(self) -> None:
        """Close the store."""
        await self.store.close()

    # ---- reading --------------------------------------------------------------------------------
    @staticmethod
    def engine(record: GameRecord) -> GameEngine:
        """The engine of this game."""
        return registry.get(record.key)

    def pending(self, record: GameRecord) -> list[Decision]:
        """The decisions now awaited (none unless the game is active)."""
        if record.status != "active" or record.state is None:
            return []
        return self._decisions(record.key, record.state)

    def _decisions(self, key: str, state: GameState) -> list[Decision]:
        """A state's decisions, remembered for the last state asked about (states never change in place)."""
        if self._last_decisions[0] is not state:
            self._last_decisions = (state, registry.get(key).decisions(state))
        return self._last_decisions[1]

    def view(self, record: GameRecord, seat: int | None) -> View:
        """What this seat (None: everyone) may see."""
        if record.state is None:
            raise HostError("This game has not started yet.")
        return self.engine(record).view(record.state, seat)

    def result(self, record: GameRecord) -> Result | None:
        """The final result, once the game is over."""
        return None if record.state is None else self.engine(record).result(record.state)

    async def get(self, game_id: int) -> GameRecord:
        """The current record (state included), read from the store so other processes' moves show."""
        loaded = await self.store.load(game_id)
        if loaded is None:
            raise HostError(f"There is no game #{game_id}.")
        record, state_json = loaded
        if state_json is not None:
            cached = self._records.get(game_id)
            if cached is not None and cached.version == record.version and cached.state is not None:
                record.state = cached.state  # states are never mutated in place, so sharing is safe
            else:
                record.state = self.engine(record).load(state_json)
        self._records[game_id] = record
        return _copy(record)

    async def games(self, guild_id: int | None, channel_id: int | None = None,
                    statuses: Sequence[str] = OPEN_STATUSES) -> list[GameRecord]:
        """A server's games (without states), optionally only those living in one channel or thread."""
        found = await self.store.find(guild_id, statuses)
        if channel_id is not None:
            found = [g for g in found if channel_id in (g.channel_id, g.thread_id)]
        return found

    async def active_games(self) -> list[GameRecord]:
        """Every active game on every server."""
        return await self.store.find(None, ("active",))

    def busy(self, game_id: int) -> bool:
        """True while this process changes the game (an AI seat thinking included)."""
        lock = self._locks.get(game_id)
        return lock is not None and lock.locked()

    async def history(self, game_id: int, limit: int = 15) -> list[Move]:
        """The last moves of a game, oldest first."""
        return await self.store.moves(game_id, last=limit)

    async def replay(self, game_id: int) -> GameState:
        """Rebuild a game's state from its seed and move log alone."""
        return (await self.replay_states(game_id))[-1]

    async def replay_states(self, game_id: int) -> list[GameState]:
        """Every state of a game rebuilt from its seed and move log: the opening, then one after each move."""
        opening, steps = await self.replay_steps(game_id)
        return [opening, *(state for _, state, _ in steps)]

    async def replay_steps(self, game_id: int) -> tuple[GameState, list[tuple[Move, GameState, list[Event]]]]:
        """A game rebuilt from its seed and move log: the opening state, then each move, the state after it and the
        events it made."""
        record = await self.get(game_id)
        engine = self.engine(record)
        state = opening = engine.new_game(record.names_at_start, record.options, record.seed)
        steps = []
        for move in await self.store.moves(game_id):
            state, events = engine.apply(state, move.seat, move.choice_id)
            steps.append((move, state, events))
        return opening, steps

    # ---- play -----------------------------------------------------------------------------------
    async def submit(self, game_id: int, user_id: int, choice_id: str, version: int) -> Played:
        """A person's choice, made on the board at `version`; AI seats then play their turns.

        A choice made at an older version is still taken when the person's decision has been waiting
        unchanged since then: others answering at the same time must not make their buttons stale.
        """
        async with self._lock(game_id):
            record = await self._active(game_id, None)
            if version > record.version:
                record = await self.get(game_id)  # another process moved on; read the store
            seat = record.seat_of(user_id)
            if seat is None:
                raise HostError("You are not playing in this game.")
            if version != record.version:
                since = record.waiting_version.get(seat)
                if since is None or not since <= version < record.version:
                    raise HostError(OUTDATED)
            if record.seats[seat].standin:
                record.back_in_person(seat, self.clock())  # the owner is back; the stand-in steps aside
            return await self._play(record, seat, choice_id)

    async def submit_seat(self, game_id: int, seat: int, choice_id: str, version: int) -> Played:
        """A choice for a seat by a trusted caller (the terminal player, tests)."""
        async with self._lock(game_id):
            record = await self._active(game_id, version)
            if not 0 <= seat < len(record.seats):
                raise HostError("There is no such seat.")
            return await self._play(record, seat, choice_id)

    async def resume_ai(self, game_id: int) -> Played:
        """Let automated seats play what they owe (a restart, a failed think or someone back left them to move)."""
        async with self._lock(game_id):
            record = await self._active(game_id, None)
            return await self._autoplay(Played(record=record, moves=[], events=[]), limit=MAX_AUTOMATED_MOVES)

    async def step_ai(self, game_id: int) -> Played:
        """Play exactly one pending AI (or stand-in) decision, for callers that show every move."""
        async with self._lock(game_id):
            record = await self._active(game_id, None)
            return await self._autoplay(Played(record=record, moves=[], events=[]), limit=1)

    async def set_standin(self, game_id: int, seat: int, on: bool, idle_since: float | None = None) -> Played:
        """Let an AI play an idle person's seat (on) or stop it (off); with `idle_since`, only if the seat still
        waits since then (a timer found it idle; its person may have moved meanwhile)."""
        async with self._lock(game_id):
            record = await self._active(game_id, None)
            if idle_since is not None and record.waiting.get(seat) != idle_since:
                raise HostError("That seat has moved since; nothing was done.")
            if record.seats[seat].user_id is None:
                raise HostError("That seat is already an AI player.")
            if on and not record.others_present(seat):
                raise HostError(f"Nobody else plays game #{record.id} in person, so it simply waits for you.")
            promised = record.promised()
            record.with_standin(seat, await self._standin_level(record) if on else None)
            record.promises_kept(promised)
            return await self._advance(record, [], [], autoplay=on)

    async def reclaim(self, game_id: int, user_id: int) -> Played:
        """A person takes their seat back from the AI stand-in; a decision of theirs still open (a stand-in paused
        while nobody else played in person) waits anew from now, so no timer hands it straight back, as do those of
        people told the game waited for them (`GameRecord.back_in_person`). Other people's paused stand-ins owe
        moves again: `resume_ai` lets them play."""
        async with self._lock(game_id):
            record = await self._active(game_id, None)
            seat = record.seat_of(user_id)
            if seat is None:
                raise HostError("You are not playing in this game.")
            if not record.seats[seat].standin:
                raise HostError("Your seat is not being played by a stand-in.")
            record.back_in_person(seat, self.clock())
            return await self._advance(record, [], [], autoplay=False)

    # ---- places, reminders, settings ------------------------------------------------------------
    async def set_place(self, game_id: int, channel_id: int | None = None, thread_id: int | None = None,
                        message_id: int | None = None) -> None:
        """Remember where the game lives (channel, thread, board message)."""
        fields = {k: v for k, v in (("channel_id", channel_id), ("thread_id", thread_id),
                                    ("message_id", message_id)) if v is not None}
        if fields:
            await self._set_fields(game_id, **fields)

    async def leave_thread(self, game_id: int) -> None:
        """The game's thread is gone (deleted, or locked): the game lives in its channel from now on."""
        await self._set_fields(game_id, thread_id=None)

    async def dm_note(self, game_id: int, user_id: int) -> DmNote | None:
        """The player's last DM about the game, as remembered by `set_dm_note` (in any earlier process too)."""
        return await self.store.get_dm(game_id, user_id)

    async def set_dm_note(self, game_id: int, user_id: int, note: DmNote | None) -> None:
        """Remember (or, with None, forget) the player's last DM about the game."""
        await self.store.put_dm(game_id, user_id, note)

    async def mark_final_shown(self, game_id: int) -> None:
        """Note that the finished game's final board was posted (`finals_unshown` lists those it was not)."""
        await self._set_fields(game_id, final_shown=True)

    async def finals_unshown(self) -> list[GameRecord]:
        """Finished games whose final board was never posted (the bot stopped between the last move and it)."""
        return await self.store.finals_unshown()

    async def mark_reminded(self, game_id: int, seats: Sequence[int]) -> None:
        """Note that these waiting seats were reminded (once per wait); under the game's lock, so that a move being
        committed meanwhile cannot write its older list over it."""
        async with self._lock(game_id):
            record = await self.get(game_id)
            reminded = sorted(set(record.reminded) | {s for s in seats if s in record.waiting})
            await self._set_fields(game_id, reminded=reminded)

    async def _set_fields(self, game_id: int, **fields: Any) -> None:
        """Store fields that do not change the game's version, in the store and in the cached record."""
        await self.store.set_fields(game_id, **fields)
        if game_id in self._records:
            self._records[game_id] = self._records[game_id].model_copy(update=fields)

    async def expire_lobbies(self, now: float | None = None) -> list[GameRecord]:
        """Cancel lobbies older than their server's lobby lifetime; returns those cancelled."""
        now = self.clock() if now is None else now
        expired = []
        for record in await self.store.find(None, ("lobby",)):
            settings = await self.get_settings(record.guild_id)
            if now - record.created_at >= settings.lobby_hours * 3600:
                async with self._lock(record.id):
                    fresh = await self.get(record.id)
                    if fresh.status == "lobby":
                        fresh.status = "cancelled"
                        expired.append((await self._commit(fresh, None)).record)
        return expired

    async def get_settings(self, guild_id: int | None) -> GuildSettings:
        """A server's settings (defaults outside a server)."""
        return GuildSettings() if guild_id is None else await self.store.get_settings(guild_id)

    async def set_settings(self, guild_id: int, **changes: Any) -> GuildSettings:
        """Change some of a server's settings; bad values raise HostError and change nothing. Changes run one at a
        time, so two admins changing different settings at once keep both."""
        async with self._settings_lock:
            try:
                updated = (await self.store.get_settings(guild_id)).changed(changes)
            except ValueError as exc:
                raise HostError(str(exc)) from None
            await self.store.put_settings(guild_id, updated)
            return updated

    # ---- internals ------------------------------------------------------------------------------
    def _lock(self, game_id: int) -> asyncio.Lock:
        """The per-game lock that serialises this process's changes to one game."""
        return self._locks.setdefault(game_id, asyncio.Lock())

    @staticmethod
    def _engine_for(key: str) -> GameEngine:
        """The engine for a key, as a HostError when unknown."""
        try:
            return registry.get(key)
        except GameError as exc:
            raise HostError(exc.message) from None

    async def _active(self, game_id: int, version: int | None) -> GameRecord:
        """The record, which must be an active game at `version` (when given).

        The hot path trusts this host's cached record; another process's move shows up either as a
        newer version asked for (then the store is read) or as a lost compare-and-swap on commit.
        """
        cached = self._records.get(game_id)
        if cached is not None and (version is None or version == cached.version) and cached.status == "active":
            record = _copy(cached)
        else:
            record = await self.get(game_id)
        if record.status == "lobby":
            raise HostError("This game has not started yet.")
        if record.status != "active":
            raise HostError("This game is over.")
        if version is not None and version != record.version:
            raise HostError(OUTDATED)
        return record

    async def _standin_level(self, record: GameRecord) -> str:
        """The AI level that plays for people: the server's `standin_level` setting (default hard)."""
        return (await self.get_settings(record.guild_id)).standin_level

    async def _play(self, record: GameRecord, seat: int, choice_id: str) -> Played:
        """Apply a person's choice, then any automated replies, in one transaction."""
        engine = self.engine(record)
        assert record.state is not None
        try:
            decision = engine.pending_for(record.state, seat)
            state, events = engine.apply_to(record.state, decision, choice_id)
        except GameError as exc:
            raise HostError(exc.message) from None
        move = self._move(self._move_count(record), decision, choice_id, by_ai=False, events=events)
        return await self._advance(record, [move], events, state=state)

    def _move(self, index: int, decision: Decision, choice_id: str, by_ai: bool, events: list[Event]) -> Move:
        """A log entry; a private choice is logged by the public event of its kind it made, never by its label."""
        choice = decision.choice(choice_id)
        label = choice.label if choice is not None and not decision.private else next(
            (e.text for e in events if e.private_to is None and e.seat == decision.seat and e.kind == decision.kind),
            PRIVATE_CHOICE)
        return Move(index=index, seat=decision.seat, choice_id=choice_id, label=label, by_ai=by_ai, at=self.clock())

    @staticmethod
    def _move_count(record: GameRecord) -> int:
        """How many moves the log holds (the engine counts every applied choice)."""
        return 0 if record.state is None else record.state.step

    async def _advance(self, record: GameRecord, moves: list[Move], events: list[Event],
                       state: GameState | None = None, autoplay: bool = True,
                       limit: int = MAX_AUTOMATED_MOVES) -> Played:
        """Commit this change (a person's move is persisted before any AI thinks), then let AI seats answer."""
        state = record.state if state is None else state
        self._settle(record, state, moves)
        played = await self._commit(record, state, moves, events)
        if not autoplay:
            return played
        self._answering[record.id] = played
        try:
            return await self._autoplay(played, limit)
        finally:
            del self._answering[record.id]

    def answering(self, game_id: int) -> Played | None:
        """The move committed that the game's AI seats are thinking about now (its news comes first in what the
        move's call returns), or None when none are."""
        return self._answering.get(game_id)

    async def _autoplay(self, played: Played, limit: int) -> Played:
        """Automated seats answer (up to `limit` moves), thought out off the event loop, then committed.

        The commit is a compare-and-swap on the version the AI thought on: when another process moved the
        game meanwhile, the moves are refused (never applied twice) and thought out again on the new state.
        """
        record, moves, events = played.record, list(played.moves), list(played.events)
        engine = self.engine(record)
        for _attempt in range(STALE_RETRIES + 1):
            standin = await self._standin_level(record)
            levels = {s: seat.ai or seat.standin_level or standin for s, seat in enumerate(record.seats)
                      if record.plays_itself(s)}
            state = record.state
            if record.status != "active" or state is None or next_ai_decision(engine, state, levels) is None:
                break
            chosen = await self.think(engine, state, levels, record.seed, limit,
                                      {k: v for k, v in os.environ.items() if k.startswith(AI_ENV_PREFIX)})
            record, ai_moves_made, ai_events = _copy(record), [], []
            for seat, choice_id in chosen:
                decision = next_ai_decision(engine, state, levels)
                if decision is None or decision.seat != seat:
                    break
                state, new_events = engine.apply_to(state, decision, choice_id)
                ai_moves_made.append(self._move(self._move_count(record) + len(ai_moves_made), decision, choice_id,
                                                by_ai=True, events=new_events))
                ai_events.extend(new_events)
            self._settle(record, state, ai_moves_made)
            try:
                done = await self._commit(record, state, ai_moves_made, ai_events)
            except HostError:
                record = await self.get(record.id)  # another process moved on: think again from there
                continue
            return Played(record=done.record, moves=moves + ai_moves_made, events=events + ai_events)
        return Played(record=record, moves=moves, events=events)

    def _settle(self, record: GameRecord, state: GameState | None, moves: Sequence[Move]) -> None:
        """Before a commit: finish the game if it ended and restart the idle clocks of seats that acted."""
        if state is not None and self.engine(record).result(state) is not None:
            record.status = "finished"
        now = self.clock()
        if moves or record.state is None:
            record.turn_since = now
        self._restart_clocks(record, state, {m.seat for m in moves}, now)

    def _restart_clocks(self, record: GameRecord, state: GameState | None, acted: set[int], now: float) -> None:
        """Each waiting seat's idle clock: kept while it keeps waiting, restarted when it acts or starts waiting."""
        pending = set() if state is None or record.status != "active" else {
            d.seat for d in self._decisions(record.key, state)}
        kept = {s for s in pending if s in record.waiting and s not in acted}
        record.waiting = {s: record.waiting[s] if s in kept else now for s in sorted(pending)}
        record.waiting_version = {s: record.waiting_version.get(s, record.version) if s in kept
                                  else record.version + 1 for s in sorted(pending)}
        record.reminded = [s for s in record.reminded if s in record.waiting and s not in acted]

    async def _commit(self, record: GameRecord, state: GameState | None, moves: Sequence[Move] = (),
                      events: Sequence[Event] = ()) -> Played:
        """Persist with a compare-and-swap on the version; a lost race is refused as outdated."""
        expected = record.version
        record.version = expected + 1
        record.updated_at = self.clock()
        record.state = state
        state_json = None if state is None else self.engine(record).dump(state)
        before = self._records.get(record.id)
        setup = before is None or (before.status, before.seats, before.options, before.host_user, before.seed) != (
            record.status, record.seats, record.options, record.host_user, record.seed)
        result = self.result(record) if record.status == "finished" and setup else None
        if not await self.store.save(record, state_json, expected, moves, setup=setup,
                                     result_json=None if result is None else result.model_dump_json()):
            self._records.pop(record.id, None)
            raise HostError(OUTDATED)
        if result is not None:
            await self._rate(record.id)
        self._records[record.id] = record  # the cache keeps this copy; callers treat Played.record as read-only
        return Played(record=record, moves=list(moves), events=list(events))

    async def _rate(self, game_id: int) -> None:
        """Rate the game just finished; a failure only delays it to the next finish or start (the move stands)."""
        try:
            await self.store.rate_finished()
        except Exception:  # noqa: BLE001 - the finishing move stands either way
            log.exception("game %s: finished, but rating it failed; it is rated at the next finish or start", game_id)


def _result_json(key: str, state_json: str) -> str | None:
    """The final result of a finished game from its stored state, as stored JSON."""
    engine = registry.get(key)
    result = engine.result(engine.load(state_json))
    return None if result is None else result.model_dump_json()


def _copy(record: GameRecord) -> GameRecord:
    """A copy of a record that callers may change without touching the cache (the state is shared)."""
    return record.model_copy(update={"seats": list(record.seats)})
