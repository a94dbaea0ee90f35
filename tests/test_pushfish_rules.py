"""Push Fish scenarios: the turn, missions, refill, hand limit, ends and modes."""

from __future__ import annotations

import pytest

from engines.core import IllegalChoice
from engines.pushfish import ENGINE, choices, sim
from engines.pushfish.cards import GROUND, ITEMS, MISSIONS, pts
from engines.pushfish.state import catches, hand
from tests.pushfish_helpers import (
    CENTRE,
    MISS,
    OUTSIDE,
    card,
    clear_space,
    empty_hands,
    game,
    give,
    ids,
    item,
    play,
    put,
    quiet,
    script,
    set_catches,
    take_out,
)


def mission(name):
    return next(i for i, m in enumerate(MISSIONS) if m.name == name)


# ---- the turn --------------------------------------------------------------------------------------
def test_cast_hit_and_rod_action_catch_a_fish_and_pass_the_turn(monkeypatch):
    s = quiet(game(chars=("hattori", "jack")))
    mackerel = put(s, 0, "Mackerel")
    script(monkeypatch, casts=[0], stops=[CENTRE["M"]])
    s, ev = play(s, 0, "cast-r1c1", "hit-r1c1", "aim-M-c")
    assert catches(s, 0) == [mackerel] and s.turn == 1 and s.ground[0] != mackerel
    assert any("GET!" in e.text for e in ev)


def test_points_read_1_pt_and_2_pts_on_cards_items_missions_and_the_catch_line(monkeypatch):
    assert (pts(0), pts(1), pts(2)) == ("0 pts", "1 pt", "2 pts")
    assert choices.item("item", item("Spare Bait")).label == "Spare Bait (1 pt)"
    assert choices.item("drop", item("Bait Bucket")).label == "Bait Bucket (2 pts)"
    assert choices.mission(mission("Sardine Run")).label == "Sardine Run (2 pts)"
    s = quiet(game(chars=("hattori", "jack")))
    put(s, 0, "Sardine")
    script(monkeypatch, casts=[0], stops=[CENTRE["W"]])
    s, ev = play(s, 0, "cast-r1c1", "hit-r1c1", "aim-W-c")
    assert "GET! Ann catches Sardine (1 pt, W)." in [e.text for e in ev]
    assert not any("1 pts" in e.text for e in ev)


def test_a_miss_can_hook_the_neighbour_instead(monkeypatch):
    s = quiet(game(chars=("hattori", "jack")))
    put(s, 1, "Sardine")
    script(monkeypatch, casts=[1])
    s, _ = play(s, 0, "cast-r1c1")
    assert s.hits == (1,) and s.faceup[1] and "hit-r1c2" in ids(s)


def test_player_chooses_among_several_hits_and_the_others_stay_face_up(monkeypatch):
    s = quiet(game(chars=("hattori", "jack")))
    put(s, 0, "Sardine")
    salmon = put(s, 6, "Pink Salmon")
    script(monkeypatch, casts=[0, 6], stops=[CENTRE["M"]])
    s, _ = play(s, 0, "cast-r1c1", "recast", "cast-r2c2")
    assert {"hit-r1c1", "hit-r2c2"} <= set(ids(s)) and "recast" in ids(s)
    s, _ = play(s, 0, "hit-r2c2", "aim-M-c")
    assert catches(s, 0) == [salmon] and s.faceup[0]


def test_no_hit_after_three_casts_gives_an_encouragement_item_and_ends_the_turn(monkeypatch):
    s = quiet(game(chars=("hattori", "jack")))
    script(monkeypatch, casts=[MISS, MISS, MISS])
    s, _ = play(s, 0, "cast-r1c1", "cast-r1c1", "cast-r1c1")
    assert len(hand(s, 0)) == 1 and s.turn == 1


def test_failed_rod_actions_leave_the_card_face_up_and_give_encouragement(monkeypatch):
    s = quiet(game(chars=("hattori", "jack")))
    pike = put(s, 0, "Pike")
    script(monkeypatch, casts=[0], stops=[OUTSIDE] * 3)
    s, _ = play(s, 0, "cast-r1c1", "hit-r1c1", "aim-S-c", "aim-S-c", "aim-S-c")
    assert s.ground[0] == pike and s.faceup[0] and len(hand(s, 0)) == 1 and s.turn == 1


