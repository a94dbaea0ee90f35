"""This Big! rule scenarios: answers, Lunkers, picks, the 2-player rules, decks, the end and advanced rules."""

from __future__ import annotations

import pytest

from engines.core import BadOptions, IllegalChoice, NotYourTurn
from engines.thisbig import ENGINE
from engines.thisbig.cards import FACES
from engines.thisbig.state import ThisBigState, points
from tests.thisbig_helpers import face_list, ids, press_forced, table

LURES3 = ["lure-r lure-y lure-lunker"] * 4


def take(state, faces):
    """Move cards of these faces out of the rubbish pile (where an empty River left them)."""
    out = []
    for f in faces.split():
        card = next(c for c in state.junk if FACES[c] == f)
        state.junk.remove(card)
        out.append(card)
    return out


def cast(state, face):
    """The caster casts a lure face; every opponent with a single legal answer presses its one button."""
    state, events = ENGINE.apply(state, state.turn, face)
    state, more = press_forced(state)
    return state, events + more


# ---- the five answer guidelines (3+ players) ----------------------------------------------------

def test_answer_exactly_one_matching_fish_must_be_played():
    state = table(["g1", "r3 y2 b5", "y1 y2 boot"], LURES3[:3])
    state, events = ENGINE.apply(state, 0, "lure-r")
    assert ids(state, 1) == ["r3"] and ids(state, 2) == ["boot", "pass"]
    state, more = ENGINE.apply(state, 1, "r3")
    events += more
    assert state.status[1] == 2 and face_list(state.down[1]) == ["r3"]
    assert any(e.private_to == 1 and "red 3" in e.text for e in events)
    assert not any("red 3" in e.text for e in events if e.private_to is None)


def test_answer_several_matching_fish_must_play_one_of_them():
    state = table(["g1", "r1 r4 y2", "r2 boot b3"], LURES3[:3])
    state, _ = cast(state, "lure-r")
    assert ids(state, 1) == ["r1", "r4"]
    state, _ = ENGINE.apply(state, 1, "r4")
    assert face_list(state.down[1]) == ["r4"] and face_list(state.hands[1]) == ["r1", "y2"]


def test_answer_matching_fish_and_rubbish_may_play_either():
    state = table(["g1", "r2 tire y2", "y1 b2 b3"], LURES3[:3])
    state, _ = cast(state, "lure-r")
    assert ids(state, 1) == ["r2", "tire"]
    with pytest.raises(IllegalChoice):
        ENGINE.apply(state, 1, "pass")


def test_answer_rubbish_without_match_may_play_it_or_say_no_catch():
    state = table(["g1", "can y2", "r2 boot b3"], LURES3[:3])
    state, _ = cast(state, "lure-r")
    assert ids(state, 1) == ["can", "pass"]
    state, events = ENGINE.apply(state, 1, "pass")
    assert state.status[1] == 3 and state.lacks[1] == 1  # the table learns: no red fish


def test_answer_nothing_playable_must_say_no_catch():
    state = table(["g1", "y1 y2 b1", "r1 r2 boot"], LURES3[:3])
    state, events = ENGINE.apply(state, 0, "lure-r")
    assert ids(state, 1) == ["pass"]
    state, events = ENGINE.apply(state, 1, "pass")
    assert state.status[1] == 3 and ids(state, 1) == []
    assert "P1: No Catch!" in [e.text for e in events]


