"""A real PostgreSQL server for the tests, started from the server binaries on this machine.

One server per test session (per pytest-xdist worker), in a temporary directory, listening on
a free loopback port with the durability switches off (a test database never outlives its
test); a fresh database per test, created from a template that already holds the schema and
dropped afterwards. PostgreSQL refuses to run as root, so as root the server runs as an
unprivileged system user (``postgres``, else ``nobody``) through ``runuser``.

Tests that need it are marked ``postgres``; they run only when ``-m`` names that marker
(``python -m pytest -m postgres``, a step of its own in ``.ci/run``), and are skipped, saying
why, where no server binary exists.
"""

from __future__ import annotations

import asyncio
import glob
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import asyncpg

from bot.storage import PostgresStore

#: Where Debian and most distributions keep the server binaries, if they are not on PATH.
SEARCH = ("/usr/local/bin", *sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True))
TEMPLATE = "parley_template"
SUPERUSER = "parley"
#: Test-only settings: nothing here must survive a crash of the machine.
FAST = (
    "-c fsync=off -c synchronous_commit=off -c full_page_writes=off "
    "-c max_connections=300 -c shared_buffers=64MB"
)


def binary(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    for folder in SEARCH:
        path = Path(folder) / name
        if path.exists():
            return str(path)
    return None


def missing() -> str | None:
    """Why no server can start here (None: it can)."""
    absent = [name for name in ("initdb", "pg_ctl", "postgres") if binary(name) is None]
    if absent:
        return (
            f"PostgreSQL's server binaries are not installed here ({', '.join(absent)} not "
            "found on PATH or in /usr/lib/postgresql/*/bin); install the `postgresql` package"
        )
    return None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def server_user() -> str | None:
    """The user the server runs as when we are root (None: as ourselves)."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        try:
            pwd.getpwnam(name)
        except KeyError:
            continue
        return name
    raise RuntimeError("running as root, and no unprivileged user to run PostgreSQL as")


class PostgresServer:
    """A throwaway server: :meth:`start`, :meth:`database` per test, :meth:`stop`."""

    def __init__(self) -> None:
        self.root = Path(tempfile.mkdtemp(prefix="parley-pg-"))
        self.data = self.root / "data"
        self.port = 0
        self.user = server_user()
        self._names = itertools.count(1)

    def _run(self, *argv: str) -> None:
        command = list(argv)
        if self.user is not None:
            command = ["runuser", "-u", self.user, "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            log = self.root / "server.log"
            tail = log.read_text()[-2000:] if log.exists() else ""
            raise RuntimeError(f"{' '.join(argv)} failed:\n{done.stdout}{done.stderr}{tail}")

    def start(self) -> None:
        if self.user is not None:
            shutil.chown(self.root, self.user)
        os.chmod(self.root, 0o700)
        initdb, pg_ctl = binary("initdb"), binary("pg_ctl")
        assert initdb and pg_ctl
        self._run(initdb, "-D", str(self.data), "-A", "trust", "-U", SUPERUSER, "-E", "UTF8",
                  "--no-sync", "--locale=C")  # fmt: skip
        for attempt in range(5):  # a free port can be taken between probing and binding
            self.port = free_port()
            options = f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.root} {FAST}"
            try:
                self._run(pg_ctl, "-D", str(self.data), "-l", str(self.root / "server.log"),
                          "-w", "-t", "60", "-o", options, "start")  # fmt: skip
                break
            except RuntimeError:
                if attempt == 4:
                    raise

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{SUPERUSER}@127.0.0.1:{self.port}/{database}"

    async def _admin(self, sql: str) -> None:
        connection = await asyncpg.connect(self.url())
        try:
            await connection.execute(sql)
        finally:
            await connection.close()

    async def make_template(self) -> None:
        """A database holding the whole schema, which each test's database is copied from."""
        await self._admin(f"CREATE DATABASE {TEMPLATE}")
        store = await PostgresStore.open(self.url(TEMPLATE), pool_size=1)
        await store.close()

    async def database(self, schema: bool = True) -> str:
        """A new database (with the schema, or empty); its URL."""
        name = f"test_{os.getpid()}_{next(self._names)}"
        template = TEMPLATE if schema else "template0"
        await self._admin(f"CREATE DATABASE {name} TEMPLATE {template}")
        return self.url(name)

    async def drop(self, url: str) -> None:
        await self._admin(f"DROP DATABASE IF EXISTS {url.rsplit('/', 1)[1]} WITH (FORCE)")

    def stop(self) -> None:
        pg_ctl = binary("pg_ctl")
        assert pg_ctl
        try:
            self._run(pg_ctl, "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)


def run_sql(url: str, sql: str, *args: object) -> list[tuple[object, ...]]:
    """Run one statement written for SQLite (``?`` placeholders) on a PostgreSQL database,
    from synchronous test code; its rows."""
    numbered = iter(range(1, sql.count("?") + 1))
    text = "".join(f"${next(numbered)}" if c == "?" else c for c in sql)

    async def run() -> list[tuple[object, ...]]:
        connection = await asyncpg.connect(url)
        try:
            return [tuple(row) for row in await connection.fetch(text, *args)]
        finally:
            await connection.close()

    with ThreadPoolExecutor(1) as thread:  # the caller may be inside a running event loop
        return thread.submit(asyncio.run, run()).result()


async def lapse_leases(store: PostgresStore) -> None:
    """Every lease on ``store``'s database runs out now, as if its holder died a lease ago:
    a test of a lapsing lease need not wait for the server's clock (a loaded machine can take
    longer than any short lease between two statements)."""
    await store._pool.execute(
        "UPDATE game_schedule SET lease_until = extract(epoch FROM clock_timestamp()) - 1 "
        "WHERE lease_until IS NOT NULL"
    )
