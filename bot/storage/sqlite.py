"""The SQLite implementation of :class:`bot.storage.Store` (aiosqlite, WAL).

One connection serves the whole bot, and an asyncio lock gives each coroutine the connection
alone (so no read ever sees another coroutine's uncommitted transaction); every change is a
single ``BEGIN IMMEDIATE ... COMMIT``. An action, its new
state and the posts it owes commit together or not at all; the version check in the same
transaction makes two simultaneous clicks apply once.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
import time
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import asdict, replace
from dataclasses import fields as dataclass_fields
from importlib import resources
from typing import Any

import aiosqlite

from bot.storage.history import GuildSettings, LogEntry, Rating, UndoRequest
from bot.storage.lock import ProcessLock
from bot.storage.problems import damaged, explain, too_new, unreachable
from bot.storage.records import (
    Claim,
    Deadline,
    DirectMessage,
    GameListing,
    GameRecord,
    OutboxItem,
    Post,
    Seat,
    ThreadPost,
    TimePolicy,
    TooManyLobbies,
    UserSettings,
    VersionConflict,
)

GAME_COLUMNS = (
    "id, game_key, guild_id, channel_id, thread_id, lobby_message_id, host_id, status, seed, "
    "options, version, state, result"
)


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
    """The numbered ``bot/storage/migrations/NNNN_*.sql`` scripts, in order."""
    folder = resources.files("bot.storage") / "migrations"
    scripts = sorted((p for p in folder.iterdir() if p.name.endswith(".sql")), key=lambda p: p.name)
    return [(int(p.name.split("_", 1)[0]), p.read_text()) for p in scripts]


async def run(db: aiosqlite.Connection, sql: str, args: Iterable[Any] = ()) -> None:
    """Run one statement to its end, its rows read in the same call. A statement whose rows
    were not all read (``PRAGMA journal_mode``) stays in progress while its cursor lives, and
    then a later ``COMMIT`` fails."""
    await db.execute_fetchall(sql, args)


async def changed(db: aiosqlite.Connection, sql: str, args: Iterable[Any] = ()) -> int:
    """Run one statement that returns no rows, close its cursor, and say how many rows it
    changed (the version checks)."""
    async with db.execute(sql, args) as cursor:
        return cursor.rowcount


async def pragma_value(db: aiosqlite.Connection, pragma: str) -> Any:
    """The first value a ``PRAGMA`` answers (its cursor read and closed)."""
    async with db.execute(f"PRAGMA {pragma}") as cursor:
        row = await cursor.fetchone()
    assert row is not None
    return row[0]


async def run_many(db: aiosqlite.Connection, sql: str, rows: Iterable[Iterable[Any]]) -> None:
    async with db.executemany(sql, rows):
        pass


def written_post(post: Post) -> tuple[str, int | None, str]:
    """An outbox row's ``kind``, ``user_id`` (a DM's recipient) and JSON ``payload``."""
    payload = asdict(post)
    if isinstance(post, DirectMessage):
        return "dm", payload.pop("user_id"), json.dumps(payload)
    return "thread", None, json.dumps(payload)


def read_post(kind: str, user_id: int | None, payload: str) -> Post:
    """The post of an outbox row; keys a row written by an older Parley lacks take their
    defaults, keys it has that a post no longer has are left aside."""
    fields = json.loads(payload)
    if kind == "dm":
        assert user_id is not None
        return DirectMessage(user_id=user_id, **known(DirectMessage, fields))
    return ThreadPost(**known(ThreadPost, fields))


def known(record: type, fields: dict[str, Any]) -> dict[str, Any]:
    names = {f.name for f in dataclass_fields(record)}
    return {key: value for key, value in fields.items() if key in names}


async def unchanged(db: aiosqlite.Connection, read: GameRecord | None) -> None:
    """Refuse (:class:`VersionConflict`) a write decided on a game that changed since it was
    read: its status, version or seats (a join, a leave, a start, a move, a resignation, a
    sub). Run inside the write's ``BEGIN IMMEDIATE``, so nothing can change in between."""
    if read is None:
        return
    async with db.execute("SELECT status, version FROM games WHERE id=?", (read.id,)) as cursor:
        row = await cursor.fetchone()
    async with db.execute(
        "SELECT seat, user_id, resigned FROM seats WHERE game_id=? ORDER BY seat", (read.id,)
    ) as cursor:
        seats = [(r["seat"], r["user_id"], bool(r["resigned"])) for r in await cursor.fetchall()]
    if (
        row is None
        or (row["status"], row["version"]) != (read.status, read.version)
        or seats != [(s.seat, s.user_id, s.resigned) for s in read.seats]
    ):
        raise VersionConflict


#: A game's open request to take back a move: not ended, and the game still where it was asked.
OPEN_UNDO = (
    "SELECT u.* FROM undo_requests u JOIN games g ON g.id = u.game_id WHERE u.game_id=? "
    "AND u.ended IS NULL AND u.version = g.version AND g.status = 'active'"
)


