"""Players' records: each finished game keeps its result and moves Elo ratings; `/fish stats` shows a person's
games, wins, places and ratings per game, `/fish top` the server's leaderboards, and `/fish games` puts the games
waiting on you first."""

from __future__ import annotations

import sqlite3

import pytest

from bot import ratings
from bot.discord import pictures
from bot.discord.messages import game_line, place_name, record_text
from bot.host import Host
from bot.models import GameRecord, Seat
from bot.store import SqliteStore
from engines.core import Result
from engines.friendly.rules import KINGFISH_SET
from renderers.common import points
from tests.discord_helpers import finished_toy_game, only_reply, toy_game
from tests.fakediscord.wire import UserOption

pytest_plugins = ["tests.fakediscord.harness"]  # fixtures: fake, run, test_games

ANN, BOB, CAROL = 1, 2, 3
GUILD = 10


async def _finish(store: SqliteStore, key: str, seats: list[tuple[int | None, str]], scores: list[int],
                  guild: int | None = GUILD, level: str = "hard", parts: list[dict[str, int]] | None = None) -> int:
    """Store a game of these (user id, name) seats (None: an AI of `level`) finishing with these scores (by part,
    when given), and rate it; returns its id."""
    record = GameRecord(id=0, key=key, options={}, seed=1, status="active", host_user=ANN, guild_id=guild,
                        seats=[Seat(user_id=u, name=n, ai=None if u else level) for u, n in seats],
                        created_at=1.0, updated_at=1.0, turn_since=1.0)
    record.id = await store.create(record, None)
    record.status, record.version, record.updated_at = "finished", 1, 1000.0 + record.id
    result = Result.from_scores(scores, parts or [{} for _ in scores])
    assert await store.save(record, None, 0, result_json=result.model_dump_json())
    assert await store.rate_finished() == 1
    return record.id


async def _games(store: SqliteStore) -> list[int]:
    return [await _finish(store, "toy", [(ANN, "Ann"), (BOB, "Bob"), (None, "AI 1 (hard)")], [5, 3, 4]),
            await _finish(store, "toy", [(BOB, "Bob"), (ANN, "Ann")], [2, 2]),  # a tie: both win, both first
            await _finish(store, "wishes", [(None, "AI 1 (hard)"), (ANN, "Annie"), (CAROL, "Carol")], [9, 1, 4]),
            await _finish(store, "toy", [(ANN, "Ann"), (BOB, "Bob")], [9, 0], guild=GUILD + 1)]  # another server



async def test_the_latest_finish_is_the_game_that_ended_last_not_the_newest_game(db_path):
    store = await SqliteStore.open(db_path)
    seats = [Seat(user_id=ANN, name="Ann"), Seat(user_id=BOB, name="Bob")]
    opened = [GameRecord(id=0, key="toy", options={}, seed=1, status="active", host_user=ANN, guild_id=GUILD,
                         seats=[seats[0].model_copy(update={"name": name}), seats[1]], created_at=1.0,
                         updated_at=1.0, turn_since=1.0) for name in ("Ann the first", "Ann the second")]
    for record in opened:
        record.id = await store.create(record, None)
    for record, ended in ((opened[1], 2000.0), (opened[0], 9000.0)):  # the game opened first ends last
        record.status, record.version, record.updated_at = "finished", 1, ended
        result = Result.from_scores([3, 1], [{}, {}])
        assert await store.save(record, None, 0, result_json=result.model_dump_json())
    await store.rate_finished()
    ann = await store.player_record(GUILD, ANN)
    assert (ann.latest.game_id, ann.latest.ended_at, ann.name) == (opened[0].id, 9000.0, "Ann the first")
    await store.close()

