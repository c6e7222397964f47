"""The Caribbean board: the hex sea with land, ports and their chests, havens in seat colours
with the seat's letter, and ship starts; the six named ships with their chests and the paths
sailed this round; the supply, each seat's doubloons and this round's revealed bids.

Only public keys of the view are read, so a seat's view renders exactly like the public one.
The map layer depends only on the player count and is drawn once per count.

Legibility: a phone shows the 960 px image 360 px wide, so every space name, port code,
ship letter, chest value and count is 22 px (8 px there) and every other text at least 16 px
(6 px there), with a contrast of at least 4.5:1 against what lies behind it; each text is
fitted to its own box, so none runs into another.
Seats are told apart by letter as well as colour, and the seat colours stay apart under
simulated deuteranopia, protanopia and tritanopia (see the renderer tests).

``marks`` (from ``changes``) are drawn in the game's terms: a ghost where a ship was and an
arrow to where it is, an arrow for a chest taken or handed on, a ring on a chest dealt or
delivered and on a seat's doubloons that changed, and a key below the board says so. Pieces
keep their own colours.
"""

from __future__ import annotations

import math
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
from games.core import Change, View
from games.core.words import N_, NP_, speech, t, tn, tp
from renderers.base import (
    KEY_ARROW,
    KEY_GHOST,
    KEY_RING,
    KEY_TITLE,
    MARK,
    PALETTE,
    Color,
    draw_arrow,
    draw_boat,
    draw_change_arrow,
    draw_ghost,
    draw_ring,
    fit_text,
    font,
    label_size,
    new_canvas,
    palette_png,
    prose_size,
    with_mark_key,
    wrap_to_width,
)

WIDTH = 960
RADIUS = 38
HEX_W = math.sqrt(3) * RADIUS
ROW_STEP = 1.5 * RADIUS
LEFT = 34
TOP = 112
MAP_BOTTOM = TOP + int(7 * ROW_STEP + 2 * RADIUS)
PANEL_TOP = MAP_BOTTOM + 16
ROW_H = 70  # one seat in the players panel: its name, and its state on up to two lines
EVENTS_TOP = PANEL_TOP + 36 + 4 * ROW_H + 8
LEGEND_TOP = EVENTS_TOP + 4 * 22 + 14
HEIGHT = LEGEND_TOP + 1 * 34 + 6 * 28 + 12

TEXT = prose_size(WIDTH)  # the smallest text: 16 px, 6 px on a phone
LABEL = label_size(WIDTH)  # names, codes, letters, values: 22 px, 8 px on a phone
KEY = (KEY_GHOST, KEY_ARROW, KEY_RING)
SEA = (120, 176, 210)
SEA_LINE = (86, 140, 180)
LAND = (214, 190, 130)
LAND_LINE = (178, 150, 96)
NAME_INK = (18, 38, 68)
CHEST = (196, 140, 40)
COIN = (222, 182, 64)
SHIP_HULL = (110, 70, 40)
PATH_DONE = (84, 84, 84)
PATH_NOW = PALETTE["white"]
SEAT_COLOR_BY_NAME: dict[str, Color] = {
    "Red": (200, 30, 25),
    "Blue": (20, 50, 170),
    "Yellow": (240, 210, 40),
    "Green": (45, 225, 150),
}
"""Chosen so that every pair stays at least ~40 CIELAB units apart under simulated
deuteranopia, protanopia and tritanopia (the old red and green havens became one olive), and
apart from the sea and from the magenta change marks."""

SEAT_COLORS: tuple[Color, ...] = tuple(SEAT_COLOR_BY_NAME.values())  # in seat order
SEAT_LETTERS = (
    NP_("Caribbean seat letter", "R"),
    NP_("Caribbean seat letter", "B"),
    NP_("Caribbean seat letter", "Y"),
    NP_("Caribbean seat letter", "G"),
)
"""The letter on a seat's badge: its colour's initial in the reader's language (a translator
may give two letters where two colours share an initial, as Gelb and Grün do)."""

LAND_CELLS = frozenset(port.land for port in PORTS)


def render(view: View, marks: list[Change] | None = None, key_title: str = KEY_TITLE) -> bytes:
    """The board of ``view`` in the language spoken now."""
    players = len(view["seats"])
    image = base_map(players, speech().code).copy()
    draw = ImageDraw.Draw(image)
    draw_header(draw, view)
    draw_chests_on_land(draw, view)
    draw_paths(draw, view)
    if marks:
        draw_mark_arrows(draw, view, marks)
    draw_ships(draw, view)
    draw_scores(draw, view)
    draw_bids(draw, view)
    draw_last(draw, view)
    if marks:
        draw_mark_rings(draw, view, marks)
        image = with_mark_key(image, KEY, key_title)
    return palette_png(image, board_palette(players, speech().code))


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


