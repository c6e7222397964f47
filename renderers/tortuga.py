"""The Tortuga 1667 table: both ships (5 places, two holds), the rowboats and the explosion
token, Tortuga's line and treasure areas, the Spanish galleon, the face-down event row with
the names of who looked at each card, and one line per player. Drawn from the public part of a
view only.

Legibility: a phone shows the 960 px image 360 px wide, so every name, rank, slot and count
is 22 px (8 px there) and every other text at least 16 px (6 px there), fitted to its box,
with a contrast of at least 4.5:1 against what lies behind it; every pawn
carries its seat's name (P1..P9) and the nine pawn colours stay at least 30 CIELAB units apart
under normal vision, deuteranopia, protanopia and tritanopia.

``marks`` (the engine's ``changes``) are drawn in the shared mark colour: a dashed ghost where
a pawn was with an arrow to where it is, a ring on a counter that changed, a ring on an event
slot looked at or revealed, a ring on a player's line whose cards changed, and a key under
the table that says so. Pawns are drawn last so they keep their own colours; with no marks
the picture is exactly the plain board.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from games.core import Change, View
from games.core.words import N_, NP_, t, tn, tp
from games.tortuga.data import TEAM_NAMES, card_title
from renderers.base import (
    ASCII_SPACE,
    KEY_ARROW,
    KEY_GHOST,
    KEY_RING,
    KEY_TITLE,
    MARK,
    PALETTE,
    Color,
    draw_boat,
    draw_change_arrow,
    draw_disc,
    draw_ghost,
    draw_mark_box,
    draw_ring,
    fit_text,
    fitted_palette,
    font,
    label_size,
    new_canvas,
    palette_png,
    with_mark_key,
)

#: A vote's kind as the galleon's box and the event row name it.
VOTES = {"attack": N_("Attack"), "brawl": N_("Brawl"), "mutiny": N_("Mutiny")}

WIDTH = 960
HULL = (139, 94, 52)
DECK = (196, 154, 98)
SAND = (226, 204, 150)
SEA = (176, 214, 228)
CARD_BACK = (92, 52, 36)
CREAM = (245, 236, 215)
EARTH = (80, 60, 40)
HIGHLIGHT_ROW = (255, 236, 160)
BRITISH = (196, 40, 48)
FRENCH = (40, 90, 200)
DANGER = (160, 24, 24)
GOLD = PALETTE["gold"]
INK = PALETTE["ink"]
SEAT_COLORS: tuple[Color, ...] = (
    (153, 2, 0),  # P1 red
    (67, 13, 195),  # P2 blue
    (0, 123, 107),  # P3 green
    (250, 130, 82),  # P4 orange
    (92, 0, 102),  # P5 purple
    (255, 200, 0),  # P6 yellow
    (20, 20, 20),  # P7 black
    (250, 250, 250),  # P8 white
    (32, 203, 255),  # P9 sky
)
"""Chosen so every pair stays apart under the three colour-vision deficiencies (see tests)."""
LIGHT_PAWNS = (3, 5, 7, 8)  # labelled in ink, the others in white
SHIP_RANKS = (NP_("Tortuga rank", "C"), NP_("Tortuga rank", "FM"), "3", "4", "5")
"""The places on a ship: captain, first mate, then numbers (the letters said in the reader's
language)."""
GOVERNOR = NP_("Tortuga rank", "G")
PLACE = 56  # distance between pawn places on a ship (close enough to leave the holds room)
HOLD_W = 134  # a hold's width: its team's name as every text says it ("Britanniques")
LINE_STEP = 58  # distance between places on Tortuga
RADIUS = 22
TEXT = 16  # the smallest text on the board
LABEL = label_size(WIDTH)  # names, ranks, slots and counts
KEY = (KEY_GHOST, KEY_ARROW, KEY_RING, ("box", N_("card looked at or shown")))
LEFT_W = 620
BOAT_X = 440  # a rowboat's middle, leaving "blown up" ("gesprengt") room before the sea's edge
RIGHT_X = 640
ROW_H = 26

Point = tuple[int, int]
Box = tuple[int, int, int, int]


class Layout:
    """Where everything sits, so the marks find the pawns, counters and slots."""

    def __init__(self, top: int) -> None:
        self.top = top
        self.ship_tops = (top + 14, top + 466)
        self.boat_tops = (top + 152, top + 400)
        self.tortuga_top = top + 218
        self.galleon_top = top + 14
        self.row_top = top + 206
        self.players_top = top + 624
        self.player_rows: dict[int, int] = {}

    def pawn(self, place: str, rank: int) -> Point:
        if place == "tortuga":
            return 50 + rank * LINE_STEP, self.tortuga_top + 62
        if place.endswith("rowboat"):
            ship = ("fd", "jr").index(place.split()[0])
            return BOAT_X, self.boat_tops[ship] + 26
        ship = ("fd", "jr").index(place)
        return 60 + rank * PLACE, self.ship_tops[ship] + 74

    def area_box(self, at: str) -> Box:
        """A team's hold on a ship (``fd british``) or its area on Tortuga (``tortuga french``)."""
        place, team = at.split()
        i = ("british", "french").index(team)
        if place == "tortuga":
            top = self.tortuga_top + 106
            return 150 + i * 160, top, 290 + i * 160, top + 56
        top = self.ship_tops[("fd", "jr").index(place)] + 40
        right = 592 - (1 - i) * (HOLD_W + 4)
        return right - HOLD_W, top, right, top + 76

    def counter(self, at: str) -> Point:
        """The figure of a counter: a hold or area's number, the galleon's count."""
        if at == "galleon":
            return RIGHT_X + 126, self.galleon_top + 46
        box = self.area_box(at)
        return box[2] - 16, box[3] - 16

    def slot_box(self, slot: int) -> Box:
        x = RIGHT_X + (slot - 1) * 61
        return x, self.row_top + 30, x + 54, self.row_top + 112


