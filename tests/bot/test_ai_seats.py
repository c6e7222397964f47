"""Issue 15 on Discord: the AI stands in for absent players, fills seats from the lobby, and
plays alone in ``parley demo --ai``; ``parley arena`` counts its wins."""

from __future__ import annotations

from bot.play.thinking import decision_seed, think
from games import REGISTRY
from tests.bot.conftest import World
from tests.bot.time_helpers import HOUR, FakeClock, open_game, start_bot, to_act


async def test_an_absent_players_seat_is_played_by_the_ai_at_its_deadline(world: World):
    """ "The `autopilot` absent policy ... hand the seat to the AI at `normal` strength instead
    of random moves (still announced in the thread)"."""
    clock = FakeClock()
    bot = await start_bot(world, clock)
    game_id = await open_game(world, bot, "cardinal", "first=orange", clock="12h")
    spec = REGISTRY["cardinal"]
    before = await bot.store.game(game_id)
    (seat,) = await to_act(bot, game_id)
    # The move the AI makes here, thought out directly with the decision's seed.
    expected = think("cardinal", before.state, seat, decision_seed(before.seed, 0, seat))

    clock.advance(12 * HOUR)
    await bot.scheduler.tick()
    assert await bot.store.actions(game_id) == [(seat, expected)]
    state = spec.load(before.state)
    line = spec.describe(state, seat, expected, spec.apply(state, seat, expected))
    posts = [m.content for m in world.thread_posts()]
    assert any("autopilot plays (the AI, normal)" in p and line in p for p in posts)
    # A restart recomputes nothing already committed: the turn has passed.
    await world.kill_bot(bot)
    bot = await start_bot(world, clock)
    await bot.scheduler.tick()
    assert len(await bot.store.actions(game_id)) == 1


def test_the_ai_decides_the_same_way_for_the_same_game_version_and_seat():
    spec = REGISTRY["cardinal"]
    start = spec.new(2, 7)
    (seat,) = spec.to_act(start)
    state = spec.dump(start)
    assert decision_seed(7, 0, 0) != decision_seed(7, 1, 0) != decision_seed(7, 0, 1)
    assert think("cardinal", state, seat, decision_seed(7, 0, seat)) == think(
        "cardinal", state, seat, decision_seed(7, 0, seat)
    )
