"""Friendly Fishing drawings: the board (water grid, rocks, island, tiles, boat, choices, the latest turn),
each player's catch, and the final scores. Drawn 640 px wide for a phone's 400: text a player needs is
at least 8 px tall there (13 px here), nothing under 6 px (10 px here).

The parts that never change in a game (the grid with its coordinates, rocks and island; the legend) are
drawn once per board side and special sets and pasted; tiles are cached sprites.
"""

from __future__ import annotations

import io
from functools import cache, lru_cache

from PIL import Image, ImageDraw

from engines.core import Result
from engines.friendly.rules import KINGFISH_SET, FriendlyView
from engines.friendly.scoring import COMMON_POINTS, DINKER, JUNK, LUNKER, SHINER_POINTS, SKIPJACK
from engines.friendly.tiles import ACTIONS, BOARDS, COLOUR_NAMES, KIND_NAMES, SPECIAL_SETS, Board
from renderers.art import (
    banner,
    banner_height,
    boat_sprite,
    event_bar,
    event_bar_height,
    paint_water,
    paste,
    px,
    seat_badge,
)
from renderers.common import (
    BG,
    HIGHLIGHT,
    INK,
    MUTED,
    PANEL,
    fit_lines,
    fit_text,
    font,
    points,
    seat_colour,
    to_png,
    winners_line,
    wrap_text,
)
from renderers.friendly_art import (
    FISH_RGB,
    common_fish,
    island_sprite,
    rock_sprite,
    tile_sprite,
)

WIDTH = 640
MARGIN = 30  # the coordinates' strip on each edge of the grid
PAD = 12
TEXT = px(WIDTH, 10)  # names, scores, counts and coordinates: 10 px tall at 400 px display
SMALL = px(WIDTH, 9)  # the legend and notes
SELECTED = (214, 40, 170)
MEASURE = ImageDraw.Draw(Image.new("RGB", (1, 1)))  # measures text before an image exists
COMPRESS = 3  # zlib level: 1 is ~20% bigger for little gain in time, 6 ~30% slower
KIND_ORDER = tuple(KIND_NAMES)  # common fish, crayfish, the specials, the actions
MINI = 40  # a collected tile in a player's row
ENTRY = MINI + 34  # a collected tile and its count
CARD_HEAD = 36
CARD_LINE = MINI + 8
ACTIVE_FILL = (255, 240, 190)
POINTS = {"C": "most 8, next 4", "L": f"{LUNKER}, the last one only", "D": f"{DINKER}, may move on",
          "S": f"{SKIPJACK}, reached in a line", "H": "/".join(str(p) for p in SHINER_POINTS[1:]),
          "J": f"{JUNK} each"}


# ---- geometry --------------------------------------------------------------------------------------
def cell_size(width: int) -> int:
    """Side of one grid space for a board `width` spaces wide (the grid fills the image width)."""
    return (WIDTH - 2 * MARGIN) // width


def grid_height(board: Board) -> int:
    """Height of the grid with its coordinate strips."""
    return board.height * cell_size(board.width) + 2 * MARGIN


def _origin(board: Board) -> int:
    """Left edge of the grid's first column."""
    return (WIDTH - board.width * cell_size(board.width)) // 2


