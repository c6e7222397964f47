"""Drawing helpers every board shares: the bundled font, the palette, square grids, arrows,
text fitted to a box, the key to the change marks and PNG encoding. Renderers are pure
functions of an engine view; nothing here knows a game."""

from __future__ import annotations

import io
import math
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from games.core.words import N_, t

FONT_DIR = Path(__file__).parent / "fonts"

Color = tuple[int, int, int]

PALETTE: dict[str, Color] = {
    "background": (245, 236, 215),  # parchment
    "ink": (40, 32, 24),
    "grid": (120, 96, 64),
    "sea": (70, 130, 180),
    "deep": (36, 82, 130),
    "shallows": (140, 196, 214),
    "land": (196, 170, 110),
    "highlight": (255, 204, 0),
    "danger": (200, 40, 40),
    "orange": (232, 122, 28),
    "green": (46, 150, 72),
    "blue": (40, 90, 200),
    "red": (196, 40, 48),
    "purple": (128, 64, 160),
    "yellow": (240, 200, 40),
    "black": (24, 24, 24),
    "white": (250, 250, 250),
    "gold": (212, 168, 40),
}


PHONE_WIDTH = 360  # a common phone shows a board this many pixels wide
LABEL_PX = 8  # the least height, on that phone, of a text a player needs to choose a move
PROSE_PX = 6  # the least height there of any other text


def label_size(width: int) -> int:
    """The smallest font size for a coordinate, id or count on a board ``width`` pixels wide:
    the picture is shrunk to ``PHONE_WIDTH`` on a phone, and must still show ``LABEL_PX``."""
    return math.ceil(LABEL_PX * width / PHONE_WIDTH)


def prose_size(width: int) -> int:
    """The smallest font size for any other text on a board ``width`` pixels wide."""
    return math.ceil(PROSE_PX * width / PHONE_WIDTH)


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(FONT_DIR / name), size)


def png_bytes(image: Image.Image) -> bytes:
    """Encode as PNG. compress_level 6 is ~4x faster than optimize=True for a few % of size."""
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", compress_level=6)
    return buffer.getvalue()


def palette_png(image: Image.Image, palette: Image.Image) -> bytes:
    """Encode ``image`` mapped onto a fixed palette: one byte per pixel encodes ~3x faster than
    RGB and a third the size, with no visible change on flat-coloured boards."""
    return png_bytes(image.quantize(palette=palette, dither=Image.Dither.NONE))


def fitted_palette(
    surfaces: tuple[Color, ...], inks: tuple[Color, ...], colors: int = 64
) -> Image.Image:
    """A palette fitted once to every ink drawn (text and anti-aliased lines) on every surface
    of a board; cache it per renderer."""
    swatch = new_canvas(40 * len(inks), 30 * len(surfaces))
    draw = ImageDraw.Draw(swatch)
    for row, surface in enumerate(surfaces):
        draw.rectangle([0, row * 30, swatch.width, row * 30 + 29], fill=surface)
        for col, ink in enumerate(inks):
            draw.text((col * 40 + 2, row * 30 + 4), "P8", fill=ink, font=font(15, bold=True))
            draw.line(
                [(col * 40 + 28, row * 30 + 4), (col * 40 + 38, row * 30 + 24)], fill=ink, width=2
            )
    return swatch.quantize(colors, method=Image.Quantize.FASTOCTREE)


def new_canvas(width: int, height: int, color: Color = PALETTE["background"]) -> Image.Image:
    return Image.new("RGB", (width, height), color)


