"""A Parley process for the power-cut test (``test_database_truth``): it plays ``MOVES`` moves
of game 1 through the service, prints each version as soon as the move is acknowledged, then
dies by SIGKILL with nothing closed or checkpointed, as the power going would leave it. Run
with ``power_cut.c`` preloaded, it leaves beside the database the files as they were at their
last sync.

Usage: python -m tests.bot.power_cut_worker DB MOVES
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import sys

from bot.play.service import GameService
from bot.storage import SqliteStore
from games import REGISTRY


async def play(database: str, moves: int) -> None:
    store = await SqliteStore.open(database)
    service = GameService(store)
    picker = random.Random(1)
    for _ in range(moves):
        game = await service.game(1)
        spec = REGISTRY[game.game_key]
        state = service.state(game)
        seat = spec.to_act(state)[0]
        action = picker.choice(spec.legal_actions(state, seat))
        acted = await service.act(game.id, game.user_of(seat), action)
        print(acted.game.version, flush=True)  # acknowledged: the player was told "Done"
    os.kill(os.getpid(), signal.SIGKILL)


if __name__ == "__main__":
    asyncio.run(play(sys.argv[1], int(sys.argv[2])))
