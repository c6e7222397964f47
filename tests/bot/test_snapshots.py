"""Stored game states are a cache (issue 12): engines changed their state fields this round,
so a state the previous Parley stored may no longer load. At start it is rebuilt by replaying
the game's seed and action log and rewritten; never a crash on the next move."""

from __future__ import annotations

import json
import sqlite3

from bot.play.snapshots import CARRIED_OVER_NOT, state_format
from games import REGISTRY
from tests.bot.conftest import World
from tests.bot.postgres import run_sql
from tests.bot.time_helpers import open_game


def stored(world: World, sql: str, *args: object) -> list[tuple]:
    """Run ``sql`` on the database while no bot holds it (what an older Parley left)."""
    if world.database.startswith("postgresql://"):
        return run_sql(world.database, sql, *args)
    with sqlite3.connect(world.database) as db:
        return db.execute(sql, args).fetchall()


async def two_moves_then_an_older_parley(world: World) -> tuple[int, str]:
    """A Cardinal game two moves in, its stored state in the shape an older Cardinal wrote
    (``last_move`` under its old name ``last``, which this one does not load), as an older
    Parley left it; returns the game and its true state."""
    bot = await world.start_bot()
    game_id = await open_game(world, bot, "cardinal", "first=orange", clock="none")
    spec = REGISTRY["cardinal"]
    for user in (world.alice, world.carol):
        game = await bot.store.game(game_id)
        action = spec.legal_actions(spec.load(game.state), game.seat_of(user.id))[0]
        reply = await world.fake.slash(bot, user, world.thread(), "parley move", action=action)
        assert reply.text.startswith("Done"), reply.text
    await world.kill_bot(bot)
    ((truth,),) = stored(world, "SELECT state FROM games WHERE id=?", game_id)
    old = json.loads(truth)
    old["last"] = old.pop("last_move")
    stored(world, "UPDATE games SET state=? WHERE id=?", json.dumps(old), game_id)
    stored(world, "UPDATE snapshot_formats SET format='written-by-an-older-parley'")
    return game_id, truth


async def test_an_old_shaped_state_is_rebuilt_from_the_seed_and_the_log(world: World):
    game_id, truth = await two_moves_then_an_older_parley(world)
    bot = await world.start_bot()
    game = await bot.store.game(game_id)
    assert game.state == truth
    assert stored(world, "SELECT format FROM snapshot_formats WHERE game_key='cardinal'") == [
        (state_format(REGISTRY["cardinal"]),)
    ]
    spec = REGISTRY["cardinal"]
    action = spec.legal_actions(spec.load(game.state), 0)[0]
    reply = await world.fake.slash(bot, world.alice, world.thread(), "parley move", action=action)
    assert reply.text.startswith("Done"), reply.text


async def test_a_game_whose_log_no_longer_replays_ends_with_a_word(world: World):
    """If the log cannot be replayed either (a rule changed under it) and the old state does
    not load, the game cannot be carried over: it is cancelled and the thread is told; the
    bot starts, and a move gets a clear answer."""
    game_id, _ = await two_moves_then_an_older_parley(world)
    stored(world, "UPDATE actions SET action='hoist the colours' WHERE game_id=?", game_id)
    bot = await world.start_bot()
    game = await bot.store.game(game_id)
    assert game.status == "cancelled"
    assert world.thread_posts()[-1].content == CARRIED_OVER_NOT
    reply = await world.fake.slash(bot, world.alice, world.thread(), "parley move", action="a1")
    assert "over" in reply.text and "went wrong" not in reply.text, reply.text
