"""Why a database cannot be used, said so an operator knows what to do.

Each problem is one exception with a message naming the file and the fix. Only a file that is
really damaged is ever called damaged: a locked, read-only, newer or busy database is healthy,
and nothing here tells anyone to move a healthy file away.
"""

from __future__ import annotations

import os
import sqlite3

import asyncpg


class DatabaseProblem(RuntimeError):
    """The database cannot be used now; the message says why and what to do."""


class DatabaseDamaged(DatabaseProblem):
    """The file is not a readable SQLite database, or ``PRAGMA integrity_check`` failed."""


class DatabaseInUse(DatabaseProblem):
    """Another Parley process holds the database (one process per database)."""


class DatabaseLocked(DatabaseProblem):
    """Another program holds a lock on the database longer than we wait."""


class DatabaseReadOnly(DatabaseProblem):
    """The file or its folder cannot be written by this user."""


class DatabaseTooNew(DatabaseProblem):
    """The schema was written by a newer Parley than this one."""


def is_database_error(error: BaseException) -> bool:
    """Whether the database (or its driver) raised ``error``, rather than Parley's own code:
    what ``parley_database_errors_total`` counts."""
    return isinstance(
        error, (sqlite3.Error, asyncpg.PostgresError, asyncpg.InterfaceError, DatabaseProblem)
    )


def damaged(path: str, verdict: str) -> DatabaseDamaged:
    return DatabaseDamaged(
        f"The database {path} failed its integrity check ({verdict}). Restore a backup made "
        "with `parley backup`; keep the damaged file aside for inspection."
    )


def too_new(path: str, found: int, known: int) -> DatabaseTooNew:
    return DatabaseTooNew(
        f"The database {path} has schema version {found}, written by a newer Parley; this "
        f"Parley knows schema versions up to {known}. Run the newer Parley, or restore a "
        "backup made by this version. The file was not changed."
    )


def explain(path: str, error: sqlite3.Error) -> DatabaseProblem:
    """The problem behind an error SQLite raised while opening ``path``."""
    name = getattr(error, "sqlite_errorname", "") or ""
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
        return DatabaseLocked(
            f"The database {path} is locked by another program (a second Parley, or a tool "
            "such as the sqlite3 shell holding a transaction open). Close that program and "
            "start Parley again; the file itself is fine."
        )
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        return DatabaseProblem(
            f"The folder of the database {path} does not exist. Create it, or fix PARLEY_DB."
        )
    unwritable = not os.access(folder, os.W_OK) or (
        os.path.exists(path) and not os.access(path, os.W_OK)
    )
    if name.startswith("SQLITE_READONLY") or (name.startswith("SQLITE_CANTOPEN") and unwritable):
        return DatabaseReadOnly(
            f"Parley cannot write to the database {path}: the file or its folder is read-only "
            f"for this user (SQLite also writes {path}-wal and {path}-shm beside it). Give "
            "this user write access to both; the file itself is fine."
        )
    if name.startswith(("SQLITE_CANTOPEN", "SQLITE_PERM", "SQLITE_AUTH")):
        return DatabaseProblem(
            f"Parley cannot open the database {path} ({error}). Check PARLEY_DB and that this "
            "user may read and write the file and its folder."
        )
    if name.startswith("SQLITE_FULL"):
        return DatabaseProblem(
            f"The disk holding the database {path} is full. Free some space and start again."
        )
    if name.startswith("SQLITE_IOERR"):
        return DatabaseProblem(
            f"The database {path} could not be read or written (an input/output error: "
            f"{error}). Check the disk, then start again."
        )
    if name.startswith(("SQLITE_NOTADB", "SQLITE_CORRUPT")):
        return DatabaseDamaged(
            f"The file {path} is not a readable SQLite database ({error}). If PARLEY_DB "
            "names the wrong file, fix PARLEY_DB; if it is Parley's database, restore a "
            "backup made with `parley backup`."
        )
    return DatabaseProblem(f"The database {path} could not be opened: {error}.")


def unreachable(path: str, error: OSError) -> DatabaseProblem:
    """The problem behind an error the OS raised for the files beside ``path``."""
    if isinstance(error, PermissionError):
        return DatabaseReadOnly(
            f"Parley cannot write beside the database {path} ({error.strerror}): the folder is "
            "read-only for this user. Give this user write access to the folder; the database "
            "itself is fine."
        )
    if isinstance(error, FileNotFoundError):
        return DatabaseProblem(
            f"The folder of the database {path} does not exist. Create it, or fix PARLEY_DB."
        )
    return DatabaseProblem(f"The database {path} could not be opened: {error.strerror}.")
