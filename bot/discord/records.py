"""A game's text record, sent privately by the 📄 Record button under the step-through board
(a ``DynamicItem`` carrying the game, so it works after a restart)."""

from __future__ import annotations

import asyncio
import contextlib
import io
import re
from typing import Any

import discord

from bot.discord.bot import ParleyBot, guarded, reply_privately
from bot.discord.targets import GameBound
from bot.play.gamerecord import write_record
from bot.play.service import UserError
from bot.storage import GameRecord
from games import REGISTRY
from games.core.words import t, tn, tp


async def member_name(interaction: discord.Interaction[ParleyBot], user_id: int) -> str:
    """A player's name on this server, as a record gives it."""
    guild = interaction.guild
    if guild is None:
        return t("a player")
    member = guild.get_member(user_id)
    if member is None:
        with contextlib.suppress(discord.HTTPException):  # left the server, or Discord is busy
            member = await guild.fetch_member(user_id)
    return member.display_name if member else t("a player")


async def send_record(interaction: discord.Interaction[ParleyBot], game: GameRecord) -> None:
    """Answer (after a deferral) with the game's record as a text file, privately."""
    if game.state is None:
        raise UserError(t("The game has not started yet."))
    names = {s.seat: await member_name(interaction, s.user_id) for s in game.seats if not s.is_ai}
    log = await interaction.client.store.log(game.id)
    spec = REGISTRY[game.game_key]
    text = await asyncio.to_thread(write_record, spec, game, log, names)
    about = {"title": t(spec.title), "game": game.id}
    if game.status == "over":
        said = tn(
            "📄 **{title} #{game}** as a text record ({n} move; every secret choice is in it). "
            "`parley import` checks a finished game's record and `parley demo --from` replays it.",
            "📄 **{title} #{game}** as a text record ({n} moves; every secret choice is in it). "
            "`parley import` checks a finished game's record and `parley demo --from` replays it.",
            len(log),
            **about,
        )
    else:
        said = tn(
            "📄 **{title} #{game}** as a text record ({n} move; the game is still being played, "
            "so its secret choices and seed are left out). `parley import` checks a finished "
            "game's record and `parley demo --from` replays it.",
            "📄 **{title} #{game}** as a text record ({n} moves; the game is still being played, "
            "so its secret choices and seed are left out). `parley import` checks a finished "
            "game's record and `parley demo --from` replays it.",
            len(log),
            **about,
        )
    await interaction.followup.send(
        said,
        ephemeral=True,
        file=discord.File(io.BytesIO(text.encode()), filename=f"parley-{game.id}.txt"),
    )


class RecordButton(
    GameBound,
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"parley:record:(?P<game>\d+)",
):
    def __init__(self, game_id: int) -> None:
        self.game_id = game_id
        super().__init__(
            discord.ui.Button(
                label=tp("button", "Record"),
                emoji="📄",
                style=discord.ButtonStyle.secondary,
                custom_id=f"parley:record:{game_id}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> RecordButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await guarded(interaction, self._send(interaction))

    async def _send(self, interaction: discord.Interaction[ParleyBot]) -> None:
        try:
            await send_record(interaction, await interaction.client.service.game(self.game_id))
        except UserError as error:
            await reply_privately(interaction, str(error))
