"""The one place that picks the store: ``PARLEY_DB`` is a SQLite file path (the default, one
process) or a ``postgresql://`` URL (any number of processes on one database)."""

from __future__ import annotations

from bot.config import is_postgres
from bot.storage.postgres import PostgresStore
from bot.storage.sqlite import SqliteStore
from bot.storage.store import Store

__all__ = ["is_postgres", "open_store"]


async def open_store(database: str, shards: tuple[int, int, int] | None = None) -> Store:
    """Open (and migrate) the store ``database`` names; ``shards`` (first, last, count) are
    the shards this process runs, whose servers' background work it takes (PostgreSQL)."""
    if is_postgres(database):
        return await PostgresStore.open(database, shards)
    return await SqliteStore.open(database)
