"""Friendly Fishing scenarios: each rule and ruling on a hand-built board."""

from __future__ import annotations

import random

import pytest

from engines.core import BadOptions, IllegalChoice
from engines.friendly import ENGINE
from engines.friendly.motion import moves
from engines.friendly.scoring import crayfish_points, fishing_breakdowns, fishing_scores
from engines.friendly.tiles import BOARDS, TILE_KIND
from tests.friendly_helpers import at, choice_ids, kinds, make, play

SMALL = BOARDS["small"]
LARGE = BOARDS["large"]


def names(state, pos) -> set[str]:
    """Coordinates the boat may move to from pos (None: the island)."""
    board = BOARDS[state.side]
    return {board.name(c) for c in moves(state, -1 if pos is None else board.cell(pos))}


# ---- setup and options ---------------------------------------------------------------------------
def test_setup_fills_every_water_space_and_starts_on_the_island():
    for players, opts, side, count in ((2, {}, "small", 42), (4, {"board": "large"}, "large", 48),
                                       (5, {}, "large", 48)):
        s = ENGINE.new_game([f"p{i}" for i in range(players)], opts, seed=players)
        assert s.side == side and s.boat == -1
        assert sum(1 for t in s.cells if t >= 0) == count
        assert all(s.cells[c] >= 0 for c in BOARDS[side].water)
        assert len(s.specials) == (2 if side == "small" else 4)


def test_five_players_must_use_the_large_board():
    with pytest.raises(BadOptions, match="large"):
        ENGINE.new_game(["a", "b", "c", "d", "e"], {"board": "small"}, 1)


def test_special_set_count_must_match_the_board_side():
    with pytest.raises(BadOptions):
        ENGINE.new_game(["a", "b"], {"board": "large", "specials": ["kingfish", "junk"]}, 1)
    with pytest.raises(BadOptions):
        ENGINE.new_game(["a", "b"], {"specials": ["kingfish", "junk", "dinker"]}, 1)
    with pytest.raises(BadOptions):
        ENGINE.new_game(["a", "b"], {"specials": ["kingfish", "kingfish"]}, 1)


def test_chosen_special_sets_and_first_player_are_used():
    s = ENGINE.new_game(["a", "b", "c"], {"specials": ["shiner", "junk", "lunker", "dinker"], "first_player": 3}, 9)
    assert s.side == "large" and set(s.specials) == {"shiner", "junk", "lunker", "dinker"}
    on_board = {TILE_KIND[t] for t in s.cells if t >= 0}
    assert {"H", "J", "L", "D"} <= on_board and not {"K", "S"} & on_board
    assert s.turn == 2 and ENGINE.decisions(s)[0].seat == 2


def test_special_sets_may_be_given_as_text():
    s = ENGINE.new_game(["a", "b"], {"specials": "Kingfish, skipjack"}, 2)
    assert s.specials == ["kingfish", "skipjack"] and s.side == "small"
    with pytest.raises(BadOptions, match="specials"):
        ENGINE.new_game(["a", "b"], {"specials": "kingfish, whale"}, 2)


def test_option_descriptions_read_to_a_player_within_discord_s_100_characters():
    described = {name: f.description for name, f in ENGINE.Options.model_fields.items()}
    assert all(text and len(text) <= 100 and "from 0" not in text for text in described.values())
    assert described["first_player"] == "the seat that starts, 1 = first to join (default: random)"
    assert described["board"] == "board side (default: small; large for 5 players or 4 special sets)"


def test_island_is_one_space_with_8_or_10_neighbours():
    assert len(SMALL.island_neighbours) == 8
    assert len(LARGE.island_neighbours) == 10
    assert LARGE.name(LARGE.width * LARGE.height - 1) == "H7"


def test_choices_name_spaces_by_coordinates():
    s = make(tiles={"C3": "R", "E5": "C"})
    d = ENGINE.decisions(s)[0]
    assert [(c.id, c.label) for c in d.choices] == [("m-C3", "C3 Red fish"), ("m-E5", "E5 Crayfish")]


# ---- moving --------------------------------------------------------------------------------------
def test_king_moves_only_to_adjacent_tiles():
    s = make(tiles={"C2": "R", "B3": "G", "A5": "Y", "C3": "B"}, boat="B2")
    assert names(s, "B2") == {"C2", "B3", "C3"}


def test_skipjack_line_blocked_by_a_tile():
    s = make(tiles={"B6": "S", "B2": "R"}, boat="B4")
    assert "B6" in names(s, "B4")
    s = make(tiles={"B6": "S", "B5": "R"}, boat="B3")
    assert names(s, "B3") == set()