def test_answers_are_simultaneous_in_any_order():
    state = table(["g1", "r1 r4 y2", "r2 boot b3", "can y5 y4 y3"], LURES3)
    state, _ = cast(state, "lure-r")
    pending = ENGINE.decisions(state)
    assert [d.seat for d in pending] == [1, 2, 3] and all(d.private and d.kind == "answer" for d in pending)
    a, _ = ENGINE.apply(state, 3, "can")
    a, _ = ENGINE.apply(a, 1, "r1")
    b, _ = ENGINE.apply(state, 1, "r1")
    b, _ = ENGINE.apply(b, 3, "can")
    assert a.down == b.down and a.status == b.status == [0, 2, 1, 2]
    assert ENGINE.view(a, None).status == ["", "answered", "thinking", "answered"]
    assert ids(a, 2) == ids(state, 2) == ["r2", "boot"]
    with pytest.raises(NotYourTurn):
        ENGINE.apply(a, 1, "r4")  # an answer is final


# ---- Lunker lures -------------------------------------------------------------------------------

def test_lunker_equal_largest_fish_offers_a_choice_among_them():
    state = table(["g1", "r5 b5 g3 boot", "y1 b2 b3"], LURES3[:3])
    state, _ = cast(state, "lure-lunker")
    assert ids(state, 1) == ["r5", "b5"]
    assert face_list(state.down[2]) == ["b3"]  # a single largest fish is the only button


def test_lunker_against_a_hand_without_fish_answers_rubbish_or_no_catch():
    state = table(["g1", "boot can", "tire", "y3"], LURES3)
    state, _ = cast(state, "lure-lunker")
    assert ids(state, 1) == ["boot", "can", "pass"] and ids(state, 2) == ["tire", "pass"]
    state, _ = ENGINE.apply(state, 1, "pass")
    assert state.lacks[1] == 15  # no fish of any colour


def test_everyone_passing_ends_the_turn_and_the_caster_still_draws():
    state = table(["g1", "y1 y2", "b1 b2"], LURES3[:3], tackle="lure-b")
    state, events = cast(state, "lure-r")
    assert "No card was played: P0's turn ends." in [e.text for e in events]
    assert state.turn == 1 and state.phase == "cast"
    assert face_list(state.lures[0]) == ["lure-b", "lure-lunker", "lure-y"]
    assert any(e.private_to == 0 and "blue lure" in e.text for e in events)


# ---- the pick, the bucket, restock --------------------------------------------------------------

def test_pick_is_public_by_seat_and_never_names_the_card():
    state = table(["g1", "r1 r4 y2", "r2 boot b3"], LURES3[:3])
    state, _ = cast(state, "lure-r")
    state, _ = ENGINE.apply(state, 1, "r4")
    state, _ = ENGINE.apply(state, 2, "boot")
    (decision,) = ENGINE.decisions(state)
    assert decision.kind == "pick" and not decision.private and decision.seat == 0
    assert [(c.id, c.label) for c in decision.choices] == [("pick-1", "P1's card"), ("pick-2", "P2's card")]


def test_picked_fish_goes_to_the_bucket_and_its_owner_restocks():
    state = table(["g1", "r1 r4 y2", "r2 boot b3"], LURES3[:3], river="g5", tackle="lure-b")
    state, _ = cast(state, "lure-r")
    state, _ = ENGINE.apply(state, 1, "r4")
    state, _ = ENGINE.apply(state, 2, "boot")
    state, events = ENGINE.apply(state, 0, "pick-1")
    assert face_list(state.buckets[0]) == ["r4"] and points(state, 0) == 4
    assert face_list(state.hands[1]) == ["g5", "r1", "y2"]  # restocked from the River
    assert face_list(state.hands[2]) == ["b3", "boot", "r2"]  # the unpicked card went back
    assert "lure-b" in face_list(state.lures[0]) and state.turn == 1
    assert {e.private_to for e in events if e.kind == "draw"} == {0, 1}


def test_a_pick_says_whose_bucket_total_it_is_with_1_point_singular():
    state = table(["g1", "r1 y2", "r2 b3"], LURES3[:3])
    state, _ = cast(state, "lure-r")
    state, events = ENGINE.apply(state, 0, "pick-1")
    assert "P0 picks P1's card: red 1, into the bucket: P0 now has 1 point." in [e.text for e in events]
    assert not any("(1 points)" in e.text or "points)" in e.text for e in events)


