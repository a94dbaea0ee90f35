"""Drawings for If Wishes Were Fishes!: the ocean, the ring of market stalls, the garbage heap, players and scores.

Drawn 800 px wide for a phone (shown ~400 px wide): every text a player needs is >= 16 px here (8 px on the phone).
What never changes in a game (background, water, stalls, player frames and names) is one cached layer per table;
a board pastes cached sprites (renderers.wishes_art) over a copy of it and maps the result to a fixed palette.
"""

from __future__ import annotations

import io
from functools import cache, lru_cache

from PIL import Image, ImageDraw

from engines.core import Result
from engines.wishes.cards import (
    BUYER_VALUES,
    CARDS,
    DOUBLE,
    GARBAGE_END,
    GARBAGE_PENALTY,
    KINDS,
    LIMITS,
    NKINDS,
    WISH_NAMES,
    card_name,
)
from engines.wishes.rules import CATEGORIES, WishesView
from renderers.art import (
    banner,
    banner_height,
    card_frame,
    paint_water,
    paste,
    px,
    say,
    seat_badge,
    shade,
    worm_sprite,
)
from renderers.common import (
    BG,
    HIGHLIGHT,
    INK,
    MUTED,
    PANEL,
    counted,
    fit_line,
    fit_lines,
    fit_text,
    font,
    seat_colour,
    winners_line,
)
from renderers.wishes_art import (
    SIZE_TEXT,
    WIDTH,
    buyer_sprite,
    card_sprite,
    deck_sprite,
    heap_sprite,
    hull_sprite,
    kind_fitted,
    kind_sprite,
    marker_sprite,
    stall_sprite,
)

RGB = tuple[int, int, int]
TITLE = "If Wishes Were Fishes!"
PAD = 12
BIG = px(WIDTH, 12)  # 24: dollars, prices, counts that matter most
MID = px(WIDTH, 9)  # 18
CARD_W, CARD_H, CARD_GAP = 150, 178, 10
SLOT_LABEL = SIZE_TEXT + 10
OCEAN_H = 8 + SLOT_LABEL + CARD_H + 14
STALL_W = (WIDTH - 2 * PAD - (NKINDS - 1) * 8) // NKINDS
STALL_H = 300
INFO_H = 92
ROW_H = 66
NEWS = (255, 120, 40)  # the frame on what the latest turn changed
FULL_BAND = (60, 60, 70)
GARBAGE_RED = (170, 30, 30)
EVENTS_H = 2 * MID + 20  # two lines: a Wishes event (a take and the card dealt) rarely fits in one
EVENTS_BG = (225, 218, 200)
STEPS = {"buyer": "which buyer?", "steps": "how far?", "sellkind": "sell which kind?", "sellone": "sell which fish?",
         "spread": "place a buyer", "spoilsrc": "from where?", "spoilwho": "whose fish?"}  # a wish's step, briefly
WINNER = (255, 240, 190)
HINT = (214, 236, 246)
TAG = (255, 250, 214)


def _layout(players: int) -> tuple[int, int, int, int, int]:
    """Top y of the ocean, markets, info row and player rows, and the board's height."""
    ocean = banner_height(WIDTH)
    markets = ocean + OCEAN_H
    info = markets + STALL_H + 16
    rows = info + INFO_H + 8
    return ocean, markets, info, rows, rows + players * ROW_H + 4 + EVENTS_H


def _slot_x(k: int) -> int:
    """Left x of ocean slot k."""
    return PAD + k * (CARD_W + CARD_GAP)


def _stall_x(m: int) -> int:
    """Left x of market m."""
    return PAD + m * (STALL_W + 8)


