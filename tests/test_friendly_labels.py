"""Friendly Fishing words players read: short button labels, the full sentence in the detail, nothing clipped."""

from __future__ import annotations

import random

from engines.core import MAX_DETAIL
from engines.friendly import ENGINE
from engines.friendly.labels import column
from engines.friendly.tiles import BOARDS, KIND_NAMES, TILE_KIND, a_tile, tile_words
from tests.friendly_helpers import kinds, make, play
from tests.test_friendly_playouts import SETUPS

SHORT = 20  # a label that fits a phone button; a player's name may be longer (Discord allows 32)
LONG_NAMES = [f"{chr(65 + i)}-{'w' * 30}" for i in range(5)]  # 32 characters, Discord's longest display name


def labels_of(state):
    """(label, detail) of every choice on offer now."""
    return [(c.label, c.detail) for c in ENGINE.decisions(state)[0].choices]


def test_no_label_or_detail_is_clipped_or_over_its_limit_in_many_games():
    seen = 0
    for seed in range(240):
        players, side = SETUPS[seed % len(SETUPS)]
        state = ENGINE.new_game(LONG_NAMES[:players], {"board": side}, seed)
        rnd = random.Random(seed)
        while pending := ENGINE.decisions(state):
            d = pending[0]
            labels = [c.label for c in d.choices]
            assert len(set(labels)) == len(labels), labels
            for c in d.choices:
                assert 0 < len(c.label) <= (32 if c.label in state.players else SHORT), c.label
                assert 0 < len(c.detail) <= MAX_DETAIL, c.detail
                assert "…" not in c.label + c.detail and c.detail != c.label
                seen += 1
            state, _ = ENGINE.apply(state, d.seat, ENGINE.choose(state, d.seat, "random", rnd))
    assert seen > 20_000


def test_move_labels_are_coordinates_and_tile_with_the_sentence_in_the_detail():
    s = make(tiles={"C3": "R", "E5": "C"})
    assert labels_of(s) == [("C3 Red fish", "Move the boat to C3 and collect the Red fish."),
                            ("E5 Crayfish", "Move the boat to E5 and collect the Crayfish.")]


def test_skipjack_line_and_dinker_labels_say_what_is_special():
    s = make(tiles={"C6": "S", "C7": "R"}, boat="C3")
    assert labels_of(s) == [("C6 Skipjack (line)", "Sail straight through open water from C3 to C6 and collect "
                                                   "the Skipjack.")]
    s = make(tiles={"C3": "D", "A3": "J", "D2": "Y"}, boat="B2", specials=("dinker", "junk"))
    s = play(s, "m-C3")
    assert labels_of(s) == [("Collect", "Collect the Dinker at C3 (2 points)."),
                            ("Move on", "Leave the Dinker at C3 and move the boat again from there.")]
    s = play(s, "leave")
    assert kinds(s, 0) == ["Y"]


def test_swap_two_fish_labels_name_the_player_then_the_fish():
    s = make(tiles={"C3": "F2"}, owned={0: "R", 1: "G C", 2: "Y"})
    s = play(s, "m-C3")
    assert labels_of(s) == [("P1", "Swap a common fish or Crayfish with P1 (you take one, then give one)."),
                            ("P2", "Swap a common fish or Crayfish with P2 (you take one, then give one).")]
    s = play(s, "seat-1")
    assert labels_of(s) == [("Green fish", "Take a Green fish from P1."), ("Crayfish", "Take a Crayfish from P1.")]


def test_pick_labels_name_the_space_and_tile_and_the_column_step_is_short():
    s = ENGINE.new_game(["a", "b"], {"first_player": 1}, seed=4)
    board = BOARDS["small"]
    rm = next(c for c, t in enumerate(s.cells) if t >= 0 and TILE_KIND[t] == "RM")
    c3 = board.cell("C3")
    s.cells[rm], s.cells[c3] = s.cells[c3], s.cells[rm]
    s = play(s, "m-C3")
    first = ENGINE.decisions(s)[0].choices[0]
    assert (first.label, first.detail) == ("Column A", "5 tiles in column A: pick one of them next.")
    s = play(s, "col-A")
    choices = ENGINE.decisions(s)[0].choices
    kind = ENGINE.view(s, None).tiles[board.cell("A2")]
    assert (choices[0].label, choices[0].detail) == (
        f"A2 {KIND_NAMES[kind]}", f"Remove the {tile_words(kind)} at A2 from the game (back to the box).")
    assert (choices[-1].label, choices[-1].detail) == ("Other column", "Go back and choose another column.")


def test_moves_and_picks_are_grouped_by_board_row_for_the_buttons():
    s = ENGINE.new_game(["a", "b", "c"], {"board": "large", "first_player": 1}, 3)
    groups = [c.group for c in ENGINE.decisions(s)[0].choices]
    assert groups == ["Row 3"] * 4 + ["Row 4"] * 2 + ["Row 5"] * 4


def test_collecting_reads_a_junk_tile_and_the_double_points_action_never_a_double_points():
    """Each action is one tile, so it is "the" action ("a Remove a Tile action" read badly)."""
    s = make(tiles={"C3": "DP", "E5": "J"}, specials=("dinker", "junk"))
    assert labels_of(s) == [("C3 Double Points", "Move the boat to C3 and collect the Double Points action."),
                            ("E5 Junk", "Move the boat to E5 and collect the Junk tile.")]
    s, events = ENGINE.apply(s, 0, "m-C3")
    assert events[0].text == "P0 moved to C3 and collected the Double Points action."
    s = make(tiles={"E5": "J", "C5": "R"}, specials=("dinker", "junk"))
    s, events = ENGINE.apply(s, 0, "m-E5")
    assert events[0].text == "P0 moved to E5 and collected a Junk tile."
    assert (a_tile("R"), a_tile("C"), a_tile("SL")) == ("a Red fish", "a Crayfish", "the Slide a Tile action")


def test_an_action_with_nothing_to_do_names_itself_as_an_action():
    s = make(tiles={"C3": "F2", "E5": "R", "E3": "R"}, owned={0: "D", 1: "C"})
    s, events = ENGINE.apply(s, 0, "m-C3")
    assert [e.text for e in events][:2] == ["P0 moved to C3 and collected the Swap 2 Fish action.",
                                            "The Swap 2 Fish action has no effect now."]


def test_a_column_of_one_tile_says_pick_it_not_one_of_them():
    assert column(0, 1, "remove")[2] == "1 tile in column A: pick it next."
    assert column(0, 2, "slide-to")[2] == "2 spaces in column A: pick one of them next."
