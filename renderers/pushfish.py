"""Push Fish drawings: the board (the fishing ground with its cards and this turn's bait marks, the rod strip
with its zones and token stops, the players and the missions), a seat's hand and the final scores.

Drawn 640 px wide for a phone's 400: text a player needs is at least 8 px tall there (13 px here), nothing under
6 px. What never changes in a game (background, water, coordinates, the rod's zones, the legend) is drawn once
per player count and pasted; cards are cached sprites; a fixed palette makes the PNG cheap.
"""

from __future__ import annotations

import io
from functools import cache, lru_cache

from PIL import Image, ImageDraw

from engines.core import Result
from engines.pushfish import sim
from engines.pushfish.cards import CHARACTERS, GROUND, ITEMS, MISSIONS, STRENGTHS, mission_text, pts
from engines.pushfish.state import EMPTY, FACE_DOWN, PushFishView
from renderers.art import (
    banner,
    banner_height,
    event_bar,
    event_bar_height,
    paint_water,
    px,
    seat_badge,
)
from renderers.common import (
    BG,
    HIGHLIGHT,
    INK,
    MUTED,
    PANEL,
    fit_line,
    fit_text,
    font,
    points,
    winners_line,
    wrap_text,
)
from renderers.pushfish_art import (
    BAND,
    KIND_RGB,
    KIND_WORDS,
    SMALL,
    TEXT,
    WIDTH,
    WOOD,
    card_back,
    card_face,
    card_text_boxes,
    item_card,
    kind_icon,
    mini_card,
    token_groups,
)
from renderers.pushfish_text import text as text  # the terminal player's words for a view, re-exported

PAD = 12
LEFT, RIGHT = 30, 8  # the row labels' strip, and the right margin
SCALE = (WIDTH - LEFT - RIGHT) / sim.GROUND_W  # pixels per table unit
CARD_W, CARD_H = round(sim.CARD_W * SCALE), round(sim.CARD_H * SCALE)
GROUND_PX_W, GROUND_PX_H = round(sim.GROUND_W * SCALE), round(sim.GROUND_H * SCALE)
ZONE_RGB = [(170, 214, 150), (245, 214, 120), (240, 160, 90), (214, 90, 80)]
FIGHT = (214, 40, 40)
MARK_R = 13  # a bait mark's radius
MISS = 10  # the radius of the red cross-in-a-disc on the badge of a bait that missed
ROW_H = 62  # a player's row
MINI = 28  # a caught card in a player's row
LINE = TEXT + 8
COMPRESS = 1  # zlib level: 1 takes ~5 ms for ~60 KB on a 6-player board, 3 ~9 ms for 56 KB
ACTIVE_FILL = (255, 240, 190)
BG_DARK = (24, 62, 104)  # a peeked card's edge and tag
ROD_X0, ROD_X1 = PAD + 12, WIDTH - PAD - 12
ROD_H = 34
ITEM_W, ITEM_H, ITEM_COLS = (WIDTH - 4 * PAD) // 3, 150, 3  # the hand's item cards


# ---- layout ----------------------------------------------------------------------------------------
def _tops(players: int, first_game: bool) -> dict[str, int]:
    """The y of every band of the board, and its height, for a player count and mode."""
    y = banner_height(WIDTH) + event_bar_height(WIDTH)
    tops = {"status": y + 8}
    tops["cols"] = tops["status"] + LINE + 4
    tops["ground"] = tops["cols"] + LINE + 2
    tops["line"] = tops["ground"] + GROUND_PX_H + 10
    tops["rod"] = tops["line"] + LINE + 10
    tops["players"] = tops["rod"] + LINE + ROD_H + LINE + LINE + 8
    tops["missions"] = tops["players"] + players * (ROW_H + 6) + 4
    tops["legend"] = tops["missions"] + (0 if first_game else LINE + 5 * LINE + 6)
    tops["foot"] = tops["legend"] + LINE + 4
    tops["height"] = tops["foot"] + LINE + 6
    return tops