def test_a_lone_card_played_is_taken_without_a_choice_and_the_line_says_so():
    """With one card face down the caster has nothing to choose: it is taken at once, and the line says it was the
    only one played rather than that the caster picked it."""
    state = table(["g1", "r1 y2", "b3 y4"], LURES3[:3])
    state, events = cast(state, "lure-r")  # P1 must play red 1; P2 holds no red fish nor rubbish: No Catch
    texts = [e.text for e in events]
    assert "P0 takes P1's card, the only one: red 1, into the bucket: P0 now has 1 point." in texts
    assert not any(" picks " in t for t in texts)


def test_a_penalty_pick_says_the_rubbish_goes_in_at_minus_one_and_whose_total_follows():
    state = table(["g1", "r4 y2", "boot b3"], LURES3[:3], rubbish_penalty=True)
    state.buckets[0] = [c for c in range(32) if FACES[c] == "y2" and c not in state.hands[1]][:1]
    state.river.remove(state.buckets[0][0])
    state, _ = cast(state, "lure-r")
    state, _ = ENGINE.apply(state, 2, "boot")
    state, events = ENGINE.apply(state, 0, "pick-2")
    assert "P0 picks P2's card: boot, into the bucket at -1: P0 now has 1 point." in [e.text for e in events]


def test_the_rubbish_pile_shows_the_last_rubbish_caught_on_top():
    state = table(["g1", "r1 r4 y2", "r2 boot b3"], LURES3[:3])
    state.junk = [c for c in state.river if FACES[c] == "tire"][:1]
    state.river.remove(state.junk[0])
    state, _ = cast(state, "lure-r")
    state, _ = ENGINE.apply(state, 1, "r4")
    state, _ = ENGINE.apply(state, 2, "boot")
    state, _ = ENGINE.apply(state, 0, "pick-2")
    assert ENGINE.view(state, None).junk == ["tire", "boot"]


def test_the_last_catch_stays_in_view_until_the_next_cast():
    state = table(["g1", "r1 r4 y2", "r2 boot b3"], LURES3[:3])
    state, _ = cast(state, "lure-r")
    state, _ = ENGINE.apply(state, 1, "r4")
    state, _ = ENGINE.apply(state, 2, "boot")
    state, _ = ENGINE.apply(state, 0, "pick-1")
    view = ENGINE.view(state, None)
    assert (view.caught, view.caught_by, view.caught_from) == ("r4", 0, 1)
    state, _ = cast(state, "lure-y")
    assert ENGINE.view(state, None).caught == ""


def test_picked_rubbish_goes_to_the_rubbish_discard():
    state = table(["g1", "r1 r4 y2", "r2 boot b3"], LURES3[:3])
    state, _ = cast(state, "lure-r")
    state, _ = ENGINE.apply(state, 1, "r4")
    state, _ = ENGINE.apply(state, 2, "boot")
    state, _ = ENGINE.apply(state, 0, "pick-2")
    assert face_list(state.junk) == ["boot"] and state.buckets[0] == [] and points(state, 0) == 0


def test_single_face_down_card_is_picked_automatically():
    state = table(["g1", "r3 y2", "y1 b2"], LURES3[:3])
    state, events = cast(state, "lure-r")
    assert face_list(state.buckets[0]) == ["r3"] and state.turn == 1


# ---- the 2-player rules -------------------------------------------------------------------------

def test_two_player_two_matching_fish_must_both_be_played():
    state = table(["g1", "r1 r4 r5 y2"], LURES3[:2])
    state, _ = cast(state, "lure-r")
    assert ids(state, 1) == ["r1-r4", "r1-r5", "r4-r5"]
    state, _ = ENGINE.apply(state, 1, "r4-r5")
    assert face_list(state.down[1]) == ["r4", "r5"]
    (decision,) = ENGINE.decisions(state)
    assert [c.id for c in decision.choices] == ["pick-1-1", "pick-1-2"]
    assert [c.label for c in decision.choices] == ["P1's first card", "P1's second card"]


