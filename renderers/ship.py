"""The Ship deck as the player to move sees it: their home row at the bottom, the hull drawn
round the board (pointed prow at the Bow end), wave tiles with their arrows, Mates with their
side's letter and Captains with a gold rim and crown, the last move, and whatever fell
overboard floating in the sea beside the row it fell from.

Sides never differ by colour alone: Stern's pieces are round, Bow's square, and the two colours
differ in lightness under every colour-vision deficiency. ``marks`` (from the engine's
``changes``) draw what changed since the viewer last looked: a ghost where a piece was, an
arrow to where it went, a ring round a piece that arrived or gained its Sea-Leg, and a key
under the board that says so. Coordinates and letters are at least 8 px tall when a phone
shows the board 360 px wide.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from games.core import Change, View, parse_square
from games.core.words import N_, NP_, t, tn, tp
from renderers.base import (
    KEY_ARROW,
    KEY_GHOST,
    KEY_RING,
    KEY_TITLE,
    MARK,
    PALETTE,
    Color,
    Grid,
    draw_arrow,
    draw_change_arrow,
    draw_ghost,
    draw_ring,
    fit_text,
    font,
    label_size,
    new_canvas,
    palette_png,
    with_mark_key,
)

WIDTH = 840
HEADER = 78
FOOTER = 104
SIDE = 118  # sea on each side of the deck: rim, coordinates and room for fallen pieces
PROW = 96  # how far the pointed bow reaches past the Bow home row
RIM = 30  # hull rim round the planks, where the coordinates sit
STERN_RIM = 62  # the stern's rim also carries the STERN name plate
MAX_BOARD_HEIGHT = 790

SEAT_COLORS: tuple[Color, Color] = ((240, 110, 90), (34, 34, 40))  # Stern coral, Bow black
SIDE_LETTERS = (NP_("Ship side letter", "S"), NP_("Ship side letter", "B"))
LETTER_INK: tuple[Color, Color] = (PALETTE["ink"], PALETTE["white"])
SIDE_NAMES = (N_("Stern"), N_("Bow"))
SEA = PALETTE["deep"]
SEA_LINE = (58, 110, 160)
HULL = (120, 78, 44)
RIM_WOOD = (188, 142, 92)
PLANKS = ((226, 190, 142), (214, 176, 126))
SEAM = (150, 108, 66)
WAVE_TILE = PALETTE["shallows"]
WAVE_INK = (24, 70, 120)
MOVE = PALETTE["highlight"]
SHIFT = (255, 255, 255)
HEADER_DETAIL = (190, 225, 238)
FOOTER_TALLY = PALETTE["background"]
INK = PALETTE["ink"]
KEY = (KEY_GHOST, KEY_ARROW, KEY_RING)
LABEL = label_size(WIDTH)  # coordinates and letters: 8 px on a phone


def render(view: View, marks: list[Change] | None = None, key_title: str = KEY_TITLE) -> bytes:
    cols, rows = view["width"], view["height"]
    cell = min((WIDTH - 2 * SIDE) // cols, MAX_BOARD_HEIGHT // rows)
    left = (WIDTH - cols * cell) // 2
    flipped = _viewer(view) == 1
    top = HEADER + (STERN_RIM if flipped else PROW + 8)
    grid = Grid(cols, rows, cell, left, top, flipped)
    height = grid.top + grid.height + (PROW + 8 if flipped else STERN_RIM + 16) + FOOTER
    image = new_canvas(WIDTH, height, SEA)
    draw = ImageDraw.Draw(image)
    _draw_sea(draw, WIDTH, height)
    _draw_hull(draw, grid)
    _draw_deck(draw, grid, view)
    grid.draw_lines(draw, SEAM)
    grid.draw_coordinates(draw, LABEL)
    _draw_last_move(draw, grid, view)
    if marks:
        _draw_trails(draw, grid, marks)
    for piece in view["pieces"]:
        _draw_piece(draw, grid, piece)
    if marks:
        _draw_rings(draw, grid, marks)
    _draw_overboard(draw, grid, view)
    _draw_header(draw, view)
    _draw_footer(draw, view, height - FOOTER)
    if marks:
        image = with_mark_key(image, KEY, key_title)
    return palette_png(image, _palette())


@lru_cache(maxsize=1)
def _palette() -> Image.Image:
    """Every flat colour drawn here plus the anti-aliasing shades of each text colour on its
    background. Mapping onto this fixed palette is ~5x faster than adaptive quantising and
    halves the PNG, with no visible change (shapes are drawn without anti-aliasing)."""
    flat = [SEA, SEA_LINE, HULL, RIM_WOOD, *PLANKS, SEAM, WAVE_TILE, WAVE_INK, MOVE, SHIFT,
            *SEAT_COLORS, PALETTE["orange"], PALETTE["danger"], PALETTE["gold"], INK,
            HEADER_DETAIL, PALETTE["white"], FOOTER_TALLY, MARK]  # fmt: skip
    text_on = [(PALETTE["white"], SEA), (HEADER_DETAIL, SEA), (INK, RIM_WOOD),
               (PALETTE["white"], HULL), (FOOTER_TALLY, HULL), (INK, SEAT_COLORS[0]),
               (PALETTE["white"], SEAT_COLORS[1]), (INK, PALETTE["gold"])]  # fmt: skip
    shades = [
        tuple(round(f + (b - f) * k / 8) for f, b in zip(fg, bg, strict=True))
        for fg, bg in text_on
        for k in range(1, 8)
    ]
    colors = [*flat, *shades]
    colors += [colors[0]] * (256 - len(colors))
    palette = Image.new("P", (1, 1))
    palette.putpalette([value for color in colors for value in color])
    return palette


def _viewer(view: View) -> int:
    """Whose side is at the bottom: the player to move, or once over the last mover."""
    to_act: list[int] = view["to_act"]
    if to_act:
        return to_act[0]
    return view["last_move"]["seat"] if view["last_move"] else 0


def _draw_sea(draw: ImageDraw.ImageDraw, width: int, height: int) -> None:
    """A few fixed swell lines so the water reads as water."""
    for y in range(HEADER + 20, height - FOOTER, 46):
        shift = (y // 46) % 2 * 30
        for x in range(-60 + shift, width, 120):
            draw.arc([x, y, x + 60, y + 22], 200, 340, fill=SEA_LINE, width=3)


def _draw_hull(draw: ImageDraw.ImageDraw, grid: Grid) -> None:
    """Deck outline: square stern behind Stern's home row, pointed prow beyond Bow's."""
    x0, x1 = grid.left - RIM, grid.left + grid.width + RIM
    y_top, y_bottom = grid.top, grid.top + grid.height
    if grid.flipped:  # Bow's home row is at the bottom
        stern_y, bow_y, tip = y_top - STERN_RIM, y_bottom + RIM, y_bottom + PROW
    else:
        stern_y, bow_y, tip = y_bottom + STERN_RIM, y_top - RIM, y_top - PROW
    mid = (x0 + x1) / 2
    curve = [  # a convex prow closing to a point: half-width 1 - t^1.6 along its length
        (mid + (x1 - mid) * (1 - (t / 12) ** 1.6), bow_y + (tip - bow_y) * t / 12)
        for t in range(13)
    ]
    outline = [
        (x0, stern_y),
        (x1, stern_y),
        (x1, bow_y),
        *curve,
        *[(2 * mid - x, y) for x, y in reversed(curve)],
        (x0, bow_y),
    ]
    draw.polygon(outline, fill=RIM_WOOD, outline=HULL, width=6)
    plate_y = stern_y + (14 if grid.flipped else -14)
    draw.text((mid, plate_y), t(SIDE_NAMES[0]).upper(), fill=INK, font=font(LABEL, bold=True),
              anchor="mm")  # fmt: skip
    bow_label_y = bow_y + (tip - bow_y) * 0.55
    draw.text((mid, bow_label_y), t(SIDE_NAMES[1]).upper(), fill=INK,
              font=font(LABEL, bold=True), anchor="mm")  # fmt: skip


def _draw_deck(draw: ImageDraw.ImageDraw, grid: Grid, view: View) -> None:
    for row in range(grid.rows):
        for col in range(grid.cols):
            draw.rectangle(grid.box(col, row), fill=PLANKS[(col + row) % 2])
    for wave in view["waves"]:
        _draw_wave(draw, grid, *parse_square(wave["square"]), wave["arrow"])


def _draw_wave(draw: ImageDraw.ImageDraw, grid: Grid, col: int, row: int, arrow: str) -> None:
    """A blue tile with two swell lines and a big arrow toward the edge it pushes to."""
    x0, y0, x1, y1 = grid.box(col, row)
    cell = grid.cell
    draw.rectangle([x0 + 2, y0 + 2, x1 - 2, y1 - 2], fill=WAVE_TILE)
    for k in (0.28, 0.78):
        y = y0 + cell * k
        points = [
            (x0 + 6 + i * (cell - 12) / 16, y + math.sin(i / 16 * 4 * math.pi) * cell * 0.05)
            for i in range(17)
        ]
        draw.line(points, fill=PALETTE["white"], width=3)
    step = 1 if arrow == "east" else -1
    screen = grid.center(col + step, row)[0] - grid.center(col, row)[0]
    direction = 1 if screen > 0 else -1
    cx, cy = grid.center(col, row)
    reach = int(cell * 0.34)
    draw_arrow(
        draw,
        (cx - direction * reach, cy),
        (cx + direction * reach, cy),
        WAVE_INK,
        width=max(4, cell // 14),
        head=max(12, cell // 5),
    )


def _draw_piece(draw: ImageDraw.ImageDraw, grid: Grid, piece: dict[str, Any]) -> None:
    col, row = parse_square(piece["square"])
    radius = int(grid.cell * 0.36)
    draw_man(draw, grid.center(col, row), radius, piece["side"], piece["captain"])


def _outline(draw: ImageDraw.ImageDraw, center: tuple[float, float], radius: float, side: int,
             fill: Color, outline: Color, width: int) -> None:  # fmt: skip
    """Stern's round piece or Bow's square one, the shape alone telling the sides apart."""
    x, y = center
    if side == 0:
        draw.ellipse([x - radius, y - radius, x + radius, y + radius], fill=fill,
                     outline=outline, width=width)  # fmt: skip
    else:
        half = radius * 0.84
        draw.rounded_rectangle([x - half, y - half, x + half, y + half], radius=half * 0.25,
                               fill=fill, outline=outline, width=width)  # fmt: skip


def draw_man(draw: ImageDraw.ImageDraw, center: tuple[int, int], radius: int, side: int,
             captain: bool) -> None:  # fmt: skip
    """A Mate shows its side's letter; a Captain a gold rim and a gold crown."""
    color = SEAT_COLORS[side]
    if not captain:
        _outline(draw, center, radius, side, color, INK, 3)
        draw.text(center, tp("Ship side letter", SIDE_LETTERS[side]), fill=LETTER_INK[side],
                  font=font(max(LABEL, int(radius * 0.9)), bold=True), anchor="mm")  # fmt: skip
        return
    x, y = center
    _outline(draw, center, radius + 3, side, PALETTE["gold"], INK, 2)
    _outline(draw, center, radius - 5, side, color, PALETTE["gold"], 3)
    w, h = radius * 0.5, radius * 0.42
    crown = [(x - w, y + h * 0.6), (x - w, y - h * 0.5), (x - w / 2, y), (x, y - h),
             (x + w / 2, y), (x + w, y - h * 0.5), (x + w, y + h * 0.6)]  # fmt: skip
    draw.polygon(crown, fill=PALETTE["gold"], outline=INK)


