"""The migrations, one list for every dialect: ``NNNN_name.sql`` is the script each database
runs, and ``NNNN_name.<dialect>.sql`` stands in for it in that dialect where the SQL really
differs (types, JSON functions). A script only one dialect has (``pgNNNN_name.postgres.sql``,
PostgreSQL's leases) runs after the shared ones."""

from __future__ import annotations

from importlib import resources


def migrations(dialect: str) -> list[tuple[str, str]]:
    """``dialect``'s scripts (``sqlite``, ``postgres``), by name, in the order they apply."""
    scripts: dict[str, dict[str, str]] = {}
    for path in resources.files("bot.storage.migrations").iterdir():
        if path.name.endswith(".sql"):
            name, _, kind = path.name.removesuffix(".sql").partition(".")
            scripts.setdefault(name, {})[kind] = path.read_text()
    found = [(name, versions.get(dialect, versions.get(""))) for name, versions in scripts.items()]
    ordered = sorted(found, key=lambda item: (not item[0][:1].isdigit(), item[0]))
    return [(name, script) for name, script in ordered if script is not None]
