"""The Cardinal board: both fleets, the pirate and its influence, crowded squares, the last
move, and each player's ships still in hand.

Read at a glance and by everyone: each fleet's ships carry their letter (O, G) as well as
their colour, and the two hull colours differ in lightness, so they stay apart under every
colour-vision deficiency; all text is dark ink on light ground. ``marks`` (from the engine's
``changes``) draw what changed since the viewer last looked: a ring round a ship placed or a
hand that changed, a ghost where a ship was sent home, the pirate's way as an arrow, and a
key under the board that says so. Letters and counts are at least 8 px tall when a phone
shows the board 360 px wide.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from games.core import Change, View, parse_square
from games.core.words import NP_, t, tp
from renderers.base import (
    KEY_ARROW,
    KEY_GHOST,
    KEY_RING,
    KEY_TITLE,
    MARK,
    PALETTE,
    Color,
    Grid,
    draw_boat,
    draw_change_arrow,
    draw_ghost,
    draw_ring,
    fitted_palette,
    font,
    label_size,
    new_canvas,
    palette_png,
    with_mark_key,
)

CELL = 112
MARGIN = 44
PANEL = 104
SHIP = int(CELL * 0.72)  # a ship on the board
HAND_SHIP = 56  # a ship still in hand, in a player's panel
COUNT_GAP = 18  # room round the count in hand for a change ring
SEAT_COLORS: tuple[Color, Color] = ((250, 170, 60), (16, 90, 40))  # light orange, dark green
FLEET_LETTERS = (NP_("Cardinal fleet letter", "O"), NP_("Cardinal fleet letter", "G"))
"""Each fleet's initial (Orange, Green), said in the reader's language on its hulls."""
LETTER_INK: tuple[Color, Color] = (PALETTE["ink"], PALETTE["white"])
WATER = (176, 214, 228)
WATER_DARK = (160, 200, 218)
INFLUENCE = (214, 150, 150)
CROWDED = (255, 232, 140)
PIRATE_SAIL = (60, 60, 60)
INK = PALETTE["ink"]
KEY = (KEY_GHOST, KEY_ARROW, KEY_RING)


def render(view: View, marks: list[Change] | None = None, key_title: str = KEY_TITLE) -> bytes:
    cols, rows = view["cols"], view["rows"]
    grid = Grid(cols, rows, CELL, MARGIN, MARGIN + PANEL)
    width = grid.width + 2 * MARGIN
    image = new_canvas(width, grid.top + grid.height + MARGIN + PANEL)
    draw = ImageDraw.Draw(image)
    _draw_squares(draw, grid, view)
    grid.draw_lines(draw)
    grid.draw_coordinates(draw, max(18, label_size(width)))
    if marks:
        _draw_trails(draw, grid, marks)
    _draw_pieces(draw, grid, view, label_size(width))
    counts = {
        1: _draw_panel(draw, view, top=8, seat=1, width=width),
        0: _draw_panel(draw, view, top=grid.top + grid.height + MARGIN - 4, seat=0, width=width),
    }
    if marks:
        _draw_rings(draw, grid, marks, counts)
        image = with_mark_key(image, KEY, key_title)
    return palette_png(image, _palette())


@lru_cache(maxsize=1)
def _palette() -> Image.Image:
    surfaces = (PALETTE["background"], WATER, WATER_DARK, INFLUENCE, CROWDED, PALETTE["land"])
    inks = (*SEAT_COLORS, INK, PALETTE["grid"], PALETTE["black"], PALETTE["white"],
            PALETTE["highlight"], PIRATE_SAIL, MARK)  # fmt: skip
    return fitted_palette(surfaces, inks)


def _name(col: int, row: int) -> str:
    return f"{chr(ord('a') + col)}{row + 1}"


def _draw_squares(draw: ImageDraw.ImageDraw, grid: Grid, view: View) -> None:
    blocked = set(view["blocked"])
    influence = set(view["influence"])
    crowded = set(view["crowded"]) | set(view["summoning"])
    for row in range(grid.rows):
        for col in range(grid.cols):
            name = _name(col, row)
            box = grid.box(col, row)
            if name in blocked:
                fill = PALETTE["land"]
            elif name in influence:
                fill = INFLUENCE
            elif name in crowded:
                fill = CROWDED
            else:
                fill = WATER if (col + row) % 2 else WATER_DARK
            draw.rectangle(box, fill=fill)
            if name in crowded:
                x0, y0, x1, y1 = box
                pad = CELL // 3
                draw.line([(x0 + pad, y0 + pad), (x1 - pad, y1 - pad)], fill=INK, width=4)
                draw.line([(x0 + pad, y1 - pad), (x1 - pad, y0 + pad)], fill=INK, width=4)


def draw_ship(
    draw: ImageDraw.ImageDraw, center: tuple[int, int], size: int, seat: int, least: int
) -> None:
    """A fleet's ship with its letter on the hull: never told apart by colour alone. The letter
    is at least ``least`` px, what reads on a phone."""
    draw_boat(draw, center, size, SEAT_COLORS[seat])
    x, y = center
    hull_middle = y + round(size / 2 * 0.42)
    letter = tp("Cardinal fleet letter", FLEET_LETTERS[seat])
    draw.text((x, hull_middle), letter, fill=LETTER_INK[seat],
              font=font(max(least, size // 4), bold=True), anchor="mm")  # fmt: skip


def _draw_pieces(draw: ImageDraw.ImageDraw, grid: Grid, view: View, least: int) -> None:
    last = view["last_move"]
    for name, owner in view["ships"].items():
        draw_ship(draw, grid.center(*parse_square(name)), SHIP, owner, least)
    if view["pirate"]:
        draw_boat(draw, grid.center(*parse_square(view["pirate"])), int(CELL * 0.78),
                  PALETTE["black"], sail=PIRATE_SAIL)  # fmt: skip
    for name, owner in last.get("removed", []):
        x0, y0, x1, y1 = grid.box(*parse_square(name))
        draw.rectangle([x0 + 6, y0 + 6, x1 - 6, y1 - 6], outline=SEAT_COLORS[owner], width=4)
        middle = (x0 + x1) // 2
        draw.text((middle, y0 + 24), t(view["seats"][owner]), fill=INK, font=font(15, bold=True),
                  anchor="mm")  # fmt: skip
        draw.text((middle, y1 - 22), t("sent home"), fill=INK, font=font(15), anchor="mm")
    for key in ("placed", "pirate"):
        if last.get(key):
            x0, y0, x1, y1 = grid.box(*parse_square(last[key]))
            draw.rectangle([x0 + 2, y0 + 2, x1 - 2, y1 - 2], outline=PALETTE["highlight"],
                           width=6)  # fmt: skip


def _status(view: View, seat: int) -> str:
    outcome = view["outcome"]
    if outcome:
        if seat in outcome["winners"]:
            return t("wins!")
        return t("draw") if not outcome["winners"] else ""
    if seat not in view["to_act"]:
        return ""
    return t("moves the pirate") if view["summoning"] else t("to move")


def _draw_panel(draw: ImageDraw.ImageDraw, view: View, top: int, seat: int,
                width: int) -> tuple[int, int]:  # fmt: skip
    """A player's line: their fleet, the count in hand and the status, then the ships in hand
    on a line of their own (so nothing sits under them). Returns the count's centre."""
    in_hand = view["supply"][seat]
    face = font(24, bold=True)
    draw_ship(draw, (MARGIN + 20, top + 22), 44, seat, label_size(width))
    x, y = MARGIN + 52, top + 22
    head = t("{seat}:", seat=t(view["seats"][seat]))
    draw.text((x, y), head, fill=INK, font=face, anchor="lm")
    count_x = x + round(face.getlength(head)) + COUNT_GAP + round(face.getlength("0")) // 2
    draw.text((count_x, y), str(in_hand), fill=INK, font=face, anchor="mm")
    tail_x = count_x + round(face.getlength("0")) // 2 + COUNT_GAP
    draw.text((tail_x, y), t("in hand"), fill=INK, font=face, anchor="lm")
    status = _status(view, seat)
    if status:
        text_width = round(face.getlength(status))
        right = width - MARGIN
        draw.rounded_rectangle([right - text_width - 24, y - 18, right, y + 18], radius=10,
                               fill=PALETTE["highlight"], outline=INK, width=2)  # fmt: skip
        draw.text((right - 12, y), status, fill=INK, font=face, anchor="rm")
    for i in range(in_hand):
        draw_ship(draw, (MARGIN + 28 + i * 64, top + 70), HAND_SHIP, seat, label_size(width))
    return count_x, y


