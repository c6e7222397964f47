"""The Rematch button under a game's final post: a new lobby card with the same
seats, host, options and clock, in the channel the game was opened in, with its own thread.
Pressed by several players at once, it opens one lobby; later presses point to it while it
waits or is played, and once it was cancelled (or is over) a press opens a new one."""

from __future__ import annotations

import contextlib
import re
from typing import Any

import discord

from bot.discord.bot import ParleyBot, committed, guarded, reply_privately
from bot.discord.reviews import ReviewButton
from bot.discord.stepper import replay_button
from bot.discord.targets import GameBound
from bot.play.readers import aloud
from bot.play.rematch import rematch
from bot.play.service import UserError
from games.core.words import t, tp


def final_buttons(game_id: int) -> discord.ui.View:
    """The buttons under a game's final post."""
    view = discord.ui.View(timeout=None)
    view.add_item(RematchButton(game_id))
    view.add_item(ReviewButton(game_id))
    view.add_item(replay_button(game_id))
    return view


async def open_rematch(interaction: discord.Interaction[ParleyBot], game_id: int) -> str:
    """Open the rematch of a finished game (or find it); the private answer to the clicker.

    The rematch is saved owing its opening, which the one opener does (the tick's, which
    finishes the openings a crash cut short), holding the game's claim as the tick does: a
    click and a tick, in this process or another, never both post a lobby card."""
    bot = interaction.client
    old = await bot.service.game(game_id)
    new, created = await rematch(bot.store, old, interaction.user.id)
    if created:
        committed(
            interaction,
            t("Rematch #{game} is saved; its lobby card and thread follow.", game=new.id),
        )
    async with bot.claims.hold(new.id, patience=0) as mine:  # else another process opens it
        if mine:
            try:
                new = await bot.scheduler.open_place(new.id) or new
            except (discord.Forbidden, discord.NotFound):  # the rematch was called off
                raise UserError(
                    t(
                        "I could not open the rematch's lobby in that channel (I lack a "
                        "permission there, or it is gone): use `/parley new`."
                    )
                ) from None
    if new.thread_id is None:
        return t("Rematch #{game} is being opened right now.", game=new.id)
    if created and old.thread_id is not None:  # so everyone in the old thread finds it
        with contextlib.suppress(discord.HTTPException), aloud(old):
            await bot.get_partial_messageable(old.thread_id).send(
                t(
                    "🔁 <@{player}> opened a rematch: <#{thread}>.",
                    player=interaction.user.id,
                    thread=new.thread_id,
                ),
                allowed_mentions=discord.AllowedMentions.none(),
            )
    if new.status == "active":
        return t(
            "Rematch #{game} is already being played: <#{thread}>.",
            game=new.id,
            thread=new.thread_id,
        )
    return t(
        "Rematch #{game} is open: <#{thread}>. Everyone from this game has a seat (**Leave** if "
        "you'd rather not); the host presses **Start**.",
        game=new.id,
        thread=new.thread_id,
    )


class RematchButton(
    GameBound,
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"parley:rematch:(?P<game>\d+)",
):
    def __init__(self, game_id: int) -> None:
        self.game_id = game_id
        super().__init__(
            discord.ui.Button(
                label=tp("button", "Rematch"),
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
