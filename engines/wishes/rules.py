"""The rules of If Wishes Were Fishes!: decisions, sales, market fills, wishes and scoring."""

from __future__ import annotations

import random

from engines.core import Choice, Decision, Event, GameEngine, Result
from engines.rng import Rng
from engines.wishes import labels
from engines.wishes.cards import (
    BASE_PRICE,
    BOAT,
    BUYER_VALUES,
    CARDS,
    DOUBLE,
    GARBAGE_END,
    GARBAGE_PENALTY,
    KIND_IDS,
    KINDS,
    LIMITS,
    MOVE1,
    MOVE2,
    MOVE3,
    NKINDS,
    OCEAN_SLOTS,
    SELLALL,
    SELLAS,
    SPOIL,
    SPREAD,
    WISH_NAMES,
    WOODEN_FISH,
    WORM_BONUS,
    WORMS,
    WORMS_EACH,
    card_name,
    fish_count,
)
from engines.wishes.labels import worm_text
from engines.wishes.state import (
    WishesOptions,
    WishesState,
    WishesView,
    award,
    market_fish,
    price,
    prices,
    touch,
)

CATEGORIES = ("sales", "market bonuses", "wishes", "garbage", "worm bonus")
GARBAGE = NKINDS  # the spoilage source id for the garbage heap
KIND_BY_ID = {k: i for i, k in enumerate(KIND_IDS)}


# Building decisions dominates `apply` (which validates through `decisions`), so both are cached by everything
# they show. The decision cache stays tiny (the same state is asked about a few times in a row): a big one
# of long-lived objects makes Python's garbage collector slow every game down.
_CHOICES: dict[tuple, Choice] = {}
_DECISIONS: dict[tuple, Decision] = {}
CHOICES_KEPT, DECISIONS_KEPT = 5000, 8


def _remember(cache: dict, key: tuple, value, limit: int):
    """Store in a bounded cache; its values are immutable in practice (never edited by callers)."""
    if len(cache) >= limit:
        cache.clear()
    cache[key] = value
    return value


def _decision_key(state: WishesState) -> tuple:
    """Everything the pending decision depends on: its prompt, its choice ids and their labels."""
    seat = state.turn
    if state.stage:
        return (state.stage, tuple(state.players), seat, state.wish, state.arg, tuple(state.boats[seat]),
                tuple(state.buyers), tuple(state.full), tuple(state.markets), tuple(state.garbage))
    return (state.players[seat], seat, min(state.worms[seat], OCEAN_SLOTS), tuple(state.ocean),
            tuple(state.ocean_worms), tuple(state.boats[seat]), tuple(state.buyers), tuple(state.full))