def test_choice_ids_are_short_and_have_no_colon(monkeypatch):
    s = quiet(game(chars=("hattori", "jack")))
    put(s, 0, "Pike")
    script(monkeypatch, casts=[0])
    s, _ = play(s, 0, "cast-r1c1", "hit-r1c1")
    assert "aim-S-c" in ids(s) and all(len(i) <= 24 and ":" not in i for i in ids(s))


# ---- missions, refill, hand limit --------------------------------------------------------------------
def test_a_fish_counts_for_one_mission_only_and_one_mission_per_turn(monkeypatch):
    s = quiet(game(chars=("hattori", "jack")))
    market, run = mission("Fish Market"), mission("Sardine Run")
    s.mdeck = tuple(m for m in s.mdeck if m not in (market, run))
    s.offer = (market, run, -1, -1, -1)
    salmon = card("Pink Salmon")
    for c in (salmon, card("Sardine")):
        take_out(s, c)
        set_catches(s, 0, catches(s, 0) + [c])
    put(s, 0, "Mackerel")
    script(monkeypatch, casts=[0], stops=[CENTRE["M"]])
    s, _ = play(s, 0, "cast-r1c1", "hit-r1c1", "aim-M-c")
    assert s.phase == "mission" and set(ids(s)) == {f"mission-{market}", f"mission-{run}", "skip"}
    s, ev = play(s, 0, f"mission-{market}")
    assert "Ann claims mission Fish Market (3 pts) with Pink Salmon, Mackerel." in [e.text for e in ev]
    assert s.won[0] == (market,) and set(s.spent) == {salmon, card("Mackerel")}
    assert s.turn == 1 and s.offer[1] == run
    assert ENGINE._claimable(s, 0) == []  # Sardine Run needs the Mackerel already used


def test_the_mission_row_is_refilled_when_the_next_turn_begins(monkeypatch):
    s = game(chars=("hattori", "jack"))
    empty_hands(s)
    first = s.offer[0]
    set_catches(s, 0, list(fulfil_cards(MISSIONS[first].needs)))
    for c in catches(s, 0):
        take_out(s, c)
    deck = len(s.mdeck)
    script(monkeypatch, casts=[MISS, MISS, MISS])
    s, _ = play(s, 0, "cast-r1c1", "cast-r1c1", "cast-r1c1")
    s, _ = play(s, 0, f"mission-{first}")
    assert s.turn == 1 and first not in s.offer and -1 not in s.offer and len(s.mdeck) == deck - 1


def fulfil_cards(needs):
    from engines.pushfish.cards import fulfil

    return fulfil(needs, list(range(len(GROUND))))


def test_ground_refills_when_three_spaces_are_empty(monkeypatch):
    s = quiet(game(chars=("hattori", "jack")))
    for p in (10, 11):
        clear_space(s, p)
    put(s, 0, "Sardine")
    pile = len(s.pile)
    script(monkeypatch, casts=[0], stops=[CENTRE["W"]])
    s, ev = play(s, 0, "cast-r1c1", "hit-r1c1", "aim-W-c")
    assert -1 not in s.ground and len(s.pile) == pile - 3 and not any(s.faceup[p] for p in (0, 10, 11))
    assert any("refilled" in e.text for e in ev)


def test_two_empty_spaces_are_not_refilled(monkeypatch):
    s = quiet(game(chars=("hattori", "jack")))
    clear_space(s, 10)
    put(s, 0, "Sardine")
    script(monkeypatch, casts=[0], stops=[CENTRE["W"]])
    s, _ = play(s, 0, "cast-r1c1", "hit-r1c1", "aim-W-c")
    assert s.ground.count(-1) == 2


def test_treasure_gives_items_and_the_hand_limit_lets_the_player_choose_the_discard(monkeypatch):
    s = quiet(game(chars=("hattori", "jack")))
    chest = put(s, 0, "Treasure Chest")
    for name in ("Magic Stone", "Calm Water", "Spare Bait", "Fish Finder"):
        give(s, 0, name)
    script(monkeypatch, casts=[0], stops=[CENTRE["S"]])
    s, ev = play(s, 0, "cast-r1c1", "hit-r1c1", "aim-S-c")
    assert catches(s, 0) == [chest] and len(hand(s, 0)) == 7
    decision = ENGINE.decisions(s)[0]
    assert decision.private and decision.kind == "discard" and decision.seat == 0
    drop = hand(s, 0)[0]
    s, _ = play(s, 0, f"drop-{drop}")
    s, _ = play(s, 0, f"drop-{hand(s, 0)[0]}")
    assert len(hand(s, 0)) == 5 and drop in s.idiscard
    assert ENGINE.scores(s)[1][0]["fish"] == 0