def _centre(board: Board, cell: int, top: int) -> tuple[float, float]:
    """Centre of a grid cell (-1: the Central Island) in image coordinates."""
    size = cell_size(board.width)
    if cell < 0:
        xs = [_centre(board, i, top)[0] for i in board.island]
        return sum(xs) / len(xs), _centre(board, board.island[0], top)[1]
    return _origin(board) + (cell % board.width + 0.5) * size, top + MARGIN + (cell // board.width + 0.5) * size


def _box(board: Board, cell: int, top: int, inset: float = 0) -> tuple[float, float, float, float]:
    """The square of a grid cell, shrunk by `inset` on every side."""
    half = cell_size(board.width) / 2 - inset
    cx, cy = _centre(board, cell, top)
    return cx - half, cy - half, cx + half, cy + half


# ---- the parts drawn once per game -----------------------------------------------------------------
@cache
def grid_layer(side: str) -> Image.Image:
    """The empty board of one side: coordinates on every edge, water, rocks with their colours, the island."""
    board = BOARDS[side]
    size = cell_size(board.width)
    img = Image.new("RGB", (WIDTH, grid_height(board)), BG)
    draw = ImageDraw.Draw(img, "RGBA")
    x0, y0 = _origin(board), MARGIN
    x1, y1 = x0 + board.width * size, y0 + board.height * size
    paint_water(img, (x0, y0, x1, y1), radius=10)
    for i in range(1, board.width):
        draw.line((x0 + i * size, y0 + 3, x0 + i * size, y1 - 3), fill=(255, 255, 255, 70), width=1)
    for i in range(1, board.height):
        draw.line((x0 + 3, y0 + i * size, x1 - 3, y0 + i * size), fill=(255, 255, 255, 70), width=1)
    coords = font(px(WIDTH, 11), bold=True)
    for c in range(board.width):
        cx = x0 + (c + 0.5) * size
        for y in (MARGIN / 2, y1 + MARGIN / 2):
            draw.text((cx, y), chr(65 + c), font=coords, fill=INK, anchor="mm")
    for r in range(board.height):
        cy = y0 + (r + 0.5) * size
        for x in (x0 - MARGIN / 2, x1 + MARGIN / 2):
            draw.text((x, cy), str(r + 1), font=coords, fill=INK, anchor="mm")
    corner = {cell: colour for colour, cell in board.corners.items()}
    for i, t in enumerate(board.terrain):
        if t == "#":
            cx, cy = _centre(board, i, 0)
            paste(img, rock_sprite(size - 6), cx, cy)
            if i in corner:
                paste(img, common_fish(corner[i], round(size * 0.5)), cx, cy + size * 0.05)
    (ax, ay), (bx, _) = _centre(board, board.island[0], 0), _centre(board, board.island[-1], 0)
    paste(img, island_sprite(round(bx - ax + size * 0.96), round(size * 0.96)), (ax + bx) / 2, ay)
    return img


@lru_cache(maxsize=16)  # ~0.5 MB each
def legend_layer(specials: tuple[str, ...], kingfish_need: int) -> Image.Image:
    """What each tile is worth, pictured: common fish, crayfish and the special sets in play; the actions."""
    codes = ["C"] + [SPECIAL_SETS[s] for s in specials]
    rows = 1 + -(-len(codes) // 2)
    line = 40
    actions_h = 64
    img = Image.new("RGB", (WIDTH, PAD + rows * line + actions_h + PAD), BG)
    draw = ImageDraw.Draw(img)
    f = font(SMALL)
    fb = font(SMALL, bold=True)
    y = PAD + line / 2
    x = PAD
    for n, colour in enumerate(FISH_RGB):
        paste(img, common_fish(colour, 36), x + 20 + n * 30, y + (6 if n % 2 else -6))
    text = "Common fish, per colour: " + " ".join(str(p) for p in COMMON_POINTS[1:])
    draw.text((x + 144, y), text, font=fb, fill=INK, anchor="lm")
    half = (WIDTH - 2 * PAD) // 2
    for n, code in enumerate(codes):
        cx = PAD + (n % 2) * half
        cy = PAD + line * (1 + n // 2) + line / 2
        paste(img, tile_sprite(code, MINI), cx + MINI / 2, cy)
        worth = f"{kingfish_need} win at once" if code == "K" else POINTS[code]
        name = KIND_NAMES[code]
        draw.text((cx + MINI + 8, cy), name, font=fb, fill=INK, anchor="lm")
        draw.text((cx + MINI + 14 + draw.textlength(name, font=fb), cy), worth, font=f, fill=INK, anchor="lm")
    y = PAD + rows * line + 4
    step = (WIDTH - 2 * PAD) / 5
    for n, code in enumerate(ACTIONS):
        cx = PAD + step * (n + 0.5)
        paste(img, tile_sprite(code, MINI), cx, y + MINI / 2)
        draw.text((cx, y + MINI + 12), KIND_NAMES[code], font=f, fill=INK, anchor="mm")
    return img


# ---- the parts drawn every time ----------------------------------------------------------------------
def _tiles(img: Image.Image, v: FriendlyView, top: int) -> None:
    """Every tile on the board, and the Double Points mark on its corner rock."""
    board = BOARDS[v.side]
    size = cell_size(v.width) - 6
    for i, kind in enumerate(v.tiles):
        if kind:
            paste(img, tile_sprite(kind, size), *_centre(board, i, top))
    if v.double:
        corner = board.corners[v.double]
        draw = ImageDraw.Draw(img)
        draw.ellipse(_box(board, corner, top, 2), outline=HIGHLIGHT, width=4)
        x, y = _box(board, corner, top)[2:]
        paste(img, tile_sprite("DP", round(size * 0.5)), x - size * 0.22, y - size * 0.22)


def _latest_path(img: Image.Image, v: FriendlyView, top: int) -> None:
    """The boat's path in the latest turn, in its player's colour (drawn under the tiles)."""
    board = BOARDS[v.side]
    if v.mover is None or not v.trail:
        return
    draw = ImageDraw.Draw(img)
    colour = seat_colour(v.mover)
    points = [_centre(board, c, top) for c in v.trail]
    if len(points) > 1:
        draw.line(points, fill=INK, width=9, joint="curve")
        draw.line(points, fill=colour, width=5, joint="curve")
    x, y = points[0]
    draw.ellipse((x - 8, y - 8, x + 8, y + 8), fill=colour, outline=INK, width=2)


def _latest_changes(img: Image.Image, v: FriendlyView, top: int) -> None:
    """Frames in the latest player's colour on the spaces an action tile changed (drawn over the tiles)."""
    board = BOARDS[v.side]
    if v.mover is None:
        return
    draw = ImageDraw.Draw(img)
    colour = seat_colour(v.mover)
    for cell in v.touched:
        draw.rounded_rectangle(_box(board, cell, top, 0), radius=9, outline=INK, width=8)
        draw.rounded_rectangle(_box(board, cell, top, 1), radius=9, outline=colour, width=5)


def _choices(img: Image.Image, v: FriendlyView, top: int) -> None:
    """Gold frames where the player to act may choose, a pink frame on a first pick, flags on Dinkers left."""
    board = BOARDS[v.side]
    if v.finished:
        return
    draw = ImageDraw.Draw(img)
    if v.phase == "move":
        for start, cell in line_moves(v):
            _dotted(draw, _centre(board, start, top), _centre(board, cell, top))
    for cell in v.targets:
        draw.rounded_rectangle(_box(board, cell, top, 0), radius=9, outline=INK, width=7)
        draw.rounded_rectangle(_box(board, cell, top, 1), radius=9, outline=HIGHLIGHT, width=5)
    for cell in v.selected:
        draw.rounded_rectangle(_box(board, cell, top, 0), radius=9, outline=SELECTED, width=7)
    for cell in v.left:
        x0, y0, x1, _ = _box(board, cell, top, 6)
        draw.line((x1 - 12, y0 + 2, x1 - 12, y0 + 26), fill=INK, width=3)
        draw.polygon([(x1 - 11, y0 + 2), (x1 + 4, y0 + 8), (x1 - 11, y0 + 14)], fill=SELECTED, outline=INK)


def line_moves(v: FriendlyView) -> list[tuple[int, int]]:
    """(start, target) of each boat move that is a Skipjack line rather than a step to a neighbour."""
    board = BOARDS[v.side]
    starts = board.island if v.boat < 0 else (v.boat,)
    near = board.island_neighbours if v.boat < 0 else board.neighbours[v.boat]
    out = []
    for cell in v.targets:
        if cell in near:
            continue
        for start in starts:
            dr, dc = cell // v.width - start // v.width, cell % v.width - start % v.width
            if dr == 0 or dc == 0 or abs(dr) == abs(dc):
                out.append((start, cell))
                break
    return out


def _dotted(draw: ImageDraw.ImageDraw, a: tuple[float, float], b: tuple[float, float]) -> None:
    """A line of gold dots from a to b: the straight course of a Skipjack move."""
    steps = max(2, int(((b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2) ** 0.5 // 14))
    for i in range(1, steps):
        x, y = a[0] + (b[0] - a[0]) * i / steps, a[1] + (b[1] - a[1]) * i / steps
        draw.ellipse((x - 4, y - 4, x + 4, y + 4), fill=HIGHLIGHT, outline=INK)


def _boat(img: Image.Image, v: FriendlyView, top: int) -> None:
    """The shared boat, flying the flag of the player to act; smaller in a corner when a tile is under it."""
    board = BOARDS[v.side]
    size = cell_size(v.width)
    flag = seat_colour(v.to_act[0]) if v.to_act and not v.finished else None
    cx, cy = _centre(board, v.boat, top)
    if v.boat >= 0 and v.tiles[v.boat]:
        paste(img, boat_sprite(round(size * 0.52), flag=flag), cx + size * 0.22, cy + size * 0.2)
    else:
        paste(img, boat_sprite(round(size * 0.8), flag=flag), cx, cy - size * 0.06)


def _tally(owned: list[str]) -> list[tuple[str, int]]:
    """A collection as (kind, count) in the legend's order."""
    return [(k, owned.count(k)) for k in KIND_ORDER if k in owned]


def _per_line() -> int:
    """Collected kinds shown on one line of a player's card."""
    return (WIDTH - 2 * PAD - 16) // ENTRY


def card_height(owned: list[str]) -> int:
    """Height of a player's card image: its head line and one line per few kinds collected."""
    return CARD_HEAD + max(1, -(-len(set(owned)) // _per_line())) * CARD_LINE + 8


def _card(img: Image.Image, v: FriendlyView, seat: int, y: int) -> int:
    """Paste a player's card (drawn again only when something on it changed). Returns its bottom y."""
    active = seat in v.to_act and not v.finished
    if v.winner is not None:  # a Kingfish set ended the game: no other points count
        score = "★ Kingfish set: wins" if seat == v.winner else "no points count"
    else:
        score = f"Fishing {v.fishing[seat]}" + (f" · Final {v.final[seat]}" if len(v.players) > 2 else "")
    card = card_image(seat, v.players[seat], active, tuple(_tally(v.owned[seat])), score)
    img.paste(card, (0, y))
    return y + card.height


def _card_head(img: Image.Image, seat: int, y: int, height: int, name: str, right: str, size: int,
               lit: bool) -> None:
    """A player's card frame (gold when `lit`) and its head line: badge, name, and `right` at the right edge."""
    draw = ImageDraw.Draw(img)
    x0, x1 = PAD, WIDTH - PAD
    draw.rounded_rectangle((x0, y, x1, y + height), radius=10, fill=ACTIVE_FILL if lit else PANEL,
                           outline=HIGHLIGHT if lit else (190, 180, 160), width=5 if lit else 2)
    if lit:
        draw.rounded_rectangle((x0 - 2, y - 2, x1 + 2, y + height + 2), radius=12, outline=INK, width=1)
    seat_badge(img, seat, x0 + 22, y + CARD_HEAD / 2 + 2, 13)
    big = font(size, bold=True)
    width = draw.textlength(right, font=big)
    draw.text((x1 - 12 - width, y + CARD_HEAD / 2 + 2), right, font=big, fill=INK, anchor="lm")
    draw.text((x0 + 42, y + CARD_HEAD / 2 + 2), fit_text(draw, name, int(x1 - x0 - 70 - width), TEXT, True),
              font=font(TEXT, bold=True), fill=INK, anchor="lm")


@lru_cache(maxsize=64)  # ~0.2 MB each: the cards of a dozen games in play
def card_image(seat: int, name: str, active: bool, tally: tuple[tuple[str, int], ...], score: str) -> Image.Image:
    """A player's card: badge, name, scores and their catch by kind; framed in gold on their turn."""
    height = CARD_HEAD + max(1, -(-len(tally) // _per_line())) * CARD_LINE + 4
    img = Image.new("RGB", (WIDTH, height + 4), BG)
    draw = ImageDraw.Draw(img)
    x0, y = PAD, 2
    _card_head(img, seat, y, height - 2, ("▶ " if active else "") + name, score, TEXT, active)
    bold = font(TEXT, bold=True)
    if not tally:
        draw.text((x0 + 14, y + CARD_HEAD + CARD_LINE / 2), "nothing caught yet", font=font(SMALL), fill=MUTED,
                  anchor="lm")
    per = _per_line()
    for n, (kind, count) in enumerate(tally):
        cx = x0 + 10 + (n % per) * ENTRY
        cy = y + CARD_HEAD + (n // per) * CARD_LINE + CARD_LINE / 2 - 2
        paste(img, tile_sprite(kind, MINI), cx + MINI / 2, cy)
        draw.text((cx + MINI + 3, cy), f"×{count}", font=bold, fill=INK, anchor="lm")
    return img


def _notes(v: FriendlyView) -> str:
    """What the pictures do not say: Double Points, the box, the neighbour rule."""
    notes = []
    if v.double:
        notes.append(f"Double Points: {COLOUR_NAMES[v.double]} fish score double.")
    if v.box:
        notes.append(f"In the box: {len(v.box)} tile{'s' if len(v.box) > 1 else ''}.")
    if len(v.players) > 2 and v.winner is None:
        notes.append("Final = own Fishing + the next seat's.")
    return " ".join(notes)


def _layout(v: FriendlyView) -> tuple[int, list[int], list[str], int]:
    """Vertical positions: the grid's top, each card's top, the lines of notes and the total height."""
    grid_top = banner_height(WIDTH) + event_bar_height(WIDTH)
    y = grid_top + grid_height(BOARDS[v.side]) + 4
    cards = []
    for seat in range(len(v.players)):
        cards.append(y)
        y += card_height(v.owned[seat]) + 4
    notes = wrap_text(MEASURE, _notes(v), WIDTH - 2 * PAD, SMALL)[:2]
    return grid_top, cards, notes, y + len(notes) * (SMALL + 6) + legend_layer(tuple(v.specials), v.kingfish_need).height


@lru_cache(maxsize=32)
def palette(side: str, specials: tuple[str, ...]) -> Image.Image:
    """The 256 colours of one game's boards, from samples of everything a board can show (a pure function of
    the game, so the same view always gives the same bytes): mapping to a known palette is ~20x cheaper
    than quantizing each board."""
    grid, legend = grid_layer(side), legend_layer(specials, 3)
    kinds = tuple((k, 1) for k in KIND_ORDER)
    cards = [card_image(s, "Ag", active, kinds, "Fishing 0") for s in range(5) for active in (False, True)]
    strips = Image.new("RGB", (WIDTH, 5 * px(WIDTH, 28) + 4 * 80), BG)
    for s in range(5):
        banner(strips, "Fg", ["Ag"] * 5, [s], False, y=s * px(WIDTH, 28))
    y = 5 * px(WIDTH, 28)
    event_bar(strips, y, ["Ag", "Ag"])  # both the latest event and the greyed one before
    draw = ImageDraw.Draw(strips)
    for n, colour in enumerate((HIGHLIGHT, SELECTED, *(seat_colour(s) for s in range(5)), (170, 30, 30))):
        draw.rectangle((n * 40, y + 40, n * 40 + 39, y + 79), fill=colour)
    for n, kind in enumerate(KIND_ORDER):
        paste(strips, tile_sprite(kind, cell_size(BOARDS[side].width) - 6), 40 + n % 8 * 80, y + 120 + n // 8 * 80)
    sample = Image.new("RGB", (WIDTH, grid.height + legend.height + strips.height + sum(c.height for c in cards)))
    y = 0
    for part in (grid, legend, strips, *cards):
        sample.paste(part, (0, y))
        y += part.height
    return sample.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def _encode(img: Image.Image, side: str, specials: tuple[str, ...]) -> bytes:
    """PNG bytes of a board mapped to its game's palette."""
    buf = io.BytesIO()
    img.quantize(palette=palette(side, specials), dither=Image.Dither.NONE).save(buf, format="PNG",
                                                                                 compress_level=COMPRESS)
    return buf.getvalue()


def board(view: FriendlyView) -> bytes:
    """The public board: whose turn, the latest event, the grid with its choices, each catch, the legend."""
    v = view
    grid_top, cards, notes, height = _layout(v)
    img = Image.new("RGB", (WIDTH, height), BG)
    bottom = banner(img, "Friendly Fishing", v.players, v.to_act, v.finished)
    event_bar(img, bottom, v.last, v.players)
    img.paste(grid_layer(v.side), (0, grid_top))
    _latest_path(img, v, grid_top)
    _tiles(img, v, grid_top)
    _latest_changes(img, v, grid_top)
    _choices(img, v, grid_top)
    _boat(img, v, grid_top)
    for seat, y in enumerate(cards):
        _card(img, v, seat, y)
    draw = ImageDraw.Draw(img)
    y = cards[-1] + card_height(v.owned[-1]) + 4
    for line in notes:
        draw.text((PAD, y), line, font=font(SMALL), fill=INK)
        y += SMALL + 6
    legend = legend_layer(tuple(v.specials), v.kingfish_need)
    img.paste(legend, (0, height - legend.height))
    return _encode(img, v.side, tuple(v.specials))


HAS_HAND = False  # nothing is hidden: "My hand" would show the board again


def hand(view: FriendlyView) -> bytes | None:
    """Nothing is hidden in Friendly Fishing: no private hand."""
    return None


# ---- the end ---------------------------------------------------------------------------------------
PART_KINDS = {"Double points": "DP", "Crayfish": "C", "Lunker": "L", "Dinkers": "D", "Skipjacks": "S",
              "Shiners": "H", "Junk": "J", "Kingfish set": "K"}
PART_COLOURS = {"Common fish": (38, 98, 206), "Double points": (230, 170, 30), "Crayfish": (214, 84, 44),
                "Lunker": (78, 104, 54), "Dinkers": (64, 176, 176), "Skipjacks": (34, 62, 120),
                "Shiners": (150, 160, 180), "Junk": (128, 84, 48), "Kingfish set": (118, 62, 170)}
CHIP = 30  # an icon in a score chip


def _part_icon(img: Image.Image, part: str, seat: int, players: int, cx: float, cy: float) -> None:
    """The picture of one score part: its tile, four fish for common fish, the neighbour's badge."""
    if part == "Common fish":
        for n, colour in enumerate(FISH_RGB):
            paste(img, common_fish(colour, 18), cx - 7 + 14 * (n % 2), cy - 7 + 14 * (n // 2))
    elif part == "Left neighbour":
        seat_badge(img, (seat + 1) % players, cx, cy, CHIP // 2 - 2)
    else:
        paste(img, tile_sprite(PART_KINDS[part], CHIP), cx, cy)


def _chips(result: Result, seat: int) -> list[tuple[str, int, float, int]]:
    """A player's score parts laid out as chips: (part, points, x, line), wrapping at the card's edge."""
    bold = font(TEXT, bold=True)
    out, x, line = [], PAD + 12.0, 0
    for part, n in result.breakdown[seat].items():
        if not n:
            continue
        w = CHIP + 14 + bold.getlength(f"{n:+d}")
        if x + w > WIDTH - PAD - 8:
            x, line = PAD + 12.0, line + 1
        out.append((part, n, x, line))
        x += w
    return out


def row_height(result: Result, seat: int) -> int:
    """Height of a player's final row: the head line, the bar and the lines of chips."""
    chips = _chips(result, seat)
    return CARD_HEAD + 16 + (1 + (chips[-1][3] if chips else 0)) * (CHIP + 6) + 4


@lru_cache(maxsize=64)
def _stripes(colour: tuple[int, int, int], width: int, height: int) -> Image.Image:
    """A bar segment of diagonal stripes, `colour` on white."""
    img = Image.new("RGB", (width, height), (255, 255, 255))
    draw = ImageDraw.Draw(img)
    for x in range(-height, width, 6):
        draw.line((x, height, x + height, 0), fill=colour, width=3)
    return img


def _score_row(img: Image.Image, v: FriendlyView, result: Result, seat: int, y: int, best: int) -> int:
    """One player's final row: rank, name, total, a bar of their points by part, and each part pictured."""
    draw = ImageDraw.Draw(img)
    won = seat in result.winners
    x0, x1 = PAD, WIDTH - PAD
    height = row_height(result, seat)
    name = f"{result.ranks[seat]}. {v.players[seat]}" + ("  ★" if won else "")
    kingfish = v.winner is not None  # the set wins outright: no total, no bar (its score of 1 is no points)
    total = ("wins" if won else "–") if kingfish else str(result.scores[seat])
    _card_head(img, seat, y, height, name, total, px(WIDTH, 13), won)
    chips = _chips(result, seat)
    bar_y, bar_x, span = y + CARD_HEAD + 2, x0 + 12.0, x1 - x0 - 24
    for part, n, _, _ in [] if kingfish else chips:
        if n > 0 and (part in PART_COLOURS or part == "Left neighbour"):
            w = span * n / best
            if part == "Left neighbour":  # striped in the neighbour's colour: a share of theirs, not a kind of catch
                img.paste(_stripes(seat_colour((seat + 1) % len(v.players)), max(1, round(w)), 9),
                          (round(bar_x), bar_y))
                draw.rectangle((bar_x, bar_y, bar_x + w, bar_y + 8), outline=INK)
            else:
                draw.rectangle((bar_x, bar_y, bar_x + w, bar_y + 8), fill=PART_COLOURS[part], outline=INK)
            bar_x += w
    bold = font(TEXT, bold=True)
    for part, n, x, line in chips:
        cy = y + CARD_HEAD + 16 + line * (CHIP + 6) + CHIP / 2
        _part_icon(img, part, seat, len(v.players), x + CHIP / 2, cy)
        value = f"{n:+d}" if part == "Left neighbour" else f"×{v.kingfish_need}" if part == "Kingfish set" else str(n)
        draw.text((x + CHIP + 4, cy), value, font=bold, fill=(170, 30, 30) if n < 0 else INK, anchor="lm")
    if not chips:
        draw.text((x0 + 12, y + CARD_HEAD + 16 + CHIP / 2), "no points", font=font(SMALL), fill=MUTED, anchor="lm")
    return y + height


def score_text(parts: dict[str, int]) -> str | None:
    """A seat's final score in words, from its breakdown, where its number would mislead: a Kingfish win's 1 or 0."""
    if KINGFISH_SET not in parts:
        return None
    return "won with the Kingfish set" if parts[KINGFISH_SET] else "lost to a Kingfish set"


def final(view: FriendlyView, result: Result) -> bytes:
    """Final standings: the winner, then each player's total with a bar and pictures of their points by part."""
    v = view
    order = sorted(range(len(v.players)), key=lambda s: (result.ranks[s], s))
    if v.winner is not None:
        head = f"★ {v.players[v.winner]} caught {v.kingfish_need} Kingfish and wins alone!"
    else:
        head = winners_line(v.players, result.winners, points(max(result.scores)))
    heads = wrap_text(MEASURE, head, WIDTH - 2 * PAD, TEXT, bold=True)[:2]
    head_h = px(WIDTH, 28) + 20 + len(heads) * (TEXT + 8)
    height = head_h + sum(row_height(result, s) + 8 for s in order) + 4 * (SMALL + 6) + PAD
    img = Image.new("RGB", (WIDTH, height), BG)
    y = banner(img, "Friendly Fishing · final scores", v.players, [], True) + 12
    draw = ImageDraw.Draw(img)
    for line in heads:
        draw.text((PAD, y), line, font=font(TEXT, bold=True), fill=INK)
        y += TEXT + 8
    y = head_h
    best = max(1, *(sum(n for n in row.values() if n > 0) for row in result.breakdown))
    for seat in order:
        y = _score_row(img, v, result, seat, y, best) + 8
    if v.winner is not None:
        note = "The Kingfish set ended the game: no other points count."
    elif len(v.players) > 2:
        note = ("Total = own Fishing Score + the next seat's (the badge). Fishing: "
                + ", ".join(f"{p} {f}" for p, f in zip(v.players, v.fishing, strict=True)) + ".")
    else:
        note = "Two players: the higher Fishing Score wins."
    if v.winner is None:  # why it ended, as the other games' finals say
        note = "The boat could not leave the Central Island, so the game ended. " + note
    for line in fit_lines(draw, note, v.players, WIDTH - 2 * PAD, SMALL, 4):
        draw.text((PAD, y), line, font=font(SMALL), fill=INK)
        y += SMALL + 6
    return to_png(img.crop((0, 0, WIDTH, min(height, y + PAD))))


def text(view: FriendlyView) -> str:
    """The board as a text grid plus each collection, for the terminal player."""
    board = BOARDS[view.side]
    lines = ["    " + " ".join(f"{chr(65 + x):<2}" for x in range(view.width))]
    for y in range(view.height):
        row = []
        for x in range(view.width):
            cell = y * view.width + x
            ground = view.terrain[cell]
            mark = "<>" if cell == view.boat else ("##" if ground == "#" else "II" if ground == "I"
                                                  else (view.tiles[cell] or "..").ljust(2))
            row.append(mark)
        lines.append(f"{y + 1:>2}  " + " ".join(row))
    lines.append("<> boat, ## rock, II island; codes: " + ", ".join(
        f"{code} {name}" for code, name in KIND_NAMES.items() if code in set(view.tiles)) + ".")
    if view.targets:
        lines.append("May choose: " + ", ".join(board.name(c) for c in view.targets))
    for s, name in enumerate(view.players):
        held = {k: view.owned[s].count(k) for k in dict.fromkeys(view.owned[s])}
        have = ", ".join(f"{KIND_NAMES[k]} x{n}" for k, n in held.items()) or "nothing yet"
        lines.append(f"  {name}: fishing {view.fishing[s]}, final {view.final[s]}; {have}")
    if view.double:
        lines.append(f"Double Points on {COLOUR_NAMES[view.double]} fish.")
    return "\n".join(lines)
