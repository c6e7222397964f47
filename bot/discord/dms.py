"""Direct messages: one try per message, and a closed DM remembered (so the bot stops trying
and points the player to ``/parley hand``)."""

from __future__ import annotations

import discord

from bot.discord.messages import send_long
from bot.storage import Store


async def send_dm(
    client: discord.Client,
    store: Store,
    user_id: int,
    text: str,
    view: discord.ui.View | None = None,
    nonce: str | None = None,
) -> bool:
    """Try one DM; a closed DM is recorded (so we stop trying) and reported as False."""
    try:
        user = client.get_user(user_id) or await client.fetch_user(user_id)
        channel = await user.create_dm()
        await send_long(channel.send, text, nonce=nonce, **({"view": view} if view else {}))
    except discord.Forbidden:
        await store.set_dm_open(user_id, False)
        return False
    await store.set_dm_open(user_id, True)
    return True
