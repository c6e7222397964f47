"""Storage: the :class:`Store` interface, its records, and the SQLite backend with its
migrations. Nothing here knows about games' rules or about Discord."""

from bot.storage.history import GuildSettings, LogEntry, Rating, UndoRequest
from bot.storage.problems import (
    DatabaseDamaged,
    DatabaseInUse,
    DatabaseLocked,
    DatabaseProblem,
    DatabaseReadOnly,
    DatabaseTooNew,
)
from bot.storage.records import (
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
from bot.storage.sqlite import SqliteStore, migrations
from bot.storage.store import Store

__all__ = [
    "DatabaseDamaged",
    "DatabaseInUse",
    "DatabaseLocked",
    "DatabaseProblem",
    "DatabaseReadOnly",
    "DatabaseTooNew",
    "Deadline",
    "DirectMessage",
    "GameListing",
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
