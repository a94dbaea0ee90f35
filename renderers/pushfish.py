"""Push Fish drawings: the fishing ground with bait marks, the rod strip with token stops, players and missions."""

from __future__ import annotations

from PIL import ImageDraw

from engines.core import Result
from engines.pushfish import sim
from engines.pushfish.cards import CHARACTERS, GROUND, ITEMS, MISSIONS, STRENGTHS
from engines.pushfish.state import EMPTY, FACE_DOWN, PushFishView
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

WIDTH = 1160
SCALE = 1.5  # pixels per table unit on the ground
GROUND_X, GROUND_Y = 58, 100
CARD_W, CARD_H = int(sim.CARD_W * SCALE), int(sim.CARD_H * SCALE)
PANEL_X = GROUND_X + int(sim.GROUND_W * SCALE) + 40
KIND_COLOURS = {
    "sea": (52, 120, 190), "tropical": (236, 132, 44), "freshwater": (70, 150, 80), "deep": (48, 48, 110),
    "treasure": (214, 170, 40), "junk": (130, 120, 110), "legend": (170, 60, 150),
}
KIND_NAMES = {"sea": "Sea", "tropical": "Tropical", "freshwater": "Fresh", "deep": "Deep",
              "treasure": "Treasure", "junk": "Junk", "legend": "Legend"}
BACK = (33, 78, 110)
ZONE_COLOURS = [(170, 214, 150), (245, 214, 120), (240, 160, 90), (214, 90, 80)]
WOOD = (150, 100, 50)
MARK_R = 10  # a bait mark's radius in pixels


def _space_xy(pos: int) -> tuple[int, int]:
    """Top-left pixel of a ground space; row 1 (nearest) is drawn at the bottom."""
    row, col = divmod(pos, sim.COLS)
    x = GROUND_X + int(col * sim.PITCH_X * SCALE)
    y = GROUND_Y + int((sim.ROWS - 1 - row) * sim.PITCH_Y * SCALE)
    return x, y


def _table_to_px(x: float, y: float) -> tuple[float, float]:
    """A table point (y grows away from the caster) in pixels."""
    return GROUND_X + x * SCALE, GROUND_Y + (sim.GROUND_H - y) * SCALE


def _card_face(draw: ImageDraw.ImageDraw, x: int, y: int, card: int, note: str = "") -> None:
    """A face-up ground card: number top left, strength top right, name, rarity, kind and an optional note."""
    rounded(draw, (x, y, x + CARD_W, y + CARD_H), fill=KIND_COLOURS[GROUND[card].kind], radius=8)
    _card_labels(draw, x, y, card, note)