async def test_records_count_each_persons_games_wins_places_and_best_score_per_game(db_path):
    store = await SqliteStore.open(db_path)
    games = await _games(store)
    ann = await store.player_record(GUILD, ANN)
    assert ann.name == "Annie"  # the name of her latest seat
    assert (ann.total.played, ann.total.won, ann.total.places, ann.total.best) == (3, 2, 1 + 1 + 3, 5)
    assert round(ann.total.mean_place, 2) == 1.67 and round(ann.total.share, 2) == 0.67
    assert (ann.games["toy"].played, ann.games["toy"].won, ann.games["toy"].best) == (2, 2, 5)
    assert (ann.games["wishes"].played, ann.games["wishes"].won, ann.games["wishes"].best) == (1, 0, 1)
    assert (ann.latest.game_id, ann.latest.key, ann.latest.place, ann.latest.players, ann.latest.won) == (
        games[2], "wishes", 3, 3, False)
    assert ann.latest.ended_at == 1000.0 + games[2]
    bob = await store.player_record(GUILD, BOB)
    assert (bob.total.played, bob.total.won, bob.total.places) == (2, 1, 3 + 1)  # third behind the AI, then tied
    assert (await store.player_record(GUILD + 1, ANN)).total.played == 1  # each server keeps its own records
    bob_with_ann = (await store.player_record(GUILD, BOB, versus=ANN)).versus  # Ann ahead once, level once
    assert (bob_with_ann.games, bob_with_ann.ahead, bob_with_ann.behind) == (2, 0, 1)
    carol_with_ann = (await store.player_record(GUILD, CAROL, versus=ANN)).versus  # the Wishes game: Carol ahead
    assert (carol_with_ann.games, carol_with_ann.ahead, carol_with_ann.behind) == (1, 1, 0)
    assert (await store.player_record(GUILD, CAROL, versus=BOB)).versus.games == 0
    assert (await store.player_record(GUILD, CAROL)).versus is None
    assert await store.player_record(GUILD, 99) is None
    await store.close()


async def test_the_best_score_counts_only_scores_that_read_as_points(db_path):
    """A Kingfish win scores 1 and a Push Fish first game counts fish: neither is a best score in points. Ann's
    best in Push Fish is her 9 points, not her first game's 12 fish; with only Kingfish wins in Friendly Fishing
    she has no best score there, and her stats say none rather than a bare 1."""
    store = await SqliteStore.open(db_path)
    kingfish = [{KINGFISH_SET: 1}, {KINGFISH_SET: 0}]
    await _finish(store, "friendly", [(ANN, "Ann"), (BOB, "Bob")], [1, 0], parts=kingfish)
    await _finish(store, "pushfish", [(ANN, "Ann"), (BOB, "Bob")], [12, 8], parts=[{"fish": 12}, {"fish": 8}])
    await _finish(store, "pushfish", [(ANN, "Ann"), (BOB, "Bob")], [9, 11],
                  parts=[{"fish": 7, "missions": 2}, {"fish": 11}])
    ann = await store.player_record(GUILD, ANN, plain=pictures.plain_score)
    assert (ann.games["friendly"].best, ann.games["pushfish"].best, ann.total.best) == (None, 9, 9)
    assert (await store.player_record(GUILD, ANN)).games["pushfish"].best == 12  # the bare maximum, unasked
    text = record_text(ann, "Ann", {"friendly": "Friendly Fishing", "pushfish": "Push Fish"})
    friendly, pushfish = (line for line in text.splitlines() if line.startswith("• "))
    assert friendly.startswith("• Friendly Fishing: 1 game, 1 won (100%), average place 1.0, rating ")
    assert pushfish.startswith("• Push Fish: 2 games, 1 won (50%), average place 1.5, best score 9 points, rating ")
    await store.close()


async def test_the_leaderboard_orders_by_wins_then_share_then_place_and_keeps_the_top(db_path):
    store = await SqliteStore.open(db_path)
    await _games(store)
    assert [(name, t.won) for name, t in await store.leaders(GUILD, None, 10)] == [
        ("Annie", 2), ("Bob", 1), ("Carol", 0)]  # AI seats are nobody's record
    assert [name for name, _ in await store.leaders(GUILD, "toy", 10)] == ["Annie", "Bob"]  # Carol never played it
    assert await store.leaders(GUILD, "pushfish", 10) == []
    # one win each: the better share comes first, then the better average place
    for i in range(5):
        await _finish(store, "friendly", [(100 + i, f"P{i}"), (None, "AI")], [1, 0])
    await _finish(store, "friendly", [(101, "P1"), (None, "AI")], [0, 1])  # P1: one win in two games
    await _finish(store, "friendly", [(102, "P2"), (None, "AI"), (None, "AI")], [0, 1, 2])  # P2: third once
    await _finish(store, "friendly", [(103, "P3"), (None, "AI")], [0, 1])  # P3: second once
    board = await store.leaders(GUILD, "friendly", 5)
    assert [name for name, _ in board] == ["P0", "P4", "P1", "P3", "P2"]  # then by name; P2 placed worse
    assert [(t.won, t.played, t.places) for _, t in board] == [(1, 1, 1), (1, 1, 1), (1, 2, 3), (1, 2, 3), (1, 2, 4)]
    await store.close()


