"""A whole game as one animated GIF: a title card, then the boards after each move, each
captioned "move N of M", sampled when the game is long, kept under a size budget so Discord
accepts the upload (10 MiB; we aim at 8 MB).

GIF because Discord's clients play it inline everywhere, phones included; an APNG is shown as a
still of its first frame. The boards are flat colours drawn on small palettes, so one palette of
256 colours for the whole replay loses nothing visible, and the same colour keeps the same index
in every frame, so the encoder stores only what changed.

Pure: boards in, bytes out. The bot builds the boards by replaying the log and calls this off
the event loop.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image, ImageDraw

from games.core.words import t
from renderers.base import PALETTE, fit_text, font, label_size, new_canvas

MAX_BYTES = 8_000_000
MAX_FRAMES = 120
TITLE_MS = 3_000
FRAME_MS = 700
LAST_FRAME_MS = 4_000


def pick_frames(count: int, most: int = MAX_FRAMES) -> list[int]:
    """Indices of the frames to keep: all of them, or ``most`` spread evenly, always keeping
    the first and the last board."""
    if count <= most:
        return list(range(count))
    step = (count - 1) / (most - 1)
    return sorted({round(i * step) for i in range(most)})


def caption_height(width: int) -> int:
    """The strip under each board that says which move it shows."""
    return round(label_size(width) * 2.2)


def title_card(lines: Sequence[str], size: tuple[int, int]) -> Image.Image:
    """The first frame: the game's title large, then ``lines`` (result, players, moves)."""
    width, height = size
    card = new_canvas(width, height)
    draw = ImageDraw.Draw(card)
    margin = width // 12
    big, small = label_size(width) * 3, round(label_size(width) * 1.6)
    y = height // 5
    title, *rest = lines
    y = fit_text(draw, (margin, y, width - margin, y + big * 3), title, big, big // 2, bold=True)
    y += big
    for line in rest:
        box = (margin, y, width - margin, y + small * 4)
        y = fit_text(draw, box, line, small, label_size(width), align="left") + small // 2
    return card


def captioned(board: Image.Image, move: int, moves: int) -> Image.Image:
    """``board`` with "move N of M" in a strip beneath it, legible on a phone."""
    strip = caption_height(board.width)
    frame = new_canvas(board.width, board.height + strip)
    frame.paste(board, (0, 0))
    draw = ImageDraw.Draw(frame)
    face = font(round(label_size(board.width) * 1.4), bold=True)
    draw.text(
        (board.width // 2, board.height + strip // 2),
        t("move {move} of {moves}", move=move, moves=moves),
        fill=PALETTE["ink"],
        font=face,
        anchor="mm",
    )
    return frame


def _encode(frames: list[Image.Image]) -> bytes:
    """One palette fitted to the title card, the first and the last board (nearly every colour
    a game draws is on them; any other takes its nearest), then each frame mapped onto it
    undithered, so a pixel that did not change keeps its index."""
    sample = [frames[0], frames[1], frames[-1]]
    width, height = frames[0].size
    swatch = new_canvas(width, height * len(sample))
    for row, frame in enumerate(sample):
        swatch.paste(frame, (0, row * height))
    palette = swatch.quantize(256, method=Image.Quantize.MEDIANCUT)
    indexed = [f.quantize(palette=palette, dither=Image.Dither.NONE) for f in frames]
    durations = [TITLE_MS] + [FRAME_MS] * (len(frames) - 2) + [LAST_FRAME_MS]
    out = io.BytesIO()
    indexed[0].save(
        out,
        format="GIF",
        save_all=True,
        append_images=indexed[1:],
        duration=durations,
        loop=0,
        disposal=1,
        optimize=True,
    )
    return out.getvalue()


def replay(
    boards: Sequence[tuple[int, bytes]],
    card: Sequence[str],
    max_bytes: int = MAX_BYTES,
    most: int = MAX_FRAMES,
) -> bytes:
    """A GIF of ``boards`` (the moves made so far and the PNG after them, in game order) behind a
    title card of ``card`` (the title first), no larger than ``max_bytes``: frames are sampled,
    then halved, then the picture is shrunk until it fits. The last board's move is the M of
    "move N of M"."""
    if not boards:
        raise ValueError("a replay needs at least one board")
    moves = boards[-1][0]
    scale = 1.0
    while True:
        keep = [boards[i] for i in pick_frames(len(boards), most)]
        shown = [captioned(_board(png, scale), move, moves) for move, png in keep]
        data = _encode([title_card(card, shown[0].size), *shown])
        if len(data) <= max_bytes:
            return data
        if most > 30:
            most //= 2
        elif scale > 0.3:
            scale *= 0.75
        else:
            raise ValueError("the replay does not fit the upload limit")


def _board(png: bytes, scale: float) -> Image.Image:
    image = Image.open(io.BytesIO(png)).convert("RGB")
    if scale < 1.0:
        size = (max(1, int(image.width * scale)), max(1, int(image.height * scale)))
        image = image.resize(size, Image.Resampling.LANCZOS)
    return image