@cache
def static_layer(players: int) -> Image.Image:
    """Everything that stays put at a table of this many: water, slot costs, stalls and the ring arrows, frames.

    Names are drawn on each board: a layer per player count, not per table, keeps the cache small for good."""
    ocean, markets, info, rows, height = _layout(players)
    img = Image.new("RGB", (WIDTH, height), BG)
    paint_water(img, (0, ocean, WIDTH, markets))
    draw = ImageDraw.Draw(img)
    for k in range(4):
        cost = f"pay {k}" if k else "free"  # a worm on each shallower card
        draw.text((_slot_x(k) + CARD_W / 2 + 4, ocean + 6 + SLOT_LABEL / 2), f"Slot {k + 1}: {cost}",
                  font=font(SIZE_TEXT, True), fill=(255, 255, 255), anchor="mm", stroke_width=2,
                  stroke_fill=(30, 60, 100))
    for m in range(NKINDS):
        stall = stall_sprite(m, STALL_W, STALL_H)
        img.paste(stall, (_stall_x(m) - 4, markets - 2), stall)
        if m < NKINDS - 1:  # buyers move clockwise: left to right, and from Swordfish back to Angelfish
            x, y = _stall_x(m) + STALL_W + 4, markets + 44
            draw.polygon([(x - 4, y - 7), (x + 4, y), (x - 4, y + 7)], fill=INK)
    card_frame(img, (PAD, info, PAD + 330, info + INFO_H), (214, 204, 178), radius=12)
    paste(img, heap_sprite(64), PAD + 38, info + INFO_H / 2)
    draw.text((PAD + 74, info + 10), "Garbage heap", font=font(MID, True), fill=INK)
    for s in range(players):
        top = rows + s * ROW_H
        card_frame(img, (PAD, top, WIDTH - PAD, top + ROW_H - 8), PANEL, radius=12, shadow=False, width=1)
        seat_badge(img, s, PAD + 24, top + (ROW_H - 8) / 2, 15)
    return img


@lru_cache(maxsize=1024)
def _fitted(text: str, width: int, size: int, bold: bool) -> str:
    """A text shortened (with an ellipsis) to fit a width, remembered: names repeat on every board."""
    return fit_text(ImageDraw.Draw(Image.new("1", (1, 1))), text, width, size, bold)


