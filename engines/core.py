"""The engine contract shared by all four games: decisions, choices, events, views, results, errors.

Observation equivalence (enforced by tests/test_observation.py): for any two states that differ only in
what seat s may not see (hidden cards, other seats' secret hands, the RNG's future), everything s can
observe is identical: `view(state, s)`; every decision that is not private (its seat, prompt, kind,
choice ids and labels, and whether it exists at all); which seats have a pending decision and in what
order they are asked; whether a choice is made automatically; every public event text; the public board
image; and the same for the public (seat None). Private decisions of s itself may depend on s's secrets.

Determinisation: `determinise(state, seat, rnd)` deals a new state consistent with everything that seat
has seen (unseen cards re-shuffled among unseen places, every count and every seen card kept, a fresh RNG
for the future). A dealt world depends only on what the seat has seen and on `rnd` (pools are sorted before
they are shuffled), never on the hidden order it replaces. Tests build pairs of states with it; the search
AI samples worlds with it.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import dataclass
from functools import cache
from types import UnionType
from typing import Any, ClassVar, Generic, Literal, TypeVar, Union, get_args, get_origin

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from engines.rng import Rng

MAX_CHOICE_ID = 24  # leaves room in a Discord custom_id (100 chars) for the game id and version
MAX_LABEL = 80  # Discord's limit for a button or select option label
MAX_DETAIL = 100  # Discord's limit for a select option's description

AI_LEVELS = ("easy", "normal", "hard")  # what players are offered: greedy with slips, greedy, the search player
AI_NAMES = {"greedy": "normal"}  # older names still accepted ('random' stays itself: uniform choices)
EASY_SLIPS = 0.4  # share of an 'easy' player's choices made at random


def counted(n: int, thing: str) -> str:
    """`1 worm`, `3 worms`: a count and its noun, plural unless one."""
    return f"{n} {thing}{'' if n == 1 else 's'}"


def ai_level(name: str) -> str:
    """The level a name means ('greedy' is 'normal'); raises ValueError naming the levels for anything else."""
    key = name.strip().lower()
    level = AI_NAMES.get(key, key)
    if level not in AI_LEVELS and level != "random":
        raise ValueError(f"AI level must be one of: {', '.join(AI_LEVELS)} (or random).")
    return level


class GameError(Exception):
    """A refused action; its text is fit to show the person who tried it."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class GameOver(GameError):
    """The game has ended; nothing more can be applied."""


class NotYourTurn(GameError):
    """The seat has no decision pending."""


class IllegalChoice(GameError):
    """The choice is not among the seat's pending choices."""


class BadOptions(GameError):
    """The game options (or player count) are not valid."""


class Choice(BaseModel):
    """One selectable answer to a decision: a short stable id and a human label."""

    model_config = ConfigDict(frozen=True)
    id: str = Field(max_length=MAX_CHOICE_ID)
    label: str = Field(max_length=MAX_LABEL)
    detail: str = Field("", max_length=MAX_DETAIL)  # the full sentence when the label is short
    group: str = ""  # optional layout hint, e.g. a row or category for a UI to cluster choices


@dataclass(slots=True)
class Decision:
    """Who must decide now, what they are asked, and the choices they have.

    A plain dataclass, built by the engines (trusted code) once or twice per move: no validation on the hot path.
    """

    seat: int
    prompt: str
    choices: list[Choice]
    private: bool = False  # true when the choices reveal a secret: ask by DM, never in a channel
    kind: str = ""  # a short stable tag ("sell", "cast", ...) for UIs and AIs

    def choice(self, choice_id: str) -> Choice | None:
        """The choice with this id, if it is on offer."""
        for c in self.choices:
            if c.id == choice_id:
                return c
        return None


@dataclass(slots=True)
class Event:
    """Something that happened; `private_to` marks text only that seat may see."""

    text: str
    seat: int | None = None  # the acting seat, if any
    private_to: int | None = None
    kind: str = ""


class View(BaseModel):
    """What one seat (or the public, seat None) may see; each game subclasses it."""

    game: str
    seat: int | None
    players: list[str]
    to_act: list[int] = Field(default_factory=list)  # seats with a pending decision
    last: list[str] = Field(default_factory=list)  # recent public event texts
    finished: bool = False


class Result(BaseModel):
    """Final standing: scores, ranks (1 is best, ties share), winners and a per-seat breakdown."""

    scores: list[int]
    ranks: list[int]
    winners: list[int]
    breakdown: list[dict[str, int]]
    summary: str = ""

    @classmethod
    def from_scores(
        cls, scores: list[int], breakdown: list[dict[str, int]], winners: list[int] | None = None
    ) -> Result:
        """Rank by score (highest first, ties share a rank); winners default to the top score."""
        ranks = [1 + sum(1 for other in scores if other > s) for s in scores]
        if winners is None:
            best = max(scores)
            winners = [i for i, s in enumerate(scores) if s == best]
        return cls(scores=scores, ranks=ranks, winners=winners, breakdown=breakdown)