def test_skipjack_line_blocked_by_a_rock():
    s = make(tiles={"F1": "S"}, boat="B1")
    assert names(s, "B1") == set()
    s = make(tiles={"F1": "S"}, boat="F3")
    assert names(s, "F3") == {"F1"}


def test_skipjack_line_blocked_by_the_island():
    s = make(tiles={"D6": "S"}, boat="D2")
    assert names(s, "D2") == set()
    s = make(side="large", specials=("skipjack", "dinker", "junk", "shiner"), tiles={"F4": "S", "F2": "R"},
             boat="B4")
    assert names(s, "B4") == set()


def test_skipjack_line_may_start_from_the_island():
    s = make(tiles={"D6": "S", "F6": "S", "B4": "S"})
    assert names(s, None) == {"D6", "F6", "B4"}
    d = ENGINE.decisions(s)[0]
    assert d.choice("m-D6").label == "D6 Skipjack (line)"


def test_skipjack_reachable_when_no_adjacent_tile_keeps_the_boat_out():
    s = make(tiles={"C3": "R", "C7": "S", "G3": "S", "E5": "Y"})
    s = play(s, "m-C3")
    assert s.turn == 1 and SMALL.name(s.boat) == "C3"
    labels = [c.label for c in ENGINE.decisions(s)[0].choices]
    assert labels == ["G3 Skipjack (line)", "C7 Skipjack (line)"]


def test_no_skipjack_lines_when_skipjacks_are_not_in_play():
    s = make(specials=("dinker", "junk"), tiles={"B6": "R"}, boat="B3")
    assert names(s, "B3") == set()


def test_boat_returns_to_the_island_only_when_stuck():
    s = make(tiles={"C3": "R", "E5": "Y", "E3": "G"})
    s, events = ENGINE.apply(s, 0, "m-C3")
    assert s.boat == -1 and s.turn == 1
    assert any("returns to the Central Island" in e.text for e in events)
    assert choice_ids(s) == ["m-E3", "m-E5"]


def test_game_ends_when_the_island_has_no_move_either():
    s = make(tiles={"C3": "R", "A2": "G"})
    s, events = ENGINE.apply(s, 0, "m-C3")
    assert s.over and ENGINE.decisions(s) == [] and ENGINE.result(s) is not None
    assert at(s, "A2") == "G"
    assert any("game is over" in e.text for e in events)


def test_a_stale_move_is_refused():
    s = make(tiles={"C3": "R", "E5": "Y"})
    with pytest.raises(IllegalChoice):
        ENGINE.apply(s, 0, "m-A2")


# ---- Dinkers -------------------------------------------------------------------------------------
def test_dinker_left_lets_the_boat_move_again():
    s = make(tiles={"E4": "D", "F4": "R", "C4": "J", "G5": "Y"}, specials=("dinker", "junk"))
    s = play(s, "m-E4")
    assert choice_ids(s) == ["collect", "leave"]
    s = play(s, "leave")
    assert kinds(s, 0) == ["R"] and at(s, "E4") == "D" and s.turn == 1 and choice_ids(s) == ["m-E4", "m-G5"]


def test_dinker_chain_and_a_dinker_left_this_turn_must_be_collected():
    s = make(tiles={"E4": "D", "F4": "D", "G5": "R"})
    s = play(s, "m-E4", "leave")  # the only move from E4 is F4, another Dinker: asked again
    assert SMALL.name(s.boat) == "F4" and choice_ids(s) == ["collect", "leave"]
    s = play(s, "leave")
    labels = {c.id: c.label for c in ENGINE.decisions(s)[0].choices}
    assert labels == {"m-E4": "E4 Dinker (collect)", "m-G5": "G5 Red fish"}
    s = play(s, "m-E4")
    assert kinds(s, 0) == ["D"] and at(s, "E4") == "" and at(s, "F4") == "D" and s.turn == 1


def test_dinker_is_collected_when_no_further_move_exists():
    s = make(tiles={"E4": "D", "A2": "R"})
    s = play(s, "m-E4")
    assert kinds(s, 0) == ["D"] and s.turn == 1


# ---- action tiles --------------------------------------------------------------------------------
def test_swap_two_fish_takes_and_gives_the_chosen_tiles():
    s = make(tiles={"C3": "F2", "E5": "R", "E3": "R"}, owned={0: "R", 1: "C Y", 2: "D"})
    s = play(s, "m-C3")  # only P1 has a basic fish: chosen automatically
    d = ENGINE.decisions(s)[0]
    assert d.kind == "fish-take" and choice_ids(s) == ["take-Y", "take-C"]
    s = play(s, "take-C")  # P0 can only give its Red fish: given automatically
    assert kinds(s, 0) == ["C", "F2"] and kinds(s, 1) == ["R", "Y"] and s.turn == 1


