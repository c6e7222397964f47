"""``/parley undo`` on Discord (issue 16): the request posted in the game's thread with Agree
and Refuse buttons for the players asked, and what a click does. The rule and the taking back
are :mod:`bot.play.undo`'s; a request is tied to the game version it was asked at, so its
buttons stop working at the next action."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.discord.bot import ParleyBot, guarded
from bot.discord.targets import GameBound
from bot.play.service import UserError
from bot.play.undo import Undos
from bot.storage import GameRecord, UndoRequest
from games import REGISTRY


def request_text(game: GameRecord, request: UndoRequest, what: str) -> str:
    label = REGISTRY[game.game_key].seat_label(request.seat)
    asked = ", ".join(f"<@{u}>" for u in request.waiting)
    return (
        f"↩️ <@{request.user_id}> ({label}) asks to take back their last move ({what}). "
        f"{asked}: do you agree? The request ends at the next move."
    )


def answer_buttons(game_id: int, version: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(UndoAnswer(game_id, version, "yes"))
    view.add_item(UndoAnswer(game_id, version, "no"))
    return view


async def ask_undo(interaction: discord.Interaction[ParleyBot], game: GameRecord) -> str:
    """Ask to take back the caller's last move; the private answer to give them."""
    bot = interaction.client
    asked = await Undos(bot.store).ask(game, interaction.user.id)
    request = asked.request
    if not request.waiting:
        await bot.service.play_ai_seats(game.id)  # an AI seat due again moves
        await bot.herald.deliver(game.id)
        return f"Taken back: {asked.what}"
    if game.thread_id is None:
        raise UserError("This game has no thread to ask the other players in.")
    await bot.get_partial_messageable(game.thread_id).send(
        request_text(game, request, asked.what),
        view=answer_buttons(game.id, request.version),
        allowed_mentions=discord.AllowedMentions(
            everyone=False, roles=False, users=[discord.Object(u) for u in request.waiting]
        ),
    )
    names = ", ".join(f"<@{u}>" for u in request.waiting)
    return f"Asked {names} to agree to take back your last move ({asked.what})."


class UndoAnswer(
    GameBound,
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"parley:undo:(?P<game>\d+):(?P<ver>\d+):(?P<answer>yes|no)",
):
    def __init__(self, game_id: int, version: int, answer: str) -> None:
        self.game_id, self.version, self.answer = game_id, version, answer
        super().__init__(
            discord.ui.Button(
                label="Agree" if answer == "yes" else "Refuse",
                style=discord.ButtonStyle.success
                if answer == "yes"
                else discord.ButtonStyle.danger,
                custom_id=f"parley:undo:{game_id}:{version}:{answer}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> UndoAnswer:
        return cls(int(match["game"]), int(match["ver"]), match["answer"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, self._answer(interaction))

    async def _answer(self, interaction: discord.Interaction[ParleyBot]) -> None:
        bot = interaction.client
        text = interaction.message.content if interaction.message else ""
        user = interaction.user.id
        try:
            request = await Undos(bot.store).answer(
                self.game_id, self.version, user, self.answer == "yes"
            )
        except UserError as error:
            game = await bot.store.game(self.game_id)
            if game is None or game.version != self.version or game.status != "active":
                await interaction.response.edit_message(
                    content=f"{text}\n⌛ Expired: the game moved on.", view=None
                )
                await interaction.followup.send(str(error), ephemeral=True)
            else:
                await interaction.response.send_message(str(error), ephemeral=True)
            return
        if self.answer == "no":
            await interaction.response.edit_message(
                content=f"{text}\n❌ <@{user}> refused.", view=None
            )
        elif request.waiting:
            waiting = ", ".join(f"<@{u}>" for u in request.waiting)
            await interaction.response.edit_message(
                content=f"{text}\n✅ <@{user}> agrees; waiting for {waiting}."
            )
        else:
            await interaction.response.edit_message(
                content=f"{text}\n✅ <@{user}> agrees: the move is taken back.", view=None
            )
            await bot.service.play_ai_seats(self.game_id)  # an AI seat due again moves
            await bot.herald.deliver(self.game_id)
