"""The one ``/parley`` command group. Commands parse, check, call the service and reply;
nothing here knows any game's rules."""

from __future__ import annotations

import asyncio
import io
from functools import partial
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.messages import send_long
from bot.service import UserError
from bot.store import GameRecord
from bot.timekeeping import CLOCK_NAMES, POLICIES
from games import REGISTRY, find_game
from renderers import render

if TYPE_CHECKING:
    from bot.client import ParleyBot

GAME_CHOICES = [app_commands.Choice(name=spec.title, value=spec.key)
                for spec in REGISTRY.values()]
CLOCK_CHOICES = [app_commands.Choice(name=name, value=key) for key, name in CLOCK_NAMES.items()]
POLICY_CHOICES = [app_commands.Choice(name=name, value=key) for key, name in POLICIES.items()]


def bot_of(interaction: discord.Interaction) -> ParleyBot:
    return interaction.client  # type: ignore[return-value]


async def find_target_game(interaction: discord.Interaction, game_id: int | None) -> GameRecord:
    """The game a command is about: the ``game`` option, else the thread it is used in, else
    the caller's only game in this server."""
    bot = bot_of(interaction)
    if game_id is not None:
        game = await bot.store.game(game_id)
        if game is None or (interaction.guild_id and game.guild_id != interaction.guild_id):
            raise UserError(f"There is no game #{game_id} in this server.")
        return game
    channel = interaction.channel
    if isinstance(channel, discord.Thread):
        game = await bot.store.game_in_thread(channel.id)
        if game is not None:
            return game
    if interaction.guild_id is None:
        raise UserError("In DMs, tell me which game: add the `game` option.")
    mine = await bot.store.games_of_user(interaction.user.id, interaction.guild_id)
    if len(mine) == 1:
        return mine[0]
    if not mine:
        raise UserError("You have no running game here. Start one with `/parley new`, or use "
                        "this command inside a game's thread.")
    listing = ", ".join(f"#{g.id} {REGISTRY[g.game_key].title}" for g in mine[:10])
    raise UserError(f"You are in several games ({listing}): use this command in the game's "
                    "thread, or add the `game` option.")


async def game_autocomplete(interaction: discord.Interaction,
                            current: str) -> list[app_commands.Choice[int]]:
    bot = bot_of(interaction)
    if interaction.guild_id is None:
        return []
    games = await bot.store.games_of_user(interaction.user.id, interaction.guild_id)
    games += [g for g in await bot.store.open_lobbies(interaction.guild_id)
              if g.id not in {x.id for x in games}]
    choices = []
    for game in games:
        label = f"#{game.id} {REGISTRY[game.game_key].title} ({game.status})"
        if current.lower() in label.lower():
            choices.append(app_commands.Choice(name=label, value=game.id))
    return choices[:25]


async def move_autocomplete(interaction: discord.Interaction,
                            current: str) -> list[app_commands.Choice[str]]:
    """Only the caller's legal actions whose words start with what they typed, at most 25."""
    bot = bot_of(interaction)
    try:
        game = await find_target_game(interaction, getattr(interaction.namespace, "game", None))
        seat = bot.service.seat_for(game, interaction.user.id)
    except UserError:
        return []
    spec = REGISTRY[game.game_key]
    actions = spec.legal_actions(spec.load(game.state or ""), seat)
    typed = current.lower().split()
    matching = [a for a in actions
                if all(any(word.startswith(t) for word in a.split()) for t in typed)]
    return [app_commands.Choice(name=a[:100], value=a[:100]) for a in matching[:25]]


async def options_autocomplete(interaction: discord.Interaction,
                               current: str) -> list[app_commands.Choice[str]]:
    spec = find_game(getattr(interaction.namespace, "game", "") or "")
    if spec is None:
        return []
    done, _, last = current.rpartition(" ")
    prefix = f"{done} " if done else ""
    suggestions = [f"{prefix}{o.name}={c}" for o in spec.options for c in o.choices
                   if f"{o.name}=" not in done and f"{o.name}={c}".startswith(last)]
    return [app_commands.Choice(name=s[:100], value=s[:100]) for s in suggestions[:25]]


