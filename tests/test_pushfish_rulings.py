"""Push Fish rulings of issue 11: nothing secret shows through the flow of play, the first player rotates,
the player chooses the fish a mission uses, and the words on the buttons."""

from __future__ import annotations

import json
import random

from engines.playout import playout
from engines.pushfish import ENGINE
from engines.pushfish.cards import GROUND, MISSIONS, matches, mission_text
from tests.pushfish_helpers import (
    CENTRE,
    MISS,
    OUTSIDE,
    card,
    empty_hands,
    game,
    give,
    play,
    put,
    script,
    set_catches,
    take_out,
)


def public(state, seat):
    """What `seat` can observe of the pending decisions: who is asked, and every decision it may see."""
    return [(d.seat, d.prompt, d.kind, [(c.id, c.label, c.detail) for c in d.choices])
            if not d.private or d.seat == seat else (d.seat, "private")
            for d in ENGINE.decisions(state)]


def no_missions(state):
    state.mdeck += tuple(m for m in state.offer if m >= 0)
    state.offer = (-1,) * 5
    return state


def twins(*names_per_world):
    """The same table twice, seat 0 holding different items in each."""
    worlds = []
    for names in names_per_world:
        s = no_missions(game(chars=("hattori", "jack")))
        empty_hands(s)
        for name in names:
            give(s, 0, name)
        worlds.append(s)
    return worlds


def test_the_items_step_after_three_misses_does_not_depend_on_which_items_are_held(monkeypatch):
    worlds = twins(["Spare Bait"], ["Coral Kingdom"])  # the first can be played after a miss, the second not
    after = []
    for s in worlds:
        script(monkeypatch, casts=[MISS, MISS, MISS])
        s, _ = play(s, 0, "cast-r1c1", "cast-r1c1", "cast-r1c1")
        after.append(s)
    a, b = after
    assert a.turn == b.turn == 0 and public(a, 1) == public(b, 1) and public(a, None) == public(b, None)
    assert {c.id for c in ENGINE.decisions(a)[0].choices} == {"items", "end"}


def test_the_items_step_after_a_catch_does_not_depend_on_which_items_are_held(monkeypatch):
    worlds = twins(["Father's Sushi Restaurant"], ["Coral Kingdom"])  # after a sea fish: the first fits
    after = []
    for s in worlds:
        put(s, 0, "Mackerel")
        script(monkeypatch, casts=[0], stops=[CENTRE["M"]])
        s, _ = play(s, 0, "cast-r1c1", "hit-r1c1", "aim-M-c")
        after.append(s)
    a, b = after
    assert public(a, 1) == public(b, 1) and a.phase == b.phase == "after"
    s, _ = play(b, 0, "items")
    private = ENGINE.decisions(s)[0]
    assert private.private and [c.id for c in private.choices] == ["back"] and "none" in private.prompt.lower()


def test_a_turn_ends_by_itself_only_when_the_seat_holds_no_item(monkeypatch):
    s = no_missions(game(chars=("hattori", "jack")))
    empty_hands(s)
    script(monkeypatch, casts=[MISS, MISS, MISS])
    s, _ = play(s, 0, "cast-r1c1", "cast-r1c1", "cast-r1c1")
    assert s.turn == 1  # no item at all, as everyone can count: the lone "end" is played at once


def test_three_players_rotate_the_first_player_each_round(monkeypatch):
    s = no_missions(game(n=3, chars=("hattori", "viking", "ramsay")))  # no ability after a miss
    empty_hands(s)
    s.first = 0
    order = []
    for _ in range(9):
        order.append(s.turn)
        script(monkeypatch, casts=[MISS, MISS, MISS])
        s, _ = play(s, s.turn, "cast-r1c1", "cast-r1c1", "cast-r1c1")
        empty_hands(s)
    assert order == [0, 1, 2, 1, 2, 0, 2, 0, 1]  # A B C, B C A, C A B


def test_two_players_simply_alternate(monkeypatch):
    s = no_missions(game(n=2, chars=("hattori", "viking")))
    order = []
    for _ in range(5):
        empty_hands(s)
        order.append(s.turn)
        script(monkeypatch, casts=[MISS, MISS, MISS])
        s, _ = play(s, s.turn, "cast-r1c1", "cast-r1c1", "cast-r1c1")
    assert order == [0, 1, 0, 1, 0]


