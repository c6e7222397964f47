"""A Parley bot process for the crash test: it plays a Ship game by slash commands against a
fake Discord that journals every message it accepts to a file (fsync'd), the way Discord keeps
what it received when our process dies. ``test_crash_safety`` SIGKILLs this process at random
moments and starts it again on the same database and journal.

Usage: python -m tests.bot.crash_worker DB JOURNAL ACKS RUN
"""

from __future__ import annotations

import asyncio
import itertools
import json
import os
import random
import sys
from pathlib import Path
from typing import Any

from bot.client import ParleyBot
from bot.config import Settings
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


def append_line(path: Path, record: dict[str, Any]) -> None:
    with path.open("a") as handle:
        handle.write(json.dumps(record) + "\n")
        handle.flush()
        os.fsync(handle.fileno())


class JournalingDiscord(FakeDiscord):
    """Deterministic ids for the world (so every run sees the same users and thread), and a
    journal of accepted messages that later runs reload, nonces included."""

    BASE = 1 << 40

    def __init__(self, journal: Path) -> None:
        self.journal = journal
        super().__init__()

    def next_id(self) -> int:
        return self.BASE + next(self._ids)

    def _send_message(self, channel_id: str, body: dict[str, Any], files: list[FakeFile],
                      **kwargs: Any) -> dict[str, Any]:
        before = len(self._order)
        result = super()._send_message(channel_id, body, files, **kwargs)
        if len(self._order) > before:
            append_line(self.journal, {
                "channel": int(channel_id), "nonce": body.get("nonce"),
                "content": body.get("content"), "files": [f.filename for f in files],
            })
        return result

    def reload_journal(self) -> None:
        if not self.journal.exists():
            return
        for line in self.journal.read_text().splitlines():
            record = json.loads(line)
            channel = self.channels[record["channel"]]  # both players have DMs closed
            message = self._store_message(channel, {"content": record["content"]},
                                          [FakeFile(name, b"") for name in record["files"]])
            if record["nonce"]:
                self.nonces[(channel.id, record["nonce"])] = message.id


def build_world(fake: JournalingDiscord) -> tuple[FakeChannel, FakeUser, FakeUser]:
    guild = fake.add_guild("Harbour")
    alice = fake.add_user("alice", dms_open=False)
    bob = fake.add_user("bob", dms_open=False)
    for user in (alice, bob):
        fake.add_member(guild, user)
    channel = fake.channel(guild)
    thread = FakeChannel(THREAD_ID, "Ship #1", PUBLIC_THREAD, guild_id=guild.id,
                         parent_id=channel.id, owner_id=fake.bot_user.id)
    fake.channels[thread.id] = thread
    guild.channel_ids.append(thread.id)
    return channel, alice, bob


async def play(db: Path, journal: Path, acks: Path, run: int) -> None:
    fake = JournalingDiscord(journal)
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
        reply = await fake.slash(bot, users[game.user_of(seat)], thread, "parley move",
                                 action=action)
        if "Done:" in reply.text:
            append_line(acks, {"version": game.version + 1, "action": action})
    await fake.detach(bot)


if __name__ == "__main__":
    database, journal_file, acks_file, run_number = sys.argv[1:5]
    asyncio.run(play(Path(database), Path(journal_file), Path(acks_file), int(run_number)))
