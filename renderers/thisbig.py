"""This Big! drawings: the public table, a seat's private hand and the final scores (from views only)."""

from __future__ import annotations

from PIL import ImageDraw

from engines.core import Result
from engines.thisbig import ThisBigView
from engines.thisbig.cards import COLOURS, LUNKER, NAMES, RUBBISH, card_of, colour, size
from renderers.common import (
    HIGHLIGHT,
    INK,
    MUTED,
    PANEL,
    WATER,
    fit_text,
    font,
    last_action_bar,
    new_canvas,
    rounded,
    score_table,
    seat_marker,
    to_png,
    turn_banner,
    wrap_text,
)

WIDTH = 1000
FISH_RGB = [(214, 58, 48), (236, 196, 30), (60, 160, 70), (40, 100, 200)]
LETTERS = "RYGB"
JUNK_RGB = (150, 140, 125)
LURE_BACK = (70, 80, 96)
RAINBOW = FISH_RGB
SHORT_JUNK = {"boot": "Bt", "tire": "Ti", "can": "Cn", "trombone": "Tb"}
STATUS_TEXT = {"thinking": "thinking…", "answered": "answered (face down)", "No Catch": "No Catch!"}


def _name(face: str) -> str:
    """A card's name for people, from its face code."""
    return NAMES[card_of(face)]


