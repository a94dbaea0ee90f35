"""A small seeded PRNG (splitmix64) whose whole state is one integer kept inside the game state."""

from __future__ import annotations

import math
from typing import TypeVar

from pydantic import BaseModel

T = TypeVar("T")
MASK = (1 << 64) - 1


class Rng(BaseModel):
    """Deterministic random numbers: the same seed and calls give the same numbers on every machine."""

    s: int

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        """A generator started from any integer seed."""
        return cls(s=seed & MASK)

    def next_u64(self) -> int:
        """The next 64-bit value (splitmix64)."""
        z = (self.s + 0x9E3779B97F4A7C15) & MASK
        self.__dict__["s"] = z  # a plain int field: skip pydantic's per-assignment bookkeeping on this hot path
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

    def gauss(self, mu: float = 0.0, sigma: float = 1.0) -> float:
        """A normal variate (Box-Muller)."""
        u1 = 1.0 - self.random()  # (0, 1]
        u2 = self.random()
        return mu + sigma * math.sqrt(-2.0 * math.log(u1)) * math.cos(2.0 * math.pi * u2)
