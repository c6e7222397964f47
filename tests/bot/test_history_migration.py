"""Migration 6 (issue 16), run on a database of the first schema: finished games keep their
results (out of the ratings, which start with the next game), and every new table works."""

from __future__ import annotations

import aiosqlite

from bot.storage import GuildSettings, LogEntry, Rating, SqliteStore, UndoRequest


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

        asked = UndoRequest(running.id, 4, 0, 303, 3, [404, 505])
        await store.ask_undo(asked)
        assert await store.undo_request(running.id) == asked
        assert await store.answer_undo(running.id, 3, 404, True) is None  # another version
        approved = await store.answer_undo(running.id, 4, 404, True)
        assert approved.waiting == [505]
        assert await store.answer_undo(running.id, 4, 404, True) is None  # answered already
        assert (await store.answer_undo(running.id, 4, 505, False)).waiting == []
        assert await store.undo_request(running.id) is None  # a refusal ends it
    finally:
        await store.close()