def _draw_trails(draw: ImageDraw.ImageDraw, grid: Grid, marks: list[Change]) -> None:
    """Under the pieces: ghosts where ships or the pirate were, the pirate's arrow."""
    ghost = int(CELL * 0.3)
    for mark in marks:
        if mark["kind"] == "remove":
            draw_ghost(draw, grid.center(*parse_square(mark["at"])), ghost)
        elif mark["kind"] == "move":
            start = grid.center(*parse_square(mark["from"]))
            end = grid.center(*parse_square(mark["to"]))
            draw_ghost(draw, start, ghost)
            draw_change_arrow(draw, start, _short_of(start, end, int(CELL * 0.45)))


def _draw_rings(draw: ImageDraw.ImageDraw, grid: Grid, marks: list[Change],
                counts: dict[int, tuple[int, int]]) -> None:  # fmt: skip
    """Over the pieces, never on them: a ring round what arrived and round changed counts."""
    for mark in marks:
        if mark["kind"] == "add":
            pirate = mark.get("piece") == "pirate"  # the pirate is drawn larger than a ship
            radius = int(CELL * (0.45 if pirate else 0.42))
            draw_ring(draw, grid.center(*parse_square(mark["at"])), radius)
        elif mark["kind"] == "count":
            draw_ring(draw, counts[mark["seat"]], 19)


def _short_of(start: tuple[int, int], end: tuple[int, int], gap: int) -> tuple[int, int]:
    """``end`` moved back toward ``start`` by ``gap`` pixels, so an arrow stops at a piece."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = max(1.0, (dx * dx + dy * dy) ** 0.5)
    k = max(0.0, (length - gap) / length)
    return round(start[0] + dx * k), round(start[1] + dy * k)