def undo_record(row: aiosqlite.Row) -> UndoRequest:
    return UndoRequest(
        row["game_id"],
        row["version"],
        row["seat"],
        row["user_id"],
        row["first_version"],
        json.loads(row["waiting"]),
        row["id"],
        row["ended"],
    )


async def undo_unchanged(
    db: aiosqlite.Connection, read: GameRecord | None, undo: int | None
) -> None:
    """Refuse (:class:`VersionConflict`) a write decided on ``read`` while its open request
    to take back a move was ``undo`` if another one is open now (its asker would not be told
    what the write did to it)."""
    if read is None:
        return
    async with db.execute(OPEN_UNDO, (read.id,)) as cursor:
        row = await cursor.fetchone()
    if (None if row is None else row["id"]) != undo:
        raise VersionConflict


async def end_undo(db: aiosqlite.Connection, game_id: int, why: str) -> None:
    """End the game's open request to take back a move, if any, for ``why``."""
    await run(
        db,
        "UPDATE undo_requests SET ended=? WHERE ended IS NULL AND game_id=? "
        "AND version=(SELECT version FROM games WHERE id=? AND status='active')",
        (why, game_id, game_id),
    )


class SqliteStore:
    def __init__(self, connection: aiosqlite.Connection, owner: ProcessLock | None = None) -> None:
        self._db = connection
        self._lock = asyncio.Lock()
        self._owner = owner  # this process's hold on the database (see bot.storage.lock)

    @classmethod
    async def open(cls, path: str) -> SqliteStore:
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
        store = cls(db, lock)
        try:
            await store.migrate()
        except BaseException:
            await store.close()
            raise
        return store

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
        return current

    async def close(self) -> None:
        try:
            await self._db.close()
        finally:
            if self._owner is not None:
                self._owner.release()

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self._lock:
            await run(self._db, "BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                await run(self._db, "ROLLBACK")
                raise
            await run(self._db, "COMMIT")

    @asynccontextmanager
    async def _reading(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self._lock:
            yield self._db

    # -- reading ------------------------------------------------------------------------
    async def _one(self, where: str, *args: Any) -> GameRecord | None:
        async with self._reading() as db:
            async with db.execute(
                f"SELECT {GAME_COLUMNS} FROM games WHERE {where}", args
            ) as cursor:
                row = await cursor.fetchone()
            return None if row is None else await self._with_seats(row)

    async def _with_seats(self, row: aiosqlite.Row) -> GameRecord:
        async with self._db.execute(
            "SELECT * FROM seats WHERE game_id=? ORDER BY seat",
            (row["id"],),
        ) as cursor:
            seats = [
                Seat(
                    r["seat"],
                    r["user_id"],
                    None if r["dm_open"] is None else bool(r["dm_open"]),
                    bool(r["resigned"]),
                    # before migration 0007 every seat was a person
                    r["kind"] if "kind" in r.keys() else "human",  # noqa: SIM118 (a Row)
                )
                for r in await cursor.fetchall()
            ]
        return GameRecord(
            id=row["id"],
            game_key=row["game_key"],
            guild_id=row["guild_id"],
            channel_id=row["channel_id"],
            thread_id=row["thread_id"],
            lobby_message_id=row["lobby_message_id"],
            host_id=row["host_id"],
            status=row["status"],
            seed=row["seed"],
            options=json.loads(row["options"]),
            version=row["version"],
            state=row["state"],
            result=json.loads(row["result"]) if row["result"] else None,
            seats=seats,
        )

    async def game(self, game_id: int) -> GameRecord | None:
        return await self._one("id=?", game_id)

    async def game_in_thread(self, thread_id: int) -> GameRecord | None:
        return await self._one("thread_id=? ORDER BY id DESC LIMIT 1", thread_id)

    async def games_of_user(self, user_id: int, guild_id: int) -> list[GameRecord]:
        async with (
            self._reading() as db,
            db.execute(
                f"SELECT {', '.join('g.' + c.strip() for c in GAME_COLUMNS.split(','))} "
                "FROM games g JOIN seats s ON s.game_id = g.id "
                "WHERE s.user_id=? AND g.guild_id=? AND g.status IN ('lobby', 'active') "
                "ORDER BY g.updated_at DESC",
                (user_id, guild_id),
            ) as cursor,
        ):
            rows = await cursor.fetchall()
            return [await self._with_seats(row) for row in rows]

    async def unopened(self) -> list[int]:
        async with (
            self._reading() as db,
            db.execute(
                "SELECT id FROM games WHERE thread_id IS NULL AND status IN ('lobby', 'active') "
                "ORDER BY id"
            ) as cursor,
        ):
            return [r["id"] for r in await cursor.fetchall()]

    async def games_listed(self, user_id: int, guild_id: int) -> list[GameListing]:
        async with (
            self._reading() as db,
            db.execute(
                # from the user's seats (CROSS JOIN keeps that order), never the guild's games
                "SELECT g.id, g.game_key, g.status FROM seats s CROSS JOIN games g "
                "ON g.id = s.game_id "
                "WHERE s.user_id=? AND g.guild_id=? AND g.status IN ('lobby', 'active') "
                "ORDER BY g.updated_at DESC",
                (user_id, guild_id),
            ) as cursor,
        ):
            return [GameListing(*row) for row in await cursor.fetchall()]

    async def open_lobbies(self, guild_id: int) -> list[GameRecord]:
        async with (
            self._reading() as db,
            db.execute(
                f"SELECT {GAME_COLUMNS} FROM games WHERE guild_id=? AND status='lobby' "
                "ORDER BY id DESC LIMIT 25",
                (guild_id,),
            ) as cursor,
        ):
            rows = await cursor.fetchall()
            return [await self._with_seats(row) for row in rows]

    async def actions(self, game_id: int, after_version: int = 0) -> list[tuple[int, str]]:
        async with (
            self._reading() as db,
            db.execute(
                "SELECT seat, action FROM actions WHERE game_id=? AND version>? ORDER BY version",
                (game_id, after_version),
            ) as cursor,
        ):
            return [(r["seat"], r["action"]) for r in await cursor.fetchall()]

    async def unsent(self, game_id: int | None = None) -> list[OutboxItem]:
        query = (
            "SELECT id, game_id, kind, user_id, payload, tried_at FROM outbox WHERE sent_at IS NULL"
        )
        args: tuple[Any, ...] = ()
        if game_id is not None:
            query += " AND game_id=?"
            args = (game_id,)
        async with self._reading() as db, db.execute(query + " ORDER BY id", args) as cursor:
            return [
                OutboxItem(
                    r["id"],
                    r["game_id"],
                    read_post(r["kind"], r["user_id"], r["payload"]),
                    r["tried_at"],
                )
                for r in await cursor.fetchall()
            ]

    # -- writing ------------------------------------------------------------------------
    async def create_game(
        self,
        game_key: str,
        guild_id: int,
        channel_id: int,
        host_id: int,
        seed: int,
        options: dict[str, Any],
        clock_seconds: int | None = None,
        policy: str = "autopilot",
        caps: tuple[int, int] | None = None,
    ) -> GameRecord:
        now = time.time()
        async with self._transaction() as db:
            if caps is not None:
                await self._check_caps(db, guild_id, host_id, *caps)
            async with db.execute(
                "INSERT INTO games (game_key, guild_id, channel_id, host_id, status, seed, "
                "options, created_at, updated_at) VALUES (?, ?, ?, ?, 'lobby', ?, ?, ?, ?)",
                (game_key, guild_id, channel_id, host_id, seed, json.dumps(options), now, now),
            ) as cursor:
                game_id = cursor.lastrowid
            assert game_id is not None
            await run(
                db,
                "INSERT INTO seats (game_id, seat, user_id) VALUES (?, 0, ?)",
                (game_id, host_id),
            )
            if clock_seconds is not None or policy != "autopilot":
                await run(
                    db,
                    "INSERT INTO game_clocks (game_id, clock_seconds, policy) VALUES (?, ?, ?)",
                    (game_id, clock_seconds, policy),
                )
        record = await self.game(game_id)
        assert record is not None
        return record

    @staticmethod
    async def _check_caps(
        db: aiosqlite.Connection, guild_id: int, host_id: int, per_host: int, per_guild: int
    ) -> None:
        """Refuse a new lobby past the host's or the server's cap on open lobbies."""
        async with db.execute(
            "SELECT id, host_id FROM games WHERE guild_id=? AND status='lobby' ORDER BY id",
            (guild_id,),
        ) as cursor:
            lobbies = [(r["id"], r["host_id"]) for r in await cursor.fetchall()]
        mine = [game_id for game_id, host in lobbies if host == host_id]
        if len(mine) >= per_host:
            raise TooManyLobbies(per_host, mine)
        if len(lobbies) >= per_guild:
            raise TooManyLobbies(per_guild, [])

    async def set_places(
        self,
        game_id: int,
        thread_id: int | None,
        lobby_message_id: int | None,
        channel_id: int | None = None,
    ) -> None:
        async with self._transaction() as db:
            await run(
                db,
                "UPDATE games SET thread_id=?, lobby_message_id=?, "
                "channel_id=COALESCE(?, channel_id), updated_at=? WHERE id=?",
                (thread_id, lobby_message_id, channel_id, time.time(), game_id),
            )

    async def add_seat(self, game_id: int, user_id: int, read: GameRecord | None = None) -> None:
        async with self._transaction() as db:
            await unchanged(db, read)
            await run(
                db,
                "INSERT OR IGNORE INTO seats (game_id, seat, user_id) SELECT ?, "
                "COALESCE(MAX(seat) + 1, 0), ? FROM seats WHERE game_id=?",
                (game_id, user_id, game_id),
            )

    async def add_ai_seat(self, game_id: int, read: GameRecord | None = None) -> None:
        async with self._transaction() as db:
            await unchanged(db, read)
            await run(
                db,
                "INSERT INTO seats (game_id, seat, user_id, kind) SELECT ?, "
                "COALESCE(MAX(seat) + 1, 0), MIN(COALESCE(MIN(user_id), 0), 0) - 1, 'ai' "
                "FROM seats WHERE game_id=?",
                (game_id, game_id),
            )

    async def remove_seat(self, game_id: int, user_id: int, read: GameRecord | None = None) -> None:
        async with self._transaction() as db:
            await unchanged(db, read)
            await run(db, "DELETE FROM seats WHERE game_id=? AND user_id=?", (game_id, user_id))
            # keep seats numbered 0..n-1 in join order
            async with db.execute(
                "SELECT user_id, kind FROM seats WHERE game_id=? ORDER BY seat", (game_id,)
            ) as cursor:
                users = [(r["user_id"], r["kind"]) for r in await cursor.fetchall()]
            await run(db, "DELETE FROM seats WHERE game_id=?", (game_id,))
            await run_many(
                db,
                "INSERT INTO seats (game_id, seat, user_id, kind) VALUES (?, ?, ?, ?)",
                [(game_id, i, u, kind) for i, (u, kind) in enumerate(users)],
            )

    async def set_dm_open(self, user_id: int, is_open: bool) -> None:
        async with self._transaction() as db:
            await run(db, "UPDATE seats SET dm_open=? WHERE user_id=?", (int(is_open), user_id))

    async def start(
        self,
        game_id: int,
        state: str,
        posts: list[Post],
        read: GameRecord | None = None,
        autopilot: bool = False,
    ) -> None:
        async with self._transaction() as db:
            await unchanged(db, read)
            count = await changed(
                db,
                "UPDATE games SET status='active', state=?, version=0, updated_at=? "
                "WHERE id=? AND status='lobby'",
                (state, time.time(), game_id),
            )
            if count != 1:
                raise VersionConflict
            await self._queue(db, game_id, posts)
            if autopilot:
                await self._owe_autopilot(db, game_id)

    async def record_action(
        self,
        game_id: int,
        expected_version: int,
        seat: int,
        user_id: int | None,
        action: str,
        state: str,
        status: str,
        result: dict[str, Any] | None,
        posts: list[Post],
        read: GameRecord | None = None,
        autopilot: bool = False,
        undo: int | None = None,
    ) -> int:
        now = time.time()
        async with self._transaction() as db:
            await unchanged(db, read)
            await undo_unchanged(db, read, undo)
            count = await changed(
                db,
                "UPDATE games SET version=version+1, state=?, status=?, result=?, updated_at=? "
                "WHERE id=? AND version=? AND status='active'",
                (
                    state,
                    status,
                    json.dumps(result) if result else None,
                    now,
                    game_id,
                    expected_version,
                ),
            )
            if count != 1:
                raise VersionConflict
            await run(
                db,
                "INSERT INTO actions (game_id, version, seat, user_id, action, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, expected_version + 1, seat, user_id, action, now),
            )
            await self._queue(db, game_id, posts)
            if autopilot:
                await self._owe_autopilot(db, game_id)
        return expected_version + 1

    async def finish(
        self,
        game_id: int,
        status: str,
        result: dict[str, Any] | None,
        posts: list[Post],
        resigned_user: int | None = None,
        read: GameRecord | None = None,
        autopilot: bool = False,
        undo: int | None = None,
    ) -> None:
        async with self._transaction() as db:
            await unchanged(db, read)
            if status == "active" and resigned_user is not None:
                await undo_unchanged(db, read, undo)
                await end_undo(db, game_id, "withdrawn")
            count = await changed(
                db,
                "UPDATE games SET status=?, result=?, updated_at=? "
                "WHERE id=? AND status IN ('lobby', 'active')",
                (status, json.dumps(result) if result else None, time.time(), game_id),
            )
            if count != 1:
                raise VersionConflict
            if resigned_user is not None:
                await run(
                    db,
                    "UPDATE seats SET resigned=1 WHERE game_id=? AND user_id=?",
                    (game_id, resigned_user),
                )
            await self._queue(db, game_id, posts)
            if autopilot:
                await self._owe_autopilot(db, game_id)

    @staticmethod
    async def _owe_autopilot(db: aiosqlite.Connection, game_id: int) -> None:
        await run(db, "INSERT OR IGNORE INTO autopilot_due (game_id) VALUES (?)", (game_id,))

    async def autopilot_due(self) -> list[int]:
        async with (
            self._reading() as db,
            db.execute("SELECT game_id FROM autopilot_due ORDER BY game_id") as cursor,
        ):
            return [r["game_id"] for r in await cursor.fetchall()]

    async def autopilot_done(self, read: GameRecord) -> None:
        """The autopilot has nothing left to play in the game as read; kept if the game changed
        since (a commit meanwhile may have made a seat on autopilot due again)."""
        async with self._transaction() as db:
            with contextlib.suppress(VersionConflict):
                await unchanged(db, read)
                await run(db, "DELETE FROM autopilot_due WHERE game_id=?", (read.id,))

    async def mark_tried(self, item_id: int, when: float) -> None:
        async with self._transaction() as db:
            await run(db, "UPDATE outbox SET tried_at=? WHERE id=?", (when, item_id))

    async def mark_sent(self, item_id: int, message_id: int | None = None) -> None:
        async with self._transaction() as db:
            await run(
                db,
                "UPDATE outbox SET sent_at=?, message_id=? WHERE id=?",
                (time.time(), message_id, item_id),
            )

    @staticmethod
    async def _queue(db: aiosqlite.Connection, game_id: int, posts: list[Post]) -> None:
        now = time.time()
        await run_many(
            db,
            "INSERT INTO outbox (game_id, kind, user_id, payload, created_at) "
            "VALUES (?, ?, ?, ?, ?)",
            [(game_id, *written_post(post), now) for post in posts],
        )

    # -- play over days (bot/play: clocks, reminders, vacations) ------------------------
    async def due_games(self, now: float) -> list[int]:
        async with (
            self._reading() as db,
            db.execute(
                "SELECT game_id FROM deadlines WHERE wake_at <= ? ORDER BY wake_at", (now,)
            ) as cursor,
        ):
            return list(dict.fromkeys(row[0] for row in await cursor.fetchall()))

    async def owed_games(self) -> list[int]:
        async with (
            self._reading() as db,
            db.execute(
                "SELECT DISTINCT game_id FROM outbox WHERE sent_at IS NULL ORDER BY game_id"
            ) as cursor,
        ):
            return [row[0] for row in await cursor.fetchall()]

    async def unsynced_games(self) -> list[int]:
        async with (
            self._reading() as db,
            db.execute(
                "SELECT g.id FROM games g LEFT JOIN game_clocks c ON c.game_id = g.id "
                "WHERE g.status = 'active' AND c.synced_version IS NOT g.version ORDER BY g.id"
            ) as cursor,
        ):
            return [row[0] for row in await cursor.fetchall()]

    async def set_wake(self, game_id: int, seat: int, turn: int, wake_at: float | None) -> None:
        async with self._transaction() as db:
            await run(
                db,
                "UPDATE deadlines SET wake_at=? WHERE game_id=? AND seat=? AND turn=?",
                (wake_at, game_id, seat, turn),
            )

    # -- stored states are a cache of the seed and the action log -----------------------
    async def snapshot_formats(self) -> dict[str, str]:
        async with (
            self._reading() as db,
            db.execute("SELECT game_key, format FROM snapshot_formats") as cursor,
        ):
            return {row[0]: row[1] for row in await cursor.fetchall()}

    async def set_snapshot_format(self, game_key: str, state_format: str) -> None:
        async with self._transaction() as db:
            await run(
                db,
                "INSERT INTO snapshot_formats (game_key, format) VALUES (?, ?) "
                "ON CONFLICT (game_key) DO UPDATE SET format=excluded.format",
                (game_key, state_format),
            )

    async def games_with_state(self, game_key: str, after_id: int, limit: int) -> list[GameRecord]:
        async with (
            self._reading() as db,
            db.execute(
                f"SELECT {GAME_COLUMNS} FROM games WHERE game_key=? AND id>? "
                "AND state IS NOT NULL ORDER BY id LIMIT ?",
                (game_key, after_id, limit),
            ) as cursor,
        ):
            rows = await cursor.fetchall()
            return [await self._with_seats(row) for row in rows]

    async def rewrite_state(self, game_id: int, version: int, state: str) -> bool:
        async with self._transaction() as db:
            count = await changed(
                db, "UPDATE games SET state=? WHERE id=? AND version=?", (state, game_id, version)
            )
        return count == 1

    async def time_policy(self, game_id: int) -> TimePolicy:
        async with (
            self._reading() as db,
            db.execute(
                "SELECT clock_seconds, policy, status_message_id, synced_version FROM game_clocks "
                "WHERE game_id=?",
                (game_id,),
            ) as cursor,
        ):
            row = await cursor.fetchone()
        if row is None:
            return TimePolicy(game_id)
        return TimePolicy(
            game_id,
            row["clock_seconds"],
            row["policy"],
            row["status_message_id"],
            row["synced_version"],
        )

    async def set_time_policy(self, game_id: int, clock_seconds: int | None, policy: str) -> None:
        async with self._transaction() as db:
            await run(
                db,
                "INSERT INTO game_clocks (game_id, clock_seconds, policy) VALUES (?, ?, ?) "
                "ON CONFLICT (game_id) DO UPDATE SET clock_seconds=excluded.clock_seconds, "
                "policy=excluded.policy",
                (game_id, clock_seconds, policy),
            )

    async def set_status_message(self, game_id: int, message_id: int | None) -> None:
        async with self._transaction() as db:
            await run(
                db,
                "INSERT INTO game_clocks (game_id, status_message_id) VALUES (?, ?) "
                "ON CONFLICT (game_id) DO UPDATE SET status_message_id=excluded.status_message_id",
                (game_id, message_id),
            )

    async def deadlines(self, game_id: int | None = None) -> list[Deadline]:
        query = (
            "SELECT game_id, seat, turn, user_id, started_at, due_at, paused_at, wake_at "
            "FROM deadlines"
        )
        args: tuple[Any, ...] = ()
        if game_id is not None:
            query += " WHERE game_id=?"
            args = (game_id,)
        async with (
            self._reading() as db,
            db.execute(query + " ORDER BY game_id, seat", args) as cursor,
        ):
            return [
                Deadline(
                    r["game_id"],
                    r["seat"],
                    r["turn"],
                    r["user_id"],
                    r["started_at"],
                    r["due_at"],
                    r["paused_at"],
                    r["wake_at"],
                )
                for r in await cursor.fetchall()
            ]

    async def replace_deadlines(
        self, game_id: int, version: int, deadlines: list[Deadline]
    ) -> None:
        async with self._transaction() as db:
            await run(db, "DELETE FROM deadlines WHERE game_id=?", (game_id,))
            await run_many(
                db,
                "INSERT INTO deadlines (game_id, seat, turn, user_id, started_at, due_at, "
                "paused_at, wake_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (
                        d.game_id,
                        d.seat,
                        d.turn,
                        d.user_id,
                        d.started_at,
                        d.due_at,
                        d.paused_at,
                        d.wake_at,
                    )
                    for d in deadlines
                ],
            )
            await run(
                db,
                "INSERT INTO game_clocks (game_id, synced_version) VALUES (?, ?) "
                "ON CONFLICT (game_id) DO UPDATE SET synced_version=excluded.synced_version",
                (game_id, version),
            )

    async def update_deadline(self, deadline: Deadline, posts: list[Post]) -> None:
        async with self._transaction() as db:
            await run(
                db,
                "UPDATE deadlines SET due_at=?, paused_at=?, wake_at=0 "
                "WHERE game_id=? AND seat=? AND turn=?",
                (
                    deadline.due_at,
                    deadline.paused_at,
                    deadline.game_id,
                    deadline.seat,
                    deadline.turn,
                ),
            )
            await self._queue(db, deadline.game_id, posts)

    async def mark_step(
        self,
        game_id: int,
        seat: int,
        turn: int,
        step: str,
        now: float,
        posts: list[Post],
        read: GameRecord | None = None,
    ) -> bool:
        """Record one step as done and queue its posts in the same commit; False if it was
        already done (so a step is never sent twice, even across restarts)."""
        async with self._transaction() as db:
            await unchanged(db, read)
            count = await changed(
                db,
                "INSERT OR IGNORE INTO reminder_steps (game_id, seat, turn, step, done_at) "
                "VALUES (?, ?, ?, ?, ?)",
                (game_id, seat, turn, step, now),
            )
            if count != 1:
                return False
            await self._queue(db, game_id, posts)
        return True

    async def steps_done(self, game_id: int, seat: int, turn: int) -> set[str]:
        async with (
            self._reading() as db,
            db.execute(
                "SELECT step FROM reminder_steps WHERE game_id=? AND seat=? AND turn=?",
                (game_id, seat, turn),
            ) as cursor,
        ):
            return {r["step"] for r in await cursor.fetchall()}

    async def user_settings(self, user_id: int) -> UserSettings:
        async with (
            self._reading() as db,
            db.execute(
                "SELECT timezone, quiet_start, quiet_end, style, turn_dm, vacation_bank, "
                "vacation_start, vacation_until FROM user_settings WHERE user_id=?",
                (user_id,),
            ) as cursor,
        ):
            r = await cursor.fetchone()
        if r is None:
            return UserSettings(user_id)
        return UserSettings(
            user_id,
            r["timezone"],
            r["quiet_start"],
            r["quiet_end"],
            r["style"],
            bool(r["turn_dm"]),
            r["vacation_bank"],
            r["vacation_start"],
            r["vacation_until"],
        )

    async def save_user_settings(self, settings: UserSettings) -> None:
        s = settings
        async with self._transaction() as db:
            await run(
                db,
                "INSERT OR REPLACE INTO user_settings (user_id, timezone, quiet_start, "
                "quiet_end, style, turn_dm, vacation_bank, vacation_start, vacation_until) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    s.user_id,
                    s.timezone,
                    s.quiet_start,
                    s.quiet_end,
                    s.style,
                    int(s.turn_dm),
                    s.vacation_bank,
                    s.vacation_start,
                    s.vacation_until,
                ),
            )
            await run(db, "UPDATE deadlines SET wake_at=0 WHERE user_id=?", (s.user_id,))

    async def replace_seat(
        self,
        game_id: int,
        old_user: int,
        new_user: int,
        posts: list[Post],
        read: GameRecord | None = None,
        due_at: float | None = None,
        undo: int | None = None,
    ) -> None:
        """Hand ``old_user``'s seat to ``new_user``, with its deadline (a fresh clock running
        out at ``due_at`` if given) and the posts the change owes, in one commit."""
        async with self._transaction() as db:
            await unchanged(db, read)
            await undo_unchanged(db, read, undo)
            await end_undo(db, game_id, "withdrawn")
            count = await changed(
                db,
                "UPDATE seats SET user_id=?, dm_open=NULL, resigned=0 "
                "WHERE game_id=? AND user_id=?",
                (new_user, game_id, old_user),
            )
            if count != 1:
                raise VersionConflict
            await run(
                db,
                "UPDATE deadlines SET user_id=?, due_at=COALESCE(?, due_at), "
                "paused_at=CASE WHEN ? IS NULL THEN paused_at END, wake_at=0 "
                "WHERE game_id=? AND user_id=?",
                (new_user, due_at, due_at, game_id, old_user),
            )
            await self._queue(db, game_id, posts)

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
            async with db.execute(
                "SELECT name FROM sqlite_master WHERE type='table' "
                "AND name NOT LIKE 'sqlite_%' ORDER BY rowid"
            ) as cursor:
                names = [r["name"] for r in await cursor.fetchall()]
            found = {}
            for name in names:
                async with db.execute(f"PRAGMA table_info({name})") as cursor:
                    found[name] = [r["name"] for r in await cursor.fetchall()]
            return found

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
            async with self._reading() as db, db.execute(query, (last, batch)) as cursor:
                rows = [tuple(r) for r in await cursor.fetchall()]
            if not rows:
                return
            last = rows[-1][0]
            yield [row[1:] for row in rows]

    async def write_rows(self, table: str, columns: list[str], rows: list[tuple[Any, ...]]) -> None:
        marks = ", ".join("?" for _ in columns)
        async with self._transaction() as db:
            await run_many(db, f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})", rows)

    async def after_copy(self) -> None:
        """Nothing to do: SQLite numbers new rows after the highest id."""

    # -- after play: the log, results, ratings, rematches, undo requests (issue 16) -------
    async def log(self, game_id: int) -> list[LogEntry]:
        async with (
            self._reading() as db,
            db.execute(
                "SELECT version, seat, user_id, action, created_at FROM actions "
                "WHERE game_id=? ORDER BY version",
                (game_id,),
            ) as cursor,
        ):
            return [
                LogEntry(r["version"], r["seat"], r["user_id"], r["action"], r["created_at"])
                for r in await cursor.fetchall()
            ]

    async def finished_games(
        self,
        guild_id: int,
        user_id: int | None = None,
        game_key: str | None = None,
        limit: int | None = None,
    ) -> list[GameRecord]:
        """Games over on a server, newest first: a player's, of one game, or all."""
        columns = ", ".join("g." + c.strip() for c in GAME_COLUMNS.split(","))
        query = f"SELECT {columns} FROM games g WHERE g.guild_id=? AND g.status='over'"
        args: list[Any] = [guild_id]
        if user_id is not None:
            query += " AND EXISTS (SELECT 1 FROM seats s WHERE s.game_id=g.id AND s.user_id=?)"
            args.append(user_id)
        if game_key is not None:
            query += " AND g.game_key=?"
            args.append(game_key)
        query += " ORDER BY g.updated_at DESC, g.id DESC"
        if limit is not None:
            query += " LIMIT ?"
            args.append(limit)
        async with self._reading() as db, db.execute(query, args) as cursor:
            rows = await cursor.fetchall()
            return [await self._with_seats(row) for row in rows]

    async def settle(
        self,
        game_id: int,
        forced: str | None,
        rated: bool,
        ratings: list[Rating],
        moves: Sequence[tuple[int, float, float]] = (),
    ) -> bool:
        """Note in a finished game's result how it was decided (``forced``: None, ``forfeit``
        or ``autopilot``), whether it counts in the ratings and how each player's shown
        rating ``moves`` (user, before, after), and write its players' new ratings, at once;
        False (and nothing written) if the game was settled already."""
        async with self._transaction() as db:
            count = await changed(
                db,
                "UPDATE games SET result=json_set(result, '$.forced', ?, '$.rated', json(?), "
                "'$.ratings', json(?)) "
                "WHERE id=? AND status='over' AND json_extract(result, '$.rated') IS NULL",
                (
                    forced,
                    "true" if rated else "false",
                    json.dumps([list(m) for m in moves]),
                    game_id,
                ),
            )
            if count != 1:
                return False
            await run_many(
                db,
                "INSERT OR REPLACE INTO ratings (guild_id, game_key, user_id, mu, sigma, games) "
                "SELECT guild_id, game_key, ?, ?, ?, ? FROM games WHERE id=?",
                [(r.user_id, r.mu, r.sigma, r.games, game_id) for r in ratings],
            )
        return True

    async def ratings(self, guild_id: int, game_key: str) -> list[Rating]:
        async with (
            self._reading() as db,
            db.execute(
                "SELECT user_id, mu, sigma, games FROM ratings WHERE guild_id=? AND game_key=? "
                "ORDER BY mu - 3 * sigma DESC, games DESC, user_id",
                (guild_id, game_key),
            ) as cursor,
        ):
            return [
                Rating(r["user_id"], r["mu"], r["sigma"], r["games"])
                for r in await cursor.fetchall()
            ]

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        async with (
            self._reading() as db,
            db.execute(
                "SELECT rate_forced FROM guild_settings WHERE guild_id=?", (guild_id,)
            ) as cursor,
        ):
            row = await cursor.fetchone()
        return GuildSettings(guild_id) if row is None else GuildSettings(guild_id, bool(row[0]))

    async def save_guild_settings(self, settings: GuildSettings) -> None:
        async with self._transaction() as db:
            await run(
                db,
                "INSERT OR REPLACE INTO guild_settings (guild_id, rate_forced) VALUES (?, ?)",
                (settings.guild_id, int(settings.rate_forced)),
            )

    async def create_rematch(self, game_id: int, seed: int) -> tuple[GameRecord, bool]:
        """A new lobby with the finished game's seats (in order), host, options and clock;
        the one already opened (and False) if a rematch of it is waiting or in play. A
        rematch cancelled or played gives way to a new one: the players want another game."""
        now = time.time()
        async with self._transaction() as db:
            async with db.execute(
                "SELECT r.id FROM games g JOIN games r ON r.id = g.rematch_id "
                "WHERE g.id=? AND r.status IN ('lobby', 'active')",
                (game_id,),
            ) as cursor:
                row = await cursor.fetchone()
            existing: int | None = None if row is None else row["id"]
            target = existing
            if existing is None:
                async with db.execute(
                    "INSERT INTO games (game_key, guild_id, channel_id, host_id, status, seed, "
                    "options, created_at, updated_at) SELECT game_key, guild_id, channel_id, "
                    "host_id, 'lobby', ?, options, ?, ? FROM games WHERE id=?",
                    (seed, now, now, game_id),
                ) as cursor:
                    target = cursor.lastrowid
                for sql in (
                    "INSERT INTO seats (game_id, seat, user_id, kind) SELECT ?, seat, user_id, "
                    "kind FROM seats WHERE game_id=?",
                    "INSERT INTO game_clocks (game_id, clock_seconds, policy) SELECT ?, "
                    "clock_seconds, policy FROM game_clocks WHERE game_id=?",
                ):
                    await run(db, sql, (target, game_id))
                await run(db, "UPDATE games SET rematch_id=? WHERE id=?", (target, game_id))
        assert target is not None
        record = await self.game(target)
        assert record is not None
        return record, existing is None

    async def undo_request(self, game_id: int, request_id: int) -> UndoRequest | None:
        async with (
            self._reading() as db,
            db.execute(
                "SELECT * FROM undo_requests WHERE id=? AND game_id=?", (request_id, game_id)
            ) as cursor,
        ):
            row = await cursor.fetchone()
        return None if row is None else undo_record(row)

    async def open_undo(self, game_id: int) -> UndoRequest | None:
        async with self._reading() as db, db.execute(OPEN_UNDO, (game_id,)) as cursor:
            row = await cursor.fetchone()
        return None if row is None else undo_record(row)

    async def ask_undo(
        self, request: UndoRequest, posts: list[Post], read: GameRecord, replaces: int | None
    ) -> UndoRequest:
        async with self._transaction() as db:
            await unchanged(db, read)
            await undo_unchanged(db, read, replaces)
            await end_undo(db, request.game_id, "replaced")
            async with db.execute(
                "INSERT INTO undo_requests (game_id, version, seat, user_id, first_version, "
                "waiting, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    request.game_id,
                    request.version,
                    request.seat,
                    request.user_id,
                    request.first_version,
                    json.dumps(request.waiting),
                    time.time(),
                ),
            ) as cursor:
                request_id = cursor.lastrowid
            await self._queue(db, request.game_id, posts)
        return replace(request, id=request_id)

    async def answer_undo(
        self, game_id: int, request_id: int, seat: int, approve: bool
    ) -> UndoRequest | None:
        async with self._transaction() as db:
            async with db.execute(OPEN_UNDO + " AND u.id=?", (game_id, request_id)) as cursor:
                row = await cursor.fetchone()
            if row is None or seat not in json.loads(row["waiting"]):
                return None
            request = undo_record(row)
            request.waiting.remove(seat)
            if approve:
                await run(
                    db,
                    "UPDATE undo_requests SET waiting=? WHERE id=?",
                    (json.dumps(request.waiting), request_id),
                )
            else:
                request.ended = "refused"
                await run(
                    db, "UPDATE undo_requests SET ended=? WHERE id=?", ("refused", request_id)
                )
            return request