def test_two_player_fish_and_rubbish_must_both_be_played_and_caster_chooses():
    state = table(["g1", "r2 boot y2"], LURES3[:2], river="b5")
    state, _ = cast(state, "lure-r")  # the only legal answer (red 2 and boot) is the only button
    assert face_list(state.down[1]) == ["boot", "r2"] and state.phase == "pick"
    first, second = state.down[1]
    state, _ = ENGINE.apply(state, 0, "pick-1-1")
    assert state.buckets[0] + state.junk == [first]
    assert second in state.hands[1] and face_list(state.hands[1]) == sorted(["b5", "y2", FACES[second]])


def test_two_player_single_matching_fish_is_played_alone():
    state = table(["g1", "r2 y2 y3"], LURES3[:2])
    state, _ = cast(state, "lure-r")
    assert face_list(state.buckets[0]) == ["r2"]  # the only answer, picked at once as the only card down


def test_two_player_rubbish_is_never_played_alone():
    state = table(["g1", "boot can y3"], LURES3[:2])
    state, events = cast(state, "lure-r")
    assert "P1: No Catch!" in [e.text for e in events] and state.turn == 1


def test_two_player_lunker_takes_the_largest_fish_never_rubbish():
    state = table(["g1", "r5 b5 g2 boot"], LURES3[:2])
    state, _ = cast(state, "lure-lunker")
    assert face_list(state.down[1]) == ["b5", "r5"] and state.phase == "pick"


# ---- decks --------------------------------------------------------------------------------------

def test_tackle_box_reshuffles_the_lure_discard_when_empty():
    state = table(["g1", "y1", "b1"], LURES3[:3], tackle="", discard="lure-g")
    assert state.tackle == [] and len(state.discard) > 1
    pool = sorted(state.discard + [c for c in state.lures[0] if FACES[c] == "lure-r"])
    state, events = cast(state, "lure-r")  # nobody answers; P0 must draw from an empty Tackle Box
    assert "reshuffle" in [e.kind for e in events] and state.discard == []
    drawn = [c for c in state.lures[0] if c in pool]
    assert len(drawn) == 1 and sorted(state.tackle + drawn) == pool
    assert state.tackle != sorted(state.tackle)  # shuffled


def test_river_exhaustion_stops_restocking():
    state = table(["g1 b1", "r1 r4 y2", "r2 boot b3"], LURES3[:3], river="", target=60)
    state.river = take(state, "g5")
    state, _ = cast(state, "lure-r")
    state, _ = ENGINE.apply(state, 1, "r4")
    state, _ = ENGINE.apply(state, 2, "boot")
    state, events = ENGINE.apply(state, 0, "pick-1")
    assert face_list(state.hands[1]) == ["g5", "r1", "y2"] and state.river == []
    assert "The River is empty: nobody restocks from now on." in [e.text for e in events]
    state, _ = cast(state, "lure-r")  # P1 casts; P0 has no red; P2 must choose
    state, events = ENGINE.apply(state, 2, "r2")  # the only card down is picked at once
    assert face_list(state.buckets[1]) == ["r2"] and face_list(state.hands[2]) == ["b3", "boot"]
    assert not [e for e in events if e.kind == "draw" and e.private_to == 2]


# ---- the end ------------------------------------------------------------------------------------

def test_end_when_the_caster_reaches_the_target():
    state = table(["g1", "r5 y2", "y1"], LURES3[:3])
    state.buckets[0] = [c for c in range(32) if FACES[c] in ("g5", "b2") and c not in state.hands[0]][:2]
    state, events = cast(state, "lure-r")
    assert state.phase == "over" and points(state, 0) == 12
    result = ENGINE.result(state)
    assert result.winners == [0] and ENGINE.decisions(state) == []
    assert "reached 10 points" in result.summary