def test_place_names():
    assert [place_name(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 111)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "111th"]


async def _play_out(host: Host, game: int) -> None:
    """Every person takes one stone at a time until the game ends."""
    record = await host.get(game)
    while record.status == "active":
        [decision] = host.pending(record)
        record = (await host.submit(game, record.seats[decision.seat].user_id, decision.choices[0].id,
                                    record.version)).record


async def test_a_finished_game_keeps_its_result_and_games_finished_before_records_were_kept_get_theirs(
        db_path, clock, toy_game):
    host = await Host.open(db_path, clock)
    games = {}
    for name, guild in (("done", 10), ("running", 10), ("cancelled", 10), ("elsewhere", 11)):
        lobby = await host.create(toy_game, {"stones": 5}, ANN, "Ann", guild_id=guild, channel_id=20)
        await host.join(lobby.id, BOB, "Bob")
        await host.begin(lobby.id, ANN, seed=1)
        games[name] = lobby.id
    await _play_out(host, games["done"])
    await _play_out(host, games["elsewhere"])
    await host.cancel(games["cancelled"], ANN)
    expected = host.result(await host.get(games["done"]))
    ann = await host.store.player_record(10, ANN)  # not the running, cancelled or other server's game
    assert (ann.total.played, ann.latest.game_id, ann.latest.key) == (1, games["done"], toy_game)
    assert (ann.latest.won, ann.latest.place, ann.total.best) == (0 in expected.winners, expected.ranks[0],
                                                                  expected.scores[0])
    assert (await host.store.player_record(11, BOB)).latest.game_id == games["elsewhere"]
    await host.close()
    with sqlite3.connect(db_path) as conn:  # as a database written before results were kept
        conn.execute("UPDATE games SET result = NULL")
        conn.execute("DELETE FROM finishes")
        conn.execute("INSERT INTO games (key, options, seed, status, host_user, guild_id, seats, state, created_at, "
                     "updated_at, turn_since) VALUES ('toy', '{}', 1, 'finished', 1, 10, '[]', '{\"pile\": \"x\"}', "
                     "1, 1, 1)")  # a game whose state no longer loads: it counts nowhere, and the bot still starts
    host = await Host.open(db_path, clock)
    assert await host.store.player_record(10, ANN) == ann
    assert [name for name, _ in await host.store.leaders(10, None, 10)] == sorted(["Ann", "Bob"], key=lambda name: (
        name != ("Ann" if 0 in expected.winners else "Bob")))
    await host.close()


async def test_stats_and_top_answer_privately_with_each_persons_record(fake, run):
    ann, bob, carol = fake.add_user("Ann"), fake.add_user("Bob"), fake.add_user("Carol")
    game = await finished_toy_game(fake, run, ann, bob)
    result = run.host.result(await run.host.get(game))
    ann_won = 0 in result.winners
    inter = await fake.slash(ann, "stats")
    text = only_reply(fake, inter)
    assert text.startswith("**Ann** on this server: 1 game, ")
    assert f"{int(ann_won)} won ({ann_won:.0%})" in text and "• Toy: 1 game" in text
    assert f"best score {points(result.scores[0])}" in text and f"Latest: game #{game}, Toy, " in text
    assert f"of 3{' 🏆' if ann_won else ''}, <t:" in text  # Ann, Bob and the AI
    bob_text = only_reply(fake, await fake.slash(ann, "stats", player=UserOption(bob)))
    assert bob_text.startswith("**Bob** on this server: 1 game, ")
    ahead, behind = int(result.ranks[1] < result.ranks[0]), int(result.ranks[1] > result.ranks[0])
    assert bob_text.splitlines()[-1] == (f"With you: 1 game together; Bob placed ahead of you in {ahead}, you ahead "
                                         f"in {behind}{'' if ahead or behind else ', level in 1'}.")
    assert "With you" not in text  # not in your own record
    assert only_reply(fake, await fake.slash(ann, "stats", player=UserOption(carol))) == \
        "**Carol** has no finished games on this server yet."
    top = only_reply(fake, await fake.slash(carol, "top", by="wins"))
    assert top.splitlines()[0] == "**Most wins on this server: all games**"
    assert sorted(line.split(". ", 1)[1].split(":")[0] for line in top.splitlines()[1:]) == ["Ann", "Bob"]
    assert only_reply(fake, await fake.slash(carol, "top", game="toy", by="wins")).splitlines()[0] == \
        "**Most wins on this server: Toy**"
    assert only_reply(fake, await fake.slash(carol, "top", game="wishes", by="wins")) == \
        "No finished games of If Wishes Were Fishes! with people on this server yet."
    posted = len(fake.in_channel(fake.channel_id))
    refused = await fake.slash(carol, "top", game="nope<@&123456789012345678>")  # a forged choice
    answer = only_reply(fake, refused)
    assert answer.startswith("There is no game called nope") and answer.endswith(": pick one from the list.")
    assert "<@&123456789012345678>" not in answer  # quoted back without its mention
    assert len(fake.in_channel(fake.channel_id)) == posted  # nothing posted for everyone