def render(view: View, marks: list[Change] | None = None, key_title: str = KEY_TITLE) -> bytes:
    names = view["seats"]
    title_lines = _status_lines(view)
    top = 44 + 26 * (len(title_lines) + view["sudden_death"]) + 14
    layout = Layout(top)
    rows = [_player_parts(view, seat) for seat in range(len(names))]
    wrapped = [_wrap(" · ".join(parts), 84) for parts in rows]
    height = layout.players_top + 36 + sum(ROW_H * len(lines) for lines in wrapped) + 12
    image = new_canvas(WIDTH, height)
    draw = ImageDraw.Draw(image)
    pawns: list[tuple[Point, int, bool]] = []
    draw.rectangle([0, top, LEFT_W, top + 608], fill=SEA)
    _header(draw, view, title_lines)
    for index in range(2):
        _ship(draw, view, index, layout, pawns)
        _rowboat(draw, view, index, layout, pawns)
    _tortuga(draw, view, layout, pawns)
    _galleon(draw, view, layout)
    _event_row(draw, view, layout)
    _players(draw, view, layout, wrapped)
    for mark in marks or []:
        _mark(draw, mark, layout)
    for center, seat, acting in pawns:
        _pawn(draw, center, seat, names, acting)
    if marks:
        image = with_mark_key(image, KEY, key_title)
    return palette_png(image, _palette())


@lru_cache(maxsize=1)
def _palette() -> Image.Image:
    """Every ink of the table (text, edges and marks) on every surface it is drawn on."""
    surfaces = (
        PALETTE["background"],
        SEA,
        HULL,
        DECK,
        SAND,
        PALETTE["white"],
        CARD_BACK,
        HIGHLIGHT_ROW,
        PALETTE["highlight"],
    )
    inks = (
        *SEAT_COLORS,
        INK,
        PALETTE["grid"],
        GOLD,
        DANGER,
        PALETTE["deep"],
        BRITISH,
        FRENCH,
        DECK,
    )
    return fitted_palette(surfaces, (*inks, HULL, CREAM, EARTH, MARK, (120, 60, 30)))


