"""The rules of Push Fish: state, turn phases, casting, rod actions, items, abilities, missions and scoring."""

from __future__ import annotations

import random

from engines.core import BadOptions, Choice, Decision, Event, GameEngine, Result
from engines.pushfish import choices
from engines.pushfish.cards import (
    CHARACTER_KEYS,
    CHARACTERS,
    GROUND,
    ITEMS,
    MISSIONS,
    STRENGTHS,
    card_label,
)
from engines.pushfish.choices import parse_pos
from engines.pushfish.flow import TurnFlow
from engines.pushfish.hidden import determinise as deal_unseen
from engines.pushfish.missions import Missions
from engines.pushfish.powers import Powers
from engines.pushfish.state import (
    EMPTY,
    FACE_DOWN,
    FIRST_GAME_FISH,
    HAND_LIMIT,
    LENGTHS,
    OFFER,
    SPACES,
    START_ITEMS,
    Cards,
    PushFishOptions,
    PushFishState,
    PushFishView,
    catches,
    discard_item,
    face_down,
    fight_zone,
    fish_count,
    hand,
    hard_for,
    put,
    without,
)
from engines.rng import Rng

PROMPTS = {
    "cast": "cast a bait at a card",
    "hit": "HIT! Fight one hooked card, or cast again",
    "nohit": "no HIT: use an item or ability, or end the turn",
    "rod": "rod action: aim the flick",
    "lost": "out of rod actions: use an item, or let it go",
    "after": "caught! Play an item, or end the turn",
    "mission": "claim one mission you have completed",
    "volley": "Free-for-all: choose your secret cast target",
}
SUB_PROMPTS = {
    "items": "your items: play one",
    "peek": "peek at which face-down card?",
    "swap1": "swap: the first face-down card",
    "swap2": "swap: the second face-down card",
    "chef": "Chef Ramsay: discard which item to draw one?",
    "drop": "over five items: discard one",
}


