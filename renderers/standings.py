"""A league's table as a picture for ``/parley league standings``: rank, player, points, the
format's two tie-breaks and the games left, one row each, the leaders' rows tinted gold,
silver and bronze. A pure function of the rows shown, drawn with the boards' font and palette;
every text is at least ``label_size`` high, so the table stays legible on a phone."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import ImageDraw

from games.core.words import t, tn
from renderers.base import PALETTE, font, label_size, new_canvas, png_bytes, shorten

WIDTH = 600
#: Shown at most; a longer table says how many more there are (the text lists them all).
MOST_ROWS = 40
PODIUM = ((240, 212, 120), (216, 216, 216), (226, 180, 140))


@dataclass(frozen=True)
class Row:
    rank: int
    name: str
    points: str
    breaks: tuple[str, str]
    left: int
    gone: bool = False


def render(title: str, headings: tuple[str, str], rows: Sequence[Row]) -> bytes:
    """The table of ``rows`` (best first) under ``title``; ``headings`` name the tie-breaks
    in a few letters (the text under the picture spells them out)."""
    size = label_size(WIDTH)
    text_font, bold = font(size), font(size, bold=True)
    line = size + 12
    shown = list(rows[:MOST_ROWS])
    more = len(rows) - len(shown)
    height = 16 + (size + 8) + 8 + line * (len(shown) + 1 + bool(more)) + 10
    image = new_canvas(WIDTH, height)
    draw = ImageDraw.Draw(image)
    ink = PALETTE["ink"]
    draw.text(
        (12, 12),
        shorten(title, font(size + 2, bold=True), WIDTH - 24),
        fill=ink,
        font=font(size + 2, bold=True),
    )
    top = 16 + size + 16
    # columns: rank, player, points, two tie-breaks, games left (right edges of numbers)
    first, second = (shorten(h, bold, 70) for h in headings)
    columns = [
        (12, "#", "la"),
        (56, t("Player"), "la"),
        (400, t("Pts"), "ra"),
        (470, first, "ra"),
        (530, second, "ra"),
        (588, t("Left"), "ra"),
    ]
    for x, heading, anchor in columns:
        draw.text((x, top), heading, fill=ink, font=bold, anchor=anchor)
    draw.line([(8, top + line - 4), (WIDTH - 8, top + line - 4)], fill=PALETTE["grid"], width=2)
    for i, row in enumerate(shown):
        y = top + line * (i + 1)
        if row.rank <= 3:
            draw.rectangle((8, y - 3, WIDTH - 8, y + line - 5), fill=PODIUM[row.rank - 1])
        gone = " " + t("(left)") if row.gone else ""
        room = 400 - 56 - 60 - int(draw.textlength(gone, font=text_font))
        cells = [
            str(row.rank),
            shorten(row.name, text_font, room) + gone,
            row.points,
            *row.breaks,
            str(row.left),
        ]
        for (x, _, anchor), cell in zip(columns, cells, strict=True):
            draw.text((x, y), cell, fill=ink, font=text_font, anchor=anchor)
    if more:
        y = top + line * (len(shown) + 1)
        rest = tn(
            "… and {n} more (the text lists them all)",
            "… and {n} more (the text lists them all)",
            more,
        )
        draw.text((56, y), rest, fill=ink, font=text_font)
    return png_bytes(image)
