"""This Big! drawings from views only: the public table, a seat's private hand and the final scores.

Drawn for a phone first: 800 px wide (shown ~400 px), so every text a player needs is >= 16 px here and nothing is
under 12 px. Cards are cached sprites (renderers.thisbig_art); the parts that never change in a game (water,
panels) are drawn once per layout and copied; a board is mapped to one fixed palette (cheap, same bytes for the
same view).
"""

from __future__ import annotations

import io
from functools import cache

from PIL import Image, ImageDraw

from engines.core import Result
from engines.thisbig import ThisBigView
from engines.thisbig.cards import FACES, NAMES, card_of, colour, size
from renderers.art import (
    banner,
    banner_height,
    event_bar,
    event_bar_height,
    paint_water,
    say,
    seat_badge,
    shade,
)
from renderers.common import (
    BG,
    HIGHLIGHT,
    INK,
    MUTED,
    PANEL,
    counted,
    fit_line,
    fit_text,
    font,
    points,
    seat_colour,
    winners_line,
    wrap_text,
)
from renderers.thisbig_art import FISH_RGB, back_sprite, card_sprite, put_card

WIDTH = 800
PAD = 14
BIG, MID, SMALL = 24, 20, 17  # font sizes: 12, 10 and 8.5 px when shown 400 px wide
STATUS_H = 40
POND_H = 184
ROW_H = 104
EXTRA_H = 70  # a row's second line: cards the table knows are in that hand
MINI = (44, 62)  # bucket and known cards
POND_CARD = (72, 100)
DOWN = (40, 56)
BUCKET_X, POINTS_X = 404, WIDTH - PAD - 84
STATUS = {"thinking": "thinking…", "answered": "answered", "No Catch": "No Catch!"}
CASTER_INK = (28, 46, 70)
NEWS = (40, 190, 110)  # the frame on what the last pick caught
FINAL_PARTS = {"fish": (70, 150, 210), "from hand": (150, 200, 235), "rubbish": (190, 70, 60)}  # final bars
KEY_H = 40  # the final image's key to its bar colours
MEASURE = ImageDraw.Draw(Image.new("RGB", (1, 1)))  # measures texts without drawing them


def _name(face: str) -> str:
    """A card's name for people, from its face code."""
    return NAMES[card_of(face)]


def _status_line(view: ThisBigView) -> str:
    """What is happening now, in words."""
    name = view.players[view.turn]
    if view.finished:
        return "Game over: " + view.ended + "."
    if view.phase == "cast":
        return f"{name} is choosing a lure to cast."
    lure = _name(view.cast)
    if view.phase == "answer":
        extra = " (largest fish)" if view.cast == "lure-lunker" else ""
        return f"{name} cast a {lure}{extra}: answers in secret."
    return f"{name} cast a {lure} and picks one face-down card."


def _rows(view: ThisBigView) -> tuple[int, ...]:
    """Each seat's row height: one line, or two when the table knows cards in that hand."""
    return tuple(ROW_H + (EXTRA_H if view.revealed[s] or view.known[s] else 0) for s in range(len(view.players)))


@cache
def layer(rows: tuple[int, ...]) -> Image.Image:
    """What never changes for this layout: the background, the pond's water and the seats' panels."""
    top = banner_height(WIDTH) + STATUS_H
    height = top + POND_H + sum(rows) + 8 + event_bar_height(WIDTH)
    img = Image.new("RGB", (WIDTH, height), BG)
    paint_water(img, (PAD, top, WIDTH - PAD, top + POND_H - 8), radius=14)
    draw = ImageDraw.Draw(img)
    y = top + POND_H
    for s, h in enumerate(rows):
        draw.rounded_rectangle((PAD, y, WIDTH - PAD, y + h - 8), radius=12, fill=PANEL, outline=(190, 182, 166),
                               width=2)
        draw.rounded_rectangle((PAD, y, PAD + 10, y + h - 8), radius=5, fill=seat_colour(s))
        y += h
    return img


def _label(img: Image.Image, x: float, y: float, text: str, size: int = SMALL, anchor: str = "mt") -> None:
    """A caption over the water: white with a dark halo, to read on any wave."""
    say(img, (x, y), text, size, True, (255, 255, 255), anchor, stroke=3, stroke_fill=(20, 50, 80))