async def test_games_lists_the_games_waiting_on_you_first_and_says_whom_the_others_wait_on(fake, run):
    ann, bob, carol = fake.add_user("Ann"), fake.add_user("Bob"), fake.add_user("Carol")
    first = await toy_game(fake, run, carol, bob)  # Carol to act: neither waits on Ann
    second = await toy_game(fake, run, ann, bob)  # Ann to act
    lines = only_reply(fake, await fake.slash(ann, "games")).splitlines()
    assert lines[0].startswith(f"#{second} **Toy** in <#") and "**your turn** since <t:" in lines[0]
    record = await run.host.get(second)  # a link to jump to its board
    assert lines[0].endswith(f" · [board](<https://discord.com/channels/{fake.guild_id}/{record.place_id}/"
                             f"{record.message_id}>)")
    assert lines[1].startswith(f"#{first} **Toy**") and ": waiting on Carol · Carol, Bob" in lines[1]
    lines = only_reply(fake, await fake.slash(bob, "games")).splitlines()
    assert [line.split(" ", 1)[0] for line in lines] == [f"#{first}", f"#{second}"]
    assert "waiting on Ann" in lines[1] and "your turn" not in "".join(lines)


async def test_records_show_hostile_names_literally_and_ping_nobody(fake, run):
    eve, bob = fake.add_user("@everyone **Eve** <@123456789012345678>"), fake.add_user("Bob")
    await finished_toy_game(fake, run, eve, bob)
    for text in (only_reply(fake, await fake.slash(bob, "top")),
                 only_reply(fake, await fake.slash(bob, "stats", player=UserOption(eve)))):
        assert "@everyone" not in text and "<@123456789012345678>" not in text and "**Eve**" not in text
        assert "Eve" in text


def test_your_turn_counts_from_when_your_own_choice_began_to_wait():
    record = GameRecord(id=4, key="toy", options={}, seed=1, status="active", host_user=ANN, guild_id=GUILD,
                        channel_id=20, seats=[Seat(user_id=ANN, name="Ann"), Seat(user_id=BOB, name="Bob")],
                        created_at=1.0, updated_at=1.0, turn_since=1.0, waiting={0: 500.0, 1: 100.0})
    assert "**your turn** since <t:500:R>" in game_line(record, "Toy", ANN)  # not Bob's longer wait
    assert "**your turn** since <t:100:R>" in game_line(record, "Toy", BOB)


# ---- Elo ratings -----------------------------------------------------------------------------------------

def test_elo_two_players_the_winner_takes_half_of_k_from_the_loser_at_equal_ratings():
    assert ratings.after_game({1: 1000.0, 2: 1000.0}, [(1, 1), (2, 2)]) == {1: 1016.0, 2: 984.0}
    assert ratings.after_game({1: 1000.0, 2: 1000.0}, [(1, 1), (2, 1)]) == {1: 1000.0, 2: 1000.0}  # a tie
    favourite = ratings.after_game({1: 1200.0, 2: 1000.0}, [(1, 1), (2, 2)])
    upset = ratings.after_game({1: 1200.0, 2: 1000.0}, [(1, 2), (2, 1)])
    assert 0 < favourite[1] - 1200 < 16 < upset[2] - 1000  # beating the favourite is worth more
    assert favourite[1] - 1200 == pytest.approx(1000 - favourite[2])  # what one gains the other loses


