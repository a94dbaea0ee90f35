"""The Friendly Fishing engine: options, state, boat moves, tile effects, views and results."""

from __future__ import annotations

import random
from typing import Any, Literal, NamedTuple, TypeVar

from pydantic import BaseModel, ConfigDict, Field, field_validator

from engines.core import BadOptions, Choice, Decision, Event, GameEngine, GameState, Result, View
from engines.friendly import labels, scoring
from engines.friendly.ai import greedy
from engines.friendly.motion import kingfish_need, moves, slidable, slide_targets
from engines.friendly.tiles import (
    ACTIONS,
    BASE_IDS,
    BOARDS,
    COLOUR_NAMES,
    COLOURS,
    SPECIAL_IDS,
    SPECIAL_SETS,
    SPECIALS_PER_SIDE,
    TILE_KIND,
    Board,
    a_tile,
    tile_words,
)
from engines.rng import Rng

M = TypeVar("M", bound=BaseModel)
MAX_DIRECT = 25  # more candidate cells than this are picked in two steps: column, then cell
SpecialName = Literal["kingfish", "lunker", "dinker", "skipjack", "shiner", "junk"]
KINGFISH_SET = "Kingfish set"  # the breakdown line of a Kingfish win's result: 1 for the winner, 0 for the rest
ACTION_PHASE = {"T2": "swap-a", "SL": "slide-from", "RM": "remove", "DP": "double", "F2": "fish-seat"}


class FriendlyOptions(BaseModel):
    """Host options: board side, special sets, who starts (None: from the seed)."""

    model_config = ConfigDict(extra="forbid")
    board: Literal["small", "large"] | None = Field(
        default=None, description="board side (default: small; large for 5 players or 4 special sets)")
    specials: list[SpecialName] | None = Field(
        default=None, description="special sets, e.g. kingfish, dinker: 2 on the small board, 4 on the large "
                                  "(default: random)")
    first_player: int | None = Field(default=None, ge=1, le=5,
                                     description="the seat that starts, 1 = first to join (default: random)")

    @field_validator("specials", mode="before")
    @classmethod
    def _split(cls, value: Any) -> Any:
        """Accept the text form a chat command sends: names separated by commas or spaces."""
        if isinstance(value, str):
            return [part.lower() for part in value.replace(",", " ").split()]
        return value

    @field_validator("specials")
    @classmethod
    def _distinct(cls, value: list[str] | None) -> list[str] | None:
        """Special sets must be distinct and number 2 or 4."""
        if value is not None:
            if len(set(value)) != len(value):
                raise ValueError("special sets must be different")
            if len(value) not in (2, 4):
                raise ValueError("choose 2 special sets (small board) or 4 (large board)")
        return value

    def side(self, players: int) -> str:
        """The board side these options give for this many players."""
        if self.board:
            return self.board
        return "large" if players == 5 or (self.specials and len(self.specials) == 4) else "small"


class FriendlyState(GameState):
    """The whole table, all public: tiles by grid cell, the boat, collections and the turn in progress."""

    side: str
    specials: list[str]
    cells: list[int]  # tile id on each grid cell (row-major), -1 when none
    boat: int  # grid cell, or -1 on the Central Island
    first_player: int
    turn: int
    owned: list[list[int]]  # collected tile ids per seat, in the order collected
    box: list[int] = Field(default_factory=list)  # tiles removed from play (Remove a Tile, discarded Lunkers)
    double: str = ""  # Common Fish colour doubled by Double Points
    phase: str = "move"  # move, dinker, fish-seat, fish-take, fish-give, swap-a, swap-b, slide-from, slide-to,
    # remove, double
    args: list[int] = Field(default_factory=list)  # the action in progress: chosen seat, tiles or cells
    col: int = -1  # column chosen in a two-step cell pick
    backed: bool = False  # Back was taken in this cell pick: its columns' lists offer it no more (no endless loop)
    left: list[int] = Field(default_factory=list)  # cells of Dinkers left this turn
    trail: list[int] = Field(default_factory=list)  # the latest turn's boat path: its start (-1 the island), stops
    touched: list[int] = Field(default_factory=list)  # cells an action tile changed in the latest turn
    mover: int = -1  # the seat that played the latest turn
    winner: int = -1  # Kingfish winner
    over: bool = False


