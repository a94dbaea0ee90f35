"""/fish start <game> options from the game's pydantic model: types, bounds, choices, descriptions, list text."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from bot.discord import options
from tests.discord_helpers import only_reply

pytest_plugins = ["tests.fakediscord.harness"]  # fixtures: fake, run


class _Engine:
    def __init__(self, name: str, model: type[BaseModel]) -> None:
        self.name = name
        self.Options = model


class A(BaseModel):
    seats: int = Field(default=2, ge=0, le=3)
    mode: Literal["short", "long"] = "short"
    tags: list[int] = Field(default_factory=list)


class B(BaseModel):
    seats: int | None = Field(default=None, ge=1, le=5, description="seats at the table")
    mode: bool = False


def test_a_game_s_options_keep_their_bounds_choices_and_descriptions():
    opts = {o.name: o for o in options.game_options(_Engine("Game A", A))}
    assert list(opts) == ["seats", "mode", "tags"]
    assert (opts["seats"].annotation.min_value, opts["seats"].annotation.max_value) == (0, 3)
    assert opts["mode"].annotation == Literal["short", "long"]
    assert opts["tags"].annotation is str and opts["tags"].description == "tags"
    assert options.game_options(_Engine("Game B", B))[0].description == "seats at the table"


def test_list_options_typed_as_text_are_split_on_commas_and_empty_ones_dropped():
    assert options.given(_Engine("Game A", A), {"tags": "3, 5,", "seats": None}) == {"tags": ["3", "5"]}


async def test_list_options_typed_with_capitals_or_spaces_open_the_lobby(fake, run):
    ann = fake.add_user("Ann")
    await fake.slash(ann, "start friendly", specials="Kingfish Dinker")  # as a phone capitalises it
    await fake.slash(ann, "start pushfish", characters="William, Jack")
    friendly, pushfish = sorted(await run.host.games(fake.guild_id), key=lambda r: r.id)
    assert friendly.options["specials"] == ["kingfish", "dinker"] and pushfish.options["characters"] == ["william",
                                                                                                          "jack"]


async def test_a_lobby_whose_options_fix_its_size_says_so_and_seats_no_more(fake, run):
    ann, bob, cid, dan = (fake.add_user(n) for n in ("Ann", "Bob", "Cid", "Dan"))
    await fake.slash(ann, "start pushfish", characters="William, Jack, Loony")  # three characters: three players
    game = max(r.id for r in await run.host.games(fake.guild_id))
    lobby = await run.board(game)
    assert "(3 players)" in lobby.text() and "Seats (1/3)" in lobby.text()
    await fake.click(bob, lobby, f"fish:l:{game}:join")
    early = await fake.click(ann, lobby, f"fish:l:{game}:start")
    assert only_reply(fake, early) == ("Push Fish needs 3 players with the options this lobby was opened with; 2 seated. "
                                       "Invite friends or add an AI.")
    await fake.click(cid, lobby, f"fish:l:{game}:join")
    late = await fake.click(dan, lobby, f"fish:l:{game}:join")
    assert "This game is full: its options allow 3 players." in only_reply(fake, late)
    extra = await fake.click(ann, lobby, f"fish:l:{game}:ai")
    assert "This game is full" in only_reply(fake, extra)
    assert len((await run.host.get(game)).seats) == 3
    await fake.click(ann, lobby, f"fish:l:{game}:start")
    assert (await run.host.get(game)).status == "active"


async def test_options_no_table_could_start_with_are_refused_before_a_lobby_opens(fake, run):
    ann = fake.add_user("Ann")
    said = only_reply(fake, await fake.slash(ann, "start pushfish", characters="William"))
    assert said == ("No table of 2-6 players can start Push Fish with these options (with 2 players: Push Fish: "
                    "choose exactly 2 characters, one per player.)")
    assert "legendary seats must be players' seats" in only_reply(fake, await fake.slash(ann, "start pushfish",
                                                                                          legendary="9"))
    assert not await run.host.games(fake.guild_id, statuses=("lobby", "cancelled"))


async def test_seats_in_options_count_from_1_in_the_order_people_joined(fake, run):
    """`first_player:2` starts with the second person to join, as a person counting seats reads it, and Push
    Fish's `legendary:1` is the first to join; seat 0 is refused, saying how seats are counted."""
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    await fake.slash(ann, "start thisbig", first_player=2)
    game = max(r.id for r in await run.host.games(fake.guild_id))
    await fake.click(bob, await run.board(game), f"fish:l:{game}:join")
    await fake.click(ann, await run.board(game), f"fish:l:{game}:start")
    record = await run.host.get(game)
    assert [s.name for s in record.seats] == ["Ann", "Bob"] and record.state.turn == 1
    await fake.slash(ann, "start pushfish", legendary="1", characters="jack, loony")
    game = max(r.id for r in await run.host.games(fake.guild_id))
    await fake.click(bob, await run.board(game), f"fish:l:{game}:join")
    await fake.click(ann, await run.board(game), f"fish:l:{game}:start")
    assert (await run.host.get(game)).state.legendary == (0,)
    said = only_reply(fake, await fake.slash(ann, "start pushfish", legendary="0"))
    assert "legendary seats must be players' seats, from 1 to" in said and "(1 is the first to join)" in said
