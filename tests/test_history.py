"""`/fish history`: a person's finished games on a server, the latest finish first, ten a page, each with its place,
score, rating move, the others at the table and a link to its final board."""

from __future__ import annotations

from bot import replay
from bot.discord.messages import HISTORY_PAGE, history_embed
from bot.models import Finish, GameRecord, Move, PastGame, Seat
from bot.store import SqliteStore
from engines.core import Result
from tests.discord_helpers import finished_toy_game, only_reply
from tests.fakediscord.wire import UserOption

VIEW_CHANNEL = 1 << 10  # Discord's View Channel permission bit

pytest_plugins = ["tests.fakediscord.harness"]  # fixtures: fake, run, test_games

ANN, BOB = 1, 2
GUILD = 10


async def _finish(store: SqliteStore, key: str, seats: list[tuple[int | None, str]], scores: list[int],
                  ended: float, guild: int = GUILD, thread: int | None = None,
                  parts: list[dict[str, int]] | None = None) -> int:
    """Store a rated game of these (user id, name) seats (None: a hard AI) that finished at `ended`; its id."""
    record = GameRecord(id=0, key=key, options={}, seed=1, status="active", host_user=ANN, guild_id=guild,
                        channel_id=20, thread_id=thread, seats=[Seat(user_id=u, name=n, ai=None if u else "hard")
                                                                for u, n in seats],
                        created_at=1.0, updated_at=1.0, turn_since=1.0)
    record.id = await store.create(record, None)
    record.status, record.version, record.updated_at = "finished", 1, ended
    await store.set_fields(record.id, message_id=500 + record.id)  # its board
    result = Result.from_scores(scores, parts or [{} for _ in scores])
    assert await store.save(record, None, 0, result_json=result.model_dump_json())
    assert await store.rate_finished() == 1
    return record.id


async def test_past_games_come_latest_finish_first_with_place_score_others_rating_move_and_board(db_path):
    store = await SqliteStore.open(db_path)
    slow = await _finish(store, "toy", [(ANN, "Ann"), (BOB, "Bob"), (None, "AI 1 (hard)")], [5, 3, 4], ended=3000.0,
                         thread=30)  # begun first, finished last
    quick = await _finish(store, "wishes", [(BOB, "Bob"), (ANN, "Annie")], [7, 2], ended=2000.0)
    await _finish(store, "toy", [(ANN, "Ann"), (BOB, "Bob")], [1, 0], ended=2500.0, guild=GUILD + 1)  # elsewhere
    await _finish(store, "toy", [(BOB, "Bob"), (None, "Ann (AI, hard)")], [0, 1], ended=2600.0)  # Ann left it
    count, games = await store.past_games(GUILD, ANN, None, 10)
    assert count == 2 and [g.finish.game_id for g in games] == [slow, quick]
    first, second = games
    assert (first.finish.key, first.finish.place, first.finish.players, first.finish.won, first.score) == (
        "toy", 1, 3, True, 5)
    assert first.others == ("Bob", "AI 1 (hard)") and first.finish.ended_at == 3000.0
    assert (first.guild_id, first.place_id, first.message_id) == (GUILD, 30, 500 + slow)  # its thread
    assert first.rating_move == (1000.0, 1016.0)  # first of three between equals: 2 pairs won, 16 each
    assert (second.finish.place, second.finish.won, second.score, second.others) == (2, False, 2, ("Bob",))
    assert (second.place_id, second.rating_move) == (20, (1000.0, 984.0))  # its channel; each game its own rating
    assert await store.past_games(GUILD, ANN, "wishes", 10) == (1, [second])
    assert await store.past_games(GUILD, ANN, None, 1, skip=1) == (2, [second])  # the second page of one
    assert await store.past_games(GUILD, ANN, None, 10, skip=2) == (2, [])
    assert await store.past_games(GUILD, 99, None, 10) == (0, [])
    await store.close()