def test_swap_two_fish_asks_for_the_other_player_and_the_tile_given():
    s = make(tiles={"C3": "F2", "E5": "R", "E3": "R"}, owned={0: "R G", 1: "C", 2: "B"})
    s = play(s, "m-C3")
    assert choice_ids(s) == ["seat-1", "seat-2"]
    s = play(s, "seat-2")
    assert choice_ids(s) == ["give-R", "give-G"]
    s = play(s, "give-G")
    assert kinds(s, 0) == ["B", "F2", "R"] and kinds(s, 2) == ["G"]


def test_swap_two_fish_without_a_basic_fish_has_no_effect():
    s = make(tiles={"C3": "F2", "E5": "R", "E3": "R"}, owned={0: "D", 1: "C"})
    s, events = ENGINE.apply(s, 0, "m-C3")
    assert s.turn == 1 and kinds(s, 1) == ["C"] and any("no effect" in e.text for e in events)


def test_swap_two_tiles_exchanges_their_spaces():
    s = make(tiles={"C3": "T2", "A2": "R", "G6": "J", "E5": "Y", "E3": "G"}, specials=("dinker", "junk"))
    s = play(s, "m-C3")
    assert choice_ids(s) == ["c-A2", "c-E3", "c-E5", "c-G6"]
    s = play(s, "c-A2")
    assert choice_ids(s) == ["c-E3", "c-E5", "c-G6"] and ENGINE.view(s, None).selected == [SMALL.cell("A2")]
    s = play(s, "c-G6")
    assert at(s, "A2") == "J" and at(s, "G6") == "R" and s.turn == 1


def test_slide_a_tile_only_through_connected_empty_water_and_never_the_boat_space():
    wall = {f"C{r}": "G" for r in (1, 2, 4, 5, 6, 7)} | {"C3": "SL", "A2": "R", "F2": "Y"}
    s = make(tiles=wall)
    s = play(s, "m-C3", "c-A2")
    targets = {c[2:] for c in choice_ids(s)}
    assert targets == {"A3", "A4", "A5", "A6", "B1", "B2", "B3", "B4", "B5", "B6", "B7"}
    s = play(s, "c-B7")
    assert at(s, "A2") == "" and at(s, "B7") == "R"


def test_remove_a_tile_sends_it_to_the_box():
    s = make(tiles={"C3": "RM", "C4": "R", "F6": "J"}, specials=("dinker", "junk"))
    s = play(s, "m-C3")
    s, events = ENGINE.apply(s, 0, "c-F6")
    assert at(s, "F6") == "" and [TILE_KIND[t] for t in s.box] == ["J"]
    assert events[0].text == "P0 put the Junk tile at F6 back in the box."


def test_a_pick_among_more_than_25_tiles_goes_column_then_cell():
    s = ENGINE.new_game(["a", "b"], {"first_player": 1}, seed=4)
    rm = next(c for c, t in enumerate(s.cells) if t >= 0 and TILE_KIND[t] == "RM")
    c3 = SMALL.cell("C3")
    s.cells[rm], s.cells[c3] = s.cells[c3], s.cells[rm]
    s = play(s, "m-C3")
    assert choice_ids(s) == [f"col-{x}" for x in "ABCDEFG"]
    s = play(s, "col-A")
    assert choice_ids(s) == ["c-A2", "c-A3", "c-A4", "c-A5", "c-A6", "back"]
    s = play(s, "back", "col-B", "c-B2")
    assert at(s, "B2") == "" and len(s.box) == 1 and s.turn == 1


def test_double_points_doubles_a_colour_for_every_player():
    s = make(tiles={"C3": "DP", "C4": "R", "D3": "Y"}, owned={0: "R R", 1: "R R R", 2: "G"})
    s = play(s, "m-C3")
    assert choice_ids(s) == ["dbl-R", "dbl-Y", "dbl-G", "dbl-B"]
    s = play(s, "dbl-R")
    rows = fishing_breakdowns(s.owned, s.double, s.specials)
    assert [r["Double points"] for r in rows] == [3, 6, 0]
    assert fishing_scores(s.owned, s.double, s.specials) == [6, 12, 1]
    assert ENGINE.view(s, None).double == "R"


