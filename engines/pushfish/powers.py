"""Push Fish items and character abilities: drawing, the public items step, playing, peeks, swaps."""

from __future__ import annotations

from engines.core import Choice, Event
from engines.pushfish import choices, sim
from engines.pushfish.cards import (
    CHARACTERS,
    ITEMS,
    card_label,
)
from engines.pushfish.choices import pos_label
from engines.pushfish.state import (
    CASTING,
    CASTS,
    EFFECT_PHASES,
    EFFECTS,
    HAND_LIMIT,
    ITEM_PHASES,
    SPACES,
    Cards,
    PushFishState,
    add_to,
    discard_item,
    face_down,
    face_down_count,
    fight_zone,
    kind_matches,
    put,
    without,
)

LIST_ABILITIES = ("peek", "swap", "chef")  # abilities that open a list of targets (with Back)


class Powers:
    """Item cards and character abilities (a mixin of PushFishEngine)."""

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

    def _item_choices(self, state: PushFishState, seat: int) -> list[Choice]:
        """The private item list: each card that would do something, a Fish Finder once per face-down space."""
        found: list[Choice] = []
        finder = False
        for i in self._usable_items(state, seat):
            if EFFECTS[i] != "peek":
                found.append(choices.item("item", i))
            elif not finder:  # every Fish Finder does the same: one set of targets
                finder = True
                found.extend(choices.finder(i, p) for p in face_down(state))
        return found

    @staticmethod
    def _closing(state: PushFishState) -> tuple[str, ...]:
        """The lists closed once the seat presses Back in its open sub-decision (a mission's ways close none)."""
        sub = state.sub
        if sub == "items":
            shut = "items"
        elif sub in ("peek", "swap1", "swap2", "chef"):
            shut = "ability"
        else:
            return state.closed
        return state.closed if shut in state.closed else (*state.closed, shut)

    @staticmethod
    def _opens_list(state: PushFishState, seat: int, head: str) -> bool:
        """Whether a choice only opens a list (the items, a list ability), which leaves the lists closed before it
        closed; any other choice changes the table and opens them all again."""
        if head == "items":
            return True
        return head == "ability" and CHARACTERS[state.chars[seat]].ability in LIST_ABILITIES

    def _item_step(self, state: PushFishState, seat: int) -> bool:
        """Whether the items step is offered: the seat holds an item card and some item of the game would do
        something now. Both are public (hand sizes are), so the step never tells what the seat holds. Once the
        seat closed the items (Back), they wait for another choice (reopening them at once would change nothing)."""
        if seat != state.turn or not state.hands[seat] or "items" in state.closed:
            return False
        phase = state.phase
        return any(phase in phases and self._item_ok(state, effect) for effect, phases in EFFECT_PHASES.items())

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
        """Play an item card from the hand (a Fish Finder is played by `_peek`, with its space)."""
        card = ITEMS[item]
        effect = card.effect
        name = state.players[seat]
        discard_item(state, seat, item)
        state.sub, state.arg = "", -1
        text = f"{name} plays {card.name}: {card.text}"
        if effect.startswith("catch2:"):
            state.bonus = effect[7:]
            state.casts, state.hits, state.target, state.flicks, state.flick_zone = CASTS, (), -1, (), -1
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
            text = f"{text.rstrip('.')} ({pos_label(pos)})."  # the space filled, inside the sentence
        elif effect == "steady":
            state.tol += sim.TOLERANCE
        elif effect == "weaken":
            state.weak += 1
        elif effect == "calm":
            state.calm = True
        events.append(Event(text=text, seat=seat))

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
        if "ability" in state.closed and ability in LIST_ABILITIES:
            return ""  # its list was closed: reopening it at once would change nothing
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
        events.append(Event(text=f"{_uses(state, seat)} {char.text}", seat=seat))

    def _forget(self, state: PushFishState, card: int) -> None:
        """A card seen by everyone (or caught) is no longer a private peek."""
        for seen in state.peeks:
            if card in seen:
                state.peeks = tuple(without(held, card) if card in held else held for held in state.peeks)
                return

    def _peek(self, state: PushFishState, seat: int, pos: int, events: list[Event], item: int = -1) -> None:
        """Captain Jack's ability, or a Fish Finder (`item`): see one face-down card privately."""
        card = state.ground[pos]
        if item >= 0:
            discard_item(state, seat, item)
            how = ITEMS[item].name
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
        events.append(Event(text=f"{_uses(state, seat)} swaps the face-down cards at {pos_label(first)} and "
                                 f"{pos_label(pos)}.", seat=seat))

    def _chef(self, state: PushFishState, seat: int, item: int, events: list[Event]) -> None:
        """Chef Ramsay: discard one item card, draw one."""
        discard_item(state, seat, item, secret=True)
        state.used = True
        state.sub, state.arg = "", -1
        events.append(Event(text=f"{_uses(state, seat)} discards an item card to draw one.", seat=seat))
        events.append(Event(text=f"You discarded {ITEMS[item].name}.", seat=seat, private_to=seat))
        self._draw_items(state, seat, 1, events)


def _uses(state: PushFishState, seat: int) -> str:
    """The start of an ability's line: 'Ann uses Samurai Hattori's ability ("Hai-yah!"):'."""
    char = CHARACTERS[state.chars[seat]]
    return f"{state.players[seat]} uses {char.name}'s ability (\"{char.phrase}\"):"
