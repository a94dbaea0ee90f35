"""Push Fish choices: ids, labels and Choice objects, each built once and shared between states (Choice is frozen)."""

from __future__ import annotations

from functools import cache

from engines.core import MAX_LABEL, Choice
from engines.pushfish import sim
from engines.pushfish.cards import CHARACTERS, GROUND, ITEMS, MISSIONS, STRENGTHS, card_label

SPACES = sim.ROWS * sim.COLS
BACK = Choice(id="back", label="Back")
OPEN_ITEMS = Choice(id="items", label="Use an item card…")
SKIP = Choice(id="skip", label="Claim no mission")
END_LABELS = {  # (phase is "lost", something caught or no encouragement) -> label of "end"
    (False, True): "End the turn",
    (True, True): "Let it go and end the turn",
    (False, False): "Take 1 item as encouragement and end the turn",
    (True, False): "Let it go: take 1 item and end the turn",
}
END = {key: Choice(id="end", label=label) for key, label in END_LABELS.items()}


@cache
def pos_label(pos: int) -> str:
    """A space as people count it: row 1 nearest, columns from the left."""
    row, col = divmod(pos, sim.COLS)
    return f"row {row + 1}, col {col + 1}"


def pos_id(pos: int) -> str:
    """A space in a choice id: r1c1 .. r4c5."""
    row, col = divmod(pos, sim.COLS)
    return f"r{row + 1}c{col + 1}"


def parse_pos(text: str) -> int:
    """The space of an r<row>c<col> id part."""
    return (int(text[1]) - 1) * sim.COLS + int(text[3]) - 1


def clip(text: str) -> str:
    """A label cut to Discord's length."""
    return text if len(text) <= MAX_LABEL else text[: MAX_LABEL - 1] + "…"


def cast(pos: int, card: int, calm: bool, hard: bool) -> Choice:
    """A cast at a space showing `card` (-1: face down)."""
    what = card_label(card) if card >= 0 else "face down"
    chance = sim.p_land(pos, pos, calm, hard)
    return Choice(id=f"cast-{pos_id(pos)}", label=clip(f"Cast at {pos_label(pos)}: {what} (~{chance:.0%} on target)"))


@cache
def cast_table(calm: bool, hard: bool) -> tuple[tuple[Choice, ...], ...]:
    """Every cast choice, by space and then by the card showing there; index -1 is a face-down card."""
    return tuple(tuple(cast(pos, card, calm, hard) for card in (*range(len(GROUND)), -1)) for pos in range(SPACES))


@cache
def aims(zone: int, tol: float, hard: bool) -> tuple[Choice, ...]:
    """The twelve rod aims (three per zone) for a fight needing `zone`, with their chances."""
    out = []
    for z, z_name in enumerate(STRENGTHS):
        for where, _ in sim.AIMS:
            aim = sim.aim_point(z, where)
            chance = sim.p_flick(aim, zone, tol, hard)
            out.append(Choice(id=f"aim-{z_name}-{where}",
                              label=f"Aim {z_name} {sim.AIM_NAMES[where]} ({aim:.0f}): ~{chance:.0%} to land"))
    return tuple(out)


@cache
def fight(pos: int, card: int) -> Choice:
    """Fight the hooked card at a space."""
    return Choice(id=f"hit-{pos_id(pos)}", label=clip(f"Fight {pos_label(pos)}: {card_label(card)}"))


@cache
def space(head: str, pos: int) -> Choice:
    """Peek at or swap a face-down space (head "peek" or "swap")."""
    verb = "Peek at" if head == "peek" else "Swap"
    return Choice(id=f"{head}-{pos_id(pos)}", label=clip(f"{verb} {pos_label(pos)}: face down"))


@cache
def item(head: str, card: int) -> Choice:
    """Play ("item"), discard for the hand limit ("drop") or discard for Chef Ramsay ("toss") an item card."""
    c = ITEMS[card]
    verb = "Play" if head == "item" else "Discard"
    return Choice(id=f"{head}-{card}", label=clip(f"{verb} {c.name} ({c.points} pts): {c.text}"))


@cache
def mission(m: int) -> Choice:
    """Claim an offered mission."""
    card = MISSIONS[m]
    return Choice(id=f"mission-{m}", label=clip(f"Claim {card.name} ({card.points} pts): " + ", ".join(card.needs)))


@cache
def ability(char: int) -> Choice:
    """Use a character's ability."""
    c = CHARACTERS[char]
    return Choice(id="ability", label=clip(f"Ability: {c.name} - {c.text}"))


@cache
def recast(casts: int) -> Choice:
    """Leave the hooked cards and cast again."""
    return Choice(id="recast", label=f"Keep casting ({casts} bait{'s' * (casts != 1)} left)")
