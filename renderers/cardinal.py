"""The Cardinal board: both fleets, the pirate and its influence, crowded squares, the last
move, and each player's ships still in hand."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from games.core import parse_square
from renderers.base import (
    PALETTE,
    Grid,
    draw_boat,
    draw_caption,
    fitted_palette,
    font,
    new_canvas,
    palette_png,
)

CELL = 112
MARGIN = 44
PANEL = 92
FLEET_COLORS = (PALETTE["orange"], PALETTE["green"])
WATER = (176, 214, 228)
WATER_DARK = (160, 200, 218)
INFLUENCE = (214, 150, 150)
CROWDED = (255, 232, 140)


def render(view: dict[str, Any]) -> bytes:
    cols, rows = view["cols"], view["rows"]
    grid = Grid(cols, rows, CELL, MARGIN, MARGIN + PANEL)
    width = grid.width + 2 * MARGIN
    image = new_canvas(width, grid.top + grid.height + MARGIN + PANEL)
    draw = ImageDraw.Draw(image)
    _draw_squares(draw, grid, view)
    grid.draw_lines(draw)
    grid.draw_coordinates(draw)
    _draw_pieces(draw, grid, view)
    _draw_supply(draw, view, top=14, seat=1, width=width)
    _draw_supply(draw, view, top=grid.top + grid.height + MARGIN - 6, seat=0, width=width)
    return palette_png(image, _palette())


@lru_cache(maxsize=1)
def _palette() -> Image.Image:
    surfaces = (PALETTE["background"], WATER, WATER_DARK, INFLUENCE, CROWDED, PALETTE["land"])
    inks = (
        *FLEET_COLORS,
        PALETTE["ink"],
        PALETTE["grid"],
        PALETTE["black"],
        PALETTE["white"],
        PALETTE["highlight"],
        (60, 60, 60),
    )
    return fitted_palette(surfaces, inks)


def _draw_squares(draw: ImageDraw.ImageDraw, grid: Grid, view: dict[str, Any]) -> None:
    blocked = set(view["blocked"])
    influence = set(view["influence"])
    crowded = set(view["crowded"]) | set(view["summoning"])
    for row in range(grid.rows):
        for col in range(grid.cols):
            name = f"{chr(ord('a') + col)}{row + 1}"
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
                draw.line(
                    [(x0 + pad, y0 + pad), (x1 - pad, y1 - pad)], fill=PALETTE["ink"], width=4
                )
                draw.line(
                    [(x0 + pad, y1 - pad), (x1 - pad, y0 + pad)], fill=PALETTE["ink"], width=4
                )


def _draw_pieces(draw: ImageDraw.ImageDraw, grid: Grid, view: dict[str, Any]) -> None:
    last = view["last_move"]
    for name, owner in view["ships"].items():
        draw_boat(draw, grid.center(*parse_square(name)), int(CELL * 0.72), FLEET_COLORS[owner])
    if view["pirate"]:
        draw_boat(
            draw,
            grid.center(*parse_square(view["pirate"])),
            int(CELL * 0.78),
            PALETTE["black"],
            sail=(60, 60, 60),
        )
    for name, owner in last.get("removed", []):
        x0, y0, x1, y1 = grid.box(*parse_square(name))
        draw.rectangle([x0 + 6, y0 + 6, x1 - 6, y1 - 6], outline=FLEET_COLORS[owner], width=4)
        draw.text(
            ((x0 + x1) // 2, y1 - 16), "sent home", fill=PALETTE["ink"], font=font(13), anchor="mm"
        )
    for key in ("placed", "pirate"):
        if last.get(key):
            x0, y0, x1, y1 = grid.box(*parse_square(last[key]))
            draw.rectangle([x0 + 2, y0 + 2, x1 - 2, y1 - 2], outline=PALETTE["highlight"], width=6)


def _draw_supply(
    draw: ImageDraw.ImageDraw, view: dict[str, Any], top: int, seat: int, width: int
) -> None:
    names = view["seats"]
    outcome = view.get("outcome")
    if outcome:
        status = (
            "wins!" if seat in outcome["winners"] else ("draw" if not outcome["winners"] else "")
        )
    else:
        status = (
            ""
            if seat not in view["to_act"]
            else ("moves pirate" if view["summoning"] else "to move")
        )
    label = f"{names[seat]}: {view['supply'][seat]} in hand"
    color = FLEET_COLORS[seat]
    draw_caption(draw, (MARGIN, top + 22), label, size=24, color=color)
    if status:
        draw_caption(draw, (width - MARGIN - 170, top + 22), status, size=24)
    for i in range(view["supply"][seat]):
        draw_boat(draw, (MARGIN + 330 + i * 50, top + 36), 44, color)
