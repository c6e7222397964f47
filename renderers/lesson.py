"""The picture of ``/parley rules``: a game's board after a sample move, its change marks drawn
by the game's own renderer, with a heading above and, below, the presses that made the move
(drawn as Discord shows them: a button, or an entry of a menu) and what the marks mean.

Sizes follow the board's width, so the words read as well as the board does when Discord
shrinks the picture to a phone's width.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from PIL import Image, ImageDraw

from games.core import Change, View
from games.core.words import N_, t
from renderers import render
from renderers.base import MARK, PALETTE, font, new_canvas, png_bytes, wrap_to_width

BLURPLE = (88, 101, 242)  # Discord's primary button
MENU = (43, 45, 49)  # Discord's dark select menu
BAND = (232, 218, 186)  # a shade darker than the parchment
LESSON_KEY = N_("The marks:")  # not the ping board's "since your last move"


@dataclass(frozen=True)
class Press:
    """One thing the player clicks: ``words`` as Discord shows them; ``in_menu`` when it is an
    entry of a select menu rather than a button."""

    words: str
    in_menu: bool


def picture(
    key: str,
    view: View,
    marks: list[Change],
    heading: str,
    clicked: str,
    presses: list[Press],
    notes: list[str],
) -> bytes:
    """The board of ``view`` with ``marks`` drawn, ``heading`` above it, then ``clicked`` (who
    clicked) over ``presses`` numbered in order, and ``notes`` (what the marks show) beside a
    swatch of the mark colour."""
    board = Image.open(io.BytesIO(render(key, view, marks, LESSON_KEY))).convert("RGB")
    width = max(board.width, 640)
    pad = width // 30
    big, body = font(width // 22, bold=True), font(width // 28, bold=True)
    small = font(width // 30)
    line = int(body.size * 1.3)

    head_lines = wrap_to_width(heading, big, width - 2 * pad)
    head_height = pad + len(head_lines) * int(big.size * 1.25) + pad // 2
    blocks = [wrap_to_width(p.words, body, width - 4 * pad - line) for p in presses]
    press_height = sum(len(b) * line + pad for b in blocks)
    note_lines = [wrap_to_width(n, small, width - 3 * pad - line) for n in notes]
    note_height = line + sum(len(n) * int(small.size * 1.3) for n in note_lines)
    height = head_height + board.height + pad + line + press_height + note_height + 2 * pad

    image = new_canvas(width, height)
    draw = ImageDraw.Draw(image)
    draw.rectangle([0, 0, width, head_height], fill=BAND)
    y = pad
    for text in head_lines:
        draw.text((pad, y), text, fill=PALETTE["ink"], font=big)
        y += int(big.size * 1.25)
    image.paste(board, ((width - board.width) // 2, head_height))

    y = head_height + board.height + pad
    draw.text((pad // 2, y), clicked, fill=PALETTE["ink"], font=body)
    y += line + pad // 3
    for number, (press, block) in enumerate(zip(presses, blocks, strict=True), start=1):
        x = pad + line
        draw.ellipse([pad // 2, y, pad // 2 + line - 4, y + line - 4], fill=PALETTE["ink"])
        draw.text(
            (pad // 2 + (line - 4) // 2, y + (line - 4) // 2),
            str(number),
            fill=PALETTE["white"],
            font=body,
            anchor="mm",
        )
        box = [x, y - 4, width - pad, y + len(block) * line + 4]
        draw.rounded_rectangle(box, radius=pad // 3, fill=MENU if press.in_menu else BLURPLE)
        for row, text in enumerate(block):
            draw.text((x + pad // 2, y + row * line), text, fill=PALETTE["white"], font=body)
        if press.in_menu:
            draw.text(
                (width - pad - pad // 2, y + line // 2 - 2), "▾", fill=PALETTE["white"], font=body
            )
        y += len(block) * line + pad

    draw.rectangle([pad // 2, y + 4, pad // 2 + line - 8, y + line - 8], outline=MARK, width=5)
    marked = t("Marked on the board: what it changed")
    draw.text((pad + line, y), marked, fill=MARK, font=body)
    y += line
    for lines in note_lines:
        for text in lines:
            draw.text((pad + line, y), text, fill=PALETTE["ink"], font=small)
            y += int(small.size * 1.3)
    return png_bytes(image)
