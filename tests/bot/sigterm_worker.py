"""A Parley bot process for the SIGTERM test: Alice plays Ship against an AI seat by slash
commands, against the crash test's journaling fake Discord (``crash_worker``), with SIGTERM and
SIGINT wired to the bot's safe stop exactly as ``parley run`` wires them.

At the chosen point the worker stops itself with SIGSTOP and says so on stderr; the test then
sends SIGTERM and SIGCONT, so the signal lands at that point however busy the machine is. The
points (each counted from the start of the run):

- ``move:N``: SQLite is about to write the N-th move of this run (its ``INSERT INTO actions``),
  inside its transaction: a command in the middle, before its commit;
- ``posting:N``: Discord is about to get the N-th message: a move committed, its post not
  yet delivered;
- ``thought:N``: the AI is in the middle of its N-th thought;
- ``posted:N``: Discord has accepted the N-th message and the bot has not heard: in the middle
  of a delivery.

Once the stop begins, Alice's next command is answered that Parley is restarting; the worker
then waits for the stop to finish and exits (status 0). With no point it plays ``MOVES`` moves
and stops as a test would.

Usage: python -m tests.bot.sigterm_worker DB JOURNAL ACKS RUN POINT MOVES
"""

from __future__ import annotations

import asyncio
import itertools
import os
import random
import signal
import sys
from pathlib import Path

from bot.config import Settings
from bot.discord.bot import ParleyBot
from bot.discord.stopping import RESTARTING
from bot.play.thinking import Thinker
from games import REGISTRY
from tests.bot.crash_worker import (
    GAME,
    THREAD_ID,
    JournalingDiscord,
    Moments,
    append_line,
    build_world,
)

STOPPED = "stopped at"
KINDS = {
    "move": "SQLite is about to run INSERT INTO actions",
    "posting": "Discord is about to get POST /channels/{channel_id}/messages",
    "thought": "the AI is thinking",
    "posted": "Discord answered POST /channels/{channel_id}/messages",
}


class Points(Moments):
    """Stops this process at the N-th moment of one kind (``kind:N``), and never elsewhere."""

    def __init__(self, point: str) -> None:
        super().__init__(0)
        kind, _, nth = point.partition(":")
        self.kind, self.nth = kind, int(nth or 0)
        self.seen = dict.fromkeys(KINDS, 0)
        self.armed = False  # only once the bot is up (its signal handlers in place)

    def __call__(self, what: str) -> None:
        kind = next((k for k, said in KINDS.items() if what.startswith(said)), None)
        if not self.armed or kind is None:
            return
        self.seen[kind] += 1
        if kind == self.kind and self.seen[kind] == self.nth:
            print(f"{STOPPED} {kind}:{self.nth}: {what}", file=sys.stderr, flush=True)
            os.kill(os.getpid(), signal.SIGSTOP)  # the test sends SIGTERM, then SIGCONT


class QuickThinker(Thinker):
    """The AI seat's stand-in: a legal move from the decision's seed, in this process (the
    AI's own pool is tested in ``test_ai_seats``; here it would only cost CPU)."""

    def __init__(self, points: Points | None = None) -> None:
        super().__init__(1)
        self.points = points

    async def choose(self, game_key: str, state: str, seat: int, seed: int) -> str:
        if self.points:
            self.points(KINDS["thought"])
        await asyncio.sleep(0)  # a thought takes at least one turn of the event loop
        spec = REGISTRY[game_key]
        return random.Random(seed).choice(spec.legal_actions(spec.load(state), seat))


async def play(db: Path, journal: Path, acks: Path, run: int, point: str, moves: int) -> None:
    points = Points(point)
    points.watch_sqlite()
    fake = JournalingDiscord(journal, points)
    _, alice, _ = build_world(fake)
    fake._ids = itertools.count(1_000_000 * (run + 1))  # fresh ids for this run's messages
    fake.reload_journal()
    bot = ParleyBot(Settings(token="fake", database=str(db)), sync_commands=False)
    bot.stop_on_signals()
    await fake.attach(bot)
    bot.service.thinker = QuickThinker(points)
    points.armed = True
    thread = fake.channels[THREAD_ID]
    spec = REGISTRY[GAME]
    for _ in range(moves):
        if bot.in_flight.closing:  # the signal came between two commands
            break
        game = await bot.store.game(1)
        assert game is not None and game.status == "active"
        state = spec.load(game.state or "")
        (seat,) = spec.to_act(state)
        assert game.user_of(seat) == alice.id, "the AI seat was left to move"
        action = random.Random(game.version).choice(spec.legal_actions(state, seat))
        reply = await fake.slash(bot, alice, thread, "parley move", action=action)
        if "Done:" in reply.text:
            append_line(acks, {"version": game.version + 1, "action": action})
        elif RESTARTING in reply.text:
            break
        else:
            raise AssertionError(reply.text)
    await bot.stop()  # the stop the signal began (the same task), or one of our own
    print("stopped safely", file=sys.stderr, flush=True)


if __name__ == "__main__":
    database, journal_file, acks_file, run_number, point, moves = sys.argv[1:7]
    asyncio.run(
        play(
            Path(database),
            Path(journal_file),
            Path(acks_file),
            int(run_number),
            point,
            int(moves),
        )
    )
