"""The AI's moves as claimed background work: nothing waits on the AI's thinking.

A move the AI owes is recorded before anyone thinks: a commit that makes a seat the AI plays
due writes ``autopilot_due`` in the same transaction (:meth:`Store.record_action`), and a
clock run out under the autopilot policy is owed by its own deadline row, which stays due
until the seat has moved. Neither the command whose commit made the move due nor the
scheduler's tick thinks: they hand the game to :class:`Thoughts` (:meth:`Thoughts.owe`) and
return, so a person's move is answered as soon as it commits and a tick costs milliseconds
however many moves are owed.

A task per owed game then waits for one of the ``workers`` slots (as many as the process pool
has processes: a thought waiting here holds no lease, so on PostgreSQL another process with a
free worker takes the game), claims the game (:class:`Claims`, without waiting: a game another
process holds is that process's to play, and the record stays for the next tick if it does
not), thinks in the pool and commits with the usual version check. A thought whose game moved
meanwhile loses that check and is dropped; the AI thinks again on the game as it now is. Then
``delivered`` sends what the commits owe (the turn post held for the AI's reply, see
:mod:`bot.play.quiet`). After a crash the record remains, the next tick of any process hands
it out again, and the same move comes out (a decision's seed is fixed).

One game's thoughts run one after another in this process (the AI's seats after a clock's
stand-in, say), never two at once: a game handed out again while it thinks runs once more
after, on the game as it then is.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from bot.play.claims import Claims

log = logging.getLogger(__name__)

#: Seconds before the tick looks again at a clock whose stand-in this process handed out (a
#: lease's length): the commit ends the turn long before, unless the process died meanwhile.
LOOK_AGAIN = 60.0

#: One kind of thought owed in a game: ``"seats"`` (the AI's seats and seats on autopilot),
#: ``"clock:<seat>"`` (a stand-in for a clock run out); each a coroutine to think and commit,
#: saying whether it committed anything.
Thought = Callable[[], Awaitable[bool]]


class Thoughts:
    def __init__(
        self,
        claims: Claims,
        workers: int,
        delivered: Callable[[int], Awaitable[None]] | None = None,
    ) -> None:
        self.claims = claims
        #: Sends a game's owed posts after its thought committed (the herald's delivery).
        self.delivered = delivered
        self._slots = asyncio.Semaphore(workers)
        self._running: dict[int, asyncio.Task[None]] = {}
        self._again: dict[int, dict[str, Thought]] = {}

    def owe(self, game_id: int, kind: str, think: Thought) -> None:
        """Hand out one owed thought of a game, and return at once."""
        if game_id in self._running:
            self._again.setdefault(game_id, {})[kind] = think  # after the one under way
            return
        self._running[game_id] = asyncio.create_task(
            self._work(game_id, {kind: think}), name=f"parley-thought-{game_id}"
        )

    @property
    def owed(self) -> int:
        """Games with a thought handed out in this process (waiting or thinking)."""
        return len(self._running)

    def owes(self, game_id: int) -> bool:
        """Whether a thought of the game is handed out in this process (waiting or thinking)."""
        return game_id in self._running

    async def _work(self, game_id: int, thoughts: dict[str, Thought]) -> None:
        try:
            while thoughts:
                async with self._slots:
                    await self._think(game_id, thoughts)
                thoughts = self._again.pop(game_id, {})
        finally:
            del self._running[game_id]

    async def _think(self, game_id: int, thoughts: dict[str, Thought]) -> None:
        """The game's thoughts under its claim, then its posts. A failure (a worker process
        lost) is logged: the record stays, and the next tick hands it out again."""
        try:
            async with self.claims.hold(game_id, patience=0) as mine:
                if not mine:
                    return
                played = [await think() for think in thoughts.values()]
            if any(played) and self.delivered is not None:
                await self.delivered(game_id)
        except Exception:
            log.exception("The AI could not move in game %s; the next tick tries again", game_id)

    async def settled(self) -> None:
        """Wait until no thought is owed in this process (for `parley bench` and tests: an
        event, never a wait on time)."""
        while self._running:
            await asyncio.gather(*self._running.values(), return_exceptions=True)

    async def close(self) -> None:
        """Stop the thoughts under way (their records stay: the next start hands them out)."""
        tasks = list(self._running.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
