"""One of several Parley bot processes on one PostgreSQL database, for ``test_multi_process``.

Each process has a fake Discord of its own, but they stand for one Discord: the world (server,
players, one thread per game) is built with the same ids everywhere, and every message Discord
accepts goes into one journal file, under a file lock, with its enforced nonce. Before a
process's fake accepts a message it reads what the others put in the journal, so a nonce
already used by any process is answered with the message it made (as Discord does), and a
message another process posted can be edited or pinned here. A resend that a nonce dropped is
journaled too, as a ``resend``, so the test can count them.

The game clock is shared by arithmetic: ``base + (time() - epoch) * speed`` in every process.
The test writes clicks on a process's standard input, one JSON line each (``seq``, ``game``,
``user``, ``action``); the process runs each as ``/parley move`` and answers on standard output
with ``seq`` and whether the player saw "Done" (an acknowledged action).

Usage: python -m tests.bot.multi_worker URL JOURNAL SLOT RUN BASE EPOCH SPEED GAMES
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import itertools
import json
import os
import random
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import bot.play.claims
import bot.storage.postgres
from bot.config import Settings
from bot.discord.bot import ParleyBot
from bot.play.thinking import Thinker
from games import REGISTRY
from tests.bot.fake_discord import PUBLIC_THREAD, FakeChannel, FakeDiscord, FakeFile, FakeUser
from tests.bot.fake_discord.recorder import FakeMessage

THREADS = 1 << 41  # game N's thread is THREADS + N
TICK_SECONDS = 0.5
LEASE_SECONDS = 3.0  # a dead process's games are taken over this soon


class QuickStandIn(Thinker):
    """The autopilot's stand-in here: a legal move picked at random from the decision's seed,
    in the process. The AI's own pool (its thinking, its workers ending with a killed bot,
    its claims across processes) is tested in ``test_ai_seats``; here its CPU would only load
    the two cores that three bots already share, and the fast game clock (12 hours in 6 s)
    would run out on players whose clicks it slowed."""

    async def choose(self, game_key: str, state: str, seat: int, seed: int) -> str:
        spec = REGISTRY[game_key]
        return random.Random(seed).choice(spec.legal_actions(spec.load(state), seat))


class SharedDiscord(FakeDiscord):
    """One Discord for several processes (see the module's docstring)."""

    BASE = 1 << 40

    def __init__(self, journal: Path) -> None:
        self.journal = journal
        self.read_up_to = 0
        self.process = os.getpid()
        super().__init__()

    def next_id(self) -> int:
        return self.BASE + next(self._ids)

    @staticmethod
    def _ignorable(task: asyncio.Task[Any]) -> bool:
        """The claims' renewer lives as long as any claim: not work a click waits for."""
        return FakeDiscord._ignorable(task) or task.get_name() == "parley-claims-renewer"

    @contextlib.contextmanager
    def _locked(self) -> Iterator[None]:
        with open(f"{self.journal}.lock", "a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            try:
                self._catch_up()
                yield
            finally:
                fcntl.flock(lock, fcntl.LOCK_UN)

    def _catch_up(self) -> None:
        """Take in the messages the other processes' Discord accepted since the last look."""
        if not self.journal.exists():
            return
        with self.journal.open() as handle:
            handle.seek(self.read_up_to)
            lines = handle.readlines()
            self.read_up_to = handle.tell()
        for line in lines:
            record = json.loads(line)
            if "id" not in record or record["id"] in self._messages:
                continue
            channel = self.channels[record["channel"]]
            message = FakeMessage(
                id=record["id"],
                channel_id=channel.id,
                author=self.bot_user,
                guild_id=channel.guild_id,
                thread_id=channel.id if channel.is_thread else None,
            )
            files = [FakeFile(name, b"") for name in record["files"]]
            self._apply(message, {"content": record["content"]}, files, record_edit=False)
            self._messages[message.id] = message
            self._order.append(message.id)
            if record["nonce"]:
                self.nonces[(channel.id, record["nonce"])] = message.id

    def _append(self, record: dict[str, Any]) -> None:
        with self.journal.open("a") as handle:
            handle.write(json.dumps(record) + "\n")
            handle.flush()
            os.fsync(handle.fileno())
        self.read_up_to = self.journal.stat().st_size

    def _send_message(
        self, channel_id: str, body: dict[str, Any], files: list[FakeFile], **kwargs: Any
    ) -> dict[str, Any]:
        with self._locked():
            before = len(self._order)
            result = super()._send_message(channel_id, body, files, **kwargs)
            nonce = str(body["nonce"]) if body.get("nonce") else None
            if len(self._order) > before:
                self._append(
                    {
                        "id": self._order[-1],
                        "channel": int(channel_id),
                        "nonce": nonce,
                        "content": body.get("content"),
                        "files": [f.filename for f in files],
                        "process": self.process,
                    }
                )
            elif nonce:
                self._append({"resend": nonce, "process": self.process})
        return result

    def _message_or_404(self, channel: FakeChannel, message_id: str | int) -> FakeMessage:
        if int(message_id) not in self._messages:
            with self._locked():
                pass  # caught up
        return super()._message_or_404(channel, message_id)


def build_world(fake: FakeDiscord, games: int) -> tuple[list[FakeUser], list[FakeChannel]]:
    """The same server, players (two per game, DMs closed) and threads in every process."""
    guild = fake.add_guild("Harbour")
    players = [fake.add_user(f"p{n}", dms_open=False) for n in range(2 * games)]
    for user in players:
        fake.add_member(guild, user)
    channel = fake.channel(guild)
    threads = []
    for game in range(1, games + 1):
        thread = FakeChannel(
            THREADS + game,
            f"Cardinal #{game}",
            PUBLIC_THREAD,
            guild_id=guild.id,
            parent_id=channel.id,
            owner_id=fake.bot_user.id,
        )
        fake.channels[thread.id] = thread
        guild.channel_ids.append(thread.id)
        threads.append(thread)
    return players, threads


async def serve(url: str, journal: Path, slot: int, run: int, clock: Any, games: int) -> None:
    bot.storage.postgres.LEASE_SECONDS = LEASE_SECONDS
    bot.play.claims.RENEW_EVERY = LEASE_SECONDS / 3
    fake = SharedDiscord(journal)
    players, threads = build_world(fake, games)
    users = {u.id: u for u in players}
    fake._ids = itertools.count(10_000_000 * (slot * 1_000 + run + 1))  # this run's message ids
    parley = ParleyBot(
        Settings(token="fake", database=url, tick_seconds=TICK_SECONDS),
        sync_commands=False,
        clock=clock,
    )
    await fake.attach(parley)
    parley.service.thinker = QuickStandIn()
    print(json.dumps({"ready": os.getpid()}), flush=True)

    async def click(command: dict[str, Any]) -> None:
        reply = await fake.slash(
            parley,
            users[command["user"]],
            threads[command["game"] - 1],
            "parley move",
            action=command["action"],
        )
        text = "\n".join(m.content for m in reply.followups) or (reply.content or "")
        print(json.dumps({"seq": command["seq"], "done": text.startswith("Done:")}), flush=True)

    reader = asyncio.StreamReader()
    loop = asyncio.get_running_loop()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    running = set()
    while line := await reader.readline():
        task = asyncio.create_task(click(json.loads(line)))
        running.add(task)
        task.add_done_callback(running.discard)
    await asyncio.gather(*running)
    await fake.detach(parley)


if __name__ == "__main__":
    url, journal, slot, run, base, epoch, speed, count = sys.argv[1:9]
    start, since, rate = float(base), float(epoch), float(speed)
    asyncio.run(
        serve(
            url,
            Path(journal),
            int(slot),
            int(run),
            lambda: start + (time.time() - since) * rate,
            int(count),
        )
    )
