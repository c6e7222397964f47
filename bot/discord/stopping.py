"""Stopping safely (SIGTERM, SIGINT, a deploy): no change to a game cut off before its answer,
no post left owed that a few seconds could send.

A stop first closes the door: every command, button and menu after it is answered privately
with :data:`RESTARTING` and changes nothing (:class:`InFlight`'s ``closing``, checked by the
bot's gates and by :func:`bot.discord.acting.act`). Then it waits, bounded by
``PARLEY_STOP_GRACE_SECONDS``, for the work under way (each :func:`~bot.discord.acting.act`
with its commit, the AI's thought it started and its posts; the tick in progress) and spends
what is left of that time sending what games still owe. Last the bot closes: the tick loop and
the AI's pool stop, the claims are given back (so another process takes the games at once) and
the database closes. Nothing here is needed for safety (a SIGKILL loses nothing either); it
makes a restart quiet: no "This interaction failed" after a move, no post waiting for the next
start. (What only reads, a replay or a review being drawn, is not waited for: asked again after
the restart, it is drawn again.)
"""

from __future__ import annotations

import asyncio
import signal
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

from games.core.words import N_

#: Said with ``t`` where it is answered (the reader's language).
RESTARTING = N_("Parley is restarting; try again in a minute.")
#: The signals that stop the bot safely (systemd's stop, Ctrl+C).
SIGNALS = (signal.SIGTERM, signal.SIGINT)


class InFlight:
    """The work under way that a stop waits for, and whether new work may still start."""

    def __init__(self) -> None:
        self.closing = False
        self._under_way = 0
        self._idle = asyncio.Event()
        self._idle.set()

    @asynccontextmanager
    async def hold(self) -> AsyncIterator[bool]:
        """Count the block as work under way: True; False (and nothing counted) once the
        bot is stopping, when the block must start nothing."""
        if self.closing:
            yield False
            return
        self._under_way += 1
        self._idle.clear()
        try:
            yield True
        finally:
            self._under_way -= 1
            if not self._under_way:
                self._idle.set()

    async def drained(self, timeout: float) -> bool:
        """Wait until the work under way is done (the door closed first): False if some is
        still going after ``timeout`` seconds."""
        assert self.closing, "new work would keep the stop waiting"
        try:
            async with asyncio.timeout(timeout):
                await self._idle.wait()
        except TimeoutError:
            return False
        return True


def on_signals(stop: Callable[[], object]) -> None:
    """Call ``stop`` on SIGTERM and SIGINT, in the running event loop."""
    loop = asyncio.get_running_loop()
    for signum in SIGNALS:
        loop.add_signal_handler(signum, stop)
