"""``/parley undo`` on Discord: the request posted in the game's thread with Agree
and Refuse buttons for the players asked, and what a click does. The rule and the taking back
are :mod:`bot.play.undo`'s; the buttons carry the request's own id, so an answer counts for
that request only, and a click on one no longer open says why in words."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.discord.acting import act
from bot.discord.bot import ParleyBot, reply_privately
from bot.discord.targets import GameBound
from bot.play.readers import aloud
from bot.play.service import UserError
from bot.play.undo import Answered, Asked, Closed, Undos
from bot.storage import GameRecord
from games import REGISTRY
from games.core.words import N_, t, tp

#: What a button posted before requests had ids says (the request it was for is gone).
OLD_BUTTON = (
    N_("That request to take back a move is no longer current: ask again with `/parley undo`."),
    N_("⌛ No longer current."),
)


def request_text(game: GameRecord, asked: Asked) -> str:
    request = asked.request
    label = REGISTRY[game.game_key].seat_label(request.seat)
    names = ", ".join(f"<@{u}>" for u in asked.waiting)
    return t(
        "↩️ <@{player}> ({seat}) asks to take back their last move ({move}). {players}: do you "
        "agree? The request ends at the next move.",
        player=request.user_id,
        seat=label,
        move=asked.what,
        players=names,
    )


def answer_buttons(game_id: int, request_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(UndoAnswer(game_id, f"r{request_id}", "yes"))
    view.add_item(UndoAnswer(game_id, f"r{request_id}", "no"))
    return view


async def ask_undo(interaction: discord.Interaction[ParleyBot], game: GameRecord) -> None:
    """Ask to take back the caller's last move, and tell them what came of it."""
    bot = interaction.client

    async def ask() -> Asked:
        asked = await Undos(bot.store).ask(game, interaction.user.id)
        if not asked.waiting:
            bot.service.play_ai_seats(game.id)  # an AI seat due again moves
        return asked

    def said(asked: Asked) -> str:
        if not asked.waiting:
            return t("Taken back: {move}", move=asked.what)
        names = ", ".join(f"<@{u}>" for u in asked.waiting)
        return t(
            "Asked {players} to agree to take back your last move ({move}).",
            players=names,
            move=asked.what,
        )

    async def shown(asked: Asked) -> Asked:
        """The request, in the thread, for the players asked."""
        request = asked.request
        if not asked.waiting:
            return asked
        if game.thread_id is None:
            raise UserError(t("This game has no thread to ask the other players in."))
        assert request.id is not None  # stored: it waits for answers
        with aloud(game):  # the thread's words, not the asker's
            await bot.get_partial_messageable(game.thread_id).send(
                request_text(game, asked),
                view=answer_buttons(game.id, request.id),
                allowed_mentions=discord.AllowedMentions(
                    everyone=False, roles=False, users=[discord.Object(u) for u in asked.waiting]
                ),
            )
        return asked

    await act(interaction, game.id, ask, said, shown=shown)


class UndoAnswer(
    GameBound,
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"parley:undo:(?P<game>\d+):(?P<ref>r?\d+):(?P<answer>yes|no)",
):
    """Agree or Refuse on one request: ``ref`` is ``r`` and the request's id. A bare number
    is the game version the buttons of an older Parley carried, before requests had ids:
    such a button only says its request is no longer current."""

    def __init__(self, game_id: int, ref: str, answer: str) -> None:
        self.game_id, self.ref, self.answer = game_id, ref, answer
        super().__init__(
            discord.ui.Button(
                label=tp("button", "Agree") if answer == "yes" else tp("button", "Refuse"),
                style=discord.ButtonStyle.success
                if answer == "yes"
                else discord.ButtonStyle.danger,
                custom_id=f"parley:undo:{game_id}:{ref}:{answer}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> UndoAnswer:
        return cls(int(match["game"]), match["ref"], match["answer"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await self._answer(interaction)

    async def _answer(self, interaction: discord.Interaction[ParleyBot]) -> None:
        bot = interaction.client
        text = interaction.message.content if interaction.message else ""
        user = interaction.user.id

        async def answer() -> Answered:
            if not self.ref.startswith("r"):
                raise Closed(*map(t, OLD_BUTTON))
            answered = await Undos(bot.store).answer(
                self.game_id, int(self.ref[1:]), user, self.answer == "yes"
            )
            if self.answer == "yes" and not answered.waiting:
                bot.service.play_ai_seats(self.game_id)  # an AI seat due again moves
            return answered

        async def reply(answered: Answered) -> None:
            player = f"<@{user}>"
            if self.answer == "no":
                await interaction.edit_original_response(
                    content=f"{text}\n" + t("❌ {player} refused.", player=player), view=None
                )
            elif answered.waiting:
                waiting = ", ".join(f"<@{u}>" for u in answered.waiting)
                await interaction.edit_original_response(
                    content=f"{text}\n"
                    + t(
                        "✅ {player} agrees; waiting for {players}.", player=player, players=waiting
                    )
                )
            else:
                await interaction.edit_original_response(
                    content=f"{text}\n"
                    + t("✅ {player} agrees: the move is taken back.", player=player),
                    view=None,
                )

        async def refuse(error: UserError) -> None:
            if isinstance(error, Closed):
                await interaction.edit_original_response(content=f"{text}\n{error.mark}", view=None)
            await reply_privately(interaction, str(error))

        await act(
            interaction,
            self.game_id,
            answer,
            lambda _: t("Your answer counts."),
            reply,
            in_place=True,
            refuse=refuse,
        )
