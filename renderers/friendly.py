"""Friendly Fishing drawings: the board grid with coordinates, the boat and its targets, and collections."""

from __future__ import annotations

from PIL import ImageDraw

from engines.core import Result
from engines.friendly.rules import FriendlyView
from engines.friendly.tiles import BOARDS, COLOUR_NAMES, KIND_NAMES
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
    wrap_text,
)

CELL = 72
MARGIN = 30  # room for the coordinates around the grid
WIDTH = 1200
ROCK = (128, 124, 116)
SAND = (226, 200, 140)
TARGET = (255, 196, 0)
SELECTED = (200, 40, 160)

# Each kind: short text drawn on the tile (readable without colour) and its fill colour.
KIND_STYLE = {
    "R": ("R", (214, 56, 48)), "Y": ("Y", (244, 206, 52)), "G": ("G", (58, 158, 72)), "B": ("B", (44, 98, 200)),
    "C": ("Cr", (226, 130, 70)), "K": ("K", (128, 70, 170)), "L": ("L", (70, 96, 78)), "D": ("D", (150, 214, 204)),
    "S": ("S", (26, 52, 104)), "H": ("Sh", (206, 210, 224)), "J": ("J", (116, 86, 58)),
    "F2": ("SwF", (255, 255, 255)), "T2": ("SwT", (255, 255, 255)), "SL": ("Sld", (255, 255, 255)),
    "RM": ("Rem", (255, 255, 255)), "DP": ("×2", (255, 255, 255)),
}
LEGEND = {"C": "Crayfish", "K": "Kingfish", "L": "Lunker", "D": "Dinker", "S": "Skipjack", "H": "Shiner",
          "J": "Junk", "F2": "Swap 2 Fish", "T2": "Swap 2 Tiles", "SL": "Slide a Tile", "RM": "Remove a Tile",
          "DP": "Double Points"}
SPECIAL_CODES = {"kingfish": "K", "lunker": "L", "dinker": "D", "skipjack": "S", "shiner": "H", "junk": "J"}
CORNER_CELLS = ("R", "Y", "G", "B")
KIND_ORDER = list(KIND_STYLE)


def _tile(draw: ImageDraw.ImageDraw, kind: str, box: tuple[float, float, float, float], size: int) -> None:
    """A tile: its colour, and its letters so it reads without colour; action tiles are white and dashed-free."""
    text, fill = KIND_STYLE[kind]
    rounded(draw, box, fill=fill, radius=max(4, int((box[2] - box[0]) / 7)), width=2)
    if kind in ("F2", "T2", "SL", "RM", "DP"):
        x0, y0, x1, y1 = box
        draw.rectangle((x0 + 4, y0 + 4, x1 - 4, y0 + 8), fill=(40, 62, 88))
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    draw.text((cx, cy + 1), text, font=font(size, bold=True), fill=text_colour_on(fill), anchor="mm")


def _boat(draw: ImageDraw.ImageDraw, cx: float, cy: float) -> None:
    """The shared boat: a brown hull with a white sail."""
    draw.polygon([(cx - 26, cy + 6), (cx + 26, cy + 6), (cx + 16, cy + 22), (cx - 16, cy + 22)],
                 fill=(120, 72, 36), outline=INK, width=2)
    draw.line((cx, cy + 6, cx, cy - 24), fill=INK, width=3)
    draw.polygon([(cx + 2, cy - 22), (cx + 2, cy + 2), (cx + 22, cy + 2)], fill=(255, 255, 255), outline=INK)


