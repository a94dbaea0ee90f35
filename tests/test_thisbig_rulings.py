"""This Big! rulings of issue 11: every opponent answers every cast, the rubbish-penalty end, the hand dump's
threshold, the texts players read and short labels."""

from __future__ import annotations

from engines.core import MAX_DETAIL
from engines.thisbig import ENGINE, ThisBigOptions
from tests.thisbig_helpers import face_list, table

LURES3 = ["lure-r lure-y lure-lunker"] * 3


def public(events) -> list[str]:
    return [e.text for e in events if e.private_to is None]


def choices(state, seat):
    return [(c.id, c.label, c.detail) for d in ENGINE.decisions(state) if d.seat == seat for c in d.choices]


def test_a_forced_answer_looks_to_the_caster_exactly_like_a_free_one():
    forced = table(["g1 b2", "r3 y2", "b1 y4"], LURES3)  # P1 can only play the red 3
    free = table(["g1 b2", "r3 can", "b1 y4"], LURES3)  # P1 may play the red 3 or the can
    (a, news_a), (b, news_b) = ENGINE.apply(forced, 0, "lure-r"), ENGINE.apply(free, 0, "lure-r")
    assert ENGINE.view(a, 0) == ENGINE.view(b, 0) and ENGINE.view(a, None) == ENGINE.view(b, None)
    assert [d.seat for d in ENGINE.decisions(a)] == [d.seat for d in ENGINE.decisions(b)] == [1, 2]
    assert public(news_a) == public(news_b) == ["P0 casts a red lure."]
    (a, news_a), (b, news_b) = ENGINE.apply(a, 1, "r3"), ENGINE.apply(b, 1, "r3")
    assert ENGINE.view(a, 0) == ENGINE.view(b, 0) and public(news_a) == public(news_b)


def test_every_opponent_answers_every_cast_even_with_one_legal_answer():
    state = table(["g1", "r3 y2", "b1 y4"], LURES3)
    state, _ = ENGINE.apply(state, 0, "lure-r")
    assert choices(state, 1) == [("r3", "You must play your red 3", "It is your only legal answer")]
    assert choices(state, 2) == [("pass", "You must say No Catch!", "It is your only legal answer")]
    assert state.down == [[], [], []] and ENGINE.view(state, 0).status == ["", "thinking", "thinking"]


def test_a_caster_holding_one_kind_of_lure_still_casts_it_by_hand():
    state = table(["g1", "r3", "b1"], ["lure-r lure-r", "lure-g", "lure-b"])
    assert state.phase == "cast" and choices(state, 0) == [
        ("lure-r", "You must cast your red lure", "It is the only kind of lure you hold")]


def test_automatic_forced_answers_option_answers_at_once_and_says_what_it_gives_away():
    state = table(["g1", "r3 y2", "b1 y4"], LURES3, auto_forced=True)
    state, events = ENGINE.apply(state, 0, "lure-r")  # P1 must play the red 3, P2 must say No Catch
    assert face_list(state.buckets[0]) == ["r3"] and state.turn == 1  # answered and picked at once
    description = ThisBigOptions.model_fields["auto_forced"].description
    assert all(word in description for word in ("casts", "answers", "no choice", "fish")) and len(description) <= 100
    assert ENGINE.new_game(["a", "b"], {}, seed=1).auto_forced is False


def test_with_the_rubbish_penalty_the_game_ends_only_when_every_river_hand_is_empty():
    state = table(["boot", "r3", "can tire"], ["lure-r lure-y"] * 3, river="", target=60, rubbish_penalty=True)
    state, _ = ENGINE.apply(state, 0, "lure-r")
    state, _ = ENGINE.apply(state, 1, "r3")
    state, _ = ENGINE.apply(state, 2, "pass")  # the red 3, the last fish in any hand, is caught
    assert state.phase == "cast" and state.turn == 1  # the rubbish left in hand still counts: play goes on
    while state.phase != "over":  # everyone plays rubbish whenever they may: the caster always picks it
        d = ENGINE.decisions(state)[0]
        state, _ = ENGINE.apply(state, d.seat, d.choices[0].id)
    assert state.hands == [[], [], []] and "every River hand is empty" in state.ended


