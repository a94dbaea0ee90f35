"""Push Fish scenarios: every item and every character ability."""

from __future__ import annotations

import pytest

from engines.pushfish import ENGINE, sim
from engines.pushfish.cards import GROUND
from engines.pushfish.state import FACE_DOWN, catches, hand
from tests.pushfish_helpers import (
    CENTRE,
    MISS,
    OUTSIDE,
    clear_space,
    game,
    give,
    ids,
    play,
    put,
    quiet,
    script,
)


# ---- items ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name,first,second", [
    ("Father's Sushi Restaurant", "Mackerel", "Sardine"),
    ("Coral Kingdom", "Clownfish", "Angelfish"),
    ("Clean the Sea", "Old Boot", "Fossil"),
    ("Riverside Picnic", "Carp", "Trout"),
    ("Abyss Expedition", "Lanternfish", "Viperfish"),
])
def test_catch_two_items_allow_a_second_catch_of_their_kind(monkeypatch, name, first, second):
    s = quiet(game(chars=("hattori", "jack")))
    a, b = put(s, 0, first), put(s, 1, second)
    used = give(s, 0, name)
    za, zb = (("W", "M", "S", "SS")[GROUND[c].strength] for c in (a, b))
    script(monkeypatch, casts=[0, 1], stops=[CENTRE[za], CENTRE[zb]])
    s, _ = play(s, 0, "cast-r1c1", "hit-r1c1", f"aim-{za}-c")
    assert s.phase == "after" and "items" in ids(s)
    s, _ = play(s, 0, "items", f"item-{used}", "cast-r1c2", "hit-r1c2", f"aim-{zb}-c")
    assert catches(s, 0) == [a, b] and used in s.idiscard


def test_catch_two_round_fights_only_cards_of_that_kind(monkeypatch):
    s = quiet(game(chars=("hattori", "jack")))
    put(s, 0, "Mackerel")
    put(s, 1, "Clownfish")
    sushi = give(s, 0, "Father's Sushi Restaurant")
    script(monkeypatch, casts=[0, 1], stops=[CENTRE["M"]])
    s, _ = play(s, 0, "cast-r1c1", "hit-r1c1", "aim-M-c", "items", f"item-{sushi}", "cast-r1c2")
    assert s.phase == "cast" and not any(i.startswith("hit-") for i in ids(s))


def test_catch_two_item_cannot_be_played_for_another_kind(monkeypatch):
    s = quiet(game(chars=("hattori", "jack")))
    mackerel = put(s, 0, "Mackerel")
    give(s, 0, "Coral Kingdom")
    script(monkeypatch, casts=[0], stops=[CENTRE["M"]])
    s, _ = play(s, 0, "cast-r1c1", "hit-r1c1", "aim-M-c", "items")
    assert catches(s, 0) == [mackerel] and ids(s) == ["back"]  # the items step is asked, the card is not playable


def test_rare_sinkers_give_one_more_rod_action(monkeypatch):
    s = quiet(game(chars=("hattori", "jack")))
    sardine = put(s, 0, "Sardine")
    sinkers = give(s, 0, "Rare Sinkers")
    script(monkeypatch, casts=[0], stops=[OUTSIDE] * 3 + [CENTRE["W"]])
    s, _ = play(s, 0, "cast-r1c1", "hit-r1c1", "aim-W-c", "aim-W-c", "aim-W-c")
    assert s.phase == "lost" and ids(s) == ["items", "end"]
    s, _ = play(s, 0, "items", f"item-{sinkers}", "aim-W-c")
    assert catches(s, 0) == [sardine]


def test_golden_reel_gives_a_cast_and_a_rod_action(monkeypatch):
    s = quiet(game(chars=("hattori", "jack")))
    put(s, 0, "Sardine")
    reel = give(s, 0, "Golden Reel")
    script(monkeypatch, casts=[0])
    s, _ = play(s, 0, "items", f"item-{reel}")
    assert s.casts == 4
    s, _ = play(s, 0, "cast-r1c1", "hit-r1c1")
    assert s.rods == 4