class FriendlyView(View):
    """Everything on the table (nothing is hidden) plus what the player to act may pick."""

    side: str
    width: int
    height: int
    terrain: str  # one char per cell: '.' water, '#' rock, 'I' island
    tiles: list[str]  # kind code per cell, '' when empty
    boat: int
    owned: list[list[str]]
    fishing: list[int]
    final: list[int]
    double: str
    specials: list[str]
    box: list[str]
    turn: int
    phase: str
    prompt: str
    targets: list[int]  # cells the player to act may choose now (move targets or tiles/spaces to pick)
    selected: list[int]  # cells already chosen in the action in progress
    left: list[int]
    trail: list[int]  # the latest turn's boat path (-1 the island), drawn highlighted until the next turn's move
    touched: list[int]  # cells an action tile changed in the latest turn
    mover: int | None  # who played the latest turn
    kingfish_need: int
    winner: int | None


class Pending(NamedTuple):
    """The one decision on offer, as plain tuples (cheap to build; decisions() wraps it)."""

    seat: int
    kind: str
    prompt: str
    options: list[tuple[str, str]]  # (choice id, short label)
    cells: list[int]
    about: list[tuple[str, str]]  # per option: (detail sentence, layout group)

    @classmethod
    def of(cls, seat: int, kind: str, prompt: str, options: list[labels.Option], cells: list[int]) -> Pending:
        """A pending decision from full options (id, label, detail, group)."""
        return cls(seat, kind, prompt, [(o[0], o[1]) for o in options], cells, [(o[2], o[3]) for o in options])


def _built(cls: type[M], fields: dict[str, Any]) -> M:
    """A model from fields already known to be valid (choices are rebuilt often; validation is the cost)."""
    obj = cls.__new__(cls)
    object.__setattr__(obj, "__dict__", fields)
    object.__setattr__(obj, "__pydantic_fields_set__", set(fields))
    object.__setattr__(obj, "__pydantic_extra__", None)
    object.__setattr__(obj, "__pydantic_private__", None)
    return obj


