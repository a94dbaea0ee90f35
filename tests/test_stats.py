"""Players' records: each finished game keeps its result; `/fish stats` shows a person's games, wins and places
per game, `/fish top` the server's leaderboard, and `/fish games` puts the games waiting on you first."""

from __future__ import annotations

import sqlite3

from bot import stats
from bot.host import Host
from bot.models import Finished, Seat
from engines.core import Result
from tests.discord_helpers import finished_toy_game, only_reply, toy_game
from tests.fakediscord.wire import UserOption

pytest_plugins = ["tests.fakediscord.harness"]  # fixtures: fake, run, test_games

ANN, BOB, CAROL = 1, 2, 3


def _game(game_id: int, key: str, seats: list[tuple[int | None, str]], scores: list[int],
          winners: list[int] | None = None) -> Finished:
    """A finished game of these (user id, name) seats and scores (None: an AI seat)."""
    result = Result.from_scores(scores, [{} for _ in scores], winners)
    return Finished(game_id=game_id, key=key, seats=[Seat(user_id=u, name=n, ai=None if u else "hard")
                                                     for u, n in seats],
                    result=result, ended_at=1000.0 + game_id)


GAMES = [
    _game(1, "toy", [(ANN, "Ann"), (BOB, "Bob"), (None, "AI 1 (hard)")], [5, 3, 4]),
    _game(2, "toy", [(BOB, "Bob"), (ANN, "Ann")], [2, 2]),  # a tie: both win, both first
    _game(3, "wishes", [(None, "AI 1 (hard)"), (ANN, "Annie"), (CAROL, "Carol")], [9, 1, 4]),
]


def test_records_count_each_persons_games_wins_places_and_best_score_per_game():
    found = stats.players(GAMES)
    assert set(found) == {ANN, BOB, CAROL}  # AI seats are nobody's record
    ann = found[ANN]
    assert ann.name == "Annie"  # the name of her latest seat
    assert (ann.total.played, ann.total.won, ann.total.places, ann.total.best) == (3, 2, 1 + 1 + 3, 5)
    assert round(ann.total.mean_place, 2) == 1.67 and round(ann.total.share, 2) == 0.67
    assert (ann.games["toy"].played, ann.games["toy"].won, ann.games["toy"].best) == (2, 2, 5)
    assert (ann.games["wishes"].played, ann.games["wishes"].won, ann.games["wishes"].best) == (1, 0, 1)
    assert ann.total.last is GAMES[2] and stats.seat_of(GAMES[2], ANN) == 1
    bob = found[BOB]
    assert (bob.total.played, bob.total.won, bob.total.places) == (2, 1, 3 + 1)  # third behind the AI, then tied


def test_the_leaderboard_orders_by_wins_then_share_then_place_and_keeps_the_top_ten():
    found = stats.players(GAMES)
    assert [(p.name, t.won) for p, t in stats.leaderboard(found.values(), None)] == [
        ("Annie", 2), ("Bob", 1), ("Carol", 0)]
    assert [p.name for p, _ in stats.leaderboard(found.values(), "toy")] == ["Annie", "Bob"]  # Carol never played it
    assert stats.leaderboard(found.values(), "pushfish") == []
    # one win each: the better share comes first, then the better average place
    many = [_game(10 + i, "toy", [(100 + i, f"P{i:02}"), (None, "AI")], [1, 0] if i else [0, 1]) for i in range(12)]
    many.append(_game(30, "toy", [(101, "P01"), (None, "AI")], [0, 1]))  # P01: one win in two games
    board = stats.leaderboard(stats.players(many).values(), "toy")
    assert len(board) == stats.TOP
    assert board[-1][0].name == "P11" and "P01" not in [p.name for p, _ in board]  # 1 of 2 ranks after 1 of 1
    assert board[0][0].name == "P02"


def test_place_names():
    assert [stats.place_name(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 111)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "111th"]


async def _play_out(host: Host, game: int) -> None:
    """Every person takes one stone at a time until the game ends."""
    record = await host.get(game)
    while record.status == "active":
        [decision] = host.pending(record)
        record = (await host.submit(game, record.seats[decision.seat].user_id, decision.choices[0].id,
                                    record.version)).record


async def test_a_finished_game_keeps_its_result_and_games_finished_before_results_were_kept_get_theirs(
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
    [kept] = await host.finished(10)  # not the running, cancelled or other server's game
    assert (kept.game_id, kept.key, kept.result) == (games["done"], toy_game, expected)
    assert [s.user_id for s in kept.seats] == [ANN, BOB]
    assert [g.game_id for g in await host.finished(11)] == [games["elsewhere"]]
    await host.close()
    with sqlite3.connect(db_path) as conn:  # as a database written before results were kept
        conn.execute("UPDATE games SET result = NULL")
    host = await Host.open(db_path, clock)
    assert [g.result for g in await host.finished(10)] == [expected]
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
    assert lines[1].startswith(f"#{first} **Toy**") and ": waiting on Carol · Carol, Bob" in lines[1]
    lines = only_reply(fake, await fake.slash(bob, "games")).splitlines()
    assert [line.split(" ", 1)[0] for line in lines] == [f"#{first}", f"#{second}"]
    assert "waiting on Ann" in lines[1] and "your turn" not in "".join(lines)