class PushFishEngine(TurnFlow, Powers, Missions, GameEngine[PushFishState, PushFishOptions]):
    """Push Fish: cast baits at a face-down fishing ground, flick the rod to land what bites; most points wins."""

    key = "pushfish"
    name = "Push Fish"
    min_players = 2
    max_players = 6
    Options = PushFishOptions
    State = PushFishState
    rules_summary = (
        "On your turn cast up to 3 baits at the 4 x 5 face-down fishing ground (far rows are harder; a miss "
        "may hook a neighbour). Fight one hooked card with up to 3 rod actions: aim the flick at the zone of "
        "its strength (W, M, S, SS). Catch it, or take an item as encouragement. Treasure and Junk give items; "
        "missions reward sets of fish. The game ends at 5/7/10 fish or when the Golden Fish or Kraken is caught; "
        "fish, missions and unused items score."
    )

    # ---- setup -------------------------------------------------------------------------------
    def check_players(self, count: int, options: PushFishOptions) -> None:
        """2-6 players; characters (if chosen) one per player; legendary seats among the players."""
        super().check_players(count, options)
        if options.characters is not None and len(options.characters) != count:
            raise BadOptions(f"Push Fish: choose exactly {count} characters, one per player.")
        if any(not 1 <= s <= count for s in options.legendary):
            raise BadOptions(f"Push Fish: legendary seats must be players' seats, from 1 to {count} (1 is the first "
                             "to join).")

    def setup(self, players: list[str], options: PushFishOptions, rng: Rng) -> PushFishState:
        """Characters, items, the face-down ground, the mission row, and the first player by flipping."""
        n = len(players)
        if options.characters is not None:
            chars = [CHARACTER_KEYS.index(c) for c in options.characters]
        else:
            chars = list(range(len(CHARACTERS)))
            rng.shuffle(chars)
            chars = chars[:n]
        cards = list(range(len(GROUND)))
        rng.shuffle(cards)
        items = list(range(len(ITEMS)))
        rng.shuffle(items)
        missions = list(range(len(MISSIONS)))
        rng.shuffle(missions)
        hands: list[Cards] = [()] * n
        legendary = [s - 1 for s in options.legendary]  # people count seats from 1
        offer = [-1] * OFFER
        if not options.first_game:
            for seat in range(n):
                hands[seat] = tuple(items.pop() for _ in range(START_ITEMS + (1 if seat in legendary else 0)))
            offer = [missions.pop() for _ in range(OFFER)]
        spaces = list(range(SPACES))
        rng.shuffle(spaces)
        flips = spaces[:n]
        state = PushFishState(
            players=players, rng=rng, hard=options.hard, legendary=legendary,
            noisy=options.noisy, first_game=options.first_game,
            fish_goal=FIRST_GAME_FISH if options.first_game else LENGTHS[options.length],
            chars=chars, ground=cards[:SPACES], faceup=[p in flips for p in range(SPACES)], pile=cards[SPACES:],
            items=items, idiscard=(), hands=hands, catches=[()] * n, spent=(), offer=offer, mdeck=missions,
            won=[()] * n, peeks=[()] * n, tossed=[()] * n, flips=flips,
        )
        best = max(range(n), key=lambda s: self._flip_rank(state, s))
        tied = [s for s in range(n) if self._flip_rank(state, s) == self._flip_rank(state, best)]
        first = tied[rng.randrange(len(tied))] if len(tied) > 1 else best
        flipped = ", ".join(f"{players[s]} {GROUND[state.ground[flips[s]]].name}" for s in range(n))
        state.log_tail = (f"First-player flips: {flipped}. {players[first]} goes first.",)
        state.first = first
        if options.noisy:
            self._start_round(state, first, [])
        else:
            self._start_turn(state, first, [])
        return state

    @staticmethod
    def _flip_rank(state: PushFishState, seat: int) -> tuple[int, int]:
        """Highest printed number first, then the higher strength."""
        c = GROUND[state.ground[state.flips[seat]]]
        return c.number, c.strength

    # ---- choices -----------------------------------------------------------------------------
    def _ids(self, state: PushFishState, seat: int) -> list[str]:
        """The ids a seat may choose now, in a stable order."""
        return [c.id for c in self._choices(state, seat)]

    def _choices(self, state: PushFishState, seat: int) -> list[Choice]:
        """The choices a seat has now, in a stable order (the random AI depends on it)."""
        phase = state.phase
        if phase == "over":
            return []
        if state.discarding:
            return [choices.item("drop", i) for i in state.hands[seat]] if seat in state.discarding else []
        if phase == "volley":
            return self._cast_choices(state, seat) if state.plans[seat] < 0 else []
        if seat != state.turn:
            return []
        return self._turn_choices(state, seat)

    def _turn_choices(self, state: PushFishState, seat: int) -> list[Choice]:
        """The choices of the seat whose turn it is (no discard or volley pending)."""
        sub = state.sub
        if sub:
            return self._sub_choices(state, seat, sub)
        phase = state.phase
        found: list[Choice]
        if phase == "cast":
            found = self._cast_choices(state, seat)
        elif phase == "hit":
            found = [choices.fight(p, state.ground[p]) for p in self._eligible_hits(state)]
            if state.casts > 0:
                found.append(choices.recast(state.casts))
        elif phase == "rod":
            found = list(choices.aims(fight_zone(state), state.tol, hard_for(state, seat)))
        elif phase == "mission":
            return [choices.mission(m) for m, _ in self._claimable(state, seat) if m not in state.backed] + \
                [choices.SKIP]
        else:
            found = []
        if self._ability(state, seat):
            found.append(choices.ability(state.chars[seat]))
        if self._item_step(state, seat):
            found.append(choices.OPEN_ITEMS)
        if phase in ("nohit", "lost", "after"):
            found.append(choices.END[phase == "lost", phase == "after" or bool(state.caught) or state.first_game])
        return found

    def _sub_choices(self, state: PushFishState, seat: int, sub: str) -> list[Choice]:
        """The choices of a sub-decision: the item list, a peek or swap target, Chef Ramsay's discard, the fish
        that fill a mission."""
        if sub == "fulfil":
            found = self._way_choices(state)
        elif sub == "items":
            found = self._item_choices(state, seat)
        elif sub == "chef":
            found = [choices.item("toss", i) for i in hand(state, seat)]
        else:
            head = "peek" if sub == "peek" else "swap"
            skip = state.arg if sub == "swap2" else -1
            found = [choices.space(head, p) for p in face_down(state) if p != skip]
        found.append(choices.BACK)
        return found

    @staticmethod
    def _cast_choices(state: PushFishState, seat: int) -> list[Choice]:
        """A cast at every space holding a card (face-up cards named)."""
        table = choices.cast_table(state.calm, hard_for(state, seat))
        return [row[card if up else -1] for row, card, up in zip(table, state.ground, state.faceup, strict=True) if card >= 0]

    def _pending_seats(self, state: PushFishState) -> list[int]:
        """Seats with a decision: item discards first, else the volley (everyone) or the seat to act."""
        if state.phase == "over":
            return []
        if state.discarding:
            return list(state.discarding)
        if state.phase == "volley":
            return [s for s in range(len(state.players)) if state.plans[s] < 0]
        return [state.turn]

    def decisions(self, state: PushFishState) -> list[Decision]:
        """Every pending decision: item discards first, else the volley (everyone) or the seat to act."""
        phase = state.phase
        if phase == "over":
            return []
        names = state.players
        over = state.discarding
        if over:
            return [Decision(seat=s, prompt=f"{names[s]}: {SUB_PROMPTS['drop']}", private=True, kind="discard",
                             choices=[choices.item("drop", i) for i in state.hands[s]]) for s in over]
        if phase == "volley":
            return [Decision(seat=s, prompt=f"{names[s]}: {PROMPTS['volley']}", private=True, kind="volley",
                             choices=self._cast_choices(state, s)) for s in range(len(names)) if state.plans[s] < 0]
        seat, sub = state.turn, state.sub
        found = self._turn_choices(state, seat)
        if sub:
            return [Decision(seat=seat, prompt=f"{names[seat]}: {self._sub_prompt(state, found)}",
                             private=sub in ("items", "chef"), kind=sub, choices=found)]
        prompt = PROMPTS[phase] if phase != "hit" or state.casts else "HIT! Fight one hooked card (no baits left)"
        if phase in ("cast", "hit") and state.casts:
            prompt += f" ({state.casts} bait{'s' * (state.casts != 1)} left)"
        return [Decision(seat=seat, prompt=f"{names[seat]}: {prompt}", kind=phase, choices=found)]

    def _sub_prompt(self, state: PushFishState, found: list[Choice]) -> str:
        """What a sub-decision asks (the private item list says so when nothing in it can be played now)."""
        if state.sub == "fulfil":
            return self._way_prompt(state)
        if state.sub == "items" and len(found) == 1:
            return "none of your items can be played now"
        return SUB_PROMPTS[state.sub]

    def play(self, state: PushFishState, seat: int, choice_id: str, decision: Decision) -> list[Event]:
        """Apply a validated choice, then settle forced follow-ups."""
        events: list[Event] = []
        self._play(state, seat, choice_id, events)
        if state.phase == "volley" and min(state.plans) >= 0 and not state.discarding:
            self._resolve_volley(state, events)
        self._settle(state, events)
        return events

    def _play(self, state: PushFishState, seat: int, cid: str, events: list[Event]) -> None:
        """Dispatch one choice."""
        head, _, tail = cid.partition("-")
        name = state.players[seat]
        if head == "back":
            state.closed = self._closing(state)
        elif not self._opens_list(state, seat, head):
            state.closed = ()
        if head == "aim":  # the commonest choices first
            z_name, where = tail.split("-")
            self._flick(state, seat, STRENGTHS.index(z_name), where, events)
        elif head == "cast" and state.phase == "volley":
            state.plans = put(state.plans, seat, parse_pos(tail))
            events.append(Event(text=f"{name} has chosen a secret target.", seat=seat))
        elif head == "cast":
            self._cast(state, seat, parse_pos(tail), events)
        elif head == "hit":
            self._begin_rod(state, parse_pos(tail))
            events.append(Event(text=f"{name} fights {card_label(state.ground[state.target])}.", seat=seat))
        elif head == "drop":
            item = int(tail)
            discard_item(state, seat, item, secret=True)
            if len(state.hands[seat]) <= HAND_LIMIT:
                state.discarding = without(state.discarding, seat)
            events.append(Event(text=f"{name} discards an item card (hand limit).", seat=seat))
            events.append(Event(text=f"You discarded {ITEMS[item].name}.", seat=seat, private_to=seat))
        elif head == "recast":
            state.phase = "cast"
        elif head == "items":
            state.sub = "items"
        elif head == "back":
            if state.sub == "fulfil":
                state.backed += (state.arg,)  # not offered again in this mission step
            state.sub, state.arg = "", -1
        elif head == "item":
            item, _, where = tail.partition("-")  # a Fish Finder names its space in the same choice
            if where:
                self._peek(state, seat, parse_pos(where), events, int(item))
            else:
                self._use_item(state, seat, int(item), events)
        elif head == "ability":
            self._use_ability(state, seat, events)
        elif head == "peek":
            self._peek(state, seat, parse_pos(tail), events)
        elif head == "swap":
            self._swap(state, seat, parse_pos(tail), events)
        elif head == "toss":
            self._chef(state, seat, int(tail), events)
        elif head == "mission":
            self._choose_mission(state, seat, int(tail), events)
        elif head == "use":
            self._claim(state, seat, state.arg, tuple(map(int, tail.split("-"))), events)
        elif head == "skip":
            self._advance(state, events)
        elif head == "end":
            if state.phase == "after":
                self._finish_turn(state, events)
            else:
                self._fail(state, seat, events)

    # ---- reading -----------------------------------------------------------------------------
    def determinise(self, state: PushFishState, seat: int | None, rnd: random.Random) -> PushFishState:
        """The unseen cards dealt anew, consistent with all that `seat` has seen (see hidden.py)."""
        return deal_unseen(state, seat, rnd)

    def view(self, state: PushFishState, seat: int | None) -> PushFishView:
        """What this seat (None: the public) may see."""
        ground = [EMPTY if c < 0 else (c if up else FACE_DOWN) for c, up in zip(state.ground, state.faceup,
                                                                                 strict=True)]
        known = [-1] * SPACES
        if seat is not None:
            seen = state.peeks[seat]
            for p in range(SPACES):
                if ground[p] == FACE_DOWN and state.ground[p] in seen:
                    known[p] = state.ground[p]
        n = len(state.players)
        return PushFishView(
            game=self.key, seat=seat, players=state.players, to_act=self._pending_seats(state), last=list(state.log_tail),
            finished=state.phase == "over", ground=ground, known=known, pile=len(state.pile),
            item_deck=len(state.items), item_discard=len(state.idiscard),
            hand=sorted(hand(state, seat)) if seat is not None else [],
            hand_sizes=[len(cards) for cards in state.hands], catches=state.catches,
            spent=sorted(state.spent), offer=state.offer, mission_deck=len(state.mdeck),
            won=state.won, chars=state.chars, turn=state.turn,
            phase=state.phase, sub=state.sub, casts=state.casts, rods=state.rods, succ=state.succ, need=state.need,
            target=state.target, hits=state.hits, baits=state.baits, flicks=state.flicks,
            zone=fight_zone(state) if state.phase in ("rod", "lost") else -1, flick_zone=state.flick_zone,
            tol=state.tol, hard_seat=hard_for(state, state.turn), calm=state.calm, used=state.used, bonus=state.bonus,
            fish_goal=state.fish_goal, hard=state.hard, legendary=state.legendary,
            noisy=state.noisy, first_game=state.first_game,
            submitted=[p >= 0 for p in state.plans] if state.phase == "volley" else [False] * n,
            ended=state.ended,
        )

    def scores(self, state: PushFishState) -> tuple[list[int], list[dict[str, int]]]:
        """Points per seat and their breakdown (fish, missions, unused items; finds score nothing)."""
        scores, parts = [], []
        for s in range(len(state.players)):
            if state.first_game:
                part = {"fish": fish_count(state, s)}
            else:
                part = {"fish": sum(GROUND[c].score for c in catches(state, s)),
                        "missions": sum(MISSIONS[m].points for m in state.won[s]),
                        "items": sum(ITEMS[i].points for i in hand(state, s))}
            parts.append(part)
            scores.append(sum(part.values()))
        return scores, parts

    def result(self, state: PushFishState) -> Result | None:
        """Final scores once the game is over (first game: most fish; tie: shared)."""
        if state.phase != "over":
            return None
        scores, parts = self.scores(state)
        res = Result.from_scores(scores, parts)
        res.summary = state.ended
        return res

    def strategy(self, state: PushFishState, seat: int, level: str, rnd: random.Random) -> str:
        """'greedy': expected value from the error model (see ai.py)."""
        if level != "greedy":
            return super().strategy(state, seat, level, rnd)
        from engines.pushfish.ai import greedy_choice

        return greedy_choice(self, state, seat)