def test_end_when_every_river_hand_is_empty_most_points_wins():
    state = table(["", "r3", "b2"], ["lure-r lure-y", "lure-b lure-y", "lure-g lure-y"], river="", target=60)
    state.buckets[2] = take(state, "y4")
    state, _ = cast(state, "lure-r")  # P1's red 3 is caught
    assert state.phase == "cast" and state.turn == 1
    state, _ = cast(state, "lure-b")  # P2's blue 2 is caught: every River hand is empty now
    assert state.phase == "over" and "no fish is left" in state.ended
    result = ENGINE.result(state)
    assert result.scores == [3, 2, 4] and result.winners == [2]


def test_end_with_only_rubbish_left_in_hands():
    state = table(["boot", "r3", "can tire"], LURES3[:3], river="", target=60)
    state, _ = cast(state, "lure-r")
    state, _ = ENGINE.apply(state, 2, "pass")  # P1's red 3, the last fish in any hand, is caught
    assert state.phase == "over" and ENGINE.result(state).scores == [3, 0, 0]


def test_end_tie_is_shared():
    state = table(["", "r3", ""], LURES3[:3], river="", target=60)
    state.buckets[1] = take(state, "b3")
    state, _ = cast(state, "lure-r")
    result = ENGINE.result(state)
    assert result.scores == [3, 3, 0] and result.winners == [0, 1] and result.ranks == [1, 1, 3]


# ---- advanced rules -----------------------------------------------------------------------------

def test_rubbish_penalty_puts_caught_rubbish_in_the_bucket_at_minus_one():
    state = table(["g1", "r4 y2", "boot b3"], LURES3[:3], rubbish_penalty=True)
    state, _ = cast(state, "lure-r")
    state, _ = ENGINE.apply(state, 2, "boot")
    state, _ = ENGINE.apply(state, 0, "pick-2")
    assert face_list(state.buckets[0]) == ["boot"] and points(state, 0) == -1 and state.junk == []


def test_hand_dump_at_seven_adds_every_hands_fish_to_the_buckets():
    state = table(["g1 boot", "r4 y2 can", "r1 b3"], LURES3[:3], hand_dump=True)
    state.buckets[0] = [c for c in range(32) if FACES[c] == "g3" and c not in state.hands[0]][:1]
    state, _ = cast(state, "lure-r")
    state, _ = ENGINE.apply(state, 1, "r4")  # P2 pressed its only button, the red 1
    state, events = ENGINE.apply(state, 0, "pick-1")  # 3 + 4 = 7
    assert state.phase == "over"
    texts = [e.text for e in events]  # one threshold named in both lines, the score beside it
    assert "P0 reaches 7 points: every hand's fish go into its owner's bucket." in texts
    assert "Game over: P0 reached 7 points and every hand went into the buckets. P0 wins with 8 points." in texts
    result = ENGINE.result(state)
    assert result.scores == [8, 2, 4] and result.breakdown[1] == {"fish": 0, "from hand": 2}
    assert face_list(state.hands[1]) == ["can"]  # rubbish stays in hand without the penalty rule
    assert result.winners == [0]


def test_the_game_over_line_says_wins_with_1_point_and_counts_winners_not_the_word_and():
    state = table(["boot", "can", "tire"], ["lure-r lure-y"] * 3, river="", tackle="", target=60,
                  rubbish_penalty=True)
    state.buckets[0] = take(state, "r1")
    state.players[0] = "Salt and Pepper"
    for caster in (0, 1, 2):  # a whole round with no card played ends the game
        state, _ = ENGINE.apply(state, caster, "lure-r")
        for seat in sorted({0, 1, 2} - {caster}):
            state, events = ENGINE.apply(state, seat, "pass")
    assert events[-1].text == ("Game over: a whole round of casts passed with no card played. "
                               "Salt and Pepper wins with 1 point.")


