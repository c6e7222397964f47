"""The AI's thinking as claimed background work (issue 26): a person's move against the AI is
answered as soon as it commits, the tick hands a clock's stand-in out and returns, and a
thought whose game moved meanwhile is dropped. The thinker here waits for the test to let it
answer (an event, never a wait on time) and then picks a legal move from the decision's seed,
in the process, so no test depends on the pool's speed."""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.play.service import GameService
from bot.play.thinking import Thinker
from bot.play.thoughts import LOOK_AGAIN
from games import REGISTRY
from tests.bot.conftest import World
from tests.bot.time_helpers import (  # noqa: F401 - no_bot_warnings is a fixture
    HOUR,
    FakeClock,
    no_bot_warnings,
    open_game,
    start_bot,
)

pytestmark = pytest.mark.usefixtures("no_bot_warnings")


class Held(Thinker):
    """Asked (``asked`` is set), it answers only once the test sets ``answer``."""

    def __init__(self) -> None:
        super().__init__(workers=2)
        self.asked = asyncio.Event()
        self.answer = asyncio.Event()
        self.thoughts = 0

    async def choose(self, game_key: str, state: str, seat: int, seed: int) -> str:
        self.thoughts += 1
        self.asked.set()
        await self.answer.wait()
        spec = REGISTRY[game_key]
        return random.Random(seed).choice(spec.legal_actions(spec.load(state), seat))


async def test_a_move_against_the_ai_is_answered_before_the_ai_replies(database: str):
    """ "A person's move against the AI is answered as soon as it commits; the AI's reply
    follows": the move's call returns while the AI still thinks, the reply is owed in the
    database meanwhile, and it is committed (and its posts delivered) once the AI answers."""
    from bot.storage import open_store

    store = await open_store(database)
    thinker = Held()
    delivered: list[int] = []

    async def deliver(game_id: int) -> None:
        delivered.append(game_id)

    service = GameService(store, thinker, delivered=deliver)
    try:
        game = await service.new_game("cardinal", 1, 2, 10, "first=orange", ai=1)
        await store.set_places(game.id, 99, 98)
        await service.start(game, 10)
        acted = await service.act(game.id, 10, "place a1")
        assert acted.game.version == 1 and await store.autopilot_due() == [game.id]
        await thinker.asked.wait()  # thinking now, in the background
        assert (await store.game(game.id)).version == 1 and delivered == []

        thinker.answer.set()
        await service.thoughts.settled()
        assert (await store.game(game.id)).version == 2
        assert await store.autopilot_due() == [] and delivered == [game.id]
        assert thinker.thoughts == 1
    finally:
        await service.thoughts.close()
        await store.close()


async def test_the_tick_hands_a_run_out_clock_to_the_ai_and_returns(world: World):
    """The tick only hands the autopilot's move out: it returns while the AI thinks, leaves the
    game alone on the ticks meanwhile (looked at again only after ``LOOK_AGAIN``), and the
    move is played once, announced once."""
    clock = FakeClock()
    bot = await start_bot(world, clock)
    thinker = Held()
    bot.service.thinker = thinker
    game_id = await open_game(world, bot, "cardinal", "first=orange", clock="12h")

    now = clock.advance(12 * HOUR)
    await bot.scheduler.tick()
    await thinker.asked.wait()
    assert (await bot.store.game(game_id)).version == 0
    (deadline,) = await bot.store.deadlines(game_id)
    assert deadline.wake_at == now + LOOK_AGAIN
    await bot.scheduler.tick()  # meanwhile: the game is not due, nothing is handed out again
    assert thinker.thoughts == 1

    thinker.answer.set()
    await bot.service.thoughts.settled()
    assert len(await bot.store.actions(game_id)) == 1
    posts = [m.content for m in world.thread_posts() if "autopilot plays" in m.content]
    assert len(posts) == 1 and thinker.thoughts == 1


async def test_a_move_made_while_the_ai_thinks_for_the_seat_wins(world: World):
    """A thought whose game moved meanwhile is dropped by the version check: Alice moves while
    the AI thinks for her run-out clock; her move counts, the autopilot's does not."""
    fake, alice = world.fake, world.alice
    clock = FakeClock()
    bot = await start_bot(world, clock)
    thinker = Held()
    bot.service.thinker = thinker
    game_id = await open_game(world, bot, "cardinal", "first=orange", clock="12h")

    clock.advance(12 * HOUR)
    await bot.scheduler.tick()
    await thinker.asked.wait()
    done = await fake.slash(bot, alice, world.thread(), "parley move", action="place c3")
    assert "Done" in done.text

    thinker.answer.set()
    await bot.service.thoughts.settled()
    assert await bot.store.actions(game_id) == [(0, "place c3")]
    assert not [m for m in world.thread_posts() if "autopilot plays" in m.content]