def _space_xy(pos: int, top: int) -> tuple[int, int]:
    """Top-left pixel of a ground space; row 1 (nearest) is drawn at the bottom."""
    row, col = divmod(pos, sim.COLS)
    return LEFT + round(col * sim.PITCH_X * SCALE), top + round((sim.ROWS - 1 - row) * sim.PITCH_Y * SCALE)


def _table_to_px(x: float, y: float, top: int) -> tuple[float, float]:
    """A table point (y grows away from the caster) in pixels, kept on the water so a wild miss still shows."""
    px_x = LEFT + x * SCALE
    px_y = top + (sim.GROUND_H - y) * SCALE
    return (min(max(px_x, MARK_R + 2), WIDTH - MARK_R - 2),
            min(max(px_y, top - 8 + MARK_R), top + GROUND_PX_H + 8 - MARK_R))


def _rod_x(u: float) -> float:
    """The x of a point of the rod strip (0-100)."""
    return ROD_X0 + (ROD_X1 - ROD_X0) * min(max(u, -2.0), 102.0) / 100


# ---- the parts drawn once per player count -----------------------------------------------------------
@cache
def base_layer(players: int, first_game: bool) -> Image.Image:
    """Background, water with the coordinates, the casting line, the rod's zones and scale, and the legend."""
    t = _tops(players, first_game)
    img = Image.new("RGB", (WIDTH, t["height"]), BG)
    top = t["ground"]
    paint_water(img, (LEFT - 6, top - 10, LEFT + GROUND_PX_W + 6, top + GROUND_PX_H + 10),
                shallow=(40, 96, 150), deep=(140, 200, 228), radius=14)
    draw = ImageDraw.Draw(img)
    bold = font(TEXT, True)
    for col in range(sim.COLS):
        x, _ = _space_xy(col, top)
        draw.text((x + CARD_W / 2, t["cols"] + LINE / 2), f"C{col + 1}", font=bold, fill=INK, anchor="mm")
    for row in range(sim.ROWS):
        _, y = _space_xy(row * sim.COLS, top)
        draw.text((LEFT / 2 - 3, y + CARD_H / 2), f"R{row + 1}", font=bold, fill=INK, anchor="mm")
    ly = t["line"] + LINE / 2
    for x in range(LEFT, LEFT + GROUND_PX_W, 18):
        draw.line((x, ly, x + 9, ly), fill=(60, 60, 70), width=2)
    label = " casting line: R1 nearest, R4 farthest "
    lw = draw.textlength(label, font=font(SMALL))
    draw.rectangle((WIDTH / 2 - lw / 2, ly - SMALL / 2 - 2, WIDTH / 2 + lw / 2, ly + SMALL / 2 + 2), fill=BG)
    draw.text((WIDTH / 2, ly), label, font=font(SMALL), fill=INK, anchor="mm")
    draw.text((PAD, t["rod"]), "Rod: the wood token must stop inside the fish's zone", font=font(SMALL, True),
              fill=INK)
    y = t["rod"] + LINE
    for z, (lo, hi) in enumerate(sim.ZONES):
        draw.rectangle((_rod_x(lo), y, _rod_x(hi), y + ROD_H), fill=ZONE_RGB[z], outline=INK, width=1)
    for u in (0, 25, 50, 75, 100):
        draw.line((_rod_x(u), y + ROD_H, _rod_x(u), y + ROD_H + 4), fill=INK, width=2)
        draw.text((_rod_x(u), y + ROD_H + 5), str(u), font=font(SMALL), fill=MUTED, anchor="ma")
    _legend(img, draw, t["legend"])
    return img


def _legend(img: Image.Image, draw: ImageDraw.ImageDraw, y: int) -> None:
    """What the card colours and marks mean: a chip per kind, the rarity star, the find's number."""
    x = PAD
    cy = y + LINE / 2
    f = font(SMALL)
    for kind in ("sea", "tropical", "freshwater", "deep"):
        draw.rounded_rectangle((x, cy - 9, x + 18, cy + 9), radius=4, fill=KIND_RGB[kind])
        kind_icon(draw, kind, x + 9, cy, 6, (255, 255, 255))
        draw.text((x + 22, cy), KIND_WORDS[kind], font=f, fill=INK, anchor="lm")
        x += 28 + draw.textlength(KIND_WORDS[kind], font=f) + 6
    draw.text((x, cy), "★ rare  +N items", font=f, fill=INK, anchor="lm")