def test_option_descriptions_read_to_a_player_within_discord_s_100_characters():
    described = {name: f.description for name, f in ENGINE.Options.model_fields.items()}
    assert all(text and len(text) <= 100 and "None" not in text for text in described.values())
    assert described["target"] == "points to win (default 10; 7 with 5-6 players)"
    assert described["first_player"] == "the seat that starts, 1 = first to join (default: random)"


def test_hand_dump_with_penalty_dumps_rubbish_too():
    state = table(["g1", "r4 y2 can", "r1 b3"], LURES3[:3], hand_dump=True, rubbish_penalty=True)
    state.buckets[0] = [c for c in range(32) if FACES[c] == "g3" and c not in state.hands[0]][:1]
    state, _ = cast(state, "lure-r")
    state, _ = ENGINE.apply(state, 1, "r4")  # P2 pressed its only button, the red 1
    state, events = ENGINE.apply(state, 0, "pick-1")
    assert "P0 reaches 7 points: every hand's cards go into its owner's bucket." in [e.text for e in events]
    result = ENGINE.result(state)
    assert result.breakdown[1] == {"fish": 0, "rubbish": 0, "from hand": 1} and state.hands[1] == []
    assert result.scores == [8, 1, 4]


def test_reveal_uncaught_shows_the_unpicked_cards_publicly():
    state = table(["g1", "r1 r4 y2", "r2 boot b3", "r3 y1"], LURES3, reveal_uncaught=True)
    state, _ = cast(state, "lure-r")
    state, _ = ENGINE.apply(state, 1, "r4")
    state, _ = ENGINE.apply(state, 2, "boot")
    state, events = ENGINE.apply(state, 0, "pick-1")
    reveal = [e for e in events if e.kind == "reveal"]
    assert len(reveal) == 1 and reveal[0].private_to is None
    assert "P2's boot" in reveal[0].text and "P3's red 3" in reveal[0].text
    public = ENGINE.view(state, None)
    assert public.revealed[2] == ["boot"] and public.known[3] == ["r3"] and public.known[1] == []


def test_uncaught_cards_stay_secret_without_the_reveal_rule():
    state = table(["g1", "r1 r4 y2", "r2 boot b3"], LURES3[:3])
    state, _ = cast(state, "lure-r")
    state, _ = ENGINE.apply(state, 1, "r4")
    state, _ = ENGINE.apply(state, 2, "boot")
    state, events = ENGINE.apply(state, 0, "pick-1")
    assert not any("boot" in e.text for e in events if e.private_to is None)
    assert ENGINE.view(state, None).known == [[], [], []]


# ---- setup and options --------------------------------------------------------------------------

@pytest.mark.parametrize(("players", "river", "lures", "target"),
                         [(2, 5, 3, 10), (3, 4, 3, 10), (4, 4, 3, 10), (5, 3, 2, 7), (6, 3, 2, 7)])
def test_deal_follows_the_table(players, river, lures, target):
    state = next(s for seed in range(50)
                 if not (s := ENGINE.new_game([f"P{i}" for i in range(players)], {}, seed=seed)).discard)
    assert [len(h) for h in state.hands] == [river] * players
    assert [len(h) for h in state.lures] == [lures] * players and state.target == target
    assert len(state.river) == 40 - river * players and len(state.tackle) == 25 - lures * players


def test_options_reject_a_target_below_the_default_and_an_absent_first_player():
    with pytest.raises(BadOptions):
        ENGINE.new_game(["a", "b", "c"], {"target": 8}, seed=1)
    with pytest.raises(BadOptions):
        ENGINE.new_game(["a", "b", "c"], {"first_player": 4}, seed=1)
    with pytest.raises(BadOptions):
        ENGINE.new_game(["a", "b"], {"colour": "red"}, seed=1)
    assert ENGINE.new_game(["a"] * 5, {"target": 8}, seed=1).target == 8