@cache
def palette() -> Image.Image:
    """The colours every board may use, quantized once from a sample of them all (the same for every board, so
    the same view always gives the same bytes); mapping to a known palette is far cheaper than quantizing."""
    names = tuple(f"P{s}" for s in range(5))
    layer = static_layer(len(names))
    cards = range(0, 70, 5)
    card_rows = -(-len(cards) // 5)
    sample = Image.new("RGB", (WIDTH, layer.height + card_rows * (CARD_H + 12) + 170), BG)
    sample.paste(layer, (0, 0))
    y = layer.height
    for i, card in enumerate(cards):
        sprite = card_sprite(*CARDS[card], CARD_W, CARD_H)
        sample.paste(sprite, ((i % 5) * (CARD_W + 8), y + (i // 5) * (CARD_H + 12)), sprite)
    draw = ImageDraw.Draw(sample)
    y += card_rows * (CARD_H + 12)
    extra = (HIGHLIGHT, NEWS, FULL_BAND, GARBAGE_RED, WINNER, HINT, TAG, EVENTS_BG, shade(HIGHLIGHT, 0.6))
    for n, colour in enumerate((*extra, *(seat_colour(s) for s in range(5)))):
        draw.rectangle((n * 40, y, n * 40 + 39, y + 40), fill=colour)
        draw.text((n * 40 + 4, y + 4), "$8", font=font(BIG, True), fill=INK)
    for s in range(5):
        banner(sample, TITLE, list(names), [s], False, y=y + 44 + (s % 2) * 20)
        paste(sample, marker_sprite(s, 30), 500 + s * 40, y + 20)
    for i, sprite in enumerate((*(buyer_sprite(value, 44) for value in (1, 2, 3)), worm_sprite(34),
                                hull_sprite(86, 22, False), hull_sprite(86, 22, True))):
        paste(sample, sprite, 40 + i * 100, y + 110)
    return sample.quantize(255, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def _encode(img: Image.Image) -> bytes:
    """PNG bytes of a drawing mapped to the board palette."""
    buf = io.BytesIO()
    img.quantize(palette=palette(), dither=Image.Dither.NONE).save(buf, format="PNG", compress_level=1)
    return buf.getvalue()


def _say(img: Image.Image, xy: tuple[float, float], text: str, size: int = SIZE_TEXT, bold: bool = True,
         fill: RGB = INK, anchor: str = "la", stroke: int = 0) -> float:
    """Paste a board text (a cached sprite, `art.say`) with this board's defaults; returns its right edge."""
    return say(img, xy, text, size, bold, fill, anchor, stroke)


def _news(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], radius: int = 12) -> None:
    """The frame on something the latest turn changed."""
    draw.rounded_rectangle(box, radius=radius, outline=NEWS, width=5)


def _count(img: Image.Image, sprite: Image.Image, x: float, cy: float, n: int, size: int = SIZE_TEXT,
           sign: str = "×") -> float:
    """A sprite and its count beside it ("×3", or "3" where room is short); returns the x after them."""
    paste(img, sprite, x + sprite.width / 2, cy)
    return _say(img, (x + sprite.width + 2, cy), f"{sign}{n}", size, anchor="lm")


def _worm_pill(img: Image.Image, draw: ImageDraw.ImageDraw, x: float, cy: float, n: int) -> None:
    """A white pill with a worm and how many, e.g. on an ocean card."""
    w = 46 + draw.textlength(f"+{n}", font=font(MID, True))
    draw.rounded_rectangle((x, cy - 15, x + w, cy + 15), radius=15, fill=(255, 255, 255), outline=INK, width=2)
    _count(img, worm_sprite(34), x + 6, cy, n, MID, sign="+")


def _ocean(img: Image.Image, draw: ImageDraw.ImageDraw, v: WishesView, top: int) -> None:
    """The four ocean cards (shallow to deep) with the worms on them, then the deck."""
    y = top + 6 + SLOT_LABEL
    for k, card in enumerate(v.ocean):
        x = _slot_x(k)
        sprite = card_sprite(*CARDS[card], CARD_W, CARD_H)
        img.paste(sprite, (x, y - 2), sprite)
        if f"slot-{k}" in v.recent:
            _news(draw, (x + 1, y - 3, x + CARD_W + 7, y + CARD_H + 3))
        if v.ocean_worms[k]:
            _worm_pill(img, draw, x + 12, y + CARD_H * 0.3, v.ocean_worms[k])
    for k in range(len(v.ocean), 4):
        _say(img, (_slot_x(k) + CARD_W / 2, y + CARD_H / 2), "empty", MID, fill=(255, 255, 255), anchor="mm")
    x = _slot_x(4)
    deck = deck_sprite(WIDTH - PAD - x, CARD_H)
    img.paste(deck, (x - 4, y - 2), deck)
    cx = x + (WIDTH - PAD - x) / 2
    _say(img, (cx, y + CARD_H / 2 - 14), str(v.deck_size), px(WIDTH, 16), fill=(255, 255, 255), anchor="mm")
    _say(img, (cx, y + CARD_H / 2 + 22), "in the deck", fill=(255, 255, 255), anchor="mm")


def _buyers(img: Image.Image, draw: ImageDraw.ImageDraw, values: list[int], cx: float, cy: float) -> None:
    """The buyers standing at a market, side by side, each with its value on its shirt."""
    step = min(30, (STALL_W - 30) / max(1, len(values) - 1)) if len(values) > 1 else 0
    start = cx - step * (len(values) - 1) / 2
    for i, value in enumerate(values):
        sprite = buyer_sprite(value, 44)
        x = start + i * step
        paste(img, sprite, x, cy)
        _say(img, (x, cy + 9), str(value), MID, anchor="mm")


def _market(img: Image.Image, draw: ImageDraw.ImageDraw, v: WishesView, m: int, top: int) -> None:
    """One stall's changing parts: its price, buyers, wooden fish per seat and how full it is."""
    x0 = _stall_x(m)
    cx = x0 + STALL_W / 2
    y = top + 112
    tag = f"${v.prices[m]}"
    tw = draw.textlength(tag, font=font(BIG, True))
    draw.rounded_rectangle((cx - tw / 2 - 8, y, cx + tw / 2 + 8, y + BIG + 8), radius=8, fill=TAG,
                           outline=INK, width=2)
    _say(img, (cx, y + BIG / 2 + 4), tag, BIG, anchor="mm")
    values = [BUYER_VALUES[b] for b, at in enumerate(v.buyers) if at == m]
    if values:
        _buyers(img, draw, values, cx, y + BIG + 34)
    fish = [(s, c) for s, c in enumerate(v.markets[m]) if c]
    per_row = 2
    for i, (s, c) in enumerate(fish):
        fx = x0 + 4 + (i % per_row) * (STALL_W // per_row)
        fy = top + 208 + (i // per_row) * 24
        _count(img, marker_sprite(s, 30), fx, fy, c, sign="")
    bottom = top + STALL_H - 4
    if v.full[m] >= 0:
        draw.rounded_rectangle((x0 + 2, bottom - 30, x0 + STALL_W - 2, bottom), radius=8, fill=FULL_BAND)
        _say(img, (cx, bottom - 15), "FULL", fill=(255, 255, 255), anchor="mm")
    elif v.limits_placed < len(LIMITS):
        _say(img, (cx, bottom - 15), f"{sum(v.markets[m])} of {LIMITS[v.limits_placed][0]}", anchor="mm")
    if f"market-{m}" in v.recent:
        _news(draw, (x0 - 3, top - 3, x0 + STALL_W + 3, top + STALL_H + 3))


def _info(img: Image.Image, draw: ImageDraw.ImageDraw, v: WishesView, top: int) -> None:
    """The garbage heap (count, whose fish), the next limit card, and the wish being carried out."""
    heap = sum(v.garbage)
    _say(img, (PAD + 318, top + 10), f"{heap} of {GARBAGE_END}", MID,
         fill=GARBAGE_RED if heap >= GARBAGE_END - 3 else INK, anchor="ra")
    for i, (s, c) in enumerate((s, c) for s, c in enumerate(v.garbage) if c):
        _count(img, marker_sprite(s, 30), PAD + 74 + (i % 3) * 80, top + 50 + (i // 3) * 26, c)
    if not heap:
        _say(img, (PAD + 74, top + 60), "empty", bold=False, anchor="lm")
    if "garbage" in v.recent:
        _news(draw, (PAD - 3, top - 3, PAD + 333, top + INFO_H + 3))
    x0 = PAD + 342
    card_frame(img, (x0, top, x0 + 200, top + INFO_H), (250, 244, 228), radius=12)
    if v.limits_placed < len(LIMITS):
        capacity, first, second = LIMITS[v.limits_placed]
        _say(img, (x0 + 10, top + 8), f"Next limit ({len(LIMITS) - v.limits_placed} left)")
        _say(img, (x0 + 10, top + 34), f"fills at {capacity} fish", bold=False)
        _say(img, (x0 + 10, top + 58), f"most ${first}, next ${second}", bold=False)
    else:
        _say(img, (x0 + 100, top + INFO_H / 2), "No limits left", anchor="mm")
    x0 += 210
    box = (x0, top, WIDTH - PAD, top + INFO_H)
    if v.wish >= 0 and not v.finished:
        card_frame(img, box, HIGHLIGHT, radius=12)
        kind, wish = CARDS[v.wish]
        paste(img, kind_sprite(kind, 56), x0 + 36, top + INFO_H / 2)
        lines = _two_lines(draw, WISH_NAMES[wish], WIDTH - PAD - x0 - 78)
        for i, line in enumerate(lines):
            _say(img, (x0 + 70, top + 10 + i * 24), line)
        _say(img, (x0 + 70, top + 10 + len(lines) * 24), STEPS.get(v.stage, ""), bold=False)
    elif v.finished:
        card_frame(img, box, WINNER, radius=12)
        best = max(v.dollars)
        winners = [name for s, name in enumerate(v.players) if v.dollars[s] == best]
        _say(img, (x0 + 12, top + 10), "Game over")
        _say(img, (x0 + 12, top + 34), f"Most dollars: ${best}", bold=False)
        _say(img, (x0 + 12, top + 58), fit_text(draw, "★ " + " and ".join(winners), WIDTH - PAD - x0 - 24, SIZE_TEXT,
                                                True))
    else:
        card_frame(img, box, HINT, radius=12, shadow=False, width=1)
        for i, line in enumerate(("Take a fish: into a", "boat or for its wish,", "or sell one.")):
            _say(img, (x0 + 12, top + 10 + 24 * i), line, bold=False)


def _events(img: Image.Image, draw: ImageDraw.ImageDraw, y: int, last: list[str], players: list[str]) -> None:
    """The latest public event, in up to two lines, names shortened first (the message text has them all)."""
    draw.rectangle((0, y, WIDTH, y + EVENTS_H), fill=EVENTS_BG)
    lines = fit_lines(draw, last[-1] if last else "Game started.", players, WIDTH - 2 * PAD, MID, 2)
    for i, line in enumerate(lines):
        draw.text((PAD, y + 8 + i * (MID + 4)), line, font=font(MID), fill=INK)


def _two_lines(draw: ImageDraw.ImageDraw, text: str, width: int) -> list[str]:
    """Split a short text into at most two lines that fit."""
    words = text.split()
    for cut in range(len(words), 0, -1):
        first, rest = " ".join(words[:cut]), " ".join(words[cut:])
        if draw.textlength(first, font=font(SIZE_TEXT, True)) <= width:
            return [first, rest] if rest else [first]
    return [text]


def _boats(img: Image.Image, draw: ImageDraw.ImageDraw, v: WishesView, s: int, top: int) -> None:
    """A player's boats: a little hull each, with its fish (and ×2 for a double) and the kind's name."""
    boats = v.boats[s]
    x0 = PAD + 420
    room = WIDTH - PAD - 8 - x0
    w = min(96, room // max(1, len(boats)))
    named = w >= 84
    for j, card in enumerate(boats):
        x = x0 + j * w
        cy = top + (20 if named else 28)
        paste(img, hull_sprite(w - 10, 22, card < 0), x + w / 2, cy + 8)
        if card >= 0:
            kind, wish = CARDS[card]
            paste(img, kind_fitted(kind, w - 30, 34), x + w / 2, cy - 2)
            if wish == DOUBLE:
                _say(img, (x + w - 8, cy - 12), "×2", anchor="rm", stroke=2)
            if named:
                _say(img, (x + w / 2, top + ROW_H - 20), KINDS[kind], bold=False, anchor="mm")
        elif named:
            _say(img, (x + w / 2, top + ROW_H - 20), "empty", bold=False, fill=MUTED, anchor="mm")
        if f"boat-{s}-{j}" in v.recent:
            _news(draw, (x - 1, top - 1, x + w + 1, top + ROW_H - 7), 10)


def _players(img: Image.Image, draw: ImageDraw.ImageDraw, v: WishesView, top: int) -> None:
    """One row per player: dollars, worms, wooden fish left and boats; the seat to act framed."""
    widest = max(draw.textlength(score_words(d), font=font(BIG, True)) for d in v.dollars)
    worms = max(PAD + 296, PAD + 228 + widest + 16)  # one column after the dollars ($100 and more in 2-player games)
    for s in range(len(v.players)):
        y = top + s * ROW_H
        mid = y + (ROW_H - 8) / 2
        _say(img, (PAD + 46, y + 8), _fitted(v.players[s], 170, MID, True), MID)
        if s in v.to_act and not v.finished:
            draw.rounded_rectangle((PAD - 2, y - 2, WIDTH - PAD + 2, y + ROW_H - 6), radius=13, outline=HIGHLIGHT,
                                   width=5)
            _say(img, (PAD + 46, y + 34), "to play", fill=shade(HIGHLIGHT, 0.6))
        dollars = score_words(v.dollars[s])
        right = _say(img, (PAD + 228, mid), dollars, BIG, anchor="lm")
        if f"dollars-{s}" in v.recent:
            _news(draw, (PAD + 222, mid - 18, right + 6, mid + 18), 8)
        x = _count(img, worm_sprite(32), worms, mid - 12, v.worms[s], MID)
        if f"worms-{s}" in v.recent:
            _news(draw, (worms - 4, mid - 28, x + 6, mid + 4), 8)
        _say(img, (_count(img, marker_sprite(s, 26), worms + 2, mid + 16, v.supply[s], sign=""), mid + 16), " left",
             bold=False, anchor="lm")
        _boats(img, draw, v, s, y)


def board(view: WishesView) -> bytes:
    """The public table (there is nothing secret but the deck order)."""
    img = static_layer(len(view.players)).copy()
    ocean, markets, info, rows, height = _layout(len(view.players))
    banner(img, TITLE, view.players, view.to_act, view.finished)
    draw = ImageDraw.Draw(img)
    _ocean(img, draw, view, ocean)
    for m in range(NKINDS):
        _market(img, draw, view, m, markets)
    _info(img, draw, view, info)
    _players(img, draw, view, rows)
    _events(img, draw, height - EVENTS_H, view.last, view.players)
    return _encode(img)


HAS_HAND = False  # nothing is hidden: "My hand" would show the board again


def score_words(score: int) -> str:
    """A score as the game counts it: in dollars."""
    return f"${score}"


def hand(view: WishesView) -> bytes | None:
    """No secret hands in this game: boats are public."""
    return None


CATEGORY_COLOURS = {"sales": (70, 130, 180), "market bonuses": (0, 158, 115), "wishes": (120, 94, 170),
                    "worm bonus": (222, 120, 140), "garbage": GARBAGE_RED}
FINAL_W = 600


def final(view: WishesView, result: Result) -> bytes:
    """The winner, and each player's dollars as a bar by source (garbage in red, to the left of zero)."""
    size = px(FINAL_W, 9)
    row_h = 2 * size + 44
    top = banner_height(FINAL_W) + 2 * size + 24
    legend = size + 16
    height = top + legend + row_h * len(view.players) + 2 * size + 20
    img = Image.new("RGB", (FINAL_W, height), BG)
    banner(img, f"{TITLE} · final scores", view.players, [], True)
    draw = ImageDraw.Draw(img)
    headline = winners_line(view.players, result.winners, score_words(max(result.scores)))
    draw.text((PAD, banner_height(FINAL_W) + 12), fit_line(draw, headline, view.players, FINAL_W - 2 * PAD,
                                                          px(FINAL_W, 11), True), font=font(px(FINAL_W, 11), True),
              fill=INK)
    x = PAD
    for category in CATEGORIES:
        colour = CATEGORY_COLOURS[category]
        draw.rounded_rectangle((x, top + 2, x + size, top + size + 2), radius=4, fill=colour, outline=INK)
        draw.text((x + size + 4, top + size / 2 + 2), category, font=font(size), fill=INK, anchor="lm")
        x += size + 16 + draw.textlength(category, font=font(size))
    y = top + legend
    lowest = min([0] + [row.get("garbage", 0) for row in result.breakdown])
    best = max([1] + [sum(max(0, v) for v in row.values()) for row in result.breakdown])
    left, right = PAD + 200, FINAL_W - PAD - 60
    scale = (right - left) / (best - lowest)
    zero = left - lowest * scale
    for s in sorted(range(len(view.players)), key=lambda s: (result.ranks[s], s)):
        fill = WINNER if s in result.winners else PANEL
        card_frame(img, (PAD, y, FINAL_W - PAD, y + row_h - 8), fill, radius=10, shadow=False, width=1)
        seat_badge(img, s, PAD + 20, y + 22, 13)
        draw.text((PAD + 40, y + 22), fit_text(draw, f"{result.ranks[s]}. {view.players[s]}", 150, size, True),
                  font=font(size, True), fill=INK, anchor="lm")
        row = result.breakdown[s]
        bar = zero
        for category in CATEGORIES:
            amount = row.get(category, 0)
            if amount > 0:
                draw.rectangle((bar, y + 12, bar + amount * scale, y + 32), fill=CATEGORY_COLOURS[category],
                               outline=INK)
                bar += amount * scale
            elif amount < 0:
                draw.rectangle((zero + amount * scale, y + 12, zero, y + 32), fill=GARBAGE_RED, outline=INK)
        draw.text((FINAL_W - PAD - 8, y + 22), f"${result.scores[s]}", font=font(px(FINAL_W, 11), True), fill=INK,
                  anchor="rm")
        parts = " · ".join(f"{c} {row.get(c, 0)}" for c in CATEGORIES if row.get(c, 0))
        draw.text((PAD + 40, y + 44), fit_text(draw, parts or "no dollars", FINAL_W - 2 * PAD - 50, size),
                  font=font(size), fill=INK, anchor="lm")
        y += row_h
    draw.text((PAD, y + 4), fit_text(draw, result.summary, FINAL_W - 2 * PAD, size), font=font(size), fill=MUTED)
    return _encode_final(img)


def _encode_final(img: Image.Image) -> bytes:
    """PNG bytes of the final image (drawn once per game: quantized for it alone)."""
    buf = io.BytesIO()
    img.quantize(255, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).save(buf, format="PNG")
    return buf.getvalue()


def text(view: WishesView) -> str:
    """The table in a few lines of text, for the terminal player."""
    ocean = ", ".join(f"{i + 1}. {card_name(c)}" + (f" +{counted(w, 'worm')}" if w else "")
                      for i, (c, w) in enumerate(zip(view.ocean, view.ocean_worms, strict=False)))
    lines = [f"Ocean (shallow to deep): {ocean or 'empty'}; deck {counted(view.deck_size, 'card')}."]
    capacity, first, second = LIMITS[view.limits_placed] if view.limits_placed < len(LIMITS) else (None, 0, 0)
    for m, kind in enumerate(KINDS):
        buyers = [str(BUYER_VALUES[b]) for b, at in enumerate(view.buyers) if at == m]
        fish = ", ".join(f"{view.players[s]} {n}" for s, n in enumerate(view.markets[m]) if n)
        state = "full" if view.full[m] >= 0 else f"{sum(view.markets[m])}/{capacity}"
        lines.append(f"  {kind:<10} ${view.prices[m]} a fish{' (buyers ' + '+'.join(buyers) + ')' if buyers else ''}"
                     f", {state}{': ' + fish if fish else ''}")
    if capacity is not None:
        lines.append(f"The next market to fill (at {capacity} fish) pays ${first} to whoever has most fish in it and "
                     f"${second} to the next.")
    heap = ", ".join(f"{view.players[s]} {n}" for s, n in enumerate(view.garbage) if n)
    lines.append(f"Garbage heap: {sum(view.garbage)} of {GARBAGE_END}{' (' + heap + ')' if heap else ''}; most "
                 f"fish there loses ${GARBAGE_PENALTY[0]}, the next ${GARBAGE_PENALTY[1]}.")
    for s, name in enumerate(view.players):
        boats = ", ".join(card_name(c) if c >= 0 else "empty" for c in view.boats[s])
        lines.append(f"  {name}: ${view.dollars[s]}, {counted(view.worms[s], 'worm')}, "
                     f"{view.supply[s]} wooden fish left, boats: {boats}")
    return "\n".join(lines)