def _and(names: list[str]) -> str:
    """'Bob', 'Bob and Carol', 'Bob, Carol and Dave'."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


class WishesEngine(GameEngine[WishesState, WishesOptions]):
    """If Wishes Were Fishes!: take fish, sell them or wish on them; most dollars wins."""

    key = "wishes"
    name = "If Wishes Were Fishes!"
    min_players = 2
    max_players = 5
    Options = WishesOptions
    State = WishesState
    rules_summary = (
        "On your turn take a fish from the ocean (a worm on each shallower card) into a boat, take one and "
        "use its wish, or sell one fish from a boat for $2 plus the buyers there. Full markets pay bonuses "
        "to the most and second-most wooden fish. The game ends when the last limit card is placed or the "
        "garbage holds 10 fish; garbage costs, worms pay. Most dollars wins."
    )

    # ---- setup -------------------------------------------------------------------------------
    def setup(self, players: list[str], options: WishesOptions, rng: Rng) -> WishesState:
        """Shuffle the deck, deal the ocean, place the buyers, choose the first player."""
        n = len(players)
        deck = list(range(len(CARDS)))
        rng.shuffle(deck)
        ocean = [deck.pop() for _ in range(OCEAN_SLOTS)]
        spots = list(range(NKINDS))
        rng.shuffle(spots)
        first = self.first_seat(options, n, rng)
        return WishesState(
            players=players, rng=rng, turn=first, deck=deck, ocean=ocean,
            ocean_worms=[0] * OCEAN_SLOTS, discard=[], boats=[[-1, -1] for _ in players],
            boat_cards=[], worms=[WORMS_EACH] * n, dollars=[0] * n,
            ledger=[], supply=[WOODEN_FISH] * n, markets=[0] * (n * NKINDS), full=[-1] * NKINDS,
            buyers=spots[: len(BUYER_VALUES)], garbage=[0] * n,
        )

    # ---- choices -----------------------------------------------------------------------------
    def _ids(self, state: WishesState) -> list[str]:
        """The ids the seat to act may choose now (cheap: no labels)."""
        seat = state.turn
        stage = state.stage
        boats = state.boats[seat]
        if not stage:
            ids = []
            empty_boat = -1 in boats
            for k in range(min(len(state.ocean), state.worms[seat] + 1)):
                if empty_boat:
                    ids.append(f"boat-{k}")
                if CARDS[state.ocean[k]][1] != DOUBLE:
                    ids.append(f"wish-{k}")
            ids += [f"sell-{j}" for j, c in enumerate(boats) if c >= 0]
            return ids
        if stage == "sellone":
            return [f"sell-{j}" for j, c in enumerate(boats) if c >= 0]
        if stage == "sellkind":
            kinds = sorted({CARDS[c][0] for c in boats if c >= 0})
            return [f"kind-{KIND_IDS[k]}" for k in kinds]
        if stage == "buyer":
            value = 1 if CARDS[state.wish][1] == MOVE1 else 2
            seen: set[int] = set()
            ids = []
            for b, v in enumerate(BUYER_VALUES):
                if v == value and state.buyers[b] not in seen:
                    seen.add(state.buyers[b])
                    ids.append(f"buyer-{b}")
            return ids
        if stage == "steps":
            return ["steps-1", "steps-2", "steps-3"]
        if stage == "spread":
            return [f"market-{m}" for m in range(NKINDS) if m not in state.buyers]
        if stage == "spoilsrc":
            ids = [f"market-{m}" for m in range(NKINDS) if state.full[m] < 0 and any(market_fish(state, m))]
            if any(state.garbage):
                ids.append("garbage")
            return ids
        if stage == "spoilwho":
            where = state.garbage if state.arg == GARBAGE else market_fish(state, state.arg)
            return [f"seat-{s}" for s, c in enumerate(where) if c > 0]
        raise AssertionError(f"unknown stage {stage}")

    def _choice_text(self, state: WishesState, cid: str) -> tuple[str, str]:
        """The short label and the full sentence a player reads for one choice id."""
        seat = state.turn
        head, _, tail = cid.partition("-")
        if head in ("boat", "wish"):
            k = int(tail)
            return labels.take(state.ocean[k], k, state.ocean_worms[k], head == "wish")
        if head == "sell":
            j = int(tail)
            card = state.boats[seat][j]
            market = CARDS[card][0]
            n = fish_count(card) if state.stage else 1
            return labels.sell_one(card, j, n, price(state, market), state.full[market] >= 0)
        if head == "kind":
            kind = KIND_BY_ID[tail]
            market = self._sale_market(state, kind)
            n = sum(fish_count(c) for c in state.boats[seat] if c >= 0 and CARDS[c][0] == kind)
            return labels.sell_all(kind, market, n, price(state, market), state.full[market] >= 0)
        if head == "buyer":
            b = int(tail)
            return labels.buyer(BUYER_VALUES[b], state.buyers[b])
        if head == "steps":
            b = state.arg
            to = (state.buyers[b] + int(tail)) % NKINDS
            moved = list(state.buyers)
            moved[b] = to
            return labels.steps(BUYER_VALUES[b], state.buyers[b], to, int(tail),
                                BASE_PRICE + sum(BUYER_VALUES[i] for i, m in enumerate(moved) if m == to))
        if head == "market":
            m = int(tail)
            if state.stage == "spread":
                b = self._extra_buyer(state)
                return labels.spread(BUYER_VALUES[b], state.buyers[b], m)
            return labels.spoil_source(m)
        if cid == "garbage":
            return labels.spoil_garbage()
        s = int(tail)
        from_garbage = state.arg == GARBAGE
        where = state.garbage if from_garbage else market_fish(state, state.arg)
        return labels.spoil_owner(state.players[s], where[s], None if from_garbage else state.arg)

    def _prompt(self, state: WishesState) -> str:
        """What the seat to act is asked."""
        name = state.players[state.turn]
        if not state.stage:
            return f"{name}: take a fish (into a boat or for its wish) or sell one"
        stage = "spoilback" if state.stage == "spoilwho" and state.arg == GARBAGE else state.stage
        market = KINDS[state.arg] if stage == "spoilwho" else ""
        return f"{name}, {WISH_NAMES[CARDS[state.wish][1]]}: {labels.STAGE_PROMPTS[stage].format(market=market)}"

    def decisions(self, state: WishesState) -> list[Decision]:
        """The one pending decision of the seat to act; none once the game has ended."""
        if state.ended:
            return []
        key = _decision_key(state)
        found = _DECISIONS.get(key)
        return [found if found is not None else _remember(_DECISIONS, key, self._decision(state), DECISIONS_KEPT)]

    def _decision(self, state: WishesState) -> Decision:
        """The seat to act's decision, built afresh."""
        if state.stage in ("", "sellone"):
            choices = self._common_choices(state)
        else:
            choices = [self._make(state, cid) for cid in self._ids(state)]
        return Decision(seat=state.turn, prompt=self._prompt(state), choices=choices, kind=state.stage or "action")

    def _make(self, state: WishesState, cid: str) -> Choice:
        """A choice with its short label and its full sentence."""
        label, detail = self._choice_text(state, cid)
        return Choice(id=cid, label=label, detail=detail, group=labels.GROUPS[cid.partition("-")[0]])

    def _cached(self, state: WishesState, key: tuple) -> Choice:
        """A common choice, shared by everything its label shows (choices are immutable)."""
        found = _CHOICES.get(key)
        if found is None:
            found = _remember(_CHOICES, key, self._make(state, f"{key[0]}-{key[1]}"), CHOICES_KEPT)
        return found

    def _common_choices(self, state: WishesState) -> list[Choice]:
        """The turn's choices (or a single fish's sale within a wish), in the order of `_ids`."""
        seat = state.turn
        boats = state.boats[seat]
        out = []
        if not state.stage:
            empty = -1 in boats
            for k in range(min(len(state.ocean), state.worms[seat] + 1)):
                card, gain = state.ocean[k], state.ocean_worms[k]
                if empty:
                    out.append(self._cached(state, ("boat", k, card, gain)))
                if CARDS[card][1] != DOUBLE:
                    out.append(self._cached(state, ("wish", k, card, gain)))
        pays = prices(state)
        for j, card in enumerate(boats):
            if card >= 0:
                m = CARDS[card][0]
                out.append(self._cached(state, ("sell", j, card, pays[m], state.full[m] >= 0, bool(state.stage))))
        return out

    # ---- playing -----------------------------------------------------------------------------
    def play(self, state: WishesState, seat: int, choice_id: str, decision: Decision) -> list[Event]:
        """Carry out a choice, then any forced follow-ups (a single legal answer is never asked)."""
        events = self._do(state, seat, choice_id)
        while not state.ended:
            if not state.stage and len(state.ocean) > 1 and state.worms[state.turn]:
                break  # slots 1 and 2 each offer a choice
            ids = self._ids(state)
            if len(ids) != 1:
                break
            events += self._do(state, state.turn, ids[0])
        return events

    def _do(self, state: WishesState, seat: int, cid: str) -> list[Event]:
        """One choice's effect, then the wish's next stage or the end of the turn."""
        head, _, tail = cid.partition("-")
        name = state.players[seat]
        stage = state.stage
        events: list[Event] = []
        if not stage:
            state.recent = []  # a new turn: what the last one changed is no longer news
            if head == "sell":
                card = state.boats[seat][int(tail)]
                state.boats[seat][int(tail)] = -1
                state.discard.append(card)
                events.append(self._sell(state, seat, CARDS[card][0], 1, f"{KINDS[CARDS[card][0]]}"))
                self._end_turn(state, events)
                return events
            k = int(tail)
            card, worms = self._take(state, seat, k)
            if head == "boat":
                j = state.boats[seat].index(-1)
                state.boats[seat][j] = card
                touch(state, f"boat-{seat}-{j}")
                events.append(Event(text=f"{name} put {card_name(card)} from slot {k + 1} into a boat{worms}.",
                                    seat=seat, kind="take"))
                self._end_turn(state, events)
                return events
            wish = CARDS[card][1]
            did = (f"kept {KINDS[CARDS[card][0]]} face down from slot {k + 1} as an extra boat" if wish == BOAT else
                   f"threw back {card_name(card)} from slot {k + 1} for its wish")
            events.append(Event(text=f"{name} {did}{worms}.", seat=seat, kind="wish"))
            if wish == BOAT:
                state.boat_cards.append(card)
                state.boats[seat].append(-1)
                touch(state, f"boat-{seat}-{len(state.boats[seat]) - 1}")
            else:
                state.discard.append(card)
            state.wish = card
            self._start_wish(state, seat, wish, events)
            return events
        if stage == "buyer":
            state.arg = int(tail)
            state.stage = "steps"
        elif stage == "steps":
            b = state.arg
            was = state.buyers[b]
            state.buyers[b] = (was + int(tail)) % NKINDS
            touch(state, f"market-{was}", f"market-{state.buyers[b]}")
            events.append(Event(text=f"{name} moved the {BUYER_VALUES[b]} buyer from {KINDS[was]} to "
                                     f"{KINDS[state.buyers[b]]}.", seat=seat, kind="buyer"))
            state.stage = "sellone" if CARDS[state.wish][1] == MOVE3 else "sellkind"
        elif stage == "spread":
            b = self._extra_buyer(state)
            was = state.buyers[b]
            state.buyers[b] = int(tail)
            touch(state, f"market-{was}", f"market-{state.buyers[b]}")
            events.append(Event(text=f"{name} moved the {BUYER_VALUES[b]} buyer from {KINDS[was]} to "
                                     f"{KINDS[state.buyers[b]]}.", seat=seat, kind="buyer"))
            state.stage = "spread" if self._extra_buyer(state) >= 0 else ""
        elif stage == "spoilsrc":
            state.arg = GARBAGE if cid == "garbage" else int(tail)
            state.stage = "spoilwho"
        elif stage == "spoilwho":
            owner = int(tail)
            whose = "their own" if owner == seat else f"{state.players[owner]}'s"
            if state.arg == GARBAGE:
                state.garbage[owner] -= 1
                touch(state, "garbage")
                state.supply[owner] += 1
                text = f"{name} took one of {whose} fish back from the garbage."
            else:
                state.markets[state.arg * len(state.players) + owner] -= 1
                touch(state, f"market-{state.arg}", "garbage")
                state.garbage[owner] += 1
                text = f"{name} spoiled one of {whose} fish on {KINDS[state.arg]} (to the garbage)."
            events.append(Event(text=text, seat=seat, kind="spoil"))
            state.stage = "sellone"
        elif stage == "sellone":
            card = state.boats[seat][int(tail)]
            state.boats[seat][int(tail)] = -1
            state.discard.append(card)
            kind = CARDS[card][0]
            events.append(self._sell(state, seat, kind, fish_count(card), KINDS[kind]))
            state.stage = ""
        else:  # sellkind
            kind = KIND_BY_ID[tail]
            cards = [c for c in state.boats[seat] if c >= 0 and CARDS[c][0] == kind]
            state.boats[seat] = [-1 if c in cards else c for c in state.boats[seat]]
            state.discard += cards
            market = self._sale_market(state, kind)
            what = KINDS[kind] + (f" as {KINDS[market]}" if market != kind else "")
            events.append(self._sell(state, seat, market, sum(fish_count(c) for c in cards), what))
            state.stage = ""
        self._settle_stage(state, seat, events)
        return events

    def _start_wish(self, state: WishesState, seat: int, wish: int, events: list[Event]) -> None:
        """Begin a wish: its first sub-decision, or its whole effect when it asks nothing."""
        if wish in (MOVE1, MOVE2):
            state.stage = "buyer"
        elif wish == MOVE3:
            state.stage, state.arg = "steps", 0
        elif wish == SPREAD:
            state.stage = "spread" if self._extra_buyer(state) >= 0 else ""
        elif wish in (SELLALL, SELLAS):
            state.stage = "sellkind"
        elif wish == SPOIL:
            state.stage = "spoilsrc"
        elif wish == WORMS:
            events.append(self._worm_wish(state, seat))
        self._settle_stage(state, seat, events)

    def _settle_stage(self, state: WishesState, seat: int, events: list[Event]) -> None:
        """Skip wish parts that cannot be done; end the turn when the wish is complete."""
        if state.stage == "spoilsrc" and not self._ids(state):
            state.stage = "sellone"
        if state.stage in ("sellone", "sellkind") and not any(c >= 0 for c in state.boats[seat]):
            state.stage = ""
        if not state.stage:
            if state.wish >= 0:
                state.wish, state.arg = -1, -1
            self._end_turn(state, events)

    def _sale_market(self, state: WishesState, kind: int) -> int:
        """The market a kind is sold to now (Sell as Another Kind sells to the wish card's kind)."""
        if state.wish >= 0 and CARDS[state.wish][1] == SELLAS:
            return CARDS[state.wish][0]
        return kind

    def _extra_buyer(self, state: WishesState) -> int:
        """The next buyer Spread All Buyers moves (lowest index not kept on its market), or -1."""
        kept: dict[int, int] = {}
        for b, m in enumerate(state.buyers):  # values descend with the index, so the first seen is kept
            if m in kept:
                return b
            kept[m] = b
        return -1

    def _take(self, state: WishesState, seat: int, k: int) -> tuple[int, str]:
        """Pay worms on the shallower cards, take slot k and its worms, slide the ocean and refill it.

        Returns the card and a note on the worms and the card dealt, e.g. " (paid 2 worms, gained 1);
        Kingfish (Spoilage) comes up in slot 4": the dealt card is news, so every public event tells it.
        """
        for i in range(k):
            state.ocean_worms[i] += 1
        gain = state.ocean_worms[k]
        state.worms[seat] += gain - k
        if gain or k:
            touch(state, f"worms-{seat}")
        card = state.ocean.pop(k)
        del state.ocean_worms[k]
        dealt = ""
        if state.deck:
            state.ocean.append(state.deck.pop())
            touch(state, f"slot-{len(state.ocean) - 1}")
            state.ocean_worms.append(0)
            dealt = f"; {card_name(state.ocean[-1])} comes up in slot {len(state.ocean)}"
        paid = [f"paid {worm_text(k)}"] if k else []
        got = [f"gained {gain}" if k else f"gained {worm_text(gain)}"] if gain else []
        worms = f" ({', '.join(paid + got)})" if paid or got else ""
        return card, worms + dealt

    def _credit(self, state: WishesState, seat: int, category: str, amount: int) -> None:
        """Move a seat's scoring marker and record why."""
        if amount:
            state.dollars[seat] += amount
            state.ledger.append(f"{seat}:{category}:{amount}")

    def _sell(self, state: WishesState, seat: int, market: int, fish: int, what: str) -> Event:
        """Sell `fish` fish to a market: pay each, place markers, fill the market, overflow to garbage."""
        each = price(state, market)
        self._credit(state, seat, "sales", each * fish)
        touch(state, f"market-{market}", f"dollars-{seat}")
        name = state.players[seat]
        text = (f"{name} sold 1 {what} for ${each}" if fish == 1 else
                f"{name} sold {fish} {what} at ${each} each (+${each * fish})")
        dumped = 0
        for _ in range(fish):
            if not state.supply[seat]:
                continue
            state.supply[seat] -= 1
            if state.full[market] >= 0:
                state.garbage[seat] += 1
                touch(state, "garbage")
                dumped += 1
                continue
            state.markets[market * len(state.players) + seat] += 1
            if state.limits_placed < len(LIMITS) and sum(market_fish(state, market)) >= LIMITS[state.limits_placed][0]:
                text += "; " + self._fill(state, market)
        if dumped:
            text += f"; the market is full, so {dumped} wooden fish go{'es' * (dumped == 1)} to the garbage heap"
        return Event(text=text + ".", seat=seat, kind="sale")

    def _fill(self, state: WishesState, market: int) -> str:
        """Score a market that has just filled and put the top limit card on it."""
        capacity, first, second = LIMITS[state.limits_placed]
        bonus = award(market_fish(state, market), first, second)
        for s, amount in enumerate(bonus):
            self._credit(state, s, "market bonuses", amount)
        state.full[market] = state.limits_placed
        state.limits_placed += 1
        paid = ", ".join(f"{state.players[s]} +${a}" for s, a in enumerate(bonus) if a)
        return f"{KINDS[market]} market is full ({capacity} fish): {paid}"

    def _worm_wish(self, state: WishesState, seat: int) -> Event:
        """$1 per worm held, then one worm to each other player in turn order while any are left."""
        held = state.worms[seat]
        self._credit(state, seat, "wishes", held)
        touch(state, f"dollars-{seat}")
        given = []
        n = len(state.players)
        for i in range(1, n):
            other = (seat + i) % n
            if state.worms[seat] <= 0:
                break
            state.worms[seat] -= 1
            state.worms[other] += 1
            touch(state, f"worms-{seat}", f"worms-{other}")
            given.append(state.players[other])
        to = f" and gave a worm each to {_and(given)}" if given else ""
        return Event(text=f"{state.players[seat]} scored ${held} for {worm_text(held)}{to}.", seat=seat, kind="worms")

    def _end_turn(self, state: WishesState, events: list[Event]) -> None:
        """End the game if an end condition holds; else pass the turn, skipping seats that cannot act."""
        if state.limits_placed >= len(LIMITS):
            self._finish(state, "the last market limit card was placed", events)
            return
        if sum(state.garbage) >= GARBAGE_END:
            self._finish(state, f"the garbage heap holds {sum(state.garbage)} fish", events)
            return
        n = len(state.players)
        passes = []
        for i in range(1, n + 1):
            seat = (state.turn + i) % n
            if state.ocean or any(c >= 0 for c in state.boats[seat]):  # slot 1 is free; else sell
                state.turn = seat
                events += passes
                return
            passes.append(Event(text=f"{state.players[seat]} has no legal action and passes.", seat=seat,
                                kind="pass"))
        self._finish(state, "the deck and the ocean are empty and nobody can act", events)

    def _finish(self, state: WishesState, reason: str, events: list[Event]) -> None:
        """Score the garbage penalties and the worm bonus, and end the game."""
        state.ended = reason
        parts = []
        penalty = award(state.garbage, *GARBAGE_PENALTY)
        for s, amount in enumerate(penalty):
            self._credit(state, s, "garbage", -amount)
        if any(penalty):
            parts.append("garbage: " + ", ".join(f"{state.players[s]} -${a}" for s, a in enumerate(penalty) if a))
        bonus = award(state.worms, *WORM_BONUS)
        for s, amount in enumerate(bonus):
            self._credit(state, s, "worm bonus", amount)
        if any(bonus):
            parts.append("worm bonus: " + ", ".join(f"{state.players[s]} +${a}" for s, a in enumerate(bonus) if a))
        best = max(state.dollars)
        winners = [p for s, p in enumerate(state.players) if state.dollars[s] == best]
        scoring = ("; " + "; ".join(parts)) if parts else ""
        events.append(Event(text=f"Game over: {reason}{scoring}. {_and(winners)} win{'s' if len(winners) == 1 else ''} "
                                 f"with ${best}.", kind="end"))

    # ---- hidden information --------------------------------------------------------------------
    def determinise(self, state: WishesState, seat: int | None, rnd: random.Random) -> WishesState:
        """The same table with the deck re-shuffled and a fresh RNG: the deck order is the only secret.

        Every seat (and the public) has seen the same things, so `seat` changes nothing here.
        """
        new = super().determinise(state, seat, rnd)
        new.deck.sort()  # sorted first: the deal depends on what the seat saw, never on the old order
        rnd.shuffle(new.deck)
        return new

    # ---- reading -----------------------------------------------------------------------------
    def view(self, state: WishesState, seat: int | None) -> WishesView:
        """Everything but the deck order (boats are public in this game)."""
        return WishesView(
            game=self.key, seat=seat, players=list(state.players),
            to_act=[] if state.ended else [state.turn], last=list(state.log_tail), finished=bool(state.ended),
            deck_size=len(state.deck), ocean=list(state.ocean), ocean_worms=list(state.ocean_worms),
            discard=sorted(state.discard), boats=[list(b) for b in state.boats], worms=list(state.worms),
            dollars=list(state.dollars), supply=list(state.supply), markets=[market_fish(state, m) for m in range(NKINDS)],
            prices=prices(state),
            full=list(state.full), limits_placed=state.limits_placed, buyers=list(state.buyers),
            garbage=list(state.garbage), turn=state.turn, wish=state.wish, stage=state.stage, ended=state.ended,
            recent=list(state.recent),
        )

    def breakdown(self, state: WishesState) -> list[dict[str, int]]:
        """Dollars per seat by category, summed from the ledger."""
        out = [dict.fromkeys(CATEGORIES, 0) for _ in state.players]
        for entry in state.ledger:
            seat, category, amount = entry.split(":")
            out[int(seat)][category] += int(amount)
        return out

    def result(self, state: WishesState) -> Result | None:
        """Dollars with their breakdown; every seat tied on the most dollars wins."""
        if not state.ended:
            return None
        res = Result.from_scores(list(state.dollars), self.breakdown(state))
        res.summary = f"The game ended because {state.ended}."
        return res

    def strategy(self, state: WishesState, seat: int, level: str, rnd: random.Random) -> str:
        """'greedy': a one-ply lookahead that never reads the deck order (see ai.py)."""
        if level != "greedy":
            return super().strategy(state, seat, level, rnd)
        from engines.wishes.ai import greedy_choice

        return greedy_choice(self, state, seat)
