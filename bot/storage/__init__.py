"""Storage: the :class:`Store` interface, its records, and the SQLite backend with its
migrations. Nothing here knows about games' rules or about Discord."""

from bot.storage.records import (
    AI_NAME,
    Deadline,
    DirectMessage,
    GameRecord,
    OutboxItem,
    Post,
    Seat,
    ThreadPost,
    TimePolicy,
    UserSettings,
    VersionConflict,
    who,
)
from bot.storage.sqlite import DatabaseDamaged, SqliteStore, migrations
from bot.storage.store import Store

__all__ = [
    "AI_NAME",
    "DatabaseDamaged",
    "Deadline",
    "DirectMessage",
    "GameRecord",
    "OutboxItem",
    "Post",
    "Seat",
    "SqliteStore",
    "Store",
    "ThreadPost",
    "TimePolicy",
    "UserSettings",
    "VersionConflict",
    "migrations",
    "who",
]
