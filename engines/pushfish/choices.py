"""Push Fish choices: ids, short labels with the full sentence in `detail`, each built once and shared (Choice is
frozen). No text is cut: every label is written to fit."""

from __future__ import annotations

from functools import cache

from engines.core import Choice
from engines.pushfish import sim
from engines.pushfish.cards import (
    CHARACTERS,
    GROUND,
    ITEMS,
    MISSIONS,
    STRENGTHS,
    card_label,
    mission_text,
    pts,
)

SPACES = sim.ROWS * sim.COLS
BACK = Choice(id="back", label="Back")
OPEN_ITEMS = Choice(id="items", label="Items…", detail="Look at your item cards and play one (only you see them)")
SKIP = Choice(id="skip", label="No mission", detail="Claim no mission this turn")
END_LABELS = {  # (phase is "lost", something caught or no encouragement) -> label and detail of "end"
    (False, True): ("End the turn", "End your turn"),
    (True, True): ("Let it go", "Let the fish go and end your turn"),
    (False, False): ("End the turn", "End your turn and take 1 item card as encouragement"),
    (True, False): ("Let it go", "Let the fish go, take 1 item card as encouragement and end your turn"),
}
END = {key: Choice(id="end", label=label, detail=detail) for key, (label, detail) in END_LABELS.items()}


@cache
def pos_label(pos: int) -> str:
    """A space as people count it: row 1 nearest, columns from the left."""
    row, col = divmod(pos, sim.COLS)
    return f"row {row + 1}, col {col + 1}"


@cache
def pos_short(pos: int) -> str:
    """A space on a button, as the board's edges mark it: R1 C1 .. R4 C5."""
    row, col = divmod(pos, sim.COLS)
    return f"R{row + 1} C{col + 1}"


def pos_id(pos: int) -> str:
    """A space in a choice id: r1c1 .. r4c5."""
    row, col = divmod(pos, sim.COLS)
    return f"r{row + 1}c{col + 1}"


def parse_pos(text: str) -> int:
    """The space of an r<row>c<col> id part."""
    return (int(text[1]) - 1) * sim.COLS + int(text[3]) - 1


def cast(pos: int, card: int, calm: bool, hard: bool) -> Choice:
    """A cast at a space showing `card` (-1: face down)."""
    chance = sim.p_land(pos, pos, calm, hard)
    name = GROUND[card].name if card >= 0 else "face down"
    what = card_label(card) if card >= 0 else "face down"
    return Choice(id=f"cast-{pos_id(pos)}", label=f"{pos_short(pos)} {name} · {chance:.0%}",
                  detail=f"Cast at {pos_label(pos)}: {what}, {chance:.0%} to land on it",
                  group=f"Row {pos // sim.COLS + 1}")


@cache
def cast_table(calm: bool, hard: bool) -> tuple[tuple[Choice, ...], ...]:
    """Every cast choice, by space and then by the card showing there; index -1 is a face-down card."""
    return tuple(tuple(cast(pos, card, calm, hard) for card in (*range(len(GROUND)), -1)) for pos in range(SPACES))


@cache
def aims(zone: int, tol: float, hard: bool) -> tuple[Choice, ...]:
    """The three rod aims in the zone the fight needs (near side, centre, far side), with their chances."""
    z_name = STRENGTHS[zone]
    lo, hi = sim.ZONES[zone]
    out = []
    for where, _ in sim.AIMS:
        aim = sim.aim_point(zone, where)
        chance = sim.p_flick(aim, zone, tol, hard)
        out.append(Choice(id=f"aim-{z_name}-{where}", label=f"{z_name} {sim.AIM_NAMES[where]} · {chance:.0%}",
                          detail=f"Aim at {aim:.0f} on the 0-100 rod ({z_name} zone {lo:.0f}-{hi:.0f}): "
                                 f"{chance:.0%} to stop inside"))
    return tuple(out)


@cache
def fight(pos: int, card: int) -> Choice:
    """Fight the hooked card at a space."""
    return Choice(id=f"hit-{pos_id(pos)}", label=f"Fight {GROUND[card].name}",
                  detail=f"Fight {card_label(card)} at {pos_label(pos)}")


@cache
def space(head: str, pos: int) -> Choice:
    """Peek at or swap a face-down space (head "peek" or "swap")."""
    verb = "Peek at" if head == "peek" else "Swap"
    return Choice(id=f"{head}-{pos_id(pos)}", label=f"{'Peek' if head == 'peek' else 'Swap'} {pos_short(pos)}",
                  detail=f"{verb} the face-down card at {pos_label(pos)}", group=f"Row {pos // sim.COLS + 1}")


@cache
def item(head: str, card: int) -> Choice:
    """Play ("item"), discard for the hand limit ("drop") or discard for Chef Ramsay ("toss") an item card."""
    c = ITEMS[card]
    verb = "Play" if head == "item" else "Discard"
    return Choice(id=f"{head}-{card}", label=f"{c.name} ({pts(c.points)})", detail=f"{verb}: {c.text}")


@cache
def finder(card: int, pos: int) -> Choice:
    """Play a Fish Finder at a face-down space: one choice in the private item list, so no later step shows it."""
    return Choice(id=f"item-{card}-{pos_id(pos)}", label=f"{ITEMS[card].name}: {pos_short(pos)}",
                  detail=f"Play: see the face-down card at {pos_label(pos)} (only you)")


@cache
def mission(m: int) -> Choice:
    """Claim an offered mission."""
    card = MISSIONS[m]
    return Choice(id=f"mission-{m}", label=f"{card.name} ({pts(card.points)})",
                  detail=f"Claim it: {mission_text(card.needs)}")


@cache
def ability(char: int) -> Choice:
    """Use a character's ability."""
    c = CHARACTERS[char]
    return Choice(id="ability", label=f"Ability: {c.name}", detail=c.text)


@cache
def recast(casts: int) -> Choice:
    """Leave the hooked cards and cast again."""
    return Choice(id="recast", label=f"Cast again ({casts} left)",
                  detail=f"Leave the hooked cards and cast again ({casts} bait{'s' * (casts != 1)} left)")
