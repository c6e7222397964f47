"""The Rigadoon board: sea, Shallows and compass, the four islands with their symbols, the
maelstroms and their exits, ships with their masts, chests, this turn's sails and blasts as
arrows, and the current Wind card drawn as the physical card (orange squares, yellow circles).

Blue ships are dark round hulls with white numbers, Green ships light square ones with dark
numbers: the fleets differ by shape and lightness, not by hue alone. ``marks`` (the engine's
``changes`` since a player's last look) are drawn in the shared mark colour: every sail and
blast as a numbered arrow in the order they happened, a dashed ghost where a ship or chest
was, a ring on a ship whose masts changed and a frame round the Wind card when the wind
changed, and a key under the board that says so. Coordinates and numbers are at least 8 px
tall when a phone shows the board 360 px wide; the panel's text is fitted to its box.

The static sea is drawn once and cached; each render pastes it and adds the pieces.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import pairwise
from typing import Any

from PIL import Image, ImageDraw

from games.core import Change, View
from games.core.coords import parse_square
from games.core.words import N_, NP_, t, tp
from games.rigadoon import data
from renderers.base import (
    KEY_GHOST,
    KEY_RING,
    KEY_TITLE,
    MARK,
    PALETTE,
    draw_arrow,
    draw_change_arrow,
    draw_ghost,
    draw_mark_box,
    draw_ring,
    fit_text,
    font,
    label_size,
    new_canvas,
    png_bytes,
    with_mark_key,
)

CELL = 58
MARGIN = 34
BOARD = CELL * data.SIZE
WIDTH = BOARD + 2 * MARGIN
PANEL = 290
HEIGHT = BOARD + 2 * MARGIN + PANEL
SEAT_COLORS = ((25, 40, 130), (70, 220, 60))  # navy and lime: apart for every colour vision
FLEET_INKS = (PALETTE["white"], PALETTE["ink"])  # the mast numbers on them
SHALLOWS = (150, 205, 222)
SEA = (62, 122, 176)
SEA_LINE = (40, 92, 140)
CHEST = (176, 112, 40)
CHEST_LID = (222, 170, 60)
BLAST = (206, 38, 38)
ORANGE = PALETTE["orange"]
YELLOW = (250, 214, 40)
LEGEND_INK = (100, 88, 76)
MARK_DARK = (170, 25, 110)  # a step number's disc: the mark colour, dark enough for white text
ISLAND_SYMBOLS = ("triangle", "circle", "square", "diamond")  # NW, NE, SW, SE
LABEL = label_size(WIDTH)
KEY = (KEY_GHOST, ("arrow", N_("sailed, in order")), KEY_RING, ("box", N_("wind changed")))
CARD_ORIGIN = (MARGIN, BOARD + 2 * MARGIN + 6)
CARD_BOX = (CARD_ORIGIN[0] - 6, CARD_ORIGIN[1] - 2, CARD_ORIGIN[0] + 222, CARD_ORIGIN[1] + 256)


def render(view: View, marks: list[Change] | None = None, key_title: str = KEY_TITLE) -> bytes:
    marks = marks or []
    image = _sea().copy()
    draw = ImageDraw.Draw(image)
    if view.get("focus") and view.get("card"):
        _draw_reach(draw, view["card"], _cell(view["focus"]))
    marked_moves = {m.get("n") for m in marks if m["kind"] == "move"}
    _draw_moves(draw, [m for m in view["moves"] if m["n"] not in marked_moves])
    if marks:
        _draw_marks(draw, view, marks)
    _draw_chests(draw, view)
    for square in view.get("marked", ()):
        draw.rectangle(_box(_cell(square), 2), outline=BLAST, width=4)
    _draw_ships(draw, view)
    for mark in marks:
        if mark["kind"] == "count" and mark.get("what") == "masts":
            draw_ring(draw, _center(_cell(mark["at"])), 26)
    _draw_panel(draw, view)
    if any(m["kind"] == "count" and m.get("what") == "wind" for m in marks):
        x0, y0, x1, y1 = CARD_BOX
        draw_mark_box(draw, (x0 - 5, y0 - 5, x1 + 5, y1 + 5))
    if marks:
        image = with_mark_key(image, KEY, key_title)
    # A 64-colour palette keeps the anti-aliasing and encodes in half the time, at half the size.
    return png_bytes(image.quantize(64, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE))


# -- geometry ---------------------------------------------------------------------------------
def _cell(square: str) -> int:
    return data.cell(*parse_square(square))


def _box(c: int, inset: int = 0) -> tuple[int, int, int, int]:
    x, y = data.xy(c)
    left, top = MARGIN + x * CELL, MARGIN + y * CELL
    return left + inset, top + inset, left + CELL - inset, top + CELL - inset


def _center(c: int) -> tuple[int, int]:
    x, y = data.xy(c)
    return MARGIN + x * CELL + CELL // 2, MARGIN + y * CELL + CELL // 2


# -- the board that never changes -------------------------------------------------------------
@lru_cache(maxsize=1)
def _sea() -> Image.Image:
    image = new_canvas(WIDTH, HEIGHT)
    draw = ImageDraw.Draw(image)
    for c in range(data.CELLS):
        kind = data.KIND[c]
        fill = {data.SHALLOWS: SHALLOWS, data.ISLAND: SEA, data.MAELSTROM: SEA}.get(kind, SEA)
        draw.rectangle(_box(c), fill=fill)
    for i in range(data.SIZE + 1):
        p = MARGIN + i * CELL
        draw.line([(p, MARGIN), (p, MARGIN + BOARD)], fill=SEA_LINE, width=1)
        draw.line([(MARGIN, p), (MARGIN + BOARD, p)], fill=SEA_LINE, width=1)
    for island, (isle, whirl, exit_) in enumerate(
        zip(data.ISLANDS, data.MAELSTROMS, data.EXITS, strict=True)
    ):
        draw.ellipse(_box(isle, 3), fill=PALETTE["land"], outline=(120, 96, 56), width=3)
        _symbol(draw, island, _center(isle), 11, PALETTE["ink"])
        _maelstrom(draw, whirl)
        _symbol(draw, island, _center(whirl), 7, PALETTE["white"])
        _symbol(draw, island, _center(exit_), 14, (120, 170, 210), width=3)
    _compass(draw, _center(data.COMPASS))
    _coordinates(draw)
    return image


def _symbol(
    draw: ImageDraw.ImageDraw,
    island: int,
    center: tuple[int, int],
    r: int,
    color: tuple[int, int, int],
    width: int = 0,
) -> None:
    """Each island's own mark, repeated on its maelstrom and on that maelstrom's exit."""
    x, y = center
    shape = ISLAND_SYMBOLS[island]
    points: list[tuple[float, float]]
    if shape == "triangle":
        points = [(x, y - r), (x + r, y + r * 0.8), (x - r, y + r * 0.8)]
    elif shape == "square":
        points = [
            (x - r * 0.8, y - r * 0.8),
            (x + r * 0.8, y - r * 0.8),
            (x + r * 0.8, y + r * 0.8),
            (x - r * 0.8, y + r * 0.8),
        ]
    elif shape == "diamond":
        points = [(x, y - r), (x + r, y), (x, y + r), (x - r, y)]
    else:
        box = (x - r, y - r, x + r, y + r)
        if width:
            draw.ellipse(box, outline=color, width=width)
        else:
            draw.ellipse(box, fill=color)
        return
    if width:
        draw.polygon(points, outline=color, width=width)
    else:
        draw.polygon(points, fill=color)


def _maelstrom(draw: ImageDraw.ImageDraw, c: int) -> None:
    x, y = _center(c)
    draw.ellipse(_box(c, 3), fill=(24, 56, 100))
    for i, r in enumerate((22, 16, 10)):
        draw.arc((x - r, y - r, x + r, y + r), 40 * i, 40 * i + 260, fill=(150, 200, 235), width=2)


def _compass(draw: ImageDraw.ImageDraw, center: tuple[int, int]) -> None:
    x, y = center
    for d, (dx, dy) in enumerate(data.VECTORS):
        length = 22 if d % 2 == 0 else 14
        tip = (x + dx * length / (1.41 if d % 2 else 1), y + dy * length / (1.41 if d % 2 else 1))
        side = (-dy * 4, dx * 4)
        draw.polygon(
            [tip, (x + side[0], y + side[1]), (x - side[0], y - side[1])],
            fill=PALETTE["ink"] if d == 0 else (90, 80, 70),
        )
    draw.ellipse((x - 4, y - 4, x + 4, y + 4), fill=PALETTE["white"], outline=PALETTE["ink"])


def _coordinates(draw: ImageDraw.ImageDraw) -> None:
    face = font(LABEL, bold=True)
    ink = PALETTE["ink"]
    for i in range(data.SIZE):
        p = MARGIN + i * CELL + CELL // 2
        letter, number = chr(ord("A") + i), str(i + 1)
        draw.text((p, MARGIN // 2), letter, fill=ink, font=face, anchor="mm")
        draw.text((p, MARGIN + BOARD + MARGIN // 2), letter, fill=ink, font=face, anchor="mm")
        draw.text((MARGIN // 2, p), number, fill=ink, font=face, anchor="mm")
        draw.text((MARGIN + BOARD + MARGIN // 2, p), number, fill=ink, font=face, anchor="mm")


# -- pieces -----------------------------------------------------------------------------------
def _draw_reach(draw: ImageDraw.ImageDraw, card: dict[str, list[int]], origin: int) -> None:
    """The Wind card laid on the board around the ship about to sail: orange squares where
    any ship may sail, a yellow circle at each arm's tip for a ship with all 3 masts."""
    for d, name in enumerate(data.DIRECTIONS):
        orange, yellow = card[name]
        cur = origin
        for k in range(1, yellow + 1):
            cur = data.STEP[cur][d]
            if cur < 0:
                break
            x, y = _center(cur)
            if k <= orange:
                draw.rectangle((x - 9, y - 9, x + 9, y + 9), fill=ORANGE, outline=PALETTE["ink"])
            else:
                draw.ellipse((x - 9, y - 9, x + 9, y + 9), fill=YELLOW, outline=PALETTE["ink"])


