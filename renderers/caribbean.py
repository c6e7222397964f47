"""The Caribbean board: the hex sea with land, ports and their chests, havens in player
colours and ship starts; the six named ships with their chests and the path of the ship now
moving; the supply, scores and this round's revealed bids.

Only public keys of the view are read, so a seat's view renders exactly like the public one.
The map layer depends only on the player count and is drawn once per count.
"""

from __future__ import annotations

import math
import textwrap
from functools import lru_cache
from itertools import pairwise
from typing import Any

from PIL import Image, ImageDraw

from games.caribbean.data import (
    ADJACENCY,
    COLOURS,
    COLUMNS,
    PORTS,
    ROWS,
    SHIP_NAMES,
    STARTS,
    haven_owners,
)
from renderers.base import (
    PALETTE,
    Color,
    draw_arrow,
    draw_boat,
    font,
    new_canvas,
    palette_png,
)

RADIUS = 35
HEX_W = math.sqrt(3) * RADIUS
ROW_STEP = 1.5 * RADIUS
LEFT = 40
TOP = 84
WIDTH = 960
MAP_BOTTOM = TOP + int(7 * ROW_STEP + 2 * RADIUS)
PANEL_TOP = MAP_BOTTOM + 14
EVENTS_TOP = PANEL_TOP + 214
HEIGHT = EVENTS_TOP + 96

SEA = (120, 176, 210)
SEA_LINE = (86, 140, 180)
LAND = (214, 190, 130)
LAND_LINE = (178, 150, 96)
CHEST = (196, 140, 40)
SHIP_HULL = (110, 70, 40)
SEAT_COLOURS: dict[str, Color] = {
    "Red": PALETTE["red"],
    "Blue": PALETTE["blue"],
    "Yellow": PALETTE["yellow"],
    "Green": PALETTE["green"],
}


def render(view: dict[str, Any]) -> bytes:
    image = base_map(len(view["seats"])).copy()
    draw = ImageDraw.Draw(image)
    draw_header(draw, view)
    draw_chests_on_land(draw, view)
    draw_paths(draw, view)
    draw_ships(draw, view)
    draw_scores(draw, view)
    draw_bids(draw, view)
    draw_last(draw, view)
    return palette_png(image, board_palette(len(view["seats"])))


# -- geometry ---------------------------------------------------------------------------------


def center(space: str) -> tuple[int, int]:
    """Odd-r offset: rows B, D, F, H are shifted half a hex east."""
    row = ROWS.index(space[0])
    col = int(space[1:]) - 1
    x = LEFT + HEX_W / 2 + col * HEX_W + (HEX_W / 2 if row % 2 else 0)
    y = TOP + RADIUS + row * ROW_STEP
    return round(x), round(y)


def hexagon(space: str, inset: float = 0) -> list[tuple[float, float]]:
    x, y = center(space)
    r = RADIUS - inset
    angles = [math.radians(30 + 60 * k) for k in range(6)]
    return [(x + r * math.cos(a), y + r * math.sin(a)) for a in angles]


# -- the static map ---------------------------------------------------------------------------