def card(draw: ImageDraw.ImageDraw, x: int, y: int, face: str, w: int = 46, h: int = 62,
         mark: bool = False, dim: bool = False) -> None:
    """One card face: colour plus a letter and number (fish), a word (rubbish) or a lure label."""
    c = card_of(face)
    box = (x, y, x + w, y + h)
    big = h >= 100
    if c < 32:
        fill = FISH_RGB[colour(c)]
        rounded(draw, box, fill=_pale(fill) if dim else fill, radius=7)
        ink = INK if colour(c) == 1 or dim else (255, 255, 255)
        draw.text((x + w // 2, y + h // 2 - (10 if big else 6)), str(size(c)), font=font(44 if big else 24, True),
                  fill=ink, anchor="mm")
        label = COLOURS[colour(c)] if big else LETTERS[colour(c)]
        draw.text((x + w // 2, y + h - (16 if big else 11)), label, font=font(17 if big else 15, True), fill=ink,
                  anchor="mm")
    elif c < 40:
        rounded(draw, box, fill=_pale(JUNK_RGB) if dim else JUNK_RGB, radius=7)
        word = RUBBISH[(c - 32) // 2]
        text = word if w >= 44 else SHORT_JUNK[word]
        f = 17 if big else 15
        while f > 12 and draw.textlength(text, font=font(f, True)) > w - 6:
            f -= 1  # shrink a long word (trombone) before cutting it
        draw.text((x + w // 2, y + h // 2), fit_text(draw, text, w - 4, f, True), font=font(f, True),
                  fill=INK if dim else (255, 255, 255), anchor="mm")
    else:
        lure = colour(c)
        if lure == LUNKER:
            rounded(draw, box, fill=(255, 255, 255), radius=7)
            band = (h - 8) // 4
            for i, rgb in enumerate(RAINBOW):
                draw.rectangle((x + 4, y + 4 + i * band, x + w - 4, y + 4 + (i + 1) * band), fill=rgb)
            text, ink = ("Lunker" if big else "LUNK"), INK
            tw = draw.textlength(text, font=font(15, True))
            draw.rectangle((x + w / 2 - tw / 2 - 3, y + h / 2 - 10, x + w / 2 + tw / 2 + 3, y + h / 2 + 10),
                           fill=(255, 255, 255))
        else:
            rounded(draw, box, fill=FISH_RGB[lure], radius=7)
            text, ink = (COLOURS[lure] if big else LETTERS[lure]), INK if lure == 1 else (255, 255, 255)
            draw.ellipse((x + w / 2 - 7, y + 8, x + w / 2 + 7, y + 22), outline=ink, width=3)
        draw.text((x + w // 2, y + h // 2 + (0 if lure == LUNKER else 8)), text, font=font(15, True), fill=ink,
                  anchor="mm")
    if mark:
        draw.rounded_rectangle((x - 4, y - 4, x + w + 4, y + h + 4), radius=9, outline=HIGHLIGHT, width=5)
    if dim:
        draw.rounded_rectangle(box, radius=7, fill=None, outline=MUTED, width=3)


def _pale(rgb: tuple[int, int, int]) -> tuple[int, int, int]:
    """A washed-out colour for cards that are not in play (not playable, or dumped from a hand)."""
    return tuple(int(v * 0.45 + 235 * 0.55) for v in rgb)  # type: ignore[return-value]


def back(draw: ImageDraw.ImageDraw, x: int, y: int, w: int = 46, h: int = 62, label: str = "") -> None:
    """A face-down card."""
    rounded(draw, (x, y, x + w, y + h), fill=LURE_BACK, radius=7)
    draw.rectangle((x + 6, y + 6, x + w - 6, y + h - 6), outline=(150, 160, 180), width=2)
    if label:
        draw.text((x + w // 2, y + h // 2), label, font=font(15, True), fill=(255, 255, 255), anchor="mm")


def _status_line(view: ThisBigView) -> str:
    """What is happening now, in words."""
    name = view.players[view.turn]
    if view.finished:
        return "Game over: " + view.ended + "."
    if view.phase == "cast":
        return f"{name} is choosing a lure to cast."
    lure = _name(view.cast)
    if view.phase == "answer":
        extra = " (largest fish, any colour)" if view.cast == "lure-lunker" else ""
        return f"{name} cast a {lure}{extra}: opponents answer in secret."
    return f"{name} cast a {lure} and now picks one face-down card."


def _table(draw: ImageDraw.ImageDraw, view: ThisBigView, y: int) -> int:
    """The middle of the table: current cast, lure discard, decks and the rubbish pile."""
    rounded(draw, (16, y, WIDTH - 16, y + 118), fill=WATER, radius=12)
    draw.text((36, y + 14), "Cast", font=font(17, True), fill=INK)
    if view.cast:
        card(draw, 36, y + 38, view.cast, 50, 68, mark=True)
    else:
        draw.text((36, y + 60), "—", font=font(24, True), fill=INK)
    draw.text((130, y + 14), "Lure discard", font=font(17, True), fill=INK)
    if view.discard_top:
        card(draw, 130, y + 38, view.discard_top, 50, 68)
    draw.text((190, y + 72), f"{view.discard_size} card{'s' if view.discard_size != 1 else ''}", font=font(16),
              fill=INK, anchor="lm")
    x = 310
    for title, count in (("River", view.river_size), ("Tackle Box", view.tackle_size)):
        draw.text((x, y + 14), title, font=font(17, True), fill=INK)
        back(draw, x, y + 38, 50, 68, str(count))
        x += 130
    draw.text((x, y + 14), "Rubbish pile", font=font(17, True), fill=INK)
    if view.junk:
        card(draw, x, y + 38, view.junk[-1], 50, 68)
    draw.text((x + 60, y + 72), str(len(view.junk)), font=font(16), fill=INK, anchor="lm")
    rules = [f"Target: {view.target} points"]
    if view.penalty:
        rules.append("Rubbish −1")
    if view.dump_at:
        rules.append(f"Hand dump at {view.dump_at}")
    if view.reveal:
        rules.append("Uncaught shown")
    for i, text in enumerate(rules):
        draw.text((WIDTH - 36, y + 18 + i * 22), text, font=font(16, i == 0), fill=INK, anchor="ra")
    return y + 118


def _row(draw: ImageDraw.ImageDraw, view: ThisBigView, s: int, y: int) -> int:
    """One player: marker, name, status, hand sizes, face-down cards, bucket and points."""
    bucket = view.buckets[s] + view.dumped[s]
    per_line = 15
    lines = max(1, -(-len(bucket) // per_line))
    extra = 1 if view.revealed[s] or view.known[s] else 0
    h = 74 + (lines - 1) * 68 + extra * 26
    acting = s in view.to_act
    rounded(draw, (16, y, WIDTH - 16, y + h - 6), fill=(255, 243, 205) if acting else PANEL,
            outline=HIGHLIGHT if acting else INK, width=4 if acting else 1)
    seat_marker(draw, s, 42, y + 26, 15)
    draw.text((66, y + 14), fit_text(draw, view.players[s], 190, 20, True), font=font(20, True), fill=INK)
    if s == view.turn and not view.finished:
        tag, fill = "CASTER", (40, 62, 88)
    else:
        tag, fill = STATUS_TEXT.get(view.status[s], ""), None
    if tag:
        if fill:
            tw = draw.textlength(tag, font=font(15, True))
            rounded(draw, (66, y + 40, 66 + tw + 14, y + 62), fill=fill, radius=6, width=1)
            draw.text((73, y + 51), tag, font=font(15, True), fill=(255, 255, 255), anchor="lm")
        else:
            draw.text((66, y + 51), tag, font=font(16, view.status[s] == "thinking"), fill=INK, anchor="lm")
    draw.text((270, y + 14), f"Hand: {view.hand_sizes[s]}", font=font(16), fill=INK)
    draw.text((270, y + 38), f"Lures: {view.lure_counts[s]}", font=font(16), fill=INK)
    for k in range(view.down_counts[s]):  # two cards are numbered as the pick choices name them
        back(draw, 370 + k * 44, y + 6, 40, 54, str(k + 1) if view.down_counts[s] > 1 else "")
    x0 = 472
    if not bucket:
        draw.text((x0, y + 33), "empty bucket", font=font(16), fill=MUTED, anchor="lm")
    for i, c in enumerate(bucket):
        card(draw, x0 + (i % per_line) * 30, y + 6 + (i // per_line) * 68, c, 28, 56,
             dim=i >= len(view.buckets[s]))
    score = str(view.points[s])
    draw.text((WIDTH - 34, y + 33), score, font=font(30, True), fill=INK, anchor="rm")
    draw.text((WIDTH - 42 - draw.textlength(score, font=font(30, True)), y + 38), "pts", font=font(15),
              fill=MUTED, anchor="rm")
    if extra:
        shown = view.revealed[s] or view.known[s]
        label = "Shown after the catch: " if view.revealed[s] else "Known in hand: "
        text = label + ", ".join(_name(c) for c in shown)
        draw.text((66, y + h - 22), fit_text(draw, text, WIDTH - 120, 16), font=font(16), fill=INK, anchor="lm")
    return y + h


def _height(view: ThisBigView) -> int:
    """Board height for this view."""
    rows = 0
    for s in range(len(view.players)):
        lines = max(1, -(-len(view.buckets[s] + view.dumped[s]) // 15))
        rows += 74 + (lines - 1) * 68 + (26 if view.revealed[s] or view.known[s] else 0)
    return 56 + 44 + 126 + rows + 12 + 34


def _short_names(draw: ImageDraw.ImageDraw, view: ThisBigView) -> list[str]:
    """Player names clipped so that the banner's "Waiting for ..." fits beside the title."""
    for limit in range(24, 3, -1):
        names = [n if len(n) <= limit else n[: limit - 1] + "…" for n in view.players]
        text = "Waiting for " + ", ".join(names[s] for s in view.to_act)
        if draw.textlength(text, font=font(22, True)) <= WIDTH - 220:
            return names
    return names


def board(view: ThisBigView) -> bytes:
    """The public table (or a seat's view, drawn without its secrets)."""
    img, draw = new_canvas(WIDTH, _height(view))
    y = turn_banner(draw, WIDTH, "This Big!", _short_names(draw, view), view.to_act, view.finished)
    draw.text((20, y + 22), fit_text(draw, _status_line(view), WIDTH - 40, 20, True), font=font(20, True), fill=INK,
              anchor="lm")
    y = _table(draw, view, y + 44) + 8
    for s in range(len(view.players)):
        y = _row(draw, view, s, y)
    last_action_bar(draw, WIDTH, y + 12, view.last)
    return to_png(img)


def hand(view: ThisBigView) -> bytes | None:
    """A seat's private hand: River cards (the ones that may answer now highlighted) and lures."""
    if view.seat is None:
        return None
    w, cw, ch = 860, 92, 128
    rows = 3 if view.my_down else 2
    img, draw = new_canvas(w, 60 + 50 + rows * (ch + 56) + 10)
    seat = view.seat
    draw.rectangle((0, 0, w, 56), fill=(40, 62, 88))
    seat_marker(draw, seat, 30, 28, 15)
    draw.text((54, 28), fit_text(draw, f"Your hand, {view.players[seat]}", 420, 22, True), font=font(22, True),
              fill=(255, 255, 255), anchor="lm")
    draw.text((w - 16, 28), f"{view.points[seat]} points", font=font(20, True), fill=HIGHLIGHT, anchor="rm")
    y = 70
    if view.phase == "answer" and view.status[seat] == "thinking":
        note = f"Answer the {_name(view.cast)}: highlighted cards may be played"
        if not view.playable:
            note = f"Answer the {_name(view.cast)}: you may only say No Catch"
    elif view.phase == "cast" and view.turn == seat and not view.finished:
        note = "Your turn: cast one of your lures"
    elif view.cast:
        note = f"On the table: {_name(view.cast)}"
    else:
        note = _status_line(view)
    draw.text((16, y + 10), fit_text(draw, note, w - 32, 19, True), font=font(19, True), fill=INK, anchor="lm")
    y += 40
    sections = [("River cards", view.hand), ("Lures", view.lures)]
    if view.my_down:
        sections.append(("Your face-down answer", view.my_down))
    for title, cards in sections:
        draw.text((16, y), title, font=font(18, True), fill=INK)
        y += 30
        if not cards:
            draw.text((16, y + 20), "none", font=font(17), fill=MUTED)
        for i, c in enumerate(cards[:8]):
            x = 16 + i * (cw + 12)
            playable = c in view.playable and view.phase == "answer"
            card(draw, x + 4, y + 4, c, cw - 8, ch - 8, mark=c in view.playable,
                 dim=bool(view.playable) and c not in view.playable and title == "River cards")
            if playable:
                draw.text((x + cw // 2, y + ch + 12), "can play", font=font(15, True), fill=INK, anchor="mm")
        y += ch + 26
    return to_png(img)


def final(view: ThisBigView, result: Result) -> bytes:
    """Final scores with their breakdown, and every bucket."""
    n = len(view.players)
    img, draw = new_canvas(WIDTH, 56 + 74 + 50 + n * 44 + 50 + n * 76 + 10)
    y = turn_banner(draw, WIDTH, "This Big! — final scores", view.players, [], True)
    for i, line in enumerate(wrap_text(draw, result.summary or view.ended, WIDTH - 40, 19, True)[:2]):
        draw.text((20, y + 20 + i * 26), line, font=font(19, True), fill=INK, anchor="lm")
    y = score_table(draw, 16, y + 74, WIDTH - 32, view.players, result.breakdown, result.scores, result.winners,
                    result.ranks) + 14
    legend = "Buckets" + (" (pale cards came from the hand dump)" if any(view.dumped) else "")
    draw.text((20, y + 14), legend, font=font(17, True), fill=INK, anchor="lm")
    y += 34
    for s in sorted(range(n), key=lambda s: (result.ranks[s], s)):
        seat_marker(draw, s, 34, y + 34, 13)
        draw.text((54, y + 34), fit_text(draw, view.players[s], 150, 17, True), font=font(17, True), fill=INK,
                  anchor="lm")
        cards = view.buckets[s] + view.dumped[s]
        for i, c in enumerate(cards[:25]):
            card(draw, 215 + i * 30, y + 6, c, 28, 56, dim=i >= len(view.buckets[s]))
        if len(cards) > 25:
            draw.text((WIDTH - 20, y + 34), f"+{len(cards) - 25}", font=font(16), fill=INK, anchor="rm")
        y += 76
    return to_png(img)


def _named(faces: list[str]) -> str:
    """Face codes as card names."""
    return ", ".join(NAMES[card_of(f)] for f in faces) or "none"


def text(view: ThisBigView) -> str:
    """The table (and this seat's hand) in a few lines of text, for the terminal player."""
    cast = NAMES[card_of(view.cast)] if view.cast else "none"
    lines = [f"Cast: {cast}. River {view.river_size}, Tackle Box {view.tackle_size}; target {view.target} points."]
    for s, name in enumerate(view.players):
        lines.append(f"  {name}: {view.points[s]} pts (bucket: {_named(view.buckets[s])}); "
                     f"{view.hand_sizes[s]} river cards, {view.lure_counts[s]} lures; {view.status[s] or '-'}")
    if view.seat is not None:
        lines.append(f"Your river cards: {_named(view.hand)}. Your lures: {_named(view.lures)}.")
        if view.my_down:
            lines.append(f"Your face-down answer: {_named(view.my_down)}.")
    return "\n".join(lines)
