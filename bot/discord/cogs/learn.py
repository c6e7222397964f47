"""``/parley learn`` (a guided practice game against the AI) and ``/parley hint`` (the AI's
suggested move and why, in unrated games whose lobby allows hints)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.bot import ParleyBot
from bot.discord.cogs.lobby import options_autocomplete
from bot.discord.learn import answer_hint, open_practice
from bot.discord.targets import GAME_CHOICES, find_target_game, game_autocomplete
from games.core.words import N_


class LearnCog(commands.Cog, name="learn"):
    def __init__(self, bot: ParleyBot) -> None:
        self.bot = bot

    @app_commands.command(
        description=N_(
            "Learn a game: a private practice game against the AI, with a note each turn"
        )
    )
    @app_commands.describe(
        game=N_("Which game to learn"), options=N_("Game options, like board=compass")
    )
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.autocomplete(options=options_autocomplete)
    @app_commands.guild_only()
    async def learn(
        self, interaction: discord.Interaction[ParleyBot], game: str, options: str = ""
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await open_practice(interaction, game, options)

    @app_commands.command(
        description=N_("The AI's suggested move and why (unrated games, hints on)")
    )
    @app_commands.autocomplete(game=game_autocomplete)
    async def hint(
        self, interaction: discord.Interaction[ParleyBot], game: int | None = None
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        target = await find_target_game(interaction, game)
        await answer_hint(interaction, target)


async def setup(bot: ParleyBot) -> None:
    await bot.add_cog(LearnCog(bot))