# ---- special fish --------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [4, 5])
def test_kingfish_set_wins_at_once_and_alone(players):
    need = 2 if players == 5 else 3
    specials = ("kingfish", "dinker", "junk", "shiner")
    s = make(players=players, side="large", specials=specials, tiles={"C3": "K", "F5": "R", "E5": "Y"},
             owned={0: " ".join(["K"] * (need - 1)), 1: "B B B B B B"})
    s = play(s, "m-C3")
    res = ENGINE.result(s)
    assert s.over and ENGINE.decisions(s) == [] and res.winners == [0]
    assert res.scores[0] == 1 and sum(res.scores) == 1


def test_kingfish_short_of_the_set_does_not_win_with_four_players():
    s = make(players=4, side="large", specials=("kingfish", "dinker", "junk", "shiner"),
             tiles={"C3": "K", "F5": "R", "E5": "Y"}, owned={0: "K"})
    s = play(s, "m-C3")
    assert not s.over and s.turn == 1


def test_only_the_last_lunker_scores_earlier_ones_go_to_the_box():
    s = make(specials=("lunker", "junk"), tiles={"C3": "L", "E5": "R", "E3": "G"}, owned={0: "L", 1: "L"})
    s = play(s, "m-C3")
    assert kinds(s, 0) == ["L"] and kinds(s, 1) == [] and len(s.box) == 2
    assert fishing_breakdowns(s.owned, "", s.specials)[0]["Lunker"] == 5


def test_shiners_junk_dinkers_and_skipjacks_score_as_printed():
    owned = [[t for t, k in enumerate(TILE_KIND) if k == kind][:n] for kind, n in (("H", 1), ("H", 2), ("H", 3))]
    assert [r["Shiners"] for r in fishing_breakdowns(owned, "", ["shiner", "junk"])] == [-2, 5, 12]
    s = make(specials=("junk", "dinker"), owned={0: "J J D", 1: "D"})
    assert fishing_scores(s.owned, "", s.specials) == [-4, 2, 0]
    s = make(specials=("skipjack", "dinker"), owned={0: "S S"})
    assert fishing_scores(s.owned, "", s.specials)[0] == 10


def test_common_fish_score_1_3_6_10_15_21():
    for n, points in enumerate((1, 3, 6, 10, 15, 21), start=1):
        s = make(owned={0: " ".join(["B"] * n)})
        assert fishing_scores(s.owned, "", s.specials)[0] == points


def test_crayfish_ties_for_first_all_score_8_next_count_scores_4():
    assert crayfish_points([3, 3, 1, 0]) == [8, 8, 4, 0]


def test_crayfish_ties_for_second_all_score_4():
    assert crayfish_points([4, 2, 2, 0]) == [8, 4, 4, 0]
    assert crayfish_points([2, 0, 0]) == [8, 0, 0]


# ---- end and scoring -----------------------------------------------------------------------------
def test_final_score_adds_the_left_neighbour_that_is_the_next_seat():
    s = make(owned={0: "R R", 1: "Y", 2: "G G G"})
    s.over = True
    res = ENGINE.result(s)
    assert [r["Left neighbour"] for r in res.breakdown] == [1, 6, 3]
    assert res.scores == [4, 7, 9] and res.winners == [2]
    assert all(sum(r.values()) == sc for r, sc in zip(res.breakdown, res.scores, strict=True))


def test_two_players_compare_fishing_scores_only():
    s = make(players=2, owned={0: "R R", 1: "Y"})
    s.over = True
    res = ENGINE.result(s)
    assert res.scores == [3, 1] and "Left neighbour" not in res.breakdown[0]


def test_equal_best_scores_share_the_win():
    s = make(owned={0: "R", 1: "Y", 2: "G"})
    s.over = True
    assert ENGINE.result(s).winners == [0, 1, 2]


# ---- AI ------------------------------------------------------------------------------------------
def test_greedy_does_not_leave_the_next_player_a_kingfish_set():
    s = make(specials=("kingfish", "dinker"), tiles={"C3": "G", "E5": "B", "B2": "K"}, owned={0: "G G", 1: "K K"})
    assert {ENGINE.choose(s, 0, "greedy", random.Random(i)) for i in range(5)} == {"m-E5"}
    s.owned[1] = s.owned[1][:1]
    assert {ENGINE.choose(s, 0, "greedy", random.Random(i)) for i in range(5)} == {"m-C3"}


def test_greedy_spares_its_left_neighbour_when_swapping_fish():
    s = make(tiles={"C3": "F2", "E5": "Y", "E3": "G"}, owned={0: "G", 1: "R R R", 2: "R R R"})
    s = play(s, "m-C3")
    assert choice_ids(s) == ["seat-1", "seat-2"]
    assert {ENGINE.choose(s, 0, "greedy", random.Random(i)) for i in range(5)} == {"seat-2"}


