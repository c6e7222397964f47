"""The narrow interface the shared SQL runs through: one connection, statements written once
with ``?`` placeholders, whichever database is behind it."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Protocol


class Row(Protocol):
    """A row read by name or by position (``aiosqlite.Row``, ``asyncpg.Record``)."""

    def __getitem__(self, key: int | str, /) -> Any: ...

    def __iter__(self) -> Iterator[Any]: ...


class Session(Protocol):
    """One connection inside a transaction, a single write or a read."""

    async def fetch(self, sql: str, *args: Any) -> list[Row]: ...

    async def fetchrow(self, sql: str, *args: Any) -> Row | None: ...

    async def fetchval(self, sql: str, *args: Any) -> Any:
        """The first column of the first row (None without a row)."""

    async def execute(self, sql: str, *args: Any) -> int:
        """Run a statement that returns no rows; how many rows it changed (a version check)."""

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None: ...

    async def insert(self, sql: str, *args: Any) -> int:
        """Run an ``INSERT`` of one row; the id the database gave it."""
