"""The Tortuga 1667 table: both ships (5 places, two holds), the rowboats and the explosion
token, Tortuga's line and treasure areas, the Spanish galleon, the face-down event row with
viewed slots marked, and each player's kept cards. Drawn from the public part of a view only."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from renderers.base import (
    PALETTE,
    Color,
    draw_boat,
    draw_disc,
    fitted_palette,
    font,
    new_canvas,
    palette_png,
)

WIDTH = 960
HULL = (139, 94, 52)
DECK = (196, 154, 98)
SAND = (226, 204, 150)
SEA = (176, 214, 228)
CARD_BACK = (92, 52, 36)
HIGHLIGHT_ROW = (255, 236, 160)
BRITISH = (196, 40, 48)
FRENCH = (40, 90, 200)
PAWNS: tuple[Color, ...] = (
    PALETTE["red"],
    PALETTE["blue"],
    PALETTE["green"],
    PALETTE["orange"],
    PALETTE["purple"],
    PALETTE["yellow"],
    PALETTE["black"],
    PALETTE["white"],
    (0, 150, 150),
)
LIGHT_PAWNS = (5, 7)
SHIP_RANKS = ("C", "FM", "3", "4", "5")
PLACE = 62  # distance between pawn places
RADIUS = 22


def render(view: dict[str, Any]) -> bytes:
    players = len(view["seats"])
    height = 706 + 30 * ((players + 1) // 2)
    image = new_canvas(WIDTH, height)
    draw = ImageDraw.Draw(image)
    names = view["seats"]
    draw.rectangle([0, 64, 620, 672], fill=SEA)
    _header(draw, view, names)
    _ship(draw, view, 0, names, top=78)
    _rowboat(draw, view, 0, names, top=216)
    _tortuga(draw, view, names, top=282)
    _rowboat(draw, view, 1, names, top=464)
    _ship(draw, view, 1, names, top=530)
    _galleon(draw, view, left=640, top=78)
    _event_row(draw, view, names, left=640, top=250)
    _players(draw, view, names, top=690)
    return palette_png(image, _palette())


@lru_cache(maxsize=1)
def _palette() -> Image.Image:
    """Every ink of the table (text and edges) on every surface it is drawn on."""
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
        *PAWNS,
        PALETTE["ink"],
        PALETTE["grid"],
        PALETTE["gold"],
        PALETTE["danger"],
        PALETTE["deep"],
        BRITISH,
        FRENCH,
        DECK,
        HULL,
        (120, 60, 30),
    )
    return fitted_palette(surfaces, inks)


def _pawn(
    draw: ImageDraw.ImageDraw,
    center: tuple[int, int],
    seat: int,
    names: list[str],
    highlight: bool = False,
) -> None:
    if highlight:
        x, y = center
        draw.ellipse(
            [x - RADIUS - 5, y - RADIUS - 5, x + RADIUS + 5, y + RADIUS + 5],
            fill=PALETTE["highlight"],
        )
    ink = PALETTE["ink"] if seat in LIGHT_PAWNS else PALETTE["white"]
    draw_disc(draw, center, RADIUS, PAWNS[seat], label=names[seat], label_color=ink)


def _chests(draw: ImageDraw.ImageDraw, left: int, top: int, count: int, size: int = 16) -> None:
    for i in range(count):
        x = left + i * (size + 4)
        draw.rectangle(
            [x, top, x + size, top + size * 3 // 4],
            fill=PALETTE["gold"],
            outline=PALETTE["ink"],
            width=2,
        )


def _area(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], team: str, count: int) -> None:
    color = BRITISH if team == "british" else FRENCH
    draw.rounded_rectangle(box, radius=8, fill=PALETTE["white"], outline=color, width=3)
    draw.text(
        (box[0] + 8, box[1] + 4), f"{team.title()} {count}", fill=color, font=font(15, bold=True)
    )
    _chests(draw, box[0] + 8, box[1] + 26, count)


def _header(draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str]) -> None:
    outcome = view["outcome"]
    if outcome:
        title = "Game over: " + outcome["reason"]
    else:
        left = view["actions_left"]
        title = f"{names[view['current']]}'s turn"
        if len(names) == 2:
            title += f" ({left} action{'s' if left != 1 else ''} left)"
        waiting = view["to_act"]
        if waiting != [view["current"]]:
            title += " - waiting for " + ", ".join(names[s] for s in waiting)
    draw.text((16, 10), "Tortuga 1667", fill=PALETTE["ink"], font=font(24, bold=True))
    draw.text((200, 14), title[:80], fill=PALETTE["ink"], font=font(17, bold=True))
    line = "  ·  ".join(f"{s['name']} {s['value']}" for s in view["scores"])
    if view["sudden_death"]:
        line += "   SUDDEN DEATH: first team to lead wins"
    draw.text(
        (200, 38),
        line,
        fill=PALETTE["danger"] if view["sudden_death"] else PALETTE["ink"],
        font=font(16),
    )


def _ship(
    draw: ImageDraw.ImageDraw, view: dict[str, Any], index: int, names: list[str], top: int
) -> None:
    ship = view["ships"][index]
    draw.polygon(
        [(14, top), (610, top), (580, top + 126), (44, top + 126)],
        fill=HULL,
        outline=PALETTE["ink"],
    )
    draw.rectangle([24, top + 8, 600, top + 30], fill=DECK)
    draw.text((32, top + 10), ship["name"], fill=PALETTE["ink"], font=font(16, bold=True))
    acting = set(view["to_act"])
    for rank in range(5):
        x, y = 60 + rank * PLACE, top + 74
        draw.ellipse([x - RADIUS, y - RADIUS, x + RADIUS, y + RADIUS], outline=DECK, width=2)
        draw.text(
            (x, y + RADIUS + 12), SHIP_RANKS[rank], fill=DECK, font=font(13, bold=True), anchor="mm"
        )
        if rank < len(ship["crew"]):
            seat = ship["crew"][rank]
            _pawn(draw, (x, y), seat, names, seat in acting)
    for i, team in enumerate(("british", "french")):
        _area(draw, (374 + i * 112, top + 38, 478 + i * 112, top + 116), team, ship["holds"][team])


def _rowboat(
    draw: ImageDraw.ImageDraw, view: dict[str, Any], index: int, names: list[str], top: int
) -> None:
    ship = view["ships"][index]
    x, y = 470, top + 30
    draw.polygon(
        [(x - 60, y - 14), (x + 60, y - 14), (x + 42, y + 18), (x - 42, y + 18)],
        fill=HULL,
        outline=PALETTE["ink"],
    )
    draw.text(
        (x - 80, y),
        f"{ship['key'].upper()} rowboat",
        fill=PALETTE["ink"],
        font=font(14, bold=True),
        anchor="rm",
    )
    if ship["rowboat"] is not None:
        _pawn(draw, (x, y - 4), ship["rowboat"], names, ship["rowboat"] in view["to_act"])
    if ship["exploded"]:
        for dx, dy in ((-1, -1), (-1, 1)):
            draw.line(
                [(x - 50, y + 26 * dy * dx), (x + 50, y - 26 * dy * dx)],
                fill=PALETTE["danger"],
                width=7,
            )
        draw.text(
            (x - 80, y + 18),
            "blown up",
            fill=PALETTE["danger"],
            font=font(14, bold=True),
            anchor="rm",
        )


def _tortuga(draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str], top: int) -> None:
    draw.rounded_rectangle(
        [14, top, 606, top + 170], radius=40, fill=SAND, outline=PALETTE["grid"], width=3
    )
    draw.text((34, top + 10), "Tortuga", fill=PALETTE["ink"], font=font(18, bold=True))
    line = view["tortuga"]["line"]
    acting = set(view["to_act"])
    for rank in range(9):
        x, y = 50 + rank * 58, top + 66
        draw.ellipse(
            [x - RADIUS, y - RADIUS, x + RADIUS, y + RADIUS], outline=PALETTE["grid"], width=2
        )
        draw.text(
            (x, y + RADIUS + 10),
            "G" if rank == 0 else str(rank + 1),
            fill=PALETTE["grid"],
            font=font(13, bold=True),
            anchor="mm",
        )
        if rank < len(line):
            _pawn(draw, (x, y), line[rank], names, line[rank] in acting)
    chests = view["tortuga"]["chests"]
    for i, team in enumerate(("british", "french")):
        _area(draw, (150 + i * 160, top + 112, 290 + i * 160, top + 162), team, chests[team])


def _galleon(draw: ImageDraw.ImageDraw, view: dict[str, Any], left: int, top: int) -> None:
    draw.rounded_rectangle(
        [left, top, left + 304, top + 150], radius=12, fill=SEA, outline=PALETTE["deep"], width=3
    )
    draw_boat(draw, (left + 64, top + 84), 100, (120, 60, 30))
    draw.text(
        (left + 130, top + 14), "Spanish galleon", fill=PALETTE["ink"], font=font(16, bold=True)
    )
    draw.text(
        (left + 130, top + 40), f"{view['galleon']} chest(s)", fill=PALETTE["ink"], font=font(15)
    )
    for i in range(view["galleon"]):
        _chests(draw, left + 130 + (i % 6) * 26, top + 68 + (i // 6) * 22, 1, size=20)
    last = view.get("last_vote")
    if last:
        text = f"Last {last['vote']}: {', '.join(last['symbols'])}"
        draw.text((left + 10, top + 118), text[:44], fill=PALETTE["ink"], font=font(13))


def _event_row(
    draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str], left: int, top: int
) -> None:
    draw.text(
        (left, top),
        f"Event row (deck {view['event_deck']}, discard {len(view['discard'])})",
        fill=PALETTE["ink"],
        font=font(16, bold=True),
    )
    for slot in view["row"]:
        x = left + (slot["slot"] - 1) * 61
        box = (x, top + 30, x + 54, top + 112)
        if slot["card"]:
            draw.rounded_rectangle(box, radius=6, fill=CARD_BACK, outline=PALETTE["gold"], width=3)
        else:
            draw.rounded_rectangle(box, radius=6, outline=PALETTE["grid"], width=2)
        draw.text(
            (x + 27, top + 71),
            str(slot["slot"]),
            fill=PALETTE["gold"] if slot["card"] else PALETTE["grid"],
            font=font(22, bold=True),
            anchor="mm",
        )
        for i, seat in enumerate(slot["viewed_by"][:6]):
            draw.text(
                (x + 2 + (i % 2) * 27, top + 118 + (i // 2) * 16),
                names[seat],
                fill=PAWNS[seat] if seat not in LIGHT_PAWNS else PALETTE["ink"],
                font=font(13, bold=True),
            )
    draw.text(
        (left, top + 170),
        "names under a card: who has viewed it",
        fill=PALETTE["grid"],
        font=font(12),
    )
    pending = view.get("pending") or {}
    if pending.get("kind") in ("forced", "vote"):
        if pending["kind"] == "forced":
            slots = " or ".join(map(str, pending["slots"]))
            text = f"{names[pending['seat']]} must reveal slot {slots}"
        else:
            voted = ", ".join(names[s] for s in pending["voted"]) or "nobody yet"
            text = f"{pending['vote'].title()} vote - voted: {voted}"
        draw.text((left, top + 196), text[:40], fill=PALETTE["danger"], font=font(14, bold=True))
    for i, line in enumerate(_wrap(" ".join(view["last"]), 38)[:10]):
        draw.text((left, top + 222 + i * 18), line, fill=PALETTE["ink"], font=font(13))


def _wrap(text: str, width: int) -> list[str]:
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + len(word) < width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def _players(draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str], top: int) -> None:
    """Two columns of players: vote cards held, cards in front, effects (loyalty at the end)."""
    draw.text(
        (16, top - 8),
        "Players: vote cards · cards in front · effects",
        fill=PALETTE["ink"],
        font=font(15, bold=True),
    )
    loyalty = view.get("loyalty")
    for seat in range(len(names)):
        x, y = 8 + (seat % 2) * 476, top + 24 + (seat // 2) * 30
        if seat == view["current"] and not view["outcome"]:
            draw.rectangle([x, y - 13, x + 468, y + 13], fill=HIGHLIGHT_ROW)
        draw_disc(draw, (x + 20, y), 12, PAWNS[seat])
        parts = [f"{view['hand_sizes'][seat]} votes"]
        parts += [_card_title(card) for card in view["kept"][seat]]
        if view["pirate_code"][seat]:
            parts.append(f"sits out {view['pirate_code'][seat]}")
        if view["scurvy"][seat]:
            parts.append("Scurvy: skips")
        if loyalty:
            parts.append(loyalty[seat].upper())
        draw.text(
            (x + 38, y), names[seat], fill=PALETTE["ink"], font=font(15, bold=True), anchor="lm"
        )
        draw.text(
            (x + 74, y), " · ".join(parts)[:56], fill=PALETTE["ink"], font=font(14), anchor="lm"
        )


def _card_title(card: str) -> str:
    return " ".join(w if w == "of" else w.capitalize() for w in card.split())
