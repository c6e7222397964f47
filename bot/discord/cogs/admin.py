"""The host's powers over a game in play: ``/parley sub`` hands a seat to someone else,
``/parley kick`` removes a player (the autopilot plays their seat)."""

from __future__ import annotations

from functools import partial

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.acting import act
from bot.discord.bot import ParleyBot
from bot.discord.targets import find_target_game, game_autocomplete, in_server_only
from bot.play.service import UserError
from bot.storage import GameRecord, who
from games import REGISTRY
from games.core.words import N_, t


async def hosted_game(
    interaction: discord.Interaction[ParleyBot], game_id: int | None
) -> GameRecord:
    in_server_only(interaction, N_("`/parley kick` and `/parley sub` there, in the game's thread"))
    game = await find_target_game(interaction, game_id)
    if game.status != "active":
        raise UserError(t("This only works in a game that is being played."))
    if interaction.user.id != game.host_id:
        raise UserError(t("Only the host, {host}, can do that.", host=who(game.host_id)))
    return game


class AdminCog(commands.Cog, name="admin"):
    def __init__(self, bot: ParleyBot) -> None:
        self.bot = bot

    @app_commands.command(description=N_("Hand a player's seat to someone else (host only)"))
    @app_commands.describe(player=N_("Who leaves the seat"), replacement=N_("Who takes it over"))
    @app_commands.autocomplete(game=game_autocomplete)
    async def sub(
        self,
        interaction: discord.Interaction[ParleyBot],
        player: discord.User,
        replacement: discord.User,
        game: int | None = None,
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        target = await hosted_game(interaction, game)
        if replacement.bot:
            raise UserError(t("{player} cannot take this seat.", player=replacement.mention))
        hand_over = partial(
            self.bot.service.hand_over, target, player.id, replacement.id, self.bot.clock()
        )
        label = REGISTRY[target.game_key].seat_label
        await act(
            interaction,
            target.id,
            hand_over,
            lambda seat: t(
                "{player} now plays {seat}.", player=replacement.mention, seat=t(label(seat))
            ),
        )

    @app_commands.command(
        description=N_("Remove a player; the autopilot plays their seat (host only)")
    )
    @app_commands.describe(player=N_("Who to remove"))
    @app_commands.autocomplete(game=game_autocomplete)
    async def kick(
        self,
        interaction: discord.Interaction[ParleyBot],
        player: discord.User,
        game: int | None = None,
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        target = await hosted_game(interaction, game)
        kick = partial(self.bot.service.kick, target, player.id)
        await act(
            interaction,
            target.id,
            kick,
            lambda _: t("{player} was removed.", player=player.mention),
        )


async def setup(bot: ParleyBot) -> None:
    await bot.add_cog(AdminCog(bot))