def _pond(img: Image.Image, view: ThisBigView, y: int) -> None:
    """The middle of the table: the lure cast now, the decks, the lure discard and the rubbish pile."""
    draw = ImageDraw.Draw(img)
    w, h = POND_CARD
    cy = y + 12
    cast = view.cast or view.discard_top  # between casts, the last lure cast, washed out
    slots = [("Cast" if view.cast else "Last cast", cast, None), ("River", "", ("river", view.river_size)),
             ("Tackle Box", "", ("tackle", view.tackle_size)),
             (f"Rubbish {len(view.junk)}", view.junk[-1] if view.junk else "", None)]
    x = PAD + 24
    for title, face, deck in slots:
        if view.cast and title == "Cast":
            draw.rounded_rectangle((x - 7, cy - 7, x + w + 7, cy + h + 7), radius=12, outline=HIGHLIGHT, width=6)
        if deck is None and face and face == view.caught and title.startswith("Rubbish") and not view.penalty:
            draw.rounded_rectangle((x - 7, cy - 7, x + w + 7, cy + h + 7), radius=12, outline=NEWS, width=6)
        if deck:
            put_card(img, back_sprite(deck[0], w, h), x, cy)
            _count(img, x + w / 2, cy + h / 2, str(deck[1]))
        elif face:
            put_card(img, card_sprite(face, w, h, dim=title == "Last cast"), x, cy)
        else:
            draw.rounded_rectangle((x, cy, x + w, cy + h), radius=8, outline=(235, 245, 255), width=2)
        _label(img, x + w / 2, cy + h + 10, title)
        x += w + 62
    rules = [f"Target {view.target}"]
    if view.penalty:
        rules.append("Rubbish −1")
    if view.dump_at:
        rules.append(f"Dump at {view.dump_at}")
    if view.reveal:
        rules.append("Uncaught shown")
    for i, text in enumerate(rules):
        _label(img, WIDTH - PAD - 16, cy + 4 + i * 30, text, MID if i == 0 else SMALL, "ra")


def _count(img: Image.Image, cx: float, cy: float, text: str) -> None:
    """A count on a deck: a white number in a dark pill."""
    tw = MEASURE.textlength(text, font=font(MID, True))
    ImageDraw.Draw(img).rounded_rectangle((cx - tw / 2 - 8, cy - 15, cx + tw / 2 + 8, cy + 15), radius=10,
                                          fill=(20, 30, 44))
    say(img, (cx, cy), text, MID, True, (255, 255, 255), "mm")


def _status(img: Image.Image, view: ThisBigView, s: int, x: int, y: int) -> None:
    """A seat's part in this cast: the caster chip, thinking, answered or No Catch!"""
    if view.finished:
        return
    if s == view.turn:
        text, fill, ink = "CASTER", CASTER_INK, (255, 255, 255)
    else:
        text = STATUS.get(view.status[s], "")
        fill, ink = {"thinking": ((255, 232, 150), INK), "answered": ((208, 232, 208), INK),
                     "No Catch": ((232, 216, 210), (150, 40, 30))}.get(view.status[s], (None, INK))
    if not text:
        return
    tw = MEASURE.textlength(text, font=font(SMALL, True))
    ImageDraw.Draw(img).rounded_rectangle((x, y, x + tw + 16, y + 28), radius=8, fill=fill)
    say(img, (x + 8, y + 14), text, SMALL, True, ink, "lm")


