"""Scenario tests for If Wishes Were Fishes!, one rule each, built by setting up a table and applying choices."""

from __future__ import annotations

import random

import pytest

from engines.core import BadOptions, IllegalChoice
from engines.wishes import ENGINE
from engines.wishes.cards import (
    BOAT,
    CARDS,
    DOUBLE,
    MOVE1,
    MOVE3,
    NCARDS,
    SELLALL,
    SELLAS,
    SPOIL,
    SPREAD,
    WORMS,
)
from engines.wishes.rules import WishesState, award, market_fish

ANGEL, KING, STAR, MONK, CAT, CLOWN, SWORD = range(7)
NAMES = ["Alice", "Bob", "Carol", "Dave", "Erin"]
NO_BUYER_ON_CAT = [ANGEL, KING, STAR, MONK, CLOWN]  # 3, 2, 2, 1, 1: Catfish sells for $2


def card(wish: int, kind: int | None = None, nth: int = 0) -> int:
    """The nth card with this wish (and kind, if given)."""
    found = [c for c, (k, w) in enumerate(CARDS) if w == wish and (kind is None or k == kind)]
    return found[nth]


def table(n: int = 3, ocean: list[int] | None = None, boats: list[list[int]] | None = None,
          buyers: list[int] | None = None) -> WishesState:
    """Alice to play, with this ocean, these boats and buyers; the deck holds every other card."""
    s = ENGINE.new_game(NAMES[:n], {"first_player": 1}, 11)
    s.buyers = list(buyers or NO_BUYER_ON_CAT)
    if ocean is not None:  # padded with Move Buyer 2 cards, so the next player has a real choice
        pad = [c for c in range(8, 16) if c not in ocean]
        s.ocean = (list(ocean) + pad)[:4]
        s.ocean_worms = [0] * 4
    s.boats = [list(b) for b in boats] if boats is not None else [[-1, -1] for _ in range(n)]
    s.boats += [[-1, -1] for _ in range(n - len(s.boats))]
    used = set(s.ocean) | {c for b in s.boats for c in b if c >= 0}
    s.deck = [c for c in range(NCARDS) if c not in used]
    return s


def set_market(s: WishesState, market: int, counts: list[int]) -> None:
    """Put wooden fish on a market, taken from the players' supplies."""
    n = len(s.players)
    for seat, c in enumerate(counts):
        s.markets[market * n + seat] = c
        s.supply[seat] -= c


def play(s: WishesState, *choices: str) -> tuple[WishesState, list[str]]:
    """Apply choices for whoever is to act; return the state and the public event texts."""
    texts: list[str] = []
    for cid in choices:
        s, events = ENGINE.apply(s, s.turn, cid)
        texts += [e.text for e in events]
    return s, texts


def cats(count: int) -> list[int]:
    """Catfish wish cards (single fish)."""
    return [card(w, CAT) for w in (MOVE1, SELLAS, SPOIL, SPREAD)][:count]


# ---- market bonuses ----------------------------------------------------------------------------
def test_market_tie_for_first_splits_bonus_no_second():
    s = table(4, boats=[[cats(1)[0], -1]])
    set_market(s, CAT, [1, 2, 0, 0])  # capacity 4: Alice's sale fills it at 2 / 2
    s, texts = play(s, "sell-0")
    assert s.full[CAT] == 0 and s.limits_placed == 1
    assert s.dollars == [2 + 4, 4, 0, 0]  # (6 + 3) // 2 each, nobody second
    assert "Catfish market is full (4 fish): Alice +$4, Bob +$4" in texts[0]


def test_market_tie_for_second_all_get_full_second():
    s = table(4, boats=[[-1, -1], [-1, -1], [cats(1)[0], -1]], buyers=NO_BUYER_ON_CAT)
    s.turn = 2
    set_market(s, CAT, [2, 1, 0, 0])
    s, _ = play(s, "sell-0")
    assert s.dollars == [6, 3, 2 + 3, 0]


