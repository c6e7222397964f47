"""Races (issue 12, "No game left broken"): lobby changes and Start, resignations, a clock
running out while its player moves, and a network drop after a committed move. Each change is
one version-checked transaction, so whatever lands first wins and the other is judged again on
the game as it now is; and every answer tells the truth about what was committed.

Two clicks "at the same instant" are two coroutines that read the game before either writes
(both are handed the same record), which is exactly what two interactions racing do.
"""

from __future__ import annotations

import asyncio
import sys

import aiohttp
import pytest

from bot.play.service import GameService, UserError
from bot.play.timekeeper import Timekeeper
from bot.storage import GameRecord, SqliteStore, ThreadPost
from games import REGISTRY
from tests.bot.conftest import World
from tests.bot.helpers import private_reply

HOST, FRIEND, OTHER, FOURTH = 101, 202, 303, 404
DAY = 24 * 3600


@pytest.fixture
async def service(tmp_path):
    store = await SqliteStore.open(str(tmp_path / "parley.db"))
    yield GameService(store)
    await store.close()


async def lobby(service: GameService, key: str, *users: int, options: str = "") -> GameRecord:
    game = await service.new_game(key, 1, 2, users[0], options)
    await service.store.set_places(game.id, 99, 98)
    for user in users[1:]:
        game = await service.join(game, user)
    return game


async def assert_consistent(service: GameService, game_id: int) -> GameRecord:
    """Every seat in the store is a seat of the stored state, and the other way round."""
    game = await service.game(game_id)
    seats = [s.seat for s in game.seats]
    assert seats == list(range(len(seats))), seats
    if game.state is not None:
        spec = REGISTRY[game.game_key]
        assert spec.players(spec.load(game.state)) == len(seats)
    return game


async def settle(*calls):
    return await asyncio.gather(*calls, return_exceptions=True)


# -- the lobby ------------------------------------------------------------------------------


async def test_join_at_the_same_instant_as_start(service):
    """ "Join pressed at the same instant as Start gave 3 seats in the store and a 2-player
    state (every later move answers "Something went wrong")." """
    game = await lobby(service, "tortuga", HOST, FRIEND)
    results = await settle(service.join(game, OTHER), service.start(game, HOST))
    assert not any(isinstance(r, Exception) and not isinstance(r, UserError) for r in results)
    game = await assert_consistent(service, game.id)
    assert game.status == "active"


async def test_leave_at_the_same_instant_as_start(service):
    """ "Leave with Start left the game waiting on an empty seat." """
    game = await lobby(service, "tortuga", HOST, FRIEND, OTHER)
    results = await settle(service.leave(game, OTHER), service.start(game, HOST))
    assert not any(isinstance(r, Exception) and not isinstance(r, UserError) for r in results)
    game = await assert_consistent(service, game.id)
    spec = REGISTRY["tortuga"]
    if game.status == "active":
        for seat in spec.to_act(service.state(game)):
            game.user_of(seat)  # somebody holds every seat the game waits on


async def test_two_joins_at_once_keep_the_table_size(service):
    """ "Two Joins at once put 3 players in Cardinal." """
    game = await lobby(service, "cardinal", HOST)
    results = await settle(service.join(game, FRIEND), service.join(game, OTHER))
    refused = [r for r in results if isinstance(r, UserError)]
    assert len(refused) == 1 and "full" in str(refused[0])
    game = await assert_consistent(service, game.id)
    assert len(game.seats) == 2
    game = await service.start(game, HOST)
    await assert_consistent(service, game.id)


async def test_three_joins_at_once_all_get_a_seat_when_there_is_room(service):
    """The version check refuses nothing it need not: a lost race is tried again."""
    game = await lobby(service, "tortuga", HOST)
    results = await settle(*(service.join(game, user) for user in (FRIEND, OTHER, FOURTH)))
    assert not any(isinstance(r, Exception) for r in results), results
    game = await assert_consistent(service, game.id)
    assert sorted(s.user_id for s in game.seats) == [HOST, FRIEND, OTHER, FOURTH]


# -- resignations -----------------------------------------------------------------------------


async def started(service: GameService, key: str, *users: int, options: str = "") -> GameRecord:
    game = await lobby(service, key, *users, options=options)
    return await service.start(game, users[0])


async def lines(service: GameService, game_id: int) -> list[str]:
    return [
        item.post.line
        for item in await service.store.unsent(game_id)
        if isinstance(item.post, ThreadPost)
    ]


async def test_two_resignations_at_once_in_a_three_player_game(service):
    """ "Two resignations at once left a 3-player game running with two resigned seats." """
    game = await started(service, "tortuga", HOST, FRIEND, OTHER)
    results = await settle(service.resign(game, FRIEND), service.resign(game, OTHER))
    assert not any(isinstance(r, Exception) for r in results), results
    game = await service.game(game.id)
    assert game.status == "over"
    assert game.result is not None and game.result["winners"] == [0]


