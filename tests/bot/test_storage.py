"""The SQLite store on its own: statements that never stay open, and its migrations."""

from __future__ import annotations

import random
import sqlite3
from dataclasses import replace
from typing import ClassVar

import aiosqlite

from bot.play.service import GameService
from bot.storage import DirectMessage, SqliteStore, ThreadPost
from games import REGISTRY


class HoldingConnection(sqlite3.Connection):
    """A connection that keeps every cursor its statements run on alive, as a late garbage
    collection (or a reference kept anywhere) would: a statement that returned rows then
    stays in progress until the store reads it to its end or closes its cursor."""

    held: ClassVar[list[sqlite3.Cursor]] = []

    def execute(self, *args):  # type: ignore[override]
        return self._hold(super().execute(*args))

    def executemany(self, *args):  # type: ignore[override]
        return self._hold(super().executemany(*args))

    def executescript(self, *args):  # type: ignore[override]
        return self._hold(super().executescript(*args))

    @staticmethod
    def _hold(cursor: sqlite3.Cursor) -> sqlite3.Cursor:
        HoldingConnection.held.append(cursor)
        return cursor


async def test_a_store_whose_cursors_all_stay_alive_still_opens_migrates_and_plays(
    tmp_path, monkeypatch
):
    """Issue 11: ``PRAGMA journal_mode=WAL`` run with a cursor never closed made the first
    migration's ``COMMIT`` fail with "SQL statements in progress" (5 runs in 9 at start)."""
    connect = aiosqlite.connect

    def holding_connect(path, **kwargs):
        return connect(path, factory=HoldingConnection, **kwargs)

    monkeypatch.setattr(HoldingConnection, "held", [])
    monkeypatch.setattr(aiosqlite, "connect", holding_connect)
    store = await SqliteStore.open(str(tmp_path / "parley.db"))
    try:
        service = GameService(store)
        game = await service.new_game("cardinal", 1, 2, 101)
        await store.set_places(game.id, 99, 98)
        game = await service.start(await service.join(game, 202), 101)
        picker = random.Random(5)
        spec = REGISTRY["cardinal"]
        while game.status == "active":
            state = service.state(game)
            seat = spec.to_act(state)[0]
            action = picker.choice(spec.legal_actions(state, seat))
            game = (await service.act(game.id, game.user_of(seat), action)).game
        assert game.status == "over" and len(await store.actions(game.id)) == game.version
        for item in await store.unsent(game.id):
            await store.mark_sent(item.id)
        assert await store.unsent() == []
    finally:
        await store.close()
    assert len(HoldingConnection.held) > 100  # the store's every statement went through here


async def test_posts_owed_before_an_upgrade_still_go_out_typed(tmp_path):
    """Rows written with a payload of string keys by the previous Parley (a cancel notice with
    no board, a reminder DM with its thread fallback) read back as typed posts."""
    store = await SqliteStore.open(str(tmp_path / "parley.db"))
    try:
        game = await store.create_game("cardinal", 1, 2, 101, 7, {})
        async with store._db.executemany(
            "INSERT INTO outbox (game_id, kind, user_id, payload, created_at) "
            "VALUES (?, ?, ?, ?, 0)",
            [
                (game.id, "thread", None, '{"line": "<@101> cancelled the game.", "mentions": []}'),
                (
                    game.id,
                    "dm",
                    202,
                    '{"version": 3, "seat": 1, "text": "Reminder", '
                    '"choices": true, "or_thread": "<@202> Reminder"}',
                ),
            ],
        ):
            pass
        notice, reminder = (item.post for item in await store.unsent(game.id))
        assert notice == ThreadPost("<@101> cancelled the game.")
        assert reminder == DirectMessage(202, 1, 3, "Reminder", True, "<@202> Reminder")
        await store.finish(game.id, "active", None, [notice, reminder])
        assert [item.post for item in await store.unsent(game.id)][2:] == [notice, reminder]
    finally:
        await store.close()


async def test_migration_3_renames_stored_ship_games_from_the_first_schema(tmp_path):
    """Ship's key became ``ship``: a game stored as ``sealegs`` (and the board its post still
    owes) reads back as ``ship``; every other game keeps its key."""
    path = str(tmp_path / "old.db")
    db = await aiosqlite.connect(path, isolation_level=None)
    db.row_factory = aiosqlite.Row
    old = SqliteStore(db)
    assert await old.migrate(up_to=1) == 1
    ship = await old.create_game("sealegs", 1, 2, 101, 7, {"board": "small"})
    other = await old.create_game("cardinal", 1, 2, 101, 8, {})
    board = ThreadPost("Stern moves.", version=1, view={"game": "sealegs", "to_act": [1]})
    await old.finish(ship.id, "active", None, [board])
    await old.close()
    store = await SqliteStore.open(path)
    try:
        assert await store.migrate() >= 3
        renamed = await store.game(ship.id)
        assert (renamed.game_key, renamed.seed, renamed.options) == ("ship", 7, {"board": "small"})
        assert (await store.game(other.id)).game_key == "cardinal"
        (item,) = await store.unsent(ship.id)
        assert item.post == replace(board, view={"game": "ship", "to_act": [1]})
    finally:
        await store.close()