# ---- the parts drawn every time --------------------------------------------------------------------
def _shown(view: PushFishView, pos: int) -> tuple[int, bool]:
    """The card this view may see at a space (-1 if none), and whether it is the viewer's private peek."""
    if view.ground[pos] == FACE_DOWN and view.known[pos] >= 0:
        return view.known[pos], True
    return view.ground[pos], False


@cache
def _peeked(card: int) -> Image.Image:
    """A peeked face-down card as its owner sees it: the face, dimmed at the edge, tagged "peek"."""
    img = card_face(card, CARD_W, CARD_H).copy()
    draw = ImageDraw.Draw(img)
    draw.rounded_rectangle((1, 1, CARD_W - 2, CARD_H - 2), radius=9, outline=BG_DARK, width=4)
    f = font(SMALL, True)
    w = draw.textlength("peek", font=f)
    draw.rounded_rectangle((CARD_W - w - 14, BAND + 4, CARD_W - 4, BAND + SMALL + 10), radius=5, fill=BG_DARK)
    draw.text((CARD_W - 9 - w / 2, BAND + 7 + SMALL / 2), "peek", font=f, fill=(255, 255, 255), anchor="mm")
    return img



def _ground(img: Image.Image, view: PushFishView, top: int) -> None:
    """The cards, the hooked and fought cards outlined, and this turn's bait marks (names kept on top)."""
    draw = ImageDraw.Draw(img)
    hooked = set(view.hits)
    if view.noisy:  # the free-for-all's hooked cards: where a bait hit and did not tangle
        hits = [int(view.baits[i + 3]) for i in range(0, len(view.baits), 4)]
        hooked = {p for p in hits if p >= 0 and hits.count(p) == 1 and view.ground[p] >= 0}
    for pos in range(sim.ROWS * sim.COLS):
        x, y = _space_xy(pos, top)
        card, peek = _shown(view, pos)
        if view.ground[pos] == EMPTY:
            draw.rounded_rectangle((x, y, x + CARD_W, y + CARD_H), radius=9, outline=(225, 240, 250), width=2)
        elif card >= 0:
            sprite = _peeked(card) if peek else card_face(card, CARD_W, CARD_H)
            img.paste(sprite, (x, y), sprite)
        else:
            back = card_back(CARD_W, CARD_H)
            img.paste(back, (x, y), back)
        if pos == view.target:
            draw.rounded_rectangle((x - 4, y - 4, x + CARD_W + 4, y + CARD_H + 4), radius=11, outline=FIGHT, width=5)
        elif pos in hooked:
            draw.rounded_rectangle((x - 4, y - 4, x + CARD_W + 4, y + CARD_H + 4), radius=11, outline=HIGHLIGHT,
                                   width=5)
    for i in range(0, len(view.baits), 4):  # each bait as its seat's badge, marked with a cross when it missed
        bx, by, seat, hit = view.baits[i: i + 4]
        cx, cy = _mark_xy(view, *_table_to_px(bx, by, top), top)
        seat_badge(img, int(seat), cx, cy, MARK_R)
        if hit < 0:  # a red disc with a white cross at the badge's lower right, the badge's letter left clear
            mx, my = cx + MARK_R * 0.8, cy + MARK_R * 0.8
            draw.ellipse((mx - MISS, my - MISS, mx + MISS, my + MISS), fill=FIGHT, outline=(255, 255, 255), width=2)
            for dx in (-1, 1):
                draw.line((mx - dx * MISS / 2, my - MISS / 2, mx + dx * MISS / 2, my + MISS / 2),
                          fill=(255, 255, 255), width=3)


