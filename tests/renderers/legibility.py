"""How a board reads on a phone and for colour-blind players: the one set of measures every
renderer test uses. Text height is the font's size once the picture is scaled to a 360 px wide
phone; WCAG 2 contrast; colour-vision deficiencies simulated with Machado, Oliveira &
Fernandes (2009) at severity 1.0 on linear RGB, compared in CIELAB; a text is clipped when its
box leaves the picture or the box it was fitted into, and two texts overlap when their boxes
meet. A board drawn with change marks is checked whole: its own canvas and the key below."""

from __future__ import annotations

import io
import itertools
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

PHONE_WIDTH = 360  # a common phone, which shows a board this wide
MIN_TEXT_PX = 8  # a text a player needs to choose a move: a coordinate, an id, a count
MIN_PROSE_PX = 6  # any other text
MIN_CONTRAST = 4.5
Rgb = tuple[int, int, int]
Lab = tuple[float, float, float]
Matrix = tuple[tuple[float, float, float], ...]
Box = tuple[int, int, int, int]

SIMULATIONS: dict[str, Matrix] = {
    "normal vision": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}  # fmt: skip


def linear(channel: float) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def luminance(color: tuple[int, ...]) -> float:
    """WCAG 2 relative luminance."""
    r, g, b = (linear(c) for c in color[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    """WCAG 2 contrast ratio, 1 to 21."""
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def seen(color: tuple[int, ...], vision: str) -> Lab:
    """``color`` as a person with ``vision`` sees it, in CIELAB."""
    rgb = [linear(c) for c in color[:3]]
    r, g, b = (
        min(1.0, max(0.0, sum(m * c for m, c in zip(row, rgb, strict=True))))
        for row in SIMULATIONS[vision]
    )
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def apart(a: tuple[int, ...], b: tuple[int, ...], vision: str) -> float:
    """CIE76 colour difference between two colours as seen with ``vision``."""
    return (
        float(sum((p - q) ** 2 for p, q in zip(seen(a, vision), seen(b, vision), strict=True)))
        ** 0.5
    )


@dataclass
class Text:
    text: str
    size: int
    color: Rgb
    background: Rgb
    box: Box
    canvas: tuple[int, int]  # size of the image drawn on (a palette swatch is not the board)
    given: Box | None = None  # the box ``renderers.base.fit_text`` was asked to fit it into

    @property
    def phone_px(self) -> float:
        """The text's height in pixels once the picture is shown ``PHONE_WIDTH`` wide."""
        return self.size * PHONE_WIDTH / self.canvas[0]

    @property
    def contrast(self) -> float:
        return contrast(self.color, self.background)


@contextmanager
def texts_drawn() -> Iterator[list[Text]]:
    """Every text any renderer draws meanwhile, with its font size, colour and the colour most
    of the box behind it had just before (what the text must stand out from)."""
    drawn: list[Text] = []
    original: Callable[..., Any] = ImageDraw.ImageDraw.text

    def spy(self: ImageDraw.ImageDraw, xy: Any, text: Any, fill: Any = None, font: Any = None,
            anchor: Any = None, *args: Any, **kwargs: Any) -> None:  # fmt: skip
        if str(text).strip() and not swatch(sys._getframe(1)):
            box = self.textbbox(xy, text, font=font, anchor=anchor)
            region = self._image.crop(box).convert("RGB")  # type: ignore[attr-defined]
            background = max(region.getcolors(region.width * region.height) or [(0, fill)])[1]
            canvas = self._image.size  # type: ignore[attr-defined]
            caller = sys._getframe(1)
            given = caller.f_locals.get("box") if caller.f_code.co_name == "fit_text" else None
            drawn.append(
                Text(str(text), font.size, tuple(fill[:3]), background, box, canvas, given)
            )
        original(self, xy, text, fill, font, anchor, *args, **kwargs)

    ImageDraw.ImageDraw.text = spy  # type: ignore[method-assign]
    try:
        yield drawn
    finally:
        ImageDraw.ImageDraw.text = original  # type: ignore[method-assign]


def swatch(frame: Any) -> bool:
    """Whether a text is drawn while a renderer fits its colour palette (on a swatch, never on
    the board)."""
    while frame is not None:
        if "palette" in frame.f_code.co_name:
            return True
        frame = frame.f_back
    return False


def needed_to_move(text: str) -> bool:
    """A coordinate, an id, a letter, a name or a count: one word of at most four characters
    with a letter or a figure in it (A10, c7, E, P3, FM, 7k, 12), the words a move's button
    names ("Sail Evita to A3"); longer texts are prose, and symbols alone are neither."""
    return len(text) <= 4 and " " not in text and any(c.isalnum() for c in text)


def on_board(png: bytes, drawn: list[Text]) -> list[Text]:
    """The texts drawn on this board: on its own canvas, and on the board's canvas when a key
    to the change marks was added below it (the same width, shorter; pasted at the top)."""
    width, height = Image.open(io.BytesIO(png)).size
    return [text for text in drawn if text.canvas[0] == width and text.canvas[1] <= height]


def illegible(png: bytes, drawn: list[Text]) -> list[Text]:
    """The texts drawn on this board that are too small once the picture is scaled to a 360 px
    wide phone (under 8 px for a text needed to choose a move, under 6 px for any other), or
    under 4.5:1 against what is behind them."""
    return [
        text
        for text in on_board(png, drawn)
        if text.phone_px < (MIN_TEXT_PX if needed_to_move(text.text) else MIN_PROSE_PX)
        or text.contrast < MIN_CONTRAST
    ]


def inside(box: Box, frame: Box, slack: int = 1) -> bool:
    return (
        box[0] >= frame[0] - slack
        and box[1] >= frame[1] - slack
        and box[2] <= frame[2] + slack
        and box[3] <= frame[3] + slack
    )


def clipped(png: bytes, drawn: list[Text]) -> list[Text]:
    """The texts that run off the picture or out of the box they were fitted into."""
    return [
        text
        for text in on_board(png, drawn)
        if not inside(text.box, (0, 0, *text.canvas))
        or (text.given is not None and not inside(text.box, text.given))
    ]


def overlapping(png: bytes, drawn: list[Text], slack: int = 1) -> list[tuple[Text, Text]]:
    """The pairs of texts whose boxes meet (by more than ``slack`` pixels each way: the
    anti-aliased edge of a glyph may touch its neighbour's)."""
    return [
        (a, b)
        for a, b in itertools.combinations(on_board(png, drawn), 2)
        if a.canvas == b.canvas
        and min(a.box[2], b.box[2]) - max(a.box[0], b.box[0]) > slack
        and min(a.box[3], b.box[3]) - max(a.box[1], b.box[1]) > slack
    ]
