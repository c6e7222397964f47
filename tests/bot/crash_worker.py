"""A Parley bot process for the crash test: it plays a Ship game by slash commands against a
fake Discord that journals every message it accepts to a file (fsync'd), the way Discord keeps
what it received when our process dies. ``test_crash_safety`` starts this process again and
again on the same database and journal, and SIGKILLs it at a moment it picks.

A moment is a point where a crash can lose or double something: just before SQLite runs a
statement that writes (or commits), just before Discord receives a request, and just after
Discord accepted one but before the bot hears back. The worker counts them and, at moment
STOP_AT, stops itself with SIGSTOP; the test, waiting for exactly that, kills it there. No
clock is involved, so a kill lands at the same moment however busy the machine is.

Usage: python -m tests.bot.crash_worker DB JOURNAL ACKS RUN STOP_AT (0: play to the end)
"""

from __future__ import annotations

import asyncio
import itertools
import json
import os
import random
import re
import signal
import sqlite3
import sys
from pathlib import Path
from typing import Any

from discord.http import Route

from bot.config import Settings
from bot.discord.bot import ParleyBot
from games import REGISTRY
from tests.bot.fake_discord import (
    PUBLIC_THREAD,
    FakeChannel,
    FakeDiscord,
    FakeFile,
    FakeUser,
)

GAME = "ship"
THREAD_ID = (1 << 41) + 7
# What the worker writes to stderr just before it stops itself, then the moment's number and
# what was happening.
STOPPED = "stopped at moment"


def append_line(path: Path, record: dict[str, Any]) -> None:
    with path.open("a") as handle:
        handle.write(json.dumps(record) + "\n")
        handle.flush()
        os.fsync(handle.fileno())


class Moments:
    """Counts the moments a crash can fall on and stops this process at the chosen one."""

    WRITES = re.compile(r"\s*(INSERT|UPDATE|DELETE|REPLACE|COMMIT)\b", re.IGNORECASE)

    def __init__(self, stop_at: int) -> None:
        self.stop_at = stop_at
        self.count = 0

    def __call__(self, what: str) -> None:
        self.count += 1
        if self.count == self.stop_at:
            print(f"{STOPPED} {self.count}: {what}", file=sys.stderr, flush=True)
            os.kill(os.getpid(), signal.SIGSTOP)  # the test sees it stop and SIGKILLs it

    def watch_sqlite(self) -> None:
        """Make every write SQLite is about to run a moment (aiosqlite opens its connections
        through ``sqlite3.connect``, in its own thread; SIGSTOP stops every thread)."""
        connect = sqlite3.connect

        def traced(*args: Any, **kwargs: Any) -> sqlite3.Connection:
            connection = connect(*args, **kwargs)
            connection.set_trace_callback(self._statement)
            return connection

        sqlite3.connect = traced  # type: ignore[assignment]

    def _statement(self, sql: str) -> None:
        if self.WRITES.match(sql):
            self(f"SQLite is about to run {' '.join(sql.split())[:60]}")


class JournalingDiscord(FakeDiscord):
    """Deterministic ids for the world (so every run sees the same users and thread), and a
    journal of accepted messages that later runs reload, nonces included."""

    BASE = 1 << 40

    def __init__(self, journal: Path, moment: Moments | None = None) -> None:
        self.journal = journal
        self.moment = moment or Moments(0)
        super().__init__()

    def next_id(self) -> int:
        return self.BASE + next(self._ids)

    def _send_message(
        self, channel_id: str, body: dict[str, Any], files: list[FakeFile], **kwargs: Any
    ) -> dict[str, Any]:
        before = len(self._order)
        result = super()._send_message(channel_id, body, files, **kwargs)
        if len(self._order) > before:
            append_line(
                self.journal,
                {
                    "channel": int(channel_id),
                    "nonce": body.get("nonce"),
                    "content": body.get("content"),
                    "files": [f.filename for f in files],
                },
            )
        return result

    async def _rest_request(self, route: Route, **kwargs: Any) -> Any:
        self.moment(f"Discord is about to get {route.key}")
        try:
            return await super()._rest_request(route, **kwargs)
        finally:
            self.moment(f"Discord answered {route.key}; the bot has not heard")

    async def _webhook_request(self, route: Route, **kwargs: Any) -> Any:
        self.moment(f"Discord is about to get {route.key}")
        try:
            return await super()._webhook_request(route, **kwargs)
        finally:
            self.moment(f"Discord answered {route.key}; the bot has not heard")

    def reload_journal(self) -> None:
        if not self.journal.exists():
            return
        for line in self.journal.read_text().splitlines():
            record = json.loads(line)
            channel = self.channels[record["channel"]]  # both players have DMs closed
            message = self._store_message(
                channel,
                {"content": record["content"]},
                [FakeFile(name, b"") for name in record["files"]],
            )
            if record["nonce"]:
                self.nonces[(channel.id, record["nonce"])] = message.id


def build_world(fake: JournalingDiscord) -> tuple[FakeChannel, FakeUser, FakeUser]:
    guild = fake.add_guild("Harbour")
    alice = fake.add_user("alice", dms_open=False)
    bob = fake.add_user("bob", dms_open=False)
    for user in (alice, bob):
        fake.add_member(guild, user)
    channel = fake.channel(guild)
    thread = FakeChannel(
        THREAD_ID,
        "Ship #1",
        PUBLIC_THREAD,
        guild_id=guild.id,
        parent_id=channel.id,
        owner_id=fake.bot_user.id,
    )
    fake.channels[thread.id] = thread
    guild.channel_ids.append(thread.id)
    return channel, alice, bob


async def play(db: Path, journal: Path, acks: Path, run: int, stop_at: int) -> None:
    moments = Moments(stop_at)
    moments.watch_sqlite()
    fake = JournalingDiscord(journal, moments)
    _, alice, bob = build_world(fake)
    fake._ids = itertools.count(1_000_000 * (run + 1))  # fresh ids for this run's messages
    fake.reload_journal()
    users = {alice.id: alice, bob.id: bob}
    bot = ParleyBot(Settings(token="fake", database=str(db)), sync_commands=False)
    await fake.attach(bot)
    thread = fake.channels[THREAD_ID]
    spec = REGISTRY[GAME]
    while True:
        game = await bot.store.game(1)
        assert game is not None
        if game.status != "active":
            break
        state = spec.load(game.state or "")
        seat = spec.to_act(state)[0]
        action = random.Random(game.version).choice(spec.legal_actions(state, seat))
        reply = await fake.slash(
            bot, users[game.user_of(seat)], thread, "parley move", action=action
        )
        if "Done:" in reply.text:
            append_line(acks, {"version": game.version + 1, "action": action})
    await bot.scheduler.tick()  # the finished game's replay (issue 16)
    await fake.detach(bot)


if __name__ == "__main__":
    database, journal_file, acks_file, run_number, stop_at = sys.argv[1:6]
    asyncio.run(
        play(Path(database), Path(journal_file), Path(acks_file), int(run_number), int(stop_at))
    )