@dataclass(frozen=True)
class Grid:
    """A board of ``cols`` x ``rows`` squares drawn at ``(left, top)`` with ``cell`` pixels each.

    Row 0 is drawn at the bottom (chess style) unless ``flipped``, which turns the board 180°
    so a player can see it from their own side.
    """

    cols: int
    rows: int
    cell: int
    left: int
    top: int
    flipped: bool = False

    @property
    def width(self) -> int:
        return self.cols * self.cell

    @property
    def height(self) -> int:
        return self.rows * self.cell

    def box(self, col: int, row: int) -> tuple[int, int, int, int]:
        """Pixel box (x0, y0, x1, y1) of a square."""
        if self.flipped:
            x = self.left + (self.cols - 1 - col) * self.cell
            y = self.top + row * self.cell
        else:
            x = self.left + col * self.cell
            y = self.top + (self.rows - 1 - row) * self.cell
        return x, y, x + self.cell, y + self.cell

    def center(self, col: int, row: int) -> tuple[int, int]:
        x0, y0, x1, y1 = self.box(col, row)
        return (x0 + x1) // 2, (y0 + y1) // 2

    def draw_lines(self, draw: ImageDraw.ImageDraw, color: Color = PALETTE["grid"]) -> None:
        for i in range(self.cols + 1):
            x = self.left + i * self.cell
            draw.line([(x, self.top), (x, self.top + self.height)], fill=color, width=2)
        for j in range(self.rows + 1):
            y = self.top + j * self.cell
            draw.line([(self.left, y), (self.left + self.width, y)], fill=color, width=2)

    def draw_coordinates(self, draw: ImageDraw.ImageDraw, size: int = 18) -> None:
        """Column letters above and below, row numbers left and right."""
        face = font(size, bold=True)
        ink = PALETTE["ink"]
        gap = size // 2 + 4
        for col in range(self.cols):
            x, _ = self.center(col, 0)
            letter = chr(ord("a") + col)
            draw.text((x, self.top - gap), letter, fill=ink, font=face, anchor="mm")
            draw.text((x, self.top + self.height + gap), letter, fill=ink, font=face, anchor="mm")
        for row in range(self.rows):
            _, y = self.center(0, row)
            number = str(row + 1)
            draw.text((self.left - gap, y), number, fill=ink, font=face, anchor="mm")
            draw.text((self.left + self.width + gap, y), number, fill=ink, font=face, anchor="mm")


def draw_arrow(
    draw: ImageDraw.ImageDraw,
    start: tuple[int, int],
    end: tuple[int, int],
    color: Color,
    width: int = 5,
    head: int = 14,
) -> None:
    """A straight arrow from ``start`` to ``end`` with a filled head."""
    draw.line([start, end], fill=color, width=width)
    angle = math.atan2(end[1] - start[1], end[0] - start[0])
    left = (end[0] - head * math.cos(angle - 0.45), end[1] - head * math.sin(angle - 0.45))
    right = (end[0] - head * math.cos(angle + 0.45), end[1] - head * math.sin(angle + 0.45))
    draw.polygon([end, left, right], fill=color)


def draw_disc(
    draw: ImageDraw.ImageDraw,
    center: tuple[int, int],
    radius: int,
    fill: Color,
    outline: Color = PALETTE["ink"],
    label: str = "",
    label_color: Color = PALETTE["white"],
) -> None:
    """A round piece, optionally with a short centred label."""
    x, y = center
    draw.ellipse(
        [x - radius, y - radius, x + radius, y + radius], fill=fill, outline=outline, width=3
    )
    if label:
        draw.text(
            (x, y), label, fill=label_color, font=font(max(10, radius), bold=True), anchor="mm"
        )


def draw_caption(
    draw: ImageDraw.ImageDraw,
    xy: tuple[int, int],
    text: str,
    size: int = 20,
    color: Color = PALETTE["ink"],
    bold: bool = True,
) -> None:
    draw.text(xy, text, fill=color, font=font(size, bold=bold))


