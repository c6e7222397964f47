"""The AI that plays a seat: a stand-in for an absent player (the ``autopilot`` policy, a kick,
a resignation) and a seat of its own (an AI seat added in the lobby).

The search (:mod:`games.ai`) takes up to a second or two per decision, so it never runs on the
event loop: :class:`Thinker` hands it to a process pool sized to the machine (created on first
use, shut down with the bot). Nothing is stored while it thinks; the chosen move then goes
through the service's ordinary version-checked commit, so a crash mid-thought loses nothing
(the move is simply computed again, and comes out the same: the seed is fixed per decision).
Who asks it and when is :mod:`bot.play.thoughts`' business: the AI's moves are owed work, each
thought with the game claimed (:mod:`bot.play.claims`), so with several processes only one
thinks for a seat.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import random
import select
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from bot.language import in_language
from bot.metrics import Metrics, since
from games import REGISTRY
from games.ai import make_player
from games.ai.hints import Hint, suggest
from games.core.words import speech

T = TypeVar("T")

#: The strength of every AI seat and stand-in: a fair opponent, and quick enough to think
#: for many games at once.
LEVEL = "normal"


def decision_seed(game_seed: int, version: int, seat: int) -> int:
    """One seed per decision: the same game, version and seat always think the same way."""
    return random.Random(f"{game_seed}:{version}:{seat}:ai").getrandbits(62)


def think(game_key: str, state: str, seat: int, seed: int, level: str = LEVEL) -> str:
    """The AI's action for ``seat`` in a stored state (runs in a worker process). The player
    sees the state only through its seat's legal actions and ``spec.sample``."""
    spec = REGISTRY[game_key]
    return make_player(f"ai:{level}", seed).choose(spec, spec.load(state), seat)


def advise(game_key: str, state: str, seat: int, seed: int, level: str = LEVEL) -> Hint:
    """A hint for ``seat`` (``/parley hint``): the AI's move and why (runs in a worker
    process; like :func:`think`, it sees the state only through the seat's knowledge)."""
    spec = REGISTRY[game_key]
    return suggest(spec, spec.load(state), seat, seed, level)


def worker_context() -> multiprocessing.context.BaseContext:
    """Workers forked from a server process (``forkserver``): the bot has threads (SQLite,
    discord.py), and a plain fork could copy a held lock into the child. The server imports
    the games, the AI and the replays' drawing once (the replays' workers share it, see
    ``bot.discord.replays``), so a new worker starts in milliseconds."""
    method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
    context = multiprocessing.get_context(method)
    if method == "forkserver":
        context.set_forkserver_preload(["games.ai", "bot.play.replays"])
    return context


#: How much lower than the bot a pool worker runs: the event loop gets the CPU first, so
#: commands and ticks stay fast while the AI thinks or a replay is drawn. Measured with the
#: bench's own runs (:mod:`bot.bench_thinking`, 12 clocks run out, 2 workers) on 2 cores shared
#: with seven other engineers' work and two CPU-bound processes of ours (load average 23-27,
#: so the numbers are noisy): niceness 0 gave 0.27 decisions/s with tick p99 7.6 s and command
#: p99 1.16 s; niceness 5, 0.13 decisions/s, 1.2 s, 1.0 s; niceness 10, 0.22 decisions/s,
#: 0.37 s, 0.61 s. Without our burners (load about 20), 20 clocks: 1.11, 1.35 and 0.95
#: decisions/s at 0, 5 and 10. The AI kept more than 80% of its niceness-0 pace at 10 in both
#: runs, and since its moves are background work (:mod:`bot.play.thoughts`) a slower AI holds
#: up no command and no tick, while niceness 0 made the tick twenty times slower: 10 stays.
WORKER_NICENESS = 10


def background_worker(parent: int, niceness: int = WORKER_NICENESS) -> None:
    """A pool worker's initializer: the worker runs ``niceness`` below the bot's priority and
    ends when the bot process ``parent`` does. A process killed outright (SIGKILL, the OOM killer)
    cannot stop its pool, and a worker forked by the server would otherwise wait for work
    forever, keeping the server alive too."""
    with contextlib.suppress(OSError):
        os.nice(niceness)

    def watch() -> None:
        try:
            gone = os.pidfd_open(parent)  # readable once the process has ended (Linux)
        except ProcessLookupError:
            os._exit(0)
        except (AttributeError, OSError):
            while True:  # elsewhere: look every second
                time.sleep(1.0)
                try:
                    os.kill(parent, 0)
                except ProcessLookupError:
                    os._exit(0)
                except PermissionError:  # pragma: no cover - alive, owned by another user
                    pass
        with contextlib.suppress(InterruptedError):
            select.select([gone], [], [])
        os._exit(0)

    threading.Thread(target=watch, name="parley-end-with-bot", daemon=True).start()


class Thinker:
    """Runs :func:`think` off the event loop, in a process pool made on first use."""

    def __init__(
        self,
        workers: int | None = None,
        level: str = LEVEL,
        metrics: Metrics | None = None,
        niceness: int = WORKER_NICENESS,
    ) -> None:
        self.workers = workers or os.cpu_count() or 1
        self.level = level
        self.niceness = niceness
        #: How long each choice took, by game and level.
        self.metrics = metrics or Metrics()
        #: A worker died (killed, out of memory) and no thought has finished since.
        self.broken = False
        self._pool: Executor | None = None

    async def choose(self, game_key: str, state: str, seat: int, seed: int) -> str:
        return await self._run(think, game_key, state, seat, seed, self.level)

    async def advise(self, game_key: str, state: str, seat: int, seed: int) -> Hint:
        return await self._run(advise, game_key, state, seat, seed, self.level)

    async def _run(self, work: Callable[..., T], game_key: str, *args: Any) -> T:
        """``work(game_key, *args)`` in the pool, its time counted as a thought (a move or a
        hint) of the game's."""
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                self.workers,
                mp_context=worker_context(),
                initializer=background_worker,
                initargs=(os.getpid(), self.niceness),
            )
        loop = asyncio.get_running_loop()
        began = time.perf_counter()
        try:
            # a hint's words in the asker's language (the worker speaks it: see in_language)
            answer = await loop.run_in_executor(
                self._pool, in_language, speech().code, work, game_key, *args
            )
            self.metrics.thought(game_key, self.level, since(began))
            self.broken = False
            return answer
        except BrokenProcessPool:
            self.broken = True
            self.shutdown()  # a worker died (killed, out of memory): a new pool next time
            raise

    def shutdown(self) -> None:
        """Stop the workers (a thought under way is dropped: it is computed again later)."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
