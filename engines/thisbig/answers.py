"""This Big! answers to a cast: which cards a hand may play face down, and how the choices read."""

from __future__ import annotations

from functools import cache, lru_cache

from engines.thisbig.cards import FACE_CARDS, FACES, LUNKER, NAMES, size


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


@cache
def answer_label(cid: str) -> str:
    """A label for an answer id."""
    if cid == "pass":
        return "No Catch! (play nothing)"
    parts = [NAMES[FACE_CARDS[f][0]] for f in cid.split("-")]
    return "Play " + " and ".join(parts) + " face down"