# -- text ------------------------------------------------------------------------------------
def _text(
    draw: ImageDraw.ImageDraw,
    xy: Point,
    text: str,
    fill: Color = INK,
    size: int = TEXT,
    bold: bool = False,
    anchor: str | None = None,
) -> None:
    draw.text(xy, text, fill=fill, font=font(size, bold=bold), anchor=anchor)


def _wrap(text: str, width: int) -> list[str]:
    """Whole words on lines of at most ``width`` characters (a longer word keeps its line)."""
    lines: list[str] = []
    for word in ASCII_SPACE.split(text.strip()):
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]


def _status_lines(view: View) -> list[str]:
    names = [t(name) for name in view["seats"]]
    outcome = view["outcome"]
    if outcome:
        return _wrap(t("Game over: {reason}", reason=outcome["reason"]), 76)
    turn = {"seat": names[view["current"]], "turn": view["turn"]}
    if len(names) == 2:
        title = tn(
            "{seat}'s turn (turn {turn}), {n} action left",
            "{seat}'s turn (turn {turn}), {n} actions left",
            view["actions_left"],
            **turn,
        )
    else:
        title = t("{seat}'s turn (turn {turn})", **turn)
    waiting = view["to_act"]
    if waiting != [view["current"]]:
        title = t(
            "{turn}. Waiting for {seats}",
            turn=title,
            seats=", ".join(names[seat] for seat in waiting),
        )
    return _wrap(title, 76)


def _header(draw: ImageDraw.ImageDraw, view: View, lines: list[str]) -> None:
    _text(draw, (16, 8), "Tortuga 1667", size=26, bold=True)
    scores = "   ".join(
        tn("{team}: {n} chest", "{team}: {n} chests", team["value"], team=t(team["name"]))
        for team in view["scores"]
    )
    _text(draw, (260, 14), scores, size=18, bold=True)
    for i, line in enumerate(lines):
        _text(draw, (16, 44 + 26 * i), line, size=18, bold=True)
    if view["sudden_death"]:
        y = 44 + 26 * len(lines)
        _text(draw, (16, y), t("Sudden death: the first team to take the lead wins."), DANGER, 18)


# -- the pieces --------------------------------------------------------------------------------
def _pawn(
    draw: ImageDraw.ImageDraw, center: Point, seat: int, names: list[str], acting: bool
) -> None:
    if acting:
        x, y = center
        r = RADIUS + 5
        draw.ellipse([x - r, y - r, x + r, y + r], fill=PALETTE["highlight"])
    ink = INK if seat in LIGHT_PAWNS else PALETTE["white"]
    draw_disc(draw, center, RADIUS, SEAT_COLORS[seat], label=names[seat], label_color=ink)