def _mark_xy(view: PushFishView, cx: float, cy: float, top: int) -> tuple[float, float]:
    """Where a bait's badge goes: where it landed, moved up or down off any number, strength or name of a face-up
    card it would hide (a hit stays on its card, a miss off it)."""
    for _ in range(3):
        clear = True
        for pos in range(sim.ROWS * sim.COLS):
            card, _peek = _shown(view, pos)
            if card < 0 or not _touches(pos, cx, cy, top):
                continue
            x, y = _space_xy(pos, top)
            for left, up, right, down in card_text_boxes(card, CARD_W, CARD_H):
                if x + left - MARK_R < cx < x + right + MARK_R and y + up - MARK_R < cy < y + down + MARK_R:
                    cy = y + up - MARK_R - 1 if cy < y + (up + down) / 2 else y + down + MARK_R + 1
                    clear = False
        if clear:
            break
    return cx, cy


def _touches(pos: int, cx: float, cy: float, top: int) -> bool:
    """Whether a mark at this pixel reaches the card at a space."""
    x, y = _space_xy(pos, top)
    return x - MARK_R <= cx <= x + CARD_W + MARK_R and y - MARK_R <= cy <= y + CARD_H + MARK_R


def _rod(img: Image.Image, view: PushFishView, y: int) -> None:
    """The zones' letters, the zone the fight needs (with its tolerance; after a fight, the zone it needed, in grey)
    and where each wood token stopped, numbered."""
    draw = ImageDraw.Draw(img)
    y += LINE
    if view.zone >= 0:
        lo, hi = sim.ZONES[view.zone]
        draw.rectangle((_rod_x(lo), y - 2, _rod_x(hi), y + ROD_H + 2), outline=INK, width=5)
        start, end = sim.counted_span(view.zone, view.tol, view.hard_seat)
        a, b = _rod_x(start), _rod_x(end)
        by = y + ROD_H + LINE + 4
        draw.line((a, by, b, by), fill=FIGHT, width=3)
        draw.line((a, by - 5, a, by + 5), fill=FIGHT, width=3)
        draw.line((b, by - 5, b, by + 5), fill=FIGHT, width=3)
        label = f"counts from {start:.0f} to {end:.0f}"
        half = draw.textlength(label, font=font(SMALL, True)) / 2
        draw.text((min(max((a + b) / 2, PAD + half), WIDTH - PAD - half), by + 2), label, font=font(SMALL, True),
                  fill=FIGHT, anchor="ma")
    elif view.flick_zone >= 0 and view.flicks:  # a fight just over: the zone its tokens were judged against
        lo, hi = sim.ZONES[view.flick_zone]
        draw.rectangle((_rod_x(lo), y - 2, _rod_x(hi), y + ROD_H + 2), outline=MUTED, width=4)
    f = font(SMALL, True)
    tokens = [(cx, max(9.0, draw.textlength(label, font=f) / 2 + 4), label, off)  # each with its half width
              for cx, label, off in token_groups([_rod_x(stop) for stop in view.flicks], view.flicks)]
    for z, (lo, hi) in enumerate(sim.ZONES):  # each zone's letter where the tokens leave it most room
        half = draw.textlength(STRENGTHS[z], font=font(px(WIDTH, 11), True)) / 2 + 4
        a, b = _rod_x(lo) + half, _rod_x(hi) - half
        room = [min((abs(at - t) - w - half for t, w, _, _ in tokens), default=WIDTH) for at in ((a + b) / 2, a, b)]
        x = (a + b) / 2 if room[0] >= 0 else ((a + b) / 2, a, b)[room.index(max(room))]  # the centre if it is free
        draw.text((x, y + ROD_H / 2), STRENGTHS[z], font=font(px(WIDTH, 11), True), fill=INK, anchor="mm",
                  stroke_width=3, stroke_fill=ZONE_RGB[z])
    for cx, half, label, off in tokens:  # each wood token where it stopped (off the rod: at its end, in red)
        draw.rounded_rectangle((cx - half, y + 3, cx + half, y + ROD_H - 3), radius=4, fill=FIGHT if off else WOOD,
                               outline=INK, width=2)
        draw.text((cx, y + ROD_H / 2), label, font=f, fill=(255, 255, 255), anchor="mm")