def _draw_chests(draw: ImageDraw.ImageDraw, view: View) -> None:
    for chest in view["chests"]:
        if chest["square"] is None:
            continue
        x, y = _center(_cell(chest["square"]))
        held = chest.get("held_by") is not None
        w, h = (25, 20) if held else (15, 12)
        draw.rectangle((x - w, y - h, x + w, y + h), fill=CHEST, outline=PALETTE["ink"], width=2)
        draw.rectangle(
            (x - w, y - h, x + w, y - h // 3), fill=CHEST_LID, outline=PALETTE["ink"], width=2
        )


def _draw_moves(draw: ImageDraw.ImageDraw, moves: list[dict[str, Any]]) -> None:
    """This turn's sails (fleet colour) and blasts (red)."""
    for move in moves:
        color = BLAST if move["kind"] == "blast" else _dark(SEAT_COLORS[move["fleet"]])
        *lines, last = _legs([_cell(square) for square in move["path"]])
        for points in lines:
            _polyline(draw, points, color)
        _arrow(draw, last, color)


def _legs(cells: list[int]) -> list[list[tuple[int, int]]]:
    """The pixel polylines of a path: a blast across the edge leaves the board and comes back
    from the far side; a maelstrom jump ends one leg (the whirl takes the ship to its exit).
    The last leg is the one that ends where the ship is."""
    legs: list[list[tuple[int, int]]] = []
    points = [_center(cells[0])]
    for a, b in pairwise(cells):
        if not _neighbours(a, b):
            if data.KIND[a] != data.MAELSTROM:  # a wrap: run off this edge, in from the far one
                ax, ay = _center(a)
                bx, by = _center(b)
                dx, dy = (ax > bx) - (ax < bx), (ay > by) - (ay < by)
                points.append((ax + dx * CELL // 2, ay + dy * CELL // 2))
                legs.append(points)
                points = [(bx - dx * CELL // 2, by - dy * CELL // 2)]
            else:
                legs.append(points)
                points = []
        points.append(_center(b))
    legs.append(points)
    return [leg for leg in legs[:-1] if len(leg) > 1] + [legs[-1]]


# -- change marks -----------------------------------------------------------------------------
def _draw_marks(draw: ImageDraw.ImageDraw, view: View, marks: list[Change]) -> None:
    """Ghosts where ships and chests were, then each move's arrow and its number."""
    taken = {_cell(ship["square"]) for ship in view["ships"]}
    taken |= {_cell(c["square"]) for c in view["chests"] if c["square"]}
    for mark in marks:
        start = mark.get("from") or mark.get("at")
        if mark["kind"] in ("move", "remove") and start and _cell(start) not in taken:
            draw_ghost(draw, _center(_cell(start)), 22 if mark.get("piece") == "ship" else 16)
    numbers = []
    for mark in marks:
        if mark["kind"] == "move" and mark.get("piece") == "ship":
            legs = _legs([_cell(square) for square in mark["path"]])
            for leg in legs[:-1]:
                draw.line(leg, fill=MARK, width=4, joint="curve")
            last = legs[-1]
            if len(last) > 1:
                draw.line([*last[:-1], _short_of(last[-2], last[-1], 22)], fill=MARK, width=4)
                draw_change_arrow(draw, last[-2], _short_of(last[-2], last[-1], 22))
            if mark.get("number") is not None:
                spot = _number_spot(legs[0], _cell(mark["path"][0]) in taken)
                numbers.append((spot, str(mark["number"])))
        elif mark["kind"] == "move" and not mark.get("sunk"):  # a chest bumped
            start, end = _center(_cell(mark["from"])), _center(_cell(mark["to"]))
            draw_change_arrow(draw, start, _short_of(start, end, 18))
        elif mark["kind"] in ("move", "add"):  # a chest washed up on an island
            draw_ring(draw, _center(_cell(mark.get("to") or mark["at"])), 27)
    for spot, text in numbers:
        _number(draw, spot, text)


def _number_spot(leg: list[tuple[int, int]], start_taken: bool) -> tuple[int, int]:
    """Where a move's number goes: in the ghost where the ship was, or halfway along its
    first step when something stands there now."""
    (ax, ay), (bx, by) = leg[0], leg[1] if len(leg) > 1 else leg[0]
    return ((ax + bx) // 2, (ay + by) // 2) if start_taken else (ax, ay)


def _number(draw: ImageDraw.ImageDraw, center: tuple[int, int], text: str) -> None:
    x, y = center
    r = 16
    draw.ellipse((x - r, y - r, x + r, y + r), fill=MARK_DARK, outline=MARK, width=3)
    draw.text((x, y), text, fill=PALETTE["white"], font=font(LABEL, bold=True), anchor="mm")


def _arrow(
    draw: ImageDraw.ImageDraw, points: list[tuple[int, int]], color: tuple[int, int, int]
) -> None:
    """A path ending in a head that stops short of the piece drawn on its last square."""
    if len(points) > 1:
        end = _short_of(points[-2], points[-1], 20)
        _polyline(draw, [*points[:-1], end], color)
        draw_arrow(draw, points[-2], end, color, width=5, head=18)


def _polyline(
    draw: ImageDraw.ImageDraw, points: list[tuple[int, int]], color: tuple[int, int, int]
) -> None:
    if len(points) > 1:
        draw.line(points, fill=color, width=5, joint="curve")


def _short_of(start: tuple[int, int], end: tuple[int, int], gap: int) -> tuple[int, int]:
    """``end`` pulled back by ``gap`` pixels toward ``start``, so a ship does not hide the head."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = max(1.0, (dx * dx + dy * dy) ** 0.5)
    return round(end[0] - dx * gap / length), round(end[1] - dy * gap / length)


def _neighbours(a: int, b: int) -> bool:
    (ax, ay), (bx, by) = data.xy(a), data.xy(b)
    return max(abs(ax - bx), abs(ay - by)) == 1


def _dark(color: tuple[int, int, int]) -> tuple[int, int, int]:
    return (color[0] * 3 // 5, color[1] * 3 // 5, color[2] * 3 // 5)


def _draw_ships(draw: ImageDraw.ImageDraw, view: View) -> None:
    for ship in view["ships"]:
        center = _center(_cell(ship["square"]))
        _hull(draw, center, ship["fleet"], ship["in_port"])
        x, y = center
        ink = FLEET_INKS[ship["fleet"]]
        draw.text((x, y + 1), str(ship["masts"]), fill=ink, font=font(22, bold=True), anchor="mm")
        if ship["acted"]:
            draw.ellipse(
                (x + 11, y - 23, x + 22, y - 12), fill=PALETTE["white"], outline=PALETTE["ink"]
            )


def _hull(
    draw: ImageDraw.ImageDraw, center: tuple[int, int], fleet: int, in_port: bool = False
) -> None:
    """A Blue ship is round, a Green one square: the fleets never differ by colour alone."""
    x, y = center
    r = 19
    ring = PALETTE["gold"] if in_port else PALETTE["ink"]
    width = 4 if in_port else 2
    if fleet == 0:
        draw.ellipse((x - r, y - r, x + r, y + r), fill=SEAT_COLORS[0], outline=ring, width=width)
    else:
        r -= 2
        draw.rounded_rectangle(
            (x - r, y - r, x + r, y + r), 5, fill=SEAT_COLORS[1], outline=ring, width=width
        )


# -- the panel under the board ----------------------------------------------------------------
def _draw_panel(draw: ImageDraw.ImageDraw, view: View) -> None:
    top = MARGIN * 2 + BOARD
    _draw_card(draw, view, CARD_ORIGIN)
    left = MARGIN + 250
    right = WIDTH - MARGIN // 2
    ink = PALETTE["ink"]
    fleets = [t(name) for name in view["seats"]]
    outcome = view["outcome"]
    if outcome:
        winners = outcome["winners"]
        headline = (
            t("{seat} wins: {reason}", seat=fleets[winners[0]], reason=outcome["reason"])
            if winners
            else t("Draw: {reason}", reason=outcome["reason"])
        )
    elif view["wind"] is None:
        headline = t("{seat} picks the opening wind", seat=fleets[view["active"]])
    else:
        headline = t("Turn {turn}: {seat} to play", turn=view["turn"], seat=fleets[view["active"]])
    y = fit_text(draw, (left, top + 8, right, top + 64), headline, 22, 18, ink, bold=True) + 8
    lines = []
    if view["wind"] is not None and not outcome:
        lines.append(
            t("Wind changed this turn. Next: {decision}.", decision=view["decision"])
            if view["wind_changed"]
            else t("Wind not yet changed this turn. Next: {decision}.", decision=view["decision"])
        )
    held = [
        f"{c['square'].upper()} ({t(c['held_by'])})" if c["held_by"] else c["square"].upper()
        for c in view["chests"]
        if c["square"] and c["place"] == "island"
    ]
    if held:
        lines.append(t("Chests on islands: {chests}.", chests=", ".join(held)))
    bottom = top + PANEL - 64
    for line in lines:
        y = fit_text(draw, (left, y, right, bottom), line, 18, 16, ink) + 6
    story = " ".join(view["last"])
    if story and y < bottom - 16:
        fit_text(draw, (left, y, right, bottom), story, 18, 16, (90, 70, 50))
    _legend(draw, view, (left, top + PANEL - 52))


def _legend(draw: ImageDraw.ImageDraw, view: View, origin: tuple[int, int]) -> None:
    """Which shape is which fleet, and what the marks on a ship mean."""
    x, y = origin
    face, ink = font(15), LEGEND_INK
    for fleet, name in enumerate(view["seats"]):
        _hull(draw, (x + 12, y + 10), fleet)
        draw.text((x + 36, y + 10), t(name), fill=ink, font=font(LABEL), anchor="lm")
        x += 110
    draw.text(
        (origin[0], y + 36),
        t("number = masts · gold rim = in port · white dot = acted"),
        fill=ink,
        font=face,
        anchor="lm",
    )


COMPASS = {
    "n": NP_("compass point", "N"),
    "ne": NP_("compass point", "NE"),
    "e": NP_("compass point", "E"),
    "se": NP_("compass point", "SE"),
    "s": NP_("compass point", "S"),
    "sw": NP_("compass point", "SW"),
    "w": NP_("compass point", "W"),
    "nw": NP_("compass point", "NW"),
}
"""The eight winds as the card names them, in the reader's letters (NO, O in German)."""


def point(direction: str) -> str:
    return tp("compass point", COMPASS[direction])


def _draw_card(draw: ImageDraw.ImageDraw, view: View, origin: tuple[int, int]) -> None:
    """The Wind card: a 9 x 9 window, north up, a black diamond for the ship about to sail."""
    x0, y0 = origin
    cell = 24
    size = 9 * cell
    draw.rounded_rectangle(
        CARD_BOX,
        10,
        fill=PALETTE["white"],
        outline=PALETTE["ink"],
        width=2,
    )
    wind = view.get("wind")
    caption = (
        t("Wind {wind} (blowing {downwind})", wind=point(wind), downwind=point(view["downwind"]))
        if wind
        else t("No wind yet")
    )
    draw.text(
        (x0 + size // 2, y0 + size + 20),
        caption,
        fill=PALETTE["ink"],
        font=font(16, bold=True),
        anchor="mm",
    )
    for i in range(10):
        draw.line([(x0 + i * cell, y0 + 4), (x0 + i * cell, y0 + 4 + size)], fill=(210, 200, 190))
        draw.line([(x0, y0 + 4 + i * cell), (x0 + size, y0 + 4 + i * cell)], fill=(210, 200, 190))
    cx, cy = x0 + 4 * cell + cell // 2, y0 + 4 + 4 * cell + cell // 2
    draw.polygon([(cx, cy - 9), (cx + 9, cy), (cx, cy + 9), (cx - 9, cy)], fill=PALETTE["black"])
    if not view.get("card"):
        return
    for d, name in enumerate(data.DIRECTIONS):
        dx, dy = data.VECTORS[d]
        orange, yellow = view["card"][name]
        for k in range(1, yellow + 1):
            x, y = cx + dx * k * cell, cy + dy * k * cell
            if k <= orange:
                draw.rectangle((x - 8, y - 8, x + 8, y + 8), fill=ORANGE)
            else:
                draw.ellipse((x - 8, y - 8, x + 8, y + 8), fill=YELLOW, outline=(170, 140, 20))