def _chest_row(
    draw: ImageDraw.ImageDraw, left: int, top: int, count: int, size: int, per_row: int = 6
) -> None:
    for i in range(count):
        x = left + (i % per_row) * (size + 4)
        y = top + (i // per_row) * (size - 2)
        draw.rectangle([x, y, x + size, y + size * 3 // 4], fill=GOLD, outline=INK, width=2)


def _area(draw: ImageDraw.ImageDraw, layout: Layout, at: str, count: int) -> None:
    """A team's hold or area: its name, the count in figures, one chest per chest."""
    team = at.split()[1]
    box = layout.area_box(at)
    color = BRITISH if team == "british" else FRENCH
    draw.rounded_rectangle(box, radius=8, fill=PALETTE["white"], outline=color, width=3)
    name = t(TEAM_NAMES[team])
    fit_text(draw, (box[0] + 8, box[1] + 3, box[2] - 8, box[1] + 22), name, TEXT, TEXT, color,
             bold=True)  # fmt: skip
    _text(draw, layout.counter(at), str(count), color, size=LABEL, bold=True, anchor="mm")
    _chest_row(draw, box[0] + 8, box[1] + 28, count, 14, (box[2] - box[0] - 40) // 18)


def _ship(
    draw: ImageDraw.ImageDraw,
    view: View,
    index: int,
    layout: Layout,
    pawns: list[tuple[Point, int, bool]],
) -> None:
    ship = view["ships"][index]
    top = layout.ship_tops[index]
    draw.polygon([(14, top), (610, top), (580, top + 126), (44, top + 126)], fill=HULL, outline=INK)
    draw.rectangle([24, top + 6, 600, top + 32], fill=DECK)
    _text(draw, (32, top + 8), t(ship["name"]), size=18, bold=True)
    acting = set(view["to_act"])
    for rank in range(5):
        x, y = layout.pawn(ship["key"], rank)
        draw.ellipse([x - RADIUS, y - RADIUS, x + RADIUS, y + RADIUS], outline=DECK, width=2)
        mark = tp("Tortuga rank", SHIP_RANKS[rank]) if rank < 2 else SHIP_RANKS[rank]
        _text(draw, (x, y + RADIUS + 14), mark, CREAM, LABEL, True, "mm")
        if rank < len(ship["crew"]):
            seat = ship["crew"][rank]
            pawns.append(((x, y), seat, seat in acting))
    for team in ("british", "french"):
        _area(draw, layout, f"{ship['key']} {team}", ship["holds"][team])


def _rowboat(
    draw: ImageDraw.ImageDraw,
    view: View,
    index: int,
    layout: Layout,
    pawns: list[tuple[Point, int, bool]],
) -> None:
    ship = view["ships"][index]
    x, y = layout.pawn(f"{ship['key']} rowboat", 0)
    y += 4
    draw.polygon(
        [(x - 60, y - 14), (x + 60, y - 14), (x + 42, y + 18), (x - 42, y + 18)],
        fill=HULL,
        outline=INK,
    )
    owner, boat = t("{ship}'s\nrowboat", ship=t(ship["name"])).split("\n", 1)
    _text(draw, (x - 80, y - 10), owner, bold=True, anchor="rm")
    _text(draw, (x - 80, y + 10), boat, bold=True, anchor="rm")
    if ship["rowboat"] is not None:
        pawns.append(((x, y - 4), ship["rowboat"], ship["rowboat"] in view["to_act"]))
    if ship["exploded"]:
        for sign in (-1, 1):
            draw.line([(x - 50, y - 26 * sign), (x + 50, y + 26 * sign)], fill=DANGER, width=7)
        _text(draw, (x + 66, y), t("blown up"), DANGER, bold=True, anchor="lm")


def _tortuga(
    draw: ImageDraw.ImageDraw,
    view: View,
    layout: Layout,
    pawns: list[tuple[Point, int, bool]],
) -> None:
    top = layout.tortuga_top
    draw.rounded_rectangle(
        [14, top, 606, top + 170], radius=40, fill=SAND, outline=PALETTE["grid"], width=3
    )
    _text(draw, (34, top + 8), "Tortuga", size=18, bold=True)
    line = view["tortuga"]["line"]
    acting = set(view["to_act"])
    for rank in range(9):
        x, y = layout.pawn("tortuga", rank)
        draw.ellipse([x - RADIUS, y - RADIUS, x + RADIUS, y + RADIUS], outline=EARTH, width=2)
        mark = tp("Tortuga rank", GOVERNOR) if rank == 0 else str(rank + 1)
        _text(draw, (x, y + RADIUS + 13), mark, EARTH, LABEL, True, "mm")
        if rank < len(line):
            pawns.append(((x, y), line[rank], line[rank] in acting))
    for team in ("british", "french"):
        _area(draw, layout, f"tortuga {team}", view["tortuga"]["chests"][team])


def _galleon(draw: ImageDraw.ImageDraw, view: View, layout: Layout) -> None:
    left, top = RIGHT_X, layout.galleon_top
    draw.rounded_rectangle(
        [left, top, left + 304, top + 176], radius=12, fill=SEA, outline=PALETTE["deep"], width=3
    )
    draw_boat(draw, (left + 56, top + 70), 90, (120, 60, 30))
    title = (left + 116, top + 10, left + 296, top + 32)
    fit_text(draw, title, t("Spanish galleon"), 18, TEXT, bold=True)
    count = view["galleon"]
    _text(draw, (left + 116, top + 36), tn("{n} chest on board", "{n} chests on board", count))
    _chest_row(draw, left + 116, top + 62, view["galleon"], 18)
    last = view["last_vote"]
    if last:
        text = t(
            "Last {vote}: {symbols}: {verdict}",
            vote=t(VOTES[last["vote"]]),
            symbols=_counted(last["symbols"]),
            verdict=t(last["verdict"]),
        )
        body, _, last_word = text.rpartition(" ")  # kept with the word before it, never alone
        text = f"{body}\u00a0{last_word}" if body else text
        fit_text(draw, (left + 10, top + 104, left + 296, top + 168), text, TEXT, TEXT)


def _counted(symbols: list[str]) -> str:
    """A vote's symbols, each once with how many were revealed ("6× british, french"): a
    brawl of nine players reveals up to eleven flags (El Dorado's second card, the deck's),
    too many to name one by one in the galleon's box."""
    said = []
    for symbol in dict.fromkeys(symbols):
        n = symbols.count(symbol)
        said.append(t("{count}×\u00a0{symbol}", count=n, symbol=t(symbol)) if n > 1 else t(symbol))
    return ", ".join(said)


def _event_row(draw: ImageDraw.ImageDraw, view: View, layout: Layout) -> None:
    left, top = RIGHT_X, layout.row_top
    names = [t(name) for name in view["seats"]]
    row = t(
        "Event row (deck {deck}, discards {discards})",
        deck=view["event_deck"],
        discards=len(view["discard"]),
    )
    fit_text(draw, (left, top, WIDTH - 12, top + TEXT + 4), row, TEXT, TEXT, bold=True)
    deepest = 0
    for slot in view["row"]:
        box = layout.slot_box(slot["slot"])
        x = box[0]
        if slot["card"]:
            draw.rounded_rectangle(box, radius=6, fill=CARD_BACK, outline=GOLD, width=3)
        else:
            draw.rounded_rectangle(box, radius=6, outline=PALETTE["grid"], width=2)
        number_ink = GOLD if slot["card"] else PALETTE["grid"]
        _text(draw, (x + 27, top + 71), str(slot["slot"]), number_ink, LABEL, True, "mm")
        for i, seat in enumerate(slot["viewed_by"]):
            y = top + 116 + (i // 2) * 24
            _text(draw, (x + (i % 2) * 30, y), names[seat], size=LABEL, bold=True)
            deepest = max(deepest, (i // 2) + 1)
    y = top + 122 + 24 * max(deepest, 1)
    for line in t("Names under a card:\nwho has looked at it").split("\n"):
        _text(draw, (left, y), line, PALETTE["grid"])
        y += 20
    pending = view.get("pending") or {}
    y += 8
    if pending.get("kind") in ("forced", "vote"):
        if pending["kind"] == "forced":
            text = _forced(names[pending["seat"]], pending["slots"])
        else:
            voted = ", ".join(names[seat] for seat in pending["voted"]) or t("nobody yet")
            text = t(
                "{vote} vote: voted so far: {voted}", vote=t(VOTES[pending["vote"]]), voted=voted
            )
        y = fit_text(draw, (left, y, WIDTH - 12, y + 64), text, TEXT, TEXT, DANGER, bold=True) + 8
    limit = layout.players_top - 12
    if view["last"] and y < limit - TEXT:
        fit_text(draw, (left, y, WIDTH - 12, limit), " ".join(view["last"]), TEXT, TEXT)


def _forced(seat: str, slots: list[int]) -> str:
    """Who must turn an event card face up, and which slots they may choose from."""
    if len(slots) == 1:
        return t("{seat} must reveal slot {slot}", seat=seat, slot=slots[0])
    if len(slots) == 2:
        return t("{seat} must reveal slot {slot} or {other}", seat=seat, slot=slots[0],
                 other=slots[1])  # fmt: skip
    return t("{seat} must reveal one of slots {slots}", seat=seat, slots=", ".join(map(str, slots)))


def _player_parts(view: View, seat: int) -> list[str]:
    """A player's line: vote cards held, cards in front, effects (loyalty at the end)."""
    hand = view["hand_sizes"][seat]
    parts = [tn("{n} vote card in hand", "{n} vote cards in hand", hand)]
    parts += [card_title(card) for card in view["kept"][seat]]
    if view["pirate_code"][seat]:
        votes = view["pirate_code"][seat]
        parts.append(tn("sits out {n} more vote", "sits out {n} more votes", votes))
    if view["scurvy"][seat]:
        parts.append(t("loses next turn (Scurvy)"))
    loyalty = view.get("loyalty")
    if loyalty:
        parts.append(t(loyalty[seat].title()).upper())
    return parts


def _players(
    draw: ImageDraw.ImageDraw, view: View, layout: Layout, wrapped: list[list[str]]
) -> None:
    """One line per player (wrapped, never cut): a disc in the pawn's colour and its name."""
    top = layout.players_top
    names = [t(name) for name in view["seats"]]
    _text(draw, (16, top), t("Players: vote cards, cards in front, effects"), size=18, bold=True)
    y = top + 36
    for seat, lines in enumerate(wrapped):
        height = ROW_H * len(lines)
        if seat == view["current"] and not view["outcome"]:
            draw.rectangle([8, y - 13, WIDTH - 8, y + height - 14], fill=HIGHLIGHT_ROW)
        draw_disc(draw, (28, y), 12, SEAT_COLORS[seat])
        _text(draw, (46, y), names[seat], size=LABEL, bold=True, anchor="lm")
        for i, line in enumerate(lines):
            _text(draw, (88, y + ROW_H * i), line, anchor="lm")
        layout.player_rows[seat] = y
        y += height


# -- marks -------------------------------------------------------------------------------------
def _mark(draw: ImageDraw.ImageDraw, mark: dict[str, Any], layout: Layout) -> None:
    """One change in the shared mark colour; pawns are drawn over the marks afterwards."""
    drawer = _MARKS.get(mark["kind"])
    if drawer is not None:
        drawer(draw, mark, layout)


def _mark_move(draw: ImageDraw.ImageDraw, mark: dict[str, Any], layout: Layout) -> None:
    start = layout.pawn(mark["from"]["place"], mark["from"]["rank"])
    end = layout.pawn(mark["to"]["place"], mark["to"]["rank"])
    draw_ghost(draw, start, RADIUS + 5)
    length = math.dist(start, end)
    if length > 2 * (RADIUS + 8):
        gap = (RADIUS + 8) / length
        dx, dy = end[0] - start[0], end[1] - start[1]
        a = (round(start[0] + dx * gap), round(start[1] + dy * gap))
        b = (round(end[0] - dx * gap), round(end[1] - dy * gap))
        draw_change_arrow(draw, a, b)


def _mark_count(draw: ImageDraw.ImageDraw, mark: dict[str, Any], layout: Layout) -> None:
    at = mark["at"]
    if at.startswith("hand p"):
        _mark_player(draw, int(at.removeprefix("hand p")) - 1, layout)
    else:
        draw_ring(draw, layout.counter(at), 17)


def _mark_slot(draw: ImageDraw.ImageDraw, mark: dict[str, Any], layout: Layout) -> None:
    x0, y0, x1, y1 = layout.slot_box(mark["slot"])
    draw_mark_box(draw, (x0 - 4, y0 - 4, x1 + 4, y1 + 4))


def _mark_player(draw: ImageDraw.ImageDraw, seat: int, layout: Layout) -> None:
    if seat in layout.player_rows:
        draw_ring(draw, (28, layout.player_rows[seat]), 17)


def _mark_card(draw: ImageDraw.ImageDraw, mark: dict[str, Any], layout: Layout) -> None:
    at = mark["at"]
    if at.startswith(("kept p", "scurvy p")):
        _mark_player(draw, int(at.rsplit("p", 1)[1]) - 1, layout)
    elif at.endswith("rowboat"):
        draw_ring(draw, layout.pawn(at, 0), RADIUS + 16)


_MARKS: dict[str, Callable[[ImageDraw.ImageDraw, dict[str, Any], Layout], None]] = {
    "move": _mark_move,
    "count": _mark_count,
    "seen": _mark_slot,
    "reveal": _mark_slot,
    "add": _mark_card,
    "remove": _mark_card,
}
