"""Hostile display names: cleaned once where a seat is taken, then every renderer draws them."""

from __future__ import annotations

import functools
import random

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from bot.host import Host
from bot.models import NAME_MAX, clean_name, seat_name
from engines import registry
from renderers import registry as renderers

# Names a hostile review tried: line breaks, bidi and zero-width controls, Zalgo marks, emoji, markdown, pings.
HOSTILE = ["Ann\nBob", "a\rb", "next\u0085line", "\u202eevil\u202c", "z\u200bw\u200d", "e" + "\u0301" * 40,
           "👨‍👩‍👧‍👦🎣", "مرحبا بالعالم", "שלום", "**bold** _it_ ~~s~~ `c` ||sp||", "@everyone", "@here", "<@123456>",
           "x", "W" * 100, "\u0000\u0007\t", "   ", "\U0010ffff"]
NAMES = st.one_of(st.sampled_from(HOSTILE), st.text(min_size=1, max_size=100))


@pytest.mark.parametrize("raw, clean", [("Ann\nBob", "Ann Bob"), ("a\r\n\u0085b", "a b"), ("\u202eevil\u202c", "evil"),
                                        ("z\u200bw", "zw"), ("", "Player"), ("\n\t ", "Player"), ("W" * 100, "W" * 32)])
def test_clean_name_makes_one_visible_line_of_at_most_32_characters(raw, clean):
    assert clean_name(raw) == clean


@given(NAMES)
@example("e" + "\u0301" * 40)
def test_a_cleaned_name_has_no_control_or_invisible_character_and_few_stacked_marks(raw):
    name = clean_name(raw)
    assert 1 <= len(name) <= NAME_MAX and name == name.strip()
    assert not any(ord(ch) < 32 or ch in "\u0085\u2028\u2029\u200b\u202e\u2066" for ch in name)
    assert "\u0301\u0301\u0301" not in name


async def test_a_name_with_a_line_break_is_cleaned_where_the_seat_is_taken(db_path):
    host = await Host.open(db_path)
    try:
        record = await host.create("wishes", {}, 1, "Ann\nfrom the\rsea", guild_id=5)
        await host.join(record.id, 2, "\u202eBob\u0085")
        await host.add_ai(record.id, 1, "random")
        played = await host.begin(record.id, 1, seed=3)
        assert played.record.names[:2] == ["Ann from the sea", "Bob"]
        renderers.get("wishes").board(host.view(played.record, None))  # raised "can't measure multiline text"
    finally:
        await host.close()



async def test_no_two_seats_read_alike_and_no_person_reads_like_an_ai(db_path):
    host = await Host.open(db_path)
    try:
        record = await host.create("wishes", {}, 1, "Ann", guild_id=5)
        await host.join(record.id, 2, "ann")  # another person, the same name but for case
        await host.add_ai(record.id, 1, "hard")
        await host.join(record.id, 3, "AI 2 (hard)")  # the name the next AI would get
        record = await host.add_ai(record.id, 1, "hard")
        assert record.names == ["Ann", "ann (2)", "AI 1 (hard)", "AI 2 (hard) (person)", "AI 2 (hard)"]
        assert len({n.casefold() for n in record.names}) == 5
    finally:
        await host.close()


@pytest.mark.parametrize("raw, taken, name", [("W" * 40, ["W" * 32], "W" * 28 + " (2)"),
                                              ("Bob (AI, hard)", [], "Bob (AI, hard) (person)"),
                                              ("Ann", ["Ann", "Ann (2)"], "Ann (3)")])
def test_a_seat_name_stays_within_the_limit_and_apart(raw, taken, name):
    assert seat_name(raw, taken) == name and len(name) <= NAME_MAX

@functools.cache
def _recorded_game(key: str, players: int) -> tuple[tuple[int, str], ...]:
    """One seeded random game to its end, as (seat, choice) pairs: names never change the rules."""
    engine = registry.get(key)
    rnd = random.Random(key)
    state = engine.new_game([f"P{i}" for i in range(players)], {}, 11)
    moves = []
    while engine.result(state) is None:
        decision = engine.decisions(state)[0]
        choice = rnd.choice(decision.choices).id
        state, _ = engine.apply(state, decision.seat, choice)
        moves.append((decision.seat, choice))
    return tuple(moves)


@pytest.mark.parametrize("key", registry.keys())
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_renderer_draws_hostile_names_mid_game_and_at_the_end(key, data):
    engine = registry.get(key)
    drawing = renderers.get(key)
    players = data.draw(st.integers(engine.min_players, engine.max_players), label="players")
    names = [clean_name(data.draw(NAMES, label=f"name {i}")) for i in range(players)]
    moves = _recorded_game(key, players)
    state = engine.new_game(names, {}, 11)
    for n, (seat, choice) in enumerate(moves):
        if n == len(moves) // 2:
            seat_view = engine.view(state, data.draw(st.integers(0, players - 1), label="seat"))
            drawing.board(engine.view(state, None))
            drawing.hand(seat_view)
            assert drawing.text(seat_view)
            for decision in engine.decisions(state):
                assert decision.prompt and all(c.label for c in decision.choices)
        state, _ = engine.apply(state, seat, choice)
    result = engine.result(state)
    assert result is not None
    drawing.final(engine.view(state, None), result)
