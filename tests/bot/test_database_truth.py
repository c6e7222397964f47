"""The database tells the truth (issue 12): an acknowledged move survives a power cut; a locked,
read-only, newer or busy database is refused at start for what it is (never called damaged,
never "move it away"); a second Parley on the same database is refused; and ``parley backup``
refuses what it cannot do and checks what it did."""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

import bot.storage.sqlite
from bot.cli import main
from bot.play.service import GameService
from bot.storage import (
    DatabaseInUse,
    DatabaseLocked,
    DatabaseTooNew,
    SqliteStore,
    migrations,
)
from tests.bot.conftest import World

ROOT = Path(__file__).resolve().parents[2]
HOST, FRIEND = 101, 202


async def started_game(path: Path) -> int:
    """A started Cardinal game in a new database, closed again (so all of it is on disk)."""
    store = await SqliteStore.open(str(path))
    service = GameService(store)
    game = await service.new_game("cardinal", 1, 2, HOST, "first=orange")
    await store.set_places(game.id, 99, 98)
    game = await service.start(await service.join(game, FRIEND), HOST)
    await store.close()
    return game.id


def parley(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess:
    """``parley ARGS`` in a fresh process, from this checkout."""
    return subprocess.run(
        [sys.executable, "-m", "bot.cli", *args],
        cwd=ROOT,
        env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1", **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def assert_one_line(stderr: str) -> str:
    lines = stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in stderr, stderr
    return lines[0]


# -- acknowledged means durable ------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("cc") is None, reason="the power-cut model is built with cc")
async def test_an_acknowledged_move_survives_a_power_cut(tmp_path):
    """Issue 12: "with synchronous=NORMAL, cutting the last WAL frames (a power cut) reopened
    a game at version 5 though 6 had been acknowledged". The worker runs with every file's
    state at its last fsync kept aside (``power_cut.c``); the disk a power cut leaves is
    those files, and every acknowledged move must be on it."""
    shim = tmp_path / "synced.so"
    subprocess.run(
        ["cc", "-shared", "-fPIC", "-o", str(shim), str(ROOT / "tests/bot/power_cut.c"), "-ldl"],
        check=True,
    )
    live = tmp_path / "live"
    live.mkdir()
    database = live / "parley.db"
    await started_game(database)
    shutil.copy(database, live / "parley.db.synced")  # closed cleanly: all of it is on disk
    worker = subprocess.run(
        [sys.executable, "-m", "tests.bot.power_cut_worker", str(database), "6"],
        cwd=ROOT,
        env={**os.environ, "LD_PRELOAD": str(shim)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert worker.returncode == -signal.SIGKILL, worker.stderr
    acknowledged = [int(v) for v in worker.stdout.split()]
    assert acknowledged == [1, 2, 3, 4, 5, 6]

    disk = tmp_path / "after-the-power-cut"
    disk.mkdir()
    shutil.copy(live / "parley.db.synced", disk / "parley.db")
    if (live / "parley.db-wal.synced").exists():
        shutil.copy(live / "parley.db-wal.synced", disk / "parley.db-wal")
    store = await SqliteStore.open(str(disk / "parley.db"))
    try:
        game = await store.game(1)
        assert game is not None and game.version == acknowledged[-1]
        assert len(await store.actions(1)) == acknowledged[-1]
    finally:
        await store.close()


async def test_every_commit_waits_for_the_disk(tmp_path):
    """The setting behind the power-cut test, checked where no C compiler is at hand."""
    store = await SqliteStore.open(str(tmp_path / "parley.db"))
    try:
        assert await bot.storage.sqlite.pragma_value(store._db, "synchronous") == 2  # FULL
    finally:
        await store.close()


# -- refused at start for what it is -------------------------------------------------------


async def test_a_locked_database_is_called_locked_not_damaged(tmp_path, monkeypatch):
    """Issue 12: a locked database was reported as "failed its integrity check ... move the
    file away to start afresh"."""
    path = tmp_path / "parley.db"
    other = sqlite3.connect(path, isolation_level=None)  # another program, no WAL: it locks
    other.execute("CREATE TABLE notes (text)")
    other.execute("BEGIN EXCLUSIVE")
    monkeypatch.setattr(bot.storage.sqlite, "BUSY_TIMEOUT_MS", 50)
    try:
        with pytest.raises(DatabaseLocked) as refused:
            await SqliteStore.open(str(path))
    finally:
        other.execute("ROLLBACK")
        other.close()
    message = str(refused.value)
    assert "locked by another program" in message and str(path) in message
    assert "integrity" not in message and "move" not in message
    store = await SqliteStore.open(str(path))  # once the other program lets go, it opens
    await store.close()


@contextmanager
def unwritable(*paths: Path) -> Iterator[None]:
    """Make ``paths`` read-only for this process: by their modes for a user; for root, who
    writes through any mode, by the immutable attribute (or skip where there is none)."""
    if os.geteuid() != 0:
        modes = {path: path.stat().st_mode for path in paths}
        for path in paths:
            path.chmod(0o555 if path.is_dir() else 0o444)
        try:
            yield
        finally:
            for path, mode in modes.items():
                path.chmod(mode)
        return
    frozen: list[Path] = []
    try:
        for path in paths:
            if subprocess.run(["chattr", "+i", str(path)], capture_output=True).returncode:
                pytest.skip("root writes through file modes and chattr +i is not available")
            frozen.append(path)
        yield
    finally:
        for path in frozen:
            subprocess.run(["chattr", "-i", str(path)], check=True)


@pytest.mark.parametrize("where", ["file", "folder"])
def test_a_read_only_database_is_called_read_only_not_damaged(tmp_path, where):
    """Issue 12: a read-only database was reported as "failed its integrity check ... move
    the file away to start afresh". ``parley run`` says what is wrong in one line, exit 1."""
    folder = tmp_path / "data"
    folder.mkdir()
    database = folder / "parley.db"
    asyncio.run(started_game(database))
    before = database.read_bytes()
    with unwritable(database, *([folder] if where == "folder" else [])):
        result = parley("run", env={"DISCORD_TOKEN": "not-used", "PARLEY_DB": str(database)})
    line = assert_one_line(result.stderr)
    assert result.returncode == 1
    assert "cannot write" in line and str(database) in line, line
    assert "integrity" not in line and "move" not in line and "damaged" not in line
    assert database.read_bytes() == before


async def test_a_database_from_a_newer_parley_is_refused_with_both_versions(tmp_path):
    """Issue 12: "a database from a newer Parley (schema 99) opens silently and fails at the
    first write"."""
    path = tmp_path / "parley.db"
    await started_game(path)
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA user_version=99")
    before = path.read_bytes()
    with pytest.raises(DatabaseTooNew) as refused:
        await SqliteStore.open(str(path))
    message = str(refused.value)
    known = migrations()[-1][0]
    assert "schema version 99" in message and f"up to {known}" in message
    assert path.read_bytes() == before


@pytest.mark.slow
def test_parley_run_refuses_a_newer_database_in_one_line(tmp_path):
    path = tmp_path / "parley.db"
    asyncio.run(started_game(path))
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA user_version=99")
    result = parley("run", env={"DISCORD_TOKEN": "not-used", "PARLEY_DB": str(path)})
    assert result.returncode == 1
    assert "schema version 99" in assert_one_line(result.stderr)


# -- one process per database ----------------------------------------------------------------


@pytest.mark.parametrize("database", ["sqlite"], indirect=True)  # PostgreSQL takes several
async def test_a_second_bot_on_the_same_database_is_refused(world: World):
    """Issue 12: "a second bot process on the same database is not refused; both schedulers
    posted the same forfeit". The second is refused at start; the first goes on."""
    first = await world.start_bot()
    with pytest.raises(DatabaseInUse) as refused:
        await world.start_bot()
    message = str(refused.value)
    assert f"process {os.getpid()}" in message and str(world.database) in message
    assert "Only one process may use a database" in message
    await world.fake.slash(first, world.alice, world.channel, "parley new", game="cardinal")
    assert len(await first.store.open_lobbies(world.guild.id)) == 1


@pytest.mark.slow
async def test_the_lock_dies_with_a_killed_process(tmp_path):
    """The hold is the process's: another process is refused while it lives (with its pid),
    and a SIGKILL frees the database for the restart at once."""
    path = tmp_path / "parley.db"
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import asyncio, sys\n"
            "from bot.storage import SqliteStore\n"
            f"store = asyncio.run(SqliteStore.open({str(path)!r}))\n"
            "print('open', flush=True)\n"
            "sys.stdin.read()\n",
        ],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "open\n"
        with pytest.raises(DatabaseInUse, match=f"process {holder.pid}"):
            await SqliteStore.open(str(path))
        result = parley("run", env={"DISCORD_TOKEN": "not-used", "PARLEY_DB": str(path)})
        assert result.returncode == 1
        assert "already running" in assert_one_line(result.stderr)
    finally:
        holder.kill()
        holder.wait()
    store = await SqliteStore.open(str(path))
    await store.close()


# -- parley backup ------------------------------------------------------------------------


@pytest.fixture
def live(tmp_path, monkeypatch) -> Path:
    path = tmp_path / "parley.db"
    asyncio.run(started_game(path))
    monkeypatch.setenv("PARLEY_DB", str(path))
    return path


def test_backup_onto_the_live_file_is_refused(live, capsys):
    """Issue 12: "parley backup onto the live file printed success with no copy"."""
    before = live.read_bytes()
    for target in (live, live.parent / "." / live.name, Path(f"{live}-wal")):
        assert main(["backup", str(target)]) == 1
        out = capsys.readouterr()
        assert "live database itself" in assert_one_line(out.err) and out.out == ""
    assert live.read_bytes() == before


def test_backup_of_a_missing_database_creates_nothing(tmp_path, monkeypatch, capsys):
    """Issue 12: "a mistyped PARLEY_DB created an empty database and backed up 0 games"."""
    typo = tmp_path / "parly.db"
    monkeypatch.setenv("PARLEY_DB", str(typo))
    assert main(["backup", str(tmp_path / "copy.db")]) == 1
    line = assert_one_line(capsys.readouterr().err)
    assert "no database" in line and str(typo) in line
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_backup_of_a_file_that_is_not_parleys_is_refused(tmp_path, monkeypatch, capsys):
    other = tmp_path / "notes.db"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE notes (text)")
    monkeypatch.setenv("PARLEY_DB", str(other))
    assert main(["backup", str(tmp_path / "copy.db")]) == 1
    assert "not a Parley database" in assert_one_line(capsys.readouterr().err)
    assert not (tmp_path / "copy.db").exists()


def test_backup_into_a_missing_folder_or_onto_another_file_is_refused(live, tmp_path, capsys):
    """Issue 12: "a folder as target gives a traceback" (a folder now takes a backup named by
    time: ``test_backups_into_a_folder_keep_the_newest_n``)."""
    assert main(["backup", str(tmp_path / "missing" / "copy.db")]) == 1
    assert "does not exist" in assert_one_line(capsys.readouterr().err)
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes")
    assert main(["backup", str(notes)]) == 1
    assert "not a database" in assert_one_line(capsys.readouterr().err)
    assert notes.read_text() == "my notes"


async def test_backup_while_the_bot_runs_is_checked_and_counted(live, tmp_path, capsys):
    """The copy is made while the bot holds the database, checked with integrity_check, and
    its games counted; the copy opens as a store with the game in it."""
    store = await SqliteStore.open(str(live))  # the running bot
    try:
        await GameService(store).new_game("ship", 1, 2, HOST)  # a lobby, not in play
        target = tmp_path / "copy.db"
        assert await asyncio.to_thread(main, ["backup", str(target)]) == 0
        out = capsys.readouterr()
        assert out.err == ""
        assert "integrity check ok, 2 games (1 in play)" in out.out, out.out
        again = await asyncio.to_thread(main, ["backup", str(target)])  # a nightly job
        assert again == 0 and "2 games" in capsys.readouterr().out
    finally:
        await store.close()
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("copy")) == ["copy.db"]
    copy = await SqliteStore.open(str(target))
    try:
        game = await copy.game(1)
        assert game is not None and game.status == "active"
    finally:
        await copy.close()


def test_backups_into_a_folder_keep_the_newest_n(live, tmp_path, capsys):
    """Issue 26: "scheduled SQLite backups with rotation (`parley backup` into a folder, keep
    N)". Only the backups named by time are rotated; another file in the folder is kept."""
    folder = tmp_path / "backups"
    folder.mkdir()
    older = ["parley-20260101-030000.db", "parley-20260102-030000.db", "parley-20260103-030000.db"]
    for name in older:
        shutil.copy(live, folder / name)
    (folder / "notes.txt").write_text("keep me")

    assert main(["backup", str(folder), "--keep", "2"]) == 0
    out = capsys.readouterr()
    assert out.err == "" and "integrity check ok, 1 games" in out.out
    assert "Removed 2 older backup(s), keeping the newest 2." in out.out
    (made,) = {p.name for p in folder.iterdir()} - {*older, "notes.txt"}
    assert re.fullmatch(r"parley-\d{8}-\d{6}\.db", made) and made > older[-1]
    assert sorted(p.name for p in folder.iterdir()) == ["notes.txt", older[-1], made]
    assert (folder / "notes.txt").read_text() == "keep me"

    for argv, said in (
        (["backup", str(folder), "--keep", "0"], "1 or more"),
        (["backup", str(tmp_path / "one.db"), "--keep", "3"], "works with a folder"),
    ):
        assert main(argv) == 1
        assert said in assert_one_line(capsys.readouterr().err)
    assert len(list(folder.iterdir())) == 3 and not (tmp_path / "one.db").exists()
