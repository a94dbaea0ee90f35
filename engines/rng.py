"""A small seeded PRNG (splitmix64) whose whole state is one integer kept inside the game state."""

from __future__ import annotations

import math
from typing import Any, TypeVar

from pydantic import GetCoreSchemaHandler
from pydantic_core import core_schema

T = TypeVar("T")
MASK = (1 << 64) - 1
TAU = 2.0 * math.pi
_TO_UNIT = 1.0 / (1 << 32)


class Rng:
    """Deterministic random numbers: the same seed and calls give the same numbers on every machine.

    A plain slotted object (copied with every state, drawn from on hot paths); in a pydantic model it
    validates from and serialises to {"s": <int>}.
    """

    __slots__ = ("s",)

    def __init__(self, s: int) -> None:
        self.s = s

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        """A generator started from any integer seed."""
        return cls(seed & MASK)

    def copy(self) -> Rng:
        """An independent generator in the same state."""
        return Rng(self.s)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.s == self.s

    def __repr__(self) -> str:
        return f"Rng(s={self.s})"

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: GetCoreSchemaHandler) -> core_schema.CoreSchema:
        """Validate an Rng or {"s": int}; serialise as {"s": int}."""
        from_dict = core_schema.no_info_after_validator_function(
            lambda d: cls(d["s"] & MASK),
            core_schema.typed_dict_schema({"s": core_schema.typed_dict_field(core_schema.int_schema())}),
        )
        return core_schema.json_or_python_schema(
            json_schema=from_dict,
            python_schema=core_schema.union_schema([core_schema.is_instance_schema(cls), from_dict]),
            serialization=core_schema.plain_serializer_function_ser_schema(lambda r: {"s": r.s}),
        )

    def next_u64(self) -> int:
        """The next 64-bit value (splitmix64)."""
        z = self.s = (self.s + 0x9E3779B97F4A7C15) & MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def random(self) -> float:
        """A float in [0, 1)."""
        return (self.next_u64() >> 11) * (1.0 / (1 << 53))

    def randrange(self, n: int) -> int:
        """An integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("randrange needs n > 0")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            v = self.next_u64()
            if v < limit:
                return v % n

    def choice(self, items: list[T]) -> T:
        """One item, uniformly."""
        return items[self.randrange(len(items))]

    def shuffle(self, items: list[T]) -> None:
        """Shuffle in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randrange(i + 1)
            items[i], items[j] = items[j], items[i]

    def normal_pair(self) -> tuple[float, float]:
        """Two independent standard normal variates from one draw (Box-Muller on its two 32-bit halves)."""
        v = self.next_u64()
        r = math.sqrt(-2.0 * math.log(((v >> 32) + 1) * _TO_UNIT))  # the high half as a uniform in (0, 1]
        angle = TAU * (v & 0xFFFFFFFF) * _TO_UNIT  # the low half as a uniform in [0, 1)
        return r * math.cos(angle), r * math.sin(angle)

    def gauss(self, mu: float = 0.0, sigma: float = 1.0) -> float:
        """A normal variate."""
        return mu + sigma * self.normal_pair()[0]
