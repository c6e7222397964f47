"""``parley copy-db SOURCE TARGET``: move a whole Parley database to another store, SQLite to
PostgreSQL or back (each a file path or a ``postgresql://`` URL).

Every table both backends share is copied row for row (games, seats, actions, posts owed,
clocks, deadlines, reminder steps, settings, and whatever later migrations add), into a
target that is empty; then the copy is checked: the same rows in every table, every game read
back the same through the store, and every game replayed from its seed and action log on the
target to the very state stored. Stop every bot process first: a copy of a database in use
would miss what happens meanwhile (and the check would say so).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any, Protocol, cast

from bot.play.turns import replay
from bot.storage import Store, open_store
from games import REGISTRY


class CopyFailed(Exception):
    """The copy could not be made, or differs from its source: the message says how."""


class Tables(Protocol):
    """What a store offers for a copy (both backends have it)."""

    async def tables(self) -> dict[str, list[str]]: ...

    def read_rows(
        self, table: str, columns: list[str], batch: int = 5000
    ) -> AsyncIterator[list[tuple[Any, ...]]]: ...

    async def write_rows(
        self, table: str, columns: list[str], rows: list[tuple[Any, ...]]
    ) -> None: ...

    async def after_copy(self) -> None: ...


class CopyableStore(Store, Tables, Protocol):
    pass


@dataclass
class Copied:
    rows: dict[str, int] = field(default_factory=dict)
    games: int = 0
    replayed: int = 0
    #: Games whose log does not replay to their state on this Parley, in the source as well.
    unreplayable: list[int] = field(default_factory=list)

    def summary(self) -> str:
        counts = ", ".join(f"{n:,} {table}" for table, n in self.rows.items())
        text = f"Copied {counts}. Replayed {self.replayed:,} of {self.games:,} games on the target."
        if self.unreplayable:
            text += (
                f" {len(self.unreplayable)} games do not replay on this version of Parley, in "
                f"the source as well (copied as they are): {self.unreplayable[:20]}"
            )
        return text


async def open_copyable(database: str) -> CopyableStore:
    """Both backends are copyable; the ``Store`` interface the bot uses leaves that out."""
    return cast(CopyableStore, await open_store(database))


async def copy_database(source: str, target: str, say: Callable[[str], None] = print) -> Copied:
    """Copy every row of ``source`` into the empty ``target`` and check the copy."""
    if source == target:
        raise CopyFailed("SOURCE and TARGET are the same database.")
    old = await open_copyable(source)
    try:
        new = await open_copyable(target)
        try:
            tables = await shared_tables(old, new)
            await refuse_unless_empty(new, tables)
            copied = Copied()
            for table, columns in tables.items():
                copied.rows[table] = 0
                async for rows in old.read_rows(table, columns):
                    await new.write_rows(table, columns, rows)
                    copied.rows[table] += len(rows)
                say(f"{table}: {copied.rows[table]:,} rows")
            await new.after_copy()
            await check_copy(old, new, tables, copied, say)
            return copied
        finally:
            await new.close()
    finally:
        await old.close()


async def shared_tables(old: Tables, new: Tables) -> dict[str, list[str]]:
    """The tables to copy; both stores must be at the same migration (same tables, same
    columns), which opening them with this Parley ensures."""
    mine, theirs = await old.tables(), await new.tables()
    if set(mine) != set(theirs) or any(set(mine[t]) != set(theirs[t]) for t in mine):
        raise CopyFailed(
            "SOURCE and TARGET do not have the same tables and columns: open each once with "
            "this version of Parley (`parley run`), which migrates it, then copy."
        )
    return mine


async def refuse_unless_empty(new: Tables, tables: dict[str, list[str]]) -> None:
    for table, columns in tables.items():
        async for _ in new.read_rows(table, columns, batch=1):
            raise CopyFailed(
                f"TARGET is not empty (its table {table} has rows); copy-db only fills an "
                "empty database, so nothing is overwritten."
            )


async def check_copy(
    old: CopyableStore,
    new: CopyableStore,
    tables: dict[str, list[str]],
    copied: Copied,
    say: Callable[[str], None],
) -> None:
    """The same rows in every table, every game the same through the store, and every game
    replayed on the target to its stored state."""
    for table, columns in tables.items():
        if await fingerprint(old, table, columns) != await fingerprint(new, table, columns):
            raise CopyFailed(f"The table {table} differs between SOURCE and TARGET.")
    ids = [row[0] for rows in [r async for r in new.read_rows("games", ["id"])] for row in rows]
    copied.games = len(ids)
    for game_id in sorted(ids):
        game = await new.game(game_id)
        if game != await old.game(game_id):
            raise CopyFailed(f"Game #{game_id} reads back differently from TARGET.")
        assert game is not None
        log = await new.actions(game_id)
        if log != await old.actions(game_id):
            raise CopyFailed(f"The actions of game #{game_id} differ on TARGET.")
        spec = REGISTRY.get(game.game_key)
        if game.state is None or spec is None:
            continue
        try:
            again = replay(spec, game, log)
            same = again.version == game.version and spec.dump(again.state) == game.state
        except Exception:
            same = False
        if same:
            copied.replayed += 1
        else:
            copied.unreplayable.append(game_id)
        if copied.replayed and copied.replayed % 10_000 == 0:
            say(f"replayed {copied.replayed:,} games")


async def fingerprint(store: Tables, table: str, columns: list[str]) -> tuple[int, int]:
    """The table's row count and a digest of its rows that ignores their order (each row's
    SHA-256, summed), so two tables of any size compare without holding either."""
    count = total = 0
    async for batch in store.read_rows(table, columns):
        for row in batch:
            digest = hashlib.sha256(json.dumps(row).encode()).digest()
            total = (total + int.from_bytes(digest, "big")) % (1 << 256)
            count += 1
    return count, total
