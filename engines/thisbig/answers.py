"""This Big! answers to a cast: which cards a hand may play face down, and how the choices read."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache

from engines.thisbig.cards import COLOURS, FACE_CARDS, FACES, LUNKER, NAMES, colour, size


def distinct(cards: list[int]) -> list[str]:
    """The distinct faces among cards, in card order."""
    out: list[str] = []
    for c in sorted(cards):
        if FACES[c] not in out:
            out.append(FACES[c])
    return out


@lru_cache(maxsize=50_000)
def legal_answers(hand: tuple[int, ...], lure: int, two: bool) -> tuple[str, ...]:
    """The legal answers of a hand (sorted card ids) to a lure colour, in the 2-player game or not."""
    fish = [c for c in hand if c < 32]
    if lure == LUNKER:
        top = max((size(c) for c in fish), default=0)
        matches = [c for c in fish if size(c) == top]
    else:
        matches = [c for c in fish if c >> 3 == lure]
    rubbish = [c for c in hand if 32 <= c < 40]
    if not two:
        if matches:
            return tuple(distinct(matches) + ([] if lure == LUNKER else distinct(rubbish)))
        return (*distinct(rubbish), "pass")
    if not matches:
        return ("pass",)
    if len(matches) == 1 and (lure == LUNKER or not rubbish):
        return (FACES[matches[0]],)
    ids = []
    faces = distinct(matches)
    for i, a in enumerate(faces):
        for b in faces[i:]:
            if a != b or sum(FACES[c] == a for c in matches) > 1:
                ids.append(f"{a}-{b}")
        if lure != LUNKER:
            ids += [f"{a}-{r}" for r in distinct(rubbish)]
    return tuple(ids)


def careful_answer(ids: Sequence[str]) -> str:
    """The answer that gives away least: rubbish first, then No Catch, then the smallest fish (the greedy
    player's answer, and the determinisation's guess at anyone's)."""
    def cost(cid: str) -> int:
        if cid == "pass":
            return 0
        return sum(size(FACE_CARDS[f][0]) if FACE_CARDS[f][0] < 32 else -1 for f in cid.split("-"))
    return min(ids, key=cost)


def _names(cid: str) -> list[str]:
    """The card names in an answer id ('r3-boot' -> ['red 3', 'boot'])."""
    return [NAMES[FACE_CARDS[f][0]] for f in cid.split("-")]


@cache
def answer_label(cid: str) -> str:
    """A short button label for an answer: 'Red 3', 'Red 3 + boot', 'No Catch!'."""
    if cid == "pass":
        return "No Catch!"
    text = " + ".join(_names(cid))
    return text[0].upper() + text[1:]


@cache
def answer_detail(cid: str) -> str:
    """The full sentence of an answer: 'Play your red 3 face down'."""
    if cid == "pass":
        return "Say No Catch! and play nothing"
    return "Play your " + " and ".join(_names(cid)) + " face down"


@cache
def only_answer(cid: str) -> str:
    """The plain label of an answer that is the only legal one: 'You must play your red 3'."""
    return "You must say No Catch!" if cid == "pass" else "You must play your " + " and ".join(_names(cid))


def answer_prompt(caster: str, lure_card: int, hand: list[int], two: bool) -> str:
    """What an opponent is asked when `caster` casts this lure (a Lunker says what it asks of this hand)."""
    if colour(lure_card) != LUNKER:
        return f"{caster} cast a {NAMES[lure_card]}: answer in secret"
    if any(c < 32 for c in hand):
        return f"{caster} cast a Lunker lure: you must play your largest fish (any colour)"
    return f"{caster} cast a Lunker lure: you hold no fish, so " + (
        "say No Catch" if two else "play a rubbish card or say No Catch")


@cache
def cast_label(face: str) -> str:
    """A short button label for a lure: 'Red lure', 'Lunker lure'."""
    text = NAMES[FACE_CARDS[face][0]]
    return text[0].upper() + text[1:]


@cache
def cast_detail(face: str) -> str:
    """The full sentence of a cast."""
    card = FACE_CARDS[face][0]
    if colour(card) == LUNKER:
        return "Cast your Lunker lure: every opponent must play their largest fish"
    name = COLOURS[colour(card)]
    return f"Cast your {name} lure: opponents answer with a {name} fish or a rubbish card"


@cache
def only_cast(face: str) -> str:
    """The plain label of the only kind of lure a caster holds."""
    return "You must cast your " + NAMES[FACE_CARDS[face][0]]
