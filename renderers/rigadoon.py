"""The Rigadoon board: sea, Shallows and compass, the four islands with their symbols, the
maelstroms and their exits, ships with their masts, chests, this turn's sails and blasts as
arrows, and the current Wind card drawn as the physical card (orange squares, yellow circles).

The static sea is drawn once and cached; each render pastes it and adds the pieces.
"""

from __future__ import annotations

import textwrap
from functools import lru_cache
from itertools import pairwise
from typing import Any

from PIL import Image, ImageDraw

from games.core.coords import parse_square
from games.rigadoon import data
from renderers.base import PALETTE, draw_arrow, font, new_canvas, png_bytes

CELL = 58
MARGIN = 34
BOARD = CELL * data.SIZE
WIDTH = BOARD + 2 * MARGIN
PANEL = 270
HEIGHT = BOARD + 2 * MARGIN + PANEL
FLEET_COLORS = (PALETTE["blue"], PALETTE["green"])
SHALLOWS = (150, 205, 222)
SEA = (62, 122, 176)
SEA_LINE = (40, 92, 140)
CHEST = (176, 112, 40)
CHEST_LID = (222, 170, 60)
BLAST = (206, 38, 38)
ORANGE = PALETTE["orange"]
YELLOW = (250, 214, 40)
ISLAND_SYMBOLS = ("triangle", "circle", "square", "diamond")  # NW, NE, SW, SE


def render(view: dict[str, Any]) -> bytes:
    image = _sea().copy()
    draw = ImageDraw.Draw(image)
    if view.get("focus") and view.get("card"):
        _draw_reach(draw, view["card"], _cell(view["focus"]))
    _draw_chests(draw, view)
    _draw_moves(draw, view)
    for square in view.get("marked", ()):
        draw.rectangle(_box(_cell(square), 2), outline=BLAST, width=4)
    _draw_ships(draw, view)
    _draw_panel(draw, view)
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
    face = font(17, bold=True)
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


def _draw_chests(draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
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


def _draw_moves(draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    """This turn's sails (fleet colour) and blasts (red). A blast across the edge leaves the
    board and comes back from the far side; a maelstrom jump is not drawn."""
    for move in view["moves"]:
        cells = [_cell(s) for s in move["path"]]
        color = BLAST if move["kind"] == "blast" else _dark(FLEET_COLORS[move["fleet"]])
        points = [_center(cells[0])]
        for a, b in pairwise(cells):
            if not _neighbours(a, b):
                if data.KIND[a] != data.MAELSTROM:  # a wrap: run off this edge, in from the far one
                    ax, ay = _center(a)
                    bx, by = _center(b)
                    dx, dy = (ax > bx) - (ax < bx), (ay > by) - (ay < by)
                    points.append((ax + dx * CELL // 2, ay + dy * CELL // 2))
                    _polyline(draw, points, color)
                    points = [(bx - dx * CELL // 2, by - dy * CELL // 2)]
                else:  # swept from the maelstrom to its exit
                    _arrow(draw, points, color)
                    points = []
            points.append(_center(b))
        _arrow(draw, points, color)


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


def _draw_ships(draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    label_font = font(22, bold=True)
    for ship in view["ships"]:
        x, y = _center(_cell(ship["square"]))
        r = 19
        ring = PALETTE["gold"] if ship["in_port"] else PALETTE["ink"]
        draw.ellipse(
            (x - r, y - r, x + r, y + r),
            fill=FLEET_COLORS[ship["fleet"]],
            outline=ring,
            width=4 if ship["in_port"] else 2,
        )
        draw.text(
            (x, y + 1), str(ship["masts"]), fill=PALETTE["white"], font=label_font, anchor="mm"
        )
        if ship["acted"]:
            draw.ellipse(
                (x + 11, y - 21, x + 21, y - 11), fill=PALETTE["white"], outline=PALETTE["ink"]
            )


# -- the panel under the board ----------------------------------------------------------------
def _draw_panel(draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    top = MARGIN * 2 + BOARD
    _draw_card(draw, view, (MARGIN, top + 6))
    left = MARGIN + 250
    ink = PALETTE["ink"]
    title = font(22, bold=True)
    body = font(17)
    fleets = view["seats"]
    if view["outcome"]:
        winners = view["outcome"]["winners"]
        headline = (
            f"{fleets[winners[0]]} wins" if winners else "Draw"
        ) + f": {view['outcome']['reason']}"
    elif view["wind"] is None:
        headline = f"{fleets[view['active']]} picks the opening wind"
    else:
        headline = f"Turn {view['turn']}: {fleets[view['active']]} to play"
    draw.text((left, top + 8), headline, fill=ink, font=title)
    lines = []
    if view["wind"] is not None and not view["outcome"]:
        changed = "changed" if view["wind_changed"] else "not yet changed"
        lines.append(f"Wind {changed} this turn. Next: {view['decision']}.")
    held = [
        f"{c['square'].upper()} ({c['held_by']})"
        for c in view["chests"]
        if c["square"] and c["place"] == "island"
    ]
    if held:
        lines.append(
            "Chests on islands: " + ", ".join(h.replace(" (None)", "") for h in held) + "."
        )
    status = [(part, ink) for line in lines for part in textwrap.wrap(line, 50)]
    story = [(part, (90, 70, 50)) for part in textwrap.wrap(" ".join(view["last"]), 50)]
    y = top + 42
    for line, color in (status + story)[:8]:
        draw.text((left, y), line, fill=color, font=body)
        y += 22
    draw.text(
        (left, top + PANEL - 40),
        "number = masts · gold ring = in port · white dot = acted",
        fill=(110, 100, 90),
        font=font(14),
    )


def _draw_card(draw: ImageDraw.ImageDraw, view: dict[str, Any], origin: tuple[int, int]) -> None:
    """The Wind card: a 9 x 9 window, north up, a black diamond for the ship about to sail."""
    x0, y0 = origin
    cell = 24
    size = 9 * cell
    draw.rounded_rectangle(
        (x0 - 6, y0 - 2, x0 + size + 6, y0 + size + 40),
        10,
        fill=PALETTE["white"],
        outline=PALETTE["ink"],
        width=2,
    )
    wind = view.get("wind")
    caption = f"Wind {wind.upper()} (blowing {view['downwind'].upper()})" if wind else "No wind yet"
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