def draw_boat(
    draw: ImageDraw.ImageDraw,
    center: tuple[int, int],
    size: int,
    hull: Color,
    sail: Color = PALETTE["white"],
    outline: Color = PALETTE["ink"],
) -> None:
    """A small sailing ship seen from the side: hull, mast and one triangular sail."""
    x, y = center
    half = size / 2
    hull_points = [
        (x - half, y + half * 0.15),
        (x + half, y + half * 0.15),
        (x + half * 0.65, y + half * 0.7),
        (x - half * 0.65, y + half * 0.7),
    ]
    draw.polygon(hull_points, fill=hull, outline=outline, width=2)
    draw.line([(x, y + half * 0.15), (x, y - half * 0.85)], fill=outline, width=3)
    draw.polygon(
        [(x + 2, y - half * 0.8), (x + 2, y + half * 0.02), (x + half * 0.7, y + half * 0.02)],
        fill=sail,
        outline=outline,
        width=2,
    )
    draw.polygon(
        [(x - 2, y - half * 0.6), (x - 2, y + half * 0.02), (x - half * 0.55, y + half * 0.02)],
        fill=sail,
        outline=outline,
        width=2,
    )


ASCII_SPACE = re.compile(r"[ \t\n]+")
"""Where a text may be wrapped: ``str.split()`` would break at a no-break space too."""


def wrap_to_width(words: str, face: ImageFont.FreeTypeFont, width: int) -> list[str]:
    """``words`` in lines no wider than ``width`` pixels in ``face`` (a long word keeps its
    own line). Never broken at a no-break space (French puts one before ":")."""
    lines: list[str] = []
    for word in ASCII_SPACE.split(words.strip()):
        if lines and face.getlength(f"{lines[-1]} {word}") <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines


Box = tuple[int, int, int, int]


