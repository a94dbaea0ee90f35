"""A tiny game for host tests: take 1-3 stones from a shuffled pile; each seat also holds a secret number."""

from __future__ import annotations

from pydantic import BaseModel

from engines.core import Decision, Event, GameEngine, GameState, Result, View
from engines.rng import Rng


class ToyOptions(BaseModel):
    """Options of the toy game."""

    stones: int = 12


class ToyState(GameState):
    """Pile size, whose turn, taken counts and secrets."""

    pile: int
    turn: int = 0
    taken: list[int]
    secrets: list[int]


class ToyView(View):
    """What a seat sees of the toy game."""

    pile: int
    taken: list[int]
    secret: int | None = None


class ToyEngine(GameEngine[ToyState, ToyOptions]):
    """Take stones in turn; the last stone ends the game; most stones wins."""

    key = "toy"
    name = "Toy"
    min_players = 2
    max_players = 4
    Options = ToyOptions
    State = ToyState
    rules_summary = "Take 1 to 3 stones; most stones wins."
    ai_levels = ("random", "greedy")

    def setup(self, players: list[str], options: ToyOptions, rng: Rng) -> ToyState:
        """Deal secrets from the seed."""
        return ToyState(players=players, rng=rng, pile=options.stones, taken=[0] * len(players),
                        secrets=[rng.randrange(100) for _ in players])

    def decisions(self, state: ToyState) -> list[Decision]:
        """The seat to move takes 1-3 stones."""
        if state.pile == 0:
            return []
        return [Decision(seat=state.turn, prompt="Take stones", kind="take",
                         choices=[self._choice(n) for n in range(1, min(3, state.pile) + 1)])]

    @staticmethod
    def _choice(n: int):
        from engines.core import Choice

        return Choice(id=f"take-{n}", label=f"Take {n}")

    def play(self, state: ToyState, seat: int, choice_id: str, decision: Decision) -> list[Event]:
        """Take stones and pass the turn."""
        n = int(choice_id.split("-")[1])
        state.pile -= n
        state.taken[seat] += n
        state.turn = (state.turn + 1) % len(state.players)
        return [Event(text=f"{state.players[seat]} took {n}", seat=seat),
                Event(text=f"secret {state.secrets[seat]}", seat=seat, private_to=seat)]

    def strategy(self, state: ToyState, seat: int, level: str, rnd) -> str:
        """'greedy' takes as many stones as it may."""
        return self.pending_for(state, seat).choices[-1].id

    def view(self, state: ToyState, seat: int | None) -> ToyView:
        """Public pile and counts; a seat's own secret."""
        return ToyView(game=self.key, seat=seat, players=state.players, pile=state.pile, taken=state.taken,
                       to_act=[d.seat for d in self.decisions(state)], last=state.log_tail,
                       finished=state.pile == 0, secret=None if seat is None else state.secrets[seat])

    def result(self, state: ToyState) -> Result | None:
        """Most stones wins."""
        if state.pile:
            return None
        return Result.from_scores(list(state.taken), [{"stones": t} for t in state.taken])


ENGINE = ToyEngine()
