"""The SQLite dialect of the shared SQL store (aiosqlite, WAL): :class:`bot.storage.Store` for
one process.

One connection serves the whole bot, and an asyncio lock gives each coroutine the connection
alone (so no read ever sees another coroutine's uncommitted transaction); every change is a
single ``BEGIN IMMEDIATE ... COMMIT``, which holds the whole database, so the game locks of
:mod:`bot.storage.sql` cost nothing here. An action, its new state and the posts it owes
commit together or not at all; the version check in the same transaction makes two
simultaneous clicks apply once.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any, cast

import aiosqlite

from bot.storage.lock import ProcessLock
from bot.storage.migrations import migrations as all_migrations
from bot.storage.problems import damaged, explain, too_new, unreachable
from bot.storage.records import Claim, GameRecord, Seat
from bot.storage.sql import Row, Session, SqlStore, game_record, seat_record

#: How long a statement waits for another connection's lock before giving up.
BUSY_TIMEOUT_MS = 5000


async def connect(path: str) -> aiosqlite.Connection:
    """A connection to ``path`` set up for the bot (WAL, and ``synchronous=FULL``: a commit
    returns only once its WAL frames are on disk, so an acknowledged move survives a power
    cut; NORMAL could lose the last commits), after checking that the file is whole and not
    from a newer Parley."""
    try:
        db = await aiosqlite.connect(path, isolation_level=None)
    except sqlite3.Error as error:
        raise explain(path, error) from None
    db.row_factory = aiosqlite.Row
    try:
        for pragma in (
            f"busy_timeout={BUSY_TIMEOUT_MS}",  # first: a lock held a moment is waited for
            "journal_mode=WAL",
            "synchronous=FULL",
            "foreign_keys=ON",
        ):
            await run(db, f"PRAGMA {pragma}")
        verdict = await pragma_value(db, "integrity_check")
        if verdict != "ok":
            raise damaged(path, verdict)
        found: int = await pragma_value(db, "user_version")
        known = migrations()[-1][0]
        if found > known:
            raise too_new(path, found, known)
        # A write that changes nothing: a read-only file or folder is found now, not at the
        # first move (reading, and even BEGIN IMMEDIATE, work on a read-only WAL database).
        await run(db, f"PRAGMA user_version={found}")
    except sqlite3.Error as error:
        await db.close()
        raise explain(path, error) from None
    except BaseException:
        await db.close()
        raise
    return db


def migrations() -> list[tuple[int, str]]:
    """SQLite's migrations, numbered (``PRAGMA user_version`` counts them), in order."""
    return [(int(name.split("_", 1)[0]), script) for name, script in all_migrations("sqlite")]


async def run(db: aiosqlite.Connection, sql: str, args: Iterable[Any] = ()) -> None:
    """Run one statement to its end, its rows read in the same call. A statement whose rows
    were not all read (``PRAGMA journal_mode``) stays in progress while its cursor lives, and
    then a later ``COMMIT`` fails."""
    await db.execute_fetchall(sql, args)


async def pragma_value(db: aiosqlite.Connection, pragma: str) -> Any:
    """The first value a ``PRAGMA`` answers (its cursor read and closed)."""
    async with db.execute(f"PRAGMA {pragma}") as cursor:
        row = await cursor.fetchone()
    assert row is not None
    return row[0]


#: A game's seats, whole rows: before migration 0007 a seat has no kind.
SEATS = "SELECT * FROM seats WHERE game_id=? ORDER BY seat"
#: The same, with what each seat's player reads (migration 0013 on).
SEATS_READ = (
    "SELECT s.*, u.language AS reads, u.locale AS heard FROM seats s "
    "LEFT JOIN user_settings u ON u.user_id = s.user_id WHERE s.game_id=? ORDER BY s.seat"
)
#: The migration that gave players a language.
LANGUAGES = 13


def seat_of(row: Row) -> Seat:
    keys = cast(sqlite3.Row, row).keys()
    kind = row["kind"] if "kind" in keys else None
    reads = (row["reads"], row["heard"]) if "reads" in keys else (None, None)
    return seat_record(row["seat"], row["user_id"], row["dm_open"], row["resigned"], kind, *reads)


