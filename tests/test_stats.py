"""Players' records: each finished game keeps its result; `/fish stats` shows a person's games, wins and places
per game, `/fish top` the server's leaderboard, and `/fish games` puts the games waiting on you first."""

from __future__ import annotations

import sqlite3

from bot.discord.messages import game_line, place_name
from bot.host import Host
from bot.models import GameRecord, Seat
from bot.store import SqliteStore
from engines.core import Result
from tests.discord_helpers import finished_toy_game, only_reply, toy_game
from tests.fakediscord.wire import UserOption

pytest_plugins = ["tests.fakediscord.harness"]  # fixtures: fake, run, test_games

ANN, BOB, CAROL = 1, 2, 3
GUILD = 10


async def _finish(store: SqliteStore, key: str, seats: list[tuple[int | None, str]], scores: list[int],
                  guild: int | None = GUILD) -> int:
    """Store a game of these (user id, name) seats (None: an AI) finishing with these scores; returns its id."""
    record = GameRecord(id=0, key=key, options={}, seed=1, status="active", host_user=ANN, guild_id=guild,
                        seats=[Seat(user_id=u, name=n, ai=None if u else "hard") for u, n in seats],
                        created_at=1.0, updated_at=1.0, turn_since=1.0)
    record.id = await store.create(record, None)
    record.status, record.version, record.updated_at = "finished", 1, 1000.0 + record.id
    result = Result.from_scores(scores, [{} for _ in scores])
    assert await store.save(record, None, 0, result_json=result.model_dump_json())
    return record.id


async def _games(store: SqliteStore) -> list[int]:
    return [await _finish(store, "toy", [(ANN, "Ann"), (BOB, "Bob"), (None, "AI 1 (hard)")], [5, 3, 4]),
            await _finish(store, "toy", [(BOB, "Bob"), (ANN, "Ann")], [2, 2]),  # a tie: both win, both first
            await _finish(store, "wishes", [(None, "AI 1 (hard)"), (ANN, "Annie"), (CAROL, "Carol")], [9, 1, 4]),
            await _finish(store, "toy", [(ANN, "Ann"), (BOB, "Bob")], [9, 0], guild=GUILD + 1)]  # another server


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
    assert await store.player_record(GUILD, 99) is None
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
    ann = await host.player_record(10, ANN)  # not the running, cancelled or other server's game
    assert (ann.total.played, ann.latest.game_id, ann.latest.key) == (1, games["done"], toy_game)
    assert (ann.latest.won, ann.latest.place, ann.total.best) == (0 in expected.winners, expected.ranks[0],
                                                                  expected.scores[0])
    assert (await host.player_record(11, BOB)).latest.game_id == games["elsewhere"]
    await host.close()
    with sqlite3.connect(db_path) as conn:  # as a database written before results were kept
        conn.execute("UPDATE games SET result = NULL")
        conn.execute("DELETE FROM finishes")
        conn.execute("INSERT INTO games (key, options, seed, status, host_user, guild_id, seats, state, created_at, "
                     "updated_at, turn_since) VALUES ('toy', '{}', 1, 'finished', 1, 10, '[]', '{\"pile\": \"x\"}', "
                     "1, 1, 1)")  # a game whose state no longer loads: it counts nowhere, and the bot still starts
    host = await Host.open(db_path, clock)
    assert await host.player_record(10, ANN) == ann
    assert [name for name, _ in await host.leaders(10, None)] == sorted(["Ann", "Bob"], key=lambda name: (
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
    assert f"best score {result.scores[0]}" in text and f"Latest: game #{game}, Toy, " in text
    assert f"of 3{' 🏆' if ann_won else ''}, <t:" in text  # Ann, Bob and the AI
    bob_text = only_reply(fake, await fake.slash(ann, "stats", player=UserOption(bob)))
    assert bob_text.startswith("**Bob** on this server: 1 game, ")
    assert only_reply(fake, await fake.slash(ann, "stats", player=UserOption(carol))) == \
        "**Carol** has no finished games on this server yet."
    top = only_reply(fake, await fake.slash(carol, "top"))
    assert top.splitlines()[0] == "**Most wins on this server: all games**"
    assert sorted(line.split(". ", 1)[1].split(":")[0] for line in top.splitlines()[1:]) == ["Ann", "Bob"]
    assert only_reply(fake, await fake.slash(carol, "top", game="toy")).splitlines()[0] == \
        "**Most wins on this server: Toy**"
    assert only_reply(fake, await fake.slash(carol, "top", game="wishes")) == \
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
