"""The private answer to a move ("Done: ..."): what the move did and, while the player's turn
goes on, where it stands. The thread tells a turn only once it ends (:mod:`bot.play.quiet`), so
between the steps of a turn the player sees its steps so far and the board, with what this turn
changed marked, here; their next choices come with it (the caller adds the panel)."""

from __future__ import annotations

import asyncio
import io

import discord

from bot.play.quiet import held_steps
from bot.storage import GameRecord, Store
from games import REGISTRY
from games.core.words import N_, t
from renderers import render

#: What a player is told while their turn goes on (the golden transcripts find it by it).
GOES_ON = N_("Your turn goes on; the thread shows it whole when it ends. So far:\n{steps}")


async def done_reply(
    store: Store, game: GameRecord, seat: int, line: str, said: bool = True
) -> tuple[str, discord.File | None]:
    """The answer's words (``said``: headed "Done:"; else the move's line alone, for a panel
    that shows it in place), and the board while ``seat``'s turn goes on (else None)."""
    text = t("Done: {move}", move=line) if said else line
    steps = await held_steps(store, game.id)
    spec = REGISTRY[game.game_key]
    if not steps or steps[-1].actor != game.user_of(seat) or game.state is None:
        return text, None
    state = spec.load(game.state)
    if seat not in spec.to_act(state):
        return text, None
    so_far = "\n".join(f"• {step.line}" for step in steps)
    text += "\n" + t(GOES_ON, steps=so_far)
    start, now = steps[0].step, spec.view(state, None)
    assert start is not None  # a held step keeps the board before it
    marks = spec.changes(start, now)
    png = await asyncio.to_thread(render, game.game_key, now, marks)
    return text, discord.File(io.BytesIO(png), filename=f"board-{game.version}.png")
