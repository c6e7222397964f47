"""``/parley learn`` and ``/parley hint`` on Discord: a practice game opened in a private
thread and started at once, and a hint answered privately with a button that plays it."""

from __future__ import annotations

import discord

from bot.discord.acting import act
from bot.discord.bot import ParleyBot, committed, reply_privately
from bot.discord.choices import CUSTOM_ID_LIMIT, ActionButton
from bot.discord.lobby import welcome
from bot.discord.permissions import TO_LEARN, lacking, listing
from bot.play.service import UserError
from bot.storage import GameRecord
from games import REGISTRY
from games.core.words import N_, speech, t

#: What the learner reads once their practice game is on.
STARTED = N_(
    "Your practice game of {title} is on: <#{thread}>, a private thread only you can see. "
    "Each of your turns comes with a 📘 note on what you can do and why it matters, and each "
    "of your moves with a word on what it did. Stuck? `/parley hint` there. Unrated."
)


async def open_practice(
    interaction: discord.Interaction[ParleyBot], key: str, options: str = ""
) -> None:
    """``/parley learn``: the practice game, then its opening (``Opener.open_practice``): its
    private thread here, then its start (the AI's first moves and the first notes come with
    the opening post). The start is owed from the game's commit: if the process dies before
    it, the scheduler's resume makes it; if a resume elsewhere makes it first, the opening
    finds it made, and the learner is told their game is on all the same."""
    bot = interaction.client
    channel = interaction.channel
    if not isinstance(channel, discord.TextChannel):
        raise UserError(
            t(
                "Start a practice game in a text channel (not in a thread or a DM): it gets a "
                "private thread there that only you can see."
            )
        )
    assert interaction.guild_id is not None
    missing = lacking(interaction.app_permissions, TO_LEARN)
    if missing:
        raise UserError(
            t(
                "I can't open a practice game here: I lack {permissions} in this channel. An "
                "admin can give me that in the channel's settings, or try another channel.",
                permissions=listing(missing),
            )
        )
    user = interaction.user
    game = await bot.service.learn(  # its private thread speaks the learner's language
        key, interaction.guild_id, channel.id, user.id, options, speech().code
    )
    title = REGISTRY[game.game_key].title
    committed(
        interaction, t("Practice game #{game} of {title} is open.", game=game.id, title=title)
    )

    async def start() -> tuple[GameRecord, str]:
        """The game's thread and start (each made here unless made already)."""
        refused = UserError(
            t(
                "I could not make a private thread here: I need {permissions}.",
                permissions=listing([*TO_LEARN.values()]),
            )
        )
        try:
            opened = await bot.scheduler.open_place(game.id)
        except discord.Forbidden:
            raise refused from None
        if opened is None or opened.thread_id is None:
            raise refused  # a resume got there first, and the channel refused it the thread
        return opened, ""

    async def welcomed(started: tuple[GameRecord, str]) -> tuple[GameRecord, str]:
        """The welcome DM (before the start's own DMs go out); the word if it could not go."""
        return started[0], await welcome(bot, started[0], user.id)

    def said(started: tuple[GameRecord, str]) -> str:
        opened, note = started
        return t(STARTED, title=title, thread=opened.thread_id) + note

    async def answer(started: tuple[GameRecord, str]) -> None:
        await reply_privately(interaction, said(started))

    await act(interaction, game.id, start, said, answer, shown=welcomed)


async def answer_hint(interaction: discord.Interaction[ParleyBot], game: GameRecord) -> None:
    """``/parley hint``: the AI's move for the caller's seat and why, privately, with a
    button that plays it (the usual move button, so it is checked like any click)."""
    hint = await interaction.client.service.hint(game.id, interaction.user.id)
    view = discord.ui.View(timeout=None)
    button = ActionButton(game.id, game.version, hint.action, hint.label)
    if len(button.item.custom_id or "") <= CUSTOM_ID_LIMIT:
        view.add_item(button)
    await interaction.followup.send(
        f"💡 **{hint.label}**\n{hint.reason}", view=view, ephemeral=True
    )