def _draw_last_move(draw: ImageDraw.ImageDraw, grid: Grid, view: View) -> None:
    """Yellow frames on the squares left and reached, an arrow between, the jumped piece's
    square crossed out, and white arrows for every piece the wave slid along its row."""
    last = view["last_move"]
    if not last:
        return
    for name in (last["from"], last["to"]):
        x0, y0, x1, y1 = grid.box(*parse_square(name))
        draw.rectangle([x0 + 3, y0 + 3, x1 - 3, y1 - 3], outline=MOVE, width=5)
    if last["jumped"]:
        x0, y0, x1, y1 = grid.box(*parse_square(last["jumped"]["square"]))
        pad = grid.cell // 4
        draw.line([(x0 + pad, y0 + pad), (x1 - pad, y1 - pad)], fill=PALETTE["danger"], width=6)
        draw.line([(x0 + pad, y1 - pad), (x1 - pad, y0 + pad)], fill=PALETTE["danger"], width=6)
    wave = last["wave"]
    stop = int(grid.cell * 0.4)  # arrow heads end at a piece's edge, not under it
    for start, end in wave["shifts"] if wave else ():
        _arrow_between(draw, grid, start, end, stop, SHIFT, 3)
    _arrow_between(draw, grid, last["from"], last["to"], stop, PALETTE["orange"], 6)