def seat_ink(colour: Color) -> Color:
    """Ink or white, whichever reads better on ``colour``."""
    return PALETTE["white"] if luminance(colour) < 0.3 else PALETTE["ink"]


def luminance(colour: Color) -> float:
    """WCAG relative luminance."""

    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    words: str,
    size: int = TEXT,
    bold: bool = False,
    fill: Color = PALETTE["ink"],
    anchor: str = "la",
) -> None:
    draw.text(xy, words, fill=fill, font=font(size, bold=bold), anchor=anchor)


def seat_badge(
    draw: ImageDraw.ImageDraw, xy: tuple[int, int], seat: int, half: int = 10, size: int = TEXT
) -> None:
    """The seat's letter on its colour: how a seat is told apart without colour. The badge
    widens for a letter wider than it (two letters in some languages)."""
    x, y = xy
    colour = SEAT_COLORS[seat]
    letter = tp("Caribbean seat letter", SEAT_LETTERS[seat])
    wide = badge_half(seat, half, size)
    draw.rounded_rectangle(
        [x - wide, y - half, x + wide, y + half],
        radius=4,
        fill=colour,
        outline=PALETTE["ink"],
        width=2,
    )
    text(draw, (x, y), letter, size, bold=True, fill=seat_ink(colour), anchor="mm")