def mission(name):
    return next(i for i, m in enumerate(MISSIONS) if m.name == name)


def offer_only(s, *names):
    wanted = [mission(n) for n in names]
    s.mdeck = tuple(m for m in (*s.mdeck, *(m for m in s.offer if m >= 0)) if m not in wanted)
    s.offer = (*wanted, *(-1,) * (5 - len(wanted)))


def claiming(monkeypatch, claimed: str, held: list[str], caught: str, *offered: str):
    """Seat 0 holds these catches, lands `caught` (a W fish) and claims the mission `claimed` (`offered` on the
    row): the table as it asks which catches fill it."""
    s = game(chars=("hattori", "jack"))
    empty_hands(s)
    offer_only(s, *offered)
    cards = [card(name) for name in held]
    for c in cards:
        take_out(s, c)
    set_catches(s, 0, cards)
    put(s, 0, caught)
    script(monkeypatch, casts=[0], stops=[CENTRE["W"]])
    s, _ = play(s, 0, "cast-r1c1", "hit-r1c1", "aim-W-c", f"mission-{mission(claimed)}")
    return s


def choosing_fish(monkeypatch, *offered: str):
    """Seat 0 holds Sardine, Carp and Flounder (and a Mackerel when Sardine Run is offered too), catches a
    Clownfish and claims Little Nibblers: the table as it asks which fish fill it."""
    held = ["Sardine", "Carp", "Flounder"] + ["Mackerel"] * ("Sardine Run" in offered)
    return claiming(monkeypatch, "Little Nibblers", held, "Clownfish", *offered)


def test_the_player_chooses_which_fish_a_mission_uses_so_a_second_stays_possible(monkeypatch):
    """Little Nibblers (3 W fish) claimed with Carp, Flounder and Clownfish leaves the Sardine for Sardine Run."""
    s = choosing_fish(monkeypatch, "Little Nibblers", "Sardine Run")
    d = ENGINE.decisions(s)[0]
    assert not d.private and d.kind == "fulfil" and "3 fish of strength W" in d.prompt
    ways = {c.label: c for c in d.choices if c.id != "back"}
    assert set(ways) == {"Sardine, Carp, Flounder", "Sardine, Carp, Clownfish", "Sardine, Flounder, Clownfish",
                         "Carp, Flounder, Clownfish"}
    best = d.choices[0]  # the way that keeps the most other missions possible comes first
    assert best.label == "Carp, Flounder, Clownfish" and best.detail == "Keeps Sardine Run possible"
    s, _ = play(s, 0, best.id)
    assert set(s.spent) == {card("Carp"), card("Flounder"), card("Clownfish")} and s.turn == 1
    assert [m for m, _ in ENGINE._claimable(s, 0)] == [mission("Sardine Run")]


def test_the_way_the_player_picks_is_the_way_used_even_when_it_spoils_another_mission(monkeypatch):
    s = choosing_fish(monkeypatch, "Little Nibblers", "Sardine Run")
    spoiler = next(c for c in ENGINE.decisions(s)[0].choices if c.label == "Sardine, Carp, Flounder")
    assert spoiler.detail == "Use Sardine, Carp, Flounder"  # it keeps no other mission possible, and says so
    s, _ = play(s, 0, spoiler.id)
    assert set(s.spent) == {card("Sardine"), card("Carp"), card("Flounder")} and ENGINE._claimable(s, 0) == []


def test_a_fish_used_for_one_mission_cannot_count_for_another(monkeypatch):
    s = game(chars=("hattori", "jack"))
    empty_hands(s)
    offer_only(s, "Sardine Run", "Fish Market")
    held = [card("Sardine"), card("Pink Salmon")]
    for c in held:
        take_out(s, c)
    set_catches(s, 0, held)
    put(s, 0, "Mackerel")
    script(monkeypatch, casts=[0], stops=[CENTRE["M"]])
    s, _ = play(s, 0, "cast-r1c1", "hit-r1c1", "aim-M-c", f"mission-{mission('Sardine Run')}")
    assert s.turn == 1 and set(s.spent) == {card("Sardine"), card("Mackerel")}  # one way only: no question
    assert ENGINE._claimable(s, 0) == []



