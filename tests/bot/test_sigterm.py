"""Stopping safely (issue 26, item 5), in a real process: SIGTERM at chosen points while Alice
plays Ship against an AI seat, then a restart, and nothing is lost or doubled.

The points (``sigterm_worker`` says how each is reached): a command in the middle before its
commit (``move``), a move committed and its post not yet delivered (``posting``), the AI in
the middle of a thought (``thought``), a post Discord accepted that the bot has not heard of
yet (``posted``). Each worker stops itself with SIGSTOP at its point; the test sends SIGTERM
and SIGCONT, so the signal lands there however busy the machine is, and nothing waits on the
clock. After each stop: exit status 0, and the stop left nothing behind (no post owed, no AI
move owed, the database closed so the next start opens it at once). Each run after the first
is the restart after the stop before it; after the last, the database is checked.
"""

from __future__ import annotations

import signal
import sys
from pathlib import Path

import pytest

from bot.play.service import GameService
from bot.storage import SqliteStore
from games import REGISTRY
from tests.bot.crash_worker import GAME, THREAD_ID, JournalingDiscord, build_world
from tests.bot.sigterm_worker import STOPPED, QuickThinker
from tests.bot.test_crash_safety import Worker, lines

#: Where each run is stopped, in order; each later run is the restart after the one before.
POINTS = ("move:3", "posting:2", "thought:2", "posted:2")
MOVES = 6  # Alice's moves per run at most: every point is reached well within them


async def prepare(db: Path, alice: int) -> None:
    store = await SqliteStore.open(str(db))
    service = GameService(store, QuickThinker())
    game = await service.new_game(GAME, 1, 2, alice)
    await store.set_places(game.id, THREAD_ID, None)
    game = await service.add_ai(game, alice)
    await service.start(game, alice)
    await store.close()


def worker(db: Path, run: int, point: str) -> Worker:
    journal, acks = db.parent / "journal", db.parent / "acks"
    argv = [sys.executable, "-m", "tests.bot.sigterm_worker"]
    argv += [str(db), str(journal), str(acks), str(run), point, str(MOVES)]
    return Worker(argv, db.parent / f"stderr-{run}")


async def left_behind(db: Path) -> tuple[list[object], list[int]]:
    """What a stop left owed: posts unsent, AI moves due (opening the database also shows
    the stopped process let go of it)."""
    store = await SqliteStore.open(str(db))
    try:
        return list(await store.unsent()), await store.autopilot_due()
    finally:
        await store.close()


@pytest.mark.slow
async def test_sigterm_at_chosen_points_exits_0_and_loses_and_doubles_nothing(tmp_path):
    db = tmp_path / "parley.db"
    world = JournalingDiscord(tmp_path / "unused")
    _, alice, _ = build_world(world)
    await prepare(db, alice.id)

    for run, point in enumerate(POINTS):
        process = worker(db, run, point)
        reached = process.stopped()
        if reached:
            process.process.send_signal(signal.SIGTERM)
            process.process.send_signal(signal.SIGCONT)
        status = process.finish()
        errors = process.errors()
        assert reached, f"run {run} ended (status {status}) before {point}: {errors}"
        assert f"{STOPPED} {point}" in errors and "stopped safely" in errors, errors
        assert status == 0, errors
        assert await left_behind(db) == ([], []), f"the stop at {point} left work owed"

    store = await SqliteStore.open(str(db))
    game, log = await store.game(1), await store.actions(1)
    await store.close()
    assert game is not None and game.version == len(log)
    spec = REGISTRY[GAME]
    replayed = spec.new(2, game.seed, game.options)
    for seat, action in log:
        replayed = spec.apply(replayed, seat, action)
    assert spec.dump(replayed) == game.state, "the stored state is not the replay of its log"

    acknowledged = lines(tmp_path / "acks")
    assert len(acknowledged) > len(POINTS)
    for ack in acknowledged:
        assert log[ack["version"] - 1][1] == ack["action"], "an acknowledged move is missing"

    posts = [record for record in lines(tmp_path / "journal") if record["channel"] == THREAD_ID]
    nonces = [record["nonce"] for record in posts if record["nonce"]]
    assert len(nonces) == len(set(nonces)), "a post went out twice"
    boards = [name for record in posts for name in record["files"]]
    versions = [int(name[6:-4]) for name in boards]
    assert versions == sorted(set(versions)), "a board went out twice, or out of order"
    assert versions[-1] == game.version, "the last move's board was never posted"
    for ack in acknowledged:  # each move Alice saw done, posted (with the AI's reply, if any)
        assert {ack["version"], ack["version"] + 1} & set(versions), ack
