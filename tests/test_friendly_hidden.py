"""Friendly Fishing hides nothing but the RNG's future: the contract's default determinise is the right one."""

from __future__ import annotations

import random

from engines.core import GameEngine
from engines.friendly import ENGINE
from tests.test_friendly_playouts import SETUPS


def test_every_seat_sees_the_same_view_and_determinise_changes_only_the_rng():
    assert type(ENGINE).determinise is GameEngine.determinise
    for seed in range(40):
        players, side = SETUPS[seed % len(SETUPS)]
        state = ENGINE.new_game([f"p{i}" for i in range(players)], {"board": side}, seed)
        rnd = random.Random(seed)
        for _ in range(rnd.randrange(40)):
            if not ENGINE.decisions(state):
                break
            seat = ENGINE.decisions(state)[0].seat
            state, _ = ENGINE.apply(state, seat, ENGINE.choose(state, seat, "random", rnd))
        public = ENGINE.view(state, None).model_dump(exclude={"seat"})
        for seat in [None, *range(players)]:
            assert ENGINE.view(state, seat).model_dump(exclude={"seat"}) == public
            world = ENGINE.determinise(state, seat, rnd)
            assert world.model_dump(exclude={"rng"}) == state.model_dump(exclude={"rng"})
            assert world.rng != state.rng
            assert ENGINE.view(world, seat) == ENGINE.view(state, seat)
            assert ENGINE.decisions(world) == ENGINE.decisions(state)
