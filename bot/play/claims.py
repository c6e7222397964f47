"""Which games' background work this process holds, so that several processes share it and
none does it twice.

The scheduler's due work (deadlines, reminders, vacations) and the sending of what a game owes
are claimed in the database first (:meth:`Store.claim_due`, :meth:`Store.claim`): on
PostgreSQL a lease that this process renews while it works and that lapses if it dies, so
another process takes the game over; on SQLite (one process) every claim is granted. Inside
one process the scheduler and a delivery may hold the same game at once (they have their own
locks): a claim is counted, and given back to the database when the last holder lets go.
Taking and giving back take turns in the process (``_turns``): otherwise a holder's claim
could reach the database just before another holder's release of the same game, whose
release would then end the lease the first still counts on, and another process would take
the game while this one works on it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from bot.storage import Claim, Store

log = logging.getLogger(__name__)

#: Seconds between lease renewals (a lease lasts a minute: three renewals fit in one).
RENEW_EVERY = 20.0
#: How long a delivery waits for a game another process holds, polling this often.
PATIENCE = 5.0
POLL = 0.05
#: Games claimed per round trip by the scheduler.
BATCH = 50


class Claims:
    def __init__(self, store: Store) -> None:
        self.store = store
        self._held: dict[int, int] = {}  # game id -> holders in this process
        self._renewer: asyncio.Task[None] | None = None
        self._idle = asyncio.Event()  # set when nothing is held: the renewer stops at once
        self._turns = asyncio.Lock()  # one claim or release of this process at a time

    async def due(self, now: float, after: int) -> list[Claim]:
        """Claim the games with a turn due at ``now`` or posts owed, by id above ``after``
        (the next batch of a tick); each must be given back with :meth:`release`."""
        async with self._turns:
            claims = await self.store.claim_due(now, after, BATCH)
            for claim in claims:
                self._hold(claim.game_id)
        return claims

    @asynccontextmanager
    async def hold(self, game_id: int, patience: float = PATIENCE) -> AsyncIterator[bool]:
        """Hold the game while the block runs: True, or False when another process holds it
        for longer than ``patience`` seconds (it does the work, or the next tick will)."""
        mine = await self._claim(game_id)
        waited = 0.0
        while not mine and waited < patience:
            await asyncio.sleep(POLL)
            waited += POLL
            mine = await self._claim(game_id)
        if not mine:
            log.debug("Game %s is held by another process", game_id)
            yield False
            return
        try:
            yield True
        finally:
            await self.release(game_id)

    async def _claim(self, game_id: int) -> bool:
        """One more holder of the game in this process, if it holds the game already or the
        database grants the claim now."""
        async with self._turns:
            if game_id not in self._held and not await self.store.claim(game_id):
                return False
            self._hold(game_id)
            return True

    async def release(self, game_id: int) -> None:
        """Let go of the game; the last holder in this process gives it back."""
        async with self._turns:
            self._held[game_id] -= 1
            if self._held[game_id]:
                return
            del self._held[game_id]
            if not self._held:
                self._idle.set()
            await self.store.release(game_id)

    def _hold(self, game_id: int) -> None:
        """One more holder in this process (the scheduler and a delivery may share a game)."""
        self._held[game_id] = self._held.get(game_id, 0) + 1
        self._idle.clear()
        if self._renewer is None or self._renewer.done():
            self._renewer = asyncio.create_task(self._renew(), name="parley-claims-renewer")

    async def _renew(self) -> None:
        """Renew the leases every :data:`RENEW_EVERY` seconds while any is held."""
        while self._held:
            try:
                await asyncio.wait_for(self._idle.wait(), RENEW_EVERY)
            except TimeoutError:
                try:
                    await self.store.renew(sorted(self._held))
                except Exception:
                    log.exception("Could not renew the claims on games %s", sorted(self._held))

    async def close(self) -> None:
        """Stop renewing and give back every lease still held, so that another process
        takes those games at once rather than when the leases lapse."""
        if self._renewer is not None:
            self._renewer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._renewer
        held, self._held = sorted(self._held), {}
        for game_id in held:
            try:
                await self.store.release(game_id)
            except Exception:
                log.exception("Could not give back the claim on game %s", game_id)