def _card_labels(draw: ImageDraw.ImageDraw, x: int, y: int, card: int, note: str = "", outline: int = 0) -> None:
    """A card's texts; drawn again above bait marks with an outline in the card's colour so they stay legible."""
    c = GROUND[card]
    colour = KIND_COLOURS[c.kind]
    ink = text_colour_on(colour)
    draw.text((x + 6, y + 4), str(c.number), font=font(24, True), fill=ink, stroke_width=outline, stroke_fill=colour)
    draw.text((x + CARD_W - 6, y + 4), STRENGTHS[c.strength], font=font(20, True), fill=ink, anchor="ra",
              stroke_width=outline, stroke_fill=colour)
    top = 46 if note else 56
    for i, line in enumerate(wrap_text(draw, c.name, CARD_W - 6, 15, True)[:2]):
        draw.text((x + CARD_W // 2, y + top + i * 18), fit_text(draw, line, CARD_W - 4, 15, True),
                  font=font(15, True), fill=ink, anchor="mm", stroke_width=outline, stroke_fill=colour)
    bottom = ("R " if c.rare else "") + (f"+{c.items} item" if c.is_find else KIND_NAMES[c.kind])
    draw.text((x + CARD_W // 2, y + CARD_H - 14), fit_text(draw, bottom, CARD_W - 6, 15), font=font(15),
              fill=ink, anchor="mm", stroke_width=outline, stroke_fill=colour)
    if note:
        draw.rectangle((x + 2, y + CARD_H - 50, x + CARD_W - 2, y + CARD_H - 30), fill=(255, 255, 255))
        draw.text((x + CARD_W // 2, y + CARD_H - 40), note, font=font(15, True), fill=INK, anchor="mm")


def _card_back(draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
    """A face-down card."""
    rounded(draw, (x, y, x + CARD_W, y + CARD_H), fill=BACK, radius=8)
    cx, cy = x + CARD_W // 2, y + CARD_H // 2
    draw.ellipse((cx - 20, cy - 11, cx + 12, cy + 11), fill=(80, 140, 180))
    draw.polygon([(cx + 10, cy), (cx + 24, cy - 11), (cx + 24, cy + 11)], fill=(80, 140, 180))
    draw.ellipse((cx - 13, cy - 4, cx - 7, cy + 2), fill=BACK)


def _shown(view: PushFishView, pos: int) -> tuple[int, str]:
    """The card this view may see at a space (-1 if none) and its note: face up, or peeked by the viewer."""
    if view.ground[pos] == FACE_DOWN and view.known[pos] >= 0:
        return view.known[pos], "peeked"
    return view.ground[pos], ""


def _touches(pos: int, px: float, py: float, r: float) -> bool:
    """Whether a mark of radius r at this pixel reaches the card at a space."""
    x, y = _space_xy(pos)
    return x - r <= px <= x + CARD_W + r and y - r <= py <= y + CARD_H + r


def _ground(draw: ImageDraw.ImageDraw, view: PushFishView) -> None:
    """The 4 x 5 ground, row labels, hooked cards, the fought card and this turn's bait marks."""
    w, h = int(sim.GROUND_W * SCALE), int(sim.GROUND_H * SCALE)
    draw.rounded_rectangle((GROUND_X - 14, GROUND_Y - 14, GROUND_X + w + 14, GROUND_Y + h + 14), radius=16,
                           fill=WATER)
    for pos in range(sim.ROWS * sim.COLS):
        x, y = _space_xy(pos)
        card, note = _shown(view, pos)
        if view.ground[pos] == EMPTY:
            draw.rounded_rectangle((x, y, x + CARD_W, y + CARD_H), radius=8, outline=(235, 245, 250), width=2)
        elif card >= 0:
            _card_face(draw, x, y, card, note)
        else:
            _card_back(draw, x, y)
        if pos == view.target or pos in view.hits:
            draw.rounded_rectangle((x - 4, y - 4, x + CARD_W + 4, y + CARD_H + 4), radius=10, outline=HIGHLIGHT,
                                   width=5)
    for row in range(sim.ROWS):
        _, y = _space_xy(row * sim.COLS)
        draw.text((GROUND_X - 30, y + CARD_H // 2), str(row + 1), font=font(20, True), fill=INK, anchor="mm")
    for col in range(sim.COLS):
        x, _ = _space_xy(col)
        draw.text((x + CARD_W // 2, GROUND_Y + h + 30), f"col {col + 1}", font=font(16), fill=INK, anchor="mm")
    draw.text((GROUND_X - 44, GROUND_Y - 38), "Row 4 is far; row 1 is nearest the casting line",
              font=font(16), fill=MUTED)
    marked: set[int] = set()
    for i in range(0, len(view.baits), 4):
        x, y, seat, hit = view.baits[i: i + 4]
        px, py = _table_to_px(x, y)
        px = min(max(px, 12), PANEL_X - 20)
        py = min(max(py, GROUND_Y - 8), GROUND_Y + h + 8)
        if hit < 0:
            draw.line((px - 9, py - 9, px + 9, py + 9), fill=(200, 30, 30), width=4)
            draw.line((px - 9, py + 9, px + 9, py - 9), fill=(200, 30, 30), width=4)
        seat_marker(draw, int(seat), px, py, MARK_R)
        marked.update(pos for pos in range(sim.ROWS * sim.COLS) if _touches(pos, px, py, MARK_R + 2))
    for pos in sorted(marked):
        card, note = _shown(view, pos)
        if card >= 0:
            _card_labels(draw, *_space_xy(pos), card, note, outline=2)


def _rod(draw: ImageDraw.ImageDraw, view: PushFishView, x: int, y: int, width: int) -> int:
    """The rod strip with its zones, the zone the fight needs and where each flick stopped. Returns bottom y."""
    draw.text((x, y), "Rod strip (grip at 0)", font=font(18, True), fill=INK)
    y += 28
    bar_h = 34
    scale = width / 100

    def px(u: float) -> float:
        return x + min(max(u, -2), 102) * scale

    for z, (lo, hi) in enumerate(sim.ZONES):
        need = z == view.zone
        draw.rectangle((px(lo), y, px(hi), y + bar_h), fill=ZONE_COLOURS[z], outline=INK,
                       width=4 if need else 1)
        draw.text(((px(lo) + px(hi)) / 2, y + bar_h / 2), STRENGTHS[z], font=font(18, True), fill=INK,
                  anchor="mm")
    if view.zone >= 0:
        lo, hi = sim.ZONES[view.zone]
        h = sim.TOKEN_HALF if view.hard_seat else 0.0
        a, b = px(lo - view.tol + h), px(hi + view.tol - h)
        draw.line((a, y + bar_h + 5, b, y + bar_h + 5), fill=INK, width=3)
        draw.line((a, y + bar_h, a, y + bar_h + 10), fill=INK, width=3)
        draw.line((b, y + bar_h, b, y + bar_h + 10), fill=INK, width=3)
    for stop in view.flicks:
        cx = px(stop)
        draw.rectangle((cx - 6, y - 6, cx + 6, y + 8), fill=WOOD, outline=INK)
    y += bar_h + 16
    for u in (0, 25, 50, 75, 100):
        draw.text((px(u), y), str(u), font=font(15), fill=MUTED, anchor="mt")
    if view.flicks:
        stops = ", ".join(f"{k + 1}) {stop:.0f}" for k, stop in enumerate(view.flicks))
        draw.text((x, y + 22), fit_text(draw, f"Wood token stops: {stops}", width, 16), font=font(16), fill=INK)
    return y + 46


def _status(view: PushFishView) -> str:
    """One line on the fight or the casting."""
    if view.finished:
        return view.ended
    if view.phase == "volley":
        done = sum(view.submitted)
        return f"Free-for-all: {done}/{len(view.players)} secret targets chosen"
    if view.target >= 0 and view.ground[view.target] >= 0:
        c = GROUND[view.ground[view.target]]
        need = f", {view.succ}/{view.need} successes" if view.need > 1 else ""
        weaker = f" as {STRENGTHS[view.zone]}" if view.zone != c.strength else ""
        return f"Fighting {c.name} ({STRENGTHS[c.strength]}{weaker}): {view.rods} rod action(s) left{need}"
    if view.phase in ("cast", "hit", "nohit"):
        return f"Casting: {view.casts} bait(s) left" + (" (Calm Water)" if view.calm else "")
    return ""


def _players(draw: ImageDraw.ImageDraw, view: PushFishView, x: int, y: int, width: int) -> int:
    """A row per player: marker, name, character, fish, points caught, items, missions. Returns bottom y."""
    for s, name in enumerate(view.players):
        fish = [c for c in view.catches[s] if not GROUND[c].is_find]
        points = sum(GROUND[c].score for c in fish) + sum(MISSIONS[m].points for m in view.won[s])
        acting = s == view.turn and not view.finished
        rounded(draw, (x, y, x + width, y + 50), fill=(255, 240, 190) if acting else PANEL, radius=8,
                width=3 if acting else 1)
        seat_marker(draw, s, x + 20, y + 25, 13)
        tags = " (Legendary)" if s in view.legendary else ""
        char = CHARACTERS[view.chars[s]].name
        draw.text((x + 42, y + 4), fit_text(draw, f"{name} - {char}{tags}", width - 50, 17, True),
                  font=font(17, True), fill=INK)
        line = (f"{len(fish)}/{view.fish_goal} fish, {points} pts caught, {view.hand_sizes[s]} items, "
                f"{len(view.won[s])} missions")
        draw.text((x + 42, y + 27), fit_text(draw, line, width - 50, 15), font=font(15), fill=INK)
        y += 56
    return y


def _missions(draw: ImageDraw.ImageDraw, view: PushFishView, x: int, y: int, width: int) -> int:
    """The missions on offer. Returns bottom y."""
    if view.first_game:
        return y
    draw.text((x, y), f"Missions on offer ({view.mission_deck} in the pile)", font=font(18, True), fill=INK)
    y += 26
    for m in view.offer:
        if m < 0:
            draw.text((x, y), "(empty: refilled next turn)", font=font(15), fill=MUTED)
        else:
            mission = MISSIONS[m]
            text = f"{mission.name} ({mission.points}): " + ", ".join(n.split(":")[-1] for n in mission.needs)
            draw.text((x, y), fit_text(draw, text, width, 15), font=font(15), fill=INK)
        y += 21
    return y


def board(view: PushFishView) -> bytes:
    """The table as this view sees it."""
    ground_bottom = GROUND_Y + int(sim.GROUND_H * SCALE) + 50
    panel_bottom = 76 + 144 + 30 + 56 * len(view.players) + (0 if view.first_game else 140)
    height = max(ground_bottom, panel_bottom) + 70
    img, draw = new_canvas(WIDTH, height)
    mode = [k for k, on in (("Hard", view.hard), ("Free-for-all", view.noisy), ("First game", view.first_game))
            if on]
    turn_banner(draw, WIDTH, "Push Fish" + (f" · {', '.join(mode)}" if mode else ""), view.players,
                view.to_act, view.finished)
    _ground(draw, view)
    panel_w = WIDTH - PANEL_X - 20
    y = _rod(draw, view, PANEL_X, 72, panel_w)
    draw.text((PANEL_X, y), fit_text(draw, _status(view), panel_w, 17, True), font=font(17, True), fill=INK)
    y = _players(draw, view, PANEL_X, y + 30, panel_w)
    y = _missions(draw, view, PANEL_X, y + 6, panel_w)
    foot = f"Pile {view.pile} cards · item deck {view.item_deck} · item discard {view.item_discard}"
    draw.text((GROUND_X - 44, height - 66), foot, font=font(16), fill=MUTED)
    last_action_bar(draw, WIDTH, height - 40, view.last, height=40)
    return to_png(img)


def hand(view: PushFishView) -> bytes | None:
    """A seat's private image: its item cards and the face-down cards it has peeked at."""
    if view.seat is None:
        return None
    peeks = [(p, c) for p, c in enumerate(view.known) if c >= 0]
    tile_w, tile_h, cols = 210, 150, 5
    rows = max(1, -(-len(view.hand) // cols))
    height = 70 + rows * (tile_h + 12) + (CARD_H + 70 if peeks else 0) + 20
    img, draw = new_canvas(tile_w * cols + 12 * (cols + 1), height)
    draw.rectangle((0, 0, img.width, 52), fill=(40, 62, 88))
    seat_marker(draw, view.seat, 26, 26, 14)
    total = sum(ITEMS[i].points for i in view.hand)
    draw.text((48, 26), f"{view.players[view.seat]}'s items ({len(view.hand)}/5, {total} pts if kept)",
              font=font(22, True), fill=(255, 255, 255), anchor="lm")
    y = 64
    if not view.hand:
        draw.text((20, y + 20), "No item cards.", font=font(18), fill=MUTED)
    for k, i in enumerate(view.hand):
        item = ITEMS[i]
        x = 12 + (k % cols) * (tile_w + 12)
        ty = y + (k // cols) * (tile_h + 12)
        rounded(draw, (x, ty, x + tile_w, ty + tile_h), fill=PANEL, radius=10)
        draw.text((x + 10, ty + 8), str(item.points), font=font(24, True), fill=INK)
        for j, line in enumerate(wrap_text(draw, item.name, tile_w - 50, 16, True)[:2]):
            draw.text((x + 42, ty + 10 + j * 19), line, font=font(16, True), fill=INK)
        for j, line in enumerate(wrap_text(draw, item.text, tile_w - 16, 15)[:4]):
            draw.text((x + 8, ty + 56 + j * 19), line, font=font(15), fill=INK)
    y += rows * (tile_h + 12)
    if peeks:
        draw.text((12, y + 8), "Peeked (only you know):", font=font(18, True), fill=INK)
        for k, (p, c) in enumerate(peeks[:8]):
            x = 12 + k * (CARD_W + 34)
            _card_face(draw, x, y + 36, c)
            row, col = divmod(p, sim.COLS)
            draw.text((x + CARD_W + 2, y + 40), f"r{row + 1}\nc{col + 1}", font=font(15), fill=INK)
    return to_png(img)


def final(view: PushFishView, result: Result) -> bytes:
    """Final scores with a breakdown, and what each player caught."""
    n = len(view.players)
    height = 56 + 50 + 44 + n * 44 + 30 + n * 28 + 30
    img, draw = new_canvas(1000, height)
    turn_banner(draw, 1000, "Push Fish · final scores", view.players, [], True)
    draw.text((20, 78), fit_text(draw, view.ended or result.summary, 960, 20, True), font=font(20, True), fill=INK)
    y = score_table(draw, 20, 106, 960, view.players, result.breakdown, result.scores, result.winners,
                    result.ranks)
    y += 16
    for s, name in enumerate(view.players):
        names = ", ".join(GROUND[c].name for c in view.catches[s]) or "nothing"
        draw.text((20, y), fit_text(draw, f"{name} caught: {names}", 960, 15), font=font(15), fill=INK)
        y += 28
    return to_png(img)


def _card_text(card: int) -> str:
    """A revealed ground card in words: 'Sawshark 7 S (deep)' or 'Fossil (treasure, +1 item)'."""
    c = GROUND[card]
    if c.is_find:
        return f"{c.name} ({c.kind}, +{c.items} item{'s' if c.items != 1 else ''})"
    return f"{c.name} {c.score} {STRENGTHS[c.strength]}{' rare' if c.rare else ''} ({c.kind})"


def _need_text(need: str) -> str:
    """A mission target in words: 'Pike', 'any sea fish', 'any S-strength fish', 'any rare fish', 'a find'."""
    if need.startswith("kind:"):
        return f"any {need[5:]} fish"
    if need.startswith("strength:"):
        return f"any {need[9:]}-strength fish"
    return {"rare": "any rare fish", "find": "a Treasure or Junk card"}.get(need, need)


def text(view: PushFishView) -> str:
    """The ground, the players and (for a seat) its items in text, for the terminal player."""
    lines = ["Ground (row 4 far, row 1 near; '??' face down, '--' empty):"]
    for row in range(3, -1, -1):
        cells = []
        for col in range(5):
            card = view.ground[row * 5 + col]
            known = view.known[row * 5 + col] if view.known else -1
            cells.append("--" if card == EMPTY else f"?{GROUND[known].name}?" if card == FACE_DOWN and known >= 0
                         else "??" if card == FACE_DOWN else _card_text(card))
        lines.append(f"  row {row + 1}: " + " | ".join(cells))
    lines.append(f"Pile {view.pile}; casts left {view.casts}, rod actions left {view.rods}; "
                 f"first to {view.fish_goal} fish.")
    lines.append("Missions: " + "; ".join(f"{MISSIONS[m].name} ({MISSIONS[m].points}): "
                                          f"{', '.join(_need_text(n) for n in MISSIONS[m].needs)}"
                                          for m in view.offer))
    for s, name in enumerate(view.players):
        caught = ", ".join(_card_text(c) for c in view.catches[s]) or "nothing yet"
        lines.append(f"  {name} ({CHARACTERS[view.chars[s]].name}): {view.hand_sizes[s]} items; caught {caught}")
    if view.seat is not None and view.hand:
        lines.append("Your items: " + "; ".join(f"{ITEMS[i].name} ({ITEMS[i].points}): {ITEMS[i].text}"
                                               for i in view.hand))
    return "\n".join(lines)
