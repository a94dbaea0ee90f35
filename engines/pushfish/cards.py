"""Push Fish card data, loaded once from the JSON files in engines/data/ (one file per deck)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import NamedTuple

from engines.core import counted

DATA = Path(__file__).resolve().parent.parent / "data"
STRENGTHS = ("W", "M", "S", "SS")
FISH_KINDS = ("sea", "tropical", "freshwater", "deep")
FINDS = ("treasure", "junk")
LEGEND = "legend"


class GroundCard(NamedTuple):
    """A fishing-ground card: a fish, a Treasure/Junk find, or a legend (Golden Fish, Kraken)."""

    name: str
    kind: str
    score: int  # points for fish and legends, 0 for finds
    strength: int  # index into STRENGTHS
    rare: bool
    items: int  # item cards a find gives

    @property
    def is_find(self) -> bool:
        """True for Treasure and Junk cards."""
        return self.kind in FINDS

    @property
    def number(self) -> int:
        """The printed top-left number (score, or items for a find)."""
        return self.items if self.is_find else self.score


class ItemCard(NamedTuple):
    """An item card: points if kept to the end, an effect if played."""

    name: str
    points: int
    effect: str
    value: int
    text: str


class MissionCard(NamedTuple):
    """A mission: one distinct caught card per target, for its points."""

    name: str
    points: int
    needs: tuple[str, ...]


class Character(NamedTuple):
    """A character and its once-per-turn ability."""

    key: str
    name: str
    ability: str
    phrase: str
    text: str


def _load(name: str) -> list[dict]:
    """The expanded card list of one deck file (each entry repeated `count` times)."""
    raw = json.loads((DATA / f"pushfish_{name}.json").read_text(encoding="utf-8"))["cards"]
    return [entry for entry in raw for _ in range(entry.get("count", 1))]


GROUND: tuple[GroundCard, ...] = tuple(
    GroundCard(c["name"], c["kind"], c.get("score", 0), STRENGTHS.index(c["strength"]), c.get("rare", False),
               c.get("items", 0))
    for c in _load("ground")
)
ITEMS: tuple[ItemCard, ...] = tuple(
    ItemCard(c["name"], c["points"], c["effect"], c.get("value", 1), c["text"]) for c in _load("items")
)
MISSIONS: tuple[MissionCard, ...] = tuple(MissionCard(c["name"], c["points"], tuple(c["needs"]))
                                          for c in _load("missions"))
CHARACTERS: tuple[Character, ...] = tuple(
    Character(c["key"], c["name"], c["ability"], c["phrase"], c["text"]) for c in _load("characters")
)
CHARACTER_KEYS = tuple(c.key for c in CHARACTERS)


def matches(need: str, card: GroundCard) -> bool:
    """Whether a caught card fills one target of a mission."""
    if need.startswith("kind:"):
        return card.kind == need[5:]
    if need.startswith("strength:"):  # "fish of strength W": a Treasure or Junk card of that strength is no fish
        return not card.is_find and card.strength == STRENGTHS.index(need[9:])
    if need == "rare":
        return card.rare
    if need == "find":
        return card.is_find
    return card.name == need


SCORE_ORDER = {c: k for k, c in enumerate(sorted(range(len(GROUND)), key=lambda c: (GROUND[c].score, c)))}


@cache
def fitting(need: str) -> frozenset[int]:
    """The ids of the ground cards that fill one mission target."""
    return frozenset(i for i, c in enumerate(GROUND) if matches(need, c))


@cache
def mission_targets(needs: tuple[str, ...]) -> tuple[frozenset[int], ...]:
    """Per target of a mission, the ids of the ground cards that fill it."""
    return tuple(fitting(need) for need in needs)


def fulfil(needs: tuple[str, ...], cards: list[int]) -> list[int] | None:
    """Distinct cards (ids, lowest score first) that fill every target, or None if they cannot."""
    targets = mission_targets(needs)
    for fit in targets:  # a quick no: some target that none of the cards fills
        if fit.isdisjoint(cards):
            return None
    pool = sorted(cards, key=SCORE_ORDER.__getitem__)
    fits = [[c for c in pool if c in fit] for fit in targets]  # per target, in pool order

    def search(i: int, used: list[int]) -> list[int] | None:
        if i == len(needs):
            return used
        for c in fits[i]:
            if c not in used:
                found = search(i + 1, used + [c])
                if found is not None:
                    return found
        return None

    return search(0, [])


KIND_WORDS = {"sea": "sea", "tropical": "tropical", "freshwater": "freshwater", "deep": "deep-sea"}


def _need_words(need: str, count: int) -> str:
    """One mission target (`count` times over) in words: "3 sea fish", "a rare fish", "Sardine"."""
    many = count > 1
    head = str(count) if many else "a"
    if need.startswith("kind:"):
        return f"{head} {KIND_WORDS[need[5:]]} fish"
    if need.startswith("strength:"):
        return f"{head} fish of strength {need[9:]}"
    if need == "rare":
        return f"{head} rare fish"
    if need == "find":
        return f"{head} Treasure or Junk card{'s' * many}"
    return f"{count} {need}" if many else need


@cache
def mission_text(needs: tuple[str, ...]) -> str:
    """What a mission asks for, in words: "3 sea fish", "Sardine and Mackerel"."""
    if len(needs) > 1 and len(set(needs)) == len(needs) and all(n.startswith("kind:") for n in needs):
        words = [KIND_WORDS[n[5:]] for n in needs]  # "a sea, a tropical and a deep-sea fish"
        return "a " + ", a ".join(words[:-1]) + f" and a {words[-1]} fish"
    counts = dict.fromkeys(needs, 0)
    for n in needs:
        counts[n] += 1
    parts = [_need_words(n, k) for n, k in counts.items()]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def pts(n: int) -> str:
    """A number of points, short: "1 pt", "3 pts"."""
    return counted(n, "pt")


@cache
def card_label(card: int) -> str:
    """A short text for a ground card: name, number, strength."""
    c = GROUND[card]
    if c.is_find:
        return f"{c.name} ({c.kind}, {c.items} item{'s' if c.items != 1 else ''}, {STRENGTHS[c.strength]})"
    return f"{c.name} ({pts(c.score)}, {STRENGTHS[c.strength]}{', rare' if c.rare else ''})"
