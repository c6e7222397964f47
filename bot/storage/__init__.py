"""Storage: the :class:`Store` interface, its records, the one SQL store that implements it
and its two dialects, SQLite (the default) and PostgreSQL (several processes), with one list
of migrations; ``open_store`` picks one. Nothing here knows about games' rules or about
Discord."""

from bot.storage.factory import is_postgres, open_store
from bot.storage.history import GuildSettings, LogEntry, Rating, UndoRequest
from bot.storage.postgres import PostgresStore
from bot.storage.problems import (
    DatabaseDamaged,
    DatabaseInUse,
    DatabaseLocked,
    DatabaseProblem,
    DatabaseReadOnly,
    DatabaseTooNew,
)
from bot.storage.records import (
    AI_NAME,
    AbsentPolicy,
    Census,
    Claim,
    Deadline,
    DirectMessage,
    GameListing,
    GameRecord,
    GameStatus,
    OutboxItem,
    Post,
    Seat,
    ThreadPost,
    TimePolicy,
    TooManyLobbies,
    UserSettings,
    VersionConflict,
    who,
)
from bot.storage.sqlite import SqliteStore, migrations
from bot.storage.store import Store

__all__ = [
    "AI_NAME",
    "AbsentPolicy",
    "Census",
    "Claim",
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
    "GameStatus",
    "GuildSettings",
    "LogEntry",
    "OutboxItem",
    "Post",
    "PostgresStore",
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
    "is_postgres",
    "migrations",
    "open_store",
    "who",
]