def test_elo_more_players_each_pair_weighs_k_over_n_minus_1_and_an_ai_level_moves_by_its_seats_mean():
    after = ratings.after_game({1: 1000.0, 2: 1000.0, 3: 1000.0}, [(1, 1), (2, 2), (3, 3)])
    assert after == {1: 1016.0, 2: 1000.0, 3: 984.0}
    hard = ratings.AI_PLAYERS["hard"]  # two hard seats, 1st and 4th: the level moves by the mean of the two
    after = ratings.after_game({1: 1000.0, 2: 1000.0, hard: 1000.0}, [(hard, 1), (1, 2), (2, 3), (hard, 4)])
    assert after[hard] == pytest.approx(1000.0) and after[1] > 1000 > after[2]
    assert ratings.after_game({hard: 1000.0}, [(hard, 1), (hard, 2)]) == {}  # nobody to be rated against


def test_elo_who_a_seat_counts_for():
    seats = [{"user_id": 7, "name": "Ann"}, {"user_id": 8, "name": "Bob", "standin": True},
             {"user_id": None, "name": "AI 1", "ai": "greedy"}, {"user_id": None, "name": "Cy (AI, hard)",
                                                                 "ai": "hard", "left": True}]
    assert ratings.seat_players(seats) == [7, 8, ratings.AI_PLAYERS["normal"], None]  # the left seat: no rating move shown
    assert ratings.participants(ratings.seat_players(seats), [2, 1, 3, 4]) == [
        (7, 2), (8, 1), (ratings.AI_PLAYERS["normal"], 3)]
    assert ratings.ai_level(ratings.AI_PLAYERS["easy"]) == "easy" and ratings.ai_level(7) is None


async def test_each_finished_game_moves_ratings_once_per_server_per_game_and_over_all_games(db_path):
    store = await SqliteStore.open(db_path)
    await _finish(store, "toy", [(ANN, "Ann"), (BOB, "Bob")], [3, 1])
    await _finish(store, "wishes", [(BOB, "Bob"), (ANN, "Ann"), (None, "AI 1 (hard)")], [5, 2, 9])
    await _finish(store, "toy", [(ANN, "Ann"), (BOB, "Bob")], [9, 0], guild=GUILD + 1)  # another server
    assert await store.rate_finished() == 0  # each game is rated once
    ann = (await store.player_record(GUILD, ANN)).ratings
    assert (ann["toy"].value, ann["toy"].games) == (1016.0, 1)
    hard = ratings.AI_PLAYERS["hard"]
    wishes = ratings.after_game({ANN: 1000.0, BOB: 1000.0, hard: 1000.0}, [(BOB, 2), (ANN, 3), (hard, 1)])
    assert ann["wishes"].value == pytest.approx(wishes[ANN])
    overall = ratings.after_game({ANN: 1016.0, BOB: 984.0, hard: 1000.0}, [(BOB, 2), (ANN, 3), (hard, 1)])
    assert (ann[ratings.ALL].value, ann[ratings.ALL].games) == (pytest.approx(overall[ANN]), 2)
    assert ann[ratings.ALL].provisional and ratings.PROVISIONAL > 2
    assert (await store.player_record(GUILD + 1, ANN)).ratings["toy"].games == 1  # its own server's ratings
    people, ais = await store.rated_leaders(GUILD, None, 10)
    assert [name for name, _ in people] == ["Ann", "Bob"] and people[0][1].value == pytest.approx(overall[ANN])
    assert set(ais) == {"hard"} and ais["hard"].value == pytest.approx(overall[hard])
    assert await store.rating_moves(2) == [(1000.0, pytest.approx(wishes[BOB])), (1000.0, ann["wishes"].value),
                                           (1000.0, pytest.approx(wishes[hard]))]  # in the game's own ratings
    assert await store.rated_leaders(GUILD, "pushfish", 10) == ([], {})
    await store.close()


