"""How a board reads on a phone and for colour-blind players (issue 14): the one set of
measures every renderer test uses. WCAG 2 contrast; colour-vision deficiencies simulated with
Machado, Oliveira & Fernandes (2009) at severity 1.0 on linear RGB, compared in CIELAB."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

PHONE_WIDTH = 550
MIN_TEXT_PX = 9
MIN_CONTRAST = 4.5
Rgb = tuple[int, int, int]
Lab = tuple[float, float, float]
Matrix = tuple[tuple[float, float, float], ...]

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
    box: tuple[int, int, int, int]
    canvas: tuple[int, int]  # size of the image drawn on (a palette swatch is not the board)


@contextmanager
def texts_drawn() -> Iterator[list[Text]]:
    """Every text any renderer draws meanwhile, with its font size, colour and the colour most
    of the box behind it had just before (what the text must stand out from)."""
    drawn: list[Text] = []
    original: Callable[..., Any] = ImageDraw.ImageDraw.text

    def spy(self: ImageDraw.ImageDraw, xy: Any, text: Any, fill: Any = None, font: Any = None,
            anchor: Any = None, *args: Any, **kwargs: Any) -> None:  # fmt: skip
        if str(text).strip():
            box = self.textbbox(xy, text, font=font, anchor=anchor)
            region = self._image.crop(box).convert("RGB")  # type: ignore[attr-defined]
            background = max(region.getcolors(region.width * region.height) or [(0, fill)])[1]
            canvas = self._image.size  # type: ignore[attr-defined]
            drawn.append(Text(str(text), font.size, tuple(fill[:3]), background, box, canvas))
        original(self, xy, text, fill, font, anchor, *args, **kwargs)

    ImageDraw.ImageDraw.text = spy  # type: ignore[method-assign]
    try:
        yield drawn
    finally:
        ImageDraw.ImageDraw.text = original  # type: ignore[method-assign]


def illegible(png: bytes, drawn: list[Text]) -> list[Text]:
    """The texts drawn on this board that are under 9 px tall once the picture is scaled to a
    550 px wide phone, or under 4.5:1 against what is behind them."""
    size = Image.open(io.BytesIO(png)).size
    return [
        text
        for text in drawn
        if text.canvas == size
        and (
            text.size * PHONE_WIDTH / size[0] < MIN_TEXT_PX
            or contrast(text.color, text.background) < MIN_CONTRAST
        )
    ]