def test_treasure_and_junk_fill_no_fish_mission_of_a_strength(monkeypatch):
    """Rulebook: a mission is earned "when a fish card matching its strength is caught"; RULINGS: Treasure and
    Junk are not fish. Old Boot, Tin Can and Fossil are all W, and fill Beachcomber, not Little Nibblers."""
    s = game(chars=("hattori", "jack"))
    empty_hands(s)
    offer_only(s, "Little Nibblers", "Beachcomber")
    held = [card("Old Boot"), card("Tin Can")]
    for c in held:
        take_out(s, c)
    set_catches(s, 0, held)
    put(s, 0, "Fossil")
    script(monkeypatch, casts=[0], stops=[CENTRE["W"]])
    s, _ = play(s, 0, "cast-r1c1", "hit-r1c1", "aim-W-c")
    assert [m for m, _ in ENGINE._claimable(s, 0)] == [mission("Beachcomber")]
    assert all(not matches("strength:" + z, GROUND[c]) for c in range(len(GROUND)) if GROUND[c].is_find
               for z in ("W", "M", "S", "SS"))

def test_back_from_choosing_the_fish_returns_to_the_missions_without_that_one(monkeypatch):
    """Back leaves the mission unclaimed and the fish free; that mission is not offered again in this mission
    step (else opening and closing it could go on for ever), so here only Skip is left."""
    s, _ = play(choosing_fish(monkeypatch, "Little Nibblers"), 0, "back")
    assert s.phase == "mission" and s.spent == () and [c.id for c in ENGINE.decisions(s)[0].choices] == ["skip"]


def test_the_waters_mission_asks_for_as_many_kinds_as_its_name_says():
    """Missions list 2-3 targets (RULINGS), so "Four Waters" with three kinds became "Three Waters"."""
    assert MISSIONS[mission("Three Waters")].needs == ("kind:sea", "kind:tropical", "kind:freshwater")
    assert not any("Four" in m.name for m in MISSIONS)


def test_mission_labels_say_words_not_data_codes():
    texts = {m.name: mission_text(m.needs) for m in MISSIONS}
    assert texts["Seaside Trio"] == "3 sea fish"
    assert texts["Little Nibblers"] == "3 fish of strength W"
    assert texts["Collector"] == "2 rare fish"
    assert texts["Beachcomber"] == "2 Treasure or Junk cards"
    assert texts["Three Waters"] == "a sea, a tropical and a freshwater fish"
    assert texts["Sardine Run"] == "Sardine and Mackerel"
    for text in texts.values():
        assert not any(code in text for code in (":", "kind", "strength:", "rare, rare", "find"))


def test_rod_aims_offer_the_fishs_zone_and_say_what_the_number_is(monkeypatch):
    s = no_missions(game(chars=("hattori", "jack")))
    empty_hands(s)
    put(s, 0, "Pike")  # strength S: zone 66-86
    script(monkeypatch, casts=[0])
    s, _ = play(s, 0, "cast-r1c1", "hit-r1c1")
    aims = [c for c in ENGINE.decisions(s)[0].choices if c.id.startswith("aim-")]
    assert [c.id for c in aims] == ["aim-S-lo", "aim-S-c", "aim-S-hi"]
    assert all("%" in c.label and "on the 0-100 rod" in c.detail for c in aims)


def test_the_cast_prompt_says_how_many_baits_are_left(monkeypatch):
    s = no_missions(game(chars=("hattori", "jack")))
    empty_hands(s)
    assert "3 baits left" in ENGINE.decisions(s)[0].prompt
    script(monkeypatch, casts=[MISS])
    s, _ = play(s, 0, "cast-r1c1")
    assert "2 baits left" in ENGINE.decisions(s)[0].prompt