def _bucket(img: Image.Image, view: ThisBigView, s: int, y: int) -> None:
    """A seat's caught cards (pale: from the hand dump), overlapping when many; numbers stay in sight."""
    caught = view.buckets[s]
    cards = [(c, False) for c in sorted(caught, key=_order)] + [(c, True) for c in sorted(view.dumped[s], key=_order)]
    w, h = MINI
    room = POINTS_X - 12 - BUCKET_X
    if not cards:
        say(img, (BUCKET_X, y + h / 2), "empty bucket", SMALL, False, MUTED, "lm")
        return
    shown = cards[: max(1, (room - w) // 18 + 1)]
    step = min(w + 4, (room - w) / max(1, len(shown) - 1)) if len(shown) > 1 else 0
    new = next((i for i, (c, dumped) in enumerate(shown) if c == view.caught and not dumped), None)
    for i, (c, dumped) in enumerate(shown):
        put_card(img, card_sprite(c, w, h, dim=dumped, penalty=view.penalty), BUCKET_X + i * step, y)
    if view.caught_by == s and new is not None:  # what the last pick caught, framed until the next cast
        x = BUCKET_X + new * step
        ImageDraw.Draw(img).rounded_rectangle((x - 5, y - 5, x + w + 5, y + h + 5), radius=9, outline=NEWS, width=5)
    if len(shown) < len(cards):  # with the rubbish penalty, what the hidden cards take off counts too
        junk = sum(1 for c, _ in cards[len(shown):] if card_of(c) >= 32) if view.penalty else 0
        more = f"+{len(cards) - len(shown)}" + (f" ({junk} rubbish, −{junk})" if junk else "")
        say(img, (POINTS_X - 14, y + h + 2), more, SMALL, True, INK, "rt")


def _order(face: str) -> tuple[int, int]:
    """Bucket order: biggest fish first, then rubbish."""
    c = card_of(face)
    return (-size(c), colour(c)) if c < 32 else (1, c)


def _row(img: Image.Image, view: ThisBigView, s: int, y: int, h: int) -> None:
    """One seat: badge, name, status, hand and lure counts, face-down cards, bucket and points."""
    draw = ImageDraw.Draw(img)
    acting = s in view.to_act
    if acting:
        draw.rounded_rectangle((PAD - 2, y - 2, WIDTH - PAD + 2, y + h - 6), radius=13, outline=HIGHLIGHT, width=6)
    seat_badge(img, s, PAD + 36, y + 30, 16)
    say(img, (PAD + 60, y + 30), fit_text(draw, view.players[s], 176, MID, True), MID, True, INK, "lm")
    _status(img, view, s, PAD + 58, y + 54)
    hx = 252
    put_card(img, back_sprite("river", 24, 34), hx, y + 10)
    say(img, (hx + 32, y + 27), str(view.hand_sizes[s]), MID, True, INK, "lm")
    put_card(img, back_sprite("tackle", 24, 34), hx, y + 54)
    say(img, (hx + 32, y + 71), str(view.lure_counts[s]), MID, True, INK, "lm")
    for k in range(view.down_counts[s]):  # two cards are numbered as the pick buttons name them
        x = 308 + k * (DOWN[0] + 6)
        put_card(img, back_sprite("river", *DOWN), x, y + 16)
        if view.down_counts[s] > 1:
            _count(img, x + DOWN[0] / 2, y + 16 + DOWN[1] / 2, str(k + 1))
    _bucket(img, view, s, y + 14)
    score = str(view.points[s])
    say(img, (WIDTH - PAD - 18, y + 36), score, 34, True, INK, "rm")
    say(img, (WIDTH - PAD - 18, y + 64), "point" if view.points[s] == 1 else "points", SMALL, False, MUTED, "rm")
    if h > ROW_H:
        shown = view.revealed[s] or view.known[s]
        title = "Shown:" if view.revealed[s] else "Known in hand:"
        say(img, (PAD + 58, y + ROW_H + 20), title, SMALL, True, INK, "lm")
        x = PAD + 58 + draw.textlength(title, font=font(SMALL, True)) + 12
        for i, c in enumerate(shown[:8]):
            put_card(img, card_sprite(c, *MINI), x + i * (MINI[0] + 6), y + ROW_H - 10)


@cache
def palette() -> Image.Image:
    """The colours a board may use, quantized once from a sample of them all (mapping to a known palette is far
    cheaper than quantizing each board, and the same view always gives the same bytes)."""
    base = layer((ROW_H,) * 6)
    per_row = (WIDTH - 16) // (POND_CARD[0] + 10)
    rows = -(-2 * len(set(FACES)) // per_row)
    sample = Image.new("RGB", (WIDTH, base.height + rows * (POND_CARD[1] + 12) + 16), BG)
    sample.paste(base, (0, 0))
    x, y = 0, base.height
    for face in sorted(set(FACES)):
        for dim in (False, True):
            put_card(sample, card_sprite(face, *POND_CARD, dim=dim), x + 8, y + 8)
            x += POND_CARD[0] + 10
            if x > WIDTH - POND_CARD[0] - 16:
                x, y = 0, y + POND_CARD[1] + 12
    for s in range(6):
        banner(sample, "This Big!", ["A"] * 6, [s], False, y=base.height - 60)
        seat_badge(sample, s, 20 + s * 40, 20, 16)
    draw = ImageDraw.Draw(sample)
    for i, rgb in enumerate((HIGHLIGHT, NEWS, CASTER_INK, (255, 232, 150), (208, 232, 208), (232, 216, 210),
                             *(shade(c, 0.62) for c in FISH_RGB))):
        draw.rectangle((i * 30, 0, i * 30 + 29, 29), fill=rgb)
    return sample.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def encode(img: Image.Image) -> bytes:
    """PNG bytes mapped to the fixed palette, at a quick compression level."""
    buf = io.BytesIO()
    img.quantize(palette=palette(), dither=Image.Dither.NONE).save(buf, format="PNG", compress_level=1)
    return buf.getvalue()


def board(view: ThisBigView) -> bytes:
    """The public table (or a seat's view, drawn without its secrets)."""
    rows = _rows(view)
    img = layer(rows).copy()
    y = banner(img, "This Big!", view.players, view.to_act, view.finished)
    status = fit_line(MEASURE, _status_line(view), view.players, WIDTH - 2 * PAD, MID, True)
    say(img, (PAD, y + STATUS_H // 2), status, MID, True, INK, "lm")
    y += STATUS_H
    _pond(img, view, y)
    y += POND_H
    for s, h in enumerate(rows):
        _row(img, view, s, y, h)
        y += h
    event_bar(img, y + 8, view.last, view.players)
    return encode(img)


def hand(view: ThisBigView) -> bytes | None:
    """A seat's private hand: River cards (those that may answer now framed), lures, and its face-down answer."""
    if view.seat is None:
        return None
    seat = view.seat
    cw, ch = 112, 156
    sections = [("Your River cards", view.hand), ("Your lures", view.lures)]
    if view.my_down:
        sections.append(("Your face-down answer", view.my_down))
    head = banner_height(WIDTH)
    img = Image.new("RGB", (WIDTH, head + 64 + len(sections) * (ch + 62) + 10), BG)
    draw = ImageDraw.Draw(img)
    draw.rectangle((0, 0, WIDTH, head), fill=CASTER_INK)
    draw.rectangle((0, head - 4, WIDTH, head), fill=seat_colour(seat))
    seat_badge(img, seat, PAD + 18, head // 2, 16)
    say(img, (PAD + 44, head // 2), fit_text(draw, view.players[seat], 430, BIG, True), BIG, True, (255, 255, 255),
        "lm")
    say(img, (WIDTH - PAD, head // 2), points(view.points[seat]), BIG, True, HIGHLIGHT, "rm")
    answering = view.phase == "answer" and view.status[seat] == "thinking"
    if answering:
        note = (f"Answer the {_name(view.cast)}: the framed cards may be played" if view.playable else
                f"Answer the {_name(view.cast)}: you may only say No Catch!")
    elif view.phase == "cast" and view.turn == seat and not view.finished:
        note = "Your turn: cast one of your lures"
    elif view.cast:
        note = f"On the table: {_name(view.cast)}"
    else:
        note = _status_line(view)
    say(img, (PAD, head + 32), fit_text(draw, note, WIDTH - 2 * PAD, MID, True), MID, True, INK, "lm")
    y = head + 64
    for title, cards in sections:
        say(img, (PAD, y + 12), title, MID, True, INK, "lm")
        y += 32
        if not cards:
            say(img, (PAD, y + 40), "none", MID, False, MUTED, "lm")
        for i, c in enumerate(cards[:6]):
            x = PAD + 8 + i * (cw + 18)
            river = title == "Your River cards"
            can = c in view.playable and (answering or not river)
            if can:
                draw.rounded_rectangle((x - 7, y - 3, x + cw + 7, y + ch + 7), radius=14, outline=HIGHLIGHT, width=6)
            put_card(img, card_sprite(c, cw, ch, dim=answering and river and not can), x, y + 4)
        y += ch + 30
    return encode(img)


def final(view: ThisBigView, result: Result) -> bytes:
    """Final scores: a bar per player split by what scored (fish, from hand, rubbish, with a key), the winner and
    why the game ended, every bucket."""
    n = len(view.players)
    order = sorted(range(n), key=lambda s: (result.ranks[s], s))
    row = 104
    head = banner_height(WIDTH)
    draw = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    headline = fit_line(draw, winners_line(view.players, result.winners, points(max(result.scores))) + ".",
                        view.players, WIDTH - 2 * PAD, MID, True)
    why = wrap_text(draw, result.summary or view.ended, WIDTH - 2 * PAD, MID)
    lines = [(headline, True), *((line, False) for line in why[:2])]
    if len(why) > 2:
        lines[-1] = (fit_text(draw, lines[-1][0] + " …", WIDTH - 2 * PAD, MID), False)
    top = head + 12 + 28 * len(lines) + 10
    img = Image.new("RGB", (WIDTH, top + n * row + KEY_H), BG)
    banner(img, "This Big! · final scores", view.players, [], True)
    draw = ImageDraw.Draw(img)
    for i, (line, bold) in enumerate(lines):
        say(img, (PAD, head + 26 + i * 28), line, MID, bold, INK, "lm")
    best = max(1, max(max(result.scores), max(sum(v for v in b.values() if v > 0) for b in result.breakdown)))
    y = top
    for s in order:
        _final_row(img, view, result, s, y, best)
        y += row
    x = PAD
    for part, rgb in FINAL_PARTS.items():
        if any(b.get(part) for b in result.breakdown):
            draw.rounded_rectangle((x, y + 8, x + 22, y + 26), radius=4, fill=rgb)
            say(img, (x + 30, y + 17), part, SMALL, False, INK, "lm")
            x += 30 + draw.textlength(part, font=font(SMALL)) + 24
    return encode(img)


def _final_row(img: Image.Image, view: ThisBigView, result: Result, s: int, y: int, best: int) -> None:
    """One player's final row: rank, badge, name (★ for a winner), the bar by part, the total, the breakdown in
    words and the bucket (cards from the hand dimmed)."""
    draw = ImageDraw.Draw(img)
    win = s in result.winners
    bar_x, row = 290, 104
    bar_w = WIDTH - PAD - bar_x - 120
    draw.rounded_rectangle((PAD, y, WIDTH - PAD, y + row - 8), radius=12, fill=(255, 240, 190) if win else PANEL,
                           outline=HIGHLIGHT if win else (190, 182, 166), width=4 if win else 2)
    seat_badge(img, s, PAD + 28, y + 28, 15)
    rank, star = f"{result.ranks[s]}. ", " ★" if win else ""
    room = bar_x - PAD - 60 - draw.textlength(rank + star, font=font(MID, True))
    say(img, (PAD + 52, y + 28), rank + fit_text(draw, view.players[s], int(room), MID, True) + star, MID, True, INK,
        "lm")
    x = bar_x
    for key, rgb in FINAL_PARTS.items():
        value = result.breakdown[s].get(key, 0)
        if value > 0:
            w = value * bar_w / best
            draw.rounded_rectangle((x, y + 14, x + w, y + 42), radius=6, fill=rgb)
            if w > 28:
                say(img, (x + w / 2, y + 28), str(value), SMALL, True, INK, "mm")
            x += w
    rubbish = result.breakdown[s].get("rubbish", 0)
    if rubbish:
        say(img, (x + 8, y + 28), f"{rubbish}", SMALL, True, (170, 30, 30), "lm")
    say(img, (WIDTH - PAD - 16, y + 28), str(result.scores[s]), 30, True, INK, "rm")
    legend = ", ".join(f"{k} {v}" for k, v in result.breakdown[s].items() if v) or "nothing caught"
    for i, line in enumerate(wrap_text(draw, legend, bar_x - PAD - 60, SMALL)[:2]):
        say(img, (PAD + 52, y + 58 + i * 20), line, SMALL, False, MUTED, "lm")
    cards = sorted(view.buckets[s], key=_order) + sorted(view.dumped[s], key=_order)
    step = min(40, (WIDTH - PAD - 16 - 36 - bar_x) / max(1, len(cards) - 1))
    for i, c in enumerate(cards):
        put_card(img, card_sprite(c, 36, 44, dim=i >= len(view.buckets[s]), penalty=view.penalty),
                 bar_x + i * step, y + 46)


def _named(faces: list[str]) -> str:
    """Face codes as card names."""
    return ", ".join(NAMES[card_of(f)] for f in faces) or "none"


def text(view: ThisBigView) -> str:
    """The table (and this seat's hand) in a few lines of text, for the terminal player."""
    cast = NAMES[card_of(view.cast)] if view.cast else "none"
    lines = [f"Cast: {cast}. River {view.river_size}, Tackle Box {view.tackle_size}; target {view.target} points."]
    for s, name in enumerate(view.players):
        lines.append(f"  {name}: {points(view.points[s])} (bucket: {_named(view.buckets[s])}); "
                     f"{counted(view.hand_sizes[s], 'river card')}, {counted(view.lure_counts[s], 'lure')}; {view.status[s] or '-'}")
    if view.seat is not None:
        lines.append(f"Your river cards: {_named(view.hand)}. Your lures: {_named(view.lures)}.")
        if view.my_down:
            lines.append(f"Your face-down answer: {_named(view.my_down)}.")
    return "\n".join(lines)
