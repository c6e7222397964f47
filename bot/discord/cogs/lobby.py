"""``/parley new``, ``join``, ``leave``, ``start`` and ``cancel``: games before they start.
The lobby card's buttons do the same as these commands."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.bot import ParleyBot
from bot.discord.cogs.languages import LANGUAGE_CHOICES, game_language
from bot.discord.lobby import LOBBY_WHERE, LobbyButton, lobby_op, open_lobby
from bot.discord.targets import (
    GAME_CHOICES,
    find_lobby,
    find_target_game,
    game_autocomplete,
    in_server_only,
)
from bot.play.clocks import CLOCK_NAMES, POLICIES
from bot.play.wording import choice_words
from games import find_game
from games.core.words import N_

CLOCK_CHOICES = [app_commands.Choice(name=name, value=key) for key, name in CLOCK_NAMES.items()]
POLICY_CHOICES = [app_commands.Choice(name=name, value=key) for key, name in POLICIES.items()]


async def options_autocomplete(
    interaction: discord.Interaction[ParleyBot], current: str
) -> list[app_commands.Choice[str]]:
    spec = find_game(getattr(interaction.namespace, "game", "") or "")
    if spec is None:
        return []
    done, _, last = current.rpartition(" ")
    prefix = f"{done} " if done else ""
    suggestions = [
        f"{prefix}{o.name}={choice_words(c)}"
        for o in spec.options
        for c in o.choices
        if f"{o.name}=" not in done and f"{o.name}={choice_words(c)}".startswith(last)
    ]
    return [app_commands.Choice(name=s[:100], value=s[:100]) for s in suggestions[:25]]


class LobbyCog(commands.Cog, name="lobby"):
    def __init__(self, bot: ParleyBot) -> None:
        self.bot = bot

    @app_commands.command(description=N_("Open a new game here; friends join with the buttons"))
    @app_commands.describe(
        game=N_("Which game"),
        options=N_("Game options, like board=compass"),
        clock=N_("Time for each move (default: no clock)"),
        absent=N_("What happens when a player's clock runs out"),
        ai=N_("How many seats the AI fills (normal strength); the host can add more in the lobby"),
        hints=N_("Allow /parley hint (the AI suggests a move) while an AI seat keeps it unrated"),
        language=N_("The language of its thread (default: the server's)"),
    )
    @app_commands.choices(
        game=GAME_CHOICES, clock=CLOCK_CHOICES, absent=POLICY_CHOICES, language=LANGUAGE_CHOICES
    )
    @app_commands.autocomplete(options=options_autocomplete)
    @app_commands.guild_only()
    async def new(
        self,
        interaction: discord.Interaction[ParleyBot],
        game: str,
        options: str = "",
        clock: str = "none",
        absent: str = "autopilot",
        ai: app_commands.Range[int, 0, 9] = 0,
        hints: bool = False,
        language: str | None = None,
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        spoken = game_language(language, interaction.guild_locale)
        await open_lobby(interaction, game, options, clock, absent, ai, hints, spoken)

    @app_commands.command(description=N_("Join a game that is waiting for players"))
    @app_commands.autocomplete(game=game_autocomplete)
    async def join(
        self, interaction: discord.Interaction[ParleyBot], game: int | None = None
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        target = await find_lobby(interaction, game)
        await lobby_op(interaction, target.id, "join")

    @app_commands.command(description=N_("Leave a game before it starts"))
    @app_commands.autocomplete(game=game_autocomplete)
    async def leave(
        self, interaction: discord.Interaction[ParleyBot], game: int | None = None
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        in_server_only(interaction, LOBBY_WHERE)
        target = await find_target_game(interaction, game)
        await lobby_op(interaction, target.id, "leave")

    @app_commands.command(description=N_("Start your game (host only)"))
    @app_commands.autocomplete(game=game_autocomplete)
    async def start(
        self, interaction: discord.Interaction[ParleyBot], game: int | None = None
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        in_server_only(interaction, LOBBY_WHERE)
        target = await find_target_game(interaction, game)
        await lobby_op(interaction, target.id, "start")

    @app_commands.command(description=N_("Cancel a game (host, or Manage Server)"))
    @app_commands.autocomplete(game=game_autocomplete)
    async def cancel(
        self, interaction: discord.Interaction[ParleyBot], game: int | None = None
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        in_server_only(interaction, LOBBY_WHERE)
        target = await find_target_game(interaction, game)
        await lobby_op(interaction, target.id, "cancel")


async def setup(bot: ParleyBot) -> None:
    bot.add_dynamic_items(LobbyButton)
    await bot.add_cog(LobbyCog(bot))