async def test_history_lists_your_games_and_someone_elses_with_links_to_their_final_boards(fake, run):
    ann, bob, carol = fake.add_user("Ann"), fake.add_user("Bob"), fake.add_user("Carol")
    games = [await finished_toy_game(fake, run, ann, bob) for _ in range(2)]
    [reply] = fake.ephemeral_replies(await fake.slash(ann, "history"))
    [embed] = reply.data["embeds"]
    assert embed["title"] == "Ann: finished games on this server"
    lines = embed["description"].splitlines()
    assert [line.split("**")[1] for line in lines] == [f"#{games[1]} Toy", f"#{games[0]} Toy"]  # latest first
    for line, game in zip(lines, reversed(games), strict=True):
        record = await run.host.get(game)
        result = run.host.result(record)
        before, after = (round(x) for x in (await run.host.store.rating_moves(game))[0])
        assert line.startswith("🏆 " if 0 in result.winners else "▫️ ")
        assert f": {'1st' if result.ranks[0] == 1 else '2nd' if result.ranks[0] == 2 else '3rd'} of 3, " in line
        assert f" · rating {after} ({after - before:+d}) · with Bob, {record.seats[2].name} · <t:" in line
        assert line.endswith(f":R> · [board](https://discord.com/channels/{fake.guild_id}/{record.place_id}/"
                             f"{record.message_id})")  # the final board, with its replay and play-again buttons
    assert embed["footer"]["text"] == "Page 1 of 1 · 2 games"
    [theirs] = fake.ephemeral_replies(await fake.slash(carol, "history", player=UserOption(bob)))
    assert theirs.data["embeds"][0]["title"] == "Bob: finished games on this server"
    assert " · with Ann, " in theirs.data["embeds"][0]["description"]
    assert only_reply(fake, await fake.slash(carol, "history")) == \
        "**Carol** has no finished games on this server yet."
    assert only_reply(fake, await fake.slash(ann, "history", game="wishes")) == \
        "**Ann** has no finished games of If Wishes Were Fishes! on this server yet."
    [toy] = fake.ephemeral_replies(await fake.slash(ann, "history", game="toy"))
    assert toy.data["embeds"][0]["title"] == "Ann: finished games of Toy on this server"


async def test_history_is_synced_with_its_games_as_choices_and_pages_from_1(fake, run):
    [history] = [o for o in fake.commands[None][0]["options"] if o["name"] == "history"]
    player, game, page = history["options"]
    assert (player["name"], player["type"], game["name"], page["name"]) == ("player", 6, "game", "page")
    assert "toy" in [c["value"] for c in game["choices"]]
    assert (page["type"], page["min_value"], page["max_value"]) == (4, 1, 100_000)


async def test_history_pages_older_games_and_refuses_a_page_past_the_end_or_a_forged_option(fake, run, monkeypatch):
    monkeypatch.setattr("bot.discord.messages.HISTORY_PAGE", 2)
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    games = [await finished_toy_game(fake, run, ann, bob, stones=3) for _ in range(3)]
    [first] = fake.ephemeral_replies(await fake.slash(ann, "history"))
    assert first.data["embeds"][0]["footer"]["text"] == "Page 1 of 2 · 3 games · /fish history page:2 for older ones"
    [second] = fake.ephemeral_replies(await fake.slash(ann, "history", page=2))
    assert second.data["embeds"][0]["description"].split("**")[1] == f"#{games[0]} Toy"  # the oldest
    assert second.data["embeds"][0]["footer"]["text"] == "Page 2 of 2 · 3 games"
    posted = len(fake.in_channel(fake.channel_id))
    assert only_reply(fake, await fake.slash(ann, "history", page=3)) == \
        "Ann has 3 finished games here, so the last page is 2."
    for forged in ({"page": 0}, {"page": -4}, {"page": 10**30}, {"page": "2"}, {"game": "toy<@&123456789012345678>"}):
        answer = only_reply(fake, await fake.slash(ann, "history", **forged))
        assert answer.startswith(("Pages are numbered from 1 to 100000, not ", "There is no game called toy")), answer
        assert "<@&" not in answer
    assert len(fake.in_channel(fake.channel_id)) == posted  # nothing posted for everyone
    assert HISTORY_PAGE == 10


async def test_history_shows_hostile_names_literally(fake, run):
    eve, bob = fake.add_user("@everyone **Eve** <@123456789012345678>"), fake.add_user("Bob")
    await finished_toy_game(fake, run, eve, bob)
    [reply] = fake.ephemeral_replies(await fake.slash(bob, "history"))
    embed = reply.data["embeds"][0]
    assert "with @\u200beveryone \\*\\*Eve\\*\\*" in embed["description"]  # escaped: shown as typed, pings nobody
    [hers] = fake.ephemeral_replies(await fake.slash(bob, "history", player=UserOption(eve)))
    assert "**Eve**" not in hers.data["embeds"][0]["title"] and "Eve" in hers.data["embeds"][0]["title"]