class ParleyCommands(app_commands.Group):
    def __init__(self) -> None:
        super().__init__(name="parley", description="Play pirate board games with friends")

    @app_commands.command(description="Open a new game here; friends join with the buttons")
    @app_commands.describe(game="Which game", options="Game options, like board=compass",
                           clock="Time for each move (default: no clock)",
                           absent="What happens when a player's clock runs out")
    @app_commands.choices(game=GAME_CHOICES, clock=CLOCK_CHOICES, absent=POLICY_CHOICES)
    @app_commands.autocomplete(options=options_autocomplete)
    @app_commands.guild_only()
    async def new(self, interaction: discord.Interaction, game: str, options: str = "",
                  clock: str = "none", absent: str = "autopilot") -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await bot_of(interaction).open_lobby(interaction, game, options, clock, absent)

    @app_commands.command(description="Join a game that is waiting for players")
    @app_commands.autocomplete(game=game_autocomplete)
    async def join(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        target = await find_lobby(interaction, game)
        await bot_of(interaction).lobby_op(interaction, target.id, "join")

    @app_commands.command(description="Leave a game before it starts")
    @app_commands.autocomplete(game=game_autocomplete)
    async def leave(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        target = await find_target_game(interaction, game)
        await bot_of(interaction).lobby_op(interaction, target.id, "leave")

    @app_commands.command(description="Start your game (host only)")
    @app_commands.autocomplete(game=game_autocomplete)
    async def start(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        target = await find_target_game(interaction, game)
        await bot_of(interaction).lobby_op(interaction, target.id, "start")

    @app_commands.command(description="Cancel a game (host, or Manage Server)")
    @app_commands.autocomplete(game=game_autocomplete)
    async def cancel(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        target = await find_target_game(interaction, game)
        await bot_of(interaction).lobby_op(interaction, target.id, "cancel")

    @app_commands.command(description="Make your move")
    @app_commands.describe(action="Your move; the list shows only what is legal now")
    @app_commands.autocomplete(action=move_autocomplete, game=game_autocomplete)
    async def move(self, interaction: discord.Interaction, action: str,
                   game: int | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        bot = bot_of(interaction)
        target = await find_target_game(interaction, game)
        acted = await bot.service.act(target.id, interaction.user.id, action[:200])
        await bot.herald.deliver(target.id)
        seat = acted.game.seat_of(interaction.user.id)
        assert seat is not None
        content, view = bot.panel(acted.game, seat)
        trouble = bot.herald.trouble.get(target.id)
        await send_long(partial(interaction.followup.send, ephemeral=True),
                        f"Done: {acted.line}\n\n{content}" + (f"\n\n{trouble}" if trouble else ""),
                        **({"view": view} if view else {}))

    @app_commands.command(description="Show the current board")
    @app_commands.autocomplete(game=game_autocomplete)
    async def board(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        target = await find_target_game(interaction, game)
        if target.state is None:
            raise UserError("The game has not started yet.")
        spec = REGISTRY[target.game_key]
        view = spec.view(spec.load(target.state), None)
        png = await asyncio.to_thread(render, target.game_key, view)
        waiting = ", ".join(f"<@{target.user_of(s)}>" for s in view.get("to_act", []))
        text = f"**{spec.title} #{target.id}**" + (f": waiting for {waiting}" if waiting else "")
        if target.result:
            text += f"\nGame over: {target.result['reason']}."
        await interaction.followup.send(text, ephemeral=True,
                                        file=discord.File(io.BytesIO(png), "board.png"))

    @app_commands.command(description="Your private cards and choices (only you see this)")
    @app_commands.autocomplete(game=game_autocomplete)
    async def hand(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        target = await find_target_game(interaction, game)
        await bot_of(interaction).send_panel(interaction, target.id)

    @app_commands.command(description="Your games in this server, with whose turn it is")
    @app_commands.guild_only()
    async def games(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        bot = bot_of(interaction)
        assert interaction.guild_id is not None
        mine = await bot.store.games_of_user(interaction.user.id, interaction.guild_id)
        if not mine:
            await interaction.followup.send("You have no running games here. "
                                            "Start one with `/parley new`.", ephemeral=True)
            return
        lines = []
        for game in mine:
            spec = REGISTRY[game.game_key]
            where = (f"https://discord.com/channels/{game.guild_id}/{game.thread_id}"
                     if game.thread_id else f"<#{game.channel_id}>")
            if game.status == "lobby":
                turn = "waiting for players"
            else:
                to_act = spec.to_act(spec.load(game.state or ""))
                seat = game.seat_of(interaction.user.id)
                turn = "**your turn**" if seat in to_act else "waiting for " + ", ".join(
                    f"<@{game.user_of(s)}>" for s in to_act)
                due = [d.due_at for d in await bot.store.deadlines(game.id)
                       if d.due_at is not None and d.paused_at is None]
                if due:
                    turn += f" (clock runs out <t:{int(min(due))}:R>)"
            lines.append(f"#{game.id} {spec.title}: {turn} · {where}")
        await send_long(partial(interaction.followup.send, ephemeral=True), "\n".join(lines))

    @app_commands.command(description="How to play a game")
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction, game: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        spec = find_game(game)
        if spec is None:
            raise UserError(f"I don't know a game called `{game}`.")
        embed = discord.Embed(title=f"{spec.title} ({spec.min_players}–{spec.max_players} "
                              "players)", description=spec.summary[:4000], color=0xC8902A)
        for option in spec.options[:10]:
            embed.add_field(name=f"{option.name} (default {option.default})",
                            value=f"{option.description}: "
                            + ", ".join(str(c) for c in option.choices), inline=False)
        await interaction.followup.send(embed=embed, ephemeral=True)

    @app_commands.command(description="Resign from your game")
    @app_commands.autocomplete(game=game_autocomplete)
    async def resign(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        bot = bot_of(interaction)
        target = await find_target_game(interaction, game)
        await bot.service.resign(target, interaction.user.id)
        await bot.herald.deliver(target.id)
        await interaction.followup.send("You resigned.", ephemeral=True)


async def find_lobby(interaction: discord.Interaction, game_id: int | None) -> GameRecord:
    """For ``join``: the named game, the thread's game, or the only open lobby here."""
    if game_id is not None or isinstance(interaction.channel, discord.Thread):
        return await find_target_game(interaction, game_id)
    if interaction.guild_id is None:
        raise UserError("Add the `game` option to say which game to join.")
    lobbies = [g for g in await bot_of(interaction).store.open_lobbies(interaction.guild_id)
               if g.channel_id == interaction.channel_id]
    if len(lobbies) == 1:
        return lobbies[0]
    if not lobbies:
        raise UserError("No game is waiting for players in this channel.")
    raise UserError("Several games are waiting here: press Join on the one you want, or add the "
                    "`game` option.")