class GameState(BaseModel):
    """Base of every game's state: players, options, the seeded RNG and the public event tail."""

    players: list[str]
    rng: Rng
    step: int = 0  # number of choices applied
    log_tail: tuple[str, ...] = ()  # last few public event texts


S = TypeVar("S", bound=GameState)
Opts = TypeVar("Opts", bound=BaseModel)

LOG_TAIL = 6


_ATOMS = frozenset({int, str, bool, float, type(None)})


def _is_scalar(annotation: Any) -> bool:
    """True for int, str, bool, float, None, Literal[...] and unions of those."""
    if annotation in _ATOMS or get_origin(annotation) is Literal:
        return True
    return get_origin(annotation) in (Union, UnionType) and all(_is_scalar(a) for a in get_args(annotation))


def _is_immutable(annotation: Any) -> bool:
    """True for scalars and for tuples (nested or not) of scalars."""
    return _is_scalar(annotation) or (get_origin(annotation) is tuple and all(
        a is Ellipsis or _is_immutable(a) for a in get_args(annotation)))


_set = object.__setattr__


@cache
def _copy_plan(model: type[BaseModel]) -> tuple[tuple[str, ...], tuple[str, ...], set[str]]:
    """The fields `clone` copies by their own `.copy()` (lists of scalars, the RNG) and deep (the rest but
    immutables), from the annotations; and the set of every field name."""
    flat, deep = [], []
    for name, info in model.model_fields.items():
        annotation = info.annotation
        if _is_immutable(annotation):
            continue  # scalars and tuples of them are immutable: shared, not copied
        if annotation is Rng or (get_origin(annotation) is list and all(_is_scalar(a) for a in get_args(annotation))):
            flat.append(name)
        else:
            deep.append(name)
    return tuple(flat), tuple(deep), set(model.model_fields)


def clone(value: Any) -> Any:
    """A fast deep copy of a state: models, lists and dicts are copied; scalars are shared.

    Lists are taken to hold one kind of item (a list of scalars is copied flat), as every state here does.
    """
    kind = type(value)
    if kind is list:
        if not value or type(value[0]) in _ATOMS:
            return value.copy()
        return [clone(v) for v in value]
    if kind is dict:
        return {k: v if type(v) in _ATOMS else clone(v) for k, v in value.items()}
    if isinstance(value, BaseModel):
        new = kind.__new__(kind)
        fields = value.__dict__.copy()  # scalars are shared as they are
        flat, deep, every = _copy_plan(kind)
        for name in flat:
            fields[name] = fields[name].copy()
        for name in deep:
            fields[name] = clone(fields[name])
        _set(new, "__dict__", fields)
        _set(new, "__pydantic_fields_set__", every)  # a copy counts every field as set: adding to it changes nothing
        _set(new, "__pydantic_extra__", None)
        _set(new, "__pydantic_private__", None)
        return new
    return value