def test_with_the_rubbish_penalty_a_whole_round_of_casts_without_a_card_played_ends_the_game():
    state = table(["boot", "can", "tire"], ["lure-r lure-y"] * 3, river="", tackle="", target=60,
                  rubbish_penalty=True)
    for caster in (0, 1, 2):  # every caster casts; both others say No Catch
        assert state.turn == caster and state.phase == "cast"
        state, _ = ENGINE.apply(state, caster, "lure-r")
        for seat in sorted({0, 1, 2} - {caster}):
            state, events = ENGINE.apply(state, seat, "pass")
    assert state.phase == "over" and "a whole round of casts passed with no card played" in state.ended
    assert "Game over: a whole round of casts passed with no card played." in " ".join(public(events))


def test_a_card_played_starts_the_round_without_a_card_again():
    state = table(["boot can", "can", "tire"], ["lure-r lure-y"] * 3, river="", tackle="", target=60,
                  rubbish_penalty=True)
    state, _ = ENGINE.apply(state, 0, "lure-r")
    for seat in (1, 2):
        state, _ = ENGINE.apply(state, seat, "pass")
    state, _ = ENGINE.apply(state, 1, "lure-r")
    state, _ = ENGINE.apply(state, 0, "boot")  # a card is played (and caught at once, the only one down)
    state, _ = ENGINE.apply(state, 2, "pass")
    for caster in (2, 0):
        state, _ = ENGINE.apply(state, caster, "lure-y")
        for seat in sorted({0, 1, 2} - {caster}):
            state, _ = ENGINE.apply(state, seat, "pass")
    assert state.phase == "cast" and state.turn == 1  # two dry casts since the boot: not yet a whole round


def test_hand_dump_stays_at_seven_when_the_host_types_the_default_target():
    def dump(players: int, **options) -> int:
        return ENGINE.new_game([f"P{i}" for i in range(players)], {"hand_dump": True, **options}, seed=1).dump_at
    assert dump(3) == dump(3, target=10) == 7 and dump(3, target=12) == 12
    assert dump(5) == dump(5, target=7) == 7 and dump(5, target=8) == 8


def test_when_everyone_says_no_catch_the_text_never_says_nobody_can_answer():
    state = table(["g1", "y1 can", "b1 boot"], LURES3)
    state, _ = ENGINE.apply(state, 0, "lure-r")
    state, _ = ENGINE.apply(state, 1, "pass")
    state, events = ENGINE.apply(state, 2, "pass")
    texts = public(events)
    assert "No card was played: P0's turn ends." in texts and not any("can answer" in t for t in texts)


def test_lunker_answer_prompt_says_you_must_play_your_largest_fish():
    state = table(["g1", "r5 b5 g3", "boot can"], LURES3)
    state, _ = ENGINE.apply(state, 0, "lure-lunker")
    prompts = {d.seat: d.prompt for d in ENGINE.decisions(state)}
    assert prompts[1] == "P0 cast a Lunker lure: you must play your largest fish (any colour)"
    assert prompts[2] == "P0 cast a Lunker lure: you hold no fish, so play a rubbish card or say No Catch"


def test_answer_and_cast_buttons_have_short_labels_and_the_sentence_in_detail():
    state = table(["g1", "r3 r4 boot", "y1 y2"], LURES3)
    assert choices(state, 0)[0] == ("lure-r", "Red lure", "Cast your red lure: opponents answer with a red "
                                                          "fish or a rubbish card")
    state, _ = ENGINE.apply(state, 0, "lure-r")
    assert choices(state, 1) == [("r3", "Red 3", "Play your red 3 face down"),
                                 ("r4", "Red 4", "Play your red 4 face down"),
                                 ("boot", "Boot", "Play your boot face down")]
    two = table(["g1", "r3 r4 boot"], LURES3[:2])
    two, _ = ENGINE.apply(two, 0, "lure-r")
    assert ("r3-boot", "Red 3 + boot", "Play your red 3 and boot face down") in choices(two, 1)
    for labels in (choices(state, 1), choices(two, 1)):
        assert all(len(label) <= 24 and len(detail) <= MAX_DETAIL for _, label, detail in labels)