def test_market_sole_first_and_second():
    s = table(3, boats=[[cats(1)[0], -1]])
    set_market(s, CAT, [2, 1, 0])
    s, texts = play(s, "sell-0")
    assert s.dollars == [2 + 6, 3, 0]
    assert texts[0] == "Alice sold 1 Catfish for $2; Catfish market is full (4 fish): Alice +$6, Bob +$3."


def test_market_bonus_only_to_players_with_a_marker_there():
    s = table(3, boats=[[cats(1)[0], -1]])
    set_market(s, CAT, [3, 0, 0])
    s, _ = play(s, "sell-0")
    assert s.dollars == [2 + 6, 0, 0]


def test_markets_fill_in_limit_card_order_with_growing_capacity():
    s = table(3, boats=[[cats(1)[0], -1]])
    s.full[ANGEL], s.limits_placed = 0, 1  # next limit card: capacity 5, bonus 8 / 4
    set_market(s, CAT, [2, 1, 0])
    s, _ = play(s, "sell-0")
    assert s.full[CAT] == -1  # 5 fish needed now
    s.turn, s.boats[0] = 0, [cats(2)[1], -1]
    s, _ = play(s, "sell-0")
    assert s.full[CAT] == 1 and s.dollars == [2 + 2 + 8, 4, 0]


def test_award_ties_for_garbage_and_worms_follow_market_rule():
    assert award([3, 3, 1], 8, 4) == [6, 6, 0]
    assert award([4, 2, 2], 8, 4) == [8, 4, 4]
    assert award([0, 0, 0], 8, 4) == [0, 0, 0]
    assert award([2, 0, 0], 8, 4) == [8, 0, 0]


# ---- sales and the garbage heap ----------------------------------------------------------------
def test_market_filling_mid_sale_sends_rest_to_garbage_seller_still_paid():
    s = table(3, ocean=[card(SELLALL, KING)], boats=[cats(3)])
    set_market(s, CAT, [2, 0, 0])
    s, texts = play(s, "wish-0")  # the only kind in the boats is sold automatically
    assert market_fish(s, CAT) == [4, 0, 0] and s.garbage == [1, 0, 0]
    assert s.dollars == [3 * 2 + 6, 0, 0]
    assert texts[-1].endswith("the market is full, so 1 wooden fish goes to the garbage heap.")


def test_sale_to_full_market_overflows_into_garbage_heap_and_is_paid():
    s = table(3, boats=[[cats(1)[0], -1]])
    s.full[CAT], s.limits_placed = 0, 1
    s, _ = play(s, "sell-0")
    assert s.garbage == [1, 0, 0] and s.dollars == [2, 0, 0] and sum(market_fish(s, CAT)) == 0


def test_double_fish_sold_normally_counts_one():
    s = table(3, boats=[[card(DOUBLE, CAT), -1]])
    s, _ = play(s, "sell-0")
    assert market_fish(s, CAT) == [1, 0, 0] and s.dollars == [2, 0, 0]


def test_double_fish_sold_through_wish_counts_two():
    s = table(3, ocean=[card(SELLALL, KING)], boats=[[card(DOUBLE, CAT), -1]])
    s, _ = play(s, "wish-0")
    assert market_fish(s, CAT) == [2, 0, 0] and s.dollars == [4, 0, 0]


def test_price_is_two_plus_buyers_on_that_market():
    s = table(3, boats=[[cats(1)[0], -1]], buyers=[CAT, CAT, ANGEL, CAT, KING])
    s, texts = play(s, "sell-0")
    assert s.dollars[0] == 2 + 3 + 2 + 1 and "for $8" in texts[0]


