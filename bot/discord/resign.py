"""``/parley resign`` asks first: a private question with a button, and the button resigns.

The button is a ``DynamicItem`` carrying the game id, so it works after a restart; pressed
twice (or twice at once) it resigns once, as the service allows one resignation per seat.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.discord.acting import act
from bot.discord.bot import ParleyBot
from bot.discord.targets import GameBound
from bot.play.service import UserError
from bot.storage import GameRecord
from games import REGISTRY
from games.core.words import t, tp


async def ask_to_resign(interaction: discord.Interaction[ParleyBot], game: GameRecord) -> None:
    """The question, privately, after the same checks resigning makes (so a player who may
    not resign is told at once, not after pressing)."""
    seat = interaction.client.service.seat_for(game, interaction.user.id)
    if any(s.resigned for s in game.seats if s.seat == seat):
        raise UserError(t("You have already resigned from this game."))
    title = REGISTRY[game.game_key].title
    view = discord.ui.View(timeout=None)
    view.add_item(ResignButton(game.id))
    await interaction.followup.send(
        t(
            "Resign from **{title} #{game}**? This cannot be undone: if only one player is left "
            "they win, otherwise a simple autopilot plays your seat so the others can finish. "
            "Press **{button}** to confirm, or just dismiss this message.",
            title=title,
            game=game.id,
            button=tp("button", "Resign"),
        ),
        view=view,
        ephemeral=True,
    )


async def resign(interaction: discord.Interaction[ParleyBot], game_id: int) -> None:
    """Resign, answering in place of the question (its button goes with it)."""
    bot = interaction.client

    async def change() -> GameRecord:
        return await bot.service.resign(await bot.service.game(game_id), interaction.user.id)

    async def reply(game: GameRecord) -> None:
        title = REGISTRY[game.game_key].title
        await interaction.edit_original_response(
            content=t("You resigned from **{title} #{game}**.", title=title, game=game.id),
            view=None,
        )

    async def refuse(error: UserError) -> None:
        # A second press (a double tap) finds the seat already resigned: it answers as the
        # first did, so the question never ends on "already left" after a resignation.
        game = await bot.service.game(game_id)
        if any(s.resigned for s in game.seats if s.user_id == interaction.user.id):
            return await reply(game)
        await interaction.edit_original_response(content=str(error), view=None)

    await act(
        interaction,
        game_id,
        change,
        lambda _: t("You resigned."),
        reply,
        in_place=True,
        refuse=refuse,
    )


class ResignButton(
    GameBound,
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"parley:resign:(?P<game>\d+)",
):
    def __init__(self, game_id: int) -> None:
        self.game_id = game_id
        super().__init__(
            discord.ui.Button(
                label=tp("button", "Resign"),
                style=discord.ButtonStyle.danger,
                custom_id=f"parley:resign:{game_id}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> ResignButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await resign(interaction, self.game_id)
