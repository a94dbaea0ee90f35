"""The rules of This Big!: deal, cast, simultaneous private answers, the blind pick, restock and the end."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from engines.core import AI_NAMES, BadOptions, Choice, Decision, Event, GameEngine, Result
from engines.rng import Rng
from engines.thisbig.answers import (
    answer_detail,
    answer_label,
    answer_prompt,
    cast_detail,
    cast_label,
    distinct,
    legal_answers,
    only_answer,
    only_cast,
)
from engines.thisbig.cards import (
    COLOURS,
    DEAL,
    DUMP_AT,
    FACES,
    FISH,
    JUNK,
    LUNKER,
    LURES,
    NAMES,
    TARGET,
    colour,
    is_fish,
    points_text,
    size,
)
from engines.thisbig.deal import determinise
from engines.thisbig.inference import note_answer, note_caught, note_restock, note_shown
from engines.thisbig.state import (
    ALL_COLOURS,
    DOWN,
    IDLE,
    PASS,
    STATUS_NAMES,
    THINKING,
    ThisBigOptions,
    ThisBigState,
    ThisBigView,
    dumped_value,
    pairs,
    points,
)


def _faces(cards: list[int]) -> list[str]:
    """Cards as face codes, in card order."""
    return [FACES[c] for c in sorted(cards)]


def answer_ids(state: ThisBigState, seat: int) -> tuple[str, ...]:
    """The legal answers of an opponent to the lure on the table (faces, pairs 'a-b', or 'pass')."""
    return legal_answers(tuple(state.hands[seat]), colour(state.cast), len(state.players) == 2)


def cast_ids(state: ThisBigState) -> list[str]:
    """The distinct lures the caster may cast."""
    return distinct(state.lures[state.turn])


def pick_ids(state: ThisBigState) -> list[str]:
    """One id per face-down card, by whose it is: 'pick-2', or 'pick-1-1'/'pick-1-2' for two cards."""
    ids = []
    for s, cards in enumerate(state.down):
        if len(cards) == 1:
            ids.append(f"pick-{s}")
        elif cards:
            ids += [f"pick-{s}-{k + 1}" for k in range(len(cards))]
    return ids


_CHOICES: dict[tuple[str, str, str], Choice] = {}
_DECISIONS: dict[tuple, Decision] = {}


def _choice(cid: str, label: str, detail: str = "") -> Choice:
    """A cached choice (choices are immutable)."""
    key = (cid, label, detail)
    found = _CHOICES.get(key)
    if found is None:
        found = _CHOICES[key] = Choice(id=cid, label=label, detail=detail)
    return found


def _choices(ids: Sequence[str], label: Callable[[str], str], detail: Callable[[str], str],
             only: Callable[[str], str], why: str) -> list[Choice]:
    """Choices with short labels and their sentence in the detail; a lone one is named plainly ("You must…")."""
    if len(ids) == 1:
        return [_choice(ids[0], only(ids[0]), why)]
    return [_choice(i, label(i), detail(i)) for i in ids]


def _decision(state: ThisBigState, seat: int) -> Decision:
    """One seat's pending decision, cached on everything it depends on; callers never change a Decision."""
    phase = state.phase
    caster = state.players[state.turn]
    if phase == "cast":
        key: tuple = (phase, seat, caster, tuple(state.lures[seat]))
    elif phase == "answer":
        key = (phase, seat, caster, state.cast, tuple(state.hands[seat]), len(state.players) == 2)
    else:
        key = (phase, seat, tuple(state.players), tuple(len(d) for d in state.down))
    found = _DECISIONS.get(key)
    if found is None:
        if len(_DECISIONS) > 20_000:
            _DECISIONS.clear()
        found = _DECISIONS[key] = _build(state, seat)
    return found


def _build(state: ThisBigState, seat: int) -> Decision:
    """Build one seat's pending decision."""
    caster = state.players[state.turn]
    if state.phase == "cast":
        return Decision(seat=seat, kind="cast", prompt=f"{caster}, cast a lure", private=True,
                        choices=_choices(cast_ids(state), cast_label, cast_detail, only_cast,
                                         "It is the only kind of lure you hold"))
    if state.phase == "answer":
        prompt = answer_prompt(caster, state.cast, state.hands[seat], len(state.players) == 2)
        return Decision(seat=seat, kind="answer", prompt=prompt, private=True,
                        choices=_choices(answer_ids(state, seat), answer_label, answer_detail, only_answer,
                                         "It is your only legal answer"))
    choices = []
    for cid in pick_ids(state):
        parts = cid.split("-")
        owner = state.players[int(parts[1])]
        which = "" if len(parts) == 2 else (" first" if parts[2] == "1" else " second")
        choices.append(_choice(cid, f"{owner}'s{which} card", f"Catch {owner}'s{which} face-down card"))
    return Decision(seat=seat, kind="pick", prompt=f"{caster}, pick a face-down card", private=False,
                    choices=choices)


