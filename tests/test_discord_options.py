"""/fish start options from the games' pydantic models: types, merging, foreign options, list text."""

from __future__ import annotations

from typing import Literal

import pytest
from pydantic import BaseModel, Field

from bot.discord import options
from engines.core import BadOptions


class _Engine:
    def __init__(self, name: str, model: type[BaseModel]) -> None:
        self.name = name
        self.Options = model


class A(BaseModel):
    seats: int = Field(default=2, ge=0, le=3)
    mode: Literal["short", "long"] = "short"
    tags: list[int] = Field(default_factory=list)


class B(BaseModel):
    seats: int | None = Field(default=None, ge=1, le=5)
    mode: bool = False


def test_a_shared_int_option_gets_the_widest_bounds_and_a_type_clash_falls_back_to_text():
    opts = {o.name: o for o in options.start_options({"a": _Engine("Game A", A), "b": _Engine("Game B", B)})}
    seats = opts["seats"].annotation
    assert (seats.min_value, seats.max_value) == (0, 5)
    assert opts["mode"].annotation is str
    assert opts["seats"].description.startswith("(Game A, Game B)")


def test_an_option_of_another_game_is_refused():
    with pytest.raises(BadOptions, match="Game B has no option tags"):
        options.pick(_Engine("Game B", B), {"tags": "1", "seats": None})


def test_list_options_typed_as_text_are_split_on_commas():
    assert options.pick(_Engine("Game A", A), {"tags": "3, 5,", "seats": None}) == {"tags": ["3", "5"]}
