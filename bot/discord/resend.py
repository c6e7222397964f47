"""Sending again without posting twice, after a crash or an outage.

Every post carries an enforced nonce (its outbox item's id), so Discord answers a resend with
the message it already made, but it remembers a nonce for a few minutes only. What was
delivered is recorded (its message id) as soon as Discord answers; a crash between Discord's
answer and that record leaves the post maybe-delivered. When such a post is sent again after
longer than Discord keeps its nonce, the channel's recent messages are read first, and a
message of ours that is that post is taken as delivered.
"""

from __future__ import annotations

from collections.abc import Callable

import discord

#: Seconds Discord surely remembers an enforced nonce ("a few minutes"; we count on one).
NONCE_WINDOW = 60.0
#: How many of a channel's newest messages are read to find a post already made.
RECENT = 50


def nonce_expired(tried_at: float | None, now: float) -> bool:
    """Whether a post tried at ``tried_at`` may have reached Discord longer ago than its nonce
    is remembered (never tried: nothing to find)."""
    return tried_at is not None and now - tried_at >= NONCE_WINDOW


async def already_posted(
    client: discord.Client,
    channel: discord.abc.Messageable,
    is_it: Callable[[discord.Message], bool],
) -> discord.Message | None:
    """Our newest recent message in ``channel`` for which ``is_it`` holds; None if there is
    none, or if the history cannot be read (without Read Message History: then the nonce is
    all there is)."""
    me = client.user
    try:
        async for message in channel.history(limit=RECENT):
            if me is not None and message.author.id == me.id and is_it(message):
                return message
    except discord.HTTPException:
        return None
    return None