class ThisBigEngine(GameEngine[ThisBigState, ThisBigOptions]):
    """This Big!: cast a lure, opponents answer face down at once, pick one blind; biggest bucket wins."""

    key = "thisbig"
    name = "This Big!"
    min_players = 2
    max_players = 6
    Options = ThisBigOptions
    State = ThisBigState
    rules_summary = (
        "Cast a lure from your hand. Every opponent secretly answers with a fish of that colour, a piece of "
        "rubbish, or No Catch (a Lunker lure asks for each one's largest fish). Pick one face-down card by "
        "whose it is: fish go to your bucket, rubbish is discarded. First to 10 points (7 with 5-6) wins."
    )

    # ---- setup -------------------------------------------------------------------------------
    def check_players(self, count: int, options: ThisBigOptions) -> None:
        """2-6 players; a target no lower than the default; a first player who is seated."""
        super().check_players(count, options)
        if options.target is not None and options.target < TARGET[count]:
            raise BadOptions(f"target must be at least {TARGET[count]} with {count} players.")

    def setup(self, players: list[str], options: ThisBigOptions, rng: Rng) -> ThisBigState:
        """Shuffle both decks, deal per the table, choose the first player."""
        n = len(players)
        river = list(FISH) + list(JUNK)
        tackle = list(LURES)
        rng.shuffle(river)
        rng.shuffle(tackle)
        n_river, n_tackle = DEAL[n]
        hands = [sorted(river.pop() for _ in range(n_river)) for _ in players]
        lures = [sorted(tackle.pop() for _ in range(n_tackle)) for _ in players]
        first = self.first_seat(options, n, rng)
        target = options.target or TARGET[n]
        raised = options.target is not None and options.target > TARGET[n]  # typing the default raises nothing
        dump_at = (target if raised else DUMP_AT) if options.hand_dump else 0
        state = ThisBigState(
            players=players, rng=rng, turn=first, target=target, dump_at=dump_at,
            penalty=options.rubbish_penalty, reveal=options.reveal_uncaught, river=river, tackle=tackle,
            discard=[], junk=[], hands=hands, lures=lures, buckets=[[] for _ in players],
            dumped=[], status=[IDLE] * n, down=[[] for _ in players], revealed=[], known=[], lacks=[0] * n,
            bounds=[[] for _ in players], guesses=[[] for _ in players], auto_forced=options.auto_forced,
        )
        self._settle(state, [])
        return state

    # ---- decisions ---------------------------------------------------------------------------
    def decisions(self, state: ThisBigState) -> list[Decision]:
        """The caster's cast (private), every unanswered opponent's answer (private), or the public pick."""
        phase = state.phase
        if phase == "answer":
            return [_decision(state, s) for s, st in enumerate(state.status) if st == THINKING]
        if phase == "over":
            return []
        return [_decision(state, state.turn)]

    # ---- play --------------------------------------------------------------------------------
    def play(self, state: ThisBigState, seat: int, choice_id: str, decision: Decision) -> list[Event]:
        """Apply a cast, an answer or a pick, then everything forced that follows."""
        events: list[Event] = []
        if state.phase == "cast":
            self._cast(state, choice_id, events)
        elif state.phase == "answer":
            self._answer(state, seat, choice_id, events)
        else:
            self._pick(state, choice_id, events)
        self._settle(state, events)
        return events

    def _cast(self, state: ThisBigState, face: str, events: list[Event]) -> None:
        """Put a lure face up on the discard; every opponent starts thinking."""
        seat = state.turn
        card = next(c for c in state.lures[seat] if FACES[c] == face)
        state.lures[seat].remove(card)
        state.discard.append(card)
        state.cast = card
        state.phase = "answer"
        state.revealed.clear()
        state.caught = []
        state.status[:] = [THINKING] * len(state.players)
        state.status[seat] = IDLE
        extra = " (largest fish, any colour)" if colour(card) == LUNKER else ""
        events.append(Event(text=f"{state.players[seat]} casts a {NAMES[card]}{extra}.", seat=seat, kind="cast"))

    def _answer(self, state: ThisBigState, seat: int, cid: str, events: list[Event]) -> None:
        """Play one or two cards face down, or say No Catch."""
        name = state.players[seat]
        if cid == "pass":
            state.status[seat] = PASS
            lure = colour(state.cast)
            state.lacks[seat] |= ALL_COLOURS if lure == LUNKER else 1 << lure
            note_answer(state, seat, 0)
            events.append(Event(text=f"{name}: No Catch!", seat=seat, kind="answer"))
            return
        hand = state.hands[seat]
        cards = []
        for f in cid.split("-"):  # a copy the table has seen goes first, so what it knows of the hand stays true
            card = next(c for c in sorted(hand, key=lambda c: c not in state.known) if FACES[c] == f)
            hand.remove(card)
            cards.append(card)
        if len(cards) == 2 and state.rng.randrange(2):
            cards.reverse()  # the caster must not tell which card is which
        state.down[seat] = cards
        state.status[seat] = DOWN
        note_answer(state, seat, len(cards))
        what = "a card" if len(cards) == 1 else "two cards"
        events.append(Event(text=f"{name} plays {what} face down.", seat=seat, kind="answer"))
        events.append(Event(text="You play " + " and ".join(NAMES[c] for c in cards) + " face down.",
                            seat=seat, private_to=seat, kind="answer"))

    def _pick(self, state: ThisBigState, cid: str, events: list[Event]) -> None:
        """Reveal the picked card: fish to the bucket, rubbish away; others go back; draws."""
        parts = cid.split("-")
        owner = int(parts[1])
        counts = [len(d) for d in state.down]
        card = state.down[owner].pop(int(parts[2]) - 1 if len(parts) == 3 else 0)
        note_shown(state, owner, card, counts[owner])
        if state.reveal:
            for s, cards in enumerate(state.down):
                for c in cards:
                    note_shown(state, s, c, counts[s])
        note_caught(state, owner, card)
        caster, names, lone = state.turn, state.players, sum(counts) == 1  # lone: one card played, no choice
        if card in state.known:
            state.known.remove(card)
        if is_fish(card) or state.penalty:  # rubbish goes in at -1 under the penalty rule
            state.buckets[caster].append(card)
            total = points_text(points(state, caster))
            where = f"into the bucket{'' if is_fish(card) else ' at -1'}: {names[caster]} now has {total}"
        else:
            state.junk.append(card)
            where = "rubbish, onto the rubbish pile"
        state.caught = [caster, owner, card]
        events.append(Event(text=f"{names[caster]} {'takes' if lone else 'picks'} {names[owner]}'s card"
                                 f"{', the only one' if lone else ''}: {NAMES[card]}, {where}.",
                            seat=caster, kind="pick"))
        shown = []
        for s, cards in enumerate(state.down):
            if state.reveal and cards:
                for c in cards:
                    state.revealed += [s, c]
                state.known += [c for c in cards if c not in state.known]
                shown += [f"{names[s]}'s {NAMES[c]}" for c in cards]
            state.hands[s] += cards
            state.hands[s].sort()
            state.down[s] = []
        if shown:
            events.append(Event(text="Uncaught: " + ", ".join(shown) + ".", kind="reveal"))
        if self._check_target(state, caster, events):
            return
        if state.river:
            drawn = state.river.pop()
            state.hands[owner].append(drawn)
            state.hands[owner].sort()
            state.lacks[owner] = 0
            note_restock(state, owner)
            events.append(Event(text=f"You restock from the River: {NAMES[drawn]}.", seat=owner,
                                private_to=owner, kind="draw"))
            if not state.river:
                events.append(Event(text="The River is empty: nobody restocks from now on.", kind="river"))
        self._end_turn(state, events)

    def _check_target(self, state: ThisBigState, seat: int, events: list[Event]) -> bool:
        """End the game when the caster reaches the target (or the hand-dump threshold)."""
        score = points(state, seat)
        name = state.players[seat]
        if state.dump_at and score >= state.dump_at:
            for s, hand in enumerate(state.hands):
                out = [c for c in hand if c < 32 or state.penalty]
                for c in out:
                    state.dumped += [s, c]
                state.hands[s] = [c for c in hand if c not in out]
            over = f" ({score})" if score > state.dump_at else ""  # the threshold, then the score past it
            events.append(Event(text=f"{name} reaches {state.dump_at} points{over}: every hand's "
                                     f"{'cards' if state.penalty else 'fish'} go into its owner's bucket.", kind="end"))
            self._finish(state, f"{name} reached {state.dump_at} points and every hand went into the buckets", events)
            return True
        if score >= state.target:
            self._finish(state, f"{name} reached {state.target} points", events)
            return True
        return False

    def _finish(self, state: ThisBigState, why: str, events: list[Event]) -> None:
        """Mark the game over and announce the winners."""
        state.phase, state.ended = "over", why
        state.status[:] = [IDLE] * len(state.players)
        scores = [points(state, s) for s in range(len(state.players))]
        best = max(scores)
        top = [state.players[s] for s, p in enumerate(scores) if p == best]
        events.append(Event(text=f"Game over: {why}. {' and '.join(top)} win{'s' * (len(top) == 1)} "
                                 f"with {points_text(best)}.", kind="end"))

    def _end_turn(self, state: ThisBigState, events: list[Event]) -> None:
        """The caster draws a lure (reshuffling the discard if needed); the next seat casts."""
        caster = state.turn
        if not state.tackle:
            state.tackle, state.discard = state.discard, []
            state.rng.shuffle(state.tackle)
            events.append(Event(text="The Tackle Box is empty: the lure discard is shuffled into a new one.",
                                kind="reshuffle"))
        drawn = state.tackle.pop()
        state.lures[caster].append(drawn)
        state.lures[caster].sort()
        events.append(Event(text=f"You draw a {NAMES[drawn]}.", seat=caster, private_to=caster, kind="draw"))
        state.turn = (caster + 1) % len(state.players)
        state.phase = "cast"
        state.cast = -1
        state.status[:] = [IDLE] * len(state.players)

    def _settle(self, state: ThisBigState, events: list[Event]) -> None:
        """Make the moves that need nobody (the end of the game or of a turn with no card played, a pick among
        one card, and with `auto_forced` one-choice casts and answers) until someone must decide."""
        auto = state.auto_forced
        while state.phase != "over":
            phase = state.phase
            if phase == "cast":
                if self._out_of_play(state, events):
                    return
                ids = cast_ids(state)
                if not auto or len(ids) > 1:
                    return
                self._cast(state, ids[0], events)
            elif phase == "answer":
                waiting = False
                for s, st in enumerate(state.status):
                    if st == THINKING:
                        ids = answer_ids(state, s)
                        if auto and len(ids) == 1:
                            self._answer(state, s, ids[0], events)
                        else:
                            waiting = True
                if waiting:
                    return
                if any(state.down):
                    state.dry = 0
                    state.phase = "pick"
                else:
                    state.dry += 1
                    events.append(Event(text=f"No card was played: {state.players[state.turn]}'s turn ends.",
                                        kind="nocatch"))
                    self._end_turn(state, events)
            else:
                ids = pick_ids(state)
                if len(ids) > 1:
                    return
                self._pick(state, ids[0], events)

    def _out_of_play(self, state: ThisBigState, events: list[Event]) -> bool:
        """End the game once the River is empty and play can change nothing more: without the penalty when no
        hand holds a fish; with it when every River hand is empty, or a whole round of casts played no card."""
        if state.river:
            return False
        if not state.penalty:
            if any(c < 32 for hand in state.hands for c in hand):
                return False
            why = "the River is empty and no fish is left in any hand"
        elif not any(state.hands):
            why = "the River is empty and every River hand is empty"
        elif state.dry >= len(state.players):
            why = "a whole round of casts passed with no card played"
        else:
            return False
        self._finish(state, why, events)
        return True

    # ---- reading -----------------------------------------------------------------------------
    def view(self, state: ThisBigState, seat: int | None) -> ThisBigView:
        """Public table for everyone; a seat also sees its own hand, lures and face-down answer."""
        n = len(state.players)
        own = seat is not None and 0 <= seat < n
        playable: list[int] = []
        if own and state.phase == "cast" and seat == state.turn:
            playable = state.lures[seat]
        elif own and state.phase == "answer" and state.status[seat] == THINKING:
            faces = {f for cid in answer_ids(state, seat) if cid != "pass" for f in cid.split("-")}
            playable = [c for c in state.hands[seat] if FACES[c] in faces]
        return ThisBigView(
            game=self.key, seat=seat, players=list(state.players),
            to_act=[d.seat for d in self.decisions(state)], last=list(state.log_tail),
            finished=state.phase == "over", turn=state.turn, phase=state.phase,
            cast=FACES[state.cast] if state.cast >= 0 else "", target=state.target, dump_at=state.dump_at,
            penalty=state.penalty, reveal=state.reveal, river_size=len(state.river),
            tackle_size=len(state.tackle), discard_top=FACES[state.discard[-1]] if state.discard else "",
            discard_size=len(state.discard), junk=[FACES[c] for c in state.junk],
            buckets=[_faces(b) for b in state.buckets],
            dumped=[_faces(d) for d in pairs(state.dumped, n)], points=[points(state, s) for s in range(n)],
            hand_sizes=[len(h) for h in state.hands], lure_counts=[len(h) for h in state.lures],
            status=[STATUS_NAMES[s] for s in state.status],
            down_counts=[len(d) for d in state.down],
            revealed=[_faces(r) for r in pairs(state.revealed, n)], known=self._known(state),
            caught=FACES[state.caught[2]] if state.caught else "", caught_by=state.caught[0] if state.caught else -1,
            caught_from=state.caught[1] if state.caught else -1,
            lacks=[[name for c, name in enumerate(COLOURS) if mask >> c & 1] for mask in state.lacks],
            bounds=[[list(b) for b in seat_bounds] for seat_bounds in state.bounds],
            guesses=[[list(b) for b in seat_guesses] for seat_guesses in state.guesses],
            ended=state.ended, hand=_faces(state.hands[seat]) if own else [],
            lures=_faces(state.lures[seat]) if own else [], my_down=_faces(state.down[seat]) if own else [],
            playable=_faces(playable),
        )

    @staticmethod
    def _known(state: ThisBigState) -> list[list[str]]:
        """Publicly known cards, by the seat holding them (in hand or face down)."""
        return [_faces([c for c in state.known if c in hand or c in down])
                for hand, down in zip(state.hands, state.down, strict=True)]

    def breakdown(self, state: ThisBigState) -> list[dict[str, int]]:
        """Per seat: fish caught, rubbish caught (penalty), and the hand dump, summing to the score."""
        out = []
        for s in range(len(state.players)):
            row = {"fish": sum(size(c) for c in state.buckets[s])}
            if state.penalty:
                row["rubbish"] = -sum(1 for c in state.buckets[s] if c >= 32)
            if state.dump_at:
                row["from hand"] = dumped_value(state, s)
            out.append(row)
        return out

    def result(self, state: ThisBigState) -> Result | None:
        """Points with their breakdown; every seat tied on the most points wins."""
        if state.phase != "over":
            return None
        res = Result.from_scores([points(state, s) for s in range(len(state.players))], self.breakdown(state))
        res.summary = f"The game ended because {state.ended}."
        return res

    def determinise(self, state: ThisBigState, seat: int | None, rnd: random.Random) -> ThisBigState:
        """Deal anew everything `seat` has not seen, keeping what the table has shown (see deal.py)."""
        return determinise(state, seat, rnd)

    def ai_choice(self, state: ThisBigState, decision: Decision, level: str, rnd: random.Random) -> str:
        """As every game's, but `hard` chooses by paired worlds (ai.paired_choice) where that finds more than the
        search: a two-player cast, and an answer at a table of three or more."""
        paired = decision.kind == ("cast" if len(state.players) == 2 else "answer")
        if AI_NAMES.get(level, level) == "hard" and paired and len(decision.choices) > 1:
            from engines.search import budget_seconds
            from engines.thisbig.ai import paired_choice

            return paired_choice(self, state, decision, rnd, budget_seconds())
        return super().ai_choice(state, decision, level, rnd)

    def strategy(self, state: ThisBigState, seat: int, level: str, rnd: random.Random) -> str:
        """'greedy' reads only this seat's view (see ai.py)."""
        if level != "greedy":
            return super().strategy(state, seat, level, rnd)
        from engines.thisbig.ai import greedy_choice

        return greedy_choice(self, state, seat, rnd)