def test_player_with_all_wooden_fish_placed_still_paid():
    s = table(3, boats=[[cats(1)[0], -1]])
    s.full[ANGEL], s.limits_placed = 0, 1
    set_market(s, ANGEL, [15, 0, 0])
    s, _ = play(s, "sell-0")
    assert s.dollars[0] == 2 and market_fish(s, CAT) == [0, 0, 0] and s.garbage[0] == 0 and s.supply[0] == 0


# ---- the ocean and worms -----------------------------------------------------------------------
@pytest.mark.parametrize("slot", [0, 1, 2, 3])
def test_taking_a_slot_pays_a_worm_on_each_shallower_card_and_takes_its_worms(slot):
    s = table(3)
    s.ocean_worms = [0, 0, 0, 0]
    s.ocean_worms[slot] = 2
    taken = s.ocean[slot]
    s, _ = play(s, f"boat-{slot}")
    assert s.worms[0] == 6 - slot + 2
    assert s.ocean_worms == [1] * slot + [0] * (4 - slot)
    assert s.boats[0][0] == taken and len(s.ocean) == 4


def test_player_who_cannot_pay_is_not_offered_deeper_slots():
    s = table(3)
    s.worms[0] = 1
    ids = {c.id for c in ENGINE.decisions(s)[0].choices}
    assert {"boat-0", "boat-1"} <= ids and not ids & {"boat-2", "boat-3", "wish-2", "wish-3"}
    with pytest.raises(IllegalChoice):
        ENGINE.apply(s, 0, "boat-2")


def test_double_fish_has_no_wish_to_use():
    s = table(3, ocean=[card(DOUBLE, CAT), card(DOUBLE, STAR)])
    ids = {c.id for c in ENGINE.decisions(s)[0].choices}
    assert "boat-0" in ids and "wish-0" not in ids


def test_no_empty_boat_means_no_take_to_boat():
    s = table(3, boats=[cats(2)])
    ids = {c.id for c in ENGINE.decisions(s)[0].choices}
    assert not any(i.startswith("boat-") for i in ids) and {"sell-0", "sell-1", "wish-0"} <= ids


# ---- wishes ------------------------------------------------------------------------------------
def test_worm_bonus_wish_with_too_few_worms_gives_in_turn_order():
    s = table(4, ocean=[card(WORMS)])
    s.worms = [2, 6, 6, 6]
    s, texts = play(s, "wish-0")
    assert s.dollars == [2, 0, 0, 0] and s.worms == [0, 7, 7, 6]
    assert ENGINE.breakdown(s)[0]["wishes"] == 2
    assert "gave a worm each to Bob and Carol" in texts[-1]


def test_spoilage_moves_market_fish_to_garbage_then_sells():
    s = table(3, ocean=[card(SPOIL, KING)], boats=[[card(MOVE1, STAR), -1]])
    set_market(s, CAT, [0, 2, 0])
    s, texts = play(s, "wish-0")  # one source, one owner, one fish: all forced
    assert market_fish(s, CAT) == [0, 1, 0] and s.garbage == [0, 1, 0]
    assert market_fish(s, STAR) == [1, 0, 0] and s.dollars[0] == 2 + 2  # two buyer on Starfish
    assert any("spoiled one of Bob's fish on Catfish" in t for t in texts)


def test_spoiling_ones_own_fish_says_their_own_not_ones_own_name():
    """Spoilage may take the player's own fish: the line says "their own", as a person would."""
    s = table(3, ocean=[card(SPOIL, KING)], boats=[[card(MOVE1, STAR), -1]])
    set_market(s, CAT, [2, 0, 0])  # only Alice's fish on the market: hers are spoiled
    s, texts = play(s, "wish-0")
    assert "Alice spoiled one of their own fish on Catfish (to the garbage)." in texts
    assert not any("one of Alice's fish" in t for t in texts)


