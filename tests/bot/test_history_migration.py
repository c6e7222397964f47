"""Migration 6 (issue 16), run on a database of the first schema: finished games keep their
results (out of the ratings, which start with the next game), and every new table works."""

from __future__ import annotations

import aiosqlite
import pytest

from bot.storage import (
    GuildSettings,
    LogEntry,
    Rating,
    SqliteStore,
    UndoRequest,
    VersionConflict,
)


async def test_migration_6_from_the_first_schema(tmp_path):
    path = str(tmp_path / "old.db")
    db = await aiosqlite.connect(path, isolation_level=None)
    db.row_factory = aiosqlite.Row
    old = SqliteStore(db)
    assert await old.migrate(up_to=1) == 1
    done = await old.create_game("cardinal", 1, 2, 101, 7, {"first": "orange"})
    await old.add_seat(done.id, 202)
    await old.start(done.id, "{}", [])
    await old.record_action(done.id, 0, 0, 101, "place c3", "{}", "active", None, [])
    await old.finish(done.id, "over", {"winners": [0], "reason": "all ships placed"}, [])
    running = await old.create_game("ship", 1, 2, 303, 8, {})
    await old.close()

    store = await SqliteStore.open(path)
    try:
        assert await store.migrate() >= 6
        finished = await store.game(done.id)
        assert finished.result == {"winners": [0], "reason": "all ships placed", "rated": False}
        assert await store.settle(done.id, None, True, [Rating(101, 30.0, 7.0, 1)]) is False
        assert await store.ratings(1, "cardinal") == []
        assert await store.finished_games(1, 202) == [finished]
        assert await store.finished_games(1, 303) == []
        (entry,) = await store.log(done.id)
        assert entry == LogEntry(1, 0, 101, "place c3", entry.created_at)

        new, opened = await store.create_rematch(done.id, 99)
        assert opened and (new.status, new.seed, new.options) == ("lobby", 99, {"first": "orange"})
        assert [s.user_id for s in new.seats] == [101, 202]
        assert await store.create_rematch(done.id, 100) == (new, False)

        assert await store.guild_settings(1) == GuildSettings(1, True)
        await store.save_guild_settings(GuildSettings(1, False))
        assert await store.guild_settings(1) == GuildSettings(1, False)

        await store.add_seat(running.id, 404)
        await store.add_seat(running.id, 505)
        await store.start(running.id, "{}", [])
        game = await store.game(running.id)
        asked = await store.ask_undo(UndoRequest(running.id, 0, 0, 303, 1, [1, 2]), [], game, None)
        assert asked.id is not None and await store.open_undo(running.id) == asked
        assert (await store.answer_undo(running.id, asked.id, 1, True)).waiting == [2]
        assert await store.answer_undo(running.id, asked.id, 1, True) is None  # answered already
        newer = UndoRequest(running.id, 0, 1, 404, 1, [0, 2])
        with pytest.raises(VersionConflict):  # decided as if none were open
            await store.ask_undo(newer, [], game, None)
        newer = await store.ask_undo(newer, [], game, asked.id)
        assert (await store.undo_request(running.id, asked.id)).ended == "replaced"
        assert await store.answer_undo(running.id, asked.id, 2, True) is None  # replaced
        refused = await store.answer_undo(running.id, newer.id, 0, False)
        assert (refused.ended, refused.waiting) == ("refused", [2])
        assert await store.open_undo(running.id) is None  # a refusal ends it
    finally:
        await store.close()


async def test_migration_8_leaves_requests_asked_before_it_behind(tmp_path):
    """A request pending at the upgrade (its approvers user ids, its buttons without an id) is
    not carried over; requests asked after it are numbered from 1 and their rows stay."""
    path = str(tmp_path / "old.db")
    db = await aiosqlite.connect(path, isolation_level=None)
    db.row_factory = aiosqlite.Row
    old = SqliteStore(db)
    assert await old.migrate(up_to=7) == 7
    game = await old.create_game("cardinal", 1, 2, 101, 7, {})
    await old.add_seat(game.id, 202)
    await old.start(game.id, "{}", [])
    await db.execute(
        "INSERT INTO undo_requests (game_id, version, seat, user_id, first_version, waiting, "
        "created_at) VALUES (?, 0, 0, 101, 1, '[202]', 0)",
        (game.id,),
    )
    await old.close()

    store = await SqliteStore.open(path)
    try:
        assert await store.open_undo(game.id) is None
        read = await store.game(game.id)
        asked = await store.ask_undo(UndoRequest(game.id, 0, 0, 101, 1, [1]), [], read, None)
        assert asked.id == 1 and await store.open_undo(game.id) == asked
    finally:
        await store.close()