def test_two_player_free_for_all_keeps_its_first_player(monkeypatch):
    s = game(n=2, chars=("hattori", "viking"), noisy=True)
    empty_hands(s)
    s.first = 1
    script(monkeypatch, casts=[MISS, MISS])
    s, _ = play(s, 0, "cast-r1c1")
    s, _ = play(s, 1, "cast-r1c2")
    assert s.phase == "volley" and s.first == 1


def test_no_event_text_is_cut_mid_word_in_many_games():
    texts = set()
    for g in range(30):
        state = ENGINE.new_game([f"Player {i} ".ljust(32, "x") for i in range(2 + g % 5)], {"length": "short"}, g)
        playout(ENGINE, state, random.Random(g), check=lambda s, events: texts.update(e.text for e in events))
    assert texts and not [t for t in texts if t.endswith("…")]


def test_closing_the_items_step_lets_the_turn_go_on_without_offering_it_again_at_once(monkeypatch):
    """Back from Items… leaves the step closed until another choice: reopening it would change nothing, and a
    player (or an AI) could otherwise open and close it forever. With only End turn left, the turn ends."""
    worlds = twins(["Father's Sushi Restaurant"], ["Coral Kingdom"])
    after = []
    for s in worlds:
        put(s, 0, "Mackerel")
        script(monkeypatch, casts=[0], stops=[CENTRE["M"]])
        s, _ = play(s, 0, "cast-r1c1", "hit-r1c1", "aim-M-c", "items")
        s, _ = play(s, 0, "back")
        after.append(s)
    a, b = after
    assert a.turn == b.turn == 1 and public(a, 1) == public(b, 1)  # the lone End turn was played, alike
    s = no_missions(game(chars=("hattori", "jack")))
    empty_hands(s)
    give(s, 0, "Spare Bait")
    script(monkeypatch, casts=[MISS, MISS, MISS])
    s, _ = play(s, 0, "cast-r1c1", "cast-r1c1", "cast-r1c1", "items", "back")
    assert s.turn == 1 and not s.closed  # closed, then End turn played by itself: the next seat casts


def test_closing_a_peek_list_does_not_offer_the_ability_again_at_once(monkeypatch):
    """Captain Jack's peek opens a list of face-down cards; Back closes it, and the ability waits for another
    choice, so opening and closing it cannot go on forever (a hard AI once did, for minutes)."""
    s = no_missions(game(chars=("jack", "hattori")))
    empty_hands(s)
    ids = [c.id for c in ENGINE.decisions(s)[0].choices]
    assert "ability" in ids
    s, _ = play(s, 0, "ability", "back")
    assert "ability" not in [c.id for c in ENGINE.decisions(s)[0].choices]
    script(monkeypatch, casts=[MISS])
    s, _ = play(s, 0, "cast-r1c1")
    assert "ability" in [c.id for c in ENGINE.decisions(s)[0].choices]  # after another choice, it is back


def test_a_player_who_opens_every_list_and_closes_it_at_once_cannot_stall_the_game():
    """The stalling player: it opens a mission's fish list, Items… or a list ability whenever offered and
    closes it at once; every character, four seats. The game still ends: after Back nothing reopens at once,
    and a mission backed out of waits for the next mission step."""
    chars = ["jack", "loony", "hattori", "william", "viking", "ramsay"]
    for table in range(30):
        seats = [chars[(table * 4 + i) % len(chars)] for i in range(4)]
        s = ENGINE.new_game(["A", "B", "C", "D"], {"characters": seats, "length": "short"}, 70 + table)
        rnd = random.Random(table)
        for _ in range(3000):
            pending = ENGINE.decisions(s)
            if not pending:
                break
            d = pending[0]
            ids = [c.id for c in d.choices]
            pick = next((i for i in ids if i.startswith("mission")), None) or \
                next((i for i in ("items", "ability", "back") if i in ids), None) or rnd.choice(ids)
            s, _ = ENGINE.apply_to(s, d, pick)
        assert ENGINE.result(s) is not None, f"a table of {seats} stalled"


