"""Thread recovery: a game whose thread (or channel) was deleted goes on in a new thread, in
its channel if it still exists or else the first text channel that takes one; the host is
told by DM."""

from __future__ import annotations

import discord

from bot.discord.dms import send_dm
from bot.play.readers import to_reader
from bot.storage import GameRecord, Store
from games import REGISTRY
from games.core.words import t


async def relocate(client: discord.Client, store: Store, game: GameRecord) -> GameRecord | None:
    """The game's thread (or channel) is gone: open a new thread and tell the host. Returns
    the game in its new place, or None if no channel takes a thread."""
    spec = REGISTRY[game.game_key]
    places: list[discord.TextChannel] = []
    channel = client.get_channel(game.channel_id)
    if isinstance(channel, discord.TextChannel):
        places.append(channel)
    guild = client.get_guild(game.guild_id)
    if guild is not None:
        places += [c for c in guild.text_channels if c not in places]
    for place in places:
        try:
            thread = await place.create_thread(
                name=f"{t(spec.title)} #{game.id}",
                type=discord.ChannelType.public_thread,
                auto_archive_duration=10080,
            )
        except discord.HTTPException:
            continue
        moved = place.id != game.channel_id
        await store.set_places(
            game.id, thread.id, None if moved else game.lobby_message_id, channel_id=place.id
        )
        await store.set_status_message(game.id, None)
        with to_reader(game, game.host_id):
            await send_dm(
                client,
                store,
                game.host_id,
                t(
                    "The thread of **{title} #{game}** was deleted; the game goes on in {thread}.",
                    title=t(spec.title),
                    game=game.id,
                    thread=thread.mention,
                ),
            )
        return await store.game(game.id)
    return None