def _status(view: PushFishView) -> str:
    """One line on what is going on now."""
    if view.finished:
        return view.ended
    name = view.players[view.turn]
    if view.phase == "volley":
        return f"Free-for-all: {sum(view.submitted)} of {len(view.players)} secret targets chosen"
    if view.target >= 0 and view.ground[view.target] >= 0:
        c = GROUND[view.ground[view.target]]
        need = f", {view.succ} of {view.need} landed" if view.need > 1 else ""
        weaker = f" as {STRENGTHS[view.zone]}" if view.zone >= 0 and view.zone != c.strength else ""
        rods = f"{view.rods} rod action{'s' * (view.rods != 1)} left"
        return f"{name} fights {c.name} ({STRENGTHS[c.strength]}{weaker}): {rods}{need}"
    if view.phase in ("cast", "hit", "nohit"):
        left = f"{view.casts} bait{'s' * (view.casts != 1)} left" + (" (Calm Water)" if view.calm else "")
        if view.phase == "hit":
            return f"{name} has a HIT: fight it or cast again ({left})"
        return f"{name} is casting: {left}" if view.phase == "cast" else f"{name} has no HIT ({left})"
    if view.phase == "mission":
        return f"{name} may claim a mission"
    return f"{name} has caught a fish"


def _players(img: Image.Image, view: PushFishView, y: int) -> None:
    """A row per player (each drawn once per look and reused while it stays the same)."""
    for s, name in enumerate(view.players):
        points = sum(GROUND[c].score for c in view.catches[s]) + sum(MISSIONS[m].points for m in view.won[s])
        points = -1 if view.first_game else points  # the first game counts fish, not points
        acting = s in view.to_act and not view.finished  # a free-for-all waits on several seats at once
        row = _player_row(s, name, view.chars[s], s in view.legendary, acting, tuple(view.catches[s]), view.fish_goal,
                          view.hand_sizes[s], len(view.won[s]), points)
        img.paste(row, (0, y))
        y += ROW_H + 6


