"""Observation equivalence: two states that differ only in what a seat may not see look the same to it.

Each example plays a random game to a random point (state A), deals B = determinise(A, s) for a seat s
(None: the public) and compares everything s can observe: its view, who is asked and in what order, every
decision it may see (public ones, and its own private ones, whose secrets B keeps), the text of the public
board the bot posts, and the images drawn of its view. Then both play on by the same choice with the same dice. When that choice tells s the same
news in both worlds, the flow of play must still be the same (who is asked, in what order, for what kind
of decision); when the news differ, they must differ first in what they show (a card named), never by a
step that one world took by itself and the other asked for. (A card drawn into sight without news, such
as a refilled Wishes slot, may differ: only the flow is compared after the step.)
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.discord import messages
from bot.models import GameRecord, GuildSettings, Seat
from engines import registry
from engines.core import Decision, GameEngine, GameState, clone
from renderers import registry as drawings

# Option sets that every player count accepts; each exercises a different kind of hidden play.
OPTION_SETS: dict[str, list[dict[str, Any]]] = {
    "wishes": [{}],
    "friendly": [{}],
    "thisbig": [{}, {"rubbish_penalty": True, "hand_dump": True, "reveal_uncaught": True}],
    "pushfish": [{}, {"noisy": True}, {"hard": True, "length": "short"}],
}

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _shown(decision: Decision) -> tuple:
    """A decision as a seat that may see it sees it."""
    return (decision.seat, decision.prompt, decision.kind,
            tuple((c.id, c.label, c.detail, c.group) for c in decision.choices))


def board_text(engine: GameEngine, state: GameState) -> str:
    """The text of the public board the bot posts for this state (its prompts, who is asked)."""
    seats = [Seat(user_id=100 + i, name=name) for i, name in enumerate(state.players)]
    record = GameRecord(id=7, key=engine.key, options={}, seed=1, status="active", host_user=100, guild_id=1,
                        channel_id=2, seats=seats, version=3, created_at=0, updated_at=0, turn_since=0, state=state)
    pending = engine.decisions(state)
    return messages.board_embed(engine, record, pending, [d.seat for d in pending], [], GuildSettings(), True).description


def observation(engine: GameEngine, state: GameState, seat: int | None) -> dict[str, Any]:
    """Everything `seat` (None: the public) can observe of a state, short of images."""
    pending = engine.decisions(state)
    return {
        "view": engine.view(state, seat).model_dump(),
        "asked": [d.seat for d in pending],
        "decisions": [_shown(d) for d in pending if not d.private or (seat is not None and d.seat == seat)],
        "board": board_text(engine, state),
    }


def flow(engine: GameEngine, state: GameState, seat: int | None) -> list[tuple]:
    """Who is asked, in order, and the kind of each decision `seat` may see."""
    return [(d.seat, d.kind if not d.private or d.seat == seat else "") for d in engine.decisions(state)]


def images(engine: GameEngine, state: GameState, seat: int | None) -> tuple[bytes | None, ...]:
    """The PNGs drawn of what `seat` sees: the public board, and its own hand."""
    drawing = drawings.get(engine.key)
    board = drawing.board(engine.view(state, None))
    return (board,) if seat is None else (board, drawing.hand(engine.view(state, seat)))


def news(events: list, seat: int | None) -> list[str]:
    """The event texts `seat` (None: the public) is told."""
    return [e.text for e in events if e.private_to is None or e.private_to == seat]


def shown_differently(a: list[str], b: list[str]) -> bool:
    """True when the first difference in two news lists is a text told differently (a card shown), not a
    step that only one world took (one list running on where the other stops)."""
    return any(x != y for x, y in zip(a, b, strict=False))


def play_to(engine: GameEngine, state: GameState, steps: int, rnd: random.Random) -> GameState:
    """Play random choices for up to `steps` moves."""
    for _ in range(steps):
        pending = engine.decisions(state)
        if not pending:
            break
        decision = pending[int(rnd.random() * len(pending))]
        state, _ = engine.apply_to(state, decision, decision.choices[int(rnd.random() * len(decision.choices))].id)
    return state


def same_dice(world: GameState, original: GameState) -> GameState:
    """The world with the original's RNG, so both roll the same future."""
    world = clone(world)
    world.rng = original.rng.copy()
    return world