def test_spoilage_returns_garbage_fish_to_its_owner():
    s = table(3, ocean=[card(SPOIL, KING)], boats=[[card(MOVE1, STAR), -1]])
    set_market(s, CAT, [0, 2, 0])
    s.garbage, s.supply[2] = [0, 0, 2], 13
    s, _ = play(s, "wish-0")
    assert {c.id for c in ENGINE.decisions(s)[0].choices} == {"market-4", "garbage"}
    s, _ = play(s, "garbage")
    assert s.garbage == [0, 0, 1] and s.supply[2] == 14 and market_fish(s, CAT) == [0, 2, 0]
    assert s.turn == 1  # the sale was forced


def test_spoilage_chooses_whose_fish():
    s = table(3, ocean=[card(SPOIL, KING)])
    set_market(s, CAT, [1, 2, 0])
    s, _ = play(s, "wish-0")
    assert ENGINE.decisions(s)[0].kind == "spoilwho"
    s, _ = play(s, "seat-0")
    assert market_fish(s, CAT) == [0, 2, 0] and s.garbage == [1, 0, 0] and s.turn == 1  # no fish to sell


def test_spread_all_buyers_keeps_highest_and_places_the_rest_on_empty_markets():
    s = table(3, ocean=[card(SPREAD)], buyers=[ANGEL, ANGEL, ANGEL, KING, KING])
    s, _ = play(s, "wish-0")
    d = ENGINE.decisions(s)[0]
    assert d.kind == "spread" and [c.id for c in d.choices] == [f"market-{m}" for m in range(2, 7)]
    assert d.choices[0].label == "To Starfish"
    assert d.choices[0].detail == "Move the 2 buyer from Angelfish to the empty Starfish market"
    s, _ = play(s, "market-2", "market-6")
    assert [c.id for c in ENGINE.decisions(s)[0].choices] == ["market-3", "market-4", "market-5"]
    s, _ = play(s, "market-3")
    assert s.buyers == [ANGEL, STAR, SWORD, KING, MONK] and s.turn == 1


def test_spread_all_buyers_with_no_crowded_market_does_nothing():
    s = table(3, ocean=[card(SPREAD)])
    s, _ = play(s, "wish-0")
    assert s.buyers == NO_BUYER_ON_CAT and s.turn == 1


def test_sell_as_another_kind_sells_all_of_a_kind_to_the_card_kinds_market():
    s = table(3, ocean=[card(SELLAS, KING)], boats=[[*cats(2), card(MOVE1, STAR)]])
    s, _ = play(s, "wish-0")
    d = ENGINE.decisions(s)[0]
    assert [c.id for c in d.choices] == ["kind-star", "kind-cat"]
    assert d.choices[1].label == "Sell all Catfish as Kingfish $8"
    assert d.choices[1].detail == "Sell all your Catfish as Kingfish: 2 fish × $4 = $8"
    s, _ = play(s, "kind-cat")
    assert market_fish(s, KING) == [2, 0, 0] and market_fish(s, CAT) == [0, 0, 0] and s.dollars[0] == 8
    assert s.boats[0] == [-1, -1, card(MOVE1, STAR)]


def test_move_buyer_past_the_last_market_wraps_to_the_first():
    s = table(3, ocean=[card(MOVE1, KING)], boats=[[card(MOVE3, ANGEL), -1]],
              buyers=[STAR, MONK, CAT, SWORD, SWORD])
    s, _ = play(s, "wish-0")  # both 1 buyers share Swordfish: no question which
    assert ENGINE.decisions(s)[0].kind == "steps"
    s, texts = play(s, "steps-2")
    assert s.buyers[3] == KING and "from Swordfish to Kingfish" in texts[0]
    assert s.dollars[0] == 2 and s.turn == 1  # then the only kind was sold at Angelfish


def test_move_buyer_asks_which_buyer_when_they_stand_apart():
    s = table(3, ocean=[card(MOVE1, KING)])
    s, _ = play(s, "wish-0")
    assert [c.id for c in ENGINE.decisions(s)[0].choices] == ["buyer-3", "buyer-4"]
    s, _ = play(s, "buyer-4", "steps-3")
    assert s.buyers[4] == (CLOWN + 3) % 7 and s.turn == 1