def _arrow_between(
    draw: ImageDraw.ImageDraw, grid: Grid, start: str, end: str, stop: int, color: Color, width: int
) -> None:
    (x0, y0), (x1, y1) = grid.center(*parse_square(start)), grid.center(*parse_square(end))
    length = math.hypot(x1 - x0, y1 - y0)
    k = max(0.0, (length - stop) / length)
    tip = (round(x0 + (x1 - x0) * k), round(y0 + (y1 - y0) * k))
    draw_arrow(draw, (x0, y0), tip, color, width=width, head=width * 3 + 2)


def _draw_overboard(draw: ImageDraw.ImageDraw, grid: Grid, view: View) -> None:
    """The piece the last wave threw overboard, bobbing in the sea beside its row."""
    wave = view["last_move"]["wave"] if view["last_move"] else None
    if not wave or not wave["overboard"]:
        return
    fallen = wave["overboard"]
    col, row = parse_square(fallen["square"])
    edge_x, y = grid.center(col, row)
    outward = 1 if edge_x > grid.left + grid.width / 2 else -1
    x = edge_x + outward * (grid.cell // 2 + RIM + 34)
    radius = 22
    for k in (1.0, 1.5):
        r = int(radius * k) + 6
        draw.arc(
            [x - r, y - r // 2, x + r, y + r // 2 + 12], 10, 170, fill=PALETTE["white"], width=3
        )
    owner = 0 if fallen["piece"] in "sS" else 1
    draw_man(draw, (x, y), radius, owner, fallen["piece"] in "SB")
    draw.text(
        (x, y + radius + 16),
        t("overboard"),
        fill=PALETTE["white"],
        font=font(14, True),
        anchor="mm",
    )


def _draw_header(draw: ImageDraw.ImageDraw, view: View) -> None:
    outcome = view["outcome"]
    if outcome:
        winners = outcome["winners"]
        title = t("{seat} wins", seat=t(SIDE_NAMES[winners[0]])) if winners else t("Draw")
        detail = outcome["reason"]
        seat = winners[0] if winners else None
    else:
        seat = view["to_act"][0]
        title = t("{seat} to move", seat=t(SIDE_NAMES[seat]))
        ply = {"ply": view["ply"] + 1, "cap": view["ply_cap"]}
        detail = (
            t("ply {ply} of {cap} · first move: one Mate one square forward", **ply)
            if view["first_turn"][seat]
            else t("ply {ply} of {cap}", **ply)
        )
    x = 28
    if seat is not None:
        draw_man(draw, (x + 18, HEADER // 2), 20, seat, captain=False)
        x += 50
    draw.text((x, 14), title, fill=PALETTE["white"], font=font(26, bold=True))
    draw.text((x, 48), detail, fill=HEADER_DETAIL, font=font(17))


def _draw_footer(draw: ImageDraw.ImageDraw, view: View, top: int) -> None:
    """The last move in words, then what each side has lost and how many Sea-Legs it won."""
    draw.rectangle([0, top, WIDTH, top + FOOTER], fill=HULL)
    text = " ".join(view["last"]) or t("Stern and Bow wait for the first move.")
    box = (24, top + 10, WIDTH - 24, top + FOOTER - 38)
    fit_text(draw, box, text, LABEL, LABEL, PALETTE["white"], bold=True)
    tally = " · ".join(
        tn(
            "{seat}: {jumped} jumped, {overboard} overboard, {n} Sea-Leg",
            "{seat}: {jumped} jumped, {overboard} overboard, {n} Sea-Legs",
            legs,
            seat=t(name),
            jumped=lost["jumped"],
            overboard=lost["overboard"],
        )
        for name, lost, legs in zip(SIDE_NAMES, view["lost"], view["sea_legs"], strict=True)
    )
    fit_text(draw, (24, top + FOOTER - 32, WIDTH - 24, top + FOOTER - 8), tally, 16, 16,
             FOOTER_TALLY)  # fmt: skip


def _draw_trails(draw: ImageDraw.ImageDraw, grid: Grid, marks: list[Change]) -> None:
    """Under the pieces: a ghost where each moved or lost piece was, an arrow to where each
    moved one went (the piece's own move, and every piece the wave slid)."""
    ghost = int(grid.cell * 0.3)
    for mark in marks:
        if mark["kind"] == "move":
            start = grid.center(*parse_square(mark["from"]))
            end = grid.center(*parse_square(mark["to"]))
            draw_ghost(draw, start, ghost)
            draw_change_arrow(draw, start, _short_of(start, end, int(grid.cell * 0.42)))
        elif mark["kind"] == "remove":
            draw_ghost(draw, grid.center(*parse_square(mark["at"])), ghost)


def _draw_rings(draw: ImageDraw.ImageDraw, grid: Grid, marks: list[Change]) -> None:
    """Over the pieces, never on them: a ring round a piece that arrived or was promoted."""
    for mark in marks:
        if mark["kind"] in ("add", "promote"):
            draw_ring(draw, grid.center(*parse_square(mark["at"])), int(grid.cell * 0.47))


def _short_of(start: tuple[int, int], end: tuple[int, int], gap: int) -> tuple[int, int]:
    """``end`` moved back toward ``start`` by ``gap`` pixels, so an arrow stops at a piece."""
    length = max(1.0, math.hypot(end[0] - start[0], end[1] - start[1]))
    k = max(0.0, (length - gap) / length)
    return round(start[0] + (end[0] - start[0]) * k), round(start[1] + (end[1] - start[1]) * k)
