"""A whole game as one animated image (APNG): the boards after each move, sampled when the
game is long, kept under a size budget so Discord accepts the upload (10 MiB; we aim at 8 MB).

Pure: boards in, bytes out. The bot builds the boards by replaying the log and calls this off
the event loop.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image

MAX_BYTES = 8_000_000
MAX_FRAMES = 120
FRAME_MS = 700
LAST_FRAME_MS = 4_000


def pick_frames(count: int, most: int = MAX_FRAMES) -> list[int]:
    """Indices of the frames to keep: all of them, or ``most`` spread evenly, always keeping
    the first and the last board."""
    if count <= most:
        return list(range(count))
    step = (count - 1) / (most - 1)
    return sorted({round(i * step) for i in range(most)})


def _encode(images: list[Image.Image]) -> bytes:
    durations = [FRAME_MS] * (len(images) - 1) + [LAST_FRAME_MS]
    out = io.BytesIO()
    images[0].save(
        out,
        format="PNG",
        save_all=True,
        append_images=images[1:],
        duration=durations,
        loop=0,
        optimize=False,
    )
    return out.getvalue()


def replay(boards: Sequence[bytes], max_bytes: int = MAX_BYTES, most: int = MAX_FRAMES) -> bytes:
    """An APNG of ``boards`` (PNG bytes, in game order) no larger than ``max_bytes``: frames
    are sampled, then halved, then the picture is shrunk until it fits."""
    if not boards:
        raise ValueError("a replay needs at least one board")
    scale = 1.0
    while True:
        keep = pick_frames(len(boards), most)
        images = [_frame(boards[i], scale) for i in keep]
        data = _encode(images)
        if len(data) <= max_bytes:
            return data
        if most > 30:
            most //= 2
        elif scale > 0.3:
            scale *= 0.75
        else:
            raise ValueError("the replay does not fit the upload limit")


def _frame(board: bytes, scale: float) -> Image.Image:
    image = Image.open(io.BytesIO(board)).convert("RGB")
    if scale < 1.0:
        size = (max(1, int(image.width * scale)), max(1, int(image.height * scale)))
        image = image.resize(size, Image.Resampling.LANCZOS)
    return image
