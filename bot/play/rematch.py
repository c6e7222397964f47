"""A rematch: a new lobby with a finished game's seats (in the same order), host,
options and clock, opened once however many players press Rematch at once."""

from __future__ import annotations

import secrets

from bot.play.service import UserError
from bot.storage import GameRecord, Store
from games.core.words import t


async def rematch(store: Store, game: GameRecord, user_id: int) -> tuple[GameRecord, bool]:
    """The rematch lobby of ``game`` and whether this call opened it (False: it was open)."""
    if game.status != "over":
        raise UserError(t("A rematch can only be opened once the game is over."))
    if game.seat_of(user_id) is None:
        raise UserError(t("Only the players of this game can open its rematch."))
    return await store.create_rematch(game.id, secrets.randbits(62))
