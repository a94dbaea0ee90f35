"""The rules of Push Fish: state, turn phases, casting, rod actions, items, abilities, missions and scoring."""

from __future__ import annotations

import random

from engines.core import BadOptions, Choice, Decision, Event, GameEngine, Result
from engines.pushfish import choices, sim
from engines.pushfish.cards import (
    CHARACTER_KEYS,
    CHARACTERS,
    GROUND,
    ITEMS,
    LEGEND,
    MISSIONS,
    STRENGTHS,
    card_label,
    fulfil,
)
from engines.pushfish.choices import clip, parse_pos, pos_label
from engines.pushfish.hidden import determinise as deal_unseen
from engines.pushfish.state import (
    CASTING,
    CASTS,
    EFFECTS,
    EMPTY,
    FACE_DOWN,
    FIRST_GAME_FISH,
    HAND_LIMIT,
    ITEM_PHASES,
    LENGTHS,
    OFFER,
    RODS,
    SPACES,
    START_ITEMS,
    TURN_START,
    Cards,
    PushFishOptions,
    PushFishState,
    PushFishView,
    add_to,
    catches,
    discard_item,
    face_down,
    face_down_count,
    fight_zone,
    fish_count,
    hand,
    hard_for,
    kind_matches,
    needed_successes,
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


class PushFishEngine(GameEngine[PushFishState, PushFishOptions]):
    """Push Fish: cast baits at a face-down fishing ground, flick the rod to land what bites; most points wins."""

    key = "pushfish"
    name = "Push Fish"
    min_players = 2
    max_players = 6
    Options = PushFishOptions
    State = PushFishState
    ai_levels = ("random", "greedy")
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
        if any(not 0 <= s < count for s in options.legendary):
            raise BadOptions("Push Fish: legendary seats must be players' seats (0 is the first player).")

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
        offer = [-1] * OFFER
        if not options.first_game:
            for seat in range(n):
                hands[seat] = tuple(items.pop() for _ in range(START_ITEMS + (1 if seat in options.legendary else 0)))
            offer = [missions.pop() for _ in range(OFFER)]
        spaces = list(range(SPACES))
        rng.shuffle(spaces)
        flips = spaces[:n]
        state = PushFishState(
            players=players, rng=rng, hard=options.hard, legendary=options.legendary,
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
        state.ended = "The fishing ground is empty."
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
        texts = []
        for seat in order:
            hit = landed[seat]
            aimed = pos_label(state.plans[seat])
            if hit < 0:
                texts.append(f"{state.players[seat]} ({aimed}) missed")
                self._encourage(state, seat, events)
            elif sum(1 for s in order if landed[s] == hit) > 1:
                texts.append(f"{state.players[seat]} ({aimed}) tangled at {pos_label(hit)}")
                self._encourage(state, seat, events)
            else:
                state.faceup = put(state.faceup, hit, True)
                self._forget(state, state.ground[hit])
                texts.append(f"{state.players[seat]} ({aimed}) HIT {card_label(state.ground[hit])}")
                state.queue += (seat,)
        events.insert(0, Event(text="Free-for-all casts: " + "; ".join(texts) + "."))
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
        self._start_round(state, (state.first + 1) % len(state.players), events)

    def _finish_turn(self, state: PushFishState, events: list[Event]) -> None:
        """The turn's fighting is over: claim a mission if one is complete, then move on."""
        state.sub, state.arg = "", -1
        if not state.first_game and self._claimable(state, state.turn):
            state.phase = "mission"
            return
        self._advance(state, events)

    def _advance(self, state: PushFishState, events: list[Event]) -> None:
        """End the game if someone has enough fish, else the next turn (or fighter, or round)."""
        goal = [s for s in range(len(state.players)) if fish_count(state, s) >= state.fish_goal]
        if goal:
            state.ended = f"{state.players[goal[0]]} has caught {state.fish_goal} fish."
            state.phase = "over"
            events.append(Event(text="Game over: " + state.ended))
            return
        if state.noisy:
            self._next_fighter(state, events)
        else:
            self._start_turn(state, (state.turn + 1) % len(state.players), events)

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

    # ---- items -------------------------------------------------------------------------------
    def _draw_items(self, state: PushFishState, seat: int, n: int, events: list[Event]) -> None:
        """Draw item cards (the discard is reshuffled when the deck runs out)."""
        got: Cards = ()
        for _ in range(n):
            if not state.items and state.idiscard:
                deck = list(state.idiscard)
                state.rng.shuffle(deck)
                state.items, state.idiscard = tuple(deck), ()
                state.shown, state.tossed = (), ((),) * len(state.players)
                events.append(Event(text="The item discard is shuffled into a new item deck."))
            if not state.items:
                break
            got += state.items[-1:]
            state.items = state.items[:-1]
        if got:
            state.hands = add_to(state.hands, seat, got)
            if len(state.hands[seat]) > HAND_LIMIT and seat not in state.discarding:
                state.discarding = tuple(sorted((*state.discarding, seat)))
            events.append(Event(text=f"{state.players[seat]} draws {len(got)} item card{'s' * (len(got) > 1)}.",
                                seat=seat))
            events.append(Event(text="You drew " + ", ".join(ITEMS[c].name for c in got) + ".", seat=seat,
                                private_to=seat))

    def _encourage(self, state: PushFishState, seat: int, events: list[Event]) -> None:
        """No catch: one item card as encouragement (none in the first-game mode)."""
        if not state.first_game:
            self._draw_items(state, seat, 1, events)

    def _usable_items(self, state: PushFishState, seat: int) -> list[int]:
        """Item cards in the seat's hand that would do something now."""
        if seat != state.turn:
            return []
        phase = state.phase
        return [i for i in state.hands[seat] if phase in ITEM_PHASES[i] and self._item_ok(state, EFFECTS[i])]

    def _has_usable_item(self, state: PushFishState, seat: int) -> bool:
        """Whether some item card in the seat's hand would do something now."""
        if seat != state.turn:
            return False
        phase = state.phase
        for i in state.hands[seat]:
            if phase in ITEM_PHASES[i] and self._item_ok(state, EFFECTS[i]):
                return True
        return False

    @staticmethod
    def _item_ok(state: PushFishState, effect: str) -> bool:
        """Whether an item effect applies now, in a phase of its EFFECT_PHASES."""
        if effect.startswith("catch2:"):
            return (not state.noisy and kind_matches(effect[7:], state.catches[state.turn][-1])
                    and state.ground.count(-1) < SPACES)
        if effect == "cast":
            return not state.noisy
        if effect == "reel":
            return state.phase != "nohit" or not state.noisy
        if effect == "fill":
            return bool(state.pile) and min(state.ground) < 0
        if effect == "peek":
            return face_down_count(state) > 0
        if effect == "weaken":
            return fight_zone(state) > 0
        if effect == "calm":
            return state.casts > 0
        return True  # rod, steady: always in their phases

    def _use_item(self, state: PushFishState, seat: int, item: int, events: list[Event]) -> None:
        """Play an item card from the hand (peek waits for its target)."""
        card = ITEMS[item]
        effect = card.effect
        name = state.players[seat]
        if effect == "peek":
            state.sub, state.arg = "peek", item
            return
        discard_item(state, seat, item)
        state.sub, state.arg = "", -1
        text = f"{name} plays {card.name}: {card.text}"
        if effect.startswith("catch2:"):
            state.bonus = effect[7:]
            state.casts, state.hits, state.target, state.flicks = CASTS, (), -1, ()
            state.phase = "cast"
        elif effect == "cast":
            state.casts += card.value
        elif effect == "reel":
            state.casts += 1
            self._add_rods(state, 1)
        elif effect == "rod":
            self._add_rods(state, card.value)
        elif effect == "fill":
            pos = state.ground.index(-1)
            state.ground = put(state.ground, pos, state.pile[-1])
            state.faceup = put(state.faceup, pos, False)
            state.pile = state.pile[:-1]
            text += f" ({pos_label(pos)})"
        elif effect == "steady":
            state.tol += sim.TOLERANCE
        elif effect == "weaken":
            state.weak += 1
        elif effect == "calm":
            state.calm = True
        events.append(Event(text=clip(text), seat=seat))

    @staticmethod
    def _add_rods(state: PushFishState, n: int) -> None:
        if state.phase in ("rod", "lost"):
            state.rods += n
        else:
            state.extra_rods += n

    # ---- abilities ---------------------------------------------------------------------------
    def _ability(self, state: PushFishState, seat: int) -> str:
        """The seat's ability if it can be used now, else ''."""
        if state.used or state.first_game or seat != state.turn or state.sub:
            return ""
        ability = CHARACTERS[state.chars[seat]].ability
        phase = state.phase
        if ability == "recast":
            ok = phase in CASTING and state.missed and not state.noisy
        elif ability == "peek":
            ok = phase in CASTING and face_down_count(state) > 0
        elif ability == "swap":
            ok = phase in CASTING and face_down_count(state) >= 2
        elif ability == "steady":
            ok = phase in ("cast", "hit", "rod")
        elif ability == "weaken":
            ok = phase == "rod" and fight_zone(state) > 0
        else:  # chef
            ok = (phase in ("cast", "hit", "nohit", "rod", "lost", "after") and bool(state.hands[seat])
                  and bool(state.items or state.idiscard))
        return ability if ok else ""

    def _use_ability(self, state: PushFishState, seat: int, events: list[Event]) -> None:
        """Start or apply the seat's ability."""
        ability = self._ability(state, seat)
        char = CHARACTERS[state.chars[seat]]
        if ability in ("peek", "swap", "chef"):
            state.sub = {"peek": "peek", "swap": "swap1", "chef": "chef"}[ability]
            state.arg = -1
            return
        state.used = True
        if ability == "recast":
            state.casts += 1
        elif ability == "steady":
            state.tol += sim.TOLERANCE
        else:
            state.weak += 1
        events.append(Event(text=f"{char.name} ({state.players[seat]}): \"{char.phrase}\" {char.text}", seat=seat))

    def _forget(self, state: PushFishState, card: int) -> None:
        """A card seen by everyone (or caught) is no longer a private peek."""
        for seen in state.peeks:
            if card in seen:
                state.peeks = tuple(without(held, card) if card in held else held for held in state.peeks)
                return

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
            return
        state.faceup = put(state.faceup, hit, True)
        self._forget(state, state.ground[hit])
        if hit not in state.hits:
            state.hits += (hit,)
        state.phase = "hit"
        where = "" if hit == target else f" (landed on {pos_label(hit)})"
        events.append(Event(text=clip(f"{name} casts at {pos_label(target)}{where}: HIT! "
                                       f"{card_label(state.ground[hit])}"), seat=seat))

    def _begin_rod(self, state: PushFishState, pos: int) -> None:
        """Fight the card at `pos`: three rod actions plus any extra."""
        state.target = pos
        state.rods = RODS + state.extra_rods
        state.extra_rods = 0
        state.succ, state.weak, state.flicks = 0, 0, ()
        state.need = needed_successes(state, state.turn, state.ground[pos])
        state.hits = ()
        state.phase = "rod"

    def _flick(self, state: PushFishState, seat: int, zone: int, where: str, events: list[Event]) -> None:
        """One rod action aimed in a zone."""
        state.rods -= 1
        stop = sim.flick(state.rng, sim.aim_point(zone, where))
        state.flicks += (round(stop, 1),)
        need_zone = fight_zone(state)
        ok = sim.in_zone(stop, need_zone, state.tol, hard_for(state, seat))
        card = state.ground[state.target]
        name = state.players[seat]
        at = sim.zone_at(stop)
        landed = STRENGTHS[at] if at >= 0 else "off the rod"
        verdict = "inside" if ok else ("not wholly inside" if sim.in_zone(stop, need_zone, state.tol, False)
                                       else "outside")
        events.append(Event(text=f"{name} flicks at {STRENGTHS[zone]} {sim.AIM_NAMES[where]}: stops at "
                                 f"{stop:.0f} ({landed}), {verdict} the {STRENGTHS[need_zone]} zone.", seat=seat))
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
            state.ended = f"{state.players[seat]} caught the {c.name}!"
            state.phase = "over"
            events.append(Event(text="Game over: " + state.ended))
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
            return [choices.mission(m) for m, _ in self._claimable(state, seat)] + [choices.SKIP]
        else:
            found = []
        if self._ability(state, seat):
            found.append(choices.ability(state.chars[seat]))
        if self._has_usable_item(state, seat):
            found.append(choices.OPEN_ITEMS)
        if phase in ("nohit", "lost", "after"):
            found.append(choices.END[phase == "lost", phase == "after" or bool(state.caught) or state.first_game])
        return found

    def _sub_choices(self, state: PushFishState, seat: int, sub: str) -> list[Choice]:
        """The choices of a sub-decision: the item list, a peek or swap target, Chef Ramsay's discard."""
        if sub == "items":
            found = [choices.item("item", i) for i in self._usable_items(state, seat)]
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
            return [Decision(seat=seat, prompt=f"{names[seat]}: {SUB_PROMPTS[sub]}", private=sub in ("items", "chef"),
                             kind=sub, choices=found)]
        return [Decision(seat=seat, prompt=f"{names[seat]}: {PROMPTS[phase]}", kind=phase, choices=found)]

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
            state.sub, state.arg = "", -1
        elif head == "item":
            self._use_item(state, seat, int(tail), events)
        elif head == "ability":
            self._use_ability(state, seat, events)
        elif head == "peek":
            self._peek(state, seat, parse_pos(tail), events)
        elif head == "swap":
            self._swap(state, seat, parse_pos(tail), events)
        elif head == "toss":
            self._chef(state, seat, int(tail), events)
        elif head == "mission":
            self._claim(state, seat, int(tail), events)
        elif head == "skip":
            self._advance(state, events)
        elif head == "end":
            if state.phase == "after":
                self._finish_turn(state, events)
            else:
                self._fail(state, seat, events)

    def _peek(self, state: PushFishState, seat: int, pos: int, events: list[Event]) -> None:
        """Captain Jack's ability or a Fish Finder: see one face-down card privately."""
        card = state.ground[pos]
        if state.arg >= 0:
            discard_item(state, seat, state.arg)
            how = ITEMS[state.arg].name
        else:
            state.used = True
            how = f"{CHARACTERS[state.chars[seat]].name}: \"{CHARACTERS[state.chars[seat]].phrase}\""
        if card not in state.peeks[seat]:
            state.peeks = add_to(state.peeks, seat, (card,))
        state.sub, state.arg = "", -1
        events.append(Event(text=f"{state.players[seat]} peeks at {pos_label(pos)} ({how}).", seat=seat))
        events.append(Event(text=f"You peek at {pos_label(pos)}: {card_label(card)}.", seat=seat,
                            private_to=seat))

    def _swap(self, state: PushFishState, seat: int, pos: int, events: list[Event]) -> None:
        """Wizard Loony: two face-down cards change places (two steps)."""
        if state.sub == "swap1":
            state.sub, state.arg = "swap2", pos
            return
        first = state.arg
        ground = list(state.ground)
        ground[first], ground[pos] = ground[pos], ground[first]
        state.ground = tuple(ground)
        state.used = True
        state.sub, state.arg = "", -1
        char = CHARACTERS[state.chars[seat]]
        events.append(Event(text=f"{char.name} ({state.players[seat]}): \"{char.phrase}\" swaps the face-down "
                                 f"cards at {pos_label(first)} and {pos_label(pos)}.", seat=seat))

    def _chef(self, state: PushFishState, seat: int, item: int, events: list[Event]) -> None:
        """Chef Ramsay: discard one item card, draw one."""
        discard_item(state, seat, item, secret=True)
        state.used = True
        state.sub, state.arg = "", -1
        char = CHARACTERS[state.chars[seat]]
        events.append(Event(text=f"{char.name} ({state.players[seat]}): \"{char.phrase}\" discards an item "
                                 "card to draw one.", seat=seat))
        events.append(Event(text=f"You discarded {ITEMS[item].name}.", seat=seat, private_to=seat))
        self._draw_items(state, seat, 1, events)

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
            zone=fight_zone(state) if state.phase in ("rod", "lost") else -1, tol=state.tol,
            hard_seat=hard_for(state, state.turn), calm=state.calm, used=state.used, bonus=state.bonus,
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
