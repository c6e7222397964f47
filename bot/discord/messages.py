"""Fitting text into Discord messages of at most 2,000 characters.

A new message that is too long is split between lines into several messages, so a long list (a
digest of many moves, a chain reaction, many games) arrives whole; a message edited in place
(the pinned status, a private panel) cannot grow into two, so it is shortened with a visible mark.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord.ext.commands import Paginator

LIMIT = 2000


def split_message(text: str, limit: int = LIMIT) -> list[str]:
    """Pieces of at most ``limit`` characters, cut at line breaks (inside a line only when the
    line alone is longer than a message)."""
    pages = Paginator(prefix=None, suffix=None, max_size=limit)
    width = limit - 2  # Paginator keeps room for a line separator on each side
    for line in text.splitlines() or [""]:
        for start in range(0, max(len(line), 1), width):
            pages.add_line(line[start : start + width])
    return pages.pages


def shorten(text: str, limit: int = LIMIT) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


async def send_long(
    send: Callable[..., Awaitable[Any]], text: str, nonce: str | None = None, **last: Any
) -> Any:
    """Send ``text`` in as many messages as it needs. ``last`` (a board image, buttons, the
    mentions allowed to ping) goes on the final piece, under the text it belongs to; earlier
    pieces ping nobody. With a ``nonce`` every piece gets its own, the final one exactly
    ``nonce``, so a resend after a crash is dropped piece by piece. Returns what ``send``
    returned for the final piece (the message)."""
    *first, final = split_message(text)
    for number, piece in enumerate(first):
        await send(
            piece,
            allowed_mentions=discord.AllowedMentions.none(),
            **({"nonce": f"{nonce}-{number}"} if nonce else {}),
        )
    return await send(final, **({"nonce": nonce} if nonce else {}), **last)