async def test_games_in_a_channel_hidden_from_you_are_not_listed_nor_linked_to_you(fake, run):
    ann, bob, eve = fake.add_user("Ann"), fake.add_user("Bob"), fake.add_user("Eve")
    staff = fake.add_channel("staff-room")  # Eve may not see it (a member overwrite denies View Channel)
    fake.channels[staff]["permission_overwrites"] = [{"id": str(eve), "type": 1, "allow": "0",
                                                      "deny": str(VIEW_CHANNEL)}]
    await run.restart()  # the bot learns the channel when it connects
    hidden = await finished_toy_game(fake, run, ann, bob, channel_id=staff)
    await fake.slash(ann, "start toy", channel_id=staff)
    await fake.slash(ann, "start toy")  # and one lobby in the channel everyone sees
    for _ in range(2):  # and again once the bot no longer knows the games' threads (archived, or a restart)
        seen = {line.split(" ")[0] for line in only_reply(fake, await fake.slash(eve, "games")).splitlines()}
        assert seen == {f"#{max(r.id for r in await run.host.games(fake.guild_id))}"}
        assert len(only_reply(fake, await fake.slash(ann, "games")).splitlines()) == 2  # Ann sees both lobbies
        [theirs] = fake.ephemeral_replies(await fake.slash(eve, "history", player=UserOption(ann)))
        [line] = theirs.data["embeds"][0]["description"].splitlines()
        assert f"#{hidden} Toy" in line and "Bob" not in line and "[board]" not in line  # who played, and where
        await run.restart()  # the fake's GUILD_CREATE lists no thread, as Discord lists no archived one
    [own] = fake.ephemeral_replies(await fake.slash(ann, "history"))
    assert "with Bob" in own.data["embeds"][0]["description"] and "[board]" in own.data["embeds"][0]["description"]


def test_a_logged_move_that_names_its_mover_is_not_named_twice():
    record = GameRecord(id=1, key="thisbig", options={}, seed=1, status="active", host_user=ANN,
                        seats=[Seat(user_id=ANN, name="Cy"), Seat(user_id=BOB, name="Bo")],
                        created_at=1.0, updated_at=1.0, turn_since=1.0)
    assert replay.said(record, Move(index=3, seat=0, choice_id="pass", label="Cy: No Catch!")) == "Cy: No Catch!"
    assert replay.said(record, Move(index=4, seat=1, choice_id="take", label="Take 3")) == "Bo: Take 3"
    by_standin = Move(index=5, seat=0, choice_id="r3", label="Cy plays a card face down.", by_ai=True)
    assert replay.said(record, by_standin) == "Cy (AI stand-in) plays a card face down."  # a stand-in's secret move
    record.seats[1] = Seat(name="Bo (AI, hard)", ai="hard", left=True)  # Bo left: an AI plays his seat
    assert replay.said(record, Move(index=6, seat=1, choice_id="p", label="Bo plays a card face down.", by_ai=True)) \
        == "Bo (AI, hard) plays a card face down."
    assert replay.said(record, Move(index=2, seat=1, choice_id="t", label="Take 3")) == "Bo: Take 3"  # his own


def test_a_past_game_s_score_reads_in_its_own_unit():
    def line(key: str, score: int, parts: dict[str, int] | None = None) -> str:
        past = PastGame(finish=Finish(game_id=5, key=key, place=1, players=2, won=True, ended_at=1.0), score=score,
                        others=("Bo",), rating_move=None, guild_id=GUILD, place_id=20, channel_id=20, message_id=None,
                        parts=tuple((parts or {}).items()))
        return history_embed("Ann", 1, [past], 1, {key: key}, None, lambda _: True).description

    assert ": 1st of 2, $88 · with Bo" in line("wishes", 88)
    assert ": 1st of 2, 1 point · with Bo" in line("thisbig", 1)
    assert ": 1st of 2, 12 points · with Bo" in line("friendly", 12, {"Fish": 9, "Left neighbour": 3})
    assert ": 1st of 2, won with the Kingfish set · with Bo" in line("friendly", 1, {"Kingfish set": 1})  # not 1 point
    assert ": 1st of 2, lost to a Kingfish set · with Bo" in line("friendly", 0, {"Kingfish set": 0})
    assert ": 1st of 2, 3 fish · with Bo" in line("pushfish", 3, {"fish": 3})  # a first game counts fish
    assert ": 1st of 2, 25 points · with Bo" in line("pushfish", 25, {"fish": 20, "missions": 3, "items": 2})


async def test_a_past_game_keeps_its_seat_s_breakdown_from_the_stored_result(db_path):
    store = await SqliteStore.open(db_path)
    await _finish(store, "friendly", [(BOB, "Bob"), (ANN, "Ann")], [1, 0], ended=2000.0,
                  parts=[{"Kingfish set": 1}, {"Kingfish set": 0}])
    [bobs] = (await store.past_games(GUILD, BOB, None, 10))[1]
    [anns] = (await store.past_games(GUILD, ANN, None, 10))[1]
    assert (bobs.parts, anns.parts) == ((("Kingfish set", 1),), (("Kingfish set", 0),))  # each their own seat's
    await store.close()