@pytest.mark.parametrize("name,extra", [("Spare Bait", 1), ("Bait Bucket", 2)])
def test_bait_items_give_extra_casts_after_three_misses(monkeypatch, name, extra):
    s = quiet(game(chars=("hattori", "jack")))
    bait = give(s, 0, name)
    script(monkeypatch, casts=[MISS, MISS, MISS])
    s, _ = play(s, 0, "cast-r1c1", "cast-r1c1", "cast-r1c1")
    assert s.phase == "nohit" and set(ids(s)) == {"items", "end"}
    s, _ = play(s, 0, "items", f"item-{bait}")
    assert s.phase == "cast" and s.casts == extra


def test_magic_stone_fills_the_nearest_empty_space():
    s = quiet(game(chars=("hattori", "jack")))
    clear_space(s, 7, bottom=False)
    top = s.pile[-1]
    stone = give(s, 0, "Magic Stone")
    s, _ = play(s, 0, "items", f"item-{stone}")
    assert s.ground[7] == top and not s.faceup[7] and stone in s.idiscard


def test_fish_finder_peeks_privately():
    s = quiet(game(chars=("hattori", "jack")))
    finder = give(s, 0, "Fish Finder")
    target = put(s, 10, "Coelacanth")
    s, ev = play(s, 0, "items", f"item-{finder}-r3c1")
    private = [e for e in ev if e.private_to == 0]
    assert private and "Coelacanth" in private[0].text
    assert all("Coelacanth" not in e.text for e in ev if e.private_to is None)
    assert ENGINE.view(s, 0).known[10] == target and ENGINE.view(s, 1).known[10] == -1
    assert ENGINE.view(s, None).ground[10] == FACE_DOWN and finder in s.idiscard


def test_a_fish_finder_is_played_with_its_space_in_one_choice_of_the_item_list():
    s = quiet(game(chars=("hattori", "jack")))
    finder, stone = give(s, 0, "Fish Finder"), give(s, 0, "Magic Stone")
    clear_space(s, 7, bottom=False)
    s, _ = play(s, 0, "items")
    spaces = [f"item-{finder}-r{p // 5 + 1}c{p % 5 + 1}" for p in range(20) if s.ground[p] >= 0 and not s.faceup[p]]
    assert ids(s) == [*spaces, f"item-{stone}", "back"] and len(spaces) > 10 and f"item-{finder}" not in ids(s)
    s, _ = play(s, 0, "back")
    assert sorted(hand(s, 0)) == sorted([finder, stone]) and s.sub == ""


def test_steady_hands_widens_the_zone(monkeypatch):
    s = quiet(game(chars=("jack", "hattori")))
    pike = put(s, 0, "Pike")
    steady = give(s, 0, "Steady Hands")
    edge = sim.ZONES[2][1] + 2  # just past the S zone
    script(monkeypatch, casts=[0], stops=[edge])
    s, _ = play(s, 0, "cast-r1c1", "hit-r1c1", "items", f"item-{steady}", "aim-S-hi")
    assert catches(s, 0) == [pike]


def test_tired_fish_makes_the_hooked_fish_one_step_weaker(monkeypatch):
    s = quiet(game(chars=("jack", "hattori")))
    shark = put(s, 0, "Hammerhead")
    tired = give(s, 0, "Tired Fish")
    script(monkeypatch, casts=[0], stops=[CENTRE["S"]])
    s, _ = play(s, 0, "cast-r1c1", "hit-r1c1", "items", f"item-{tired}")
    assert ENGINE.view(s, 0).zone == 2
    s, _ = play(s, 0, "aim-S-c")
    assert catches(s, 0) == [shark]


def test_calm_water_casts_with_the_smaller_spread(monkeypatch):
    s = quiet(game(chars=("jack", "hattori")))
    calm = give(s, 0, "Calm Water")
    calls = script(monkeypatch, casts=[MISS])
    s, _ = play(s, 0, "items", f"item-{calm}", "cast-r4c1")
    assert calls == [("cast", 15, True)]


