"""The words Wishes players read: short labels that keep their meaning, full sentences in each choice's detail."""

from __future__ import annotations

import random

from engines.core import MAX_DETAIL
from engines.wishes import ENGINE
from engines.wishes.cards import BOAT, DOUBLE, SELLALL, SELLAS, SPOIL
from engines.wishes.labels import SHORT_LABEL
from tests.test_wishes_rules import CAT, CLOWN, KING, STAR, SWORD, card, set_market, table

LONG_NAMES = ["Bartholomew the Unbelievably Lo", "Wilhelmina Featherstonehaugh-Sm", "Maximilian von Habsburg-Lothrin",
              "Anastasia Konstantinopolitanova", "Christopher Montgomery-Whitfiel"]  # 31 characters each


def _every_decision(games: int):
    """Every pending decision of random and greedy games with long names, at every player count."""
    for seed in range(games):
        n = 2 + seed % 4
        state = ENGINE.new_game(LONG_NAMES[:n], None, seed)
        rnd = random.Random(seed)
        level = "greedy" if seed % 5 == 0 else "random"
        while pending := ENGINE.decisions(state):
            yield pending[0]
            state, _ = ENGINE.apply(state, state.turn, ENGINE.choose(state, state.turn, level, rnd))


def test_no_label_or_detail_is_clipped_or_over_its_limit_in_many_games():
    labels = 0
    for decision in _every_decision(100):
        assert "…" not in decision.prompt
        texts = [c.label for c in decision.choices]
        assert len(set(texts)) == len(texts), texts  # two choices never read the same
        for c in decision.choices:
            labels += 1
            assert 0 < len(c.label) <= SHORT_LABEL and "…" not in c.label, c.label
            assert 0 < len(c.detail) <= MAX_DETAIL and "…" not in c.detail, c.detail
    assert labels > 10_000


def test_take_label_keeps_the_worm_cost_and_gain_even_for_a_deep_slot_with_many_worms():
    s = table(3, ocean=[card(SELLAS, CLOWN), card(SELLAS, CAT), card(SELLAS, STAR), card(SELLAS, SWORD)])
    s.ocean_worms = [0, 0, 0, 17]
    s.worms[0] = 3
    choices = {c.id: c for c in ENGINE.decisions(s)[0].choices}
    assert choices["boat-3"].label == "Take Swordfish, slot 4: pay 3, get 17 worms"
    assert choices["wish-3"].label == "Wish Sell as Another Kind, slot 4: pay 3, get 17 worms"
    assert choices["boat-3"].detail == ("Put Swordfish (Sell as Another Kind) from slot 4 into a boat; "
                                        "pay 3, get 17 worms")
    assert "get 17 worms" in choices["wish-3"].detail


def test_spoilage_prompt_names_the_wish_once():
    s = table(3, ocean=[card(SPOIL, SWORD)], boats=[[card(SELLALL, KING), -1]])
    set_market(s, CAT, [1, 2, 0])
    set_market(s, KING, [0, 1, 0])
    s, _ = ENGINE.apply(s, 0, "wish-0")
    prompt = ENGINE.decisions(s)[0].prompt
    assert prompt.count("Spoilage") == 1
    assert prompt == "Alice, Spoilage: move a wooden fish from where?"
    s, _ = ENGINE.apply(s, 0, f"market-{CAT}")
    prompt = ENGINE.decisions(s)[0].prompt
    assert prompt.count("Spoilage") == 1
    assert prompt == "Alice, Spoilage: whose fish on Catfish goes to the garbage?"


def test_wish_boat_choice_says_the_card_becomes_an_extra_boat():
    s = table(3, ocean=[card(BOAT, CAT)])
    wish = {c.id: c for c in ENGINE.decisions(s)[0].choices}["wish-0"]
    assert "extra boat" in wish.label
    assert wish.detail == "Keep Catfish face down from slot 1 as an extra, empty boat"
    s, events = ENGINE.apply(s, 0, "wish-0")
    assert "as an extra boat" in events[0].text and len(s.boats[0]) == 3


def test_choice_labels_are_short_and_details_say_the_whole_move():
    s = table(3, ocean=[card(BOAT, CAT), card(SELLALL, KING), card(DOUBLE, CAT), card(SPOIL, SWORD)],
              boats=[[card(SELLALL, KING), -1]])
    s.ocean_worms = [0, 0, 1, 0]
    choices = {c.id: c for c in ENGINE.decisions(s)[0].choices}
    assert choices["boat-0"].label == "Take Catfish, slot 1"
    assert choices["boat-0"].detail == "Put Catfish (Boat) from slot 1 into a boat"
    assert choices["wish-1"].label == "Wish Sell All of One Kind, slot 2: pay 1 worm"
    assert choices["wish-1"].detail == "Throw back Kingfish from slot 2 to sell all of one kind; pay 1 worm"
    assert choices["boat-2"].label == "Take Catfish ×2, slot 3: pay 2, get 1 worm"
    assert choices["sell-0"].label == "Boat 1: sell Kingfish $4"
    assert choices["sell-0"].detail == "Sell Kingfish (Sell All of One Kind) from boat 1: 1 fish × $4 = $4"


def test_choices_are_grouped_the_way_the_board_is_laid_out():
    s = table(3, ocean=[card(BOAT, CAT), card(SELLALL, KING), card(DOUBLE, CAT), card(SPOIL, SWORD)],
              boats=[[card(SELLALL, KING), -1]])
    groups = {c.id: c.group for c in ENGINE.decisions(s)[0].choices}
    assert groups == {"boat-0": "Into a boat", "wish-0": "For its wish", "boat-1": "Into a boat",
                      "wish-1": "For its wish", "boat-2": "Into a boat", "boat-3": "Into a boat",
                      "wish-3": "For its wish", "sell-0": "Sell"}
