"""Every Discord message builder, fed hostile names: within Discord's limits, markdown shown literally, no pings."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.discord import components, limits, messages
from bot.models import GameRecord, GuildSettings, Move, Seat, clean_name
from engines import registry
from engines.core import Event
from tests.fakediscord.server import over_limits
from tests.test_names import NAMES, _recorded_game

RAW_PINGS = ("@everyone", "@here", "<@123456789012345678>")


def _record(key: str, names: list[str], state) -> GameRecord:
    seats = [Seat(user_id=None if i % 2 else 100 + i, name=n, ai=None if i % 2 == 0 else "greedy")
             for i, n in enumerate(names)]
    return GameRecord(id=7, key=key, options={}, seed=11, status="active", host_user=100, guild_id=1, channel_id=2,
                      seats=seats, version=3, created_at=0, updated_at=0, turn_since=0, state=state)


def _assert_safe(body: dict, raw_names: list[str]) -> None:
    assert over_limits(body) is None, over_limits(body)
    text = " ".join([body.get("content") or ""] + [str(e) for e in body.get("embeds", [])])
    for ping in RAW_PINGS:
        if any(ping in n for n in raw_names):
            assert ping not in text, f"{ping} reached a message unescaped"
    if any("**bold**" in n for n in raw_names):
        assert "**bold**" not in text


@pytest.mark.parametrize("key", registry.keys())
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_message_builders_keep_hostile_names_within_limits_and_harmless(key, data):
    engine = registry.get(key)
    players = data.draw(st.integers(engine.min_players, engine.max_players), label="players")
    raw = [data.draw(st.one_of(NAMES, st.sampled_from(["**bold** @everyone", "<@123456789012345678> @here"])),
                     label=f"name {i}") for i in range(players)]
    names = [clean_name(n) for n in raw]
    moves = _recorded_game(key, players)
    state = engine.new_game(names, {}, 11)
    events: list[Event] = []
    for seat, choice in moves[: len(moves) // 2]:
        state, events = engine.apply(state, seat, choice)
    record = _record(key, names, state)
    pending = engine.decisions(state)
    log = [Move(index=i, seat=s, choice_id=c, label=f"{names[s]} " * 20) for i, (s, c) in enumerate(moves[:30])]
    lines = [line for _, line in messages.happened(events + [Event(text=f"{names[0]} " * 300)], log)]
    board = messages.board_embed(engine, record, pending, [d.seat for d in pending], lines, GuildSettings(), True)
    view = components.decision_view(record.id, record.version, [d for d in pending if not d.private], names)
    _assert_safe({"embeds": [board.to_dict()], "components": view.to_components()}, raw)
    _assert_safe({"embeds": [messages.lobby_embed(engine, record.model_copy(update={"status": "lobby"}),
                                                  GuildSettings()).to_dict()]}, raw)
    logged = [(m, [f"{names[0]} " * 50]) for m in log]
    text = messages.log_text(record, logged)
    assert len(text) <= limits.CONTENT  # as many moves as fit, the newest always
    assert not log or f"\n{log[-1].index + 1}. " in f"\n{text}"
    _assert_safe({"content": limits.content(text)}, raw)  # as Table.tell sends it
    result = engine.result(state)
    if result is not None:
        _assert_safe({"content": limits.content(messages.result_lines(record, list(map(str, result.scores)), result.ranks,
                                                                      result.winners))}, raw)
