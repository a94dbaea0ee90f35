"""How the bot words moves for people: the log and the board's lines never repeat a name, and say what happened."""

from __future__ import annotations

from bot.discord import messages, pictures
from bot.models import PRIVATE_CHOICE, GameRecord, Move, Seat

pytest_plugins = ["tests.fakediscord.harness"]  # fixtures: fake, run


def record() -> GameRecord:
    """Ann (a person, an AI standing in for her now), AI 1, and Bob who left (an AI plays his seat)."""
    seats = [Seat(user_id=1, name="Ann", standin=True, standin_level="hard"), Seat(name="AI 1 (hard)", ai="hard"),
             Seat(user_id=2, name="Bob (AI, hard)", ai="hard", left=True)]
    return GameRecord(id=4, key="thisbig", options={}, seed=1, status="active", host_user=1, seats=seats,
                      created_at=0, updated_at=0, turn_since=0)


def test_the_log_names_each_mover_once():
    moves = [(Move(index=0, seat=0, choice_id="y", label="Yellow lure"), []),
             (Move(index=1, seat=1, choice_id="p", label="AI 1 (hard) plays a card face down.", by_ai=True), []),
             (Move(index=2, seat=2, choice_id="p", label="Bob plays a card face down."), []),
             (Move(index=3, seat=0, choice_id="c", label="Bob's card", by_ai=True), ["Ann picks Bob's card: red 3."]),
             (Move(index=4, seat=2, choice_id="x", label=PRIVATE_CHOICE, by_ai=True), [])]
    assert messages.log_text(record(), moves).splitlines() == [
        "1. Ann: Yellow lure", "2. AI 1 (hard) plays a card face down.", "3. Bob plays a card face down.",
        "4. Ann (AI stand-in): Bob's card", "\u2003↳ Ann picks Bob's card: red 3.",
        "5. Bob (AI, hard) made a private choice"]


def test_a_move_that_made_no_public_event_reads_as_a_sentence_on_the_board():
    moves = [Move(index=0, seat=0, choice_id="g", label="Garbage heap"), Move(index=1, seat=1, choice_id="x",
                                                                               label=PRIVATE_CHOICE)]
    assert messages.happened([], moves) == []  # no public event: nothing kept as news
    assert messages.clicked(record(), moves) == ['Ann chose "Garbage heap".', "AI 1 (hard) made a private choice."]


async def test_a_lobby_lists_the_options_that_differ_from_the_defaults_in_words(fake, run):
    ann = fake.add_user("Ann")
    await fake.slash(ann, "start pushfish", length="short", legendary="1, 3", noisy=True)
    await fake.slash(ann, "start thisbig")
    pushfish, thisbig = sorted(await run.host.games(fake.guild_id), key=lambda r: r.id)
    fields = {f["name"]: f["value"] for f in (await run.board(pushfish.id)).data["embeds"][0]["fields"]}
    assert fields["Options"] == "length: short · legendary: 1, 3 · noisy: on"
    assert "Options" not in {f["name"] for f in (await run.board(thisbig.id)).data["embeds"][0]["fields"]}


def test_final_scores_read_in_the_games_words_where_a_number_would_mislead():
    kingfish = [{"Kingfish set": 1}, {"Kingfish set": 0}, {"Kingfish set": 0}]
    words = [pictures.score_text("friendly", score, parts) for score, parts in zip([1, 0, 0], kingfish, strict=True)]
    lines = messages.result_lines(record(), words, [1, 2, 2], [0])
    assert lines.splitlines()[0].endswith("— won with the Kingfish set 🏆") and "— 1" not in lines
    assert lines.splitlines()[1].endswith("— lost to a Kingfish set")
    assert pictures.score_text("pushfish", 3, {"fish": 3}) == "3 fish"  # a first game counts fish
    assert pictures.score_text("friendly", 9, {"Crayfish": 9}) == "9"  # a plain score stays a number
    assert pictures.score_text("wishes", 88, {"sales": 88}) == "$88"  # in the game's unit
    assert messages.result_lines(record(), ["9", "4", "2"], [1, 2, 3], [0]).splitlines()[0].endswith("— 9 🏆")


def test_news_about_a_seat_that_did_not_move_is_nobodys_own_so_it_hides_nothing_from_that_seat():
    from bot import replay
    from engines.core import Event

    events = [Event(text="Ann collects a Lunker.", seat=0), Event(text="Bob's earlier Lunker goes back.", seat=1),
              Event(text="The tide turns."), Event(text="secret", seat=0, private_to=0)]
    moves = [Move(index=7, seat=0, choice_id="m", label="A4")]
    assert replay.happened(events, moves) == [
        (0, "Ann collects a Lunker."), (None, "Bob's earlier Lunker goes back."), (None, "The tide turns.")]