async def test_rated_leaderboard_puts_settled_ratings_first_then_the_higher_rating(db_path):
    store = await SqliteStore.open(db_path)
    for _ in range(ratings.PROVISIONAL):  # Bob settles with a losing record; Carol wins her only game
        await _finish(store, "toy", [(BOB, "Bob"), (ANN, "Ann")], [0, 1])
    await _finish(store, "toy", [(CAROL, "Carol"), (None, "AI")], [1, 0], level="easy")
    people, ais = await store.rated_leaders(GUILD, "toy", 10)
    assert [(name, r.provisional) for name, r in people] == [("Ann", False), ("Bob", False), ("Carol", True)]
    assert people[2][1].value > people[1][1].value  # Carol is rated above Bob, but only provisionally
    assert list(ais) == ["easy"]
    assert [name for name, _ in (await store.rated_leaders(GUILD, "toy", 2))[0]] == ["Ann", "Bob"]
    await store.close()


async def test_games_finished_before_ratings_were_kept_are_rated_in_the_order_they_finished(db_path, clock):
    store = await SqliteStore.open(db_path)
    await _finish(store, "toy", [(ANN, "Ann"), (BOB, "Bob")], [1, 0])
    await _finish(store, "toy", [(ANN, "Ann"), (BOB, "Bob")], [0, 1])
    before = (await store.player_record(GUILD, ANN)).ratings
    await store.close()
    with sqlite3.connect(db_path) as conn:  # as a database written before ratings were kept
        conn.execute("DELETE FROM ratings")
        conn.execute("UPDATE games SET rating_moves = NULL")
    host = await Host.open(db_path, clock)
    assert (await host.store.player_record(GUILD, ANN)).ratings == before  # the same ratings, replayed in order
    await host.close()
    assert before["toy"].value == pytest.approx(1016.0 - 32 * ratings.expected(1016.0, 984.0))  # won, then lost


async def test_top_ranks_by_rating_unless_asked_for_wins_and_refuses_a_forged_order(fake, run):
    ann, bob, carol = fake.add_user("Ann"), fake.add_user("Bob"), fake.add_user("Carol")
    game = await finished_toy_game(fake, run, ann, bob)
    result = run.host.result(await run.host.get(game))
    record = await run.host.store.player_record(fake.guild_id, ann)
    stats = only_reply(fake, await fake.slash(ann, "stats"))
    assert stats.splitlines()[0].endswith(f", rating {record.ratings[ratings.ALL].value:.0f} (provisional).")
    assert f"best score {points(result.scores[0])}, rating {record.ratings['toy'].value:.0f} (provisional)" in stats
    top = only_reply(fake, await fake.slash(carol, "top")).splitlines()
    assert top[0] == "**Best rated on this server: all games**"
    places = {"Ann": result.ranks[0], "Bob": result.ranks[1]}
    assert top[1].endswith(" from 1 game (provisional)") and top[2].endswith(" from 1 game (provisional)")
    if places["Ann"] != places["Bob"]:  # the one placed ahead gained on the other
        assert top[1].startswith(f"1. {min(places, key=places.__getitem__)}: ")
    level = (await run.host.get(game)).seats[2].ai  # the AI seat Add AI gave
    [scores] = [f["value"] for f in (await run.board(game)).data["embeds"][0]["fields"] if f["name"] == "Final scores"]
    moves = await run.host.store.rating_moves(game)  # the final board says how the game moved each rating
    assert len(moves) == 3 and moves[0][0] == 1000.0 and moves[0][1] == record.ratings["toy"].value
    for line in scores.splitlines():
        seat = "ABC".index(line.split("`")[1])  # each line marks its seat
        before, after = round(moves[seat][0]), round(moves[seat][1])
        assert line.endswith(f" · rating {after} ({after - before:+d})"), line
    assert top[3].startswith(f"AI players here: {level} ") and top[3].endswith(" (1 game)")
    assert top[4] == f"Elo ratings: everyone starts at 1000; provisional until {ratings.PROVISIONAL} games."
    assert only_reply(fake, await fake.slash(carol, "top", game="wishes")) == \
        "No rated games of If Wishes Were Fishes! with people on this server yet."
    posted = len(fake.in_channel(fake.channel_id))
    answer = only_reply(fake, await fake.slash(carol, "top", by="luck<@&123456789012345678>"))
    assert answer.startswith("A leaderboard goes by rating or wins, not luck") and "<@&" not in answer
    assert len(fake.in_channel(fake.channel_id)) == posted


