"""The words of If Wishes Were Fishes! prompts and choices: a short label for a button, the whole move in the detail.

Every text here fits its limit by construction (labels <= SHORT_LABEL, details <= MAX_DETAIL): nothing is
clipped. Player names are the only free text; a name is shortened to NAME_CHARS (Discord's display-name limit).
"""

from __future__ import annotations

from engines.wishes.cards import (
    BOAT,
    CARDS,
    DOUBLE,
    KINDS,
    MOVE1,
    MOVE2,
    MOVE3,
    SELLALL,
    SELLAS,
    SPOIL,
    SPREAD,
    WISH_NAMES,
    WORMS,
    card_name,
)

SHORT_LABEL = 60  # a button label players read at a glance (Discord allows 80)
NAME_CHARS = 32

# What each wish does, as the end of "Throw back <kind> from slot k to ..."; Sell as Another Kind names its kind.
WISH_EFFECTS = {
    MOVE1: "move a 1 buyer 1-3 steps, sell a whole kind",
    MOVE2: "move a 2 buyer 1-3 steps, sell a whole kind",
    MOVE3: "move the 3 buyer 1-3 steps, sell one fish",
    SPREAD: "spread crowded buyers to empty markets",
    SELLALL: "sell all of one kind",
    SPOIL: "spoil or save a wooden fish, sell one fish",
    WORMS: "score $1 a worm, give each player a worm",
    SELLAS: "sell all of one kind as {kind}",
}

# The row (or menu) a UI puts a choice in, by the head of its id: the ocean's two ways to take, then the boats.
GROUPS = {"boat": "Into a boat", "wish": "For its wish", "sell": "Sell", "kind": "Sell all", "buyer": "Buyer",
          "steps": "Steps", "market": "Market", "garbage": "Garbage heap", "seat": "Whose fish"}

STAGE_PROMPTS = {
    "buyer": "which buyer moves?",
    "steps": "how far clockwise does the buyer move?",
    "sellkind": "sell all the fish of which kind?",
    "sellone": "which fish do you sell?",
    "spread": "where does this buyer go?",
    "spoilsrc": "move a wooden fish from where?",
    "spoilwho": "whose fish on {market} goes to the garbage?",
    "spoilback": "whose fish goes back from the garbage?",
}


def short_name(name: str) -> str:
    """A player's name as it fits a label."""
    return name if len(name) <= NAME_CHARS else name[: NAME_CHARS - 1] + "."


def worm_text(n: int) -> str:
    """'1 worm', '3 worms'."""
    return f"{n} worm" + ("" if n == 1 else "s")


def _steps(n: int) -> str:
    """'1 step', '3 steps'."""
    return f"{n} step" + ("" if n == 1 else "s")


def take(card: int, slot: int, gain: int, wish: bool) -> tuple[str, str]:
    """Taking the card in `slot` (0-based; costs a worm per shallower slot) into a boat, or for its wish."""
    kind, code = CARDS[card]
    worms = ", ".join(([f"pay {slot if gain else worm_text(slot)}"] if slot else [])
                      + ([f"get {worm_text(gain)}"] if gain else []))
    short, long = (f": {worms}", f"; {worms}") if worms else ("", "")
    where = f"slot {slot + 1}"
    if not wish:
        fish = KINDS[kind] + (" ×2" if code == DOUBLE else "")
        return f"Take {fish}, {where}{short}", f"Put {card_name(card)} from {where} into a boat{long}"
    if code == BOAT:
        return (f"Wish Boat (extra boat), {where}{short}",
                f"Keep {KINDS[kind]} face down from {where} as an extra, empty boat{long}")
    effect = WISH_EFFECTS[code].format(kind=KINDS[kind])
    return f"Wish {WISH_NAMES[code]}, {where}{short}", f"Throw back {KINDS[kind]} from {where} to {effect}{long}"


def _to_garbage(full: bool) -> tuple[str, str]:
    """The label and detail notes for a sale to a full market."""
    return (" (to garbage)", "; market full: to garbage") if full else ("", "")


def sell_one(card: int, boat: int, fish: int, each: int, full: bool) -> tuple[str, str]:
    """Selling the card in `boat` (0-based) as `fish` fish at `each` dollars."""
    kind = KINDS[CARDS[card][0]]
    note, long = _to_garbage(full)
    double = " ×2" if fish == 2 else ""
    return (f"Boat {boat + 1}: sell {kind}{double} ${fish * each}{note}",
            f"Sell {card_name(card)} from boat {boat + 1}: {fish} fish × ${each} = ${fish * each}{long}")


def sell_all(kind: int, market: int, fish: int, each: int, full: bool) -> tuple[str, str]:
    """Selling every fish of a kind in the boats to `market` (another kind's through Sell as Another Kind)."""
    as_text = f" as {KINDS[market]}" if market != kind else ""
    note, long = _to_garbage(full)
    return (f"Sell all {KINDS[kind]}{as_text} ${fish * each}{note}",
            f"Sell all your {KINDS[kind]}{as_text}: {fish} fish × ${each} = ${fish * each}{long}")


def buyer(value: int, market: int) -> tuple[str, str]:
    """Choosing which buyer of a value moves."""
    return f"{value} buyer at {KINDS[market]}", f"Move the {value} buyer now at {KINDS[market]}"


def steps(value: int, start: int, end: int, n: int, new_price: int) -> tuple[str, str]:
    """Moving a buyer n markets clockwise."""
    return (f"{_steps(n)}: to {KINDS[end]}",
            f"Move the {value} buyer {_steps(n)} clockwise, {KINDS[start]} to {KINDS[end]} (${new_price} a fish there)")


def spread(value: int, start: int, end: int) -> tuple[str, str]:
    """Placing a crowded buyer on an empty market."""
    return f"To {KINDS[end]}", f"Move the {value} buyer from {KINDS[start]} to the empty {KINDS[end]} market"


def spoil_source(market: int) -> tuple[str, str]:
    """Spoiling a wooden fish from an open market."""
    return f"{KINDS[market]} market", f"Move a wooden fish from the {KINDS[market]} market to the garbage heap"


def spoil_garbage() -> tuple[str, str]:
    """Saving a wooden fish from the garbage heap."""
    return "Garbage heap", "Take a wooden fish back from the garbage heap to its owner's supply"


def spoil_owner(name: str, there: int, market: int | None) -> tuple[str, str]:
    """Whose wooden fish moves: from `market` to the garbage, or back from the garbage (market None)."""
    who = short_name(name)
    label = f"{who}: {there} there"
    if market is None:
        return label, f"Give one of {who}'s {there} fish in the garbage back to them"
    return label, f"Send one of {who}'s {there} fish on {KINDS[market]} to the garbage"