def test_move_buyer_3_sells_a_single_fish_double_pays_twice():
    s = table(3, ocean=[card(MOVE3, STAR)], boats=[[card(DOUBLE, CAT), card(MOVE1, STAR)]])
    s, _ = play(s, "wish-0", "steps-1")  # the 3 buyer moves Angelfish -> Kingfish
    assert ENGINE.decisions(s)[0].kind == "sellone"
    s, _ = play(s, "sell-0")
    assert market_fish(s, CAT) == [2, 0, 0] and s.dollars[0] == 4 and s.boats[0] == [-1, card(MOVE1, STAR)]


def test_boat_wish_adds_an_extra_boat():
    s = table(3, ocean=[card(BOAT)])
    s, _ = play(s, "wish-0")
    assert s.boats[0] == [-1, -1, -1] and s.boat_cards == [card(BOAT)]


# ---- the end -----------------------------------------------------------------------------------
def test_game_ends_when_last_limit_card_is_placed_then_garbage_and_worms_score():
    s = table(3, boats=[[cats(1)[0], -1]])
    s.full[:3], s.limits_placed = [0, 1, 2], 3
    set_market(s, CAT, [3, 3, 0])
    s.garbage, s.worms = [0, 2, 1], [5, 3, 3]
    s, texts = play(s, "sell-0")
    assert s.ended and ENGINE.decisions(s) == []
    res = ENGINE.result(s)
    assert res.breakdown[0] == {"sales": 2, "market bonuses": 12, "wishes": 0, "garbage": 0, "worm bonus": 8}
    assert res.breakdown[1] == {"sales": 0, "market bonuses": 6, "wishes": 0, "garbage": -8, "worm bonus": 4}
    assert res.scores == [22, 2, 0] and res.winners == [0] and "Game over" in texts[-1]


def test_game_ends_when_garbage_heap_reaches_ten():
    s = table(3, boats=[[cats(1)[0], -1]])
    s.full[CAT], s.limits_placed = 0, 1
    s.garbage = [4, 4, 1]
    s.worms = [0, 0, 0]
    s, _ = play(s, "sell-0")
    assert s.ended.startswith("the garbage heap holds 10")
    assert ENGINE.result(s).breakdown[0]["garbage"] == -8 and ENGINE.result(s).breakdown[1]["garbage"] == -4


def test_garbage_tie_for_most_each_lose_six_and_no_second_penalty():
    s = table(3, boats=[[cats(1)[0], -1]])
    s.full[CAT], s.limits_placed = 0, 1
    s.garbage, s.worms = [3, 4, 2], [0, 0, 0]
    s, texts = play(s, "sell-0")  # Alice's fish goes to the garbage: 4 / 4 / 2 = 10
    assert [b["garbage"] for b in ENGINE.result(s).breakdown] == [-6, -6, 0]
    assert "garbage: Alice -$6, Bob -$6" in texts[-1]


def test_worm_bonus_ties_for_most_split_and_no_second():
    s = table(3, boats=[[cats(1)[0], -1]])
    s.full[:3], s.limits_placed = [0, 1, 2], 3
    set_market(s, CAT, [6, 0, 0])
    s.worms = [4, 4, 1]
    s, _ = play(s, "sell-0")
    assert [b["worm bonus"] for b in ENGINE.result(s).breakdown] == [6, 6, 0]


def test_player_with_no_legal_action_passes_and_empty_ocean_ends_game():
    s = table(3, boats=[[cats(1)[0], -1], [-1, -1], cats(3)[1:]])
    s.ocean, s.ocean_worms, s.deck = [], [], []
    s.discard = [c for c in range(NCARDS) if c not in set(cats(3))]
    s, texts = play(s, "sell-0")
    assert s.turn == 2 and "Bob has no legal action and passes." in texts
    s, texts = play(s, "sell-0")  # then Carol's last fish is sold for her: her only choice
    assert "Carol sold 1 Catfish" in texts[-2]
    assert s.ended == "the deck and the ocean are empty and nobody can act"


