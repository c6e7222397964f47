"""One Parley process per database: an OS lock on a file beside it, held for the process's life.

``flock`` on ``<database>.lock`` is taken without waiting when the store opens and released
when it closes. The kernel drops it when the process dies however it dies (SIGKILL, a power
cut), so a crashed bot never blocks its own restart; and two stores in one process conflict
too, as two processes would. The file holds the holder's pid, for the message only.
"""

from __future__ import annotations

import fcntl
import os

from bot.storage.problems import DatabaseInUse


class ProcessLock:
    def __init__(self, fd: int) -> None:
        self._fd: int | None = fd

    @classmethod
    def acquire(cls, database: str) -> ProcessLock:
        """Hold ``<database>.lock``; :class:`DatabaseInUse` if another store holds it."""
        path = f"{database}.lock"
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(fd, 32, 0).decode(errors="replace").strip()
            os.close(fd)
            who = f" (process {holder})" if holder.isdigit() else ""
            raise DatabaseInUse(
                f"Another Parley{who} is already running on the database {database}. Only one "
                "process may use a database: stop the other one first, or give this one its "
                "own PARLEY_DB."
            ) from None
        except BaseException:
            os.close(fd)
            raise
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        return cls(fd)

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)  # closing the descriptor drops the flock
            self._fd = None

    @staticmethod
    def held(database: str) -> bool:
        """Whether a store holds ``<database>.lock`` now (a probe that creates and writes
        nothing, for ``parley doctor``)."""
        try:
            fd = os.open(f"{database}.lock", os.O_RDONLY)
        except FileNotFoundError:
            return False
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return True
        finally:
            os.close(fd)  # also lets go of the probe's own lock
        return False
