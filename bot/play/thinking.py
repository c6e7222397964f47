"""The AI that plays a seat: a stand-in for an absent player (the ``autopilot`` policy, a kick,
a resignation) and a seat of its own (an AI seat added in the lobby).

The search (:mod:`games.ai`) takes up to a second or two per decision, so it never runs on the
event loop: :class:`Thinker` hands it to a process pool sized to the machine (created on first
use, shut down with the bot). Nothing is stored while it thinks; the chosen move then goes
through the service's ordinary version-checked commit, so a crash mid-thought loses nothing
(the move is simply computed again, and comes out the same: the seed is fixed per decision).
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import random
from concurrent.futures import Executor, ProcessPoolExecutor

from games import REGISTRY
from games.ai import make_player

#: The strength of every AI seat and stand-in (issue 15: "the AI at ``normal`` strength").
LEVEL = "normal"


def decision_seed(game_seed: int, version: int, seat: int) -> int:
    """One seed per decision: the same game, version and seat always think the same way."""
    return random.Random(f"{game_seed}:{version}:{seat}:ai").getrandbits(62)


def think(game_key: str, state: str, seat: int, seed: int, level: str = LEVEL) -> str:
    """The AI's action for ``seat`` in a stored state (runs in a worker process). The player
    sees the state only through its seat's legal actions and ``spec.sample``."""
    spec = REGISTRY[game_key]
    return make_player(f"ai:{level}", seed).choose(spec, spec.load(state), seat)


class Thinker:
    """Runs :func:`think` off the event loop, in a process pool made on first use."""

    def __init__(self, workers: int | None = None, level: str = LEVEL) -> None:
        self.workers = workers or os.cpu_count() or 1
        self.level = level
        self._pool: Executor | None = None

    async def choose(self, game_key: str, state: str, seat: int, seed: int) -> str:
        if self._pool is None:
            # forkserver: the bot has threads (SQLite, discord.py); a plain fork could copy a
            # held lock into the child.
            # The server imports the games once, so a new worker starts in milliseconds.
            context = multiprocessing.get_context("forkserver")
            context.set_forkserver_preload(["games", "games.ai"])
            self._pool = ProcessPoolExecutor(self.workers, mp_context=context)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(
            self._pool, think, game_key, state, seat, seed, self.level
        )

    def shutdown(self) -> None:
        """Stop the workers (a thought under way is dropped: it is computed again later)."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
