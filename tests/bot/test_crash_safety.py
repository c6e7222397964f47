"""Crash safety: SIGKILL the bot at chosen moments while it applies and posts actions, start
it again, and check that nothing acknowledged is lost or doubled and every post owed to the
thread goes out exactly once (issue 8).

The kills are synchronised with the worker, not timed: the worker stops itself with SIGSTOP
at the moment the test picked (see ``crash_worker``), the test waits for that stop and then
SIGKILLs it. So every kill lands, and lands at the same point, however loaded the machine.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from bot.play.service import GameService
from bot.storage import SqliteStore
from games import REGISTRY
from tests.bot.crash_worker import GAME, STOPPED, THREAD_ID, JournalingDiscord, build_world

KILLS = 6
# A move of the game is about 18 moments (writes to SQLite, requests to Discord, answers from
# it), the whole game a few thousand: each run is killed within its first dozen moves or so.
MOMENTS = (1, 250)
# Far longer than any run takes: a worker still going after this is stuck, and is killed.
WATCHDOG = 240.0
ROOT = Path(__file__).resolve().parents[2]


async def prepare(db: Path, alice: int, bob: int) -> None:
    store = await SqliteStore.open(str(db))
    service = GameService(store)
    game = await service.new_game(GAME, 1, 2, alice)
    await store.set_places(game.id, THREAD_ID, None)
    game = await service.join(game, bob)
    await service.start(game, alice)
    await store.close()


def run_worker(db: Path, journal: Path, acks: Path, run: int, stop_at: int) -> Worker:
    return Worker(
        [
            sys.executable,
            "-m",
            "tests.bot.crash_worker",
            str(db),
            str(journal),
            str(acks),
            str(run),
            str(stop_at),
        ],
        db.parent / f"stderr-{run}",
    )


class Worker:
    """One worker process, its stderr kept in a file (a pipe nobody reads could fill up and
    block it), and a watchdog that kills it if it hangs."""

    def __init__(self, argv: list[str], stderr: Path) -> None:
        self.stderr = stderr
        with stderr.open("wb") as errors:
            self.process = subprocess.Popen(
                argv, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=errors
            )
        self.hung = False
        self.watchdog = threading.Timer(WATCHDOG, self._time_out)
        self.watchdog.start()

    def _time_out(self) -> None:
        self.hung = True
        self.process.kill()

    def stopped(self) -> bool:
        """Wait until the worker stops itself at its moment (True) or ends (False)."""
        info = os.waitid(os.P_PID, self.process.pid, os.WEXITED | os.WSTOPPED | os.WNOWAIT)
        assert info is not None
        return info.si_code == os.CLD_STOPPED

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)

    def finish(self) -> int:
        """Reap the worker; its exit status (negative: the signal that ended it)."""
        status = self.process.wait()
        self.watchdog.cancel()
        return status

    def stop(self) -> str:
        """What the worker was doing at the moment it stopped itself."""
        said = [line for line in self.stderr.read_text().splitlines() if STOPPED in line]
        assert said, self.errors()
        return said[-1].split(": ", 1)[1]

    def errors(self) -> str:
        hung = f"killed by the watchdog after {WATCHDOG:.0f} s\n" if self.hung else ""
        return hung + self.stderr.read_text()[-2000:]


def lines(path: Path) -> list[dict]:
    return [json.loads(x) for x in path.read_text().splitlines()] if path.exists() else []


@pytest.mark.slow
async def test_sigkill_at_random_moments_loses_and_doubles_nothing(tmp_path):
    db, journal, acks = tmp_path / "parley.db", tmp_path / "journal", tmp_path / "acks"
    world = JournalingDiscord(tmp_path / "unused")
    _, alice, bob = build_world(world)
    await prepare(db, alice.id, bob.id)

    picker = random.Random(2024)
    stops: list[str] = []
    for run in range(KILLS):
        worker = run_worker(db, journal, acks, run, picker.randint(*MOMENTS))
        stopped = worker.stopped()
        if stopped:
            worker.kill()
        status = worker.finish()
        assert stopped, f"run {run} ended (status {status}) before its moment: {worker.errors()}"
        assert status == -signal.SIGKILL, worker.errors()
        stops.append(worker.stop())
    # The kills fell in each window where a crash can lose or double something.
    for window in ("SQLite is about to run", "Discord is about to get", "the bot has not heard"):
        assert any(window in stop for stop in stops), (window, stops)
    final = run_worker(db, journal, acks, KILLS, 0)
    assert not final.stopped()
    assert final.finish() == 0, final.errors()

    store = await SqliteStore.open(str(db))
    game = await store.game(1)
    log = await store.actions(1)
    unsent = await store.unsent()
    await store.close()

    assert game is not None
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
    files = [
        name
        for record in lines(journal)
        if record["channel"] == THREAD_ID
        for name in record["files"]
    ]
    boards = [name for name in files if name.startswith("board-")]
    expected = [f"board-{v}.png" for v in range(game.version + 1)]
    assert sorted(boards, key=lambda n: int(n[6:-4])) == expected, (
        "every post owed to the thread goes out exactly once"
    )
    assert sorted(set(files) - set(boards)) == ["replay-1.gif"] == files[-1:]  # then the replay