def test_first_player_is_the_hosts_choice_else_random_from_the_seed():
    assert ENGINE.new_game(["a", "b", "c"], {"first_player": 3}, seed=1).turn == 2
    firsts = {ENGINE.new_game(["a", "b", "c"], {}, seed=s).turn for s in range(30)}
    assert firsts == {0, 1, 2}


def test_cast_decision_is_private_and_lists_the_lures():
    state = table(["g1", "r1", "y1"], LURES3[:3])
    (decision,) = ENGINE.decisions(state)
    assert decision.private and decision.kind == "cast"
    assert [c.id for c in decision.choices] == ["lure-r", "lure-y", "lure-lunker"]


def test_hand_dump_uses_the_hosts_target_when_one_is_set():
    assert ENGINE.new_game(["a", "b", "c"], {"hand_dump": True}, seed=1).dump_at == 7
    assert ENGINE.new_game(["a", "b", "c"], {"hand_dump": True, "target": 12}, seed=1).dump_at == 12
    assert ENGINE.new_game(["a", "b", "c"], {"target": 12}, seed=1).dump_at == 0


def test_a_picked_known_card_is_no_longer_known():
    state = table(["g1", "r1 r4 y2", "r2 boot b3"], LURES3[:3], reveal_uncaught=True)
    state, _ = cast(state, "lure-r")
    state, _ = ENGINE.apply(state, 1, "r4")
    state, _ = ENGINE.apply(state, 2, "boot")
    state, _ = ENGINE.apply(state, 0, "pick-1")  # P2's boot is shown and goes back
    assert ENGINE.view(state, None).known[2] == ["boot"]
    state, _ = cast(state, "lure-r")  # P1 casts red: P0 has none, P2 answers
    state, _ = ENGINE.apply(state, 2, "boot")  # the only card down: caught at once
    assert ENGINE.view(state, None).known[2] == [] and face_list(state.junk) == ["boot"]


def _caught_after_a_private_restock(restock: str, known_copy_first: bool) -> ThisBigState:
    """P1's red 1 is shown and goes back; P1 then restocks `restock` in private, and a red 1 of P1's is caught."""
    state = table(["g1", "r1 boot", "r2 y1"], ["lure-r lure-r", "lure-b lure-b", "lure-r lure-r"],
                  river=f"y2 {restock}", reveal_uncaught=True)
    if not known_copy_first:  # the table deals a face's lower id first: give P1 the other red 1
        swap = {0: 1, 1: 0}
        state.hands = [sorted(swap.get(c, c) for c in hand) for hand in state.hands]
        state.river = [swap.get(c, c) for c in state.river]
    for seat, cid in [(0, "lure-r"), (1, "r1"), (2, "r2"), (0, "pick-2"),  # P1's red 1 shown, taken back
                      (1, "lure-b"), (0, "pass"), (2, "pass"),
                      (2, "lure-r"), (0, "pass"), (1, "boot"),  # the boot is caught: P1 restocks unseen
                      (0, "lure-r"), (1, "r1"), (2, "pass")]:  # a red 1 of P1's is caught
        state, _ = ENGINE.apply(state, seat, cid)
    return state


def test_a_shown_card_stays_known_only_while_the_table_can_know_it():
    # Rulebook: hands are "secret from opponents"; a card shown by the reveal rule is known only until it leaves.
    # P1 answers with the copy the table saw, so a second red 1 drawn unseen never shows in the public view.
    states = [_caught_after_a_private_restock("r1", True), _caught_after_a_private_restock("r1", False),
              _caught_after_a_private_restock("y3", False)]
    views = [ENGINE.view(s, None).model_dump() for s in states]
    assert views[0] == views[1] == views[2]
    assert views[0]["known"] == [[], [], []] and "r1" in face_list(states[1].hands[1])