class SqliteSession:
    """The shared SQL's :class:`Session` on the one connection. Each call is one trip to
    aiosqlite's thread where it can be (a commit costs little more than its trips), and no
    statement is left in progress: a query's rows are all read in the call that ran it, and a
    write runs to its end when it runs."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

    async def fetch(self, sql: str, *args: Any) -> list[Row]:
        return list(await self._db.execute_fetchall(sql, args))

    async def fetchrow(self, sql: str, *args: Any) -> Row | None:
        """The first row (the shared SQL asks for one row at most here)."""
        rows = await self.fetch(sql, *args)
        return rows[0] if rows else None

    async def fetchval(self, sql: str, *args: Any) -> Any:
        row = await self.fetchrow(sql, *args)
        return None if row is None else row[0]

    async def execute(self, sql: str, *args: Any) -> int:
        cursor = await self._db.execute(sql, args)
        return cursor.rowcount

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        async with self._db.executemany(sql, rows):
            pass

    async def insert(self, sql: str, *args: Any) -> int:
        cursor = await self._db.execute(sql, args)
        assert cursor.lastrowid is not None
        return cursor.lastrowid


class SqliteStore(SqlStore):
    def __init__(
        self,
        connection: aiosqlite.Connection,
        owner: ProcessLock | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self._db = connection
        self._session = SqliteSession(connection)
        self._lock = asyncio.Lock()
        self._owner = owner  # this process's hold on the database (see bot.storage.lock)
        self._clock = clock
        self._seats = SEATS  # until migrate() finds migration 0013: SEATS_READ

    @classmethod
    async def open(cls, path: str, clock: Callable[[], float] = time.time) -> SqliteStore:
        """Open (or create) the database for this process alone, and migrate it. Refuses,
        with a :class:`DatabaseProblem` saying what is wrong: a database another Parley
        holds, one locked or read-only, damaged, or written by a newer Parley."""
        try:
            lock = ProcessLock.acquire(path)
        except OSError as error:
            raise unreachable(path, error) from None
        try:
            db = await connect(path)
        except BaseException:
            lock.release()
            raise
        return await cls(db, lock, clock)._ready()

    async def migrate(self, up_to: int | None = None) -> int:
        """Apply every migration newer than ``PRAGMA user_version``; return the new version."""
        current: int = await pragma_value(self._db, "user_version")
        for number, script in migrations():
            if number <= current or (up_to is not None and number > up_to):
                continue
            async with self._db.executescript(
                f"BEGIN IMMEDIATE;\n{script}\nPRAGMA user_version={number};\nCOMMIT;"
            ):
                pass
            current = number
        self._seats = SEATS_READ if current >= LANGUAGES else SEATS
        return current

    async def close(self) -> None:
        try:
            await self._db.close()
        finally:
            if self._owner is not None:
                self._owner.release()

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """The connection alone, inside ``BEGIN IMMEDIATE ... COMMIT``."""
        async with self._lock:
            await run(self._db, "BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                await run(self._db, "ROLLBACK")
                raise
            await run(self._db, "COMMIT")

    @asynccontextmanager
    async def _write(self) -> AsyncIterator[Session]:
        async with self._transaction():
            yield self._session

    def _single(self) -> AbstractAsyncContextManager[Session]:
        """A write is a transaction of its own (``BEGIN IMMEDIATE``) all the same."""
        return self._write()

    @asynccontextmanager
    async def _reading(self) -> AsyncIterator[Session]:
        async with self._lock:
            yield self._session

    async def _games(self, where: str, *args: Any) -> list[GameRecord]:
        """The games (every column: the flags of migration 0011 only where it ran), then
        each one's seats (a statement each: SQLite reads them from its own pages, with no
        round trip to pay)."""
        async with self._reading() as db:
            rows = await db.fetch(f"SELECT g.* FROM games g WHERE {where}", *args)
            return [
                game_record(row, [seat_of(r) for r in await db.fetch(self._seats, row["id"])])
                for row in rows
            ]

    async def _lock_game(self, db: Session, game_id: int) -> None:
        """Nothing: ``BEGIN IMMEDIATE`` holds the whole database."""

    async def _lock_guild(self, db: Session, guild_id: int) -> None:
        """Nothing: ``BEGIN IMMEDIATE`` holds the whole database."""

    async def _moved_on(self, db: Session, game_id: int, version: int) -> bool:
        """Never: one process writes the deadlines, and the last sync wins."""
        return False

    def _settle_result(
        self, forced: str | None, rated: bool, moves: str, game_id: int
    ) -> tuple[str, tuple[Any, ...]]:
        return (
            "UPDATE games SET result=json_set(result, '$.forced', ?, '$.rated', json(?), "
            "'$.ratings', json(?)) "
            "WHERE id=? AND status='over' AND json_extract(result, '$.rated') IS NULL",
            (forced, json.dumps(rated), moves, game_id),
        )

    # -- sharing the background work (one process: every claim is granted) -------------
    async def claim_due(self, now: float, after: int, limit: int) -> list[Claim]:
        due = set(await self.due_games(now))
        wanted = sorted(g for g in due | set(await self.owed_games()) if g > after)
        return [Claim(game_id, game_id in due) for game_id in wanted[:limit]]

    async def claim(self, game_id: int) -> bool:
        return True

    async def renew(self, game_ids: list[int]) -> None:
        """Nothing lapses: a SQLite file has one process."""

    async def release(self, game_id: int) -> None:
        """Nothing to give back (one process)."""

    # -- moving a database (bot/copydb.py) ----------------------------------------------
    async def tables(self) -> dict[str, list[str]]:
        """Every table and its columns, in creation order (a table after those it refers
        to)."""
        async with self._reading() as db:
            names = [
                r["name"]
                for r in await db.fetch(
                    "SELECT name FROM sqlite_master WHERE type='table' "
                    "AND name NOT LIKE 'sqlite_%' ORDER BY rowid"
                )
            ]
            return {
                name: [r["name"] for r in await db.fetch(f"PRAGMA table_info({name})")]
                for name in names
            }

    async def read_rows(
        self, table: str, columns: list[str], batch: int = 5000
    ) -> AsyncIterator[list[tuple[Any, ...]]]:
        """The table's rows, ``batch`` at a time, in the order they were written."""
        query = (
            f"SELECT rowid, {', '.join(columns)} FROM {table} WHERE rowid > ? "
            "ORDER BY rowid LIMIT ?"
        )
        last = 0
        while True:
            async with self._reading() as db:
                rows = [tuple(r) for r in await db.fetch(query, last, batch)]
            if not rows:
                return
            last = rows[-1][0]
            yield [row[1:] for row in rows]

    async def write_rows(self, table: str, columns: list[str], rows: list[tuple[Any, ...]]) -> None:
        marks = ", ".join("?" for _ in columns)
        async with self._write() as db:
            await db.executemany(
                f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})", rows
            )

    async def after_copy(self) -> None:
        """Nothing to do: SQLite numbers new rows after the highest id."""