def test_greedy_beats_random_in_two_player_games():
    wins = 0
    for g in range(30):
        s = ENGINE.new_game(["a", "b"], {}, g)
        rnd = random.Random(g)
        while ENGINE.decisions(s):
            seat = ENGINE.decisions(s)[0].seat
            s, _ = ENGINE.apply(s, seat, ENGINE.choose(s, seat, "greedy" if seat == g % 2 else "random", rnd))
        wins += ENGINE.result(s).winners == [g % 2]
    assert wins >= 20


def test_greedy_swaps_a_kingfish_out_of_the_next_players_reach():
    from engines.friendly.ai import can_complete_kingfish

    for seed in range(4):
        s = make(specials=("kingfish", "dinker"), tiles={"C3": "T2", "B2": "K", "D2": "R", "B3": "Y", "E5": "G"},
                 owned={1: "K K"})
        s = play(s, "m-C3")
        rnd = random.Random(seed)
        while s.turn == 0:
            s, _ = ENGINE.apply(s, 0, ENGINE.choose(s, 0, "greedy", rnd))
        assert at(s, "E5") == "K" and not can_complete_kingfish(s, 1)


# ---- what just happened (drawn highlighted for one turn) ---------------------------------------------
def test_the_view_keeps_the_latest_turns_boat_path_and_changed_spaces_for_one_turn():
    s = make(tiles={"C3": "D", "A3": "J", "D2": "Y", "E2": "B", "F1": "G", "F2": "C"}, boat="B2",
             specials=("dinker", "junk"))
    s = play(s, "m-C3", "leave")  # the only move on from C3 (D2) is made at once
    v = ENGINE.view(s, None)
    assert (v.trail, v.touched, v.mover) == ([SMALL.cell("B2"), SMALL.cell("C3"), SMALL.cell("D2")], [], 0)
    s = play(s, "m-E2")
    v = ENGINE.view(s, None)
    assert (v.trail, v.touched, v.mover) == ([SMALL.cell("D2"), SMALL.cell("E2")], [], 1)


def test_the_view_marks_the_spaces_an_action_tile_changed():
    s = make(tiles={"C3": "T2", "C4": "R", "F6": "J", "B2": "Y", "D2": "B"}, specials=("dinker", "junk"))
    s = play(s, "m-C3", "c-C4", "c-F6")
    v = ENGINE.view(s, None)
    assert v.trail == [-1, SMALL.cell("C3")] and v.touched == [SMALL.cell("C4"), SMALL.cell("F6")]


def test_other_column_is_offered_once_per_pick_so_nobody_can_go_back_and_forth_for_ever():
    """A search AI went column, Other column, column... for 15 minutes in one pick: after one Back the next
    column's list has only its cells, and the next pick offers Back again."""
    s = ENGINE.new_game(["a", "b"], {"first_player": 1}, seed=4)
    rm = next(c for c, t in enumerate(s.cells) if t >= 0 and TILE_KIND[t] == "RM")
    c3 = SMALL.cell("C3")
    s.cells[rm], s.cells[c3] = s.cells[c3], s.cells[rm]
    s = play(s, "m-C3", "col-A", "back", "col-A")
    assert choice_ids(s) == ["c-A2", "c-A3", "c-A4", "c-A5", "c-A6"]
    s = play(s, "c-A2")
    assert not s.backed and s.col == -1


def test_a_player_who_takes_every_back_still_finishes_the_game():
    """Over whole games, a player who takes Back whenever offered and the first choice otherwise ends every pick."""
    for seed in range(40):
        s = ENGINE.new_game(["a", "b", "c"], {"board": "large"} if seed % 2 else None, seed=seed)
        for _ in range(3000):
            pending = ENGINE.decisions(s)
            if not pending:
                break
            ids = [c.id for c in pending[0].choices]
            s, _ = ENGINE.apply(s, pending[0].seat, "back" if "back" in ids else ids[0])
        assert ENGINE.result(s) is not None, f"seed {seed}: the game did not end"


def test_a_move_the_game_makes_because_it_is_the_only_one_says_so():
    """After P0's move P1 can reach one tile only: the game moves the boat there at once, and the line says it
    was no choice of P1's; P0's own choice reads as usual."""
    s = make(players=2, tiles={"A2": "R", "B1": "B", "A4": "Y"}, boat="A1")
    s, events = ENGINE.apply(s, 0, "m-A2")
    texts = [e.text for e in events]
    assert texts[:2] == ["P0 moved to A2 and collected a Red fish.",
                         "P1 moved to B1 and collected a Blue fish (no other choice)."]
