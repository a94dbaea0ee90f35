"""How a decision's choices are laid out as components: buttons, rows by group, paged selects, custom_ids."""

from __future__ import annotations

import discord

from bot.discord import components, ids, recent
from engines.core import Choice, Decision


def decision(n: int, seat: int = 0, groups: int = 0) -> Decision:
    return Decision(seat=seat, prompt="Pick", choices=[
        Choice(id=f"c{i}", label=f"Choice {i}", group=f"g{i % groups}" if groups else "") for i in range(n)])


def test_a_small_decision_is_buttons_in_rows_of_five_with_my_hand_on_the_last_row():
    view = components.decision_view(7, 3, [decision(7)], ["Ann"])
    buttons = [i.item for i in view.children if isinstance(i.item, discord.ui.Button)]
    assert [b.custom_id for b in buttons][:2] == ["fish:c:7:3:0:c0", "fish:c:7:3:0:c1"]
    assert [b.row for b in buttons] == [0] * 5 + [1, 1] + [4]
    assert buttons[-1].custom_id == "fish:h:7"


def test_choice_groups_become_rows_when_they_fit():
    items = components.decision_items(1, 1, [decision(6, groups=3)], ["Ann"])
    assert [i.item.row for i in items] == [0, 1, 2, 0, 1, 2]


def test_a_long_decision_is_paged_over_selects_of_25():
    items = components.decision_items(1, 2, [decision(60)], ["Ann"])
    selects = [i.item for i in items]
    assert [len(s.options) for s in selects] == [25, 25, 10]
    assert [s.custom_id for s in selects] == ["fish:s:1:2:0:0", "fish:s:1:2:0:1", "fish:s:1:2:0:2"]
    assert selects[1].placeholder == "Pick (2/3)"


def test_simultaneous_decisions_get_one_select_each_named_by_seat():
    items = components.decision_items(1, 2, [decision(3, seat=0), decision(3, seat=1)], ["Ann", "Bob"])
    assert [i.item.placeholder for i in items] == ["Ann: Pick", "Bob: Pick"]


def test_custom_ids_fit_discord_and_parse_back():
    custom_id = ids.choice_button(10**15, 99999, 5, "x" * 24)
    assert len(custom_id) <= 100
    assert ids.parse_choice(custom_id.removeprefix("fish:c:")) == ids.ChoiceRef(10**15, 99999, 5, "x" * 24)
    assert ids.parse_choice("1:2:3:has space") is None and ids.parse_choice("1:2:x:a") is None
    assert ids.parse_choice("1:2:3:take:2") == ids.ChoiceRef(1, 2, 3, "take:2")  # the toy game uses ":"
    assert ids.parse_lobby("5:join") == ids.LobbyRef(5, "join") and ids.parse_lobby("5:steal") is None
    assert ids.parse_lobby("5:ai-hard:17") == ids.LobbyRef(5, "ai-hard", 17) == ids.parse_lobby(
        ids.lobby(5, "ai-hard", 17).removeprefix("fish:l:"))
    assert ids.parse_lobby("5:ai") == ids.LobbyRef(5, "ai")  # drawn before lobby buttons had versions
    assert ids.parse_lobby("5:join:3") is None and ids.parse_lobby("5:ai:x") is None  # only AI buttons carry one
    assert ids.lobby(5, "join", 3) == "fish:l:5:join"
    assert ids.parse_game("12") == 12 and ids.parse_game("-1") is None


def test_a_select_option_shows_the_choice_s_full_sentence_as_its_description():
    choices = [Choice(id=f"c{i}", label=f"C{i} Red", detail=f"Sail the boat to C{i} and catch the red fish there")
               for i in range(30)]
    [first, _] = [i.item for i in components.decision_items(1, 2, [Decision(0, "Where?", choices)], ["Ann"])]
    assert first.options[3].label == "C3 Red"
    assert first.options[3].description == "Sail the boat to C3 and catch the red fish there"


def test_a_long_decision_with_groups_gets_one_select_per_group_named_by_it():
    choices = [Choice(id=f"m{m}k{k}", label=f"Kind {k}", group=f"Market {m}") for m in range(3) for k in range(9)]
    selects = [i.item for i in components.decision_items(1, 2, [Decision(0, "Buy", choices)], ["Ann"])]
    assert [s.placeholder for s in selects] == ["Buy · Market 0", "Buy · Market 1", "Buy · Market 2"]
    assert [len(s.options) for s in selects] == [9, 9, 9]
    assert all(o.description is None for s in selects for o in s.options)  # the group is already the placeholder