def test_casting_on_after_a_hit_stays_optional_after_a_miss(monkeypatch):
    """push-fish.txt: "You may cast up to 3 bait tokens" and "may leave a HIT fish card in place and keep
    casting": after Cast again misses, the card hooked before may be fought at once (no forced cast that
    would turn another card face up)."""
    s = no_missions(game(chars=("hattori", "jack")))
    empty_hands(s)
    put(s, 0, "Seahorse")
    script(monkeypatch, casts=[0, MISS])
    s, _ = play(s, 0, "cast-r1c1", "recast", "cast-r2c2")
    assert s.phase == "hit" and s.casts == 1
    ids = [c.id for c in ENGINE.decisions(s)[0].choices]
    assert "hit-r1c1" in ids and "recast" in ids
    s, _ = play(s, 0, "hit-r1c1")
    assert s.phase == "rod" and s.ground[s.target] == card("Seahorse")


def test_closing_one_list_leaves_the_other_lists_open(monkeypatch):
    """Items may be used without limit on your turn, with abilities (push-fish.txt): Back from Chef Ramsay's
    discard closes only the ability, so a held Rare Sinkers can still be played before the fish gets away."""
    s = no_missions(game(chars=("ramsay", "jack")))
    empty_hands(s)
    put(s, 0, "Flounder")
    sinkers = give(s, 0, "Rare Sinkers")
    script(monkeypatch, casts=[0], stops=[OUTSIDE] * 3)
    s, _ = play(s, 0, "cast-r1c1", "hit-r1c1", "aim-W-c", "aim-W-c", "aim-W-c", "ability", "back")
    assert s.turn == 0 and s.phase == "lost"
    ids = [c.id for c in ENGINE.decisions(s)[0].choices]
    assert "items" in ids and "ability" not in ids
    s, _ = play(s, 0, "items", f"item-{sinkers}")
    assert s.phase == "rod" and s.rods == 1


def test_every_choice_in_the_item_list_but_back_is_announced_to_the_table():
    """A private step that showed nothing would tell the table what is held (only a card with a second step
    could take it): every item is played, a Fish Finder with its space, in one choice everyone hears of."""
    rnd = random.Random(5)
    seen = 0
    for seed in range(40):
        state = ENGINE.new_game(["a", "b", "c"], {}, seed)
        while ENGINE.decisions(state):
            decision = ENGINE.decisions(state)[0]
            if decision.kind == "items":
                for choice in decision.choices:
                    if choice.id != "back":
                        seen += 1
                        _, events = ENGINE.apply_to(state, decision, choice.id)
                        assert any(e.private_to is None and e.seat == decision.seat for e in events), choice.id
            pick = next((c.id for c in decision.choices if c.id.startswith("item")), None)
            state, _ = ENGINE.apply_to(state, decision, pick or decision.choices[int(rnd.random() * len(decision.choices))].id)
    assert seen > 100


def test_a_game_saved_when_one_flag_closed_every_list_still_loads():
    s = no_missions(game(chars=("jack", "hattori")))
    data = s.model_dump()
    data["closed"] = True
    assert ENGINE.load(json.dumps(data)).closed == ("items", "ability")
    data["closed"] = False
    assert ENGINE.load(json.dumps(data)).closed == ()


def test_a_game_saved_while_a_fish_finder_waited_for_its_target_loads_in_the_item_list():
    s = no_missions(game(chars=("jack", "hattori")))
    finder = give(s, 0, "Fish Finder")
    data = {**s.model_dump(), "sub": "peek", "arg": finder}
    loaded = ENGINE.load(json.dumps(data))
    assert (loaded.sub, loaded.arg) == ("items", -1) and finder in loaded.hands[0]


def test_a_mission_of_treasure_or_junk_asks_which_catches_not_which_fish(monkeypatch):
    """Beachcomber takes two Treasure or Junk cards, so its prompt asks which of the player's catches fill it."""
    s = claiming(monkeypatch, "Beachcomber", ["Old Boot", "Tin Can", "Fossil"], "Sardine", "Beachcomber")
    d = ENGINE.decisions(s)[0]
    assert d.kind == "fulfil" and d.prompt.endswith(": which of your catches?") and "fish" not in d.prompt
    assert {c.label for c in d.choices if c.id != "back"} == {"Old Boot, Tin Can", "Old Boot, Fossil",
                                                              "Tin Can, Fossil"}