def test_tie_on_dollars_is_a_shared_win():
    s = table(3)
    s.ended, s.dollars, s.ledger = "test", [10, 10, 3], ["0:sales:10", "1:sales:10", "2:sales:3"]
    res = ENGINE.result(s)
    assert res.winners == [0, 1] and res.ranks == [1, 1, 3]


def test_options_validate_first_player():
    with pytest.raises(BadOptions):
        ENGINE.new_game(NAMES[:3], {"first_player": 4}, 1)
    with pytest.raises(BadOptions):
        ENGINE.new_game(NAMES[:3], {"colour": "red"}, 1)
    with pytest.raises(BadOptions):
        ENGINE.new_game(NAMES[:1], None, 1)
    assert ENGINE.new_game(NAMES[:3], {"first_player": 3}, 1).turn == 2



def test_a_turn_notes_what_it_changed_for_the_board_until_the_next_turn_begins():
    s = table(3, ocean=[card(MOVE1, STAR)], boats=[[-1, -1], [card(SELLALL, CAT), -1]],
              buyers=[ANGEL, KING, KING, ANGEL, CLOWN])
    s, _ = play(s, "wish-0")  # Alice wishes Move Buyer 1: two 1 buyers stand apart, so she is asked which
    assert s.recent == ["slot-3"]
    s, _ = play(s, "buyer-4", "steps-3")  # the 1 buyer moves from Clownfish three steps (wrapping) to Kingfish
    assert s.recent == ["slot-3", f"market-{CLOWN}", f"market-{KING}"] and s.turn == 1
    s, _ = play(s, "sell-0")
    assert s.recent == [f"market-{CAT}", "dollars-1"]


# ---- the greedy AI -----------------------------------------------------------------------------
def test_greedy_sells_where_buyers_pay():
    s = table(3, boats=[[card(MOVE1, CAT), card(MOVE1, KING)]], buyers=[KING, KING, KING, ANGEL, ANGEL])
    s.worms[0] = 0
    assert ENGINE.choose(s, 0, "greedy", random.Random(0)) == "sell-1"  # Kingfish pays $9, Catfish $2


def test_greedy_avoids_dumping_into_the_garbage():
    s = table(3, boats=[[card(MOVE1, CAT), card(MOVE1, STAR)]], buyers=[KING, KING, KING, ANGEL, ANGEL])
    s.worms[0] = 0
    s.full[STAR], s.limits_placed = 0, 1  # both pay $2; a Starfish would go to the garbage
    assert ENGINE.choose(s, 0, "greedy", random.Random(0)) == "sell-0"


def test_greedy_uses_a_wish_when_it_scores():
    s = table(3, ocean=[card(SELLALL, KING)], boats=[cats(2)], buyers=[CAT, CAT, ANGEL, KING, KING])
    assert ENGINE.choose(s, 0, "greedy", random.Random(0)) == "wish-0"  # 2 Catfish at $7 beats one


def test_greedy_takes_a_cheap_fish_it_can_sell_well():
    s = table(3, ocean=[card(DOUBLE, CLOWN), card(DOUBLE, KING), card(DOUBLE, MONK), card(DOUBLE, SWORD)],
              buyers=[KING, KING, KING, ANGEL, ANGEL])
    assert ENGINE.choose(s, 0, "greedy", random.Random(0)) == "boat-1"  # one worm for a $9 Kingfish


def test_the_first_player_option_is_described_as_players_count_seats():
    described = ENGINE.Options.model_fields["first_player"].description
    assert described == "the seat that starts, 1 = first to join (default: random)"
