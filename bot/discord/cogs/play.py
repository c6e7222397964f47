"""``/parley move``, ``board``, ``hand``, ``games``, ``help``, ``rules`` and ``resign``: games in
play.
Commands parse, check, call the service and reply; nothing here knows any game's rules.

Loading this cog registers the choice buttons and menus (the herald puts them under posts and
in DMs).
"""

from __future__ import annotations

import asyncio
import io
from functools import partial
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.acting import act
from bot.discord.afterplay import board_at, finished_list
from bot.discord.bot import ParleyBot
from bot.discord.choices import (
    VALUE_LIMIT,
    ActionButton,
    ActionMenu,
    HandButton,
    StepButton,
    moved,
    panel,
    send_panel,
)
from bot.discord.done import done_reply
from bot.discord.games_list import WHERE as GAMES_WHERE
from bot.discord.games_list import GamesPage, games_page
from bot.discord.guide import HELP, RulesButton, help_view, rules_answer
from bot.discord.messages import send_long
from bot.discord.resign import ResignButton, ask_to_resign
from bot.discord.targets import (
    GAME_CHOICES,
    find_target_game,
    game_autocomplete,
    in_server_only,
)
from bot.play.matching import best_matches, typed_label
from bot.play.service import Acted, UserError
from bot.play.story import reason_of, stopped
from bot.play.wording import fit, labeller
from bot.storage import GameRecord, who
from games import REGISTRY, find_game
from games.core import normalize
from games.core.words import N_, t
from renderers import render


def labelled_actions(game: GameRecord, seat: int) -> list[tuple[str, str]]:
    """(label, canonical text) of each legal action of ``seat`` now."""
    spec = REGISTRY[game.game_key]
    state = spec.load(game.state or "")
    label = labeller(spec, state, seat)
    return [(label(a), a) for a in spec.legal_actions(state, seat)]


async def move_autocomplete(
    interaction: discord.Interaction[ParleyBot], current: str
) -> list[app_commands.Choice[str]]:
    """The caller's legal actions best matching what they typed (by label or canonical
    text), at most 25; each shows its label and sends its canonical text."""
    try:
        game = await find_target_game(interaction, getattr(interaction.namespace, "game", None))
        seat = interaction.client.service.seat_for(game, interaction.user.id)
    except UserError:
        return []
    offered = [(text, a) for text, a in labelled_actions(game, seat) if len(a) <= VALUE_LIMIT]
    return [
        app_commands.Choice(name=fit(text, 100), value=action)
        for text, action in best_matches(current, offered)
    ]


def typed_action(game: GameRecord, user_id: int, typed: str) -> str:
    """What a player typed into ``/parley move``: an action's canonical text, or the label of
    one written out in full (as a button shows it); anything else goes on to be refused with
    the engine's reason."""
    seat = game.seat_of(user_id)
    if game.status != "active" or seat is None:
        return typed
    offered = labelled_actions(game, seat)
    if normalize(typed) in {a for _, a in offered}:
        return typed
    return typed_label(typed, offered) or typed


class PlayCog(commands.Cog, name="play"):
    def __init__(self, bot: ParleyBot) -> None:
        self.bot = bot

    @app_commands.command(description=N_("Make your move"))
    @app_commands.describe(action=N_("Your move; the list shows only what is legal now"))
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
        typed = typed_action(target, interaction.user.id, action[:200])

        async def reply(acted: Acted) -> None:
            seat = acted.game.seat_of(interaction.user.id)
            assert seat is not None
            done, board = await done_reply(self.bot.store, acted.game, seat, acted.line)
            content, view = panel(acted.game, seat)
            trouble = self.bot.herald.trouble.get(target.id)
            send = partial(interaction.followup.send, ephemeral=True)
            text = f"{done}\n\n{content}" + (f"\n\n{trouble}" if trouble else "")
            extras: dict[str, Any] = {"view": view, "file": board}
            await send_long(send, text, **{k: v for k, v in extras.items() if v is not None})

        move = partial(self.bot.service.act, target.id, interaction.user.id, typed)
        await act(interaction, target.id, move, moved, reply)

    @app_commands.command(description=N_("Show the board, now or as it stood after any move"))
    @app_commands.describe(move=N_("The move to show the board after (0: the opening board)"))
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
            raise UserError(t("The game has not started yet."))
        if move is not None:
            text, png = await board_at(self.bot.store, target, move)
            await interaction.followup.send(
                text, ephemeral=True, file=discord.File(io.BytesIO(png), f"board-{move}.png")
            )
            return
        spec = REGISTRY[target.game_key]
        view = spec.view(spec.load(target.state), None)
        png = await asyncio.to_thread(render, target.game_key, view)
        waiting = ", ".join(who(target.user_of(s)) for s in view["to_act"])
        title = f"**{t(spec.title)} #{target.id}**"
        text = t("{game}: waiting for {players}", game=title, players=waiting) if waiting else title
        if target.result:
            text += "\n" + t("Game over: {reason}", reason=stopped(reason_of(target.result)))
        await interaction.followup.send(
            text, ephemeral=True, file=discord.File(io.BytesIO(png), "board.png")
        )

    @app_commands.command(description=N_("Your private cards and choices (only you see this)"))
    @app_commands.autocomplete(game=game_autocomplete)
    async def hand(
        self, interaction: discord.Interaction[ParleyBot], game: int | None = None
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        target = await find_target_game(interaction, game)
        await send_panel(interaction, target.id)

    @app_commands.command(description=N_("Your games in this server, with whose turn it is"))
    @app_commands.describe(finished=N_("List your finished games instead, with their results"))
    @app_commands.guild_only()
    async def games(
        self, interaction: discord.Interaction[ParleyBot], finished: bool = False
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        in_server_only(interaction, GAMES_WHERE)
        assert interaction.guild_id is not None
        if finished:
            text = await finished_list(self.bot.store, interaction.guild_id, interaction.user.id)
            await send_long(partial(interaction.followup.send, ephemeral=True), text)
            return
        content, view = await games_page(self.bot, interaction.user.id, interaction.guild_id, 0)
        if view is None:
            await interaction.followup.send(content, ephemeral=True)
        else:
            await interaction.followup.send(content, ephemeral=True, view=view)

    @app_commands.command(name="help", description=N_("What to do first, and each game's rules"))
    async def guide(self, interaction: discord.Interaction[ParleyBot]) -> None:
        await interaction.response.send_message(t(HELP), view=help_view(), ephemeral=True)

    @app_commands.command(description=N_("How to play a game, with a picture of a sample move"))
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction[ParleyBot], game: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        spec = find_game(game)
        if spec is None:
            raise UserError(t("I don't know a game called `{key}`.", key=game))
        await interaction.followup.send(ephemeral=True, **await rules_answer(spec))

    @app_commands.command(description=N_("Resign from your game (asks you to confirm)"))
    @app_commands.autocomplete(game=game_autocomplete)
    async def resign(
        self, interaction: discord.Interaction[ParleyBot], game: int | None = None
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        target = await find_target_game(interaction, game)
        await ask_to_resign(interaction, target)


async def setup(bot: ParleyBot) -> None:
    bot.add_dynamic_items(
        ActionButton, ActionMenu, HandButton, StepButton, ResignButton, GamesPage, RulesButton
    )
    await bot.add_cog(PlayCog(bot))
