"""Drawings for If Wishes Were Fishes!: the ocean, the ring of markets, the garbage heap, players and scores."""

from __future__ import annotations

from PIL import ImageDraw

from engines.core import Result
from engines.wishes.cards import (
    BUYER_VALUES,
    CARDS,
    DOUBLE,
    GARBAGE_END,
    KINDS,
    LIMITS,
    NKINDS,
    WISH_NAMES,
    card_name,
)
from engines.wishes.rules import WishesView
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
    text_colour_on,
    to_png,
    turn_banner,
)

WIDTH = 1200
PAD = 16
KIND_COLOURS = [(246, 190, 60), (150, 110, 190), (240, 140, 70), (150, 110, 80), (140, 150, 160),
                (230, 90, 80), (70, 130, 180)]
COIN = (250, 215, 90)
WORM = (214, 120, 140)
FULL_BAND = (60, 60, 70)


def _worms(draw: ImageDraw.ImageDraw, x: float, y: float, n: int) -> None:
    """A pink worm badge with a count."""
    text = f"{n} worm{'' if n == 1 else 's'}"
    w = draw.textlength(text, font=font(15, True)) + 16
    draw.rounded_rectangle((x, y, x + w, y + 24), radius=12, fill=WORM, outline=INK, width=1)
    draw.text((x + w / 2, y + 12), text, font=font(15, True), fill=INK, anchor="mm")


def _card(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], card: int, size: int = 17) -> None:
    """A fish card: kind on its colour, with its wish (or 'double fish') below."""
    kind, wish = CARDS[card]
    colour = KIND_COLOURS[kind]
    rounded(draw, box, fill=colour, radius=8)
    x0, y0, x1, y1 = box
    ink = text_colour_on(colour)
    w = int(x1 - x0 - 10)
    draw.text(((x0 + x1) / 2, y0 + 6), fit_text(draw, KINDS[kind], w, size + 1, True), font=font(size + 1, True),
              fill=ink, anchor="ma")
    sub = "DOUBLE FISH ×2" if wish == DOUBLE else WISH_NAMES[wish]
    draw.text(((x0 + x1) / 2, y0 + size + 12), fit_text(draw, sub, w, 15), font=font(15), fill=ink, anchor="ma")


def _ocean(draw: ImageDraw.ImageDraw, v: WishesView, y: int) -> int:
    """The four ocean slots (shallow to deep) with their worms, then the deck."""
    draw.text((PAD, y + 4), "Ocean", font=font(20, True), fill=INK)
    draw.text((PAD + 80, y + 8), "slot 1 shallowest: taking slot k costs a worm on each shallower card",
              font=font(15), fill=MUTED)
    top = y + 34
    w, h, gap = 220, 92, 14
    for k in range(4):
        x = PAD + k * (w + gap)
        draw.text((x + 4, top), f"Slot {k + 1}", font=font(16, True), fill=INK)
        box = (x, top + 22, x + w, top + 22 + h)
        if k < len(v.ocean):
            _card(draw, box, v.ocean[k], 18)
            if v.ocean_worms[k]:
                _worms(draw, x + w - 92, top + 22 + h - 32, v.ocean_worms[k])
        else:
            rounded(draw, box, fill=WATER, outline=MUTED, radius=8, width=1)
            draw.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), "empty", font=font(16), fill=INK, anchor="mm")
    x = PAD + 4 * (w + gap) + 10
    box = (x, top + 22, WIDTH - PAD, top + 22 + h)
    rounded(draw, box, fill=(70, 90, 120), radius=8)
    draw.text(((box[0] + box[2]) / 2, top + 22 + h / 2 - 12), "Deck", font=font(18, True), fill=(255, 255, 255),
              anchor="mm")
    draw.text(((box[0] + box[2]) / 2, top + 22 + h / 2 + 14), f"{v.deck_size} cards", font=font(17),
              fill=(255, 255, 255), anchor="mm")
    return top + 22 + h + 12