async def test_a_failed_rating_leaves_the_finishing_move_standing_and_is_rated_at_the_next_start(
        db_path, clock, toy_game, monkeypatch, caplog):
    host = await Host.open(db_path, clock)
    lobby = await host.create(toy_game, {"stones": 3}, ANN, "Ann", guild_id=GUILD, channel_id=20)
    await host.join(lobby.id, BOB, "Bob")
    await host.begin(lobby.id, ANN, seed=1)

    async def broken(self) -> int:
        raise sqlite3.OperationalError("database or disk is full")

    with monkeypatch.context() as failing:
        failing.setattr(SqliteStore, "rate_finished", broken)
        await _play_out(host, lobby.id)
    assert (await host.get(lobby.id)).status == "finished"  # the last move stands
    assert (await host.store.player_record(GUILD, ANN)).ratings == {}
    assert "rating it failed" in caplog.text
    await host.close()
    host = await Host.open(db_path, clock)
    assert (await host.store.player_record(GUILD, ANN)).ratings["toy"].games == 1
    await host.close()


async def test_a_game_everyone_left_is_rated_as_nobodys_and_does_not_hold_up_the_games_after_it(db_path):
    store = await SqliteStore.open(db_path)
    record = GameRecord(id=0, key="toy", options={}, seed=1, status="active", host_user=ANN, guild_id=GUILD,
                        seats=[Seat(name="Ann (AI, hard)", ai="hard", left=True),
                               Seat(name="Bob (AI, hard)", ai="hard", left=True)],
                        created_at=1.0, updated_at=1.0, turn_since=1.0)
    record.id = await store.create(record, None)
    record.status, record.version = "finished", 1
    assert await store.save(record, None, 0, result_json=Result.from_scores([2, 1], [{}, {}]).model_dump_json())
    assert await store.rate_finished() == 1
    assert await store.rating_moves(record.id) == [None, None]
    await _finish(store, "toy", [(ANN, "Ann"), (BOB, "Bob")], [1, 0])  # the next game is rated as usual
    assert (await store.player_record(GUILD, ANN)).ratings["toy"].value == 1016.0
    await store.close()


async def test_a_lobby_shows_each_seats_rating_in_that_game_ai_levels_included(fake, run):
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    game = await finished_toy_game(fake, run, ann, bob)
    level = (await run.host.get(game)).seats[2].ai
    toy = (await run.host.store.player_record(fake.guild_id, ann)).ratings["toy"]
    ai = (await run.host.store.rated_leaders(fake.guild_id, "toy", 10))[1][level]
    await fake.slash(ann, "start toy")
    lobby_id = max(r.id for r in await run.host.games(fake.guild_id))
    action = "ai" if level == "normal" else f"ai-{level}"  # the buttons under the lobby
    await fake.click(ann, await run.board(lobby_id), f"fish:l:{lobby_id}:{action}")
    await fake.click(bob, await run.board(lobby_id), f"fish:l:{lobby_id}:join")
    seats = next(f["value"] for f in (await run.board(lobby_id)).data["embeds"][0]["fields"]
                 if f["name"].startswith("Seats")).splitlines()
    assert seats[0] == f"`A` <@{ann}> · rating {toy.value:.0f} (provisional)"
    assert seats[1] == f"`B` 🤖 AI 1 ({level}) · rating {ai.value:.0f} (provisional)"
    assert seats[2].startswith(f"`C` <@{bob}> · rating ")
    await fake.slash(ann, "start wishes")  # nobody is rated in Wishes yet
    wishes = max(r.id for r in await run.host.games(fake.guild_id))
    assert "rating" not in (await run.board(wishes)).text()


async def test_an_empty_leaderboard_reads_plainly(fake, run):
    ann = fake.add_user("Ann")
    assert only_reply(fake, await fake.slash(ann, "top")) == "No rated games with people on this server yet."
    assert only_reply(fake, await fake.slash(ann, "top", by="wins")) == \
        "No finished games with people on this server yet."
