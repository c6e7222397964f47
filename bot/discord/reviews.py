"""The Review button under a game's final post, and the answer it shares with
``/parley review``: each player privately reads their own turning points (secret choices
included), anyone else the turning points of the moves everyone saw; ``share`` posts those in
the game's thread. The review is made off the event loop (:class:`bot.play.reviews.Reviews`)."""

from __future__ import annotations

import re
from functools import partial
from typing import Any

import discord

from bot.discord.bot import ParleyBot, guarded
from bot.discord.messages import send_long
from bot.discord.targets import GameBound, find_target_game
from bot.play.readers import aloud
from bot.play.reviews import public_text, told_to
from bot.play.service import UserError
from bot.storage import GameRecord
from games.core.words import t, tp


async def game_to_review(
    interaction: discord.Interaction[ParleyBot], game_id: int | None
) -> GameRecord:
    """The game ``/parley review`` is about: the ``game`` option, else the thread's game, else
    the caller's most recent finished game in this server."""
    if game_id is not None or isinstance(interaction.channel, discord.Thread):
        return await find_target_game(interaction, game_id)
    if interaction.guild_id is None:
        raise UserError(t("In DMs, tell me which game: add the `game` option."))
    store = interaction.client.store
    latest = await store.finished_games(interaction.guild_id, interaction.user.id, limit=1)
    if not latest:
        raise UserError(t("You have no finished game here yet; a review is made once one is over."))
    return latest[0]


async def answer_review(
    interaction: discord.Interaction[ParleyBot], game: GameRecord, share: bool = False
) -> None:
    """Answer a deferred interaction with the review of ``game`` (refused in words while it
    runs); with ``share``, post its public part in the game's thread first."""
    bot = interaction.client
    found = await bot.reviews.of(game)
    reply = partial(interaction.followup.send, ephemeral=True)
    if share:
        await reply(await post_review(bot, game))
    await send_long(reply, told_to(game, found, interaction.user.id))


async def post_review(bot: ParleyBot, game: GameRecord) -> str:
    """Post the public part of ``game``'s review in its thread, in the game's language (the
    asker's may differ); what to tell the asker."""
    if game.thread_id is None:
        return t("This game has no thread to post the review in; here is yours.")
    try:
        with aloud(game):
            public = public_text(game, await bot.reviews.of(game))
            await send_long(
                bot.get_partial_messageable(game.thread_id).send,
                public,
                allowed_mentions=discord.AllowedMentions.none(),
            )
    except discord.HTTPException:  # no permission there any more, or the thread is gone
        return t("I could not post in <#{thread}>; here is your review.", thread=game.thread_id)
    return t("The review is posted in <#{thread}>; here is yours.", thread=game.thread_id)


class ReviewButton(
    GameBound,
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"parley:review:(?P<game>\d+)",
):
    def __init__(self, game_id: int) -> None:
        self.game_id = game_id
        super().__init__(
            discord.ui.Button(
                label=tp("button", "Review"),
                style=discord.ButtonStyle.secondary,
                emoji="🔎",
                custom_id=f"parley:review:{game_id}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> ReviewButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await guarded(interaction, self._answer(interaction))

    async def _answer(self, interaction: discord.Interaction[ParleyBot]) -> None:
        try:
            await answer_review(interaction, await interaction.client.service.game(self.game_id))
        except UserError as error:
            await interaction.followup.send(str(error), ephemeral=True)