def test_the_item_discard_is_reshuffled_when_the_deck_runs_out(monkeypatch):
    s = quiet(game(chars=("hattori", "jack")))
    s.idiscard, s.items = s.items, ()
    script(monkeypatch, casts=[MISS, MISS, MISS])
    s, ev = play(s, 0, "cast-r1c1", "cast-r1c1", "cast-r1c1")
    assert any("shuffled" in e.text for e in ev) and len(hand(s, 0)) == 1 and len(s.items) == 27


# ---- ends and modes ------------------------------------------------------------------------------------
@pytest.mark.parametrize("name,zone", [("Golden Fish", "S"), ("Kraken", "SS")])
def test_golden_fish_and_kraken_need_two_successes_and_end_the_game(monkeypatch, name, zone):
    s = quiet(game(chars=("hattori", "jack")))
    legend = put(s, 0, name)
    script(monkeypatch, casts=[0], stops=[CENTRE[zone], CENTRE[zone]])
    s, _ = play(s, 0, "cast-r1c1", "hit-r1c1", f"aim-{zone}-c")
    assert catches(s, 0) == [] and s.succ == 1
    s, _ = play(s, 0, f"aim-{zone}-c")
    result = ENGINE.result(s)
    assert catches(s, 0) == [legend] and result is not None and ENGINE.decisions(s) == []
    assert result.breakdown[0]["fish"] == 10


def test_the_game_over_line_says_landing_a_legend_ends_the_game_not_who_wins(monkeypatch):
    s = quiet(game(chars=("hattori", "jack")))
    big = [c for c, g in enumerate(GROUND) if g.score >= 8 and g.kind != "legend" and c in s.pile][:3]
    for c in big:
        take_out(s, c)
    set_catches(s, 1, big)  # Bob is far ahead on points
    put(s, 0, "Golden Fish")
    script(monkeypatch, casts=[0], stops=[CENTRE["S"], CENTRE["S"]])
    s, ev = play(s, 0, "cast-r1c1", "hit-r1c1", "aim-S-c", "aim-S-c")
    result = ENGINE.result(s)
    assert result is not None and result.winners == [1]
    line = "Ann landed the Golden Fish, which ends the game."
    assert s.ended == line and result.summary == line and ev[-1].text == line
    assert not any("caught the Golden Fish" in e.text or "Game over: Ann" in e.text for e in ev)


@pytest.mark.parametrize("length,goal", [("short", 5), ("medium", 7), ("long", 10)])
def test_the_game_ends_when_a_player_reaches_the_length_in_fish(monkeypatch, length, goal):
    s = quiet(game(chars=("hattori", "jack"), length=length))
    assert s.fish_goal == goal
    fish = [c for c, g in enumerate(GROUND) if g.score and g.name != "Flounder" and c in s.pile]
    set_catches(s, 0, fish[: goal - 1])
    for c in catches(s, 0):
        take_out(s, c)
    set_catches(s, 0, catches(s, 0) + [card("Fossil")])  # finds do not count toward the end
    take_out(s, card("Fossil"))
    put(s, 0, "Flounder", 1)
    script(monkeypatch, casts=[0], stops=[CENTRE["W"]])
    s, _ = play(s, 0, "cast-r1c1", "hit-r1c1", "aim-W-c")
    assert ENGINE.result(s) is not None and s.ended == f"Ann has caught {goal} fish, which ends the game."


def test_the_game_ends_when_ground_and_pile_are_empty():
    s = quiet(game(chars=("hattori", "jack")))
    s.pile = ()
    s.ground = (-1,) * 20
    events = []
    ENGINE._start_turn(s, 1, events)
    assert ENGINE.result(s) is not None and s.ended == "The fishing ground and the pile are empty, which ends the game."
    assert [e.text for e in events] == [s.ended]


