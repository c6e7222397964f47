"""The bot's game service and store without Discord: races, stale clicks, restarts, outbox."""

from __future__ import annotations

import asyncio
import json

import aiosqlite
import pytest

from bot.play.service import GameService, UserError
from bot.storage import DatabaseDamaged, SqliteStore, migrations, open_store
from bot.storage.backup import backup
from games import REGISTRY

HOST, FRIEND, STRANGER = 101, 202, 303


@pytest.fixture
async def store(database):
    store = await open_store(database)
    yield store
    await store.close()


async def started_cardinal(service: GameService) -> int:
    game = await service.new_game("cardinal", 1, 2, HOST, "first=orange")
    await service.store.set_places(game.id, 99, 98)
    game = await service.join(game, FRIEND)
    game = await service.start(game, HOST)
    return game.id


async def test_two_identical_clicks_at_once_apply_once(store):
    service = GameService(store)
    game_id = await started_cardinal(service)
    results = await asyncio.gather(
        service.act(game_id, HOST, "place a1", click_version=0),
        service.act(game_id, HOST, "place a1", click_version=0),
        return_exceptions=True,
    )
    assert sum(not isinstance(r, Exception) for r in results) == 1
    assert any(isinstance(r, UserError) for r in results)
    assert await store.actions(game_id) == [(0, "place a1")]
    assert (await store.game(game_id)).version == 1


async def test_stale_click_and_out_of_turn_are_refused_without_change(store):
    service = GameService(store)
    game_id = await started_cardinal(service)
    await service.act(game_id, HOST, "place a1", click_version=0)
    with pytest.raises(UserError, match="out of date"):
        await service.act(game_id, HOST, "place b1", click_version=0)
    with pytest.raises(UserError, match="not your turn"):
        await service.act(game_id, HOST, "place b1")
    with pytest.raises(UserError, match="not playing"):
        await service.act(game_id, STRANGER, "place b1")
    with pytest.raises(UserError, match="already holds a ship"):
        await service.act(game_id, FRIEND, "place a1")
    with pytest.raises(UserError, match="another player's turn"):
        await service.act(game_id, FRIEND, "place b1", click_version=0)  # Orange's old menu
    assert (await store.game(game_id)).version == 1


async def test_an_action_and_its_posts_commit_together(store):
    service = GameService(store)
    game_id = await started_cardinal(service)
    before = len(await store.unsent(game_id))
    await service.act(game_id, HOST, "place c3")
    posts = await store.unsent(game_id)
    assert len(posts) == before + 1
    last = posts[-1].post
    assert last.version == 1 and last.mentions == [FRIEND]
    assert last.view["ships"] == {"c3": 0}


async def test_a_failed_write_leaves_nothing_behind(store, monkeypatch):
    service = GameService(store)
    game_id = await started_cardinal(service)

    def broken_dumps(*args, **kwargs):
        raise RuntimeError("disk on fire")

    monkeypatch.setattr("bot.storage.sqlite.json.dumps", broken_dumps)
    with pytest.raises(RuntimeError):
        await service.act(game_id, HOST, "place c3")
    monkeypatch.undo()
    game = await store.game(game_id)
    assert game.version == 0 and await store.actions(game_id) == []
    assert json.loads(game.state)["ships"] == {}


async def test_restart_on_the_same_database_goes_on(database):
    store = await open_store(database)
    game_id = await started_cardinal(GameService(store))
    await GameService(store).act(game_id, HOST, "place a1")
    await store.close()
    store = await open_store(database)
    service = GameService(store)
    await service.act(game_id, FRIEND, "place e5")
    game = await store.game(game_id)
    spec = REGISTRY["cardinal"]
    replayed = spec.new(2, game.seed, game.options)
    for seat, action in await store.actions(game_id):
        replayed = spec.apply(replayed, seat, action)
    assert spec.dump(replayed) == game.state
    await store.close()


async def test_resigning_a_two_player_game_hands_the_win_over(store):
    service = GameService(store)
    game_id = await started_cardinal(service)
    game = await service.resign(await store.game(game_id), FRIEND)
    assert game.status == "over" and game.result["winners"] == [0]
    with pytest.raises(UserError, match="over"):
        await service.act(game_id, HOST, "place a1")


async def test_lobby_rules(store):
    service = GameService(store)
    with pytest.raises(UserError, match="don't know a game"):
        await service.new_game("chess", 1, 2, HOST)
    with pytest.raises(UserError, match="can be"):
        await service.new_game("cardinal", 1, 2, HOST, "board=hexagon")
    game = await service.new_game("cardinal", 1, 2, HOST)
    with pytest.raises(UserError, match="takes 2 players; 1 joined"):
        await service.start(game, HOST)
    game = await service.join(game, FRIEND)
    with pytest.raises(UserError, match="already in"):
        await service.join(game, FRIEND)
    with pytest.raises(UserError, match="full"):
        await service.join(game, STRANGER)
    with pytest.raises(UserError, match="Only the host"):
        await service.start(game, FRIEND)
    with pytest.raises(UserError, match="Only the host or"):
        await service.cancel(game, FRIEND, can_manage=False)
    assert (await service.cancel(game, STRANGER, can_manage=True)).status == "cancelled"


async def test_migrating_from_the_first_schema_keeps_the_data(tmp_path):
    path = str(tmp_path / "old.db")
    db = await aiosqlite.connect(path, isolation_level=None)
    db.row_factory = aiosqlite.Row
    old = SqliteStore(db)
    assert await old.migrate(up_to=1) == 1
    game = await old.create_game("cardinal", 1, 2, HOST, 7, {})
    await old.close()
    store = await SqliteStore.open(path)
    assert await store.migrate() == migrations()[-1][0]
    assert (await store.game(game.id)).seed == 7
    await store.close()


async def test_backup_copies_the_live_database(tmp_path):
    store = await SqliteStore.open(str(tmp_path / "live.db"))
    game_id = await started_cardinal(GameService(store))
    await asyncio.to_thread(backup, tmp_path / "live.db", tmp_path / "copy.db")
    await store.close()
    copy = await SqliteStore.open(str(tmp_path / "copy.db"))
    assert (await copy.game(game_id)).status == "active"
    await copy.close()


async def test_a_damaged_database_is_refused_with_a_clear_message(tmp_path):
    path = tmp_path / "damaged.db"
    store = await SqliteStore.open(str(path))
    await started_cardinal(GameService(store))
    await store.close()
    for leftover in (tmp_path / "damaged.db-wal", tmp_path / "damaged.db-shm"):
        leftover.unlink(missing_ok=True)  # only the main file is damaged and read
    data = bytearray(path.read_bytes())
    page = int.from_bytes(data[16:18], "big")
    for start in range(page, len(data), page):  # scribble over every page header but the first
        data[start : start + 12] = b"\x0d\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"
    path.write_bytes(bytes(data))
    with pytest.raises(DatabaseDamaged, match="parley backup"):
        await SqliteStore.open(str(path))