@lru_cache(maxsize=512)
def _player_row(seat: int, name: str, char: int, legendary: bool, acting: bool, caught: tuple[int, ...], goal: int,
                items: int, missions: int, points: int) -> Image.Image:
    """A player's row: badge, name and character, points of fish and missions (none when -1; the items in hand add
    theirs at the end), fish, items, missions and the cards caught (RGB)."""
    img = Image.new("RGB", (WIDTH, ROW_H + 1), BG)
    draw = ImageDraw.Draw(img)
    bold, f = font(TEXT, True), font(SMALL)
    draw.rounded_rectangle((PAD, 0, WIDTH - PAD, ROW_H), radius=10, fill=ACTIVE_FILL if acting else PANEL,
                           outline=HIGHLIGHT if acting else (190, 180, 160), width=4 if acting else 2)
    seat_badge(img, seat, PAD + 22, 20, MARK_R)
    score = "" if points < 0 else pts(points) + (" + items" if items else "")  # items' points are secret
    sw = draw.textlength(score, font=bold)
    if score:
        draw.text((WIDTH - PAD - 10 - sw, 20), score, font=bold, fill=INK, anchor="lm")
    head = f"{'▶ ' if acting else ''}{name} · {CHARACTERS[char].name}{' · Legendary' if legendary else ''}"
    draw.text((PAD + 42, 20), fit_line(draw, head, [name], int(WIDTH - 2 * PAD - 70 - sw), TEXT, True), font=bold,
              fill=INK, anchor="lm")  # a long name is shortened first: the character and Legendary still show
    fish = sum(1 for c in caught if not GROUND[c].is_find)
    line = f"{fish}/{goal} fish · {items} item{'s' * (items != 1)} · {missions} mission{'s' * (missions != 1)}"
    draw.text((PAD + 12, 46), line, font=f, fill=INK, anchor="lm")
    x = PAD + 22 + draw.textlength(line, font=f)
    room = int((WIDTH - PAD - 8 - x) // (MINI + 3))
    for c in caught[-room:] if room > 0 else ():
        chip = mini_card(c, MINI)
        img.paste(chip, (round(x), 46 - MINI // 2), chip)
        x += MINI + 3
    return img


@lru_cache(maxsize=64)
def _missions(offer: tuple[int, ...], deck: int) -> Image.Image:
    """The missions on offer: name, points and what each needs, in words (RGB, drawn once per row and pile)."""
    img = Image.new("RGB", (WIDTH, LINE * (1 + len(offer))), BG)
    draw = ImageDraw.Draw(img)
    bold, f = font(SMALL, True), font(SMALL)
    draw.text((PAD, LINE / 2), f"Missions on offer ({deck} in the pile)", font=font(TEXT, True), fill=INK,
              anchor="lm")
    y = LINE
    for m in offer:
        cy = y + LINE / 2
        if m < 0:
            draw.text((PAD + 8, cy), "(empty: refilled next turn)", font=f, fill=MUTED, anchor="lm")
        else:
            mission = MISSIONS[m]
            head = f"{mission.name} · {pts(mission.points)}: "
            draw.text((PAD + 8, cy), head, font=bold, fill=INK, anchor="lm")
            x = PAD + 8 + draw.textlength(head, font=bold)
            draw.text((x, cy), fit_text(draw, mission_text(mission.needs), int(WIDTH - PAD - x), SMALL), font=f,
                      fill=INK, anchor="lm")
        y += LINE
    return img


@lru_cache(maxsize=64)
def _top(title: str, players: tuple[str, ...], to_act: tuple[int, ...], finished: bool,
         last: tuple[str, ...]) -> Image.Image:
    """The banner (whose turn) and the latest events under it (RGB, drawn once per turn and event)."""
    img = Image.new("RGB", (WIDTH, banner_height(WIDTH) + event_bar_height(WIDTH)), BG)
    bottom = banner(img, title, list(players), list(to_act), finished)
    event_bar(img, bottom, last, players)
    return img


@cache
def palette() -> Image.Image:
    """The 256 colours of every Push Fish image, from samples of all they can show (a pure function, so the
    same view always gives the same bytes): mapping to a known palette is far cheaper than quantizing."""
    parts = [base_layer(6, False)]
    every = (*range(len(GROUND)), -1)
    per_row = WIDTH // (CARD_W + 4)
    cards = Image.new("RGB", (WIDTH, -(-len(every) // per_row) * (CARD_H + 4)), BG)
    for k, card in enumerate(every):
        sprite = card_face(card, CARD_W, CARD_H) if card >= 0 else card_back(CARD_W, CARD_H)
        cards.paste(sprite, ((k % per_row) * (CARD_W + 4), (k // per_row) * (CARD_H + 4)), sprite)
    parts.append(cards)
    strips = Image.new("RGB", (WIDTH, 6 * banner_height(WIDTH) + 200), BG)
    for s in range(6):
        banner(strips, "Push Fish", ["Ag"] * 6, [s], False, y=s * banner_height(WIDTH))
        seat_badge(strips, s, 30 + 40 * s, 6 * banner_height(WIDTH) + 30, MARK_R)
    draw = ImageDraw.Draw(strips)
    for n, colour in enumerate((HIGHLIGHT, FIGHT, ACTIVE_FILL, PANEL, WOOD, *ZONE_RGB)):
        draw.rectangle((n * 40, 6 * banner_height(WIDTH) + 60, n * 40 + 39, 6 * banner_height(WIDTH) + 99),
                       fill=colour)
    event_bar(strips, strips.height - event_bar_height(WIDTH), ["Ag", "Ag"])  # the latest event and the one before
    parts.append(strips)
    effects = list({ITEMS[i].effect: i for i in range(len(ITEMS))}.values())
    items = Image.new("RGB", (WIDTH, -(-len(effects) // ITEM_COLS) * (ITEM_H + PAD)), BG)
    for k, item in enumerate(effects):
        sprite = item_card(item, ITEM_W, ITEM_H)
        items.paste(sprite, (PAD + (k % ITEM_COLS) * (ITEM_W + PAD), (k // ITEM_COLS) * (ITEM_H + PAD)), sprite)
    parts.append(items)
    sample = Image.new("RGB", (WIDTH, sum(p.height for p in parts)))
    y = 0
    for p in parts:
        sample.paste(p, (0, y))
        y += p.height
    return sample.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def encode(img: Image.Image) -> bytes:
    """PNG bytes of an image mapped to the Push Fish palette."""
    buf = io.BytesIO()
    img.quantize(palette=palette(), dither=Image.Dither.NONE).save(buf, format="PNG", compress_level=COMPRESS)
    return buf.getvalue()


def board(view: PushFishView) -> bytes:
    """The table as this view sees it: whose turn and what just happened, the ground, the rod, players, missions."""
    t = _tops(len(view.players), view.first_game)
    img = base_layer(len(view.players), view.first_game).copy()
    mode = [k for k, on in (("Hard", view.hard), ("Free-for-all", view.noisy), ("First game", view.first_game)) if on]
    title = "Push Fish" + (f" · {', '.join(mode)}" if mode else "")
    img.paste(_top(title, tuple(view.players), tuple(view.to_act), view.finished, tuple(view.last[-2:])))
    draw = ImageDraw.Draw(img)
    draw.text((PAD, t["status"] + LINE / 2), fit_line(draw, _status(view), view.players, WIDTH - 2 * PAD, TEXT, True),
              font=font(TEXT, True), fill=INK, anchor="lm")
    _ground(img, view, t["ground"])
    _rod(img, view, t["rod"])
    _players(img, view, t["players"])
    if not view.first_game:
        img.paste(_missions(tuple(view.offer), view.mission_deck), (0, t["missions"]))
    foot = f"Pile {view.pile} cards · item deck {view.item_deck} · item discard {view.item_discard}"
    draw.text((PAD, t["foot"] + LINE / 2), foot, font=font(SMALL), fill=MUTED, anchor="lm")
    return encode(img)


# ---- the private hand and the end ----------------------------------------------------------------------
def hand(view: PushFishView) -> bytes | None:
    """A seat's private image: its item cards and the face-down cards it has peeked at."""
    if view.seat is None:
        return None
    peeks = [(p, c) for p, c in enumerate(view.known) if c >= 0]
    rows = max(1, -(-len(view.hand) // ITEM_COLS))
    head = banner_height(WIDTH)
    peek_rows = -(-len(peeks) // 5)
    height = head + LINE + 12 + rows * (ITEM_H + PAD) + (LINE + peek_rows * (CARD_H + LINE + 8) if peeks else 0) + PAD
    img = Image.new("RGB", (WIDTH, height), BG)
    total = sum(ITEMS[i].points for i in view.hand)
    title = f"{view.players[view.seat]}'s items"
    banner(img, title, view.players, view.to_act, view.finished)
    draw = ImageDraw.Draw(img)
    y = head + 6
    draw.text((PAD, y + LINE / 2), f"{len(view.hand)} of 5 items · {pts(total)} if kept to the end · only you see "
              "this", font=font(SMALL), fill=INK, anchor="lm")  # the count here: a long name cuts the title
    y += LINE + 6
    if not view.hand:
        draw.text((PAD, y + LINE / 2), "No item cards.", font=font(TEXT), fill=MUTED, anchor="lm")
    for k, i in enumerate(view.hand):
        x = PAD + (k % ITEM_COLS) * (ITEM_W + PAD)
        sprite = item_card(i, ITEM_W, ITEM_H)
        img.paste(sprite, (x, y + (k // ITEM_COLS) * (ITEM_H + PAD)), sprite)
    y += rows * (ITEM_H + PAD)
    if peeks:
        draw.text((PAD, y + LINE / 2), "Peeked face-down cards (only you know):", font=font(TEXT, True), fill=INK,
                  anchor="lm")
        y += LINE
        for k, (p, c) in enumerate(peeks):
            x = PAD + (k % 5) * (CARD_W + 20)
            cy = y + (k // 5) * (CARD_H + LINE + 8)
            sprite = card_face(c, CARD_W, CARD_H)
            img.paste(sprite, (x, cy), sprite)
            row, col = divmod(p, sim.COLS)
            draw.text((x + CARD_W / 2, cy + CARD_H + 4), f"at R{row + 1} C{col + 1}", font=font(SMALL, True),
                      fill=INK, anchor="ma")
    return encode(img)


def score_text(parts: dict[str, int]) -> str | None:
    """A seat's final score in words, from its breakdown, where its number would mislead: a first game counts fish."""
    return f"{parts['fish']} fish" if set(parts) == {"fish"} else None


PART_RGB = {"fish": (40, 110, 196), "missions": (52, 140, 66), "items": (196, 150, 24)}
FINAL_ROW = 44 + MINI + 2 * LINE


def final(view: PushFishView, result: Result) -> bytes:
    """Final standings: the winner, then each player's total with a bar of points by part and their catch."""
    order = sorted(range(len(view.players)), key=lambda s: (result.ranks[s], s))
    head = banner_height(WIDTH)
    height = head + 2 * LINE + 10 + len(order) * (FINAL_ROW + 8) + LINE + PAD
    img = Image.new("RGB", (WIDTH, height), BG)
    banner(img, "Push Fish · final scores", view.players, [], True)
    draw = ImageDraw.Draw(img)
    y = head + 6
    best = max(result.scores)  # the first game counts fish, not points
    headline = winners_line(view.players, result.winners,
                            f"{best} fish" if view.first_game else points(best))
    for line in wrap_text(draw, f"{headline}. {view.ended or result.summary}",
                          WIDTH - 2 * PAD, TEXT, True)[:2]:
        draw.text((PAD, y + LINE / 2), line, font=font(TEXT, True), fill=INK, anchor="lm")
        y += LINE
    y = head + 2 * LINE + 10
    best = max(1, *(sum(v for v in row.values() if v > 0) for row in result.breakdown))
    for s in order:
        y = _final_row(img, view, result, s, y, best) + 8
    x = PAD
    for part, colour in PART_RGB.items():
        if any(part in row for row in result.breakdown):
            draw.rectangle((x, y + 6, x + 16, y + LINE - 4), fill=colour, outline=INK)
            draw.text((x + 22, y + LINE / 2), part, font=font(SMALL), fill=INK, anchor="lm")
            x += 40 + draw.textlength(part, font=font(SMALL)) + 12
    return encode(img)


def _final_row(img: Image.Image, view: PushFishView, result: Result, seat: int, y: int, best: int) -> int:
    """One player's final row: rank, badge, name, total; a bar by part with each part's points; the catch."""
    draw = ImageDraw.Draw(img)
    won = seat in result.winners
    draw.rounded_rectangle((PAD, y, WIDTH - PAD, y + FINAL_ROW), radius=10, fill=ACTIVE_FILL if won else PANEL,
                           outline=HIGHLIGHT if won else (190, 180, 160), width=4 if won else 2)
    seat_badge(img, seat, PAD + 22, y + 20, MARK_R)
    big = font(px(WIDTH, 13), True)
    total = str(result.scores[seat])
    tw = draw.textlength(total, font=big)
    draw.text((WIDTH - PAD - 12 - tw, y + 20), total, font=big, fill=INK, anchor="lm")
    name = f"{result.ranks[seat]}. {view.players[seat]}" + ("  ★" if won else "")
    draw.text((PAD + 42, y + 20), fit_text(draw, name, int(WIDTH - 2 * PAD - 80 - tw), TEXT, True),
              font=font(TEXT, True), fill=INK, anchor="lm")
    bar_x, span, by = PAD + 12.0, WIDTH - 2 * PAD - 24, y + 38
    parts = result.breakdown[seat]
    for part, n in parts.items():
        if n > 0:
            w = span * n / best
            draw.rectangle((bar_x, by, bar_x + w, by + 10), fill=PART_RGB.get(part, MUTED), outline=INK)
            bar_x += w
    words = " · ".join(f"{part} {n}" for part, n in parts.items())
    draw.text((PAD + 12, by + 14 + LINE / 2), fit_text(draw, words, WIDTH - 2 * PAD - 24, SMALL), font=font(SMALL),
              fill=INK, anchor="lm")
    x, cy = PAD + 12, by + 14 + LINE + 4
    for c in view.catches[seat][: (WIDTH - 2 * PAD - 24) // (MINI + 3)]:
        chip = mini_card(c, MINI)
        img.paste(chip, (x, cy), chip)
        x += MINI + 3
    if not view.catches[seat]:
        draw.text((x, cy + MINI / 2), "caught nothing", font=font(SMALL), fill=MUTED, anchor="lm")
    return y + FINAL_ROW
