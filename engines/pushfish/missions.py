"""Push Fish missions: which offered missions a seat's catches complete, and claiming one."""

from __future__ import annotations

from engines.core import Event
from engines.pushfish.cards import (
    GROUND,
    MISSIONS,
    fulfil,
)
from engines.pushfish.choices import clip
from engines.pushfish.state import (
    PushFishState,
    add_to,
    put,
)


class Missions:
    """Missions (a mixin of PushFishEngine)."""

    # ---- missions ----------------------------------------------------------------------------
    def _claimable(self, state: PushFishState, seat: int) -> list[tuple[int, list[int]]]:
        """Offered missions the seat's unused catches complete, with the cards each would use."""
        free = [c for c in state.catches[seat] if c not in state.spent]
        out = []
        for m in state.offer:
            if m >= 0 and len(MISSIONS[m].needs) <= len(free):  # one distinct card per target
                cards = fulfil(MISSIONS[m].needs, free)
                if cards is not None:
                    out.append((m, cards))
        return out

    def _claim(self, state: PushFishState, seat: int, mission: int, events: list[Event]) -> None:
        """Take one completed mission; its cards cannot serve another mission."""
        cards = next(c for m, c in self._claimable(state, seat) if m == mission)
        state.spent += tuple(cards)
        state.won = add_to(state.won, seat, (mission,))
        state.offer = put(state.offer, state.offer.index(mission), -1)
        m = MISSIONS[mission]
        events.append(Event(text=clip(f"{state.players[seat]} claims mission {m.name} ({m.points} pts) with "
                                       + ", ".join(GROUND[c].name for c in cards) + "."), seat=seat))
        self._advance(state, events)
