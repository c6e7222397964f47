"""The Rematch button under a game's final post (issue 16): a new lobby card with the same
seats, host, options and clock, in the channel the game was opened in, with its own thread.
Pressed by several players at once, it opens one lobby; later presses point to it."""

from __future__ import annotations

import contextlib
import re
from typing import Any

import discord

from bot.discord.bot import ParleyBot, guarded, reply_privately
from bot.discord.lobby import lobby_buttons, lobby_embed
from bot.discord.targets import GameBound
from bot.play.rematch import rematch
from bot.play.service import UserError
from bot.storage import GameRecord
from games import REGISTRY


def final_buttons(game_id: int) -> discord.ui.View:
    """The buttons under a game's final post."""
    view = discord.ui.View(timeout=None)
    view.add_item(RematchButton(game_id))
    return view


async def open_rematch(interaction: discord.Interaction[ParleyBot], game_id: int) -> str:
    """Open the rematch of a finished game (or find it); the private answer to the clicker."""
    bot = interaction.client
    old = await bot.service.game(game_id)
    new, opened = await rematch(bot.store, old, interaction.user.id)
    if opened:
        new = await post_lobby(bot, old, new, interaction.user.id)
    elif new.thread_id is None:
        return f"Rematch #{new.id} is being opened right now."
    return (
        f"Rematch #{new.id} is open: <#{new.thread_id}>. Everyone from this game has a seat "
        "(**Leave** if you'd rather not); the host presses **Start**."
    )


async def post_lobby(bot: ParleyBot, old: GameRecord, new: GameRecord, user_id: int) -> GameRecord:
    """The rematch's lobby card and thread in the old game's channel, and a line in the old
    thread so everyone there finds it."""
    spec = REGISTRY[new.game_key]
    channel = bot.get_channel(new.channel_id)
    message = None
    try:
        if not isinstance(channel, discord.TextChannel):
            raise UserError("The channel this game was opened in is gone: use `/parley new`.")
        message = await channel.send(embed=lobby_embed(new), view=lobby_buttons(new))
        thread = await message.create_thread(
            name=f"{spec.title} #{new.id}", auto_archive_duration=10080
        )
    except (discord.HTTPException, UserError) as error:
        await bot.service.cancel(new, new.host_id, can_manage=True)
        if message is not None:
            with contextlib.suppress(discord.HTTPException):
                await message.delete()
        if isinstance(error, UserError):
            raise
        raise UserError(
            "I could not open the rematch's lobby in that channel (I lack a permission there)."
        ) from None
    await bot.store.set_places(new.id, thread.id, message.id)
    if old.thread_id is not None:
        with contextlib.suppress(discord.HTTPException):
            await bot.get_partial_messageable(old.thread_id).send(
                f"🔁 <@{user_id}> opened a rematch: {thread.mention}.",
                allowed_mentions=discord.AllowedMentions.none(),
            )
    return await bot.service.game(new.id)


class RematchButton(
    GameBound,
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"parley:rematch:(?P<game>\d+)",
):
    def __init__(self, game_id: int) -> None:
        self.game_id = game_id
        super().__init__(
            discord.ui.Button(
                label="Rematch",
                style=discord.ButtonStyle.success,
                emoji="🔁",
                custom_id=f"parley:rematch:{game_id}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> RematchButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await guarded(interaction, self._open(interaction))

    async def _open(self, interaction: discord.Interaction[ParleyBot]) -> None:
        try:
            answer = await open_rematch(interaction, self.game_id)
        except UserError as error:
            answer = str(error)
        await reply_privately(interaction, answer)
