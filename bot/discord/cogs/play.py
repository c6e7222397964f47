"""``/parley move``, ``board``, ``hand``, ``games``, ``rules`` and ``resign``: games in play.
Commands parse, check, call the service and reply; nothing here knows any game's rules.

Loading this cog registers the choice buttons and menus and hands them to the herald, which
puts them under posts and in DMs.
"""

from __future__ import annotations

import asyncio
import io
from functools import partial

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.afterplay import board_at, finished_list
from bot.discord.bot import ParleyBot
from bot.discord.choices import (
    ActionButton,
    ActionMenu,
    HandButton,
    choices_view,
    panel,
    send_panel,
)
from bot.discord.messages import send_long
from bot.discord.targets import GAME_CHOICES, find_target_game, game_autocomplete
from bot.play.service import UserError
from games import REGISTRY, find_game
from renderers import render


async def move_autocomplete(
    interaction: discord.Interaction[ParleyBot], current: str
) -> list[app_commands.Choice[str]]:
    """Only the caller's legal actions whose words start with what they typed, at most 25."""
    try:
        game = await find_target_game(interaction, getattr(interaction.namespace, "game", None))
        seat = interaction.client.service.seat_for(game, interaction.user.id)
    except UserError:
        return []
    spec = REGISTRY[game.game_key]
    actions = spec.legal_actions(spec.load(game.state or ""), seat)
    typed = current.lower().split()
    matching = [
        a for a in actions if all(any(word.startswith(t) for word in a.split()) for t in typed)
    ]
    return [app_commands.Choice(name=a[:100], value=a[:100]) for a in matching[:25]]


class PlayCog(commands.Cog, name="play"):
    def __init__(self, bot: ParleyBot) -> None:
        self.bot = bot

    @app_commands.command(description="Make your move")
    @app_commands.describe(action="Your move; the list shows only what is legal now")
    @app_commands.autocomplete(action=move_autocomplete)
    @app_commands.autocomplete(game=game_autocomplete)
    async def move(
        self,
        interaction: discord.Interaction[ParleyBot],
        action: str,
        game: int | None = None,
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        target = await find_target_game(interaction, game)
        acted = await self.bot.service.act(target.id, interaction.user.id, action[:200])
        await self.bot.herald.deliver(target.id)
        seat = acted.game.seat_of(interaction.user.id)
        assert seat is not None
        content, view = panel(acted.game, seat)
        trouble = self.bot.herald.trouble.get(target.id)
        reply = partial(interaction.followup.send, ephemeral=True)
        text = f"Done: {acted.line}\n\n{content}" + (f"\n\n{trouble}" if trouble else "")
        if view is None:
            await send_long(reply, text)
        else:
            await send_long(reply, text, view=view)

    @app_commands.command(description="Show the board, now or as it stood after any move")
    @app_commands.describe(move="The move to show the board after (0: the opening board)")
    @app_commands.autocomplete(game=game_autocomplete)
    async def board(
        self,
        interaction: discord.Interaction[ParleyBot],
        game: int | None = None,
        move: app_commands.Range[int, 0] | None = None,
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        target = await find_target_game(interaction, game)
        if target.state is None:
            raise UserError("The game has not started yet.")
        if move is not None:
            text, png = await board_at(self.bot.store, target, move)
            await interaction.followup.send(
                text, ephemeral=True, file=discord.File(io.BytesIO(png), f"board-{move}.png")
            )
            return
        spec = REGISTRY[target.game_key]
        view = spec.view(spec.load(target.state), None)
        png = await asyncio.to_thread(render, target.game_key, view)
        waiting = ", ".join(f"<@{target.user_of(s)}>" for s in view["to_act"])
        text = f"**{spec.title} #{target.id}**" + (f": waiting for {waiting}" if waiting else "")
        if target.result:
            text += f"\nGame over: {target.result['reason']}."
        await interaction.followup.send(
            text, ephemeral=True, file=discord.File(io.BytesIO(png), "board.png")
        )

    @app_commands.command(description="Your private cards and choices (only you see this)")
    @app_commands.autocomplete(game=game_autocomplete)
    async def hand(
        self, interaction: discord.Interaction[ParleyBot], game: int | None = None
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        target = await find_target_game(interaction, game)
        await send_panel(interaction, target.id)

    @app_commands.command(description="Your games in this server, with whose turn it is")
    @app_commands.describe(finished="List your finished games instead, with their results")
    @app_commands.guild_only()
    async def games(
        self, interaction: discord.Interaction[ParleyBot], finished: bool = False
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        store = self.bot.store
        assert interaction.guild_id is not None
        if finished:
            text = await finished_list(store, interaction.guild_id, interaction.user.id)
            await send_long(partial(interaction.followup.send, ephemeral=True), text)
            return
        mine = await store.games_of_user(interaction.user.id, interaction.guild_id)
        if not mine:
            await interaction.followup.send(
                "You have no running games here. Start one with `/parley new`; "
                "`/parley games finished:True` lists the games you finished.",
                ephemeral=True,
            )
            return
        lines = []
        for game in mine:
            spec = REGISTRY[game.game_key]
            where = (
                f"https://discord.com/channels/{game.guild_id}/{game.thread_id}"
                if game.thread_id
                else f"<#{game.channel_id}>"
            )
            if game.status == "lobby":
                turn = "waiting for players"
            else:
                to_act = spec.to_act(spec.load(game.state or ""))
                seat = game.seat_of(interaction.user.id)
                turn = (
                    "**your turn**"
                    if seat in to_act
                    else "waiting for " + ", ".join(f"<@{game.user_of(s)}>" for s in to_act)
                )
                due = [
                    d.due_at
                    for d in await store.deadlines(game.id)
                    if d.due_at is not None and d.paused_at is None
                ]
                if due:
                    turn += f" (clock runs out <t:{int(min(due))}:R>)"
            lines.append(f"#{game.id} {spec.title}: {turn} · {where}")
        await send_long(partial(interaction.followup.send, ephemeral=True), "\n".join(lines))

    @app_commands.command(description="How to play a game")
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction[ParleyBot], game: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        spec = find_game(game)
        if spec is None:
            raise UserError(f"I don't know a game called `{game}`.")
        embed = discord.Embed(
            title=f"{spec.title} ({spec.min_players}–{spec.max_players} players)",
            description=spec.summary[:4000],
            color=0xC8902A,
        )
        for option in spec.options[:10]:
            embed.add_field(
                name=f"{option.name} (default {option.default})",
                value=f"{option.description}: " + ", ".join(str(c) for c in option.choices),
                inline=False,
            )
        await interaction.followup.send(embed=embed, ephemeral=True)

    @app_commands.command(description="Resign from your game")
    @app_commands.autocomplete(game=game_autocomplete)
    async def resign(
        self, interaction: discord.Interaction[ParleyBot], game: int | None = None
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        target = await find_target_game(interaction, game)
        await self.bot.service.resign(target, interaction.user.id)
        await self.bot.herald.deliver(target.id)
        await interaction.followup.send("You resigned.", ephemeral=True)


async def setup(bot: ParleyBot) -> None:
    bot.add_dynamic_items(ActionButton, ActionMenu, HandButton)
    bot.herald.draw_choices = choices_view
    await bot.add_cog(PlayCog(bot))
