"""Push Fish in text, for the terminal player: the ground, the players and a seat's items."""

from __future__ import annotations

from engines.pushfish.cards import CHARACTERS, GROUND, ITEMS, MISSIONS, STRENGTHS, mission_text
from engines.pushfish.state import EMPTY, FACE_DOWN, PushFishView


def _card_text(card: int, items: bool = True) -> str:
    """A revealed ground card in words: 'Sawshark 7 S (deep)' or 'Fossil (treasure, +1 item)' (`items`: a first game
    has none)."""
    c = GROUND[card]
    if c.is_find:
        return f"{c.name} ({c.kind}{f', +{c.items} item' + 's' * (c.items != 1) if items else ''})"
    return f"{c.name} {c.score} {STRENGTHS[c.strength]}{' rare' if c.rare else ''} ({c.kind})"


def text(view: PushFishView) -> str:
    """The ground, the players and (for a seat) its items in text, for the terminal player."""
    lines = ["Ground (row 4 far, row 1 near; '??' face down, '?Name?' face down but peeked by you, '--' empty):"]
    for row in range(3, -1, -1):
        cells = []
        for col in range(5):
            card = view.ground[row * 5 + col]
            known = view.known[row * 5 + col] if view.known else -1
            cells.append("--" if card == EMPTY else f"?{GROUND[known].name}?" if card == FACE_DOWN and known >= 0
                         else "??" if card == FACE_DOWN else _card_text(card, not view.first_game))
        lines.append(f"  row {row + 1}: " + " | ".join(cells))
    lines.append(f"Pile {view.pile}; casts left {view.casts}, rod actions left {view.rods}; "
                 f"first to {view.fish_goal} fish.")
    modes = [m for m, on in (("Hard Mode: a bait or wood token counts only wholly inside", view.hard),
                             ("Legendary Anglers: one more item at the start, a rare fish needs 2 landed rod "
                              "actions, and bait and wood token count only wholly inside", bool(view.legendary)),
                             ("Free-for-all: everyone casts at once, in secret", view.noisy),
                             ("First game: no items, missions or abilities", view.first_game)) if on]
    lines += [f"{m}." for m in modes]
    if not view.first_game:
        lines.append("Missions: " + "; ".join(f"{MISSIONS[m].name} ({MISSIONS[m].points}): "
                                              f"{mission_text(MISSIONS[m].needs)}" for m in view.offer if m >= 0))
    for s, name in enumerate(view.players):
        caught = ", ".join(_card_text(c, not view.first_game) for c in view.catches[s]) or "nothing yet"
        if view.first_game:
            lines.append(f"  {name}: caught {caught}")
            continue
        held, legend = view.hand_sizes[s], ", Legendary Angler" if s in view.legendary else ""
        lines.append(f"  {name} ({CHARACTERS[view.chars[s]].name}{legend}): {held} item{'s' * (held != 1)}; "
                     f"caught {caught}")
    if view.seat is not None and view.hand:
        lines.append("Your items: " + "; ".join(f"{ITEMS[i].name} ({ITEMS[i].points}): {ITEMS[i].text}"
                                               for i in view.hand))
    return "\n".join(lines)