def test_items_list_is_private_and_played_items_are_announced():
    s = quiet(game(chars=("jack", "hattori")))
    give(s, 0, "Calm Water")
    s, _ = play(s, 0, "items")
    decision = ENGINE.decisions(s)[0]
    assert decision.private and decision.kind == "items"
    assert ENGINE.view(s, None).hand == [] and ENGINE.view(s, None).hand_sizes[0] == 1


# ---- abilities --------------------------------------------------------------------------------------
def test_knight_william_recasts_a_bait_that_missed(monkeypatch):
    s = quiet(game(chars=("william", "jack")))
    assert "ability" not in ids(s)
    script(monkeypatch, casts=[MISS, MISS, MISS])
    s, _ = play(s, 0, "cast-r1c1", "cast-r1c1", "cast-r1c1")
    assert s.phase == "nohit" and "ability" in ids(s)
    s, ev = play(s, 0, "ability")
    assert s.casts == 1 and s.phase == "cast" and "ability" not in ids(s)
    assert ev[0].text.startswith("Ann uses Knight William's ability (\"")  # the name unbracketed, as AI names have brackets


def test_captain_jack_peek_is_private_to_him():
    s = quiet(game(chars=("jack", "william")))
    kraken = put(s, 2, "Kraken")
    s, ev = play(s, 0, "ability", "peek-r1c3")
    assert [e.private_to for e in ev if "Kraken" in e.text] == [0]
    assert ENGINE.view(s, 0).known[2] == kraken
    assert ENGINE.view(s, 1).known[2] == -1 and ENGINE.view(s, None).known[2] == -1
    assert all("Kraken" not in line for line in s.log_tail)
    assert "ability" not in ids(s)


def test_wizard_loony_swaps_two_face_down_cards():
    s = quiet(game(chars=("loony", "jack")))
    a, b = put(s, 0, "Carp"), put(s, 19, "Coelacanth")
    s, _ = play(s, 0, "ability", "swap-r4c5", "swap-r1c1")
    assert s.ground[0] == b and s.ground[19] == a and s.used


def test_samurai_hattori_widens_the_zone(monkeypatch):
    s = quiet(game(chars=("hattori", "jack")))
    pike = put(s, 0, "Pike")
    script(monkeypatch, casts=[0], stops=[sim.ZONES[2][0] - 3])
    s, _ = play(s, 0, "cast-r1c1", "hit-r1c1", "ability", "aim-S-lo")
    assert catches(s, 0) == [pike]


def test_viking_warlord_treats_the_fish_one_step_weaker(monkeypatch):
    s = quiet(game(chars=("viking", "jack")))
    pike = put(s, 0, "Pike")
    put(s, 1, "Sardine")
    script(monkeypatch, casts=[0], stops=[CENTRE["M"]])
    s, _ = play(s, 0, "cast-r1c1", "hit-r1c1", "ability")
    assert ENGINE.view(s, 0).zone == 1
    s, _ = play(s, 0, "aim-M-c")
    assert catches(s, 0) == [pike]


def test_viking_warlord_is_not_offered_for_a_weak_fish(monkeypatch):
    s = quiet(game(chars=("viking", "jack")))
    put(s, 0, "Sardine")
    script(monkeypatch, casts=[0])
    s, _ = play(s, 0, "cast-r1c1", "hit-r1c1")
    assert "ability" not in ids(s)


def test_chef_ramsay_discards_an_item_to_draw_one():
    s = quiet(game(chars=("ramsay", "jack")))
    stone = give(s, 0, "Magic Stone")
    s, _ = play(s, 0, "ability")
    assert ENGINE.decisions(s)[0].private
    s, ev = play(s, 0, f"toss-{stone}")
    assert stone in s.idiscard and len(hand(s, 0)) == 1 and hand(s, 0) != [stone] and s.used
    assert any(e.private_to == 0 for e in ev)