def test_option_descriptions_read_to_a_player_within_discord_s_100_characters():
    described = {name: f.description for name, f in ENGINE.Options.model_fields.items()}
    assert all(text and len(text) <= 100 for text in described.values())
    assert not any(word in text for text in described.values() for word in ("None", "0-based"))
    assert described["legendary"] == "Legendary Angler seats (1 more item; rare fish take 2 successes), 1 = first to join, e.g. 1, 3"
    assert described["characters"].endswith("(default: random)")


def test_first_game_mode_has_no_items_missions_or_abilities_and_three_fish_win(monkeypatch):
    s = game(chars=("william", "jack"), first_game=True)
    assert s.hands == ((), ()) and s.offer == (-1,) * 5 and s.fish_goal == 3
    set_catches(s, 0, [card("Carp", 0), card("Carp", 1)])
    for c in catches(s, 0):
        take_out(s, c)
    put(s, 0, "Sardine")
    script(monkeypatch, casts=[MISS, 0], stops=[CENTRE["W"]])
    s, _ = play(s, 0, "cast-r1c1")
    assert "ability" not in ids(s) and "items" not in ids(s)
    s, _ = play(s, 0, "cast-r1c1", "hit-r1c1", "aim-W-c")
    result = ENGINE.result(s)
    assert result.winners == [0] and result.breakdown[0] == {"fish": 3}


def test_hard_mode_needs_the_whole_bait_on_the_card_and_the_whole_token_in_the_zone(monkeypatch):
    x, y = sim.centre(0)
    for hard, hooked in ((False, True), (True, False)):
        s = quiet(game(chars=("hattori", "jack"), hard=hard))
        put(s, 0, "Sardine")
        script(monkeypatch, casts=[(x + 25, y)])
        s, _ = play(s, 0, "cast-r1c1")
        assert (s.hits == (0,)) is hooked
    assert sim.in_zone(sim.ZONES[1][0] + 1, 1, 0.0, False) and not sim.in_zone(sim.ZONES[1][0] + 1, 1, 0.0, True)


def test_legendary_angler_takes_an_item_and_needs_two_successes_on_rare_fish(monkeypatch):
    s = game(chars=("hattori", "jack"), legendary=[1])
    assert [len(hand(s, seat)) for seat in (0, 1)] == [3, 2]
    empty_hands(s)
    put(s, 0, "Seahorse")
    script(monkeypatch, casts=[0], stops=[CENTRE["M"]])
    s, _ = play(s, 0, "cast-r1c1", "hit-r1c1", "aim-M-c")
    assert s.need == 2 and s.succ == 1 and catches(s, 0) == []
    t = quiet(game(chars=("hattori", "jack"), legendary=[2]))
    put(t, 0, "Seahorse")
    script(monkeypatch, casts=[0], stops=[CENTRE["M"]])
    t, _ = play(t, 0, "cast-r1c1", "hit-r1c1", "aim-M-c")
    assert len(catches(t, 0)) == 1


def test_noisy_free_for_all_secret_targets_then_fights_in_turn_order(monkeypatch):
    s = game(n=3, chars=("hattori", "jack", "loony"), noisy=True)
    empty_hands(s)
    s.first = 0
    a, b = put(s, 0, "Sardine"), put(s, 4, "Carp")
    decisions = ENGINE.decisions(s)
    assert [d.seat for d in decisions] == [0, 1, 2] and all(d.private and d.kind == "volley" for d in decisions)
    script(monkeypatch, casts=[0, 4, MISS], stops=[CENTRE["W"], CENTRE["W"]])
    s, _ = play(s, 1, "cast-r1c5")
    assert ENGINE.view(s, 0).submitted == [False, True, False]
    s, _ = play(s, 0, "cast-r1c1")
    s, ev = play(s, 2, "cast-r1c3")
    assert len(hand(s, 2)) == 1 and s.turn == 0 and s.phase == "rod"
    s, _ = play(s, 0, "aim-W-c")
    assert catches(s, 0) == [a] and s.turn == 1 and s.phase == "rod"
    s, _ = play(s, 1, "aim-W-c")
    assert catches(s, 1) == [b] and s.phase == "volley" and s.first == 1