def _market(draw: ImageDraw.ImageDraw, v: WishesView, m: int, box: tuple[int, int, int, int]) -> None:
    """One market: kind, price, buyers, wooden fish by seat, and its limit card when full."""
    x0, y0, x1, y1 = box
    cx = (x0 + x1) // 2
    rounded(draw, box, fill=PANEL, radius=10)
    colour = KIND_COLOURS[m]
    draw.rounded_rectangle((x0 + 2, y0 + 2, x1 - 2, y0 + 32), radius=9, fill=colour)
    draw.text((cx, y0 + 17), KINDS[m], font=font(17, True), fill=text_colour_on(colour), anchor="mm")
    values = [BUYER_VALUES[b] for b, at in enumerate(v.buyers) if at == m]
    draw.text((cx, y0 + 38), f"${v.prices[m]} a fish", font=font(17, True), fill=INK, anchor="ma")
    if values:
        step = 30
        start = cx - (len(values) - 1) * step / 2
        for i, value in enumerate(values):
            bx = start + i * step
            draw.ellipse((bx - 13, y0 + 62, bx + 13, y0 + 88), fill=COIN, outline=INK, width=2)
            draw.text((bx, y0 + 75), str(value), font=font(16, True), fill=INK, anchor="mm")
    else:
        draw.text((cx, y0 + 75), "no buyer", font=font(15), fill=MUTED, anchor="mm")
    fish = [(s, c) for s, c in enumerate(v.markets[m]) if c]
    for i, (s, c) in enumerate(fish):
        fx = x0 + 28 + (i % 2) * 76
        fy = y0 + 108 + (i // 2) * 30
        seat_marker(draw, s, fx, fy, 12)
        draw.text((fx + 16, fy), f"×{c}", font=font(17, True), fill=INK, anchor="lm")
    total = sum(v.markets[m])
    if v.full[m] >= 0:
        capacity, first, second = LIMITS[v.full[m]]
        draw.rectangle((x0 + 2, y1 - 40, x1 - 2, y1 - 2), fill=FULL_BAND)
        draw.text((cx, y1 - 21), f"FULL {capacity} · {first}/{second}", font=font(16, True), fill=(255, 255, 255),
                  anchor="mm")
    elif v.limits_placed < len(LIMITS):
        draw.text((cx, y1 - 21), f"{total} of {LIMITS[v.limits_placed][0]} fish", font=font(16), fill=INK,
                  anchor="mm")


def _markets(draw: ImageDraw.ImageDraw, v: WishesView, y: int) -> int:
    """The seven markets in clockwise order; buyers move left to right and wrap from the last to the first."""
    draw.text((PAD, y), "Markets", font=font(20, True), fill=INK)
    draw.text((PAD + 100, y + 4), "clockwise →  (after Swordfish comes Angelfish again)", font=font(15), fill=MUTED)
    top = y + 30
    w = (WIDTH - 2 * PAD - 6 * 8) // NKINDS
    h = 230
    for m in range(NKINDS):
        x = PAD + m * (w + 8)
        _market(draw, v, m, (x, top, x + w, top + h))
    return top + h + 12


def _heap_and_limit(draw: ImageDraw.ImageDraw, v: WishesView, y: int) -> int:
    """The garbage heap (count and whose fish), the next limit card, and a wish under way."""
    h = 70
    box = (PAD, y, PAD + 520, y + h)
    rounded(draw, box, fill=(205, 195, 170), radius=10)
    heap = sum(v.garbage)
    draw.text((PAD + 12, y + 8), f"Garbage heap: {heap} of {GARBAGE_END}", font=font(18, True), fill=INK)
    x = PAD + 20
    for s, c in enumerate(v.garbage):
        if c:
            seat_marker(draw, s, x, y + 50, 11)
            draw.text((x + 15, y + 50), f"×{c}", font=font(16, True), fill=INK, anchor="lm")
            x += 70
    if not heap:
        draw.text((PAD + 12, y + 40), "empty (ends the game at 10; most fish −8, second −4)", font=font(15),
                  fill=INK)
    box = (PAD + 536, y, PAD + 840, y + h)
    rounded(draw, box, fill=PANEL, radius=10)
    if v.limits_placed < len(LIMITS):
        capacity, first, second = LIMITS[v.limits_placed]
        draw.text((box[0] + 12, y + 8), f"Next limit card ({len(LIMITS) - v.limits_placed} left)",
                  font=font(18, True), fill=INK)
        draw.text((box[0] + 12, y + 38), f"fills at {capacity} fish · most ${first}, second ${second}",
                  font=font(16), fill=INK)
    else:
        draw.text((box[0] + 12, y + 24), "No limit cards left", font=font(18, True), fill=INK)
    box = (PAD + 856, y, WIDTH - PAD, y + h)
    if v.wish >= 0 and not v.finished:
        rounded(draw, box, fill=HIGHLIGHT, radius=10)
        kind, wish = CARDS[v.wish]
        draw.text((box[0] + 12, y + 8), f"{v.players[v.turn]} is wishing:"[:40], font=font(16, True), fill=INK)
        draw.text((box[0] + 12, y + 36), fit_text(draw, f"{WISH_NAMES[wish]} ({KINDS[kind]})", 290, 17, True),
                  font=font(17, True), fill=INK)
    return y + h + 12


def _players(draw: ImageDraw.ImageDraw, v: WishesView, y: int) -> int:
    """One row per player: marker, name, dollars, worms, wooden fish left and boats with their fish."""
    row_h = 58
    for s, name in enumerate(v.players):
        top = y + s * row_h
        acting = s in v.to_act
        rounded(draw, (PAD, top, WIDTH - PAD, top + row_h - 6), fill=(255, 240, 190) if acting else PANEL,
                outline=HIGHLIGHT if acting else INK, radius=10, width=3 if acting else 1)
        mid = top + (row_h - 6) // 2
        seat_marker(draw, s, PAD + 24, mid, 15)
        draw.text((PAD + 48, mid), fit_text(draw, ("▶ " if acting else "") + name, 180, 19, True),
                  font=font(19, True), fill=INK, anchor="lm")
        draw.text((PAD + 236, mid), f"${v.dollars[s]}", font=font(22, True), fill=INK, anchor="lm")
        _worms(draw, PAD + 318, mid - 12, v.worms[s])
        draw.text((PAD + 432, mid), f"{v.supply[s]} fish left", font=font(15), fill=MUTED, anchor="lm")
        x = PAD + 536
        bw = min(130, (WIDTH - PAD - 8 - x) // max(1, len(v.boats[s])) - 6)
        for card in v.boats[s]:
            box = (x, top + 5, x + bw, top + row_h - 11)
            if card < 0:
                rounded(draw, box, fill=WATER, outline=MUTED, radius=8, width=1)
                draw.text(((box[0] + box[2]) / 2, mid), "empty boat", font=font(15), fill=INK, anchor="mm")
            else:
                kind, wish = CARDS[card]
                rounded(draw, box, fill=KIND_COLOURS[kind], radius=8)
                label = KINDS[kind] + (" ×2" if wish == DOUBLE else "")
                draw.text(((box[0] + box[2]) / 2, mid), fit_text(draw, label, bw - 8, 16, True), font=font(16, True),
                          fill=text_colour_on(KIND_COLOURS[kind]), anchor="mm")
            x += bw + 6
    return y + len(v.players) * row_h + 4


def board(view: WishesView) -> bytes:
    """The public table (there is nothing secret but the deck order)."""
    height = 56 + 160 + 284 + 82 + len(view.players) * 58 + 4 + 34
    img, draw = new_canvas(WIDTH, height)
    y = turn_banner(draw, WIDTH, "If Wishes Were Fishes!", view.players, view.to_act, view.finished)
    y = _ocean(draw, view, y + 6)
    y = _markets(draw, view, y)
    y = _heap_and_limit(draw, view, y)
    y = _players(draw, view, y)
    last_action_bar(draw, WIDTH, height - 34, view.last)
    return to_png(img)


def hand(view: WishesView) -> bytes | None:
    """No secret hands in this game: boats are public."""
    return None


def final(view: WishesView, result: Result) -> bytes:
    """Each player's dollars by source, the winners starred, and why the game ended."""
    width = 1000
    height = 56 + 60 + 44 + 44 * len(view.players) + 60
    img, draw = new_canvas(width, height)
    y = turn_banner(draw, width, "If Wishes Were Fishes! — final", view.players, [], True)
    names = " and ".join(view.players[s] for s in result.winners)
    draw.text((PAD, y + 14), fit_text(draw, f"{names} win{'s' if len(result.winners) == 1 else ''} with "
                                            f"${max(result.scores)}", width - 2 * PAD, 22, True),
              font=font(22, True), fill=INK)
    y = score_table(draw, PAD, y + 56, width - 2 * PAD, view.players, result.breakdown, result.scores,
                    result.winners, result.ranks)
    draw.text((PAD, y + 18), fit_text(draw, result.summary, width - 2 * PAD, 17), font=font(17), fill=MUTED)
    return to_png(img)


def text(view: WishesView) -> str:
    """The table in a few lines of text, for the terminal player."""
    ocean = ", ".join(f"{i + 1}. {card_name(c)}" + (f" +{w} worms" if w else "")
                      for i, (c, w) in enumerate(zip(view.ocean, view.ocean_worms, strict=False)))
    lines = [f"Ocean (shallow to deep): {ocean or 'empty'}; deck {view.deck_size} cards."]
    capacity = LIMITS[view.limits_placed][0] if view.limits_placed < len(LIMITS) else None
    for m, kind in enumerate(KINDS):
        buyers = [str(BUYER_VALUES[b]) for b, at in enumerate(view.buyers) if at == m]
        fish = ", ".join(f"{view.players[s]} {n}" for s, n in enumerate(view.markets[m]) if n)
        state = "full" if view.full[m] >= 0 else f"{sum(view.markets[m])}/{capacity}"
        lines.append(f"  {kind:<10} ${view.prices[m]} a fish{' (buyers ' + '+'.join(buyers) + ')' if buyers else ''}"
                     f", {state}{': ' + fish if fish else ''}")
    lines.append(f"Garbage heap: {sum(view.garbage)} of {GARBAGE_END}.")
    for s, name in enumerate(view.players):
        boats = ", ".join(card_name(c) if c >= 0 else "empty" for c in view.boats[s])
        lines.append(f"  {name}: ${view.dollars[s]}, {view.worms[s]} worms, boats: {boats}")
    return "\n".join(lines)
