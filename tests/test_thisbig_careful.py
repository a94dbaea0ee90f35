"""This Big! guesses: what an answer suggests of a careful player's hand (one who plays rubbish before a fish and
its smallest fish before a bigger one), and that most worlds dealt follow them while any legal hand still can."""

from __future__ import annotations

import random

import pytest

from engines.thisbig import ENGINE, ThisBigState, deal
from engines.thisbig.answers import careful_answer, legal_answers
from engines.thisbig.cards import FACES, colour
from engines.thisbig.inference import COLOUR_MASKS, RUBBISH_MASK, sized
from tests.thisbig_helpers import table

RED = COLOUR_MASKS[0]


def guesses(state: ThisBigState, seat: int) -> dict[int, tuple[int, int]]:
    """A seat's guesses as mask -> (least, most)."""
    return {mask: (lo, hi) for mask, lo, hi in state.guesses[seat]}


def rubbish_share(state: ThisBigState, seat: int, of: int, deals: int = 400) -> float:
    """The share of tables dealt for `seat` in which seat `of` holds some rubbish."""
    rnd = random.Random(5)
    held = 0
    for _ in range(deals):
        new = ENGINE.determinise(state, seat, rnd)
        held += any(c >= 32 for c in new.hands[of] + new.down[of])
    return held / deals


def caught_red_two() -> ThisBigState:
    """Three players, no River left: P1 answers the red lure with its red 2 and P0 catches it."""
    state = table(["g1 y1 b1 y2", "r2 r4 y3 b4", "b1 can y4 g4"], ["lure-r lure-y lure-g"] * 3, river="")
    state, _ = ENGINE.apply(state, 0, "lure-r")
    state, _ = ENGINE.apply(state, 1, "r2")
    state, _ = ENGINE.apply(state, 2, "can")
    state, _ = ENGINE.apply(state, 0, "pick-1")
    return state


def test_more_players_a_fish_caught_suggests_no_rubbish_and_no_smaller_fish_of_the_colour():
    state = caught_red_two()
    assert guesses(state, 1) == {RUBBISH_MASK: (0, 0), RED & sized(1, 1): (0, 0)}
    assert guesses(state, 2) == {}  # its rubbish went back unseen
    assert RUBBISH_MASK not in {mask for mask, _, _ in state.bounds[1]}  # a guess, not a fact


def test_more_players_a_no_catch_suggests_no_rubbish_until_a_restock_lets_one_in():
    state = table(["g1 y1 b1 y2", "y3 b4 g2 g3", "r1 can y4 g4"], ["lure-r lure-y lure-g"] * 3, river="g5 y5")
    state, _ = ENGINE.apply(state, 0, "lure-r")
    state, _ = ENGINE.apply(state, 1, "pass")
    assert guesses(state, 1) == {RUBBISH_MASK: (0, 0)}
    state, _ = ENGINE.apply(state, 2, "r1")  # caught at once: P2 restocks
    state, _ = ENGINE.apply(state, 1, "lure-g")
    state, _ = ENGINE.apply(state, 0, "g1")
    state, _ = ENGINE.apply(state, 2, "can")
    state, _ = ENGINE.apply(state, 1, "pick-0")
    assert guesses(state, 1) == {RUBBISH_MASK: (0, 0)}  # P1 drew nothing yet


def test_most_worlds_dealt_follow_the_guesses_but_not_all():
    state = caught_red_two()
    careful = rubbish_share(state, 0, of=1)
    bare = ENGINE.load(ENGINE.dump(state))
    bare.guesses = [[] for _ in bare.players]
    anyone = rubbish_share(bare, 0, of=1)
    assert careful <= (1 - deal.CAREFUL_SHARE) * anyone + 0.08
    assert 0 < careful < anyone - 0.2  # a careless player's rubbish is still dealt, now and then


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_careful_world_puts_down_the_answer_a_careful_player_would(players, monkeypatch):
    rnd = random.Random(players)
    careless = 0
    for seed in range(40):
        state = ENGINE.new_game([f"P{i}" for i in range(players)], None, seed)
        while state.phase != "pick" and ENGINE.decisions(state):
            d = ENGINE.decisions(state)[0]
            state, _ = ENGINE.apply_to(state, d, d.choices[rnd.randrange(len(d.choices))].id)
        if state.phase != "pick":
            continue
        for share in (1.0, 0.0):
            monkeypatch.setattr(deal, "CAREFUL_SHARE", share)
            new = ENGINE.determinise(state, state.turn, rnd)
            for s, down in enumerate(new.down):
                if not down:
                    continue
                cards = tuple(sorted(new.hands[s] + down))
                answer = careful_answer(legal_answers(cards, colour(new.cast), players == 2))
                follows = answer == "-".join(FACES[c] for c in sorted(down))
                assert follows or share == 0.0, (seed, s, answer, down)
                careless += not follows
    assert careless  # any legal answer is dealt too when the deal is not careful (so the check can fail)


def test_the_careful_answer_gives_away_least():
    assert careful_answer(["r2", "r4", "boot"]) == "boot"
    assert careful_answer(["boot", "pass"]) == "boot"
    assert careful_answer(["r2-r4", "r2-boot", "r4-boot"]) == "r2-boot"
    assert careful_answer(["r2-r3", "r2-r4", "r3-r4"]) == "r2-r3"


def test_the_search_s_prior_picks_the_answer_a_careful_player_shows_is_no_rubbish():
    from engines.thisbig.ai import greedy_choice

    state = table(["g1 y1 b1 y2", "r2 r4 y3 b4", "r1 can y4 g4"], ["lure-r lure-y lure-g"] * 3, river="g5 y5")
    state, _ = ENGINE.apply(state, 0, "lure-r")
    state, _ = ENGINE.apply(state, 1, "r2")
    state, _ = ENGINE.apply(state, 2, "can")
    state.guesses[1] = [[RUBBISH_MASK, 0, 0]]  # as if P1 had shown a fish with no restock since
    careful = {greedy_choice(ENGINE, state, 0, random.Random(s), careful=True) for s in range(20)}
    greedy = {greedy_choice(ENGINE, state, 0, random.Random(s)) for s in range(20)}
    assert careful == {"pick-1"}
    assert greedy == {"pick-1", "pick-2"}  # the greedy player (the opponent) does not read the guesses