async def test_resigning_twice_at_once_posts_once(service):
    """ "Resigning twice posts twice." """
    game = await started(service, "tortuga", HOST, FRIEND, OTHER)
    results = await settle(service.resign(game, FRIEND), service.resign(game, FRIEND))
    refused = [r for r in results if isinstance(r, UserError)]
    assert len(refused) == 1 and "already" in str(refused[0]), results
    assert len([line for line in await lines(service, game.id) if "resigns" in line]) == 1


async def test_a_move_that_beats_the_clock_is_not_forfeited_after_its_done(service, monkeypatch):
    """ "A move answered "Done" followed by "Green forfeited" under the forfeit policy": the
    clock's forfeit read the game, then Green's move committed (and was answered Done), then
    the forfeit wrote. It must see the move and stand down."""
    store = service.store
    game = await started(service, "cardinal", HOST, FRIEND, options="first=orange")
    await store.set_time_policy(game.id, DAY, "forfeit")
    keeper = Timekeeper(store, service)
    t0 = 1_000_000.0
    await service.act(game.id, HOST, "place a1")
    await keeper.sync(game.id, t0)
    finish = store.finish
    answers: list[str] = []

    async def green_moves_first(*args, **kwargs):
        answers.append((await service.act(game.id, FRIEND, "place a5")).line)  # "Done"
        monkeypatch.setattr(store, "finish", finish)
        return await finish(*args, **kwargs)

    monkeypatch.setattr(store, "finish", green_moves_first)
    await keeper.run_due(game.id, t0 + DAY + 1)
    assert answers, "the clock's forfeit did not run"
    game = await service.game(game.id)
    assert game.status == "active" and game.version == 2
    assert not any("forfeit" in line for line in await lines(service, game.id))


async def test_a_resignation_and_the_players_own_move_at_once(service):
    """A move read before its player resigned must not land after the resignation ("the
    resigned player could still move"): whichever commits first, the other is judged on the
    game as it then is."""
    game = await started(service, "tortuga", HOST, FRIEND, OTHER)
    spec = REGISTRY["tortuga"]
    state = service.state(game)
    (seat,) = spec.to_act(state)
    user = game.user_of(seat)
    action = spec.legal_actions(state, seat)[0]
    await settle(service.resign(game, user), service.act(game.id, user, action))
    posts = [
        item.post
        for item in await service.store.unsent(game.id)
        if isinstance(item.post, ThreadPost)
    ]
    resigned = next(i for i, post in enumerate(posts) if "resigns" in post.line)
    after = posts[resigned + 1 :]
    assert all(p.actor != user or p.line.startswith("(autopilot)") for p in after), [
        p.line for p in posts
    ]
    game = await service.game(game.id)
    assert next(s for s in game.seats if s.seat == seat).resigned


# -- every answer tells the truth ---------------------------------------------------------------


async def cardinal_on_discord(world: World):
    fake, alice = world.fake, world.alice
    bot = await world.start_bot()
    await fake.slash(
        bot, alice, world.channel, "parley new", game="cardinal", options="first=orange"
    )
    await fake.click(bot, world.carol, world.lobby(), "parley:lobby:1:join")
    await fake.click(bot, alice, world.lobby(), "parley:lobby:1:start")
    return bot


async def test_a_network_drop_after_a_committed_move_is_not_nothing_changed(world: World):
    """ "After a network drop following a committed move the player is told "Nothing was
    changed".": the move counts, the answer says so, and the post goes out later."""
    fake, alice = world.fake, world.alice
    bot = await cardinal_on_discord(world)
    thread = world.thread()
    request = fake._rest_request
    dropped = []

    async def drop_once(route, **kwargs):
        if not dropped and route.method == "POST" and str(thread.id) in route.url:
            dropped.append(route.url)
            raise aiohttp.ClientOSError(104, "Connection reset by peer")
        return await request(route, **kwargs)

    bot.http.request = drop_once  # type: ignore[method-assign]
    moved = await fake.slash(bot, alice, thread, "parley move", action="place a1")
    answer = private_reply(moved)
    assert dropped, "the network never dropped"
    assert "Nothing was changed" not in answer and "Done" in answer, answer
    assert (await bot.store.game(1)).version == 1
    await bot.scheduler.tick()
    assert any("Orange places a ship on A1" in m.content for m in world.thread_posts())


async def test_an_error_after_a_committed_move_says_the_move_counts(world: World, monkeypatch):
    """Whatever fails after the commit, the answer says the move counts, never "Nothing was
    changed"."""
    fake, alice = world.fake, world.alice
    bot = await cardinal_on_discord(world)

    def broken_panel(*args, **kwargs):
        raise RuntimeError("the panel broke")

    # discord.py loads each cog as a fresh module, so the bot's is the one in sys.modules now
    monkeypatch.setattr(sys.modules["bot.discord.cogs.play"], "panel", broken_panel)
    fake.raise_bot_errors = False  # the failure is logged, and answered
    moved = await fake.slash(bot, alice, world.thread(), "parley move", action="place a1")
    answer = private_reply(moved)
    assert "Nothing was changed" not in answer, answer
    assert "Orange places a ship on A1" in answer and "counts" in answer, answer
    assert (await bot.store.game(1)).version == 1
