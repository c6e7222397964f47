"""``parley copy-db``: every game, seat, action, post owed, clock, deadline, reminder step and
setting moves from SQLite to PostgreSQL and back, checked by replaying every game; the
copy is a working database; a target with data is refused; a copy that lost a row is
caught."""

from __future__ import annotations

import asyncio
import random
import sqlite3
from dataclasses import replace

import pytest

from bot.cli import main
from bot.copydb import CopyFailed, copy_database
from bot.play.service import GameService
from bot.play.timekeeper import Timekeeper
from bot.storage import (
    PostgresStore,
    SqliteStore,
    ThreadPost,
    UndoRequest,
    UserSettings,
    open_store,
)
from games import REGISTRY

pytestmark = pytest.mark.postgres

T0 = 1_767_600_000.0


async def fill(path: str) -> dict[str, int]:
    """A SQLite database with games in every state, clocks, deadlines, reminders, settings,
    requests to take back a move, and posts both sent and owed; the game ids by what they
    show."""
    store = await SqliteStore.open(path)
    service = GameService(store)
    keeper = Timekeeper(store, service)
    picker = random.Random(7)
    ids: dict[str, int] = {}
    for key, players in (("cardinal", 2), ("tortuga", 4), ("caribbean", 3), ("ship", 2)):
        game = await service.new_game(key, 1 << 22, 2, 100)
        await store.set_places(game.id, 900 + game.id, 800 + game.id)
        await store.set_time_policy(game.id, 86_400, "autopilot")
        for user in range(101, 100 + players):
            game = await service.join(game, user)
        game = await service.start(game, 100)
        spec = REGISTRY[key]
        for _ in range(12):  # some moves, secret ones included
            state = service.state(game)
            if spec.outcome(state) is not None:
                break
            seat = spec.to_act(state)[0]
            action = picker.choice(spec.legal_actions(state, seat))
            game = (await service.act(game.id, game.user_of(seat), action)).game
        await keeper.sync(game.id, T0)
        ids[key] = game.id
    deadline = (await store.deadlines(ids["tortuga"]))[0]
    await store.mark_step(deadline.game_id, deadline.seat, deadline.turn, "half:101", T0, [])
    await store.save_user_settings(UserSettings(101, "Europe/Paris", 22, 7, "mention", True, 9.5))
    tortuga = await store.game(ids["tortuga"])  # a request replaced, and one still open
    asked = UndoRequest(tortuga.id, tortuga.version, 0, 100, 1, [1])
    replaced = await store.ask_undo(asked, [], tortuga, None)
    await store.ask_undo(replace(asked, seat=1, user_id=101, waiting=[0]), [], tortuga, replaced.id)
    over = await service.resign(await store.game(ids["cardinal"]), 101)
    lobby = await service.new_game("rigadoon", 1, 2, 555)
    cancelled = await service.new_game("cardinal", 1, 2, 556)
    await service.cancel(cancelled, 556, can_manage=False)
    for item in (await store.unsent())[:5]:
        await store.mark_sent(item.id)
    await store.close()
    return {**ids, "over": over.id, "lobby": lobby.id, "cancelled": cancelled.id}


async def parley(*argv: str) -> int:
    """The ``parley`` command line (in a thread: it runs its own event loop)."""
    return await asyncio.to_thread(main, list(argv))


def sqlite_rows(path: str) -> dict[str, list[tuple]]:
    db = sqlite3.connect(path)
    tables = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")]
    rows = {t: sorted(db.execute(f"SELECT * FROM {t}"), key=repr) for t in tables}
    db.close()
    return rows


async def test_sqlite_to_postgresql_and_back_keeps_every_row(tmp_path, postgres_server, capsys):
    source, back = str(tmp_path / "parley.db"), str(tmp_path / "back.db")
    ids = await fill(source)
    url = await postgres_server.database(schema=False)
    try:
        assert await parley("copy-db", source, url) == 0
        said = capsys.readouterr().out
        assert "Replayed 4 of 6 games on the target" in said  # a lobby has no state yet
        assert await parley("copy-db", url, back) == 0
        assert sqlite_rows(back) == sqlite_rows(source)

        # the copy is a working database: play on, with new ids after the copied ones
        store = await open_store(url)
        service = GameService(store)
        game = await store.game(ids["ship"])
        spec = REGISTRY["ship"]
        seat = spec.to_act(service.state(game))[0]
        action = spec.legal_actions(service.state(game), seat)[0]
        acted = await service.act(game.id, game.user_of(seat), action)
        assert acted.game.version == game.version + 1
        fresh = await service.new_game("cardinal", 1, 2, 100)
        assert fresh.id == ids["cancelled"] + 1
        assert (await store.user_settings(101)).timezone == "Europe/Paris"
        assert (await store.game(ids["over"])).status == "over"
        tortuga = await store.game(ids["tortuga"])
        pending = await store.open_undo(tortuga.id)
        assert pending is not None and pending.user_id == 101
        asked = UndoRequest(tortuga.id, tortuga.version, 2, 102, 1, [0])
        assert (await store.ask_undo(asked, [], tortuga, pending.id)).id == pending.id + 1
        # every copied game can be claimed for its background work
        for game_id in ids.values():
            assert await store.claim(game_id)
        await store.close()
    finally:
        await postgres_server.drop(url)


async def test_a_target_with_games_is_refused_and_left_alone(tmp_path, postgres_server, capsys):
    source = str(tmp_path / "parley.db")
    await fill(source)
    url = await postgres_server.database()
    try:
        store = await open_store(url)
        kept = await store.create_game("cardinal", 1, 2, 100, 7, {})
        await store.close()
        assert await parley("copy-db", source, url) == 1
        assert "TARGET is not empty" in capsys.readouterr().err
        store = await open_store(url)
        assert [g.id for g in await store.open_lobbies(1)] == [kept.id]
        await store.close()
    finally:
        await postgres_server.drop(url)


async def test_a_copy_that_lost_an_action_is_caught(tmp_path, postgres_server, monkeypatch):
    source = str(tmp_path / "parley.db")
    await fill(source)
    url = await postgres_server.database()
    write_rows = PostgresStore.write_rows

    async def lossy(self, table, columns, rows):
        await write_rows(self, table, columns, rows[1:] if table == "actions" else rows)

    monkeypatch.setattr(PostgresStore, "write_rows", lossy)
    try:
        with pytest.raises(CopyFailed, match="actions differs"):
            await copy_database(source, url, say=lambda _: None)
    finally:
        await postgres_server.drop(url)


async def test_a_game_that_does_not_replay_is_reported_not_hidden(tmp_path, postgres_server):
    """A stored state its log does not reach (an older engine, a hand edit) is copied as it
    is, and named in the report."""
    source = str(tmp_path / "parley.db")
    ids = await fill(source)
    store = await SqliteStore.open(source)
    await store.finish(ids["ship"], "active", None, [ThreadPost("note")])
    async with store._transaction() as db:
        await db.execute("UPDATE games SET state=? WHERE id=?", ('{"hand": "edited"}', ids["ship"]))
    await store.close()
    url = await postgres_server.database()
    try:
        copied = await copy_database(source, url, say=lambda _: None)
    finally:
        await postgres_server.drop(url)
    assert copied.unreplayable == [ids["ship"]]
    assert "do not replay" in copied.summary()
