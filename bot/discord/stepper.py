"""The step-through board: ``/parley replay`` (and the Replay button under a final post)
answers privately with the board after a move, that move's line of the history, ⏮ ◀ ▶ ⏭
buttons that turn the same private message in place, 📄 Record (the game's text record) and
a "go to move" menu. The buttons and the menu are ``DynamicItem``s carrying the game and the
move, so they work after a restart; the boards come from :class:`bot.play.stepper.Stepper`'s
cache."""

from __future__ import annotations

import io
import re
from typing import Any

import discord

from bot.discord.bot import ParleyBot, guarded, reply_privately
from bot.discord.records import RecordButton
from bot.discord.targets import GameBound
from bot.play.service import UserError
from bot.play.stepper import Frame, clip
from games.core.words import N_, t, tp

#: The buttons under the board, by what they do (:func:`goes_to`), with their labels (said
#: with ``t``).
TURNS = {
    "first": "⏮",
    "back": N_("◀ Back"),
    "next": N_("Next ▶"),
    "last": "⏭",
}
OPEN = "open"  # the final post's button: a new private message, not a turn of one


def goes_to(how: str, move: int, moves: int) -> int:
    return {"first": 0, "back": move - 1, "next": move + 1, "last": moves}[how]


def stepper_view(game_id: int, frame: Frame) -> discord.ui.View:
    """The buttons and the "go to move" menu under the board after ``frame.move``."""
    view = discord.ui.View(timeout=None)
    for how, label in TURNS.items():
        to = goes_to(how, frame.move, frame.moves)
        off = not 0 <= to <= frame.moves or to == frame.move
        view.add_item(StepThrough(game_id, max(0, min(to, frame.moves)), how, t(label), off))
    view.add_item(RecordButton(game_id))
    view.add_item(GoToMove(game_id, frame))
    return view


def board_file(game_id: int, frame: Frame) -> discord.File:
    return discord.File(io.BytesIO(frame.png), filename=f"replay-{game_id}-{frame.move}.png")


async def open_stepper(
    interaction: discord.Interaction[ParleyBot], game_id: int, move: int | None
) -> None:
    """Answer with a new private step-through board (the command, the final post's button)."""
    game = await interaction.client.service.game(game_id)
    frame = await interaction.client.herald.replays.stepper.frame(game, move)
    await interaction.followup.send(
        frame.text,
        ephemeral=True,
        file=board_file(game.id, frame),
        view=stepper_view(game.id, frame),
        allowed_mentions=discord.AllowedMentions.none(),
    )


async def turn_to(interaction: discord.Interaction[ParleyBot], game_id: int, move: int) -> None:
    """Turn the private step-through board in place to the board after ``move``. The answer
    is deferred first: after a restart the game is replayed again before its board is drawn."""
    await interaction.response.defer()
    try:
        game = await interaction.client.service.game(game_id)
        frame = await interaction.client.herald.replays.stepper.frame(game, move)
    except UserError as error:
        await reply_privately(interaction, str(error))
        return
    await interaction.edit_original_response(
        content=frame.text,
        attachments=[board_file(game.id, frame)],
        view=stepper_view(game.id, frame),
        allowed_mentions=discord.AllowedMentions.none(),
    )


class StepThrough(
    GameBound,
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"parley:replay:(?P<game>\d+):(?P<move>\d+):(?P<how>first|back|next|last|open)",
):
    """⏮ ◀ ▶ ⏭ under a step-through board (each turns it to its move), or the Replay button
    under a final post (``how`` :data:`OPEN`: a new private board at the opening)."""

    def __init__(
        self, game_id: int, move: int, how: str, label: str = "", disabled: bool = False
    ) -> None:
        self.game_id, self.move, self.how = game_id, move, how
        super().__init__(
            discord.ui.Button(
                label=label or tp("button", "Replay"),
                style=discord.ButtonStyle.secondary,
                emoji="🎞️" if how == OPEN else None,
                custom_id=f"parley:replay:{game_id}:{move}:{how}",
                disabled=disabled,
            )
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> StepThrough:
        return cls(int(match["game"]), int(match["move"]), match["how"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if self.how == OPEN:
            await interaction.response.defer(ephemeral=True, thinking=True)
            await guarded(interaction, self._open(interaction))
        else:
            await guarded(interaction, turn_to(interaction, self.game_id, self.move))

    async def _open(self, interaction: discord.Interaction[ParleyBot]) -> None:
        try:
            await open_stepper(interaction, self.game_id, self.move)
        except UserError as error:
            await reply_privately(interaction, str(error))


def replay_button(game_id: int) -> StepThrough:
    """The Replay button under a game's final post."""
    return StepThrough(game_id, 0, OPEN, tp("button", "Replay"))


class GoToMove(
    GameBound,
    discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]],
    template=r"parley:replayto:(?P<game>\d+)",
):
    """ "Go to move": the opening, the last move, the moves around this one and the rest of
    the game spread evenly, each with its line of the history."""

    def __init__(self, game_id: int, frame: Frame | None = None) -> None:
        self.game_id = game_id
        options = [
            discord.SelectOption(
                label=t("The opening board") if move == 0 else t("Move {move}", move=move),
                value=str(move),
                description=clip(text, 100) if move else None,
                default=frame is not None and frame.move == move,
            )
            for move, text in (frame.waypoints if frame else [(0, "")])
        ]
        super().__init__(
            discord.ui.Select(
                placeholder=t("Go to move…"),
                options=options,
                custom_id=f"parley:replayto:{game_id}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> GoToMove:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        picked = self.item.values[0] if self.item.values else ""
        if not picked.isdigit() or len(picked) > 18:  # a forged pick
            await reply_privately(interaction, t("Pick a move from the menu."))
            return
        await guarded(interaction, turn_to(interaction, self.game_id, int(picked)))