class FriendlyEngine(GameEngine[FriendlyState, FriendlyOptions]):
    """Friendly Fishing: move the shared boat, collect tiles, score with your left neighbour."""

    key = "friendly"
    name = "Friendly Fishing"
    min_players = 2
    max_players = 5
    Options = FriendlyOptions
    State = FriendlyState
    rules_summary = ("Move the shared boat like a chess king to a tile and collect it. Common fish score "
                     "1/3/6/10/15/21 per colour, Crayfish majorities 8/4, specials and action tiles as printed. "
                     "With 3-5 players your score adds your left neighbour's (the next seat).")

    # ---- setup -------------------------------------------------------------------------------
    def check_players(self, count: int, options: FriendlyOptions) -> None:
        """2-5 players; 5 need the large side; special-set count must match the side."""
        super().check_players(count, options)
        side = options.side(count)
        if count == 5 and side != "large":
            raise BadOptions("Five players must use the large board (board: large).")
        if options.specials is not None and len(options.specials) != SPECIALS_PER_SIDE[side]:
            raise BadOptions(f"The {side} board uses {SPECIALS_PER_SIDE[side]} special sets, "
                             f"not {len(options.specials)}.")

    def setup(self, players: list[str], options: FriendlyOptions, rng: Rng) -> FriendlyState:
        """Choose specials, place every tile face up at random on the water, boat on the island."""
        side = options.side(len(players))
        board = BOARDS[side]
        specials = list(options.specials or [])
        if not specials:
            names = list(SPECIAL_SETS)
            rng.shuffle(names)
            specials = sorted(names[:SPECIALS_PER_SIDE[side]], key=list(SPECIAL_SETS).index)
        tiles = list(BASE_IDS) + [t for name in specials for t in SPECIAL_IDS[name]]
        rng.shuffle(tiles)
        cells = [-1] * (board.width * board.height)
        for cell, tile in zip(board.water, tiles, strict=True):
            cells[cell] = tile
        first = self.first_seat(options, len(players), rng)
        return FriendlyState(players=players, rng=rng, side=side, specials=specials, cells=cells, boat=-1,
                             first_player=first, turn=first, owned=[[] for _ in players])

    # ---- decisions ---------------------------------------------------------------------------
    def pending(self, state: FriendlyState) -> Pending | None:
        """The decision on offer, or None when the game is over."""
        if state.over:
            return None
        board = BOARDS[state.side]
        seat, phase = state.turn, state.phase
        if phase == "move":
            return self._move_options(state, board)
        if phase == "dinker":
            name = board.name(state.boat)
            return Pending.of(seat, "dinker", f"A Dinker at {name}: collect it or leave it and move again",
                              labels.dinker(name), [state.boat])
        if phase == "fish-seat":
            return Pending.of(seat, "fish-seat", "Swap 2 Fish: with whom?",
                              [labels.partner(s, state.players[s]) for s in self._fish_partners(state)], [])
        if phase == "fish-take":
            other = state.players[state.args[0]]
            return Pending.of(seat, "fish-take", f"Swap 2 Fish: which tile do you take from {other}?",
                              [labels.take(k, other) for k in self._basic_kinds(state.owned[state.args[0]])], [])
        if phase == "fish-give":
            other = state.players[state.args[0]]
            return Pending.of(seat, "fish-give", f"Swap 2 Fish: which tile do you give {other}?",
                              [labels.give(k, other) for k in self._basic_kinds(state.owned[seat])], [])
        if phase == "double":
            return Pending.of(seat, "double", "Double Points: which Common Fish colour scores double?",
                              [labels.double(c) for c in COLOURS], [board.corners[c] for c in COLOURS])
        return self._pick_options(state, board)

    def _move_options(self, state: FriendlyState, board: Board) -> Pending:
        """Boat moves from where it stands, sorted by cell."""
        targets = moves(state, state.boat)
        where = "the Central Island" if state.boat < 0 else board.name(state.boat)
        start = "the island" if state.boat < 0 else where
        options = [labels.move(board, cell, TILE_KIND[state.cells[cell]], start, targets[cell], cell in state.left)
                   for cell in sorted(targets)]
        prompt = f"Move the boat from {where}" + (" (a Dinker was left there)" if state.left else "")
        return Pending.of(state.turn, "move", prompt, options, sorted(targets))

    def _pick_candidates(self, state: FriendlyState, board: Board) -> tuple[str, list[int]]:
        """For a cell-picking phase: the prompt and the candidate cells."""
        phase = state.phase
        tiles = [c for c in board.water if state.cells[c] >= 0]
        if phase == "swap-a":
            return "Swap 2 Tiles: pick the first tile", tiles
        if phase == "swap-b":
            first = board.name(state.args[0])
            return f"Swap 2 Tiles: swap {first} with which tile?", [c for c in tiles if c != state.args[0]]
        if phase == "slide-from":
            return "Slide a Tile: which tile?", [c for c in tiles if slidable(state, c)]
        if phase == "slide-to":
            first = board.name(state.args[0])
            return f"Slide a Tile: slide {first} to which space?", slide_targets(state, state.args[0])
        return "Remove a Tile: which tile goes back to the box?", tiles

    def _pick_options(self, state: FriendlyState, board: Board) -> Pending:
        """Cells as choices, in two steps (column, then cell) when there are too many."""
        prompt, cells = self._pick_candidates(state, board)
        phase = state.phase
        first = ("", "")
        if state.args:
            first = (board.name(state.args[0]), TILE_KIND[state.cells[state.args[0]]])

        def option(c: int) -> labels.Option:
            t = state.cells[c]
            return labels.pick(phase, board, c, TILE_KIND[t] if t >= 0 else "", first)

        if state.col >= 0:
            shown = [option(c) for c in cells if c % board.width == state.col]
            return Pending.of(state.turn, phase, prompt, shown + ([] if state.backed else [labels.BACK]), cells)
        if len(cells) <= MAX_DIRECT:
            return Pending.of(state.turn, phase, prompt, [option(c) for c in cells], cells)
        columns: dict[int, int] = {}
        for c in cells:
            columns[c % board.width] = columns.get(c % board.width, 0) + 1
        options = [labels.column(x, n, phase) for x, n in sorted(columns.items())]
        return Pending.of(state.turn, phase, prompt + " (choose a column first)", options, cells)

    def decisions(self, state: FriendlyState) -> list[Decision]:
        """The one pending decision (the game is turn based), or none when it is over."""
        p = self.pending(state)
        if p is None:
            return []
        choices = [_built(Choice, {"id": i, "label": label, "detail": detail, "group": group})
                   for (i, label), (detail, group) in zip(p.options, p.about, strict=True)]
        return [Decision(seat=p.seat, prompt=p.prompt, choices=choices, kind=p.kind)]

    # ---- play --------------------------------------------------------------------------------
    def play(self, state: FriendlyState, seat: int, choice_id: str, decision: Decision) -> list[Event]:
        """Apply the choice, then every forced (single-choice) step that follows."""
        events = self._step(state, seat, choice_id)
        while True:
            p = self.pending(state)
            if p is None or len(p.options) != 1:
                return events
            forced = self._step(state, p.seat, p.options[0][0])
            if forced:  # its line says nobody chose it
                forced[0].text = f"{forced[0].text.rstrip('.')} (no other choice)."
            events += forced

    def _step(self, state: FriendlyState, seat: int, cid: str) -> list[Event]:
        """One validated choice."""
        board = BOARDS[state.side]
        if cid.startswith("col-"):
            state.col = ord(cid[4]) - 65
            return []
        if cid == "back":
            state.col, state.backed = -1, True
            return []
        state.col, state.backed = -1, False
        phase, who = state.phase, state.players[seat]
        if phase == "move":
            if not state.left:  # a turn's first move: what the previous turn did is no longer the latest
                state.trail, state.touched, state.mover = [state.boat], [], seat
            return self._arrive(state, seat, board.cell(cid[2:]))
        if phase == "dinker":
            if cid == "collect":
                return self._collect(state, seat)
            state.left.append(state.boat)
            state.phase = "move"
            return [Event(text=f"{who} left the Dinker at {board.name(state.boat)} and moves again.", seat=seat)]
        if phase == "fish-seat":
            state.args = [int(cid[5:])]
            state.phase = "fish-take"
            return []
        if phase == "fish-take":
            other = state.args[0]
            state.args.append(next(t for t in state.owned[other] if TILE_KIND[t] == cid[5:]))
            state.phase = "fish-give"
            return []
        if phase == "fish-give":
            other, taken = state.args
            given = next(t for t in state.owned[seat] if TILE_KIND[t] == cid[5:])
            state.owned[other].remove(taken)
            state.owned[seat].remove(given)
            state.owned[seat].append(taken)
            state.owned[other].append(given)
            text = (f"{who} swapped fish with {state.players[other]}: took {a_tile(TILE_KIND[taken])}, "
                    f"gave {a_tile(TILE_KIND[given])}.")
            return [Event(text=text, seat=seat)] + self._end_turn(state)
        if phase == "double":
            state.double = cid[4:]
            state.touched = [board.corners[state.double]]
            text = f"{who} placed Double Points on {COLOUR_NAMES[state.double]}: those fish score double."
            return [Event(text=text, seat=seat)] + self._end_turn(state)
        return self._pick(state, seat, board.cell(cid[2:]), board)

    def _pick(self, state: FriendlyState, seat: int, cell: int, board: Board) -> list[Event]:
        """A picked cell in Swap 2 Tiles, Slide a Tile or Remove a Tile."""
        phase, who, cells = state.phase, state.players[seat], state.cells
        if phase in ("swap-a", "slide-from"):
            state.args = [cell]
            state.phase = "swap-b" if phase == "swap-a" else "slide-to"
            return []
        a = state.args[0] if state.args else cell
        state.touched = [a, cell] if phase in ("swap-b", "slide-to") else [cell]
        if phase == "swap-b":
            cells[a], cells[cell] = cells[cell], cells[a]
            text = f"{who} swapped the tiles at {board.name(a)} and {board.name(cell)}."
        elif phase == "slide-to":
            cells[a], cells[cell] = -1, cells[a]
            moved = tile_words(TILE_KIND[cells[cell]])
            text = f"{who} slid the {moved} from {board.name(a)} to {board.name(cell)}."
        else:
            state.box.append(cells[cell])
            text = f"{who} put the {tile_words(TILE_KIND[cells[cell]])} at {board.name(cell)} back in the box."
            cells[cell] = -1
        return [Event(text=text, seat=seat)] + self._end_turn(state)

    def _arrive(self, state: FriendlyState, seat: int, cell: int) -> list[Event]:
        """The boat lands on a tile: a fresh Dinker with a way on asks; anything else is collected."""
        state.boat = cell
        state.trail.append(cell)
        if TILE_KIND[state.cells[cell]] == "D" and cell not in state.left and moves(state, cell):
            state.phase = "dinker"
            return []
        return self._collect(state, seat)

    def _collect(self, state: FriendlyState, seat: int) -> list[Event]:
        """Take the tile under the boat and resolve it."""
        board = BOARDS[state.side]
        cell, who = state.boat, state.players[seat]
        tile = state.cells[cell]
        kind = TILE_KIND[tile]
        state.cells[cell] = -1
        state.owned[seat].append(tile)
        events = [Event(text=f"{who} moved to {board.name(cell)} and collected {a_tile(kind)}.", seat=seat)]
        if kind == "L":
            for s, tiles in enumerate(state.owned):
                for t in [t for t in tiles if TILE_KIND[t] == "L" and t != tile]:
                    tiles.remove(t)
                    state.box.append(t)
                    events.append(Event(text=f"{state.players[s]}'s earlier Lunker goes back to the box.", seat=s))
        elif kind == "K":
            if sum(1 for t in state.owned[seat] if TILE_KIND[t] == "K") >= kingfish_need(len(state.players)):
                state.winner = seat
                state.over = True
                return events + [Event(text=f"{who} caught the Kingfish set and wins at once!", seat=seat)]
        elif kind in ACTIONS:
            if self._action_possible(state, kind):
                state.phase = ACTION_PHASE[kind]
                return events
            events.append(Event(text=f"The {tile_words(kind)} has no effect now.", seat=seat))
        return events + self._end_turn(state)

    def _action_possible(self, state: FriendlyState, kind: str) -> bool:
        """Whether an action tile can do anything now."""
        if kind == "F2":
            return bool(self._fish_partners(state))
        tiles = [c for c, t in enumerate(state.cells) if t >= 0]
        if kind == "T2":
            return len(tiles) >= 2
        if kind == "SL":
            return any(slidable(state, c) for c in tiles)
        return kind == "DP" or bool(tiles)

    def _fish_partners(self, state: FriendlyState) -> list[int]:
        """Other seats with a basic fish, when the player to act has one too."""
        if not self._basic_kinds(state.owned[state.turn]):
            return []
        return [s for s in range(len(state.players)) if s != state.turn and self._basic_kinds(state.owned[s])]

    @staticmethod
    def _basic_kinds(tiles: list[int]) -> list[str]:
        """The distinct basic fish kinds among these tiles, in a fixed order."""
        have = {TILE_KIND[t] for t in tiles}
        return [k for k in ("R", "Y", "G", "B", "C") if k in have]

    def _end_turn(self, state: FriendlyState) -> list[Event]:
        """Pass to the next seat and start its turn."""
        state.left = []
        state.args = []
        state.phase = "move"
        state.turn = (state.turn + 1) % len(state.players)
        return self._begin_turn(state)

    def _begin_turn(self, state: FriendlyState) -> list[Event]:
        """No move: the boat returns to the island; no move from there either: the game ends."""
        if moves(state, state.boat):
            return []
        events = []
        if state.boat >= 0:
            where = BOARDS[state.side].name(state.boat)
            state.boat = -1
            events.append(Event(text=f"No tile can be reached from {where}: the boat returns to the Central Island."))
            if moves(state, -1):
                return events
        state.over = True
        return events + [Event(text="The boat cannot leave the Central Island: the game is over.")]

    # ---- reading -----------------------------------------------------------------------------
    def view(self, state: FriendlyState, seat: int | None) -> FriendlyView:
        """The whole table (nothing is hidden) and the current decision's cells."""
        board = BOARDS[state.side]
        p = self.pending(state)
        fishing = scoring.fishing_scores(state.owned, state.double, state.specials)
        selected = list(state.args) if state.phase in ("swap-b", "slide-to") else []
        return FriendlyView(
            game=self.key, seat=seat, players=list(state.players), to_act=[p.seat] if p else [],
            last=list(state.log_tail), finished=state.over, side=state.side, width=board.width,
            height=board.height, terrain="".join(board.terrain),
            tiles=[TILE_KIND[t] if t >= 0 else "" for t in state.cells], boat=state.boat,
            owned=[[TILE_KIND[t] for t in tiles] for tiles in state.owned], fishing=fishing,
            final=scoring.final_scores(fishing), double=state.double, specials=list(state.specials),
            box=[TILE_KIND[t] for t in state.box], turn=state.turn, phase=state.phase,
            prompt=p.prompt if p else "", targets=p.cells if p else [], selected=selected, left=list(state.left),
            trail=list(state.trail), touched=list(state.touched), mover=state.mover if state.mover >= 0 else None,
            kingfish_need=kingfish_need(len(state.players)), winner=state.winner if state.winner >= 0 else None)

    def result(self, state: FriendlyState) -> Result | None:
        """Kingfish: that player alone wins; else final scores (with the left neighbour for 3-5)."""
        if not state.over:
            return None
        n = len(state.players)
        if state.winner >= 0:
            res = Result.from_scores([int(s == state.winner) for s in range(n)],
                                     [{KINGFISH_SET: int(s == state.winner)} for s in range(n)], [state.winner])
            res.summary = f"{state.players[state.winner]} caught the Kingfish set and wins alone."
            return res
        rows = scoring.fishing_breakdowns(state.owned, state.double, state.specials)
        fishing = [sum(r.values()) for r in rows]
        if n > 2:
            for s, row in enumerate(rows):
                row["Left neighbour"] = fishing[(s + 1) % n]
        res = Result.from_scores([sum(r.values()) for r in rows], rows)
        res.summary = "Fishing scores: " + ", ".join(f"{p} {f}" for p, f in zip(state.players, fishing, strict=True))
        return res

    def strategy(self, state: FriendlyState, seat: int, level: str, rnd: random.Random) -> str:
        """'greedy' looks one move ahead (see engines.friendly.ai)."""
        if level != "greedy":
            return super().strategy(state, seat, level, rnd)
        return greedy(self, state, seat, rnd)