@lru_cache(maxsize=4)
def base_map(players: int) -> Image.Image:
    """Sea, land, port names, harbour links, havens of the seats in play and ship starts."""
    image = new_canvas(WIDTH, HEIGHT)
    draw = ImageDraw.Draw(image)
    small = font(10)
    for row in ROWS:
        for col in range(1, COLUMNS + 1):
            space = f"{row}{col}"
            if space in ADJACENCY:
                draw.polygon(hexagon(space), fill=SEA, outline=SEA_LINE)
            else:
                draw.polygon(hexagon(space), fill=LAND, outline=LAND_LINE)
    for port in PORTS:
        (x0, y0), (x1, y1) = center(port.harbour), center(port.land)
        draw.line(
            [
                (x0 + (x1 - x0) * 0.3, y0 + (y1 - y0) * 0.3),
                (x0 + (x1 - x0) * 0.62, y0 + (y1 - y0) * 0.62),
            ],
            fill=PALETTE["ink"],
            width=4,
        )
    for port in PORTS:
        x, y = center(port.land)
        draw.text(
            (x, y - 13), port.code, fill=PALETTE["ink"], font=font(14, bold=True), anchor="mm"
        )
        x, y = center(port.harbour)
        draw.text((x, y + 22), "⚓", fill=PALETTE["ink"], font=font(12), anchor="mm")
    for space, seat in haven_owners(players).items():
        draw.polygon(hexagon(space, inset=3), outline=SEAT_COLOURS[COLOURS[seat]], width=6)
    for space in STARTS:
        x, y = center(space)
        draw.regular_polygon((x, y + 21, 6), 4, rotation=45, fill=PALETTE["ink"])
    for space in ADJACENCY:
        x, y = center(space)
        draw.text((x, y - 23), space, fill=PALETTE["deep"], font=small, anchor="mm")
    label = font(15, bold=True)
    for index, row in enumerate(ROWS):
        row_y = TOP + RADIUS + index * ROW_STEP
        draw.text((LEFT - 20, row_y), row, fill=PALETTE["ink"], font=label, anchor="mm")
    for col in range(1, COLUMNS + 1):
        col_x = LEFT + HEX_W / 2 + (col - 1) * HEX_W
        draw.text((col_x, TOP - 10), str(col), fill=PALETTE["ink"], font=label, anchor="mm")
    entries = [f"{port.code} {port.city} {port.value // 1000}k" for port in PORTS]
    entries += ["⚓ harbour", "◆ ship start", "coloured ring: haven"]
    for i in range(0, len(entries), 10):
        draw.text(
            (WIDTH // 2, HEIGHT - 30 + 14 * (i // 10)),
            "   ".join(entries[i : i + 10]),
            fill=PALETTE["grid"],
            font=small,
            anchor="mm",
        )
    return image


@lru_cache(maxsize=4)
def board_palette(players: int) -> Image.Image:
    """128 colours fitted once to the map plus every colour drawn on top of it: mapping each
    render onto a fixed palette is ~3x faster to encode than full RGB, and a third the size."""
    sample = base_map(players).copy()
    draw = ImageDraw.Draw(sample)
    inks = [*PALETTE.values(), CHEST, SHIP_HULL, (90, 90, 90)]
    for i, ink in enumerate(inks):
        draw.rectangle([i * 20, 0, i * 20 + 19, 60], fill=ink)
        draw.text((i * 20, 70), "Ag", fill=ink, font=font(14, bold=True))
    return sample.quantize(128, method=Image.Quantize.FASTOCTREE)


# -- the moving parts -------------------------------------------------------------------------


def draw_header(draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    phase = {
        "bid": "secret bidding",
        "tiebreak": "tie-breaker",
        "sail": "sailing",
        "over": "game over",
    }[view["phase"]]
    title = f"Caribbean · round {view['turn']} of at most {view['round_cap']} · {phase}"
    draw.text((16, 12), title, fill=PALETTE["ink"], font=font(22, bold=True))
    goal = f"First to {view['threshold']:,} doubloons ends the game after the round"
    draw.text((16, 42), goal, fill=PALETTE["grid"], font=font(14))
    pairs = view["supply_left"] // 2
    draw.text(
        (WIDTH - 16 - 5 * 34, 14),
        "Supply",
        fill=PALETTE["ink"],
        font=font(13, bold=True),
        anchor="rt",
    )
    for slot in range(5):
        x0 = WIDTH - 16 - (5 - slot) * 34
        filled = slot >= 5 - pairs
        draw.rounded_rectangle(
            [x0, 8, x0 + 28, 36],
            radius=4,
            fill=CHEST if filled else PALETTE["background"],
            outline=PALETTE["ink"],
            width=2,
        )
        if filled:
            draw.text(
                (x0 + 14, 22), "2", fill=PALETTE["white"], font=font(14, bold=True), anchor="mm"
            )


def draw_chest(
    draw: ImageDraw.ImageDraw, xy: tuple[int, int], value: int, fill: Color = CHEST
) -> None:
    x, y = xy
    draw.rounded_rectangle(
        [x - 15, y - 9, x + 15, y + 9], radius=3, fill=fill, outline=PALETTE["ink"], width=2
    )
    draw.text(
        (x, y), f"{value // 1000}k", fill=PALETTE["white"], font=font(12, bold=True), anchor="mm"
    )


def draw_chests_on_land(draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    """A chest on its city when waiting there; a dimmed one in the owner's colour once
    delivered ("places the treasure chest face down on the city names")."""
    waiting = set(view["port_chests"])
    delivered = view["delivered"]
    for port in PORTS:
        x, y = center(port.land)
        if port.code in waiting:
            draw_chest(draw, (x, y + 8), port.value)
        elif port.code in delivered:
            colour = SEAT_COLOURS[view["seats"][delivered[port.code]]]
            draw.rounded_rectangle(
                [x - 12, y + 1, x + 12, y + 15], radius=3, fill=colour, outline=PALETTE["ink"]
            )


def draw_paths(draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    """This round's moves: finished ships in grey, the ship now moving in gold."""
    moving = view["current"] if view["phase"] == "sail" else None
    for record in view["reveals"]:
        path = record["path"]
        colour = PALETTE["highlight"] if record["ship"] == moving else (90, 90, 90)
        for a, b in pairwise(path):
            start, end = center(a), center(b)
            tip = (
                round(start[0] + (end[0] - start[0]) * 0.72),
                round(start[1] + (end[1] - start[1]) * 0.72),
            )
            draw_arrow(draw, start, tip, colour, width=5, head=12)


def draw_ships(draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    """Each ship with its letter and chest; the ship being resolved (sailing or tied) ringed."""
    moving = view["current"]
    for index, ship in enumerate(view["ships"]):
        x, y = center(ship["space"])
        if index == moving:
            draw.ellipse([x - 27, y - 27, x + 27, y + 27], outline=PALETTE["highlight"], width=5)
        draw_boat(draw, (x - 4, y + 2), 38, SHIP_HULL)
        draw.ellipse([x - 25, y - 18, x - 9, y - 2], fill=PALETTE["black"])
        draw.text(
            (x - 17, y - 10),
            ship["letter"].upper(),
            fill=PALETTE["white"],
            font=font(12, bold=True),
            anchor="mm",
        )
        if ship["chest"]:
            draw_chest(draw, (x + 14, y + 16), ship["value"])


def draw_scores(draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    """Money, deliveries and who must act; during bidding, who has confirmed."""
    x, y = 16, PANEL_TOP
    draw.text((x, y), "Players", fill=PALETTE["ink"], font=font(16, bold=True))
    winners = set((view["outcome"] or {}).get("winners", []))
    for seat, name in enumerate(view["seats"]):
        top = y + 26 + seat * 40
        draw.rounded_rectangle(
            [x, top, x + 26, top + 26],
            radius=5,
            fill=SEAT_COLOURS[name],
            outline=PALETTE["ink"],
            width=2,
        )
        delivered = sum(1 for owner in view["delivered"].values() if owner == seat)
        text = f"{name}  {view['money'][seat]:,}"
        draw.text((x + 36, top + 1), text, fill=PALETTE["ink"], font=font(17, bold=True))
        status = f"{delivered} delivered"
        if seat in winners:
            status += " · WINNER"
        elif view["phase"] == "bid":
            status += " · confirmed" if view["confirmed"][seat] else " · bidding…"
        elif seat in view["to_act"]:
            status += " · to act"
        elif view["tie"] and seat in view["tie"]["chosen"]:
            status += " · tie-breaker chosen"
        draw.text((x + 36, top + 22), status, fill=PALETTE["grid"], font=font(12))


def bid_cell(record: dict[str, Any], seat: int) -> str:
    text = str(record["bids"][seat])
    breaker = record["tiebreakers"][seat]
    if breaker == "down":
        text += " ▼"
    elif breaker == "spent":
        text += " ✕"
    elif breaker is not None:
        text += f" ▲{breaker}"
    return text


def draw_bids(draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    """This round's bids, ship by ship, as far as revealed; the winner's cell is boxed."""
    names = view["seats"]
    x0, y0 = 300, PANEL_TOP
    draw.text((x0, y0), "This round's bids", fill=PALETTE["ink"], font=font(16, bold=True))
    col_w = 66
    result_x = x0 + 110 + col_w * len(names)
    header_y = y0 + 26
    for seat, name in enumerate(names):
        cx = x0 + 110 + seat * col_w + col_w // 2
        draw.rounded_rectangle(
            [cx - 28, header_y - 3, cx + 28, header_y + 16], radius=4, fill=SEAT_COLOURS[name]
        )
        ink = PALETTE["ink"] if name == "Yellow" else PALETTE["white"]
        draw.text((cx, header_y), name, fill=ink, font=font(13, bold=True), anchor="mt")
    draw.text((result_x, header_y), "result", fill=PALETTE["grid"], font=font(13, bold=True))
    records = {record["ship"]: record for record in view["reveals"]}
    for ship, ship_name in enumerate(SHIP_NAMES):
        y = header_y + 20 + ship * 27
        current = ship == view["current"]
        face = font(14, bold=current)
        draw.text((x0, y), f"{ship_name[0]}  {ship_name}", fill=PALETTE["ink"], font=face)
        record = records.get(ship)
        for seat in range(len(names)):
            cx = x0 + 110 + seat * col_w + col_w // 2
            if record is None:
                draw.text((cx, y), "·", fill=PALETTE["grid"], font=face, anchor="mt")
                continue
            if record["winner"] == seat:
                draw.rounded_rectangle(
                    [cx - 28, y - 3, cx + 28, y + 19],
                    radius=4,
                    outline=SEAT_COLOURS[names[seat]],
                    width=3,
                )
            draw.text((cx, y), bid_cell(record, seat), fill=PALETTE["ink"], font=face, anchor="mt")
        if record is not None:
            draw.text(
                (result_x, y), result_text(record, view, names), fill=PALETTE["ink"], font=font(13)
            )


def result_text(record: dict[str, Any], view: dict[str, Any], names: list[str]) -> str:
    if record["winner"] is None:
        return "tie-breakers…" if view["tie"] and view["current"] == record["ship"] else "stays"
    moved = len(record["path"]) - 1
    text = f"{names[record['winner']]}: {moved}/{record['allowance']} spaces"
    if view["phase"] == "sail" and view["current"] == record["ship"]:
        text += " · sailing"
    return text


def draw_last(draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    """The latest public events, wrapped under the panels."""
    text = " ".join(view["last"])
    if not text and view["phase"] == "bid":
        text = "Waiting for everyone's secret bids."
    for i, line in enumerate(textwrap.wrap(text, 118)[-3:]):
        draw.text((16, EVENTS_TOP + 18 * i), line, fill=PALETTE["ink"], font=font(14))