def test_noisy_free_for_all_tangled_lines_break(monkeypatch):
    s = game(n=2, chars=("hattori", "jack"), noisy=True)
    empty_hands(s)
    put(s, 0, "Sardine")
    script(monkeypatch, casts=[0, 0])
    s, ev = play(s, 0, "cast-r1c1")
    s, ev = play(s, 1, "cast-r1c2")
    assert [len(hand(s, seat)) for seat in (0, 1)] == [1, 1] and s.phase == "volley"
    public = [e.text for e in ev if e.private_to is None]
    casts = ("Free-for-all casts: Ann aimed at row 1, col 1 and tangled there; "
             "Bob aimed at row 1, col 2 and tangled at row 1, col 1.")
    assert casts in public and public.index(casts) > public.index("Bob has chosen a secret target.")


def test_noisy_secret_target_does_not_change_other_views():
    s = game(n=2, chars=("hattori", "jack"), noisy=True)
    a, _ = play(s, 0, "cast-r1c1")
    b, _ = play(s, 0, "cast-r4c5")
    assert ENGINE.view(a, 1) == ENGINE.view(b, 1) and ENGINE.view(a, None) == ENGINE.view(b, None)


def test_first_player_is_the_highest_flip_then_the_stronger_and_flips_stay_face_up():
    for seed in range(30):
        s = ENGINE.new_game(["a", "b", "c", "d"], {}, seed)
        ranks = [(GROUND[s.ground[p]].number, GROUND[s.ground[p]].strength) for p in s.flips]
        assert ranks[s.turn] == max(ranks)
        assert all(s.faceup[p] for p in s.flips)


def test_characters_are_assigned_from_the_seed_or_chosen():
    s = ENGINE.new_game(["a", "b", "c"], {}, 5)
    assert len(set(s.chars)) == 3
    assert game(chars=("ramsay", "viking")).chars == (5, 4)


def test_bad_options_are_refused():
    from engines.core import BadOptions

    with pytest.raises(BadOptions):
        ENGINE.new_game(["a", "b"], {"characters": ["jack", "jack"]}, 1)
    with pytest.raises(BadOptions):
        ENGINE.new_game(["a", "b"], {"legendary": [4]}, 1)
    with pytest.raises(BadOptions):
        ENGINE.new_game(["a", "b"], {"length": "epic"}, 1)


def test_an_unoffered_choice_is_refused():
    s = quiet(game(chars=("hattori", "jack")))
    with pytest.raises(IllegalChoice):
        ENGINE.apply(s, 0, "aim-W-c")
    assert ITEMS and item("Magic Stone") >= 0


def test_a_flick_inside_a_widened_zone_says_how_far_the_zone_counts(monkeypatch):
    """A stop in another zone's colours can still count when the fish's zone is widened (Samurai Hattori, Steady
    Hands); the line gives the span that counts, so "stops at 35 (W), inside the M zone" does not read as a slip."""
    s = quiet(game(chars=("hattori", "jack")))
    put(s, 0, "Seahorse")
    script(monkeypatch, casts=[0], stops=[35.0])
    s, _ = play(s, 0, "cast-r1c1", "hit-r1c1")
    s.tol = 4.0
    s, ev = play(s, 0, "aim-M-c")
    assert "Ann flicks at M centre: stops at 35 (W), inside the M zone (34 to 70 counts)." in [e.text for e in ev]
    plain = quiet(game(chars=("hattori", "jack")))
    put(plain, 0, "Seahorse")
    script(monkeypatch, casts=[0], stops=[CENTRE["M"]])
    plain, ev = play(plain, 0, "cast-r1c1", "hit-r1c1", "aim-M-c")
    assert any(e.text.endswith("inside the M zone.") for e in ev)  # no span when the zone is as drawn


def test_a_hit_with_no_baits_left_does_not_offer_to_cast_again(monkeypatch):
    """The HIT prompt offers another cast only while baits are left, and says how many."""
    s = quiet(game(chars=("hattori", "jack")))
    put(s, 0, "Seahorse")
    script(monkeypatch, casts=[0])
    s, _ = play(s, 0, "cast-r1c1")
    assert ENGINE.decisions(s)[0].prompt == "Ann: HIT! Fight one hooked card, or cast again (2 baits left)"
    s.casts = 0
    d = ENGINE.decisions(s)[0]
    assert d.prompt == "Ann: HIT! Fight one hooked card (no baits left)" and not any(
        c.id.startswith("cast-") for c in d.choices)
