"""Storage: the :class:`Store` interface, its records, and the SQLite backend with its
migrations. Nothing here knows about games' rules or about Discord."""

from bot.storage.history import GuildSettings, LogEntry, Rating, UndoRequest
from bot.storage.records import (
    Deadline,
    DirectMessage,
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
from bot.storage.sqlite import DatabaseDamaged, SqliteStore, migrations
from bot.storage.store import Store

__all__ = [
    "DatabaseDamaged",
    "Deadline",
    "DirectMessage",
    "GameRecord",
    "GuildSettings",
    "LogEntry",
    "OutboxItem",
    "Post",
    "Rating",
    "Seat",
    "SqliteStore",
    "Store",
    "ThreadPost",
    "TimePolicy",
    "TooManyLobbies",
    "UndoRequest",
    "UserSettings",
    "VersionConflict",
    "migrations",
]
