"""The rating chart of `/fish stats`: a player's rating after each rated game, a line per game, readable on a phone."""

from __future__ import annotations

import io

from PIL import Image

from renderers.legibility import measure
from renderers.rating_chart import SHOWN, rating_png
from tests.discord_helpers import finished_toy_game
from tests.fakediscord.wire import UserOption

pytest_plugins = ["tests.fakediscord.harness"]  # fixtures: fake, run, test_games


def test_the_chart_names_each_game_with_its_current_rating_all_readable_on_a_phone():
    series = {"If Wishes Were Fishes!": [1016.0, 1001.5, 1030.2], "Push Fish": [984.0]}
    drawn = measure(lambda: rating_png("Ann: rating after each game", series, 1000.0)) or []
    texts = [d.text for d in drawn]
    assert "Ann: rating after each game" in texts and "3 games" in texts
    assert "If Wishes Were Fishes! — 1030" in texts and "Push Fish — 984" in texts
    assert {"950", "1000", "1050"} <= set(texts)  # the rating scale, around the start
    assert min(d.size for d in drawn) >= 8 and all(d.inside for d in drawn)


def test_a_long_career_shows_its_latest_games_and_a_long_name_is_fitted():
    long = [1000.0 + (i % 40) * 5 for i in range(SHOWN + 50)]
    drawn = measure(lambda: rating_png("W" * 32 + ": rating after each game", {"Push Fish": long}, 1000.0)) or []
    assert f"the last {SHOWN} games" in [d.text for d in drawn]
    assert all(d.inside for d in drawn) and min(d.size for d in drawn) >= 8
    assert Image.open(io.BytesIO(rating_png("Ann", {"Push Fish": long}, 1000.0))).width == 800


async def test_stats_comes_with_the_rating_chart_once_there_are_rated_games(fake, run):
    ann, bob, carol = fake.add_user("Ann"), fake.add_user("Bob"), fake.add_user("Carol")
    [none] = fake.ephemeral_replies(await fake.slash(ann, "stats"))
    assert not none.files  # no games, no chart
    await finished_toy_game(fake, run, ann, bob)
    [reply] = fake.ephemeral_replies(await fake.slash(carol, "stats", player=UserOption(ann)))
    assert reply.content.startswith("**Ann** on this server: 1 game, ")
    chart = Image.open(io.BytesIO(reply.files["ratings.png"]))
    assert chart.format == "PNG" and chart.width == 800