def _grid(draw: ImageDraw.ImageDraw, v: FriendlyView, top: int) -> int:
    """The board with coordinates, rocks, island, tiles, boat and the current targets. Returns bottom y."""
    x0, y0 = MARGIN, top + MARGIN
    cf = font(17, bold=True)
    for c in range(v.width):
        cx = x0 + c * CELL + CELL // 2
        draw.text((cx, top + MARGIN // 2), chr(65 + c), font=cf, fill=INK, anchor="mm")
        draw.text((cx, y0 + v.height * CELL + MARGIN // 2), chr(65 + c), font=cf, fill=INK, anchor="mm")
    for r in range(v.height):
        cy = y0 + r * CELL + CELL // 2
        draw.text((MARGIN // 2, cy), str(r + 1), font=cf, fill=INK, anchor="mm")
        draw.text((x0 + v.width * CELL + MARGIN // 2, cy), str(r + 1), font=cf, fill=INK, anchor="mm")
    draw.rectangle((x0, y0, x0 + v.width * CELL, y0 + v.height * CELL), fill=WATER)
    corners = {"R": 0, "Y": v.width - 1, "B": v.width * v.height - 1, "G": (v.height - 1) * v.width}
    island = [i for i, t in enumerate(v.terrain) if t == "I"]
    for i, t in enumerate(v.terrain):
        bx, by = x0 + (i % v.width) * CELL, y0 + (i // v.width) * CELL
        draw.rectangle((bx, by, bx + CELL, by + CELL), outline=(90, 140, 170), width=1)
        if t == "#":
            draw.ellipse((bx + 6, by + 10, bx + CELL - 6, by + CELL - 6), fill=ROCK, outline=INK, width=2)
    for colour, cell in corners.items():
        bx, by = x0 + (cell % v.width) * CELL, y0 + (cell // v.width) * CELL
        _tile(draw, colour, (bx + 20, by + 20, bx + CELL - 20, by + CELL - 20), 18)
        if v.double == colour:
            _tile(draw, "DP", (bx + 2, by + 2, bx + 30, by + 26), 15)
    ix0 = min(i % v.width for i in island)
    ix1 = max(i % v.width for i in island)
    iy = island[0] // v.width
    ibox = (x0 + ix0 * CELL + 4, y0 + iy * CELL + 4, x0 + (ix1 + 1) * CELL - 4, y0 + (iy + 1) * CELL - 4)
    rounded(draw, ibox, fill=SAND, radius=18, width=2)
    if v.boat >= 0 or v.finished:
        draw.text(((ibox[0] + ibox[2]) / 2, (ibox[1] + ibox[3]) / 2), "Island", font=font(15, bold=True),
                  fill=INK, anchor="mm")
    for i, kind in enumerate(v.tiles):
        if kind:
            bx, by = x0 + (i % v.width) * CELL, y0 + (i // v.width) * CELL
            _tile(draw, kind, (bx + 6, by + 6, bx + CELL - 6, by + CELL - 6), 24 if len(KIND_STYLE[kind][0]) < 3 else 19)
    targets = [] if v.finished else v.targets
    for i in targets:
        bx, by = x0 + (i % v.width) * CELL, y0 + (i // v.width) * CELL
        draw.rectangle((bx + 1, by + 1, bx + CELL - 1, by + CELL - 1), outline=TARGET, width=5)
        draw.polygon([(bx + CELL - 22, by + 1), (bx + CELL - 1, by + 1), (bx + CELL - 1, by + 22)], fill=TARGET,
                     outline=INK)
    for i in v.selected:
        bx, by = x0 + (i % v.width) * CELL, y0 + (i // v.width) * CELL
        draw.rectangle((bx + 1, by + 1, bx + CELL - 1, by + CELL - 1), outline=SELECTED, width=6)
        rounded(draw, (bx + 8, by + CELL - 24, bx + CELL - 8, by + CELL - 4), fill=(255, 255, 255), radius=5, width=1)
        draw.text((bx + CELL / 2, by + CELL - 14), "picked", font=font(15, bold=True), fill=SELECTED, anchor="mm")
    for i in v.left:
        bx, by = x0 + (i % v.width) * CELL, y0 + (i // v.width) * CELL
        draw.text((bx + CELL / 2, by + CELL - 14), "left", font=font(15, bold=True), fill=INK, anchor="mm")
    if v.boat >= 0:
        _boat(draw, x0 + (v.boat % v.width) * CELL + CELL / 2, y0 + (v.boat // v.width) * CELL + CELL / 2)
    else:
        _boat(draw, (ibox[0] + ibox[2]) / 2, (ibox[1] + ibox[3]) / 2)
    return y0 + v.height * CELL + MARGIN


def _collection(draw: ImageDraw.ImageDraw, v: FriendlyView, seat: int, x: int, y: int, width: int) -> int:
    """One player's row: marker, name, scores, and their tiles grouped by kind with counts. Returns bottom y."""
    active = seat in v.to_act and not v.finished
    tally: dict[str, int] = {}
    for k in v.owned[seat]:
        tally[k] = tally.get(k, 0) + 1
    kinds = sorted(tally, key=KIND_ORDER.index)
    per_row = max(1, (width - 16) // 74)
    rows = max(1, -(-len(kinds) // per_row))
    height = 40 + rows * 42
    rounded(draw, (x, y, x + width, y + height), fill=(255, 240, 190) if active else PANEL,
            outline=HIGHLIGHT if active else INK, width=3 if active else 1, radius=8)
    seat_marker(draw, seat, x + 20, y + 20, 13)
    score = f"Fishing {v.fishing[seat]}" + (f" · Final {v.final[seat]}" if len(v.players) > 2 else "")
    sw = draw.textlength(score, font=font(17, bold=True))
    draw.text((x + width - 10 - sw, y + 20), score, font=font(17, bold=True), fill=INK, anchor="lm")
    name = ("▶ " if active else "") + v.players[seat]
    draw.text((x + 40, y + 20), fit_text(draw, name, int(width - 70 - sw), 18, True), font=font(18, True), fill=INK,
              anchor="lm")
    if not kinds:
        draw.text((x + 14, y + 60), "no tiles yet", font=font(15), fill=MUTED, anchor="lm")
    for n, k in enumerate(kinds):
        cx = x + 10 + (n % per_row) * 74
        cy = y + 40 + (n // per_row) * 42
        _tile(draw, k, (cx, cy, cx + 42, cy + 36), 15 if len(KIND_STYLE[k][0]) > 2 else 17)
        draw.text((cx + 45, cy + 18), f"×{tally[k]}", font=font(16, bold=True), fill=INK, anchor="lm")
    return y + height


def _legend(draw: ImageDraw.ImageDraw, v: FriendlyView, x: int, y: int, width: int) -> int:
    """What the tile letters mean (only kinds in this game), Double Points and the box. Returns bottom y."""
    codes = ["C"] + [SPECIAL_CODES[s] for s in v.specials] + ["F2", "T2", "SL", "RM", "DP"]
    text = "R Y G B: Common fish. " + ". ".join(f"{KIND_STYLE[c][0]}: {LEGEND[c]}" for c in codes) + "."
    notes = [f"Kingfish wins with {v.kingfish_need}."] if "kingfish" in v.specials else []
    if v.double:
        notes.append(f"Double Points: {COLOUR_NAMES[v.double]}.")
    if v.box:
        notes.append(f"Box: {len(v.box)} tile{'s' if len(v.box) > 1 else ''}.")
    for line in wrap_text(draw, text + " " + " ".join(notes), width, 15):
        draw.text((x, y), line, font=font(15), fill=INK)
        y += 20
    return y


def _panel_x(v: FriendlyView) -> int:
    """Left edge of the side panel, just right of the grid."""
    return 2 * MARGIN + v.width * CELL + 24


def _height(v: FriendlyView) -> int:
    """Height of the board image: the taller of the grid and the side panel."""
    grid = 56 + v.height * CELL + 2 * MARGIN
    per_row = (WIDTH - _panel_x(v) - 16 - 16) // 74
    blocks = 0
    for tiles in v.owned:
        kinds = len(set(tiles))
        blocks += 40 + max(1, -(-kinds // per_row)) * 42 + 8
    panel = 56 + 12 + 70 + blocks + 110
    return max(grid, panel) + 34


def board(view: FriendlyView) -> bytes:
    """The public board: grid, boat, targets for the player to act, collections and the last action."""
    v = view
    height = _height(v)
    img, draw = new_canvas(WIDTH, height)
    top = turn_banner(draw, WIDTH, "Friendly Fishing", v.players, v.to_act, v.finished)
    _grid(draw, v, top)
    x = _panel_x(v)
    w = WIDTH - x - 16
    y = top + 12
    if v.finished:
        prompt = "Game over."
    else:
        hint = " Yellow frames mark where the boat may go." if v.phase == "move" else " Yellow frames mark the choices."
        prompt = f"{v.players[v.turn]}: {v.prompt.rstrip('?')}{'?' if v.prompt.endswith('?') else '.'}"
        prompt += hint if v.targets else ""
    for line in wrap_text(draw, prompt, w, 18, bold=True)[:3]:
        draw.text((x, y), line, font=font(18, bold=True), fill=INK)
        y += 23
    y += 8
    for seat in range(len(v.players)):
        y = _collection(draw, v, seat, x, y, w) + 8
    _legend(draw, v, x, y + 4, w)
    last_action_bar(draw, WIDTH, height - 34, v.last)
    return to_png(img)


def hand(view: FriendlyView) -> bytes | None:
    """Nothing is hidden in Friendly Fishing: no private hand."""
    return None


def final(view: FriendlyView, result: Result) -> bytes:
    """Final standings: the score table (fishing parts and left neighbour), fishing scores and the winner."""
    v = view
    width = 1000
    height = 56 + 70 + 44 + 44 * len(v.players) + 120
    img, draw = new_canvas(width, height)
    y = turn_banner(draw, width, "Friendly Fishing: final scores", v.players, [], True) + 14
    names = ", ".join(v.players[s] for s in result.winners)
    if v.winner is not None:
        head = f"{names} caught {v.kingfish_need} Kingfish and wins alone!"
    else:
        head = f"Winner{'s' if len(result.winners) > 1 else ''}: {names}"
    draw.text((20, y), fit_text(draw, head, width - 40, 22, True), font=font(22, bold=True), fill=INK)
    y += 36
    y = score_table(draw, 20, y + 6, width - 40, v.players, result.breakdown, result.scores, result.winners,
                    result.ranks) + 12
    lead = "Fishing scores when the Kingfish ended the game (not scored): " if v.winner is not None else "Fishing scores: "
    fishing = lead + ", ".join(f"{p} {f}" for p, f in zip(v.players, v.fishing, strict=True))
    note = "" if len(v.players) == 2 or v.winner is not None else " Final = own + left neighbour (next seat)."
    for line in wrap_text(draw, fishing + "." + note, width - 40, 17)[:3]:
        draw.text((20, y), line, font=font(17), fill=INK)
        y += 22
    return to_png(img.crop((0, 0, width, min(height, y + 16))))


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
