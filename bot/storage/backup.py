"""``parley backup``: a checked copy of the live database, safe while the bot runs.

The copy is made with SQLite's online backup API from a read-only connection (the running bot
keeps its lock and goes on), written beside the target under a temporary name, checked with
``PRAGMA integrity_check``, and only then moved into place, so a failed backup never replaces
a good one. Refused, each with one sentence: no database where ``PARLEY_DB`` points (nothing
is created), a file that is not a Parley database, the live database itself (or its WAL, shared
memory or lock file) as the target, a missing folder, or a file that is not SQLite.

Given a folder (:func:`backup_into`, for a nightly timer), the copy gets a name with the time
it was made, and ``--keep N`` then removes all but the newest N copies so named; no other file
in the folder is ever touched, and nothing is removed unless the new copy was made.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import os
import re
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

SQLITE_HEADER = b"SQLite format 3\x00"
#: A backup made into a folder: ``parley-<UTC date>-<time>.db``; names sort by age.
STAMPED = "parley-{:%Y%m%d-%H%M%S}.db"
STAMPED_NAME = re.compile(r"parley-\d{8}-\d{6}\.db")


class BackupRefused(RuntimeError):
    """The backup was not made; the message says why."""


@dataclass(frozen=True)
class BackupReport:
    games: int
    in_play: int
    schema: int


def backup(source: Path, target: Path) -> BackupReport:
    """Copy the database at ``source`` to ``target`` and check the copy."""
    check_source(source)
    check_target(source, target)
    partial = target.with_name(f".{target.name}.partial")
    partial.unlink(missing_ok=True)
    try:
        with contextlib.closing(read_only(source)) as live:
            copy = sqlite3.connect(partial, isolation_level=None)
            with contextlib.closing(copy):
                live.backup(copy)
                copy.execute("PRAGMA journal_mode=DELETE")  # the copy is one self-contained file
                report = inspect(copy, target)
        os.replace(partial, target)
    except sqlite3.Error as error:
        raise BackupRefused(
            f"The backup failed: {error}. Nothing was written to {target}."
        ) from None
    finally:
        partial.unlink(missing_ok=True)
    return report


@dataclass(frozen=True)
class Rotation:
    target: Path
    report: BackupReport
    removed: list[Path]


def backup_into(source: Path, folder: Path, keep: int | None, now: dt.datetime) -> Rotation:
    """Copy the database into ``folder`` under a name with ``now`` in it, then (``keep``)
    remove all but the newest ``keep`` backups named so."""
    target = folder / STAMPED.format(now.astimezone(dt.UTC))
    report = backup(source, target)
    removed: list[Path] = []
    if keep is not None:
        made = sorted(path for path in folder.iterdir() if STAMPED_NAME.fullmatch(path.name))
        removed = made[: max(0, len(made) - keep)]
        for old in removed:
            old.unlink()
    return Rotation(target, report, removed)


def read_only(source: Path) -> sqlite3.Connection:
    """A read-only connection that never creates the file."""
    return sqlite3.connect(f"file:{quote(str(source.resolve()))}?mode=ro", uri=True)


def check_source(source: Path) -> None:
    if not source.exists():
        raise BackupRefused(
            f"There is no database at {source} (PARLEY_DB): nothing to back up. Check "
            "PARLEY_DB; a backup never creates a database."
        )
    if source.is_dir():
        raise BackupRefused(f"PARLEY_DB names a folder, {source}, not a database file.")
    try:
        with contextlib.closing(read_only(source)) as db:
            tables = {row[0] for row in db.execute("SELECT name FROM sqlite_schema")}
    except sqlite3.Error as error:
        raise BackupRefused(f"{source} is not a readable SQLite database ({error}).") from None
    if "games" not in tables:
        raise BackupRefused(f"{source} is not a Parley database (it has no games table).")


def check_target(source: Path, target: Path) -> None:
    live = source.resolve()
    beside = {live, *(live.with_name(live.name + end) for end in ("-wal", "-shm", ".lock"))}
    if target.resolve() in beside or (target.exists() and os.path.samefile(target, source)):
        raise BackupRefused(
            f"{target} is the live database itself: give the backup another file name."
        )
    if target.is_dir():
        raise BackupRefused(f"{target} is a folder: give a file name for the backup.")
    if not target.parent.is_dir():
        raise BackupRefused(f"The folder {target.parent} does not exist: create it first.")
    if target.exists():
        with target.open("rb") as existing:
            head = existing.read(len(SQLITE_HEADER))
        if head and head != SQLITE_HEADER:
            raise BackupRefused(
                f"{target} exists and is not a database: I will not overwrite it. Choose "
                "another file name."
            )


def inspect(copy: sqlite3.Connection, target: Path) -> BackupReport:
    verdict = copy.execute("PRAGMA integrity_check").fetchone()[0]
    if verdict != "ok":
        raise BackupRefused(
            f"The copy failed its integrity check ({verdict}), so {target} was not written. "
            "The live database may be damaged: stop the bot and run `PRAGMA integrity_check` "
            "on it."
        )
    games, in_play = copy.execute(
        "SELECT count(*), coalesce(sum(status = 'active'), 0) FROM games"
    ).fetchone()
    schema = copy.execute("PRAGMA user_version").fetchone()[0]
    return BackupReport(games, in_play, schema)
