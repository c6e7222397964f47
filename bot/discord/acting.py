"""One path from Discord to the service and back, for every command and button that changes a
game: :func:`act` defers, makes the change, notes that it is committed, sends the posts it owes
and answers. A new command or button gets all of it right by going through here. (Opening a
new game, ``/parley new`` or Rematch, is the opener's instead: what it owes is its lobby card
and thread, not posts.)

Who may touch the game is settled before :func:`act` runs, structurally: a button's or menu's
by its :class:`~bot.discord.targets.GameBound` gate (discord.py's ``interaction_check``, awaited
before any ``callback``), a command's by :func:`~bot.discord.targets.find_target_game`. Who may
make the change (the seat to act, the host) is the service's to refuse.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TypeVar

import discord

from bot.discord.bot import ParleyBot, committed, guarded, reply_privately
from bot.discord.stopping import RESTARTING
from bot.logs import about
from bot.play.service import UserError
from games.core.words import t

T = TypeVar("T")


async def act(
    interaction: discord.Interaction[ParleyBot],
    game_id: int,
    change: Callable[[], Awaitable[T]],
    said: Callable[[T], str],
    reply: Callable[[T], Awaitable[None]] | None = None,
    *,
    shown: Callable[[T], Awaitable[T]] | None = None,
    in_place: bool = False,
    refuse: Callable[[UserError], Awaitable[None]] | None = None,
) -> None:
    """Make ``change`` (the service call, which raises :class:`UserError` to refuse) for game
    ``game_id``, then send what it owes and answer.

    The answer is deferred first (if it is not yet): privately, or ``in_place`` for a button
    whose message the answer edits. Once the change is made, ``said`` is what it did, noted with
    :func:`~bot.discord.bot.committed` so that a later error never says "Nothing was changed";
    ``shown`` shows at once what the change shows where it was made (a lobby card, a request in
    the thread), returning the outcome as the answer tells it; then the game's owed posts go
    out, and ``reply`` answers (by default: ``said``, privately). A refusal is answered with its
    sentence (by ``refuse``, by default privately); anything else is logged and apologised for,
    telling what was committed.

    While the bot stops, nothing is changed and the answer says it is restarting; a change
    already under way is waited for (:mod:`bot.discord.stopping`)."""
    async with interaction.client.in_flight.hold() as open_:
        if open_:
            await _act(interaction, game_id, change, said, reply, shown, in_place, refuse)
        else:
            await reply_privately(interaction, t(RESTARTING))


async def _act(
    interaction: discord.Interaction[ParleyBot],
    game_id: int,
    change: Callable[[], Awaitable[T]],
    said: Callable[[T], str],
    reply: Callable[[T], Awaitable[None]] | None,
    shown: Callable[[T], Awaitable[T]] | None,
    in_place: bool,
    refuse: Callable[[UserError], Awaitable[None]] | None,
) -> None:
    if not interaction.response.is_done():
        if in_place:
            await interaction.response.defer()
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)

    async def steps() -> None:
        try:
            outcome = await change()
            done = said(outcome)
            committed(interaction, done)
            if shown:
                outcome = await shown(outcome)
            await interaction.client.herald.deliver(game_id)
            await (reply(outcome) if reply else reply_privately(interaction, done))
        except UserError as error:
            interaction.extras["outcome"] = "refused"
            await (refuse(error) if refuse else reply_privately(interaction, str(error)))

    with about(game_id=game_id):
        await guarded(interaction, steps())