def badge_half(seat: int, half: int, size: int) -> int:
    """Half the width of a seat's badge: ``half``, or more for a wider letter."""
    letter = tp("Caribbean seat letter", SEAT_LETTERS[seat])
    return max(half, round(font(size, bold=True).getlength(letter)) // 2 + 4)


def seat_name(view: View, seat: int) -> str:
    """A seat's name as the reader says it."""
    return t(view["seats"][seat])


# -- the static map ---------------------------------------------------------------------------


@lru_cache(maxsize=12)
def base_map(players: int, language: str) -> Image.Image:
    """Sea, land, port codes, harbour links, havens of the seats in play, ship starts, space
    names and the legend (in ``language``, the one spoken now: it keys the cache)."""
    image = new_canvas(WIDTH, HEIGHT)
    draw = ImageDraw.Draw(image)
    for row in ROWS:
        for col in range(1, COLUMNS + 1):
            space = f"{row}{col}"
            if space in ADJACENCY:
                draw.polygon(hexagon(space), fill=SEA, outline=SEA_LINE, width=2)
            else:
                draw.polygon(hexagon(space), fill=LAND, outline=LAND_LINE, width=2)
    for port in PORTS:
        (x0, y0), (x1, y1) = center(port.harbour), center(port.land)
        draw.line(
            [
                (x0 + (x1 - x0) * 0.42, y0 + (y1 - y0) * 0.42),
                (x0 + (x1 - x0) * 0.62, y0 + (y1 - y0) * 0.62),
            ],
            fill=PALETTE["ink"],
            width=4,
        )
        x, y = center(port.land)
        text(draw, (x, y - 16), port.code, LABEL, bold=True, anchor="mm")
        x, y = center(port.harbour)
        text(draw, (x - 15, y + 22), "⚓", anchor="mm")
    for space, seat in haven_owners(players).items():
        draw.polygon(hexagon(space, inset=1), outline=SEAT_COLORS[seat], width=6)
        draw.polygon(hexagon(space, inset=7), outline=PALETTE["ink"], width=1)
        seat_badge(draw, haven_badge(space), seat, half=12, size=LABEL)
    for space in STARTS:
        x, y = center(space)
        draw.regular_polygon((x - 15, y + 24, 7), 4, rotation=45, fill=PALETTE["ink"])
    for space in ADJACENCY:
        x, y = center(space)
        text(draw, (x, y - 19), space, LABEL, fill=NAME_INK, anchor="mm")
    for index, row in enumerate(ROWS):
        text(draw, (LEFT - 19, TOP + RADIUS + index * ROW_STEP), row, LABEL, bold=True, anchor="mm")
    for col in range(1, COLUMNS + 1):
        col_x = LEFT + HEX_W / 2 + (col - 1) * HEX_W
        text(draw, (col_x, TOP - 16), str(col), LABEL, bold=True, anchor="mm")
    draw_legend(draw, players)
    return image


def draw_legend(draw: ImageDraw.ImageDraw, players: int) -> None:
    """What the symbols and the port codes mean."""
    y = LEGEND_TOP
    x = 16
    for symbol, meaning in (("⚓", LEGEND_HARBOUR), ("◆", LEGEND_START)):
        words = f"{symbol} {t(meaning)}"
        text(draw, (x, y), words, fill=PALETTE["grid"])
        x += int(font(TEXT).getlength(words)) + 28
    havens = t("havens:")
    text(draw, (x, y), havens, fill=PALETTE["grid"])
    x += int(font(TEXT).getlength(havens)) + 18
    for seat in range(players):
        name = t(COLOURS[seat])
        wider = badge_half(seat, 12, LABEL) - 12
        seat_badge(draw, (x + 3 + wider, y + 9), seat, half=12, size=LABEL)
        x += 2 * wider
        text(draw, (x + 20, y - 3), name, LABEL, fill=PALETTE["grid"])
        x += 30 + int(font(LABEL).getlength(name)) + 12
    for index, port in enumerate(PORTS):
        column, line = index % 3, index // 3
        left, top = 16 + column * 312, y + 34 + line * 28
        text(draw, (left, top), port.code, LABEL, bold=True, fill=PALETTE["ink"])
        fit_text(
            draw,
            (left + 56, top + 4, left + 300, top + 28),
            f"{port.city} {port.value // 1000}k",
            TEXT,
            TEXT,
            PALETTE["grid"],
        )


@lru_cache(maxsize=12)
def board_palette(players: int, language: str) -> Image.Image:
    """128 colours fitted once to the map plus every colour drawn on top of it: mapping each
    render onto a fixed palette is ~3x faster to encode than full RGB, and a third the size."""
    board = base_map(players, language)
    sample = Image.new("RGB", (board.width, board.height + 100), PALETTE["background"])
    sample.paste(board)  # the swatches go on a strip below, never on the board itself
    draw = ImageDraw.Draw(sample)
    inks = [*PALETTE.values(), *SEAT_COLORS, CHEST, COIN, SHIP_HULL, PATH_DONE, MARK]
    for i, ink in enumerate(inks):
        draw.rectangle([i * 20, board.height, i * 20 + 19, board.height + 60], fill=ink)
        draw.text((i * 20, board.height + 70), "Ag", fill=ink, font=font(TEXT, bold=True))
    return sample.quantize(128, method=Image.Quantize.FASTOCTREE)


# -- the moving parts -------------------------------------------------------------------------

LEGEND_HARBOUR = N_("harbour: capture its city's chest")
LEGEND_START = N_("ship start")
PHASES = {
    "bid": N_("secret bidding"),
    "tiebreak": N_("tie-breaker"),
    "sail": N_("sailing"),
    "over": N_("game over"),
}


def draw_header(draw: ImageDraw.ImageDraw, view: View) -> None:
    title = t(
        "Caribbean · round {round} of at most {cap} · {phase}",
        round=view["turn"],
        cap=view["round_cap"],
        phase=t(PHASES[view["phase"]]),
    )
    supply = t("Supply")
    supply_left = WIDTH - 16 - 5 * 36 - 8 - round(font(17, bold=True).getlength(supply))
    fit_text(draw, (16, 8, supply_left - 12, 40), title, 24, 18, bold=True)
    goal = t("First to {n}k doubloons ends the game after that round", n=view["threshold"] // 1000)
    fit_text(draw, (16, 46, WIDTH - 16, 68), goal, 17, 16, PALETTE["grid"])
    pairs = view["supply_left"] // 2
    text(draw, (WIDTH - 16 - 5 * 36 - 8, 22), supply, 17, bold=True, anchor="rm")
    for slot in range(5):
        x0 = WIDTH - 16 - (5 - slot) * 36
        filled = slot >= 5 - pairs
        draw.rounded_rectangle(
            [x0, 8, x0 + 30, 38],
            radius=4,
            fill=CHEST if filled else PALETTE["background"],
            outline=PALETTE["ink"],
            width=2,
        )
        if filled:
            text(draw, (x0 + 15, 23), "2", LABEL, bold=True, anchor="mm")


def draw_chest(draw: ImageDraw.ImageDraw, xy: tuple[int, int], value: int) -> None:
    x, y = xy
    draw.rounded_rectangle(
        [x - 19, y - 13, x + 19, y + 13], radius=3, fill=CHEST, outline=PALETTE["ink"], width=2
    )
    text(draw, (x, y), f"{value // 1000}k", LABEL, bold=True, anchor="mm")


def haven_badge(space: str) -> tuple[int, int]:
    """Low and to the left in its hex, clear of the space name and of a ship's chest."""
    x, y = center(space)
    return x - 13, y + 19


def land_chest(space: str) -> tuple[int, int]:
    x, y = center(space)
    return x, y + 13


def draw_chests_on_land(draw: ImageDraw.ImageDraw, view: View) -> None:
    """A chest on its city when waiting there; once delivered, the owner's letter on its
    colour ("places the treasure chest face down on the city names")."""
    waiting = set(view["port_chests"])
    for port in PORTS:
        if port.code in waiting:
            draw_chest(draw, land_chest(port.land), port.value)
        elif port.code in view["delivered"]:
            seat_badge(
                draw, land_chest(port.land), view["delivered"][port.code], half=12, size=LABEL
            )


def draw_paths(draw: ImageDraw.ImageDraw, view: View) -> None:
    """This round's moves: finished ships in grey, the ship now moving in white."""
    moving = view["current"] if view["phase"] == "sail" else None
    for record in view["reveals"]:
        colour = PATH_NOW if record["ship"] == moving else PATH_DONE
        for a, b in pairwise(record["path"]):
            start, end = center(a), center(b)
            draw_arrow(draw, start, toward(start, end, 0.72), colour, width=5, head=12)


def toward(start: tuple[int, int], end: tuple[int, int], share: float) -> tuple[int, int]:
    return (
        round(start[0] + (end[0] - start[0]) * share),
        round(start[1] + (end[1] - start[1]) * share),
    )


def draw_ships(draw: ImageDraw.ImageDraw, view: View) -> None:
    """Each ship with its letter and its chest on deck; the ship being resolved ringed."""
    for index, ship in enumerate(view["ships"]):
        x, y = center(ship["space"])
        if index == view["current"]:
            draw.ellipse([x - 31, y - 31, x + 31, y + 31], outline=PATH_NOW, width=4)
        draw_boat(draw, (x + 8, y + 2), 32, SHIP_HULL)
        draw.ellipse([x - 31, y - 11, x - 5, y + 15], fill=PALETTE["black"])
        text(
            draw,
            (x - 18, y + 2),
            ship["letter"].upper(),
            LABEL,
            bold=True,
            fill=PALETTE["white"],
            anchor="mm",
        )
        if ship["chest"]:
            draw_chest(draw, (x + 12, y + 18), ship["value"])


def coin_center(seat: int) -> tuple[int, int]:
    return 16 + 62, PANEL_TOP + 36 + seat * ROW_H + 22


def draw_scores(draw: ImageDraw.ImageDraw, view: View) -> None:
    """Each seat's letter, doubloons (in thousands, as every sum is), deliveries and state."""
    text(draw, (16, PANEL_TOP), t("Players"), 19, bold=True)
    for seat in range(len(view["seats"])):
        top = PANEL_TOP + 36 + seat * ROW_H
        seat_badge(draw, (16 + 15, top + 22), seat, half=15, size=LABEL)
        x, y = coin_center(seat)
        draw.ellipse([x - 24, y - 24, x + 24, y + 24], fill=COIN, outline=PALETTE["ink"], width=2)
        money = view["money"][seat]
        text(draw, (x, y), f"{money // 1000}k" if money else "0", LABEL, bold=True, anchor="mm")
        text(draw, (16 + 94, top - 2), seat_name(view, seat), LABEL, bold=True)
        fit_text(draw, (16 + 94, top + 24, BIDS_X - 12, top + ROW_H - 4), seat_status(view, seat),
                 TEXT, TEXT, PALETTE["grid"])  # fmt: skip


def seat_status(view: View, seat: int) -> str:
    """How many chests a seat has had delivered, and where it stands now."""
    delivered = sum(1 for owner in view["delivered"].values() if owner == seat)
    status = [tn("{n} delivered", "{n} delivered", delivered)]
    if seat in (view["outcome"] or {}).get("winners", []):
        status.append(t("WINNER"))
    elif view["phase"] == "bid":
        status.append(t("confirmed") if view["confirmed"][seat] else t("bidding…"))
    elif seat in view["to_act"]:
        status.append(t("to act"))
    elif view["tie"] and seat in view["tie"]["chosen"]:
        status.append(t("tie-breaker chosen"))
    return " · ".join(status)


def bid_cell(record: dict[str, Any], seat: int) -> str:
    cell = str(record["bids"][seat])
    breaker = record["tiebreakers"][seat]
    if breaker == "down":
        cell += " ▼"
    elif breaker == "spent":
        cell += " ✕"
    elif breaker is not None:
        cell += f" ▲{breaker}"
    return cell


BIDS_X = 330
SHIP_COL = 112
SEAT_COL = 74


def draw_bids(draw: ImageDraw.ImageDraw, view: View) -> None:
    """This round's bids, ship by ship, as far as revealed; the winner's cell is boxed and
    the winner named in the result."""
    names = [seat_name(view, seat) for seat in range(len(view["seats"]))]
    heading = t("This round's bids (▲ face up, ▼ face down, ✕ none left)")
    fit_text(draw, (BIDS_X, PANEL_TOP - 2, WIDTH - 8, PANEL_TOP + 22), heading, 19, 16, bold=True)
    header_y = PANEL_TOP + 44
    for seat in range(len(names)):
        cx = BIDS_X + SHIP_COL + seat * SEAT_COL + SEAT_COL // 2
        seat_badge(draw, (cx, header_y), seat, half=14, size=LABEL)
    result_x = BIDS_X + SHIP_COL + SEAT_COL * len(names) + 6
    text(draw, (result_x, header_y), t("result"), bold=True, fill=PALETTE["grid"], anchor="lm")
    records = {record["ship"]: record for record in view["reveals"]}
    for ship, ship_name in enumerate(SHIP_NAMES):
        y = header_y + 32 + ship * 30
        bold = ship == view["current"]
        text(draw, (BIDS_X, y), f"{ship_name[0]}  {ship_name}", bold=bold, anchor="lm")
        record = records.get(ship)
        for seat in range(len(names)):
            cx = BIDS_X + SHIP_COL + seat * SEAT_COL + SEAT_COL // 2
            if record is None:
                text(draw, (cx, y), "·", bold=bold, fill=PALETTE["grid"], anchor="mm")
                continue
            if record["winner"] == seat:
                draw.rounded_rectangle(
                    [cx - 34, y - 13, cx + 34, y + 13],
                    radius=4,
                    outline=SEAT_COLORS[seat],
                    width=3,
                )
            text(draw, (cx, y), bid_cell(record, seat), LABEL, bold=bold, anchor="mm")
        if record is not None:
            fit_text(draw, (result_x, y - 10, WIDTH - 8, y + 12), result_text(record, view, names),
                     TEXT, TEXT)  # fmt: skip


def result_text(record: dict[str, Any], view: View, names: list[str]) -> str:
    if record["winner"] is None:
        return (
            t("tie-breakers…") if view["tie"] and view["current"] == record["ship"] else t("stays")
        )
    moved = len(record["path"]) - 1
    result = f"{names[record['winner']]} {moved}/{record['allowance']}"
    if view["phase"] == "sail" and view["current"] == record["ship"]:
        result += " · " + t(PHASES["sail"])
    return result


def draw_last(draw: ImageDraw.ImageDraw, view: View) -> None:
    """The latest public events, wrapped to the image width (the last four lines)."""
    words = " ".join(view["last"])
    if not words and view["phase"] == "bid":
        words = t("Waiting for everyone's secret bids.")
    for i, line in enumerate(wrap_to_width(words, font(TEXT), WIDTH - 32)[-4:]):
        text(draw, (16, EVENTS_TOP + 22 * i), line)


# -- change marks ----------------------------------------------------------------------------


def draw_mark_arrows(draw: ImageDraw.ImageDraw, view: View, marks: list[Change]) -> None:
    """Under the ships: a ghost where a ship was and an arrow to where it is; an arrow for a
    chest taken from its city or handed from ship to ship."""
    for mark in marks:
        if mark["kind"] == "move":
            start, end = center(mark["from"]), center(mark["to"])
            draw_ghost(draw, start, 28)
            draw_change_arrow(draw, toward(start, end, 0.2), toward(start, end, 0.7))
        elif mark["kind"] == "chest":
            start, end = center(mark["from"]), center(mark["to"])
            if mark["from"] != mark["to"]:
                draw_change_arrow(draw, toward(start, end, 0.25), toward(start, end, 0.7))


def draw_mark_rings(draw: ImageDraw.ImageDraw, view: View, marks: list[Change]) -> None:
    """Over everything, never filled: rings on chests dealt or delivered and on doubloons
    that changed, a ghost where a chest left its city."""
    for mark in marks:
        kind = mark["kind"]
        if kind == "count":
            draw_ring(draw, coin_center(mark["seat"]), 29)
        elif kind in ("add", "deliver"):
            at = mark["at"]
            draw_ring(draw, land_chest(at) if at in LAND_CELLS else center(at), 22)
        elif kind == "chest" and mark["from"] in LAND_CELLS:
            draw_ghost(draw, land_chest(mark["from"]), 20)
