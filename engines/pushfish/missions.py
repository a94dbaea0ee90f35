"""Push Fish missions: which offered missions a seat's catches complete, the ways to fill one, and claiming it."""

from __future__ import annotations

from engines.core import Choice, Event
from engines.pushfish.cards import GROUND, MISSIONS, fulfil, mission_targets, mission_text, pts
from engines.pushfish.state import PushFishState, add_to, put

MAX_WAYS = 24  # a choice per way, and "Back", within a Discord select's 25 options


def free_catches(state: PushFishState, seat: int) -> list[int]:
    """The seat's caught cards that no mission has used yet, in the order caught."""
    return [c for c in state.catches[seat] if c not in state.spent]


def ways(needs: tuple[str, ...], free: list[int]) -> list[tuple[int, ...]]:
    """Every distinct way (by card names) to fill each target with its own card; cards in the order caught."""
    targets = mission_targets(needs)
    found: dict[tuple[str, ...], tuple[int, ...]] = {}

    def search(i: int, used: list[int], start: int) -> None:
        if i == len(needs):
            cards = tuple(sorted(used, key=free.index))
            found.setdefault(tuple(sorted(GROUND[c].name for c in cards)), cards)
            return
        same = i > 0 and needs[i] == needs[i - 1]  # identical targets take cards in catch order: no repeats
        for k in range(start if same else 0, len(free)):
            c = free[k]
            if c in targets[i] and c not in used:
                search(i + 1, used + [c], k + 1)

    search(0, [], 0)
    return list(found.values())


def way_id(cards: tuple[int, ...]) -> str:
    """The choice id of a way to fill a mission: its card ids."""
    return "use-" + "-".join(map(str, cards))


class Missions:
    """Missions (a mixin of PushFishEngine)."""

    def _claimable(self, state: PushFishState, seat: int) -> list[tuple[int, list[int]]]:
        """Offered missions the seat's unused catches complete, with one way each could be filled."""
        free = free_catches(state, seat)
        out = []
        for m in state.offer:
            if m >= 0 and len(MISSIONS[m].needs) <= len(free):  # one distinct card per target
                cards = fulfil(MISSIONS[m].needs, free)
                if cards is not None:
                    out.append((m, cards))
        return out

    def _ranked_ways(self, state: PushFishState, seat: int, mission: int) -> list[tuple[tuple[int, ...], list[int]]]:
        """The ways to fill a mission, with the other offered missions each leaves possible; those keeping the
        most others come first, then those using the fewest points of fish (at most MAX_WAYS)."""
        free = free_catches(state, seat)
        others = [m for m in state.offer if m >= 0 and m != mission]
        ranked = []
        for cards in ways(MISSIONS[mission].needs, free):
            rest = [c for c in free if c not in cards]
            kept = [m for m in others if fulfil(MISSIONS[m].needs, rest) is not None]
            ranked.append((cards, kept))
        ranked.sort(key=lambda w: (-len(w[1]), sum(GROUND[c].score for c in w[0]), w[0]))
        return ranked[:MAX_WAYS]

    def _way_choices(self, state: PushFishState) -> list[Choice]:
        """A choice per way to fill the mission being claimed (state.arg)."""
        out = []
        for cards, kept in self._ranked_ways(state, state.turn, state.arg):
            names = ", ".join(GROUND[c].name for c in cards)
            kept_names = ", ".join(MISSIONS[m].name for m in kept)
            if not kept:
                detail = f"Use {names}"
            elif len(kept_names) <= 80:
                detail = f"Keeps {kept_names} possible"
            else:
                detail = f"Keeps {len(kept)} other missions possible"
            out.append(Choice(id=way_id(cards), label=names, detail=detail))
        return out

    def _way_prompt(self, state: PushFishState) -> str:
        """What the fulfil step asks."""
        m = MISSIONS[state.arg]
        return f"{m.name} needs {mission_text(m.needs)}: which of your catches?"

    def _choose_mission(self, state: PushFishState, seat: int, mission: int, events: list[Event]) -> None:
        """The seat picks a mission: claimed at once when only one set of fish fills it, else they choose."""
        found = self._ranked_ways(state, seat, mission)
        if len(found) == 1:
            self._claim(state, seat, mission, found[0][0], events)
        else:
            state.sub, state.arg = "fulfil", mission

    def _claim(self, state: PushFishState, seat: int, mission: int, cards: tuple[int, ...],
               events: list[Event]) -> None:
        """Take one completed mission with these cards; they cannot serve another mission."""
        state.sub, state.arg = "", -1
        state.spent += cards
        state.won = add_to(state.won, seat, (mission,))
        state.offer = put(state.offer, state.offer.index(mission), -1)
        m = MISSIONS[mission]
        events.append(Event(text=f"{state.players[seat]} claims mission {m.name} ({pts(m.points)}) with "
                                 + ", ".join(GROUND[c].name for c in cards) + ".", seat=seat))
        self._advance(state, events)
