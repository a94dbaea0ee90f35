"""A test game with public and simultaneous private decisions: each round a caller sets the weather
(public), then everyone secretly picks 1-3 (private, all at once); the highest unique pick scores."""

from __future__ import annotations

from pydantic import BaseModel, Field

from engines.core import Choice, Decision, Event, GameEngine, GameState, Result, View
from engines.rng import Rng


class SecretOptions(BaseModel):
    """Options of the secret game."""

    rounds: int = Field(default=2, ge=1, le=5)
    hints: bool = False  # calling the weather privately gives every seat a lucky number


class SecretState(GameState):
    """Round, weather, picks (-1 = not yet) and points."""

    rounds: int
    hints: bool = False
    round: int = 0
    weather: str = ""
    picks: list[int]
    points: list[int]


class SecretView(View):
    """Points and weather; a seat's own pick."""

    round: int
    weather: str
    points: list[int]
    my_pick: int | None = None


class SecretEngine(GameEngine[SecretState, SecretOptions]):
    """Public weather call, then simultaneous secret picks."""

    key = "secret"
    name = "Secret Picks"
    min_players = 2
    max_players = 4
    Options = SecretOptions
    State = SecretState
    rules_summary = "Call the weather, then everyone secretly picks 1-3; the highest unique pick scores."
    ai_levels = ("random", "greedy")

    def strategy(self, state: SecretState, seat: int, level: str, rnd) -> str:
        """'greedy' picks the last choice on offer (the highest number)."""
        return self.pending_for(state, seat).choices[-1].id

    def setup(self, players: list[str], options: SecretOptions, rng: Rng) -> SecretState:
        n = len(players)
        return SecretState(players=players, rng=rng, rounds=options.rounds, hints=options.hints, picks=[-1] * n,
                           points=[0] * n)

    def decisions(self, state: SecretState) -> list[Decision]:
        if state.round >= state.rounds:
            return []
        if not state.weather:
            caller = state.round % len(state.players)
            return [Decision(seat=caller, prompt="Call the weather", kind="weather",
                             choices=[Choice(id="calm", label="Calm", detail="Calm: every pick scores as it is"),
                                      Choice(id="storm", label="Storm")])]
        return [Decision(seat=s, prompt="Pick secretly", private=True, kind="pick",
                         choices=[Choice(id=f"pick-{n}", label=f"Pick {n}", detail=f"Pick {n} in secret: {n} points")
                                  for n in (1, 2, 3)])
                for s, p in enumerate(state.picks) if p < 0]

    def play(self, state: SecretState, seat: int, choice_id: str, decision: Decision) -> list[Event]:
        if decision.kind == "weather":
            state.weather = choice_id
            hints = [Event(text=f"Your lucky number is {s + 1}", seat=s, private_to=s)
                     for s in range(len(state.players)) if state.hints]
            return [Event(text=f"{state.players[seat]} called {choice_id}", seat=seat), *hints]
        n = int(choice_id.split("-")[1])
        state.picks[seat] = n
        events = [Event(text=f"You picked {n}", seat=seat, private_to=seat)]
        if min(state.picks) > 0:
            unique = [p for p in state.picks if state.picks.count(p) == 1]
            if unique:
                winner = state.picks.index(max(unique))
                state.points[winner] += 1
                events.append(Event(text=f"{state.players[winner]} scored with {max(unique)}"))
            else:
                events.append(Event(text="No unique pick this round"))
            state.round += 1
            state.weather = ""
            state.picks = [-1] * len(state.players)
        return events

    def view(self, state: SecretState, seat: int | None) -> SecretView:
        return SecretView(game=self.key, seat=seat, players=state.players, round=state.round,
                          weather=state.weather, points=state.points, to_act=[d.seat for d in self.decisions(state)],
                          last=state.log_tail, finished=state.round >= state.rounds,
                          my_pick=None if seat is None or state.picks[seat] < 0 else state.picks[seat])

    def result(self, state: SecretState) -> Result | None:
        if state.round < state.rounds:
            return None
        return Result.from_scores(list(state.points), [{"rounds": p} for p in state.points])


ENGINE = SecretEngine()