class GameEngine(ABC, Generic[S, Opts]):
    """One game's rules. Subclasses set the class attributes and implement the abstract methods.

    `apply` is pure: it validates, works on a copy and returns the new state with its events.
    """

    key: ClassVar[str]
    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    Options: ClassVar[type[BaseModel]]
    State: ClassVar[type[GameState]]
    rules_summary: ClassVar[str]

    # ---- setup -------------------------------------------------------------------------------
    def parse_options(self, raw: dict[str, Any] | BaseModel | None) -> Opts:
        """Validate options; a bad option raises BadOptions with a readable message."""
        if isinstance(raw, self.Options):
            return raw  # type: ignore[return-value]
        try:
            return self.Options.model_validate(raw or {})  # type: ignore[return-value]
        except ValidationError as exc:
            parts = []
            for err in exc.errors():
                where = ".".join(str(p) for p in err["loc"]) or "options"
                parts.append(f"{where}: {err['msg']}")
            raise BadOptions("Invalid options for " + self.name + ": " + "; ".join(parts)) from None

    def check_players(self, count: int, options: Opts) -> None:
        """Raise BadOptions unless this many players may play with these options (incl. a first_player option)."""
        if not self.min_players <= count <= self.max_players:
            raise BadOptions(f"{self.name} takes {self.min_players} to {self.max_players} players, not {count}.")
        first = getattr(options, "first_player", None)
        if first is not None and not 1 <= first <= count:
            raise BadOptions(f"first_player must be a seat from 1 to {count} (1 is the first to join).")

    @staticmethod
    def first_seat(options: Opts, count: int, rng: Rng) -> int:
        """The seat that starts: the `first_player` option when set (people count seats from 1), else drawn from
        the seed."""
        first = getattr(options, "first_player", None)
        return first - 1 if first is not None else rng.randrange(count)

    def new_game(self, players: list[str], options: dict[str, Any] | BaseModel | None, seed: int) -> S:
        """A fresh game for these player names, validated options and seed."""
        opts = self.parse_options(options)
        self.check_players(len(players), opts)
        return self.setup(list(players), opts, Rng.from_seed(seed))

    @abstractmethod
    def setup(self, players: list[str], options: Opts, rng: Rng) -> S:
        """Build the opening state (deal, place, choose first player)."""

    # ---- play --------------------------------------------------------------------------------
    @abstractmethod
    def decisions(self, state: S) -> list[Decision]:
        """Every pending decision; empty exactly when the game is over."""

    def pending_for(self, state: S, seat: int) -> Decision:
        """The seat's pending decision; raises GameOver or NotYourTurn when it has none."""
        pending = self.decisions(state)
        if not pending:
            raise GameOver("This game is over.")
        for decision in pending:
            if decision.seat == seat:
                return decision
        raise NotYourTurn("It is not your turn to decide.")

    def apply(self, state: S, seat: int, choice_id: str) -> tuple[S, list[Event]]:
        """Apply one seat's choice; raises GameOver, NotYourTurn or IllegalChoice and changes nothing."""
        return self.apply_to(state, self.pending_for(state, seat), choice_id)

    def apply_to(self, state: S, decision: Decision, choice_id: str) -> tuple[S, list[Event]]:
        """Apply a choice to a decision that `decisions(state)` returned; raises IllegalChoice."""
        if decision.choice(choice_id) is None:
            raise IllegalChoice("That choice is not available now.")
        new = clone(state)
        events = self.play(new, decision.seat, choice_id, decision)
        new.step += 1
        public = [e.text for e in events if e.private_to is None]
        if public:
            new.log_tail = (*new.log_tail, *public)[-LOG_TAIL:]
        return new, events

    @abstractmethod
    def play(self, state: S, seat: int, choice_id: str, decision: Decision) -> list[Event]:
        """Mutate the (already copied) state for a validated choice; return the events."""

    # ---- hidden information --------------------------------------------------------------------
    def determinise(self, state: S, seat: int | None, rnd: random.Random) -> S:
        """A state consistent with all that `seat` (None: the public) has seen, its unseen parts dealt anew.

        The default, for games whose only secret is the future, copies the state with a fresh RNG drawn
        from `rnd`; games with hidden cards override it to re-deal them. `view(new, seat)` equals
        `view(state, seat)`, and over many draws every arrangement consistent with that view turns up.
        """
        new = clone(state)
        new.rng = Rng.from_seed(rnd.getrandbits(64))
        return new

    # ---- reading -----------------------------------------------------------------------------
    @abstractmethod
    def view(self, state: S, seat: int | None) -> View:
        """What this seat (None: the public) may see."""

    @abstractmethod
    def result(self, state: S) -> Result | None:
        """Final result, or None while the game goes on."""

    def choose(self, state: S, seat: int, level: str, rnd: random.Random) -> str:
        """An AI's choice at `level` for `seat`'s pending decision."""
        return self.ai_choice(state, self.pending_for(state, seat), level, rnd)

    def ai_choice(self, state: S, decision: Decision, level: str, rnd: random.Random) -> str:
        """An AI's answer to a pending decision at `level` (see AI_LEVELS; 'random' and 'greedy' too)."""
        level = AI_NAMES.get(level, level)
        if level == "random":  # random() scaled: uniform to 2^-53, and cheaper than choice() in long playouts
            return decision.choices[int(rnd.random() * len(decision.choices))].id
        if level == "easy":
            if rnd.random() < EASY_SLIPS:
                return decision.choices[int(rnd.random() * len(decision.choices))].id
            level = "normal"
        if level == "hard":
            from engines.search import search_choice  # the search imports this module

            return search_choice(self, state, decision, rnd)
        return self.strategy(state, decision.seat, "greedy" if level == "normal" else level, rnd)

    def strategy(self, state: S, seat: int, level: str, rnd: random.Random) -> str:
        """A stronger AI's choice; games override this for 'greedy' (the 'normal' level, the search's prior).

        An AI may read hidden information only through `self.view(state, seat)`.
        """
        raise ValueError(f"{self.name} has no AI level '{level}'")

    ai_levels: ClassVar[tuple[str, ...]] = AI_LEVELS

    # ---- serialisation -----------------------------------------------------------------------
    def dump(self, state: S) -> str:
        """The state as JSON text."""
        return state.model_dump_json()

    def load(self, text: str) -> S:
        """A state from JSON text."""
        return self.State.model_validate_json(text)  # type: ignore[return-value]