def fit_text(
    draw: ImageDraw.ImageDraw,
    box: Box,
    text: str,
    size: int,
    floor: int,
    fill: Color = PALETTE["ink"],
    bold: bool = False,
    align: str = "left",
) -> int:
    """Draw ``text`` inside ``box`` (x0, y0, x1, y1), never past it: wrapped at spaces to the
    box's width, then a step smaller (down to ``floor``) while the lines are too tall, and
    only then ended with "…" so a cut is seen, not silent. ``align`` is "left", "center" or
    "right". Returns the y just below the last line drawn."""
    x0, y0, x1, y1 = box
    width, height = x1 - x0, y1 - y0
    for step in range(size, min(floor, size) - 1, -1):
        face = font(step, bold=bold)
        lines = wrap_to_width(text, face, width)
        pitch = round(step * 1.25)
        if len(lines) * pitch - (pitch - step) <= height and all(
            face.getlength(line) <= width for line in lines
        ):
            break
    keep = max(1, (height + pitch - step) // pitch)
    if len(lines) > keep or any(face.getlength(line) > width for line in lines):
        lines = lines[:keep]
        lines[-1] = shorten(lines[-1] + ("…" if len(lines) == keep else ""), face, width)
    anchor = {"left": "la", "center": "ma", "right": "ra"}[align]
    x = {"left": x0, "center": (x0 + x1) // 2, "right": x1}[align]
    y = y0
    for line in lines:
        draw.text((x, y), line, fill=fill, font=face, anchor=anchor)
        y += pitch
    return y - (pitch - step)


def shorten(line: str, face: ImageFont.FreeTypeFont, width: int) -> str:
    """``line`` cut at its end, with "…", until it is no wider than ``width``."""
    while face.getlength(line) > width and len(line) > 1:
        line = line[:-2].rstrip() + "…"
    return line


# -- change marks: what changed since a player's last look, drawn in the game's own terms -----
MARK: Color = (214, 40, 140)  # magenta: apart from every seat colour and from the sea and land


def draw_ghost(draw: ImageDraw.ImageDraw, center: tuple[int, int], radius: int) -> None:
    """Where a piece was: a hollow dashed ring, so the piece's own colours stay untouched."""
    x, y = center
    for start in range(0, 360, 30):
        draw.arc(
            [x - radius, y - radius, x + radius, y + radius], start, start + 18, fill=MARK, width=3
        )


def draw_ring(draw: ImageDraw.ImageDraw, center: tuple[int, int], radius: int) -> None:
    """A counter or piece that changed in place: a ring around it, never a fill over it."""
    x, y = center
    draw.ellipse([x - radius, y - radius, x + radius, y + radius], outline=MARK, width=4)


def draw_change_arrow(
    draw: ImageDraw.ImageDraw,
    start: tuple[int, int],
    end: tuple[int, int],
    number: int | None = None,
) -> None:
    """A move from ``start`` to ``end``; ``number`` orders the steps of a chain (1, 2, ...)."""
    draw_arrow(draw, start, end, MARK, width=4, head=12)
    if number is not None:
        mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
        draw_disc(draw, mid, 10, MARK, outline=PALETTE["white"], label=str(number))


def draw_mark_box(draw: ImageDraw.ImageDraw, box: Box) -> None:
    """A card, slot or panel that changed: a frame round it."""
    x0, y0, x1, y1 = box
    draw.rounded_rectangle([x0, y0, x1, y1], radius=6, outline=MARK, width=4)


KEY_TITLE = N_("Since your last move:")
KEY_GHOST = ("ghost", N_("was here"))
KEY_ARROW = ("arrow", N_("moved to"))
KEY_RING = ("ring", N_("changed"))
MarkKey = tuple[tuple[str, str], ...]
"""Each mark's shape and its words, in English (``N_``): the key says them in the language
spoken when it is drawn."""


def with_mark_key(image: Image.Image, key: MarkKey, title: str = KEY_TITLE) -> Image.Image:
    """``image`` with a strip below it that says what the change marks mean (``key``: each
    mark's shape, "ghost", "arrow", "ring" or "box", and its words) under ``title``, for a
    player who was away and has never seen them. Drawn as large as the coordinates, so it
    reads on a phone, in the language spoken now."""
    title = t(title)
    key = tuple((shape, t(words)) for shape, words in key)
    size = label_size(image.width)
    face = font(size)
    title_face = font(size, bold=True)
    pad, symbol, gap = size, size * 2, size
    pitch = round(size * 2.0)
    entries = [
        (shape, words, symbol + size // 2 + round(face.getlength(words))) for shape, words in key
    ]
    rows: list[list[tuple[str, str, int]]] = [[]]
    x = pad + round(title_face.getlength(title)) + gap
    for entry in entries:
        if rows[-1] and x + entry[2] > image.width - pad:
            rows.append([])
            x = pad
        rows[-1].append(entry)
        x += entry[2] + gap
    strip = len(rows) * pitch + pad
    keyed = new_canvas(image.width, image.height + strip)
    keyed.paste(image)
    draw = ImageDraw.Draw(keyed)
    top = image.height + pad // 2
    draw.line([(0, image.height), (image.width, image.height)], fill=PALETTE["grid"], width=2)
    draw.text((pad, top + pitch // 2), title, fill=PALETTE["ink"], font=title_face, anchor="lm")
    x = pad + round(title_face.getlength(title)) + gap
    for row, entries_in_row in enumerate(rows):
        y = top + row * pitch + pitch // 2
        if row:
            x = pad
        for shape, words, length in entries_in_row:
            _key_symbol(draw, shape, (x + symbol // 2, y), symbol)
            draw.text(
                (x + symbol + size // 2, y), words, fill=PALETTE["ink"], font=face, anchor="lm"
            )
            x += length + gap
    return keyed


def _key_symbol(draw: ImageDraw.ImageDraw, shape: str, center: tuple[int, int], size: int) -> None:
    x, y = center
    half = size // 2
    if shape == "ghost":
        draw_ghost(draw, center, half - 2)
    elif shape == "arrow":
        draw_change_arrow(draw, (x - half, y), (x + half, y))
    elif shape == "ring":
        draw_ring(draw, center, half - 2)
    else:
        draw_mark_box(draw, (x - half, y - half * 3 // 4, x + half, y + half * 3 // 4))
