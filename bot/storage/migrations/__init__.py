"""The migrations, one list for every dialect: ``NNNN_name.sql`` is the script each database
runs (written in SQLite's types, which a dialect ports to its own), and
``NNNN_name.<dialect>.sql`` stands in for it in that dialect where the SQL really differs
(JSON functions, scalar ``MIN``). A script only one dialect has (``pgNNNN_name.postgres.sql``,
PostgreSQL's leases) runs after the shared ones."""

from __future__ import annotations

from collections.abc import Callable
from importlib import resources


def migrations(dialect: str, port: Callable[[str], str] = str) -> list[tuple[str, str]]:
    """``dialect``'s scripts (``sqlite``, ``postgres``) by name, in the order they apply; a
    shared script goes through ``port``, a dialect's own is used as written."""
    shared: dict[str, str] = {}
    own: dict[str, str] = {}
    for path in resources.files("bot.storage.migrations").iterdir():
        name, _, kind = path.name.removesuffix(".sql").partition(".")
        if not path.name.endswith(".sql"):
            continue
        if kind == "":
            shared[name] = port(path.read_text())
        elif kind == dialect:
            own[name] = path.read_text()
    scripts = shared | own
    return sorted(scripts.items(), key=lambda item: (not item[0][:1].isdigit(), item[0]))
