"""Push Fish turn flow: turns, rounds, the free-for-all volley, casting, rod actions, GET and refill."""

from __future__ import annotations

from engines.core import Event
from engines.pushfish import sim
from engines.pushfish.cards import (
    GROUND,
    LEGEND,
    STRENGTHS,
    card_label,
)
from engines.pushfish.choices import pos_label
from engines.pushfish.state import (
    CASTING,
    OFFER,
    RODS,
    SPACES,
    TURN_START,
    PushFishState,
    add_to,
    fight_zone,
    fish_count,
    hard_for,
    kind_matches,
    needed_successes,
    put,
)


def next_first(state: PushFishState) -> int:
    """The next round's first player: the one to the left of this round's (with 2 players it stays)."""
    n = len(state.players)
    return state.first if n == 2 else (state.first + 1) % n


class TurnFlow:
    """The turn and round flow and the cast-hook-fight steps (a mixin of PushFishEngine)."""

    # ---- turn flow ---------------------------------------------------------------------------
    def _reset_turn(self, state: PushFishState, seat: int) -> None:
        """Fresh per-turn values for a seat about to act; the mission row is refilled."""
        state.__dict__.update(TURN_START, turn=seat)  # trusted values, as in __setattr__
        if not state.first_game and -1 in state.offer and state.mdeck:
            offer, deck = list(state.offer), list(state.mdeck)
            for i in range(OFFER):
                if offer[i] < 0 and deck:
                    offer[i] = deck.pop()
            state.offer, state.mdeck = tuple(offer), tuple(deck)

    def _ground_ready(self, state: PushFishState, events: list[Event]) -> bool:
        """True while some card lies on the ground (refilled from the pile if needed); else the game ends."""
        if state.ground.count(-1) < SPACES:
            return True
        self._refill(state, events, force=True)
        if state.ground.count(-1) < SPACES:
            return True
        state.ended = "The fishing ground and the pile are empty, which ends the game."
        state.phase = "over"
        events.append(Event(text=state.ended))
        return False

    def _start_turn(self, state: PushFishState, seat: int, events: list[Event]) -> None:
        """A normal turn begins: cast phase."""
        self._reset_turn(state, seat)
        state.baits = ()
        if self._ground_ready(state, events):
            state.phase = "cast"

    def _start_round(self, state: PushFishState, first: int, events: list[Event]) -> None:
        """A Noisy Free-for-All round begins: everyone chooses a secret target."""
        self._reset_turn(state, first)
        state.first = first
        state.baits = ()
        state.queue = ()
        state.plans = (-1,) * len(state.players)
        if self._ground_ready(state, events):
            state.phase = "volley"

    def _resolve_volley(self, state: PushFishState, events: list[Event]) -> None:
        """All secret casts land together; baits sharing a card tangle; HIT seats then fight in turn order."""
        n = len(state.players)
        order = [(state.first + i) % n for i in range(n)]
        landed: dict[int, int] = {}
        for seat in order:
            x, y = sim.cast(state.rng, state.plans[seat], False)
            hit = sim.space_at(x, y, hard_for(state, seat))
            hit = hit if hit >= 0 and state.ground[hit] >= 0 else -1
            landed[seat] = hit
            state.baits += (round(x, 1), round(y, 1), float(seat), float(hit))
        texts, after = [], []  # the casts' line comes after the last secret target, then any encouragement
        for seat in order:
            hit = landed[seat]
            aimed = f"{state.players[seat]} aimed at {pos_label(state.plans[seat])} and"
            where = "there" if hit == state.plans[seat] else f"at {pos_label(hit)}"
            if hit < 0:
                texts.append(f"{aimed} missed")
                self._encourage(state, seat, after)
            elif sum(1 for s in order if landed[s] == hit) > 1:
                texts.append(f"{aimed} tangled {where}")
                self._encourage(state, seat, after)
            else:
                state.faceup = put(state.faceup, hit, True)
                self._forget(state, state.ground[hit])
                texts.append(f"{aimed} HIT {card_label(state.ground[hit])} {where}")
                state.queue += (seat,)
        events += [Event(text="Free-for-all casts: " + "; ".join(texts) + "."), *after]
        state.plans = (-1,) * n
        self._next_fighter(state, events)

    def _next_fighter(self, state: PushFishState, events: list[Event]) -> None:
        """The next seat with a HIT fights, or a new round begins."""
        while state.queue:
            seat, state.queue = state.queue[0], state.queue[1:]
            pos = next(int(state.baits[i + 3]) for i in range(0, len(state.baits), 4) if state.baits[i + 2] == seat)
            if state.ground[pos] < 0:
                continue
            self._reset_turn(state, seat)
            self._begin_rod(state, pos)
            self._settle(state, events)
            return
        self._start_round(state, next_first(state), events)

    def _finish_turn(self, state: PushFishState, events: list[Event]) -> None:
        """The turn's fighting is over: claim a mission if one is complete, then move on."""
        state.sub, state.arg = "", -1
        if not state.first_game and self._claimable(state, state.turn):
            state.phase, state.backed = "mission", ()
            return
        self._advance(state, events)

    def _advance(self, state: PushFishState, events: list[Event]) -> None:
        """End the game if someone has enough fish, else the next turn (or fighter, or round)."""
        goal = [s for s in range(len(state.players)) if fish_count(state, s) >= state.fish_goal]
        if goal:
            state.ended = f"{state.players[goal[0]]} has caught {state.fish_goal} fish, which ends the game."
            state.phase = "over"
            events.append(Event(text=state.ended))
            return
        if state.noisy:
            self._next_fighter(state, events)
            return
        n = len(state.players)
        seat = (state.turn + 1) % n
        if seat == state.first and n > 2:  # everyone has had a turn: the next player on the left starts the round
            state.first = seat = next_first(state)
        self._start_turn(state, seat, events)

    def _settle(self, state: PushFishState, events: list[Event]) -> None:
        """Put the turn in the phase its counters imply, and play any forced single choice."""
        while state.phase not in ("over", "volley", "mission") and not state.discarding:
            phase = state.phase
            if phase in CASTING and (phase != "cast" or state.casts == 0):
                if self._eligible_hits(state):
                    phase = "hit"
                else:
                    phase = "cast" if state.casts > 0 else "nohit"
            elif phase in ("rod", "lost"):
                phase = "rod" if state.rods > 0 else "lost"
            if phase != state.phase:
                state.phase = phase
            if state.sub or self._several_choices(state):
                return
            found = self._turn_choices(state, state.turn)
            if len(found) != 1:
                return
            self._play(state, state.turn, found[0].id, events)

    @staticmethod
    def _several_choices(state: PushFishState) -> bool:
        """A quick sure sign that the turn's decision has more than one choice (so nothing is forced)."""
        phase = state.phase
        if phase == "rod":  # twelve aims
            return True
        if phase == "cast":  # a cast per card on the ground
            return state.ground.count(-1) <= SPACES - 2
        if phase == "hit":  # a fight per hooked card, and casting on
            return state.casts > 0 and any(state.ground[p] >= 0 for p in state.hits)
        return False

    # ---- casting and fighting ------------------------------------------------------------------
    def _eligible_hits(self, state: PushFishState) -> list[int]:
        """HIT spaces the player may fight (in a "catch 2" round only cards of that kind)."""
        return [p for p in state.hits if state.ground[p] >= 0
                and (not state.bonus or kind_matches(state.bonus, state.ground[p]))]

    def _cast(self, state: PushFishState, seat: int, target: int, events: list[Event]) -> None:
        """One bait cast at a space."""
        state.casts -= 1
        x, y = sim.cast(state.rng, target, state.calm)
        hit = sim.space_at(x, y, hard_for(state, seat))
        if hit >= 0 and state.ground[hit] < 0:
            hit = -1
        state.baits += (round(x, 1), round(y, 1), float(seat), float(hit))
        name = state.players[seat]
        if hit < 0:
            state.missed = True
            events.append(Event(text=f"{name} casts at {pos_label(target)}: a miss.", seat=seat))
            if self._eligible_hits(state):
                state.phase = "hit"  # a card hooked before is still there to fight: casting on stays a choice
            return
        state.faceup = put(state.faceup, hit, True)
        self._forget(state, state.ground[hit])
        if hit not in state.hits:
            state.hits += (hit,)
        state.phase = "hit"
        where = "" if hit == target else f" (landed on {pos_label(hit)})"
        events.append(Event(text=(f"{name} casts at {pos_label(target)}{where}: HIT! "
                                       f"{card_label(state.ground[hit])}."), seat=seat))

    def _begin_rod(self, state: PushFishState, pos: int) -> None:
        """Fight the card at `pos`: three rod actions plus any extra."""
        state.target = pos
        state.rods = RODS + state.extra_rods
        state.extra_rods = 0
        state.succ, state.weak, state.flicks, state.flick_zone = 0, 0, (), -1
        state.need = needed_successes(state, state.turn, state.ground[pos])
        state.hits = ()
        state.phase = "rod"

    def _flick(self, state: PushFishState, seat: int, zone: int, where: str, events: list[Event]) -> None:
        """One rod action aimed in a zone."""
        state.rods -= 1
        stop = sim.flick(state.rng, sim.aim_point(zone, where))
        state.flicks += (round(stop, 1),)
        need_zone = state.flick_zone = fight_zone(state)
        hard = hard_for(state, seat)
        ok = sim.in_zone(stop, need_zone, state.tol, hard)
        card = state.ground[state.target]
        name = state.players[seat]
        at = sim.zone_at(stop)
        landed = STRENGTHS[at] if at >= 0 else "off the rod"
        verdict = "inside" if ok else ("not wholly inside" if sim.in_zone(stop, need_zone, state.tol, False)
                                       else "outside")
        lo, hi = sim.counted_span(need_zone, state.tol, hard)
        counts = f" ({lo:.0f} to {hi:.0f} counts)" if state.tol or hard else ""
        events.append(Event(text=f"{name} flicks at {STRENGTHS[zone]} {sim.AIM_NAMES[where]}: stops at "
                                 f"{stop:.0f} ({landed}), {verdict} the {STRENGTHS[need_zone]} zone{counts}.",
                            seat=seat))
        if not ok:
            return
        state.succ += 1
        if state.succ < state.need:
            events.append(Event(text=f"{GROUND[card].name} is tiring: one more success needed.", seat=seat))
            return
        self._get(state, seat, events)

    def _get(self, state: PushFishState, seat: int, events: list[Event]) -> None:
        """GET: the fought card is caught."""
        pos = state.target
        card = state.ground[pos]
        state.ground = put(state.ground, pos, -1)
        state.faceup = put(state.faceup, pos, False)
        state.target = -1
        state.catches = add_to(state.catches, seat, (card,))
        state.caught += 1
        state.bonus = ""
        self._forget(state, card)
        events.append(Event(text=f"GET! {state.players[seat]} catches {card_label(card)}.", seat=seat))
        c = GROUND[card]
        if c.is_find and not state.first_game:
            self._draw_items(state, seat, c.items, events)
        self._refill(state, events)
        if c.kind == LEGEND:
            state.ended = f"{state.players[seat]} landed the {c.name}, which ends the game."
            state.phase = "over"
            events.append(Event(text=state.ended))
            return
        state.phase = "after"

    def _refill(self, state: PushFishState, events: list[Event], force: bool = False) -> None:
        """At three empty spaces (or when forced) every empty space is filled face down from the pile."""
        empty = [p for p in range(SPACES) if state.ground[p] < 0]
        if not state.pile or (len(empty) < 3 and not force):
            return
        ground, faceup, pile = list(state.ground), list(state.faceup), list(state.pile)
        filled = 0
        for p in empty:
            if not pile:
                break
            ground[p] = pile.pop()
            faceup[p] = False
            filled += 1
        state.ground, state.faceup, state.pile = tuple(ground), tuple(faceup), tuple(pile)
        events.append(Event(text=f"The fishing ground is refilled ({filled} card{'s' * (filled > 1)})."))

    def _fail(self, state: PushFishState, seat: int, events: list[Event]) -> None:
        """The fight is lost (or nothing was hooked): the card stays face up; encouragement if nothing caught."""
        if state.target >= 0:
            events.append(Event(text=f"{GROUND[state.ground[state.target]].name} got away from "
                                     f"{state.players[seat]}.", seat=seat))
        if not state.caught:
            self._encourage(state, seat, events)
        state.target = -1
        self._finish_turn(state, events)
