"""What every part of the shared SQL store stands on: the dialect's hooks (how a connection
is had, what a lock costs) and the checks that every write runs inside its transaction."""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from typing import Any, ClassVar, Self

from bot.storage.records import GameRecord, Post, TooManyLobbies, VersionConflict
from bot.storage.sql.rows import OPEN_UNDO, written_post
from bot.storage.sql.session import Session


class SqlBase(ABC):
    """The hooks a dialect fills in. Where a write holds the whole database (SQLite's
    ``BEGIN IMMEDIATE``) the locks are nothing; where several processes write at once
    (PostgreSQL) a write that reads before it writes first locks its game's row."""

    #: What a read of a game's row adds to lock it until the transaction ends.
    ROW_LOCK: ClassVar[str] = ""

    _clock: Callable[[], float]

    @abstractmethod
    async def migrate(self) -> object:
        """Bring the database's tables up to this Parley's."""

    @abstractmethod
    async def close(self) -> None: ...

    async def _ready(self) -> Self:
        """The store migrated; closed (and the error raised) if migrating fails."""
        try:
            await self.migrate()
        except BaseException:
            await self.close()
            raise
        return self

    @abstractmethod
    def _write(self) -> AbstractAsyncContextManager[Session]:
        """Several statements that commit together or not at all."""

    @abstractmethod
    def _single(self) -> AbstractAsyncContextManager[Session]:
        """One statement that commits on its own."""

    @abstractmethod
    def _reading(self) -> AbstractAsyncContextManager[Session]:
        """Reads that see committed rows only."""

    @abstractmethod
    async def _games(self, where: str, *args: Any) -> list[GameRecord]:
        """The games (``g``) matching ``where`` (with its ``ORDER BY``/``LIMIT``), seats
        included."""

    @abstractmethod
    def _settle_result(
        self, forced: str | None, rated: bool, game_id: int
    ) -> tuple[str, tuple[Any, ...]]:
        """The statement (and its arguments) that notes ``forced`` and ``rated`` in an
        unsettled finished game's JSON result: JSON is written differently in each."""

    @abstractmethod
    async def _lock_game(self, db: Session, game_id: int) -> None:
        """Make every change of one game wait its turn."""

    @abstractmethod
    async def _lock_guild(self, db: Session, guild_id: int) -> None:
        """Make new lobbies on one server take turns (so none slips past a cap)."""

    @abstractmethod
    async def _moved_on(self, db: Session, game_id: int, version: int) -> bool:
        """Whether the game is past ``version``, so that the deadlines computed there are
        not to be written."""

    # -- checks run inside a write's transaction ------------------------------------------
    async def _unchanged(self, db: Session, read: GameRecord | None) -> None:
        """Refuse (:class:`VersionConflict`) a write decided on a game that changed since it
        was read: its status, version or seats (a join, a leave, a start, a move, a
        resignation, a sub). The game is locked first, so nothing can change in between."""
        if read is None:
            return
        row = await db.fetchrow(
            f"SELECT status, version FROM games WHERE id=?{self.ROW_LOCK}", read.id
        )
        seats = await db.fetch(
            "SELECT seat, user_id, resigned FROM seats WHERE game_id=? ORDER BY seat", read.id
        )
        if (
            row is None
            or (row["status"], row["version"]) != (read.status, read.version)
            or [(r["seat"], r["user_id"], bool(r["resigned"])) for r in seats]
            != [(s.seat, s.user_id, s.resigned) for s in read.seats]
        ):
            raise VersionConflict

    @staticmethod
    async def _undo_unchanged(db: Session, read: GameRecord | None, undo: int | None) -> None:
        """Refuse (:class:`VersionConflict`) a write decided on ``read`` while its open
        request to take back a move was ``undo`` if another one is open now (its asker would
        not be told what the write did to it). Run after :meth:`_unchanged`."""
        if read is None:
            return
        if await db.fetchval(f"SELECT id FROM ({OPEN_UNDO}) u", read.id) != undo:
            raise VersionConflict

    @staticmethod
    async def _end_undo(db: Session, game_id: int, why: str) -> None:
        """End the game's open request to take back a move, if any, for ``why``."""
        await db.execute(
            "UPDATE undo_requests SET ended=? WHERE ended IS NULL AND game_id=? "
            "AND version=(SELECT version FROM games WHERE id=? AND status='active')",
            why,
            game_id,
            game_id,
        )

    async def _queue(
        self, db: Session, game_id: int, posts: list[Post], locked: bool = False
    ) -> None:
        """Add the posts to the outbox, with the game locked (``locked``: it already is): a
        game's items are numbered in the order their transactions commit, which is the order
        they go out."""
        if not posts:
            return
        if not locked:
            await self._lock_game(db, game_id)
        now = self._clock()
        await db.executemany(
            "INSERT INTO outbox (game_id, kind, user_id, payload, created_at) "
            "VALUES (?, ?, ?, ?, ?)",
            [(game_id, *written_post(post), now) for post in posts],
        )

    @staticmethod
    async def _owe_autopilot(db: Session, game_id: int) -> None:
        await db.execute(
            "INSERT INTO autopilot_due (game_id) VALUES (?) ON CONFLICT DO NOTHING", game_id
        )

    async def _check_caps(
        self, db: Session, guild_id: int, host_id: int, per_host: int, per_guild: int
    ) -> None:
        """Refuse a new lobby past the host's or the server's cap on open lobbies."""
        await self._lock_guild(db, guild_id)
        rows = await db.fetch(
            "SELECT id, host_id FROM games WHERE guild_id=? AND status='lobby' ORDER BY id",
            guild_id,
        )
        mine = [r["id"] for r in rows if r["host_id"] == host_id]
        if len(mine) >= per_host:
            raise TooManyLobbies(per_host, mine)
        if len(rows) >= per_guild:
            raise TooManyLobbies(per_guild, [])


def result_json(result: dict[str, Any] | None) -> str | None:
    return json.dumps(result) if result else None
