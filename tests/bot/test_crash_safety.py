"""Crash safety: SIGKILL the bot at random moments while it applies and posts actions, start
it again, and check that nothing acknowledged is lost or doubled and every post owed to the
thread goes out exactly once (issue 8)."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from bot.play.service import GameService
from bot.storage import SqliteStore
from games import REGISTRY
from tests.bot.crash_worker import GAME, THREAD_ID, JournalingDiscord, build_world

KILLS = 6
ROOT = Path(__file__).resolve().parents[2]


async def prepare(db: Path, alice: int, bob: int) -> None:
    store = await SqliteStore.open(str(db))
    service = GameService(store)
    game = await service.new_game(GAME, 1, 2, alice)
    await store.set_places(game.id, THREAD_ID, None)
    game = await service.join(game, bob)
    await service.start(game, alice)
    await store.close()


def run_worker(db: Path, journal: Path, acks: Path, run: int) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "tests.bot.crash_worker", str(db), str(journal), str(acks),
         str(run)], cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def lines(path: Path) -> list[dict]:
    return [json.loads(x) for x in path.read_text().splitlines()] if path.exists() else []


async def test_sigkill_at_random_moments_loses_and_doubles_nothing(tmp_path):
    db, journal, acks = tmp_path / "parley.db", tmp_path / "journal", tmp_path / "acks"
    world = JournalingDiscord(tmp_path / "unused")
    _, alice, bob = build_world(world)
    await prepare(db, alice.id, bob.id)

    picker = random.Random(2024)
    kills = 0
    for run in range(KILLS):
        worker = run_worker(db, journal, acks, run)
        time.sleep(picker.uniform(1.2, 2.5))  # start-up is ~1 s; then it is mid-game
        if worker.poll() is None:
            os.kill(worker.pid, signal.SIGKILL)
            kills += 1
        worker.wait()
    assert kills >= KILLS // 2, "the worker finished too early to be killed"
    final = run_worker(db, journal, acks, KILLS)
    _, errors = final.communicate(timeout=240)
    assert final.returncode == 0, errors.decode()[-2000:]

    store = await SqliteStore.open(str(db))
    game = await store.game(1)
    log = await store.actions(1)
    unsent = await store.unsent()
    await store.close()

    assert game.status == "over" and game.version == len(log)
    spec = REGISTRY[GAME]
    replayed = spec.new(2, game.seed, game.options)
    for seat, action in log:
        replayed = spec.apply(replayed, seat, action)
    assert spec.dump(replayed) == game.state, "the stored state is not the replay of its log"

    acknowledged = lines(acks)
    assert acknowledged, "no action was acknowledged"
    for ack in acknowledged:
        assert log[ack["version"] - 1][1] == ack["action"], "an acknowledged action is missing"

    assert unsent == []
    boards = [name for record in lines(journal) if record["channel"] == THREAD_ID
              for name in record["files"]]
    expected = [f"board-{v}.png" for v in range(game.version + 1)]
    assert sorted(boards, key=lambda n: int(n[6:-4])) == expected, (
        "every post owed to the thread goes out exactly once")