def check_pair(engine: GameEngine, a: GameState, b: GameState, seat: int | None, rnd: random.Random,
               draw: bool) -> None:
    """A and B must look alike to `seat`; and play on alike after one common choice that tells it the same news."""
    assert observation(engine, b, seat) == observation(engine, a, seat), f"seat {seat} can tell the worlds apart"
    if draw:
        assert images(engine, b, seat) == images(engine, a, seat), f"seat {seat} sees different images"
    common = [(d.seat, c.id) for d in engine.decisions(a) for c in d.choices
              if any(e.seat == d.seat and e.choice(c.id) for e in engine.decisions(b))]
    if not common:
        return
    actor, choice = common[int(rnd.random() * len(common))]
    a2, news_a = engine.apply(a, actor, choice)
    b2, news_b = engine.apply(same_dice(b, a), actor, choice)
    told_a, told_b = news(news_a, seat), news(news_b, seat)
    if told_a != told_b:
        assert shown_differently(told_a, told_b), (
            f"after seat {actor} chose {choice!r}, one world of seat {seat} took a step the other did not: "
            f"{told_a} vs {told_b}")
        return  # the choice showed something that differs between the worlds: they may part here
    assert flow(engine, b2, seat) == flow(engine, a2, seat), (
        f"after seat {actor} chose {choice!r}, play goes on differently in the two worlds of seat {seat}")


@pytest.mark.parametrize("key", registry.keys())
@SETTINGS
@given(data=st.data())
def test_a_seat_cannot_tell_apart_worlds_that_differ_only_in_what_it_may_not_see(key, data):
    engine = registry.get(key)
    players = data.draw(st.integers(engine.min_players, engine.max_players), label="players")
    options = data.draw(st.sampled_from(OPTION_SETS[key]), label="options")
    seed = data.draw(st.integers(0, 2**62), label="seed")
    steps = data.draw(st.integers(0, 250), label="steps")
    rnd = random.Random(seed)
    state = play_to(engine, engine.new_game([f"P{i}" for i in range(players)], options, seed), steps, rnd)
    for seat in [None, *range(players)]:
        world = engine.determinise(state, seat, rnd)
        check_pair(engine, state, world, seat, rnd, draw=seat is None or seat == steps % players)


@pytest.mark.parametrize("key", registry.keys())
def test_determinise_keeps_what_the_seat_sees_and_gives_a_fresh_future(key):
    engine = registry.get(key)
    rnd = random.Random(11)
    for seed in range(20):
        players = engine.min_players + seed % (engine.max_players - engine.min_players + 1)
        state = play_to(engine, engine.new_game([f"P{i}" for i in range(players)], {}, seed), 7 * seed, rnd)
        for seat in [None, *range(players)]:
            world = engine.determinise(state, seat, rnd)
            assert engine.view(world, seat) == engine.view(state, seat)
            assert world.rng != state.rng, "the future must be dealt anew"
            assert engine.decisions(state) and engine.decisions(world) or not engine.decisions(state)


def test_the_check_catches_automatic_forced_answers_in_this_big():
    """This Big!'s auto_forced host option gives away which face-down card is a fish, as its description
    says; the check above must see it (so it can fail), in a few random 3-4 player games."""
    engine = registry.get("thisbig")
    caught = 0
    for seed in range(30):
        rnd = random.Random(seed)
        players = 3 + seed % 2
        state = play_to(engine, engine.new_game([f"P{i}" for i in range(players)], {"auto_forced": True}, seed),
                        seed * 3, rnd)
        for seat in [None, *range(players)]:
            try:
                check_pair(engine, state, engine.determinise(state, seat, rnd), seat, rnd, draw=False)
            except AssertionError:
                caught += 1
    assert caught >= 5, f"only {caught} leaks seen"