def test_groups_that_do_not_fit_the_rows_fall_back_to_pages_in_order():
    choices = [Choice(id=f"g{g}x{x}", label=f"{g}-{x}", group=f"G{g}") for g in range(6) for x in range(5)]
    selects = [i.item for i in components.decision_items(1, 2, [Decision(0, "Pick", choices)], ["Ann"])]
    assert [s.placeholder for s in selects] == ["Pick (1/2)", "Pick (2/2)"]
    assert selects[0].options[0].description == "G0"


def test_a_long_run_of_news_keeps_how_it_began_and_how_it_ended_and_counts_what_is_between():
    news = ["Ann catches the Seahorse."] + [f"AI 1 (hard) acts, step {i}." for i in range(19)]
    lines = recent.compact(news)
    assert len(lines) == recent.MAX_LINES and lines[0] == "Ann catches the Seahorse."  # a person's own result
    assert lines[-1] == "AI 1 (hard) acts, step 18." and f"… {len(news) - recent.MAX_LINES + 1} more …" in lines
    assert recent.compact(news[:recent.MAX_LINES]) == news[:recent.MAX_LINES]


def test_a_board_tells_each_person_it_waits_on_all_since_their_own_last_move_and_a_note_alone_keeps_the_news():
    told = recent.Recent()
    assert told.lines(1, {0}, [(0, "Ann took 1."), (3, "AI 1 took 2.")], "", waiting={1}) == \
        ["Ann took 1.", "AI 1 took 2."]
    assert told.lines(1, {1}, [(1, "Bob took 2.")], "", waiting={2}) == \
        ["Ann took 1.", "AI 1 took 2.", "Bob took 2."]  # Cy never moved
    assert told.lines(1, {2}, [(2, "Cy took 3.")], "", waiting={0}) == \
        ["AI 1 took 2.", "Bob took 2.", "Cy took 3."]  # since Ann's own line: the AI's reply to her move too
    assert told.lines(1, {0}, [(0, "Ann took 1.")], "", waiting={0}) == ["Ann took 1."]  # her turn goes on: the latest
    assert told.lines(1, set(), [], "👋 Cy is back.", waiting=set()) == ["👋 Cy is back.", "Ann took 1."]
    assert told.lines(2, set(), [], "", waiting={0}) == []  # a game with no news yet


def test_news_carried_over_by_a_refresh_that_fell_behind_is_not_counted_twice():
    told = recent.Recent()
    told.lines(1, {0}, [(0, "Ann took 1.")], "", waiting=set())
    told.lines(1, {1}, [(1, "Bob took 2.")], "", waiting=set())  # its refresh fell behind Cy's move: its DMs wait
    assert told.lines(1, {2}, [(2, "Cy took 3.")], "", waiting=set(), with_previous=True) == \
        ["Bob took 2.", "Cy took 3."]
    assert told.lines(1, {0}, [(0, "Ann took 1.")], "", waiting={1}) == ["Cy took 3.", "Ann took 1."]  # once each


def test_a_note_over_a_long_run_keeps_the_runs_first_line_and_counts_right():
    told = recent.Recent()
    run = [(1, f"L{i}") for i in range(1, 14)]
    shown = told.lines(1, {1}, run, "🚪 Ann left.", waiting={0})
    assert len(shown) == recent.MAX_LINES and shown[:2] == ["🚪 Ann left.", "L1"] and shown[-1] == "L13"
    assert f"… {13 - (recent.MAX_LINES - 1) + 1} more …" in shown


def test_a_click_without_news_ends_its_own_board_only_and_a_long_wait_keeps_its_start():
    told = recent.Recent()
    told.lines(1, {0}, [(0, "Ann casts.")], "", waiting={0})
    assert told.lines(1, {0}, [], "", waiting={0}, clicks=['Ann chose "Items…".']) == ['Ann chose "Items…".']
    assert told.lines(1, {0}, [(0, "Ann catches a Carp.")], "", waiting={1}) == ["Ann casts.", "Ann catches a Carp."]
    for n in range(60):  # a long wait for seat 1: many refreshes of others' news
        told.lines(1, {0}, [(0, f"Ann acts, step {n}.")], "", waiting={0})
    shown = told.lines(1, {0}, [(0, "Ann ends her turn.")], "", waiting={1})
    assert shown[0] == "Ann casts." and shown[-1] == "Ann ends her turn."  # all since seat 1 never moved


def test_after_a_restart_a_board_starts_from_what_its_people_missed_not_from_the_top_of_the_log():
    told = recent.Recent()
    told.seed(1, [[(0, "Ann casts.")], [(1, "Bob plays a card.")], [(2, "Cy plays a card.")]])
    assert told.lines(1, set(), [], "", waiting={0}) == ["Bob plays a card.", "Cy plays a card."]

